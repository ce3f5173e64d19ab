/* The map for the page: every hex with its centre, terrain, elevation and label, the hexside features with their ends, and the road links. */
#include "lb/state.h"
#include "server_int.h"

/* The two vertices bounding hexside dir, as offsets from the centre in half units (hex.h:
 * the hexagon |y| <= 1, |x| + |y| <= 2, y south). */
static const int side_ends[LB_DIR_COUNT][4] = {
    {-1, -1, 1, -1}, /* N */
    {1, -1, 2, 0},   /* NE */
    {2, 0, 1, 1},    /* SE */
    {1, 1, -1, 1},   /* S */
    {-1, 1, -2, 0},  /* SW */
    {-2, 0, -1, -1}, /* NW */
};

static const char *los_name(lb_los_class c)
{
    return c == LB_LOS_BLOCKS ? "blocks" : c == LB_LOS_DWELLING ? "dwelling" : "clear";
}

/* Is terrain type t a road: may road march follow it (charts-format 4.1)? */
static int is_road(const lb_state *st, int t)
{
    lb_terrain_info info;
    return lb_state_terrain_info(st, LB_TERRAIN_HEX, t, &info) == LB_OK && info.road;
}

/* The terrain and hexside types, by id: what the page draws and says of each. */
static void types_json(const lb_state *st, json_t *types, json_t *side_types)
{
    lb_terrain_info info;
    for (int t = 0; lb_state_terrain_info(st, LB_TERRAIN_HEX, t, &info) == LB_OK; t++)
        json_object_set_new(types, info.id,
                            json_pack("{s:s,s:b,s:b}", "los", los_name(info.los), "road",
                                      info.road, "general_order", info.general_order));
    for (int t = 0; lb_state_terrain_info(st, LB_TERRAIN_HEXSIDE, t, &info) == LB_OK; t++)
        json_object_set_new(side_types, info.id, json_pack("{s:s}", "los", los_name(info.los)));
}

/* The id of a terrain or hexside type. */
static const char *type_id(const lb_state *st, lb_terrain_list list, int t)
{
    lb_terrain_info info;
    return lb_state_terrain_info(st, list, t, &info) == LB_OK ? info.id : "?";
}

json_t *map_json(const lb_state *st)
{
    const lb_map *m = lb_state_map(st);
    json_t *types = json_object(), *side_types = json_object(), *hexes = json_array(),
           *sides = json_array(), *roads = json_array();
    types_json(st, types, side_types);
    int cols, rows;
    lb_map_size(m, &cols, &rows);
    for (int c = 0; c < cols * rows; c++) {
        lb_hex h = lb_map_hex(m, c);
        char label[LB_HEX_LABEL_MAX], other[LB_HEX_LABEL_MAX];
        int x, y;
        lb_hex_info here;
        lb_map_hex_info(m, h, &here);
        lb_hex_center(h, &x, &y);
        lb_map_label(m, h, label);
        json_array_append_new(hexes, json_pack("{s:s,s:i,s:i,s:i,s:i,s:s,s:i}", "hex", label, "col",
                                               h.col, "row", h.row, "x", x, "y", y, "terrain",
                                               type_id(st, LB_TERRAIN_HEX, here.terrain),
                                               "elevation", here.elevation));
        for (int d = 0; d < LB_DIR_COUNT; d++) {
            lb_hex n = lb_hex_neighbor(h, d);
            int on = lb_map_contains(m, n);
            /* each hexside once: from the hex with the lower cell, or the one on the map */
            if (on && lb_map_cell(m, n) < c)
                continue;
            int t = lb_map_hexside(m, h, d);
            if (t >= 0)
                json_array_append_new(sides,
                                      json_pack("{s:s,s:s?,s:s,s:s,s:[iiii]}", "hex", label, "pair",
                                                on ? lb_map_label(m, n, other) : NULL, "dir",
                                                lb_name(LB_NAME_HEX_DIR, d), "type",
                                                type_id(st, LB_TERRAIN_HEXSIDE, t), "ends",
                                                x + side_ends[d][0], y + side_ends[d][1],
                                                x + side_ends[d][2], y + side_ends[d][3]));
            lb_hex_info there;
            if (on && is_road(st, here.terrain) && lb_map_hex_info(m, n, &there) == LB_OK &&
                is_road(st, there.terrain))
                json_array_append_new(roads, json_pack("[ss]", label, lb_map_label(m, n, other)));
        }
    }
    return json_pack("{s:i,s:i,s:o,s:o,s:o,s:o,s:o}", "columns", cols, "rows", rows,
                     "terrain_types", types, "hexside_types", side_types, "hexes", hexes,
                     "hexsides", sides, "roads", roads);
}
