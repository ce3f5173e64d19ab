/* The game engine's insides (private): the game record, its tasks, and the functions the segment files share. */
#ifndef LB_GAME_INT_H
#define LB_GAME_INT_H

#include "action_int.h"
#include "charge.h"
#include "rules_types.h"
#include "lb/game.h"
#include "retreat.h"
#include "lbi.h"
#include "passed_int.h"

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
    TASK_RECOVERY,  /* unit checks in the Morale Recovery Segment (R-MOR-8) */
    TASK_TRIGGERED, /* unit checks because another unit failed or passed by (R-MOR-16, 17) */
    TASK_LEADER,    /* leader left alone by a retreat: go with it or stay (R-RET-22) */
    TASK_DISPLACE   /* an over-stacked hex still over its limit: a unit of it moves away
                     * (W31-3, R-STACK-8); `hex` the hex, `unit` its first unit when rolled */
} task_kind;

/* Why a TASK_TRIGGERED check is made. */
typedef enum trigger {
    TRIGGER_PASSED, /* a disordered or routed unit began, passed or ended in its hex (R-MOR-16) */
    TRIGGER_STACK   /* a unit of its stack failed a check (R-MOR-17) */
} trigger;

typedef struct task {
    task_kind kind;
    char unit[LB_SUBJECT_MAX];
    lb_retreat_kind retreat;
    int modifier;                /* TASK_MORALE: roll modifier (a fallen leader's bonus) */
    char why[LB_SUBJECT_MAX];    /* TASK_MORALE: the leader; TASK_TRIGGERED: the unit that
                                  * failed or passed by */
    trigger cause;               /* TASK_TRIGGERED */
    int event;                   /* the event it belongs to (A31-3, R-MOR-18): 0 until run, when
                                  * a task of no event starts a new one */
    int failed;                  /* TASK_RETREAT: the unit failed a check just before: its
                                  * stack-mates check (R-MOR-17) */
    lb_hex hex;                  /* TASK_LEADER: the end hex of the unit (in `why`);
                                  * TASK_DISPLACE: the over-stacked hex */
} task;

/* What the game keeps for each unit that is or will be in play (by id). Steps are lbi_game_step
 * values, -1 for never. */
typedef struct unit_rec {
    const char *id;
    int fired_step;              /* the step (segment) it last fired in */
    int fired_half;              /* the side's sequence (turn * 2 + half) it last fired in */
    lb_hex fired_at;             /* the hex it fired at then (32.5) */
    int df_loss_half;            /* the sequence in which it lost df_loss increments to */
    int df_loss;                 /* defensive fire (the pre-melee chart) */
    int charged_step;            /* the step it last charged in */
    int meleed_step;             /* the step it last took part in a declared melee */
    int fought_step;             /* the step of its last melee fought (the matrix rolled) or
                                  * charge: its rest starts after it (36.6, R-MEL-21) */
    int fire_loss_step;          /* the last step it lost an increment to fire (36.6) */
    int retired_step;            /* the last step it retreated before a melee with cavalry */
    int rested_step;             /* the step of its last readiness step regained by rest */
    int reacted_step;            /* the step it last checked to react to a charge (R-RCH-1) */
    int checked_event;           /* the last event it checked morale in (A31-3, R-MOR-18), 0 */
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
    int event;                   /* the move's event, once a check is due (R-MOR-19), or 0 */
} move_job;

/* An obligation a charge left to a later segment (charge.h). */
typedef struct obligation {
    lb_obligation_kind kind;
    char unit[LB_SUBJECT_MAX];
    char other[LB_SUBJECT_MAX];
    int step;                    /* the step of the charge */
    lb_frac melee_times;         /* MELEE: the charge's multiplier (R-CHG-16) */
    int charge_bonus;            /* MELEE: straight and facing (37.7) */
    int reactor;                 /* EXHAUSTED: the cavalry that reacted to the charge (R-RCH-3) */
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
    lb_pcg32 rng;                /* seeded dice: the generator past every roll of the journal */
    int draws;                   /* ROLL entries of the whole journal: k of the next draw */
    int replaying;               /* dice come from eff at cursor */
    int whatif;                  /* a what-if copy (lb_game_clone): a retreat whose owner would
                                  * pick its end takes the automatic choice, never offered */
    int sparse_movement;         /* a what-if copy whose player asks each unit's moves itself:
                                  * its Movement decisions list their first option only */
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
    int events;                  /* events numbered so far (R-MOR-18) */
    lb_retreat offered;          /* the retreat whose end is pending: its ends are the options */
    lb_retreat_req offered_req;  /* what found it: a copy of the game finds it again */
    int has_offered;
    obligation obligations[OBLIGATIONS_MAX];
    int nobligations;
    lb_charge *charge;           /* a charge waiting for a decision */
    char charging[LB_SUBJECT_MAX]; /* its cavalry */
    int charge_opportunity;      /* it is an opportunity charge (R-OCH-3) */
    move_job job;                /* a move under way */
    lb_melee *melee;             /* a melee waiting for a decision */
    char melee_at[LB_HEX_LABEL_MAX];
    char melee_units[MELEE_UNITS_MAX][LB_SUBJECT_MAX]; /* its attackers, then defenders */
    int nmelee_units;
    int nmelee_attackers;
    int shown;                   /* trace steps of the charge or melee under way already shown */
    int *assaulted;              /* per cell: the step it was last assaulted in, -1 */
    int options_max;             /* an action decision lists at most this many options (0: no
                                  * limit, R-WEB-6) */
    lb_decision pending;
    int has_pending;
    int pending_lazy;            /* replay: the action decision holds no options yet */
    char never_play[LB_NEVER_ASK_MAX][LB_SUBJECT_MAX]; /* R-OCH-13: cavalry its owner said in
                                  * play not to be asked about again (journalled, rebuilt) */
    int nnever_play;
    lb_trace trace;              /* what the last answer did */
    lb_trace *tr;                /* &trace, or NULL while replaying */
    char error[LB_GAME_REASON_MAX];
};

/* offer.c: the options the game offers, each an action */
/* Appends to d the option of action a, its key written by lb_action_fmt, with a printf-style
 * text; param: NULL, or the name of the parameter the option stands for (lb_option). LB_OK,
 * LB_INVALID (its key is an option already, or too long), LB_NOMEM. */
LBI int lbi_offer(lb_decision *d, const lb_state *st, const lb_action *a, const char *param,
                  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* The same with the text written already (cut to LB_OPTION_TEXT_MAX - 1 bytes as "%s" would). */
LBI int lbi_offer_text(lb_decision *d, const lb_state *st, const lb_action *a, const char *param,
                       const char *text);

/* game_basics.c: what every part of the game shares */
/* The step counter of the segment now: unique per segment of each side of each turn. */
LBI int lbi_game_step(const lb_game *g);
/* The phasing side now. */
LBI int lbi_game_phasing(const lb_game *g);
/* The record of unit id, or NULL when it has none. */
LBI unit_rec *lbi_game_rec(lb_game *g, const char *id);
LBI const unit_rec *lbi_game_rec_of(const lb_game *g, const char *id);
/* An answer before anything happened: accepted, seq_before = seq_after = the journal's length. */
LBI void lbi_game_answer_init(const lb_game *g, lb_game_answer *out);
/* An answer to the game at journal length seq begun (lbi_game_answer_init): 1 when the game has
 * moved on since (out refused, R-GAME-12), else 0. */
LBI int lbi_game_answer_stale(const lb_game *g, int seq, lb_game_answer *out);
/* Sets a refusal in out; returns LB_OK. */
LBI int lbi_game_refuse(lb_game_answer *out, lb_verdict v, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* undo.c: may role take back its last decision now (R-GAME-14)? The view's "undo". */
LBI int lbi_game_may_undo(const lb_game *g, int role);

/* game.c: the state machine */
/* Advances until a side must decide or the game is over. LB_OK or an error. */
LBI int lbi_game_advance(lb_game *g);
/* Rebuilds the state from the origin and replays the effective journal. LB_OK, LB_INVALID
 * (g->error says which entry), LB_NOMEM. */
LBI int lbi_game_rebuild(lb_game *g);
/* After a failure: the journal cut back to journal_count entries, the state rebuilt; returns rc
 * (or the rebuild's error). */
LBI int lbi_game_roll_back(lb_game *g, int journal_count, int rc);

/* game_dice.c: dice from the journal (replay) or the game's own (play) */
/* The game's dice past every ROLL entry of its whole journal (R-GAME-14: the stream never
 * rewinds): the seeded generator stepped over them, the count of draws. */
LBI void lbi_dice_sync(lb_game *g);
/* Prepares d for one rules call. */
LBI void lbi_dice_begin(lb_game *g, lb_dice *d);
/* Journals (play) or consumes (replay) what the call rolled; LB_OK, LB_NOMEM, or LB_INVALID
 * (replay: the journal's dice do not match). */
LBI int lbi_dice_end(lb_game *g, const lb_dice *d);
/* The "dice" member of the view and the export (lb_game_dice_json), or NULL out of memory. */
struct json_t;
LBI struct json_t *lbi_dice_json(const lb_game *g);

/* export.c: the settings of an export or a store from their JSON object o into *s: LB_OK, or
 * LB_INVALID with "expected …" in err and the member's JSON Pointer (/settings/…) in its path. */
LBI int lbi_settings_parse(const struct json_t *o, lb_game_settings *s, lb_err *err);

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
LBI int lbi_snapshot_take(const lb_game *g, snapshot *s);
/* Counts what the apply did to the enemy of each side (R-VIC-3): increments lost, units gone
 * (surrendered when their id is in surrendered, else eliminated), leaders lost; for a fire
 * (by_fire) marks the units that lost increments (36.6) and in Defensive Fire their losses (the
 * pre-melee chart). Releases s. */
LBI void lbi_snapshot_settle(lb_game *g, snapshot *s, const char *const *surrendered, int nsurrendered,
                     int by_fire);
/* Runs the first task: LB_OK (done, or its decision is pending: g->has_pending) or an error. */
LBI int lbi_task_run(lb_game *g);
/* Answers the first task's pending decision cur (taken out of the game) with a; LB_OK or an
 * error. */
LBI int lbi_task_answer(lb_game *g, const lb_decision *cur, const lb_action *a);
/* Forgets an offered retreat. */
LBI void lbi_task_forget(lb_game *g);

/* tasks.c: the queue */
/* Queues a task; LB_OK or LB_INVALID when the queue is full. */
LBI int lbi_task_push(lb_game *g, const task *t);
/* Inserts a task at position at (0..g->ntasks); LB_OK or LB_INVALID when the queue is full. */
LBI int lbi_task_insert(lb_game *g, int at, const task *t);

/* leaders_left.c: the leaders a retreat leaves alone (R-RET-15, R-RET-22) */
/* Queues at *at (advanced past them) the choice for each leader r leaves alone and does not
 * capture, its unit having moved to end. LB_OK or LB_INVALID (the queue is full). */
LBI int lbi_leaders_queue(lb_game *g, const lb_retreat *r, lb_hex end, int *at);
/* Runs the leader task t of leader index `leader`: 1 when done, 0 when its owner's decision is
 * pending, -1 on an error. */
LBI int lbi_leader_run(lb_game *g, int leader, const task *t);
/* Answers it with a (the unit's end hex, his own hex, or the automatic choice: he goes). LB_OK,
 * LB_INVALID (no such answer), LB_NOMEM. */
LBI int lbi_leader_answer(lb_game *g, const task *t, const lb_action *a);

/* overstack.c: R-STACK-7, at the end of the phasing side's Movement segment each of its hexes
 * over its limit rolls once for all its units (W31-3), the failing units' moves queued, then a
 * TASK_DISPLACE for the hex. LB_OK, LB_NOMEM, LB_INVALID (the queue is full), a dice error. */
LBI int lbi_overstack_end_movement(lb_game *g);
/* R-STACK-8: runs t, a TASK_DISPLACE: when its hex is still over its limit, the last listed of
 * its combat units that has a hex to go to moves one hex away from the enemy (*done 0: run the
 * task again); *done 1 when the hex is within its limit or none can go. LB_OK, LB_NOMEM,
 * LB_INVALID (the queue is full). */
LBI int lbi_overstack_displace(lb_game *g, const task *t, int *done);

/* checks.c: the morale checks others' disorder sets off (W31-2, W31-13; R-MOR-16..18) */
/* A new event's number (R-MOR-18). */
LBI int lbi_event_new(lb_game *g);
/* R-MOR-16: the good-order friendly combat units, other than the unit `mover` of side `side`
 * (disordered or routed), in the n hexes it began in, passed through or ended in, each check
 * once in event `event`: their checks are queued at *at (advanced past them). LB_OK or
 * LB_INVALID (the queue is full). */
LBI int lbi_checks_passed(lb_game *g, const char *mover, int side, const lb_hex *hexes, int n,
                          int event, int *at);
/* R-MOR-17: the other friendly combat units of the n hexes of `failed`'s stack check once in
 * event `event`, queued at *at likewise; `failed` counts as checked. */
LBI int lbi_checks_stack(lb_game *g, const char *failed, int side, const lb_hex *hexes, int n,
                         int event, int *at);
/* The units before a melee's or charge's apply: ids, states and hexes. */
typedef struct moved_before {
    int n;
    struct moved_unit {
        const char *id;
        int side;
        lb_morale_state state;
        int nhexes;
        lb_hex hexes[LB_UNIT_MAX_HEXES];
    } *units;
} moved_before;
/* Takes them; LB_OK or LB_NOMEM. */
LBI int lbi_moved_take(const lb_game *g, moved_before *b);
/* After the apply: one new event; the units that took part (ids, n) count as checked in it (they
 * made the checks their melee or charge asks for, R-MOR-18); a unit whose state worsened makes
 * its stack-mates check (R-MOR-17), and a disordered or routed unit that moved makes the
 * good-order friends where it began, passed (the moves `passed` logged for it, the melee's or
 * the charge's) and ended check (R-MOR-16). Releases b. LB_OK or LB_INVALID (the queue is
 * full). */
LBI int lbi_moved_settle(lb_game *g, moved_before *b, const char *const *took_part, int n,
                         const lbi_passed_log *passed);

/* Which options a segment lists: all, only one unit's (replay checks an answer against those),
 * or only whether there is any (replay asks whether the segment offers a decision at all); and
 * where the reasons for the options offered go (the segment's decision as it is offered). */
typedef struct opt_scope {
    const char *unit;            /* NULL: every unit */
    int any;                     /* stop at the first option */
    lb_trace *tr;                /* NULL: the options are only listed */
} opt_scope;

/* seg_fire.c: Defensive and Offensive Fire, and the fire of opportunity fire */
/* The parameter of the "fire" option: the firers, the first leading, and the hex. */
#define FIRE_PARAM "firers:hex"
/* The kind of fire of the fire segment now (R-FIRE-19). */
LBI lb_fire_kind lbi_fire_segment_kind(const lb_game *g);
/* Adds the fire options of the segment now to d. */
LBI int lbi_fire_options(const lb_game *g, lb_decision *d, const opt_scope *sc);
/* Answers the fire a (units U1+U2+… at one hex) for side (one unit or several together) with a
 * fire of this kind: refused in out when the game's records (R-GAME-5) or the fire rules refuse
 * it, else rolled, applied and its follow-ups queued; opportunity fire (28) is outside the
 * segments' once-per-unit and once-per-hex records. LB_OK or an error. */
LBI int lbi_fire_run(lb_game *g, const lb_action *a, lb_fire_kind kind, int side,
                     lb_game_answer *out);
/* Refuses the fire p whose parameter did not read, with the reason of the part that failed or
 * of the game's records before it; returns LB_OK. */
LBI int lbi_fire_refuse(const lb_game *g, const parsed *p, lb_fire_kind kind, int side,
                        lb_game_answer *out);

/* machine.c: a pass of a rules machine (the charge, the melee) */
/* Where a machine stands after a pass. */
typedef struct machine_pass {
    const char *name;            /* "charge", "melee" */
    int status;                  /* the machine's own status (lb_charge_status, lb_melee_status) */
    int decide, done;            /* its values for "a decision is pending" and "done"; any other
                                  * status: refused */
    const char *error;           /* why the pass failed, or "" */
    const lb_trace *trace;       /* all it traced so far (g->shown of it are shown) */
    const lb_decision *pending;  /* at `decide`: what it asks */
    const char *refusal;         /* refused: why */
    int (*finish)(lb_game *g);   /* at `done`: applies its result */
} machine_pass;
/* After a pass (rc) with dice: the dice kept (lbi_dice_end); a failure keeps the machine's
 * error in g->error; else what it traced since its last decision is shown (R-GAME-3,
 * R-GAME-21), then its decision offered, p->finish called, or its refusal returned
 * (LB_INVALID). */
LBI int lbi_machine_settle(lb_game *g, int rc, lb_dice *dice, const machine_pass *p);

/* seg_charge.c: Charge à Cheval */
/* Why unit u may not charge now (R-CHG-8) in why (n bytes), or NULL when it may. */
LBI const char *lbi_charge_refusal(const lb_game *g, const lb_unit *u, char *why, size_t n);
LBI int lbi_charge_options(const lb_game *g, lb_decision *d, const opt_scope *sc);
/* R-GAME-3: refuses the charge p that is not an option: the unit, why it may not charge, or the
 * path it needs; returns 0. */
LBI int lbi_charge_check(const lb_game *g, const parsed *p, lb_game_answer *out);
/* Starts the charge a (the cavalry and its path): LB_OK (started, or refused with out filled). */
LBI int lbi_charge_start(lb_game *g, const lb_action *a, lb_game_answer *out);
/* Refuses the charge p whose path did not read (the entry that failed); returns LB_OK. */
LBI int lbi_charge_refuse(const lb_game *g, const parsed *p, lb_game_answer *out);
/* Runs the charge in progress to its next decision or its end (applied). */
LBI int lbi_charge_resume(lb_game *g);
/* Answers the charge's decision cur (taken out of the game) with a. */
LBI int lbi_charge_answer(lb_game *g, const lb_decision *cur, const lb_action *a);
/* End of the Melee segment: obligations due after all melees (R-CHG-6, 38.10). */
LBI int lbi_charge_after_melee(lb_game *g);

/* seg_melee.c: Melee */
/* The assaults open now; *compulsory is 1 when they are melees a charge owes (no "end"). */
LBI int lbi_melee_options(const lb_game *g, lb_decision *d, const opt_scope *sc, int *compulsory);
/* Is the assault p (or "end"), which the options do not list, legal now? 1, or 0 with the reason
 * in out: the melees a charge owes first, the game's records, the melee rules. */
LBI int lbi_melee_check(const lb_game *g, const parsed *p, lb_game_answer *out);
/* Declares the assault a (a hex, its attackers): LB_OK (under way or done, or refused with out
 * filled). */
LBI int lbi_melee_start(lb_game *g, const lb_action *a, lb_game_answer *out);
/* Refuses the assault p whose attackers did not read; returns LB_OK. */
LBI int lbi_melee_refuse(const lb_game *g, const parsed *p, lb_game_answer *out);
LBI int lbi_melee_resume(lb_game *g);
/* R-OCH-8: the melee an opportunity charge owes offered to its cavalry's side now: 1 pending,
 * 0 none, -1 out of memory. */
LBI int lbi_melee_owed_offer(lb_game *g);
/* Answers the melee's decision cur (taken out of the game) with a. */
LBI int lbi_melee_answer(lb_game *g, const lb_decision *cur, const lb_action *a);

/* seg_recovery.c: Morale Recovery */
LBI int lbi_recovery_begin(lb_game *g);

/* command.c: the mutual Command step */
LBI int lbi_command_step(lb_game *g);

/* seg_move.c: Movement, reinforcements entering, opportunity fire */
/* The phasing side's movement actions and reinforcement entries. */
LBI int lbi_move_options(const lb_game *g, lb_decision *d, const opt_scope *sc);
/* Is the movement answer p, which the options do not list, legal now? 1 (a facing or layout of
 * a formation change the options leave to be asked), or 0 with the movement rules' reason in
 * out (R-GAME-3). */
LBI int lbi_move_check(const lb_game *g, const parsed *p, lb_game_answer *out);
/* Starts the action a (move, path, face, form, prolonge, attach, detach, march, enter): LB_OK
 * (a move under way, an entry made, or refused with out filled). */
LBI int lbi_move_run(lb_game *g, const lb_action *a, lb_game_answer *out);
/* Refuses the path p whose hexes did not read (the entry that failed); returns LB_OK. */
LBI int lbi_path_refuse(const lb_game *g, const parsed *p, lb_game_answer *out);
/* The move's next action: its opportunity fire offered, or the action resolved and applied. */
LBI int lbi_job_run(lb_game *g);
/* Answers the opportunity-fire decision cur (a fire of one unit, or a pass), taken out of the
 * game, with a; a fire the rules refuse is refused in out. */
LBI int lbi_job_answer(lb_game *g, const lb_decision *cur, const lb_action *a,
                       lb_game_answer *out);

/* never_ask.c: "never ask me" per unit (R-OCH-9, R-OCH-13) */
/* Is cavalry unit id one its owner is never asked about now (the settings' list, R-OCH-9, or
 * said in play, R-OCH-13)? */
LBI int lbi_never_asked(const lb_game *g, const char *id);
/* Why id is never asked about: "R-OCH-9" (the game's settings), "R-OCH-13" (said in play), or
 * NULL when it is asked. */
LBI const char *lbi_never_asked_rule(const lb_game *g, const char *id);
/* May role (a side, LB_ROLE_BOTH: the unit's owner, LB_ROLE_SPECTATOR) say unit now (R-OCH-13)?
 * 1 with the owning side in *side, or 0 with the refusal in out. */
LBI int lbi_never_ask_allowed(const lb_game *g, int role, const char *unit, int *side,
                              lb_game_answer *out);
/* Adds unit, of side, to the units said in play, traced (R-OCH-13). */
LBI void lbi_never_ask_add(lb_game *g, int side, const char *unit);
/* Replays the journal's "never_ask" entry e: LB_OK, or LB_INVALID with g->error (entry k). */
LBI int lbi_never_ask_replay(lb_game *g, const lb_journal_entry *e, int k);
/* The units each side is never asked about now (the settings' and those said in play), as
 * {"SIDE": [ids]}: role's own side only, both for LB_ROLE_BOTH; NULL (a spectator, none, or out
 * of memory) when there is nothing to write. */
LBI struct json_t *lbi_never_ask_json(const lb_game *g, int role);

/* view_zone.c: for a reaction or opportunity-charge question, {"UNIT": [hexes]}: each cavalry
 * unit it offers and the hexes of its zone (R-RCH-1, R-OCH-1, R-WEB-18); NULL for another
 * decision (or out of memory). */
LBI struct json_t *lbi_view_zones(const lb_game *g, const lb_decision *d);

/* seg_opp_charge.c: opportunity charges (R-OCH) */
/* R-OCH-1, R-OCH-4: after a step or an entry of `mover`, the opportunity charge its enemy's
 * cavalry may make offered to that side: 1 when a decision is now pending, 0 when none is
 * asked, -1 out of memory. */
LBI int lbi_opp_charge_offer(lb_game *g, const char *mover);
/* Answers the opportunity-charge decision cur (a charge of one unit, or a pass) with a: the
 * morale check, then the charge (R-OCH-2, R-OCH-3). */
LBI int lbi_opp_charge_answer(lb_game *g, const lb_decision *cur, const lb_action *a,
                              lb_game_answer *out);
/* seg_charge.c: starts the charge req on the game's state and dice (a charge the rules refuse
 * is refused in out; an opportunity charge's refusal is traced, R-OCH-7). */
LBI int lbi_charge_launch(lb_game *g, const lb_charge_req *req, lb_game_answer *out);

/* view_retreat.c */
struct json_t;
/* For a retreat's end decision d: {"kind","paths":[[start, h1, …]],"count"}, or NULL. */
LBI struct json_t *lbi_view_retreat(const lb_game *g, const lb_decision *d);
/* view_charge.c: while a charge waits for a decision, {"unit","path":[start, entered…],"at":
 * [hexes now],"target","mp_spent"}; else NULL. */
LBI struct json_t *lbi_view_charge(const lb_game *g);

/* victory.c */
/* Objective holders after units moved (R-VIC-2). */
LBI void lbi_victory_update(lb_game *g);
/* Traces the result of a battle that has just ended (R-VIC-4). */
LBI void lbi_victory_result(lb_game *g);

/* The library's own, not offered by the API (declared in include/lb/game.h before). */

/* Gives secret-dice settings their secret (64 hex digits, as an export reveals it or a store
 * keeps it): LB_OK, or LB_INVALID with err when it is not 64 hex digits or its SHA-256 is not the
 * commitment (s unchanged). */
LBI int lb_game_settings_reveal(lb_game_settings *s, const char *hex, lb_err *err);

/* The effective journal: the entries that no undo took back, which replay plays. */
LBI const lb_journal *lb_game_effective(const lb_game *g);

/* The actions of the segment now for the side that acts in it (the phasing side; the other in
 * Defensive Fire) into *d (released by the caller): what the segment's action decision offers,
 * "end" last, or no option when nothing is possible (R-GAME-3, R-GAME-4). LB_OK or LB_NOMEM. */
LBI int lb_game_action_options(const lb_game *g, lb_decision *d);

/* May role answer the pending decision? */
LBI int lb_game_may_decide(const lb_game *g, int role);

/* lb_game_decide with the answer as an action (action.h) rather than its key: the game's own
 * entry, which lb_game_decide reaches once it has read the key. An action whose key does not
 * read as it is refused (LB_REFUSED_ILLEGAL). Returns as decide. */
LBI int lb_game_act(lb_game *g, int role, int seq, const lb_action *a, lb_game_answer *out);

/* The dice as JSON text (malloc'd; LB_OK or LB_NOMEM), the "dice" member of the view and the
 * export: {"mode": "seeded", "seed": N, "note": "seeded: not for play"} or {"mode": "secret",
 * "commitment", "first_draw", "secret"?}, the secret only once the battle is over. */
LBI int lb_game_dice_json(const lb_game *g, char **out);

/* The number of dice drawn: ROLL entries of the whole journal (the index k of the next draw). */
LBI int lb_game_draws(const lb_game *g);

/* The scenario's text, name and title. */
LBI const char *lb_game_scenario(const lb_game *g, size_t *len, const char **name);

/* Current Morale Level of organisation k of the scenario (43), 0..3. */
LBI int lb_game_org_level(const lb_game *g, int k);

/* A what-if copy of g (the computer player's rollouts): the same state, journal and pending
 * decision, played on with lb_game_decide like any game, but with its own dice from dice_seed
 * (it never reads g's generator, R-AI-2) and no trace; a retreat whose end its owner would pick
 * takes the automatic choice (R-RET-4 f) instead of being offered. It borrows g's scenario: free it before g
 * changes or is freed. LB_OK; LB_INVALID while a charge or a melee is under way (their machines
 * are not copied); LB_NOMEM. */
LBI int lb_game_clone(const lb_game *g, uint64_t dice_seed, lb_game **out);

/* Makes the what-if copy g list its Movement decisions as replay does, up to their first option
 * and "end", an answer checked against its unit's options alone (R-AI-2: a look-ahead whose
 * player asks lb_game_unit_actions for the units it would move, never every move of a side). */
LBI void lb_game_sparse_movement(lb_game *g);

/* The action options of the pending decision that concern the unit named id, and "end", into d
 * (released by the caller), in the order the whole decision lists them. LB_OK, LB_NOMEM. */
LBI int lb_game_unit_actions(const lb_game *g, const char *id, lb_decision *d);

/* The side holding objective k of the scenario's victory (R-VIC-2), or -1. */
LBI int lb_game_objective_holder(const lb_game *g, int k);

/* R-VIC-2: the side whose formed combat units stand in hex h of st with no enemy combat unit
 * there (it takes or keeps an objective in h), or -1. */
LBI int lb_game_objective_taker(const lb_state *st, lb_hex h);
/* lb_game_objective_taker as if unit (an index of st, -1 none) stood in h when in_h, and not
 * when not, wherever st has it. */
LBI int lbi_game_objective_taker_moved(const lb_state *st, lb_hex h, int unit, int in_h);

/* The settings as a JSON object text (malloc'd), and back; LB_OK, LB_INVALID, LB_NOMEM. */
LBI int lb_game_settings_to_json(const lb_game_settings *s, char **out);
LBI int lb_game_settings_from_json(const char *text, size_t len, lb_game_settings *out,
                                   lb_err *err);

/* Names: "accepted", "stale", "not-yours", "illegal", "no-decision"; "draw", "marginal", … */
LBI const char *lb_verdict_name(lb_verdict v);
LBI const char *lb_outcome_name(lb_outcome o);

/* "verified", "not verified", "not yet". */
LBI const char *lb_verify_verdict_name(lb_verify_verdict v);

/* The library's own, not offered by the API (declared in include/lb/game.h before). */

/* The exact odds of the assault a (melee: a hex and its attackers) as the game would declare it
 * now, with what the side's sequence left each attacker (the hex it fired at, its defensive-fire losses,
 * its charge's facts, R-GAME-18): LB_OK with *out (allowed 0 with the rule and reason when the
 * game's records or the melee rules refuse it); LB_INVALID for an attacker the rules do not
 * know; LB_NOMEM. */
LBI int lb_game_melee_odds(const lb_game *g, const lb_action *a, lb_melee_chance *out, lb_trace *t);

/* The library's own, not offered by the API (declared in include/lb/game.h before). */

/* 1 when the owner of unit id is never asked about it now: the settings' never_ask (R-OCH-9)
 * or said in play (R-OCH-13); else 0. */
LBI int lb_game_never_asked(const lb_game *g, const char *id);
/* The assault the game would make now of the units ids (n) on target: each attacker with what
 * this turn left it (its fire, the fire it took, the charge it owes) and the units that count as
 * having passed their pre-melee check, for a preview of its odds (R-MEL-2, R-MEL-25). */
LBI void lb_game_melee_request(const lb_game *g, lb_hex target, const char *const *ids, int n,
                           lb_melee_req *req);
/* The kind of fire the game would make now (R-FIRE-19): opportunity while an opportunity fire is
 * offered, defensive in the Defensive Fire segment, else offensive. */
LBI lb_fire_kind lb_game_fire_kind(const lb_game *g);

#endif
