/* The view's charge under way: while a charge waits for a decision (a carré, a target, a recall's follow-up), its cavalry, the hexes it has charged through and where it stands in the charge's own state, so that the other side sees it come step by step (R-WEB-7). */
#include <jansson.h>
#include <string.h>

#include "game_int.h"
#include "state_int.h"
#include "charge_int.h"

json_t *lbi_view_charge(const lb_game *g)
{
    if (!g->charge || lb_charge_status_of(g->charge) != LB_CHARGE_DECIDE)
        return NULL;
    const lb_state *work = lb_charge_state(g->charge);
    int b = lb_state_unit_index(g->st, g->charging);
    int n = work ? lb_state_unit_index(work, g->charging) : -1;
    if (b < 0 || n < 0)
        return NULL;
    const lb_unit *before = &g->st->units[b], *now = &work->units[n];
    char label[LB_HEX_LABEL_MAX];
    json_t *path = json_array(), *at = json_array();
    json_array_append_new(path, json_string(lb_map_label(&g->st->map, before->hexes[0], label)));
    /* R-CHG-9: each hex the cavalry entered is a "move" event of the charge, in order */
    const lb_charge_result *res = lb_charge_result_of(g->charge);
    int spent = 0;
    for (int k = 0; k < res->nevents; k++)
        if (strcmp(res->events[k].kind, "move") == 0 &&
            strcmp(res->events[k].unit, g->charging) == 0) {
            json_array_append_new(path, json_string(lb_map_label(&g->st->map, res->events[k].hex,
                                                                 label)));
            spent += res->events[k].value;
        }
    for (int k = 0; k < now->nhexes; k++)
        json_array_append_new(at, json_string(lb_map_label(&g->st->map, now->hexes[k], label)));
    return json_pack("{s:s,s:o,s:o,s:s?,s:i}", "unit", g->charging, "path", path, "at", at,
                     "target", res->target[0] ? res->target : NULL, "mp_spent", spent);
}
