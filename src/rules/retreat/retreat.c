/* Paths of retreat, rout and flight (30): the request, the answer, leaders left alone, apply. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "effects.h"
#include "lb/core.h"
#include "retreat.h"
#include "apply_int.h"
#include "retreat_events.h"
#include "retreat_int.h"
#include "unit_int.h"
#include "names.h"
#include "frac_int.h"
#include "hex_int.h"
#include "trace_int.h"
#include "state_int.h"

struct lb_retreat_search {
    rsearch S;
    rfree F;
    int free; /* R-RET-7: no formation counts; the paths are F's */
};

static const char *const kind_names[] = {"disorder", "rout", "flight"};

const char *lb_retreat_kind_name(lb_retreat_kind kind)
{
    return kind_names[kind];
}

int lb_retreat_kind_parse(const char *s)
{
    return lbi_name_index(s, kind_names, 3);
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
        LBI_EVENT(t, "R-RET-3", "(30)", EV_RET_LENGTH_GIVEN, ev_phrase(RET_PH_KIND, (int)req->kind),
                  ev_int(req->hexes));
    } else if (req->kind == LB_RETREAT_DISORDER) {
        *length = 3;
        LBI_EVENT(t, "R-RET-3", "(30)", EV_RET_LENGTH_DISORDER, ev_int(*length));
    } else if (req->kind == LB_RETREAT_FLIGHT) {
        /* R-MOR-4, R-MOR-5: the routed unit's movement in the Morale Recovery Segment */
        lb_effect e = lb_effects_movement(s, &routed, LB_SEG_MORALE_RECOVERY, t);
        *length = (int)lb_frac_floor(e.value);
        LBI_EVENT(t, "R-RET-3", "(30)", EV_RET_LENGTH_FLIGHT, ev_int(*length));
    } else if (s->rules == LB_RULES_2017 && req->die) {
        *by_hexes = 1;
        *length = req->die;
        LBI_EVENT(t, "R-RET-9", "(30)", EV_RET_DIE_ANY_ARM, ev_text(lb_arm_name(u->arm)));
        LBI_EVENT(t, "R-RET-3", "(30)", EV_RET_LENGTH_DIE, ev_roll(req->die));
        lb_trace_die(t, "rout length", req->die);
    } else if (u->arm == LB_ARM_CAVALRY) {
        lb_effect e = lb_effects_movement(s, &routed, LB_SEG_MOVEMENT, t);
        *length = (int)lb_frac_floor(e.value);
        LBI_EVENT(t, "R-RET-3", "(30)", EV_RET_LENGTH_CAVALRY, ev_int(*length));
    } else if (s->rules == LB_RULES_2018) {
        *by_hexes = 1;
        *length = 10;
        LBI_EVENT(t, "R-RET-3", "(30)", EV_RET_LENGTH_2018, ev_int(*length));
        if (req->die)
            LBI_EVENT0(t, "R-RET-9", "(30)", EV_RET_DIE_UNUSED);
    } else {
        *length = 10;
        LBI_EVENT(t, "R-RET-3", "(30)", EV_RET_LENGTH_2017, ev_int(*length));
    }
    lb_trace_bool(t, "by_hexes", *by_hexes);
    lb_trace_int(t, "length", *length);
}

/* R-RET-21: leader v is attached to unit, which does not surrender: he goes with it, no
 * choice. */
static int goes_along(const lb_unit *u, const lb_unit *v, const lb_retreat *out)
{
    return !out->surrender && v->attached && strcmp(v->attached, u->id) == 0;
}

/* R-RET-21: the leaders attached to the unit in hex h go with it to its end; each is named. */
static void leaders_attached(const lb_state *s, int unit, lb_hex h, const lb_retreat *out,
                             lb_trace *t)
{
    const lb_unit *u = &s->units[unit];
    const int *idx;
    int k = lb_state_units_at(s, h, &idx);
    for (int i = 0; i < k && !out->stays && out->choice; i++) {
        const lb_unit *v = &s->units[idx[i]];
        if (v->side != u->side || lb_unit_is_combat(v) || !goes_along(u, v, out))
            continue;
        LBI_EVENT(t, "R-RET-21", "(7), (30)", EV_RET_LEADER_ATTACHED, ev_unit_id(v->id),
                  ev_ret_hex(&s->map, h), ev_unit_id(u->id),
                  ev_ret_hex(&s->map, out->choice[out->hexes - 1]));
        lb_trace_text(t, "leader", v->id);
    }
}

/* R-RET-15: the friendly leaders in hex h with whom another friendly combat unit stays are not
 * concerned; each is named in the trace. */
static void leaders_escorted(const lb_state *s, int unit, lb_hex h, const lb_retreat *out,
                             lb_trace *t)
{
    const lb_unit *u = &s->units[unit];
    const int *idx;
    int k = lb_state_units_at(s, h, &idx), escort = -1;
    for (int i = 0; i < k && escort < 0; i++) {
        const lb_unit *v = &s->units[idx[i]];
        if (idx[i] != unit && v->side == u->side && lb_unit_is_combat(v))
            escort = idx[i];
    }
    for (int i = 0; i < k && escort >= 0; i++) {
        const lb_unit *v = &s->units[idx[i]];
        if (v->side != u->side || lb_unit_is_combat(v) || goes_along(u, v, out))
            continue;
        LBI_EVENT(t, "R-RET-15", "(7), (30)", EV_RET_LEADER_ESCORTED, ev_unit_id(v->id),
                  ev_ret_hex(&s->map, h), ev_unit_id(s->units[escort].id));
        lb_trace_text(t, "leader", v->id);
    }
}

/* R-RET-15: friendly leaders in a hex of the unit where it is the only friendly combat unit. */
static int leaders_left(const lb_state *s, int unit, lb_retreat *out, lb_trace *t)
{
    const lb_unit *u = &s->units[unit];
    int n = 0;
    if (out->stays || (!out->surrender && (!out->choice || out->hexes < 1)))
        return LB_OK; /* R-RET-19: a unit that stays leaves no one */
    for (int j = 0; j < u->nhexes; j++) {
        leaders_attached(s, unit, u->hexes[j], out, t);
        leaders_escorted(s, unit, u->hexes[j], out, t);
    }
    for (int pass = 0; pass < 2; pass++) {
        for (int j = 0; j < u->nhexes; j++) {
            const int *idx;
            int k = lb_state_units_at(s, u->hexes[j], &idx), alone = 1;
            for (int i = 0; i < k; i++) {
                const lb_unit *v = &s->units[idx[i]];
                alone &= !(idx[i] != unit && v->side == u->side && lb_unit_is_combat(v));
            }
            for (int i = 0; i < k && alone; i++) {
                const lb_unit *v = &s->units[idx[i]];
                if (v->side != u->side || lb_unit_is_combat(v) || goes_along(u, v, out))
                    continue;
                if (pass == 1)
                    out->leaders[n] = (lb_retreat_leader){v->id, u->hexes[j], out->surrender};
                n++;
            }
        }
        if (pass == 0) {
            if (!n)
                return LB_OK;
            out->leaders = malloc((size_t)n * sizeof *out->leaders);
            if (!out->leaders)
                return LB_NOMEM;
            n = 0;
        }
    }
    out->nleaders = n;
    for (int i = 0; i < n; i++) {
        const lb_retreat_leader *l = &out->leaders[i];
        if (l->captured)
            LBI_EVENT(t, "R-RET-15", "(7), (30)", EV_RET_LEADER_CAPTURED, ev_unit_id(l->id),
                      ev_unit_id(u->id), ev_ret_hex(&s->map, l->hex));
        else
            LBI_EVENT(t, "R-RET-15", "(7), (30)", EV_RET_LEADER_LEFT, ev_unit_id(l->id),
                      ev_ret_hex(&s->map, l->hex), ev_unit_id(u->id),
                      ev_ret_hex(&s->map, out->choice[out->hexes - 1]));
        lb_trace_text(t, "leader", l->id);
    }
    return LB_OK;
}

static int by_label(const void *a, const void *b)
{
    const lb_hex *p = a, *q = b;
    return p->col != q->col ? p->col - q->col : p->row - q->row;
}

/* Lists this short are put in order by insertion, longer ones by qsort. */
#define SORT_BY_INSERTION 32

/* Every cell flagged in `mark`, in label order. */
static int hexes_marked(const rsearch *S, const uint8_t *mark, lb_hex **out, int *n)
{
    *n = 0;
    lb_hex *h = malloc(((size_t)S->ncells + 1) * sizeof *h);
    *out = h;
    if (!h)
        return LB_NOMEM;
    for (int i = 0; i < S->ncells; i++)
        if (mark[i])
            h[(*n)++] = S->cells[i].hex;
    if (*n > SORT_BY_INSERTION) {
        qsort(h, (size_t)*n, sizeof *h, by_label);
        return LB_OK;
    }
    for (int i = 1; i < *n; i++) {
        lb_hex x = h[i];
        int j = i;
        for (; j > 0 && by_label(&x, &h[j - 1]) < 0; j--)
            h[j] = h[j - 1];
        h[j] = x;
    }
    return LB_OK;
}

typedef struct keeper {
    const rsearch *S;
    lb_retreat *r;
    int keep;
    int chosen; /* the automatic choice met among the paths kept */
} keeper;

/* Keeps a path; the first of them (in label order) to end at the largest distance is the
 * automatic choice (R-RET-4 f), as lbi_rsearch_choose would find it. */
static int keep_path(void *ctx, const lb_hex *path, int n)
{
    keeper *k = ctx;
    memcpy(k->r->paths + (size_t)k->r->npaths * (size_t)n, path, (size_t)n * sizeof *path);
    if (!k->chosen && k->S->cells[k->S->box[rs_box_index(k->S, path[n - 1])]].d ==
                          k->r->choice_distance) {
        memcpy(k->r->choice, path, (size_t)n * sizeof *path);
        k->chosen = 1;
    }
    return ++k->r->npaths >= k->keep;
}

/* R-RET-4, R-RET-12: the optimum and its count, what is kept of it and the automatic choice, in
 * the trace (S NULL: no formation counts, R-RET-7). */
static void trace_answer(const rsearch *S, const lb_retreat *out, long keep, lb_trace *t)
{
    if (out->count_saturated)
        LBI_EVENT(t, "R-RET-4", "(30)", EV_RET_OPTIMUM_SATURATED, ev_int(out->hexes),
                  ev_int(out->cost), ev_int(out->friendly), ev_int(out->nends));
    else
        LBI_EVENT(t, "R-RET-4", "(30)", EV_RET_OPTIMUM, EV_COUNT(out->count), ev_int(out->hexes),
                  ev_int(out->cost), ev_int(out->friendly), ev_int(out->nends));
    lb_trace_int(t, "hexes", out->hexes);
    lb_trace_int(t, "cost", out->cost);
    lb_trace_int(t, "friendly", out->friendly);
    if (out->count_saturated)
        lb_trace_bool(t, "paths_saturated", 1);
    else if (out->count <= (unsigned long long)LONG_MAX)
        lb_trace_int(t, "paths", (long)out->count);
    /* R-RET-12: counted by the values of the states, never by listing the paths */
    if (S && out->count_saturated)
        LBI_EVENT(t, "R-RET-12", "(30)", EV_RET_COUNT_SATURATED, ev_int(S->ncells), ev_int(S->lv),
                  ev_int(keep), ev_int(out->nends), ev_int(out->nvia));
    else if (S)
        LBI_EVENT(t, "R-RET-12", "(30)", EV_RET_COUNT_EXACT, EV_COUNT(out->count),
                  ev_int(S->ncells), ev_int(S->lv), ev_int(keep),
                  ev_int((unsigned long long)keep < out->count), ev_int(out->nends),
                  ev_int(out->nvia));
    lb_trace_int(t, "kept", keep);
    LBI_EVENT(t, "R-RET-4", "(30)", EV_RET_CHOICE, ev_int(out->choice_distance));
    if (S) {
        lbi_rexplain_path(S, out->choice, out->hexes, t);
        lbi_rexplain_stop(S, out->choice, out->hexes, t);
    }
}

/* R-RET-4, R-RET-12: the optimum, the count, every end hex and hex on a path, the first paths
 * and the automatic choice. */
static int fill(rsearch *S, const lb_retreat_req *req, lb_retreat *out)
{
    rkey k = S->root.key;
    out->hexes = 1023 - (int)(k >> 22);
    out->cost = (int)((k >> 10) & 4095);
    out->friendly = (int)(k & 1023);
    out->count = S->root.count;
    out->count_saturated = S->root.count == RCOUNT_SAT;
    out->choice_distance = S->root.maxd;
    int rc = lbi_rsearch_mark(S);
    if (rc == LB_OK)
        rc = hexes_marked(S, S->end, &out->ends, &out->nends);
    if (rc == LB_OK)
        rc = hexes_marked(S, S->on, &out->via, &out->nvia);
    if (rc != LB_OK)
        return rc;
    long keep = req->max_paths > 0 ? req->max_paths : LB_RETREAT_KEEP;
    if (!out->count_saturated && (unsigned long long)keep > out->count)
        keep = (long)out->count;
    out->paths = malloc(((size_t)keep * (size_t)out->hexes + 1) * sizeof *out->paths);
    out->choice = malloc((size_t)out->hexes * sizeof *out->choice);
    if (!out->paths || !out->choice)
        return LB_NOMEM;
    keeper kp = {S, out, (int)keep, 0};
    rc = lbi_rsearch_walk(S, keep_path, &kp);
    if (rc == LB_OK && !kp.chosen)
        rc = lbi_rsearch_choose(S, out->choice);
    return rc;
}

/* R-RET-5: why there is no candidate. */
static void surrender(const rsearch *S, lb_retreat *out, lb_trace *t)
{
    out->surrender = 1;
    if (S->mode == MODE_HEXES)
        LBI_EVENT(t, "R-RET-5", "(30)", EV_RET_SURRENDER_HEXES, ev_int(S->budget));
    else if (S->mode == MODE_COMPLETE)
        LBI_EVENT(t, "R-RET-5", "(30)", EV_RET_SURRENDER_COMPLETE, ev_int(S->budget));
    else
        LBI_EVENT(t, "R-RET-5", "(30)", EV_RET_SURRENDER_DISORDER, ev_int(S->budget));
    lb_trace_bool(t, "surrender", 1);
}

/* A request this search answers: a combat unit, a kind, a die and a number of hexes. */
static int request_ok(const lb_state *s, int unit, const lb_retreat_req *req)
{
    return unit >= 0 && unit < s->nunits && lb_unit_is_combat(&s->units[unit]) &&
           (unsigned)req->kind <= LB_RETREAT_FLIGHT && req->die >= 0 && req->die <= 6 &&
           req->hexes >= 0 && req->hexes <= 10;
}

/* R-RET-7: whether an enemy formation counts for a unit of `side` retreating from start; with
 * t, when none does, the enemy combat units that do not, in the trace. */
static int any_counted(const lb_state *s, int side, lb_hex start, lb_trace *t)
{
    int routed = 0, far = 0;
    for (int i = 0; i < s->nunits; i++) {
        const lb_unit *v = &s->units[i];
        if (lbi_renemy_counts(v, side, start))
            return 1;
        if (v->side != side && lb_unit_is_combat(v)) {
            routed += v->state == LB_STATE_ROUTED;
            far += v->state != LB_STATE_ROUTED;
        }
    }
    if (routed || far)
        LBI_EVENT(t, "R-RET-7", "(30)", EV_RET_NOT_COUNTED, ev_int(routed), ev_int(far),
                  ev_int(LBI_RENEMY_RANGE));
    return 0;
}

/* R-RET-3, R-RET-5, R-RET-10: the search for unit's path of out's length, and how it may end. */
static void search_init(rsearch *S, const lb_state *s, int unit, const lb_retreat_req *req,
                        const lb_retreat *out)
{
    const lb_unit *u = &s->units[unit];
    S->st = s;
    S->unit = unit;
    S->side = u->side;
    S->arm = (int)u->arm;
    S->mode = out->by_hexes ? MODE_HEXES
              : req->kind == LB_RETREAT_DISORDER ? MODE_DISORDER
                                                 : MODE_COMPLETE;
    S->budget = out->length;
    S->lv = out->length + 1;
    /* R-RET-10: a hex spends at least one movement point; the first is always affordable */
    S->most = out->by_hexes || out->length > 1 ? out->length : 1;
    S->start = out->start;
}

/* The marks of the hexes on optimal paths, dropped once read. */
static void drop_marks(rsearch *S)
{
    free(S->elive);
    free(S->on);
    free(S->end);
    S->elive = NULL;
    S->on = S->end = NULL;
}

/* R-RET-12: the values of the search's states, once more when the ends changed. */
static int value(rsearch *S, lb_trace *t)
{
    free(S->ekey);
    free(S->emaxd);
    S->ekey = NULL;
    S->emaxd = NULL;
    drop_marks(S);
    int rc = lbi_rsearch_count(S);
    if (rc == LB_NOMEM && (size_t)S->ncells * (size_t)S->lv > (size_t)RSEARCH_MAX_STATES)
        LBI_EVENT(t, "R-RET-12", "(30)", EV_RET_TOO_LARGE, ev_int(S->ncells), ev_int(S->lv));
    return rc;
}

/* R-RET-4 (d), (e): of the ends of the paths best by (a)-(c), for a rout or flight those in
 * woods or built-up terrain when there are any, then those of the largest D; the paths to the
 * others are dropped (the search valued again with those ends only). */
static int prefer_ends(rsearch *S, const lb_retreat_req *req, lb_trace *t)
{
    int rc = lbi_rsearch_mark(S);
    uint8_t *only = calloc((size_t)S->ncells + 1, 1);
    if (rc != LB_OK || !only) {
        free(only);
        return rc != LB_OK ? rc : LB_NOMEM;
    }
    int rout = req->kind != LB_RETREAT_DISORDER, ends = 0, cover = 0, best = -1, kept = 0;
    for (int i = 0; i < S->ncells; i++) {
        ends += S->end[i];
        cover += S->end[i] && rout && lbi_retreat_cover(S->st, S->cells[i].hex);
    }
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < S->ncells; i++) {
            if (!S->end[i] || (cover && !lbi_retreat_cover(S->st, S->cells[i].hex)))
                continue;
            if (pass == 0 && S->cells[i].d > best)
                best = S->cells[i].d;
            else if (pass == 1 && S->cells[i].d == best)
                kept += only[i] = 1;
        }
    if (cover)
        LBI_EVENT(t, "R-RET-4", "(30)", EV_RET_PREFER_COVER, ev_int(cover), ev_int(ends));
    LBI_EVENT(t, "R-RET-4", "(30)", EV_RET_PREFER_FARTHEST, ev_int(best), ev_int(kept),
              ev_int(cover ? cover : ends));
    drop_marks(S);
    if (kept < ends) {
        lbi_rsearch_ends(S, only);
        rc = value(S, t);
    }
    free(only);
    return rc;
}

/* R-RET-1..5, R-RET-12: the search's region and values, then the answer or the surrender;
 * R-RET-2: a disorder retreat with no path further from every formation takes those further
 * from the nearest. */
static int search(rsearch *S, const lb_retreat_req *req, lb_retreat *out, lb_trace *t)
{
    if (S->mode == MODE_COMPLETE)
        LBI_EVENT(t, "R-RET-5", "(30)", EV_RET_MUST_BE_COMPLETE, ev_int(out->length));
    int rc = lbi_rsearch_build(S, t);
    if (rc == LB_OK) {
        out->start_distance = S->d0;
        rc = value(S, t);
    }
    if (rc == LB_OK && S->root.key == RKEY_NONE && S->mode == MODE_DISORDER) {
        S->nearest_only = 1;
        int ends = lbi_rsearch_ends(S, NULL);
        LBI_EVENT(t, "R-RET-2", "(30)", EV_RET_NEAREST_ONLY, ev_int(S->d0), ev_int(ends));
        rc = value(S, t);
    }
    if (rc != LB_OK)
        return rc;
    if (S->root.key == RKEY_NONE) {
        surrender(S, out, t);
        return LB_OK;
    }
    rc = prefer_ends(S, req, t);
    return rc == LB_OK ? fill(S, req, out) : rc;
}

static int by_path(const lb_hex *p, const lb_hex *q, int n)
{
    for (int i = 0; i < n; i++) {
        int c = by_label(&p[i], &q[i]);
        if (c)
            return c;
    }
    return 0;
}

/* Hexes into a list in label order, each once. */
static void add_hex(lb_hex *list, int *n, lb_hex h)
{
    int at = 0;
    while (at < *n && by_label(&list[at], &h) < 0)
        at++;
    if (at < *n && lb_hex_eq(list[at], h))
        return;
    memmove(list + at + 1, list + at, (size_t)(*n - at) * sizeof *list);
    list[at] = h;
    (*n)++;
}

/* R-RET-7, R-RET-19: the answer from the paths found with no formation counted: they are put
 * in label order; a disorder retreat with none surrenders (R-RET-5), a rout or flight stays. */
static int free_answer(rfree *F, const lb_retreat_req *req, lb_retreat *out, lb_trace *t)
{
    if (!F->n) {
        if (req->kind == LB_RETREAT_DISORDER) {
            out->surrender = 1;
            LBI_EVENT(t, "R-RET-5", "(30)", EV_RET_SURRENDER_DISORDER, ev_int(out->length));
            lb_trace_bool(t, "surrender", 1);
        } else {
            out->stays = 1;
        }
        return LB_OK;
    }
    int n = F->hexes;
    for (int i = 1; i < F->n; i++) /* few paths: by insertion */
        for (int j = i; j > 0 && by_path(F->paths + (size_t)j * n, F->paths + (size_t)(j - 1) * n,
                                         n) < 0; j--)
            for (int k = 0; k < n; k++) {
                lb_hex x = F->paths[(size_t)j * n + k];
                F->paths[(size_t)j * n + k] = F->paths[(size_t)(j - 1) * n + k];
                F->paths[(size_t)(j - 1) * n + k] = x;
            }
    out->hexes = n;
    out->cost = (int)F->rank[0];
    out->friendly = (int)F->rank[1];
    out->count = (unsigned long long)F->n;
    out->choice_distance = (int)-F->rank[2];
    long keep = req->max_paths > 0 && req->max_paths < F->n ? req->max_paths : F->n;
    size_t all = (size_t)F->n * (size_t)n;
    out->paths = malloc(((size_t)keep * (size_t)n + 1) * sizeof *out->paths);
    out->choice = malloc((size_t)n * sizeof *out->choice);
    out->ends = malloc(((size_t)F->n + 1) * sizeof *out->ends);
    out->via = malloc((all + 1) * sizeof *out->via);
    if (!out->paths || !out->choice || !out->ends || !out->via)
        return LB_NOMEM;
    memcpy(out->paths, F->paths, (size_t)keep * (size_t)n * sizeof *out->paths);
    out->npaths = (int)keep;
    memcpy(out->choice, F->paths, (size_t)n * sizeof *out->choice);
    for (int i = 0; i < F->n; i++) {
        add_hex(out->ends, &out->nends, F->paths[(size_t)i * n + (size_t)n - 1]);
        for (int k = 0; k < n; k++)
            add_hex(out->via, &out->nvia, F->paths[(size_t)i * n + k]);
    }
    return LB_OK;
}

/* R-RET-8, R-RET-20: whether the rout or flight `later` of unit from `start` has no complete
 * path: only the search's values are needed (R-RET-7: with no formation counted it never
 * surrenders). */
static int surrenders_from(const lb_state *s, int unit, lb_hex start, const lb_retreat_req *later,
                           int *doomed)
{
    const lb_unit *u = &s->units[unit];
    *doomed = 0;
    if (!any_counted(s, u->side, start, NULL))
        return LB_OK;
    lb_retreat r = {.start = start};
    length_of(s, u, later, &r.by_hexes, &r.length, NULL);
    rsearch S = {0};
    search_init(&S, s, unit, later, &r);
    int rc = lbi_rsearch_build(&S, NULL);
    if (rc == LB_OK)
        rc = value(&S, NULL);
    *doomed = rc == LB_OK && S.root.key == RKEY_NONE;
    lbi_rsearch_release(&S);
    return rc;
}

/* R-RET-8: the move a failed recovery calls for after a move of req's kind (R-MOR-8). */
static lb_retreat_req recovery_of(const lb_retreat_req *req)
{
    return (lb_retreat_req){.kind = req->kind == LB_RETREAT_DISORDER ? LB_RETREAT_ROUT
                                                                     : LB_RETREAT_FLIGHT};
}

/* R-RET-8: whether end e of out means surrender later, each in out->end_surrenders. */
static int doomed_ends(const lb_state *s, int unit, const lb_retreat_req *req, lb_retreat *out,
                       lb_event_arg *list, int *doomed)
{
    lb_retreat_req later = recovery_of(req);
    list[0] = ev_phrase(RET_PH_KIND, (int)later.kind);
    *doomed = 0;
    for (int e = 0; e < out->nends; e++) {
        int rc = surrenders_from(s, unit, out->ends[e], &later, &out->end_surrenders[e]);
        if (rc != LB_OK)
            return rc;
        if (out->end_surrenders[e])
            list[2 + (*doomed)++] = ev_ret_hex(&s->map, out->ends[e]);
    }
    list[1] = ev_int(*doomed);
    return LB_OK;
}

static int warn_ends(const lb_state *s, int unit, const lb_retreat_req *req, lb_retreat *out,
                     lb_trace *t)
{
    if (out->surrender || out->stays || !out->nends)
        return LB_OK;
    const lb_hex *end = bsearch(&out->choice[out->hexes - 1], out->ends, (size_t)out->nends,
                                sizeof *out->ends, by_label);
    if (req->choice_only && !lbi_trace_on(t)) {
        /* the odds (lb_retreat_req.choice_only): the choice's end first */
        lb_retreat_req later = recovery_of(req);
        int doomed = 0, rc = end ? surrenders_from(s, unit, *end, &later, &doomed) : LB_OK;
        if (rc != LB_OK || !doomed)
            return rc; /* the choice stands, whatever the other ends mean */
    }
    out->end_surrenders = calloc((size_t)out->nends, sizeof *out->end_surrenders);
    lb_hex *way = malloc(((size_t)out->hexes + 1) * sizeof *way);
    lb_event_arg *list = malloc(((size_t)out->nends + 2) * sizeof *list);
    int doomed = 0, rc = out->end_surrenders && way && list ? LB_OK : LB_NOMEM;
    if (rc == LB_OK)
        rc = doomed_ends(s, unit, req, out, list, &doomed);
    if (rc == LB_OK && doomed)
        lbi_trace_event(t, "R-RET-8", "(30)", EV_RET_ENDS_SURRENDER, list, 2 + doomed);
    if (rc == LB_OK && doomed < out->nends && end && out->end_surrenders[end - out->ends]) {
        int first = 1;
        for (int e = 0; e < out->nends && rc == LB_OK; e++) {
            if (out->end_surrenders[e])
                continue;
            rc = lb_retreat_path_to(out, out->ends[e], NULL, NULL, way);
            if (rc == LB_OK && (first || by_path(way, out->choice, out->hexes) < 0))
                memcpy(out->choice, way, (size_t)out->hexes * sizeof *way);
            first = 0;
        }
        LBI_EVENT(t, "R-RET-8", "(30)", EV_RET_CHOICE_AVOIDS,
                  ev_ret_hex(&s->map, out->choice[out->hexes - 1]));
    }
    free(way);
    free(list);
    return rc;
}

/* R-RET-1..5, R-RET-7, R-RET-8, R-RET-12, R-RET-15, R-RET-18 */
int lb_retreat_paths(const lb_state *s, int unit, const lb_retreat_req *req, lb_retreat *out,
                     lb_trace *t)
{
    memset(out, 0, sizeof *out);
    out->kind = req->kind;
    out->start_distance = -1;
    if (!request_ok(s, unit, req))
        return LB_INVALID;
    const lb_unit *u = &s->units[unit];
    out->unit = u->id;
    out->generation = s->generation;
    out->start = u->hexes[0];
    if (u->nhexes > 1)
        LBI_EVENT(t, "R-RET-18", "(30)", EV_RET_FROM_FIRST_HEX, ev_unit_id(u->id),
                  ev_int(u->nhexes));
    length_of(s, u, req, &out->by_hexes, &out->length, t);
    if (out->length > 1000)
        return LB_INVALID;
    struct lb_retreat_search *found = calloc(1, sizeof *found);
    if (!found)
        return LB_NOMEM;
    out->search = found;
    rsearch *S = &found->S;
    int rc;
    if (!any_counted(s, u->side, out->start, t)) {
        found->free = 1;
        rc = lbi_rfree_paths(&found->F, s, unit, out->start, req->kind, out->by_hexes,
                             out->length, t);
        if (rc == LB_OK)
            rc = free_answer(&found->F, req, out, t);
    } else {
        search_init(S, s, unit, req, out);
        rc = search(S, req, out, t);
    }
    if (rc == LB_OK)
        rc = warn_ends(s, unit, req, out, t);
    if (rc == LB_OK && out->count)
        trace_answer(found->free ? NULL : S, out, out->npaths, t);
    if (rc == LB_OK)
        rc = leaders_left(s, unit, out, t);
    /* what lb_retreat_each needs stays; the marks go */
    drop_marks(S);
    if (rc != LB_OK)
        lb_retreat_release(out);
    return rc;
}

int lb_retreat_each(const lb_retreat *r, int (*visit)(void *ctx, const lb_hex *path, int n),
                    void *ctx)
{
    if (!r->search || r->surrender || r->stays)
        return LB_OK;
    const rfree *F = &r->search->F;
    for (int i = 0; r->search->free && i < F->n; i++)
        if (visit(ctx, F->paths + (size_t)i * (size_t)F->hexes, F->hexes))
            break;
    return r->search->free ? LB_OK : lbi_rsearch_walk(&r->search->S, visit, ctx);
}

void lbi_rsearch_release(rsearch *S)
{
    free(S->box);
    free(S->cells);
    free(S->comps);
    free(S->comp_cells);
    free(S->order);
    free(S->ekey);
    free(S->emaxd);
    free(S->elive);
    free(S->on);
    free(S->end);
    memset(S, 0, sizeof *S);
}

void lb_retreat_release(lb_retreat *r)
{
    if (!r)
        return;
    free(r->paths);
    free(r->ends);
    free(r->choice);
    free(r->via);
    free(r->leaders);
    free(r->end_surrenders);
    r->end_surrenders = NULL;
    if (r->search) {
        lbi_rsearch_release(&r->search->S);
        lbi_rfree_release(&r->search->F);
        free(r->search);
    }
    r->paths = r->ends = r->choice = r->via = NULL;
    r->leaders = NULL;
    r->search = NULL;
    r->npaths = r->nends = r->nvia = r->nleaders = 0;
}

/* R-MOV-14, R-RET-21: the leaders attached to unit standing in one of its hexes go with it to
 * `to`. */
void lbi_attached_follow(lb_state *s, int unit, lb_hex to)
{
    const lb_unit *u = &s->units[unit];
    for (int i = 0; i < s->nunits; i++) {
        lb_unit *l = &s->units[i];
        if (l->arm != LB_ARM_LEADER || !l->attached || strcmp(l->attached, u->id) != 0 ||
            l->nhexes < 1 || !lb_unit_in_hex(u, l->hexes[0]))
            continue;
        l->hexes[0] = to;
        l->nhexes = 1;
    }
}

/* R-RET-5, R-RET-11, R-RET-15, R-RET-19, R-RET-21 */
int lbi_retreat_set(lb_state *s, int unit, const lb_retreat *r, const lb_hex *path)
{
    if (unit < 0 || unit >= s->nunits || !lb_unit_is_combat(&s->units[unit]))
        return LB_INVALID;
    if (r->stays)
        return LB_OK;
    if (r->surrender) {
        /* L7-6: with the leaders left alone with it, each found by id as the others go */
        int rc = lb_state_remove_unit(s, unit);
        for (int i = 0; i < r->nleaders && rc == LB_OK; i++) {
            int l = lb_state_unit_index(s, r->leaders[i].id);
            rc = l >= 0 ? lb_state_remove_unit(s, l) : LB_OK;
        }
        return rc;
    }
    const lb_hex *p = path ? path : r->choice;
    if (!p || r->hexes < 1)
        return LB_INVALID;
    lb_unit *u = &s->units[unit];
    lb_hex end = p[r->hexes - 1], prev = r->hexes > 1 ? p[r->hexes - 2] : r->start;
    lbi_attached_follow(s, unit, end);
    u->hexes[0] = end;
    u->nhexes = 1;
    u->formation = lb_effects_formation(s, u, end);
    int dir = lb_hex_dir_to(prev, end);
    if (dir >= 0)
        u->facing = lb_hex_dir_clock(dir);
    for (int i = 0; i < r->nleaders && !r->leaders_stay; i++) {
        int l = lb_state_unit_index(s, r->leaders[i].id);
        if (l >= 0) {
            s->units[l].hexes[0] = end;
            s->units[l].nhexes = 1;
        }
    }
    return lb_state_reindex(s);
}

/* Issue 12: the result names its unit and the generation it was worked out on. */
static int check_apply(const lb_state *s, int unit, const lb_retreat *r)
{
    if (unit < 0 || unit >= s->nunits || !lb_unit_is_combat(&s->units[unit]) || !r->unit ||
        strcmp(r->unit, s->units[unit].id) != 0)
        return LB_INVALID;
    return r->generation != s->generation ? LB_STALE : LB_OK;
}

static int apply_path(lb_state *s, int unit, const lb_retreat *r, const lb_hex *path)
{
    int rc = lbi_retreat_set(s, unit, r, path);
    if (rc != LB_INVALID)
        lb_state_touch(s);
    return rc;
}

int lb_retreat_apply(lb_state *s, int unit, const lb_retreat *r, int choice)
{
    int rc = check_apply(s, unit, r);
    if (rc != LB_OK || r->stays)
        return rc;
    if (choice >= r->npaths && !r->surrender)
        return LB_INVALID;
    return apply_path(s, unit, r,
                      choice < 0 ? NULL : r->paths + (size_t)choice * (size_t)r->hexes);
}

int lb_retreat_apply_to(lb_state *s, int unit, const lb_retreat *r, lb_hex end)
{
    int rc = check_apply(s, unit, r);
    if (rc != LB_OK)
        return rc;
    lb_hex *path = malloc(((size_t)r->hexes + 1) * sizeof *path);
    if (!path)
        return LB_NOMEM;
    rc = lb_retreat_path_to(r, end, NULL, NULL, path);
    if (rc == LB_OK)
        rc = apply_path(s, unit, r, path);
    free(path);
    return rc;
}

/* R-RET-7: with no formation counted, the first path in label order to `end` among those of
 * least weight, the paths being listed. */
static int free_path_to(const rfree *F, lb_hex end, int (*weight)(void *ctx, lb_hex h), void *ctx,
                        lb_hex *out)
{
    int best = -1, found = 0;
    for (int i = 0; i < F->n; i++) {
        const lb_hex *p = F->paths + (size_t)i * (size_t)F->hexes;
        if (!lb_hex_eq(p[F->hexes - 1], end))
            continue;
        found = 1;
        int w = 0;
        for (int k = 0; k < F->hexes && weight && w >= 0; k++) {
            int v = weight(ctx, p[k]);
            if (v < -1 || v > LB_RETREAT_WEIGHT_MAX)
                return LB_INVALID;
            w = v < 0 ? -1 : w + v;
        }
        if (w >= 0 && (best < 0 || w < best)) {
            best = w;
            memcpy(out, p, (size_t)F->hexes * sizeof *out);
        }
    }
    return found && best >= 0 ? LB_OK : LB_NOT_FOUND;
}

/* R-RET-4 (f): the search's tables lead the way to one end. */
int lb_retreat_path_to(const lb_retreat *r, lb_hex end, int (*weight)(void *ctx, lb_hex h),
                       void *ctx, lb_hex *out)
{
    if (!r->search || r->surrender || r->stays ||
        !bsearch(&end, r->ends, (size_t)r->nends, sizeof *r->ends, by_label))
        return LB_NOT_FOUND;
    if (r->search->free)
        return free_path_to(&r->search->F, end, weight, ctx, out);
    const rsearch *S = &r->search->S;
    int8_t *w = calloc((size_t)S->ncells + 1, sizeof *w);
    if (!w)
        return LB_NOMEM;
    int rc = LB_OK;
    for (int i = 0; i < S->ncells && weight && rc == LB_OK; i++) {
        int v = weight(ctx, S->cells[i].hex);
        if (v < -1 || v > LB_RETREAT_WEIGHT_MAX)
            rc = LB_INVALID;
        w[i] = (int8_t)v;
    }
    if (rc == LB_OK)
        rc = lbi_rsearch_path_to(S, end, w, out);
    free(w);
    return rc;
}
