/* Benchmark: the exact odds of whole charges on the demo (every dice branch), odds with many carré offers, and one automatic charge past 300 stacked battalions. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "common.h"
#include "lb/data.h"
#include "lb/lb.h"
#include "state_int.h"
#include "retreat_int.h"
#include "charge_int.h"
#include "frac_int.h"

static void path_of(const lb_state *st, lb_charge_req *req, const char *const *labels, int n)
{
    req->npath = n;
    for (int i = 0; i < n; i++)
        lb_map_parse_label(&st->map, labels[i], &req->path[i]);
}

/* Peak resident memory of the process so far, in MB. */
static double peak_mb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_maxrss / 1024.0;
}

/* The demo with `copies` more battalions like au-ir20-3 stacked in its hex 1204. */
static lb_state *demo_with_copies(int copies)
{
    size_t len;
    const char *name;
    const char *text = lb_data_demo(&len, &name);
    json_t *doc = json_loadb(text, len, 0, NULL), *units = json_object_get(doc, "units"),
           *model = NULL;
    for (size_t i = 0; i < json_array_size(units); i++)
        if (strcmp(json_string_value(json_object_get(json_array_get(units, i), "id")),
                   "au-ir20-3") == 0)
            model = json_array_get(units, i);
    for (int k = 0; k < copies; k++) {
        json_t *u = json_deep_copy(model);
        char id[32];
        snprintf(id, sizeof id, "au-ir20-3-%d", k);
        json_object_set_new(u, "id", json_string(id));
        json_array_append_new(units, u);
    }
    char *out = json_dumps(doc, 0);
    json_decref(doc);
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    lb_errlist errs = {0};
    lb_state *st = NULL;
    if (lb_scenario_load(name, out, strlen(out), &opts, &st, &errs) != LB_OK) {
        fprintf(stderr, "the demo with %d copies does not load\n", copies);
        exit(1);
    }
    lb_errlist_release(&errs);
    free(out);
    return st;
}

/* The odds of one charge, repeated for a second (at least once); prints the cost per odds and
 * per pass, whether they are exact, and the peak memory. */
static void bench_odds(const lb_state *st, const char *what, const lb_charge_req *req)
{
    if (!bench_only(what))
        return;
    long n = 0;
    lb_charge_outcomes o = {0};
    double start = bench_cpu_now(), elapsed = 0;
    long want = bench_runs();
    while (bench_more(want, n, elapsed, 1.0)) {
        lb_charge_outcomes_release(&o);
        if (lb_charge_odds(st, req, &o) != LB_OK) {
            fprintf(stderr, "%s: %s\n", what, o.error.msg);
            return;
        }
        n++;
        elapsed = bench_cpu_now() - start;
    }
    char covered[64];
    printf("%-48s %10.1f us per odds (%d passes, %d merged, %d ends, %s%s): %.1f us per pass; "
           "peak %.1f MB\n",
           what, elapsed / (double)n * 1e6, o.runs, o.merged, o.n,
           o.exact ? "exact" : "not exact, covering ",
           o.exact ? "" : lb_frac_fmt(o.covered, covered, sizeof covered),
           elapsed / (double)n / o.runs * 1e6, peak_mb());
    lb_charge_outcomes_release(&o);
}

static const char *const demo_path[] = {"0802", "0903", "1003", "1104"};

/* The rout a PGD branch of the demo charge makes: au-ir20-3 routs 10 hexes from 1204 with the
 * cavalry at 0802 (lb_retreat_paths, one path kept), the floor under those odds. */
static void bench_rout(const lb_state *demo)
{
    lb_state *st = lb_state_clone(demo);
    int cav = lb_state_unit_index(st, "fr-8chs"), inf = lb_state_unit_index(st, "au-ir20-3");
    lb_map_parse_label(&st->map, "0802", &st->units[cav].hexes[0]);
    lb_state_reindex(st);
    lb_retreat_req req = {.kind = LB_RETREAT_ROUT, .max_paths = 1};
    long n = 0;
    unsigned long long count = 0;
    double start = bench_cpu_now(), elapsed = 0;
    long want = bench_runs();
    while (bench_more(want, n, elapsed, 1.0)) {
        lb_retreat r;
        if (lb_retreat_paths(st, inf, &req, &r, NULL) != LB_OK) {
            fprintf(stderr, "the demo rout fails\n");
            exit(1);
        }
        count = r.count;
        lb_retreat_release(&r);
        n++;
        elapsed = bench_cpu_now() - start;
    }
    printf("%-48s %10.1f us per rout (%llu optimal paths)\n",
           "demo: au-ir20-3 routs 10 hexes (in each PGD)", elapsed / (double)n * 1e6, count);
    lb_state_free(st);
}

/* One automatic charge (R-CHG-25) of fr-8chs along the demo path: one pass to the end. */
static void bench_auto(const lb_state *st, const char *what)
{
    lb_standing target[] = {{LB_DECIDE_TARGET, "au-ir20-3", "target"},
                            {LB_DECIDE_RESPONSE, NULL, "carre"}};
    lb_charge_req req = {.cavalry = "fr-8chs", .automatic = 1, .standing = target, .nstanding = 2};
    path_of(st, &req, demo_path, 4);
    long n = 0;
    int events = 0;
    double start = bench_cpu_now(), elapsed = 0;
    long want = bench_runs();
    while (bench_more(want, n, elapsed, 1.0)) {
        lb_charge *ch;
        lb_dice dice;
        lb_dice_init_seed(&dice, 7);
        if (lb_charge_new(st, &req, &ch, NULL) != LB_OK || lb_charge_resolve(ch, &dice) != LB_OK ||
            lb_charge_status_of(ch) != LB_CHARGE_DONE) {
            fprintf(stderr, "%s: the charge did not run to its end\n", what);
            exit(1);
        }
        events = lb_charge_result_of(ch)->nevents;
        lb_charge_free(ch);
        n++;
        elapsed = bench_cpu_now() - start;
    }
    printf("%-48s %10.1f us per charge (%d events); peak %.1f MB\n", what,
           elapsed / (double)n * 1e6, events, peak_mb());
}

int main(void)
{
    lb_state *st = bench_load_demo();
    lb_standing carre[] = {{LB_DECIDE_TARGET, "au-ir20-3", "target"},
                           {LB_DECIDE_TARGET, NULL, "not-target"},
                           {LB_DECIDE_CARRE, NULL, "wait"},
                           {LB_DECIDE_RESPONSE, NULL, "carre"}};
    lb_charge_req req = {.cavalry = "fr-8chs", .standing = carre, .nstanding = 4};
    path_of(st, &req, demo_path, 4);
    bench_odds(st, "demo: fr-8chs on au-ir20-3, carre at 2 hexes", &req);
    carre[3].key = "stand";
    bench_odds(st, "demo: fr-8chs on au-ir20-3, stand", &req);
    req.nstanding = 2;
    bench_odds(st, "demo: carre offer taken at 4 hexes", &req);
    bench_rout(st);
    lb_state_free(st);
    if (bench_runs())
        return 0; /* counting instructions: no extras */

    /* every battalion stacked in 1204 is offered carré at 4 hexes: 3 results each */
    static const int offers[] = {6, 8, 10};
    for (size_t k = 0; k < sizeof offers / sizeof *offers; k++) {
        st = demo_with_copies(offers[k] - 1);
        char what[64];
        snprintf(what, sizeof what, "%d carre offers (battalions stacked in 1204)", offers[k]);
        bench_odds(st, what, &req);
        lb_state_free(st);
    }

    st = bench_load_demo();
    bench_auto(st, "demo: --auto");
    lb_state_free(st);
    st = demo_with_copies(299);
    bench_auto(st, "300 battalions stacked in 1204: --auto");
    lb_state_free(st);
    return 0;
}
