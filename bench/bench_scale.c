/* Benchmark: the game at the series' scale (the bundled Russbach battle) beside the demo: the view's build time and gzip size, and the computer's decisions at level full (the options: bench_game). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "common.h"
#include "lb/ai.h"
#include "lb/data.h"
#include "lb/game.h"
#include "lb/lb.h"

#define AI_DECISIONS 20

/* The gzip size of text at the server's level (server/view.c: the best compression). */
static size_t gzip_size(const char *text, size_t len)
{
    z_stream z = {0};
    if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        exit(1);
    uLong cap = deflateBound(&z, (uLong)len);
    unsigned char *out = malloc(cap);
    if (!out)
        exit(1);
    z.next_in = (unsigned char *)text;
    z.avail_in = (uInt)len;
    z.next_out = out;
    z.avail_out = (uInt)cap;
    if (deflate(&z, Z_FINISH) != Z_STREAM_END)
        exit(1);
    size_t n = z.total_out;
    deflateEnd(&z);
    free(out);
    return n;
}

/* The view of the side to act, built again and again: its time, its bytes and their gzip. */
static void time_view(lb_game *g, const char *what)
{
    long n = 0;
    size_t bytes = 0, gz = 0;
    double start = bench_cpu_now(), elapsed;
    do {
        char *view = NULL;
        if (lb_game_view_json(g, 0, &view) != LB_OK)
            exit(1);
        if (n == 0) {
            bytes = strlen(view);
            gz = gzip_size(view, bytes);
        }
        free(view);
        n++;
        elapsed = bench_cpu_now() - start;
    } while (elapsed < 1.0);
    printf("%s: the view built in %.3f ms, %zu bytes, %.1f KB gzip\n", what,
           elapsed / (double)n * 1e3, bytes, (double)gz / 1024.0);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The computer at level full answers the next AI_DECISIONS decisions of both sides, from where
 * the game stands: processor time per decision, median, p99 and most. */
static void time_ai(lb_game *g, const char *what)
{
    lb_ai_settings s;
    lb_ai_settings_init(&s);
    s.level = LB_AI_FULL;
    s.seed = 1;
    double t[AI_DECISIONS];
    int n = 0;
    const lb_decision *d;
    while (n < AI_DECISIONS && (d = lb_game_pending(g)) != NULL) {
        char key[LB_OPTION_KEY_MAX], why[LB_AI_REASON_MAX];
        int side = d->side;
        double t0 = bench_cpu_now();
        if (lb_ai_choose(g, side, &s, key, why) != LB_OK) {
            fprintf(stderr, "%s: the computer failed\n", what);
            exit(1);
        }
        t[n++] = bench_cpu_now() - t0;
        lb_game_answer a;
        if (lb_game_decide(g, side, lb_game_seq(g), key, &a) != LB_OK ||
            a.verdict != LB_ACCEPTED) {
            fprintf(stderr, "%s: the computer's %s was refused: %s\n", what, key, a.reason);
            exit(1);
        }
    }
    qsort(t, (size_t)n, sizeof *t, by_value);
    printf("%s: the computer (full, budget %d ms) over %d decisions: median %.1f ms, p99 %.1f ms, "
           "most %.1f ms of processor time\n", what, s.budget_ms, n, t[n / 2] * 1e3,
           t[(int)((n - 1) * 0.99)] * 1e3, t[n - 1] * 1e3);
}

static void bench_scenario(const char *what, const char *name, const char *text, size_t len)
{
    if (!bench_only(what))
        return;
    lb_game *g = bench_game_of(name, text, len, 1);
    const lb_state *st = lb_game_state(g);
    int cols, rows;
    lb_map_size(lb_state_map(st), &cols, &rows);
    printf("%s: %dx%d map, %d units\n", what, cols, rows, lb_state_unit_count(st));
    time_view(g, what);
    time_ai(g, what);
    lb_game_free(g);
}

int main(void)
{
    size_t len;
    const char *name;
    const char *demo = lb_data_demo(&len, &name);
    bench_scenario("demo", name, demo, len);
    int n;
    const lb_bundled_scenario *bundled = lb_data_scenarios(&n);
    for (int i = 0; i < n; i++)
        bench_scenario(bundled[i].id, bundled[i].file, bundled[i].text, bundled[i].len);
    return 0;
}
