/* Benchmark: exact lb_hex_line against a sampled hex line (cube lerp and rounding) on a 64x48 map. */
#include <stdint.h>
#include <stdio.h>

#include "common.h"
#include "lb/core.h"
#include "dice_int.h"
#include "hex_int.h"

enum { MAP_COLS = 64, MAP_ROWS = 48, PAIRS = 4096, STEPS_MAX = 512 };

static const double min_seconds = 0.5;

typedef struct cube {
    double q, r, s;
} cube;

/* Axial q is col - 1; columns with an even 0-based index sit higher (R-GRID-2). */
static cube to_cube(lb_hex h)
{
    int q = h.col - 1;
    int r = h.row - 1 - (q - (q % 2)) / 2;
    cube c = {q, r, -q - r};
    return c;
}

static lb_hex from_axial(int q, int r)
{
    lb_hex h = {q + 1, r + (q - (q % 2)) / 2 + 1};
    return h;
}

static long nearest(double v)
{
    return (long)(v < 0 ? v - 0.5 : v + 0.5);
}

static double magnitude(double v)
{
    return v < 0 ? -v : v;
}

/* Rounds each coordinate, then rebuilds the one that moved most from the other two. */
static lb_hex cube_round(cube c)
{
    long q = nearest(c.q), r = nearest(c.r), s = nearest(c.s);
    double dq = magnitude((double)q - c.q), dr = magnitude((double)r - c.r), ds = magnitude((double)s - c.s);
    if (dq > dr && dq > ds)
        q = -r - s;
    else if (dr > ds)
        r = -q - s;
    return from_axial((int)q, (int)r);
}

/*
 * The sampled line: distance + 1 points evenly spaced between the centres, each rounded to a hex.
 * The start is nudged off the centre line so that points on a hexside round the same way.
 */
static int sampled_line(lb_hex from, lb_hex to, lb_hex *out)
{
    int n = lb_hex_distance(from, to);
    cube a = to_cube(from), b = to_cube(to);
    a.q += 1e-6;
    a.r += 2e-6;
    a.s -= 3e-6;
    out[0] = from;
    for (int i = 1; i <= n; i++) {
        double t = (double)i / n;
        cube p = {a.q + (b.q - a.q) * t, a.r + (b.r - a.r) * t, a.s + (b.s - a.s) * t};
        out[i] = cube_round(p);
    }
    return n + 1;
}

/* One pass over all pairs with either line; the sum of what it returns keeps the work alive. */
static long pass(const lb_hex *from, const lb_hex *to, int exact)
{
    static lb_line_step steps[STEPS_MAX];
    static lb_hex hexes[STEPS_MAX];
    long total = 0;

    for (int i = 0; i < PAIRS; i++) {
        if (exact) {
            int n = lb_hex_line(from[i], to[i], steps, STEPS_MAX);
            total += n + steps[n - 1].a.col;
        } else {
            int n = sampled_line(from[i], to[i], hexes);
            total += n + hexes[n - 1].col;
        }
    }
    return total;
}

/* ns per line over at least min_seconds, after one untimed pass to warm caches and clocks. */
static double ns_per_line(const lb_hex *from, const lb_hex *to, int exact, volatile long *sink)
{
    long lines = 0;
    double start, elapsed;

    *sink += pass(from, to, exact);
    start = bench_cpu_now();
    do {
        *sink += pass(from, to, exact);
        lines += PAIRS;
        elapsed = bench_cpu_now() - start;
    } while (elapsed < min_seconds);
    return 1e9 * elapsed / (double)lines;
}

int main(void)
{
    static lb_hex from[PAIRS], to[PAIRS];
    lb_pcg32 rng;
    long distance_sum = 0;
    volatile long sink = 0;

    lb_pcg32_seed(&rng, 1809, 7);
    for (int i = 0; i < PAIRS; i++) {
        from[i].col = 1 + (int)lb_pcg32_bounded(&rng, MAP_COLS);
        from[i].row = 1 + (int)lb_pcg32_bounded(&rng, MAP_ROWS);
        to[i].col = 1 + (int)lb_pcg32_bounded(&rng, MAP_COLS);
        to[i].row = 1 + (int)lb_pcg32_bounded(&rng, MAP_ROWS);
        distance_sum += lb_hex_distance(from[i], to[i]);
    }

    double exact_ns = ns_per_line(from, to, 1, &sink);
    double sampled_ns = ns_per_line(from, to, 0, &sink);

    printf("hex_line exact: %.1f ns/line (distance avg %.1f)\n", exact_ns, (double)distance_sum / PAIRS);
    printf("hex_line sampled: %.1f ns/line\n", sampled_ns);
    printf("ratio sampled/exact: %.2f\n", sampled_ns / exact_ns);
    return 0;
}
