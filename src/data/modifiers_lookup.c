/* Chart conditions and modifiers read in a situation: whether a condition holds, what a modifier is worth (docs/charts-format.md 10). */
#include <string.h>

#include "lb/core.h"
#include "state_types.h"
#include "state_int.h"
#include "dice_int.h"
#include "trace_int.h"
#include "chart_events.h"
#include "modifiers_int.h"
#include "unit_int.h"

static int in_list(const char *s, const char **list, int n)
{
    for (int i = 0; s && i < n; i++)
        if (strcmp(s, list[i]) == 0)
            return 1;
    return 0;
}

/* 10.2 leader: a friendly leader in any hex of the unit, with the bonus or name asked. */
static int leader_holds(const lb_state *s, const lb_predicate *p, const lb_unit *u)
{
    for (int k = 0; k < u->nhexes; k++) {
        const int *idx;
        int n = lb_state_units_at(s, u->hexes[k], &idx);
        for (int i = 0; i < n; i++) {
            const lb_unit *l = &s->units[idx[i]];
            if (l->arm != LB_ARM_LEADER || l->side != u->side)
                continue;
            if (p->leader_key && lb_unit_bonus(l, p->leader_key) == 0)
                continue;
            if (p->leader_named && (!l->name || strcmp(l->name, p->leader_named) != 0))
                continue;
            return 1;
        }
    }
    return 0;
}

/* 10.2 what the unit is: its arm, formation, state, readiness, nation, class, weight, lance. */
static int kind_holds(const lb_predicate *p, const lb_unit *u)
{
    if ((p->arms && !(p->arms & (1u << u->arm))) ||
        (p->formations && !(p->formations & (1u << u->formation))) ||
        (p->states && !(p->states & (1u << u->state))) ||
        (p->readiness && !(p->readiness & (1u << u->readiness))))
        return 0;
    if ((p->nnations && !in_list(u->nation, p->nations, p->nnations)) ||
        (p->nclasses && !in_list(u->cls, p->classes, p->nclasses)))
        return 0;
    /* rules-combat 35.4: light cavalry has a printed movement of 13 or more */
    if (p->weight && (u->arm != LB_ARM_CAVALRY || (p->weight == 1) != (u->movement >= 13)))
        return 0;
    return !(p->lance && u->lance <= 0);
}

/* 10.2 terrain: the terrain of the unit's first hex is one of the listed. */
static int terrain_holds(const lb_state *s, const lb_predicate *p, const lb_unit *u)
{
    if (!p->nterrain)
        return 1;
    const lb_map *m = &s->map;
    int t = lb_map_contains(m, u->hexes[0]) ? m->terrain[lb_map_cell(m, u->hexes[0])] : -1;
    for (int i = 0; i < p->nterrain; i++)
        if (p->terrain[i] == t)
            return 1;
    return 0;
}

/* 10.2 what the unit has been through: its morale range, losses, fire loss, readiness kept. */
static int condition_of_unit_holds(const lb_predicate *p, const lb_unit *u, int fire_lost,
                                   int preserve)
{
    if (p->preserve_readiness && !preserve)
        return 0; /* only a melee may choose to keep readiness (36.5): its context says so */
    if (p->morale_lo && (lb_roll_index(u->morale) < lb_roll_index(p->morale_lo) ||
                         lb_roll_index(u->morale) > lb_roll_index(p->morale_hi)))
        return 0;
    if (p->losses_den &&
        (long long)u->losses * p->losses_den < (long long)p->losses_num * u->increments)
        return 0;
    return !(p->fire_loss && fire_lost <= 0);
}

static int predicate_holds(const lb_state *s, const lb_predicate *p, int unit, int fire_lost,
                           int preserve)
{
    if (unit < 0 || unit >= s->nunits)
        return 0;
    const lb_unit *u = &s->units[unit];
    if (!kind_holds(p, u) || !terrain_holds(s, p, u) ||
        !condition_of_unit_holds(p, u, fire_lost, preserve))
        return 0;
    if ((p->leader || p->leader_named) && !leader_holds(s, p, u))
        return 0;
    return !p->leader_rank; /* rank is not a scenario key yet (10.2) */
}

int lb_condition_holds(const lb_state *s, const lb_condition *c, const lb_modifier_ctx *x)
{
    if (c->attacker &&
        !predicate_holds(s, c->attacker, x->attacker, x->attacker_fire_loss, x->attacker_preserve))
        return 0;
    if (c->defender &&
        !predicate_holds(s, c->defender, x->defender, x->defender_fire_loss, x->defender_preserve))
        return 0;
    if (c->unit && !predicate_holds(s, c->unit, x->unit, 0, 0))
        return 0;
    /* R-CHG-13: through and across are read at the hexside of contact only */
    if (c->through && (!x->contact || x->through != c->through))
        return 0;
    if (c->across && (!x->contact || !(c->across & x->across)))
        return 0;
    if ((c->uphill && !x->uphill) || (c->charge_straight && !x->charge_straight) ||
        (c->recall_failed && !x->recall_failed))
        return 0;
    return 1;
}

int lb_modifiers_per(lb_modifier_per per, const lb_modifier_ctx *x)
{
    switch (per) {
    case LB_PER_NONE: return 1;
    case LB_PER_DEFENDER_LEVEL: return x->defender_level;
    case LB_PER_ATTACKER_LEVEL: return x->attacker_level;
    case LB_PER_ATTACKER_FIRE_LOSS: return x->attacker_fire_loss;
    case LB_PER_DEFENDER_FIRE_LOSS: return x->defender_fire_loss;
    }
    return 0;
}

int lb_modifiers_read(const lb_state *s, const lb_modifier_table *t, const lb_modifier_ctx *x,
                      lb_modifier_hit *hits, int *nhits, const char *rule, const char *section,
                      lb_trace *tr)
{
    unsigned long long applies = 0, replaced = 0;
    for (int i = 0; i < t->n; i++)
        if (lb_condition_holds(s, &t->entries[i].when, x)) {
            applies |= 1ull << i;
            replaced |= t->entries[i].replaces;
        }
    int total = 0;
    *nhits = 0;
    for (int i = 0; i < t->n; i++) {
        if (!(applies & (1ull << i)) || (replaced & (1ull << i)))
            continue;
        const lb_modifier *m = &t->entries[i];
        int value = m->mod * lb_modifiers_per(m->per, x);
        hits[(*nhits)++] = (lb_modifier_hit){m, value};
        total += value;
        LBI_EVENT(tr, rule, section, EV_CHARTS_MODIFIER, ev_text(t->key), ev_text(m->id),
                  ev_int(value), ev_int(m->uncertain != NULL));
        if (m->uncertain)
            lb_trace_text(tr, "uncertain", m->uncertain);
        lb_trace_int(tr, "modifier", value);
    }
    return total;
}
