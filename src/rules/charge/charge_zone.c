/* The zone of a non-phasing cavalry unit (39.1, R-RCH-1, R-OCH-1): whether it may be asked to react to an enemy charger or to charge an enemy mover at a hex, with its trace. */
#include "charge_zone_int.h"

#include "charge_events.h"
#include "charge_move.h"
#include "facing_int.h"
#include "hex_int.h"
#include "los.h"
#include "trace_int.h"
#include "los_int.h"

/* R-RCH-4: light cavalry (printed MP 13 or more, 35.4) reaches 6 hexes, heavy 4 [R-RCH-1, project
 * ruling from the series' sequence-of-play cards]. */
#define ZONE_LIGHT 6
#define ZONE_HEAVY 4

/* R-RCH-1: `at` lies in front of the front hexsides of u's hex: the line from its centre leaves
 * the hex through a front hexside, or along the corner between two front hexsides (as R-FIRE-8
 * reads (13) for a line of fire). */
static int in_front(const lb_unit *u, lb_hex at)
{
    lb_hex from = u->hexes[0];
    if (lb_hex_eq(from, at))
        return 0;
    unsigned front;
    lb_facing_arcs(u, 0, &front, NULL, NULL);
    lb_line_step steps[2];
    lb_hex_line(from, at, steps, 2);
    if (steps[1].kind == LB_LINE_CROSS)
        return (front >> lb_hex_dir_to(from, steps[1].b)) & 1u;
    return (front >> lb_hex_dir_to(from, steps[1].a)) & (front >> lb_hex_dir_to(from, steps[1].b)) &
           1u;
}

/* Why the zone of u does not hold `at`, before the line of sight is asked. */
static lbi_zone_why first_why(const lb_unit *u, lb_hex at, int mover_side, int used,
                              const lbi_zone *z)
{
    if (u->arm != LB_ARM_CAVALRY || u->side == mover_side)
        return LBI_ZONE_NOT_CAVALRY;
    if (u->state != LB_STATE_GOOD)
        return LBI_ZONE_NOT_GOOD;
    if (u->readiness == LB_READY_EXHAUSTED)
        return LBI_ZONE_EXHAUSTED;
    if (used)
        return LBI_ZONE_USED;
    if (u->nhexes != 1)
        return LBI_ZONE_HEXES;
    if (z->distance > z->extent)
        return LBI_ZONE_FAR;
    if (!in_front(u, at))
        return LBI_ZONE_BEHIND;
    return LBI_ZONE_IN;
}

int lbi_charge_zone(const lb_state *st, int cav, lb_hex at, int mover_side, lbi_zone_kind kind,
                    int used, lbi_zone *out, lb_trace *t)
{
    const lb_unit *u = &st->units[cav];
    const char *rule = kind == LBI_ZONE_REACTION ? "R-RCH-1" : "R-OCH-1";
    const char *section = kind == LBI_ZONE_REACTION ? "(39)" : "(40)";
    int light = lbi_mv_is_light(u);
    *out = (lbi_zone){.distance = lb_hex_distance(u->hexes[0], at),
                      .extent = light ? ZONE_LIGHT : ZONE_HEAVY};
    out->why = first_why(u, at, mover_side, used, out);
    if (out->why == LBI_ZONE_IN) {
        lb_los_result los;
        if (lb_los_check(st, u->hexes[0], at, u->side, &los, NULL) != LB_OK)
            return LB_NOMEM;
        if (!los.visible)
            out->why = LBI_ZONE_UNSEEN;
        lb_los_result_release(&los);
    }
    out->in = out->why == LBI_ZONE_IN;
    if (out->why == LBI_ZONE_EXHAUSTED) /* 39.3, 40.2 */
        rule = kind == LBI_ZONE_OPPORTUNITY ? "R-OCH-2" : "R-RCH-2";
    char label[LB_HEX_LABEL_MAX];
    lb_event_arg hex = lbi_ev_label(lb_map_label(&st->map, at, label));
    if (out->in)
        LBI_EVENT(t, rule, section, EV_CHARGE_ZONE_IN, ev_unit_id(u->id), hex,
                  ev_phrase(CHARGE_PH_ZONE_KIND, kind), ev_int(light), ev_int(out->distance),
                  ev_int(out->extent));
    else
        LBI_EVENT(t, rule, section, EV_CHARGE_ZONE_OUT, ev_unit_id(u->id), hex,
                  ev_phrase(CHARGE_PH_ZONE_KIND, kind), ev_phrase(CHARGE_PH_ZONE_WHY, out->why),
                  ev_int(out->distance), ev_int(out->extent));
    return LB_OK;
}
