/* Benchmark: the exact fire outcome (value, defence, odds, distribution) of every unit at every hex in reach on the demo. */
#include <stdio.h>

#include "common.h"
#include "lb/lb.h"

int main(void)
{
    lb_state *st = bench_load_demo();
    /* every combat unit against every hex within 2 of its first hex that holds an enemy */
    long queries = 0, allowed = 0;
    double start = bench_now(), elapsed;
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
                lb_fire_request rq = {LB_FIRE_OFFENSIVE, h, &u, 1};
                lb_fire_odds(st, &rq, &chance, NULL);
                allowed += chance.fire.allowed;
                lb_fire_chance_release(&chance);
                queries++;
            }
        }
        elapsed = bench_now() - start;
    } while (elapsed < 1.0);
    printf("fire odds (value, defence, column, exact distribution), demo: %.2f us per query "
           "(%ld queries, %ld allowed)\n", elapsed / (double)queries * 1e6, queries, allowed);
    lb_state_free(st);
    return 0;
}
