/* Game state: the accessors the front-ends read an opaque lb_state by. */
#include "lb/state.h"
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
