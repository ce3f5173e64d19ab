/* The values of one component's states: chains, cycles cut open, general components run by run. */
#include <limits.h>
#include <stdlib.h>

#include "lb/err.h"
#include "retreat_int.h"

/*
 * Every table is n * lv values, row p (a place along the component in the direction walked)
 * then level m. `cross` holds the climbing steps of each cell; `e` the value of E.
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

static inline size_t at(const rtables *T, int p, int m)
{
    return (size_t)p * (size_t)T->lv + (size_t)m;
}

/* Direction w of cell c as a bit, or 0. */
static unsigned bit(int w)
{
    return w >= 0 ? 1u << w : 0;
}

/* R-RET-2, R-RET-3, R-RET-5: the path may end in c with m left when m < end_limit (or m == 0).
 * `open` is the set of directions R-RET-1 still allows from c (the run's visited hexes out). */
int rs_end_limit(const rsearch *S, const rcell *c, unsigned open)
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

int rs_end_at(int limit, int m)
{
    return limit >= 0 && (m == 0 || m < limit);
}

/* The climbing steps of cell c at every level, into out[0..lv). */
static void climbs(const rsearch *S, const rcell *c, int counts, ragg *out)
{
    int lv = S->lv;
    for (int m = 0; m < lv; m++)
        out[m] = ragg_none();
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
            counts ? S->comps[cb->comp].cnt + (size_t)cb->pos * (size_t)lv : NULL;
        for (int m = s; m < lv; m++) {
            rkey k = ek[m - s];
            if (k != RKEY_NONE)
                ragg_add(&out[m], k + delta, ec ? ec[m - s] : 0, em[m - s]);
        }
    }
}

/* The options of place p at level m: its climbs, and the end when allowed by `limit`. */
static inline ragg options(const rtables *T, const rcell *c, int pos, int m, int limit)
{
    ragg v = T->cross[at(T, pos, m)];
    if (rs_end_at(limit, m))
        ragg_add(&v, RKEY_END, 1, c->d);
    return v;
}

/* out[m] += delta + from[m - s], for every m with m - s >= 0. */
static void add_shifted(ragg *out, const ragg *from, int lv, int s, uint32_t delta)
{
    for (int m = s; m < lv; m++)
        if (from[m - s].key != RKEY_NONE)
            ragg_add(&out[m], from[m - s].key + delta, from[m - s].count, from[m - s].maxd);
}

int rline_cell(const rline *ln, int p)
{
    int n = ln->L, q = p % n;
    if (ln->way == 0)
        return ln->S->comp_cells[ln->k->first + q];
    if (ln->k->kind == COMP_CYCLE)
        return ln->S->comp_cells[ln->k->first + (n - q) % n];
    return ln->S->comp_cells[ln->k->first + n - 1 - q];
}

int rline_on(const rline *ln, const rcell *c)
{
    return ln->way == 0 ? c->fwd : c->back;
}

int rline_behind(const rline *ln, const rcell *c)
{
    return ln->way == 0 ? c->back : c->fwd;
}

uint32_t rline_delta(const rline *ln, int p)
{
    const rcell *c = &ln->S->cells[rline_cell(ln, p)], *b = &ln->S->cells[rline_cell(ln, p + 1)];
    int d = rline_on(ln, c);
    return rkey_step(c->cost[d], (b->flags & CELL_FRIEND) != 0);
}

int rline_spend(const rline *ln, int p)
{
    const rcell *c = &ln->S->cells[rline_cell(ln, p)];
    return c->spend[rline_on(ln, c)];
}

/* Chain: V over places 1 .. L - 1 (place 0 is only ever an entry walking this way); adds the
 * walks to E. */
static void chain_way(const rline *ln, rtables *T, ragg *V)
{
    const rsearch *S = ln->S;
    int L = ln->L, lv = T->lv;
    for (int p = L - 1; p >= 1; p--) {
        int cell = rline_cell(ln, p);
        const rcell *c = &S->cells[cell];
        int limit = rs_end_limit(S, c, c->legal & ~bit(rline_behind(ln, c)));
        ragg *row = V + at(T, p, 0);
        for (int m = 0; m < lv; m++)
            row[m] = options(T, c, c->pos, m, limit);
        if (p + 1 < L)
            add_shifted(row, V + at(T, p + 1, 0), lv, rline_spend(ln, p), rline_delta(ln, p));
        /* the entry one place back walks on to here */
        const rcell *e = &S->cells[rline_cell(ln, p - 1)];
        add_shifted(T->e + at(T, e->pos, 0), row, lv, rline_spend(ln, p - 1),
                    rline_delta(ln, p - 1));
    }
}

/* Cycle, one way: the chains A and A0 and the prefix table Q (see the top of the file). */
static void cycle_way(const rline *ln, rtables *T, ragg *A, ragg *A0, ragg *Q)
{
    const rsearch *S = ln->S;
    int L = ln->L, lv = T->lv;
    for (int p = L - 1; p >= 1; p--) {
        const rcell *c = &S->cells[rline_cell(ln, p)];
        unsigned mid = c->legal & ~bit(rline_behind(ln, c));
        int lim_mid = rs_end_limit(S, c, mid), lim_last = rs_end_limit(S, c, mid & ~bit(rline_on(ln, c)));
        ragg *a = A + at(T, p, 0), *a0 = A0 + at(T, p, 0);
        for (int m = 0; m < lv; m++) {
            a[m] = options(T, c, c->pos, m, lim_mid);
            a0[m] = p == L - 1 ? options(T, c, c->pos, m, lim_last) : a[m];
        }
        if (p + 1 < L) {
            add_shifted(a, A + at(T, p + 1, 0), lv, rline_spend(ln, p), rline_delta(ln, p));
            add_shifted(a0, A0 + at(T, p + 1, 0), lv, rline_spend(ln, p), rline_delta(ln, p));
        }
        const rcell *e = &S->cells[rline_cell(ln, p - 1)];
        ragg *from = p - 1 == 0 ? a0 : a;
        add_shifted(T->e + at(T, e->pos, 0), from, lv, rline_spend(ln, p - 1),
                    rline_delta(ln, p - 1));
    }
    /* crossing the cut: from entry e the walk to place 0 of the second lap spends sigma and adds
     * delta; then Q(e - 2) or the last place e - 1 */
    int sigma = 0, tau = 0;
    uint32_t delta = 0, gamma = 0;
    for (int p = 1; p < L; p++) {
        sigma += rline_spend(ln, p);
        delta += rline_delta(ln, p);
    }
    /* sigma, delta: from place 1 to place L (0 again); entries e = 1 .. L - 1 */
    ragg *R = Q + at(T, L - 1, 0); /* scratch row: Q needs rows 0 .. L - 3 only */
    for (int e = 1; e < L; e++) {
        /* R_e(m') = Q(e - 2, m') + [gamma_{e-1} + last(e - 1, m' - tau_{e-1})] */
        const rcell *c = &S->cells[rline_cell(ln, e - 1)];
        unsigned mid = c->legal & ~bit(rline_behind(ln, c));
        int lim_mid = rs_end_limit(S, c, mid), lim_last = rs_end_limit(S, c, mid & ~bit(rline_on(ln, c)));
        for (int m = 0; m < lv; m++)
            R[m] = e >= 2 ? Q[at(T, e - 2, m)] : ragg_none();
        for (int m = tau; m < lv; m++) {
            ragg o = options(T, c, c->pos, m - tau, lim_last);
            if (o.key != RKEY_NONE)
                ragg_add(&R[m], o.key + gamma, o.count, o.maxd);
        }
        const rcell *ce = &S->cells[rline_cell(ln, e)];
        add_shifted(T->e + at(T, ce->pos, 0), R, lv, sigma, delta);
        /* Q(e - 1) = Q(e - 2) + [gamma + mid(e - 1)] */
        if (e - 1 <= L - 3) {
            ragg *q = Q + at(T, e - 1, 0);
            for (int m = 0; m < lv; m++)
                q[m] = e >= 2 ? Q[at(T, e - 2, m)] : ragg_none();
            for (int m = tau; m < lv; m++) {
                ragg o = options(T, c, c->pos, m - tau, lim_mid);
                if (o.key != RKEY_NONE)
                    ragg_add(&q[m], o.key + gamma, o.count, o.maxd);
            }
        }
        tau += rline_spend(ln, e - 1);
        gamma += rline_delta(ln, e - 1);
        sigma -= rline_spend(ln, e);
        delta -= rline_delta(ln, e);
    }
}

/* General component: every run from every entry (simple paths within the component). */
int rs_runs(const rsearch *S, int entry, int budget, rrun **out, int *nout, long *used)
{
    const rcomp *k = &S->comps[S->cells[entry].comp];
    int cap = 64, n = 0;
    rrun *r = malloc((size_t)cap * sizeof *r);
    uint8_t *seen = calloc((size_t)k->n, 1);
    int *dirs = malloc(((size_t)k->n + 1) * sizeof *dirs);
    if (!r || !seen || !dirs) {
        free(r);
        free(seen);
        free(dirs);
        return LB_NOMEM;
    }
    int rc = LB_OK;
    /* iterative depth-first listing: dirs[depth] is the next direction to try at that node */
    int node = 0, depth = 0;
    r[n++] = (rrun){.cell = entry, .parent = -1, .spent = 0, .delta = 0};
    seen[S->cells[entry].pos] = 1;
    dirs[0] = 0;
    while (depth >= 0) {
        rrun *cur = &r[node];
        const rcell *c = &S->cells[cur->cell];
        if (dirs[depth] == 0) {
            unsigned open = c->legal;
            for (int d = 0; d < LB_DIR_COUNT; d++)
                if ((c->same & (1u << d)) && c->nbr[d] >= 0 && seen[S->cells[c->nbr[d]].pos])
                    open &= ~(1u << d);
            cur->open = (uint8_t)open;
        }
        int d = dirs[depth], child = -1;
        for (; d < LB_DIR_COUNT && child < 0; d++) {
            int b = c->nbr[d];
            if (!(c->same & (1u << d)) || b < 0 || seen[S->cells[b].pos] ||
                cur->spent + c->spend[d] > budget)
                continue;
            if (n == cap || *used >= RSEARCH_MAX_TRIE) {
                if (*used >= RSEARCH_MAX_TRIE) {
                    rc = LB_NOMEM;
                    break;
                }
                rrun *g = realloc(r, (size_t)(2 * cap) * sizeof *r);
                if (!g) {
                    rc = LB_NOMEM;
                    break;
                }
                r = g;
                cap *= 2;
                cur = &r[node];
            }
            const rcell *cb = &S->cells[b];
            r[n] = (rrun){.cell = b, .parent = node, .spent = cur->spent + c->spend[d],
                          .delta = cur->delta +
                                   rkey_step(c->cost[d], (cb->flags & CELL_FRIEND) != 0)};
            child = n++;
            (*used)++;
        }
        if (rc != LB_OK)
            break;
        dirs[depth] = d;
        if (child >= 0) {
            seen[S->cells[r[child].cell].pos] = 1;
            node = child;
            dirs[++depth] = 0;
        } else {
            seen[c->pos] = 0;
            node = r[node].parent;
            depth--;
        }
    }
    free(seen);
    free(dirs);
    if (rc != LB_OK) {
        free(r);
        return rc;
    }
    *out = r;
    *nout = n;
    return LB_OK;
}

static int general(const rsearch *S, const rcomp *k, rtables *T, long *used)
{
    for (int i = 0; i < k->n; i++) {
        int entry = S->comp_cells[k->first + i];
        rrun *r;
        int n;
        int rc = rs_runs(S, entry, T->lv - 1, &r, &n, used);
        if (rc != LB_OK)
            return rc;
        ragg *e = T->e + at(T, i, 0);
        for (int j = 1; j < n; j++) {
            const rcell *c = &S->cells[r[j].cell];
            int limit = rs_end_limit(S, c, r[j].open);
            for (int m = r[j].spent; m < T->lv; m++) {
                ragg o = options(T, c, c->pos, m - r[j].spent, limit);
                if (o.key != RKEY_NONE)
                    ragg_add(&e[m], o.key + r[j].delta, o.count, o.maxd);
            }
        }
        free(r);
    }
    return LB_OK;
}

void rtables_free_way(rtables *T, int w)
{
    for (int j = 0; j < 3; j++) {
        free(T->way[w][j]);
        T->way[w][j] = NULL;
    }
}

void rtables_release(rtables *T)
{
    free(T->cross);
    free(T->e);
    rtables_free_way(T, 0);
    rtables_free_way(T, 1);
    *T = (rtables){0};
}

int rtables_fill(const rsearch *S, int comp, int counts, rtables *T, long *used)
{
    const rcomp *k = &S->comps[comp];
    *T = (rtables){.n = k->n, .lv = S->lv};
    size_t cells = (size_t)k->n * (size_t)S->lv;
    T->cross = malloc(cells * sizeof *T->cross);
    T->e = malloc(cells * sizeof *T->e);
    if (!T->cross || !T->e) {
        rtables_release(T);
        return LB_NOMEM;
    }
    for (int i = 0; i < k->n; i++) {
        const rcell *c = &S->cells[S->comp_cells[k->first + i]];
        climbs(S, c, counts, T->cross + at(T, i, 0));
        int limit = rs_end_limit(S, c, c->legal);
        for (int m = 0; m < S->lv; m++)
            T->e[at(T, i, m)] = options(T, c, i, m, limit);
    }
    if (k->kind == COMP_GENERAL) {
        int rc = general(S, k, T, used);
        if (rc != LB_OK)
            rtables_release(T);
        return rc;
    }
    return LB_OK;
}

int rtables_way(const rsearch *S, int comp, int w, rtables *T)
{
    const rcomp *k = &S->comps[comp];
    if (k->kind == COMP_GENERAL || k->n < 2)
        return LB_OK;
    size_t cells = (size_t)k->n * (size_t)S->lv;
    int tables = k->kind == COMP_CYCLE ? 3 : 1;
    for (int j = 0; j < tables; j++)
        if (!(T->way[w][j] = malloc(cells * sizeof(ragg)))) {
            rtables_free_way(T, w);
            return LB_NOMEM;
        }
    rline ln = {S, k, w, k->n};
    if (k->kind == COMP_CHAIN)
        chain_way(&ln, T, T->way[w][0]);
    else
        cycle_way(&ln, T, T->way[w][0], T->way[w][1], T->way[w][2]);
    return LB_OK;
}
