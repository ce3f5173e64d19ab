/* Game state: the accessors the front-ends read an opaque lb_state by. */
#include "state_types.h"
#include "state_int.h"

const lb_map *lb_state_map(const lb_state *st)
{
    return &st->map;
}

const lb_charts *lb_state_charts(const lb_state *st)
{
    return &st->charts;
}

int lb_state_unit_count(const lb_state *st)
{
    return st->nunits;
}

const lb_unit *lb_state_unit(const lb_state *st, int i)
{
    return i >= 0 && i < st->nunits ? &st->units[i] : NULL;
}

int lb_state_unit_info(const lb_state *st, int i, lb_unit_info *out)
{
    const lb_unit *u = lb_state_unit(st, i);
    if (!u)
        return LB_NOT_FOUND;
    *out = (lb_unit_info){
        .id = u->id, .name = u->name, .nation = u->nation, .cls = u->cls, .side = u->side,
        .arm = u->arm, .combat = lb_unit_is_combat(u), .increments = u->increments,
        .strength = lb_unit_strength(u), .fire = u->fire, .melee = u->melee,
        .movement = u->movement, .morale = u->morale, .formation = u->formation,
        .state = u->state, .readiness = u->readiness, .facing = u->facing, .nhexes = u->nhexes,
        .bonus = u->bonus, .nbonus = u->nbonus, .attached = u->attached};
    for (int k = 0; k < u->nhexes; k++)
        out->hexes[k] = u->hexes[k];
    return LB_OK;
}

int lb_state_terrain_info(const lb_state *st, lb_terrain_list list, int t, lb_terrain_info *out)
{
    const lb_charts *c = &st->charts;
    if (list == LB_TERRAIN_HEXSIDE) {
        if (t < 0 || t >= c->nhexsides)
            return LB_NOT_FOUND;
        *out = (lb_terrain_info){.id = c->hexsides[t].id, .los = c->hexsides[t].los};
        return LB_OK;
    }
    if (list != LB_TERRAIN_HEX || t < 0 || t >= c->nterrain)
        return LB_NOT_FOUND;
    const lb_move_charts *mc = c->move;
    *out = (lb_terrain_info){.id = c->terrain[t].id, .los = c->terrain[t].los,
                             .road = mc && mc->road_march_move && mc->road_march_move[t] >= 0,
                             .general_order = c->terrain[t].general_order};
    return LB_OK;
}

const char *lb_state_side_name(const lb_state *st, int side)
{
    return side == 0 || side == 1 ? st->sides[side] : NULL;
}

lb_turn lb_state_turn(const lb_state *st)
{
    return st->turn;
}

const char *lb_state_title(const lb_state *st)
{
    return st->title;
}

const char *lb_state_source(const lb_state *st)
{
    return st->source;
}

const char *lb_state_game(const lb_state *st)
{
    return st->game;
}

lb_edition lb_state_rules(const lb_state *st)
{
    return st->rules;
}

const lb_battle *lb_state_battle(const lb_state *st)
{
    return &st->battle;
}

void lb_state_battle_info(const lb_state *st, lb_battle_info *out)
{
    const lb_victory *v = &st->battle.victory;
    *out = (lb_battle_info){.last_turn = v->last_turn, .per_increment = v->per_increment,
                            .per_surrender = v->per_surrender, .per_leader = v->per_leader,
                            .objectives = v->objectives, .nobjectives = v->nobjectives,
                            .time_limit_s = {st->battle.time_limit_s[0],
                                             st->battle.time_limit_s[1]}};
}
