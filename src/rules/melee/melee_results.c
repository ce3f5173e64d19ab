/* Melee results (34), Z14-9, Z14-10, 33.10: losses, disorder, rout and surrender by arm, retreats with their zone losses, morale checks, the compulsory advance. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "effects.h"
#include "rules_types.h"
#include "zoi.h"
#include "melee_int.h"
#include "apply_int.h"
#include "words.h"
#include "formation_words_int.h"
#include "decision_int.h"
#include "dice_int.h"
#include "trace_int.h"
#include "state_int.h"
#include "unit_int.h"
#include "facing_int.h"
#include "morale_int.h"
#include "formation_int.h"
#include "move_int.h"
#include "retreat_int.h"
#include "hex_int.h"

static const char *label(const mrun *R, lb_hex h, char *buf)
{
    return lb_map_label(&R->st->map, h, buf);
}

/* Unit id as an argument of what the result says. */
static lb_event_arg ev_id(const mrun *R, const char *id)
{
    return ev_unit_id(lbi_mr_id(R, id));
}

/* ---- zones of influence ------------------------------------------------------------------- */

static int has_friend(const lb_state *s, lb_hex h, int side, int self)
{
    const int *idx;
    int n = lb_state_units_at(s, h, &idx);
    for (int i = 0; i < n; i++)
        if (idx[i] != self && lb_unit_is_combat(&s->units[idx[i]]) && s->units[idx[i]].side == side)
            return 1;
    return 0;
}

/* Z14-10: infantry or limbered guns, not routed already, rout on entering an enemy cavalry zone. */
static int routed_by_cavalry_zone(const lb_unit *u)
{
    return (u->arm == LB_ARM_INFANTRY ||
            (u->arm == LB_ARM_ARTILLERY && u->formation == LB_FORM_LIMBERED)) &&
           u->state != LB_STATE_ROUTED;
}

/* Z14-9: leaving h costs an increment (a hex of an enemy zone without a friendly combat unit). */
static int costs_leaving(const lb_state *s, int unit, const unsigned char *zones, lb_hex h)
{
    return (zones[lb_map_cell(&s->map, h)] & LB_ZOI_ENEMY) &&
           !has_friend(s, h, s->units[unit].side, unit);
}

/* R-MEL-18 (Z14-9, Z14-10): increments a retreat along path (hexes entered, after start) costs,
 * and whether it routs the unit: one for the first hex left, one for each further hex left in an
 * enemy zone (zones: the enemy's bits of each cell, lb_zoi_map) without a friendly combat unit;
 * infantry or limbered guns entering an enemy cavalry zone rout. */
static int path_loss(const lb_state *s, int unit, const unsigned char *zones, const lb_hex *path,
                     int n, int *routs)
{
    int loss = 1;
    for (int k = 0; k + 1 < n; k++)
        loss += costs_leaving(s, unit, zones, path[k]);
    *routs = 0;
    for (int k = 0; routed_by_cavalry_zone(&s->units[unit]) && k < n; k++)
        *routs |= (zones[lb_map_cell(&s->map, path[k])] & LB_ZOI_CAVALRY) != 0;
    return loss;
}

/* R-MEL-18 as weights of the hexes a path enters (lb_retreat_path_to): what leaving each costs
 * (the end's weight is the same for every path to it), and, while a path that does not rout is
 * sought, no hex of an enemy cavalry zone. */
typedef struct zone_weights {
    const lb_state *s;
    int unit;
    const unsigned char *zones;
    int avoid_cavalry;
} zone_weights;

static int zone_weight(void *ctx, lb_hex h)
{
    const zone_weights *z = ctx;
    if (z->avoid_cavalry && (z->zones[lb_map_cell(&z->s->map, h)] & LB_ZOI_CAVALRY))
        return -1;
    return costs_leaving(z->s, z->unit, z->zones, h);
}

/* ---- leaders without a unit --------------------------------------------------------------- */

/* An enemy unit of side (a leader too) stands in h. */
static int has_enemy(const lb_state *s, lb_hex h, int side)
{
    const int *idx;
    int n = lb_state_units_at(s, h, &idx);
    for (int i = 0; i < n; i++)
        if (s->units[idx[i]].side != side)
            return 1;
    return 0;
}

/* Terrain some arm may stand on (leaders have no costs of their own). */
static int standable(const lb_state *s, lb_hex h)
{
    const int *move = s->charts.terrain[s->map.terrain[lb_map_cell(&s->map, h)]].move;
    for (int a = 0; a < LB_MOVE_ARMS; a++)
        if (move[a] != LB_MOVE_PROHIBITED)
            return 1;
    return 0;
}

/* L7-6, R-MEL-17: the hexes nearest h (by distance, at least 1) holding no enemy and in no enemy
 * zone, into out (label order, at most max); how many, 0 when h is surrounded (every neighbour
 * holds an enemy or is off the map) or no such hex exists. */
static int escapes(const lb_state *s, lb_hex h, int side, lb_hex *out, int max)
{
    int open = 0;
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        lb_hex n = lb_hex_neighbor(h, d);
        open |= lb_map_contains(&s->map, n) && !has_enemy(s, n, side);
    }
    unsigned char *zones = malloc((size_t)s->map.cols * (size_t)s->map.rows);
    if (!open || !zones) {
        free(zones);
        return 0;
    }
    lb_zoi_map(s, side, zones);
    int n = 0, radius = s->map.cols + s->map.rows;
    for (int r = 1; r <= radius && n == 0; r++)
        for (int cell = 0; cell < s->map.cols * s->map.rows && n < max; cell++) {
            lb_hex x = lb_map_hex(&s->map, cell);
            if (lb_hex_distance(h, x) == r && !(zones[cell] & LB_ZOI_ENEMY) && !has_enemy(s, x, side))
                out[n++] = x;
        }
    free(zones);
    return n;
}

static int label_order(const void *a, const void *b)
{
    const lb_hex *x = a, *y = b;
    return x->col != y->col ? x->col - y->col : x->row - y->row;
}

/* R-MEL-28 (L7-7): where leader i in h may retreat before the melee: the hexes in no enemy zone
 * nearest by steps through hexes of terrain some arm may stand on that hold no enemy unit (a
 * leader passes through zones, R-ZOI), within his movement allowance counted a hex a movement
 * point; into out (label order, at most max); how many, 0 when no path is open, -1 when out of
 * memory. */
static int refuges(const lb_state *s, int i, lb_hex h, lb_hex *out, int max)
{
    size_t cells = (size_t)s->map.cols * (size_t)s->map.rows;
    int side = s->units[i].side, reach = lb_move_allowance(s, i, NULL, NULL, NULL) / 2;
    unsigned char *zones = malloc(cells);
    int *steps = malloc(cells * sizeof *steps);
    lb_hex *queue = malloc(cells * sizeof *queue);
    int n = 0, found = -1, head = 0, tail = 0;
    if (!zones || !steps || !queue) {
        free(zones);
        free(steps);
        free(queue);
        return -1;
    }
    lb_zoi_map(s, side, zones);
    for (size_t c = 0; c < cells; c++)
        steps[c] = -1;
    steps[lb_map_cell(&s->map, h)] = 0;
    queue[tail++] = h;
    while (head < tail) {
        lb_hex x = queue[head++];
        int sx = steps[lb_map_cell(&s->map, x)];
        if ((found >= 0 && sx >= found) || sx >= reach)
            break;
        for (int d = 0; d < LB_DIR_COUNT; d++) {
            lb_hex y = lb_hex_neighbor(x, d);
            if (!lb_map_contains(&s->map, y))
                continue;
            int cy = lb_map_cell(&s->map, y);
            if (steps[cy] >= 0 || !standable(s, y) || has_enemy(s, y, side))
                continue;
            steps[cy] = sx + 1;
            queue[tail++] = y;
            if (!(zones[cy] & LB_ZOI_ENEMY) && n < max) {
                found = sx + 1;
                out[n++] = y;
            }
        }
    }
    free(zones);
    free(steps);
    free(queue);
    qsort(out, (size_t)n, sizeof *out, label_order);
    return n;
}

/* Leader id of `side` goes from h to one of the ndest hexes dest (label order): the only one, or
 * his side's choice, asked with prompt ev (EV_MEL_ASK_LEADER, EV_MEL_ASK_LEADER_TO) under rule;
 * *to gets it. LB_OK, MEL_STOP_DECIDE or LB_NOMEM. */
static int leader_to(mrun *R, const char *id, int side, lb_hex h, lb_hex *dest, int ndest,
                     const char *rule, int ev, lb_hex *to)
{
    char tl[LB_HEX_LABEL_MAX];
    qsort(dest, (size_t)ndest, sizeof *dest, label_order);
    lb_decision d;
    MR_ASK(&d, LB_DECIDE_PATH, side, id, rule, ev, ev_id(R, id), ev_hex(R->st, h));
    int rc = LB_OK;
    for (int j = 0; j < ndest && rc == LB_OK; j++)
        rc = MR_OPTION(&d, label(R, dest[j], tl), EV_MEL_OPT_TO, ev_hex(R->st, dest[j]));
    if (rc != LB_OK) {
        lb_decision_release(&d);
        return rc;
    }
    d.auto_choice = 0;
    int choice;
    if ((rc = lbi_mr_decide(R, &d, &choice)) != LB_OK)
        return rc;
    *to = dest[choice];
    R->st->units[lbi_mr_unit(R, id)].hexes[0] = *to;
    return lb_state_reindex(R->st);
}

/* The ids of the leaders of `side` (or, side negative, of every side but -1 - side) in hex h,
 * into ids; how many. */
static int leaders_in(const mrun *R, lb_hex h, int side, char ids[][LB_SUBJECT_MAX])
{
    int n = 0;
    const int *idx;
    int m = lb_state_units_at(R->st, h, &idx);
    for (int i = 0; i < m && n < LB_MELEE_UNITS_MAX; i++) {
        const lb_unit *u = &R->st->units[idx[i]];
        if (u->arm == LB_ARM_LEADER && (side >= 0 ? u->side == side : u->side != -1 - side))
            snprintf(ids[n++], LB_SUBJECT_MAX, "%s", u->id);
    }
    return n;
}

/* R-MEL-17 (7, L7-6): leaders of `side` left in hex h with no friendly combat unit go with the
 * unit that left to `to`; when it surrendered they are captured; when it was eliminated each
 * moves to the nearest hex free of enemies and of their zones (its side chooses among several),
 * or is captured when the hex is surrounded. */
static int leaders_follow(mrun *R, lb_hex h, int side, const lb_hex *to, int surrendered)
{
    if (has_friend(R->st, h, side, -1))
        return LB_OK;
    char ids[LB_MELEE_UNITS_MAX][LB_SUBJECT_MAX];
    int n = leaders_in(R, h, side, ids), rc = LB_OK;
    lb_event_arg from = ev_hex(R->st, h);
    for (int k = 0; k < n && rc == LB_OK; k++) {
        lb_hex dest[LB_DIR_COUNT * 4], at;
        int ndest = to ? 1 : surrendered ? 0 : escapes(R->st, h, side, dest, LB_DIR_COUNT * 4);
        if (to)
            dest[0] = *to;
        if (ndest == 0) {
            MR_EVENT(R, "surrender", "R-MEL-17", "(7)", ids[k], NULL, h, 0, EV_MEL_LEADER_CAPTURED,
                     ev_id(R, ids[k]), from);
            rc = lbi_mr_remove(R, ids[k]);
            continue;
        }
        if ((rc = leader_to(R, ids[k], side, h, dest, ndest, "R-MEL-17", EV_MEL_ASK_LEADER,
                            &at)) != LB_OK)
            break;
        MR_EVENT(R, "retreat", "R-MEL-17", "(7)", ids[k], NULL, at, 0, EV_MEL_LEADER_MOVES,
                 ev_id(R, ids[k]), ev_int(to != NULL), from, ev_hex(R->st, at));
    }
    return rc;
}

int lbi_mr_leaders_retire(mrun *R, lb_hex target, int side, int charge)
{
    char ids[LB_MELEE_UNITS_MAX][LB_SUBJECT_MAX];
    int n = leaders_in(R, target, -1 - side, ids), rc = LB_OK;
    lb_event_arg from = ev_hex(R->st, target);
    for (int k = 0; k < n && rc == LB_OK; k++) {
        const lb_unit *l = &R->st->units[lbi_mr_unit(R, ids[k])];
        int lside = l->side, attached = l->attached != NULL;
        lb_hex dest[LB_DIR_COUNT * 4], at;
        int ndest = charge || attached ? 0
                                       : refuges(R->st, lbi_mr_unit(R, ids[k]), target, dest,
                                                 LB_DIR_COUNT * 4);
        if (ndest < 0)
            return LB_NOMEM;
        if (ndest == 0) {
            int why = charge     ? MEL_RETIRE_LEADER_CHARGE
                      : attached ? MEL_RETIRE_LEADER_ATTACHED
                                 : MEL_RETIRE_NO_PATH;
            LBI_EVENT(R->t, "R-MEL-28", "(29)", EV_MEL_NO_RETIRE, ev_id(R, ids[k]),
                      ev_phrase(MEL_PH_NO_RETIRE, why));
            continue;
        }
        lb_decision d;
        MR_ASK(&d, LB_DECIDE_RETIRE, lside, ids[k], "R-MEL-28", EV_MEL_ASK_RETIRE,
               ev_id(R, ids[k]));
        if (lbi_mr_option(&d, "stand", EV_MEL_OPT_STAND, NULL, 0) != LB_OK ||
            lbi_mr_option(&d, "retreat", EV_MEL_OPT_LEADER_RETIRE, NULL, 0) != LB_OK) {
            lb_decision_release(&d);
            return LB_NOMEM;
        }
        d.auto_choice = 0;
        int choice;
        if ((rc = lbi_mr_decide(R, &d, &choice)) != LB_OK || choice == 0)
            continue;
        if ((rc = leader_to(R, ids[k], lside, target, dest, ndest, "R-MEL-28",
                            EV_MEL_ASK_LEADER_TO, &at)) != LB_OK)
            break;
        MR_EVENT(R, "retreat", "R-MEL-28", "(7)", ids[k], NULL, at, 0, EV_MEL_LEADER_RETIRES,
                 ev_id(R, ids[k]), from, ev_hex(R->st, at));
        lbi_mr_summary(R, "retire:%s", ids[k]);
    }
    return rc;
}

/* ---- retreats ----------------------------------------------------------------------------- */

typedef struct end_choice {
    lb_hex end;
    const lb_hex *path; /* the path taken to it */
    int loss, routs;
    int doomed;         /* a failed recovery there would have no complete path (R-RET-8) */
} end_choice;

/* R-MEL-18: to each end of r the path that does not rout, then loses least, then comes first in
 * label order, among all of r's optimal paths to it (paths: r->nends * r->hexes hexes for them). */
static int best_ends(const lb_state *s, int unit, const lb_retreat *r, int by_result,
                     lb_hex *paths, end_choice *out)
{
    unsigned char *zones = NULL;
    if (by_result) {
        zones = malloc((size_t)s->map.cols * (size_t)s->map.rows);
        if (!zones)
            return LB_NOMEM;
        lb_zoi_map(s, s->units[unit].side, zones);
    }
    zone_weights z = {s, unit, zones, 0};
    int rc = LB_OK;
    for (int e = 0; e < r->nends && rc == LB_OK; e++) {
        lb_hex *p = paths + (size_t)e * (size_t)r->hexes;
        rc = LB_NOT_FOUND;
        if (zones && routed_by_cavalry_zone(&s->units[unit])) {
            z.avoid_cavalry = 1;
            rc = lb_retreat_path_to(r, r->ends[e], zone_weight, &z, p);
        }
        if (rc == LB_NOT_FOUND) {
            z.avoid_cavalry = 0;
            rc = lb_retreat_path_to(r, r->ends[e], zones ? zone_weight : NULL, &z, p);
        }
        out[e] = (end_choice){r->ends[e], p, 0, 0, r->end_surrenders && r->end_surrenders[e]};
        if (rc == LB_OK && zones)
            out[e].loss = path_loss(s, unit, zones, p, r->hexes, &out[e].routs);
    }
    free(zones);
    return rc;
}

/* (30): a unit with no legal path surrenders; leaders left alone in its hex are captured. */
static int surrender_in_place(mrun *R, const char *id, const mr_move *how, lb_hex start, int side)
{
    MR_EVENT(R, "surrender", how->rule, "(30)", id, NULL, start, 0, EV_MEL_NO_PATH, ev_id(R, id),
             ev_hex(R->st, start));
    lbi_mr_summary(R, "surrender:%s", id);
    int rc = lbi_mr_remove(R, id);
    return rc != LB_OK ? rc : leaders_follow(R, start, side, NULL, 1);
}

/* R-MEL-18, R-RET-8: is end b a better automatic choice than a? It does not mean surrender later
 * where a does, then does not rout where a does, then loses less, then is the end the retreat
 * rules chose (auto_end). */
static int better_end(const end_choice *b, const end_choice *a, lb_hex auto_end)
{
    if (b->doomed != a->doomed)
        return b->doomed < a->doomed;
    if (b->routs != a->routs)
        return b->routs < a->routs;
    if (b->loss != a->loss)
        return b->loss < a->loss;
    return lb_hex_eq(b->end, auto_end) && !lb_hex_eq(a->end, auto_end);
}

/* R-MEL-22: the unit's owner chooses where the retreat r of unit id ends, among r's ends (ends:
 * each with its path, R-MEL-18). *choice, or MEL_STOP_DECIDE. */
static int choose_end(mrun *R, const char *id, const mr_move *how, const lb_retreat *r,
                      const end_choice *ends, int *choice)
{
    const lb_unit *u = &R->st->units[lbi_mr_unit(R, id)];
    lb_event_arg moving = how->keep_state ? ev_phrase(MEL_PH_MOVING, MEL_MOVING_BEFORE_MELEE)
                                          : ev_text(lb_retreat_kind_name(r->kind));
    lb_decision d;
    MR_ASK(&d, LB_DECIDE_PATH, u->side, id, how->rule,
           r->by_hexes ? EV_MEL_ASK_END_HEXES : EV_MEL_ASK_END, ev_id(R, id), moving,
           ev_hex(R->st, u->hexes[0]), ev_int(r->length), ev_int(r->hexes),
           ev_int(how->by_result));
    lb_hex auto_end = r->choice ? r->choice[r->hexes - 1] : ends[0].end;
    d.auto_choice = 0;
    char el[LB_HEX_LABEL_MAX];
    for (int e = 0; e < r->nends; e++) {
        int rc = MR_OPTION(&d, label(R, ends[e].end, el), EV_MEL_OPT_END,
                           ev_hex(R->st, ends[e].end), ev_int(ends[e].loss),
                           ev_int(ends[e].routs), ev_int(ends[e].doomed));
        if (rc != LB_OK) {
            lb_decision_release(&d);
            return rc;
        }
        if (better_end(&ends[e], &ends[d.auto_choice], auto_end))
            d.auto_choice = e;
    }
    return lbi_mr_decide(R, &d, choice);
}

/* R-MEL-8, R-MEL-18 (Z14-9, Z14-10): what the retreat to pick's end leaves unit id: no move in
 * its side's next Movement segment after retreating more than a hex before the melee; a rout
 * through an enemy cavalry zone; the increments lost leaving enemy zones, eliminated when none is
 * left (its leaders then escape). */
static int after_retreat(mrun *R, const char *id, const mr_move *how, const end_choice *pick,
                         int moved, int side)
{
    lb_unit *v = &R->st->units[lbi_mr_unit(R, id)];
    if (how->keep_state && moved > 1) {
        v->move.hold_next = LB_HOLD_RETREATED;
        MR_EVENT(R, "hold", "R-MEL-8", "(29)", id, NULL, pick->end, moved, EV_MEL_HOLD,
                 ev_id(R, id), ev_int(moved));
    }
    if (pick->routs) {
        v->state = LB_STATE_ROUTED;
        MR_EVENT(R, "rout", "R-MEL-18", "(14)", id, NULL, pick->end, 0, EV_MEL_ZONE_ROUT,
                 ev_id(R, id));
        lbi_mr_summary(R, "routed:%s", id);
    }
    if (!pick->loss)
        return LB_OK;
    int gone = v->losses + pick->loss >= v->increments;
    v->losses = gone ? v->increments : v->losses + pick->loss;
    MR_EVENT(R, "loss", "R-MEL-18", "(14)", id, NULL, pick->end, pick->loss, EV_MEL_ZONE_LOSS,
             ev_id(R, id), ev_int(pick->loss), ev_int(gone));
    if (!gone)
        return LB_OK;
    lbi_mr_summary(R, "eliminated:%s", id);
    int rc = lbi_mr_remove(R, id);
    return rc != LB_OK ? rc : leaders_follow(R, pick->end, side, NULL, 0);
}

int lbi_mr_retreat(mrun *R, const char *id, const mr_move *how, int *hexes)
{
    int i = lbi_mr_unit(R, id);
    if (hexes)
        *hexes = 0;
    if (i < 0)
        return LB_OK;
    lb_state *st = R->st;
    int side = st->units[i].side;
    lb_hex start = st->units[i].hexes[0];
    lb_retreat_req rq = {.kind = how->kind, .hexes = how->hexes, .max_paths = 1};
    lb_retreat r;
    int rc = lb_retreat_paths(st, i, &rq, &r, R->t);
    if (rc != LB_OK)
        return lbi_mr_fail(R, rc, "no retreat paths for %s", id);
    if (r.stays || r.surrender) {
        int surrender = r.surrender;
        lb_retreat_release(&r);
        return surrender ? surrender_in_place(R, id, how, start, side) : LB_OK;
    }
    end_choice *ends = calloc((size_t)r.nends + 1, sizeof *ends), pick = {0};
    lb_hex *paths = malloc(((size_t)r.nends * (size_t)r.hexes + 1) * sizeof *paths);
    rc = ends && paths ? best_ends(st, i, &r, how->by_result, paths, ends) : LB_NOMEM;
    int choice = -1, moved = r.hexes;
    if (rc == LB_OK)
        rc = choose_end(R, id, how, &r, ends, &choice);
    else if (rc != LB_NOMEM)
        rc = lbi_mr_fail(R, rc, "no path of %s to one of its ends", id);
    if (rc == LB_OK) {
        pick = ends[choice];
        int out_of_order = st->units[i].state != LB_STATE_GOOD; /* not a retreat before melee */
        rc = lbi_retreat_set(st, i, &r, pick.path);
        /* R-MOR-16: the game's checks count every hex the path passes */
        if (rc == LB_OK && out_of_order)
            rc = lbi_passed_add(&R->m->passed, id, start, pick.path, r.hexes);
    }
    free(ends);
    free(paths);
    lb_retreat_release(&r);
    if (rc != LB_OK)
        return rc;
    if (hexes)
        *hexes = moved;
    int moving = how->keep_state ? MEL_MOVING_BEFORE_MELEE : MEL_MOVING_RETREATS;
    MR_EVENT(R, "retreat", how->rule, "(30)", id, NULL, pick.end, moved, EV_MEL_RETREAT,
             ev_id(R, id), ev_phrase(MEL_PH_MOVING, moving), ev_hex(st, start),
             ev_hex(st, pick.end), ev_int(moved));
    if ((rc = leaders_follow(R, start, side, &pick.end, 0)) != LB_OK)
        return rc;
    return after_retreat(R, id, how, &pick, moved, side);
}

/* ---- morale ------------------------------------------------------------------------------- */

int lbi_mr_failed(mrun *R, const char *id, int by_result, const char *rule)
{
    int i = lbi_mr_unit(R, id);
    if (i < 0)
        return LB_OK;
    lb_morale_outcome o = lb_morale_outcome_of(R->st, i, LB_CHECK_ORDINARY, 0, R->t);
    int rc = lbi_morale_set(R->st, i, &o);
    if (rc != LB_OK)
        return rc;
    MR_EVENT(R, o.to == LB_STATE_ROUTED ? "rout" : "disorder", rule, "(30)", id, NULL,
             R->st->units[i].hexes[0], 0, EV_MEL_FAILED, ev_id(R, id),
             ev_text(lb_morale_state_name(o.from)), ev_text(lb_morale_state_name(o.to)),
             ev_int(o.moves != 0), ev_text(o.moves ? lb_retreat_kind_name(o.move) : ""));
    if (!o.moves)
        return LB_OK;
    mr_move how = {.kind = o.move, .by_result = by_result, .rule = rule};
    return lbi_mr_retreat(R, id, &how, NULL);
}

int lbi_mr_check(mrun *R, const char *id, int mod, int why, int by_result, const char *rule)
{
    int i = lbi_mr_unit(R, id);
    if (i < 0)
        return LB_OK;
    lb_morale_mod extra = {rule, lbi_words_phrase(MEL_PH_CHECK_WHY, why), mod};
    lb_morale_chance ch;
    int rc = lb_morale_odds(R->st, i, &extra, mod ? 1 : 0, &ch, R->t);
    if (rc != LB_OK)
        return rc;
    int roll;
    if ((rc = lbi_mr_roll(R, LB_DIE_TWO, "morale check", &roll)) != LB_OK)
        return rc;
    int passed = ch.passes[lb_roll_index(roll)];
    MR_EVENT(R, "check", rule, "(31)", id, NULL, R->st->units[i].hexes[0], roll,
             EV_MEL_MORALE_CHECK, ev_id(R, id), ev_phrase(MEL_PH_CHECK_WHY, why), ev_roll(roll),
             ev_int(ch.modifier), ev_roll(lb_roll_add(roll, ch.modifier)), ev_int(ch.morale),
             ev_int(passed));
    lb_trace_roll(R->t, "morale check", roll);
    return passed ? LB_OK : lbi_mr_failed(R, id, by_result, rule);
}

int lbi_mr_hex_checks(mrun *R, lb_hex h, int side, int mod, const char *rule)
{
    char ids[LB_MELEE_UNITS_MAX][LB_SUBJECT_MAX];
    int n = 0;
    const int *idx;
    int m = lb_state_units_at(R->st, h, &idx);
    for (int i = 0; i < m && n < LB_MELEE_UNITS_MAX; i++)
        if (lb_unit_is_combat(&R->st->units[idx[i]]) && R->st->units[idx[i]].side == side)
            snprintf(ids[n++], LB_SUBJECT_MAX, "%s", R->st->units[idx[i]].id);
    for (int k = 0; k < n; k++) {
        int rc = lbi_mr_check(R, ids[k], mod, MEL_CHECK_LEADER_FELL, 0, rule);
        if (rc != LB_OK)
            return rc;
    }
    return LB_OK;
}

/* ---- results ------------------------------------------------------------------------------ */

/* R-MEL-17: a side loses n increments one at a time from its units in turn, in their order,
 * skipping units with nothing left; a unit with nothing left is eliminated. */
static int lose(mrun *R, char ids[][LB_SUBJECT_MAX], int nids, int n)
{
    int took[LB_MELEE_UNITS_MAX] = {0};
    for (int k = 0, left = n; left > 0; k = (k + 1) % nids) {
        int any = 0;
        for (int j = 0; j < nids; j++) {
            int i = lbi_mr_unit(R, ids[j]);
            any |= i >= 0 && lb_unit_strength(&R->st->units[i]) > took[j];
        }
        if (!any)
            break;
        int i = lbi_mr_unit(R, ids[k]);
        if (i >= 0 && lb_unit_strength(&R->st->units[i]) > took[k]) {
            took[k]++;
            left--;
        }
    }
    for (int j = 0; j < nids; j++) {
        int i = lbi_mr_unit(R, ids[j]);
        if (i < 0 || !took[j])
            continue;
        lb_unit *u = &R->st->units[i];
        int side = u->side;
        lb_hex h = u->hexes[0];
        u->losses += took[j];
        int gone = u->losses >= u->increments;
        MR_EVENT(R, gone ? "eliminated" : "loss", "R-MEL-17", "(34)", ids[j], NULL, h, took[j],
                 EV_MEL_LOSS, ev_id(R, ids[j]), ev_int(took[j]), ev_int(gone));
        if (!gone)
            continue;
        lbi_mr_summary(R, "eliminated:%s", ids[j]);
        int rc = lbi_mr_remove(R, ids[j]);
        if (rc == LB_OK)
            rc = leaders_follow(R, h, side, NULL, 0);
        if (rc != LB_OK)
            return rc;
    }
    return LB_OK;
}

/* 32.9, R-MEL-30: cavalry u stands in an enemy hex, that of the carré it assaulted (the carré
 * may have broken before the melee roll, leaving the units that were with it). */
static int in_enemy_hex(const lb_state *s, const lb_unit *u)
{
    const int *idx;
    int n = u->arm == LB_ARM_CAVALRY ? lb_state_units_at(s, u->hexes[0], &idx) : 0;
    for (int k = 0; k < n; k++)
        if (s->units[idx[k]].side != u->side && lb_unit_is_combat(&s->units[idx[k]]))
            return 1;
    return 0;
}

/* R-MEL-17: AR, DR (rout) or AD, DD on one unit: cavalry routs instead of disordering (35.8); a
 * disordered unit disordered again routs (R-MOR-7); a carré given DD takes column and retreats,
 * 3 hexes in premier-2017 (32.9); cavalry given AR or AD in a carré's hex (or in the hex of a
 * carré that broke, R-MEL-30) routs to an adjacent hex (32.9, R-MEL-29). Every such retreat is
 * the melee's (R-MEL-18). */
static int hit(mrun *R, const char *id, int rout)
{
    int i = lbi_mr_unit(R, id);
    if (i < 0)
        return LB_OK;
    lb_unit *u = &R->st->units[i];
    int routs = rout || u->arm == LB_ARM_CAVALRY || u->state != LB_STATE_GOOD;
    int carre = u->formation == LB_FORM_CARRE, repulsed = in_enemy_hex(R->st, u);
    lb_morale_state from = u->state;
    u->state = routs ? LB_STATE_ROUTED : LB_STATE_DISORDERED;
    u->formation = lb_effects_formation(R->st, u, u->hexes[0]);
    if (u->formation != LB_FORM_LINE && u->formation != LB_FORM_SKIRMISH && u->nhexes > 1)
        u->nhexes = 1;
    if (u->facing % 2 == 1 && lb_facing_kind(u->formation) == 0)
        u->facing = u->facing % 12 + 1;
    int rc = lb_state_reindex(R->st);
    if (rc != LB_OK)
        return rc;
    MR_EVENT(R, routs ? "rout" : "disorder", "R-MEL-17", "(34)", id, NULL, u->hexes[0], 0,
             EV_MEL_HIT, ev_id(R, id), ev_text(lb_morale_state_name(from)),
             ev_text(lb_morale_state_name(u->state)), ev_int(carre));
    mr_move how = {.kind = routs ? LB_RETREAT_ROUT : LB_RETREAT_DISORDER,
                   .hexes = carre && !routs && R->st->rules == LB_RULES_2017 ? 3 : 0,
                   .by_result = 1,
                   .rule = "R-MEL-17"};
    if (repulsed) {
        how.hexes = 1;
        how.rule = "R-MEL-29";
        MR_EVENT(R, "rout", "R-MEL-29", "(32)", id, NULL, u->hexes[0], 1, EV_MEL_CARRE_REPULSES,
                 ev_id(R, id));
    }
    return lbi_mr_retreat(R, id, &how, NULL);
}

/* R-MEL-17: DS: every defender surrenders; leaders left alone in the hex are captured. */
static int surrender_all(mrun *R, lb_hex target, char def[][LB_SUBJECT_MAX], int nd)
{
    int rc = LB_OK;
    for (int k = 0; rc == LB_OK && k < nd; k++) {
        int i = lbi_mr_unit(R, def[k]);
        if (i < 0)
            continue;
        int dside = R->st->units[i].side;
        MR_EVENT(R, "surrender", "R-MEL-17", "(34)", def[k], NULL, target, 0, EV_MEL_SURRENDERS,
                 ev_id(R, def[k]));
        if ((rc = lbi_mr_remove(R, def[k])) == LB_OK)
            rc = leaders_follow(R, target, dside, NULL, 1);
    }
    return rc;
}

/* R-MEL-17: losses on both sides, then the morale checks the result calls for. */
static int losses(mrun *R, const lb_melee_cell *cell, char att[][LB_SUBJECT_MAX], int na,
                  char def[][LB_SUBJECT_MAX], int nd)
{
    int rc = lose(R, att, na, cell->att);
    if (rc == LB_OK)
        rc = lose(R, def, nd, cell->def);
    for (int k = 0; rc == LB_OK && cell->att_check && k < na; k++)
        rc = lbi_mr_check(R, att[k], 0, MEL_CHECK_BY_RESULT, 1, "R-MEL-17");
    for (int k = 0; rc == LB_OK && cell->def_check && k < nd; k++)
        rc = lbi_mr_check(R, def[k], 0, MEL_CHECK_BY_RESULT, 1, "R-MEL-17");
    return rc;
}

int lbi_mr_result(mrun *R, lb_hex target, const lb_melee_cell *cell)
{
    char (*att)[LB_SUBJECT_MAX] = R->fought, (*def)[LB_SUBJECT_MAX] = R->fought + R->nfought_attackers;
    int na = R->nfought_attackers, nd = R->nfought - R->nfought_attackers, rc = LB_OK;
    switch (cell->code) {
    case LB_MELEE_NE:
        break;
    case LB_MELEE_LOSS:
        rc = losses(R, cell, att, na, def, nd);
        break;
    case LB_MELEE_AR:
    case LB_MELEE_AD:
        for (int k = 0; rc == LB_OK && k < na; k++)
            rc = hit(R, att[k], cell->code == LB_MELEE_AR);
        break;
    case LB_MELEE_DR:
    case LB_MELEE_DD:
        for (int k = 0; rc == LB_OK && k < nd; k++)
            rc = hit(R, def[k], cell->code == LB_MELEE_DR);
        break;
    case LB_MELEE_DS:
        rc = surrender_all(R, target, def, nd);
        break;
    }
    if (rc != LB_OK || lb_state_top_enemy(R->st, target, R->side) >= 0)
        return rc;
    /* R-MEL-19 (33.10): after DD, DR, DS or the defender's elimination the attacker must
     * advance; a hex emptied by a morale check the result called for may be occupied */
    int must = cell->code == LB_MELEE_DD || cell->code == LB_MELEE_DR ||
               cell->code == LB_MELEE_DS || cell->code == LB_MELEE_LOSS;
    int eliminated = 1;
    for (int k = 0; k < nd; k++)
        eliminated &= lbi_mr_unit(R, def[k]) < 0;
    if (cell->code == LB_MELEE_LOSS)
        must = eliminated;
    return lbi_mr_advance(R, target, att, na, must, must ? MEL_ADVANCE_MUST : MEL_ADVANCE_MAY);
}

/* ---- the advance -------------------------------------------------------------------------- */

/* Can unit u step from one of its hexes into target (R-MEL-3)? */
static int may_enter(const lb_state *s, const lb_unit *u, lb_hex target)
{
    for (int h = 0; h < u->nhexes; h++) {
        int dir = lb_hex_dir_to(u->hexes[h], target);
        if (dir >= 0 && lb_move_step_cost(s, u->hexes[h], dir, u->arm) != LB_MOVE_PROHIBITED)
            return 1;
    }
    return 0;
}

/* R-MEL-26: the formation of a unit that advanced into hex h, where it stands alone: column and
 * general order follow the terrain (R-FORM-2); any other formation it may not keep there alone
 * (a line in general-order terrain, a carré there, a screen that needs two hexes) becomes the one
 * of those two the terrain gives; the facing turns to a hexside when the formation needs one. */
static void advance_formation(const lb_state *st, lb_unit *u, lb_hex h)
{
    if (u->arm == LB_ARM_ARTILLERY || !lb_unit_is_combat(u))
        return;
    lb_formation f = lb_formation_auto(st, u, u->formation, h);
    const char *rule;
    int min, max;
    lb_formation_span(st, u, f, &min, &max);
    if (min > 1 || lb_formation_terrain(st, u, f, h, &rule) != NULL)
        f = lb_formation_auto(st, u, LB_FORM_COLUMN, h);
    u->formation = f;
    if (u->facing % 2 == 1 && lb_facing_kind(f) == 0)
        u->facing = u->facing % 12 + 1;
}

/* R-RET-21 (R-MOV-14): the leaders attached to unit i, in one of its hexes, advance with it. */
static void attached_advance(mrun *R, int i, lb_hex target)
{
    const lb_unit *u = &R->st->units[i];
    for (int k = 0; k < R->st->nunits; k++) {
        const lb_unit *l = &R->st->units[k];
        if (l->arm == LB_ARM_LEADER && l->attached && strcmp(l->attached, u->id) == 0 &&
            l->nhexes > 0 && lb_unit_in_hex(u, l->hexes[0]))
            MR_EVENT(R, "advance", "R-RET-21", "(7), (33)", l->id, u->id, target, 1,
                     EV_MEL_ATTACHED_ADVANCES, ev_id(R, l->id), ev_id(R, u->id),
                     ev_hex(R->st, target));
    }
    lbi_attached_follow(R->st, i, target);
}

int lbi_mr_advance(mrun *R, lb_hex target, char ids[][LB_SUBJECT_MAX], int n, int compulsory,
                   int why)
{
    char tl[LB_HEX_LABEL_MAX], can[LB_MELEE_UNITS_MAX][LB_SUBJECT_MAX];
    label(R, target, tl);
    lb_event_arg into = lbi_ev_label(tl);
    int side = -1, ncan = 0;
    for (int k = 0; k < n; k++) {
        int i = lbi_mr_unit(R, ids[k]);
        if (i < 0)
            continue;
        const lb_unit *u = &R->st->units[i];
        side = u->side;
        if (lb_unit_in_hex(u, target)) {
            LBI_EVENT(R->t, "R-MEL-19", "(33)", EV_MEL_ALREADY_IN, ev_unit_id(ids[k]), into);
            return LB_OK;
        }
        if (u->state != LB_STATE_ROUTED && may_enter(R->st, u, target) && ncan < LB_MELEE_UNITS_MAX)
            snprintf(can[ncan++], LB_SUBJECT_MAX, "%s", ids[k]);
    }
    if (side < 0)
        return LB_OK;
    if (ncan == 0) {
        MR_EVENT(R, "advance", "R-MEL-19", "(33)", NULL, NULL, target, 0, EV_MEL_NO_ADVANCE, into);
        return LB_OK;
    }
    const char *rule = compulsory ? "R-MEL-19" : "R-MEL-8";
    lb_decision d;
    MR_ASK(&d, LB_DECIDE_ADVANCE, side, tl, rule, EV_MEL_ASK_ADVANCE,
           ev_phrase(MEL_PH_ADVANCE_WHY, why), into);
    int rc = LB_OK;
    for (int k = 0; k < ncan && rc == LB_OK; k++)
        rc = MR_OPTION(&d, can[k], EV_MEL_OPT_ENTER, ev_id(R, can[k]), into);
    if (rc == LB_OK && !compulsory)
        rc = lbi_mr_option(&d, "none", EV_MEL_OPT_STAY, NULL, 0);
    if (rc != LB_OK) {
        lb_decision_release(&d);
        return rc;
    }
    d.auto_choice = 0;
    int choice;
    if ((rc = lbi_mr_decide(R, &d, &choice)) != LB_OK)
        return rc;
    if (choice >= ncan) {
        lbi_mr_summary(R, "stay");
        return LB_OK;
    }
    int i = lbi_mr_unit(R, can[choice]);
    lb_unit *u = &R->st->units[i];
    lb_formation before = u->formation;
    attached_advance(R, i, target);
    u->hexes[0] = target;
    u->nhexes = 1;
    advance_formation(R->st, u, target);
    MR_EVENT(R, "advance", rule, "(33)", can[choice], NULL, target, 1, EV_MEL_ADVANCES,
             ev_id(R, can[choice]), into);
    if (u->formation != before)
        LBI_EVENT(R->t, "R-MEL-26", "(33), (15)", EV_MEL_ADVANCE_FORMATION,
                  ev_unit_id(can[choice]), into, ev_text(lb_formation_name(u->formation)),
                  ev_text(lb_formation_name(before)));
    lbi_mr_summary(R, "advance:%s", can[choice]);
    return lb_state_reindex(R->st);
}
