/* Movement costs of one step: terrain entered, hexside feature crossed, slope between elevations. */
#include "lb/move.h"

static int add(int total, int cost)
{
    return total == LB_MOVE_PROHIBITED || cost == LB_MOVE_PROHIBITED ? LB_MOVE_PROHIBITED
                                                                      : total + cost;
}

int lb_move_step_cost(const lb_state *st, lb_hex h, int dir, lb_arm arm)
{
    const lb_map *m = &st->map;
    lb_hex to = lb_hex_neighbor(h, dir);
    if (!lb_map_contains(m, to) || !lb_map_contains(m, h) || arm == LB_ARM_LEADER)
        return LB_MOVE_PROHIBITED;
    int cost = st->charts.terrain[m->terrain[lb_map_cell(m, to)]].move[arm];
    int side = lb_map_hexside(m, h, dir);
    if (side >= 0)
        cost = add(cost, st->charts.hexsides[side].move[arm]);
    int slope = st->charts.elevation_hexside;
    if (slope >= 0 && side != slope &&
        m->elevation[lb_map_cell(m, h)] != m->elevation[lb_map_cell(m, to)])
        cost = add(cost, st->charts.hexsides[slope].move[arm]);
    return cost;
}
