/* The melee's insides (private): declaration, values, pre-melee morale, retreat before melee and the machine's run, shared by the melee files. */
#ifndef LB_MELEE_INT_H
#define LB_MELEE_INT_H

#include "rules_types.h"
#include "state_types.h"
#include "retreat.h"
#include "lbi.h"
#include "melee_events.h"
#include "passed_int.h"
#include "state_int.h"

/* Event arguments: an exact value, a hex as the map labels it. */
static inline lb_event_arg ev_exact(lb_frac v)
{
    return ev_frac(v.num, v.den);
}

static inline lb_event_arg ev_hex(const lb_state *s, lb_hex h)
{
    char label[LB_HEX_LABEL_MAX];
    return lbi_ev_label(lb_map_label(&s->map, h, label));
}

/* ---- melee_declare.c -------------------------------------------------------------------- */

/* R-MEL-1..6: may the assault be made; fills c's target, attackers (through, from, increments
 * taking part) and defenders (the enemy combat units of the target hex, top first), and
 * c->through. LB_OK (allowed or not, with rule and reason); LB_INVALID for an unknown attacker
 * or a target off the map. */
LBI int lbi_mel_declare(const lb_state *s, const lb_melee_req *req, lb_melee_chance *c,
                        lb_trace *t);
/* The increments unit u has in its k-th hex: as even as possible, the odd ones first
 * (R-FIRE-12). */
LBI int lbi_mel_share(const lb_unit *u, int k);
/* The melee may not be made: c->allowed cleared, c->rule set, c->why says reason kind ev with
 * its arguments after the lead (melee_events.h), and t traces it. Returns LB_OK. */
LBI int lbi_mel_refuse(lb_melee_chance *c, const char *rule, const char *section, lb_trace *t,
                       int ev, const lb_event_arg *args, int nargs);
#define MEL_REFUSE(c, rule, section, t, ev, ...)                                                 \
    lbi_mel_refuse((c), (rule), (section), (t), (ev), (const lb_event_arg[]){__VA_ARGS__},       \
                   (int)(sizeof((const lb_event_arg[]){__VA_ARGS__}) / sizeof(lb_event_arg)))

/* ---- melee_context.c -------------------------------------------------------------------- */

/* The situation of attacker part a against defender part d of c (indexes into c->units), for
 * the charts' conditions (10.1): contact, through, across, uphill, the charge and fire-loss
 * facts, preserve. */
LBI void lbi_mel_context(const lb_state *s, const lb_melee_req *req, const lb_melee_chance *c,
                         int a, int d, lb_modifier_ctx *x);

/* ---- melee.c ---------------------------------------------------------------------------- */

/* R-MEL-13, R-MEL-14: every unit's melee value with its factors; c->attack and c->defence. */
LBI void lbi_mel_values(const lb_state *s, const lb_melee_req *req, lb_melee_chance *c,
                        lb_trace *t);
/* R-MEL-16: the leaders' melee bonuses to the roll: c->modifier and the leaders. */
LBI void lbi_mel_leaders(const lb_state *s, lb_melee_chance *c, lb_trace *t);
/* The attacking (or defending) leaders of c: friendly leaders in an attacker's hexes (or in the
 * target hex); their indexes into out (at most max), how many. */
LBI int lbi_mel_leaders_of(const lb_state *s, const lb_melee_chance *c, lb_melee_side side,
                           int *out, int max);
/* R-CAS-1: which of side's leaders (n, as lbi_mel_leaders_of gives them) modified the melee roll
 * with a bonus (R-MEL-16): his place in leaders, -1 when none did. */
LBI int lbi_mel_used_leader(const lb_state *s, const lb_melee_chance *c, lb_melee_side side,
                           const int *leaders, int n);
/* The preserve-readiness answer for a cavalry unit from req's standing answers (R-MEL-22). */
LBI int lbi_mel_preserve_standing(const lb_melee_req *req, const char *id);

/* ---- premelee.c ------------------------------------------------------------------------- */

/* R-MEL-9..11: the increments counted, the chart's column and situations, who checks and each
 * check's chance. LB_OK (c->allowed cleared with the reason when the chart is missing),
 * LB_INVALID when a check has too many modifiers. */
LBI int lbi_mel_premelee(const lb_state *s, const lb_melee_req *req, lb_melee_chance *c,
                         lb_trace *t);

/* ---- retreat_before_melee.c ------------------------------------------------------------- */

/* R-MEL-7: may defending part d of c retreat before the melee? MEL_MAY_RETIRE, or why not
 * (enum mel_no_retire); *rc the retreat search's error (LB_NOMEM), else LB_OK. */
LBI int lbi_mel_may_retire(const lb_state *s, const lb_melee_chance *c, int d, int *rc);

/* ---- the machine: melee_resolve.c, one pass in melee_run.c --------------------------------- */

enum { MEL_STOP_DECIDE = 100, MEL_STOP_REFUSED = 101 };

struct lb_melee {
    lb_state *start;                /* a copy of the state given to lb_melee_new: every pass
                                     * starts from it, and apply compares with it (R-MEL-24) */
    lb_melee_req req;               /* ids point into `ids` */
    char ids[LB_MELEE_ATTACKERS_MAX + LB_MELEE_PASSED_MAX][LB_SUBJECT_MAX];
    lb_journal journal;
    lb_decision pending;
    lb_melee_status status;
    lb_state *work;
    lb_trace trace;
    lb_melee_result result;
    int cap_events;
    lb_err err; /* what went wrong in the last pass (code LB_OK when nothing did) */
    int oom;
    lbi_passed_log passed; /* the last pass's retreats and routs out of good order (R-MOR-16) */
};

/* One pass over the journal. Units are named by id: indexes shift when one is removed. */
typedef struct mrun {
    lb_melee *m;
    lb_state *st;
    lb_dice *dice;
    int cursor;                     /* next journal entry to replay */
    lb_trace *t;
    lb_melee_result *res;
    int side;                       /* the attackers' side */
    char fought[LB_MELEE_UNITS_MAX][LB_SUBJECT_MAX]; /* units that took part in the melee:
                                                      * the attackers, then the defenders */
    int nfought, nfought_attackers;
    char preserve[LB_MELEE_UNITS_MAX][LB_SUBJECT_MAX]; /* cavalry fighting at one third */
    int npreserve;
} mrun;

/* A two-dice roll or a die: from the journal, else the caller's dice (journalled). LB_OK,
 * LB_DICE, LB_INVALID (the journal does not fit), LB_NOMEM. */
LBI int lbi_mr_roll(mrun *R, lb_die_kind die, const char *purpose, int *out);
/* The option taken for d (released here): LB_OK with *choice, or MEL_STOP_DECIDE. */
LBI int lbi_mr_decide(mrun *R, lb_decision *d, int *choice);
/* Records an event (what happened: event ev with its arguments, whose texts live as long as the
 * melee: unit ids by lbi_mr_id, the charts' names, literals) and its trace step. */
LBI void lbi_mr_event(mrun *R, const char *kind, const char *rule, const char *section,
                      const char *unit, const char *other, lb_hex hex, int value, int ev,
                      const lb_event_arg *args, int nargs);
#define MR_EVENT(R, kind, rule, section, unit, other, hex, value, ev, ...)                       \
    lbi_mr_event((R), (kind), (rule), (section), (unit), (other), (hex), (value), (ev),          \
                 (const lb_event_arg[]){__VA_ARGS__},                                            \
                 (int)(sizeof((const lb_event_arg[]){__VA_ARGS__}) / sizeof(lb_event_arg)))
/* Unit id as the melee's copy of the state holds it (it lives as long as the melee), for what the
 * result says; "" when no unit has it. */
LBI const char *lbi_mr_id(const mrun *R, const char *id);
/* A decision of the melee whose prompt is event ev (an EV_MEL_ASK_…) with its arguments after
 * the two leads (melee_events.h). */
LBI void lbi_mr_ask(lb_decision *d, lb_decision_kind kind, int side, const char *subject,
                    const char *rule, int ev, const lb_event_arg *args, int nargs);
#define MR_ASK(d, kind, side, subject, rule, ev, ...)                                            \
    lbi_mr_ask((d), (kind), (side), (subject), (rule), (ev), (const lb_event_arg[]){__VA_ARGS__}, \
               (int)(sizeof((const lb_event_arg[]){__VA_ARGS__}) / sizeof(lb_event_arg)))
/* An option of d, its text event ev with its arguments (nargs may be 0); lb_decision_add's
 * returns. */
LBI int lbi_mr_option(lb_decision *d, const char *key, int ev, const lb_event_arg *args,
                      int nargs);
#define MR_OPTION(d, key, ev, ...)                                                               \
    lbi_mr_option((d), (key), (ev), (const lb_event_arg[]){__VA_ARGS__},                         \
                  (int)(sizeof((const lb_event_arg[]){__VA_ARGS__}) / sizeof(lb_event_arg)))
/* Appends a short code to the summary. */
LBI void lbi_mr_summary(mrun *R, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* An error with its message (m->err, lb_melee_err); returns code. */
LBI int lbi_mr_fail(mrun *R, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The index of unit id in the working state, or -1 when it is gone. */
LBI int lbi_mr_unit(const mrun *R, const char *id);
/* Removes unit id from the working state (eliminated, surrendered, captured). */
LBI int lbi_mr_remove(mrun *R, const char *id);

/* ---- melee_results.c -------------------------------------------------------------------- */

/* Why a unit retreats: the disorder, rout or surrender it leads to, and whether the melee
 * result caused it (Z14-9, Z14-10 apply). */
typedef struct mr_move {
    lb_retreat_kind kind;
    int hexes;                      /* a fixed count of hexes (the premier-2017 carré), or 0 */
    int by_result;                  /* a melee result moves it: R-MEL-18's losses and rout */
    int keep_state;                 /* a retreat before melee: the unit stays in good order */
    const char *rule;
} mr_move;

/* Moves unit id away per how (R-MEL-8, R-MEL-12, R-MEL-17, R-MEL-18): its owner chooses the end
 * of an optimal path; leaders left alone in its hex go with it; a surrender removes it. *hexes
 * (when not NULL) gets the hexes it moved. LB_OK, MEL_STOP_DECIDE, or an error code. */
LBI int lbi_mr_retreat(mrun *R, const char *id, const mr_move *how, int *hexes);
/* A failed morale check (R-MOR-7, R-MOR-14, R-MEL-12): the unit's new state and the retreat or
 * rout it makes; by_result when a melee result called for the check (R-MEL-18). */
LBI int lbi_mr_failed(mrun *R, const char *id, int by_result, const char *rule);
/* An ordinary morale check of unit id with modifier mod (why: what calls for it, enum
 * mel_check_why), rolled; a failure as lbi_mr_failed. */
LBI int lbi_mr_check(mrun *R, const char *id, int mod, int why, int by_result, const char *rule);
/* (7) Every combat unit of side `side` in hex h checks morale with modifier mod. */
LBI int lbi_mr_hex_checks(mrun *R, lb_hex h, int side, int mod, const char *rule);
/* R-MEL-28 (L7-7): each leader of the side defending against `side` in the target hex may retreat
 * before the melee when a path is open (as L7-6 finds his hex), never in the melee a charge owes
 * (charge). LB_OK, MEL_STOP_DECIDE or an error code. */
LBI int lbi_mr_leaders_retire(mrun *R, lb_hex target, int side, int charge);
/* R-MEL-17..19: applies the matrix result `cell` to the units that fought (R->fought: the
 * attackers, then the defenders) in the target hex. LB_OK, MEL_STOP_DECIDE or an error code. */
LBI int lbi_mr_result(mrun *R, lb_hex target, const lb_melee_cell *cell);
/* R-MEL-19, R-MEL-8: one of the attackers named in ids that can enters the vacated target hex;
 * compulsory (33.10) or not (33.3, 33.8), why as enum mel_advance_why. */
LBI int lbi_mr_advance(mrun *R, lb_hex target, char ids[][LB_SUBJECT_MAX], int n, int compulsory,
                       int why);

/* The library's own, not offered by the API (declared in include/lb/melee.h before). */

/* The journal so far (owned by the melee). */
LBI const lb_journal *lb_melee_journal(const lb_melee *m);

/* Replaces the journal with a copy of j (a replay); resolve to rebuild. LB_OK or LB_NOMEM. */
LBI int lb_melee_load_journal(lb_melee *m, const lb_journal *j);

/* What went wrong in the last pass: the code lb_melee_resolve returned and its message (code
 * LB_OK and "" when nothing did); owned by the melee. */
LBI const lb_err *lb_melee_err(const lb_melee *m);

/* Applies a finished melee (LB_MELEE_DONE) to s, the state it was made on or any state holding
 * the same units: every unit it changed, moved or removed is found by id and must be as it was
 * when the melee was made, else nothing changes (R-MEL-24); removes units with
 * lb_state_remove_unit, reindexes and marks s changed (lb_state_touch). LB_OK; LB_INVALID (not
 * done) or LB_STALE (a unit it changes changed since), nothing changed; LB_NOMEM. */
LBI int lb_melee_apply(const lb_melee *m, lb_state *s);
/* R-MOR-16: the retreats and routs of the last pass made by units out of good order, with every
 * hex each passed (lbi_passed_log); owned by the melee. */
LBI const lbi_passed_log *lbi_melee_passed(const lb_melee *m);

/* The library's own, not offered by the API (declared in include/lb/melee.h before): lb_ask
 * answers a melee. */

/* What f is, in words: the chart entry's id, or the factor's name. */
LBI const char *lb_melee_times_what(const lb_melee_times *f);
/* Why a unit makes no pre-melee check, in words. */
LBI const char *lb_melee_exemption_name(lb_melee_exemption e);
/* The whole answer before the dice (R-MEL-1..16, R-MEL-23), with the standing answers of req
 * for the choices that change values (preserve readiness) and the defender standing. LB_OK (an
 * answer, allowed or not); LB_INVALID for an unknown attacker id, a target off the map, or more
 * pre-melee checks than LB_MELEE_CHECKS_MAX; LB_NOMEM. */
LBI int lb_melee_odds(const lb_state *s, const lb_melee_req *req, lb_melee_chance *out, lb_trace *t);
/* A melee per req in s (copied; s must outlive the melee). LB_OK; LB_INVALID when an attacker id
 * is unknown or too long, or no attacker is named; LB_NOMEM. */
LBI int lb_melee_new(const lb_state *s, const lb_melee_req *req, lb_melee **out);
/* Frees the melee and what it owns; NULL is fine. */
LBI void lb_melee_free(lb_melee *m);
/* Advances until a decision, the end, or a refusal. dice gives the rolls the journal does not
 * hold. LB_OK (read the status), LB_DICE (scripted dice short or of the wrong kind), LB_INVALID
 * (a chart is missing or the journal does not fit: lb_melee_error), LB_NOMEM. */
LBI int lb_melee_resolve(lb_melee *m, lb_dice *dice);
/* Where the last pass stopped. */
LBI lb_melee_status lb_melee_status_of(const lb_melee *m);
/* The pending decision (status LB_MELEE_DECIDE), or NULL. */
LBI const lb_decision *lb_melee_pending(const lb_melee *m);
/* Answers the pending decision with one of its keys; resolve again to go on. LB_OK, or
 * LB_INVALID (nothing pending, or not one of its keys: nothing changes). */
LBI int lb_melee_answer(lb_melee *m, const char *key);
/* Answers the pending decision with its automatic option (R-MEL-22). LB_OK or LB_INVALID. */
LBI int lb_melee_answer_auto(lb_melee *m);
/* Events, the roll and the summary of the last pass (owned by the melee). */
LBI const lb_melee_result *lb_melee_result_of(const lb_melee *m);
/* The trace of the last pass (owned by the melee). */
LBI const lb_trace *lb_melee_trace(const lb_melee *m);
/* The state as the last pass left it (NULL before the first); owned by the melee. */
LBI const lb_state *lb_melee_state(const lb_melee *m);
/* lb_melee_err's message alone ("" when nothing went wrong). */
LBI const char *lb_melee_error(const lb_melee *m);

#endif
