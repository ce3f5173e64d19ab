/* The retreat path search shared by retreat*.c: cells, classes, labels, exact counts (private). */
#ifndef LB_RETREAT_INT_H
#define LB_RETREAT_INT_H

#include <stdint.h>

#include "retreat.h"
#include "lbi.h"
#include "state_int.h"

/*
 * How the search works (R-RET-1..5, R-RET-10, R-RET-12)
 *
 * Every enemy formation F (an enemy combat unit, R-RET terms) gives each hex h a distance
 * d(h, F). R-RET-1 allows a step only when no d goes down, so a step either keeps every d (it
 * stays in its *class*: the hexes with the same distance to every formation) or raises at least
 * one (it climbs to a class whose sum of distances is higher). A path never comes back to a
 * class it left, so hexes can repeat only within one *run* (the hexes a path walks in one class)
 * and the search needs to remember only the current run. The hexes of one class that touch each
 * other make a *component*; the components and the climbing steps between them form a DAG.
 *
 * A component is a chain (a line of hexes), a cycle (a ring round a single enemy) or, next to a
 * bent enemy line, anything else ("general"). Runs in a chain go one way; runs in a cycle go
 * one way for less than a full turn; runs in a general component are listed one by one (such
 * components are small: their hexes lie within a few hexes of a bent line of at most 8 hexes).
 *
 * The state of a path that has just entered hex x of a component with m movement points (or
 * hexes) left is E(x, m). Its value is the best *label* of the rest of the path (R-RET-4 a-c:
 * the most hexes, then the least cost, then the fewest hexes with friendly units) with the
 * number of optimal rests and the largest D at their ends (R-RET-4 e). Labels pack those three
 * numbers into 32 bits so that they add along a path and compare as integers (smaller is
 * better). The values are worked out component by component, from the last in the DAG to the
 * first (retreat_count.c); then the components are walked forward from the start to mark every
 * hex on an optimal path and every end hex (retreat_mark.c); paths are listed, streamed and
 * chosen top-down from the start (retreat_walk.c). Memory is the cells times the levels, never
 * the number of paths.
 */

/* A label: (1023 - hexes) << 22 | cost << 10 | friendly hexes. Smaller is better (R-RET-4). */
typedef uint32_t rkey;
#define RKEY_NONE 0xFFFFFFFFu  /* no legal rest of the path */
#define RKEY_END (1023u << 22) /* the empty rest: the path ends here */
#define RKEY_HEX (1u << 22)

/* The label delta of one step: one hex more, its cost and whether it holds friends. */
static inline uint32_t rkey_step(int cost, int friendly)
{
    return ((uint32_t)cost << 10) + (uint32_t)friendly - RKEY_HEX;
}

/* Counts are exact below UINT64_MAX; UINT64_MAX means "at least 2^64 - 1" (R-RET-12). */
#define RCOUNT_SAT UINT64_MAX

static inline uint64_t rcount_add(uint64_t a, uint64_t b)
{
    uint64_t s = a + b;
    return s < a || s == RCOUNT_SAT ? RCOUNT_SAT : s;
}

/* The value of a state: best label, how many rests reach it, the largest D at their ends. */
typedef struct ragg {
    rkey key;
    uint16_t maxd;
    uint64_t count;
} ragg;

static inline ragg ragg_none(void)
{
    return (ragg){RKEY_NONE, 0, 0};
}

/* Adds an option (label, count, maxd) to a value. */
static inline void ragg_add(ragg *a, rkey key, uint64_t count, int maxd)
{
    if (key < a->key) {
        a->key = key;
        a->count = count;
        a->maxd = (uint16_t)maxd;
    } else if (key == a->key && key != RKEY_NONE) {
        a->count = rcount_add(a->count, count);
        if (maxd > a->maxd)
            a->maxd = (uint16_t)maxd;
    }
}

/* How a path may end (R-RET-3, R-RET-5). */
enum { MODE_HEXES, MODE_DISORDER, MODE_COMPLETE };

/* Cell flags: a friendly combat unit stands there; a path may end there (R-RET-2, R-RET-4 d, e);
 * further than the start from every formation that counts (R-RET-2). */
enum { CELL_FRIEND = 1, CELL_END = 2, CELL_FARTHER = 4 };

/* A hex the search reaches from the start by legal steps (R-RET-1). */
typedef struct rcell {
    lb_hex hex;
    int d;            /* D(hex) */
    int comp, pos;    /* its component and place in it */
    int depth;        /* the fewest legal steps from the start to it */
    int nbr[6];       /* the cell a legal step in each direction enters, or -1 */
    uint16_t cost[6]; /* terrain + hexside + slope of that step (R-RET-13) */
    uint16_t spend[6];/* what it spends: 1 per hex, or max(cost, 1) MP (R-RET-10) */
    uint8_t legal;    /* directions R-RET-1 allows, into any hex */
    uint8_t same;     /* those that stay in the class */
    uint8_t flags;
    int8_t fwd, back; /* chains and cycles: direction to the next and previous cell */
} rcell;

enum { COMP_CHAIN, COMP_CYCLE, COMP_GENERAL };

typedef struct rcomp {
    int kind;
    int first, n;     /* its cells: S->comp_cells[first .. first + n) in order */
    int waiting;      /* climbing steps into it from components not yet valued */
    uint64_t *cnt;    /* counts of its E states while components before it need them */
} rcomp;

typedef struct rsearch {
    const lb_state *st;
    int unit, side, arm, mode;
    int budget;       /* B: movement points or hexes */
    int lv;           /* levels 0..B */
    int most;         /* the most hexes a path may have (R-RET-10) */
    lb_hex start;
    int d0;           /* D(start) */
    int enemies;      /* enemy formations that count (R-RET-7) */
    int nearest_only; /* R-RET-2: a disorder retreat with no path further from every formation
                       * ends further from the nearest */
    int col0, row0, bw, bh;
    int *box;         /* bw*bh: region cell of each hex of the box round the start, or -1 */
    rcell *cells;
    int ncells, capcells;
    rcell startcell;  /* the start: legal first steps */
    rcomp *comps;
    int ncomps;
    int *comp_cells;
    int *order;       /* components, each after every one it climbs to (a DAG post-order) */
    rkey *ekey;       /* E(x, m) per cell * lv + m */
    uint16_t *emaxd;
    uint64_t *elive;  /* bits: E(x, m) lies on an optimal path */
    uint8_t *on, *end;/* per cell: on an optimal path; the end of one */
    ragg root;
    long trie_nodes;  /* general components: runs listed so far (bounded) */
} rsearch;

/* The index in S->box of hex h, or -1 outside the box round the start. */
static inline int rs_box_index(const rsearch *S, lb_hex h)
{
    int c = h.col - S->col0, r = h.row - S->row0;
    if (c < 0 || r < 0 || c >= S->bw || r >= S->bh)
        return -1;
    return r * S->bw + c;
}

/* Most states (cells times levels) one search may hold: about 100 MB. */
#define RSEARCH_MAX_STATES (1L << 24)
/* Most runs listed in general components by one search. */
#define RSEARCH_MAX_TRIE (1L << 22)

/* ---- retreat_enemy.c: enemy formations seen from a hex -------------------------------------- */

typedef struct renemy_hex {
    int c[3];  /* cube coordinates */
    int key;   /* distance from the start to its formation (at most cols + rows) */
    int form;  /* its formation, numbered as gathered */
} renemy_hex;

typedef struct renemy_multi {
    int first, n; /* hexes of a formation of several hexes, in mhex */
} renemy_multi;

typedef struct renemy_table {
    int lo, n; /* slot 0 holds the values below the range, slot n - 1 those above */
    int *v;
} renemy_table;

/* R-RET-7: enemy combat units further from the start than this do not count. */
#define LBI_RENEMY_RANGE 15

typedef struct renemy {
    int formations;          /* that count (R-RET-7) */
    int routed, far;         /* enemy combat units that do not: routed; further than the range */
    int formations_gathered;
    renemy_hex *gathered;    /* every enemy combat hex, formation after formation */
    renemy_hex *hexes;       /* every enemy combat hex, by its formation's distance from start */
    int nhexes;
    renemy_hex *mhex;        /* the hexes of formations of several hexes */
    int nmhex;
    renemy_multi *multi;
    int nmulti;
    renemy_table t[12];      /* single-hex formations: sextant and ray tables */
    int *store;
    void *block;             /* one allocation: hexes (and their sorting room), mhex, multi, store */
    uint8_t closer[2][64], away[2][64]; /* by the set of sextants, of rays, holding enemies */
} renemy;

/* R-RET-7: whether unit v is an enemy formation that counts for a unit of `side` retreating
 * from `start`: an enemy combat unit, not routed, within LBI_RENEMY_RANGE hexes. */
LBI int lbi_renemy_counts(const lb_unit *v, int side, lb_hex start);
/* R-RET-2: whether h is further than the start from every formation that counts. */
LBI int lbi_renemy_farther_all(const renemy *E, lb_hex h);
/* Cube coordinates (x, y, z) of h. */
LBI void lbi_renemy_cube(lb_hex h, int c[3]);
/* Tables for the enemies of `side` seen from hexes reached from start, all of them within the
 * columns and rows from box_lo to box_hi. LB_OK or LB_NOMEM. */
LBI int lbi_renemy_init(renemy *E, const lb_state *s, int side, lb_hex start, lb_hex box_lo,
                        lb_hex box_hi);
/* R-RET-1: directions from h (within box_lo .. box_hi) that come closer to some formation, and
 * that go away from some. */
LBI void lbi_renemy_steps(const renemy *E, lb_hex h, uint8_t *closer, uint8_t *away);
/* D(h), for h the start or a hex reached from it by R-RET-1 steps. */
LBI int lbi_renemy_distance(const renemy *E, lb_hex h);
LBI void lbi_renemy_release(renemy *E);

/* ---- retreat_region.c ------------------------------------------------------------------------ */

/* The region, its cells and components, and their order (R-RET-1, R-RET-2). */
LBI int lbi_rsearch_build(rsearch *S, lb_trace *t);
/* R-RET-2, R-RET-4 (d), (e): flags the cells where a path may end (by S->nearest_only), of
 * those only the cells i with only[i] when only is given, and readies the search to be valued
 * again (lbi_rsearch_count). Returns how many. */
LBI int lbi_rsearch_ends(rsearch *S, const uint8_t *only);

/* ---- retreat_values.c: the values of one component's states ---------------------------------- */

/* One run in a general component: a simple path in it from its entry. */
typedef struct rrun {
    int cell, parent, spent; /* parent: index from the run's entry (-1 for the entry) */
    uint32_t delta;  /* label delta from the entry */
    uint8_t open;    /* directions R-RET-1 still allows from its last hex */
} rrun;

/* Runs listed one entry after another, and the listing's scratch. */
typedef struct rrunbuf {
    rrun *run;
    int n, cap;
    uint8_t *seen;
    int *dirs;
    int capseen;
} rrunbuf;

LBI int lbi_rrunbuf_push(rrunbuf *buf, rrun r);
LBI void lbi_rrunbuf_release(rrunbuf *buf);

/* A table of values by rows of levels: keys; counts and largest end D only when counting. */
typedef struct rtab {
    rkey *key;
    uint64_t *count;
    uint16_t *maxd;
    int cap;        /* entries the buffers hold */
} rtab;

/* One row of such a table. */
typedef struct rrow {
    rkey *key;
    uint64_t *count;
    uint16_t *maxd;
} rrow;

/* The tables of one component at a time; a pass keeps one and its buffers only grow. */
typedef struct rtables {
    int n, lv;
    int counting;   /* the counting pass: counts kept, walk tables keep two rows in turn */
    rtab cross;     /* climbing steps of each cell, by level */
    rtab e;         /* counting: E of each cell (both ways added by lbi_rtables_way) */
    rtab opt;       /* a scratch row */
    rtab way[2][3]; /* per way: chain V; cycle A, A0, Q */
} rtables;

/* The climbs of component comp's cells into T (zeroed with T->counting set before the first
 * use); when counting (the counts of the components it climbs to must be alive), also E's own
 * options and, for a general component, every run; the walk tables then keep only the rows in
 * use, else (marking) every row, keys only. */
LBI int lbi_rtables_fill(const rsearch *S, int comp, rtables *T, long *used);
/* E of a component of one hex (no walk in it) straight into out (counting). */
LBI void lbi_rtables_lone(const rsearch *S, int comp, rrow out);
/* The walks one way (w = 0 along fwd, 1 along back) of a chain or cycle, added to T->e. */
LBI int lbi_rtables_way(const rsearch *S, int comp, int w, rtables *T);
LBI void lbi_rtables_release(rtables *T);
/* The runs of a general component from its cell `entry` spending at most budget, appended to
 * buf (parents counted from that entry); *used counts runs against RSEARCH_MAX_TRIE. */
LBI int lbi_rs_runs(const rsearch *S, int entry, int budget, rrunbuf *buf, long *used);
/* R-RET-2, R-RET-5: a path may end in c with m left iff rs_end_at(limit, m), limit being
 * lbi_rs_end_limit(S, c, the directions R-RET-1 still allows from c). */
LBI int lbi_rs_end_limit(const rsearch *S, const rcell *c, unsigned open);
static inline int rs_end_at(int limit, int m)
{
    return limit >= 0 && (m == 0 || m < limit);
}

/* A chain or cycle walked one way: place p's cell, and its step on to place p + 1. */
typedef struct rline {
    const rsearch *S;
    const rcomp *k;
    int way, L;
} rline;
LBI int lbi_rline_cell(const rline *ln, int p);
LBI int lbi_rline_on(const rline *ln, const rcell *c);
LBI int lbi_rline_behind(const rline *ln, const rcell *c);
LBI uint32_t lbi_rline_delta(const rline *ln, int p);
LBI int lbi_rline_spend(const rline *ln, int p);

/* ---- retreat_count.c, retreat_mark.c, retreat_walk.c ----------------------------------------- */

/* The value of every state and of the start (R-RET-3..5, R-RET-12). */
LBI int lbi_rsearch_count(rsearch *S);
/* The hexes on optimal paths and their ends (R-RET-12). */
LBI int lbi_rsearch_mark(rsearch *S);
/* Optimal paths in label order, each given to visit(ctx, hexes entered, n) until it returns
 * nonzero (R-RET-4 f, R-RET-12). LB_OK or LB_NOMEM. */
LBI int lbi_rsearch_walk(const rsearch *S, int (*visit)(void *ctx, const lb_hex *path, int n),
                         void *ctx);
/* The automatic choice (R-RET-4 f) into out (S->root hexes). */
LBI int lbi_rsearch_choose(const rsearch *S, lb_hex *out);
/* The first optimal path in label order ending at `end` among those of least weight (the sum of
 * weight[cell] over the cells it enters; -1: a cell it may not enter) into out (S->root hexes).
 * Memory: one value per state. LB_OK, LB_NOT_FOUND (no such path), LB_NOMEM. */
LBI int lbi_rsearch_path_to(const rsearch *S, lb_hex end, const int8_t *weight, lb_hex *out);
/* The start's first step in direction d: the level left after it, or -1 (R-RET-3: the first
 * hex is always affordable). */
LBI int lbi_rs_first_level(const rsearch *S, int d);
/* The stored E of cell at level m. */
static inline rkey rs_ekey(const rsearch *S, int cell, int m)
{
    return S->ekey[(size_t)cell * (size_t)S->lv + (size_t)m];
}
static inline int rs_emaxd(const rsearch *S, int cell, int m)
{
    return S->emaxd[(size_t)cell * (size_t)S->lv + (size_t)m];
}
LBI void lbi_rsearch_release(rsearch *S);

/* ---- retreat_free.c: no enemy formation counts (R-RET-7) ------------------------------------ */

/* The most hexes a disorder retreat with no formation counted walks (R-RET-3: 3 MP, or the
 * fixed count a rule gives, at most 10). */
#define LBI_RFREE_MOST 10

/* The best paths found, all of `hexes` hexes, one after another. */
typedef struct rfree {
    const lb_state *st;
    int unit, by_hexes, length;
    lb_hex start;
    lb_hex *paths;
    int n, cap, hexes;
    long rank[4];   /* cost, friendly hexes, -D over every enemy, hexes (R-RET-4 b, c, e) */
} rfree;

/* R-RET-4 (d), R-RET-7, R-RET-19: woods or built-up terrain: a terrain whose sight class blocks
 * or is a dwelling. */
static inline int lbi_retreat_cover(const lb_state *s, lb_hex h)
{
    lb_los_class c = s->charts.terrain[s->map.terrain[lb_map_cell(&s->map, h)]].los;
    return c == LB_LOS_BLOCKS || c == LB_LOS_DWELLING;
}

/* R-RET-7 with no formation counted: a disorder retreat's best paths of 1-3 MP (R-RET-4 b, c,
 * e over every enemy), or a rout's or flight's way toward its refuge (R-RET-19: none when it
 * stands in one or can reach none). LB_OK, LB_INVALID, LB_NOMEM. */
LBI int lbi_rfree_paths(rfree *F, const lb_state *s, int unit, lb_hex start,
                        lb_retreat_kind kind, int by_hexes, int length, lb_trace *t);
LBI void lbi_rfree_release(rfree *F);

/* ---- retreat_explain.c: what decided the answer, for its trace ------------------------------ */

/* R-RET-3, R-RET-5, R-RET-16, R-RET-17: why the candidates are what they are, seen on the
 * automatic choice `path` (n hexes entered): where it stops and why it may, and, for a disorder
 * retreat with no legal path of one hex, why it still moves. */
LBI void lbi_rexplain_stop(const rsearch *S, const lb_hex *path, int n, lb_trace *t);
/* R-RET-13, R-RET-14: the automatic choice written h0 … hn, and what each of its steps costs. */
LBI void lbi_rexplain_path(const rsearch *S, const lb_hex *path, int n, lb_trace *t);

/* The library's own, not offered by the API (declared in include/lb/retreat.h before). */

/* R-RET-4 (f): the path of r to `end`, one of r's ends: the first optimal path in label order
 * that ends there (every one ends at the same distance); with weight, the first of those whose
 * hexes entered weigh least in all, weight(ctx, h) being 0..LB_RETREAT_WEIGHT_MAX, or -1 for a
 * hex it may not enter. out gets r->hexes hexes. Time and memory are the search's (one value per
 * state it holds), never the number of paths. LB_OK; LB_NOT_FOUND (no optimal path of r ends at
 * `end`, or every one enters a hex weighing -1; r surrenders or stays); LB_INVALID (a weight out
 * of range); LB_NOMEM. */
LBI int lb_retreat_path_to(const lb_retreat *r, lb_hex end, int (*weight)(void *ctx, lb_hex h),
                           void *ctx, lb_hex *out);

/* Moves unit to the end of path `choice` of r (-1: the automatic choice) in column or general
 * order by its terrain, facing its last step (R-RET-11), with the leaders it leaves alone unless
 * r->leaders_stay (R-RET-15); on surrender removes the unit and captures those leaders
 * (lb_state_remove_unit: indexes after them shift down); leaves it where it is when it stays
 * (R-RET-19). r must name unit and have been found on s as it stands. Reindexes the state and
 * marks it changed (lb_state_touch). LB_OK; LB_INVALID (not r's unit, no such path) or LB_STALE
 * (s changed since r was found), nothing changed; LB_NOMEM. */
LBI int lb_retreat_apply(lb_state *s, int unit, const lb_retreat *r, int choice);

/* lb_retreat_apply along lb_retreat_path_to(r, end) without weights: the owner's choice of
 * end (R-RET-4 f). LB_NOT_FOUND when end is none of r's ends, nothing changed; else as
 * lb_retreat_apply. */
LBI int lb_retreat_apply_to(lb_state *s, int unit, const lb_retreat *r, lb_hex end);

/* Gives every optimal path of r, in label order, to visit(ctx, hexes entered, count) until it
 * returns nonzero; memory stays that of one path. LB_OK or LB_NOMEM. */
LBI int lb_retreat_each(const lb_retreat *r, int (*visit)(void *ctx, const lb_hex *path, int n),
                        void *ctx);

/* R-MOR-16: the good-order friendly combat units in the hexes unit begins in and those the
 * automatic choice of r (found on s as it stands) enters, each traced into t once with its
 * chance to pass the check the move sets off (W31-2). Nothing when the unit does not move.
 * The retreat answer and the game's retreats show them; a melee's or a charge's do not (their
 * own units check by their rules, R-MOR-18). */
LBI void lb_retreat_checks(const lb_state *s, int unit, const lb_retreat *r, lb_trace *t);

/* Name of a kind ("disorder", "rout", "flight"). */
LBI const char *lb_retreat_kind_name(lb_retreat_kind kind);

/* Every optimal path of unit for req (R-RET-1..15); out is filled (release it after LB_OK).
 * LB_INVALID for a leader or a bad die, LB_NOMEM. */
LBI int lb_retreat_paths(const lb_state *s, int unit, const lb_retreat_req *req,
                         lb_retreat *out, lb_trace *t);

/* Frees what a result owns. */
LBI void lb_retreat_release(lb_retreat *r);

/* The kind named "disorder", "rout" or "flight"; -1 when unknown. */
LBI int lb_retreat_kind_parse(const char *s);

#endif
