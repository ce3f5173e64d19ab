/* The charge's movement: step costs, facing changes, the legality of the planned path, forced steps, and the situation at contact. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charge_move.h"
#include "lb/formation.h"
#include "lb/move.h"

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

int lbi_mv_adjacent(const lb_state *s, lb_hex h, int unit)
{
    return lbi_mv_distance(s, h, unit) == 1;
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
    char a[LB_HEX_LABEL_MAX], b[LB_HEX_LABEL_MAX];
    lb_hex pos = R->pos;
    int facing = R->facing, cost = 0, limit = turn_limit(R);
    for (int k = 0; k < req->npath; k++) {
        lb_hex h = req->path[k];
        if (!lb_map_contains(&s->map, h))
            return lbi_ch_refuse(R, "R-CHG-9", "hex %s of the path is off the map",
                                 lbi_ch_label(R, h, a));
        int dir = lb_hex_dir_to(pos, h);
        if (dir < 0)
            return lbi_ch_refuse(R, "R-CHG-9", "hex %s of the path is not next to %s",
                                 lbi_ch_label(R, h, a), lbi_ch_label(R, pos, b));
        if (lb_hex_eq(h, R->st->units[R->cav].hexes[0]))
            return lbi_ch_refuse(R, "R-CHG-9", "the path comes back to the start hex %s",
                                 lbi_ch_label(R, h, a));
        for (int j = 0; j < k; j++)
            if (lb_hex_eq(h, req->path[j]))
                return lbi_ch_refuse(R, "R-CHG-9", "the path enters %s twice",
                                     lbi_ch_label(R, h, a));
        if (general_order(s, h))
            return lbi_ch_refuse(R, "R-CHG-9",
                                 "%s is general-order terrain (%s): no charge into it "
                                 "(37.8)",
                                 lbi_ch_label(R, h, a),
                                 s->charts.terrain[s->map.terrain[lb_map_cell(&s->map, h)]].id);
        int tc, sc, step = step_cost(s, pos, dir, LB_ARM_CAVALRY, &tc, &sc);
        if (step == LB_MOVE_PROHIBITED)
            return lbi_ch_refuse(R, "R-CHG-9",
                                 "cavalry may not enter %s from %s (terrain or hexside "
                                 "prohibited)",
                                 lbi_ch_label(R, h, a), lbi_ch_label(R, pos, b));
        int turns = turns_to(facing, dir);
        if (turns > limit)
            return lbi_ch_refuse(R, "R-CHG-9",
                                 "entering %s needs %d hexsides of facing change in %s; "
                                 "%s cavalry turns at most %d per hex (37.4)",
                                 lbi_ch_label(R, h, a), turns, lbi_ch_label(R, pos, b),
                                 limit == 2 ? "light" : "heavy", limit);
        int carre_only;
        if (k == req->npath - 1 && enemy_at(R, h, &carre_only))
            return lbi_ch_refuse(R, "R-CHG-9",
                                 "the path ends in %s, which holds the enemy: a charge "
                                 "is never planned onto an enemy (the rules take it "
                                 "onto a carré it must attack, R-CHG-3)",
                                 lbi_ch_label(R, h, a));
        int f = friendly_block(R, h);
        if (f >= 0)
            return lbi_ch_refuse(R, "R-CHG-9",
                                 "%s holds friendly %s, which cavalry may not pass "
                                 "(35.10)",
                                 lbi_ch_label(R, h, a), s->units[f].id);
        cost += 2 * turns + step;
        if (cost > R->total)
            return lbi_ch_refuse(R, "R-CHG-9",
                                 "the path costs %d movement points by %s; the charge "
                                 "has %d (printed %d + 5)",
                                 cost, lbi_ch_label(R, h, a), R->total, s->units[R->cav].movement);
        facing = lb_hex_dir_clock(dir);
        pos = h;
    }
    lb_trace_add(R->t, "R-CHG-9", "(37)", "the planned path of %d hexes is legal: %d of %d "
                                          "movement points, facing changes included",
                 req->npath, cost, R->total);
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
    char a[LB_HEX_LABEL_MAX];
    *dir = -1;
    if (R->plan_aside || R->plan_pos >= req->npath)
        return LB_OK;
    lb_hex h = req->path[R->plan_pos];
    int d = lb_hex_dir_to(R->pos, h);
    int carre_only, cost = d >= 0 ? step_total(R, d) : -1;
    const char *why = NULL;
    if (d < 0)
        why = "the plan no longer starts from the cavalry's hex";
    else if (enemy_at(R, h, &carre_only) && !carre_only)
        why = "the hex now holds an enemy unit it may not move on or through (R-CHG-4)";
    else if (friendly_block(R, h) >= 0)
        why = "the hex now holds a friendly unit the cavalry may not pass (35.10)";
    else if (cost < 0 || !affordable(R, cost))
        why = "the movement points left do not pay for it";
    if (why) {
        lbi_ch_event(R, "set-aside", "R-CHG-14", R->cav, -1, h, 0,
                     "planned step into %s not made: %s", lbi_ch_label(R, h, a), why);
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

/* R-CHG-14: a step one hex nearer the goal (unit `unit`, or the hex `hex` when unit < 0),
 * until within `want` hexes. The plan is followed while its steps do that; otherwise it is set
 * aside and the owner chooses among the nearer hexes. *dir gets the step, -1 when none is left;
 * returns LB_OK or a stop (a decision to make) or an error. */
int lbi_mv_forced_step(run *R, int unit, lb_hex hex, int want, int *dir)
{
    char a[LB_HEX_LABEL_MAX];
    *dir = -1;
    int here = goal_distance(R, R->pos, unit, hex);
    if (here <= want)
        return LB_OK;
    int cost[LB_DIR_COUNT], ok[LB_DIR_COUNT], nok = 0;
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
    const lb_charge_req *req = &R->ch->req;
    if (!R->plan_aside && R->plan_pos < req->npath) {
        int pd = lb_hex_dir_to(R->pos, req->path[R->plan_pos]);
        if (pd >= 0 && ok[pd]) {
            R->plan_pos++;
            *dir = pd;
            return LB_OK;
        }
        lbi_ch_event(R, "set-aside", "R-CHG-14", R->cav, -1, req->path[R->plan_pos], 0,
                     "the planned step into %s does not bring the cavalry nearer: the rest of the "
                     "plan is set aside",
                     lbi_ch_label(R, req->path[R->plan_pos], a));
        R->plan_aside = 1;
    }
    if (nok == 0) {
        lbi_ch_event(R, "end", "R-CHG-14", R->cav, -1, R->pos, 0,
                     "no affordable, legal step brings %s nearer from %s", R->st->units[R->cav].id,
                     lbi_ch_label(R, R->pos, a));
        return LB_OK;
    }
    int best = -1;
    lb_decision d;
    lb_decision_init(&d, LB_DECIDE_STEP, R->side, R->st->units[R->cav].id, "R-CHG-14",
                     "%s must move nearer (%d more hex%s): which hex next?",
                     R->st->units[R->cav].id, here - want, here - want == 1 ? "" : "es");
    /* options in label order; the automatic choice is the cheapest, then the first label */
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
    int rc = LB_OK;
    for (int i = 0; i < n && rc == LB_OK; i++) {
        int k = order[i];
        rc = lb_decision_add(&d, lbi_ch_label(R, lb_hex_neighbor(R->pos, k), a),
                             "%s, %d movement points", a, cost[k]);
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

int lbi_mv_step(run *R, int dir)
{
    char a[LB_HEX_LABEL_MAX];
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
    lbi_ch_event(R, "move", "R-CHG-9", R->cav, -1, R->pos, cost,
                 "%s enters %s: %d MP (turns %d x 2, terrain %d, hexside %d); %d of %d spent",
                 cav->id, lbi_ch_label(R, R->pos, a), cost, turns, tc, sc, R->spent, R->total);
    if (cav->formation != was)
        lb_trace_add(R->t, "R-FORM-2", "(15)", "%s leaves general-order terrain in %s",
                     cav->id, lb_formation_name(cav->formation));
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
            lbi_ch_oblige(R, LB_OBLIGE_DEFENSIVE_FIRE, "R-CHG-3", u, R->cav,
                          "carré %s fires on %s passing over it in %s", s->units[u].id, cav->id, a);
        if (o)
            o->passing = 1;
    }
    return LB_OK;
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
