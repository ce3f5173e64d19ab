/* The charge procedure (35)-(42): eligibility, the walk, declarations, carré attempts, stand, contact, trample, recall and pursuit, the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charge_rules.h"
#include "charge_leaders.h"
#include "charge_move.h"
#include "effects.h"
#include "rules_types.h"
#include "los.h"
#include "retreat.h"
#include "apply_int.h"
#include "decision_int.h"
#include "dice_int.h"
#include "frac_int.h"
#include "trace_int.h"
#include "charge_charts.h"
#include "modifiers_int.h"
#include "unit_int.h"
#include "retreat_int.h"
#include "charge_react.h"
#include "hex_int.h"
#include "state_int.h"
#include "fire_int.h"
#include "los_int.h"

static int y2018(const run *R)
{
    return R->st->rules == LB_RULES_2018;
}

static const lb_charge_charts *charts(const run *R)
{
    return R->st->charts.charge;
}

static const char *id_of(const run *R, int i)
{
    return R->st->units[i].id;
}

static void end_charge(run *R)
{
    R->mode = M_END;
}

/* ---- obligations that close a charge ------------------------------------------------------ */

/* Defensive fire and melee follow contact (R-CHG-3, R-CHG-4, R-CHG-12, R-CHG-23). */
static void melee(run *R, int e, const char *rule, lb_frac times)
{
    const lb_unit *u = &R->st->units[e];
    lbi_mv_face(R, e); /* R-CHG-29 */
    int straight = lbi_mv_straight(R, e);
    if (u->state != LB_STATE_ROUTED && u->fire > 0 && u->formation != LB_FORM_LIMBERED)
        CH_OBLIGE(R, LB_OBLIGE_DEFENSIVE_FIRE, rule, e, R->cav, EV_CHARGE_OBLIGE_DEFENSIVE_FIRE,
                  ch_unit(R, e), ch_unit(R, R->cav));
    lb_charge_obligation *o =
        CH_OBLIGE(R, LB_OBLIGE_MELEE, rule, R->cav, e,
                  R->ch->req.opportunity ? EV_CHARGE_OBLIGE_MELEE_NOW /* R-OCH-8 */
                                         : EV_CHARGE_OBLIGE_MELEE, ch_unit(R, R->cav),
                  ch_unit(R, e), ev_int(straight), ev_int(times.num != times.den),
                  ev_frac(times.num, times.den));
    if (o) {
        o->melee_times = times;
        o->charge_bonus = straight;
    }
    R->melee_with = e;
    R->res->contact = 1;
    lbi_ch_summary(R, "melee:%s", u->id);
    end_charge(R);
}

/* ---- trample (R-CHG-4, R-CHG-5, R-CHG-6, R-CHG-18) ---------------------------------------- */

/* Removes a unit that has lost its last increment; its leaders left alone move off
 * (R-CHG-27). */
static int eliminate(run *R, int v, const char *rule)
{
    lb_unit u = R->st->units[v];
    CH_EVENT(R, "eliminated", rule, v, R->cav, u.hexes[0], 0, EV_CHARGE_ELIMINATED, ch_unit(R, v));
    lbi_ch_summary(R, "eliminated:%s", u.id);
    int rc = lbi_ch_remove(R, v);
    return rc == LB_OK ? lbi_ld_left(R, u.side, u.hexes, u.nhexes, LD_ELIMINATED) : rc;
}

static int lose(run *R, int v, int increments, const char *rule)
{
    R->st->units[v].losses += increments;
    R->res->contact = 1;
    return lb_unit_strength(&R->st->units[v]) <= 0 ? eliminate(R, v, rule) : LB_OK;
}

/* The cavalry may spend movement points destroying one increment of v per `rate` points. */
static int trample(run *R, int v, int rate, const char *rule)
{
    int left = R->total - R->spent;
    if (R->cap >= 0 && R->cap < left)
        left = R->cap;
    int strength = lb_unit_strength(&R->st->units[v]);
    int most = left / rate < strength ? left / rate : strength;
    R->res->contact = 1;
    if (most == 0) {
        CH_EVENT(R, "trample", rule, R->cav, v, R->pos, 0, EV_CHARGE_TOO_FEW_TO_TRAMPLE,
                 ch_unit(R, R->cav), ev_int(left), ch_unit(R, v), ev_int(rate));
        return LB_OK;
    }
    /* R-CHG-18: 0, r, 2r, ... points, up to the points left and the unit's increments */
    LBI_EVENT(R->t, "R-CHG-18", "(38)", EV_CHARGE_TRAMPLE_CHOICE, ch_unit(R, R->cav), ev_int(most),
              ch_unit(R, v), ev_int(rate), ev_int(left), ev_int(strength));
    lb_decision d;
    CH_ASK(R, &d, LB_DECIDE_TRAMPLE, R->side, id_of(R, v), rule, EV_CHARGE_ASK_TRAMPLE,
           ch_unit(R, R->cav), ch_unit(R, v), ev_int(rate), ev_int(left));
    int rc = LB_OK;
    for (int k = 0; k <= most && rc == LB_OK; k++) {
        char key[16];
        snprintf(key, sizeof key, "%d", k * rate);
        rc = CH_OPTION(R, &d, key, EV_CHARGE_TRAMPLE_OPTION, ev_int(k * rate), ev_int(k));
    }
    d.auto_choice = most;
    int k;
    if (rc != LB_OK || (rc = lbi_ch_decide(R, &d, &k)) != LB_OK) {
        lb_decision_release(&d);
        return rc;
    }
    int mp = k * rate;
    R->spent += mp;
    if (R->cap >= 0)
        R->cap -= mp;
    CH_EVENT(R, "trample", rule, R->cav, v, R->pos, k, EV_CHARGE_TRAMPLED, ch_unit(R, R->cav),
             ev_int(mp), ch_unit(R, v), ev_int(k), ev_int(R->spent), ev_int(R->total));
    if (k)
        lbi_ch_summary(R, "trample:%d", k);
    return k ? lose(R, v, k, rule) : LB_OK;
}

/* ---- state changes and moves of the charged ----------------------------------------------- */

static int set_state(run *R, int i, lb_morale_state to)
{
    const lb_unit *u = &R->st->units[i];
    lb_morale_outcome o = {.from = u->state, .to = to, .formation = u->formation};
    if (to != LB_STATE_GOOD)
        o.formation = lb_effects_formation(R->st, u, u->hexes[0]); /* R-MOR-3, R-MOR-13 */
    return lbi_morale_set(R->st, i, &o);
}

/* A retreat or rout of unit i after the charge (R-RET). R-CHG-24: its owner chooses the end hex
 * among those of the optimal paths; the path to it is the first of them in label order.
 * *vacated gets the hex it leaves. */
static int move_away(run *R, int i, lb_retreat_kind kind, int die, int hexes, const char *rule,
                     lb_hex *vacated)
{
    char a[LB_HEX_LABEL_MAX];
    lb_retreat r;
    lb_retreat_req req = {.kind = kind, .die = die, .hexes = hexes, .max_paths = 1,
                          .choice_only = R->odds};
    lb_unit before = R->st->units[i]; /* its hexes, for the leaders it leaves (R-CHG-27) */
    *vacated = before.hexes[0];
    int rc = lb_retreat_paths(R->st, i, &req, &r, R->t);
    if (rc != LB_OK)
        return rc;
    if (r.stays) {
        CH_EVENT(R, "stays", "R-RET-19", i, R->cav, *vacated, 0, EV_CHARGE_STAYS, ch_unit(R, i));
        lb_retreat_release(&r);
        return LB_OK;
    }
    if (r.surrender) {
        CH_EVENT(R, "surrender", "R-RET-5", i, R->cav, *vacated, 0, EV_CHARGE_SURRENDERS,
                 ch_unit(R, i), ev_int(kind == LB_RETREAT_ROUT));
        lbi_ch_summary(R, "surrender:%s", id_of(R, i));
        lb_retreat_release(&r);
        rc = lbi_ch_remove(R, i);
        return rc == LB_OK
                   ? lbi_ld_left(R, before.side, before.hexes, before.nhexes, LD_SURRENDERED)
                   : rc;
    }
    lb_decision d;
    CH_ASK(R, &d, LB_DECIDE_PATH, R->st->units[i].side, id_of(R, i), "R-CHG-24", EV_CHARGE_ASK_END,
           ch_unit(R, i), ev_int(kind == LB_RETREAT_ROUT), ev_int(r.hexes),
           ev_int((long long)r.count));
    lb_hex end = r.choice[r.hexes - 1];
    for (int k = 0; k < r.nends && rc == LB_OK; k++) {
        lbi_ch_label(R, r.ends[k], a);
        /* R-RET-8: the offer says which ends mean surrender after a failed recovery */
        rc = CH_OPTION(R, &d, a, EV_CHARGE_END_OPTION, lbi_ev_label(a),
                       ev_int(r.end_surrenders && r.end_surrenders[k]));
        if (lb_hex_eq(r.ends[k], end))
            d.auto_choice = k;
    }
    int k = 0;
    if (rc != LB_OK || (rc = lbi_ch_decide(R, &d, &k)) != LB_OK) {
        lb_decision_release(&d);
        lb_retreat_release(&r);
        return rc;
    }
    end = r.ends[k];
    /* the automatic choice is at hand; another end's path is the first to it in label order */
    lb_hex *path = NULL;
    if (!lb_hex_eq(end, r.choice[r.hexes - 1])) {
        path = malloc((size_t)r.hexes * sizeof *path);
        rc = !path ? LB_NOMEM : lb_retreat_path_to(&r, end, NULL, NULL, path);
    }
    /* R-CHG-27 (c): a leader never retreats before a charge; his units' rout or retreat leaves
     * him where he stands (R-RET-15 lets the caller say so) */
    r.leaders_stay = 1;
    int out_of_order = R->st->units[i].state != LB_STATE_GOOD;
    if (rc == LB_OK)
        rc = lbi_retreat_set(R->st, i, &r, path);
    /* R-MOR-16: the game's checks count every hex the path passes */
    if (rc == LB_OK && out_of_order && !R->odds)
        rc = lbi_passed_add(&R->ch->passed, id_of(R, i), *vacated, path ? path : r.choice,
                            r.hexes);
    free(path);
    if (rc == LB_OK)
        CH_EVENT(R, kind == LB_RETREAT_DISORDER ? "retreat" : "rout", rule, i, R->cav, end,
                 r.hexes, EV_CHARGE_MOVES_AWAY, ch_unit(R, i), ev_int(kind != LB_RETREAT_DISORDER),
                 ev_int(r.hexes), ch_hex(R, *vacated), ch_hex(R, end));
    lb_retreat_release(&r);
    return rc == LB_OK ? lbi_ld_left(R, before.side, before.hexes, before.nhexes, LD_MOVED_AWAY)
                       : rc;
}

/* ---- recall (42), R-CHG-5, R-CHG-6, R-CHG-15..17 ------------------------------------------- */

/* The recall roll of the cavalry (42): *recalled when its modified die falls in the range the
 * chart gives its nation and class (never when the chart has none); taken up again here after
 * the die in odds mode. */
static int recall_roll(run *R, int routed, lb_hex vacated, const char *rule, int *recalled)
{
    const lb_charge_charts *cc = charts(R);
    const lb_unit *cav = &R->st->units[R->cav];
    int lo = 0, hi = 0;
    *recalled = 0;
    if (!lb_charge_charts_recall(cc, cav->nation, cav->cls, &lo, &hi)) {
        CH_EVENT(R, "recall", rule, R->cav, -1, R->pos, 0, EV_CHARGE_NO_RECALL_RANGE,
                 ev_text(cav->nation), ch_unit(R, R->cav));
        return LB_OK;
    }
    lb_modifier_ctx x;
    lb_modifier_hit hits[LB_MODIFIERS_MAX];
    int nhits;
    lbi_mv_context(R, routed >= 0 ? routed : R->cav, &x);
    x.defender = -1;
    int mod = lb_modifiers_read(R->st, &cc->recall_mods, &x, hits, &nhits, rule, "(42)", R->t);
    unsigned char classes[6];
    for (int v = 1; v <= 6; v++) {
        int m = v + mod < 1 ? 1 : v + mod > 6 ? 6 : v + mod;
        classes[v - 1] = (unsigned char)(m >= lo && m <= hi);
    }
    R->pend = (pending){.kind = P_RECALL, .unit = routed, .vacated = vacated};
    int die, rc = lbi_ch_roll(R, LB_DIE_ONE, "recall", classes, &die);
    if (rc != LB_OK)
        return rc;
    int m = die + mod < 1 ? 1 : die + mod > 6 ? 6 : die + mod;
    *recalled = classes[die - 1];
    CH_EVENT(R, "recall", rule, R->cav, -1, R->pos, die, EV_CHARGE_RECALL_ROLL, ch_unit(R, R->cav),
             ev_int(die), ev_int(mod), ev_int(m), ev_int(lo), ev_int(hi), ev_int(*recalled));
    lb_trace_die(R->t, "recall", die);
    lb_trace_int(R->t, "modified", m);
    return LB_OK;
}

/* R-CHG-17: the recalled cavalry follows the routed unit, goes on with its plan, or halts. */
static int recalled(run *R, int routed)
{
    const lb_unit *cav = &R->st->units[R->cav];
    lb_decision d;
    CH_ASK(R, &d, LB_DECIDE_FOLLOW, R->side, cav->id, "R-CHG-17", EV_CHARGE_ASK_FOLLOW,
           ch_unit(R, R->cav), ev_int(R->total - R->spent));
    int rc = LB_OK, plan_left = !R->plan_aside && R->plan_pos < R->ch->req.npath;
    int n = 0, follow = routed >= 0 ? n++ : -1, cont = plan_left ? n++ : -1;
    if (routed >= 0)
        rc = CH_OPTION(R, &d, "follow", EV_CHARGE_FOLLOW_OPTION, ch_unit(R, routed));
    if (rc == LB_OK && plan_left)
        rc = lbi_ch_option(R, &d, "continue", EV_CHARGE_CONTINUE_OPTION, NULL, 0);
    if (rc == LB_OK)
        rc = CH_OPTION(R, &d, "halt", EV_CHARGE_HALT_OPTION, ch_hex(R, R->pos));
    int k;
    if (rc != LB_OK || (rc = lbi_ch_decide(R, &d, &k)) != LB_OK) {
        lb_decision_release(&d);
        return rc;
    }
    const char *key = k == follow ? "follow" : k == cont ? "continue" : "halt";
    CH_EVENT(R, "follow", "R-CHG-17", R->cav, routed, R->pos, 0, EV_CHARGE_RECALLED,
             ch_unit(R, R->cav), ev_text(key));
    lbi_ch_summary(R, "%s", key);
    R->follow_hexes = 0;
    if (k == follow)
        R->mode = M_FOLLOW;
    else if (k == cont)
        R->mode = M_PLAN;
    else
        end_charge(R);
    return LB_OK;
}

/* R-CHG-15, R-CHG-16: the cavalry not recalled pursues the routed unit (premier-2018: toward
 * the hex it left, then at most 5 more movement points). */
static int not_recalled(run *R, int routed, lb_hex vacated)
{
    if (!y2018(R))
        CH_OBLIGE(R, LB_OBLIGE_ROUT_IN_PLACE, "R-CHG-16", R->cav, -1,
                  EV_CHARGE_OBLIGE_ROUT_IN_PLACE, ch_unit(R, R->cav));
    if (routed < 0) {
        CH_EVENT(R, "end", "R-CHG-15", R->cav, -1, R->pos, 0, EV_CHARGE_NOTHING_TO_PURSUE,
                 ch_unit(R, R->cav));
        end_charge(R);
        return LB_OK;
    }
    if (!R->plan_aside && R->plan_pos < R->ch->req.npath)
        CH_EVENT(R, "set-aside", y2018(R) ? "R-CHG-15" : "R-CHG-16", R->cav, -1, R->pos, 0,
                 EV_CHARGE_OUT_OF_CONTROL, ch_unit(R, R->cav));
    R->plan_aside = 1;
    R->mode = M_PURSUE;
    R->pursuit_from = R->nsteps;
    R->phase_a = y2018(R) && !lb_hex_eq(R->pos, vacated);
    R->cap = y2018(R) && !R->phase_a ? 5 : -1;
    if (y2018(R))
        CH_EVENT(R, "pursue", "R-CHG-15", R->cav, routed, vacated, 5, EV_CHARGE_PURSUES_2018,
                 ch_unit(R, R->cav), ch_unit(R, routed), ch_hex(R, vacated));
    else
        CH_EVENT(R, "pursue", "R-CHG-16", R->cav, routed, vacated, 0, EV_CHARGE_PURSUES_2017,
                 ch_unit(R, R->cav), ch_unit(R, routed));
    return LB_OK;
}

static int recall(run *R, int routed, lb_hex vacated)
{
    if (R->ch->req.opportunity) {
        /* R-OCH-3, R-OCH-5: no recall roll (42); the charge ends where the cavalry stands, and
         * it is tired (as 40.3) */
        R->st->units[R->cav].readiness = LB_READY_TIRED;
        CH_EVENT(R, "end", "R-OCH-5", R->cav, routed, R->pos, 0, EV_CHARGE_OPPORTUNITY_NO_RECALL,
                 ch_unit(R, R->cav));
        lbi_ch_summary(R, "no-recall");
        end_charge(R);
        return LB_OK;
    }
    const lb_charge_charts *cc = charts(R);
    if (!cc || !cc->has_recall || !cc->recall_mods.present)
        return lbi_ch_fail(R, LB_INVALID, "the charts give no %s: the cavalry cannot roll recall",
                           !cc || !cc->has_recall ? "recall" : "recall_modifiers");
    R->goal = routed;
    R->vacated = vacated;
    int yes, rc = recall_roll(R, routed, vacated, y2018(R) ? "R-CHG-5" : "R-CHG-6", &yes);
    if (rc != LB_OK)
        return rc;
    R->recall = yes ? 1 : -1;
    lbi_ch_summary(R, "recall:%s", yes ? "yes" : "no");
    R->tst = T_DONE;
    return yes ? recalled(R, routed) : not_recalled(R, routed, vacated);
}

/* The charged infantry routs (PGD): its rout move, then the cavalry's recall (R-CHG-5/6). */
/* Its rout move (premier-2017: one die of hexes first), then the recall; taken up again here
 * after the die in odds mode. */
static int rout_move(run *R, int i, const char *rule)
{
    int rc = LB_OK, die = 0;
    if (!y2018(R)) {
        unsigned char classes[6] = {0, 1, 2, 3, 4, 5};
        R->pend = (pending){.kind = P_ROUT, .unit = i, .rule = rule};
        rc = lbi_ch_roll(R, LB_DIE_ONE, "charge rout length", classes, &die);
        if (rc == LB_OK) {
            CH_EVENT(R, "rout-length", "R-CHG-6", i, R->cav, R->st->units[i].hexes[0], die,
                     EV_CHARGE_ROUT_LENGTH, ch_unit(R, i), ev_int(die));
            lb_trace_die(R->t, "charge rout length", die);
            lbi_ch_summary(R, "rout:%d", die);
            CH_OBLIGE(R, LB_OBLIGE_NO_VOLUNTARY_MOVE, "R-CHG-6", i, -1,
                      EV_CHARGE_OBLIGE_ROUTED_HOLD, ch_unit(R, i));
        }
    }
    lb_hex vacated;
    if (rc == LB_OK)
        rc = move_away(R, i, LB_RETREAT_ROUT, die, 0, rule, &vacated);
    if (rc != LB_OK)
        return rc;
    int still = R->target; /* lbi_ch_remove cleared it when the unit surrendered */
    return recall(R, still, vacated);
}

static int rout_and_recall(run *R, int i, const char *rule)
{
    int rc = set_state(R, i, LB_STATE_ROUTED);
    return rc == LB_OK ? rout_move(R, i, rule) : rc;
}

/* ---- carré (R-CHG-2, R-CHG-11, R-CHG-3..6, R-CHG-19, R-CHG-20) ---------------------------- */

/* R-CHG-11: good-order infantry in a formation that can become a carré, on terrain that does
 * not force general order, of a nation with a carré table, not yet tried in this charge. */
static int carre_allowed(const run *R, int i)
{
    const lb_unit *u = &R->st->units[i];
    const lb_map *m = &R->st->map;
    return u->arm == LB_ARM_INFANTRY && u->state == LB_STATE_GOOD &&
           u->formation != LB_FORM_SKIRMISH && u->formation != LB_FORM_CARRE &&
           u->formation != LB_FORM_GENERAL &&
           !R->st->charts.terrain[m->terrain[lb_map_cell(m, u->hexes[0])]].general_order &&
           !R->us[i].attempted && lb_charge_charts_carre(charts(R), u->nation);
}

/* LOS from the infantry's nearest hex to the cavalry (R-CHG-2, 38.3). */
static int sees_cavalry(run *R, int i, int *rc)
{
    const lb_unit *u = &R->st->units[i];
    lb_hex near = u->hexes[0];
    for (int k = 1; k < u->nhexes; k++)
        if (lb_hex_distance(R->pos, u->hexes[k]) < lb_hex_distance(R->pos, near))
            near = u->hexes[k];
    lb_los_result los;
    *rc = lb_los_check(R->st, near, R->pos, u->side, &los, NULL);
    int visible = *rc == LB_OK && los.visible;
    lb_los_result_release(&los);
    return visible;
}

/* R-CHG-19: CARRÉ, the infantry takes carré formation in its first hex. */
static int form_carre(run *R, int i)
{
    lb_unit *u = &R->st->units[i];
    lb_unit before = *u;
    LBI_EVENT(R->t, "R-CHG-19", "(38)", EV_CHARGE_FORMS_CARRE, ch_unit(R, i),
              ch_hex(R, u->hexes[0]), ev_int(u->nhexes > 1));
    u->formation = LB_FORM_CARRE;
    u->nhexes = 1; /* a line closes into its first hex */
    int rc = lb_state_reindex(R->st);
    return rc == LB_OK
               ? lbi_ld_left(R, before.side, before.hexes + 1, before.nhexes - 1, LD_MOVED_AWAY)
               : rc;
}


/* premier-2017 (R-CHG-6): unit i disorders and moves away, `hexes` hexes exactly (0: a 3 MP
 * disorder retreat); it may not move voluntarily next turn; the cavalry goes on (R-CHG-20). */
static int disorder_away(run *R, int i, int hexes)
{
    lb_hex vacated;
    int rc = set_state(R, i, LB_STATE_DISORDERED);
    if (rc == LB_OK)
        rc = move_away(R, i, LB_RETREAT_DISORDER, 0, hexes, "R-CHG-6", &vacated);
    if (rc == LB_OK && R->target >= 0)
        CH_OBLIGE(R, LB_OBLIGE_NO_VOLUNTARY_MOVE, "R-CHG-6", R->target, -1,
                  EV_CHARGE_OBLIGE_DISORDERED_HOLD, ch_unit(R, R->target));
    R->tst = R->target >= 0 ? T_MELEE : T_DONE;
    R->mode = M_PLAN;
    return rc;
}

/* R-CHG-2: the carré roll of unit i on its nation's table, the row of its formation and the
 * cavalry's distance, with the carré modifiers: *res; taken up again here after the roll in odds
 * mode. */
static int carre_result(run *R, int i, int as_target, lb_carre_result *res)
{
    const lb_charge_charts *cc = charts(R);
    if (!cc->carre_mods.present)
        return lbi_ch_fail(R, LB_INVALID,
                           "the charts give no carre_modifiers: the carré roll cannot "
                           "be made");
    const lb_unit *u = &R->st->units[i];
    const lb_carre_table *tab = lb_charge_charts_carre(cc, u->nation);
    int row = u->formation == LB_FORM_LINE, dist = lbi_mv_distance(R->st, R->pos, i);
    lb_modifier_ctx x;
    lb_modifier_hit hits[LB_MODIFIERS_MAX];
    int nhits;
    lbi_mv_context(R, i, &x);
    LBI_EVENT(R->t, "R-CHG-2", "(38)", EV_CHARGE_CARRE_ATTEMPT, ch_unit(R, i), ev_text(tab->id),
              ev_text(lb_formation_name(u->formation)), ev_int(row), ev_int(dist));
    lb_trace_int(R->t, "distance", dist);
    int mod = lb_modifiers_read(R->st, &cc->carre_mods, &x, hits, &nhits, "R-CHG-11", "(38)", R->t);
    const unsigned char *band = tab->result[row][dist - 1];
    unsigned char classes[36];
    for (int k = 0; k < 36; k++)
        classes[k] = band[lb_roll_index(lb_roll_add(lb_roll_from_index(k), mod))];
    R->pend = (pending){.kind = P_CARRE, .unit = i, .as_target = as_target};
    int roll, rc = lbi_ch_roll(R, LB_DIE_TWO, "carre roll", classes, &roll);
    if (rc != LB_OK)
        return rc;
    R->us[i].attempted = 1;
    R->us[i].aside = (signed char)!as_target;
    int modified = lb_roll_add(roll, mod);
    *res = (lb_carre_result)band[lb_roll_index(modified)];
    const char *name = lb_carre_result_name(*res);
    LBI_EVENT(R->t, "R-CHG-2", "(38)", EV_CHARGE_CARRE_ROLL, ev_roll(roll), ev_int(mod),
              ev_int(modified), ev_int(row), ev_int(dist), ev_text(name));
    lb_trace_roll(R->t, "carre roll", roll);
    lb_trace_int(R->t, "modified", modified);
    lb_trace_text(R->t, "result", name);
    CH_EVENT(R, "carre-roll", "R-CHG-2", i, R->cav, u->hexes[0], roll, EV_CHARGE_CARRE_ROLLED,
             ch_unit(R, i), ev_int(as_target), ev_int(dist), ev_int(row), ev_roll(roll),
             ev_int(mod), ev_int(modified), ev_text(name));
    if (as_target)
        lbi_ch_summary(R, "carre:%s", name);
    else
        lbi_ch_summary(R, "carre[%s]:%s", u->id, name);
    return LB_OK;
}

/* premier-2018, unit i was not the target (R-CHG-3, R-CHG-4, R-CHG-5): it forms carré,
 * disorders in place or routs 10 hexes; it stays a non-target for the rest of the charge
 * (R-CHG-4). */
static int carre_aside(run *R, int i, lb_carre_result res)
{
    const char *rule = res == LB_CARRE_FORMED ? "R-CHG-3" : res == LB_CARRE_DD ? "R-CHG-4"
                                                                                : "R-CHG-5";
    LBI_EVENT(R->t, rule, "(38)", EV_CHARGE_ASIDE_RESULT, ch_unit(R, i),
              ev_phrase(CHARGE_PH_ASIDE, (int)res));
    lbi_ch_cite(R, rule);
    LBI_EVENT(R->t, "R-CHG-4", "(38)", EV_CHARGE_STAYS_ASIDE, ch_unit(R, i));
    if (res == LB_CARRE_FORMED)
        return form_carre(R, i);
    if (res == LB_CARRE_DD)
        return set_state(R, i, LB_STATE_DISORDERED);
    lb_hex vacated;
    int rc = set_state(R, i, LB_STATE_ROUTED);
    return rc == LB_OK ? move_away(R, i, LB_RETREAT_ROUT, 0, 0, "R-CHG-5", &vacated) : rc;
}

/* The declared target's carré result (R-CHG-3..6, R-CHG-19, R-CHG-20). */
static int carre_target(run *R, int i, lb_carre_result res)
{
    if (res == LB_CARRE_FORMED) {
        /* R-CHG-3 (both editions, R-CHG-20): close, then onto the carré's hex */
        if (!y2018(R))
            LBI_EVENT0(R->t, "R-CHG-20", "(38)", EV_CHARGE_2017_AFTER_CARRE);
        LBI_EVENT(R->t, "R-CHG-3", "(38)", EV_CHARGE_TARGET_FORMS_CARRE, ch_unit(R, R->cav));
        lbi_ch_cite(R, "R-CHG-3");
        R->tst = T_CARRE;
        R->mode = M_ENTER;
        return form_carre(R, i);
    }
    if (res == LB_CARRE_DD && y2018(R)) {
        LBI_EVENT(R->t, "R-CHG-4", "(38)", EV_CHARGE_TARGET_DISORDERS, ch_unit(R, R->cav));
        lbi_ch_cite(R, "R-CHG-4");
        R->tst = T_DD;
        R->mode = M_CLOSE;
        return set_state(R, i, LB_STATE_DISORDERED);
    }
    if (res == LB_CARRE_DD) {
        /* R-CHG-6, R-CHG-19: disorders and moves 3 hexes away; R-CHG-20: the cavalry goes on */
        return disorder_away(R, i, 3);
    }
    const char *rule = y2018(R) ? "R-CHG-5" : "R-CHG-6";
    LBI_EVENT(R->t, rule, "(38)", EV_CHARGE_TARGET_ROUTS, ch_unit(R, R->cav));
    lbi_ch_cite(R, rule);
    return rout_and_recall(R, i, rule);
}

static int carre_roll(run *R, int i, int as_target)
{
    lb_carre_result res;
    int rc = carre_result(R, i, as_target, &res);
    if (rc != LB_OK)
        return rc;
    return as_target ? carre_target(R, i, res) : carre_aside(R, i, res);
}

/* ---- declarations and responses (R-CHG-1, R-CHG-2, R-CHG-10, R-CHG-11) --------------------- */

/* The response the rules make for the declared target i, without a choice (R-CHG-11, R-CHG-12,
 * R-CHG-21, R-CHG-22): what happens at contact into *tst, its ruling; the why
 * (charge_response), or -1 when the target chooses. */
static int ruled_response(const lb_unit *u, tstate *tst, const char **rule)
{
    if (u->arm == LB_ARM_CAVALRY) {
        *tst = T_MELEE;
        *rule = "R-CHG-22";
        return CHARGE_RESPONSE_CAVALRY;
    }
    if (u->state == LB_STATE_ROUTED) {
        *tst = T_ROUTED;
        *rule = "R-CHG-12";
        return CHARGE_RESPONSE_ROUTED;
    }
    if (u->arm == LB_ARM_ARTILLERY) {
        int unlimbered = u->formation == LB_FORM_UNLIMBERED;
        *tst = unlimbered ? T_GUNS : T_STAND;
        *rule = "R-CHG-21";
        return unlimbered ? CHARGE_RESPONSE_UNLIMBERED : CHARGE_RESPONSE_LIMBERED;
    }
    if (u->formation == LB_FORM_SKIRMISH) {
        *tst = T_SKIRMISH;
        *rule = "R-CHG-22";
        return CHARGE_RESPONSE_SKIRMISHERS;
    }
    if (u->formation == LB_FORM_CARRE || u->state == LB_STATE_DISORDERED) {
        int carre = u->formation == LB_FORM_CARRE;
        *tst = T_STAND;
        *rule = carre ? "R-CHG-12" : "R-CHG-11";
        return carre ? CHARGE_RESPONSE_IN_CARRE : CHARGE_RESPONSE_DISORDERED;
    }
    return -1;
}

/* R-CHG-2, R-CHG-11: the declared target stands or attempts carré (when it may). */
static int respond(run *R, int i)
{
    const lb_unit *u = &R->st->units[i];
    R->goal = i;
    R->mode = M_CLOSE;
    const char *rule = NULL;
    int why = ruled_response(u, &R->tst, &rule);
    if (why >= 0) {
        CH_EVENT(R, "response", rule, i, R->cav, u->hexes[0], 0, EV_CHARGE_RESPONSE_RULED,
                 ch_unit(R, i), ev_phrase(CHARGE_PH_RESPONSE, why));
        return LB_OK;
    }
    int rc = LB_OK, can = carre_allowed(R, i) && sees_cavalry(R, i, &rc);
    if (rc != LB_OK)
        return rc;
    lb_decision d;
    int dist = lbi_mv_distance(R->st, R->pos, i);
    CH_ASK(R, &d, LB_DECIDE_RESPONSE, u->side, u->id, "R-CHG-2", EV_CHARGE_ASK_RESPONSE,
           ch_unit(R, i), ch_unit(R, R->cav), ev_int(dist));
    rc = lbi_ch_option(R, &d, "stand", EV_CHARGE_STAND_OPTION, NULL, 0);
    if (rc == LB_OK && can)
        rc = CH_OPTION(R, &d, "carre", EV_CHARGE_CARRE_OPTION, ev_int(u->formation == LB_FORM_LINE),
                       ev_int(dist));
    d.auto_choice = can ? 1 : 0;
    int k;
    if (rc != LB_OK || (rc = lbi_ch_decide(R, &d, &k)) != LB_OK) {
        lb_decision_release(&d);
        return rc;
    }
    if (!can && lb_charge_charts_carre(charts(R), u->nation) == NULL)
        LBI_EVENT(R->t, "R-CHG-11", "(38)", EV_CHARGE_NO_CARRE_TABLE, ch_unit(R, i));
    else if (!can)
        LBI_EVENT(R->t, "R-CHG-11", "(38)", EV_CHARGE_MAY_NOT_CARRE, ch_unit(R, i));
    CH_EVENT(R, "response", "R-CHG-2", i, R->cav, u->hexes[0], 0, EV_CHARGE_RESPONDS,
             ch_unit(R, i), ev_int(k == 1));
    if (k == 1)
        return carre_roll(R, i, 1);
    R->tst = T_STAND;
    return LB_OK;
}

/* R-CHG-25: the automatic declaration takes the formation the plan ends next to (or on). */
static int plan_aims_at(const run *R, int i)
{
    const lb_charge_req *req = &R->ch->req;
    return lbi_mv_distance(R->st, req->path[req->npath - 1], i) <= 1;
}

static int declare(run *R, int i, int dist)
{
    const lb_unit *u = &R->st->units[i];
    if (R->us[i].aside) {
        /* R-CHG-4: a carré roll made while not the target keeps that status */
        R->us[i].declared = 2;
        CH_EVENT(R, "declare", "R-CHG-4", R->cav, i, u->hexes[0], dist, EV_CHARGE_DECLARE_ASIDE,
                 ch_unit(R, R->cav), ev_int(dist), ch_unit(R, i));
        return LB_OK;
    }
    if (R->res->target[0]) {
        R->us[i].declared = 2;
        CH_EVENT(R, "declare", "R-CHG-10", R->cav, i, u->hexes[0], dist,
                 EV_CHARGE_DECLARE_ONE_TARGET, ch_unit(R, R->cav), ev_int(dist), ch_unit(R, i),
                 ev_unit_id(R->res->target));
        return LB_OK;
    }
    lb_decision d;
    CH_ASK(R, &d, LB_DECIDE_TARGET, R->side, u->id, "R-CHG-1", EV_CHARGE_ASK_TARGET,
           ch_unit(R, R->cav), ev_int(dist), ch_unit(R, i));
    int rc = CH_OPTION(R, &d, "target", EV_CHARGE_TARGET_OPTION, ch_unit(R, i));
    if (rc == LB_OK)
        rc = CH_OPTION(R, &d, "not-target", EV_CHARGE_NOT_TARGET_OPTION, ch_unit(R, i),
                       ch_unit(R, R->cav));
    d.auto_choice = plan_aims_at(R, i) ? 0 : 1;
    int k;
    if (rc != LB_OK || (rc = lbi_ch_decide(R, &d, &k)) != LB_OK) {
        lb_decision_release(&d);
        return rc;
    }
    R->us[i].declared = (signed char)(k == 0 ? 1 : 2);
    if (k == 0)
        CH_EVENT(R, "declare", "R-CHG-1", R->cav, i, u->hexes[0], dist, EV_CHARGE_DECLARED_TARGET,
                 ch_unit(R, R->cav), ch_unit(R, i));
    else
        CH_EVENT(R, "declare", "R-CHG-10", R->cav, i, u->hexes[0], dist,
                 EV_CHARGE_DECLARED_NOT_TARGET, ch_unit(R, R->cav), ch_unit(R, i));
    if (k != 0)
        return LB_OK;
    R->target = i;
    snprintf(R->res->target, sizeof R->res->target, "%s", u->id);
    lbi_ch_summary(R, "target:%s", u->id);
    return respond(R, i);
}

/* The nearest enemy formation not yet declared within `within` hexes that the cavalry sees
 * (R-CHG-10); -1 when none. Ties go to the first listed. */
static int next_undeclared(run *R, int within, int *dist, int *rc)
{
    int best = -1;
    *rc = LB_OK;
    *dist = within + 1;
    for (int i = 0; i < R->st->nunits; i++) {
        const lb_unit *u = &R->st->units[i];
        if (u->side == R->side || !lb_unit_is_combat(u) || R->us[i].declared)
            continue;
        int d = lbi_mv_distance(R->st, R->pos, i);
        if (d > within || (best >= 0 && d >= *dist))
            continue;
        int seen = 0;
        for (int k = 0; k < u->nhexes && !seen; k++) {
            if (lb_hex_distance(R->pos, u->hexes[k]) != d)
                continue;
            lb_los_result los;
            *rc = lb_los_check(R->st, R->pos, u->hexes[k], R->side, &los, NULL);
            seen = *rc == LB_OK && los.visible;
            lb_los_result_release(&los);
            if (*rc != LB_OK)
                return -1;
        }
        if (seen) {
            best = i;
            *dist = d;
        } else if (!R->us[i].unseen) {
            R->us[i].unseen = 1;
            LBI_EVENT(R->t, "R-CHG-10", "(37)", EV_CHARGE_UNSEEN, ch_unit(R, i), ev_int(d),
                      ch_hex(R, R->pos));
        }
    }
    return best;
}

static int declarations(run *R)
{
    while (R->mode != M_END) {
        int dist = 0, rc, i = next_undeclared(R, 2, &dist, &rc);
        if (rc != LB_OK)
            return rc;
        if (i < 0)
            return LB_OK;
        rc = declare(R, i, dist);
        if (rc != LB_OK)
            return rc;
    }
    return LB_OK;
}

/* R-CHG-11 (premier-2018): infantry that is not the target may attempt carré when the cavalry,
 * in its sight, comes to a new least distance of 4 hexes or less. */
static int offers(run *R)
{
    while (y2018(R) && R->mode != M_END) {
        int best = -1, bd = 0, rc = LB_OK;
        for (int i = 0; i < R->st->nunits; i++) {
            if (R->st->units[i].side == R->side || R->us[i].declared == 1 || !carre_allowed(R, i))
                continue;
            int d = lbi_mv_distance(R->st, R->pos, i);
            if (d < 1 || d > 4 || (R->us[i].offered && d >= R->us[i].offered) ||
                (best >= 0 && d >= bd))
                continue;
            if (sees_cavalry(R, i, &rc)) {
                best = i;
                bd = d;
            }
            if (rc != LB_OK)
                return rc;
        }
        if (best < 0)
            return LB_OK;
        const lb_unit *u = &R->st->units[best];
        R->us[best].offered = (signed char)bd;
        lb_decision d;
        CH_ASK(R, &d, LB_DECIDE_CARRE, u->side, u->id, "R-CHG-11", EV_CHARGE_ASK_CARRE,
               ch_unit(R, best), ch_unit(R, R->cav), ev_int(bd));
        rc = CH_OPTION(R, &d, "carre", EV_CHARGE_CARRE_OPTION, ev_int(u->formation == LB_FORM_LINE),
                       ev_int(bd));
        if (rc == LB_OK)
            rc = lbi_ch_option(R, &d, "wait", EV_CHARGE_WAIT_OPTION, NULL, 0);
        int k;
        if (rc != LB_OK || (rc = lbi_ch_decide(R, &d, &k)) != LB_OK) {
            lb_decision_release(&d);
            return rc;
        }
        if (k == 0 && (rc = carre_roll(R, best, 0)) != LB_OK)
            return rc;
    }
    return LB_OK;
}

/* ---- contact (R-CHG-3..6, R-CHG-12, R-CHG-21, R-CHG-22) ----------------------------------- */

static int stand(run *R)
{
    const lb_charge_charts *cc = charts(R);
    if (!cc || !cc->stand_mods.present)
        return lbi_ch_fail(R, LB_INVALID,
                           "the charts give no stand_modifiers: the stand check "
                           "cannot be made");
    int i = R->target;
    lb_morale_state before = R->st->units[i].state;
    lb_modifier_ctx x;
    lb_modifier_hit hits[LB_MODIFIERS_MAX];
    int nhits;
    lbi_mv_context(R, i, &x);
    LBI_EVENT(R->t, "R-CHG-12", "(38)", EV_CHARGE_STANDS, ch_unit(R, i), ch_unit(R, R->cav));
    lb_modifiers_read(R->st, &cc->stand_mods, &x, hits, &nhits, "R-CHG-12", "(38)", R->t);
    lb_morale_mod extra[LB_MORALE_MODS_MAX - 2];
    int n = 0, room = LB_MORALE_MODS_MAX - 2;
    for (int k = 0; k < nhits; k++) {
        if (n < room)
            extra[n++] = (lb_morale_mod){"R-CHG-12", hits[k].entry->id, hits[k].value};
        else
            extra[room - 1] = (lb_morale_mod){"R-CHG-12", "stand modifiers together",
                                              extra[room - 1].value + hits[k].value};
    }
    lb_morale_chance chance;
    lb_morale_result mr;
    int roll, rc = lbi_ch_morale_check(R, i, extra, n, (pending){.kind = P_STAND}, "stand check",
                                       R->t, &chance, &roll, &mr);
    if (rc != LB_OK)
        return rc;
    int passed = mr.outcome.passed;
    CH_EVENT(R, "stand-check", y2018(R) ? "R-CHG-12" : "R-CHG-6", i, R->cav,
             R->st->units[i].hexes[0], roll, EV_CHARGE_STAND_CHECK, ch_unit(R, i), ev_roll(roll),
             ev_int(chance.modifier), ev_int(mr.modified), ev_int(chance.morale), ev_int(passed));
    lbi_ch_summary(R, "stand:%s", passed ? "pass" : "fail");
    if (passed) {
        CH_OBLIGE(R, LB_OBLIGE_PASSED_PREMELEE, "R-CHG-12", i, -1,
                  EV_CHARGE_OBLIGE_PASSED_PREMELEE, ch_unit(R, i));
        CH_EVENT(R, "halt", "R-CHG-12", R->cav, i, R->pos, 0, EV_CHARGE_HALTED, ch_unit(R, i));
        melee(R, i, "R-CHG-12", lb_frac_int(1));
        return LB_OK;
    }
    if (y2018(R)) {
        /* R-CHG-12: routs; trampled before it leaves; then rout and recall (R-CHG-5) */
        if ((rc = set_state(R, i, LB_STATE_ROUTED)) != LB_OK ||
            (rc = trample(R, i, 2, "R-CHG-12")) != LB_OK)
            return rc;
        if (R->target < 0) {
            end_charge(R);
            return LB_OK;
        }
        return rout_and_recall(R, R->target, "R-CHG-12");
    }
    if (before == LB_STATE_GOOD) {
        /* R-CHG-6: disorders (a 3 MP retreat, R-MOR-7); the cavalry goes on (R-CHG-20) */
        return disorder_away(R, i, 0);
    }
    return rout_and_recall(R, i, "R-CHG-6");
}

/* R-CHG-21 (41): lone unlimbered guns check morale as the cavalry comes next to them. */
static int guns(run *R)
{
    int i = R->target;
    lb_modifier_ctx x;
    lbi_mv_context(R, i, &x);
    lb_morale_chance chance;
    lb_morale_result mr;
    int roll, rc = lbi_ch_morale_check(R, i, NULL, 0, (pending){.kind = P_GUNS}, "guns check",
                                       R->t, &chance, &roll, &mr);
    if (rc != LB_OK)
        return rc;
    int front = x.through == 0;
    CH_EVENT(R, "guns-check", "R-CHG-21", i, R->cav, R->st->units[i].hexes[0], roll,
             EV_CHARGE_GUNS_CHECK, ch_unit(R, i), ev_phrase(CHARGE_PH_THROUGH, x.through),
             ev_roll(roll), ev_int(chance.modifier), ev_int(mr.modified), ev_int(chance.morale),
             ev_int(mr.outcome.passed));
    lbi_ch_summary(R, "guns:%s", mr.outcome.passed ? "pass" : "fail");
    if (!mr.outcome.passed) {
        R->res->contact = 1;
        R->tst = T_DONE;
        R->mode = M_PLAN;
        return eliminate(R, i, "R-CHG-21");
    }
    if (front) {
        melee(R, i, "R-CHG-21", lb_frac_int(1));
        return LB_OK;
    }
    lbi_mv_face(R, i); /* R-CHG-29 */
    CH_OBLIGE(R, LB_OBLIGE_MELEE, "R-CHG-21", R->cav, i,
              R->ch->req.opportunity ? EV_CHARGE_OBLIGE_MELEE_GUNS_NOW /* R-OCH-8 */
                                     : EV_CHARGE_OBLIGE_MELEE_GUNS,
              ch_unit(R, R->cav), ch_unit(R, i));
    R->melee_with = i;
    R->res->contact = 1;
    lbi_ch_summary(R, "melee:%s", id_of(R, i));
    end_charge(R);
    return LB_OK;
}

/* R-CHG-22: the skirmishers' rout (premier-2017: one die of hexes first); taken up again here
 * after the die in odds mode. */
static int skirmish_rout(run *R)
{
    int i = R->target, die = 0;
    if (!y2018(R)) {
        unsigned char classes[6] = {0, 1, 2, 3, 4, 5};
        R->pend = (pending){.kind = P_SKIRMISH};
        int rc = lbi_ch_roll(R, LB_DIE_ONE, "charge rout length", classes, &die);
        if (rc != LB_OK)
            return rc;
        CH_EVENT(R, "rout-length", "R-CHG-22", i, R->cav, R->st->units[i].hexes[0], die,
                 EV_CHARGE_ROUT_LENGTH, ch_unit(R, i), ev_int(die));
        lb_trace_die(R->t, "charge rout length", die);
        lbi_ch_summary(R, "rout:%d", die);
    }
    lb_hex vacated;
    return move_away(R, i, LB_RETREAT_ROUT, die, 0, "R-CHG-22", &vacated);
}

static int target_contact(run *R)
{
    int i = R->target, rc;
    if (R->tst != T_CARRE || lb_unit_in_hex(&R->st->units[i], R->pos))
        R->res->contact = 1; /* R-CHG-23 */
    switch (R->tst) {
    case T_CARRE:
        if (!lb_unit_in_hex(&R->st->units[i], R->pos))
            return LB_OK;
        CH_EVENT(R, "contact", "R-CHG-3", R->cav, i, R->pos, 0, EV_CHARGE_ONTO_CARRE,
                 ch_unit(R, R->cav), ch_unit(R, i), ch_hex(R, R->pos));
        melee(R, i, "R-CHG-3", lb_frac_int(1));
        return LB_OK;
    case T_STAND:
        return stand(R);
    case T_GUNS:
        return guns(R);
    case T_DD:
        CH_EVENT(R, "contact", "R-CHG-4", R->cav, i, R->pos, 0, EV_CHARGE_CONTACTS_DISORDERED,
                 ch_unit(R, R->cav), ch_unit(R, i));
        if ((rc = trample(R, i, 3, "R-CHG-4")) != LB_OK)
            return rc;
        CH_OBLIGE(R, LB_OBLIGE_NO_MOVEMENT, "R-CHG-4", R->cav, -1, EV_CHARGE_OBLIGE_NO_MOVEMENT,
                  ch_unit(R, R->cav));
        if (R->target >= 0) {
            CH_OBLIGE(R, LB_OBLIGE_NO_MOVEMENT, "R-CHG-4", R->target, -1,
                      EV_CHARGE_OBLIGE_NO_MOVEMENT, ch_unit(R, R->target));
            melee(R, R->target, "R-CHG-4", lb_frac_int(1));
        }
        end_charge(R);
        return LB_OK;
    case T_ROUTED:
        if (y2018(R) && (rc = trample(R, i, 2, "R-CHG-12")) != LB_OK)
            return rc;
        if (R->target >= 0)
            melee(R, R->target, "R-CHG-12", lb_frac_int(1));
        end_charge(R);
        return LB_OK;
    case T_SKIRMISH: {
        /* R-CHG-22: trampled first, then the rout; no recall */
        CH_EVENT(R, "contact", "R-CHG-22", R->cav, i, R->pos, 0, EV_CHARGE_REACHES_SKIRMISHERS,
                 ch_unit(R, R->cav), ch_unit(R, i));
        if ((rc = set_state(R, i, LB_STATE_ROUTED)) != LB_OK ||
            (rc = trample(R, i, 2, "R-CHG-22")) != LB_OK)
            return rc;
        if (R->ch->req.opportunity) /* R-OCH-3 (40.3): the cavalry is tired */
            R->st->units[R->cav].readiness = LB_READY_TIRED;
        R->tst = T_DONE;
        R->mode = M_PLAN;
        return R->target < 0 ? LB_OK : skirmish_rout(R);
    }
    case T_MELEE:
        CH_EVENT(R, "contact", "R-CHG-23", R->cav, i, R->pos, 0, EV_CHARGE_CONTACTS,
                 ch_unit(R, R->cav), ch_unit(R, i));
        melee(R, i, "R-CHG-23", lb_frac_int(1));
        return LB_OK;
    case T_NONE:
    case T_DONE:
        break;
    }
    return LB_OK;
}

/* R-CHG-15, R-CHG-16: after a step of the pursuit, the first enemy next to the cavalry is
 * attacked (the owner chooses among several met at once). */
static int engage(run *R)
{
    if (R->phase_a && lb_hex_eq(R->pos, R->vacated)) {
        R->phase_a = 0;
        R->cap = 5;
        CH_EVENT(R, "pursue", "R-CHG-15", R->cav, R->goal, R->pos, 5, EV_CHARGE_PURSUIT_CAP,
                 ch_unit(R, R->cav), ch_hex(R, R->pos));
    }
    lb_decision d;
    CH_ASK(R, &d, LB_DECIDE_ENGAGE, R->side, id_of(R, R->cav), y2018(R) ? "R-CHG-15" : "R-CHG-16",
           EV_CHARGE_ASK_ENGAGE, ch_unit(R, R->cav));
    int rc = LB_OK;
    for (int i = 0; i < R->st->nunits && rc == LB_OK; i++) {
        const lb_unit *u = &R->st->units[i];
        if (u->side == R->side || !lb_unit_is_combat(u) || !lbi_mv_adjacent(R->st, R->pos, i))
            continue;
        if (i == R->goal)
            d.auto_choice = d.noptions;
        rc = CH_OPTION(R, &d, u->id, EV_CHARGE_ENGAGE_OPTION, ch_unit(R, i));
    }
    if (rc != LB_OK || d.noptions == 0) {
        lb_decision_release(&d);
        return rc;
    }
    int k;
    if ((rc = lbi_ch_decide(R, &d, &k)) != LB_OK) {
        lb_decision_release(&d);
        return rc;
    }
    int e = -1;
    for (int i = 0, seen = 0; i < R->st->nunits && e < 0; i++) {
        const lb_unit *u = &R->st->units[i];
        if (u->side != R->side && lb_unit_is_combat(u) && lbi_mv_adjacent(R->st, R->pos, i) &&
            seen++ == k)
            e = i;
    }
    const char *rule = y2018(R) ? "R-CHG-15" : "R-CHG-16";
    CH_EVENT(R, "engage", rule, R->cav, e, R->pos, 0, EV_CHARGE_ENGAGES, ch_unit(R, R->cav),
             ch_unit(R, e));
    lbi_ch_summary(R, "engage:%s", id_of(R, e));
    if (e == R->goal && y2018(R)) {
        if ((rc = trample(R, e, 2, "R-CHG-5")) != LB_OK)
            return rc;
        e = R->goal;
    }
    if (e >= 0)
        melee(R, e, rule, y2018(R) ? lb_frac_int(1) : lb_frac_make(1, 2));
    end_charge(R);
    return LB_OK;
}

/* R-CHG-17: the recalled cavalry reaches the routed unit it followed. */
static int follow_contact(run *R)
{
    int v = R->goal, rc = LB_OK;
    CH_EVENT(R, "contact", "R-CHG-17", R->cav, v, R->pos, 0, EV_CHARGE_REACHES_ROUTED,
             ch_unit(R, R->cav), ch_unit(R, v));
    if (y2018(R)) {
        rc = trample(R, v, 2, "R-CHG-5");
    } else if (R->follow_hexes > 0) {
        int k = R->follow_hexes < lb_unit_strength(&R->st->units[v])
                    ? R->follow_hexes : lb_unit_strength(&R->st->units[v]);
        CH_EVENT(R, "trample", "R-CHG-6", R->cav, v, R->pos, k, EV_CHARGE_TRAMPLED_PER_HEX,
                 ch_unit(R, v), ev_int(k));
        lbi_ch_summary(R, "trample:%d", k);
        rc = lose(R, v, k, "R-CHG-6");
    }
    if (rc == LB_OK && R->goal >= 0)
        melee(R, R->goal, "R-CHG-17", lb_frac_int(1));
    end_charge(R);
    return rc;
}

/* The rules where the cavalry stands: declarations, carré offers, then contact. R->stage keeps
 * how far they have gone, so that a pass taken up again after a roll (odds) goes on from there:
 * the two loops look afresh at what is left; contact is begun once. */
static int at_position(run *R)
{
    int rc = LB_OK;
    if (R->stage == 0) {
        if ((rc = declarations(R)) != LB_OK)
            return rc;
        R->stage = 1;
    }
    if (R->stage == 1) {
        if (R->mode != M_END && (rc = offers(R)) != LB_OK)
            return rc;
        R->stage = 2;
    }
    if (R->stage > 2 || R->mode == M_END)
        return LB_OK;
    R->stage = 3;
    if (R->mode == M_PURSUE)
        return R->nsteps > R->pursuit_from ? engage(R) : LB_OK;
    /* R-CHG-17: a recalled cavalry that comes next to the routed unit, following it or going
     * on with its plan, has moved to contact */
    if ((R->mode == M_FOLLOW || (R->mode == M_PLAN && R->recall > 0)) && R->goal >= 0)
        return lbi_mv_adjacent(R->st, R->pos, R->goal) ? follow_contact(R) : LB_OK;
    if (R->target < 0 || R->tst == T_NONE || R->tst == T_DONE)
        return LB_OK;
    if (lbi_mv_adjacent(R->st, R->pos, R->target) ||
        lb_unit_in_hex(&R->st->units[R->target], R->pos))
        return target_contact(R);
    if (lbi_mv_distance(R->st, R->pos, R->target) == 1) /* R-CHG-30 */
        LBI_EVENT(R->t, "R-CHG-30", "(38)", EV_CHARGE_NO_CONTACT_ACROSS, ch_unit(R, R->cav),
                  ch_unit(R, R->target));
    return LB_OK;
}

static int next_step(run *R, int *dir)
{
    lb_hex none = {0, 0};
    switch (R->mode) {
    case M_PLAN: return lbi_mv_plan_step(R, dir);
    case M_CLOSE: return lbi_mv_forced_step(R, R->goal, none, 1, dir);
    case M_ENTER: return lbi_mv_forced_step(R, R->goal, none, 0, dir);
    case M_FOLLOW: return lbi_mv_forced_step(R, R->goal, none, 1, dir);
    case M_PURSUE:
        return R->phase_a ? lbi_mv_forced_step(R, -1, R->vacated, 0, dir)
                          : lbi_mv_forced_step(R, R->goal, none, 1, dir);
    case M_END: break;
    }
    *dir = -1;
    return LB_OK;
}

/* ---- start and end ------------------------------------------------------------------------ */

static int eligible(run *R)
{
    if (R->cav < 0)
        return lbi_ch_fail(R, LB_INVALID, "unknown cavalry \"%s\"", R->ch->cavalry);
    const lb_unit *u = &R->st->units[R->cav];
    if (u->arm != LB_ARM_CAVALRY)
        return CH_REFUSE(R, "R-CHG-8", EV_CHARGE_REFUSED_ARM, ch_unit(R, R->cav),
                         ev_text(lb_arm_name(u->arm)));
    if (u->state != LB_STATE_GOOD)
        return CH_REFUSE(R, "R-CHG-8", EV_CHARGE_REFUSED_STATE, ch_unit(R, R->cav),
                         ev_text(lb_morale_state_name(u->state)));
    int opportunity = R->ch->req.opportunity; /* R-OCH-2: tired may, exhausted may not */
    if (opportunity ? u->readiness == LB_READY_EXHAUSTED : u->readiness != LB_READY_FRESH)
        return CH_REFUSE(R, opportunity ? "R-OCH-2" : "R-CHG-8", EV_CHARGE_REFUSED_READINESS,
                         ch_unit(R, R->cav), ev_text(lb_readiness_name(u->readiness)));
    if (u->nhexes != 1)
        return CH_REFUSE(R, "R-CHG-8", EV_CHARGE_REFUSED_HEXES, ch_unit(R, R->cav),
                         ev_int(u->nhexes));
    if (u->move.hold_next == LB_HOLD_RETREATED)
        return CH_REFUSE(R, "R-MEL-8", EV_CHARGE_REFUSED_HELD, ch_unit(R, R->cav));
    R->side = u->side;
    R->pos = u->hexes[0];
    const int *idx;
    int n = lb_state_units_at(R->st, R->pos, &idx);
    for (int k = 0; k < n; k++)
        if (R->st->units[idx[k]].arm == LB_ARM_LEADER && R->st->units[idx[k]].side == u->side) {
            R->us[idx[k]].rider = 1;
            LBI_EVENT(R->t, "R-CHG-8", "(37)", EV_CHARGE_RIDES, ch_unit(R, idx[k]),
                      ch_unit(R, R->cav));
        }
    R->facing = u->facing;
    R->total = u->movement + 5;
    R->res->mp_total = R->total;
    if (opportunity)
        LBI_EVENT(R->t, "R-OCH-2", "(40)", EV_CHARGE_MAY_CHARGE_OPPORTUNITY, ch_unit(R, R->cav),
                  ev_text(lb_readiness_name(u->readiness)), ev_int(lbi_mv_is_light(u)),
                  ev_int(u->movement));
    else
        LBI_EVENT(R->t, "R-CHG-8", "(37)", EV_CHARGE_MAY_CHARGE, ch_unit(R, R->cav),
                  ev_int(lbi_mv_is_light(u)), ev_int(u->movement));
    LBI_EVENT(R->t, "R-CHG-1", "(37)", EV_CHARGE_MP, ev_int(u->movement), ev_int(R->total));
    lb_trace_int(R->t, "mp_total", R->total);
    return LB_OK;
}

/* The step of defensive fire owed (its ruling o->rule) that the fire rules refuse, with their
 * reason within it. */
static void fire_refused(run *R, const lb_charge_obligation *o)
{
    if (!lbi_trace_on(R->t))
        return;
    const lb_said *why = &o->fire_why;
    lb_event_arg a[3 + LB_SAID_ARGS_MAX] = {ev_unit_id(o->unit), ev_unit_id(o->other),
                                            ev_int(why->event)};
    memcpy(a + 3, why->args, (size_t)why->nargs * sizeof *a);
    lbi_trace_event(R->t, o->rule, "(27)", EV_CHARGE_FIRE_REFUSED, a, 3 + why->nargs);
}

/* The fire rules' answer for defensive fire owed where the charge ends (R-CHG-3, R-CHG-23). */
static int fire_preview(run *R)
{
    lb_charge_result *res = R->res;
    for (int k = 0; k < res->nobligations; k++) {
        lb_charge_obligation *o = &res->obligations[k];
        int firer = lb_state_unit_index(R->st, o->unit);
        if (o->kind != LB_OBLIGE_DEFENSIVE_FIRE || firer < 0 || o->passing)
            continue;
        lb_fire_chance *fc = malloc(sizeof *fc);
        if (!fc)
            return LB_NOMEM;
        lb_fire_request rq = {LB_FIRE_DEFENSIVE, R->pos, &firer, 1};
        int rc = lb_fire_odds(R->st, &rq, fc, NULL);
        if (rc == LB_OK) {
            o->fire_known = 1;
            o->fire_allowed = fc->allowed;
            o->fire_value = fc->fire.value;
            o->p_hit = lb_frac_sub(lb_frac_int(1), fc->p_loss[0]);
            o->fire_why.event = 0;
            if (fc->allowed) {
                LBI_EVENT(R->t, o->rule, "(27)", EV_CHARGE_FIRE_PREVIEW, ev_unit_id(o->unit),
                          ev_unit_id(o->other), ch_hex(R, R->pos),
                          ev_frac(fc->fire.value.num, fc->fire.value.den),
                          ev_frac(o->p_hit.num, o->p_hit.den));
            } else {
                o->fire_why = fc->why;
                fire_refused(R, o);
            }
        }
        lb_fire_chance_release(fc);
        free(fc);
        if (rc != LB_OK)
            return rc;
    }
    return LB_OK;
}

/* R-CHG-23 (38.10) */
static int finish(run *R)
{
    lb_unit *cav = &R->st->units[R->cav];
    R->res->mp_spent = R->spent;
    if (R->melee_with >= 0) {
        CH_OBLIGE(R, LB_OBLIGE_EXHAUSTED, "R-CHG-23", R->cav, R->melee_with,
                  EV_CHARGE_OBLIGE_EXHAUSTED, ch_unit(R, R->cav));
    } else if (!R->res->contact && R->spent >= cav->movement) {
        cav->state = LB_STATE_ROUTED;
        CH_EVENT(R, "routed-in-place", "R-CHG-23", R->cav, -1, R->pos, R->spent,
                 EV_CHARGE_ROUTS_IN_PLACE, ch_unit(R, R->cav), ev_int(R->spent),
                 ev_int(cav->movement));
        lbi_ch_summary(R, "routed-in-place");
    } else if (!R->res->contact) {
        lbi_ch_summary(R, "no-contact");
    }
    return R->odds ? LB_OK : fire_preview(R);
}

/* From the rules at the current hex to the end of the charge, step by step. */
static int walk(run *R)
{
    int rc = at_position(R);
    while (rc == LB_OK && R->mode != M_END) {
        int dir;
        rc = next_step(R, &dir);
        if (rc != LB_OK || dir < 0)
            break;
        rc = lbi_mv_step(R, dir);
        R->stage = 0;
        if (rc == LB_OK)
            rc = lbi_ld_capture_at(R, R->pos); /* R-CHG-27 */
        if (rc == LB_OK)
            rc = lbi_react_after_step(R); /* R-RCH-1 */
        if (rc == LB_OK && R->mode != M_END)
            rc = at_position(R);
    }
    return rc == LB_OK ? finish(R) : rc;
}

int lbi_rules_charge(run *R)
{
    int rc = eligible(R);
    if (rc == LB_OK)
        rc = lbi_mv_check_plan(R);
    return rc == LB_OK ? walk(R) : rc;
}

/* The function that rolled is entered again with the same arguments: everything it does before
 * its roll only reads the state, and the roll now takes `value`; what called it was at its end
 * or in a loop that looks afresh (at_position), so walk goes on from there. */
int lbi_rules_resume(run *R, int value)
{
    int rc = LB_INVALID;
    R->inject = value;
    switch (R->pend.kind) {
    case P_CARRE: rc = carre_roll(R, R->pend.unit, R->pend.as_target); break;
    case P_STAND: rc = stand(R); break;
    case P_GUNS: rc = guns(R); break;
    case P_ROUT: rc = rout_move(R, R->pend.unit, R->pend.rule); break;
    case P_RECALL: rc = recall(R, R->pend.unit, R->pend.vacated); break;
    case P_SKIRMISH: rc = skirmish_rout(R); break;
    case P_REACT: /* R-RCH-2: a reaction ends the charge where it stands */
        rc = lbi_react_check(R, R->pend.unit);
        R->inject = -1;
        return rc == LB_OK && R->mode == M_END ? finish(R) : rc == LB_OK ? walk(R) : rc;
    case P_NONE: break;
    }
    R->inject = -1;
    return rc == LB_OK ? walk(R) : rc;
}
