/* Values every other header uses: errors, exact fractions, hexes, dice, growing arrays, printable text, the words of enum values, traces. */
#ifndef LB_CORE_H
#define LB_CORE_H

#include <stddef.h>
#include <stdint.h>

/*
 * Who owns, who frees, which errors:
 * Plain values, no handle: the caller owns every struct it declares (on its stack or in its own
 * memory) and frees nothing but what a function says it allocated (lb_errlist_release,
 * lb_trace_release). Functions answer an lb error code (LB_OK, LB_NOMEM, LB_USAGE ... of err.h,
 * named by lb_err_str); an lb_err, when given, says why in words.
 */

/* ---- err.h: Errors: result codes, and error records carrying a message, file, line, column and JSON path. */

/*
 * Every library function that can fail returns an int code from LB_ERRORS and fills an optional
 * lb_err. The library never prints or exits. Validation that finds several problems collects
 * them in an lb_errlist, which the caller releases. An illegal order is not an error: the rule
 * answers "no" with its reason.
 */

#define LB_ERRORS(X)                                              \
    X(OK, "ok")                                                   \
    X(NOMEM, "out of memory")                                     \
    X(IO, "cannot read the file")                                 \
    X(SYNTAX, "invalid JSON")                                     \
    X(INVALID, "invalid input")                                   \
    X(NOT_FOUND, "not found")                                     \
    X(USAGE, "invalid request")                                   \
    X(DICE, "the scripted dice do not fit the rolls asked for")   \
    X(LIMIT, "input beyond a limit of the format")                \
    X(CONFLICT, "the saved game moved on: stale sequence number") \
    X(STALE, "the state changed since this result was computed")

enum {
#define LB_ERR_ENUM(name, text) LB_##name,
    LB_ERRORS(LB_ERR_ENUM)
#undef LB_ERR_ENUM
    LB_ERR_COUNT
};

#define LB_ERR_FILE_MAX 256
#define LB_ERR_PATH_MAX 256
#define LB_ERR_MSG_MAX 512

typedef struct lb_err {
    int code;
    char file[LB_ERR_FILE_MAX]; /* "" when not about a file */
    int line;                   /* 1-based; 0 when unknown */
    int col;                    /* 1-based, in characters; 0 when unknown */
    char path[LB_ERR_PATH_MAX]; /* JSON Pointer ("/units/3/morale"); "" when none */
    char msg[LB_ERR_MSG_MAX];   /* "expected …, found …" */
} lb_err;

/* A growable list of errors; zero-initialise, then lb_errlist_release. */
typedef struct lb_errlist {
    lb_err *items;
    int count;
    int cap;
} lb_errlist;

/* Short description of a code. */
const char *lb_err_str(int code);
/* Fills e (when not NULL) with code and a printf-style message, clearing position fields; returns code. */
int lb_err_set(lb_err *e, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Formats "FILE:LINE:COL: PATH: MSG", leaving out the parts that are unknown; control characters
 * (U+0000-U+001F, U+007F-U+009F) are written as \u00XX so that a message never drives the terminal.
 * Returns the length of the whole line (which may exceed n - 1 when buf is too small). */
int lb_err_fmt(const lb_err *e, char *buf, size_t n);
/* s as a JSON string for a message ("fr-6le-1", "\u001B[31m"): quotes, backslashes and control
 * characters escaped, bytes that are not UTF-8 as \xNN; shortened to fit n bytes (at least 8),
 * ending in ..." when cut. Returns buf. */
const char *lb_err_quote(const char *s, char *buf, size_t n);
/* Appends a copy of e; returns LB_OK or LB_NOMEM. */
int lb_errlist_push(lb_errlist *list, const lb_err *e);
/* Sorts by file (in the order files first appear), then line, then column, keeping the order of
 * equal positions, so messages read in file order; O(n log n). */
void lb_errlist_sort(lb_errlist *list);
/* Frees the items and empties the list. */
void lb_errlist_release(lb_errlist *list);

/* ---- frac.h: Exact fractions: fire and melee values, halves, thirds and quarters, probabilities (R-MOR-9, R-DICE-4). */

/*
 * A fraction num/den, den > 0, always in lowest terms, in 64-bit integers. Chart values times a
 * few multipliers stay far inside them; probabilities over many rolls (36^k outcomes) may not.
 * An operation whose exact result does not fit gives the invalid fraction (den 0), and every
 * operation on an invalid fraction gives it again: test the result with lb_frac_ok rather than
 * trusting a value that silently wrapped. Overflow is detected portably (compiler builtins where
 * the compiler has them, explicit bounds otherwise); nothing is undefined behaviour.
 */
typedef struct lb_frac {
    long long num;
    long long den;
} lb_frac;

/* n/d in lowest terms; invalid when d == 0 or the result does not fit. */
lb_frac lb_frac_make(long long n, long long d);

/* ---- hex.h: Hex grid: coordinates, labels, neighbours, clock directions. */

/*
 * A hex is (col, row), 1-based, flat-topped hexes in vertical columns; even columns sit half a
 * hex lower than odd ones (R-GRID-2). Coordinates outside a map are legal values (a sight line
 * may pass off the map), so both fields may be zero or negative.
 *
 * Directions are hexside indices 0..5 in clock order N, NE, SE, S, SW, NW, i.e. clock hours
 * 12, 2, 4, 6, 8, 10 (R-GRID-3). Odd clock hours are vertices.
 *
 * Exact geometry (R-LOS-1): in units of half a side horizontally and half a hex height
 * vertically, the centre of (c, r) is x = 3(c-1), y = 2(r-1) + (c even ? 1 : 0), y growing
 * south, and the hexagon is |y| <= 1, |x| + |y| <= 2 around its centre. Every centre and
 * vertex has integer coordinates.
 */

typedef struct lb_hex {
    int col;
    int row;
} lb_hex;

enum { LB_DIR_N, LB_DIR_NE, LB_DIR_SE, LB_DIR_S, LB_DIR_SW, LB_DIR_NW, LB_DIR_COUNT };

/* Buffer size for a label and its NUL: up to 5 + 5 digits, a map side up to 99999 hexes. */
#define LB_HEX_LABEL_MAX 12

/* The neighbour of h across hexside dir (R-GRID-2). */
lb_hex lb_hex_neighbor(lb_hex h, int dir);
/* The direction from a to its neighbour b, or -1 when b is not adjacent to a. */
int lb_hex_dir_to(lb_hex a, lb_hex b);
/* Centre of h in the integer half-unit coordinates described above. */
void lb_hex_center(lb_hex h, int *x, int *y);

/* ---- dice.h: Dice: a seeded PCG32 generator, keyed dice from a secret (fair dice), unbiased d6, two-dice rolls 11-66 with base-6 arithmetic, scripted dice. */

/*
 * A "roll" is two dice read tens then units: 11..66, 36 equally likely values (R-DICE-1).
 * Arithmetic on a roll works on its index i = 6(t-1) + (u-1), clamped to 0..35 (R-DICE-2).
 * Every die comes from a seeded PCG32 generator owned by the caller, from a secret key (keyed
 * dice: the k-th draw is a pure function of the key, k and its kind, docs/api.md "Fair dice"),
 * or from a script (R-DICE-3); each roll taken is logged with its purpose. No globals: the
 * caller owns lb_dice.
 */

/* PCG32 (XSH RR 64/32), the reference generator of pcg-random.org. */
typedef struct lb_pcg32 {
    uint64_t state;
    uint64_t inc;
} lb_pcg32;

/* Seeds as the reference pcg32_srandom_r(initstate, initseq). */
void lb_pcg32_seed(lb_pcg32 *rng, uint64_t initstate, uint64_t initseq);

/* ---- keyed dice (R-DICE-3, docs/api.md "Fair dice") -------------------------------------- */

#define LB_DICE_SECRET_BYTES 32
#define LB_DICE_HEX_MAX (2 * LB_DICE_SECRET_BYTES + 1) /* a secret or a commitment as hex, NUL */

typedef enum lb_die_kind { LB_DIE_ONE = 1, LB_DIE_TWO = 2 } lb_die_kind;

/* ---- a source of dice ------------------------------------------------------------------- */

#define LB_DICE_LOG_MAX 256
#define LB_DICE_SCRIPT_MAX 256

/* One logged roll: one die (1..6) or a two-dice roll (11..66), with its purpose. */
typedef struct lb_roll_record {
    lb_die_kind kind;
    int value;
    const char *purpose; /* a string literal of the caller */
} lb_roll_record;

typedef struct lb_dice {
    int scripted;                     /* 1: take values from script[], 0: from rng or the key */
    /* keyed dice: lb_dice_derive, the k-th draw of key (set by lb_dice_init_keyed, which alone
     * links the hashing library); NULL for seeded or scripted dice */
    int (*keyed)(const unsigned char key[LB_DICE_SECRET_BYTES], uint64_t k, lb_die_kind kind);
    lb_pcg32 rng;
    unsigned char key[LB_DICE_SECRET_BYTES];
    uint64_t draw;                    /* keyed: k of the next draw */
    int script[LB_DICE_SCRIPT_MAX];   /* scripted values: 1..6 single die, 11..66 two dice */
    int script_len;
    int script_pos;
    lb_roll_record log[LB_DICE_LOG_MAX];
    int log_len;                      /* rolls taken; the log keeps the first LB_DICE_LOG_MAX */
} lb_dice;

/* Dice from a seed (PCG32 with initstate = seed, initseq = 54). */
void lb_dice_init_seed(lb_dice *dice, uint64_t seed);
/* Scripted dice from a list such as "34,5,62": two digits are a two-dice roll, one digit a single
 * die. LB_OK, or LB_INVALID (dice left untouched) when an entry is neither or there are more than
 * LB_DICE_SCRIPT_MAX; *bad_pos gets the 0-based character offset of the bad entry when not
 * NULL. */
int lb_dice_init_script(lb_dice *dice, const char *list, int *bad_pos);

/* ---- grow.h: Growing arrays: the one helper every growable array of the library uses to make room. */

/*
 * An array of `size`-byte elements with capacity *cap, allocated with malloc (or NULL with
 * *cap 0). lb_grow makes room for at least `need` elements: it returns the array, moved and
 * larger when needed (the capacity at least doubles, from 8, so n appends cost O(n)), with *cap
 * updated; or NULL when memory runs out or the size overflows, leaving the array and *cap as they
 * were (the caller still frees the old array). Usage:
 *
 *     lb_err *items = lb_grow(list->items, &list->cap, list->count + 1, sizeof *items);
 *     if (!items)
 *         return LB_NOMEM;
 *     list->items = items;
 */
void *lb_grow(void *items, int *cap, int need, size_t size);

/* ---- printable.h: Printable text: well-formed UTF-8 without control characters, any text written so that a terminal shows it and is never driven by it, and the nearest name to a slip. */

/*
 * Text a person typed or a file gave may hold bytes that drive a terminal when printed: ESC
 * starts a control sequence (ESC [ 2 J clears the screen), U+009B is the same in UTF-8, a byte
 * that is not UTF-8 (0x9B alone) is that control to a terminal of 8-bit characters. Printable text
 * is well-formed UTF-8 (RFC 3629: no overlong form, no surrogate, nothing past U+10FFFF) with no
 * control character: U+0000-U+001F, U+007F-U+009F; a tab may be allowed.
 */

/* The first thing that keeps text from being printable. */
typedef struct lb_unprintable {
    size_t offset; /* of its first byte */
    int column;    /* 1-based, in characters (a byte that is not UTF-8 counts as one) */
    int control;   /* the control character's code point, or -1 for a byte that is not UTF-8 */
    int byte;      /* that byte (when control is -1) */
} lb_unprintable;

/* Is s[0..len) printable text (a tab allowed when tab is true)? 1; or 0 with *where (when not
 * NULL) at the first control character or byte that is not UTF-8. NUL is a control character. */
int lb_printable_check(const char *s, size_t len, int tab, lb_unprintable *where);

/* s[0..len) as it may be printed: control characters (NUL, tab and newline too) as \u00XX, each
 * byte that is not UTF-8 as \xNN, the rest as it is; shortened to fit n bytes (at least 4),
 * ending in "..." when cut. Returns buf, NUL-terminated. */
const char *lb_printable(const char *s, size_t len, char *buf, size_t n);

/* Did you mean: the index of the word of words (n of them) nearest to s, a slip of the keyboard
 * (an edit distance of at most a third of s's length, 1 to 3, letters compared without case;
 * the first of equals), or -1 when none is that near. */
int lb_nearest_word(const char *s, const char *const *words, int n);

/* ---- name.h: Names of the API's enum values: one lookup for every kind of value a front-end writes or reads as a word. */

/*
 * lb_name gives the stable word of a value (as scenarios, saved games, the journal and the HTTP
 * API write it); lb_name_parse reads one back. The strings are static: never freed, valid for
 * the program's life. The value must be one of its kind's enum (an LB_... constant of the type
 * named beside each kind below); an unknown kind answers NULL (lb_name) or -1 (lb_name_parse).
 */
typedef enum lb_name_kind {
    LB_NAME_AI_LEVEL,       /* lb_ai_level: "quick", "full", "baseline"; parsed */
    LB_NAME_ARM,            /* lb_arm: "infantry", "cavalry", … */
    LB_NAME_DECIDED_BY,     /* lb_decided_by: who chose a journal's decision */
    LB_NAME_DECISION_KIND,  /* lb_decision_kind */
    LB_NAME_EDITION,        /* lb_edition, as scenarios write it; parsed */
    LB_NAME_ERR,            /* an LB_ code: "LB_INVALID"; "LB_UNKNOWN" for no code */
    LB_NAME_FIRE_KIND,      /* lb_fire_kind: "offensive", "defensive", "opportunity"; parsed */
    LB_NAME_FORMATION,      /* lb_formation, as scenarios write it; parsed */
    LB_NAME_HEX_DIR,        /* a hexside direction 0..5: "N" … "NW"; "?" for another number */
    LB_NAME_MORALE_STATE,   /* lb_morale_state */
    LB_NAME_OUTCOME,        /* lb_outcome: "draw", "marginal", … */
    LB_NAME_READINESS,      /* lb_readiness */
    LB_NAME_RETREAT_KIND,   /* lb_retreat_kind: "disorder", "rout", "flight"; parsed only */
    LB_NAME_SEGMENT,        /* lb_segment, as scenarios write it */
    LB_NAME_VERDICT,        /* lb_verdict: "accepted", "stale", "not-yours", "illegal", … */
    LB_NAME_VERIFY_VERDICT  /* lb_verify_verdict: "verified", "not verified", "not yet" */
} lb_name_kind;

/* The word of value, a value of kind; NULL for an unknown kind or one that is parsed only. */
const char *lb_name(lb_name_kind kind, int value);
/* The value whose word is text, for the kinds marked "parsed" above; -1 when text names none
 * of them, or for any other kind. */
int lb_name_parse(lb_name_kind kind, const char *text);

/* ---- trace.h: Traces: the reasons behind a rule answer, step by step, each naming its ruling and rule section. */

/*
 * A trace is a list of steps. Each step names the ruling (R-…), the rule section ("(23)"), what
 * happened, and named values: integers, exact fractions, text, and dice with their purpose.
 * Rules append to a trace given by the caller, who releases it; a NULL trace records nothing
 * (fast paths such as whole visibility maps pass NULL).
 *
 * What happened is an event: a kind (an lb_event number, one list per area of the rules) and
 * its typed arguments — units, hexes, numbers, exact fractions, dice, names. The rules record
 * events and write no English; lb_trace_step_fmt renders a step as a sentence from one table of
 * sentences per area (src/answer/words), the game's among them. A step made by lb_trace_add
 * carries its sentence already (event 0): a front-end's own lines (the command line's selfplay
 * summary).
 */

typedef enum lb_trace_kind {
    LB_TV_INT,
    LB_TV_FRAC,  /* num/den, den > 0, in lowest terms */
    LB_TV_TEXT,
    LB_TV_BOOL,
    LB_TV_ROLL,  /* a two-dice roll 11..66 */
    LB_TV_DIE,   /* one die 1..6 */
    LB_TV_PHRASE /* entry num of the phrase list den of the words: written as its text */
} lb_trace_kind;

typedef struct lb_trace_value {
    const char *key;   /* a string literal */
    lb_trace_kind kind;
    long num;
    long den;
    char *text;        /* owned, LB_TV_TEXT only */
} lb_trace_value;

/* An event's argument: its type says how it is written. */
typedef enum lb_event_arg_kind {
    LB_EA_INT,    /* num */
    LB_EA_FRAC,   /* num/den, den > 0 */
    LB_EA_HEX,    /* label: the hex as the map writes it */
    LB_EA_UNIT,   /* text: the unit's id */
    LB_EA_TEXT,   /* text: a name or an id from the scenario or the charts */
    LB_EA_PHRASE, /* num: an entry of the phrase list den of the words (src/answer/words) */
    LB_EA_ROLL    /* num: a roll 11..66 or a die 1..6 */
} lb_event_arg_kind;

#define LB_EVENT_LABEL_MAX 12

typedef struct lb_event_arg {
    lb_event_arg_kind kind;
    long long num;
    long long den;
    const char *text;                  /* owned by the step */
    char label[LB_EVENT_LABEL_MAX];    /* LB_EA_HEX */
} lb_event_arg;

typedef struct lb_trace_step {
    const char *rule;    /* ruling id, a string literal ("R-LOS-4") */
    const char *section; /* rule section, a string literal ("(23)") */
    int event;           /* the event's kind; 0: the sentence is text */
    lb_event_arg *args;  /* the event's nargs arguments */
    int nargs;
    char *text;          /* owned sentence of a step made by lb_trace_add, else NULL */
    lb_trace_value *values;
    int nvalues;
    int cap;
} lb_trace_step;

typedef struct lb_trace {
    lb_trace_step *steps;
    int count;
    int cap;
    int failed; /* set when memory ran out; later steps are dropped */
} lb_trace;

/* A sentence held as its event, where a result or a decision says why (a refusal's reason, a
 * decision's prompt): rendered by lb_said_fmt. Its texts are not copied: they are the state's
 * (unit ids, names from the scenario and the charts) or literals, and live as long as it. A
 * reason may hold another (a kind, then its arguments): the longest, a move that may not end
 * where a hex would be over its stacking limit, takes 12 arguments. */
#define LB_SAID_ARGS_MAX 12

typedef struct lb_said {
    int event; /* 0: nothing said */
    lb_event_arg args[LB_SAID_ARGS_MAX];
    int nargs;
} lb_said;

/* The sentence into buf (n bytes, NUL-terminated, cut short when too small), like snprintf:
 * returns its full length; "" for nothing said. */
int lb_said_fmt(const lb_said *s, char *buf, size_t n);

/* An empty trace. */
void lb_trace_init(lb_trace *t);
/* Frees every step. */
void lb_trace_release(lb_trace *t);
/* Appends a step; rule and section must outlive the trace (literals). No-op on NULL. */
void lb_trace_add(lb_trace *t, const char *rule, const char *section, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
