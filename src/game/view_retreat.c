/* The view's paths of a retreat whose end the owner picks: for each end hex offered, the path its choice takes, of the retreat the engine offers or, for a charge's retreat, the one the rules give on the charge's state (R-WEB-4). */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "answer_int.h"
#include "state_int.h"
#include "retreat_int.h"
#include "charge_int.h"

#define VIEW_ENDS_MAX 300 /* ends whose paths are drawn; every end hex is an option anyway */

/* R-WEB-4, R-GAME-7, R-CHG-24: the path to each end of r that choosing it takes, the first
 * optimal path to it in label order (lb_retreat_path_to), in the order of the ends. NULL when
 * out of memory. */
static json_t *paths_json(const lb_state *st, const lb_retreat *r)
{
    json_t *paths = json_array();
    lb_hex *path = malloc(((size_t)r->hexes + 1) * sizeof *path);
    if (!paths || !path) {
        json_decref(paths);
        free(path);
        return NULL;
    }
    for (int e = 0; e < r->nends && e < VIEW_ENDS_MAX; e++)
        if (lb_retreat_path_to(r, r->ends[e], NULL, NULL, path) == LB_OK)
            json_array_append_new(paths, lbi_retreat_path_json(st, r->start, path, r->hexes));
    free(path);
    /* R-RET-8: the ends that mean surrender later, shown before the owner picks */
    json_t *later = json_array();
    for (int e = 0; r->end_surrenders && e < r->nends; e++) {
        char label[LB_HEX_LABEL_MAX];
        if (r->end_surrenders[e])
            json_array_append_new(later, json_string(lb_map_label(&st->map, r->ends[e], label)));
    }
    return json_pack("{s:s,s:o,s:o,s:o}", "kind", lb_retreat_kind_name(r->kind), "paths", paths,
                     "count", lbi_retreat_count_json(r), "surrender_later", later);
}

/* Do r's end hexes make exactly the decision's options (its "auto" aside)? */
static int same_ends(const lb_state *st, const lb_retreat *r, const lb_decision *d)
{
    int listed = 0;
    for (int i = 0; i < d->noptions; i++)
        listed += strcmp(d->options[i].key, "auto") != 0;
    if (listed != r->nends)
        return 0;
    for (int k = 0; k < r->nends; k++) {
        char label[LB_HEX_LABEL_MAX];
        if (lb_decision_find(d, lb_map_label(&st->map, r->ends[k], label)) < 0)
            return 0;
    }
    return 1;
}

json_t *lbi_view_retreat(const lb_game *g, const lb_decision *d)
{
    if (d->kind != LB_DECIDE_PATH)
        return NULL;
    if (g->has_offered)
        return paths_json(g->st, &g->offered);
    /* R-WEB-4: a charge's retreat is worked out inside the charge; the rules answer again on
     * the charge's state, and the kind whose end hexes are the options is the one offered */
    const lb_state *st = g->charge ? lb_charge_state(g->charge) : NULL;
    int unit = st ? lb_state_unit_index(st, d->subject) : -1;
    for (int kind = LB_RETREAT_DISORDER; unit >= 0 && kind <= LB_RETREAT_FLIGHT; kind++) {
        lb_retreat_req req = {.kind = (lb_retreat_kind)kind, .max_paths = 1};
        lb_retreat r;
        if (lb_retreat_paths(st, unit, &req, &r, NULL) != LB_OK)
            return NULL;
        json_t *j = same_ends(st, &r, d) ? paths_json(st, &r) : NULL;
        lb_retreat_release(&r);
        if (j)
            return j;
    }
    return NULL;
}
