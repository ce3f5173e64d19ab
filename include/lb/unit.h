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

#define LB_UNIT_MAX_HEXES 8
#define LB_UNIT_MAX_BONUS 8

typedef struct lb_bonus {
    const char *key; /* "morale", "melee", "recall", … */
    int value;
} lb_bonus;

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
int lb_unit_is_combat(const lb_unit *u);
/* Increments the unit has now: increments - losses. */
int lb_unit_strength(const lb_unit *u);

#endif
