/* Line of sight and visibility answers as JSON (labataille los, visible). */
#include "answer_int.h"
#include "state_int.h"

static const char *kind_name(lb_los_item_kind k)
{
    return k == LB_LOS_ITEM_HEX ? "hex" : k == LB_LOS_ITEM_EDGE ? "edge" : "hexside";
}

const char *lb_los_item_feature(const lb_state *st, const lb_los_item *it)
{
    if (it->kind == LB_LOS_ITEM_SIDE)
        return st->charts.hexsides[it->terrain].id;
    return it->on_map ? st->charts.terrain[it->terrain].id : NULL;
}

static json_t *item_json(const lb_state *st, const lb_los_item *it)
{
    char a[LB_HEX_LABEL_MAX], b[LB_HEX_LABEL_MAX];
    lb_map_label(&st->map, it->hex, a);
    lb_map_label(&st->map, it->pair, b);
    json_t *o = json_pack("{s:s,s:s,s:s?}", "hex", a, "kind", kind_name(it->kind), "terrain",
                          lb_los_item_feature(st, it));
    if (it->kind != LB_LOS_ITEM_HEX)
        json_object_set_new(o, "pair", json_string(b));
    if (it->kind != LB_LOS_ITEM_SIDE) {
        json_object_set_new(o, "on_map", json_boolean(it->on_map));
        json_object_set_new(o, "elevation", json_integer(it->elevation));
        json_object_set_new(o, "unit", it->unit >= 0 ? json_string(st->units[it->unit].id)
                                                     : json_null());
        if (it->passive >= 0)
            json_object_set_new(o, "not_blocking",
                                json_pack("{s:s,s:s}", "unit", st->units[it->passive].id, "why",
                                          lb_los_passive_name(it->passive_why)));
        json_object_set_new(o, "dist_from", json_integer(it->dist_from));
        json_object_set_new(o, "dist_to", json_integer(it->dist_to));
    }
    json_object_set_new(o, "verdict", json_string(lb_los_verdict_name(it->verdict)));
    json_object_set_new(o, "blocks", json_boolean(lb_los_blocks(it->verdict)));
    json_object_set_new(o, "rule", json_string(it->rule));
    return o;
}

static json_t *los_answer(const lb_state *st, const lb_los_result *r, const lb_trace *trace)
{
    char fl[LB_HEX_LABEL_MAX], tl[LB_HEX_LABEL_MAX];
    json_t *blocked = json_array(), *items = json_array();
    for (int i = 0; i < r->nitems; i++) {
        const lb_los_item *it = &r->items[i];
        json_array_append_new(items, item_json(st, it));
        if (!lb_los_blocks(it->verdict))
            continue;
        char a[LB_HEX_LABEL_MAX], b[LB_HEX_LABEL_MAX];
        json_t *o = json_pack("{s:s,s:s,s:s}", "hex", lb_map_label(&st->map, it->hex, a), "reason",
                              lb_los_verdict_name(it->verdict), "rule", it->rule);
        if (it->kind != LB_LOS_ITEM_HEX)
            json_object_set_new(o, "pair", json_string(lb_map_label(&st->map, it->pair, b)));
        json_array_append_new(blocked, o);
    }
    return json_pack("{s:s,s:s,s:b,s:b,s:i,s:i,s:i,s:s?,s:s?,s:o,s:o,s:o}", "from",
                     lb_map_label(&st->map, r->from, fl), "to", lb_map_label(&st->map, r->to, tl),
                     "visible", r->visible, "adjacent", r->adjacent, "distance",
                     lb_hex_distance(r->from, r->to), "elevation_from",
                     st->map.elevation[lb_map_cell(&st->map, r->from)], "elevation_to",
                     st->map.elevation[lb_map_cell(&st->map, r->to)], "firer_side",
                     r->firer_side >= 0 ? st->sides[r->firer_side] : NULL, "not_a_target",
                     r->not_target >= 0 ? st->units[r->not_target].id : NULL, "blocked_by",
                     blocked, "intervening", items, "trace", lbi_trace_json(trace));
}

static json_t *visible_answer(const lb_state *st, lb_hex from, int side,
                              const unsigned char *visible, const lb_trace *trace)
{
    const lb_map *m = &st->map;
    char fl[LB_HEX_LABEL_MAX];
    int count = 0;
    json_t *list = json_array();
    for (int col = 1; col <= m->cols; col++)
        for (int row = 1; row <= m->rows; row++) {
            lb_hex h = {col, row};
            char label[LB_HEX_LABEL_MAX];
            if (!visible[lb_map_cell(m, h)])
                continue;
            count++;
            json_array_append_new(list, json_string(lb_map_label(m, h, label)));
        }
    return json_pack("{s:s,s:s?,s:o,s:i,s:i,s:o}", "from", lb_map_label(m, from, fl),
                     "firer_side", side >= 0 ? st->sides[side] : NULL, "visible", list, "count",
                     count, "hexes", m->cols * m->rows, "trace", lbi_trace_json(trace));
}

int lb_los_json(const lb_state *st, const lb_los_result *r, const lb_trace *trace, char **out)
{
    return lbi_answer_text(los_answer(st, r, trace), out);
}

int lb_visible_json(const lb_state *st, lb_hex from, int side, const unsigned char *visible,
                    const lb_trace *trace, char **out)
{
    return lbi_answer_text(visible_answer(st, from, side, visible, trace), out);
}
