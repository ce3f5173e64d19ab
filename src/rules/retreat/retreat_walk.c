/* Optimal retreat paths in label order, one at a time, and the automatic choice (R-RET-4 f). */
#include <stdlib.h>
#include <string.h>

#include "lb/core.h"
#include "retreat_int.h"
#include "hex_int.h"

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

/* One optimal step: into node `node` of the same run, or (node -1) climbing into E(cell, level). */
typedef struct wstep {
    int cell, level, node;
    rkey key; /* the value of the rest after the step */
    int maxd; /* the largest D at the ends of its optimal rests */
} wstep;

/* The step in direction lex_dirs[i] from node `node` of run `run` (node -1: from the start) when
 * an optimal rest goes that way, that is when the step and its rest have the value target:
 * 1 and *s, else 0. */
static int step_at(const walker *W, int run, int node, rkey target, int i, wstep *s)
{
    const rsearch *S = W->S;
    const wrun *r = node >= 0 ? &W->runs[run] : NULL;
    const rcell *c = &S->startcell;
    int m = S->budget;
    if (r) {
        const rrun *nd = &W->nodes.run[r->first + node];
        c = &S->cells[nd->cell];
        m = r->level - nd->spent;
    }
    int d = lex_dirs[i], b = c->nbr[d];
    if (b < 0 || !(c->legal & (1u << d)))
        return 0;
    uint32_t delta = rkey_step(c->cost[d], (S->cells[b].flags & CELL_FRIEND) != 0);
    int level = !r ? lbi_rs_first_level(S, d) : c->spend[d] > m ? -1 : m - c->spend[d];
    if (level < 0)
        return 0;
    *s = (wstep){b, level, -1, RKEY_NONE, 0};
    if (r && (c->same & (1u << d))) {
        int ch = W->child[r->first + node][d];
        if (ch < 0)
            return 0;
        *s = (wstep){b, level, ch, W->vkey[r->first + ch], W->vmaxd[r->first + ch]};
    } else {
        s->key = rs_ekey(S, b, level);
        s->maxd = rs_emaxd(S, b, level);
    }
    return s->key != RKEY_NONE && s->key + delta == target;
}

/* The next step of frame f that reaches its target, from f->next on; when want_maxd >= 0, also
 * reaching that largest end distance. Returns 1 and the step (run, node, target) or 0. */
static int next_step(walker *W, frame *f, int want_maxd, int *run, int *node, rkey *target)
{
    wstep s;
    while (f->next < LB_DIR_COUNT) {
        if (!step_at(W, f->run, f->node, f->target, f->next++, &s) ||
            (want_maxd >= 0 && s.maxd != want_maxd))
            continue;
        if (s.node < 0) {
            if (run_open(W, s.cell, s.level) != LB_OK)
                return -1;
            *run = W->nruns - 1;
            *node = 0;
        } else {
            *run = f->run;
            *node = s.node;
        }
        *target = s.key;
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

/* A walker with room at once for a path of the most hexes, one run of one hex per class on it
 * (the arrays grow beyond when runs are longer). */
static int walker_init(walker *W, const rsearch *S)
{
    *W = (walker){.S = S};
    int room = S->most + 2;
    W->runs = malloc((size_t)room * sizeof *W->runs);
    W->nodes.run = malloc((size_t)room * sizeof *W->nodes.run);
    W->vkey = malloc((size_t)room * sizeof *W->vkey);
    W->vmaxd = malloc((size_t)room * sizeof *W->vmaxd);
    W->child = malloc((size_t)room * sizeof *W->child);
    W->stack = malloc((size_t)room * sizeof *W->stack);
    W->path = malloc((size_t)room * sizeof *W->path);
    if (!W->runs || !W->nodes.run || !W->vkey || !W->vmaxd || !W->child || !W->stack ||
        !W->path)
        return LB_NOMEM;
    W->capruns = W->nodes.cap = W->capvals = W->capstack = room;
    return LB_OK;
}

int lbi_rsearch_walk(const rsearch *S, int (*visit)(void *ctx, const lb_hex *path, int n),
                     void *ctx)
{
    walker W;
    int rc = walker_init(&W, S);
    if (rc == LB_OK && S->root.key != RKEY_NONE)
        rc = push(&W, -1, -1, S->root.key);
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
    walker W;
    int rc = walker_init(&W, S);
    if (rc == LB_OK)
        rc = push(&W, -1, -1, S->root.key);
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

/* ---- the first path to one end hex (R-RET-4 f) ----------------------------------------------- */

/*
 * The least weight W of an optimal rest that ends at the end hex, for every state the walk from
 * the start meets, worked out depth first with W kept per E state: the rest from E(x, m) does
 * not depend on how the path got there (it never comes back to a class it left), so each E
 * state's runs are listed once. A state too far from the end for the hexes its rest has is cut
 * at once. The path is then read top-down: at each step the first direction in label order whose
 * step weight plus W is the least weight left.
 */

#define WEIGHT_NONE UINT32_MAX /* no optimal rest ends at the end hex */

typedef struct toward {
    walker W;
    lb_hex end;
    const int8_t *weight; /* per cell: what entering it weighs, -1 when it may not be entered */
    uint16_t *memo;       /* per E state: 0 not valued yet, 1 + W, or UINT16_MAX for none */
} toward;

static int state_value(toward *T, int cell, int level, uint32_t *out);
static int node_value(toward *T, int run, int node, rkey target, uint32_t *out);

/* Cuts a position whose rest (value target) has fewer hexes than the way to the end. */
static int too_far(const toward *T, lb_hex h, rkey target)
{
    return lb_hex_distance(h, T->end) > 1023 - (int)(target >> 22);
}

/* Step i (lex_dirs order) from node `node` of run `run` toward target into *s, and W of what
 * follows it into *rest: WEIGHT_NONE when there is no such step or its hex may not be entered. */
static int step_value(toward *T, int run, int node, rkey target, int i, wstep *s, uint32_t *rest)
{
    *rest = WEIGHT_NONE;
    if (!step_at(&T->W, run, node, target, i, s) || T->weight[s->cell] < 0)
        return LB_OK;
    return s->node >= 0 ? node_value(T, run, s->node, s->key, rest)
                        : state_value(T, s->cell, s->level, rest);
}

/* W of node `node` of run `run` (-1: the start) whose rest has the value target. */
static int node_value(toward *T, int run, int node, rkey target, uint32_t *out)
{
    const rsearch *S = T->W.S;
    lb_hex at = node < 0 ? S->start
                         : S->cells[T->W.nodes.run[T->W.runs[run].first + node].cell].hex;
    *out = WEIGHT_NONE;
    if (target == RKEY_END) {
        if (lb_hex_eq(at, T->end))
            *out = 0;
        return LB_OK;
    }
    if (too_far(T, at, target))
        return LB_OK;
    for (int i = 0; i < LB_DIR_COUNT; i++) {
        wstep s;
        uint32_t v;
        int rc = step_value(T, run, node, target, i, &s, &v);
        if (rc != LB_OK)
            return rc;
        if (v != WEIGHT_NONE && v + (uint32_t)T->weight[s.cell] < *out)
            *out = v + (uint32_t)T->weight[s.cell];
    }
    return LB_OK;
}

/* W of E(cell, level), kept. */
static int state_value(toward *T, int cell, int level, uint32_t *out)
{
    const rsearch *S = T->W.S;
    uint16_t *memo = &T->memo[(size_t)cell * (size_t)S->lv + (size_t)level];
    if (*memo) {
        *out = *memo == UINT16_MAX ? WEIGHT_NONE : *memo - 1u;
        return LB_OK;
    }
    rkey k = rs_ekey(S, cell, level);
    *out = WEIGHT_NONE;
    if (!too_far(T, S->cells[cell].hex, k)) {
        if (run_open(&T->W, cell, level) != LB_OK)
            return LB_NOMEM;
        int rc = node_value(T, T->W.nruns - 1, 0, k, out);
        T->W.nodes.n = T->W.runs[--T->W.nruns].first;
        if (rc != LB_OK)
            return rc;
    }
    *memo = *out == WEIGHT_NONE ? UINT16_MAX : (uint16_t)(*out + 1);
    return LB_OK;
}

/* Reads the path of least weight `need` top-down into out, first in label order. */
static int descend(toward *T, uint32_t need, lb_hex *out)
{
    const rsearch *S = T->W.S;
    int run = -1, node = -1, n = 0;
    rkey target = S->root.key;
    while (target != RKEY_END) {
        wstep s;
        uint32_t v = WEIGHT_NONE;
        int i = 0;
        for (; i < LB_DIR_COUNT; i++) {
            int rc = step_value(T, run, node, target, i, &s, &v);
            if (rc != LB_OK)
                return rc;
            if (v != WEIGHT_NONE && v + (uint32_t)T->weight[s.cell] == need)
                break;
        }
        if (i == LB_DIR_COUNT)
            return LB_INVALID; /* the values above say a step is there */
        out[n++] = S->cells[s.cell].hex;
        need = v;
        target = s.key;
        if (s.node >= 0) {
            node = s.node;
        } else {
            if (run_open(&T->W, s.cell, s.level) != LB_OK)
                return LB_NOMEM;
            run = T->W.nruns - 1;
            node = 0;
        }
    }
    return LB_OK;
}

int lbi_rsearch_path_to(const rsearch *S, lb_hex end, const int8_t *weight, lb_hex *out)
{
    toward T = {.W = {.S = S}, .end = end, .weight = weight};
    T.memo = calloc((size_t)S->ncells * (size_t)S->lv + 1, sizeof *T.memo);
    if (!T.memo)
        return LB_NOMEM;
    uint32_t best;
    int rc = S->root.key == RKEY_NONE ? LB_NOT_FOUND : node_value(&T, -1, -1, S->root.key, &best);
    if (rc == LB_OK)
        rc = best == WEIGHT_NONE ? LB_NOT_FOUND : descend(&T, best, out);
    free(T.memo);
    walker_release(&T.W);
    return rc;
}
