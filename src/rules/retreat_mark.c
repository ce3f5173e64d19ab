/* Every hex on an optimal retreat path and every end hex: the DAG walked forward from the start. */
#include <stdlib.h>
#include <string.h>

#include "lb/err.h"
#include "retreat_int.h"

/*
 * A state is live when some optimal path passes through it. The start's first steps that reach
 * the optimum make their states live; a live state makes live every option that reaches its
 * value. Components are taken in the DAG's order from the start, so every live E state is known
 * before its component is looked at. Within a chain or cycle the walks are followed place by
 * place with the same tables as the count (retreat_values.c), so the work is the size of the
 * tables, not the number of paths.
 */

static size_t idx(const rsearch *S, int cell, int m)
{
    return (size_t)cell * (size_t)S->lv + (size_t)m;
}

static int live(const rsearch *S, int cell, int m)
{
    size_t i = idx(S, cell, m);
    return (S->elive[i >> 3] >> (i & 7)) & 1;
}

static void set_live(rsearch *S, int cell, int m)
{
    size_t i = idx(S, cell, m);
    S->elive[i >> 3] |= (uint8_t)(1u << (i & 7));
}

/* The options of cell c at level m, with `open` still allowed, that reach `target`: marks them
 * (an end hex, or a live state one climb away). Returns whether any did. */
static int mark_options(rsearch *S, int cell, int m, unsigned open, rkey target)
{
    const rcell *c = &S->cells[cell];
    int any = 0;
    if (target == RKEY_END && rs_end_at(rs_end_limit(S, c, open), m)) {
        S->end[cell] = 1;
        any = 1;
    }
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        int b = c->nbr[d], s = c->spend[d];
        if (!(c->legal & ~c->same & (1u << d)) || b < 0 || s > m)
            continue;
        rkey k = rs_ekey(S, b, m - s);
        if (k != RKEY_NONE &&
            k + rkey_step(c->cost[d], (S->cells[b].flags & CELL_FRIEND) != 0) == target) {
            set_live(S, b, m - s);
            any = 1;
        }
    }
    return any;
}

static unsigned bit(int w)
{
    return w >= 0 ? 1u << w : 0;
}

/* The label of the options of place p (cell c) at level m with `open`: keys only. */
static rkey option_key(const rsearch *S, const rtables *T, const rcell *c, int m, unsigned open)
{
    rkey k = T->cross[(size_t)c->pos * (size_t)T->lv + (size_t)m].key;
    if (rs_end_at(rs_end_limit(S, c, open), m) && RKEY_END < k)
        k = RKEY_END;
    return k;
}

static rkey table_key(const rtables *T, const ragg *tab, int p, int m)
{
    return tab[(size_t)p * (size_t)T->lv + (size_t)m].key;
}

/* Live flags of one way's tables: one byte per place and level. */
static uint8_t *flags_new(const rtables *T)
{
    return calloc((size_t)T->n * (size_t)T->lv + 1, 1);
}

/* A chain walked one way: from live entries on through the places V keeps live. */
static int chain_way(rsearch *S, const rline *ln, const rtables *T)
{
    const ragg *V = T->way[ln->way][0];
    int L = ln->L, lv = T->lv;
    uint8_t *lp = flags_new(T);
    if (!lp)
        return LB_NOMEM;
    for (int p = 0; p + 1 < L; p++) {
        int cell = rline_cell(ln, p), s = rline_spend(ln, p);
        uint32_t delta = rline_delta(ln, p);
        for (int m = s; m < lv; m++) {
            rkey v = table_key(T, V, p + 1, m - s);
            if (live(S, cell, m) && v != RKEY_NONE && v + delta == rs_ekey(S, cell, m))
                lp[(size_t)(p + 1) * (size_t)lv + (size_t)(m - s)] = 1;
        }
    }
    for (int p = 1; p < L; p++) {
        int cell = rline_cell(ln, p);
        const rcell *c = &S->cells[cell];
        unsigned open = c->legal & ~bit(rline_behind(ln, c));
        int s = p + 1 < L ? rline_spend(ln, p) : 0;
        uint32_t delta = p + 1 < L ? rline_delta(ln, p) : 0;
        for (int m = 0; m < lv; m++) {
            if (!lp[(size_t)p * (size_t)lv + (size_t)m])
                continue;
            S->on[cell] = 1;
            rkey t = table_key(T, V, p, m);
            mark_options(S, cell, m, open, t);
            if (p + 1 < L && m >= s) {
                rkey v = table_key(T, V, p + 1, m - s);
                if (v != RKEY_NONE && v + delta == t)
                    lp[(size_t)(p + 1) * (size_t)lv + (size_t)(m - s)] = 1;
            }
        }
    }
    free(lp);
    return LB_OK;
}

/* A cycle walked one way: A (entries 1 .. L - 1 on the first lap), A0 (entry 0), the crossings
 * of the cut, and Q (second lap). See retreat_values.c. */
static int cycle_way(rsearch *S, const rline *ln, const rtables *T)
{
    const ragg *A = T->way[ln->way][0], *A0 = T->way[ln->way][1], *Q = T->way[ln->way][2];
    int L = ln->L, lv = T->lv;
    uint8_t *la = flags_new(T), *la0 = flags_new(T), *lq = flags_new(T);
    int *sp = malloc(((size_t)L + 1) * sizeof *sp);
    uint32_t *dp = malloc(((size_t)L + 1) * sizeof *dp);
    if (!la || !la0 || !lq || !sp || !dp) {
        free(la);
        free(la0);
        free(lq);
        free(sp);
        free(dp);
        return LB_NOMEM;
    }
    /* prefix spends and label deltas from place 0 */
    sp[0] = 0;
    dp[0] = 0;
    for (int p = 0; p < L; p++) {
        sp[p + 1] = sp[p] + rline_spend(ln, p);
        dp[p + 1] = dp[p] + rline_delta(ln, p);
    }
    int on_from = L, lap2_to = -1;
    for (int e = 0; e < L; e++) {
        int cell = rline_cell(ln, e), s = rline_spend(ln, e);
        uint32_t delta = rline_delta(ln, e);
        const rcell *last = e >= 1 ? &S->cells[rline_cell(ln, e - 1)] : NULL;
        unsigned last_open = 0;
        if (last)
            last_open = last->legal & ~bit(rline_behind(ln, last)) & ~bit(rline_on(ln, last));
        int sigma = sp[L] - sp[e], tau = e >= 1 ? sp[e - 1] : 0;
        uint32_t Delta = dp[L] - dp[e], Gamma = e >= 1 ? dp[e - 1] : 0;
        for (int m = 0; m < lv; m++) {
            if (!live(S, cell, m))
                continue;
            rkey t = rs_ekey(S, cell, m);
            const ragg *chain = e == 0 ? A0 : A;
            uint8_t *flags = e == 0 ? la0 : la;
            if (e + 1 < L && m >= s) {
                rkey v = table_key(T, chain, e + 1, m - s);
                if (v != RKEY_NONE && v + delta == t)
                    flags[(size_t)(e + 1) * (size_t)lv + (size_t)(m - s)] = 1;
            }
            if (e == 0 || m < sigma)
                continue;
            /* crossing the cut: the second lap ends by place e - 1 */
            int m2 = m - sigma;
            rkey q = e >= 2 ? table_key(T, Q, e - 2, m2) : RKEY_NONE;
            rkey lk = m2 >= tau ? option_key(S, T, last, m2 - tau, last_open) : RKEY_NONE;
            rkey r = q;
            if (lk != RKEY_NONE && lk + Gamma < r)
                r = lk + Gamma;
            if (r == RKEY_NONE || r + Delta != t)
                continue;
            on_from = e + 1 < on_from ? e + 1 : on_from;
            if (q == r)
                lq[(size_t)(e - 2) * (size_t)lv + (size_t)m2] = 1;
            if (lk != RKEY_NONE && lk + Gamma == r) {
                mark_options(S, rline_cell(ln, e - 1), m2 - tau, last_open, r - Gamma);
                lap2_to = e - 1 > lap2_to ? e - 1 : lap2_to;
            }
        }
    }
    /* the first lap, entries 1 .. L - 1 (A) and entry 0 (A0, place L - 1 last) */
    for (int zero = 0; zero < 2; zero++) {
        const ragg *chain = zero ? A0 : A;
        uint8_t *flags = zero ? la0 : la;
        for (int p = 1; p < L; p++) {
            int cell = rline_cell(ln, p);
            const rcell *c = &S->cells[cell];
            unsigned open = c->legal & ~bit(rline_behind(ln, c));
            if (zero && p == L - 1)
                open &= ~bit(rline_on(ln, c));
            int s = rline_spend(ln, p);
            uint32_t delta = rline_delta(ln, p);
            for (int m = 0; m < lv; m++) {
                if (!flags[(size_t)p * (size_t)lv + (size_t)m])
                    continue;
                S->on[cell] = 1;
                rkey t = table_key(T, chain, p, m);
                mark_options(S, cell, m, open, t);
                if (p + 1 < L && m >= s) {
                    rkey v = table_key(T, chain, p + 1, m - s);
                    if (v != RKEY_NONE && v + delta == t)
                        flags[(size_t)(p + 1) * (size_t)lv + (size_t)(m - s)] = 1;
                }
            }
        }
    }
    /* the second lap: Q(k) is Q(k - 1) or place k itself */
    for (int k = L - 3; k >= 0; k--) {
        int cell = rline_cell(ln, k);
        const rcell *c = &S->cells[cell];
        unsigned open = c->legal & ~bit(rline_behind(ln, c));
        for (int m = 0; m < lv; m++) {
            if (!lq[(size_t)k * (size_t)lv + (size_t)m])
                continue;
            rkey t = table_key(T, Q, k, m);
            if (k >= 1 && table_key(T, Q, k - 1, m) == t)
                lq[(size_t)(k - 1) * (size_t)lv + (size_t)m] = 1;
            if (m >= sp[k]) {
                rkey o = option_key(S, T, c, m - sp[k], open);
                if (o != RKEY_NONE && o + dp[k] == t) {
                    mark_options(S, cell, m - sp[k], open, t - dp[k]);
                    lap2_to = k > lap2_to ? k : lap2_to;
                }
            }
        }
    }
    for (int p = on_from; p < L; p++)
        S->on[rline_cell(ln, p)] = 1;
    for (int p = 0; p <= lap2_to; p++)
        S->on[rline_cell(ln, p)] = 1;
    free(la);
    free(la0);
    free(lq);
    free(sp);
    free(dp);
    return LB_OK;
}

/* A general component: every run from each live entry. */
static int general(rsearch *S, const rcomp *k)
{
    for (int i = 0; i < k->n; i++) {
        int entry = S->comp_cells[k->first + i];
        int any = 0;
        for (int m = 0; m < S->lv && !any; m++)
            any = live(S, entry, m);
        if (!any)
            continue;
        rrun *r;
        int n;
        int rc = rs_runs(S, entry, S->lv - 1, &r, &n, &S->trie_nodes);
        if (rc != LB_OK)
            return rc;
        uint8_t *hit = calloc((size_t)n, 1);
        if (!hit) {
            free(r);
            return LB_NOMEM;
        }
        for (int m = 0; m < S->lv; m++) {
            if (!live(S, entry, m))
                continue;
            rkey t = rs_ekey(S, entry, m);
            for (int j = 1; j < n; j++)
                if (r[j].spent <= m &&
                    mark_options(S, r[j].cell, m - r[j].spent, r[j].open, t - r[j].delta))
                    hit[j] = 1;
        }
        /* a run that ends in a live option puts every hex of it on a path */
        for (int j = n - 1; j >= 1; j--)
            if (hit[j]) {
                S->on[r[j].cell] = 1;
                if (r[j].parent > 0)
                    hit[r[j].parent] = 1;
            }
        free(hit);
        free(r);
    }
    return LB_OK;
}

int rsearch_mark(rsearch *S)
{
    size_t states = (size_t)S->ncells * (size_t)S->lv;
    S->elive = calloc(states / 8 + 1, 1);
    S->on = calloc((size_t)S->ncells + 1, 1);
    S->end = calloc((size_t)S->ncells + 1, 1);
    if (!S->elive || !S->on || !S->end)
        return LB_NOMEM;
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        int level = rs_first_level(S, d);
        if (level < 0)
            continue;
        int b = S->startcell.nbr[d];
        rkey k = rs_ekey(S, b, level);
        if (k != RKEY_NONE &&
            k + rkey_step(S->startcell.cost[d], (S->cells[b].flags & CELL_FRIEND) != 0) ==
                S->root.key)
            set_live(S, b, level);
    }
    for (int i = S->ncomps - 1; i >= 0; i--) {
        int comp = S->order[i];
        const rcomp *k = &S->comps[comp];
        int any = 0;
        for (int p = 0; p < k->n && !any; p++)
            for (int m = 0; m < S->lv && !any; m++)
                any = live(S, S->comp_cells[k->first + p], m);
        if (!any)
            continue;
        for (int p = 0; p < k->n; p++) {
            int cell = S->comp_cells[k->first + p];
            for (int m = 0; m < S->lv; m++)
                if (live(S, cell, m)) {
                    S->on[cell] = 1;
                    mark_options(S, cell, m, S->cells[cell].legal, rs_ekey(S, cell, m));
                }
        }
        if (k->kind == COMP_GENERAL) {
            int rc = general(S, k);
            if (rc != LB_OK)
                return rc;
            continue;
        }
        if (k->n < 2)
            continue;
        rtables T;
        int rc = rtables_fill(S, comp, 0, &T, &S->trie_nodes);
        for (int w = 0; w < 2 && rc == LB_OK; w++) {
            rc = rtables_way(S, comp, w, &T);
            rline ln = {S, k, w, k->n};
            if (rc == LB_OK)
                rc = k->kind == COMP_CHAIN ? chain_way(S, &ln, &T) : cycle_way(S, &ln, &T);
            rtables_free_way(&T, w);
        }
        if (T.e)
            rtables_release(&T);
        if (rc != LB_OK)
            return rc;
    }
    return LB_OK;
}
