/* Benchmark: the exact fire outcome (value, defence, odds, distribution) of every unit at every hex in reach on the demo. */
#include <stdio.h>
#include <time.h>

#include "lb/data.h"
#include "lb/lb.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(void)
{
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    size_t len;
    const char *name;
    const char *text = lb_data_demo(&len, &name);
    lb_errlist errs = {0};
    lb_state *st = NULL;
    if (lb_scenario_load(name, text, len, &opts, &st, &errs) != LB_OK) {
        fprintf(stderr, "the demo does not load\n");
        return 1;
    }
    /* every combat unit against every hex within 2 of its first hex that holds an enemy */
    long queries = 0, allowed = 0;
    double start = now(), elapsed;
    do {
        for (int u = 0; u < st->nunits; u++) {
            const lb_unit *unit = &st->units[u];
            if (!lb_unit_is_combat(unit))
                continue;
            for (int c = 0; c < st->map.cols * st->map.rows; c++) {
                lb_hex h = lb_map_hex(&st->map, c);
                int top = lb_state_top_combat(st, h);
                if (top < 0 || st->units[top].side == unit->side ||
                    lb_hex_distance(h, unit->hexes[0]) > 2)
                    continue;
                lb_fire_chance chance;
                lb_fire_odds(st, u, h, &chance, NULL);
                allowed += chance.fire.allowed;
                queries++;
            }
        }
        elapsed = now() - start;
    } while (elapsed < 1.0);
    printf("fire odds (value, defence, column, exact distribution), demo: %.2f us per query "
           "(%ld queries, %ld allowed)\n", elapsed / (double)queries * 1e6, queries, allowed);
    lb_state_free(st);
    lb_errlist_release(&errs);
    return 0;
}
