/* Units: arms, formations, morale states and readiness, and the unit record of a scenario. */
#ifndef LB_UNIT_H
#define LB_UNIT_H

#include "hex.h"

typedef enum lb_arm { LB_ARM_INFANTRY, LB_ARM_CAVALRY, LB_ARM_ARTILLERY, LB_ARM_LEADER } lb_arm;
#define LB_MOVE_ARMS 3 /* infantry, cavalry and artillery have movement costs */

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
#define LB_UNIT_MAX_BONUS 8

typedef struct lb_bonus {
    const char *key; /* "morale", "melee", "recall", … */
    int value;
} lb_bonus;

/*
 * A unit as loaded. increments is the counter's printed strength; losses is what it has lost
 * over its whole history, so its strength now is increments - losses (R-SCN-1). hexes[0] is
 * the unit's own hex; a line may stand in more (R-SCN-3). Strings live in the state's arena.
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
    lb_readiness readiness;
    lb_bonus bonus[LB_UNIT_MAX_BONUS]; /* leaders */
    int nbonus;
    lb_hex hexes[LB_UNIT_MAX_HEXES];
    int nhexes;
    int level_mod;      /* its organisation's Morale Level modifier to morale checks (43), set
                         * by the game on the hour (R-GAME-11); 0 outside a game */
} lb_unit;

/* Names as written in scenarios, and their parsers (-1 when unknown). */
const char *lb_arm_name(lb_arm arm);
int lb_arm_parse(const char *s);
const char *lb_formation_name(lb_formation f);
int lb_formation_parse(const char *s);
const char *lb_morale_state_name(lb_morale_state s);
int lb_morale_state_parse(const char *s);
const char *lb_readiness_name(lb_readiness r);
int lb_readiness_parse(const char *s);

/* True for infantry, cavalry and artillery; leaders (and aides) are not combat units. */
int lb_unit_is_combat(const lb_unit *u);
/* Increments the unit has now: increments - losses. */
int lb_unit_strength(const lb_unit *u);
/* True when the unit stands in hex h (any of its hexes). */
int lb_unit_in_hex(const lb_unit *u, lb_hex h);
/* The leader bonus named key, or 0. */
int lb_unit_bonus(const lb_unit *u, const char *key);

#endif
