/* The computer player in the Movement segment: each unit's candidate moves and formation changes, pruned, valued on a copy of the state, the best few compared by rollouts at the full level. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai_int.h"
#include "state_int.h"
#include "decision_int.h"
#include "action_int.h"
#include "hex_int.h"

#define PER_UNIT_OBJECTIVE 5   /* hexes kept for getting nearer the objectives */
#define PER_UNIT_ENGAGE 10     /* hexes kept within fire or melee reach of the enemy */
#define PER_UNIT_SAFE 2        /* hexes kept farthest from the enemy */
#define ROLLOUT_CANDIDATES 3   /* best candidates the full level compares with ending */

typedef struct cand {
    int opt;                   /* option index */
    int unit;                  /* unit index in the state, -1 for a reinforcement */
    double objectives, prospects; /* what the change does to each part, in points */
    double value;              /* their sum: the gain over leaving the unit as it is */
    double prefilter;          /* what the objectives alone say, to prune with */
    int near;                  /* hexes to the nearest enemy from where it would stand */
} cand;

typedef struct cands {
    cand *v;
    int n, cap;
} cands;

static int push(cands *cs, const cand *x)
{
    if (cs->n == cs->cap) {
        int cap = cs->cap ? 2 * cs->cap : 64;
        cand *more = realloc(cs->v, (size_t)cap * sizeof *more);
        if (!more)
            return LB_NOMEM;
        cs->v = more;
        cs->cap = cap;
    }
    cs->v[cs->n++] = *x;
    return LB_OK;
}

/* Axial coordinates of R-GRID-2 (even columns half a hex lower): q = col, s = row - (col+1)/2,
 * in which every step is the same vector wherever it is taken. */
static lb_hex translate(lb_hex h, lb_hex from, lb_hex to)
{
    int ds = (to.row - (to.col + 1) / 2) - (from.row - (from.col + 1) / 2);
    lb_hex r = {h.col + to.col - from.col, 0};
    r.row = (h.row - (h.col + 1) / 2) + ds + (r.col + 1) / 2;
    return r;
}

/* ---- trying a unit elsewhere on the working copy -------------------------------------------- */

typedef struct saved {
    int unit;
    lb_unit was;
} saved;

static int place(ai_ctx *c, int i, const lb_hex *hexes, int n, lb_formation f, saved *s)
{
    lb_unit *u = &c->work->units[i];
    s->unit = i;
    s->was = *u;
    memcpy(u->hexes, hexes, (size_t)n * sizeof *hexes);
    u->nhexes = n;
    u->formation = f;
    return lb_state_reindex(c->work);
}

static int restore(ai_ctx *c, const saved *s)
{
    c->work->units[s->unit] = s->was;
    return lb_state_reindex(c->work);
}

/* Objectives and prospects of unit i placed at hexes in formation f, less those where it is. */
static int try_unit(ai_ctx *c, int i, const lb_hex *hexes, int n, lb_formation f, double obj0,
                    double tac0, cand *out)
{
    saved s;
    out->objectives = lbi_ai_objectives_moved(c, c->work, i, hexes, n, f) - obj0;
    if (place(c, i, hexes, n, f, &s) != LB_OK)
        return LB_NOMEM;
    out->prospects = lbi_ai_tactical(c, c->work, i) - tac0;
    out->value = out->objectives + out->prospects;
    return restore(c, &s);
}

/* ---- candidates ----------------------------------------------------------------------------- */

static int nearest_enemy(const lb_state *st, lb_hex h, int side)
{
    int best = 1 << 30;
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *u = &st->units[i];
        if (u->side == side || !lb_unit_is_combat(u))
            continue;
        for (int k = 0; k < u->nhexes; k++) {
            int d = lb_hex_distance(h, u->hexes[k]);
            best = d < best ? d : best;
        }
    }
    return best;
}

static int by_prefilter(const void *a, const void *b)
{
    double x = ((const cand *)a)->prefilter, y = ((const cand *)b)->prefilter;
    return x < y ? 1 : x > y ? -1 : ((const cand *)a)->opt - ((const cand *)b)->opt;
}

static int by_value(const void *a, const void *b)
{
    double x = ((const cand *)a)->value, y = ((const cand *)b)->value;
    return x < y ? 1 : x > y ? -1 : ((const cand *)a)->opt - ((const cand *)b)->opt;
}

/* Unit u's hexes translated so that its first stands at the hex option o moves it to. */
static void moved_hexes(const lb_unit *u, const lb_decision *d, int o, lb_hex *hexes)
{
    lb_hex to = lb_decision_action(d, o)->hexes[0];
    for (int k = 0; k < u->nhexes; k++)
        hexes[k] = translate(u->hexes[k], u->hexes[0], to);
}

/* The unit each option of d acts for (an index of st), -1 for the options of none: malloc'd. */
static int *movers(const lb_state *st, const lb_decision *d)
{
    int *mover = malloc(((size_t)d->noptions + 1) * sizeof *mover);
    int last = -1;
    for (int o = 0; mover && o < d->noptions; o++) {
        const lb_action *a = lb_decision_action(d, o);
        mover[o] = -1;
        if (d->options[o].param || !a || a->nunits == 0)
            continue;
        const char *id = lb_action_unit(a, 0);
        /* a unit's options come together: the last one's unit first */
        last = last >= 0 && strcmp(st->units[last].id, id) == 0 ? last
                                                                : lb_state_unit_index(st, id);
        mover[o] = last;
    }
    return mover;
}

/* Every move option of combat unit i (mover: the unit of each option), tried for the
 * objectives alone, into all. */
static int objective_moves(ai_ctx *c, const lb_decision *d, const int *mover, int i, double obj0,
                           cands *all)
{
    const lb_unit *u = &c->st->units[i];
    int rc = LB_OK;
    for (int o = 0; o < d->noptions && rc == LB_OK; o++) {
        if (mover[o] != i || lb_decision_action(d, o)->verb != LB_VERB_MOVE)
            continue;
        lb_hex hexes[LB_UNIT_MAX_HEXES];
        moved_hexes(u, d, o, hexes);
        cand x = {.opt = o, .unit = i};
        x.objectives = lbi_ai_objectives_moved(c, c->work, i, hexes, u->nhexes, u->formation) -
                       obj0;
        x.value = x.objectives;
        x.near = nearest_enemy(c->st, lb_decision_action(d, o)->hexes[0], u->side);
        x.prefilter = x.objectives;
        rc = push(all, &x);
    }
    return rc;
}

/* The promising moves of all (sorted by what the objectives say) marked in keep: the best few
 * for the objectives, a few within u's fire or melee reach of the enemy, the farthest from it. */
static void promising(const lb_unit *u, const cands *all, unsigned char *keep)
{
    for (int k = 0, taken = 0; k < all->n && taken < PER_UNIT_OBJECTIVE; k++)
        if (all->v[k].prefilter > 0.01) {
            keep[k] = 1;
            taken++;
        }
    int reach = u->arm == LB_ARM_ARTILLERY ? 6 : u->formation == LB_FORM_SKIRMISH ? 2 : 1;
    for (int dist = 1, taken = 0; dist <= reach && taken < PER_UNIT_ENGAGE; dist++)
        for (int k = 0; k < all->n && taken < PER_UNIT_ENGAGE; k++)
            if (all->v[k].near == dist && !keep[k]) {
                keep[k] = 1;
                taken++;
            }
    for (int t = 0; t < PER_UNIT_SAFE; t++) {
        int far = -1;
        for (int k = 0; k < all->n; k++)
            if (!keep[k] && (far < 0 || all->v[k].near > all->v[far].near))
                far = k;
        if (far >= 0)
            keep[far] = 1;
    }
}

/* The move options of combat unit i: every one tried for the objectives, then the promising ones
 * (nearer an objective, within reach of the enemy, farthest from it) valued whole into out. */
static int unit_moves(ai_ctx *c, const lb_decision *d, const int *mover, int i, double obj0,
                      cands *out)
{
    const lb_unit *u = &c->st->units[i];
    cands all = {0};
    int rc = objective_moves(c, d, mover, i, obj0, &all);
    if (rc != LB_OK || all.n == 0) {
        free(all.v);
        return rc;
    }
    unsigned char *keep = calloc((size_t)all.n, 1);
    if (!keep) {
        free(all.v);
        return LB_NOMEM;
    }
    qsort(all.v, (size_t)all.n, sizeof *all.v, by_prefilter);
    promising(u, &all, keep);
    double tac0 = lbi_ai_tactical(c, c->work, i);
    for (int k = 0; k < all.n && rc == LB_OK; k++) {
        if (!keep[k])
            continue;
        lb_hex hexes[LB_UNIT_MAX_HEXES];
        moved_hexes(u, d, all.v[k].opt, hexes);
        cand x = all.v[k];
        if ((rc = try_unit(c, i, hexes, u->nhexes, u->formation, obj0, tac0, &x)) == LB_OK)
            rc = push(out, &x);
    }
    free(keep);
    free(all.v);
    return rc;
}

/* The formation and hexes of the formation change a (the unit's own first hexes when it names
 * none). */
static void form_of(const lb_unit *u, const lb_action *a, lb_formation *f, lb_hex *hexes, int *n)
{
    *f = a->formation;
    if (a->nhexes == 0) {
        int wide = *f == LB_FORM_LINE || *f == LB_FORM_SKIRMISH;
        *n = wide ? u->nhexes : 1;
        memcpy(hexes, u->hexes, (size_t)*n * sizeof *hexes);
        return;
    }
    *n = a->nhexes < LB_UNIT_MAX_HEXES ? a->nhexes : LB_UNIT_MAX_HEXES;
    memcpy(hexes, a->hexes, (size_t)*n * sizeof *hexes);
}

/* The best fire unit i could make with facing `facing` (the others relaxed), in points. */
static double fire_facing(ai_ctx *c, int i, int facing)
{
    lb_unit *u = &c->work->units[i];
    int was = u->facing;
    u->facing = facing;
    double best = 0;
    for (int e = 0; e < c->work->nunits; e++) {
        const lb_unit *x = &c->work->units[e];
        double v;
        if (x->side != u->side && lb_unit_is_combat(x) && x->nhexes > 0 &&
            lb_hex_distance(x->hexes[0], u->hexes[0]) <= 12 &&
            lbi_ai_fire_value(c, c->work, i, x->hexes[0], LB_FIRE_OFFENSIVE, &v, NULL,
                              0) > 0 && v > best)
            best = v;
    }
    u->facing = was;
    return best;
}

/* A leader is best with a friendly unit that fights (his bonuses), never alone near the enemy
 * (captured, R-MOV-15). */
static double leader_place(const ai_ctx *c, const lb_state *st, int side, lb_hex h)
{
    int near = nearest_enemy(st, h, side);
    int top = lb_state_top_combat(st, h);
    if (top >= 0 && st->units[top].side == side)
        return c->leader_worth * (0.1 + (near <= 2 ? 0.2 : 0));
    return -c->leader_worth * (near <= 3 ? 0.5 : 0.05);
}

/* The candidate of option o (action a) other than a combat unit's move: a change of formation,
 * a facing, a leader's place, an attach, an entry, pushed on out when worth it. */
static int other_candidate(ai_ctx *c, const lb_decision *d, int o, const lb_action *a, int i,
                           double obj0, cands *out)
{
    const lb_state *st = c->st;
    lb_verb verb = a->verb;
    const lb_unit *u = i >= 0 ? &st->units[i] : NULL;
    cand x = {.opt = o, .unit = i};
    if (verb == LB_VERB_FORM && u && u->formation == u->move.start_formation &&
        lb_unit_is_combat(u)) {
        lb_formation f;
        lb_hex hexes[LB_UNIT_MAX_HEXES];
        int n;
        form_of(u, a, &f, hexes, &n);
        double tac0 = lbi_ai_tactical(c, c->work, i);
        int rc = try_unit(c, i, hexes, n, f, obj0, tac0, &x);
        return rc == LB_OK ? push(out, &x) : rc;
    }
    if (verb == LB_VERB_FACE && u && u->move.actions < 3) {
        x.prospects = fire_facing(c, i, a->number) - fire_facing(c, i, u->facing);
        x.value = x.prospects;
        return x.value > 0 ? push(out, &x) : LB_OK;
    }
    if (verb == LB_VERB_MOVE && u && u->arm == LB_ARM_LEADER && !u->attached &&
        u->move.steps == 0) {
        lb_hex to = a->hexes[0];
        if (lb_state_top_combat(st, to) < 0)
            return LB_OK;
        x.prospects = leader_place(c, st, c->me, to) - leader_place(c, st, c->me, u->hexes[0]);
        x.value = x.prospects;
        return push(out, &x);
    }
    if (verb == LB_VERB_ATTACH && u && !u->attached) {
        x.prospects = x.value = 0.05 * c->leader_worth;
        return push(out, &x);
    }
    if (verb == LB_VERB_ENTER) {
        /* a reinforcement on the map can fight; off it, it cannot */
        x.objectives = x.value = 1.0 + 0.001 * (d->noptions - o);
        return push(out, &x);
    }
    return LB_OK;
}

/* Every change worth valuing: moves of units that have not stepped yet, formation changes,
 * facings that open a fire, leaders joining the fight, reinforcements entering. */
static int candidates(ai_ctx *c, const lb_decision *d, cands *out)
{
    const lb_state *st = c->st;
    double obj0 = 0;
    int *mover = movers(c->work, d);
    int rc = mover ? lbi_ai_reach_keep(c, c->work, &obj0) : LB_NOMEM;
    for (int i = 0; i < st->nunits && rc == LB_OK; i++) {
        const lb_unit *u = &st->units[i];
        if (u->side != c->me || u->nhexes == 0 || u->move.steps > 0)
            continue;
        if (lb_unit_is_combat(u))
            rc = unit_moves(c, d, mover, i, obj0, out);
    }
    for (int o = 0; o < d->noptions && rc == LB_OK; o++) {
        const lb_action *a = lb_decision_action(d, o);
        if (d->options[o].param || !a || a->nunits == 0 || a->verb == LB_VERB_FIRE ||
            a->verb == LB_VERB_MELEE)
            continue;
        rc = other_candidate(c, d, o, a, mover[o], obj0, out);
    }
    free(mover);
    return rc;
}

/* ---- the decision --------------------------------------------------------------------------- */

static void describe(const lb_decision *d, const cand *x, const char *how, char *why)
{
    snprintf(why, LB_AI_REASON_MAX, "%s: %+.1f points (objectives %+.1f; fire, melee and "
             "charges less exposure %+.1f)%s", d->options[x->opt].text, x->value, x->objectives,
             x->prospects, how);
}

/* R-AI-16: every change valued, and ending (option end, or -1), noted for the coach. */
static void note_candidates(ai_ctx *c, const lb_decision *d, const cands *cs, int end)
{
    for (int k = 0; k < cs->n && c->rank; k++) {
        char line[LB_AI_REASON_MAX];
        describe(d, &cs->v[k], "", line);
        lbi_ai_note(c, d->options[cs->v[k].opt].key, cs->v[k].value, "%s", line);
    }
    if (end >= 0)
        lbi_ai_note(c, "end", 0, "ends the movement (0 points; a change is made when it gains "
                    "more than %g)", c->w.moving);
}

/* R-AI-25: the evaluation's best change (cs sorted) and the next best changes of the same unit,
 * at most ROLLOUT_CANDIDATES in all, into cand; how many. */
static int same_unit(const cands *cs, int *cand)
{
    int n = 0;
    if (cs->n > 0)
        cand[n++] = 0;
    for (int k = 1; k < cs->n && n < ROLLOUT_CANDIDATES && cs->v[0].unit >= 0; k++)
        if (cs->v[k].unit == cs->v[0].unit)
            cand[n++] = k;
    return n;
}

/* The full level (R-AI-19): the arms compared, each played out on the same dice: when the
 * evaluation moves, its best few changes (ending would forgo every move still to make this
 * segment, not only this one), and ending last where the rollouts play the side's own Movement
 * on (R-AI-23); when it ends, ending and its best few. The evaluation's choice (arm 0) stands
 * unless the rollouts find another clearly better. *best: the evaluation's choice on entry (0,
 * or -1 when it ends), the candidate taken (-1: ending) on return; how into how. */
static int compare_arms(ai_ctx *c, const lb_decision *d, const cands *cs, int *best, char *how,
                        size_t n_how)
{
    int cand[ROLLOUT_CANDIDATES + 1], arms = 0, moves = *best >= 0;
    if (!moves)
        cand[arms++] = -1;
    if (c->scaled) /* R-AI-25: the best change and the same unit's next best */
        arms += same_unit(cs, cand + arms);
    else
        for (int k = 0; k < cs->n && k < ROLLOUT_CANDIDATES; k++)
            cand[arms++] = k;
    if (moves && !c->scaled && c->own_movement)
        cand[arms++] = -1; /* R-AI-23: ending, against the moves and the play they lead to */
    int runs = arms >= 2 ? lbi_ai_runs(c, &arms) : 0, pick = 0;
    if (runs <= 0)
        return LB_OK;
    c->around = c->scaled ? cs->v[0].unit : -1;
    uint64_t *seeds = NULL;
    double *values = malloc((size_t)arms * (size_t)runs * sizeof *values);
    int rc = values ? lbi_ai_seeds(c, runs, &seeds) : LB_NOMEM;
    for (int a = 0; a < arms && rc == LB_OK; a++)
        rc = lbi_ai_rollouts(c, cand[a] < 0 ? "end" : d->options[cs->v[cand[a]].opt].key, seeds,
                             runs, values + (size_t)a * (size_t)runs);
    double lower = AI_ROLLOUT_MARGIN, gain = 0, se = 0;
    for (int a = 1; a < arms && rc == LB_OK; a++) {
        double m, s;
        lbi_ai_paired(values + (size_t)a * (size_t)runs, values, runs, &m, &s);
        if (m - lbi_ai_bar(c, runs) * s > lower) {
            lower = m - lbi_ai_bar(c, runs) * s;
            pick = a;
            gain = m;
            se = s;
        }
    }
    c->around = -1;
    *best = cand[pick];
    if (rc == LB_OK && pick)
        snprintf(how, n_how, "; %d rollouts prefer it to the evaluation's choice by %.1f +- %.1f",
                 runs * arms, gain, se);
    else if (rc == LB_OK)
        snprintf(how, n_how, "; %d rollouts find nothing clearly better", runs * arms);
    free(seeds);
    free(values);
    return rc;
}

int lbi_ai_movement_decision(ai_ctx *c, const lb_decision *d, char *key, char *why)
{
    cands cs = {0};
    int rc = candidates(c, d, &cs);
    if (rc != LB_OK) {
        free(cs.v);
        return rc;
    }
    if (cs.n > 1)
        qsort(cs.v, (size_t)cs.n, sizeof *cs.v, by_value);
    int end = lb_decision_find(d, "end");
    note_candidates(c, d, &cs, end);
    int best = cs.n > 0 && (cs.v[0].value > c->w.moving || end < 0) ? 0 : -1, chosen = best;
    char how[96] = "";
    if (c->rollouts > 0 && cs.n > 0 && end >= 0)
        rc = compare_arms(c, d, &cs, &best, how, sizeof how);
    if (rc == LB_OK && best >= 0) {
        snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[cs.v[best].opt].key);
        describe(d, &cs.v[best], how, why);
    } else if (rc == LB_OK && chosen >= 0) { /* R-AI-23 */
        snprintf(key, LB_OPTION_KEY_MAX, "end");
        snprintf(why, LB_AI_REASON_MAX, "ends the movement rather than the evaluation's choice, "
                 "%s (%+.1f points)%s", d->options[cs.v[chosen].opt].text, cs.v[chosen].value,
                 how);
    } else if (rc == LB_OK) {
        snprintf(key, LB_OPTION_KEY_MAX, "end");
        snprintf(why, LB_AI_REASON_MAX, "ends the movement: no change of %d valued gains %g "
                 "points%s", cs.n, c->w.moving, how);
    }
    free(cs.v);
    return rc;
}
