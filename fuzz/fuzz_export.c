/* Fuzz target: an exported game (the JSON of `GET /api/g/TOKEN/export`, labataille-game/1) imported as `POST /api/games {"import": …}` does: refused with a located error, or loaded, replayed and its hash checked; one that imports must export and import again to the same state hash and journal length. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lb/data.h"
#include "lb/game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    lb_errlist errs = {0};
    lb_game *g = NULL;
    int rc = lb_game_import("export.json", (const char *)data, size, &opts, &g, &errs);
    if (rc != LB_OK && errs.count == 0 && rc != LB_NOMEM)
        __builtin_trap(); /* a refusal always says why */
    lb_errlist_release(&errs);
    if (rc != LB_OK)
        return 0;
    char *text = NULL;
    if (lb_game_export(g, &text) != LB_OK)
        __builtin_trap();
    lb_game *again = NULL;
    if (lb_game_import("export.json", text, strlen(text), &opts, &again, &errs) != LB_OK ||
        lb_game_hash(again) != lb_game_hash(g) || lb_game_seq(again) != lb_game_seq(g))
        __builtin_trap();
    lb_errlist_release(&errs);
    lb_game_free(again);
    lb_game_free(g);
    free(text);
    return 0;
}
