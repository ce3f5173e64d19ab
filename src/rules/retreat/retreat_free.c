/* Retreats with no enemy formation to flee (R-RET-7): a disorder's short step, a rout's refuge. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "lb/core.h"
#include "move_int.h"
#include "retreat_events.h"
#include "retreat_int.h"
#include "hex_int.h"

/* A step: what it costs (R-RET-13), what it spends (R-RET-10), whether a friendly combat unit
 * stands in the hex it enters. */
typedef struct fstep {
    int cost, spend, friendly;
} fstep;

/* R-RET-1 without its distance clause (no formation counts): the step from h in direction d is
 * on the map, never into the start, into no hex holding an enemy unit, over terrain and hexside
 * open to the arm; R-RET-18: the unit's own hexes hold no friend. 0 when it is not allowed. */
static int step_of(const rfree *F, lb_hex h, int d, fstep *out)
{
    const lb_state *s = F->st;
    const lb_unit *u = &s->units[F->unit];
    lb_hex b = lb_hex_neighbor(h, d);
    if (!lb_map_contains(&s->map, b) || lb_hex_eq(b, F->start) || u->arm == LB_ARM_LEADER)
        return 0;
    const int *idx;
    int k = lb_state_units_at(s, b, &idx);
    out->friendly = 0;
    for (int i = 0; i < k; i++) {
        const lb_unit *v = &s->units[idx[i]];
        if (v->side != u->side)
            return 0;
        out->friendly |= idx[i] != F->unit && lb_unit_is_combat(v);
    }
    int cost = lbi_mv_step_cost_cells(s, lb_map_cell(&s->map, h), lb_map_cell(&s->map, b), d,
                                      u->arm);
    if (cost == LB_MOVE_PROHIBITED)
        return 0;
    out->cost = cost;
    out->spend = F->by_hexes ? 1 : cost > 1 ? cost : 1;
    return 1;
}

/* D(h) over every enemy combat unit, routed or far ones included (R-RET-7: "e over all
 * enemies"); 0 when there is none. */
static int distance_all(const rfree *F, lb_hex h)
{
    const lb_state *s = F->st;
    int best = INT_MAX;
    for (int i = 0; i < s->nunits; i++) {
        const lb_unit *v = &s->units[i];
        if (v->side == s->units[F->unit].side || !lb_unit_is_combat(v))
            continue;
        for (int j = 0; j < v->nhexes; j++) {
            int e = lb_hex_distance(h, v->hexes[j]);
            best = e < best ? e : best;
        }
    }
    return best == INT_MAX ? 0 : best;
}

/* Keeps path p of n hexes among the best so far: R-RET-4 (b) least cost, (c) fewest friendly
 * hexes, (e) the largest D over every enemy, then (R-RET-19) the fewest hexes. */
static int offer(rfree *F, const lb_hex *p, int n, int cost, int friendly)
{
    long rank[4] = {cost, friendly, -(long)distance_all(F, p[n - 1]), n};
    int cmp = 0;
    for (int i = 0; i < 4 && !cmp && F->n; i++)
        cmp = rank[i] < F->rank[i] ? -1 : rank[i] > F->rank[i];
    if (F->n && cmp > 0)
        return LB_OK;
    if (!F->n || cmp < 0) {
        F->n = 0;
        F->hexes = n;
        memcpy(F->rank, rank, sizeof rank);
    }
    lb_hex *grown = lb_grow(F->paths, &F->cap, (F->n + 1) * n, sizeof *grown);
    if (!grown)
        return LB_NOMEM;
    F->paths = grown;
    memcpy(F->paths + (size_t)F->n * (size_t)n, p, (size_t)n * sizeof *p);
    F->n++;
    return LB_OK;
}

/* Every simple path on from path[0..n] with `left` hexes or MP (R-RET-3: the first hex is always
 * affordable); each that may end (no other combat unit at its end, R-RET-2; a hex count's N
 * hexes) offered. path[0] is the start. */
static int walk(rfree *F, lb_hex *path, int n, int left, int cost, int friendly, int was_friend)
{
    int rc = LB_OK;
    if (n >= 1 && !was_friend && (!F->by_hexes || n == F->length))
        rc = offer(F, path + 1, n, cost, friendly);
    for (int d = 0; d < LB_DIR_COUNT && rc == LB_OK && n < F->length; d++) {
        fstep st;
        if (!step_of(F, path[n], d, &st) || (n >= 1 && st.spend > left))
            continue;
        lb_hex b = lb_hex_neighbor(path[n], d);
        int again = 0;
        for (int i = 1; i <= n; i++)
            again |= lb_hex_eq(path[i], b);
        if (again)
            continue;
        path[n + 1] = b;
        rc = walk(F, path, n + 1, left > st.spend ? left - st.spend : 0, cost + st.cost,
                  friendly + st.friendly, st.friendly);
    }
    return rc;
}

/* ---- the refuge: the nearest woods or dwelling hex 15 or more hexes from every enemy -------- */

/* A label of a way: spend, then terrain cost, then friendly hexes; smaller is better. */
typedef unsigned long long flabel;
#define FLABEL_NONE ULLONG_MAX

static flabel label_of(const fstep *st)
{
    return ((flabel)st->spend << 40) | ((flabel)st->cost << 20) | (flabel)st->friendly;
}

/* A hex is a refuge (R-RET-7, R-RET-19): woods or built-up terrain, no other combat unit in it,
 * 15 or more hexes from every enemy combat unit. */
static int refuge(const rfree *F, lb_hex h)
{
    const lb_state *s = F->st;
    if (!lbi_retreat_cover(s, h))
        return 0;
    const int *idx;
    int k = lb_state_units_at(s, h, &idx);
    for (int i = 0; i < k; i++)
        if (idx[i] != F->unit && lb_unit_is_combat(&s->units[idx[i]]))
            return 0;
    for (int i = 0; i < s->nunits; i++) {
        const lb_unit *v = &s->units[i];
        if (v->side == s->units[F->unit].side || !lb_unit_is_combat(v))
            continue;
        for (int j = 0; j < v->nhexes; j++)
            if (lb_hex_distance(h, v->hexes[j]) < LBI_RENEMY_RANGE)
                return 0;
    }
    return 1;
}

/* The open cells of a search, a binary heap by label then cell; at[cell] is the cell's place
 * in it, FQUEUE_NEVER before it is reached, FQUEUE_DONE once its label is final. */
#define FQUEUE_NEVER (-1)
#define FQUEUE_DONE (-2)
typedef struct fqueue {
    int *heap, *at, n;
} fqueue;

static int fqueue_before(const flabel *best, int a, int b)
{
    return best[a] < best[b] || (best[a] == best[b] && a < b);
}

static void fqueue_place(fqueue *q, int i, int cell)
{
    q->heap[i] = cell;
    q->at[cell] = i;
}

/* The cell at place i moved up to where its label belongs. */
static void fqueue_up(fqueue *q, const flabel *best, int i)
{
    int cell = q->heap[i];
    while (i > 0 && fqueue_before(best, cell, q->heap[(i - 1) / 2])) {
        fqueue_place(q, i, q->heap[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    fqueue_place(q, i, cell);
}

/* The least open cell, taken out and marked done. */
static int fqueue_take(fqueue *q, const flabel *best)
{
    int least = q->heap[0], cell = q->heap[--q->n], i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= q->n)
            break;
        if (c + 1 < q->n && fqueue_before(best, q->heap[c + 1], q->heap[c]))
            c++;
        if (!fqueue_before(best, q->heap[c], cell))
            break;
        fqueue_place(q, i, q->heap[c]);
        i = c;
    }
    if (q->n > 0)
        fqueue_place(q, i, cell);
    q->at[least] = FQUEUE_DONE;
    return least;
}

/* Dijkstra over the map: best[] the least label of a way from `from` to each cell (forward: the
 * steps leave each hex; backward: they enter `from`'s way to a target). The labels are final
 * whatever the order ties are taken in: they are the least sums. */
static void ways(const rfree *F, lb_hex from, int backward, flabel *best, fqueue *q)
{
    const lb_map *m = &F->st->map;
    int cells = m->cols * m->rows;
    for (int i = 0; i < cells; i++) {
        best[i] = FLABEL_NONE;
        q->at[i] = FQUEUE_NEVER;
    }
    best[lb_map_cell(m, from)] = 0;
    q->n = 1;
    fqueue_place(q, 0, lb_map_cell(m, from));
    while (q->n > 0) {
        int at = fqueue_take(q, best);
        lb_hex h = lb_map_hex(m, at);
        for (int d = 0; d < LB_DIR_COUNT; d++) {
            lb_hex b = lb_hex_neighbor(h, d);
            fstep st;
            if (!lb_map_contains(m, b) ||
                !(backward ? step_of(F, b, lb_hex_dir_opposite(d), &st) : step_of(F, h, d, &st)))
                continue;
            int bc = lb_map_cell(m, b);
            flabel l = best[at] + label_of(&st);
            if (q->at[bc] == FQUEUE_DONE || l >= best[bc])
                continue;
            best[bc] = l;
            if (q->at[bc] == FQUEUE_NEVER)
                fqueue_place(q, q->n++, bc);
            fqueue_up(q, best, q->at[bc]);
        }
    }
}

/* The refuge: the least label from the start, then the first hex in label order. */
static int nearest_refuge(const rfree *F, const flabel *from_start, lb_hex *out)
{
    const lb_map *m = &F->st->map;
    int found = -1;
    for (int i = 0; i < m->cols * m->rows; i++) /* cells run row by row; compare labels */
        if (from_start[i] != FLABEL_NONE && refuge(F, lb_map_hex(m, i))) {
            lb_hex h = lb_map_hex(m, i), f = found >= 0 ? lb_map_hex(m, found) : h;
            if (found < 0 || from_start[i] < from_start[found] ||
                (from_start[i] == from_start[found] &&
                 (h.col < f.col || (h.col == f.col && h.row < f.row))))
                found = i;
        }
    if (found >= 0)
        *out = lb_map_hex(m, found);
    return found >= 0;
}

/* The first way in label order among the best to `to`, its hexes entered into way (n). */
static int best_way(const rfree *F, const flabel *to_target, lb_hex to, lb_hex *way)
{
    const lb_map *m = &F->st->map;
    lb_hex h = F->start;
    flabel left = to_target[lb_map_cell(m, h)];
    int n = 0;
    while (!lb_hex_eq(h, to)) {
        lb_hex next = {0, 0};
        flabel after = 0;
        for (int d = 0; d < LB_DIR_COUNT; d++) {
            lb_hex b = lb_hex_neighbor(h, d);
            fstep st;
            if (!step_of(F, h, d, &st) || to_target[lb_map_cell(m, b)] == FLABEL_NONE ||
                label_of(&st) + to_target[lb_map_cell(m, b)] != left)
                continue;
            if (next.col == 0 || b.col < next.col || (b.col == next.col && b.row < next.row)) {
                next = b;
                after = to_target[lb_map_cell(m, b)];
            }
        }
        way[n++] = next;
        h = next;
        left = after;
    }
    return n;
}

/* R-RET-3: how much of the way the move allows (the first hex always), then back to the last
 * hex it may end in (no other combat unit, R-RET-2); its cost and friendly hexes. */
static int as_far_as(const rfree *F, const lb_hex *way, int n, int *cost, int *friendly)
{
    int left = F->length, end = 0;
    lb_hex h = F->start;
    for (int i = 0; i < n; i++) {
        fstep st;
        step_of(F, h, lb_hex_dir_to(h, way[i]), &st);
        if (i >= 1 && st.spend > left)
            break;
        left = left > st.spend ? left - st.spend : 0;
        end = st.friendly ? end : i + 1;
        h = way[i];
    }
    *cost = *friendly = 0;
    h = F->start;
    for (int i = 0; i < end; i++) {
        fstep st;
        step_of(F, h, lb_hex_dir_to(h, way[i]), &st);
        *cost += st.cost;
        *friendly += st.friendly;
        h = way[i];
    }
    return end;
}

/* R-RET-7, R-RET-19: a rout or flight toward the nearest refuge, as far as its move allows. */
static int toward_refuge(rfree *F, lb_trace *t)
{
    const lb_map *m = &F->st->map;
    size_t cells = (size_t)m->cols * (size_t)m->rows;
    flabel *from = malloc(cells * sizeof *from), *to = malloc(cells * sizeof *to);
    fqueue q = {malloc(cells * sizeof *q.heap), malloc(cells * sizeof *q.at), 0};
    lb_hex *way = malloc(cells * sizeof *way);
    int rc = from && to && q.heap && q.at && way ? LB_OK : LB_NOMEM;
    lb_hex target;
    if (rc == LB_OK && refuge(F, F->start)) {
        LBI_EVENT(t, "R-RET-19", "(30)", EV_RET_IN_REFUGE, ev_ret_hex(m, F->start));
    } else if (rc == LB_OK) {
        ways(F, F->start, 0, from, &q);
        if (!nearest_refuge(F, from, &target)) {
            LBI_EVENT0(t, "R-RET-19", "(30)", EV_RET_NO_REFUGE);
        } else {
            ways(F, target, 1, to, &q);
            int n = best_way(F, to, target, way), cost, friendly;
            int stop = as_far_as(F, way, n, &cost, &friendly);
            LBI_EVENT(t, "R-RET-7", "(30)", EV_RET_REFUGE, ev_ret_hex(m, target), ev_int(n),
                      ev_int(stop));
            if (stop > 0)
                rc = offer(F, way, stop, cost, friendly);
        }
    }
    free(from);
    free(to);
    free(q.heap);
    free(q.at);
    free(way);
    return rc;
}

int lbi_rfree_paths(rfree *F, const lb_state *s, int unit, lb_hex start, lb_retreat_kind kind,
                    int by_hexes, int length, lb_trace *t)
{
    memset(F, 0, sizeof *F);
    *F = (rfree){.st = s, .unit = unit, .start = start, .by_hexes = by_hexes, .length = length};
    if (kind != LB_RETREAT_DISORDER)
        return toward_refuge(F, t);
    if (length > LBI_RFREE_MOST)
        return LB_INVALID;
    lb_hex path[LBI_RFREE_MOST + 1];
    path[0] = start;
    LBI_EVENT(t, "R-RET-7", "(30)", EV_RET_NONE_COUNTED_DISORDER, ev_int(length));
    return walk(F, path, 0, length, 0, 0, 0);
}

void lbi_rfree_release(rfree *F)
{
    free(F->paths);
    memset(F, 0, sizeof *F);
}
