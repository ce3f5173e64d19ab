/* The charge machine's private state (one pass over the journal) and its lowest layer: dice, decisions, events, obligations, units. */
#ifndef LB_CHARGE_RUN_H
#define LB_CHARGE_RUN_H

#include "charge.h"
#include "rules_types.h"
#include "charge_charts.h"
#include "state_types.h"
#include "charge_events.h"
#include "decision_int.h"
#include "lbi.h"
#include "passed_int.h"
#include "state_int.h"
#include "text.h"

/*
 * Layers of the charge, each using only the ones below it: charge_run.c (this: what a pass
 * records, dice and decisions) <- charge_move.c (movement) <- charge_leaders.c (leaders left
 * alone) <- charge_rules.c (the procedure) <- charge.c (the public machine) <- charge_odds.c
 * (exact odds).
 */

/* Codes that stop a pass early (beyond the LB_* error codes). */
enum { STOP_DECIDE = 100, STOP_DICE = 101, STOP_REFUSED = 102 };

#define STEPS_MAX 256

struct lb_charge {
    const lb_state *origin;
    unsigned long long generation; /* the origin's when the charge began */
    char cavalry[LB_SUBJECT_MAX];
    lb_charge_req req; /* req.cavalry points at `cavalry` */
    lb_journal journal;
    lb_decision pending;
    lb_charge_status status;
    lb_state *work; /* the state the last pass left */
    lb_trace trace;
    lb_charge_result result;
    lbi_text summary; /* result.summary's text */
    int cap_events, cap_obligations;
    lb_err err; /* what went wrong in the last pass (code LB_OK when nothing did) */
    int oom;       /* an event, obligation or summary code could not be recorded */
    int automatic; /* undecided choices take their automatic option (req or set later) */
    lbi_passed_log passed; /* the last pass's retreats and routs out of good order (R-MOR-16) */
};

/* Per unit of the working state, kept parallel to st->units. */
typedef struct ustate {
    signed char declared;  /* 0 not yet, 1 the target, 2 not the target (R-CHG-10) */
    signed char attempted; /* tried carré in this charge */
    signed char offered;   /* least distance carré was offered at (R-CHG-11), 0: never */
    signed char passed;    /* the cavalry passed through its carré (defensive fire owed) */
    signed char alone;     /* a leader the charge has left alone (R-CHG-27) */
    signed char aside;     /* made its carré roll while not the target: a non-target for
                            * the rest of the charge (R-CHG-4) */
    signed char rider;     /* a leader riding with the charging cavalry (R-CHG-8) */
    signed char unseen;    /* within 2 hexes unseen, said in the trace (R-CHG-10) */
    signed char reacted;   /* asked to react and chose to: checked in this charge (R-RCH-1) */
} ustate;

/* What drives the next step (R-CHG-14). */
typedef enum mode {
    M_PLAN,   /* the player's planned path */
    M_CLOSE,  /* close to contact with `goal` */
    M_ENTER,  /* close on the carré `goal` and enter its hex (R-CHG-3) */
    M_FOLLOW, /* recalled, following the routed `goal` to contact (R-CHG-17) */
    M_PURSUE, /* not recalled (R-CHG-15, R-CHG-16) */
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

/* The roll a pass stopped at in odds mode, and how to take it up again (lbi_rules_resume). */
typedef enum pending_kind {
    P_NONE,
    P_CARRE,
    P_STAND,
    P_GUNS,
    P_ROUT,
    P_RECALL,
    P_SKIRMISH,
    P_REACT
} pending_kind;

typedef struct pending {
    pending_kind kind;
    int unit;         /* CARRE, ROUT, REACT: the unit rolling; RECALL: the routed unit */
    int as_target;    /* CARRE */
    const char *rule; /* ROUT */
    lb_hex vacated;   /* RECALL */
} pending;

typedef struct run {
    lb_charge *ch;
    lb_state *st;
    lb_dice *dice; /* new dice; NULL in odds mode */
    int odds;      /* odds mode: no trace, events, obligations or journal; rolls stop the pass */
    int inject;    /* odds: the value of the roll being taken up again, -1 none */
    int cursor;    /* next journal entry to replay */
    int answered;  /* odds: the req's answers taken so far in this branch (R-CHG-25) */
    lb_trace *t;   /* NULL in odds mode */
    lb_charge_result *res;
    lbi_text *summary;
    ustate *us;
    int cav, side;
    lb_hex pos;
    int facing;          /* clock hour, 0 when none */
    int dirs[STEPS_MAX]; /* directions of the steps taken */
    int nsteps;
    int spent, total;
    int plan_pos;
    int plan_aside; /* the rest of the plan was set aside */
    mode mode;
    int goal;    /* unit closed on, followed or pursued; -1 */
    int cap;     /* MP left of a pursuit's cap, -1 none (R-CHG-15) */
    int phase_a; /* premier-2018 failed recall, still going to `vacated` */
    lb_hex vacated;
    int target; /* the declared target's index, -1 */
    tstate tst;
    int recall;       /* 0 not rolled, 1 recalled, -1 failed */
    int follow_hexes; /* premier-2017: hexes moved from the recall (R-CHG-17) */
    int pursuit_from; /* steps taken when the pursuit began */
    int melee_with;   /* the unit the cavalry must melee, -1 */
    int stage;        /* how far the rules at the current hex have gone (at_position) */
    pending pend;     /* odds: the roll the pass stopped at */
    lb_die_kind need_die;
    unsigned char need_class[36]; /* odds: the roll's values grouped by what they lead to */
} run;

/* ---- what a pass records, dice and decisions ---- */
/* A run at the start of ch's charge on st (a copy of its origin), with us (st->nunits + 1
 * zeroed marks); the caller sets dice, trace, result, summary and odds mode. */
LBI void lbi_run_init(run *R, lb_charge *ch, lb_state *st, ustate *us);
/* A roll or a die: from the journal, the caller's dice, or the odds branch; `classes` groups
 * the values that lead to the same result (odds). LB_OK, STOP_DICE, LB_DICE, LB_INVALID. */
LBI int lbi_ch_roll(run *R, lb_die_kind die, const char *purpose, const unsigned char *classes,
                    int *out);
/* A unit's ordinary morale check in the charge (with n extra modifiers): its roll from
 * lbi_ch_roll (the pass pending as p while it waits, purpose in the journal) resolved by the
 * morale rules, traced in t (NULL: not); its chance, roll and result out. LB_OK, or
 * lbi_ch_roll's stops. */
LBI int lbi_ch_morale_check(run *R, int i, const lb_morale_mod *extra, int n, pending p,
                            const char *purpose, lb_trace *t, lb_morale_chance *chance,
                            int *roll, lb_morale_result *mr);
/* The option taken for d (released here): LB_OK with *choice, or STOP_DECIDE (d pending). */
LBI int lbi_ch_decide(run *R, lb_decision *d, int *choice);
/* The count of the event arguments given. */
#define CH_NARGS(...) ((int)(sizeof((const lb_event_arg[]){__VA_ARGS__}) / sizeof(lb_event_arg)))
/* Records an event: its public kind's name ("trample"), the ruling, the units (-1 none), where
 * and its value, and what happened (the sentence ev with its arguments), also as a trace step.
 * Nothing is recorded, or evaluated, in odds mode. */
LBI void lbi_ch_event(run *R, const char *kind, const char *rule, int unit, int other, lb_hex hex,
                      int value, int ev, const lb_event_arg *args, int nargs);
#define CH_EVENT(R, kind, rule, unit, other, hex, value, ev, ...)                                 \
    do {                                                                                         \
        if (!(R)->odds)                                                                          \
            lbi_ch_event((R), (kind), (rule), (unit), (other), (hex), (value), (ev),             \
                         (const lb_event_arg[]){__VA_ARGS__}, CH_NARGS(__VA_ARGS__));             \
    } while (0)
/* Records an obligation left to later segments, its text the sentence ev with its arguments
 * after the lead (charge_events.h); NULL when out of memory (the pass fails) and in odds mode,
 * where nothing is evaluated. */
LBI lb_charge_obligation *lbi_ch_oblige(run *R, lb_obligation_kind kind, const char *rule, int unit,
                                        int other, int ev, const lb_event_arg *args, int nargs);
#define CH_OBLIGE(R, kind, rule, unit, other, ev, ...)                                            \
    ((R)->odds ? NULL                                                                            \
               : lbi_ch_oblige((R), (kind), (rule), (unit), (other), (ev),                       \
                               (const lb_event_arg[]){__VA_ARGS__}, CH_NARGS(__VA_ARGS__)))
/* Names the seed paragraph of a ruling on the last trace step. */
LBI void lbi_ch_cite(run *R, const char *rule);
/* Appends a short code to the summary (a failed allocation fails the pass: LB_NOMEM). */
LBI void lbi_ch_summary(run *R, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The charge may not be made: the ruling and the reason, the sentence ev with its arguments
 * after the lead (charge_events.h); returns STOP_REFUSED. */
LBI int lbi_ch_refuse(run *R, const char *rule, int ev, const lb_event_arg *args, int nargs);
#define CH_REFUSE(R, rule, ev, ...)                                                               \
    lbi_ch_refuse((R), (rule), (ev), (const lb_event_arg[]){__VA_ARGS__}, CH_NARGS(__VA_ARGS__))
/* A decision (lbi_decision_said_init) whose prompt is the sentence ev with its arguments after
 * the lead (charge_events.h). In odds mode, where every decision is answered automatically and
 * none is shown, its prompt and options are left without words. */
#define CH_ASK(R, d, kind, side, subject, rule, ev, ...)                                          \
    do {                                                                                         \
        if ((R)->odds) {                                                                         \
            lb_decision_init((d), (kind), (side), (subject), (rule), "%s", "");                  \
        } else {                                                                                 \
            lb_said ask_;                                                                        \
            LBI_SAY(&ask_, (ev), ev_text(""), __VA_ARGS__);                                      \
            lbi_decision_said_init((d), (kind), (side), (subject), (rule), &ask_);               \
        }                                                                                        \
    } while (0)
/* Adds the option key to d, its text the sentence ev with its nargs arguments (none in odds
 * mode); as lb_decision_add. */
LBI int lbi_ch_option(const run *R, lb_decision *d, const char *key, int ev,
                      const lb_event_arg *args, int nargs);
#define CH_OPTION(R, d, key, ev, ...)                                                             \
    ((R)->odds ? lbi_ch_option((R), (d), (key), (ev), NULL, 0)                                   \
               : lbi_ch_option((R), (d), (key), (ev), (const lb_event_arg[]){__VA_ARGS__},       \
                               CH_NARGS(__VA_ARGS__)))
/* An error with its message (ch->err, lb_charge_err); returns code. */
LBI int lbi_ch_fail(run *R, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Removes unit i from the working state, keeping every stored index right. */
LBI int lbi_ch_remove(run *R, int i);
/* The label of h (buf: LB_HEX_LABEL_MAX bytes). */
LBI const char *lbi_ch_label(const run *R, lb_hex h, char *buf);

/* Hex h as an event's argument. */
static inline lb_event_arg ch_hex(const run *R, lb_hex h)
{
    char label[LB_HEX_LABEL_MAX];
    return lbi_ev_label(lbi_ch_label(R, h, label));
}

/* Unit i of the working state as an event's argument ("" for -1): its id, which the state
 * given to lb_charge_new owns. */
static inline lb_event_arg ch_unit(const run *R, int i)
{
    return ev_unit_id(i >= 0 && i < R->st->nunits ? R->st->units[i].id : "");
}

#endif
