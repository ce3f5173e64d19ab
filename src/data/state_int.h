/* Private to the library: the fields of a game state (lb_state, include/lb/state.h). */
#ifndef LB_STATE_INT_H
#define LB_STATE_INT_H

#include "lb/arena.h"
#include "lb/battle.h"
#include "lb/charts.h"
#include "lb/map.h"
#include "lb/state.h"
#include "lb/unit.h"

struct lb_state {
    lb_arena *arena;
    const char *source;     /* file name the scenario came from */
    const char *title;
    const char *game;       /* NULL when the charts are all inline */
    lb_edition rules;
    lb_fractions fractions;
    lb_turn turn;
    const char *sides[2];
    lb_map map;
    lb_charts charts;
    lb_unit *units;
    int nunits;
    int *hex_first;         /* cols*rows+1 offsets into hex_units */
    int *hex_units;         /* unit indexes by cell, in stacking order (first listed on top) */
    unsigned long long generation; /* bumped by every apply step (lb_state_touch) */
    lb_battle battle;       /* victory, reinforcements, organisation, timed movement */
};

#endif
