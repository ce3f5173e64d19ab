/* The scenario keys of a whole battle: victory conditions, reinforcements, organisation, timed movement. */
#ifndef LB_BATTLE_H
#define LB_BATTLE_H

#include "hex.h"
#include "unit.h"

/*
 * What a scenario says about the battle as a game (docs/scenario-format.md: `victory`,
 * `reinforcements`, `organisation`, `movement_time_limit_s`). The loader fills it in the state's
 * arena; every key is optional and an absent one leaves its part empty (no objectives, no
 * reinforcements, no organisation, untimed movement). Times are minutes since midnight.
 */

/* An objective hex (R-VIC-2). */
typedef struct lb_objective {
    lb_hex hex;
    int points;
    int holder; /* side index holding it at the start, -1 none */
} lb_objective;

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

#endif
