/* Benchmark: the exact odds of whole charges on the demo (every dice branch) and one pass of the charge machine. */
#include <stdio.h>

#include "common.h"
#include "lb/lb.h"

static void path_of(const lb_state *st, lb_charge_req *req, const char *const *labels, int n)
{
    req->npath = n;
    for (int i = 0; i < n; i++)
        lb_map_parse_label(&st->map, labels[i], &req->path[i]);
}

/* The odds of one charge, repeated for a second; prints the cost per odds and per pass. */
static void bench(const lb_state *st, const char *what, const lb_charge_req *req)
{
    long n = 0;
    int runs = 0, outcomes = 0;
    double start = bench_now(), elapsed;
    do {
        lb_charge_outcomes o;
        if (lb_charge_odds(st, req, &o) != LB_OK) {
            fprintf(stderr, "%s: %s\n", what, o.error);
            return;
        }
        runs = o.runs;
        outcomes = o.n;
        lb_charge_outcomes_release(&o);
        n++;
        elapsed = bench_now() - start;
    } while (elapsed < 1.0);
    printf("%-44s %8.1f us per odds (%d passes, %d ends): %.1f us per pass\n", what,
           elapsed / (double)n * 1e6, runs, outcomes, elapsed / (double)n / runs * 1e6);
}

int main(void)
{
    lb_state *st = bench_load_demo();
    static const char *const path[] = {"0802", "0903", "1003", "1104"};
    lb_standing carre[] = {{LB_DECIDE_TARGET, "au-ir20-3", "target"},
                           {LB_DECIDE_TARGET, NULL, "not-target"},
                           {LB_DECIDE_CARRE, NULL, "wait"},
                           {LB_DECIDE_RESPONSE, NULL, "carre"}};
    lb_charge_req req = {.cavalry = "fr-8chs", .standing = carre, .nstanding = 4};
    path_of(st, &req, path, 4);
    bench(st, "fr-8chs on au-ir20-3, carre at 2 hexes", &req);
    carre[3].key = "stand";
    bench(st, "fr-8chs on au-ir20-3, stand", &req);
    req.nstanding = 2;
    bench(st, "fr-8chs on au-ir20-3, carre at the first offer", &req);
    lb_state_free(st);
    return 0;
}
