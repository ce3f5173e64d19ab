/* Zones of influence (14): each enemy's front projected into the next hexes, who stops there, who may fire, the cavalry screen's drag. */
#include <string.h>

#include "rules_types.h"
#include "state_types.h"
#include "zoi.h"
#include "move_events.h"
#include "move_charts_int.h"
#include "facing_int.h"
#include "hex_int.h"
#include "unit_int.h"

/* R-ZOI-1: carrés, routed units and leaders project no zone. */
static int projects_any(const lb_unit *e)
{
    return lb_unit_is_combat(e) && e->nhexes > 0 && e->formation != LB_FORM_CARRE &&
           e->state != LB_STATE_ROUTED;
}

/* R-ZOI-1: no zone crosses a hexside prohibited to the projecting unit's arm. */
static int crosses(const lb_state *st, lb_hex h, int dir, lb_arm arm)
{
    int t = lb_map_hexside(&st->map, h, dir);
    return t < 0 || st->charts.hexsides[t].move[arm] != LB_MOVE_PROHIBITED;
}

static int is_screen(const lb_unit *e)
{
    return e->arm == LB_ARM_CAVALRY && e->formation == LB_FORM_SKIRMISH &&
           e->state != LB_STATE_ROUTED;
}

static void mark(const lb_map *m, unsigned char *cells, lb_hex h, unsigned bits)
{
    if (lb_map_contains(m, h))
        cells[lb_map_cell(m, h)] |= (unsigned char)bits;
}

/* R-ZOI-5: every hex within 2 of a screen's hexes. */
static void mark_drag(const lb_map *m, unsigned char *cells, lb_hex h)
{
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        lb_hex n = lb_hex_neighbor(h, d);
        mark(m, cells, n, LB_ZOI_DRAG_NEAR);
        for (int e = 0; e < LB_DIR_COUNT; e++)
            mark(m, cells, lb_hex_neighbor(n, e), LB_ZOI_DRAG_FAR);
    }
}

void lb_zoi_map(const lb_state *st, int side, unsigned char *cells)
{
    lb_zoi_map_within(st, side, (lb_hex){1, 1}, -1, cells);
}

/* The nearest of the unit's hexes to h, in hexes. */
static int distance_to(const lb_unit *e, lb_hex h)
{
    int best = lb_hex_distance(e->hexes[0], h);
    for (int k = 1; k < e->nhexes; k++) {
        int d = lb_hex_distance(e->hexes[k], h);
        best = d < best ? d : best;
    }
    return best;
}

void lb_zoi_map_within(const lb_state *st, int side, lb_hex center, int radius,
                       unsigned char *cells)
{
    const lb_map *m = &st->map;
    memset(cells, 0, (size_t)m->cols * (size_t)m->rows);
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *e = &st->units[i];
        if (e->side == side || !lb_unit_is_combat(e) || e->nhexes == 0 ||
            (radius >= 0 && distance_to(e, center) > radius))
            continue;
        if (e->arm == LB_ARM_INFANTRY && e->formation == LB_FORM_CARRE) {
            /* 28.5: a carré's opportunity fire reaches its own hex and the six around it */
            for (int k = 0; k < e->nhexes; k++) {
                mark(m, cells, e->hexes[k], LB_ZOI_CARRE);
                for (int d = 0; d < LB_DIR_COUNT; d++)
                    mark(m, cells, lb_hex_neighbor(e->hexes[k], d), LB_ZOI_CARRE);
            }
            continue;
        }
        if (is_screen(e))
            for (int k = 0; k < e->nhexes; k++)
                mark_drag(m, cells, e->hexes[k]);
        if (!projects_any(e))
            continue;
        unsigned bits = LB_ZOI_ENEMY | (e->arm == LB_ARM_CAVALRY ? LB_ZOI_CAVALRY : 0);
        for (int k = 0; k < e->nhexes; k++) {
            unsigned front;
            lb_facing_arcs(e, k, &front, NULL, NULL);
            for (int d = 0; d < LB_DIR_COUNT; d++)
                if ((front & (1u << d)) && crosses(st, e->hexes[k], d, e->arm))
                    mark(m, cells, lb_hex_neighbor(e->hexes[k], d), bits);
        }
    }
}

int lb_zoi_projects(const lb_state *st, int unit, lb_hex h)
{
    const lb_unit *e = &st->units[unit];
    if (!projects_any(e))
        return 0;
    for (int k = 0; k < e->nhexes; k++) {
        int d = lb_hex_dir_to(e->hexes[k], h);
        if (d >= 0 && lb_facing_side(e, k, d) == LB_SIDE_FRONT && crosses(st, e->hexes[k], d, e->arm))
            return 1;
    }
    return 0;
}

void lb_zoi_trace(const lb_state *st, int side, lb_hex h, lb_trace *t)
{
    if (!t)
        return;
    lb_event_arg hex = mv_ev_hex(st, h);
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *e = &st->units[i];
        if (e->side == side || !lb_unit_is_combat(e))
            continue;
        int k = 0, d = -1;
        while (k < e->nhexes && (d = lb_hex_dir_to(e->hexes[k], h)) < 0)
            k++;
        if (d < 0)
            continue; /* not next to h */
        lb_event_arg id = ev_unit_id(e->id), at = mv_ev_hex(st, e->hexes[k]);
        if (!projects_any(e)) {
            LBI_EVENT(t, "R-ZOI-1", "(14)", EV_MOVE_ZOI_NONE, hex, id, at,
                      ev_int(e->formation == LB_FORM_CARRE));
            continue;
        }
        lb_side_class cls = lb_facing_side(e, k, d);
        if (cls == LB_SIDE_FRONT && !crosses(st, e->hexes[k], d, e->arm)) {
            LBI_EVENT(t, "R-ZOI-1", "(14)", EV_MOVE_ZOI_PROHIBITED, hex, id, at,
                      ev_text(lb_arm_name(e->arm)));
            continue;
        }
        LBI_EVENT(t, "R-FORM-1", "(13)", EV_MOVE_ZOI_HEXSIDE, hex, ev_text(lb_hex_dir_name(d)),
                  ev_text(lb_side_class_name(cls)), id, ev_text(lb_formation_name(e->formation)),
                  at, ev_int(e->facing), ev_int(cls == LB_SIDE_FRONT),
                  ev_int(e->arm == LB_ARM_CAVALRY));
    }
}

static int carre_reaches(const lb_unit *e, lb_hex h)
{
    if (e->arm != LB_ARM_INFANTRY || e->formation != LB_FORM_CARRE)
        return 0;
    for (int k = 0; k < e->nhexes; k++)
        if (lb_hex_distance(e->hexes[k], h) <= 1)
            return 1;
    return 0;
}

int lb_zoi_owners(const lb_state *st, int side, lb_hex h, int *out, int max)
{
    int n = 0;
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *e = &st->units[i];
        if (e->side == side || !lb_unit_is_combat(e))
            continue;
        if (lb_zoi_projects(st, i, h) || carre_reaches(e, h)) {
            if (n < max)
                out[n] = i;
            n++;
        }
    }
    return n;
}

int lb_zoi_horse(const lb_state *st, const lb_unit *u)
{
    if (u->arm == LB_ARM_CAVALRY)
        return 1;
    const lb_move_charts *mc = st->charts.move;
    return u->arm == LB_ARM_ARTILLERY && mc &&
           lb_move_charts_class_in(mc->horse_artillery, mc->nhorse_artillery, u->cls);
}

int lb_zoi_stops(const lb_state *st, const lb_unit *u, unsigned bits)
{
    if (!lb_unit_is_combat(u))
        return 0;
    return lb_zoi_horse(st, u) ? (bits & LB_ZOI_CAVALRY) != 0 : (bits & LB_ZOI_ENEMY) != 0;
}

static int drag_of(const lb_move_charts *mc, unsigned bits)
{
    return bits & LB_ZOI_DRAG_NEAR ? mc->drag_adjacent : bits & LB_ZOI_DRAG_FAR ? mc->drag_two : 0;
}

int lb_zoi_drag(const lb_state *st, const lb_unit *u, unsigned from, unsigned to)
{
    const lb_move_charts *mc = st->charts.move;
    if (u->arm != LB_ARM_INFANTRY || !mc)
        return 0;
    int a = drag_of(mc, from), b = drag_of(mc, to);
    return 2 * (a > b ? a : b);
}
