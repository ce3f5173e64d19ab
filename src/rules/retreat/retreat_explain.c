/* What decided a retreat answer, read on its automatic choice: where it stops, why, its costs. */
#include <stdlib.h>
#include <string.h>

#include "retreat_events.h"
#include "retreat_int.h"
#include "trace_int.h"
#include "hex_int.h"

/* The cell a path stands in: the start, or the region cell of hex h. */
static const rcell *cell_of(const rsearch *S, lb_hex h)
{
    if (lb_hex_eq(h, S->start))
        return &S->startcell;
    int b = rs_box_index(S, h);
    int c = b >= 0 ? S->box[b] : -1;
    return c >= 0 ? &S->cells[c] : NULL;
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
    lb_hex end = path[n - 1];
    const rcell *c = cell_of(S, end);
    if (!c)
        return;
    if (left == 0) {
        LBI_EVENT(t, "R-RET-5", "(30)", EV_RET_COMPLETE_NONE_LEFT, ev_ret_hex(m, end));
        lb_trace_int(t, "mp_left", 0);
        return;
    }
    /* the end hex, MP left, how many steps lead on and each (hex, MP); the end hex, how many
     * steps lead back and each hex */
    lb_event_arg on[3 + 2 * LB_DIR_COUNT], back[2 + LB_DIR_COUNT];
    int non = 0, nback = 0;
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        if (!(c->legal & (1u << d)))
            continue;
        lb_hex h = lb_hex_neighbor(end, d);
        if (!on_path(h, S->start, path, n)) {
            on[3 + 2 * non] = ev_ret_hex(m, h);
            on[4 + 2 * non++] = ev_int(c->spend[d]);
        } else if (c->spend[d] <= left) {
            back[2 + nback++] = ev_ret_hex(m, h);
        }
    }
    on[0] = back[0] = ev_ret_hex(m, end);
    on[1] = ev_int(left);
    on[2] = ev_int(non);
    lbi_trace_event(t, "R-RET-5", "(30)", EV_RET_COMPLETE_LEFT, on, 3 + 2 * non);
    lb_trace_int(t, "mp_left", left);
    back[1] = ev_int(nback);
    if (nback)
        lbi_trace_event(t, "R-RET-17", "(30)", EV_RET_STEPS_BACK, back, 2 + nback);
}

/* R-RET-16: no first hex may end a path; why, hex by hex. */
static void explain_no_one_hex_path(const rsearch *S, int hexes, lb_trace *t)
{
    const lb_map *m = &S->st->map;
    const rcell *s0 = &S->startcell;
    for (int d = 0; d < LB_DIR_COUNT; d++)
        if ((s0->legal & (1u << d)) && s0->nbr[d] >= 0 && (S->cells[s0->nbr[d]].flags & CELL_END))
            return; /* a path of one hex is legal */
    /* the hexes of the paths, how many first hexes and each (hex, why) */
    lb_event_arg why[2 + 2 * LB_DIR_COUNT];
    int k = 0;
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        int b = s0->nbr[d];
        if (!(s0->legal & (1u << d)) || b < 0)
            continue;
        const rcell *c = &S->cells[b];
        why[2 + 2 * k] = ev_ret_hex(m, c->hex);
        why[3 + 2 * k++] = ev_phrase(RET_PH_REFUSED, (c->flags & CELL_FRIEND)
                                                         ? RET_REFUSED_FRIEND
                                                         : RET_REFUSED_NO_FURTHER);
    }
    why[0] = ev_int(hexes);
    why[1] = ev_int(k);
    lbi_trace_event(t, "R-RET-16", "(30)", EV_RET_NO_ONE_HEX, why, 2 + 2 * k);
}

void lbi_rexplain_stop(const rsearch *S, const lb_hex *path, int n, lb_trace *t)
{
    const lb_map *m = &S->st->map;
    int first = -1, left = 0;
    if (!t || !walk_levels(S, path, n, &first, &left))
        return;
    int over = S->mode != MODE_HEXES && S->startcell.spend[first] > S->budget;
    if (S->mode == MODE_HEXES) {
        LBI_EVENT(t, "R-RET-5", "(30)", EV_RET_EXACT_PATH_EXISTS, ev_int(S->budget));
    } else if (S->mode == MODE_COMPLETE && over) {
        LBI_EVENT(t, "R-RET-17", "(30)", EV_RET_FIRST_OVER_COMPLETE, ev_ret_hex(m, path[0]),
                  ev_int(S->startcell.cost[first]), ev_int(S->budget));
        lb_trace_int(t, "mp_left", 0);
    } else if (S->mode == MODE_COMPLETE) {
        explain_complete(S, path, n, left, t);
    } else {
        if (over)
            LBI_EVENT(t, "R-RET-3", "(30)", EV_RET_FIRST_OVER, ev_ret_hex(m, path[0]),
                      ev_int(S->startcell.cost[first]), ev_int(S->budget));
        LBI_EVENT(t, "R-RET-5", "(30)", EV_RET_DISORDER_LONGEST, ev_int(n), ev_int(left),
                  ev_int(S->budget));
        lb_trace_int(t, "mp_left", left);
        explain_no_one_hex_path(S, n, t);
    }
}

/* The path h0 … hn (n hexes entered) into the R-RET-14 arguments `hexes`: n, how many hexes are
 * written, each hex; its costs into the R-RET-13 arguments `costs`: cost, terrain, hexsides and
 * slopes, how many steps cost more than their terrain, each of them (hex, cost, terrain, the
 * rest). R-RET-13: a step costs the terrain entered, the hexside crossed and the slope. */
static void path_args(const rsearch *S, const lb_hex *path, int n, lb_event_arg *hexes,
                      lb_event_arg *costs)
{
    const lb_state *st = S->st;
    const lb_map *m = &st->map;
    int cost = 0, terrain = 0, nhexes = 1, ndearer = 0;
    lb_hex at = S->start;
    hexes[2] = ev_ret_hex(m, at);
    for (int i = 0; i < n; i++) {
        const rcell *c = cell_of(S, at);
        int d = lb_hex_dir_to(at, path[i]);
        if (!c || d < 0)
            break;
        int step = c->cost[d];
        int ground = st->charts.terrain[m->terrain[lb_map_cell(m, path[i])]].move[S->arm];
        cost += step;
        terrain += ground;
        hexes[2 + nhexes] = ev_ret_hex(m, path[i]);
        if (step != ground) {
            lb_event_arg *dearer = costs + 4 + 4 * ndearer++;
            dearer[0] = hexes[2 + nhexes];
            dearer[1] = ev_int(step);
            dearer[2] = ev_int(ground);
            dearer[3] = ev_int(step - ground);
        }
        nhexes++;
        at = path[i];
    }
    hexes[0] = ev_int(n);
    hexes[1] = ev_int(nhexes);
    costs[0] = ev_int(cost);
    costs[1] = ev_int(terrain);
    costs[2] = ev_int(cost - terrain);
    costs[3] = ev_int(ndearer);
}

/* The labels of n hexes, a space between two, into out. */
static void labels_joined(const lb_event_arg *hex, int n, char *out)
{
    size_t at = 0;
    for (int i = 0; i < n; i++) {
        size_t len = strlen(hex[i].label);
        if (i)
            out[at++] = ' ';
        memcpy(out + at, hex[i].label, len);
        at += len;
    }
    out[at] = '\0';
}

void lbi_rexplain_path(const rsearch *S, const lb_hex *path, int n, lb_trace *t)
{
    if (!t || n < 1)
        return;
    lb_event_arg *hexes = malloc(((size_t)n + 3) * sizeof *hexes);
    lb_event_arg *costs = malloc((4 * (size_t)n + 4) * sizeof *costs);
    char *choice = malloc(((size_t)n + 1) * LB_HEX_LABEL_MAX);
    if (!hexes || !costs || !choice) {
        t->failed = 1; /* as a trace that runs out of memory: the later steps are dropped */
    } else {
        path_args(S, path, n, hexes, costs);
        int nhexes = (int)hexes[1].num, ndearer = (int)costs[3].num;
        lbi_trace_event(t, "R-RET-14", "(30)", EV_RET_PATH, hexes, 2 + nhexes);
        labels_joined(hexes + 2, nhexes, choice);
        lb_trace_text(t, "choice", choice);
        if (ndearer)
            lbi_trace_event(t, "R-RET-13", "(30), charts-format 4.3", EV_RET_COSTS, costs,
                            4 + 4 * ndearer);
        else
            LBI_EVENT(t, "R-RET-13", "(30), charts-format 4.3", EV_RET_COSTS_TERRAIN, costs[0]);
        lb_trace_int(t, "cost", (int)costs[0].num);
        lb_trace_int(t, "terrain_cost", (int)costs[1].num);
    }
    free(hexes);
    free(costs);
    free(choice);
}
