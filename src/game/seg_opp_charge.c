/* Opportunity charges in the enemy's Movement segment (40, R-OCH): after each step or entry of an enemy mover, the question to the non-phasing side whose cavalry has it in its zone, the morale check, and the charge carried out at once. */
#include <stdio.h>
#include <string.h>

#include "game_int.h"
#include "game_events.h"
#include "charge_zone_int.h"
#include "decision_int.h"
#include "frac_int.h"
#include "state_int.h"
#include "trace_int.h"
#include "action_int.h"
#include "hex_int.h"
#include "morale_int.h"
#include "unit_int.h"

/* R-OCH-1: cavalry that charged in this player turn (the side's sequence now) may not. */
static int charged_this_turn(const lb_game *g, const char *id)
{
    const unit_rec *r = lbi_game_rec_of(g, id);
    int side_start = lbi_game_step(g) - (int)g->st->turn.segment;
    return r && r->charged_step >= side_start;
}

/* The farthest any zone reaches (light cavalry, R-RCH-1): cavalry nearer than this that is not
 * asked is said why in the trace. */
#define ZONE_NEAR 6

/* R-OCH-1: does the zone of cavalry c hold a hex of unit m? Traced into t (NULL: not) when it
 * does, and when it does not but the cavalry stands within ZONE_NEAR hexes of m's first hex. */
static int in_zone(const lb_game *g, int c, const lb_unit *m, lb_trace *t, int *in)
{
    const lb_state *st = g->st;
    int used = charged_this_turn(g, st->units[c].id), k = 0;
    lbi_zone z = {0}, first = {0};
    *in = 0;
    for (; k < m->nhexes && !*in; k++) {
        if (lbi_charge_zone(st, c, m->hexes[k], m->side, LBI_ZONE_OPPORTUNITY, used, &z, NULL) !=
            LB_OK)
            return LB_NOMEM;
        first = k ? first : z;
        *in = z.in;
    }
    if (*in || first.distance <= ZONE_NEAR)
        return lbi_charge_zone(st, c, m->hexes[*in ? k - 1 : 0], m->side, LBI_ZONE_OPPORTUNITY,
                               used, &z, t);
    return LB_OK;
}

int lbi_opp_charge_offer(lb_game *g, const char *mover)
{
    const lb_state *st = g->st;
    int m = lb_state_unit_index(st, mover);
    if (m < 0 || !lb_unit_is_combat(&st->units[m]))
        return 0;
    const lb_unit *mu = &st->units[m];
    int side = 1 - mu->side, rc = LB_OK, asked = 0;
    if (!g->settings.charge_questions[side]) /* R-OCH-4: "never ask me" */
        return 0;
    lb_decision d;
    char label[LB_HEX_LABEL_MAX], pass[24];
    lb_map_label(&st->map, mu->hexes[0], label);
    for (int c = 0; c < st->nunits && rc == LB_OK; c++) {
        int in = 0;
        if (st->units[c].side != side || st->units[c].arm != LB_ARM_CAVALRY)
            continue;
        if ((rc = in_zone(g, c, mu, g->tr, &in)) != LB_OK || !in)
            continue;
        const char *never = lbi_never_asked_rule(g, st->units[c].id); /* R-OCH-9, R-OCH-13 */
        if (never && strcmp(never, "R-OCH-9") == 0) {
            LBI_EVENT(g->tr, "R-OCH-9", "(40)", EV_GAME_NEVER_ASKED, ev_text(st->sides[side]),
                      ev_unit_id(st->units[c].id));
            continue;
        }
        if (never) {
            LBI_EVENT(g->tr, "R-OCH-13", "(40)", EV_GAME_NEVER_ASKED_IN_PLAY,
                      ev_text(st->sides[side]), ev_unit_id(st->units[c].id));
            continue;
        }
        lb_morale_chance mc;
        if ((rc = lb_morale_odds(st, c, NULL, 0, &mc, NULL)) != LB_OK)
            break;
        if (!asked++)
            lb_decision_init(&d, LB_DECIDE_OPPORTUNITY, side, mover, "R-OCH-4",
                             "%s: opportunity charge at %s in %s, which ended a step in the "
                             "zone of your cavalry (40)?", st->sides[side], mover, label);
        lb_action a;
        lb_action_init(&a, LB_VERB_CHARGE);
        lb_action_add_unit(&a, st->units[c].id);
        lb_frac_fmt(mc.p_pass, pass, sizeof pass);
        rc = lbi_offer(&d, st, &a, NULL, "%s charges %s: its morale check (31) passes with "
                       "chance %s", st->units[c].id, mover, pass);
    }
    if (!asked)
        return rc == LB_OK ? 0 : -1;
    lb_action no;
    lb_action_init(&no, LB_VERB_PASS);
    if (rc == LB_OK)
        rc = lbi_offer(&d, st, &no, NULL, "no opportunity charge");
    if (rc != LB_OK) {
        lb_decision_release(&d);
        return -1;
    }
    d.auto_choice = d.noptions - 1;
    /* R-OCH-6: asked after every step in the zone, whatever was answered at the last */
    LBI_EVENT(g->tr, "R-OCH-6", "(40)", EV_GAME_OPP_CHARGE_OFFER, ev_text(st->sides[side]),
              ev_unit_id(mover), ev_int(asked));
    lb_decision_move(&g->pending, &d);
    g->has_pending = 1;
    return 1;
}

/* R-OCH-3, R-CHG-9: the charge's path, the most direct way from the cavalry's hex to the mover:
 * each step to the neighbour nearest the mover's first hex (the first in direction order on a
 * tie) until next to it (R-OCH-7). */
static int path_to(const lb_state *st, const lb_unit *cav, const lb_unit *mover, lb_hex *path)
{
    lb_hex at = cav->hexes[0], goal = mover->hexes[0];
    int n = 0;
    while (lb_hex_distance(at, goal) > 1 && n < LB_CHARGE_PATH_MAX) {
        int best = -1, bd = 0;
        for (int dir = 0; dir < LB_DIR_COUNT; dir++) {
            lb_hex h = lb_hex_neighbor(at, dir);
            int dist = lb_hex_distance(h, goal);
            if (lb_map_contains(&st->map, h) && (best < 0 || dist < bd)) {
                best = dir;
                bd = dist;
            }
        }
        if (best < 0)
            break;
        at = path[n++] = lb_hex_neighbor(at, best);
    }
    return n;
}

int lbi_opp_charge_answer(lb_game *g, const lb_decision *cur, const lb_action *a,
                          lb_game_answer *out)
{
    lb_state *st = g->st;
    char key[LB_OPTION_KEY_MAX];
    if (lb_action_fmt(st, a, key, sizeof key) != LB_OK)
        return LB_INVALID;
    LBI_EVENT(g->tr, "R-OCH-4", "(40)", EV_GAME_ANSWER, ev_text(st->sides[cur->side]),
              ev_text(key));
    if (a->verb == LB_VERB_PASS)
        return LB_OK;
    int c = a->nunits == 1 ? lb_state_unit_index(st, lb_action_unit(a, 0)) : -1;
    int m = lb_state_unit_index(st, cur->subject);
    if (a->verb != LB_VERB_CHARGE || c < 0 || m < 0)
        return LB_INVALID;
    /* R-OCH-2: the morale check (31), rolled with the game's dice; failed, nothing changes */
    lb_dice dice;
    lbi_dice_begin(g, &dice);
    lb_morale_result r;
    int rc = lb_morale_resolve(st, c, LB_CHECK_ORDINARY, NULL, 0, &dice, &r, NULL);
    int drc = lbi_dice_end(g, &dice);
    if (rc != LB_OK || drc != LB_OK)
        return rc != LB_OK ? rc : drc;
    const char *cav = st->units[c].id;
    LBI_EVENT(g->tr, "R-OCH-2", "(40)", EV_GAME_OPP_CHARGE_CHECK, ev_unit_id(cav), ev_roll(r.roll),
              ev_int(r.odds.modifier), ev_int(r.modified), ev_int(r.outcome.passed),
              ev_int(r.odds.morale), ev_frac(r.odds.p_pass.num, r.odds.p_pass.den));
    lb_trace_int(g->tr, "roll", r.roll);
    if (!r.outcome.passed) {
        LBI_EVENT(g->tr, "R-OCH-2", "(40)", EV_GAME_OPP_CHARGE_FAILS, ev_unit_id(cav),
                  ev_text(lb_readiness_name(st->units[c].readiness)));
        return LB_OK;
    }
    LBI_EVENT(g->tr, "R-OCH-3", "(40)", EV_GAME_OPP_CHARGE_PASSES, ev_unit_id(cav),
              ev_unit_id(cur->subject));
    g->job.active = 0; /* R-OCH-1: the mover stops */
    lb_charge_req req;
    memset(&req, 0, sizeof req);
    req.cavalry = cav;
    req.opportunity = 1;
    req.npath = path_to(st, &st->units[c], &st->units[m], req.path);
    return lbi_charge_launch(g, &req, out);
}
