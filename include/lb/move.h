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

/* Cost for arm (infantry, cavalry or artillery) to step from h across hexside dir, in whole MP. */
int lb_move_step_cost(const lb_state *st, lb_hex h, int dir, lb_arm arm);
/* R-FORM-2, R-MOV-4 (T15-20): the road-march rate of the map's cell, in halves, or -1 when no
 * road runs through it: a terrain with a `road_march_move` that is not general-order terrain (a
 * road hex), or general-order terrain (a hamlet, village or town) that `map.roads` names. Road
 * march stands and steps only on such hexes. */
int lb_move_road_rate(const lb_state *st, int cell);

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

/* R-MOV-2: starts a Movement segment for side: every unit of it gets a fresh record (its hold
 * for the segment is its hold_next; a force march of the last segment counts as a consecutive
 * turn) and the state is marked changed (lb_state_touch). The game engine calls it when the
 * segment begins. */
void lb_move_segment_begin(lb_state *st, int side);
/* R-MOV-3: unit's allowance this segment in half MP, traced; *rule and why say why it is 0 when
 * it is (either may be NULL). */
int lb_move_allowance(const lb_state *st, int unit, const char **rule, lb_said *why, lb_trace *t);
/* Checks one action of the unit named id as the state stands, without dice. LB_OK with the answer
 * in *out (an illegal action is an answer: legal 0, rule, why); LB_NOT_FOUND for an unknown id. */
int lb_move_action_check(const lb_state *st, const char *id, const lb_move_action *a,
                         lb_move_outcome *out, lb_trace *t);
/* The check, then the roll the action needs (R-DICE-3, purpose "limber roll" or "morale
 * check"). LB_OK, LB_NOT_FOUND, LB_DICE. */
int lb_move_action_resolve(const lb_state *st, const char *id, const lb_move_action *a,
                           lb_dice *dice, lb_move_outcome *out, lb_trace *t);
/* Applies a legal outcome checked or resolved on this state as it stands (an unrolled roll counts
 * as a success): moves the unit and its attached leaders, changes its formation or facing,
 * removes captured leaders (lb_state_remove_unit), updates the record, and marks the state
 * changed (lb_state_touch). LB_OK; LB_STALE when the state changed since the outcome was worked
 * out, LB_INVALID when the outcome is illegal or does not fit the state (nothing changes either
 * way); LB_NOMEM. */
int lb_move_action_apply(lb_state *st, const lb_move_outcome *o);

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

/* R-MOV-12: checks plan (n actions) for the unit named id: each action in turn (rolls taken
 * from dice, or assumed to succeed when dice is NULL), then the end of the move (stacking, a
 * force march's end, R-STACK-5, R-MOV-16). LB_OK, LB_NOT_FOUND, LB_DICE, LB_NOMEM. Release with
 * lb_move_plan_release. */
int lb_move_check(const lb_state *st, const char *id, const lb_move_action *plan, int n,
                  lb_dice *dice, lb_move_plan *out, lb_trace *t);
/* R-MOV-12: the answer to a plan for the unit named id ending at hex `to` (its label, as the
 * caller was given it) that no path within its allowance (halves) reaches: refused before any
 * action, with why, traced into t. It owns nothing; its texts are id's and to's. */
void lb_move_plan_unreached(const char *id, const char *to, int allowance, lb_move_plan *out,
                            lb_trace *t);
/* Frees what a plan owns (its actions); a zeroed or released plan is fine. */
void lb_move_plan_release(lb_move_plan *p);

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

/* Every hex the unit named id can reach this segment with its least cost and one cheapest path,
 * where it must stop and where it may end, and every other action open to it now with its cost.
 * LB_OK, LB_NOT_FOUND, LB_NOMEM. Release with lb_move_choices_release. */
int lb_move_options(const lb_state *st, const char *id, lb_move_choices *out, lb_trace *t);
/* Frees what the choices own (reach, changes); zeroed or released choices are fine. */
void lb_move_choices_release(lb_move_choices *o);
/* The path to reach[i] as directions from the start into dirs (at most max); returns its length. */
int lb_move_choices_path(const lb_move_choices *o, int i, int *dirs, int max);

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

/* May u (not on the map: its hexes are ignored) enter the map at hex `at` as its first step?
 * Its formation and facing are u's own. LB_OK with the answer in *out. */
int lb_move_entry_check(const lb_state *st, const lb_unit *u, lb_hex at, lb_move_entry *out,
                        lb_trace *t);
/* Adds u to the state at the entry hex with the entry's cost spent (a legal entry checked on the
 * state as it stands): its strings are copied into the state's arena; marks the state changed
 * (lb_state_touch). LB_OK; LB_STALE (the state changed since the check), LB_INVALID (an id already
 * used, an illegal entry), nothing changed; LB_NOMEM. */
int lb_move_entry_apply(lb_state *st, const lb_unit *u, const lb_move_entry *e);

/* Names: "step", "face", …; "opportunity_fire", "capture", … */
const char *lb_move_kind_name(lb_move_kind k);
const char *lb_move_event_name(lb_move_event_kind k);

#endif
