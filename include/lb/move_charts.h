/* Movement charts: per-terrain movement and stacking data, the movement constants, the limber table, compiled. */
#ifndef LB_MOVE_CHARTS_H
#define LB_MOVE_CHARTS_H

#include "charts.h"
#include "modifiers.h"

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


#endif
