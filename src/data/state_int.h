/* Private to the library: the fields of a game state (lb_state, include/lb/state.h). */
#ifndef LB_STATE_INT_H
#define LB_STATE_INT_H

#include "arena_int.h"
#include "state_types.h"
#include "lbi.h"

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

/* The library's own, not offered by the API (declared in include/lb/state.h before). */

/* Marks s as changed: every apply step calls it once, so that work begun on an earlier
 * generation (a charge between lb_charge_new and lb_charge_apply) sees the change. */
LBI void lb_state_touch(lb_state *s);

/* The top combat unit in h not of side `side` (a hex may hold both sides after a charge: cavalry
 * on a carré), or -1. */
LBI int lb_state_top_enemy(const lb_state *s, lb_hex h, int side);

/* Names of segments and editions as written in scenarios, and parsers (-1 when unknown). */
LBI int lb_segment_parse(const char *s);

/* The library's own, not offered by the API (declared in include/lb/state.h before). */

/* A working copy of s for rules that try moves out before they are applied (a charge and its
 * odds): it owns its units and index; the map, the charts and every string are borrowed from s,
 * which must outlive it. Free it with lb_state_free. NULL when out of memory. */
LBI lb_state *lb_state_clone(const lb_state *s);
/* Removes unit `unit` (its index): the units after it move down one index, and the index of
 * units by hex is rebuilt. The one way units leave a state; the applier that calls it marks the
 * change (lb_state_touch). LB_OK, LB_INVALID (no such unit) or LB_NOMEM (the state keeps the unit
 * out, but its index is stale: free the state). */
LBI int lb_state_remove_unit(lb_state *s, int unit);

/* Rebuilds the units-by-hex index after units changed; LB_OK or LB_NOMEM. */
LBI int lb_state_reindex(lb_state *s);

/* Names of segments and editions as written in scenarios, and parsers (-1 when unknown). */
LBI const char *lb_segment_name(lb_segment seg);
LBI const char *lb_edition_name(lb_edition e);
LBI int lb_edition_parse(const char *s);

/* The library's own, not offered by the API (declared in include/lb/state.h before). */

/* The top combat unit in h, or -1. */
LBI int lb_state_top_combat(const lb_state *s, lb_hex h);

#endif
