/* Optimal retreat paths in label order, one at a time, and the automatic choice (R-RET-4 d). */
#include <stdlib.h>
#include <string.h>

#include "lb/err.h"
#include "lb/grow.h"
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

/* The runs from one entry: nodes first .. first + n - 1 of the walker's buffer. */
typedef struct wrun {
    int first, n, level; /* level on entering */
} wrun;

typedef struct frame {
    int run, node; /* node -1: the start; else an index from the run's first */
    int next;      /* next entry of lex_dirs to try */
    rkey target;   /* the value the rest of the path must have */
} frame;

/* The runs on the path, one after another (last in, first out), with the value of each node
 * (best key and largest end D of the rest from it) and its child in each direction. */
typedef struct walker {
    const rsearch *S;
    wrun *runs;
    int nruns, capruns;
    rrunbuf nodes;
    rkey *vkey;
    uint16_t *vmaxd;
    int (*child)[LB_DIR_COUNT];
    int capvals;
    frame *stack;
    int depth, capstack;
    lb_hex *path;
    long trie_used;
} walker;

/* Lists the runs from (entry, level) on top of the buffer and values them: the options at each
 * run's end hex, or steps on. */
static int run_open(walker *W, int entry, int level)
{
    const rsearch *S = W->S;
    wrun *runs = lb_grow(W->runs, &W->capruns, W->nruns + 1, sizeof *runs);
    if (!runs)
        return LB_NOMEM;
    W->runs = runs;
    int first = W->nodes.n;
    W->trie_used = 0;
    if (lbi_rs_runs(S, entry, level, &W->nodes, &W->trie_used) != LB_OK)
        return LB_NOMEM;
    int capk = W->capvals, capd = W->capvals, capc = W->capvals; /* three arrays, one size */
    rkey *k = lb_grow(W->vkey, &capk, W->nodes.cap, sizeof *k);
    if (k)
        W->vkey = k;
    uint16_t *d = lb_grow(W->vmaxd, &capd, W->nodes.cap, sizeof *d);
    if (d)
        W->vmaxd = d;
    int (*c)[LB_DIR_COUNT] = lb_grow(W->child, &capc, W->nodes.cap, sizeof *c);
    if (c)
        W->child = c;
    if (!k || !d || !c)
        return LB_NOMEM;
    W->capvals = capk;
    int n = W->nodes.n - first;
    const rrun *nd = W->nodes.run + first;
    int (*child)[LB_DIR_COUNT] = W->child + first;
    for (int j = 0; j < n; j++)
        for (int d = 0; d < LB_DIR_COUNT; d++)
            child[j][d] = -1;
    for (int j = 1; j < n; j++) {
        const rcell *p = &S->cells[nd[nd[j].parent].cell];
        for (int d = 0; d < LB_DIR_COUNT; d++)
            if ((p->same & (1u << d)) && p->nbr[d] == nd[j].cell)
                child[nd[j].parent][d] = j;
    }
    /* children come after their parents: value them from the last */
    rkey *vkey = W->vkey + first;
    uint16_t *vmaxd = W->vmaxd + first;
    for (int j = n - 1; j >= 0; j--) {
        const rcell *c = &S->cells[nd[j].cell];
        int m = level - nd[j].spent;
        ragg v = ragg_none();
        if (rs_end_at(lbi_rs_end_limit(S, c, nd[j].open), m))
            ragg_add(&v, RKEY_END, 1, c->d);
        for (int d = 0; d < LB_DIR_COUNT; d++) {
            int b = c->nbr[d], s = c->spend[d];
            if (b < 0 || s > m || !(c->legal & (1u << d)))
                continue;
            uint32_t delta = rkey_step(c->cost[d], (S->cells[b].flags & CELL_FRIEND) != 0);
            if (c->same & (1u << d)) {
                int ch = child[j][d];
                if (ch >= 0 && vkey[ch] != RKEY_NONE)
                    ragg_add(&v, vkey[ch] + delta, 0, vmaxd[ch]);
            } else {
                rkey k = rs_ekey(S, b, m - s);
                if (k != RKEY_NONE)
                    ragg_add(&v, k + delta, 0, rs_emaxd(S, b, m - s));
            }
        }
        vkey[j] = v.key;
        vmaxd[j] = v.maxd;
    }
    W->runs[W->nruns++] = (wrun){first, n, level};
    return LB_OK;
}

static int push(walker *W, int run, int node, rkey target)
{
    int capf = W->capstack, capp = W->capstack; /* two arrays, one capacity */
    frame *f = lb_grow(W->stack, &capf, W->depth + 1, sizeof *f);
    if (f)
        W->stack = f;
    lb_hex *p = lb_grow(W->path, &capp, W->depth + 1, sizeof *p);
    if (p)
        W->path = p;
    if (!f || !p)
        return LB_NOMEM;
    W->capstack = capf;
    W->stack[W->depth++] = (frame){run, node, 0, target};
    if (node >= 0)
        W->path[W->depth - 2] = W->S->cells[W->nodes.run[W->runs[run].first + node].cell].hex;
    return LB_OK;
}

static void pop(walker *W)
{
    frame *f = &W->stack[--W->depth];
    if (f->node == 0)
        W->nodes.n = W->runs[--W->nruns].first; /* the run entered here is done */
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
        const rrun *nd = &W->nodes.run[r->first + f->node];
        c = &S->cells[nd->cell];
        m = r->level - nd->spent;
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
            int level = lbi_rs_first_level(S, d);
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
            int ch = W->child[r->first + f->node][d];
            rkey k = ch >= 0 ? W->vkey[r->first + ch] : RKEY_NONE;
            if (k == RKEY_NONE || k + delta != f->target ||
                (want_maxd >= 0 && W->vmaxd[r->first + ch] != want_maxd))
                continue;
            *run = f->run;
            *node = ch;
            *target = k;
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
    free(W->runs);
    lbi_rrunbuf_release(&W->nodes);
    free(W->vkey);
    free(W->vmaxd);
    free(W->child);
    free(W->stack);
    free(W->path);
}

int lbi_rsearch_walk(const rsearch *S, int (*visit)(void *ctx, const lb_hex *path, int n),
                     void *ctx)
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

int lbi_rsearch_choose(const rsearch *S, lb_hex *out)
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
