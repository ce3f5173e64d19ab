/* Retreat, rout and flight answers as JSON (labataille retreat): the optimal paths and their exact count, the end hexes, the automatic choice, the leaders left, or surrender. */
#include <limits.h>
#include <stdio.h>

#include "answer_int.h"
#include "state_int.h"

json_t *lbi_retreat_path_json(const lb_state *st, lb_hex start, const lb_hex *h, int n)
{
    char label[LB_HEX_LABEL_MAX];
    json_t *a = lbi_hexes_json(st, h, n);
    json_array_insert_new(a, 0, json_string(lb_map_label(&st->map, start, label)));
    return a;
}

json_t *lbi_retreat_count_json(const lb_retreat *r)
{
    if (r->count <= (unsigned long long)LLONG_MAX)
        return json_integer((json_int_t)r->count);
    char buf[32];
    snprintf(buf, sizeof buf, "%llu", r->count);
    return json_string(buf);
}

/* R-RET-15: the leaders the unit leaves alone, and where the automatic choice takes them. */
static json_t *leaders_json(const lb_state *st, const lb_retreat *r)
{
    json_t *a = json_array();
    char label[LB_HEX_LABEL_MAX], to[LB_HEX_LABEL_MAX];
    for (int i = 0; i < r->nleaders; i++) {
        const lb_retreat_leader *l = &r->leaders[i];
        json_t *o = json_pack("{s:s,s:s,s:b}", "id", l->id, "hex",
                              lb_map_label(&st->map, l->hex, label), "captured", l->captured);
        json_object_set_new(o, "to", l->captured ? json_null()
                                                 : json_string(lb_map_label(
                                                       &st->map, r->choice[r->hexes - 1], to)));
        json_array_append_new(a, o);
    }
    return a;
}

/* R-RET-8: the ends from which a failed recovery would have no complete path, in label order. */
static json_t *surrender_later_json(const lb_state *st, const lb_retreat *r)
{
    char label[LB_HEX_LABEL_MAX];
    json_t *a = json_array();
    for (int k = 0; r->end_surrenders && k < r->nends; k++)
        if (r->end_surrenders[k])
            json_array_append_new(a, json_string(lb_map_label(&st->map, r->ends[k], label)));
    return a;
}

static json_t *retreat_answer(const lb_state *st, int unit, const lb_retreat *r,
                              const char *paths_place, const lb_trace *t)
{
    char label[LB_HEX_LABEL_MAX];
    json_t *paths;
    int all = paths_place != NULL;
    if (all) {
        paths = json_string(paths_place);
    } else {
        paths = json_array();
        for (int i = 0; i < r->npaths; i++)
            json_array_append_new(paths, lbi_retreat_path_json(st, r->start,
                                                   r->paths + (size_t)i * (size_t)r->hexes,
                                                   r->hexes));
    }
    json_t *j = json_pack("{s:s,s:s,s:s,s:s,s:i,s:s,s:b,s:o,s:o}", "unit", st->units[unit].id,
                          "kind", lb_retreat_kind_name(r->kind), "rules",
                          lb_edition_name(st->rules), "by", r->by_hexes ? "hexes" : "mp",
                          "length", r->length, "start", lb_map_label(&st->map, r->start, label),
                          "surrender", r->surrender, "paths", paths, "end_hexes",
                          lbi_hexes_json(st, r->ends, r->nends));
    json_object_set_new(j, "start_distance",
                        r->start_distance >= 0 ? json_integer(r->start_distance) : json_null());
    json_object_set_new(j, "stays", json_boolean(r->stays));
    json_object_set_new(j, "end_hexes_surrender_later", surrender_later_json(st, r));
    json_object_set_new(j, "cost", r->count ? json_integer(r->cost) : json_null());
    json_object_set_new(j, "hexes", json_integer(r->hexes));
    json_object_set_new(j, "friendly", json_integer(r->friendly));
    json_object_set_new(j, "path_count", lbi_retreat_count_json(r));
    json_object_set_new(j, "path_count_saturated", json_boolean(r->count_saturated));
    json_object_set_new(j, "path_hexes", lbi_hexes_json(st, r->via, r->nvia));
    json_object_set_new(j, "paths_truncated",
                        json_boolean(!all && (r->count_saturated ||
                                              (unsigned long long)r->npaths < r->count)));
    json_object_set_new(j, "choice", r->count ? lbi_retreat_path_json(st, r->start, r->choice, r->hexes)
                                              : json_null());
    json_object_set_new(j, "choice_distance",
                        r->count ? json_integer(r->choice_distance) : json_null());
    json_object_set_new(j, "leaders", leaders_json(st, r));
    json_object_set_new(j, "trace", lbi_trace_json(t));
    return j;
}

int lb_retreat_path_json(const lb_state *st, lb_hex start, const lb_hex *h, int n, char **out)
{
    return lbi_answer_text(lbi_retreat_path_json(st, start, h, n), out);
}

int lb_retreat_json(const lb_state *st, int unit, const lb_retreat *r, const char *paths_place,
                    const lb_trace *t, char **out)
{
    return lbi_answer_text(retreat_answer(st, unit, r, paths_place, t), out);
}
