/* The hexes a retreat can reach by legal steps, their classes and the order of those (R-RET-1). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "lb/core.h"
#include "rules_types.h"
#include "move_int.h"
#include "retreat_events.h"
#include "retreat_int.h"
#include "trace_int.h"

/* Box flags: worked out; may be entered by the unit (R-RET-1); holds a friendly combat unit. */
enum { BOX_KNOWN = 1, BOX_ENTER = 2, BOX_FRIEND = 4 };

typedef struct builder {
    rsearch *S;
    renemy E;
    uint8_t *boxflag;
    int zero_steps;   /* steps that cost 0 MP against an MP budget (R-RET-10) */
    lb_hex zero_into; /* the hex the first of them enters */
} builder;

/* R-RET-1: the hex (map cell `cell`) holds no enemy unit of any kind and its terrain is open to the
 * unit's arm; R-RET-4 (c), R-RET-18: whether another friendly combat unit stands in it. */
static uint8_t hex_flags(const rsearch *S, int cell)
{
    const lb_state *st = S->st;
    const int *idx = st->hex_units + st->hex_first[cell]; /* lb_state_units_at */
    uint8_t f = BOX_KNOWN | BOX_ENTER;
    int n = st->hex_first[cell + 1] - st->hex_first[cell];
    for (int i = 0; i < n; i++) {
        const lb_unit *v = &st->units[idx[i]];
        if (v->side != S->side)
            return BOX_KNOWN;
        if (idx[i] != S->unit && lb_unit_is_combat(v))
            f |= BOX_FRIEND;
    }
    if (st->charts.terrain[st->map.terrain[cell]].move[S->arm] == LB_MOVE_PROHIBITED)
        return BOX_KNOWN;
    return f;
}

/* A new cell for hex h, entered by a legal step from a hex whose D is `from_d`: a step that
 * keeps the distance to every formation (`same`, R-RET-1) keeps D. From D = 0 (cavalry leaving
 * the carré's hex, R-MEL-29) the step tables see no step as going away from a formation in
 * the hex itself, so D is measured. */
static int add_cell(builder *B, lb_hex h, uint8_t flags, int depth, int from_d, int same)
{
    rsearch *S = B->S;
    if (S->ncells >= S->capcells)
        return -1; /* never: the room for every hex of the box was made at once */
    rcell *c = &S->cells[S->ncells];
    memset(c, 0, sizeof *c);
    c->hex = h;
    c->d = same && from_d > 0 ? from_d : lbi_renemy_distance(&B->E, h);
    c->comp = -1;
    c->fwd = c->back = -1;
    for (int d = 0; d < LB_DIR_COUNT; d++)
        c->nbr[d] = -1;
    if (flags & BOX_FRIEND)
        c->flags |= CELL_FRIEND;
    /* R-RET-2: further than the start from every formation that counts */
    if (lbi_renemy_farther_all(&B->E, h))
        c->flags |= CELL_FARTHER;
    c->depth = depth;
    return S->ncells++;
}

/* R-RET-1, R-RET-13: what the step from map cell `here` in direction d into b costs, or
 * LB_MOVE_PROHIBITED when b is off the map, the start (no hex repeats), holds an enemy unit or
 * is closed to the unit's arm; b's index in the box into *bi (-1 outside) and its flags into
 * *flags. */
static int step_cost(builder *B, int here, int d, lb_hex b, int *bi, uint8_t *flags)
{
    const rsearch *S = B->S;
    const lb_map *m = &S->st->map;
    if (b.col < 1 || b.col > m->cols || b.row < 1 || b.row > m->rows ||
        (b.col == S->start.col && b.row == S->start.row))
        return LB_MOVE_PROHIBITED;
    int there = (b.row - 1) * m->cols + (b.col - 1);
    *bi = rs_box_index(S, b);
    uint8_t f = *bi >= 0 ? B->boxflag[*bi] : 0;
    if (!(f & BOX_KNOWN)) {
        f = hex_flags(S, there);
        if (*bi >= 0)
            B->boxflag[*bi] = f;
    }
    *flags = f;
    if (!(f & BOX_ENTER) || S->arm == LB_ARM_LEADER)
        return LB_MOVE_PROHIBITED;
    /* lb_move_step_cost, both hexes known to be on the map */
    return lbi_mv_step_cost_cells(S->st, here, there, d, (lb_arm)S->arm);
}

/* R-RET-1, R-RET-10, R-RET-13: the legal steps from cell `i` (-1: the start). */
static int expand(builder *B, int i)
{
    rsearch *S = B->S;
    const lb_map *m = &S->st->map;
    rcell *c = i < 0 ? &S->startcell : &S->cells[i]; /* the cells are never moved */
    lb_hex h = c->hex;
    int dep = i < 0 ? 0 : c->depth;
    int here = (h.row - 1) * m->cols + (h.col - 1); /* h is on the map */
    uint8_t closer, away;
    lbi_renemy_steps(&B->E, h, &closer, &away);
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        if (closer & (1u << d))
            continue;
        lb_hex b = lb_hex_neighbor(h, d);
        int bi = -1;
        uint8_t f = 0;
        int cost = step_cost(B, here, d, b, &bi, &f);
        if (cost == LB_MOVE_PROHIBITED)
            continue;
        int to = bi >= 0 ? S->box[bi] : -1;
        if (to < 0 && dep < S->most) {
            to = add_cell(B, b, f, dep + 1, c->d, !(away & (1u << d)));
            if (to < 0)
                return LB_NOMEM;
            S->box[bi] = to;
        }
        if (S->mode != MODE_HEXES && cost == 0 && B->zero_steps++ == 0)
            B->zero_into = b;
        c->legal |= (uint8_t)(1u << d);
        if (!(away & (1u << d)))
            c->same |= (uint8_t)(1u << d);
        c->nbr[d] = to;
        c->cost[d] = (uint16_t)cost;
        c->spend[d] = (uint16_t)(S->mode == MODE_HEXES ? 1 : cost > 1 ? cost : 1);
    }
    return LB_OK;
}

/* Same-class neighbours of a cell inside the region. */
static int same_degree(const rcell *c)
{
    int n = 0;
    for (int d = 0; d < LB_DIR_COUNT; d++)
        n += (c->same & (1u << d)) && c->nbr[d] >= 0;
    return n;
}

static int dir_to(const rcell *c, int cell)
{
    for (int d = 0; d < LB_DIR_COUNT; d++)
        if ((c->same & (1u << d)) && c->nbr[d] == cell)
            return d;
    return -1;
}

/* Lays a chain or a cycle out in order from `from`, and sets each cell's fwd and back. */
static void lay_out(rsearch *S, rcomp *k, int from)
{
    int prev = -1, at = from;
    for (int p = 0; p < k->n; p++) {
        S->comp_cells[k->first + p] = at;
        rcell *c = &S->cells[at];
        c->pos = p;
        int next = -1;
        for (int d = 0; d < LB_DIR_COUNT && next < 0; d++)
            if ((c->same & (1u << d)) && c->nbr[d] >= 0 && c->nbr[d] != prev &&
                c->nbr[d] != from)
                next = c->nbr[d];
        prev = at;
        at = next;
    }
    for (int p = 0; p < k->n; p++) {
        int cell = S->comp_cells[k->first + p];
        int nx = p + 1 < k->n ? S->comp_cells[k->first + p + 1]
                 : k->kind == COMP_CYCLE ? S->comp_cells[k->first] : -1;
        int pv = p > 0 ? S->comp_cells[k->first + p - 1]
                 : k->kind == COMP_CYCLE ? S->comp_cells[k->first + k->n - 1] : -1;
        S->cells[cell].fwd = (int8_t)(nx >= 0 ? dir_to(&S->cells[cell], nx) : -1);
        S->cells[cell].back = (int8_t)(pv >= 0 ? dir_to(&S->cells[cell], pv) : -1);
    }
}

/* The classes' components: cells joined by steps that keep the distance to every formation. */
static int components(rsearch *S)
{
    S->comp_cells = malloc(((size_t)S->ncells + 1) * sizeof *S->comp_cells);
    S->comps = malloc(((size_t)S->ncells + 1) * sizeof *S->comps);
    if (!S->comp_cells || !S->comps)
        return LB_NOMEM;
    int filled = 0;
    for (int i = 0; i < S->ncells; i++) {
        if (S->cells[i].comp >= 0)
            continue;
        rcomp *k = &S->comps[S->ncomps];
        if (!S->cells[i].same) {
            /* no step keeps its class: a chain of one hex, laid out as it is */
            *k = (rcomp){.kind = COMP_CHAIN, .first = filled, .n = 1};
            S->cells[i].comp = S->ncomps++;
            S->cells[i].pos = 0;
            S->comp_cells[filled++] = i;
            continue;
        }
        *k = (rcomp){.first = filled};
        S->cells[i].comp = S->ncomps;
        S->comp_cells[filled++] = i;
        int edges = 0, maxdeg = 0, mindeg = 7, end = i;
        for (int j = k->first; j < filled; j++) {
            rcell *c = &S->cells[S->comp_cells[j]];
            int deg = same_degree(c);
            edges += deg;
            maxdeg = deg > maxdeg ? deg : maxdeg;
            mindeg = deg < mindeg ? deg : mindeg;
            if (deg <= 1)
                end = S->comp_cells[j];
            for (int d = 0; d < LB_DIR_COUNT; d++) {
                int b = c->nbr[d];
                if ((c->same & (1u << d)) && b >= 0 && S->cells[b].comp < 0) {
                    S->cells[b].comp = S->ncomps;
                    S->comp_cells[filled++] = b;
                }
            }
        }
        k->n = filled - k->first;
        edges /= 2;
        if (maxdeg <= 2 && edges == k->n - 1)
            k->kind = COMP_CHAIN;
        else if (mindeg == 2 && maxdeg == 2 && edges == k->n)
            k->kind = COMP_CYCLE;
        else
            k->kind = COMP_GENERAL;
        for (int j = k->first; j < filled; j++)
            S->cells[S->comp_cells[j]].pos = j - k->first;
        if (k->kind != COMP_GENERAL)
            lay_out(S, k, k->kind == COMP_CHAIN ? end : i);
        S->ncomps++;
    }
    return LB_OK;
}

/* How many climbing steps enter each component. */
static void count_climbs(rsearch *S)
{
    for (int i = 0; i < S->ncells; i++) {
        const rcell *c = &S->cells[i];
        unsigned up = c->legal & ~c->same;
        for (int d = 0; up >> d; d++)
            if ((up & (1u << d)) && c->nbr[d] >= 0)
                S->comps[S->cells[c->nbr[d]].comp].waiting++;
    }
}

/* A depth-first walk of the DAG: the components on the way, the next cell of each to look at,
 * the state of each (0 not met, 1 on the way, 2 in the order) and the order so far. */
typedef struct dfs {
    int *stack, *iter;
    uint8_t *state;
    int norder;
} dfs;

/* The next component not met yet that component k climbs to, looking on from its cell iter[k]
 * (a cell's climbs are looked at all at once: a component met again is skipped by its state),
 * or -1. */
static int next_climb(const rsearch *S, int k, dfs *W)
{
    const rcomp *kc = &S->comps[k];
    int next = -1;
    while (next < 0 && W->iter[k] < kc->n) {
        const rcell *c = &S->cells[S->comp_cells[kc->first + W->iter[k]++]];
        unsigned up = c->legal & ~c->same;
        for (int d = 0; up && d < LB_DIR_COUNT; d++) {
            int b = c->nbr[d];
            if (!(up & (1u << d)) || b < 0 || W->state[S->cells[b].comp])
                continue;
            if (next < 0) {
                next = S->cells[b].comp;
            } else {
                W->iter[k]--; /* more to follow from this cell: look at it again */
                break;
            }
        }
    }
    return next;
}

/* The components not met yet that root leads to, each after every one it climbs to. */
static void post_order(rsearch *S, int root, dfs *W)
{
    if (W->state[root])
        return;
    int top = 0;
    W->stack[top++] = root;
    W->state[root] = 1;
    while (top) {
        int k = W->stack[top - 1], next = next_climb(S, k, W);
        if (next >= 0) {
            W->state[next] = 1;
            W->stack[top++] = next;
        } else {
            W->state[k] = 2;
            S->order[W->norder++] = k;
            top--;
        }
    }
}

/* Components in an order where each comes after every one it climbs to (a post-order of the
 * DAG from the start's first steps), and how many climbing steps enter each. */
static int dag_order(rsearch *S)
{
    int n = S->ncomps;
    S->order = malloc(((size_t)n + 1) * sizeof *S->order);
    dfs W = {.stack = malloc(((size_t)n + 1) * sizeof *W.stack),
             .iter = calloc((size_t)n + 1, sizeof *W.iter),
             .state = calloc((size_t)n + 1, 1)};
    int rc = (!S->order || !W.stack || !W.iter || !W.state) ? LB_NOMEM : LB_OK;
    if (rc == LB_OK) {
        count_climbs(S);
        /* roots: the start's first steps, then anything left */
        for (int d = 0; d < LB_DIR_COUNT; d++)
            if (S->startcell.nbr[d] >= 0)
                post_order(S, S->cells[S->startcell.nbr[d]].comp, &W);
        for (int r = 0; r < n; r++)
            post_order(S, r, &W);
    }
    free(W.stack);
    free(W.iter);
    free(W.state);
    return rc;
}

/* R-RET-1: the cells legal steps reach from the start, in the box round it (a path of `most`
 * hexes never leaves it: room for all its hexes at once, so that the cells are never moved as
 * they come). */
static int reach(builder *B)
{
    rsearch *S = B->S;
    size_t nbox = (size_t)S->bw * (size_t)S->bh;
    S->box = malloc(nbox * sizeof *S->box);
    B->boxflag = calloc(nbox, 1);
    S->cells = nbox < INT_MAX ? lb_grow(S->cells, &S->capcells, (int)nbox + 1, sizeof *S->cells)
                              : NULL;
    if (!S->box || !B->boxflag || !S->cells)
        return LB_NOMEM;
    memset(S->box, 0xff, nbox * sizeof *S->box);
    memset(&S->startcell, 0, sizeof S->startcell);
    S->startcell.hex = S->start;
    S->startcell.d = S->d0;
    for (int d = 0; d < LB_DIR_COUNT; d++)
        S->startcell.nbr[d] = -1;
    int rc = expand(B, -1);
    for (int i = 0; rc == LB_OK && i < S->ncells; i++)
        rc = expand(B, i);
    return rc;
}

/* R-RET-2, R-RET-10: the hexes where a path may end, as add_cell flagged them, and the steps
 * that cost no movement point, in the trace. */
static void trace_region(const rsearch *S, const builder *B, lb_trace *t)
{
    if (!lbi_trace_on(t))
        return;
    int ends = 0, friendly = 0;
    for (int i = 0; i < S->ncells; i++) {
        ends += (S->cells[i].flags & CELL_END) != 0;
        friendly += (S->cells[i].flags & CELL_FRIEND) != 0;
    }
    LBI_EVENT(t, "R-RET-2", "(30)", EV_RET_END_HEXES, ev_int(S->d0), ev_int(ends),
              ev_int(S->ncells), ev_int(S->ncells - ends - friendly), ev_int(friendly));
    lb_trace_int(t, "end_hexes_possible", ends);
    lb_trace_int(t, "hexes_reached", S->ncells);
    if (B->zero_steps) {
        LBI_EVENT(t, "R-RET-10", "(30)", EV_RET_ZERO_STEPS, ev_int(B->zero_steps),
                  ev_ret_hex(&S->st->map, B->zero_into), ev_int(S->most));
        lb_trace_int(t, "most_hexes", S->most);
    }
}

int lbi_rsearch_ends(rsearch *S, const uint8_t *only)
{
    int ends = 0;
    for (int i = 0; i < S->ncells; i++) {
        rcell *c = &S->cells[i];
        int end = !(c->flags & CELL_FRIEND) &&
                  (S->nearest_only ? c->d > S->d0 : (c->flags & CELL_FARTHER) != 0) &&
                  (!only || only[i]);
        c->flags = (uint8_t)((c->flags & ~CELL_END) | (end ? CELL_END : 0));
        ends += end;
    }
    for (int i = 0; i < S->ncomps; i++)
        S->comps[i].waiting = 0;
    count_climbs(S);
    S->trie_nodes = 0;
    return ends;
}

int lbi_rsearch_build(rsearch *S, lb_trace *t)
{
    builder B = {.S = S};
    const lb_map *m = &S->st->map;
    int K = S->most;
    lb_hex h0 = S->start;
    int c_lo = h0.col - K > 1 ? h0.col - K : 1, c_hi = h0.col + K < m->cols ? h0.col + K : m->cols;
    int r_lo = h0.row - K > 1 ? h0.row - K : 1, r_hi = h0.row + K < m->rows ? h0.row + K : m->rows;
    int rc = lbi_renemy_init(&B.E, S->st, S->side, S->start, (lb_hex){c_lo, r_lo},
                             (lb_hex){c_hi, r_hi});
    if (rc != LB_OK)
        return rc;
    S->enemies = B.E.formations;
    S->d0 = lbi_renemy_distance(&B.E, S->start);
    S->col0 = c_lo;
    S->row0 = r_lo;
    S->bw = c_hi - c_lo + 1;
    S->bh = r_hi - r_lo + 1;
    rc = reach(&B);
    free(B.boxflag);
    if (B.E.routed || B.E.far)
        LBI_EVENT(t, "R-RET-7", "(30)", EV_RET_NOT_COUNTED, ev_int(B.E.routed), ev_int(B.E.far),
                  ev_int(LBI_RENEMY_RANGE));
    lbi_renemy_release(&B.E);
    if (rc == LB_OK)
        rc = components(S);
    if (rc == LB_OK)
        rc = dag_order(S);
    if (rc == LB_OK)
        lbi_rsearch_ends(S, NULL);
    LBI_EVENT(t, "R-RET-1", "(30)", EV_RET_START_DISTANCE, ev_int(S->d0), ev_int(S->enemies));
    lb_trace_int(t, "start_distance", S->d0);
    if (rc == LB_OK)
        trace_region(S, &B, t);
    return rc;
}
