/* What decided a retreat answer, read on its automatic choice: where it stops, why, its costs. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "retreat_int.h"

/* The cell a path stands in: the start, or the region cell of hex h. */
static const rcell *cell_of(const rsearch *S, lb_hex h)
{
    if (lb_hex_eq(h, S->start))
        return &S->startcell;
    int b = rs_box_index(S, h);
    int c = b >= 0 ? S->box[b] : -1;
    return c >= 0 ? &S->cells[c] : NULL;
}

/* A growing sentence (the trace copies it); on running out of memory it stays as it was. */
typedef struct text {
    char *s;
    size_t n, cap;
} text;

static void text_add(text *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void text_add(text *x, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    if (x->n + (size_t)k + 1 > x->cap) {
        size_t cap = 2 * (x->n + (size_t)k + 1);
        char *g = realloc(x->s, cap);
        if (!g)
            return;
        x->s = g;
        x->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(x->s + x->n, (size_t)k + 1, fmt, ap);
    va_end(ap);
    x->n += (size_t)k;
}

/* The sentence, or a mark where memory ran out. */
static const char *text_of(const text *x)
{
    return x->s ? x->s : "…";
}

/* Movement points (or hexes) left after each step of the path, the last into *left; the
 * direction of its first step into *first. 0 when the path does not follow the search's steps. */
static int walk_levels(const rsearch *S, const lb_hex *path, int n, int *first, int *left)
{
    lb_hex at = S->start;
    int m = S->budget;
    for (int i = 0; i < n; i++) {
        const rcell *c = cell_of(S, at);
        int d = lb_hex_dir_to(at, path[i]);
        if (!c || d < 0 || !(c->legal & (1u << d)))
            return 0;
        if (i == 0) {
            *first = d;
            m = lbi_rs_first_level(S, d);
        } else {
            m -= c->spend[d];
        }
        at = path[i];
    }
    *left = m;
    return n > 0 && m >= 0;
}

static int on_path(lb_hex h, lb_hex start, const lb_hex *path, int n)
{
    if (lb_hex_eq(h, start))
        return 1;
    for (int i = 0; i < n; i++)
        if (lb_hex_eq(h, path[i]))
            return 1;
    return 0;
}

/* R-RET-5 (complete), R-RET-17: from the end hex with `left` MP, the steps R-RET-1 allows and
 * what they spend; the steps back onto the path do not count. */
static void explain_complete(const rsearch *S, const lb_hex *path, int n, int left, lb_trace *t)
{
    const lb_map *m = &S->st->map;
    char a[LB_HEX_LABEL_MAX], b[LB_HEX_LABEL_MAX];
    lb_hex end = path[n - 1];
    const rcell *c = cell_of(S, end);
    if (!c)
        return;
    if (left == 0) {
        lb_trace_add(t, "R-RET-5", "(30)",
                     "complete: the automatic choice stops in %s with no movement point left",
                     lb_map_label(m, end, a));
        lb_trace_int(t, "mp_left", 0);
        return;
    }
    text open = {0}, back = {0};
    int nopen = 0, nback = 0;
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        if (!(c->legal & (1u << d)))
            continue;
        lb_hex h = lb_hex_neighbor(end, d);
        if (on_path(h, S->start, path, n)) {
            if (c->spend[d] <= left)
                text_add(&back, "%s%s", nback++ ? ", " : "", lb_map_label(m, h, b));
        } else {
            text_add(&open, "%s%s (%d MP)", nopen++ ? ", " : "", lb_map_label(m, h, b),
                     c->spend[d]);
        }
    }
    lb_trace_add(t, "R-RET-5", "(30)",
                 "complete: the automatic choice stops in %s with %d movement point%s left, and "
                 "every step R-RET-1 allows from there costs more: %s",
                 lb_map_label(m, end, a), left, left == 1 ? "" : "s",
                 nopen ? text_of(&open) : "none");
    lb_trace_int(t, "mp_left", left);
    if (nback) {
        lb_trace_add(t, "R-RET-17", "(30)",
                     "from %s the step%s back to %s, already on the path, %s no step R-RET-1 "
                     "allows (no hex repeats): the path is complete all the same",
                     lb_map_label(m, end, a), nback == 1 ? "" : "s", text_of(&back),
                     nback == 1 ? "is" : "are");
    }
    free(open.s);
    free(back.s);
}

/* R-RET-16: no first hex may end a path; why, hex by hex. */
static void explain_no_one_hex_path(const rsearch *S, int hexes, lb_trace *t)
{
    const lb_map *m = &S->st->map;
    const rcell *s0 = &S->startcell;
    char a[LB_HEX_LABEL_MAX];
    for (int d = 0; d < LB_DIR_COUNT; d++)
        if ((s0->legal & (1u << d)) && s0->nbr[d] >= 0 && (S->cells[s0->nbr[d]].flags & CELL_END))
            return; /* a path of one hex is legal */
    text why = {0};
    int k = 0;
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        int b = s0->nbr[d];
        if (!(s0->legal & (1u << d)) || b < 0)
            continue;
        const rcell *c = &S->cells[b];
        text_add(&why, "%s%s %s", k++ ? "; " : "", lb_map_label(m, c->hex, a),
                 (c->flags & CELL_FRIEND) ? "holds a friendly combat unit"
                                          : "is no further from the enemy");
    }
    lb_trace_add(t, "R-RET-16", "(30)",
                 "no legal path of exactly one hex (%s), but legal paths of %d hexes go on "
                 "through such a first hex: the unit retreats along them and does not surrender",
                 text_of(&why), hexes);
    free(why.s);
}

void lbi_rexplain_stop(const rsearch *S, const lb_hex *path, int n, lb_trace *t)
{
    const lb_map *m = &S->st->map;
    char a[LB_HEX_LABEL_MAX];
    int first = -1, left = 0;
    if (!t || !walk_levels(S, path, n, &first, &left))
        return;
    int over = S->mode != MODE_HEXES && S->startcell.spend[first] > S->budget;
    if (S->mode == MODE_HEXES) {
        lb_trace_add(t, "R-RET-5", "(30)", "a legal path of exactly %d hexes exists: no surrender",
                     S->budget);
    } else if (S->mode == MODE_COMPLETE && over) {
        lb_trace_add(t, "R-RET-17", "(30)",
                     "the first hex %s costs %d movement points, more than the %d of the budget: "
                     "it is always affordable (R-RET-3) and leaves none, so a path that stops "
                     "there is complete",
                     lb_map_label(m, path[0], a), S->startcell.cost[first], S->budget);
        lb_trace_int(t, "mp_left", 0);
    } else if (S->mode == MODE_COMPLETE) {
        explain_complete(S, path, n, left, t);
    } else {
        if (over)
            lb_trace_add(t, "R-RET-3", "(30)",
                         "the first hex %s costs %d movement points, more than the %d of the "
                         "budget: the first hex is always affordable",
                         lb_map_label(m, path[0], a), S->startcell.cost[first], S->budget);
        lb_trace_add(t, "R-RET-5", "(30)",
                     "a disorder retreat surrenders only when it has no legal path of one hex: it "
                     "takes its longest legal paths, of %d hex%s; the automatic choice leaves %d "
                     "of its %d movement points",
                     n, n == 1 ? "" : "es", left, S->budget);
        lb_trace_int(t, "mp_left", left);
        explain_no_one_hex_path(S, n, t);
    }
}

void lbi_rexplain_path(const rsearch *S, const lb_hex *path, int n, lb_trace *t)
{
    if (!t || n < 1)
        return;
    const lb_state *st = S->st;
    const lb_map *m = &st->map;
    char a[LB_HEX_LABEL_MAX];
    text hexes = {0}, extra = {0};
    int cost = 0, terrain = 0, nextra = 0;
    lb_hex at = S->start;
    text_add(&hexes, "%s", lb_map_label(m, at, a));
    for (int i = 0; i < n; i++) {
        const rcell *c = cell_of(S, at);
        int d = lb_hex_dir_to(at, path[i]);
        if (!c || d < 0)
            break;
        int step = c->cost[d];
        int ground = st->charts.terrain[m->terrain[lb_map_cell(m, path[i])]].move[S->arm];
        cost += step;
        terrain += ground;
        text_add(&hexes, " %s", lb_map_label(m, path[i], a));
        if (step != ground)
            text_add(&extra, "%s%s %d = terrain %d + %d", nextra++ ? ", " : "",
                     lb_map_label(m, path[i], a), step, ground, step - ground);
        at = path[i];
    }
    lb_trace_add(t, "R-RET-14", "(30)",
                 "the automatic choice written h0 … hn, the start then the %d hex%s entered: %s",
                 n, n == 1 ? "" : "es", text_of(&hexes));
    lb_trace_text(t, "choice", text_of(&hexes));
    if (nextra)
        lb_trace_add(t, "R-RET-13", "(30), charts-format 4.3",
                     "each step costs the terrain entered plus the hexside crossed and the slope "
                     "where elevations differ, counted once: the automatic choice costs %d, "
                     "terrain %d, hexsides and slopes %d (%s)",
                     cost, terrain, cost - terrain, text_of(&extra));
    else
        lb_trace_add(t, "R-RET-13", "(30), charts-format 4.3",
                     "each step costs the terrain entered plus the hexside crossed and the slope "
                     "where elevations differ: none adds to the automatic choice, which costs its "
                     "terrain, %d",
                     cost);
    lb_trace_int(t, "cost", cost);
    lb_trace_int(t, "terrain_cost", terrain);
    free(hexes.s);
    free(extra.s);
}
