/* Traces: the reasons behind a rule answer, step by step, each naming its ruling and rule section. */
#ifndef LB_TRACE_H
#define LB_TRACE_H

#include <stddef.h>

/*
 * A trace is a list of steps. Each step names the ruling (R-…), the rule section ("(23)"), what
 * happened, and named values: integers, exact fractions, text, and dice with their purpose.
 * Rules append to a trace given by the caller, who releases it; a NULL trace records nothing
 * (fast paths such as whole visibility maps pass NULL).
 *
 * What happened is an event: a kind (an lb_event number, one list per area of the rules) and
 * its typed arguments — units, hexes, numbers, exact fractions, dice, names. The rules record
 * events and write no English; lb_trace_step_fmt renders a step as a sentence from one table of
 * sentences per area (src/answer/words). A step made by lb_trace_add carries its sentence
 * already (event 0): the code above the rules that still narrates that way.
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
