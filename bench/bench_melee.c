/* Benchmark: the exact odds of melees with their pre-melee checks (the demo's, and the largest the odds enumerate), and one play of the melee machine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "lb/data.h"
#include "lb/lb.h"
#include "state_int.h"
#include "melee_int.h"

/* Repeats the odds of req for a second; prints the cost per query. */
static void bench_odds(const lb_state *st, const char *what, const lb_melee_req *req)
{
    lb_melee_chance *c = malloc(sizeof *c);
    if (!c)
        exit(1);
    long n = 0;
    double start = bench_cpu_now(), elapsed;
    do {
        if (lb_melee_odds(st, req, c, NULL) != LB_OK || !c->allowed) {
            fprintf(stderr, "%s: not allowed\n", what);
            exit(1);
        }
        n++;
        elapsed = bench_cpu_now() - start;
    } while (elapsed < 1.0);
    int checks = 0;
    for (int i = 0; i < c->nunits; i++)
        checks += c->units[i].checks;
    printf("%-52s %9.2f us per odds (%d units, %d checks, %d outcomes)\n", what,
           elapsed / (double)n * 1e6, c->nunits, checks, c->noutcomes);
    free(c);
}

/* Plays req to its end with the automatic choices and seeded dice, for a second. */
static void bench_play(const lb_state *st, const char *what, const lb_melee_req *req)
{
    long n = 0;
    double start = bench_cpu_now(), elapsed;
    do {
        lb_melee *m;
        lb_dice dice;
        lb_dice_init_seed(&dice, (uint64_t)n);
        if (lb_melee_new(st, req, &m) != LB_OK || lb_melee_resolve(m, &dice) != LB_OK ||
            lb_melee_status_of(m) != LB_MELEE_DONE) {
            fprintf(stderr, "%s: the melee did not finish\n", what);
            exit(1);
        }
        lb_melee_free(m);
        n++;
        elapsed = bench_cpu_now() - start;
    } while (elapsed < 1.0);
    printf("%-52s %9.2f us per melee played (seeds 0..%ld)\n", what, elapsed / (double)n * 1e6,
           n - 1);
}

/* Five attacking columns around 0505 and five defenders stacked in it: ten checks, the most
 * the exact odds enumerate (R-MEL-23). */
static lb_state *crowded(void)
{
    static const char *const from[] = {"0504", "0604", "0605", "0506", "0405"};
    static const int facing[] = {6, 8, 10, 12, 2};
    static const char *const morale[] = {"34", "35", "36", "41", "42", "43", "44", "45", "46", "51"};
    char *text = malloc(16384);
    if (!text)
        exit(1);
    strcpy(text, "{\"format\": \"labataille-scenario/1\", \"game\": \"deutsch-wagram-1809\", "
                 "\"sides\": [\"french\", \"austrian\"], \"map\": {\"columns\": 8, \"rows\": 8, "
                 "\"terrain\": [\"........\", \"........\", \"........\", \"........\", "
                 "\"........\", \"........\", \"........\", \"........\"], \"legend\": "
                 "{\".\": \"clear\"}}, \"units\": [");
    for (int i = 0; i < 10; i++) {
        char u[400];
        snprintf(u, sizeof u,
                 "%s{\"id\": \"%s-%d\", \"side\": \"%s\", \"arm\": \"infantry\", "
                 "\"increments\": %d, \"fire\": 3, \"melee\": %d, \"movement\": 6, \"morale\": "
                 "\"%s\", \"formation\": \"column\", \"state\": \"good\", \"hexes\": [\"%s\"], "
                 "\"facing\": %d}", i ? ", " : "", i < 5 ? "fr" : "au", i % 5,
                 i < 5 ? "french" : "austrian", 2 + i % 2, 6 + 3 * (i % 2), morale[i],
                 i < 5 ? from[i] : "0505", i < 5 ? facing[i] : 12);
        strcat(text, u);
    }
    strcat(text, "]}");
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    lb_errlist errs = {0};
    lb_state *st = NULL;
    if (lb_scenario_load("crowded.json", text, strlen(text), &opts, &st, &errs) != LB_OK) {
        char buf[512];
        lb_err_fmt(&errs.items[0], buf, sizeof buf);
        fprintf(stderr, "the crowded scenario does not load: %s\n", buf);
        exit(1);
    }
    lb_errlist_release(&errs);
    free(text);
    return st;
}

int main(void)
{
    lb_state *st = bench_load_demo();
    lb_melee_req req = {.nattackers = 1, .automatic = 1};
    req.attackers[0].id = "fr-26le-1";
    lb_map_parse_label(&st->map, "0910", &req.target);
    bench_odds(st, "demo: fr-26le-1 on au-ir4-1 (two checks)", &req);
    bench_play(st, "demo: fr-26le-1 on au-ir4-1, played", &req);
    lb_state_free(st);

    st = crowded();
    static const char *const ids[] = {"fr-0", "fr-1", "fr-2", "fr-3", "fr-4"};
    req.nattackers = 5;
    for (int i = 0; i < 5; i++)
        req.attackers[i].id = ids[i];
    lb_map_parse_label(&st->map, "0505", &req.target);
    bench_odds(st, "5 attackers on 5 stacked defenders (ten checks)", &req);
    bench_play(st, "5 attackers on 5 stacked defenders, played", &req);
    lb_state_free(st);
    return 0;
}
