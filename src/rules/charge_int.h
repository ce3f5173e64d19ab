/* The charge machine's insides (private): the run of one pass over the journal, shared by charge.c, charge_move.c and charge_rules.c. */
#ifndef LB_CHARGE_INT_H
#define LB_CHARGE_INT_H

#include "lb/charge.h"
#include "lb/charge_charts.h"
#include "lb/modifiers.h"

/* Codes that stop a pass early (beyond the LB_* error codes). */
enum { STOP_DECIDE = 100, STOP_DICE = 101, STOP_REFUSED = 102 };

#define STEPS_MAX 256

struct lb_charge {
    const lb_state *origin;
    char cavalry[LB_SUBJECT_MAX];
    lb_charge_req req;          /* req.cavalry points at `cavalry` */
    lb_journal journal;
    lb_decision pending;
    lb_charge_status status;
    lb_state *work;             /* the state the last pass left */
    lb_trace trace;
    lb_charge_result result;
    int cap_events, cap_obligations;
    char error[LB_CHARGE_TEXT_MAX];
    int oom;                    /* an event or obligation could not be recorded */
    /* odds: the roll a pass needed and could not take */
    lb_die_kind need_die;
    unsigned char need_class[36];
    const int *prefix;          /* odds: the dice of this branch */
    int nprefix;
};

/* Per unit of the working state, kept parallel to st->units. */
typedef struct ustate {
    signed char declared;       /* 0 not yet, 1 the target, 2 not the target (R-CHG-10) */
    signed char attempted;      /* tried carré in this charge */
    signed char offered;        /* least distance carré was offered at (R-CHG-11), 0: never */
    signed char passed;         /* the cavalry passed through its carré (defensive fire owed) */
    signed char result;         /* 1 + the lb_carre_result of its attempt, 0: none */
    signed char rider;          /* a leader riding with the charging cavalry (R-CHG-8) */
    signed char unseen;         /* within 2 hexes unseen, said in the trace (R-CHG-10) */
} ustate;

/* What drives the next step (R-CHG-14). */
typedef enum mode {
    M_PLAN,    /* the player's planned path */
    M_CLOSE,   /* close to contact with `goal` */
    M_ENTER,   /* close on the carré `goal` and enter its hex (R-CHG-3) */
    M_FOLLOW,  /* recalled, following the routed `goal` to contact (R-CHG-17) */
    M_PURSUE,  /* not recalled (R-CHG-15, R-CHG-16) */
    M_END
} mode;

/* What happens when the cavalry reaches its target. */
typedef enum tstate {
    T_NONE,     /* no target declared */
    T_STAND,    /* a stand check at contact (R-CHG-12) */
    T_CARRE,    /* a formed carré: enter its hex (R-CHG-3) */
    T_DD,       /* premier-2018 carré DD: contact, trample, the charge ends (R-CHG-4) */
    T_MELEE,    /* contact, then melee (cavalry; premier-2017 DD; stand already checked) */
    T_ROUTED,   /* routed before the charge: contact, trample, melee (R-CHG-12) */
    T_SKIRMISH, /* skirmishers: rout at contact (R-CHG-22) */
    T_GUNS,     /* lone unlimbered guns: a check at contact (R-CHG-21) */
    T_DONE      /* nothing more at contact */
} tstate;

typedef struct run {
    lb_charge *ch;
    lb_state *st;
    lb_dice *dice;              /* new dice; NULL in odds mode */
    int prefix_pos;
    int cursor;                 /* next journal entry to replay */
    lb_trace *t;
    lb_charge_result *res;
    ustate *us;
    int cav, side;
    lb_hex pos;
    int facing;                 /* clock hour, 0 when none */
    int dirs[STEPS_MAX];        /* directions of the steps taken */
    int nsteps;
    int spent, total;
    int plan_pos;
    int plan_aside;             /* the rest of the plan was set aside */
    mode mode;
    int goal;                   /* unit closed on, followed or pursued; -1 */
    int cap;                    /* MP left of a pursuit's cap, -1 none (R-CHG-15) */
    int phase_a;                /* premier-2018 failed recall, still going to `vacated` */
    lb_hex vacated;
    int target;                 /* the declared target's index, -1 */
    tstate tst;
    int recall;                 /* 0 not rolled, 1 recalled, -1 failed */
    int follow_hexes;           /* premier-2017: hexes moved from the recall (R-CHG-17) */
    int pursuit_from;           /* steps taken when the pursuit began */
    int melee_with;             /* the unit the cavalry must melee, -1 */
} run;

/* charge.c: dice, decisions, events, obligations, units */
/* A roll or a die: from the journal, the caller's dice, or the odds branch; `classes` groups
 * the values that lead to the same result (odds). LB_OK, STOP_DICE, LB_DICE, LB_INVALID. */
int ch_roll(run *R, lb_die_kind die, const char *purpose, const unsigned char *classes, int *out);
/* The option taken for d (released here): LB_OK with *choice, or STOP_DECIDE (d pending). */
int ch_decide(run *R, lb_decision *d, int *choice);
/* Records an event (and its trace step). */
void ch_event(run *R, const char *kind, const char *rule, int unit, int other, lb_hex hex,
              int value, const char *fmt, ...) __attribute__((format(printf, 8, 9)));
/* Records an obligation left to later segments; NULL when out of memory (the pass fails). */
lb_charge_obligation *ch_oblige(run *R, lb_obligation_kind kind, const char *rule, int unit,
                                int other, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* Names the seed paragraph of a ruling on the last trace step. */
void ch_cite(run *R, const char *rule);
/* Appends a short code to the summary. */
void ch_summary(run *R, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The charge may not be made: the ruling and the reason; returns STOP_REFUSED. */
int ch_refuse(run *R, const char *rule, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* An error with its message for lb_charge_error; returns code. */
int ch_fail(run *R, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Removes unit i from the working state, keeping every stored index right. */
int ch_remove(run *R, int i);
/* The label of h (buf: LB_HEX_LABEL_MAX bytes). */
const char *ch_label(const run *R, lb_hex h, char *buf);

/* charge_move.c: costs, facing, legality, plan, forced steps */
/* Light cavalry: printed movement 13 or more (35.4). */
int mv_is_light(const lb_unit *u);
/* Hex distance from h to the nearest hex of unit. */
int mv_distance(const lb_state *s, lb_hex h, int unit);
/* True when h is next to a hex of unit. */
int mv_adjacent(const lb_state *s, lb_hex h, int unit);
/* R-CHG-9: refuses (STOP_REFUSED) a plan that is not legal as the map stands. */
int mv_check_plan(run *R);
/* The next planned step into *dir, -1 when the plan is over or blocked (R-CHG-14). */
int mv_plan_step(run *R, int *dir);
/* A forced step nearer unit (or hex when unit < 0) until within want hexes (R-CHG-14). */
int mv_forced_step(run *R, int unit, lb_hex hex, int want, int *dir);
/* Takes the step: costs, facing, the cavalry and its riders moved, passing fire owed. */
int mv_step(run *R, int dir);
/* 37.7: the last three steps straight and facing unit. */
int mv_straight(const run *R, int unit);
/* The situation of a roll about defender (attacker: the cavalry where it stands now). */
void mv_context(const run *R, int defender, lb_modifier_ctx *x);

/* charge_rules.c: the procedure from eligibility to the end of the charge */
int rules_charge(run *R);

#endif
