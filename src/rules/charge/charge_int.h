/* Private to the library: the charge functions its files share, not offered by the API. */
#ifndef LB_CHARGE_INT_H
#define LB_CHARGE_INT_H

#include "charge.h"
#include "lbi.h"
#include "passed_int.h"

/* What went wrong in the last run: the code lb_charge_resolve returned and its message (code
 * LB_OK and "" when nothing did); owned by the charge. */
LBI const lb_err *lb_charge_err(const lb_charge *ch);
/* R-MOR-16: the retreats and routs of the last pass (units out of good order), with every hex
 * each passed (lbi_passed_log); owned by the charge. */
LBI const lbi_passed_log *lbi_charge_passed(const lb_charge *ch);

/* The library's own, not offered by the API (declared in include/lb/charge.h before). */

/* From the next run on, decisions that the journal and the standing answers leave open take
 * their automatic option (R-CHG-25), as if req.automatic had been set: one run reaches the end
 * instead of one run per decision. */
LBI void lb_charge_set_automatic(lb_charge *ch);

/* The pending decision (status LB_CHARGE_DECIDE), or NULL. */
LBI const lb_decision *lb_charge_pending(const lb_charge *ch);

/* Answers the pending decision with one of its keys, journalled as the player's; run again to
 * go on. LB_OK, or LB_INVALID (no decision pending, or not one of its keys: nothing changes). */
LBI int lb_charge_answer(lb_charge *ch, const char *key);

/* Answers the pending decision with the option the automatic mode takes (R-CHG-25), journalled
 * as automatic. LB_OK or LB_INVALID (no decision pending). */
LBI int lb_charge_answer_auto(lb_charge *ch);

/* The trace of the last run. */
LBI const lb_trace *lb_charge_trace(const lb_charge *ch);

/* The journal so far. */
LBI const lb_journal *lb_charge_journal(const lb_charge *ch);

/* The state as the last run left it (NULL before the first run); owned by the charge. */
LBI const lb_state *lb_charge_state(const lb_charge *ch);

/* lb_charge_err's message alone ("" when nothing went wrong). */
LBI const char *lb_charge_error(const lb_charge *ch);

/* Stable names: "defensive_fire", "melee", "passed_premelee", "no_movement",
 * "no_voluntary_move", "exhausted", "rout_in_place". */
LBI const char *lb_obligation_kind_name(lb_obligation_kind k);

/* Appends to t how the odds were counted (R-DICE-4, R-CHG-25). */
LBI void lb_charge_odds_trace(const lb_charge_outcomes *o, lb_trace *t);

/* Replaces the journal with a copy of j (a replay); run to rebuild. LB_OK or LB_NOMEM. */
LBI int lb_charge_load_journal(lb_charge *ch, const lb_journal *j);

/* Applies a finished charge (LB_CHARGE_DONE) to s, the state it was made on, unit by unit by
 * id (moved, changed, removed), reindexes and marks s changed (lb_state_touch). Refused, with
 * nothing changed, when the charge is not over, s is another state, or s changed since
 * lb_charge_new (another apply in between: its generation moved on). LB_OK; LB_INVALID (not
 * over, another state), LB_STALE (the state changed), LB_NOMEM, nothing changed; err (may be
 * NULL) says why. */
LBI int lb_charge_apply(const lb_charge *ch, lb_state *s, lb_err *err);

/* The library's own, not offered by the API (declared in include/lb/charge.h before). */

/* A charge by req->cavalry along req->path in s, which must outlive it and not change until
 * lb_charge_apply (its generation is checked by every run and by the apply). LB_OK; LB_INVALID
 * (err says why: the cavalry unknown, the path empty or too long, a unit id of LB_SUBJECT_MAX
 * characters or more); LB_NOMEM. err may be NULL. */
LBI int lb_charge_new(const lb_state *s, const lb_charge_req *req, lb_charge **out, lb_err *err);
/* Frees the charge and everything it owns; NULL is fine. */
LBI void lb_charge_free(lb_charge *ch);
/* Advances (see above). dice gives the rolls the journal does not hold. LB_OK (read the status),
 * LB_DICE (scripted dice short or of the wrong kind: lb_charge_error says which roll), LB_INVALID
 * (a chart the charge needs is missing, or the journal does not fit: lb_charge_error), LB_STALE
 * (the state changed since lb_charge_new: lb_charge_error), LB_NOMEM. */
LBI int lb_charge_resolve(lb_charge *ch, lb_dice *dice);
/* Where the last run stopped. */
LBI lb_charge_status lb_charge_status_of(const lb_charge *ch);
/* Events, obligations and the summary of the last run. */
LBI const lb_charge_result *lb_charge_result_of(const lb_charge *ch);
/* Exact odds (R-DICE-4) of every end of the charge: each roll is enumerated (36 or 6 values),
 * values that lead to the same result taken together; decisions by req's standing answers, then
 * by req's answers in order (in each branch, the k-th decision they leave open takes the k-th
 * answer when it is one of its options), the others by their automatic choice. Odds that cannot be computed exactly are still an answer
 * (R-CHG-28): exact 0, the reason in `stopped`, the ends computed so far with their exact
 * probabilities and what they cover. LB_OK, LB_INVALID (as lb_charge_resolve), LB_NOMEM. */
LBI int lb_charge_odds(const lb_state *s, const lb_charge_req *req, lb_charge_outcomes *out);
/* Frees the outcomes. */
LBI void lb_charge_outcomes_release(lb_charge_outcomes *o);

#endif
