/* Game state: a loaded scenario — map, charts, units and the point in the turn — and unit lookups. */
#ifndef LB_STATE_H
#define LB_STATE_H

#include "battle.h"
#include "charts.h"
#include "map.h"
#include "unit.h"

/*
 * An lb_state is made by lb_scenario_load and freed by lb_state_free; everything in it lives in
 * its arena (units removed or added leave their strings there, so an id read from the state stays
 * valid as long as the state). Rules take it const and answer with a result; only an _apply
 * function changes it, and each one that does marks it changed (lb_state_touch), so that its
 * `generation` counts the changes. A result records the generation it was worked out on and names
 * its units by id: an _apply refuses a result of another generation with LB_STALE, changing
 * nothing, because an index or a position it holds may no longer be true. Changing units is
 * followed by lb_state_reindex, which rebuilds the index of units by hex.
 */

typedef enum lb_edition { LB_RULES_2018, LB_RULES_2017 } lb_edition;
typedef enum lb_fractions { LB_FRACTIONS_EXACT, LB_FRACTIONS_ROUND_DOWN } lb_fractions;

/* The phasing side's segments of the Chronology of Battle (2), after the mutual command step. */
typedef enum lb_segment {
    LB_SEG_COMMAND,
    LB_SEG_CHARGE,
    LB_SEG_MOVEMENT,
    LB_SEG_DEFENSIVE_FIRE,
    LB_SEG_OFFENSIVE_FIRE,
    LB_SEG_MELEE,
    LB_SEG_MORALE_RECOVERY
} lb_segment;

typedef struct lb_turn {
    int minutes;  /* time of day in minutes since midnight ("13:00" = 780) */
    int phasing;  /* side index */
    lb_segment segment;
} lb_turn;

/* Opaque: the front-ends read a state through the accessors below; the library's files see its
 * fields in src/data/state_int.h. */
typedef struct lb_state lb_state;

/* Reading a state. Every pointer returned is borrowed from st and valid until st is freed or
 * changed by an _apply step (units move, or leave the state); none may be freed. */
/* The map: its size, terrain, elevation and hexsides. */
const lb_map *lb_state_map(const lb_state *st);
/* The charts the scenario's game module compiled (terrain and hexside types, the tables). */
const lb_charts *lb_state_charts(const lb_state *st);
/* How many units the state holds; they are indexed 0 .. count - 1. */
int lb_state_unit_count(const lb_state *st);
/* The unit of index i, or NULL when i is out of range. */
const lb_unit *lb_state_unit(const lb_state *st, int i);
/* The name of side 0 or 1 (as the scenario writes it), or NULL for any other index. */
const char *lb_state_side_name(const lb_state *st, int side);
/* The point in the turn: time of day, phasing side, segment. */
lb_turn lb_state_turn(const lb_state *st);
/* The scenario's title, or NULL when it has none. */
const char *lb_state_title(const lb_state *st);
/* The file the scenario was read from. */
const char *lb_state_source(const lb_state *st);
/* The game module the charts came from, or NULL when they are all inline. */
const char *lb_state_game(const lb_state *st);
/* The edition of the rules the scenario is played by. */
lb_edition lb_state_rules(const lb_state *st);
/* The battle's own terms: victory, reinforcements, organisation, timed movement. */
const lb_battle *lb_state_battle(const lb_state *st);

/* Frees a state and all it holds; NULL is fine. */
void lb_state_free(lb_state *s);
/* Index of the unit with this id, or -1. */
int lb_state_unit_index(const lb_state *s, const char *id);
/* For an id that names no unit: the index of the unit whose id is nearest by edit distance
 * (letters compared without case, two letters swapped count one edit), when it is at most
 * max(1, min(3, length / 3)) edits away; the first listed on a tie; -1 when none is that near. */
int lb_state_suggest_unit(const lb_state *s, const char *id);
/* Units in hex h, top first: sets *idx to their indexes and returns how many (0 off the map). */
int lb_state_units_at(const lb_state *s, lb_hex h, const int **idx);
/* Index of the side named name, or -1. */
int lb_state_side(const lb_state *s, const char *name);

#endif
