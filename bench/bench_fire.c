/* Benchmark: the exact fire outcome (value, defence, odds, distribution) of every unit at every hex in reach on the demo, of a battery at range and of a group fire. */
#include <stdio.h>
#include <stdlib.h>

#include "common.h"
#include "lb/lb.h"
#include "state_int.h"
#include "hex_int.h"
#include "fire_int.h"

/* One request's odds, repeated for a second; prints the cost per query. */
static void bench_one(const lb_state *st, const char *what, const lb_fire_request *rq)
{
    long n = 0;
    int allowed = 0;
    double start = bench_cpu_now(), elapsed;
    do {
        lb_fire_chance chance;
        if (lb_fire_odds(st, rq, &chance, NULL) != LB_OK) {
            fprintf(stderr, "%s: not answered\n", what);
            exit(1);
        }
        allowed = chance.allowed;
        lb_fire_chance_release(&chance);
        n++;
        elapsed = bench_cpu_now() - start;
    } while (elapsed < 1.0);
    printf("%-58s %6.2f us per query (%s)\n", what, elapsed / (double)n * 1e6,
           allowed ? "allowed" : "refused");
}

int main(void)
{
    lb_state *st = bench_load_demo();
    /* every combat unit against every hex within 2 of its first hex that holds an enemy */
    long queries = 0, allowed = 0;
    double start = bench_cpu_now(), elapsed;
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
        elapsed = bench_cpu_now() - start;
    } while (elapsed < 1.0);
    printf("fire odds (value, defence, column, exact distribution), demo: %.2f us per query "
           "(%ld queries, %ld allowed)\n", elapsed / (double)queries * 1e6, queries, allowed);

    /* a battery at 3 hexes: its range, canister and the search for a nearer target (R-FIRE-21) */
    lb_hex target;
    lb_map_parse_label(&st->map, "0910", &target);
    int guns = lb_state_unit_index(st, "fr-art-5-4"), line = lb_state_unit_index(st, "fr-26le-1");
    lb_fire_request battery = {LB_FIRE_OFFENSIVE, target, &guns, 1};
    bench_one(st, "battery at range: fr-art-5-4 at 0910, 3 hexes, canister", &battery);
    /* the line and the battery in one fire, one roll (R-FIRE-23) */
    int both[2] = {line, guns};
    lb_fire_request group = {LB_FIRE_OFFENSIVE, target, both, 2};
    bench_one(st, "group fire: fr-26le-1 with fr-art-5-4 at 0910", &group);
    lb_state_free(st);
    return 0;
}
