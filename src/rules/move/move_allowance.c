/* A unit's movement allowance in a segment (R-MOV-3), the start of a Movement segment (R-MOV-2), and names. */
#include <string.h>

#include "move_int.h"
#include "trace_int.h"
#include "state_int.h"

static const char *const kind_names[] = {"step", "face", "form", "prolonge", "attach", "detach",
                                         "march"};
static const char *const event_names[] = {"opportunity_fire", "capture", "carre", "follow"};

const char *lb_move_kind_name(lb_move_kind k)
{
    return kind_names[k];
}

const char *lb_move_event_name(lb_move_event_kind k)
{
    return event_names[k];
}

lb_arm lbi_mv_cost_arm(const lb_unit *u)
{
    return u->arm == LB_ARM_LEADER ? LB_ARM_CAVALRY : u->arm;
}

/* R-MOV-5: why a hold stops the unit. */
static enum move_no_allowance hold_reason(lb_move_hold h)
{
    switch (h) {
    case LB_HOLD_RETREATED: return MOVE_ZERO_RETREATED;
    case LB_HOLD_CHARGE: return MOVE_ZERO_CHARGE;
    default: return MOVE_ZERO_CHARGED;
    }
}

/* An allowance of 0: its ruling and why (traced when t is given). */
static int zero(const char **rule, lb_said *why, const char *r, enum move_no_allowance no,
                lb_trace *t)
{
    if (rule)
        *rule = r;
    if (why)
        LBI_SAY(why, EV_MOVE_WHY, ev_phrase(MOVE_PH_NO_ALLOWANCE, no));
    LBI_EVENT(t, r, "(18)", EV_MOVE_ALLOWANCE_ZERO, ev_phrase(MOVE_PH_NO_ALLOWANCE, no));
    lb_trace_int(t, "allowance_halves", 0);
    return 0;
}

/* R-MOV-3, R-MOV-5, R-MOV-11, R-MOV-13, R-MOV-16 */
int lbi_mv_allowance(const lb_state *st, const lb_unit *u, int form_first, const char **rule,
                     lb_said *why, lb_trace *t)
{
    const lb_move_charts *mc = st->charts.move;
    const lb_move_record *m = &u->move;
    if (rule)
        *rule = NULL;
    if (why)
        why->event = 0;
    if (!lb_unit_is_combat(u)) {
        int mp = u->movement > 0 ? u->movement : mc->leader_allowance;
        LBI_EVENT(t, "R-MOV-13", "(7)", EV_MOVE_LEADER_MP, ev_unit_id(u->id), ev_int(mp),
                  ev_int(u->movement > 0));
        lb_trace_int(t, "allowance_halves", 2 * mp);
        return 2 * mp;
    }
    if (u->state == LB_STATE_ROUTED || m->start_state == LB_STATE_ROUTED)
        return zero(rule, why, "R-MOV-3", MOVE_ZERO_ROUTED, t);
    if (m->hold != LB_HOLD_NONE)
        return zero(rule, why, "R-MOV-5", hold_reason(m->hold), t);
    if (m->march == LB_MARCH_FAILED)
        return zero(rule, why, "R-MOV-16", MOVE_ZERO_MARCH_FAILED, t);
    if (m->hold_next != LB_HOLD_NONE)
        LBI_EVENT(t, "R-MOV-5", "(18)", EV_MOVE_HELD_NEXT, ev_unit_id(u->id));
    int mp = u->movement;
    LBI_EVENT(t, "R-MOV-3", "(18)", EV_MOVE_PRINTED, ev_unit_id(u->id), ev_int(mp));
    lb_trace_int(t, "printed", mp);
    if (m->march == LB_MARCH_ON) {
        mp *= mc->march_multiple;
        LBI_EVENT(t, "R-MOV-16", "(44)", EV_MOVE_MARCH_MP, ev_int(mc->march_multiple), ev_int(mp));
    }
    int halves = 2 * mp;
    if (m->start_formation == LB_FORM_LINE) {
        halves -= 2 * mc->line_start_penalty;
        if (halves < 0)
            halves = 0;
        LBI_EVENT(t, "R-MOV-3", "(15)", EV_MOVE_LINE_START, ev_int(mc->line_start_penalty));
    }
    if (m->start_state == LB_STATE_DISORDERED) {
        halves /= 2;
        LBI_EVENT0(t, "R-MOV-3", "(30)", EV_MOVE_DISORDERED_HALF);
    }
    if (m->start_formation == LB_FORM_CARRE && !m->first_form_change && !form_first) {
        halves = halves < 2 ? halves : 2;
        LBI_EVENT0(t, "R-MOV-11", "(15)", EV_MOVE_CARRE_START);
    }
    lb_trace_int(t, "allowance_halves", halves);
    if (halves % 2)
        LBI_EVENT(t, "R-MOV-2", "(18)", EV_MOVE_HALVES, ev_unit_id(u->id), ev_frac(halves, 2));
    if (halves == 0)
        return zero(rule, why, "R-MOV-3", MOVE_ZERO_NO_MP, NULL);
    return halves;
}

int lb_move_allowance(const lb_state *st, int unit, const char **rule, lb_said *why, lb_trace *t)
{
    return lbi_mv_allowance(st, &st->units[unit], 0, rule, why, t);
}

/* R-MOV-2 */
void lb_move_segment_begin(lb_state *st, int side)
{
    for (int i = 0; i < st->nunits; i++) {
        lb_unit *u = &st->units[i];
        if (u->side != side)
            continue;
        lb_move_record *m = &u->move;
        lb_move_hold hold = m->hold_next;
        int turns = m->march == LB_MARCH_ON ? m->march_turns + 1 : 0;
        memset(m, 0, sizeof *m);
        m->hold = hold;
        m->march_turns = turns;
        m->start_formation = u->formation;
        m->start_state = u->state;
    }
    lb_state_touch(st);
}
