/* Reinforcements (45): a unit entering the map at an edge hex, its first step's cost, where else it may enter. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/formation.h"
#include "move_int.h"

static int on_edge(const lb_map *m, lb_hex h)
{
    return h.col == 1 || h.row == 1 || h.col == m->cols || h.row == m->rows;
}

/* A copy of st with u added at hex h (its strings borrowed); NULL when out of memory. */
static lb_state *with_unit(const lb_state *st, const lb_unit *u, lb_hex h, lb_formation f)
{
    lb_state *w = lb_state_clone(st);
    lb_unit *units = w ? lb_arena_calloc(w->arena, (size_t)st->nunits + 1, sizeof *units) : NULL;
    if (!units) {
        lb_state_free(w);
        return NULL;
    }
    memcpy(units, w->units, (size_t)w->nunits * sizeof *units);
    lb_unit *n = &units[w->nunits];
    *n = *u;
    n->hexes[0] = h;
    n->nhexes = 1;
    n->formation = f;
    memset(&n->move, 0, sizeof n->move);
    n->move.start_formation = f;
    n->move.start_state = u->state;
    w->units = units;
    w->nunits++;
    if (lb_state_reindex(w) != LB_OK) {
        lb_state_free(w);
        return NULL;
    }
    return w;
}

/* Is h free for an entry: no enemy unit, no enemy zone (45)? */
static int free_entry(const lb_state *st, int side, const unsigned char *zoi, lb_hex h)
{
    const int *idx;
    int n = lb_state_units_at(st, h, &idx);
    for (int i = 0; i < n; i++)
        if (st->units[idx[i]].side != side)
            return 0;
    return !(zoi[lb_map_cell(&st->map, h)] & LB_ZOI_ENEMY);
}

/* R-MOV-17: the open edge hexes within band hexes of at, nearest first then by label. */
static int alternatives(const lb_state *st, int side, const unsigned char *zoi, lb_hex at,
                        int lo, int hi, lb_hex *out, int max)
{
    int n = 0;
    const lb_map *m = &st->map;
    for (int d = lo; d <= hi; d++)
        for (int col = 1; col <= m->cols; col++)
            for (int row = 1; row <= m->rows; row++) {
                lb_hex h = {col, row};
                if (lb_hex_distance(h, at) == d && on_edge(m, h) && free_entry(st, side, zoi, h) &&
                    n < max)
                    out[n++] = h;
            }
    return n;
}

/* RF45-3: the formation u enters in at a hex of terrain t, or -1 with why. */
static int entry_formation(const lb_state *st, const lb_unit *u, lb_hex at, const char **why)
{
    int t = st->map.terrain[lb_map_cell(&st->map, at)];
    const lb_terrain_type *tt = &st->charts.terrain[t];
    int road = st->charts.move->road_march_move[t] >= 0 && !tt->general_order;
    lb_formation f = u->formation;
    if (u->arm == LB_ARM_LEADER)
        return f;
    if (f == LB_FORM_UNLIMBERED) {
        *why = "artillery enters limbered";
        return -1;
    }
    if (u->arm == LB_ARM_ARTILLERY)
        return f;
    if (tt->general_order) {
        if (f == LB_FORM_COLUMN || f == LB_FORM_ROAD || f == LB_FORM_GENERAL)
            return LB_FORM_GENERAL;
        if (f == LB_FORM_SKIRMISH)
            return f;
        *why = "in general-order terrain it enters in general order or skirmish order";
        return -1;
    }
    if (road) {
        if (f == LB_FORM_COLUMN || f == LB_FORM_CARRE || f == LB_FORM_ROAD)
            return f;
        *why = "on a road it enters in column, carré or road march";
        return -1;
    }
    if (f == LB_FORM_ROAD || f == LB_FORM_GENERAL) {
        *why = "off the roads it enters in any formation but road march and general order";
        return -1;
    }
    return f;
}

__attribute__((format(printf, 4, 5))) static int refuse(lb_move_entry *out, const char *rule,
                                                        lb_trace *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out->reason, sizeof out->reason, fmt, ap);
    va_end(ap);
    out->legal = 0;
    out->rule = rule;
    lb_trace_add(t, rule, out->section, "%s", out->reason);
    lb_trace_bool(t, "legal", 0);
    return LB_OK;
}

/* R-MOV-17 */
int lb_move_entry_check(const lb_state *st, const lb_unit *u, lb_hex at, lb_move_entry *out,
                        lb_trace *t)
{
    memset(out, 0, sizeof *out);
    out->generation = st->generation;
    out->section = "(45)";
    out->hex = at;
    out->formation = u->formation;
    const lb_map *m = &st->map;
    const lb_move_charts *mc = st->charts.move;
    char label[LB_HEX_LABEL_MAX];
    lb_map_label(m, at, label);
    if (!lb_map_contains(m, at) || !on_edge(m, at))
        return refuse(out, "R-MOV-17", t, "%s enters at a hex on the map's edge, not %s", u->id,
                      label);
    if (u->nhexes > 1)
        return refuse(out, "R-MOV-17", t, "%s enters in one hex: a %s deploys once on the map",
                      u->id, lb_formation_name(u->formation));
    unsigned char *zoi = malloc((size_t)m->cols * (size_t)m->rows);
    if (!zoi)
        return LB_NOMEM;
    lb_zoi_map(st, u->side, zoi);
    if (!free_entry(st, u->side, zoi, at)) {
        out->nalternatives = alternatives(st, u->side, zoi, at, 1, mc->entry_band,
                                          out->alternatives, LB_MOVE_ENTRY_ALTERNATIVES);
        if (!out->nalternatives) {
            out->delayed = 1;
            out->nalternatives = alternatives(st, u->side, zoi, at, mc->entry_band + 1,
                                              2 * mc->entry_band, out->alternatives,
                                              LB_MOVE_ENTRY_ALTERNATIVES);
        }
        free(zoi);
        return refuse(out, "R-MOV-17", t, "%s holds the enemy or lies in an enemy zone of "
                      "influence: %s enters within %d hexes of it%s", label, u->id,
                      out->delayed ? 2 * mc->entry_band : mc->entry_band,
                      out->delayed ? ", a turn later" : "");
    }
    free(zoi);
    int t_at = m->terrain[lb_map_cell(m, at)];
    lb_arm arm = lbi_mv_cost_arm(u);
    int whole = st->charts.terrain[t_at].move[arm];
    if (whole == LB_MOVE_PROHIBITED)
        return refuse(out, "R-MOV-4", t, "%s is prohibited to %s", label, lb_arm_name(arm));
    const char *why = NULL;
    int f = entry_formation(st, u, at, &why);
    if (f < 0)
        return refuse(out, "R-MOV-17", t, "%s in %s: %s (45)", u->id, label, why);
    int lo, hi;
    lb_formation_span(st, u, (lb_formation)f, &lo, &hi);
    if (lb_unit_is_combat(u) && lo > 1)
        return refuse(out, "R-MOV-17", t, "%s enters in one hex: a %s of %d increments stands in "
                      "%d, so it deploys once on the map", u->id, lb_formation_name((lb_formation)f),
                      lb_unit_strength(u), lo);
    out->formation = (lb_formation)f;
    out->cost = f == LB_FORM_ROAD && mc->road_march_move[t_at] >= 0 ? mc->road_march_move[t_at]
                                                                    : 2 * whole;
    lb_state *w = with_unit(st, u, at, out->formation);
    if (!w)
        return LB_NOMEM;
    mv_ctx c;
    if (lbi_mv_ctx_init(&c, w, w->nunits - 1, t) != LB_OK) {
        lb_state_free(w);
        return LB_NOMEM;
    }
    out->allowance = c.allowance;
    const char *rule = NULL;
    char text[LB_MOVE_REASON_MAX];
    int fits = lbi_mv_fits(&c, &at, 1, out->formation, 0, 0, &rule, text, NULL, NULL);
    lbi_mv_ctx_release(&c);
    lb_state_free(w);
    if (!fits)
        return refuse(out, rule, t, "%s", text);
    if (out->cost > out->allowance)
        return refuse(out, "R-MOV-17", t, "entering %s costs %d/2 MP and %s has %d/2", label,
                      out->cost, u->id, out->allowance);
    out->legal = 1;
    out->rule = "R-MOV-17";
    lb_trace_add(t, "R-MOV-17", "(45)", "%s enters the map at %s in %s, its first step: %d/2 MP",
                 u->id, label, lb_formation_name(out->formation), out->cost);
    lb_trace_int(t, "cost_halves", out->cost);
    return LB_OK;
}

static char *dup(lb_arena *a, const char *s, int *bad)
{
    if (!s)
        return NULL;
    char *d = lb_arena_strdup(a, s);
    *bad |= !d;
    return d;
}

int lb_move_entry_apply(lb_state *st, const lb_unit *u, const lb_move_entry *e)
{
    if (!e->legal || !u->id || lb_state_unit_index(st, u->id) >= 0)
        return LB_INVALID;
    if (e->generation != st->generation)
        return LB_STALE;
    lb_unit *units = lb_arena_calloc(st->arena, (size_t)st->nunits + 1, sizeof *units);
    if (!units)
        return LB_NOMEM;
    memcpy(units, st->units, (size_t)st->nunits * sizeof *units);
    lb_unit *n = &units[st->nunits];
    *n = *u;
    int bad = 0;
    n->id = dup(st->arena, u->id, &bad);
    n->name = dup(st->arena, u->name, &bad);
    n->nation = dup(st->arena, u->nation, &bad);
    n->cls = dup(st->arena, u->cls, &bad);
    n->attached = NULL;
    if (n->nbonus) {
        lb_bonus *bonus = lb_arena_calloc(st->arena, (size_t)n->nbonus, sizeof *bonus);
        if (!bonus)
            return LB_NOMEM;
        for (int i = 0; i < n->nbonus; i++)
            bonus[i] = (lb_bonus){dup(st->arena, u->bonus[i].key, &bad), u->bonus[i].value};
        n->bonus = bonus;
    }
    if (bad)
        return LB_NOMEM;
    n->hexes[0] = e->hex;
    n->nhexes = 1;
    n->formation = e->formation;
    memset(&n->move, 0, sizeof n->move);
    n->move.start_formation = e->formation;
    n->move.start_state = u->state;
    n->move.spent = e->cost;
    n->move.actions = n->move.steps = 1;
    st->units = units;
    st->nunits++;
    lb_state_touch(st);
    return lb_state_reindex(st);
}
