/* The game state: the opaque lb_state a scenario loads, and what a front-end reads of it — units, the map, the battle's terms. */
#ifndef LB_STATE_H
#define LB_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "core.h"

/*
 * Who owns, who frees, which errors:
 * lb_scenario_load* make an lb_state the caller owns and frees with lb_state_free; the map and the
 * names its accessors return are borrowed from it and live as long as it does; the _info
 * accessors copy a unit, a terrain type or the battle's terms into the caller's record, whose
 * strings are borrowed the same way (a copy does not follow later changes of the state).
 * Loading answers LB_OK, or LB_SYNTAX / LB_INVALID / LB_NOMEM with every problem listed in the
 * caller's lb_errlist (released by the caller).
 */

/* ---- unit.h: Units: arms, formations, morale states and readiness. */

typedef enum lb_arm { LB_ARM_INFANTRY, LB_ARM_CAVALRY, LB_ARM_ARTILLERY, LB_ARM_LEADER } lb_arm;

typedef enum lb_formation {
    LB_FORM_COLUMN,
    LB_FORM_LINE,
    LB_FORM_CARRE,
    LB_FORM_SKIRMISH,
    LB_FORM_GENERAL,
    LB_FORM_ROAD,
    LB_FORM_LIMBERED,
    LB_FORM_UNLIMBERED,
    LB_FORM_MASSE, /* Austrian massed column: in the charts only, no scenario unit uses it yet */
    LB_FORM_NONE   /* leaders */
} lb_formation;

/* R-MOR-2: good order, disordered (DD), routed (PGD). */
typedef enum lb_morale_state { LB_STATE_GOOD, LB_STATE_DISORDERED, LB_STATE_ROUTED } lb_morale_state;

typedef enum lb_readiness { LB_READY_FRESH, LB_READY_TIRED, LB_READY_EXHAUSTED } lb_readiness;

#define LB_UNIT_MAX_HEXES 8

typedef struct lb_bonus {
    const char *key; /* "morale", "melee", "recall", … */
    int value;
} lb_bonus;

/*
 * A unit as a front-end reads it (lb_state_unit_info): a copy of what its counter shows and where
 * it stands now. The strings and the bonuses are borrowed from the state and live as long as it
 * does; the copy does not follow later changes of the state.
 */
typedef struct lb_unit_info {
    const char *id;
    const char *name;    /* NULL when not given */
    const char *nation;  /* NULL when not given */
    const char *cls;     /* troop class, NULL when not given */
    int side;            /* 0 or 1 */
    lb_arm arm;
    int combat;          /* infantry, cavalry or artillery; leaders (and aides) are not */
    int increments;      /* the counter's printed strength */
    int strength;        /* increments it has now: printed less its losses (R-SCN-1) */
    int fire;
    int melee;
    int movement;
    int morale;          /* a roll value 11..66; 0 for leaders */
    lb_formation formation;
    lb_morale_state state;
    lb_readiness readiness;
    int facing;          /* clock hour 1..12, 0 when not given */
    lb_hex hexes[LB_UNIT_MAX_HEXES]; /* hexes[0] is its own hex; a line may stand in more */
    int nhexes;
    const lb_bonus *bonus; /* a leader's bonuses, NULL when none */
    int nbonus;
    const char *attached; /* a leader: id of the friendly unit it moves with, or NULL */
} lb_unit_info;

/* ---- map.h: The map: its size, hex labels, terrain and elevation per hex, hexside features. */

/* Opaque: the map of a state (lb_state_map), read through the functions below. Cells are
 * indexed (row-1) * cols + (col-1). */
typedef struct lb_map lb_map;

/* What a hex of the map holds (lb_map_hex_info). */
typedef struct lb_hex_info {
    int terrain;   /* index of its terrain type (lb_state_terrain_info) */
    int elevation; /* in levels, as the scenario gives them */
} lb_hex_info;

/* The map's columns and rows. */
void lb_map_size(const lb_map *m, int *cols, int *rows);
/* The terrain and elevation of h: LB_OK, or LB_NOT_FOUND (*out untouched) when h is off the
 * map. */
int lb_map_hex_info(const lb_map *m, lb_hex h, lb_hex_info *out);
/* True when h is on the map. */
int lb_map_contains(const lb_map *m, lb_hex h);
/* Cell index of h (h must be on the map). */
int lb_map_cell(const lb_map *m, lb_hex h);
/* The hex of a cell index. */
lb_hex lb_map_hex(const lb_map *m, int cell);
/* Hexside type index on side dir of h, or -1 (none, or h off the map). */
int lb_map_hexside(const lb_map *m, lb_hex h, int dir);
/* Label of h into buf (at least LB_HEX_LABEL_MAX bytes); returns buf. */
char *lb_map_label(const lb_map *m, lb_hex h, char *buf);
/* Parses a label of this map: LB_OK, or LB_INVALID when malformed (the hex may be off the map). */
int lb_map_parse_label(const lb_map *m, const char *s, lb_hex *out);
/* For a text that is not a hex label of the map: LB_OK and *out when exactly one hex of the map
 * is one slip away, trying in turn separators left out ("09-10"), a missing leading zero ("910"),
 * two neighbouring digits swapped ("9010"), then one digit left out, added or changed;
 * LB_NOT_FOUND when no hex, or more than one, is that near. */
int lb_map_suggest_label(const lb_map *m, const char *s, lb_hex *out);
/* Parses a comma-separated list of labels of hexes on the map ("0802,0903") into out (at most
 * max); returns how many (a count, as snprintf's), or -1 with *bad (when not NULL) the 0-based
 * index of the first entry that is not a hex of the map, or max when there are more than max. */
int lb_map_parse_labels(const lb_map *m, const char *list, lb_hex *out, int max, int *bad);

/* ---- battle.h: The scenario's terms of the battle as a front-end shows them: the last turn, the points, the objectives, timed movement. */

/* An objective hex (R-VIC-2). */
typedef struct lb_objective {
    lb_hex hex;
    int points;
    int holder; /* side index holding it at the start, -1 none */
} lb_objective;

/*
 * What a scenario says about the battle as a game (docs/scenario-format.md: `victory`,
 * `movement_time_limit_s`), as lb_state_battle_info copies it; an absent key leaves its part empty
 * (no last turn, no objectives, untimed movement). Times are minutes since midnight. The
 * objectives are borrowed from the state.
 */
typedef struct lb_battle_info {
    int last_turn;             /* start of the last game turn; -1 when the scenario has none */
    int per_increment;         /* points per enemy increment eliminated (R-VIC-3) */
    int per_surrender;         /* points per enemy unit surrendered */
    int per_leader;            /* points per enemy leader killed or captured */
    const lb_objective *objectives; /* as loaded: their holders at the start */
    int nobjectives;
    int time_limit_s[2];       /* movement time allowance per side (17); 0: untimed */
} lb_battle_info;

/* ---- charts.h: The terrain and hexside types of the charts a scenario plays with. */

typedef enum lb_los_class { LB_LOS_CLEAR, LB_LOS_BLOCKS, LB_LOS_DWELLING } lb_los_class;

/* Which list of types lb_state_terrain_info reads. */
typedef enum lb_terrain_list { LB_TERRAIN_HEX, LB_TERRAIN_HEXSIDE } lb_terrain_list;

/* A terrain or hexside type as the charts give it (docs/charts-format.md 4.1, 4.2). */
typedef struct lb_terrain_info {
    const char *id;     /* "woods", "stream", … */
    lb_los_class los;   /* for a hexside, LB_LOS_BLOCKS is a wall (R-LOS-3) */
    int road;           /* a terrain type road march may follow (4.1 `road_march_move`); 0 for a
                         * hexside type */
    int general_order;  /* units in it must be in general order; 0 for a hexside type */
} lb_terrain_info;

/* ---- state.h: Game state: a loaded scenario — map, charts, units and the point in the turn — and unit lookups. */

/*
 * An lb_state is made by lb_scenario_load and freed by lb_state_free; everything in it lives in
 * its arena (units removed or added leave their strings there, so an id read from the state stays
 * valid as long as the state). A game (game.h) changes its state as it plays; a front-end reads
 * it between decisions.
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
/* Terrain or hexside type t of the charts: LB_OK, or LB_NOT_FOUND (*out untouched) past the
 * last type, so a loop from 0 reads them all. */
int lb_state_terrain_info(const lb_state *st, lb_terrain_list list, int t, lb_terrain_info *out);
/* How many units the state holds; they are indexed 0 .. count - 1. */
int lb_state_unit_count(const lb_state *st);
/* Unit i as it stands now: LB_OK, or LB_NOT_FOUND (*out untouched) when i is out of range. */
int lb_state_unit_info(const lb_state *st, int i, lb_unit_info *out);
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
/* The battle's terms: the last turn, the points, the objectives, timed movement. */
void lb_state_battle_info(const lb_state *st, lb_battle_info *out);

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

/* ---- scenario.h: Scenario loading: JSON text in, a validated lb_state out, or every problem with its position. */

/*
 * A scenario (docs/scenario-format.md) names a game module; the caller supplies the modules it
 * knows (the CLI passes the ones embedded from data/games/). A scenario that breaks any rule is
 * refused whole: *out stays NULL and errs lists every problem as FILE:LINE:COL: PATH: expected
 * …, found … (positions in the scenario, or in the module when the problem is there), sorted by
 * position; past the first 1000 problems the others are only counted, in a last line. The limits
 * (size, map, units, ids, lists) are those of docs/scenario-format.md; a UTF-8 byte-order mark at
 * the start is skipped.
 */

/* The largest scenario text read, in bytes (32 MiB). */
#define LB_SCENARIO_BYTES_MAX ((size_t)32 << 20)

typedef struct lb_module {
    const char *id;   /* "deutsch-wagram-1809" */
    const char *file; /* name used in error messages ("data/games/deutsch-wagram-1809.json") */
    const char *text;
    size_t len;
} lb_module;

typedef struct lb_load_opts {
    const lb_module *modules;
    int nmodules;
    int strict;       /* unknown keys are errors */
    int whole_battle; /* `check --strict`: the scenario must say its last turn
                       * (`victory.last_turn`, R-GAME-4) */
    int options_max;  /* a game's action decisions list at most this many options (0: no limit):
                       * an answer leading to a longer one is refused (R-WEB-6, lb/game.h) */
} lb_load_opts;

/* Loads from text; file names the source in messages. LB_OK, LB_SYNTAX, LB_INVALID, LB_LIMIT (the
 * text is over LB_SCENARIO_BYTES_MAX) or LB_NOMEM. */
int lb_scenario_load(const char *file, const char *text, size_t len, const lb_load_opts *opts,
                     lb_state **out, lb_errlist *errs);
/* Reads a file then loads it; LB_IO (with one error) when it cannot be read or is a directory,
 * LB_LIMIT when it holds more than LB_SCENARIO_BYTES_MAX bytes (a device or a pipe is read only
 * that far). */
int lb_scenario_load_file(const char *path, const lb_load_opts *opts, lb_state **out,
                          lb_errlist *errs);

#endif
