/* Reinforcements (45): a unit entering the map at an edge hex, its first step's cost, where else it may enter. */
#include <stdlib.h>
#include <string.h>

#include "rules_types.h"
#include "move_int.h"
#include "arena_int.h"
#include "trace_int.h"
#include "state_int.h"
#include "formation_int.h"
#include "zoi.h"
#include "hex_int.h"
#include "unit_int.h"

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

/* An edge hex's place on the map's rim, clockwise from 0101: the top row, the last column, the
 * bottom row back, the first column up. */
static int rim_place(const lb_map *m, lb_hex h)
{
    int w = m->cols - 1, d = m->rows - 1;
    if (h.row == 1)
        return h.col - 1;
    if (h.col == m->cols)
        return w + h.row - 1;
    if (h.row == m->rows)
        return w + d + m->cols - h.col;
    return 2 * w + d + m->rows - h.row;
}

/* R-MOV-17 (A45-2): hexes between two edge hexes counted along the map's edge, either way round;
 * a map one hex wide or high is its own edge, counted straight. */
static int edge_distance(const lb_map *m, lb_hex a, lb_hex b)
{
    if (m->cols == 1 || m->rows == 1)
        return lb_hex_distance(a, b);
    int rim = 2 * (m->cols - 1) + 2 * (m->rows - 1);
    int d = abs(rim_place(m, a) - rim_place(m, b));
    return d < rim - d ? d : rim - d;
}

/* R-MOV-17: the open edge hexes within band hexes of at along the edge, nearest first then by
 * label. */
static int alternatives(const lb_state *st, int side, const unsigned char *zoi, lb_hex at,
                        int lo, int hi, lb_hex *out, int max)
{
    int n = 0;
    const lb_map *m = &st->map;
    for (int d = lo; d <= hi; d++)
        for (int col = 1; col <= m->cols; col++)
            for (int row = 1; row <= m->rows; row++) {
                lb_hex h = {col, row};
                if (on_edge(m, h) && edge_distance(m, h, at) == d &&
                    free_entry(st, side, zoi, h) && n < max)
                    out[n++] = h;
            }
    return n;
}

/* RF45-3: the formation u enters in at a hex of terrain t, or -1 with why. */
static int entry_formation(const lb_state *st, const lb_unit *u, lb_hex at,
                           enum move_entry_formation *why)
{
    int t = st->map.terrain[lb_map_cell(&st->map, at)];
    const lb_terrain_type *tt = &st->charts.terrain[t];
    int road = st->charts.move->road_march_move[t] >= 0 && !tt->general_order;
    lb_formation f = u->formation;
    if (u->arm == LB_ARM_LEADER)
        return f;
    if (f == LB_FORM_UNLIMBERED) {
        *why = MOVE_ENTRY_LIMBERED;
        return -1;
    }
    if (u->arm == LB_ARM_ARTILLERY)
        return f;
    if (tt->general_order) {
        if (f == LB_FORM_COLUMN || f == LB_FORM_ROAD || f == LB_FORM_GENERAL)
            return LB_FORM_GENERAL;
        if (f == LB_FORM_SKIRMISH)
            return f;
        *why = MOVE_ENTRY_GENERAL;
        return -1;
    }
    if (road) {
        if (f == LB_FORM_COLUMN || f == LB_FORM_CARRE || f == LB_FORM_ROAD)
            return f;
        *why = MOVE_ENTRY_ROAD;
        return -1;
    }
    if (f == LB_FORM_ROAD || f == LB_FORM_GENERAL) {
        *why = MOVE_ENTRY_OPEN;
        return -1;
    }
    return f;
}

/* A refusal (what it says is in out->why): traced. LB_OK. */
static int refused(lb_move_entry *out, const char *rule, lb_trace *t)
{
    out->legal = 0;
    out->rule = rule;
    mv_trace_said(t, rule, out->section, &out->why);
    lb_trace_bool(t, "legal", 0);
    return LB_OK;
}

#define REFUSE(out, rule, t, ...) (LBI_SAY(&(out)->why, __VA_ARGS__), refused((out), (rule), (t)))

/* R-MOV-17: a hex on the map's edge free of the enemy and its zones, or the nearest that are
 * (a turn later when they lie in the wider band). LB_OK (refused in out) or LB_NOMEM. */
static int entry_hex(const lb_state *st, const lb_unit *u, lb_hex at, lb_move_entry *out,
                     int *open, lb_trace *t)
{
    const lb_map *m = &st->map;
    const lb_move_charts *mc = st->charts.move;
    *open = 0;
    if (!lb_map_contains(m, at) || !on_edge(m, at))
        return REFUSE(out, "R-MOV-17", t, EV_MOVE_ENTRY_EDGE, ev_unit_id(u->id),
                      mv_ev_hex(st, at));
    if (u->nhexes > 1)
        return REFUSE(out, "R-MOV-17", t, EV_MOVE_ENTRY_DEPLOYED, ev_unit_id(u->id),
                      ev_text(lb_formation_name(u->formation)));
    unsigned char *zoi = malloc((size_t)m->cols * (size_t)m->rows);
    if (!zoi)
        return LB_NOMEM;
    lb_zoi_map(st, u->side, zoi);
    *open = free_entry(st, u->side, zoi, at);
    if (!*open) {
        out->nalternatives = alternatives(st, u->side, zoi, at, 1, mc->entry_band,
                                          out->alternatives, LB_MOVE_ENTRY_ALTERNATIVES);
        if (!out->nalternatives) {
            out->delayed = 1;
            out->nalternatives = alternatives(st, u->side, zoi, at, mc->entry_band + 1,
                                              2 * mc->entry_band, out->alternatives,
                                              LB_MOVE_ENTRY_ALTERNATIVES);
        }
        REFUSE(out, "R-MOV-17", t, EV_MOVE_ENTRY_BLOCKED, mv_ev_hex(st, at), ev_unit_id(u->id),
               ev_int(out->delayed ? 2 * mc->entry_band : mc->entry_band), ev_int(out->delayed));
    }
    free(zoi);
    return LB_OK;
}

/* RF45-3, R-MOV-4: the terrain of the entry hex, open to the unit's arm, and the formation it
 * enters in there, in one hex. 1 when it may. */
static int entry_terrain(const lb_state *st, const lb_unit *u, lb_hex at, lb_move_entry *out,
                         lb_trace *t)
{
    lb_arm arm = lbi_mv_cost_arm(u);
    if (st->charts.terrain[st->map.terrain[lb_map_cell(&st->map, at)]].move[arm] ==
        LB_MOVE_PROHIBITED)
        return REFUSE(out, "R-MOV-4", t, EV_MOVE_ENTRY_PROHIBITED, mv_ev_hex(st, at),
                      ev_text(lb_arm_name(arm)));
    enum move_entry_formation why = MOVE_ENTRY_LIMBERED;
    int f = entry_formation(st, u, at, &why);
    if (f < 0)
        return REFUSE(out, "R-MOV-17", t, EV_MOVE_ENTRY_FORMATION, ev_unit_id(u->id),
                      mv_ev_hex(st, at), ev_phrase(MOVE_PH_ENTRY, why));
    int lo, hi;
    lb_formation_span(st, u, (lb_formation)f, &lo, &hi);
    if (lb_unit_is_combat(u) && lo > 1)
        return REFUSE(out, "R-MOV-17", t, EV_MOVE_ENTRY_SPAN, ev_unit_id(u->id),
                      ev_text(lb_formation_name((lb_formation)f)), ev_int(lb_unit_strength(u)),
                      ev_int(lo));
    out->formation = (lb_formation)f;
    return 1;
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
    int open;
    int rc = entry_hex(st, u, at, out, &open, t);
    if (rc != LB_OK || !open || !entry_terrain(st, u, at, out, t))
        return rc;
    int t_at = m->terrain[lb_map_cell(m, at)];
    int rate = lb_move_road_rate(st, lb_map_cell(m, at));
    out->cost = out->formation == LB_FORM_ROAD && rate >= 0
                    ? rate
                    : 2 * st->charts.terrain[t_at].move[lbi_mv_cost_arm(u)];
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
    lb_said why;
    int fits = lbi_mv_fits(&c, &at, 1, out->formation, 0, 0, &rule, &why, NULL, NULL);
    lbi_mv_ctx_release(&c);
    lb_state_free(w);
    if (!fits) {
        out->why = why;
        return refused(out, rule, t);
    }
    if (out->cost > out->allowance)
        return REFUSE(out, "R-MOV-17", t, EV_MOVE_ENTRY_DEAR, mv_ev_hex(st, at), ev_int(out->cost),
                      ev_unit_id(u->id), ev_int(out->allowance));
    out->legal = 1;
    out->rule = "R-MOV-17";
    LBI_EVENT(t, "R-MOV-17", "(45)", EV_MOVE_ENTERS_MAP, ev_unit_id(u->id), mv_ev_hex(st, at),
              ev_text(lb_formation_name(out->formation)), ev_int(out->cost));
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
