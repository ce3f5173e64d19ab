/* The view's zones of a cavalry question: for a reaction or opportunity-charge question, every hex of the map each cavalry unit it offers has in its zone (extent, front, line of sight: R-RCH-1, R-RCH-4, R-OCH-1), so that a page shades only those (R-WEB-18). */
#include <jansson.h>
#include <string.h>

#include "game_int.h"
#include "charge_zone_int.h"
#include "hex_int.h"
#include "state_int.h"

/* The hexes of cavalry c's zone of kind, in cell order, as labels; NULL out of memory. */
static json_t *zone_of(const lb_state *st, int c, lbi_zone_kind kind)
{
    json_t *hexes = json_array();
    int cells = st->map.cols * st->map.rows;
    char label[LB_HEX_LABEL_MAX];
    for (int cell = 0; hexes && cell < cells; cell++) {
        lb_hex h = lb_map_hex(&st->map, cell);
        lbi_zone z;
        if (lb_hex_distance(st->units[c].hexes[0], h) > 6)
            continue; /* past the farthest extent (light cavalry, R-RCH-4) */
        /* the unit is asked now: its records allow it (not used) */
        if (lbi_charge_zone(st, c, h, 1 - st->units[c].side, kind, 0, &z, NULL) != LB_OK) {
            json_decref(hexes);
            return NULL;
        }
        if (z.in)
            json_array_append_new(hexes, json_string(lb_map_label(&st->map, h, label)));
    }
    return hexes;
}

json_t *lbi_view_zones(const lb_game *g, const lb_decision *d)
{
    const char *verb = d->kind == LB_DECIDE_REACTION      ? "react:"
                       : d->kind == LB_DECIDE_OPPORTUNITY ? "charge:"
                                                          : NULL;
    json_t *zones = NULL;
    for (int i = 0; verb && i < d->noptions; i++) {
        const char *id = d->options[i].key;
        if (strncmp(id, verb, strlen(verb)) != 0 || strchr(id + strlen(verb), ':'))
            continue;
        id += strlen(verb);
        int c = lb_state_unit_index(g->st, id);
        if (c < 0 || g->st->units[c].nhexes != 1)
            continue;
        json_t *hexes = zone_of(g->st, c, d->kind == LB_DECIDE_REACTION ? LBI_ZONE_REACTION
                                                                         : LBI_ZONE_OPPORTUNITY);
        if (!zones)
            zones = json_object();
        if (!hexes || !zones || json_object_set_new(zones, id, hexes) != 0) {
            json_decref(zones);
            return NULL;
        }
    }
    return zones;
}
