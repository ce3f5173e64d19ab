/* Every hex on an optimal retreat path and every end hex: the DAG walked forward from the start. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lb/core.h"
#include "retreat_int.h"

/*
 * A state is live when some optimal path passes through it. The start's first steps that reach
 * the optimum make their states live; a live state makes live every option that reaches its
 * value. Components are taken in the DAG's order from the start, so every live E state is known
 * before its component is looked at. Within a chain or cycle the walks are followed place by
 * place with the same tables as the count (retreat_values.c), so the work is the size of the
 * tables, not the number of paths. Everything goes a row (all the levels of one place) at a time.
 */

static size_t idx(const rsearch *S, int cell, int m)
{
    return (size_t)cell * (size_t)S->lv + (size_t)m;
}

static void set_live(rsearch *S, int cell, int m)
{
    size_t i = idx(S, cell, m);
    S->elive[i >> 6] |= 1ull << (i & 63);
}

/* Live bits set in runs of consecutive states: one word is written back per 64 of them. */
typedef struct bits {
    uint64_t *words;
    size_t at;     /* the word being filled, or SIZE_MAX */
    uint64_t word;
} bits;

static void bits_set(bits *b, size_t i)
{
    if (i >> 6 != b->at) {
        if (b->at != SIZE_MAX)
            b->words[b->at] |= b->word;
        b->at = i >> 6;
        b->word = 0;
    }
    b->word |= 1ull << (i & 63);
}

static void bits_flush(bits *b)
{
    if (b->at != SIZE_MAX)
        b->words[b->at] |= b->word;
    b->at = SIZE_MAX;
}

/* The live flags of cell's E states, one byte per level; returns whether any is set (the words
 * of the row are looked at first: most rows have none). */
static int live_row(const rsearch *S, int cell, uint8_t *out)
{
    size_t first = idx(S, cell, 0), last = idx(S, cell, S->lv - 1);
    uint64_t seen = 0;
    for (size_t w = first >> 6; w <= last >> 6; w++) {
        uint64_t word = S->elive[w];
        if (w == first >> 6)
            word &= ~0ull << (first & 63);
        if (w == last >> 6)
            word &= ~0ull >> (63 - (last & 63));
        seen |= word;
    }
    if (!seen) {
        memset(out, 0, (size_t)S->lv);
        return 0;
    }
    int any = 0;
    for (int m = 0; m < S->lv; m++) {
        size_t i = idx(S, cell, m);
        out[m] = (uint8_t)((S->elive[i >> 6] >> (i & 63)) & 1);
        any |= out[m];
    }
    return any;
}

static unsigned bit(int w)
{
    return w >= 0 ? 1u << w : 0;
}

/* For every row index m with flags[m], the options of `cell` at level m - shift (the end when
 * `limit` allows it, and its climbs) that reach tgt[m] are marked: an end hex, or a live E
 * state one climb away. Returns whether any was. */
static int mark_row(rsearch *S, int cell, int limit, const uint8_t *flags, const rkey *tgt,
                    int shift)
{
    const rcell *c = &S->cells[cell];
    int lv = S->lv, any = 0;
    for (int m = shift; m < lv && limit >= 0 && !any; m++)
        any = flags[m] && tgt[m] == RKEY_END && rs_end_at(limit, m - shift);
    if (any)
        S->end[cell] = 1;
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        int b = c->nbr[d], s = c->spend[d];
        if (!(c->legal & ~c->same & (1u << d)) || b < 0)
            continue;
        uint32_t delta = rkey_step(c->cost[d], (S->cells[b].flags & CELL_FRIEND) != 0);
        const rkey *ek = S->ekey + idx(S, b, 0);
        size_t base = idx(S, b, 0);
        bits live = {S->elive, SIZE_MAX, 0};
        for (int m = shift + s; m < lv; m++) {
            if (!flags[m])
                continue;
            rkey k = ek[m - shift - s];
            if (k != RKEY_NONE && k + delta == tgt[m]) {
                bits_set(&live, base + (size_t)(m - shift - s));
                any = 1;
            }
        }
        bits_flush(&live);
    }
    return any;
}

/* A walk one way: flags next[m - s] where flags[m] and the step on reaches here[m]. */
static void step_on(const uint8_t *flags, const rkey *here, const rkey *next, int lv, int s,
                    uint32_t delta, uint8_t *next_flags)
{
    for (int m = s; m < lv; m++)
        if (flags[m] && next[m - s] != RKEY_NONE && next[m - s] + delta == here[m])
            next_flags[m - s] = 1;
}

typedef struct scratch {
    uint8_t *eflags; /* n rows: the live E states of the component */
    uint8_t *fl;     /* one row of flags */
    rkey *tg;        /* one row of targets */
    uint8_t *live[3];/* a way's live places by level: chain V; cycle A, A0, Q */
    int caplive;
    int *sp;         /* a cycle's spends and label deltas from place 0 */
    uint32_t *dp;
    int capsp;
    rrunbuf runs;
} scratch;

/* Zeroed live tables for a way of L places (three), and room for a cycle's prefix sums. */
static int way_scratch(scratch *X, int L, int lv)
{
    if ((size_t)L * (size_t)lv >= INT_MAX)
        return LB_NOMEM;
    int n = L * lv + 1, capl[3] = {X->caplive, X->caplive, X->caplive}; /* three, one size */
    for (int j = 0; j < 3; j++) {
        uint8_t *g = lb_grow(X->live[j], &capl[j], n, 1);
        if (!g)
            return LB_NOMEM;
        X->live[j] = g;
    }
    X->caplive = capl[0];
    for (int j = 0; j < 3; j++)
        memset(X->live[j], 0, (size_t)n);
    int caps = X->capsp, capd = X->capsp; /* two arrays, one capacity */
    int *sp = lb_grow(X->sp, &caps, L + 1, sizeof *sp);
    if (sp)
        X->sp = sp;
    uint32_t *dp = lb_grow(X->dp, &capd, L + 1, sizeof *dp);
    if (dp)
        X->dp = dp;
    if (!sp || !dp)
        return LB_NOMEM;
    X->capsp = caps;
    return LB_OK;
}

/* Row p of a walk table's keys (marking keeps every row). */
static const rkey *keys(const rtab *t, int p, int lv)
{
    return t->key + (size_t)p * (size_t)lv;
}

/* A chain walked one way: from live entries on through the places V keeps live. */
static int chain_way(rsearch *S, const rline *ln, const rtables *T, scratch *X)
{
    const rtab *V = &T->way[ln->way][0];
    int L = ln->L, lv = T->lv;
    if (way_scratch(X, L, lv) != LB_OK)
        return LB_NOMEM;
    uint8_t *lp = X->live[0];
    for (int p = 0; p + 1 < L; p++) {
        int cell = lbi_rline_cell(ln, p);
        step_on(X->eflags + (size_t)S->cells[cell].pos * (size_t)lv, S->ekey + idx(S, cell, 0),
                keys(V, p + 1, lv), lv, lbi_rline_spend(ln, p), lbi_rline_delta(ln, p),
                lp + (size_t)(p + 1) * (size_t)lv);
    }
    for (int p = 1; p < L; p++) {
        int cell = lbi_rline_cell(ln, p);
        const rcell *c = &S->cells[cell];
        const uint8_t *flags = lp + (size_t)p * (size_t)lv;
        if (!memchr(flags, 1, (size_t)lv))
            continue;
        S->on[cell] = 1;
        mark_row(S, cell, lbi_rs_end_limit(S, c, c->legal & ~bit(lbi_rline_behind(ln, c))), flags,
                 keys(V, p, lv), 0);
        if (p + 1 < L)
            step_on(flags, keys(V, p, lv), keys(V, p + 1, lv), lv, lbi_rline_spend(ln, p),
                    lbi_rline_delta(ln, p), lp + (size_t)(p + 1) * (size_t)lv);
    }
    return LB_OK;
}

/* The key of the options of cell c at level m (its climbs, and the end when `limit` allows). */
static rkey option_key(const rtables *T, const rcell *c, int m, int limit)
{
    rkey k = T->cross.key[(size_t)c->pos * (size_t)T->lv + (size_t)m];
    return rs_end_at(limit, m) && RKEY_END < k ? RKEY_END : k;
}

/* A cycle walked one way: its tables A (entries 1 .. L - 1 on the first lap), A0 (entry 0) and
 * Q (second lap), and what marking it found: the places from on_from on, and those up to
 * lap2_to, are on a path. See retreat_values.c. */
typedef struct cycle {
    rsearch *S;
    const rline *ln;
    const rtables *T;
    scratch *X;
    const rtab *A, *A0, *Q;
    int L, lv;
    int on_from, lap2_to;
} cycle;

/* The spends and label deltas from place 0 to each place, into X->sp and X->dp. */
static void cycle_prefix(const cycle *C)
{
    int *sp = C->X->sp;
    uint32_t *dp = C->X->dp;
    sp[0] = 0;
    dp[0] = 0;
    for (int p = 0; p < C->L; p++) {
        sp[p + 1] = sp[p] + lbi_rline_spend(C->ln, p);
        dp[p + 1] = dp[p] + lbi_rline_delta(C->ln, p);
    }
}

/* Entry e's live states (eflags, keys ekey) that go round to the cut and on: the second lap
 * ends by place e - 1, its last, whose own options are marked; Q's live places too. */
static void cross_cut(cycle *C, int e, const uint8_t *eflags, const rkey *ekey)
{
    rsearch *S = C->S;
    scratch *X = C->X;
    int lv = C->lv, L = C->L;
    const rcell *last = &S->cells[lbi_rline_cell(C->ln, e - 1)];
    int lim_last = lbi_rs_end_limit(S, last, last->legal & ~bit(lbi_rline_behind(C->ln, last)) &
                                             ~bit(lbi_rline_on(C->ln, last)));
    int sigma = X->sp[L] - X->sp[e], tau = X->sp[e - 1];
    uint32_t Delta = X->dp[L] - X->dp[e], Gamma = X->dp[e - 1];
    memset(X->fl, 0, (size_t)lv);
    int any_last = 0;
    for (int m = sigma; m < lv; m++) {
        if (!eflags[m])
            continue;
        int m2 = m - sigma;
        rkey q = e >= 2 ? keys(C->Q, e - 2, lv)[m2] : RKEY_NONE;
        rkey lk = m2 >= tau ? option_key(C->T, last, m2 - tau, lim_last) : RKEY_NONE;
        rkey r = q;
        if (lk != RKEY_NONE && lk + Gamma < r)
            r = lk + Gamma;
        if (r == RKEY_NONE || r + Delta != ekey[m])
            continue;
        C->on_from = e + 1 < C->on_from ? e + 1 : C->on_from;
        if (q == r)
            X->live[2][(size_t)(e - 2) * (size_t)lv + (size_t)m2] = 1;
        if (lk != RKEY_NONE && lk + Gamma == r) {
            X->fl[m] = 1;
            X->tg[m] = r - Gamma;
            any_last = 1;
        }
    }
    if (any_last) {
        mark_row(S, lbi_rline_cell(C->ln, e - 1), lim_last, X->fl, X->tg, sigma + tau);
        C->lap2_to = e - 1 > C->lap2_to ? e - 1 : C->lap2_to;
    }
}

/* The live entries: on into the first lap (A0 from entry 0, A from the others) and, but for
 * entry 0, across the cut. */
static void cycle_entries(cycle *C)
{
    const rsearch *S = C->S;
    scratch *X = C->X;
    int lv = C->lv;
    for (int e = 0; e < C->L; e++) {
        int cell = lbi_rline_cell(C->ln, e);
        const uint8_t *eflags = X->eflags + (size_t)S->cells[cell].pos * (size_t)lv;
        const rkey *ekey = S->ekey + idx(S, cell, 0);
        if (!memchr(eflags, 1, (size_t)lv))
            continue;
        if (e + 1 < C->L)
            step_on(eflags, ekey, keys(e == 0 ? C->A0 : C->A, e + 1, lv), lv,
                    lbi_rline_spend(C->ln, e), lbi_rline_delta(C->ln, e),
                    X->live[e == 0 ? 1 : 0] + (size_t)(e + 1) * (size_t)lv);
        if (e > 0)
            cross_cut(C, e, eflags, ekey);
    }
}

/* The first lap, entries 1 .. L - 1 (A) and entry 0 (A0, place L - 1 last): each live place
 * marked and followed on. */
static void first_lap(const cycle *C)
{
    rsearch *S = C->S;
    const rline *ln = C->ln;
    int L = C->L, lv = C->lv;
    for (int zero = 0; zero < 2; zero++) {
        const rtab *chain = zero ? C->A0 : C->A;
        uint8_t *flags = C->X->live[zero];
        for (int p = 1; p < L; p++) {
            int cell = lbi_rline_cell(ln, p);
            const rcell *c = &S->cells[cell];
            const uint8_t *fp = flags + (size_t)p * (size_t)lv;
            if (!memchr(fp, 1, (size_t)lv))
                continue;
            unsigned open = c->legal & ~bit(lbi_rline_behind(ln, c));
            if (zero && p == L - 1)
                open &= ~bit(lbi_rline_on(ln, c));
            S->on[cell] = 1;
            mark_row(S, cell, lbi_rs_end_limit(S, c, open), fp, keys(chain, p, lv), 0);
            if (p + 1 < L)
                step_on(fp, keys(chain, p, lv), keys(chain, p + 1, lv), lv, lbi_rline_spend(ln, p),
                        lbi_rline_delta(ln, p), flags + (size_t)(p + 1) * (size_t)lv);
        }
    }
}

/* The second lap, back from its end: Q(k) is Q(k - 1) or place k itself, whose options are
 * then marked. */
static void second_lap(cycle *C)
{
    rsearch *S = C->S;
    scratch *X = C->X;
    const rline *ln = C->ln;
    int lv = C->lv;
    uint8_t *lq = X->live[2];
    for (int k = C->L - 3; k >= 0; k--) {
        int cell = lbi_rline_cell(ln, k);
        const rcell *c = &S->cells[cell];
        const uint8_t *fq = lq + (size_t)k * (size_t)lv;
        if (!memchr(fq, 1, (size_t)lv))
            continue;
        int lim_mid = lbi_rs_end_limit(S, c, c->legal & ~bit(lbi_rline_behind(ln, c)));
        const rkey *q = keys(C->Q, k, lv);
        memset(X->fl, 0, (size_t)lv);
        int any = 0;
        for (int m = 0; m < lv; m++) {
            if (!fq[m])
                continue;
            rkey t = q[m];
            if (k >= 1 && keys(C->Q, k - 1, lv)[m] == t)
                lq[(size_t)(k - 1) * (size_t)lv + (size_t)m] = 1;
            rkey o = m >= X->sp[k] ? option_key(C->T, c, m - X->sp[k], lim_mid) : RKEY_NONE;
            if (o != RKEY_NONE && o + X->dp[k] == t) {
                X->fl[m] = 1;
                X->tg[m] = t - X->dp[k];
                any = 1;
            }
        }
        if (any) {
            mark_row(S, cell, lim_mid, X->fl, X->tg, X->sp[k]);
            C->lap2_to = k > C->lap2_to ? k : C->lap2_to;
        }
    }
}

/* A cycle walked one way: its live entries, the crossings of the cut, the first lap, the
 * second. */
static int cycle_way(rsearch *S, const rline *ln, const rtables *T, scratch *X)
{
    const rtab *w = T->way[ln->way];
    cycle C = {S, ln, T, X, &w[0], &w[1], &w[2], ln->L, T->lv, ln->L, -1};
    if (way_scratch(X, C.L, C.lv) != LB_OK)
        return LB_NOMEM;
    cycle_prefix(&C);
    cycle_entries(&C);
    first_lap(&C);
    second_lap(&C);
    for (int p = C.on_from; p < C.L; p++)
        S->on[lbi_rline_cell(ln, p)] = 1;
    for (int p = 0; p <= C.lap2_to; p++)
        S->on[lbi_rline_cell(ln, p)] = 1;
    return LB_OK;
}

/* A general component: every run from each live entry. */
static int general(rsearch *S, const rcomp *k, scratch *X)
{
    int lv = S->lv;
    for (int i = 0; i < k->n; i++) {
        int entry = S->comp_cells[k->first + i];
        const uint8_t *eflags = X->eflags + (size_t)i * (size_t)lv;
        if (!memchr(eflags, 1, (size_t)lv))
            continue;
        X->runs.n = 0;
        int rc = lbi_rs_runs(S, entry, lv - 1, &X->runs, &S->trie_nodes);
        if (rc != LB_OK)
            return rc;
        const rrun *r = X->runs.run;
        int n = X->runs.n;
        uint8_t *hit = calloc((size_t)n, 1);
        if (!hit)
            return LB_NOMEM;
        const rkey *ekey = S->ekey + idx(S, entry, 0);
        for (int j = 1; j < n; j++) {
            for (int m = 0; m < lv; m++)
                X->tg[m] = ekey[m] - r[j].delta;
            const rcell *c = &S->cells[r[j].cell];
            hit[j] = (uint8_t)mark_row(S, r[j].cell, lbi_rs_end_limit(S, c, r[j].open), eflags,
                                       X->tg, r[j].spent);
        }
        /* a run that ends in a live option puts every hex of it on a path */
        for (int j = n - 1; j >= 1; j--)
            if (hit[j]) {
                S->on[r[j].cell] = 1;
                if (r[j].parent > 0)
                    hit[r[j].parent] = 1;
            }
        free(hit);
    }
    return LB_OK;
}

/* The live E states of component k into X->eflags, their own options marked; whether any. */
static int entries(rsearch *S, const rcomp *k, const scratch *X)
{
    int any = 0;
    for (int p = 0; p < k->n; p++) {
        int cell = S->comp_cells[k->first + p];
        uint8_t *flags = X->eflags + (size_t)p * (size_t)S->lv;
        if (!live_row(S, cell, flags))
            continue;
        any = 1;
        S->on[cell] = 1;
        mark_row(S, cell, lbi_rs_end_limit(S, &S->cells[cell], S->cells[cell].legal), flags,
                 S->ekey + idx(S, cell, 0), 0);
    }
    return any;
}

int lbi_rsearch_mark(rsearch *S)
{
    size_t states = (size_t)S->ncells * (size_t)S->lv;
    int most = 1;
    for (int i = 0; i < S->ncomps; i++)
        most = S->comps[i].n > most ? S->comps[i].n : most;
    S->elive = calloc(states / 64 + 1, sizeof *S->elive);
    S->on = calloc((size_t)S->ncells + 1, 1);
    S->end = calloc((size_t)S->ncells + 1, 1);
    scratch X = {.eflags = malloc((size_t)most * (size_t)S->lv + 1),
                 .fl = malloc((size_t)S->lv + 1),
                 .tg = malloc(((size_t)S->lv + 1) * sizeof(rkey))};
    int rc = !S->elive || !S->on || !S->end || !X.eflags || !X.fl || !X.tg ? LB_NOMEM : LB_OK;
    for (int d = 0; d < LB_DIR_COUNT && rc == LB_OK; d++) {
        int level = lbi_rs_first_level(S, d);
        if (level < 0)
            continue;
        int b = S->startcell.nbr[d];
        rkey k = rs_ekey(S, b, level);
        if (k != RKEY_NONE &&
            k + rkey_step(S->startcell.cost[d], (S->cells[b].flags & CELL_FRIEND) != 0) ==
                S->root.key)
            set_live(S, b, level);
    }
    rtables T = {.counting = 0};
    for (int i = S->ncomps - 1; i >= 0 && rc == LB_OK; i--) {
        int comp = S->order[i];
        const rcomp *k = &S->comps[comp];
        if (!entries(S, k, &X))
            continue;
        if (k->kind == COMP_GENERAL) {
            rc = general(S, k, &X);
            continue;
        }
        if (k->n < 2)
            continue;
        rc = lbi_rtables_fill(S, comp, &T, &S->trie_nodes);
        for (int w = 0; w < 2 && rc == LB_OK; w++) {
            rc = lbi_rtables_way(S, comp, w, &T);
            rline ln = {S, k, w, k->n};
            if (rc == LB_OK)
                rc = k->kind == COMP_CHAIN ? chain_way(S, &ln, &T, &X) : cycle_way(S, &ln, &T, &X);
        }
    }
    lbi_rtables_release(&T);
    for (int j = 0; j < 3; j++)
        free(X.live[j]);
    free(X.sp);
    free(X.dp);
    lbi_rrunbuf_release(&X.runs);
    free(X.eflags);
    free(X.fl);
    free(X.tg);
    return rc;
}
