/* Private to the library: the JSON values the answer writers build, shared with the game's view, and their text. */
#ifndef LB_ANSWER_INT_H
#define LB_ANSWER_INT_H

#include <jansson.h>

#include "lb/ask.h"
#include "lbi.h"
#include "text.h"
#include "rules_types.h"
#include "retreat.h"

/*
 * The answers of lb/answer.h are made as jansson values here and handed out as text, so that no
 * jansson type appears in the public headers. The game's view (src/game) embeds the same values
 * in its own documents. Every function returns a new reference, NULL only when out of memory.
 */

/* The trace: [{"rule","section","text","values",{…},"dice"?:[…]}]. */
LBI json_t *lbi_trace_json(const lb_trace *t);
/* The labels of n hexes: ["0405", …]. */
LBI json_t *lbi_hexes_json(const lb_state *st, const lb_hex *h, int n);
/* A path as R-RET defines it, [h0, h1, …, hn]: the start, then the n hexes entered (R-RET-14). */
LBI json_t *lbi_retreat_path_json(const lb_state *st, lb_hex start, const lb_hex *h, int n);
/* The exact count of optimal paths: a number, or its decimal string past what a JSON integer
 * holds. */
LBI json_t *lbi_retreat_count_json(const lb_retreat *r);
/* The answer j (stolen; NULL: out of memory) as compact UTF-8 text into *out (malloc'd): LB_OK,
 * or LB_NOMEM with *out NULL. */
LBI int lbi_answer_text(json_t *j, char **out);
/* json_text.c: s as a JSON string appended to t, byte for byte as jansson's compact dump writes
 * a string (quotes, backslashes and control characters escaped, the rest as it is; a byte that
 * is not well-formed UTF-8 written "?"): LB_OK or LB_NOMEM. */
LBI int lbi_json_string_put(lbi_text *t, const char *s);

/* The library's own, not offered by the API (declared in include/lb/decision.h before). */

/* Writes the prompt and the options' texts that the rules gave as events (lb_said) in words;
 * the others are left as they are. Done once, by whoever shows the decision. */
LBI void lb_decision_words(lb_decision *d);

/* Parses one entry written by lb_journal_entry_to_json; LB_SYNTAX or LB_INVALID with err. */
LBI int lb_journal_entry_from_json(const char *text, size_t len, lb_journal_entry *out,
                                   lb_err *err);

/* Parses what lb_journal_to_json wrote into *out (initialised here; release it after LB_OK).
 * LB_SYNTAX or LB_INVALID with the reason and JSON path in err. */
LBI int lb_journal_from_json(const char *text, size_t len, lb_journal *out, lb_err *err);

#endif
