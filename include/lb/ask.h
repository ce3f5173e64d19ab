/* The rules' questions and their answers: lb_ask, the answer written as text, JSON or SVG, traces and the map as text. */
#ifndef LB_ASK_H
#define LB_ASK_H

#include <stdint.h>
#include <stdio.h>

#include "core.h"
#include "state.h"
#include "rules.h"

/*
 * Who owns, who frees, which errors:
 * lb_ask makes an lb_answer the caller owns and frees with lb_answer_free; it borrows the state
 * (which must outlive it, unchanged). Every document written into a char ** is malloc'd: the
 * caller frees it. Errors: LB_USAGE (not a question), LB_INVALID (the rules refuse it), LB_NOMEM,
 * LB_DICE; a rule that answers "no" is an answer, not an error.
 */

/* ---- ask.h: One entry for the rules' questions: a question in, an answer out, written as text or as JSON. */

/*
 * A front-end parses its request into an lb_question and asks: lb_ask works the answer out on
 * the state with the rules and keeps it, with its trace, in an lb_answer, which the library
 * writes as the text of the command line (lb_answer_text) or as the JSON document of cli.md and
 * api.md (lb_answer_json). The front-end reads no rule's result and writes no rule's words.
 *
 * The answer borrows the state: the state must outlive it and not change while it is read. The
 * caller owns the answer and frees it with lb_answer_free. Nothing is asked of the rules that
 * changes the state.
 */

/* The questions lb_ask answers (the commands of the same names). */
typedef enum lb_question_kind {
    LB_ASK_LOS,   /* labataille los: does hex `from` see hex `to`, every hex between (rule 23) */
    LB_ASK_VISIBLE, /* labataille visible: every hex `from` sees, drawn on the map */
    LB_ASK_RETREAT, /* labataille retreat: the optimal paths of a retreat, rout or flight, or
                     * surrender (rule 30) */
    LB_ASK_MORALE, /* labataille morale: a check's modifiers, exact odds and, rolled, its outcome */
    LB_ASK_FIRE,   /* labataille fire: may units fire at a hex, the exact odds and, rolled, what
                    * happened (rules 10-14) */
    LB_ASK_MOVE,   /* labataille move: every hex a unit can reach, the other actions open to it
                    * and, given, a plan checked step by step (rule 18) */
    LB_ASK_MELEE,  /* labataille melee: an assault's values, pre-melee checks and exact odds and,
                    * rolled, the melee played (rule 33) */
    LB_ASK_CHARGE  /* labataille charge: a cavalry charge run to its end, each decision asked,
                    * and its exact odds (rules 35-42) */
} lb_question_kind;

/* The words an answer is written in: the command's (0), or the interactive game's short looks
 * (labataille play's `los`, `odds`, `unit` and its Movement segment's status lines). A look is
 * asked like its question (the same fields) but works out only what its words need. */
typedef enum lb_look {
    LB_LOOK_NONE = 0,  /* the command's answer */
    LB_LOOK_WORDS,     /* LOS: "A sees B" and the trace, the firer's side the named unit's (any
                        * unit), else the top combat unit's of `from`; FIRE: the odds without
                        * dice, "U1, U2 and U3 fire at HEX (KIND fire): …", the trace; CHARGE:
                        * "CAVALRY charges along PATH (automatic choices, R-CHG-25)", each end's
                        * odds, or why it may not charge, without dice; MELEE: the assault's
                        * values, checks and odds (lb_game_ask: as the game would declare it) */
    LB_LOOK_TARGET,    /* FIRE: the hex fired at alone (R-FIRE-22: lb_answer_hex; the text is
                        * its label) */
    LB_LOOK_LINE,      /* MOVE: "N of M MP left", then look_moves' count or why it may not
                        * move, one line's middle */
    LB_LOOK_UNIT,      /* MOVE: its movement points, where it may end its move by cost, where
                        * it may only pass */
    LB_LOOK_UNIT_MAP   /* MOVE: the same, and the map with those hexes marked */
} lb_look;

/* What a question's decide returns besides an option's index: take the decision's automatic
 * choice (CHARGE: this one's and every later one's, R-CHG-25), or stop asking (lb_ask then fails
 * with LB_USAGE). */
#define LB_ASK_AUTOMATIC (-1)
#define LB_ASK_STOP (-2)

/* A question: its kind and the fields that kind reads (the others are left zero). */
typedef struct lb_question {
    lb_question_kind kind;
    /* LOS, VISIBLE: the unit named as `from` (its index, or -1 when `from` was a hex label): a
     * combat unit gives the firer's side, else VISIBLE takes the top combat unit's of `from`
     * (R-LOS-7). MORALE, RETREAT: the combat unit checked, or that moves. MOVE: the unit.
     * CHARGE: the charging cavalry. */
    int unit;
    const int *units;       /* FIRE: the firers, unit indexes, the first one leads (owned by the
                             * caller, read by lb_ask only) */
    int nunits;             /* FIRE: at least 1 */
    lb_hex from, to;        /* LOS; VISIBLE: `from`; FIRE: `to`, the hex fired at; MOVE: `from`,
                             * the entry hex when enter, `to`, the hex of to_label */
    int to_unit;            /* FIRE: the unit named as the target, which stands for the one of
                             * its hexes the fire may be made at (R-FIRE-22), or -1; CHARGE: the
                             * charge's target, no other formation is (a standing answer), or
                             * -1: asked */
    int fire_kind;          /* FIRE: an lb_fire_kind (offensive, defensive, opportunity); -1
                             * with lb_game_ask: the kind the game would make now */
    int retreat_kind;       /* RETREAT: an lb_retreat_kind (disorder, rout, flight) */
    int die;                /* RETREAT: a premier-2017 charge-caused rout's die, 1-6; 0: none */
    int paths;              /* RETREAT: most paths kept in the answer (0: LB_RETREAT_KEEP) */
    int all;                /* RETREAT: every path, streamed when the answer is written */
    int automatic;          /* RETREAT: the text's map shows the automatic choice alone */
    const lb_move_action *actions; /* MOVE: the plan, in order (owned by the caller, read by
                                    * lb_ask only); a STEP's or PROLONGE's direction is taken
                                    * from the hex before (the unit's first, or `from` when
                                    * enter): a hex not next to it is the rules' to refuse */
    int nactions;           /* MOVE: 0: no actions */
    const char *to_label;   /* MOVE: the hex `to` as the player named it, NULL: none; the plan
                             * ends with the cheapest path there (refused when none is in reach) */
    int enter;              /* MOVE: the unit enters the map at `from` first (R-MOV-17); refused,
                             * the refusal is the plan's answer */
    const lb_hex *path;     /* CHARGE: the hexes the cavalry plans to enter, in order (owned by
                             * the caller) */
    int npath;              /* CHARGE: 1 to LB_ASK_CHARGE_PATH_MAX */
    const char *response;   /* CHARGE: the target's standing answer, "stand" or "carre"; NULL:
                             * asked */
    const char *const *answers; /* CHARGE: the keys the odds follow in order for the decisions
                             * the standing answers leave open (R-CHG-25; owned by the caller) */
    int nanswers;
    int odds;               /* CHARGE: 0: no odds; 1: the exact odds of every end (R-CHG-25);
                             * 2: the same, but none for a charge the rules refuse */
    const lb_melee_req *melee; /* MELEE: the assault: attackers, target, what earlier segments
                                * left them, standing answers (owned by the caller) */
    /* MELEE, played, and CHARGE: answers each decision the melee (R-MEL-22) or the charge
     * (R-CHG-7) asks with the index of the option chosen in d->options, LB_ASK_AUTOMATIC or
     * LB_ASK_STOP; called with decide_ctx and the state asked about. NULL: every decision takes
     * its automatic choice. */
    int (*decide)(void *ctx, const lb_state *st, const lb_decision *d);
    void *decide_ctx;
    int mod;                /* MORALE: the caller's modifier, base-6 steps (R-MOR-1); 0: none */
    lb_dice *dice;          /* CHARGE: the dice to roll with (not NULL);
                             * MORALE, FIRE: the dice to roll with, NULL for the odds alone;
                             * MOVE: for the plan's rolls, NULL: each roll succeeds; MELEE:
                             * the melee is played with them when it is allowed */
    uint64_t seed;          /* the seed of dice, shown in the answer unless scripted */
    int scripted;           /* 1: dice is a scripted list (no seed shown) */
    int look;               /* an lb_look: 0, the command's answer */
    int look_moves;         /* MOVE, LB_LOOK_LINE: the move options offered the unit (0: none,
                             * then why it may not move, if it may not) */
    int look_path;          /* MOVE, LB_LOOK_LINE: a path is offered it too */
    const char *look_path_text; /* CHARGE, LB_LOOK_WORDS: the path as the player typed it */
} lb_question;

/* The most hexes of a charge's path. */
#define LB_ASK_CHARGE_PATH_MAX 64

/* A question's answer, opaque. */
typedef struct lb_answer lb_answer;

/* Answers q on st into *out (the caller frees it with lb_answer_free). Returns LB_OK; LB_NOMEM;
 * LB_INVALID when the rules refuse the question (a leader's morale check, a unit index out of
 * the state, more pre-melee checks than a melee's exact odds enumerate, R-MEL-23, a melee that
 * cannot be played); LB_USAGE when the question is not one (an unknown kind, a hex off the map,
 * no firer, no melee, a look its kind has not (lb_look), a target unit standing in several
 * hexes the fire may be made at, or in none: the player names the hex, R-FIRE-22; a charge
 * without dice or path, a charge look without its path's text) or when decide
 * stopped; LB_DICE when the scripted dice do not fit the rolls; a charge's other errors as
 * lb_charge_resolve's and lb_charge_odds' (err says which, "odds: " first for the odds'). On an error *out is NULL and err, when not NULL, says why. A rule
 * that answers "no" (a fire not allowed) is an answer. */
int lb_ask(const lb_state *st, const lb_question *q, lb_answer **out, lb_err *err);
/* Frees the answer (NULL: nothing). */
void lb_answer_free(lb_answer *a);
/* Writes the answer as the command line's text, its trace last, on out: LB_OK, or LB_NOMEM (the
 * text may then be cut short). */
int lb_answer_text(const lb_answer *a, FILE *out);
/* Writes the map of the state as a standalone SVG document into *out (malloc'd: the caller frees
 * it), the answer's hexes ringed: a move's start, the hexes in reach and the plan's. LB_OK;
 * LB_USAGE, *out NULL, for the other questions; LB_NOMEM, *out NULL. */
int lb_answer_svg(const lb_answer *a, char **out);
/* The hex the answer settled on into *hex: a fire's target (a unit named as the target stands
 * for its hex, R-FIRE-22). LB_OK; LB_USAGE for the other questions. */
int lb_answer_hex(const lb_answer *a, lb_hex *hex);
/* Writes the answer as its JSON document, compact UTF-8 text, into *out (malloc'd: the caller
 * frees it). LB_OK, or LB_NOMEM with *out NULL. A retreat asked with all holds "@paths@" in
 * place of its paths: lb_answer_json_print writes them. */
int lb_answer_json(const lb_answer *a, char **out);
/* Writes the same document on out as the command line prints it: indented by two spaces, ASCII
 * only (other characters escaped), a newline last; a retreat asked with all streams every path
 * in its place. LB_OK, or LB_NOMEM (the document may then be cut short); a write error is the
 * stream's, for the caller to find with ferror or fflush. */
int lb_answer_json_print(const lb_answer *a, FILE *out);

/* ---- answer.h: Rule answers as JSON: the documents of the command line's --json, shared with the HTTP API's previews. */

/*
 * Each lb_…_json function writes one rules answer as the JSON document cli.md and api.md
 * describe, as compact UTF-8 text into *out, malloc'd: the caller frees it. It returns LB_OK, or
 * LB_NOMEM with *out NULL. The command line prints the document (indented); the server sends
 * it as it is. Nothing here decides anything: the answer is the rules' own.
 *
 * The documents are text so that no JSON library's type is part of this API: the library makes
 * them with jansson, and a caller reads them with whatever it likes (the command line and the
 * server load them with jansson when they add to them). Like lb_game_view_json and
 * lb_journal_to_json, which the game's documents come from.
 *
 * Hex labels are the map's; units are named by id.
 */

/* The trace: [{"rule","section","text","values",{…},"dice"?:[…]}]. */
int lb_trace_json(const lb_trace *t, char **out);
/* The trace as the command line writes it on out: one line per step, "  [RULE SECTION] text". */
void lb_trace_print(FILE *out, const lb_trace *t);

/* Writes the map of st as text on out (R-GRID-2 staggered columns: odd columns on a row's first
 * line, even ones half a hex lower), a cell per hex: terrain symbol, elevation digit (blank on a
 * flat map), side mark of the top combat unit (lower case: leaders only); then its key. With
 * marks (one per cell, NULL: none), a fourth character per hex shows mark_chars[marks[cell]],
 * explained by mark_key in the key. */
void lb_map_print(FILE *out, const lb_state *st, const unsigned char *marks,
                  const char *mark_chars, const char *mark_key);

/* A hex label or a unit id (the unit's first hex) of st into *hex; *unit is the unit's index or
 * -1. Returns 0, or -1 when s is neither. */
int lb_answer_hex_or_unit(const lb_state *st, const char *s, lb_hex *hex, int *unit);

/* ---- svg.h: SVG pictures of a map: terrain, elevation, hexside features, labels and units. */

/*
 * lb_svg_map draws the map of a state as a standalone SVG document (flat-topped hexes, even
 * columns half a hex lower, R-GRID-2) and returns it as a NUL-terminated string the caller
 * frees, or NULL when out of memory. `marks` (optional, cols*rows entries) highlights hexes:
 * 1 draws a ring, for overlays such as visibility or paths.
 */
char *lb_svg_map(const lb_state *st, const unsigned char *marks);

#endif
