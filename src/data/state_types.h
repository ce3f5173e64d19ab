/* Private to the library: the records a state is made of — units, the map, the battle's terms, the charts and their compiled tables — with their fields. */
#ifndef LB_STATE_TYPES_H
#define LB_STATE_TYPES_H

#include <stddef.h>
#include <stdint.h>

#include "lb/state.h"
#include "lbi.h"

/* ---- the movement record (R-MOV-2) ---- */

#define LB_MOVE_ARMS 3 /* infantry, cavalry and artillery have movement costs */
#define LB_UNIT_MAX_BONUS 8

/* R-MOV-5: why a unit may not move in a Movement segment. */
typedef enum lb_move_hold {
    LB_HOLD_NONE,
    LB_HOLD_RETREATED, /* it retreated before melee (29): no move in its next Movement segment */
    LB_HOLD_CHARGE,    /* held by a charge: disordered or routed by it, or its contact (R-CHG-4,
                        * R-CHG-19) */
    LB_HOLD_CHARGED    /* cavalry that charged this turn: it charges or moves, never both (35.1) */
} lb_move_hold;

/* (44): a force march declared this segment: none, marching (passed), failed (stands still). */
typedef enum lb_force_march { LB_MARCH_NONE, LB_MARCH_ON, LB_MARCH_FAILED } lb_force_march;

/*
 * What the movement rules remember of a unit within its side's Movement segment (R-MOV-2).
 * lb_move_segment_begin (move.h) resets it when the segment starts: the game engine calls it for
 * the phasing side; the action appliers (lb_move_action_apply) keep it up to date. A loaded
 * unit's record is its scenario's "move_record" (docs/scenario-format.md), else the record of a
 * unit at the start of a segment in its present formation and state. MP are kept in halves
 * (road march costs 1/2).
 *
 * Other rules read it: a force-marching unit (march == LB_MARCH_ON) may not fire or melee as the
 * attacker this turn and adds `force_march_charged_morale` (move charts) to its morale if
 * charged (44); they set hold_next (a retreat before melee, a 2017 charge) or hold (a 2018
 * charge's contact, a charge made this turn), which lb_move_segment_begin turns into hold.
 */
typedef struct lb_move_record {
    int spent;                     /* MP spent this segment, in halves */
    int actions;                   /* actions taken this segment (0: the next is the first) */
    int steps;                     /* hexes entered this segment */
    lb_formation start_formation;  /* at the start: line loses 2 MP (T15-7), carré moves 1 */
    lb_morale_state start_state;   /* at the start: a unit disordered or routed since stops */
    int first_form_change;         /* its first action was a formation change (T15-12) */
    lb_move_hold hold;             /* may not move in this segment */
    lb_move_hold hold_next;        /* may not move in its side's next Movement segment */
    lb_force_march march;          /* force march this segment (44) */
    int march_turns;               /* consecutive earlier turns it force-marched (44) */
    int stopped;                   /* it entered an enemy zone that stops it (R-ZOI-2) */
    int prolonged;                 /* unlimbered artillery made its prolonge (15) */
    int rode;                      /* a leader that moved with its unit this segment */
} lb_move_record;

/* ---- the unit record ---- */

/*
 * A unit as loaded. increments is the counter's printed strength; losses is what it has lost
 * over its whole history, so its strength now is increments - losses (R-SCN-1). hexes[0] is
 * the unit's own hex; a line may stand in more (R-SCN-3). Strings and bonuses live in the state's
 * arena (a copy of the unit shares them).
 */
typedef struct lb_unit {
    const char *id;
    const char *name;   /* NULL when not given */
    const char *nation; /* NULL when not given */
    const char *cls;    /* troop class, NULL when not given */
    int side;           /* index into lb_state.sides */
    lb_arm arm;
    int increments;
    int losses;
    int fire;
    int melee;
    int movement;
    int morale;         /* a roll value 11..66; 0 for leaders */
    lb_formation formation;
    lb_morale_state state;
    int facing;         /* clock hour 1..12, 0 when not given (R-FIRE-8: fires every way) */
    int lance;
    int battalions;     /* infantry: the battalions its counter stands for (a regiment's, U6-4),
                         * 1..99, 1 when the scenario gives none; stacking counts them (R-STACK-1) */
    int range;          /* hexes: the fire range a battery's counter prints; 0 when not given */
    lb_readiness readiness;
    const lb_bonus *bonus; /* leaders: nbonus bonuses in the state's arena, NULL when none */
    int nbonus;
    lb_hex hexes[LB_UNIT_MAX_HEXES];
    int nhexes;
    const char *attached; /* a leader: id of the friendly unit it moves with, or NULL (R-MOV-14) */
    lb_move_record move;  /* this Movement segment (R-MOV-2) */
    int level_mod;      /* its organisation's Morale Level modifier to morale checks (43), set
                         * by the game on the hour (R-GAME-11); 0 outside a game */
    int org_level;      /* the highest Morale Level (0..3) of the organisations it belongs to
                         * (43), set with level_mod; 0 outside a game (force march, R-MOV-20) */
} lb_unit;

/* True for infantry, cavalry and artillery; leaders (and aides) are not combat units. */
LBI int lb_unit_is_combat(const lb_unit *u);
/* Increments the unit has now: increments - losses. */
LBI int lb_unit_strength(const lb_unit *u);

/* ---- the map ---- */

/*
 * Cells are indexed (row-1) * cols + (col-1). terrain[] holds indexes into the charts' terrain
 * types; sides[6 * cell + dir] holds 1 + a hexside type index, or 0 for a plain hexside. A
 * feature is stored on both hexes it separates (when both are on the map). roads[cell] is 1 for a
 * hex the scenario's `map.roads` names: a road runs through it (R-FORM-2: the road-march rate of
 * built-up terrain applies only there).
 */
struct lb_map {
    int cols;
    int rows;
    int col_digits;
    int row_digits;
    uint8_t *terrain;
    int8_t *elevation;
    uint8_t *sides;
    uint8_t *roads;
    char symbols[256]; /* per terrain type index: its map character (from map.legend), or '?' */
};

/* ---- battle.h: what a scenario says about the battle as a game ---- */
/*
 * What a scenario says about the battle as a game (docs/scenario-format.md: `victory`,
 * `reinforcements`, `organisation`, `movement_time_limit_s`). The loader fills it in the state's
 * arena; every key is optional and an absent one leaves its part empty (no objectives, no
 * reinforcements, no organisation, untimed movement). Times are minutes since midnight.
 */

/* Margins of victory: the least score difference for each level (R-VIC-4). */
enum { LB_VICTORY_MARGINAL, LB_VICTORY_SUBSTANTIVE, LB_VICTORY_DECISIVE, LB_VICTORY_LEVELS };

/* Points a side scores while an enemy organisation stands on a Morale Level (R-VIC-6). */
typedef struct lb_level_award {
    int org;                   /* index in lb_battle.orgs */
    int level;                 /* 1..3: counted from this level up */
    int points;
} lb_level_award;

typedef struct lb_victory {
    int last_turn;             /* start of the last game turn; -1 when the scenario has none */
    lb_objective *objectives;
    int nobjectives;
    int per_increment;         /* points per enemy increment eliminated */
    int per_surrender;         /* points per enemy unit surrendered */
    int per_leader;            /* points per enemy leader killed or captured */
    int margin[LB_VICTORY_LEVELS];
    lb_level_award *level_awards; /* `victory.morale_levels` */
    int nlevel_awards;
} lb_victory;

/* A unit off the map until its turn (45): its record as loaded, hexes = its entry hexes. */
typedef struct lb_reinforcement {
    lb_unit unit;
    int minutes;               /* the game turn it enters */
} lb_reinforcement;

/* A division or corps (43): its units (ids), the counts of routed or eliminated infantry that
 * raise its Morale Level to 1, 2 and 3, and each level's modifier to its units' morale checks. */
#define LB_ORG_LEVELS 3
typedef struct lb_org {
    const char *id;
    const char *name;          /* NULL when not given */
    int side;
    const char **units;
    int nunits;
    int infantry;              /* infantry units among them, at the start */
    int levels[LB_ORG_LEVELS]; /* the count from which level k+1 applies */
    int mods[LB_ORG_LEVELS + 1]; /* modifier at level 0..3 */
    int from_charts;           /* levels and mods from the charts' morale_levels */
    int division;              /* a division (`kind`): its infantry force-marches together
                                * (F44-2, R-MOV-19); else a corps */
} lb_org;

typedef struct lb_battle {
    lb_victory victory;
    lb_reinforcement *reinforcements; /* by entry time, then as listed */
    int nreinforcements;
    lb_org *orgs;
    int norgs;
    int time_limit_s[2];       /* movement time allowance per side (17); 0: untimed */
} lb_battle;

/* ---- the charts ---- */

/*
 * Charts come from a game module (data/games/<id>.json, format in docs/charts-format.md) with the
 * scenario's inline "charts" merged over it key by key. The loader compiles them once, when the
 * scenario loads, into the tables below and the fire, charge, melee and movement tables (each
 * area's *_charts.h), reporting every problem at its chart path; rules only read them. Everything
 * lives in the scenario's arena and belongs to the state (lb_state_free frees it; a clone
 * borrows it). The merged document the loader read is kept private to the library: the
 * registry of nations and troop classes (charts-format 3.1) is read through lb_charts_nation_name
 * and lb_charts_class_name.
 */

#define LB_MOVE_PROHIBITED (-1)

typedef struct lb_terrain_type {
    const char *id;
    int move[LB_MOVE_ARMS]; /* cost to enter, or LB_MOVE_PROHIBITED */
    lb_los_class los;
    int general_order;      /* units here must be in general order */
} lb_terrain_type;

typedef struct lb_hexside_type {
    const char *id;
    int move[LB_MOVE_ARMS]; /* cost added for crossing, or LB_MOVE_PROHIBITED */
    lb_los_class los;       /* LB_LOS_BLOCKS: a wall (R-LOS-3) */
    unsigned cancels;       /* bit i: listed with hexside type i, this one's cost replaces it */
} lb_hexside_type;

typedef struct lb_fire_multiple {
    const char *nation;     /* NULL: every nation */
    const char *cls;        /* NULL: every class */
    lb_formation formation;
    int printed;            /* fires its printed value */
    int per_hex;            /* increments that may fire per hex */
    lb_frac multiple;
    int range;              /* hexes */
} lb_fire_multiple;

struct lbi_nations; /* private to the library (src/data/chart_names.h) */
struct lb_fire_charts;
struct lb_charge_charts;
struct lb_melee_charts;
struct lb_move_charts;

typedef struct lb_charts {
    lb_terrain_type *terrain;
    int nterrain;
    lb_hexside_type *hexsides;
    int nhexsides;
    lb_fire_multiple *fire_multiples;
    int nfire_multiples;
    int auto_pass;          /* natural roll that always passes a morale check, 0 if none */
    int auto_fail;          /* natural roll that always fails, 0 if none */
    int elevation_hexside;  /* hexside type crossed by every change of elevation, or -1 */
    struct lb_fire_charts *fire; /* fire tables compiled by the loader (fire_charts.h) */
    struct lb_charge_charts *charge; /* charge tables compiled by the loader (charge_charts.h) */
    struct lb_melee_charts *melee; /* melee tables compiled by the loader (melee_charts.h) */
    struct lb_move_charts *move; /* movement tables compiled by the loader (move_charts.h) */
    struct lbi_nations *nations; /* the registry's names (charts-format 3.1), private to the
                                  * library */
} lb_charts;

/* ---- fire_charts.h: Fire charts: fire table, fire defence, massed target, fire-loss checks, leader casualty, artillery ranges. */

/*
 * docs/charts-format.md sections 4.1 (terrain fire_defence), 5.2 to 5.6 and 8.2. The loader
 * compiles them once from the merged charts document into the flat tables below (in the state's
 * arena) and keeps them in lb_charts.fire; every problem is reported with its chart path. A table
 * that is absent is a feature that is off (has_* = 0): fire answers "not allowed" when it needs
 * the fire table or a fire defence the charts do not give, and plays on without a massed-target
 * modifier, leader casualties or fire_defence rules. Fire-loss triggers default to every loss.
 * A battery class without an artillery_fire entry has no close or long range.
 */

/* Keys of a terrain's fire_defence: the formations column..masse by their lb_formation value
 * (road is never a key), then the two morale states. */
#define LB_FIRE_FD_DISORDERED 9
#define LB_FIRE_FD_ROUTED 10
#define LB_FIRE_FD_KEYS 11

/* Loss values stay small; the bands' loss is an integer 1..LB_FIRE_LOSS_MAX. */
#define LB_FIRE_LOSS_MAX 36

/* One odds column att:def with the increments lost for each modified roll index 0..35. */
typedef struct lb_fire_column {
    const char *label;        /* "1.5:1", a name only */
    int att;
    int def;
    unsigned char loss[36];   /* 0: no effect */
} lb_fire_column;

/* When fire losses cause a morale check (5.5). */
typedef enum lb_fire_trigger_on {
    LB_TRIGGER_EVERY,
    LB_TRIGGER_EVEN,
    LB_TRIGGER_ODD,
    LB_TRIGGER_THIRD
} lb_fire_trigger_on;

typedef struct lb_fire_trigger {
    const char *nation;
    const char *cls;          /* a class entry, or NULL for an arm entry */
    int arm;                  /* lb_arm of an arm entry, -1 for a class entry */
    lb_fire_trigger_on on;
    int from;                 /* the first ordinal that may trigger, >= 1 */
} lb_fire_trigger;

typedef enum lb_casualty_kind {
    LB_CASUALTY_KILLED,
    LB_CASUALTY_WOUNDED,
    LB_CASUALTY_CAPTURED
} lb_casualty_kind;

/* One line of the one-die leader casualty table (5.6). */
typedef struct lb_casualty_entry {
    int lo, hi;               /* die range */
    lb_casualty_kind result;
    const char *wound;        /* display, NULL when none */
    int hours_out_dice;       /* hours out = the sum of this many dice */
    int reroll_if_fire;
    int hex_morale_check;
} lb_casualty_entry;

/* The ranges of one battery class (8.2). */
typedef struct lb_battery_range {
    const char *nation;
    const char *cls;
    int range;                /* hexes, when the counter gives none */
    int canister;             /* close range: canister at distances 1..canister; 0: none */
    int long_range;           /* long range from this distance on; 0: none */
} lb_battery_range;

typedef struct lb_fire_charts {
    int has_table;                 /* fire_table given */
    lb_fire_column *columns;       /* ascending by att/def */
    int ncolumns;
    int below_none;                /* below the lowest column: no effect (else the lowest) */

    int has_massed;                /* massed_target given */
    int massed_above;
    int massed_per;

    int has_flank, flank_value;    /* fire_defence.flank */
    int has_road, road_value;      /* fire_defence.road */
    int has_with_artillery;        /* fire_defence.with_artillery */
    int with_artillery_delta;
    unsigned with_artillery_except; /* bit f: infantry in formation f keeps its value */

    unsigned char *defence;        /* nterrain * LB_FIRE_FD_KEYS; 0 = a blank cell */
    int nterrain;

    lb_fire_trigger *triggers;
    int ntriggers;

    int has_casualty;              /* leader_casualty given */
    int casualty_fire_lo, casualty_fire_hi;       /* rolls; 0 when no fire trigger */
    int casualty_attacker_lo, casualty_attacker_hi; /* melee_attacker, 0 when none */
    int casualty_defender_lo, casualty_defender_hi; /* melee_defender, 0 when none */
    lb_casualty_entry casualty[6];
    int ncasualty;

    int canister_shift;            /* artillery_fire.canister.shift: columns right; 0 none */
    int has_long_times;            /* artillery_fire.long_range given */
    lb_frac long_times;            /* the long-range multiple of a battery's value */
    lb_battery_range *batteries;   /* artillery_fire.batteries */
    int nbatteries;
} lb_fire_charts;

/* ---- modifiers.h: Chart conditions and modifier entries (docs/charts-format.md 10): unit predicates, conditions and modifier tables, compiled and read. */

/*
 * Tables such as carre_modifiers, stand_modifiers and recall_modifiers are objects of entries
 * {when, mod, per, replaces}. The loader compiles each into an lb_modifier_table (in the state's
 * arena); a rule reads one with lb_modifiers_read, giving the situation (which unit plays the
 * attacker and the defender, the hexside at contact, the flags of 10.1). The modifier of a roll
 * is the sum of every entry that applies, after `replaces` (10.3). A table that the charts do not
 * give has `present` 0: the rule that needs it answers with an error naming the key.
 */

/* Roles a condition may name (a bit set: which ones a table allows). */
enum { LB_ROLE_ATTACKER = 1, LB_ROLE_DEFENDER = 2, LB_ROLE_UNIT = 4 };

/* A unit predicate (10.2). Absent keys hold for every unit. */
typedef struct lb_predicate {
    unsigned arms;               /* bit per lb_arm; 0: any */
    const char **nations;
    int nnations;
    const char **classes;
    int nclasses;
    unsigned formations;         /* bit per lb_formation; 0: any */
    unsigned states;             /* bit per lb_morale_state; 0: any */
    unsigned readiness;          /* bit per lb_readiness; 0: any */
    const int *terrain;          /* terrain type indexes */
    int nterrain;
    int weight;                  /* 0 any, 1 light, 2 heavy (rules-combat 35.4) */
    int lance;
    int preserve_readiness;
    int morale_lo, morale_hi;    /* a roll range, 0 when none */
    int losses_num, losses_den;  /* losses_den 0 when none */
    int fire_loss;
    int leader;                  /* a friendly leader in the unit's hex */
    const char *leader_key;      /* … whose bonus has this key, non-zero; NULL: any */
    const char *leader_named;
    const char *leader_rank;
} lb_predicate;

/* A condition (10.1). */
typedef struct lb_condition {
    const lb_predicate *attacker, *defender, *unit; /* NULL: no condition on that role */
    int through;                 /* 0 none, 1 flank, 2 rear */
    unsigned across;             /* bit per hexside type; 0: none */
    int uphill;
    int charge_straight;
    int recall_failed;
} lb_condition;

typedef enum lb_modifier_per {
    LB_PER_NONE,
    LB_PER_DEFENDER_LEVEL,
    LB_PER_ATTACKER_LEVEL,
    LB_PER_ATTACKER_FIRE_LOSS,
    LB_PER_DEFENDER_FIRE_LOSS
} lb_modifier_per;

#define LB_MODIFIERS_MAX 64 /* entries of one table: `replaces` is a bit set */

/* A modifier entry (10.3). */
typedef struct lb_modifier {
    const char *id;
    lb_condition when;
    int mod;
    lb_modifier_per per;
    unsigned long long replaces; /* bit i: entry i of the same table */
    const char *uncertain;       /* the entry's "uncertain" mark, or NULL */
} lb_modifier;

typedef struct lb_modifier_table {
    int present;                 /* the charts give the table */
    const char *key;             /* its key in the charts ("stand_modifiers") */
    lb_modifier *entries;
    int n;
} lb_modifier_table;

/* The situation a table is read in. */
typedef struct lb_modifier_ctx {
    int attacker, defender, unit; /* unit indexes, -1 when the role is empty */
    int contact;                 /* the attacker is at its hexside of contact with the defender */
    int through;                 /* at contact: 0 front, 1 flank, 2 rear of the defender */
    unsigned across;             /* at contact: bit per hexside type crossed, listed or implicit */
    int uphill;
    int charge_straight;
    int recall_failed;
    int attacker_level, defender_level;         /* organisation morale levels (9.1) */
    int attacker_fire_loss, defender_fire_loss; /* increments lost to defensive fire */
    int attacker_preserve, defender_preserve;   /* melees at one third to keep readiness (36.5) */
} lb_modifier_ctx;

/* An entry that applied, with its value after `per`. */
typedef struct lb_modifier_hit {
    const lb_modifier *entry;
    int value;
} lb_modifier_hit;

/* ---- melee_charts.h: Melee charts: the melee results matrix, the melee value multipliers and the pre-melee morale chart, compiled. */

/*
 * docs/charts-format.md section 6. The scenario loader compiles the three melee tables once
 * from the merged charts document into the flat tables below (in the state's arena) and keeps
 * them in lb_charts.melee, reporting every problem with its chart path. A table the charts do
 * not give is off (has_* = 0): the melee answers "not allowed" naming the key when it needs it.
 * Odds columns are sorted by ratio and read rounded down (2.3).
 */

/* A cell of the matrix (6.1). */
typedef enum lb_melee_code {
    LB_MELEE_NE,   /* no effect */
    LB_MELEE_AR,   /* attacker routed */
    LB_MELEE_AD,   /* attacker disordered */
    LB_MELEE_DR,   /* defender routed */
    LB_MELEE_DD,   /* defender disordered */
    LB_MELEE_DS,   /* defender surrenders */
    LB_MELEE_LOSS  /* increments lost by each side, with morale checks */
} lb_melee_code;

typedef struct lb_melee_cell {
    lb_melee_code code;
    int att, def;             /* LOSS: increments the attacker and the defender lose */
    int att_check, def_check; /* LOSS: that side checks morale */
    const char *uncertain;    /* the cell's mark (2.4), or NULL */
} lb_melee_cell;

/* One odds column att:def with its 36 cells by natural roll index. */
typedef struct lb_melee_column {
    const char *label;
    int att, def;
    lb_melee_cell cell[36];
} lb_melee_column;

typedef enum lb_melee_side { LB_MELEE_ATTACKER, LB_MELEE_DEFENDER } lb_melee_side;

/* One entry of melee_multipliers (6.2). */
typedef struct lb_melee_multiplier {
    const char *id;
    lb_melee_side side;        /* whose values it multiplies */
    lb_condition when;
    lb_frac times;
    int lance;                 /* applies to the lance bonus instead of the value */
    unsigned long long replaces; /* bit i: entry i does not apply when this one does */
    const char *uncertain;
} lb_melee_multiplier;

/* One odds column of the pre-melee chart (6.3): increments att:def and each side's modifier. */
typedef struct lb_premelee_column {
    const char *label;
    int att, def;
    int attacker_mod, defender_mod;
} lb_premelee_column;

/* One situation of the pre-melee chart (6.3, 10.3). */
typedef struct lb_premelee_situation {
    const char *id;
    lb_condition when;
    int attacker_mod, defender_mod;
    int attacker_passes;       /* the attackers pass without rolling */
    lb_modifier_per per;
    unsigned long long replaces;
    const char *uncertain;
} lb_premelee_situation;

#define LB_MELEE_ENTRIES_MAX 64 /* entries of one table: `replaces` is a bit set */
#define LB_MELEE_COLUMNS_MAX 64 /* odds columns of one table */

typedef struct lb_melee_charts {
    int has_table;                    /* melee_table given */
    lb_melee_column *columns;         /* ascending by att/def */
    int ncolumns;
    int below_none;                   /* below the lowest column: no effect (else the lowest) */

    int has_multipliers;              /* melee_multipliers given */
    lb_melee_multiplier *multipliers;
    int nmultipliers;

    int has_premelee;                 /* premelee_morale given */
    lb_premelee_column *odds;         /* ascending by att/def */
    int nodds;
    int odds_below_none;
    lb_premelee_situation *situations;
    int nsituations;
} lb_melee_charts;

/* ---- move_charts.h: Movement charts: per-terrain movement and stacking data, the movement constants, the limber table, compiled. */

/*
 * docs/charts-format.md 4.1 (`open`, `skirmish_only`, `road_march_move`, `stacking`), 4.5
 * (`movement`) and 8.1 (`limber`, `limber_modifiers`). The scenario loader compiles them once
 * from the merged charts into lb_charts.move (in the state's arena), reporting every problem at
 * its chart path. Every key is optional: `movement` defaults to the Premier Rules' constants
 * (4.5), a terrain without `stacking` has no limit (R-STACK-1), and without `limber` batteries
 * limber without a roll (8.1). MP are kept in halves.
 */

#define LB_STACK_ALTS_MAX 16
#define LB_STACK_ANY (-1) /* no cap */

/* One alternative of a terrain's stacking limit (R-STACK-1): per arm (infantry, cavalry,
 * artillery) the most units and increments; an arm the alternative does not name has units 0. */
typedef struct lb_stack_alt {
    int units[LB_MOVE_ARMS];
    int incr[LB_MOVE_ARMS];
    int battalions;            /* the infantry cap counts battalions (`infantry_battalions`), not
                                * counters: a regiment counter counts its battalions */
} lb_stack_alt;

/* A terrain's stacking limit: the hex must fit one alternative (R-STACK-1..3). */
typedef struct lb_stack_chart {
    int present;               /* the charts give one; else no limit */
    lb_stack_alt alts[LB_STACK_ALTS_MAX];
    int nalts;
    int cavalry_units_max;     /* never more cavalry units than this, or LB_STACK_ANY */
    int road_march_incr;       /* increments of units in road march, or LB_STACK_ANY */
    const char *note;          /* the printed rule in words, or NULL */
} lb_stack_chart;

/* One battery class's limber range (8.1): one die plus modifiers within lo..hi. */
typedef struct lb_limber_entry {
    const char *nation;
    const char *cls;
    int lo, hi;
} lb_limber_entry;

typedef struct lb_move_charts {
    /* per terrain type index (lb_charts.terrain) */
    unsigned char *open;           /* counts as clear where a rule demands clear terrain */
    unsigned char *skirmish_only;  /* infantry only in skirmish order */
    int *road_march_move;          /* half MP along a road in road march, or -1 */
    lb_stack_chart *stacking;
    /* `movement` (4.5) */
    int formation_change[LB_MOVE_ARMS]; /* MP of a formation change, per arm (T16-2) */
    int extra_hex;                 /* MP for each hex of an infantry line past the first (T15-6) */
    int facing_change;             /* MP of a facing change */
    int line_start_penalty;        /* MP a unit that starts in line loses (T15-7) */
    int leader_allowance;          /* MP of a leader whose counter gives none */
    int drag_adjacent, drag_two;   /* cavalry skirmisher drag at 1 and 2 hexes (20) */
    int march_multiple;            /* force march: times printed MP (44) */
    int march_modifier;            /* force march: morale modifier per consecutive turn (44) */
    int march_charged_morale;      /* force march: added to printed morale when charged (44) */
    int entry_band;                /* reinforcements: hexes either side of a blocked entry (45) */
    const char **horse_artillery;  /* artillery classes that move as horse artillery (14) */
    int nhorse_artillery;
    const char **no_prolonge;      /* artillery classes that may not prolonge (15) */
    int nno_prolonge;
    /* `limber`, `limber_modifiers` (8.1) */
    lb_limber_entry *limber;
    int nlimber;
    lb_modifier_table limber_mods; /* role: unit = the battery */
} lb_move_charts;

/* The records behind the state's accessors, for the library's files (src/data/state_read.c). */
/* The charts the scenario's game module compiled (terrain and hexside types, the tables). */
LBI const lb_charts *lb_state_charts(const lb_state *st);
/* The unit of index i, or NULL when i is out of range. */
LBI const lb_unit *lb_state_unit(const lb_state *st, int i);
/* The battle's own terms: victory, reinforcements, organisation, timed movement. */
LBI const lb_battle *lb_state_battle(const lb_state *st);

#endif
