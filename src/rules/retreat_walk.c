/* Optimal retreat paths in label order, one at a time, and the automatic choice (R-RET-4 d). */
#include <stdlib.h>
#include <string.h>

#include "lb/err.h"
#include "retreat_int.h"

/*
 * A depth-first walk from the start that only ever steps where the stored values say an optimal
 * path goes on, trying directions in the order of the labels of the hexes they lead to, so paths
 * come out in label order and no branch is a dead end. Entering a class at hex x with m left
 * lists the runs open from there (at most two lines in a chain or cycle) with their values; the
 * walk keeps one such list per class on the path, so its memory is the path's, not the paths'.
 */

/* Directions in the order of the labels of the hexes they lead to: NW, SW, N, S, NE, SE. */
static const int lex_dirs[LB_DIR_COUNT] = {LB_DIR_NW, LB_DIR_SW, LB_DIR_N,
                                           LB_DIR_S,  LB_DIR_NE, LB_DIR_SE};

/* The runs from one entry with the value of each (relative to the run's hex). */
typedef struct wrun {
    rrun *node;
    ragg *val;
    int (*child)[LB_DIR_COUNT];
    int n, level; /* level on entering */
} wrun;

typedef struct frame {
    int run, node; /* node -1: the start */
    int next;      /* next entry of lex_dirs to try */
    rkey target;   /* the value the rest of the path must have */
} frame;

typedef struct walker {
    const rsearch *S;
    wrun *runs;
    int nruns, capruns;
    frame *stack;
    int depth, capstack;
    lb_hex *path;
    long trie_used;
} walker;

static void run_free(wrun *r)
{
    free(r->node);
    free(r->val);
    free(r->child);
}

/* The value of every run from (entry, level): options at its end hex, or steps on. */
static int run_open(walker *W, int entry, int level)
{
    const rsearch *S = W->S;
    if (W->nruns == W->capruns) {
        int cap = W->capruns ? 2 * W->capruns : 16;
        wrun *r = realloc(W->runs, (size_t)cap * sizeof *r);
        if (!r)
            return LB_NOMEM;
        W->runs = r;
        W->capruns = cap;
    }
    wrun *r = &W->runs[W->nruns];
    *r = (wrun){.level = level};
    W->trie_used = 0;
    int rc = rs_runs(S, entry, level, &r->node, &r->n, &W->trie_used);
    if (rc != LB_OK)
        return rc;
    r->val = malloc((size_t)r->n * sizeof *r->val);
    r->child = malloc((size_t)r->n * sizeof *r->child);
    if (!r->val || !r->child) {
        run_free(r);
        return LB_NOMEM;
    }
    for (int j = 0; j < r->n; j++)
        for (int d = 0; d < LB_DIR_COUNT; d++)
            r->child[j][d] = -1;
    for (int j = 1; j < r->n; j++) {
        const rcell *p = &S->cells[r->node[r->node[j].parent].cell];
        for (int d = 0; d < LB_DIR_COUNT; d++)
            if ((p->same & (1u << d)) && p->nbr[d] == r->node[j].cell)
                r->child[r->node[j].parent][d] = j;
    }
    /* children come after their parents: value them from the last */
    for (int j = r->n - 1; j >= 0; j--) {
        const rrun *nd = &r->node[j];
        const rcell *c = &S->cells[nd->cell];
        int m = level - nd->spent;
        ragg v = ragg_none();
        if (rs_end_at(rs_end_limit(S, c, nd->open), m))
            ragg_add(&v, RKEY_END, 1, c->d);
        for (int d = 0; d < LB_DIR_COUNT; d++) {
            int b = c->nbr[d], s = c->spend[d];
            if (b < 0 || s > m || !(c->legal & (1u << d)))
                continue;
            uint32_t delta = rkey_step(c->cost[d], (S->cells[b].flags & CELL_FRIEND) != 0);
            if (c->same & (1u << d)) {
                int ch = r->child[j][d];
                if (ch >= 0 && r->val[ch].key != RKEY_NONE)
                    ragg_add(&v, r->val[ch].key + delta, 0, r->val[ch].maxd);
            } else {
                rkey k = rs_ekey(S, b, m - s);
                if (k != RKEY_NONE)
                    ragg_add(&v, k + delta, 0, rs_emaxd(S, b, m - s));
            }
        }
        r->val[j] = v;
    }
    W->nruns++;
    return LB_OK;
}

static int push(walker *W, int run, int node, rkey target)
{
    if (W->depth == W->capstack) {
        int cap = W->capstack ? 2 * W->capstack : 64;
        frame *f = realloc(W->stack, (size_t)cap * sizeof *f);
        lb_hex *p = realloc(W->path, (size_t)cap * sizeof *p);
        if (f)
            W->stack = f;
        if (p)
            W->path = p;
        if (!f || !p)
            return LB_NOMEM;
        W->capstack = cap;
    }
    W->stack[W->depth++] = (frame){run, node, 0, target};
    if (node >= 0)
        W->path[W->depth - 2] = W->S->cells[W->runs[run].node[node].cell].hex;
    return LB_OK;
}

static void pop(walker *W)
{
    frame *f = &W->stack[--W->depth];
    if (f->node == 0) {
        run_free(&W->runs[f->run]);
        W->nruns--;
    }
}

/* The next step of frame f that reaches its target, from f->next on; when want_maxd >= 0, also
 * reaching that largest end distance. Returns 1 and the step (run, node, target) or 0. */
static int next_step(walker *W, frame *f, int want_maxd, int *run, int *node, rkey *target)
{
    const rsearch *S = W->S;
    const rcell *c;
    int m;
    const wrun *r = f->node >= 0 ? &W->runs[f->run] : NULL;
    if (r) {
        c = &S->cells[r->node[f->node].cell];
        m = r->level - r->node[f->node].spent;
    } else {
        c = &S->startcell;
        m = S->budget;
    }
    while (f->next < LB_DIR_COUNT) {
        int d = lex_dirs[f->next++], b = c->nbr[d];
        if (b < 0 || !(c->legal & (1u << d)))
            continue;
        uint32_t delta = rkey_step(c->cost[d], (S->cells[b].flags & CELL_FRIEND) != 0);
        if (!r) {
            int level = rs_first_level(S, d);
            rkey k = level >= 0 ? rs_ekey(S, b, level) : RKEY_NONE;
            if (k == RKEY_NONE || k + delta != f->target ||
                (want_maxd >= 0 && rs_emaxd(S, b, level) != want_maxd))
                continue;
            if (run_open(W, b, level) != LB_OK)
                return -1;
            *run = W->nruns - 1;
            *node = 0;
            *target = k;
            return 1;
        }
        if (c->spend[d] > m)
            continue;
        if (c->same & (1u << d)) {
            int ch = r->child[f->node][d];
            if (ch < 0 || r->val[ch].key == RKEY_NONE || r->val[ch].key + delta != f->target ||
                (want_maxd >= 0 && r->val[ch].maxd != want_maxd))
                continue;
            *run = f->run;
            *node = ch;
            *target = r->val[ch].key;
            return 1;
        }
        int level = m - c->spend[d];
        rkey k = rs_ekey(S, b, level);
        if (k == RKEY_NONE || k + delta != f->target ||
            (want_maxd >= 0 && rs_emaxd(S, b, level) != want_maxd))
            continue;
        if (run_open(W, b, level) != LB_OK)
            return -1;
        *run = W->nruns - 1;
        *node = 0;
        *target = k;
        return 1;
    }
    return 0;
}

static void walker_release(walker *W)
{
    while (W->depth > 0)
        pop(W);
    free(W->runs);
    free(W->stack);
    free(W->path);
}

int rsearch_walk(const rsearch *S, int (*visit)(void *ctx, const lb_hex *path, int n), void *ctx)
{
    walker W = {.S = S};
    int rc = S->root.key == RKEY_NONE ? LB_OK : push(&W, -1, -1, S->root.key);
    while (rc == LB_OK && W.depth > 0) {
        frame *f = &W.stack[W.depth - 1];
        if (f->target == RKEY_END) {
            /* every optimal path has the same hexes: here the rest is empty */
            if (visit(ctx, W.path, W.depth - 1))
                break;
            pop(&W);
            continue;
        }
        int run, node;
        rkey target;
        int got = next_step(&W, f, -1, &run, &node, &target);
        if (got < 0)
            rc = LB_NOMEM;
        else if (got)
            rc = push(&W, run, node, target);
        else
            pop(&W);
    }
    walker_release(&W);
    return rc;
}

int rsearch_choose(const rsearch *S, lb_hex *out)
{
    walker W = {.S = S};
    int rc = push(&W, -1, -1, S->root.key);
    while (rc == LB_OK && W.stack[W.depth - 1].target != RKEY_END) {
        int run, node;
        rkey target;
        int got = next_step(&W, &W.stack[W.depth - 1], S->root.maxd, &run, &node, &target);
        rc = got < 0 ? LB_NOMEM : got ? push(&W, run, node, target) : LB_INVALID;
    }
    if (rc == LB_OK)
        memcpy(out, W.path, (size_t)(W.depth - 1) * sizeof *out);
    walker_release(&W);
    return rc;
}
