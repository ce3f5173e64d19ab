/* Movement costs of one step: terrain entered, hexside feature crossed, slope between elevations. */
#include "rules_types.h"
#include "move_int.h"

static int add(int total, int cost)
{
    return total == LB_MOVE_PROHIBITED || cost == LB_MOVE_PROHIBITED ? LB_MOVE_PROHIBITED
                                                                      : total + cost;
}

int lbi_mv_step_cost_cells(const lb_state *st, int from, int to, int dir, lb_arm arm)
{
    const lb_map *m = &st->map;
    int cost = st->charts.terrain[m->terrain[to]].move[arm];
    int side = (int)m->sides[6 * from + dir] - 1;
    if (side >= 0)
        cost = add(cost, st->charts.hexsides[side].move[arm]);
    int slope = st->charts.elevation_hexside;
    if (slope >= 0 && side != slope && m->elevation[from] != m->elevation[to])
        cost = add(cost, st->charts.hexsides[slope].move[arm]);
    return cost;
}

int lb_move_step_cost(const lb_state *st, lb_hex h, int dir, lb_arm arm)
{
    const lb_map *m = &st->map;
    lb_hex to = lb_hex_neighbor(h, dir);
    if (!lb_map_contains(m, to) || !lb_map_contains(m, h) || arm == LB_ARM_LEADER)
        return LB_MOVE_PROHIBITED;
    return lbi_mv_step_cost_cells(st, lb_map_cell(m, h), lb_map_cell(m, to), dir, arm);
}

int lb_move_road_rate(const lb_state *st, int cell)
{
    int t = st->map.terrain[cell];
    int rate = st->charts.move ? st->charts.move->road_march_move[t] : -1;
    if (rate >= 0 && st->charts.terrain[t].general_order && !st->map.roads[cell])
        return -1;
    return rate;
}
