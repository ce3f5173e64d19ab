/* Fire charts: fire table, fire defence, massed target, fire-loss checks, leader casualty, artillery ranges. */
#ifndef LB_FIRE_CHARTS_H
#define LB_FIRE_CHARTS_H

#include "charts.h"
#include "frac.h"
#include "unit.h"

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


#endif
