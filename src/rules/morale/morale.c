/* Morale checks: modifiers, exact odds over the 36 rolls, the roll, the state that follows. */
#include <string.h>

#include "effects.h"
#include "lb/core.h"
#include "rules_types.h"
#include "apply_int.h"
#include "morale_events.h"
#include "words.h"
#include "state_int.h"
#include "dice_int.h"
#include "trace_int.h"
#include "unit_int.h"
#include "morale_int.h"

static const char *const kind_names[] = {"ordinary", "recovery"};

const char *lb_morale_kind_name(lb_morale_kind kind)
{
    return kind_names[kind];
}

/* R-MOR-15 */
lb_morale_kind lb_morale_kind_for(const lb_state *s, int unit)
{
    const lb_unit *u = &s->units[unit];
    if (s->turn.segment == LB_SEG_MORALE_RECOVERY && u->side == s->turn.phasing &&
        u->state != LB_STATE_GOOD)
        return LB_CHECK_RECOVERY;
    return LB_CHECK_ORDINARY;
}

/* R-MOR-1, R-MOR-12: the best friendly leader standing in any hex of the unit, not the sum. */
static int best_leader(const lb_state *s, const lb_unit *u, int *bonus, int *present)
{
    int best = -1;
    *present = 0;
    for (int k = 0; k < u->nhexes; k++) {
        const int *idx;
        int n = lb_state_units_at(s, u->hexes[k], &idx);
        for (int i = 0; i < n; i++) {
            const lb_unit *l = &s->units[idx[i]];
            if (l->arm != LB_ARM_LEADER || l->side != u->side)
                continue;
            int b = lb_unit_bonus(l, "morale");
            ++*present;
            if (best < 0 || b > *bonus) {
                best = idx[i];
                *bonus = b;
            }
        }
    }
    return best;
}

/* Adds modifier m, why it applies said by the argument why. */
static int add_mod(lb_morale_chance *o, const lb_morale_mod *m, lb_event_arg why, lb_trace *t)
{
    if (o->nmods == LB_MORALE_MODS_MAX)
        return LB_INVALID;
    o->mods[o->nmods++] = *m;
    o->modifier += m->value;
    LBI_EVENT(t, m->rule, "(31)", EV_MOR_MODIFIER, why, ev_int(m->value));
    lb_trace_int(t, "modifier", m->value);
    return LB_OK;
}

/* A modifier the rules add themselves: its reason is the words' for its cause. */
static int add_own(lb_morale_chance *o, const char *rule, enum morale_cause cause, int value,
                   lb_trace *t)
{
    lb_morale_mod m = {rule, lbi_words_phrase(MOR_PH_CAUSE, cause), value};
    return add_mod(o, &m, ev_phrase(MOR_PH_CAUSE, cause), t);
}

/* R-MOR-1, R-DICE-2, R-DICE-4 */
int lb_morale_odds(const lb_state *s, int unit, const lb_morale_mod *extra, int nextra,
                   lb_morale_chance *out, lb_trace *t)
{
    memset(out, 0, sizeof *out);
    out->leader = -1;
    if (unit < 0 || unit >= s->nunits || !lb_unit_is_combat(&s->units[unit]))
        return LB_INVALID;
    const lb_unit *u = &s->units[unit];
    out->morale = u->morale;
    out->auto_pass = s->charts.auto_pass;
    out->auto_fail = s->charts.auto_fail;

    int bonus = 0, present = 0, rc = LB_OK;
    out->leader = best_leader(s, u, &bonus, &present);
    if (out->leader >= 0) {
        LBI_EVENT(t, "R-MOR-12", "(31)", EV_MOR_LEADER, ev_unit_id(s->units[out->leader].id),
                  ev_int(present));
        lb_trace_text(t, "leader", s->units[out->leader].id);
        rc = add_own(out, "R-MOR-1", MOR_LEADER, bonus, t);
    }
    if (rc == LB_OK && u->state == LB_STATE_DISORDERED)
        rc = add_own(out, "R-MOR-3", MOR_DISORDERED, -3, t);
    else if (rc == LB_OK && u->state == LB_STATE_ROUTED)
        rc = add_own(out, u->arm == LB_ARM_CAVALRY ? "R-MOR-5" : "R-MOR-4", MOR_ROUTED, -6, t);
    if (rc == LB_OK && u->level_mod)
        rc = add_own(out, "R-GAME-11", MOR_LEVEL, u->level_mod, t);
    for (int i = 0; i < nextra && rc == LB_OK; i++)
        rc = add_mod(out, &extra[i], ev_text(extra[i].reason), t);
    if (rc != LB_OK)
        return LB_INVALID;

    int passing = 0;
    for (int i = 0; i < 36; i++) {
        int roll = lb_roll_from_index(i);
        int by_mods = lb_roll_add(roll, out->modifier) > out->morale;
        if (by_mods && !out->need)
            out->need = roll;
        out->passes[i] = (unsigned char)(roll == out->auto_pass ? 1
                                         : roll == out->auto_fail ? 0
                                                                  : by_mods);
        passing += out->passes[i];
    }
    out->p_pass = lb_frac_make(passing, 36);
    if (out->auto_pass)
        LBI_EVENT(t, "R-MOR-1", "(31)", EV_MOR_AUTO_PASS, ev_roll(out->auto_pass));
    if (out->auto_fail)
        LBI_EVENT(t, "R-MOR-1", "(31)", EV_MOR_AUTO_FAIL, ev_roll(out->auto_fail));
    if (out->need)
        LBI_EVENT(t, "R-MOR-1", "(31)", EV_MOR_NEED, ev_int(out->modifier), ev_int(out->morale),
                  ev_roll(out->need), ev_int(passing));
    else
        LBI_EVENT(t, "R-MOR-1", "(31)", EV_MOR_NO_NEED, ev_int(out->modifier),
                  ev_int(out->morale), ev_int(passing));
    lb_trace_int(t, "morale", out->morale);
    lb_trace_int(t, "modifier", out->modifier);
    lb_trace_frac(t, "p_pass", (long)out->p_pass.num, (long)out->p_pass.den);
    return LB_OK;
}

/* R-MOR-7, R-MOR-8, R-MOR-14, R-MOR-15 */
lb_morale_outcome lb_morale_outcome_of(const lb_state *s, int unit, lb_morale_kind kind,
                                       int passed, lb_trace *t)
{
    const lb_unit *u = &s->units[unit];
    lb_morale_outcome o = {.unit = u->id, .generation = s->generation, .passed = passed != 0,
                           .from = u->state, .to = u->state, .formation = u->formation};
    const char *rule = "R-MOR-7";
    if (kind == LB_CHECK_RECOVERY && u->state != LB_STATE_GOOD) {
        rule = "R-MOR-8";
        if (passed) {
            o.to = LB_STATE_GOOD;
        } else if (u->state == LB_STATE_DISORDERED) {
            o.to = LB_STATE_ROUTED;
            o.moves = 1;
            o.move = LB_RETREAT_ROUT;
        } else {
            o.moves = 1;
            o.move = LB_RETREAT_FLIGHT;
        }
    } else if (!passed) {
        if (u->state == LB_STATE_GOOD && u->arm != LB_ARM_CAVALRY) {
            o.to = LB_STATE_DISORDERED;
            o.moves = 1;
            o.move = LB_RETREAT_DISORDER;
        } else if (u->state != LB_STATE_ROUTED) {
            o.to = LB_STATE_ROUTED;
            o.moves = 1;
            o.move = LB_RETREAT_ROUT;
        } else {
            rule = "R-MOR-14";
        }
    }
    if (o.to != o.from)
        o.formation = lb_effects_formation(s, u, u->hexes[0]);
    /* R-MOR-15: why a DD or PGD unit checks ordinarily in a Morale Recovery segment */
    if (kind == LB_CHECK_ORDINARY && u->state != LB_STATE_GOOD &&
        s->turn.segment == LB_SEG_MORALE_RECOVERY && u->side != s->turn.phasing)
        LBI_EVENT(t, "R-MOR-15", "(30)", EV_MOR_NOT_PHASING, ev_unit_id(u->id),
                  ev_text(s->sides[s->turn.phasing]));
    LBI_EVENT(t, rule, kind == LB_CHECK_RECOVERY ? "(30)" : "(31)", EV_MOR_OUTCOME,
              ev_unit_id(u->id), ev_text(lb_morale_kind_name(kind)), ev_int(passed != 0),
              ev_text(lb_morale_state_name(o.from)), ev_text(lb_morale_state_name(o.to)),
              ev_text(lb_formation_name(o.formation)), ev_int(o.moves),
              ev_phrase(MOR_PH_MOVE, (int)o.move));
    lb_trace_bool(t, "passed", passed);
    lb_trace_text(t, "new_state", lb_morale_state_name(o.to));
    if (o.moves)
        lb_trace_phrase(t, "move", MOR_PH_MOVE, (int)o.move);
    return o;
}

/* R-MOR-1, R-DICE-2, R-DICE-3 */
int lb_morale_resolve(const lb_state *s, int unit, lb_morale_kind kind,
                      const lb_morale_mod *extra, int nextra, lb_dice *dice,
                      lb_morale_result *out, lb_trace *t)
{
    memset(out, 0, sizeof *out);
    int rc = lb_morale_odds(s, unit, extra, nextra, &out->odds, t);
    if (rc != LB_OK)
        return rc;
    if (lb_dice_roll(dice, "morale check", &out->roll) != 0)
        return LB_DICE;
    const lb_morale_chance *o = &out->odds;
    out->modified = lb_roll_add(out->roll, o->modifier);
    out->automatic = out->roll == o->auto_pass ? 1 : out->roll == o->auto_fail ? -1 : 0;
    int passed = o->passes[lb_roll_index(out->roll)];
    if (out->automatic)
        LBI_EVENT(t, "R-MOR-1", "(31)", EV_MOR_NATURAL, ev_roll(out->roll), ev_int(passed));
    else
        LBI_EVENT(t, "R-MOR-1", "(31)", EV_MOR_ROLL, ev_roll(out->roll), ev_int(o->modifier),
                  ev_roll(out->modified), ev_int(passed), ev_int(o->morale));
    lb_trace_roll(t, "morale check", out->roll);
    lb_trace_int(t, "modified", out->modified);
    if (!out->automatic && o->modifier) {
        int from = lb_roll_index(out->roll);
        LBI_EVENT(t, "R-DICE-2", "(31)", EV_MOR_STEPS, ev_roll(out->roll), ev_int(o->modifier),
                  ev_int(from), ev_int(from + o->modifier), ev_roll(out->modified));
        lb_trace_int(t, "index", from);
    }
    out->outcome = lb_morale_outcome_of(s, unit, kind, passed, t);
    return LB_OK;
}

/* R-MOR-13: a line or screen that must take column or general order closes up into its first
 * hex and turns to the hexside clockwise of the vertex it faced. */
int lbi_morale_set(lb_state *s, int unit, const lb_morale_outcome *o)
{
    if (unit < 0 || unit >= s->nunits || !lb_unit_is_combat(&s->units[unit]))
        return LB_INVALID;
    lb_unit *u = &s->units[unit];
    u->state = o->to;
    u->formation = o->formation;
    if (o->formation == LB_FORM_COLUMN || o->formation == LB_FORM_GENERAL) {
        u->nhexes = 1;
        if (u->facing % 2 == 1)
            u->facing = u->facing % 12 + 1;
    }
    return lb_state_reindex(s);
}

int lb_morale_apply(lb_state *s, int unit, const lb_morale_outcome *o)
{
    if (unit < 0 || unit >= s->nunits || !lb_unit_is_combat(&s->units[unit]) || !o->unit ||
        strcmp(o->unit, s->units[unit].id) != 0)
        return LB_INVALID;
    if (o->generation != s->generation)
        return LB_STALE;
    int rc = lbi_morale_set(s, unit, o);
    lb_state_touch(s);
    return rc;
}
