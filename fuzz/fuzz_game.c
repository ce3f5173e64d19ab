/* Fuzz target: a game journal as JSON, replayed on the demo (R-GAME-13); one that replays must round-trip through the export with the same state hash. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lb/data.h"
#include "lb/game.h"
#include "lb/lb.h"
#include "answer_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    lb_journal j;
    lb_err err;
    if (lb_journal_from_json((const char *)data, size, &j, &err) != LB_OK)
        return 0;
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    size_t len;
    const char *name;
    const char *text = lb_data_demo(&len, &name);
    lb_game_settings set;
    lb_game_settings_init(&set);
    lb_errlist errs = {0};
    lb_game *g = NULL;
    if (lb_game_new(name, text, len, &opts, &set, &g, &errs) != LB_OK)
        __builtin_trap();
    uint64_t start = lb_game_hash(g);
    if (lb_game_load_journal(g, &j, &err) == LB_OK) {
        char *exported = NULL;
        lb_game *back = NULL;
        if (lb_game_export(g, &exported) != LB_OK ||
            lb_game_import("export", exported, strlen(exported), &opts, &back, &errs) != LB_OK ||
            lb_game_hash(back) != lb_game_hash(g))
            __builtin_trap();
        free(exported);
        lb_game_free(back);
    } else if (lb_game_hash(g) != start || lb_game_seq(g) != 0) {
        __builtin_trap(); /* a journal that does not replay leaves the game at its start */
    }
    lb_errlist_release(&errs);
    lb_game_free(g);
    lb_journal_release(&j);
    return 0;
}
