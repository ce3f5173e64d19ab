/* Melee (29), (32)-(34): the assault, retreat before melee, pre-melee morale, values, exact odds, and the resolve as a machine that stops for decisions. */
#ifndef LB_MELEE_H
#define LB_MELEE_H

#include "decision.h"
#include "dice.h"
#include "err.h"
#include "facing.h"
#include "frac.h"
#include "melee_charts.h"
#include "morale.h"
#include "state.h"
#include "trace.h"

/*
 * An assault names its attacking units by id and the hex they attack (R-MEL-1). lb_melee_odds
 * answers whether it may be made and, before any die, every unit's part: the increments it
 * counts for the pre-melee odds, its melee value with each multiplier, whether it checks morale
 * and its chance; the odds column; and the exact probability of every way the melee can end,
 * the pre-melee checks folded in (R-MEL-23). A melee that may not be made is an answer
 * (allowed = 0, the ruling, the reason), not an error.
 *
 * lb_melee_resolve plays it: the defender's retreats before melee, the pre-melee checks, the
 * matrix roll and its results, every retreat and advance. It stops whenever a side must decide
 * (LB_MELEE_DECIDE: read lb_melee_pending, answer with lb_melee_answer, resolve again) — a
 * retreat before melee, a path, melee at one third to keep readiness, which attacker advances —
 * and nothing is chosen for a player except by a standing answer or in automatic mode
 * (R-MEL-22). As the charge does, each pass replays the melee's journal of decisions and dice on
 * a fresh copy of the state given to lb_melee_new (taken when the melee is made: that state may
 * change afterwards, but its map, charts and strings are borrowed and it must outlive the
 * melee), so a loaded journal rebuilds the same melee. Nothing changes until lb_melee_apply,
 * which finds every unit by id and refuses a result whose units have changed since (R-MEL-24).
 */

#define LB_MELEE_ATTACKERS_MAX 12
#define LB_MELEE_DEFENDERS_MAX 12
#define LB_MELEE_UNITS_MAX (LB_MELEE_ATTACKERS_MAX + LB_MELEE_DEFENDERS_MAX)
#define LB_MELEE_PASSED_MAX 16
#define LB_MELEE_TIMES_MAX 16
#define LB_MELEE_CHECKS_MAX 10 /* pre-melee checks the exact odds enumerate (R-MEL-23) */
#define LB_MELEE_OUTCOMES_MAX 48
#define LB_MELEE_TEXT_MAX 320
#define LB_MELEE_SUMMARY_MAX 256

/* One attacking unit, with what the earlier segments of the turn left it. */
typedef struct lb_melee_attacker {
    const char *id;
    int fired;            /* it fired in this turn, at fired_at (32.5) */
    lb_hex fired_at;
    int fire_loss;        /* increments it lost to defensive fire in this turn (pre-melee chart) */
    int charge_straight;  /* its charge ended straight and facing the defender (37.7): the
                           * charge obligation's charge_bonus */
    lb_frac times;        /* the charge obligation's melee_times (R-CHG-16: x1/2); den 0 = 1 */
    int charged;          /* this melee is the one its charge owes: exhausted after (38.10) */
} lb_melee_attacker;

typedef struct lb_melee_req {
    lb_hex target;                                       /* the hex assaulted */
    lb_melee_attacker attackers[LB_MELEE_ATTACKERS_MAX]; /* in the order they are listed */
    int nattackers;
    const char *passed[LB_MELEE_PASSED_MAX]; /* units that count as having passed their
                                              * pre-melee check: a stand against the charge
                                              * (38.2, the charge's passed_premelee) */
    int npassed;
    int automatic;                 /* undecided choices take their automatic option */
    const lb_standing *standing;   /* standing answers (borrowed; they outlive the melee) */
    int nstanding;
} lb_melee_req;

/* What multiplies a unit's melee value. */
typedef enum lb_melee_factor {
    LB_MELEE_BY_LOSSES,    /* the increments it lost (R-MOR-10) */
    LB_MELEE_BY_DISORDER,  /* disordered (R-MOR-3, R-MOR-6) */
    LB_MELEE_BY_ROUT,      /* routed (R-MOR-4, R-MOR-5) */
    LB_MELEE_BY_SHARE,     /* the increments taking part (R-MEL-13) */
    LB_MELEE_BY_LINE,      /* the lance bonus, once for each hex of the line (R-MEL-14) */
    LB_MELEE_BY_CHARGE,    /* the charge's melee multiplier (R-CHG-16) */
    LB_MELEE_BY_CHART      /* a multiplier of the charts (6.2) */
} lb_melee_factor;

/* One factor of a unit's melee value. */
typedef struct lb_melee_times {
    const char *rule;      /* "R-MOR-10", "R-MEL-13", "R-CHG-16", or "melee_multipliers" */
    lb_melee_factor factor;
    const char *what;      /* LB_MELEE_BY_CHART: the chart entry's id; else NULL (what it is in
                            * words: lb_melee_times_what) */
    lb_frac times;
    int lance;             /* multiplies the lance bonus, not the value */
    const char *uncertain; /* a chart mark, or NULL */
} lb_melee_times;

/* Why a unit makes no pre-melee check (R-MEL-11): lb_melee_exemption_name says it. */
typedef enum lb_melee_exemption {
    LB_MELEE_NOT_EXEMPT,                    /* it checks */
    LB_MELEE_EXEMPT_PASSED,                 /* it stood against the charge (38.2) */
    LB_MELEE_EXEMPT_CAVALRY,                /* cavalry (35.2) */
    LB_MELEE_EXEMPT_GENERAL_ORDER,          /* a defender in general order (33.6) */
    LB_MELEE_EXEMPT_ATTACKING_WITH_CAVALRY, /* infantry with cavalry (33.6) */
    LB_MELEE_EXEMPT_DEFENDING_WITH_CAVALRY,
    LB_MELEE_EXEMPT_ATTACKERS_PASS          /* the pre-melee chart lets the attackers pass (6.3) */
} lb_melee_exemption;

/* One unit's part in the melee. */
typedef struct lb_melee_unit {
    int unit;                  /* index in the state */
    lb_melee_side side;
    lb_side_class through;     /* attackers: the hexside class of the defender it comes through
                                * (front, flank or rear, R-MEL-6) */
    lb_hex from;               /* attackers: the hex it assaults from (the target for cavalry
                                * inside a carré's hex) */
    int increments;            /* increments taking part (R-MEL-13) */
    int counted;               /* increments counted for the pre-melee odds (32.3, R-MEL-9) */
    lb_frac base;              /* printed melee after losses and morale state (R-MOR-3..10) */
    lb_frac lance;             /* the lance bonus part of the value (R-MEL-14) */
    lb_frac value;             /* the unit's melee value, rounded down once when asked */
    lb_melee_times times[LB_MELEE_TIMES_MAX];
    int ntimes;
    int preserve;              /* melees at one third to keep its readiness (36.5) */
    int checks;                /* makes a pre-melee check (33.6, R-MEL-11) */
    lb_melee_exemption exempt; /* why not; LB_MELEE_NOT_EXEMPT when it checks */
    const char *exempt_rule;
    int chart_mod;             /* the pre-melee chart's modifiers to its roll (R-MEL-10) */
    lb_morale_chance chance;   /* its check, when it checks */
} lb_melee_unit;

typedef struct lb_melee_outcome {
    char result[24];           /* a matrix result ("DD", "1/2*"), or "DEFENDER_FAILS",
                                * "ATTACKER_FAILS" (R-MEL-23) */
    lb_frac p;
} lb_melee_outcome;

/* Everything before the dice. */
/* A leader who may take a melee's leader casualty, and the chance he does (R-CAS-1): the
 * casualty check's chance times his share of it. */
typedef struct lb_melee_casualty {
    int leader;         /* his index */
    lb_melee_side side; /* the side whose band the roll falls in */
    lb_frac p;
} lb_melee_casualty;

typedef struct lb_melee_chance {
    int allowed;
    const char *rule;
    lb_said why;               /* why not, as the melee rules say it (lb_said_fmt); nothing said
                                * when allowed or when the game refused the key */
    char refused[LB_MELEE_TEXT_MAX]; /* lb_game_melee_odds: why the game itself refuses the
                                      * assault's key (its records, a key it cannot read), in
                                      * the game's words; "" otherwise */
    lb_hex target;
    lb_melee_unit units[LB_MELEE_UNITS_MAX]; /* the attackers in request order, then the
                                              * defenders top first */
    int nunits;
    int nattackers;
    lb_side_class through;     /* the worst class any attacker brings the defender (R-MEL-6) */
    int increments_attacking, increments_defending; /* counted (32.3) */
    const lb_premelee_column *premelee;
    int premelee_below, premelee_above;
    int attackers_pass;        /* a situation lets every attacker pass (6.3) */
    lb_frac attack, defence;   /* every attacker as if it passed; every defender */
    const lb_melee_column *column;
    int below, above;
    int modifier;              /* to the melee roll: leaders' melee bonuses (R-MEL-16) */
    int attacker_leader, defender_leader; /* the leaders whose bonus counts, -1 */
    lb_melee_outcome outcomes[LB_MELEE_OUTCOMES_MAX]; /* most likely first */
    int noutcomes;
    lb_frac p_melee;           /* a melee is fought (both sides still there) */
    lb_frac p_attacker_casualty, p_defender_casualty; /* a leader casualty check (33.12) */
    lb_melee_casualty casualty[LB_MELEE_UNITS_MAX]; /* the leaders who may be the one casualty,
                                                     * attackers' then defenders' (R-CAS-1) */
    int ncasualty;
} lb_melee_chance;

/* ---- the machine ----------------------------------------------------------------------- */

typedef enum lb_melee_status { LB_MELEE_REFUSED, LB_MELEE_DECIDE, LB_MELEE_DONE } lb_melee_status;

/* One thing that happened, in order. `kind` is a stable name: "retire", "retreat", "rout",
 * "surrender", "check", "roll", "result", "loss", "eliminated", "advance", "casualty",
 * "readiness", "no-melee". What the result says (an event's said, a refusal's why) names units
 * by the melee's own copies of their ids: it is written while the melee lives (LB_MELEE_TEXT_MAX
 * bytes hold any of it). */
typedef struct lb_melee_event {
    const char *kind;
    const char *rule;
    char unit[LB_SUBJECT_MAX];
    char other[LB_SUBJECT_MAX];
    lb_hex hex;
    int value;                 /* the roll, die, increments or hexes, per kind */
    lb_said said;              /* what happened: lb_said_fmt writes it */
} lb_melee_event;

typedef struct lb_melee_result {
    const char *rule;              /* REFUSED: the ruling that refuses */
    lb_said why;                   /* REFUSED: the reason (lb_said_fmt) */
    lb_melee_event *events;
    int nevents;
    int fought;                    /* the matrix was rolled */
    int roll, modified;            /* the melee roll and with the leaders' modifier */
    char column[16];               /* the odds column read, "" when not fought */
    char cell[24];                 /* the result read ("DD", "1/2*"), "" when not fought */
    lb_frac attack, defence;       /* the values the melee was fought with */
    char summary[LB_MELEE_SUMMARY_MAX]; /* the branch taken in short codes */
} lb_melee_result;

typedef struct lb_melee lb_melee;

#endif
