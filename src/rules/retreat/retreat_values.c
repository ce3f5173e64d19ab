/* The values of one component's states: chains, cycles cut open, general components run by run. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "lb/core.h"
#include "retreat_int.h"

/*
 * Every table is rows of lv values, row p (a place along the component in the direction walked)
 * then level m; keys always, counts and largest end distances only when counting. `cross`
 * holds the climbing steps of each cell; `e` the value of E.
 *
 * Chain, walking one way: V(p, m) is the value of having just stepped onto place p (the place
 * behind is visited): V(p) = options(p) + [step on to p + 1, then V(p + 1)].
 *
 * Cycle of L places, walking one way from an entry e: the run may not come back to e, so it
 * stops by e - 1 at the latest, and there (the "last" place) the step on is not open. Cut the
 * ring between L - 1 and 0. A run from e >= 1 either stays on places e + 1 .. L - 1 (the chain
 * A over those places, entry-free), or crosses the cut and stops on a place j <= e - 1 of the
 * second lap: with Q(k, m') = the best of places 0 .. k reached from 0 with m' (a prefix best,
 * entry-free), that is Q(e - 2) or the last place e - 1. A run from 0 is the chain A0 over
 * 1 .. L - 1 whose place L - 1 is last. Each table costs O(L * lv).
 */

/* Row p of a table: all rows kept (marking), or for walk tables when counting two in turn and a
 * scratch row (each row needs only the one after it). */
static inline rrow row_at(const rtables *T, const rtab *t, size_t r)
{
    size_t o = r * (size_t)T->lv;
    return (rrow){t->key + o, t->count ? t->count + o : NULL, t->maxd ? t->maxd + o : NULL};
}

static inline rrow trow(const rtables *T, const rtab *t, int p)
{
    return row_at(T, t, (size_t)(T->counting ? p % 2 : p));
}

static inline rrow scratch_row(const rtables *T, const rtab *t)
{
    return row_at(T, t, (size_t)(T->counting ? 2 : T->n));
}

static int rtab_reserve(const rtables *T, rtab *t, int rows);

/* Direction w of cell c as a bit, or 0. */
static unsigned bit(int w)
{
    return w >= 0 ? 1u << w : 0;
}

/* R-RET-2, R-RET-3, R-RET-5: the path may end in c with m left when m < end_limit (or m == 0).
 * `open` is the set of directions R-RET-1 still allows from c (the run's visited hexes out). */
int lbi_rs_end_limit(const rsearch *S, const rcell *c, unsigned open)
{
    if (!(c->flags & CELL_END))
        return -1;
    if (S->mode == MODE_DISORDER)
        return INT_MAX;
    if (S->mode == MODE_HEXES)
        return 0;
    /* complete: no MP left, or every step still allowed costs more than what is left */
    int least = 0;
    for (int d = 0; d < LB_DIR_COUNT; d++)
        if ((open & (1u << d)) && (least == 0 || c->spend[d] < least))
            least = c->spend[d];
    return least;
}

/* Adds the option (key, count, maxd) to entry i of row r (counts only when counting). */
static inline void merge(const rtables *T, rrow r, int i, rkey key, uint64_t count, int maxd)
{
    if (key < r.key[i]) {
        r.key[i] = key;
        if (T->counting) {
            r.count[i] = count;
            r.maxd[i] = (uint16_t)maxd;
        }
    } else if (T->counting && key == r.key[i] && key != RKEY_NONE) {
        r.count[i] = rcount_add(r.count[i], count);
        if (maxd > r.maxd[i])
            r.maxd[i] = (uint16_t)maxd;
    }
}

static void row_none(const rtables *T, rrow r)
{
    for (int m = 0; m < T->lv; m++)
        r.key[m] = RKEY_NONE;
    if (T->counting) {
        memset(r.count, 0, (size_t)T->lv * sizeof *r.count);
        memset(r.maxd, 0, (size_t)T->lv * sizeof *r.maxd);
    }
}

static void row_copy(const rtables *T, rrow to, rrow from)
{
    memcpy(to.key, from.key, (size_t)T->lv * sizeof *to.key);
    if (T->counting) {
        memcpy(to.count, from.count, (size_t)T->lv * sizeof *to.count);
        memcpy(to.maxd, from.maxd, (size_t)T->lv * sizeof *to.maxd);
    }
}

/* The climbing steps of cell c at every level, into row out. */
static void climbs(const rsearch *S, const rtables *T, const rcell *c, rrow out)
{
    int lv = S->lv;
    row_none(T, out);
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        int b = c->nbr[d];
        if (!(c->legal & ~c->same & (1u << d)) || b < 0)
            continue;
        const rcell *cb = &S->cells[b];
        uint32_t delta = rkey_step(c->cost[d], (cb->flags & CELL_FRIEND) != 0);
        int s = c->spend[d];
        const rkey *ek = S->ekey + (size_t)b * (size_t)lv;
        const uint16_t *em = S->emaxd + (size_t)b * (size_t)lv;
        const uint64_t *ec =
            T->counting ? S->comps[cb->comp].cnt + (size_t)cb->pos * (size_t)lv : NULL;
        for (int m = s; m < lv; m++) {
            rkey k = ek[m - s];
            if (k != RKEY_NONE)
                merge(T, out, m, k + delta, ec ? ec[m - s] : 0, em[m - s]);
        }
    }
}

/* Row out = the options of cell c (its climbs, and the end when `limit` allows it). */
static void options_row(const rtables *T, const rcell *c, int limit, rrow out)
{
    row_copy(T, out, row_at(T, &T->cross, (size_t)c->pos));
    for (int m = 0; m < T->lv; m++)
        if (rs_end_at(limit, m))
            merge(T, out, m, RKEY_END, 1, c->d);
}

/* out[m] += delta + from[m - s], for every m >= s. */
static void add_shifted(const rtables *T, rrow out, rrow from, int s, uint32_t delta)
{
    int lv = T->lv;
    if (!T->counting) {
        /* keys only: a branch-free minimum */
        const rkey *f = from.key;
        rkey *o = out.key;
        for (int m = s; m < lv; m++) {
            rkey k = f[m - s], v = k == RKEY_NONE ? RKEY_NONE : k + delta;
            o[m] = v < o[m] ? v : o[m];
        }
        return;
    }
    for (int m = s; m < lv; m++) {
        rkey k = from.key[m - s];
        if (k == RKEY_NONE)
            continue;
        k += delta;
        if (k < out.key[m]) {
            out.key[m] = k;
            out.count[m] = from.count[m - s];
            out.maxd[m] = from.maxd[m - s];
        } else if (k == out.key[m]) {
            out.count[m] = rcount_add(out.count[m], from.count[m - s]);
            if (from.maxd[m - s] > out.maxd[m])
                out.maxd[m] = from.maxd[m - s];
        }
    }
}

/* out = base + (delta + from[m - s]): a copy and a merge, in one pass when keys only. */
static void copy_add_shifted(const rtables *T, rrow out, rrow base, rrow from, int s,
                             uint32_t delta)
{
    if (T->counting) {
        row_copy(T, out, base);
        add_shifted(T, out, from, s, delta);
        return;
    }
    int lv = T->lv, m = 0;
    for (; m < s && m < lv; m++)
        out.key[m] = base.key[m];
    for (; m < lv; m++) {
        rkey k = from.key[m - s], v = k == RKEY_NONE ? RKEY_NONE : k + delta;
        out.key[m] = v < base.key[m] ? v : base.key[m];
    }
}

/* E of cell c += the walk from it whose first step spends s and adds delta, valued by `from`. */
static void add_to_e(const rtables *T, const rcell *c, rrow from, int s, uint32_t delta)
{
    if (T->counting)
        add_shifted(T, row_at(T, &T->e, (size_t)c->pos), from, s, delta);
}

int lbi_rline_cell(const rline *ln, int p)
{
    int n = ln->L, q = p % n;
    if (ln->way == 0)
        return ln->S->comp_cells[ln->k->first + q];
    if (ln->k->kind == COMP_CYCLE)
        return ln->S->comp_cells[ln->k->first + (n - q) % n];
    return ln->S->comp_cells[ln->k->first + n - 1 - q];
}

int lbi_rline_on(const rline *ln, const rcell *c)
{
    return ln->way == 0 ? c->fwd : c->back;
}

int lbi_rline_behind(const rline *ln, const rcell *c)
{
    return ln->way == 0 ? c->back : c->fwd;
}

uint32_t lbi_rline_delta(const rline *ln, int p)
{
    const rcell *c = &ln->S->cells[lbi_rline_cell(ln, p)],
                *b = &ln->S->cells[lbi_rline_cell(ln, p + 1)];
    int d = lbi_rline_on(ln, c);
    return rkey_step(c->cost[d], (b->flags & CELL_FRIEND) != 0);
}

int lbi_rline_spend(const rline *ln, int p)
{
    const rcell *c = &ln->S->cells[lbi_rline_cell(ln, p)];
    return c->spend[lbi_rline_on(ln, c)];
}

/* Chain: V over places 1 .. L - 1 (place 0 is only ever an entry walking this way); adds the
 * walks to E. */
static void chain_way(const rline *ln, rtables *T, const rtab *V)
{
    const rsearch *S = ln->S;
    int L = ln->L;
    for (int p = L - 1; p >= 1; p--) {
        const rcell *c = &S->cells[lbi_rline_cell(ln, p)];
        rrow row = trow(T, V, p);
        options_row(T, c, lbi_rs_end_limit(S, c, c->legal & ~bit(lbi_rline_behind(ln, c))), row);
        if (p + 1 < L)
            add_shifted(T, row, trow(T, V, p + 1), lbi_rline_spend(ln, p), lbi_rline_delta(ln, p));
        /* the entry one place back walks on to here */
        add_to_e(T, &S->cells[lbi_rline_cell(ln, p - 1)], row, lbi_rline_spend(ln, p - 1),
                 lbi_rline_delta(ln, p - 1));
    }
}

/* Cycle, one way: the chains A and A0 and the prefix table Q (see the top of the file). */
static void cycle_way(const rline *ln, rtables *T, const rtab *A, const rtab *A0, const rtab *Q)
{
    const rsearch *S = ln->S;
    int L = ln->L;
    for (int p = L - 1; p >= 1; p--) {
        const rcell *c = &S->cells[lbi_rline_cell(ln, p)];
        unsigned mid = c->legal & ~bit(lbi_rline_behind(ln, c));
        rrow a = trow(T, A, p), a0 = trow(T, A0, p);
        options_row(T, c, lbi_rs_end_limit(S, c, mid), a);
        if (p == L - 1) {
            options_row(T, c, lbi_rs_end_limit(S, c, mid & ~bit(lbi_rline_on(ln, c))), a0);
        } else {
            copy_add_shifted(T, a0, a, trow(T, A0, p + 1), lbi_rline_spend(ln, p),
                             lbi_rline_delta(ln, p));
            add_shifted(T, a, trow(T, A, p + 1), lbi_rline_spend(ln, p), lbi_rline_delta(ln, p));
        }
        add_to_e(T, &S->cells[lbi_rline_cell(ln, p - 1)], p - 1 == 0 ? a0 : a,
                 lbi_rline_spend(ln, p - 1), lbi_rline_delta(ln, p - 1));
    }
    /* crossing the cut: from entry e the walk to place 0 of the second lap spends sigma and adds
     * delta; then Q(e - 2) or the last place e - 1 */
    int sigma = 0, tau = 0;
    uint32_t delta = 0, gamma = 0;
    for (int p = 1; p < L; p++) {
        sigma += lbi_rline_spend(ln, p);
        delta += lbi_rline_delta(ln, p);
    }
    rrow R = scratch_row(T, Q), opt = scratch_row(T, A); /* Q needs rows 0 .. L - 3 only */
    for (int e = 1; e < L; e++) {
        /* R_e(m') = Q(e - 2, m') + [gamma_{e-1} + last(e - 1, m' - tau_{e-1})] */
        const rcell *c = &S->cells[lbi_rline_cell(ln, e - 1)];
        unsigned mid = c->legal & ~bit(lbi_rline_behind(ln, c));
        if (T->counting) {
            if (e >= 2)
                row_copy(T, R, trow(T, Q, e - 2));
            else
                row_none(T, R);
            options_row(T, c, lbi_rs_end_limit(S, c, mid & ~bit(lbi_rline_on(ln, c))), opt);
            add_shifted(T, R, opt, tau, gamma);
            add_to_e(T, &S->cells[lbi_rline_cell(ln, e)], R, sigma, delta);
        }
        /* Q(e - 1) = Q(e - 2) + [gamma + mid(e - 1)] */
        if (e - 1 <= L - 3) {
            rrow q = trow(T, Q, e - 1);
            options_row(T, c, lbi_rs_end_limit(S, c, mid), opt);
            if (e >= 2) {
                copy_add_shifted(T, q, trow(T, Q, e - 2), opt, tau, gamma);
            } else {
                row_none(T, q);
                add_shifted(T, q, opt, tau, gamma);
            }
        }
        tau += lbi_rline_spend(ln, e - 1);
        gamma += lbi_rline_delta(ln, e - 1);
        sigma -= lbi_rline_spend(ln, e);
        delta -= lbi_rline_delta(ln, e);
    }
}

/* The runs of a general component from its cell `entry`, appended to buf (simple paths within
 * the component, listed depth first). */
int lbi_rs_runs(const rsearch *S, int entry, int budget, rrunbuf *buf, long *used)
{
    const rcomp *k = &S->comps[S->cells[entry].comp];
    if (k->n == 1) /* a lone hex: the run is its entry, every step from it open */
        return lbi_rrunbuf_push(buf, (rrun){.cell = entry, .parent = -1,
                                        .open = S->cells[entry].legal});
    int caps = buf->capseen, capd = buf->capseen; /* two arrays, one capacity */
    uint8_t *seen = lb_grow(buf->seen, &caps, k->n + 1, 1);
    if (seen)
        buf->seen = seen;
    int *dirs = lb_grow(buf->dirs, &capd, k->n + 1, sizeof *dirs);
    if (dirs)
        buf->dirs = dirs;
    if (!seen || !dirs)
        return LB_NOMEM;
    buf->capseen = caps;
    memset(buf->seen, 0, (size_t)k->n);
    int first = buf->n;
    /* iterative depth-first listing: dirs[depth] is the next direction to try at that node */
    int node = first, depth = 0;
    if (lbi_rrunbuf_push(buf, (rrun){.cell = entry, .parent = -1}) != LB_OK)
        return LB_NOMEM;
    buf->seen[S->cells[entry].pos] = 1;
    buf->dirs[0] = 0;
    while (depth >= 0) {
        const rcell *c = &S->cells[buf->run[node].cell];
        if (buf->dirs[depth] == 0) {
            unsigned open = c->legal;
            for (int d = 0; d < LB_DIR_COUNT; d++)
                if ((c->same & (1u << d)) && c->nbr[d] >= 0 &&
                    buf->seen[S->cells[c->nbr[d]].pos])
                    open &= ~(1u << d);
            buf->run[node].open = (uint8_t)open;
        }
        int d = buf->dirs[depth], child = -1;
        for (; d < LB_DIR_COUNT && child < 0; d++) {
            int b = c->nbr[d];
            const rrun cur = buf->run[node];
            if (!(c->same & (1u << d)) || b < 0 || buf->seen[S->cells[b].pos] ||
                cur.spent + c->spend[d] > budget)
                continue;
            if (++*used > RSEARCH_MAX_TRIE)
                return LB_NOMEM;
            const rcell *cb = &S->cells[b];
            rrun next = {.cell = b, .parent = node - first, .spent = cur.spent + c->spend[d],
                         .delta = cur.delta + rkey_step(c->cost[d], (cb->flags & CELL_FRIEND) != 0)};
            if (lbi_rrunbuf_push(buf, next) != LB_OK)
                return LB_NOMEM;
            child = buf->n - 1;
        }
        buf->dirs[depth] = d;
        if (child >= 0) {
            buf->seen[S->cells[buf->run[child].cell].pos] = 1;
            node = child;
            buf->dirs[++depth] = 0;
        } else {
            buf->seen[c->pos] = 0;
            node = buf->run[node].parent + first;
            depth--;
        }
    }
    return LB_OK;
}

int lbi_rrunbuf_push(rrunbuf *buf, rrun r)
{
    rrun *g = lb_grow(buf->run, &buf->cap, buf->n + 1, sizeof *g);
    if (!g)
        return LB_NOMEM;
    buf->run = g;
    buf->run[buf->n++] = r;
    return LB_OK;
}

void lbi_rrunbuf_release(rrunbuf *buf)
{
    free(buf->run);
    free(buf->seen);
    free(buf->dirs);
    *buf = (rrunbuf){0};
}

/* General component (counting): E of each entry += every run from it. */
static int general(const rsearch *S, const rcomp *k, rtables *T, long *used)
{
    if (rtab_reserve(T, &T->opt, 1) != LB_OK)
        return LB_NOMEM;
    rrow o = row_at(T, &T->opt, 0);
    rrunbuf runs = {0};
    int rc = LB_OK;
    for (int i = 0; i < k->n && rc == LB_OK; i++) {
        int entry = S->comp_cells[k->first + i];
        runs.n = 0;
        rc = lbi_rs_runs(S, entry, T->lv - 1, &runs, used);
        if (rc != LB_OK)
            break;
        rrow e = row_at(T, &T->e, (size_t)i);
        for (int j = 1; j < runs.n; j++) {
            const rrun *r = &runs.run[j];
            const rcell *c = &S->cells[r->cell];
            options_row(T, c, lbi_rs_end_limit(S, c, r->open), o);
            add_shifted(T, e, o, r->spent, r->delta);
        }
    }
    lbi_rrunbuf_release(&runs);
    return rc;
}

static void rtab_free(rtab *t)
{
    free(t->key);
    free(t->count);
    free(t->maxd);
    *t = (rtab){0};
}

/* Room for `rows` rows in t: keys, and counts and largest end distances when counting. The
 * buffers are kept from one component to the next and only grow. */
static int rtab_reserve(const rtables *T, rtab *t, int rows)
{
    if ((size_t)rows * (size_t)T->lv > INT_MAX)
        return LB_NOMEM;
    int n = rows * T->lv;
    if (n <= t->cap)
        return LB_OK;
    /* up to three arrays, one capacity (counts and D only once counting) */
    int capk = t->cap, capc = t->count ? t->cap : 0, capm = t->maxd ? t->cap : 0;
    rkey *key = lb_grow(t->key, &capk, n, sizeof *key);
    if (key)
        t->key = key;
    if (T->counting) {
        uint64_t *count = lb_grow(t->count, &capc, n, sizeof *count);
        if (count)
            t->count = count;
        uint16_t *maxd = lb_grow(t->maxd, &capm, n, sizeof *maxd);
        if (maxd)
            t->maxd = maxd;
        if (!count || !maxd)
            return LB_NOMEM;
    }
    if (!key)
        return LB_NOMEM;
    t->cap = capk;
    return LB_OK;
}

void lbi_rtables_release(rtables *T)
{
    rtab_free(&T->cross);
    rtab_free(&T->e);
    rtab_free(&T->opt);
    for (int w = 0; w < 2; w++)
        for (int j = 0; j < 3; j++)
            rtab_free(&T->way[w][j]);
    *T = (rtables){0};
}

int lbi_rtables_fill(const rsearch *S, int comp, rtables *T, long *used)
{
    const rcomp *k = &S->comps[comp];
    T->n = k->n;
    T->lv = S->lv;
    if (rtab_reserve(T, &T->cross, k->n) != LB_OK ||
        (T->counting && rtab_reserve(T, &T->e, k->n) != LB_OK))
        return LB_NOMEM;
    for (int i = 0; i < k->n; i++) {
        const rcell *c = &S->cells[S->comp_cells[k->first + i]];
        climbs(S, T, c, row_at(T, &T->cross, (size_t)i));
        if (T->counting)
            options_row(T, c, lbi_rs_end_limit(S, c, c->legal), row_at(T, &T->e, (size_t)i));
    }
    if (T->counting && k->kind == COMP_GENERAL)
        return general(S, k, T, used);
    return LB_OK;
}

/* The same options as climbs then the end, merged in place: counting, the end first (the order
 * of options does not change a value). Only the levels a path can have left on entering the hex
 * are worked out: every step spends at least 1 (the first at most all but 0), so a hex `depth`
 * steps from the start is entered with at most max(B - depth, 0) left; the levels above are
 * never read (a step from a state no path reaches leads only to such states), and left empty. */
void lbi_rtables_lone(const rsearch *S, int comp, rrow out)
{
    const rcell *c = &S->cells[S->comp_cells[S->comps[comp].first]];
    size_t stride = (size_t)S->lv;
    int lv = S->lv, limit = lbi_rs_end_limit(S, c, c->legal);
    int top = S->budget - c->depth > 0 ? S->budget - c->depth : 0;
    if (top < lv - 1) {
        for (int m = top + 1; m < lv; m++)
            out.key[m] = RKEY_NONE;
        memset(out.count + top + 1, 0, (size_t)(lv - 1 - top) * sizeof *out.count);
        memset(out.maxd + top + 1, 0, (size_t)(lv - 1 - top) * sizeof *out.maxd);
        lv = top + 1; /* the levels worked out */
    }
    for (int m = 0; m < lv; m++) {
        int end = rs_end_at(limit, m);
        out.key[m] = end ? RKEY_END : RKEY_NONE;
        out.count[m] = (uint64_t)end;
        out.maxd[m] = (uint16_t)(end ? c->d : 0);
    }
    unsigned up = c->legal & ~c->same;
    for (int d = 0; up && d < LB_DIR_COUNT; d++) {
        int b = c->nbr[d];
        if (!(up & (1u << d)) || b < 0)
            continue;
        const rcell *cb = &S->cells[b];
        uint32_t delta = rkey_step(c->cost[d], (cb->flags & CELL_FRIEND) != 0);
        int s = c->spend[d];
        const rkey *ek = S->ekey + (size_t)b * stride;
        const uint16_t *em = S->emaxd + (size_t)b * stride;
        const uint64_t *ec = S->comps[cb->comp].cnt + (size_t)cb->pos * stride;
        for (int m = s; m < lv; m++) {
            rkey k = ek[m - s];
            if (k == RKEY_NONE)
                continue;
            k += delta;
            if (k < out.key[m]) {
                out.key[m] = k;
                out.count[m] = ec[m - s];
                out.maxd[m] = em[m - s];
            } else if (k == out.key[m]) {
                out.count[m] = rcount_add(out.count[m], ec[m - s]);
                if (em[m - s] > out.maxd[m])
                    out.maxd[m] = em[m - s];
            }
        }
    }
}

int lbi_rtables_way(const rsearch *S, int comp, int w, rtables *T)
{
    const rcomp *k = &S->comps[comp];
    if (k->kind == COMP_GENERAL || k->n < 2)
        return LB_OK;
    /* each table has a spare row at the end for scratch */
    int rows = T->counting ? 3 : k->n + 1, tables = k->kind == COMP_CYCLE ? 3 : 1;
    for (int j = 0; j < tables; j++)
        if (rtab_reserve(T, &T->way[w][j], rows) != LB_OK)
            return LB_NOMEM;
    rline ln = {S, k, w, k->n};
    if (k->kind == COMP_CHAIN)
        chain_way(&ln, T, &T->way[w][0]);
    else
        cycle_way(&ln, T, &T->way[w][0], &T->way[w][1], &T->way[w][2]);
    return LB_OK;
}
