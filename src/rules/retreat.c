/* Paths of retreat, rout and flight (30): layered bounds, branch and bound, memoised counts. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lb/effects.h"
#include "lb/err.h"
#include "lb/move.h"
#include "lb/retreat.h"

/*
 * A label is cost * SCALE + friendly hexes, so comparing labels as integers compares terrain
 * cost first and friendly hexes second (R-RET-4 b, c), and labels add along a path.
 *
 * Every path stays within `k` hexes of its start, so the search works in a box of cells around
 * it. Steps that break R-RET-1 are left out of the step table once; what remains is the graph in
 * which D never decreases. G[r][c] is the best label of a walk of exactly r more steps from c
 * to a legal end (R-RET-2) in that graph: a lower bound on every path, exact except that a walk
 * may repeat a hex. A walk can repeat a hex only while D stays level, since D never comes back
 * down; so a path is simple iff each of its level runs is, and the rest of a search from a
 * prefix depends only on (hex, hexes moved, label so far, hexes of the current level run). The
 * optimum is found by branch and bound on G; the optimal paths are counted by a search memoised
 * on that key, which also marks the end hexes; listing and the automatic choice then walk only
 * into subtrees whose count is not zero.
 */

typedef long long label;
#define SCALE (1LL << 24)
#define INF (LLONG_MAX / 4)

/* Cell flags: WIN reached from the start by legal steps, SEEN classified, ENTER may be entered,
 * END may end a path, FRIEND holds a friendly combat unit, ENEMY an enemy unit, REACHED ends a
 * counted optimal path, ON lies on one. */
enum {
    F_WIN = 1, F_ENTER = 2, F_FRIEND = 4, F_END = 8, F_REACHED = 16, F_ENEMY = 32, F_SEEN = 64,
    F_ON = 128
};

/* Directions in the order of the labels of the hexes they lead to: NW, SW, N, S, NE, SE. */
static const int lex_dirs[LB_DIR_COUNT] = {LB_DIR_NW, LB_DIR_SW, LB_DIR_N,
                                           LB_DIR_S,  LB_DIR_NE, LB_DIR_SE};

static const char *const kind_names[] = {"disorder", "rout", "flight"};

typedef struct memo_entry {
    uint64_t hash; /* 0: empty slot */
    label acc;
    int cell, depth, run, nrun; /* run: offset of the sorted level run in the pool */
    uint64_t count;
    int maxd; /* largest D at the end of a counted path */
    unsigned live;
} memo_entry;

typedef struct counted {
    uint64_t count;
    int maxd;
    unsigned live; /* bit d: the step in direction d starts at least one counted path */
} counted;

typedef struct search {
    const lb_state *st;
    int unit, arm;
    int col0, row0, bw, bh, ncells;
    int start, K;
    int enemies;          /* enemy combat hexes (at least one, R-RET-8) */
    int *dist;            /* D per cell */
    int *steps;           /* fewest legal steps from the start, for cells in win */
    int *win;             /* the cells legal steps reach within K steps, fewest steps first */
    int *upto;            /* upto[j + 1]: how many of them take at most j steps */
    unsigned char *flags;
    int *to;              /* per cell and direction: the cell a legal step leads to, or -1 */
    label *w;             /* and the label of that step */
    label *G;             /* (K + 1) layers of ncells */
    int *path;            /* cells of the current prefix, path[0] = start */
    int *run;             /* per depth, K + 1 slots: a sorted level run (a memo key) */
    unsigned char *seen;
    /* one length */
    int k, budget;        /* budget -1 for a hex count */
    label best, bound0;
    /* memo */
    memo_entry *memo;
    size_t memo_cap, memo_len;
    int *pool;
    size_t pool_len, pool_cap;
    int oom;
} search;

const char *lb_retreat_kind_name(lb_retreat_kind kind)
{
    return kind_names[kind];
}

int lb_retreat_kind_parse(const char *s)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(s, kind_names[i]) == 0)
            return i;
    return -1;
}

static int cell_of(const search *S, lb_hex h)
{
    int c = h.col - S->col0, r = h.row - S->row0;
    if (c < 0 || r < 0 || c >= S->bw || r >= S->bh)
        return -1;
    return r * S->bw + c;
}

static lb_hex hex_of(const search *S, int cell)
{
    return (lb_hex){S->col0 + cell % S->bw, S->row0 + cell / S->bw};
}

static void cube(lb_hex h, int *x, int *z)
{
    int q = h.col - 1;
    *x = q;
    *z = (h.row - 1) - (q - (q & 1)) / 2;
}

static int cube_distance(int ax, int az, int bx, int bz)
{
    int dx = abs(ax - bx), dz = abs(az - bz), dy = abs((ax + az) - (bx + bz));
    int d = dx > dz ? dx : dz;
    return d > dy ? d : dy;
}

static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* R-RET-3: hexes or movement points for this kind, edition and arm. */
static void length_of(const lb_state *s, const lb_unit *u, const lb_retreat_req *req,
                      int *by_hexes, int *length, lb_trace *t)
{
    lb_unit routed = *u;
    routed.state = LB_STATE_ROUTED;
    *by_hexes = 0;
    if (req->hexes) {
        *by_hexes = 1;
        *length = req->hexes;
        lb_trace_add(t, "R-RET-3", "(30)", "%s of exactly %d hexes, as the rule that causes it says",
                     kind_names[req->kind], req->hexes);
    } else if (req->kind == LB_RETREAT_DISORDER) {
        *length = 3;
        lb_trace_add(t, "R-RET-3", "(30)", "disorder retreat: 3 movement points, at least one hex");
    } else if (req->kind == LB_RETREAT_FLIGHT) {
        /* R-MOR-4, R-MOR-5: the routed unit's movement in the Morale Recovery Segment */
        lb_effect e = lb_effects_movement(s, &routed, LB_SEG_MORALE_RECOVERY, t);
        *length = (int)lb_frac_floor(e.value);
        lb_trace_add(t, "R-RET-3", "(30)", "flight in the Morale Recovery Segment: %d movement "
                                           "points", *length);
    } else if (s->rules == LB_RULES_2017 && req->die) {
        *by_hexes = 1;
        *length = req->die;
        lb_trace_add(t, "R-RET-9", "(30)", "premier-2017: the rout die applies to %s as to any "
                     "arm", lb_arm_name(u->arm));
        lb_trace_add(t, "R-RET-3", "(30)", "premier-2017 charge-caused rout: one die of hexes, "
                     "exactly %d", req->die);
        lb_trace_die(t, "rout length", req->die);
    } else if (u->arm == LB_ARM_CAVALRY) {
        lb_effect e = lb_effects_movement(s, &routed, LB_SEG_MOVEMENT, t);
        *length = (int)lb_frac_floor(e.value);
        lb_trace_add(t, "R-RET-3", "(30)", "cavalry rout: its printed %d movement points",
                     *length);
    } else if (s->rules == LB_RULES_2018) {
        *by_hexes = 1;
        *length = 10;
        lb_trace_add(t, "R-RET-3", "(30)",
                     "premier-2018 rout: exactly 10 hexes; terrain cost does not shorten it");
        if (req->die)
            lb_trace_add(t, "R-RET-9", "(30)", "premier-2018: the rout die is not used");
    } else {
        *length = 10;
        lb_trace_add(t, "R-RET-3", "(30)", "premier-2017 rout: 10 movement points");
    }
    lb_trace_bool(t, "by_hexes", *by_hexes);
    lb_trace_int(t, "length", *length);
}

/* R-RET-10: the most hexes a path may have. */
static int most_hexes(const lb_state *s, int arm, int by_hexes, int length, lb_trace *t)
{
    if (by_hexes)
        return length;
    int cmin = INT_MAX;
    for (int i = 0; i < s->charts.nterrain; i++) {
        int c = s->charts.terrain[i].move[arm];
        if (c != LB_MOVE_PROHIBITED && c < cmin)
            cmin = c;
    }
    int k = cmin == INT_MAX ? 1 : length / (cmin > 0 ? cmin : 1);
    if (cmin == 0)
        lb_trace_add(t, "R-RET-10", "(30)", "some terrain costs 0 movement points: a path has at "
                     "most one hex per movement point, %d hexes", length);
    return k < 1 ? 1 : k;
}

typedef struct enemy {
    int x, z, d; /* cube coordinates, distance from the start */
} enemy;

static int by_distance(const void *a, const void *b)
{
    return ((const enemy *)a)->d - ((const enemy *)b)->d;
}

/* Enemy combat hexes (every hex of a line) sorted by distance from the start, keeping only those
 * within 2K + D(start) of it: no other can be nearest to a hex within K of the start. Enemy
 * units of any kind close their hexes; friendly combat units other than the unit mark theirs. */
static int enemies_of(search *S, int x0, int z0, enemy **out, int *d0)
{
    const lb_state *s = S->st;
    int side = s->units[S->unit].side, n = 0;
    enemy *e = malloc(((size_t)s->nunits * LB_UNIT_MAX_HEXES + 1) * sizeof *e);
    if (!e)
        return -1;
    *d0 = INT_MAX;
    for (int i = 0; i < s->nunits; i++) {
        const lb_unit *v = &s->units[i];
        for (int j = 0; j < v->nhexes; j++) {
            int c = cell_of(S, v->hexes[j]);
            if (v->side != side) {
                if (c >= 0)
                    S->flags[c] |= F_ENEMY;
                if (lb_unit_is_combat(v)) {
                    cube(v->hexes[j], &e[n].x, &e[n].z);
                    e[n].d = cube_distance(x0, z0, e[n].x, e[n].z);
                    *d0 = e[n].d < *d0 ? e[n].d : *d0;
                    n++;
                }
            } else if (i != S->unit && lb_unit_is_combat(v) && c >= 0) {
                S->flags[c] |= F_FRIEND;
            }
        }
    }
    S->enemies = n;
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (e[i].d <= 2 * S->K + *d0)
            e[kept++] = e[i];
    qsort(e, (size_t)kept, sizeof *e, by_distance);
    *out = e;
    return kept;
}

/* R-RET-1, R-RET-2: D of cell c and whether it may be entered or ended in, worked out the
 * first time the search touches it. D comes from the enemies sorted by distance from the start,
 * stopping once none nearer can follow (enemy e is at least d(start, e) - d(start, c) from c). */
static void classify(search *S, int c, const enemy *en, int kept, int x0, int z0, int d0)
{
    const lb_state *s = S->st;
    const lb_map *m = &s->map;
    lb_hex h = hex_of(S, c);
    int x, z, d = INT_MAX;
    cube(h, &x, &z);
    int near = cube_distance(x0, z0, x, z);
    for (int e = 0; e < kept && en[e].d - near < d; e++) {
        int de = cube_distance(x, z, en[e].x, en[e].z);
        d = de < d ? de : d;
    }
    S->dist[c] = d;
    S->flags[c] |= F_SEEN;
    int tc = s->charts.terrain[m->terrain[lb_map_cell(m, h)]].move[S->arm];
    if (c == S->start || (S->flags[c] & F_ENEMY) || tc == LB_MOVE_PROHIBITED)
        return;
    S->flags[c] |= F_ENTER;
    /* R-RET-2: further from the enemy than at the start, and no other combat unit there */
    if (d > d0 && !(S->flags[c] & F_FRIEND))
        S->flags[c] |= F_END;
}

/* R-RET-1, R-RET-2: the box; then the legal steps, found breadth first from the start so that
 * only cells a path can reach are looked at, in order of the fewest steps that reach them. */
static int build(search *S, lb_hex h0, lb_trace *t)
{
    const lb_state *s = S->st;
    const lb_map *m = &s->map;
    int K = S->K;
    int c_lo = h0.col - K > 1 ? h0.col - K : 1, c_hi = h0.col + K < m->cols ? h0.col + K : m->cols;
    int r_lo = h0.row - K > 1 ? h0.row - K : 1, r_hi = h0.row + K < m->rows ? h0.row + K : m->rows;
    S->col0 = c_lo;
    S->row0 = r_lo;
    S->bw = c_hi - c_lo + 1;
    S->bh = r_hi - r_lo + 1;
    S->ncells = S->bw * S->bh;
    size_t n = (size_t)S->ncells, k1 = (size_t)K + 1;
    S->dist = malloc(n * sizeof *S->dist);
    S->steps = malloc(n * sizeof *S->steps);
    S->win = malloc(n * sizeof *S->win);
    S->upto = calloc(k1 + 1, sizeof *S->upto);
    S->flags = calloc(n, 1);
    S->to = malloc(6 * n * sizeof *S->to);
    S->w = malloc(6 * n * sizeof *S->w);
    S->seen = calloc(n, 1);
    S->G = malloc(k1 * n * sizeof *S->G);
    S->path = malloc(k1 * sizeof *S->path);
    S->run = malloc(k1 * k1 * sizeof *S->run);
    if (!S->dist || !S->steps || !S->win || !S->upto || !S->flags || !S->to || !S->w ||
        !S->seen || !S->G || !S->path || !S->run)
        return LB_NOMEM;
    S->start = cell_of(S, h0);
    int x0, z0, d0;
    cube(h0, &x0, &z0);
    enemy *en;
    int kept = enemies_of(S, x0, z0, &en, &d0);
    if (kept < 0)
        return LB_NOMEM;

    int nwin = 0;
    classify(S, S->start, en, kept, x0, z0, d0);
    S->steps[S->start] = 0;
    S->win[nwin++] = S->start;
    S->flags[S->start] |= F_WIN;
    for (int i = 0; i < nwin; i++) {
        int c = S->win[i];
        S->upto[S->steps[c] + 1]++;
        if (S->steps[c] == K)
            continue; /* no step leaves the last layer */
        lb_hex h = hex_of(S, c);
        for (int d = 0; d < LB_DIR_COUNT; d++) {
            S->to[6 * c + d] = -1;
            int b = cell_of(S, lb_hex_neighbor(h, d));
            if (b < 0)
                continue;
            if (!(S->flags[b] & F_SEEN))
                classify(S, b, en, kept, x0, z0, d0);
            if (!(S->flags[b] & F_ENTER) || S->dist[b] < S->dist[c])
                continue;
            /* R-RET-13: terrain entered, hexside crossed, slope between elevations, once */
            int cost = lb_move_step_cost(s, h, d, S->arm);
            if (cost == LB_MOVE_PROHIBITED)
                continue;
            S->to[6 * c + d] = b;
            S->w[6 * c + d] = (label)cost * SCALE + ((S->flags[b] & F_FRIEND) ? 1 : 0);
            if (!(S->flags[b] & F_WIN)) {
                S->flags[b] |= F_WIN;
                S->steps[b] = S->steps[c] + 1;
                S->win[nwin++] = b;
            }
        }
    }
    free(en);
    for (int j = 0; j <= K; j++)
        S->upto[j + 1] += S->upto[j];
    lb_trace_add(t, "R-RET-1", "(30)",
                 "D(start) = %d: hex distance to the nearest of %d enemy combat hexes; every step "
                 "keeps D or increases it",
                 d0, S->enemies);
    lb_trace_int(t, "start_distance", d0);
    lb_trace_add(t, "R-RET-2", "(30)", "a path ends further from the enemy than D(start) = %d, "
                 "in a hex holding no other combat unit", d0);
    return LB_OK;
}

/* The relaxed layers: G[r][c] = best label of r more steps from c to a legal end. Layer r is
 * needed only for cells reached within K - r steps (a path is at most K hexes long). */
static void layers(search *S)
{
    int n = S->ncells;
    for (int i = 0; i < S->upto[S->K + 1]; i++) {
        int c = S->win[i];
        S->G[c] = (S->flags[c] & F_END) ? 0 : INF;
    }
    for (int r = 1; r <= S->K; r++) {
        label *g = S->G + (size_t)r * n, *prev = g - n;
        for (int i = 0; i < S->upto[S->K - r + 1]; i++) {
            int c = S->win[i];
            label best = INF;
            for (int d = 0; d < LB_DIR_COUNT; d++) {
                int b = S->to[6 * c + d];
                if (b >= 0 && prev[b] < INF && S->w[6 * c + d] + prev[b] < best)
                    best = S->w[6 * c + d] + prev[b];
            }
            g[c] = best;
        }
    }
}

static label bound_of(const search *S, int cell, int d, int depth, label acc)
{
    int b = S->to[6 * cell + d];
    label g = S->G[(size_t)(S->k - depth - 1) * S->ncells + b];
    return g >= INF ? INF : acc + S->w[6 * cell + d] + g;
}

/* R-RET-3: a budget binds paths of two hexes or more; the first hex is always affordable. */
static int affordable(const search *S, label bound)
{
    return S->budget < 0 || S->k < 2 || bound / SCALE <= S->budget;
}

/* Branch and bound for the best label of a simple path of exactly k hexes. */
static void best_from(search *S, int cell, int depth, label acc)
{
    if (depth == S->k) {
        if (acc < S->best)
            S->best = acc;
        return;
    }
    int kids[LB_DIR_COUNT], n = 0;
    label bounds[LB_DIR_COUNT];
    for (int i = 0; i < LB_DIR_COUNT; i++) {
        int d = lex_dirs[i], b = S->to[6 * cell + d];
        if (b < 0 || S->seen[b])
            continue;
        label bound = bound_of(S, cell, d, depth, acc);
        if (bound >= S->best || !affordable(S, bound))
            continue;
        int j = n++;
        for (; j > 0 && bounds[j - 1] > bound; j--) {
            bounds[j] = bounds[j - 1];
            kids[j] = kids[j - 1];
        }
        bounds[j] = bound;
        kids[j] = d;
    }
    for (int i = 0; i < n && bounds[i] < S->best && S->best > S->bound0; i++) {
        int b = S->to[6 * cell + kids[i]];
        S->seen[b] = 1;
        best_from(S, b, depth + 1, acc + S->w[6 * cell + kids[i]]);
        S->seen[b] = 0;
    }
}

/* The memo key of the prefix path[0..depth]: its cell, depth, label and sorted level run. */
static uint64_t key_of(const search *S, int depth, int runstart, label acc, int *nrun)
{
    int *run = S->run + (size_t)depth * (size_t)(S->K + 1);
    int cell = S->path[depth];
    uint64_t h = mix((uint64_t)cell * 0x100000001b3ULL ^ (uint64_t)depth << 48 ^ (uint64_t)acc);
    *nrun = 0;
    for (int i = runstart; i <= depth; i++) {
        int v = S->path[i], j = (*nrun)++;
        for (; j > 0 && run[j - 1] > v; j--)
            run[j] = run[j - 1];
        run[j] = v;
        h ^= mix((uint64_t)v + 0x51ed27ULL);
    }
    return h ? h : 1;
}

static memo_entry *memo_find(search *S, int depth, int runstart, label acc, uint64_t *hash,
                             int *nrun)
{
    *hash = key_of(S, depth, runstart, acc, nrun);
    if (!S->memo_cap)
        return NULL;
    for (size_t i = *hash & (S->memo_cap - 1);; i = (i + 1) & (S->memo_cap - 1)) {
        memo_entry *e = &S->memo[i];
        if (!e->hash)
            return NULL;
        if (e->hash == *hash && e->cell == S->path[depth] && e->depth == depth &&
            e->acc == acc && e->nrun == *nrun &&
            memcmp(S->pool + e->run, S->run + (size_t)depth * (size_t)(S->K + 1),
                   (size_t)*nrun * sizeof *S->run) == 0)
            return e;
    }
}

/* Stores the value of a prefix whose key key_of has just computed. */
static void memo_put(search *S, uint64_t hash, int depth, label acc, int nrun, counted v)
{
    if (2 * (S->memo_len + 1) > S->memo_cap) {
        size_t cap = S->memo_cap ? 2 * S->memo_cap : 256;
        memo_entry *m = calloc(cap, sizeof *m);
        if (!m) {
            S->oom = 1;
            return;
        }
        for (size_t i = 0; i < S->memo_cap; i++) {
            if (!S->memo[i].hash)
                continue;
            size_t j = S->memo[i].hash & (cap - 1);
            while (m[j].hash)
                j = (j + 1) & (cap - 1);
            m[j] = S->memo[i];
        }
        free(S->memo);
        S->memo = m;
        S->memo_cap = cap;
    }
    if (S->pool_len + (size_t)nrun > S->pool_cap) {
        size_t cap = S->pool_cap ? 2 * S->pool_cap : 4096;
        while (cap < S->pool_len + (size_t)nrun)
            cap *= 2;
        int *p = realloc(S->pool, cap * sizeof *p);
        if (!p) {
            S->oom = 1;
            return;
        }
        S->pool = p;
        S->pool_cap = cap;
    }
    memcpy(S->pool + S->pool_len, S->run + (size_t)depth * (size_t)(S->K + 1),
           (size_t)nrun * sizeof *S->run);
    size_t i = hash & (S->memo_cap - 1);
    while (S->memo[i].hash)
        i = (i + 1) & (S->memo_cap - 1);
    S->memo[i] = (memo_entry){.hash = hash, .acc = acc, .cell = S->path[depth], .depth = depth,
                              .run = (int)S->pool_len, .nrun = nrun, .count = v.count,
                              .maxd = v.maxd, .live = v.live};
    S->pool_len += (size_t)nrun;
    S->memo_len++;
}

/* Can the step from path[depth] in direction d extend the prefix? Sets the child's level run. */
static int step_ok(const search *S, int depth, int runstart, int d, int *child_run)
{
    int cell = S->path[depth], b = S->to[6 * cell + d];
    if (b < 0)
        return 0;
    if (S->dist[b] != S->dist[cell]) {
        *child_run = depth + 1;
        return 1;
    }
    for (int i = runstart; i <= depth; i++)
        if (S->path[i] == b)
            return 0; /* R-RET-1: no hex repeats */
    *child_run = runstart;
    return 1;
}

/* Simple optimal completions of path[0..depth]; marks their end hexes. The prefixes one step
 * short of the end are cheaper to count again than to look up, so they are not memoised. */
static counted count_from(search *S, int depth, int runstart, label acc)
{
    int cell = S->path[depth];
    if (depth == S->k) {
        if (acc != S->best)
            return (counted){0, -1, 0};
        S->flags[cell] |= F_REACHED | F_ON;
        return (counted){1, S->dist[cell], 0};
    }
    uint64_t hash = 0;
    int nrun = 0, memo = depth < S->k - 1;
    memo_entry *e = memo ? memo_find(S, depth, runstart, acc, &hash, &nrun) : NULL;
    if (e) {
        if (e->count)
            S->flags[cell] |= F_ON;
        return (counted){e->count, e->maxd, e->live};
    }
    counted sum = {0, -1, 0};
    for (int d = 0; d < LB_DIR_COUNT && !S->oom; d++) {
        int child_run;
        if (!step_ok(S, depth, runstart, d, &child_run) ||
            bound_of(S, cell, d, depth, acc) > S->best)
            continue;
        S->path[depth + 1] = S->to[6 * cell + d];
        counted v = count_from(S, depth + 1, child_run, acc + S->w[6 * cell + d]);
        if (!v.count)
            continue;
        sum.count = sum.count + v.count < sum.count ? UINT64_MAX : sum.count + v.count;
        sum.maxd = v.maxd > sum.maxd ? v.maxd : sum.maxd;
        sum.live |= 1u << d;
    }
    if (memo)
        memo_put(S, hash, depth, acc, nrun, sum);
    if (sum.count)
        S->flags[cell] |= F_ON;
    return sum;
}

/* The counted value of the prefix path[0..depth], after count_from has run from the start. */
static counted value_of(search *S, int depth, int runstart, label acc)
{
    if (depth >= S->k - 1)
        return count_from(S, depth, runstart, acc);
    uint64_t hash;
    int nrun;
    memo_entry *e = memo_find(S, depth, runstart, acc, &hash, &nrun);
    return e ? (counted){e->count, e->maxd, e->live} : (counted){0, -1, 0};
}

/* Extends the prefix by its live step d; returns the child's level run start and label. */
static void descend(search *S, int depth, int *runstart, label *acc, int d)
{
    int cell = S->path[depth], b = S->to[6 * cell + d];
    S->path[depth + 1] = b;
    *acc += S->w[6 * cell + d];
    if (S->dist[b] != S->dist[cell])
        *runstart = depth + 1;
}

/* Lists optimal paths in label order until `keep` are stored. */
static void list_from(search *S, lb_retreat *r, int keep, int depth, int runstart, label acc,
                      unsigned live)
{
    if (depth == S->k) {
        for (int i = 1; i <= S->k; i++)
            r->paths[(size_t)r->npaths * (size_t)S->k + (size_t)(i - 1)] = hex_of(S, S->path[i]);
        r->npaths++;
        return;
    }
    for (int i = 0; i < LB_DIR_COUNT && r->npaths < keep; i++) {
        if (!(live & (1u << lex_dirs[i])))
            continue;
        int run = runstart;
        label next = acc;
        descend(S, depth, &run, &next, lex_dirs[i]);
        list_from(S, r, keep, depth + 1, run, next, value_of(S, depth + 1, run, next).live);
    }
}

/* R-RET-4 (d): the automatic choice, the largest D at the end, then the first in label order. */
static void choose(search *S, lb_retreat *r, counted root)
{
    int runstart = 0;
    label acc = 0;
    counted at = root;
    for (int depth = 0; depth < S->k; depth++) {
        for (int i = 0; i < LB_DIR_COUNT; i++) {
            if (!(at.live & (1u << lex_dirs[i])))
                continue;
            int run = runstart;
            label next = acc;
            descend(S, depth, &run, &next, lex_dirs[i]);
            counted v = value_of(S, depth + 1, run, next);
            if (v.maxd == root.maxd) {
                runstart = run;
                acc = next;
                at = v;
                break;
            }
        }
        r->choice[depth] = hex_of(S, S->path[depth + 1]);
    }
    r->choice_distance = root.maxd;
}

/* R-RET-4 (a): for a budget the most hexes first; (b), (c): then the best label. */
static int find_best(search *S, int by_hexes, int length)
{
    S->budget = by_hexes ? -1 : length;
    for (int k = by_hexes ? length : S->K; k >= (by_hexes ? length : 1); k--) {
        S->k = k;
        S->bound0 = S->G[(size_t)k * S->ncells + S->start];
        S->best = INF;
        if (S->bound0 >= INF || !affordable(S, S->bound0))
            continue;
        S->path[0] = S->start;
        S->seen[S->start] = 1;
        best_from(S, S->start, 0, 0);
        if (S->best < INF)
            return 1;
    }
    return 0;
}

static void release_search(search *S)
{
    free(S->dist);
    free(S->steps);
    free(S->win);
    free(S->upto);
    free(S->flags);
    free(S->to);
    free(S->w);
    free(S->G);
    free(S->path);
    free(S->run);
    free(S->seen);
    free(S->memo);
    free(S->pool);
}

static int fill(search *S, const lb_retreat_req *req, lb_retreat *out, lb_trace *t)
{
    counted root = count_from(S, 0, 0, 0);
    if (S->oom)
        return LB_NOMEM;
    /* R-RET-12: the count stays exact; the first `keep` paths in label order are listed */
    int keep = req->max_paths > 0 ? req->max_paths : LB_RETREAT_KEEP;
    if ((uint64_t)keep > root.count)
        keep = (int)root.count;
    out->hexes = S->k;
    out->cost = (int)(S->best / SCALE);
    out->friendly = (int)(S->best % SCALE);
    out->count = root.count;
    out->paths = malloc((size_t)keep * (size_t)S->k * sizeof *out->paths);
    out->choice = malloc((size_t)S->k * sizeof *out->choice);
    S->flags[S->start] &= (unsigned char)~F_ON;
    int nends = 0, nvia = 0;
    for (int c = 0; c < S->ncells; c++) {
        nends += (S->flags[c] & F_REACHED) != 0;
        nvia += (S->flags[c] & F_ON) != 0;
    }
    out->ends = malloc(((size_t)nends + 1) * sizeof *out->ends);
    out->via = malloc(((size_t)nvia + 1) * sizeof *out->via);
    if (!out->paths || !out->choice || !out->ends || !out->via)
        return LB_NOMEM;
    for (int col = 0; col < S->bw; col++)
        for (int row = 0; row < S->bh; row++) {
            int c = row * S->bw + col;
            if (S->flags[c] & F_REACHED)
                out->ends[out->nends++] = hex_of(S, c);
            if (S->flags[c] & F_ON)
                out->via[out->nvia++] = hex_of(S, c);
        }
    S->path[0] = S->start;
    list_from(S, out, keep, 0, 0, 0, root.live);
    choose(S, out, root);
    lb_trace_add(t, "R-RET-13", "(30)", "a step costs the terrain entered, plus the hexside feature "
                 "crossed, plus the slope where elevations differ, counted once");
    lb_trace_add(t, "R-RET-4", "(30)",
                 "%llu optimal path%s of %d hex%s: terrain cost %d, %d hex%s with friendly units, "
                 "%d end hex%s",
                 out->count, out->count == 1 ? "" : "s", out->hexes, out->hexes == 1 ? "" : "es",
                 out->cost, out->friendly, out->friendly == 1 ? "" : "es", out->nends,
                 out->nends == 1 ? "" : "es");
    lb_trace_int(t, "hexes", out->hexes);
    lb_trace_int(t, "cost", out->cost);
    lb_trace_int(t, "friendly", out->friendly);
    lb_trace_int(t, "paths", (long)out->count);
    return LB_OK;
}

/* R-RET-1..5, R-RET-7..10 */
int lb_retreat_paths(const lb_state *s, int unit, const lb_retreat_req *req, lb_retreat *out,
                     lb_trace *t)
{
    memset(out, 0, sizeof *out);
    out->kind = req->kind;
    out->start_distance = -1;
    if (unit < 0 || unit >= s->nunits || !lb_unit_is_combat(&s->units[unit]) ||
        (unsigned)req->kind > LB_RETREAT_FLIGHT || req->die < 0 || req->die > 6 ||
        req->hexes < 0 || req->hexes > 10)
        return LB_INVALID;
    const lb_unit *u = &s->units[unit];
    out->start = u->hexes[0];
    if (u->nhexes > 1)
        lb_trace_add(t, "R-RET-7", "(30)", "%s stands in %d hexes and retreats from its first",
                     u->id, u->nhexes);
    length_of(s, u, req, &out->by_hexes, &out->length, t);

    int enemy = 0;
    for (int i = 0; i < s->nunits && !enemy; i++)
        enemy = s->units[i].side != u->side && lb_unit_is_combat(&s->units[i]);
    if (!enemy) {
        /* R-RET-8 */
        out->stays = 1;
        lb_trace_add(t, "R-RET-8", "(30)",
                     "no enemy combat unit on the map: nothing to retreat from; the unit stays");
        return LB_OK;
    }
    search S = {.st = s, .unit = unit, .arm = (int)u->arm};
    S.K = most_hexes(s, S.arm, out->by_hexes, out->length, t);
    int rc = build(&S, out->start, t);
    if (rc == LB_OK) {
        out->start_distance = S.dist[S.start];
        layers(&S);
        if (!find_best(&S, out->by_hexes, out->length)) {
            out->surrender = 1;
            lb_trace_add(t, "R-RET-5", "(30)",
                         out->by_hexes ? "no legal path of exactly %d hexes: the unit surrenders"
                                       : "no legal path of even one hex (budget %d MP): the unit "
                                         "surrenders",
                         out->length);
            lb_trace_bool(t, "surrender", 1);
        } else {
            lb_trace_add(t, "R-RET-5", "(30)",
                         out->by_hexes ? "a legal path of exactly %d hexes exists: no surrender"
                                       : "a legal path within the %d MP budget exists: no "
                                         "surrender; the longest legal path is taken",
                         out->length);
            rc = fill(&S, req, out, t);
        }
    }
    release_search(&S);
    if (rc != LB_OK)
        lb_retreat_release(out);
    return rc;
}

void lb_retreat_release(lb_retreat *r)
{
    if (!r)
        return;
    free(r->paths);
    free(r->ends);
    free(r->choice);
    free(r->via);
    r->paths = r->ends = r->choice = r->via = NULL;
    r->npaths = r->nends = r->nvia = 0;
}

/* R-RET-5, R-RET-8, R-RET-11 */
int lb_retreat_apply(lb_state *s, int unit, const lb_retreat *r, int choice)
{
    if (unit < 0 || unit >= s->nunits || !lb_unit_is_combat(&s->units[unit]))
        return LB_INVALID;
    if (r->stays)
        return LB_OK;
    if (r->surrender) {
        memmove(&s->units[unit], &s->units[unit + 1],
                (size_t)(s->nunits - unit - 1) * sizeof *s->units);
        s->nunits--;
        return lb_state_reindex(s);
    }
    const lb_hex *p = choice < 0             ? r->choice
                      : choice < r->npaths ? r->paths + (size_t)choice * (size_t)r->hexes
                                           : NULL;
    if (!p || r->hexes < 1)
        return LB_INVALID;
    lb_unit *u = &s->units[unit];
    lb_hex end = p[r->hexes - 1], prev = r->hexes > 1 ? p[r->hexes - 2] : r->start;
    u->hexes[0] = end;
    u->nhexes = 1;
    u->formation = lb_effects_formation(s, u, end);
    int dir = lb_hex_dir_to(prev, end);
    if (dir >= 0)
        u->facing = lb_hex_dir_clock(dir);
    return lb_state_reindex(s);
}
