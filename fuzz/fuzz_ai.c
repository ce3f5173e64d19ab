/* Fuzz target: the computer player never gives an answer the engine refuses (R-AI-1): the input's first bytes seed a demo game, each byte after says who answers the next decision, the computer (quick) or the random player, up to 40 decisions; any refused or failed answer of the computer, or an engine failure on an offered option, stops the run. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lb/ai.h"
#include "lb/data.h"
#include "lb/game.h"
#include "lb/lb.h"

#define DECISIONS_MAX 40

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 8)
        return 0;
    uint64_t seed = 0;
    for (int i = 0; i < 8; i++)
        seed = seed << 8 | data[i];
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    size_t len;
    const char *name;
    const char *text = lb_data_demo(&len, &name);
    lb_game_settings set;
    lb_game_settings_init(&set);
    set.seed = seed;
    lb_errlist errs = {0};
    lb_game *g = NULL;
    if (lb_game_new(name, text, len, &opts, &set, &g, &errs) != LB_OK)
        __builtin_trap();
    lb_ai_settings ai;
    lb_ai_settings_init(&ai);
    ai.level = LB_AI_QUICK;
    ai.seed = seed;
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, seed, 7);
    for (size_t k = 8; k < size && k < 8 + DECISIONS_MAX && lb_game_pending(g); k++) {
        int side = lb_game_pending(g)->side;
        lb_game_answer a;
        char key[LB_OPTION_KEY_MAX], why[LB_AI_REASON_MAX];
        if (data[k] & 1) {
            /* R-AI-1: the computer's answer is always one the engine takes */
            if (lb_ai_play(g, side, &ai, key, why, &a) != LB_OK || a.verdict != LB_ACCEPTED)
                __builtin_trap();
            continue;
        }
        if (lb_game_random_key(g, &rng, key, sizeof key) != LB_OK)
            __builtin_trap();
        /* an option the engine offered may be refused (a charge's random path), never fail */
        if (lb_game_decide(g, side, lb_game_seq(g), key, &a) != LB_OK)
            __builtin_trap();
        if (a.verdict != LB_ACCEPTED &&
            (lb_game_decide(g, side, lb_game_seq(g), "end", &a) != LB_OK ||
             a.verdict != LB_ACCEPTED))
            __builtin_trap();
    }
    lb_game_free(g);
    lb_errlist_release(&errs);
    return 0;
}
