/* Fuzz target: any bytes as a decision key, read for every decision kind on the demo's map: the reader never crashes, and a key it accepts is the one key of its action (written back the same, read back the same action). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "action_int.h"
#include "lb/data.h"
#include "lb/game.h"
#include "lb/lb.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The demo's game, made once: its state gives the map the keys' hexes are read on. */
static lb_game *demo(void)
{
    static lb_game *g;
    if (g)
        return g;
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    size_t len;
    const char *name;
    const char *text = lb_data_demo(&len, &name);
    lb_game_settings set;
    lb_game_settings_init(&set);
    lb_errlist errs = {0};
    if (lb_game_new(name, text, len, &opts, &set, &g, &errs) != LB_OK)
        __builtin_trap();
    lb_errlist_release(&errs);
    return g;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const lb_state *st = lb_game_state(demo());
    char *key = malloc(size + 1);
    if (!key)
        return 0;
    memcpy(key, data, size);
    key[size] = '\0'; /* a key is text: it ends at its first NUL */
    for (int kind = 0; kind < LB_DECIDE_COUNT; kind++) {
        lb_action a, back;
        lb_err err = {0};
        char written[LB_OPTION_KEY_MAX];
        if (lb_action_parse(st, (lb_decision_kind)kind, key, &a, &err) != LB_OK) {
            /* refused with where: a column inside the key or just after it */
            if (err.col < 1 || (size_t)err.col > strlen(key) + 1 || !err.msg[0])
                __builtin_trap();
            continue;
        }
        if (lb_action_fmt(st, &a, written, sizeof written) != LB_OK || strcmp(written, key) != 0)
            __builtin_trap();
        if (lb_action_parse(st, (lb_decision_kind)kind, written, &back, NULL) != LB_OK ||
            !lb_action_eq(&a, &back))
            __builtin_trap();
    }
    free(key);
    return 0;
}
