/* Melee charts: the melee results matrix, the melee value multipliers and the pre-melee morale chart, compiled. */
#ifndef LB_MELEE_CHARTS_H
#define LB_MELEE_CHARTS_H

#include "charts.h"
#include "frac.h"
#include "modifiers.h"

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


#endif
