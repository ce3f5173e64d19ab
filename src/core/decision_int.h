/* Decisions the rules offer in events (private): a prompt and option texts as lb_said, written in words by lb_decision_words. */
#ifndef LB_DECISION_INT_H
#define LB_DECISION_INT_H

#include "lb/rules.h"
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
/* Room for n options with their actions at once, so that listing that many allocates once;
 * LB_OK or LB_NOMEM (the decision as it was). */
LBI int lbi_decision_reserve(lb_decision *d, int n);
/* From now on options are appended unchecked and left out of the keys' index, until
 * lbi_decision_index: for a listing of many options (a side's moves) that adds no more than the
 * room reserved and the decision's max, so that no add is refused. */
LBI void lbi_decision_defer(lb_decision *d);
/* The end of lbi_decision_defer: each option whose key an earlier one has is taken away (as its
 * add would have been refused), and the index built at once, in the order of its slots; LB_OK
 * or LB_NOMEM (the decision then holds its options unchecked: to release). */
LBI int lbi_decision_index(lb_decision *d);

/* The library's own, not offered by the API (declared in include/lb/decision.h before). */

/* Stable names of kinds and deciders, and their parsers (-1 when unknown). */
LBI int lb_decision_kind_parse(const char *s);

/* Stable names of kinds and deciders, and their parsers (-1 when unknown). */
LBI int lb_decided_by_parse(const char *s);

/* An empty decision of kind for side about subject (NULL: none), offered by rule, with a
 * printf-style prompt. */
LBI void lb_decision_init(lb_decision *d, lb_decision_kind kind, int side, const char *subject,
                          const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* Appends an option with key and a printf-style description; LB_OK, LB_INVALID (key too long or
 * already an option), LB_LIMIT (the decision holds d->max options already) or LB_NOMEM. */
LBI int lb_decision_add(lb_decision *d, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Appends a parameterised option (see lb_option); same returns as lb_decision_add. */
LBI int lb_decision_add_param(lb_decision *d, const char *key, const char *param, const char *fmt,
                              ...) __attribute__((format(printf, 4, 5)));

/* Option i's action, or NULL when it carries none (the game's own decisions' options all do;
 * the rules machines' decisions, offered as the machines made them, do not). */
LBI const struct lb_action *lb_decision_action(const lb_decision *d, int i);

/* The option the first matching standing answer names, or -1. */
LBI int lb_decision_standing(const lb_decision *d, const lb_standing *rules, int nrules);

/* Moves src into *dst (dst's old options are released); src is left empty. */
LBI void lb_decision_move(lb_decision *dst, lb_decision *src);

/* Frees the options. */
LBI void lb_decision_release(lb_decision *d);

/* An empty journal. */
LBI void lb_journal_init(lb_journal *j);

/* Appends a decision taken; LB_OK or LB_NOMEM. */
LBI int lb_journal_decision(lb_journal *j, const lb_decision *d, int option, lb_decided_by by);

/* Appends a decision by side about subject (kind, key) without an lb_decision; LB_OK,
 * LB_INVALID (key or subject too long) or LB_NOMEM. */
LBI int lb_journal_answer(lb_journal *j, lb_decision_kind kind, int side, const char *subject,
                          const char *key, lb_decided_by by);

/* Appends an undo by side back to the first `keep` effective entries; LB_OK or LB_NOMEM. */
LBI int lb_journal_undo(lb_journal *j, int side, int keep);

/* Appends a copy of entry e; LB_OK or LB_NOMEM. */
LBI int lb_journal_push(lb_journal *j, const lb_journal_entry *e);

/* Appends a die or a roll with its purpose; LB_OK or LB_NOMEM. */
LBI int lb_journal_roll(lb_journal *j, lb_die_kind die, int value, const char *purpose);

/* Keeps the first n entries (undo is replay to an earlier entry). */
LBI void lb_journal_truncate(lb_journal *j, int n);

/* Stable names of kinds and deciders, and their parsers (-1 when unknown). */
LBI const char *lb_decision_kind_name(lb_decision_kind kind);
LBI const char *lb_decided_by_name(lb_decided_by by);

#endif
