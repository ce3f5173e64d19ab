/* Cavalry charges (35)-(42): the charge as a state machine that stops for decisions — carré roll, stand, trample, recall, pursuit — with exact odds. */
#ifndef LB_CHARGE_H
#define LB_CHARGE_H

#include "rules_types.h"
#include "lb/core.h"
#include "state_types.h"

/*
 * A charge is made by one cavalry unit along a planned path (the hexes it means to enter, in
 * order). lb_charge_resolve advances it until a side must decide (LB_CHARGE_DECIDE: read the
 * decision with lb_charge_pending, answer with lb_charge_answer, run again) or it is over
 * (LB_CHARGE_DONE), or finds that it may not be made at all (LB_CHARGE_REFUSED, with the ruling
 * and the reason). The rules may take the cavalry off its plan (a carré to close on, a failed
 * recall); they then move it themselves, and ask its owner where a choice remains (R-CHG-14).
 *
 * Everything the charge decides or rolls goes into its journal (decision.h). Each run replays
 * the journal on a fresh copy of the state given to lb_charge_new, so the result, the trace and
 * the events always come from one straight pass; new dice come from the caller's lb_dice and
 * are journalled. Loading a journal (lb_charge_load_journal) and running rebuilds the same
 * charge (R-CHG-26). The state given to lb_charge_new is not changed until lb_charge_apply.
 *
 * What the charge leaves to later segments — defensive fire, melee, readiness after the melee,
 * routs after all melees, units that may not move — is listed as obligations. lb_charge_odds
 * gives the exact probability of each way the charge can end, over every dice branch, for the
 * decisions fixed by standing answers, then by the answers given in order (the others take
 * their automatic choice, R-CHG-25): each
 * branch goes on from a copy of the pass where it stopped at a roll, branches that reach the
 * same state are enumerated once, and the work is bounded (R-CHG-28).
 */

#define LB_CHARGE_PATH_MAX 64
#define LB_CHARGE_TEXT_MAX 240
#define LB_CHARGE_REACTED_MAX 8

typedef struct lb_charge_req {
    const char *cavalry;             /* id of the charging unit */
    lb_hex path[LB_CHARGE_PATH_MAX]; /* the hexes it plans to enter, in order */
    int npath;
    int automatic;                   /* undecided choices take their automatic option */
    const lb_standing *standing;     /* standing answers (borrowed; they must outlive the charge) */
    int nstanding;
    const char *const *answers;      /* lb_charge_odds only: keys in order (borrowed), for the
                                      * decisions that the standing answers leave open, counted
                                      * in each branch (R-CHG-25) */
    int nanswers;
    int opportunity;                 /* an opportunity charge in the enemy's Movement segment
                                      * (R-OCH-2, R-OCH-3): tired cavalry may make it, and no
                                      * recall is rolled when its target routs */
    int reactions;                   /* the other side is asked, after each step, whether a
                                      * cavalry unit whose zone the step entered reacts (R-RCH-1) */
    char reacted[LB_CHARGE_REACTED_MAX][LB_SUBJECT_MAX]; /* ids of the other side's cavalry
                                      * that reacted in this segment already: none is asked
                                      * again (R-RCH-1) */
    int nreacted;
    char never[LB_CHARGE_REACTED_MAX][LB_SUBJECT_MAX]; /* ids of the other side's cavalry whose
                                      * owner is never asked about them (R-OCH-9) */
    int nnever;
} lb_charge_req;

typedef enum lb_charge_status {
    LB_CHARGE_REFUSED,
    LB_CHARGE_DECIDE,
    LB_CHARGE_DONE
} lb_charge_status;

/* One thing that happened, in order. `kind` is a stable name: "eligible", "move", "declare",
 * "carre-roll", "stand-check", "guns-check", "rout", "retreat", "surrender", "recall", "follow",
 * "trample", "eliminated", "contact", "engage", "halt", "set-aside", "end", "routed-in-place",
 * "leader-alone", "leader-moves", "captured" (R-CHG-27), "reaction-check" (unit: the reacting
 * cavalry, other: the charger, value: the roll), "reaction" (its move next to the charger). What the result says (an event's or an
 * obligation's said, a refusal's why) names the units by the ids of the state given to
 * lb_charge_new and by the result's own target: it is written while both live. */
typedef struct lb_charge_event {
    const char *kind;
    const char *rule;
    char unit[LB_SUBJECT_MAX];
    char other[LB_SUBJECT_MAX];
    lb_hex hex;                      /* where it happened; (0,0) when it does not matter */
    int value;                       /* the roll, die, movement points or increments, per kind */
    lb_said said;                    /* what happened: lb_said_fmt writes it */
} lb_charge_event;

typedef enum lb_obligation_kind {
    LB_OBLIGE_DEFENSIVE_FIRE,   /* unit fires at other (the cavalry) in the Defensive Fire segment */
    LB_OBLIGE_MELEE,            /* unit must melee other in the Melee segment */
    LB_OBLIGE_PASSED_PREMELEE,  /* unit counts as having passed its pre-melee check (38.2) */
    LB_OBLIGE_NO_MOVEMENT,      /* unit may not move in this turn's Movement segment (R-CHG-4) */
    LB_OBLIGE_NO_VOLUNTARY_MOVE,/* unit may not move voluntarily in its side's next Movement
                                 * segment (R-CHG-6) */
    LB_OBLIGE_EXHAUSTED,        /* unit is exhausted once the charge's melee is over (38.10) */
    LB_OBLIGE_ROUT_IN_PLACE     /* unit becomes PGD in place after all melees (R-CHG-6) */
} lb_obligation_kind;

typedef struct lb_charge_obligation {
    lb_obligation_kind kind;
    const char *rule;
    char unit[LB_SUBJECT_MAX];
    char other[LB_SUBJECT_MAX];  /* "" when none */
    lb_frac melee_times;         /* MELEE: multiplier of unit's melee value (x1/2, R-CHG-6); 1 */
    int charge_bonus;            /* MELEE: straight for the last 3 hexes and facing (37.7) */
    int passing;                 /* DEFENSIVE_FIRE: at the cavalry passing over (28.5) */
    /* DEFENSIVE_FIRE where the charge ends: the fire rules' answer on the final positions
     * (lb_fire_odds); fire_known 0 when not asked (passing fire). */
    int fire_known;
    int fire_allowed;
    lb_frac fire_value;
    lb_frac p_hit;               /* at least one increment lost */
    lb_said fire_why;            /* why the fire rules answer no (lb_said_fmt) */
    lb_said said;                /* what is owed: lb_said_fmt writes it */
} lb_charge_obligation;

typedef struct lb_charge_result {
    const char *rule;            /* REFUSED: the ruling that refuses */
    lb_said why;                 /* REFUSED: the reason (lb_said_fmt) */
    lb_charge_event *events;
    int nevents;
    lb_charge_obligation *obligations;
    int nobligations;
    char target[LB_SUBJECT_MAX]; /* the declared target, "" when none */
    int mp_total;                /* printed movement + 5 (R-CHG-1) */
    int mp_spent;
    int contact;                 /* the charge made contact (R-CHG-23) */
    const char *summary;         /* the branch taken in short codes, e.g. "target:au-1 carre:PGD
                                  * recall:no engage:au-2"; owned by the charge, as long as
                                  * it needs (one code per unit it touches) */
} lb_charge_result;

typedef struct lb_charge lb_charge;


/* One way a charge can end, with its exact probability. */
typedef struct lb_charge_outcome {
    char *summary; /* owned by the outcomes */
    lb_frac p;
} lb_charge_outcome;

/* The most passes of the procedure lb_charge_odds makes, and the most ends it counts, before
 * it stops (R-CHG-28). */
#define LB_CHARGE_ODDS_BUDGET 3000

typedef struct lb_charge_outcomes {
    lb_charge_outcome *outcomes; /* by summary, most likely first, then by summary */
    int n;
    int runs;                    /* passes of the procedure made to enumerate the branches
                                  * (from the start, or from where one stopped at a roll) */
    int merged;                  /* branches that reached a state already enumerated */
    int answers;                 /* the req's answers in order that the branches follow */
    int exact;                   /* every branch enumerated, every probability exact: they sum
                                  * to 1 */
    lb_said stopped;             /* not exact: why (lb_said_fmt; nothing said when exact) */
    lb_frac covered;             /* the probability of the ends listed: 1 when exact; invalid
                                  * when even that sum does not fit 64 bits */
    lb_err error;                /* what went wrong when not LB_OK (its code and message) */
} lb_charge_outcomes;


#endif
