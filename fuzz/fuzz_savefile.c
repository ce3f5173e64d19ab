/* Fuzz target: a saved-games file (the bytes of a SQLite store) opened as `--db FILE` opens it: its games listed, each reopened (replayed, its state hash checked); refused with an error or read, never a crash. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli_input.h"
#include "lb/data.h"
#include "lb/game.h"
#include "lb/store.h"

#define GAMES_OPENED_MAX 8 /* games reopened per input: a file may list thousands */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_enter_scratch();
    return 0;
}

static void remove_store(void)
{
    unlink("saved.db");
    unlink("saved.db-journal");
    unlink("saved.db-wal");
    unlink("saved.db-shm");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    remove_store();
    FILE *f = fopen("saved.db", "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    lb_store *s;
    lb_err err = {0};
    if (lb_store_open("saved.db", &s, &err) == LB_OK) {
        lb_store_info *games = NULL;
        int n = 0;
        if (lb_store_list(s, &games, &n, &err) == LB_OK) {
            for (int i = 0; i < n && i < GAMES_OPENED_MAX; i++) {
                lb_game *g = NULL;
                if (lb_store_open_game(s, games[i].id, &opts, &g, &err) == LB_OK &&
                    lb_game_seq(g) < 0)
                    __builtin_trap();
                lb_game_free(g);
            }
            free(games);
        }
        lb_store_close(s);
    }
    remove_store();
    return 0;
}
