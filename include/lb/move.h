/* Movement (18): step costs, the allowance, each action checked, resolved and applied, whole plans, and every hex a unit can reach. */
#ifndef LB_MOVE_H
#define LB_MOVE_H

#include "dice.h"
#include "facing.h"
#include "formation.h"
#include "frac.h"
#include "state.h"
#include "trace.h"

/*
 * A unit moves in its side's Movement segment one action at a time (R-MOV-1): a step to the next
 * hex, a facing change, a formation change (limber and unlimber among them), a prolonge, a
 * leader attaching to or leaving a unit, a force-march declaration. The game engine asks
 * lb_move_options what the unit may do, checks an action (lb_move_action_check: no dice), offers
 * the opportunity fire its events name, then resolves it (lb_move_action_resolve: the limber
 * roll, the force-march check) and applies it (lb_move_action_apply), which updates the unit's
 * record (unit.h, lb_move_record). A unit disordered or routed by that fire takes no further
 * action (R-MOV-9). lb_move_check runs a whole plan on a copy. Every function but the appliers
 * takes the state const; answers name units by id and record the generation of the state they
 * were worked out on: an applier refuses an answer once the state has changed (LB_STALE).
 *
 * MP are counted in halves (R-MOV-2): a cost of 3 is 6, road march's 1/2 is 1.
 *
 * The cost of a step is the terrain cost of the hex entered plus the added cost of the hexside
 * crossed (R-RET-1): the feature listed on the map, and, where the two hexes differ in elevation,
 * the charts' elevation change hexside (docs/charts-format.md 4.3: a slope), counted once even
 * when the map also lists it. LB_MOVE_PROHIBITED when any part is closed to the arm or the hex
 * entered is off the map. This is lb_move_step_cost, which retreat and charge read as well; a
 * unit's own step adds road march, the cavalry screen's drag and the carré's rule (R-MOV-4).
 */

typedef enum lb_move_kind {
    LB_ACT_STEP,     /* one hex across hexside dir; a unit in several hexes moves each of them */
    LB_ACT_FACE,     /* a new facing */
    LB_ACT_FORM,     /* a new formation (facing, hexes): line, carré, limber, … */
    LB_ACT_PROLONGE, /* unlimbered artillery moves one hex across hexside dir */
    LB_ACT_ATTACH,   /* a leader attaches to the unit `with` in its hex */
    LB_ACT_DETACH,   /* a leader leaves its unit */
    LB_ACT_MARCH     /* an infantry unit declares a force march (44) */
} lb_move_kind;

typedef struct lb_move_action {
    lb_move_kind kind;
    int dir;                 /* STEP, PROLONGE: hexside direction 0..5 (hex.h) */
    int facing;              /* FACE: the new facing; FORM: the facing after (0: default) */
    lb_formation formation;  /* FORM */
    lb_hex hexes[LB_UNIT_MAX_HEXES]; /* FORM: the hexes after (formation.h, lb_formation_req) */
    int nhexes;
    const char *with;        /* ATTACH: the unit's id */
} lb_move_action;

typedef enum lb_move_event_kind {
    LB_EVENT_FIRE,    /* opportunity fire may be taken by `units` on the mover in `hex` (R-ZOI-4) */
    LB_EVENT_CAPTURE, /* the enemy leaders `units` in `hex` are captured (R-MOV-15) */
    LB_EVENT_CARRE,   /* the cavalry entered the enemy carré `units`: ending there, it must melee
                       * it (R-MOV-8) */
    LB_EVENT_FOLLOW   /* the attached leaders `units` move with the unit (R-MOV-14) */
} lb_move_event_kind;

#define LB_MOVE_EVENT_UNITS 16
#define LB_MOVE_EVENTS_MAX 12

typedef struct lb_move_event {
    lb_move_event_kind kind;
    const char *rule;
    lb_hex hex;
    const char *units[LB_MOVE_EVENT_UNITS]; /* ids */
    int nunits;
} lb_move_event;

/* The longest reason the answers write (lb_said_fmt into a buffer this size cuts it there). */
#define LB_MOVE_REASON_MAX 240

/* One action's answer. */
typedef struct lb_move_outcome {
    const char *unit;                /* id */
    unsigned long long generation;   /* the state's when the action was checked */
    lb_move_action action;
    int legal;                       /* the action may be taken (a roll: attempted) */
    const char *rule;                /* the ruling that refused it, or that it follows */
    const char *section;             /* its rule section, "(18)" */
    lb_said why;                     /* the reason it is refused or may be taken (lb_said_fmt);
                                      * nothing said in the quiet answers of lb_move_options */
    int first;                       /* the unit's first action of the segment */
    int allowance;                   /* its MP this segment, in halves */
    int spent_before, cost, spent_after; /* halves */
    lb_hex from[LB_UNIT_MAX_HEXES], to[LB_UNIT_MAX_HEXES];
    int nfrom, nto;
    lb_formation formation_before, formation;
    int facing_before, facing;
    int stop;                        /* it has entered an enemy zone: no further step (R-ZOI-2) */
    int roll_needed;                 /* a limber roll or a force-march check follows */
    lb_frac p_success;               /* its exact chance (1 without a roll) */
    int rolled, roll, success;       /* after resolve: the die (limber) or roll (force march) */
    lb_move_event events[LB_MOVE_EVENTS_MAX];
    int nevents;
} lb_move_outcome;

/* A whole plan, checked on a copy of the state. */
typedef struct lb_move_plan {
    const char *unit;                /* id */
    int legal;
    int refused;                     /* index of the action refused, n when the end is, -1 none */
    const char *rule;
    const char *section;
    lb_said why;                     /* why it is refused (lb_said_fmt) */
    int allowance;                   /* halves */
    int cost;                        /* halves, the actions taken (up to the one refused) */
    int stop;                        /* index of the action after which it had to stop, or -1 */
    lb_move_outcome *actions;        /* the answers, up to and including the refused one */
    int nactions;
} lb_move_plan;

/* A hex the unit can reach with its first hex, at its least cost. */
typedef struct lb_move_reach {
    lb_hex hex;
    int cost;        /* halves */
    int prev;        /* index of the hex before it on one cheapest path; -1 for the start */
    int dir;         /* the step into it */
    int stop;        /* entering it ends the move (R-ZOI-2) */
    int end;         /* the unit may end its move here (R-MOV-12) */
} lb_move_reach;

typedef struct lb_move_choices {
    const char *unit;                /* id */
    int allowance, spent;            /* halves */
    int may_step;                    /* when 0: rule and why say why */
    const char *rule;
    lb_said why;
    lb_move_reach *reach;            /* reach[0] is the start, the others by increasing cost */
    int nreach;
    lb_move_outcome *changes;        /* the facing changes, formation changes (each layout, at
                                      * R-FORM-9's default facing: ask the action for another),
                                      * prolonge, attach, detach and force march open now; quiet
                                      * answers without reasons */
    int nchanges;
} lb_move_choices;


#define LB_MOVE_ENTRY_ALTERNATIVES 24

/* R-MOV-17 (45): a reinforcement entering the map. */
typedef struct lb_move_entry {
    unsigned long long generation;   /* the state's when the entry was checked */
    int legal;
    const char *rule;
    const char *section;
    lb_said why;                     /* why it is refused (lb_said_fmt) */
    lb_hex hex;
    int cost;                        /* halves: the entry hex's cost, its first step */
    int allowance;                   /* halves */
    lb_formation formation;          /* the formation it enters in */
    lb_hex alternatives[LB_MOVE_ENTRY_ALTERNATIVES]; /* when the hex is blocked: open edge hexes */
    int nalternatives;
    int delayed;                     /* they lie in the wider band: the entry waits a turn */
} lb_move_entry;

#endif
