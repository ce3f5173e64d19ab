/* The charge's movement: step costs, facing changes, the legality of the planned path, forced steps, and the situation at contact. */
#include <stdlib.h>
#include <string.h>

#include "charge_move.h"
#include "rules_types.h"
#include "decision_int.h"
#include "hex_int.h"
#include "trace_int.h"
#include "unit_int.h"
#include "formation_int.h"
#include "move_int.h"
#include "facing_int.h"
#include "state_int.h"

/* rules-combat 35.4, 37.4: light cavalry has a printed movement of 13 or more. */
int lbi_mv_is_light(const lb_unit *u)
{
    return u->movement >= 13;
}

/* R-CHG-9: hexsides of facing change to face direction dir: a vertex facing is half a hexside
 * from each of its two hexsides; a unit without a facing turns freely. */
static int turns_to(int facing, int dir)
{
    if (facing <= 0)
        return 0;
    int a = abs(facing - lb_hex_dir_clock(dir)) % 12;
    if (a > 6)
        a = 12 - a;
    return (a + 1) / 2;
}

/* R-CHG-9: the step's cost (lb_move_step_cost: terrain entered, hexside crossed, slope), split
 * into the terrain's part and the rest for the trace. LB_MOVE_PROHIBITED when closed. */
static int step_cost(const lb_state *s, lb_hex from, int dir, int arm, int *terrain_cost,
                     int *side_cost)
{
    int total = lb_move_step_cost(s, from, dir, (lb_arm)arm);
    if (total == LB_MOVE_PROHIBITED)
        return LB_MOVE_PROHIBITED;
    const lb_map *m = &s->map;
    *terrain_cost =
        s->charts.terrain[m->terrain[lb_map_cell(m, lb_hex_neighbor(from, dir))]].move[arm];
    *side_cost = total - *terrain_cost;
    return total;
}

int lbi_mv_distance(const lb_state *s, lb_hex h, int unit)
{
    const lb_unit *u = &s->units[unit];
    int best = -1;
    for (int k = 0; k < u->nhexes; k++) {
        int d = lb_hex_distance(h, u->hexes[k]);
        if (best < 0 || d < best)
            best = d;
    }
    return best;
}

/* R-CHG-30: contact is made through a hexside the cavalry may cross into the formation's hex
 * (R-MEL-3's test), never across a prohibited hexside or into terrain closed to cavalry. */
int lbi_mv_adjacent(const lb_state *s, lb_hex h, int unit)
{
    const lb_unit *u = &s->units[unit];
    for (int k = 0; k < u->nhexes; k++) {
        int dir = lb_hex_dir_to(h, u->hexes[k]);
        if (dir >= 0 && lb_move_step_cost(s, h, dir, LB_ARM_CAVALRY) != LB_MOVE_PROHIBITED)
            return 1;
    }
    return 0;
}

/* Enemy combat units of the cavalry in h: their count; *carre_only when every one is in carré
 * (which a charge may pass over, R-CHG-3). Enemy leaders stop nothing (R-CHG-27). */
static int enemy_at(const run *R, lb_hex h, int *carre_only)
{
    const int *idx;
    int n = lb_state_units_at(R->st, h, &idx), enemies = 0;
    *carre_only = 1;
    for (int i = 0; i < n; i++) {
        const lb_unit *u = &R->st->units[idx[i]];
        if (u->side == R->side || !lb_unit_is_combat(u))
            continue;
        enemies++;
        if (u->formation != LB_FORM_CARRE)
            *carre_only = 0;
    }
    return enemies;
}

/* rules-combat 35.10: cavalry passes through friendly cavalry, carrés, skirmishers and limbered
 * guns; a friendly unit of another kind stops it. Returns the blocking unit, or -1. */
static int friendly_block(const run *R, lb_hex h)
{
    const int *idx;
    int n = lb_state_units_at(R->st, h, &idx);
    for (int i = 0; i < n; i++) {
        const lb_unit *u = &R->st->units[idx[i]];
        if (u->side != R->side || !lb_unit_is_combat(u) || idx[i] == R->cav)
            continue;
        if (u->arm == LB_ARM_CAVALRY || u->formation == LB_FORM_CARRE ||
            u->formation == LB_FORM_SKIRMISH || u->formation == LB_FORM_LIMBERED)
            continue;
        return idx[i];
    }
    return -1;
}

static int general_order(const lb_state *s, lb_hex h)
{
    return s->charts.terrain[s->map.terrain[lb_map_cell(&s->map, h)]].general_order;
}

static int turn_limit(const run *R)
{
    return lbi_mv_is_light(&R->st->units[R->cav]) ? 2 : 1;
}

/* R-CHG-9: the plan's terrain, hexsides, facing changes and cost are legal as the map stands
 * when the charge begins; whether a hex on the way holds the enemy is seen as the cavalry gets
 * there (a carré may be passed over, R-CHG-3; anything else stops the plan, R-CHG-14). */
int lbi_mv_check_plan(run *R)
{
    const lb_state *s = R->st;
    const lb_charge_req *req = &R->ch->req;
    lb_hex pos = R->pos;
    int facing = R->facing, cost = 0, limit = turn_limit(R);
    for (int k = 0; k < req->npath; k++) {
        lb_hex h = req->path[k];
        if (!lb_map_contains(&s->map, h))
            return CH_REFUSE(R, "R-CHG-9", EV_CHARGE_REFUSED_OFF_MAP, ch_hex(R, h));
        int dir = lb_hex_dir_to(pos, h);
        if (dir < 0)
            return CH_REFUSE(R, "R-CHG-9", EV_CHARGE_REFUSED_NOT_NEXT, ch_hex(R, h),
                             ch_hex(R, pos));
        if (lb_hex_eq(h, R->st->units[R->cav].hexes[0]))
            return CH_REFUSE(R, "R-CHG-9", EV_CHARGE_REFUSED_BACK_TO_START, ch_hex(R, h));
        for (int j = 0; j < k; j++)
            if (lb_hex_eq(h, req->path[j]))
                return CH_REFUSE(R, "R-CHG-9", EV_CHARGE_REFUSED_TWICE, ch_hex(R, h));
        if (general_order(s, h)) {
            const char *terrain = s->charts.terrain[s->map.terrain[lb_map_cell(&s->map, h)]].id;
            return CH_REFUSE(R, "R-CHG-9", EV_CHARGE_REFUSED_GENERAL_ORDER, ch_hex(R, h),
                             ev_text(terrain));
        }
        int tc, sc, step = step_cost(s, pos, dir, LB_ARM_CAVALRY, &tc, &sc);
        if (step == LB_MOVE_PROHIBITED)
            return CH_REFUSE(R, "R-CHG-9", EV_CHARGE_REFUSED_PROHIBITED, ch_hex(R, h),
                             ch_hex(R, pos));
        int turns = turns_to(facing, dir);
        if (turns > limit)
            return CH_REFUSE(R, "R-CHG-9", EV_CHARGE_REFUSED_TURNS, ch_hex(R, h), ev_int(turns),
                             ch_hex(R, pos), ev_int(limit == 2), ev_int(limit));
        int carre_only;
        if (k == req->npath - 1 && enemy_at(R, h, &carre_only))
            return CH_REFUSE(R, "R-CHG-9", EV_CHARGE_REFUSED_ENDS_ON_ENEMY, ch_hex(R, h));
        int f = friendly_block(R, h);
        if (f >= 0)
            return CH_REFUSE(R, "R-CHG-9", EV_CHARGE_REFUSED_FRIENDLY, ch_hex(R, h),
                             ch_unit(R, f));
        cost += 2 * turns + step;
        if (cost > R->total)
            return CH_REFUSE(R, "R-CHG-9", EV_CHARGE_REFUSED_COST, ev_int(cost), ch_hex(R, h),
                             ev_int(R->total), ev_int(s->units[R->cav].movement));
        facing = lb_hex_dir_clock(dir);
        pos = h;
    }
    LBI_EVENT(R->t, "R-CHG-9", "(37)", EV_CHARGE_PLAN_LEGAL, ev_int(req->npath), ev_int(cost),
              ev_int(R->total));
    lb_trace_int(R->t, "path_cost", cost);
    return LB_OK;
}

/* Cost of the step in dir from the cavalry's hex, facing change included; -1 when not possible
 * (prohibited, general order, too many turns). */
static int step_total(const run *R, int dir)
{
    lb_hex to = lb_hex_neighbor(R->pos, dir);
    int tc, sc, step = step_cost(R->st, R->pos, dir, LB_ARM_CAVALRY, &tc, &sc);
    if (step == LB_MOVE_PROHIBITED || general_order(R->st, to))
        return -1;
    int turns = turns_to(R->facing, dir);
    if (turns > turn_limit(R))
        return -1;
    return 2 * turns + step;
}

static int affordable(const run *R, int cost)
{
    return cost <= R->total - R->spent && (R->cap < 0 || cost <= R->cap);
}

/* The next planned step into *dir; -1 when the plan is over or cannot go on (said why). */
int lbi_mv_plan_step(run *R, int *dir)
{
    const lb_charge_req *req = &R->ch->req;
    *dir = -1;
    if (R->plan_aside || R->plan_pos >= req->npath)
        return LB_OK;
    lb_hex h = req->path[R->plan_pos];
    int d = lb_hex_dir_to(R->pos, h);
    int carre_only, cost = d >= 0 ? step_total(R, d) : -1, why = -1;
    if (d < 0)
        why = CHARGE_PLAN_OFF_START;
    else if (enemy_at(R, h, &carre_only) && !carre_only)
        why = CHARGE_PLAN_ENEMY; /* R-CHG-4 */
    else if (friendly_block(R, h) >= 0)
        why = CHARGE_PLAN_FRIENDLY;
    else if (cost < 0 || !affordable(R, cost))
        why = CHARGE_PLAN_UNPAID;
    if (why >= 0) {
        CH_EVENT(R, "set-aside", "R-CHG-14", R->cav, -1, h, 0, EV_CHARGE_PLAN_STOPPED,
                 ch_hex(R, h), ev_phrase(CHARGE_PH_PLAN_STOP, why));
        R->plan_aside = 1;
        return LB_OK;
    }
    R->plan_pos++;
    *dir = d;
    return LB_OK;
}

/* Distance from h to the goal: a unit, or a hex when unit < 0. */
static int goal_distance(const run *R, lb_hex h, int unit, lb_hex hex)
{
    return unit >= 0 ? lbi_mv_distance(R->st, h, unit) : lb_hex_distance(h, hex);
}

/* R-CHG-14: the steps from the cavalry's hex that bring it nearer the goal (unit, or hex when
 * unit < 0, `here` hexes away), legal and affordable: ok[d] and their cost[d]; their count. */
static int nearer_steps(const run *R, int unit, lb_hex hex, int here, int *cost, int *ok)
{
    int nok = 0;
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        lb_hex n = lb_hex_neighbor(R->pos, d);
        ok[d] = 0;
        if (!lb_map_contains(&R->st->map, n) || goal_distance(R, n, unit, hex) >= here)
            continue;
        cost[d] = step_total(R, d);
        if (cost[d] < 0 || !affordable(R, cost[d]) || friendly_block(R, n) >= 0)
            continue;
        int carre_only;
        if (enemy_at(R, n, &carre_only) &&
            !(R->mode == M_ENTER && unit >= 0 && lb_unit_in_hex(&R->st->units[unit], n)))
            continue;
        ok[d] = 1;
        nok++;
    }
    return nok;
}

/* R-CHG-14: the plan is followed while its next step is one of the nearer steps (*dir, 1);
 * otherwise the rest of it is set aside (0). */
static int follows_plan(run *R, const int *ok, int *dir)
{
    const lb_charge_req *req = &R->ch->req;
    if (R->plan_aside || R->plan_pos >= req->npath)
        return 0;
    int pd = lb_hex_dir_to(R->pos, req->path[R->plan_pos]);
    if (pd >= 0 && ok[pd]) {
        R->plan_pos++;
        *dir = pd;
        return 1;
    }
    CH_EVENT(R, "set-aside", "R-CHG-14", R->cav, -1, req->path[R->plan_pos], 0,
             EV_CHARGE_PLAN_NOT_NEARER, ch_hex(R, req->path[R->plan_pos]));
    R->plan_aside = 1;
    return 0;
}

/* R-CHG-14: the owner chooses among the nearer steps (togo hexes still to go): options in label
 * order; the automatic choice is the cheapest, then the first label. */
static int choose_step(run *R, int togo, const int *cost, const int *ok, int *dir)
{
    char a[LB_HEX_LABEL_MAX];
    int order[LB_DIR_COUNT], n = 0;
    for (int k = 0; k < LB_DIR_COUNT; k++)
        if (ok[k])
            order[n++] = k;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0; j--) {
            char x[LB_HEX_LABEL_MAX], y[LB_HEX_LABEL_MAX];
            lbi_ch_label(R, lb_hex_neighbor(R->pos, order[j - 1]), x);
            lbi_ch_label(R, lb_hex_neighbor(R->pos, order[j]), y);
            if (strcmp(x, y) <= 0)
                break;
            int tmp = order[j];
            order[j] = order[j - 1];
            order[j - 1] = tmp;
        }
    lb_decision d;
    CH_ASK(R, &d, LB_DECIDE_STEP, R->side, R->st->units[R->cav].id, "R-CHG-14", EV_CHARGE_ASK_STEP,
           ch_unit(R, R->cav), ev_int(togo));
    int rc = LB_OK, best = -1;
    for (int i = 0; i < n && rc == LB_OK; i++) {
        int k = order[i];
        lbi_ch_label(R, lb_hex_neighbor(R->pos, k), a);
        rc = CH_OPTION(R, &d, a, EV_CHARGE_STEP_OPTION, lbi_ev_label(a), ev_int(cost[k]));
        if (best < 0 || cost[k] < cost[order[best]])
            best = i;
    }
    d.auto_choice = best;
    int choice;
    if (rc == LB_OK)
        rc = lbi_ch_decide(R, &d, &choice);
    else
        lb_decision_release(&d);
    if (rc == LB_OK)
        *dir = order[choice];
    return rc;
}

/* R-CHG-14: a step one hex nearer the goal (unit `unit`, or the hex `hex` when unit < 0),
 * until within `want` hexes. The plan is followed while its steps do that; otherwise it is set
 * aside and the owner chooses among the nearer hexes. *dir gets the step, -1 when none is left;
 * returns LB_OK or a stop (a decision to make) or an error. */
int lbi_mv_forced_step(run *R, int unit, lb_hex hex, int want, int *dir)
{
    *dir = -1;
    int here = goal_distance(R, R->pos, unit, hex);
    if (here <= want)
        return LB_OK;
    int cost[LB_DIR_COUNT], ok[LB_DIR_COUNT];
    int nok = nearer_steps(R, unit, hex, here, cost, ok);
    if (follows_plan(R, ok, dir))
        return LB_OK;
    if (nok == 0) {
        CH_EVENT(R, "end", "R-CHG-14", R->cav, -1, R->pos, 0, EV_CHARGE_NO_STEP,
                 ch_unit(R, R->cav), ch_hex(R, R->pos));
        return LB_OK;
    }
    return choose_step(R, here - want, cost, ok, dir);
}

int lbi_mv_step(run *R, int dir)
{
    lb_state *s = R->st;
    int turns = turns_to(R->facing, dir), tc = 0, sc = 0;
    step_cost(s, R->pos, dir, LB_ARM_CAVALRY, &tc, &sc);
    int cost = 2 * turns + tc + sc;
    if (R->nsteps == STEPS_MAX)
        return lbi_ch_fail(R, LB_INVALID, "the charge takes more than %d steps", STEPS_MAX);
    R->spent += cost;
    if (R->cap >= 0)
        R->cap -= cost;
    R->facing = lb_hex_dir_clock(dir);
    R->pos = lb_hex_neighbor(R->pos, dir);
    R->dirs[R->nsteps++] = dir;
    if (R->recall > 0)
        R->follow_hexes++; /* R-CHG-17: hexes moved since the recall */
    lb_unit *cav = &s->units[R->cav];
    cav->hexes[0] = R->pos;
    cav->nhexes = 1;
    cav->facing = R->facing;
    lb_formation was = cav->formation;
    cav->formation = lb_formation_auto(s, cav, was, R->pos); /* R-FORM-2: out of general order */
    for (int i = 0; i < s->nunits; i++)
        if (R->us[i].rider)
            s->units[i].hexes[0] = R->pos; /* R-CHG-8: its leaders ride with it */
    int rc = lb_state_reindex(s);
    if (rc != LB_OK)
        return rc;
    CH_EVENT(R, "move", "R-CHG-9", R->cav, -1, R->pos, cost, EV_CHARGE_MOVE, ch_unit(R, R->cav),
             ch_hex(R, R->pos), ev_int(cost), ev_int(turns), ev_int(tc), ev_int(sc),
             ev_int(R->spent), ev_int(R->total));
    if (cav->formation != was)
        LBI_EVENT(R->t, "R-FORM-2", "(15)", EV_CHARGE_LEAVES_GENERAL_ORDER, ch_unit(R, R->cav),
                  ev_text(lb_formation_name(cav->formation)));
    /* R-CHG-3: passing over a carré that is not the target costs its defensive fire */
    const int *idx;
    int n = lb_state_units_at(s, R->pos, &idx);
    for (int i = 0; i < n; i++) {
        int u = idx[i];
        if (s->units[u].side == R->side || s->units[u].formation != LB_FORM_CARRE ||
            u == R->target || R->us[u].passed)
            continue;
        R->us[u].passed = 1;
        lb_charge_obligation *o =
            CH_OBLIGE(R, LB_OBLIGE_DEFENSIVE_FIRE, "R-CHG-3", u, R->cav,
                      EV_CHARGE_OBLIGE_PASSING_FIRE, ch_unit(R, u), ch_unit(R, R->cav),
                      ch_hex(R, R->pos));
        if (o)
            o->passing = 1;
    }
    return LB_OK;
}

void lbi_mv_face(run *R, int unit)
{
    lb_unit *cav = &R->st->units[R->cav];
    const lb_unit *u = &R->st->units[unit];
    int best = -1, fewest = 0;
    for (int k = 0; k < u->nhexes; k++) {
        int dir = lb_hex_dir_to(R->pos, u->hexes[k]);
        if (dir < 0)
            continue;
        if (lb_facing_side(cav, 0, dir) == LB_SIDE_FRONT)
            return; /* it faces the formation already (or stands on it) */
        int turns = turns_to(R->facing, dir);
        if (best < 0 || turns < fewest) {
            best = dir;
            fewest = turns;
        }
    }
    if (best < 0)
        return;
    int cost = 2 * fewest;
    R->spent += cost;
    R->facing = lb_hex_dir_clock(best);
    cav->facing = R->facing;
    CH_EVENT(R, "face", "R-CHG-29", R->cav, unit, R->pos, cost, EV_CHARGE_FACES,
             ch_unit(R, R->cav), ch_unit(R, unit), ch_hex(R, lb_hex_neighbor(R->pos, best)),
             ev_int(fewest), ev_int(cost), ev_int(R->spent), ev_int(R->total));
}

/* 37.7: the last three hexes entered lie in one direction, and the cavalry faces the unit
 * along it (or has just entered its hex that way). */
int lbi_mv_straight(const run *R, int unit)
{
    if (R->nsteps < 3 || unit < 0)
        return 0;
    int d = R->dirs[R->nsteps - 1];
    if (R->dirs[R->nsteps - 2] != d || R->dirs[R->nsteps - 3] != d)
        return 0;
    const lb_unit *u = &R->st->units[unit];
    return lb_unit_in_hex(u, R->pos) || lb_unit_in_hex(u, lb_hex_neighbor(R->pos, d));
}

/* (13), R-FIRE-8: 0 front, 1 flank, 2 rear of u for the hexside in direction d of its hex. */
static int side_class(const lb_unit *u, int d)
{
    if (u->facing <= 0 || u->formation == LB_FORM_CARRE)
        return 0;
    int a = abs(u->facing - lb_hex_dir_clock(d)) % 12;
    if (a > 6)
        a = 12 - a;
    switch (u->formation) {
    case LB_FORM_GENERAL: return a <= 4 ? 0 : 2;
    case LB_FORM_LINE: return a == 1 ? 0 : a == 3 ? 1 : 2;
    case LB_FORM_SKIRMISH: return a <= 3 ? 0 : 2;
    default: return a <= 2 ? 0 : a == 4 ? 1 : 2;
    }
}

/* (14), R-CHG-27: h is next to a front hexside of a combat unit of `side` that is neither in
 * carré nor routed. */
int lbi_mv_in_zoi(const lb_state *s, lb_hex h, int side)
{
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        lb_hex n = lb_hex_neighbor(h, d);
        const int *idx;
        int k = lb_state_units_at(s, n, &idx);
        for (int j = 0; j < k; j++) {
            const lb_unit *u = &s->units[idx[j]];
            if (u->side == side && lb_unit_is_combat(u) && u->formation != LB_FORM_CARRE &&
                u->state != LB_STATE_ROUTED && side_class(u, lb_hex_dir_to(n, h)) == 0)
                return 1;
        }
    }
    return 0;
}

/* R-CHG-13 */
void lbi_mv_context(const run *R, int defender, lb_modifier_ctx *x)
{
    const lb_state *s = R->st;
    memset(x, 0, sizeof *x);
    x->attacker = R->cav;
    x->defender = defender;
    x->unit = -1;
    x->recall_failed = R->recall < 0;
    x->charge_straight = lbi_mv_straight(R, defender);
    const lb_unit *u = &s->units[defender];
    lb_hex near = u->hexes[0];
    for (int k = 0; k < u->nhexes; k++)
        if (lb_hex_distance(R->pos, u->hexes[k]) < lb_hex_distance(R->pos, near))
            near = u->hexes[k];
    int ce = lb_map_cell(&s->map, R->pos), cd = lb_map_cell(&s->map, near);
    x->uphill = s->map.elevation[ce] < s->map.elevation[cd];
    int d = lb_hex_dir_to(near, R->pos);
    if (d < 0)
        return;
    x->contact = 1;
    x->through = side_class(u, d);
    int side = lb_map_hexside(&s->map, near, d), eh = s->charts.elevation_hexside;
    if (side >= 0)
        x->across |= 1u << side;
    if (eh >= 0 && s->map.elevation[ce] != s->map.elevation[cd])
        x->across |= 1u << eh;
}
