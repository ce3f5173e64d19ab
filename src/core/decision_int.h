/* Decisions the rules offer in events (private): a prompt and option texts as lb_said, written in words by lb_decision_words. */
#ifndef LB_DECISION_INT_H
#define LB_DECISION_INT_H

#include "lb/decision.h"
#include "lbi.h"

/* lb_decision_init with the prompt as an event. */
LBI void lbi_decision_said_init(lb_decision *d, lb_decision_kind kind, int side,
                                const char *subject, const char *rule, const lb_said *prompt);
/* lb_decision_add with the option's text as an event; the same returns. */
LBI int lbi_decision_said_add(lb_decision *d, const char *key, const lb_said *text);
/* lb_decision_add_param (param NULL: lb_decision_add) of an option that carries action a, with
 * its text; the same returns. */
LBI int lbi_decision_act_add(lb_decision *d, const char *key, const char *param,
                             const struct lb_action *a, const char *text);

#endif
