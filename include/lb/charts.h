/* Game charts: the terrain, hexside and fire-multiple tables a scenario plays with, as flat arrays. */
#ifndef LB_CHARTS_H
#define LB_CHARTS_H

#include "frac.h"
#include "unit.h"

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

typedef enum lb_los_class { LB_LOS_CLEAR, LB_LOS_BLOCKS, LB_LOS_DWELLING } lb_los_class;

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


#endif
