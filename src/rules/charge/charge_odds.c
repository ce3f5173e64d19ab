/* Exact odds of a charge (R-DICE-4, R-CHG-28): every dice branch, each pass taken up again from a copy of where it stopped, branches that reach the same state merged, within a budget. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charge_rules.h"
#include "lb/core.h"
#include "dice_int.h"
#include "frac_int.h"
#include "trace_int.h"
#include "charge_int.h"

/* The most rolls with more than one result that one branch may hold. */
#define ROLLS_MAX 64

/*
 * The enumeration builds a graph: a node is a roll some pass stopped at (R-DICE-4), an edge one
 * group of its values (those that lead to the same result) with its share of the 36 or 6, the
 * summary codes the pass added before its next stop, and where it stopped: another node, or
 * the end of the charge. Two stops in the same state (units, the run, the marks, the roll to
 * make) are one node, explored once, whatever dice led there. The ends are then the paths
 * through the graph: their summaries joined, their shares multiplied.
 */

typedef struct edge {
    int count, of; /* the group's share: count values of 36 or 6 */
    size_t text;   /* its summary codes: an offset into the fragments */
    int child;     /* the node it stops at, -1 at the end of the charge */
    int next;      /* the node's next edge, -1 */
} edge;

typedef struct node {
    uint64_t hash;
    unsigned char *key; /* the state it stands for (owned) */
    size_t keylen;
    int edges; /* first edge, -1 */
    int done;  /* every group explored */
} node;

/* A pass stopped at a roll: everything needed to take it up again. */
typedef struct snap {
    lb_state *st;
    ustate *us;
    run R;
    int contact, mp_total;
    char target[LB_SUBJECT_MAX];
} snap;

typedef struct odds {
    lb_charge *ch;
    lb_charge_result res; /* the run's result: contact, target, summary, refusal */
    lbi_text summary;     /* the codes of the current segment */
    lbi_text fragments;   /* every edge's codes, NUL-separated */
    lbi_text key;         /* scratch for a state's key */
    node *nodes;
    int nnodes, cap_nodes;
    edge *edges;
    int nedges, cap_edges;
    int *table; /* open addressing over nodes by hash: node index + 1, 0 empty */
    int table_size;
    int runs, merged;
    int budget_hit, too_deep, overflowed;
    /* the ends */
    lb_charge_outcome *items;
    int n, cap;
    int *ends; /* open addressing over items by summary: index + 1 */
    int ends_size;
    int paths;
} odds;

/* ---- keys ------------------------------------------------------------------------------- */

#define PUT(k, x) lbi_text_add((k), &(x), sizeof(x))

/* Everything that decides what the rest of the charge does: the units as they stand, the
 * marks, the run's scalars and the roll it waits for. Not the summary so far. */
static int make_key(odds *O, const run *R)
{
    lbi_text *k = &O->key;
    const lb_state *st = R->st;
    int rc = LB_OK;
    k->len = 0;
    rc |= PUT(k, st->nunits);
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *u = &st->units[i];
        uintptr_t id = (uintptr_t)u->id;
        int f[6] = {u->losses, u->formation, u->state, u->facing, u->readiness, u->nhexes};
        rc |= PUT(k, id);
        rc |= lbi_text_add(k, f, sizeof f);
        rc |= lbi_text_add(k, u->hexes, (size_t)u->nhexes * sizeof *u->hexes);
        rc |= PUT(k, R->us[i]);
    }
    int f[] = {R->cav, R->side, R->pos.col, R->pos.row, R->facing, R->nsteps, R->spent, R->total,
               R->plan_pos, R->plan_aside, R->mode, R->goal, R->cap, R->phase_a, R->vacated.col,
               R->vacated.row, R->target, R->tst, R->recall, R->follow_hexes, R->pursuit_from,
               R->melee_with, R->stage, R->answered, R->pend.kind, R->pend.unit, R->pend.as_target,
               R->pend.vacated.col, R->pend.vacated.row, R->need_die, R->cursor, O->res.contact,
               O->res.mp_total};
    rc |= lbi_text_add(k, f, sizeof f);
    uintptr_t rule = (uintptr_t)R->pend.rule;
    rc |= PUT(k, rule);
    rc |= lbi_text_add(k, R->dirs, (size_t)R->nsteps * sizeof *R->dirs);
    rc |= lbi_text_add(k, R->need_class, sizeof R->need_class);
    rc |= lbi_text_add(k, O->res.target, strlen(O->res.target) + 1);
    return rc ? LB_NOMEM : LB_OK;
}

static uint64_t fnv1a(const unsigned char *p, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ULL;
    return h;
}

/* The node whose key is the scratch key, or -1; *slot gets where a new one goes. */
static int find_node(const odds *O, uint64_t h, int *slot)
{
    int mask = O->table_size - 1;
    for (int s = (int)(h & (uint64_t)mask);; s = (s + 1) & mask) {
        int v = O->table[s];
        if (v == 0) {
            *slot = s;
            return -1;
        }
        const node *nd = &O->nodes[v - 1];
        if (nd->hash == h && nd->keylen == O->key.len &&
            memcmp(nd->key, O->key.buf, nd->keylen) == 0)
            return v - 1;
    }
}

static int grow_table(odds *O)
{
    int size = O->table_size ? 2 * O->table_size : 1024;
    int *t = calloc((size_t)size, sizeof *t);
    if (!t)
        return LB_NOMEM;
    for (int i = 0; i < O->nnodes; i++) {
        int s = (int)(O->nodes[i].hash & (uint64_t)(size - 1));
        while (t[s])
            s = (s + 1) & (size - 1);
        t[s] = i + 1;
    }
    free(O->table);
    O->table = t;
    O->table_size = size;
    return LB_OK;
}

/* A new node for the scratch key. */
static int add_node(odds *O, uint64_t h)
{
    if (2 * (O->nnodes + 1) > O->table_size && grow_table(O) != LB_OK)
        return -1;
    node *nodes = lb_grow(O->nodes, &O->cap_nodes, O->nnodes + 1, sizeof *nodes);
    if (!nodes)
        return -1;
    O->nodes = nodes;
    unsigned char *key = malloc(O->key.len ? O->key.len : 1);
    if (!key)
        return -1;
    memcpy(key, O->key.buf, O->key.len);
    int slot = 0; /* set by find_node: the key is new here */
    find_node(O, h, &slot);
    O->table[slot] = O->nnodes + 1;
    O->nodes[O->nnodes] = (node){.hash = h, .key = key, .keylen = O->key.len, .edges = -1};
    return O->nnodes++;
}

static int add_edge(odds *O, int parent, int count, int of, size_t text, int child)
{
    edge *edges = lb_grow(O->edges, &O->cap_edges, O->nedges + 1, sizeof *edges);
    if (!edges)
        return LB_NOMEM;
    O->edges = edges;
    /* appended at the end of the parent's list, so the ends keep the order explored */
    O->edges[O->nedges] = (edge){count, of, text, child, -1};
    int *link = &O->nodes[parent].edges;
    while (*link >= 0)
        link = &O->edges[*link].next;
    *link = O->nedges++;
    return LB_OK;
}

/* ---- passes from a stop ------------------------------------------------------------------ */

static void drop(lb_state *st, ustate *us)
{
    lb_state_free(st);
    free(us);
}

/* A copy of S to run on. */
static int restore(odds *O, const snap *S, run *R)
{
    lb_state *st = lb_state_clone(S->st);
    ustate *us = malloc(((size_t)S->st->nunits + 1) * sizeof *us);
    if (!st || !us) {
        drop(st, us);
        return LB_NOMEM;
    }
    memcpy(us, S->us, ((size_t)S->st->nunits + 1) * sizeof *us);
    *R = S->R;
    R->st = st;
    R->us = us;
    O->res.contact = S->contact;
    O->res.mp_total = S->mp_total;
    snprintf(O->res.target, sizeof O->res.target, "%s", S->target);
    return LB_OK;
}

/* Keeps a stopped run (its state and marks move into S). */
static void keep(odds *O, run *R, snap *S)
{
    S->st = R->st;
    S->us = R->us;
    S->R = *R;
    S->contact = O->res.contact;
    S->mp_total = O->res.mp_total;
    snprintf(S->target, sizeof S->target, "%s", O->res.target);
}

/* The values of the roll R waits for, grouped by what they lead to, most values first: the
 * first value of each group into value[], its size into count[]; returns the groups. */
static int groups(const run *R, int *value, int *count)
{
    int n = R->need_die == LB_DIE_TWO ? 36 : 6, k = 0;
    unsigned char seen[256] = {0};
    for (int i = 0; i < n; i++) {
        unsigned char c = R->need_class[i];
        if (seen[c])
            continue;
        seen[c] = 1;
        value[k] = n == 36 ? lb_roll_from_index(i) : i + 1;
        count[k] = 0;
        for (int j = i; j < n; j++)
            count[k] += R->need_class[j] == c;
        k++;
    }
    for (int i = 1; i < k; i++) /* by size, stable */
        for (int j = i; j > 0 && count[j] > count[j - 1]; j--) {
            int v = value[j], c = count[j];
            value[j] = value[j - 1];
            count[j] = count[j - 1];
            value[j - 1] = v;
            count[j - 1] = c;
        }
    return k;
}

/* Goes on through rolls whose values all lead to the same result: they do not branch. */
static int through_sure_rolls(odds *O, run *R, int rc)
{
    int value[36], count[36];
    while (rc == STOP_DICE && groups(R, value, count) == 1) {
        rc = lbi_rules_resume(R, value[0]);
        O->runs++;
    }
    return rc;
}

/* The codes the segment added, kept as a fragment; its offset. */
static int fragment(odds *O, size_t *at)
{
    *at = O->fragments.len;
    return lbi_text_put(&O->fragments, "%s%c", O->summary.buf ? O->summary.buf : "", '\0');
}

static int explore(odds *O, snap *S, int node, int depth)
{
    int value[36], count[36], ng = groups(&S->R, value, count);
    int of = S->R.need_die == LB_DIE_TWO ? 36 : 6;
    for (int g = 0; g < ng; g++) {
        if (O->runs >= LB_CHARGE_ODDS_BUDGET) {
            O->budget_hit = 1;
            return LB_OK;
        }
        run R;
        int rc = restore(O, S, &R);
        if (rc != LB_OK)
            return rc;
        lbi_text_cut(&O->summary, 0);
        rc = lbi_rules_resume(&R, value[g]);
        O->runs++;
        rc = through_sure_rolls(O, &R, rc);
        size_t text;
        if (O->ch->oom || (rc != LB_OK && rc != STOP_DICE && rc != STOP_REFUSED) ||
            fragment(O, &text) != LB_OK) {
            drop(R.st, R.us);
            int stop = rc == LB_OK || rc == STOP_DICE || rc == STOP_REFUSED;
            return O->ch->oom || stop ? LB_NOMEM : rc;
        }
        if (rc != STOP_DICE) {
            drop(R.st, R.us);
            rc = add_edge(O, node, count[g], of, text, -1);
        } else if (depth + 1 >= ROLLS_MAX) {
            drop(R.st, R.us);
            O->too_deep++;
        } else if ((rc = make_key(O, &R)) == LB_OK) {
            uint64_t h = fnv1a((const unsigned char *)O->key.buf, O->key.len);
            int slot, child = O->table_size ? find_node(O, h, &slot) : -1;
            if (child >= 0 && O->nodes[child].done) {
                O->merged++; /* the same state by other dice: explored already */
                drop(R.st, R.us);
            } else {
                snap next;
                keep(O, &R, &next);
                child = add_node(O, h);
                rc = child < 0 ? LB_NOMEM : explore(O, &next, child, depth + 1);
                drop(next.st, next.us);
                if (rc == LB_OK)
                    O->nodes[child].done = !O->budget_hit;
            }
            if (rc == LB_OK)
                rc = add_edge(O, node, count[g], of, text, child);
        } else {
            drop(R.st, R.us);
        }
        if (rc != LB_OK)
            return rc;
    }
    return LB_OK;
}

/* ---- the ends ---------------------------------------------------------------------------- */

static uint64_t hash_text(const char *s)
{
    return fnv1a((const unsigned char *)s, strlen(s));
}

static int grow_ends(odds *O)
{
    int size = O->ends_size ? 2 * O->ends_size : 1024;
    int *t = calloc((size_t)size, sizeof *t);
    if (!t)
        return LB_NOMEM;
    for (int i = 0; i < O->n; i++) {
        int s = (int)(hash_text(O->items[i].summary) & (uint64_t)(size - 1));
        while (t[s])
            s = (s + 1) & (size - 1);
        t[s] = i + 1;
    }
    free(O->ends);
    O->ends = t;
    O->ends_size = size;
    return LB_OK;
}

/* Adds p to the end named summary. */
static int add_end(odds *O, const char *summary, lb_frac p)
{
    if (2 * (O->n + 1) > O->ends_size && grow_ends(O) != LB_OK)
        return LB_NOMEM;
    int mask = O->ends_size - 1, s = (int)(hash_text(summary) & (uint64_t)mask);
    for (; O->ends[s]; s = (s + 1) & mask) {
        lb_charge_outcome *o = &O->items[O->ends[s] - 1];
        if (strcmp(o->summary, summary) == 0) {
            o->p = lb_frac_add(o->p, p);
            return LB_OK;
        }
    }
    lb_charge_outcome *items = lb_grow(O->items, &O->cap, O->n + 1, sizeof *items);
    if (!items)
        return LB_NOMEM;
    O->items = items;
    char *copy = malloc(strlen(summary) + 1);
    if (!copy)
        return LB_NOMEM;
    strcpy(copy, summary);
    O->items[O->n] = (lb_charge_outcome){copy, p};
    O->ends[s] = ++O->n;
    return LB_OK;
}

/* Every path from node: its codes joined after `path`, its shares multiplied into w. */
static int paths_from(odds *O, int node, lbi_text *path, lb_frac w)
{
    for (int e = O->nodes[node].edges; e >= 0; e = O->edges[e].next) {
        if (O->paths >= LB_CHARGE_ODDS_BUDGET) {
            O->budget_hit = 1;
            return LB_OK;
        }
        const edge *ed = &O->edges[e];
        const char *codes = O->fragments.buf + ed->text;
        size_t mark = path->len;
        int rc = *codes ? lbi_text_put(path, "%s%s", path->len ? " " : "", codes) : LB_OK;
        lb_frac p = lb_frac_mul(w, lb_frac_make(ed->count, ed->of));
        if (rc != LB_OK)
            return rc;
        if (!lb_frac_ok(p)) {
            O->overflowed++; /* the branch's probability does not fit: left out */
        } else if (ed->child < 0) {
            O->paths++;
            rc = add_end(O, path->buf ? path->buf : "", p);
        } else {
            rc = paths_from(O, ed->child, path, p);
        }
        lbi_text_cut(path, mark);
        if (rc != LB_OK)
            return rc;
    }
    return LB_OK;
}

/* ---- the answer -------------------------------------------------------------------------- */

/* R-CHG-28: whether the odds are exact, and if not why, and what the listed ends cover. */
static void conclude(odds *O, lb_charge_outcomes *out)
{
    int dropped = 0; /* ends whose sum of exact probabilities does not fit */
    for (int i = 0; i < O->n; i++) {
        if (!lb_frac_ok(O->items[i].p)) {
            dropped++;
            free(O->items[i].summary);
        } else {
            O->items[i - dropped] = O->items[i];
        }
    }
    O->n -= dropped;
    out->covered = lb_frac_int(0);
    for (int i = 0; i < O->n; i++)
        out->covered = lb_frac_add(out->covered, O->items[i].p);
    out->exact = !O->overflowed && !O->too_deep && !O->budget_hit && !dropped;
    if (!out->exact)
        LBI_SAY(&out->stopped, EV_CHARGE_ODDS_STOPPED, ev_int(0),
                ev_int(O->overflowed || dropped), ev_int(O->overflowed), ev_int(dropped),
                ev_int(O->too_deep), ev_int(ROLLS_MAX), ev_int(O->budget_hit),
                ev_int(LB_CHARGE_ODDS_BUDGET));
}

static int by_chance(const void *a, const void *b)
{
    const lb_charge_outcome *x = a, *y = b;
    int c = lb_frac_cmp(y->p, x->p);
    return c ? c : strcmp(x->summary, y->summary);
}

static void release(odds *O)
{
    for (int i = 0; i < O->nnodes; i++)
        free(O->nodes[i].key);
    free(O->nodes);
    free(O->edges);
    free(O->table);
    free(O->ends);
    lbi_text_release(&O->summary);
    lbi_text_release(&O->fragments);
    lbi_text_release(&O->key);
}

int lb_charge_odds(const lb_state *s, const lb_charge_req *req, lb_charge_outcomes *out)
{
    memset(out, 0, sizeof *out);
    out->answers = req->nanswers;
    lb_charge_req auto_req = *req;
    auto_req.automatic = 1;
    odds O = {0};
    lb_err err;
    int rc = lb_charge_new(s, &auto_req, &O.ch, &err);
    if (rc != LB_OK) {
        out->error = err;
        return rc;
    }
    /* the first pass, from the start of the charge: the only end, or the first roll */
    lb_state *st = lb_state_clone(s);
    ustate *us = st ? calloc((size_t)st->nunits + 1, sizeof *us) : NULL;
    run R;
    if (!us) {
        drop(st, us);
        rc = LB_NOMEM;
    } else {
        lbi_run_init(&R, O.ch, st, us);
        R.odds = 1;
        R.res = &O.res;
        R.summary = &O.summary;
        rc = lbi_rules_charge(&R);
        O.runs++;
        rc = through_sure_rolls(&O, &R, rc);
        if (O.ch->oom)
            rc = LB_NOMEM;
        if (rc != STOP_DICE)
            drop(st, us);
    }
    lbi_text path = {0};
    if (rc == LB_OK || rc == STOP_REFUSED || rc == STOP_DICE) {
        int ended = rc != STOP_DICE;
        rc = lbi_text_put(&path, "%s", O.summary.buf ? O.summary.buf : "");
        if (ended && rc == LB_OK) {
            O.paths++;
            rc = add_end(&O, path.buf, lb_frac_int(1));
        } else if (!ended) {
            snap S;
            keep(&O, &R, &S);
            int root = -1;
            if (rc == LB_OK && (rc = make_key(&O, &R)) == LB_OK) {
                root = add_node(&O, fnv1a((const unsigned char *)O.key.buf, O.key.len));
                rc = root < 0 ? LB_NOMEM : explore(&O, &S, root, 0);
            }
            drop(S.st, S.us);
            if (rc == LB_OK)
                rc = paths_from(&O, root, &path, lb_frac_int(1));
        }
    }
    lbi_text_release(&path);
    out->error = O.ch->err;
    if (rc != LB_OK && out->error.code == LB_OK)
        lb_err_set(&out->error, rc, "%s", lb_err_str(rc));
    lb_charge_free(O.ch);
    if (rc == LB_OK) {
        conclude(&O, out);
        qsort(O.items, (size_t)O.n, sizeof *O.items, by_chance);
        out->outcomes = O.items;
        out->n = O.n;
        out->runs = O.runs;
        out->merged = O.merged;
    } else {
        for (int i = 0; i < O.n; i++)
            free(O.items[i].summary);
        free(O.items);
    }
    release(&O);
    return rc;
}

void lb_charge_outcomes_release(lb_charge_outcomes *o)
{
    if (!o)
        return;
    for (int i = 0; i < o->n; i++)
        free(o->outcomes[i].summary);
    free(o->outcomes);
    memset(o, 0, sizeof *o);
}

/* R-DICE-4, R-CHG-25, R-CHG-28 */
void lb_charge_odds_trace(const lb_charge_outcomes *o, lb_trace *t)
{
    LBI_EVENT(t, "R-DICE-4", "(38)", EV_CHARGE_ODDS_COUNTED, ev_int(o->runs), ev_int(o->n),
              ev_int(o->merged));
    lb_trace_int(t, "runs", o->runs);
    lb_trace_int(t, "ends", o->n);
    lb_trace_int(t, "merged", o->merged);
    LBI_EVENT(t, "R-CHG-25", "(38)", EV_CHARGE_ODDS_DECISIONS, ev_int(o->answers));
    if (!o->exact) {
        lb_said stopped = o->stopped; /* with its lead: "not exact: " first */
        stopped.args[0] = ev_int(1);
        lbi_trace_event(t, "R-CHG-28", "(38)", stopped.event, stopped.args, stopped.nargs);
        lb_trace_bool(t, "exact", 0);
    } else {
        LBI_EVENT(t, "R-CHG-28", "(38)", EV_CHARGE_ODDS_EXACT, ev_int(o->merged), ev_int(o->runs),
                  ev_int(LB_CHARGE_ODDS_BUDGET));
        lb_trace_bool(t, "exact", 1);
    }
}
