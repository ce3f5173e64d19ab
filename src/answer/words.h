/* The words (private): the sentence of each event kind and the phrase lists they use, one table per area of the rules. */
#ifndef LB_WORDS_H
#define LB_WORDS_H

#include "event.h"
#include "lbi.h"
#include "text.h"

/*
 * Each area of the rules (src/rules/<area>/<area>_events.h) numbers its events; its words
 * (src/answer/words/<area>.c) give each a sentence template, indexed by the event's index, and
 * the phrase lists its LB_EA_PHRASE arguments name. A second language would be a second set of
 * these tables.
 *
 * The template language: text is written as it is, except
 *   {N}       argument N (from 0) as its kind writes it: an integer, a fraction ("15/2"), a hex
 *             label, a unit id, a text, a phrase, a roll;
 *   {N+}      an integer with its sign ("+2", "-1", "+0");
 *   {N:02}    an integer on two digits at least ("05");
 *   {N?A|B}   A when argument N is set (a number not 0, a text not empty), else B; "|B" may be
 *             left out; A and B are templates;
 *   {N#A|B}   A when argument N is 1, else B (singular and plural);
 *   {N*K:T|S} a list: argument N, an integer, counts the items that follow it, each of K
 *             arguments (K from 1 to 9); T is written for each item, with the item's own
 *             arguments numbered from 0, and S between two items ("|S" may be left out). The
 *             items are the event's last arguments, as many as there are (a path's hexes);
 *   {N>}      the sentence of the event whose kind is argument N (an integer: a reason within a
 *             sentence, as lb_said holds it), with the arguments after N as its own, numbered
 *             from 0; nothing for kind 0;
 *   {{ }} {|} a brace or a bar written as it is.
 */

typedef struct lbi_phrases {
    const char *const *list;
    int count;
} lbi_phrases;

typedef struct lbi_words {
    const char *const *sentences; /* by event index; [0] unused */
    int nsentences;
    const lbi_phrases *phrases;   /* by phrase list index; [0] unused */
    int nphrases;
} lbi_words;

/* The words of each area. */
LBI extern const lbi_words lbi_words_los;
LBI extern const lbi_words lbi_words_fire;
LBI extern const lbi_words lbi_words_morale;
LBI extern const lbi_words lbi_words_stack;
LBI extern const lbi_words lbi_words_rules;
LBI extern const lbi_words lbi_words_retreat;
LBI extern const lbi_words lbi_words_charge;
LBI extern const lbi_words lbi_words_move;
LBI extern const lbi_words lbi_words_melee;
LBI extern const lbi_words lbi_words_charts;
LBI extern const lbi_words lbi_words_game;

/* The words of an area (an lbi_event_area), or NULL when it has none. */
LBI const lbi_words *lbi_words_of(int area);
/* Entry index of the phrase list `list` (area << 8 | index), or NULL when there is none. */
LBI const char *lbi_words_phrase(int list, long long index);
/* Appends the sentence of template tpl with its arguments to out: LB_OK, LB_NOMEM, or
 * LB_INVALID when the template is malformed or names an argument it was not given. */
LBI int lbi_words_render(const char *tpl, const lb_event_arg *args, int nargs, lbi_text *out);
/* Appends what s says to out (nothing when it says nothing): LB_OK, LB_NOMEM, LB_INVALID. */
LBI int lbi_words_said(const lb_said *s, lbi_text *out);
/* Appends the step's sentence to out: LB_OK, LB_NOMEM, LB_INVALID (an event without words). */
LBI int lbi_words_step(const lb_trace_step *s, lbi_text *out);

/* The step as a sentence into buf (n bytes, NUL-terminated, cut short when too small), like
 * snprintf: returns the sentence's full length. */
LBI int lb_trace_step_fmt(const lb_trace_step *s, char *buf, size_t n);

#endif
