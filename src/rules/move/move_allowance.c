/* A unit's movement allowance in a segment (R-MOV-3), the start of a Movement segment (R-MOV-2), and names. */
#include <stdio.h>
#include <string.h>

#include "move_int.h"

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

static const char *hold_reason(lb_move_hold h)
{
    switch (h) {
    case LB_HOLD_RETREATED: return "it retreated before melee: it does not move in this Movement "
                                   "segment (29), (18)";
    case LB_HOLD_CHARGE: return "a charge holds it: it does not move voluntarily in this Movement "
                                "segment (R-CHG-4, R-CHG-19)";
    case LB_HOLD_CHARGED: return "it charged this turn: cavalry charges or moves, never both (35.1)";
    default: return "";
    }
}

static int zero(const char **rule, char *why, size_t n, const char *r, const char *text,
                lb_trace *t)
{
    if (rule)
        *rule = r;
    if (why)
        snprintf(why, n, "%s", text);
    lb_trace_add(t, r, "(18)", "%s: allowance 0", text);
    lb_trace_int(t, "allowance_halves", 0);
    return 0;
}

/* R-MOV-3, R-MOV-5, R-MOV-11, R-MOV-13, R-MOV-16 */
int lbi_mv_allowance(const lb_state *st, const lb_unit *u, int form_first, const char **rule,
                 char *why, size_t n, lb_trace *t)
{
    const lb_move_charts *mc = st->charts.move;
    const lb_move_record *m = &u->move;
    if (rule)
        *rule = NULL;
    if (why && n)
        why[0] = '\0';
    if (!lb_unit_is_combat(u)) {
        int mp = u->movement > 0 ? u->movement : mc->leader_allowance;
        lb_trace_add(t, "R-MOV-13", "(7)", "leader %s: %d MP (%s)", u->id, mp,
                     u->movement > 0 ? "its counter" : "the charts' leader allowance");
        lb_trace_int(t, "allowance_halves", 2 * mp);
        return 2 * mp;
    }
    if (u->state == LB_STATE_ROUTED || m->start_state == LB_STATE_ROUTED)
        return zero(rule, why, n, "R-MOV-3", "routed: it moves only in flight, in the Morale "
                    "Recovery Segment (R-MOR-4, R-MOR-5)", t);
    if (m->hold != LB_HOLD_NONE)
        return zero(rule, why, n, "R-MOV-5", hold_reason(m->hold), t);
    if (m->march == LB_MARCH_FAILED)
        return zero(rule, why, n, "R-MOV-16", "it failed its force-march check: it stands (44)", t);
    if (m->hold_next != LB_HOLD_NONE)
        lb_trace_add(t, "R-MOV-5", "(18)", "%s is held in its side's next Movement segment "
                     "(hold_next), not in this one", u->id);
    int mp = u->movement;
    lb_trace_add(t, "R-MOV-3", "(18)", "%s: printed %d MP", u->id, mp);
    lb_trace_int(t, "printed", mp);
    if (m->march == LB_MARCH_ON) {
        mp *= mc->march_multiple;
        lb_trace_add(t, "R-MOV-16", "(44)", "force march: %d times its printed MP, %d",
                     mc->march_multiple, mp);
    }
    int halves = 2 * mp;
    if (m->start_formation == LB_FORM_LINE) {
        halves -= 2 * mc->line_start_penalty;
        if (halves < 0)
            halves = 0;
        lb_trace_add(t, "R-MOV-3", "(15)", "it began the segment in line: %d MP less (T15-7)",
                     mc->line_start_penalty);
    }
    if (m->start_state == LB_STATE_DISORDERED) {
        halves /= 2;
        lb_trace_add(t, "R-MOV-3", "(30)", "disordered: half its movement (R-MOR-3)");
    }
    if (m->start_formation == LB_FORM_CARRE && !m->first_form_change && !form_first) {
        halves = halves < 2 ? halves : 2;
        lb_trace_add(t, "R-MOV-11", "(15)", "it began the segment in carré: one hex (1 MP) unless "
                     "its first action is a formation change (T15-12)");
    }
    lb_trace_int(t, "allowance_halves", halves);
    if (halves % 2)
        lb_trace_add(t, "R-MOV-2", "(18)", "%s: %d/2 MP, kept exactly in halves (`fractions` rounds "
                     "fire and melee values, not movement)", u->id, halves);
    if (halves == 0)
        return zero(rule, why, n, "R-MOV-3", "no movement points", NULL);
    return halves;
}

int lb_move_allowance(const lb_state *st, int unit, const char **rule, char *why, size_t n,
                      lb_trace *t)
{
    return lbi_mv_allowance(st, &st->units[unit], 0, rule, why, n, t);
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
