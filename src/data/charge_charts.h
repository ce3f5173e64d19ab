/* Charge charts: the carré table, the carré and stand modifiers, the recall chart and its modifiers, compiled. */
#ifndef LB_CHARGE_CHARTS_H
#define LB_CHARGE_CHARTS_H

#include "arena_int.h"
#include "state_types.h"
#include "lbi.h"

/*
 * docs/charts-format.md section 7. The scenario loader compiles these once from the merged
 * charts into lb_charts.charge (in the state's arena), reporting every problem with its chart
 * path (FILE:LINE:COL: PATH: expected …, found …). A table the charts do not give is off
 * (has_carre / has_recall 0, a modifier table's present 0); the charge answers with an error
 * naming the key when it needs one.
 */

typedef enum lb_carre_result { LB_CARRE_FORMED, LB_CARRE_DD, LB_CARRE_PGD } lb_carre_result;

/* One nation group's carré table (7.1): result by forming formation, distance and roll. */
typedef struct lb_carre_table {
    const char *id;
    const char **nations;
    int nnations;
    unsigned char result[2][4][36]; /* [0 column rows, 1 line rows][hexes - 1][roll index] */
} lb_carre_table;

typedef struct lb_recall_class {
    const char *cls;
    int lo, hi;
} lb_recall_class;

/* One nation's recall ranges (7.4). */
typedef struct lb_recall_entry {
    const char *nation;
    int lo, hi;                 /* the default range */
    lb_recall_class *classes;
    int nclasses;
} lb_recall_entry;

typedef struct lb_charge_charts {
    int has_carre;
    lb_carre_table *carre;
    int ncarre;
    lb_modifier_table carre_mods;   /* roles: defender = the infantry, attacker = the cavalry */
    lb_modifier_table stand_mods;   /* roles: defender = the unit standing, attacker = the cavalry */
    int has_recall;
    lb_recall_entry *recall;
    int nrecall;
    lb_modifier_table recall_mods;  /* role: attacker = the cavalry */
} lb_charge_charts;

/* The carré table whose `nations` lists nation, or NULL (the unit may not attempt carré). */
LBI const lb_carre_table *lb_charge_charts_carre(const lb_charge_charts *cc, const char *nation);

/* The recall range of a cavalry nation and class (the class's range, else the default) into
 * *lo, *hi; 0 when the nation has no entry (it cannot be recalled). */
LBI int lb_charge_charts_recall(const lb_charge_charts *cc, const char *nation, const char *cls,
                                int *lo, int *hi);

/* "CARRE", "DD", "PGD". */
LBI const char *lb_carre_result_name(lb_carre_result r);

#endif
