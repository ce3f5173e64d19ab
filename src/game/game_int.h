/* The game engine's insides (private): the game record, its tasks, and the functions the segment files share. */
#ifndef LB_GAME_INT_H
#define LB_GAME_INT_H

#include "lb/charge.h"
#include "lb/game.h"
#include "lb/melee.h"
#include "lb/move.h"
#include "lb/retreat.h"

#define TURN_MINUTES 20
#define STEPS_PER_SIDE 8      /* segment slots of one side's sequence in the step counter */
#define STEPS_PER_TURN (2 * STEPS_PER_SIDE)
#define TASKS_MAX 64
#define OBLIGATIONS_MAX 64
#define MELEE_UNITS_MAX 32

/* Follow-ups that may need a decision before the segment goes on. */
typedef enum task_kind {
    TASK_RETREAT,   /* unit retreats, routs or flees (R-RET): its owner picks the end */
    TASK_MORALE,    /* unit checks morale (a leader fell in its hex, (7)) */
    TASK_RECOVERY   /* unit checks in the Morale Recovery Segment (R-MOR-8) */
} task_kind;

typedef struct task {
    task_kind kind;
    char unit[LB_SUBJECT_MAX];
    lb_retreat_kind retreat;
    int modifier;                /* TASK_MORALE: roll modifier (a fallen leader's bonus) */
    char why[LB_SUBJECT_MAX];    /* TASK_MORALE: the leader */
} task;

/* What the game keeps for each unit that is or will be in play (by id). */
typedef struct unit_rec {
    const char *id;
    int fired_step;              /* the step (segment) it last fired in, -1 */
    int fired_half;              /* the side's sequence (turn * 2 + half) it last fired in, -1 */
    lb_hex fired_at;             /* the hex it fired at then (32.5) */
    int df_loss_half;            /* the sequence in which it lost df_loss increments to */
    int df_loss;                 /* defensive fire (the pre-melee chart) */
    int charged_step;            /* the step it last charged in, -1 */
    int meleed_step;             /* the step it last meleed in, -1 */
    int combat_step;             /* its last melee, charge or fire loss (cavalry rest, 36.6) */
} unit_rec;

/* A unit's move under way, one action at a time (R-GAME-17). */
#define JOB_ACTIONS_MAX 32
typedef struct move_job {
    int active;
    char unit[LB_SUBJECT_MAX];
    lb_move_action actions[JOB_ACTIONS_MAX];
    int nactions;
    int next;                    /* the action now */
    char with[LB_SUBJECT_MAX];   /* an attach's unit (the action points here) */
    char fired[LB_MOVE_EVENT_UNITS][LB_SUBJECT_MAX]; /* enemies that fired at the action now */
    int nfired;
    int passed;                  /* their side passed on the action now */
} move_job;

/* An obligation a charge left to a later segment (charge.h). */
typedef struct obligation {
    lb_obligation_kind kind;
    char unit[LB_SUBJECT_MAX];
    char other[LB_SUBJECT_MAX];
    int step;                    /* the step of the charge */
    lb_frac melee_times;         /* MELEE: the charge's multiplier (R-CHG-16) */
    int charge_bonus;            /* MELEE: straight and facing (37.7) */
} obligation;

struct lb_game {
    /* what a game is */
    char *name;
    char *text;
    size_t len;
    lb_game_settings settings;
    lb_state *origin;            /* the scenario as loaded */
    lb_journal journal;          /* every entry */
    lb_journal eff;              /* the effective entries */
    /* the state the effective journal leads to */
    lb_state *st;
    lb_pcg32 rng;
    int replaying;               /* dice come from eff at cursor */
    int cursor;
    int turn_index;              /* game turns since the scenario's first */
    int half;                    /* 0: the first side's sequence, 1: the second's */
    int over;
    int conceded;                /* side, -1 */
    unsigned char *entered;      /* per reinforcement of the scenario: in play */
    int *holder;                 /* per objective: side holding it, -1 */
    int *org_level;
    int *targeted;               /* per cell: the step it was last fired at, -1 */
    unit_rec *recs;
    int nrecs;
    int tally_increments[2], tally_surrendered[2], tally_leaders[2];
    task tasks[TASKS_MAX];
    int ntasks;
    lb_retreat offered;          /* the paths of the retreat whose end is pending */
    int has_offered;
    obligation obligations[OBLIGATIONS_MAX];
    int nobligations;
    lb_charge *charge;           /* a charge waiting for a decision */
    char charging[LB_SUBJECT_MAX]; /* its cavalry */
    move_job job;                /* a move under way */
    lb_melee *melee;             /* a melee waiting for a decision */
    char melee_at[LB_HEX_LABEL_MAX];
    char melee_units[MELEE_UNITS_MAX][LB_SUBJECT_MAX]; /* its attackers and defenders */
    int nmelee_units;
    int *assaulted;              /* per cell: the step it was last assaulted in, -1 */
    lb_decision pending;
    int has_pending;
    int pending_lazy;            /* replay: the action decision holds no options yet */
    lb_trace trace;              /* what the last answer did */
    lb_trace *tr;                /* &trace, or NULL while replaying */
    char error[LB_GAME_REASON_MAX];
};

/* game.c: the state machine */
/* The step counter of the segment now: unique per segment of each side of each turn. */
int game_step(const lb_game *g);
/* The phasing side now. */
int game_phasing(const lb_game *g);
/* Advances until a side must decide or the game is over. LB_OK or an error. */
int game_advance(lb_game *g);
/* Rebuilds the state from the origin and replays the effective journal. LB_OK, LB_INVALID
 * (g->error says which entry), LB_NOMEM. */
int game_rebuild(lb_game *g);
/* The record of unit id, or NULL when it has none. */
unit_rec *game_rec(lb_game *g, const char *id);
const unit_rec *game_rec_of(const lb_game *g, const char *id);
/* An answer before anything happened: accepted, seq_before = seq_after = the journal's length. */
void game_answer_init(const lb_game *g, lb_game_answer *out);
/* After a failure: the journal cut back to journal_count entries, the state rebuilt; returns rc
 * (or the rebuild's error). */
int game_roll_back(lb_game *g, int journal_count, int rc);
/* Sets a refusal in out; returns LB_OK. */
int game_refuse(lb_game_answer *out, lb_verdict v, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* game_dice.c: dice from the journal (replay) or the game's generator (play) */
/* Prepares d for one rules call. */
void dice_begin(lb_game *g, lb_dice *d);
/* Journals (play) or consumes (replay) what the call rolled; LB_OK, LB_NOMEM, or LB_INVALID
 * (replay: the journal's dice do not match). */
int dice_end(lb_game *g, const lb_dice *d);

/* results.c: applying what the rules decided, with the victory tally */
typedef struct snapshot {
    int n;
    struct snap_unit {
        const char *id;
        int side;
        int strength;
        int leader;
    } *units;
} snapshot;
/* The units now, before an apply; LB_OK or LB_NOMEM. */
int snapshot_take(const lb_game *g, snapshot *s);
/* Counts what the apply did to the enemy of each side (R-VIC-3): increments lost, units gone
 * (surrendered when their id is in surrendered, else eliminated), leaders lost; marks the last
 * combat of units that lost increments. Releases s. */
void snapshot_settle(lb_game *g, snapshot *s, const char *const *surrendered, int nsurrendered);
/* Queues a task; LB_OK or LB_INVALID when the queue is full. */
int task_push(lb_game *g, const task *t);
/* Runs the first task: LB_OK (done, or its decision is pending: g->has_pending) or an error. */
int task_run(lb_game *g);
/* Answers the first task's pending decision with key; LB_OK or an error. */
int task_answer(lb_game *g, const char *key);
/* Forgets the paths of an offered retreat. */
void task_forget(lb_game *g);

/* Which options a segment lists: all, only one unit's (replay checks an answer against those),
 * or only whether there is any (replay asks whether the segment offers a decision at all). */
typedef struct opt_scope {
    const char *unit;            /* NULL: every unit */
    int any;                     /* stop at the first option */
} opt_scope;

/* seg_fire.c: Defensive and Offensive Fire */
/* Adds the fire options of the segment now to d. */
int fire_options(const lb_game *g, lb_decision *d, const opt_scope *sc);
/* Resolves "fire:UNIT:HEX" (a legal option); opportunity fire (28) is outside the segment's
 * once-per-unit and once-per-hex records. LB_OK or an error. */
int fire_run(lb_game *g, const char *key, int opportunity);

/* seg_charge.c: Charge à Cheval */
int charge_options(const lb_game *g, lb_decision *d, const opt_scope *sc);
/* Starts the charge of "charge:UNIT:PATH": LB_OK (started, or refused with out filled). */
int charge_start(lb_game *g, const char *key, lb_game_answer *out);
/* Runs the charge in progress to its next decision or its end (applied). */
int charge_resume(lb_game *g);
/* Answers the charge's pending decision. */
int charge_answer(lb_game *g, const char *key);
/* End of the Melee segment: obligations due after all melees (R-CHG-6, 38.10). */
int charge_after_melee(lb_game *g);

/* seg_melee.c: Melee */
/* The assaults open now; *compulsory is 1 when they are melees a charge owes (no "end"). */
int melee_options(const lb_game *g, lb_decision *d, const opt_scope *sc, int *compulsory);
/* Declares "melee:HEX:U1+U2+…": LB_OK (under way or done, or refused with out filled). */
int melee_start(lb_game *g, const char *key, lb_game_answer *out);
int melee_resume(lb_game *g);
int melee_answer(lb_game *g, const char *key);

/* seg_recovery.c: Morale Recovery */
int recovery_begin(lb_game *g);

/* command.c: the mutual Command step */
int command_step(lb_game *g);

/* seg_move.c: Movement, reinforcements entering, opportunity fire */
/* The phasing side's movement actions and reinforcement entries. */
int move_options(const lb_game *g, lb_decision *d, const opt_scope *sc);
/* Starts the answer key (move, path, face, form, prolonge, attach, detach, march, enter): LB_OK
 * (a move under way, an entry made, or refused with out filled). */
int move_run(lb_game *g, const char *key, lb_game_answer *out);
/* The move's next action: its opportunity fire offered, or the action resolved and applied. */
int job_run(lb_game *g);
/* Answers the opportunity-fire decision ("fire:UNIT:HEX" or "pass"). */
int job_answer(lb_game *g, const char *key);

/* victory.c */
/* Objective holders after units moved (R-VIC-2). */
void victory_update(lb_game *g);

#endif
