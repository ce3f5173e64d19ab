/* Fire's outcome (21), (22): the target's fire defence, the odds column, the exact losses, the roll and its effects. */
#include <stdlib.h>
#include <string.h>

#include "fire_int.h"
#include "rules_types.h"
#include "apply_int.h"
#include "casualty_int.h"
#include "lb/core.h"
#include "state_int.h"
#include "dice_int.h"
#include "frac_int.h"
#include "trace_int.h"
#include "fire_charts_int.h"
#include "unit_int.h"
#include "facing_int.h"
#include "morale_int.h"

/* ---- fire defence --------------------------------------------------------------------------- */

/* o is refused for what o->why says: the ruling, and its step in the trace. */
static int refused(lb_fire_chance *o, const char *rule, const char *section, lb_trace *t)
{
    o->allowed = 0;
    o->rule = rule;
    lbi_fi_trace_refusal(t, rule, section, &o->why, FIRE_MAY_NOT);
    lb_trace_bool(t, "allowed", 0);
    return LB_OK;
}

/* R-FIRE-11: does the sight line from hex f enter the defender's hex h through a flank hexside
 * (R-FORM-1)? Through a corner: when neither hexside there is a front one and one is a flank
 * one. */
static int through_flank(const lb_unit *d, lb_hex h, lb_hex f, int sides[2], int *nsides)
{
    unsigned front, flank;
    lb_facing_arcs(d, lbi_fi_hex_of(d, h), &front, &flank, NULL);
    *nsides = lbi_fi_exit_sides(h, f, sides);
    if (*nsides == 1)
        return (flank & lbi_fi_bit(sides[0])) != 0;
    unsigned both = lbi_fi_bit(sides[0]) | lbi_fi_bit(sides[1]);
    return !(front & both) && (flank & both);
}

/* R-FIRE-11, R-FIRE-23: one firing hex of any firer through a flank is enough. */
static void find_flank(const lb_state *s, lb_fire_chance *o, const lb_unit *du, lb_trace *t)
{
    lb_fire_defence *d = &o->defence;
    lb_hex target = o->fire.target;
    for (int i = 0; i < o->fire.nfirers && !d->flank; i++) {
        const lb_fire_value *v = &o->fire.firers[i];
        for (int k = 0; k < v->nhexes && !d->flank; k++) {
            const lb_fire_hex *fh = &v->hexes[k];
            int sides[2], ns;
            if (fh->fires && through_flank(du, target, fh->hex, sides, &ns)) {
                d->flank = 1;
                LBI_EVENT(t, "R-FIRE-11", "(13)", EV_FIRE_FLANK, lbi_fi_hex(s, fh->hex),
                          lbi_fi_hex(s, target), lbi_fi_side(sides, ns, 0),
                          lbi_fi_side(sides, ns, 1), ev_text(lb_formation_name(du->formation)),
                          ev_int(du->facing));
            }
        }
    }
    if (!d->flank)
        LBI_EVENT(t, "R-FIRE-11", "(13)", EV_FIRE_NO_FLANK, lbi_fi_hex(s, target),
                  ev_unit_id(du->id));
    lb_trace_bool(t, "flank", d->flank);
}

/* R-FIRE-10: the unit whose formation gives the fire defence, the top enemy combat unit, or the
 * top infantry of a hex that also holds artillery; returns 1 in that case. */
static int find_defender(const lb_state *s, lb_fire_chance *o, lb_trace *t)
{
    lb_fire_defence *d = &o->defence;
    lb_hex target = o->fire.target;
    const int *idx;
    int firer_side = o->fire.side;
    int n = lb_state_units_at(s, target, &idx), infantry = -1, artillery = 0;
    d->unit = lb_state_top_enemy(s, target, firer_side);
    for (int i = 0; i < n; i++) {
        const lb_unit *u = &s->units[idx[i]];
        if (u->side == firer_side)
            continue;
        if (u->arm == LB_ARM_INFANTRY && infantry < 0)
            infantry = idx[i];
        artillery |= u->arm == LB_ARM_ARTILLERY;
    }
    int mixed = infantry >= 0 && artillery;
    if (mixed)
        d->unit = infantry;
    const lb_unit *du = &s->units[d->unit];
    d->id = du->id;
    d->terrain = s->map.terrain[lb_map_cell(&s->map, target)];
    LBI_EVENT(t, "R-FIRE-10", "(21)", EV_FIRE_DEFENDER, lbi_fi_hex(s, target),
              ev_text(s->charts.terrain[d->terrain].id), ev_unit_id(du->id),
              ev_text(lb_formation_name(du->formation)), ev_text(lb_morale_state_name(du->state)),
              ev_int(mixed));
    lb_trace_text(t, "defender", du->id);
    return mixed;
}

/* R-FIRE-7, R-FIRE-11: the value the charts give, in charts-format 5.2's order: road march,
 * flank, disordered or routed, formation. */
static int defence_value(const lb_state *s, lb_fire_chance *o, const lb_unit *du, lb_trace *t)
{
    const lb_fire_charts *fc = s->charts.fire;
    lb_fire_defence *d = &o->defence;
    const char *tname = s->charts.terrain[d->terrain].id;
    if (du->formation == LB_FORM_ROAD) {
        if (!fc->has_road) {
            FIRE_SAY0(&o->why, EV_FIRE_NO_ROAD_DEFENCE);
            return refused(o, "R-FIRE-7", "(21)", t);
        }
        d->read = "road";
        d->base = fc->road_value;
    } else if (d->flank && fc->has_flank) {
        d->read = "flank";
        d->base = fc->flank_value;
    } else {
        int key = du->state == LB_STATE_DISORDERED ? LB_FIRE_FD_DISORDERED
                  : du->state == LB_STATE_ROUTED   ? LB_FIRE_FD_ROUTED
                                                   : (int)du->formation;
        d->read = key == LB_FIRE_FD_DISORDERED ? "disordered"
                  : key == LB_FIRE_FD_ROUTED   ? "routed"
                                               : lb_formation_name(du->formation);
        d->base = lb_fire_charts_defence(fc, d->terrain, key);
        if (!d->base) {
            FIRE_SAY(&o->why, EV_FIRE_NO_DEFENCE, ev_text(d->read), ev_text(tname));
            return refused(o, "R-FIRE-7", "(21)", t);
        }
    }
    d->value = d->base;
    int in_terrain = du->formation != LB_FORM_ROAD && strcmp(d->read, "flank") != 0;
    LBI_EVENT(t, "R-FIRE-7", "(21)", EV_FIRE_DEFENCE, ev_int(d->base), ev_text(d->read),
              ev_text(in_terrain ? tname : NULL));
    lb_trace_text(t, "read", d->read);
    lb_trace_int(t, "fire_defence", d->base);
    return LB_OK;
}

/* R-FIRE-7, R-FIRE-10, R-FIRE-11: the target hex's fire defence; infantry with artillery
 * adds the charts' delta. */
static int read_defence(const lb_state *s, lb_fire_chance *o, lb_trace *t)
{
    const lb_fire_charts *fc = s->charts.fire;
    lb_fire_defence *d = &o->defence;
    int mixed = find_defender(s, o, t);
    const lb_unit *du = &s->units[d->unit];
    find_flank(s, o, du, t);
    int rc = defence_value(s, o, du, t);
    if (rc != LB_OK || o->rule)
        return rc;
    if (mixed && fc->has_with_artillery && !(fc->with_artillery_except & (1u << du->formation))) {
        d->artillery = fc->with_artillery_delta;
        d->value = d->base + d->artillery > 1 ? d->base + d->artillery : 1;
        LBI_EVENT(t, "R-FIRE-10", "(21)", EV_FIRE_WITH_ARTILLERY, ev_int(d->artillery),
                  ev_int(d->value));
        lb_trace_int(t, "fire_defence", d->value);
    }
    return LB_OK;
}

/* ---- losses among the units of the hex ------------------------------------------------------ */

static int unlimbered(const lb_state *s, int unit)
{
    return s->units[unit].arm == LB_ARM_ARTILLERY && s->units[unit].formation == LB_FORM_UNLIMBERED;
}

/* The next unit of group g (1: unlimbered artillery, 0: the others) with strength left, from
 * cursor on, cycling; -1 when none. */
static int next_in(const lb_state *s, const lb_fire_target *tu, int n, const int *left, int g,
                   int *cursor)
{
    for (int step = 0; step < n; step++) {
        int j = (*cursor + step) % n;
        if (left[j] > 0 && unlimbered(s, tu[j].unit) == g) {
            *cursor = j + 1;
            return j;
        }
    }
    return -1;
}

/* R-FIRE-13: a hex loss of `loss` increments shared among the units, one increment at a time;
 * left and out have n entries. */
static void allocate(const lb_state *s, const lb_fire_target *tu, int n, int loss, int *left,
                     int *out)
{
    int cursor[2] = {0, 0}, guns = 0;
    for (int j = 0; j < n; j++) {
        left[j] = tu[j].strength;
        out[j] = 0;
        guns |= unlimbered(s, tu[j].unit);
    }
    for (int k = 1; k <= loss; k++) {
        int g = guns && k % 2 == 0;
        int j = next_in(s, tu, n, left, g, &cursor[g]);
        if (j < 0 && g == 1)
            j = next_in(s, tu, n, left, 0, &cursor[0]);
        if (j < 0)
            continue;
        left[j]--;
        out[j]++;
    }
}

/* R-FIRE-14: does losing x more increments, after `losses`, call for a fire-loss check? */
static int triggered(const lb_fire_target *tu, int losses, int x)
{
    for (int k = losses + 1; k <= losses + x; k++)
        if (lb_fire_trigger_fires(tu->trigger, k))
            return 1;
    return 0;
}

/* The units of the target hex (top first), their shares of it and their fire-loss triggers,
 * in arrays of the hex's size. */
static int collect_targets(const lb_state *s, lb_fire_chance *o)
{
    const lb_fire_charts *fc = s->charts.fire;
    const int *idx;
    int n = lb_state_units_at(s, o->fire.target, &idx);
    o->units = calloc(n > 0 ? (size_t)n : 1, sizeof *o->units);
    o->leaders = calloc(n > 0 ? (size_t)n : 1, sizeof *o->leaders);
    if (!o->units || !o->leaders)
        return LB_NOMEM;
    for (int i = 0; i < n; i++) {
        const lb_unit *u = &s->units[idx[i]];
        if (u->side == o->fire.side)
            continue; /* R-FIRE-18: a carré does not fire on itself or its own leaders */
        if (!lb_unit_is_combat(u)) {
            o->leaders[o->nleaders++] = idx[i];
            continue;
        }
        lb_fire_target *tu = &o->units[o->nunits++];
        tu->unit = idx[i];
        tu->id = u->id;
        tu->strength = lb_unit_strength(u);
        tu->in_hex = lbi_fi_share(u, lbi_fi_hex_of(u, o->fire.target));
        tu->trigger = lb_fire_charts_trigger(fc, u->nation, u->cls, u->arm);
        o->target_increments += tu->in_hex;
    }
    return LB_OK;
}

/* What every hex loss does to each unit, and the chances over the 36 rolls. */
static int share_losses(const lb_state *s, lb_fire_chance *o)
{
    int n = o->nunits > 0 ? o->nunits : 1;
    int *left = malloc(2 * (size_t)n * sizeof *left);
    if (!left)
        return LB_NOMEM;
    int *out = left + n;
    for (int l = 0; l <= o->max_loss; l++) {
        allocate(s, o->units, o->nunits, l, left, out);
        o->taken[l] = 0;
        for (int j = 0; j < o->nunits; j++) {
            lb_fire_target *tu = &o->units[j];
            tu->loss[l] = (unsigned char)out[j];
            o->taken[l] = (unsigned char)(o->taken[l] + out[j]);
            int gone = out[j] >= tu->strength;
            tu->check[l] = !gone && triggered(tu, s->units[tu->unit].losses, out[j]);
        }
    }
    free(left);
    /* R-FIRE-13: what the units take, over the 36 rolls */
    int counts[LB_FIRE_LOSS_MAX + 1] = {0};
    for (int i = 0; i < 36; i++) {
        counts[o->taken[o->loss[i]]]++;
        if (o->taken[o->loss[i]] > o->max_taken)
            o->max_taken = o->taken[o->loss[i]];
    }
    for (int l = 0; l <= LB_FIRE_LOSS_MAX; l++)
        o->p_taken[l] = lb_frac_make(counts[l], 36);
    for (int j = 0; j < o->nunits; j++) {
        lb_fire_target *tu = &o->units[j];
        int checks = 0, gone = 0;
        for (int i = 0; i < 36; i++) {
            checks += tu->check[o->loss[i]];
            gone += tu->loss[o->loss[i]] >= tu->strength;
        }
        tu->p_check = lb_frac_make(checks, 36);
        tu->p_eliminated = lb_frac_make(gone, 36);
    }
    return LB_OK;
}

/* R-DICE-4, R-FIRE-13: what the hex loses over the 36 rolls, and what its units take. */
static void trace_losses(const lb_fire_chance *o, lb_trace *t)
{
    for (int l = 0; l <= o->max_loss; l++) {
        if (!o->p_loss[l].num)
            continue;
        LBI_EVENT(t, "R-DICE-4", "(21)", EV_FIRE_LOSS_ODDS, ev_int(l),
                  ev_int(o->p_loss[l].num * 36 / o->p_loss[l].den), fi_frac(o->p_loss[l]),
                  ev_int(o->taken[l] != l), ev_int(o->taken[l]));
        lb_trace_int(t, "loss", l);
        lbi_fi_trace_frac(t, "p", o->p_loss[l]);
        if (o->taken[l] != l)
            lb_trace_int(t, "taken", o->taken[l]);
    }
    for (int l = 0; l <= o->max_taken && lb_fire_chance_takes_less(o); l++) {
        if (!o->p_taken[l].num)
            continue;
        LBI_EVENT(t, "R-FIRE-13", "(21), (25)", EV_FIRE_TAKEN_ODDS, ev_int(l),
                  ev_int(o->p_taken[l].num * 36 / o->p_taken[l].den), fi_frac(o->p_taken[l]));
        lb_trace_int(t, "taken", l);
        lbi_fi_trace_frac(t, "p", o->p_taken[l]);
    }
}

/* R-FIRE-13, R-FIRE-14: how the hex's loss is shared, and each unit's chance of a fire-loss
 * check and of elimination. */
static void trace_shares(const lb_state *s, const lb_fire_chance *o, lb_trace *t)
{
    int guns = 0;
    for (int j = 0; j < o->nunits; j++)
        guns += unlimbered(s, o->units[j].unit);
    if (guns && guns == o->nunits)
        LBI_EVENT0(t, "R-FIRE-13", "(25)", EV_FIRE_LONE_GUNS);
    else if (guns)
        LBI_EVENT0(t, "R-FIRE-13", "(25)", EV_FIRE_GUNS_TAKE_EVEN);
    else if (o->nunits > 1)
        LBI_EVENT0(t, "R-FIRE-13", "(21)", EV_FIRE_IN_TURN);
    for (int j = 0; j < o->nunits; j++) {
        const lb_fire_target *tu = &o->units[j];
        const lb_unit *u = &s->units[tu->unit];
        const lb_fire_trigger *tr = tu->trigger;
        int from = tr && tr->from > 1 ? tr->from : 0;
        LBI_EVENT(t, "R-FIRE-14", "(21)", EV_FIRE_TRIGGER, ev_unit_id(u->id), ev_int(u->losses),
                  ev_text(tr ? lb_fire_trigger_name(tr->on) : NULL), ev_int(from),
                  ev_phrase(FIRE_PH_ORDINAL, from == 2 ? FIRE_ND : from == 3 ? FIRE_RD : FIRE_TH),
                  fi_frac(tu->p_check), fi_frac(tu->p_eliminated));
        lb_trace_text(t, "unit", u->id);
        lbi_fi_trace_frac(t, "p_check", tu->p_check);
        lbi_fi_trace_frac(t, "p_eliminated", tu->p_eliminated);
    }
}

/* R-FIRE-7: the odds column, rounded down to a listed one. */
static void read_column(const lb_state *s, lb_fire_chance *o, lb_trace *t)
{
    const lb_fire_charts *fc = s->charts.fire;
    lb_frac value = o->fire.value;
    o->read = o->column = lb_fire_charts_column(fc, value, o->defence.value, &o->below);
    const lb_fire_column *top = &fc->columns[fc->ncolumns - 1];
    o->above = (__int128)top->att * o->defence.value * value.den < (__int128)top->def * value.num;
    if (!o->column)
        LBI_EVENT(t, "R-FIRE-7", "(21)", EV_FIRE_BELOW, fi_frac(value), ev_int(o->defence.value),
                  ev_text(fc->columns[0].label));
    else
        LBI_EVENT(t, "R-FIRE-7", "(21)", EV_FIRE_COLUMN, fi_frac(value), ev_int(o->defence.value),
                  ev_text(o->column->label),
                  ev_phrase(FIRE_PH_COLUMN, o->below   ? FIRE_COLUMN_BELOW
                                            : o->above ? FIRE_COLUMN_ABOVE
                                                       : FIRE_COLUMN_LISTED));
    lb_trace_text(t, "column", o->column ? o->column->label : "none");
    /* R-FIRE-20: canister moves the column right, from "no effect" below the lowest too */
    if (!o->fire.canister)
        return;
    int at = o->column ? (int)(o->column - fc->columns) : -1;
    at += o->fire.canister;
    if (at > fc->ncolumns - 1)
        at = fc->ncolumns - 1;
    o->column = at >= 0 ? &fc->columns[at] : NULL;
    LBI_EVENT(t, "R-FIRE-20", "(26)", EV_FIRE_CANISTER_SHIFT,
              ev_text(o->read ? o->read->label : NULL),
              ev_text(o->column ? o->column->label : NULL));
    lb_trace_text(t, "column", o->column ? o->column->label : "none");
}

/* R-FIRE-12, (22), R-FIRE-27: every increment in the target hex above the threshold adds to
 * the roll, and so does the artillery leader's bonus. */
static void roll_modifier(const lb_state *s, lb_fire_chance *o, lb_trace *t)
{
    const lb_fire_charts *fc = s->charts.fire;
    if (fc->has_massed && o->target_increments > fc->massed_above)
        o->massed = fc->massed_per * (o->target_increments - fc->massed_above);
    LBI_EVENT(t, "R-FIRE-12", "(22)", EV_FIRE_MASSED, ev_int(o->target_increments),
              ev_int(fc->has_massed), ev_int(o->massed));
    lb_trace_int(t, "increments", o->target_increments);
    lb_trace_int(t, "modifier", o->massed);
    o->modifier = o->massed + o->fire.leader_modifier;
    if (o->fire.leader >= 0) {
        LBI_EVENT(t, "R-FIRE-27", "(7)", EV_FIRE_MODIFIERS, ev_int(o->massed),
                  ev_int(o->fire.leader_modifier), ev_unit_id(s->units[o->fire.leader].id),
                  ev_int(o->modifier));
        lb_trace_int(t, "modifier", o->modifier);
    }
}

/* R-DICE-2, R-DICE-4: every natural roll, modified, read in the column. */
static void read_rolls(lb_fire_chance *o)
{
    int counts[LB_FIRE_LOSS_MAX + 1] = {0};
    for (int i = 0; i < 36; i++) {
        int m = i + o->modifier;
        m = m < 0 ? 0 : m > 35 ? 35 : m;
        o->loss[i] = o->column ? o->column->loss[m] : 0;
        counts[o->loss[i]]++;
        if (o->loss[i] > o->max_loss)
            o->max_loss = o->loss[i];
    }
    for (int l = 0; l <= LB_FIRE_LOSS_MAX; l++)
        o->p_loss[l] = lb_frac_make(counts[l], 36);
}

/* R-FIRE-7, R-FIRE-10..15, R-DICE-2, R-DICE-4 */
int lb_fire_odds(const lb_state *s, const lb_fire_request *rq, lb_fire_chance *o, lb_trace *t)
{
    memset(o, 0, sizeof *o);
    int rc = lb_fire_group_check(s, rq, &o->fire, t);
    if (rc != LB_OK)
        return rc;
    if (!o->fire.allowed) {
        o->rule = o->fire.rule;
        o->why = o->fire.why;
        return LB_OK;
    }
    const lb_fire_charts *fc = s->charts.fire;
    if (!fc || !fc->has_table) {
        FIRE_SAY0(&o->why, EV_FIRE_NO_TABLE);
        return refused(o, "R-FIRE-7", "(21)", t);
    }
    rc = read_defence(s, o, t);
    if (rc != LB_OK || o->rule)
        return rc;
    read_column(s, o, t);
    rc = collect_targets(s, o);
    if (rc != LB_OK)
        return rc;
    roll_modifier(s, o, t);
    read_rolls(o);
    rc = share_losses(s, o);
    if (rc != LB_OK)
        return rc;
    trace_losses(o, t);
    trace_shares(s, o, t);

    /* R-FIRE-15: a natural roll in the leader casualty band, with a leader in the hex */
    if (o->nleaders && fc->has_casualty && fc->casualty_fire_lo) {
        int rolls = lb_roll_index(fc->casualty_fire_hi) - lb_roll_index(fc->casualty_fire_lo) + 1;
        o->p_casualty = lb_frac_make(rolls, 36);
        o->p_casualty_each = lb_frac_mul(o->p_casualty, lbi_casualty_share(o->nleaders, -1, 0));
        LBI_EVENT(t, "R-FIRE-15", "(21)", EV_FIRE_CASUALTY_ODDS, ev_int(o->nleaders),
                  ev_roll(fc->casualty_fire_lo), ev_roll(fc->casualty_fire_hi),
                  fi_frac(o->p_casualty), fi_frac(o->p_casualty_each));
        lbi_fi_trace_frac(t, "p_casualty", o->p_casualty);
    } else {
        o->p_casualty = o->p_casualty_each = lb_frac_int(0);
    }
    o->allowed = 1;
    return LB_OK;
}

int lb_fire_chance_takes_less(const lb_fire_chance *o)
{
    for (int l = 0; l <= o->max_loss; l++)
        if (o->p_loss[l].num && o->taken[l] != l)
            return 1;
    return 0;
}

void lb_fire_chance_release(lb_fire_chance *o)
{
    lb_fire_group_release(&o->fire);
    free(o->units);
    free(o->leaders);
    o->units = NULL;
    o->leaders = NULL;
    o->nunits = o->nleaders = 0;
}

/* ---- the dice ------------------------------------------------------------------------------- */

/* R-CAS-1: the fire's dice for the victim of a leader casualty, with the trace. */
typedef struct victim_dice {
    lb_dice *dice;
    lb_trace *t;
} victim_dice;

static int victim_roll(void *ctx, int two, int *value)
{
    victim_dice *v = ctx;
    int x;
    if (two) {
        if (lb_dice_roll(v->dice, "leader casualty victim", &x) != 0)
            return LB_DICE;
        lb_trace_roll(v->t, "leader casualty victim", x);
        *value = lb_roll_index(x);
    } else {
        if (lb_dice_d6(v->dice, "leader casualty victim", &x) != 0)
            return LB_DICE;
        lb_trace_die(v->t, "leader casualty victim", x);
        *value = x - 1;
    }
    return LB_OK;
}

/* R-FIRE-15: one leader's casualty die, re-rolled while the result is one fire does not keep. */
static int roll_casualty(const lb_state *s, const lb_fire_chance *o, int leader, lb_dice *dice,
                         lb_fire_casualty *c, lb_trace *t)
{
    const lb_fire_charts *fc = s->charts.fire;
    c->leader = leader;
    c->leader_id = s->units[leader].id;
    for (;;) {
        if (lb_dice_d6(dice, "leader casualty", &c->die) != 0)
            return LB_DICE;
        for (int i = 0; i < fc->ncasualty; i++)
            if (c->die >= fc->casualty[i].lo && c->die <= fc->casualty[i].hi)
                c->entry = &fc->casualty[i];
        LBI_EVENT(t, "R-FIRE-15", "(7)", EV_FIRE_CASUALTY, ev_unit_id(s->units[leader].id),
                  ev_roll(c->die), ev_text(lb_casualty_kind_name(c->entry->result)),
                  ev_text(c->entry->wound));
        lb_trace_die(t, "leader casualty", c->die);
        if (!c->entry->reroll_if_fire)
            break;
        c->rerolls++;
        LBI_EVENT(t, "R-FIRE-15", "(7)", EV_FIRE_REROLL, ev_roll(c->die));
    }
    for (int i = 0; i < c->entry->hours_out_dice; i++) {
        int d;
        if (lb_dice_d6(dice, "leader hours out", &d) != 0)
            return LB_DICE;
        c->hours += d;
        lb_trace_die(t, "leader hours out", d);
    }
    if (c->entry->hours_out_dice)
        LBI_EVENT(t, "R-FIRE-15", "(7)", EV_FIRE_HOURS_OUT, ev_unit_id(s->units[leader].id),
                  ev_int(c->hours));
    if (c->entry->hex_morale_check) {
        c->nchecks = o->nunits;
        LBI_EVENT(t, "R-FIRE-15", "(7)", EV_FIRE_HEX_CHECKS, ev_int(c->nchecks),
                  ev_int(lb_unit_bonus(&s->units[leader], "morale")));
    }
    return LB_OK;
}

/* R-FIRE-7, R-FIRE-13..15, R-DICE-2, R-DICE-3 */
int lb_fire_resolve(const lb_state *s, const lb_fire_request *rq, lb_dice *dice,
                    lb_fire_result *r, lb_trace *t)
{
    memset(r, 0, sizeof *r);
    r->generation = s->generation;
    lb_fire_chance *o = &r->odds;
    int rc = lb_fire_odds(s, rq, o, t);
    if (rc != LB_OK || !o->allowed)
        return rc;
    r->hits = calloc(o->nunits > 0 ? (size_t)o->nunits : 1, sizeof *r->hits);
    r->casualties = calloc(o->nleaders > 0 ? (size_t)o->nleaders : 1, sizeof *r->casualties);
    if (!r->hits || !r->casualties)
        return LB_NOMEM;
    if (lb_dice_roll(dice, "fire", &r->roll) != 0)
        return LB_DICE;
    r->modified = lb_roll_add(r->roll, o->modifier);
    r->loss = o->loss[lb_roll_index(r->roll)];
    LBI_EVENT(t, "R-FIRE-7", "(21)", EV_FIRE_ROLL, ev_roll(r->roll), ev_int(o->modifier),
              ev_roll(r->modified), ev_text(o->column ? o->column->label : NULL), ev_int(r->loss));
    lb_trace_roll(t, "fire", r->roll);
    lb_trace_int(t, "modified", r->modified);
    lb_trace_int(t, "loss", r->loss);

    r->nhits = o->nunits;
    for (int j = 0; j < o->nunits; j++) {
        const lb_fire_target *tu = &o->units[j];
        lb_fire_hit *h = &r->hits[j];
        h->unit = tu->unit;
        h->id = tu->id;
        h->loss = tu->loss[r->loss];
        h->eliminated = h->loss >= tu->strength;
        h->check = tu->check[r->loss];
        if (!h->loss)
            continue;
        LBI_EVENT(t, "R-FIRE-13", "(21)", EV_FIRE_HIT, ev_unit_id(s->units[tu->unit].id),
                  ev_int(h->loss), ev_int(s->units[tu->unit].losses + 1),
                  ev_int(s->units[tu->unit].losses + h->loss), ev_int(h->eliminated),
                  ev_int(h->check));
        lb_trace_text(t, "unit", s->units[tu->unit].id);
        lb_trace_int(t, "loss", h->loss);
        lb_trace_bool(t, "check", h->check);
    }
    for (int j = 0; j < r->nhits; j++) {
        lb_fire_hit *h = &r->hits[j];
        if (!h->check)
            continue;
        rc = lb_morale_resolve(s, h->unit, LB_CHECK_ORDINARY, NULL, 0, dice, &h->morale, t);
        if (rc != LB_OK)
            return rc;
    }

    const lb_fire_charts *fc = s->charts.fire;
    r->casualty = o->nleaders && fc->has_casualty && fc->casualty_fire_lo &&
                  lb_roll_index(r->roll) >= lb_roll_index(fc->casualty_fire_lo) &&
                  lb_roll_index(r->roll) <= lb_roll_index(fc->casualty_fire_hi);
    if (!r->casualty)
        return LB_OK;
    /* R-CAS-1: one of the hex's leaders, at random (none of them lent a bonus to the roll) */
    victim_dice v = {dice, t};
    int k;
    if (lbi_casualty_victim(o->nleaders, -1, victim_roll, &v, &k) != 0)
        return LB_DICE;
    if (o->nleaders > 1)
        LBI_EVENT(t, "R-CAS-1", "(7)", EV_FIRE_CASUALTY_VICTIM,
                  ev_unit_id(s->units[o->leaders[k]].id), ev_int(o->nleaders));
    return roll_casualty(s, o, o->leaders[k], dice, &r->casualties[r->ncasualties++], t);
}

void lb_fire_result_release(lb_fire_result *r)
{
    lb_fire_chance_release(&r->odds);
    free(r->hits);
    free(r->casualties);
    r->hits = NULL;
    r->casualties = NULL;
    r->nhits = r->ncasualties = 0;
}

/* ---- changing the state --------------------------------------------------------------------- */

/* Removes the units named by `gone` (ids, n of them), each found by id. */
static int remove_units(lb_state *s, const char *const *gone, int n)
{
    for (int i = 0; i < n; i++) {
        int rc = lb_state_remove_unit(s, lb_state_unit_index(s, gone[i]));
        if (rc != LB_OK)
            return rc;
    }
    return LB_OK;
}

/* R-FIRE-13, R-FIRE-15, R-FIRE-17; units by id, on the generation the fire was resolved on */
int lb_fire_apply(lb_state *s, const lb_fire_result *r)
{
    if (r->generation != s->generation)
        return LB_STALE;
    if (!r->odds.allowed)
        return LB_OK;
    for (int j = 0; j < r->nhits; j++) {
        int i = r->hits[j].id ? lb_state_unit_index(s, r->hits[j].id) : -1;
        if (i < 0 || !lb_unit_is_combat(&s->units[i]))
            return LB_INVALID;
    }
    for (int i = 0; i < r->ncasualties; i++)
        if (!r->casualties[i].leader_id || lb_state_unit_index(s, r->casualties[i].leader_id) < 0)
            return LB_INVALID;
    const char **gone = malloc(((size_t)r->nhits + (size_t)r->ncasualties + 1) * sizeof *gone);
    if (!gone)
        return LB_NOMEM;
    int ngone = 0, rc = LB_OK;
    for (int j = 0; j < r->nhits && rc == LB_OK; j++) {
        const lb_fire_hit *h = &r->hits[j];
        int i = lb_state_unit_index(s, h->id);
        lb_unit *u = &s->units[i];
        u->losses += h->loss;
        if (u->losses >= u->increments) {
            u->losses = u->increments;
            gone[ngone++] = h->id;
            continue;
        }
        if (h->check)
            rc = lbi_morale_set(s, i, &h->morale.outcome);
        /* R-FIRE-17: a line under 5 increments, a screen of 3 or fewer, stands in one hex */
        int n = lb_unit_strength(u);
        if (u->nhexes > 1 && ((u->formation == LB_FORM_LINE && n < 5) ||
                              (u->formation == LB_FORM_SKIRMISH && n <= 3)))
            u->nhexes = 1;
    }
    for (int i = 0; i < r->ncasualties; i++) {
        const lb_fire_casualty *c = &r->casualties[i];
        if (c->entry->result != LB_CASUALTY_WOUNDED || c->hours > 0)
            gone[ngone++] = c->leader_id;
    }
    if (rc == LB_OK)
        rc = remove_units(s, gone, ngone);
    free(gone);
    lb_state_touch(s);
    return rc == LB_OK ? lb_state_reindex(s) : rc;
}
