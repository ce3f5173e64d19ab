/* Traces: the reasons behind a rule answer, step by step, each naming its ruling and rule section. */
#ifndef LB_TRACE_H
#define LB_TRACE_H

/*
 * A trace is a list of steps. Each step names the ruling (R-…), the rule section ("(23)"), a
 * sentence, and named values: integers, exact fractions, text, and dice with their purpose.
 * Rules append to a trace given by the caller, who releases it; a NULL trace records nothing
 * (fast paths such as whole visibility maps pass NULL).
 */

typedef enum lb_trace_kind {
    LB_TV_INT,
    LB_TV_FRAC,  /* num/den, den > 0, in lowest terms */
    LB_TV_TEXT,
    LB_TV_BOOL,
    LB_TV_ROLL,  /* a two-dice roll 11..66 */
    LB_TV_DIE    /* one die 1..6 */
} lb_trace_kind;

typedef struct lb_trace_value {
    const char *key;   /* a string literal */
    lb_trace_kind kind;
    long num;
    long den;
    char *text;        /* owned, LB_TV_TEXT only */
} lb_trace_value;

typedef struct lb_trace_step {
    const char *rule;    /* ruling id, a string literal ("R-LOS-4") */
    const char *section; /* rule section, a string literal ("(23)") */
    char *text;          /* owned sentence */
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

/* An empty trace. */
void lb_trace_init(lb_trace *t);
/* Frees every step. */
void lb_trace_release(lb_trace *t);
/* Appends a step; rule and section must outlive the trace (literals). No-op on NULL. */
void lb_trace_add(lb_trace *t, const char *rule, const char *section, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Attaches a value to the last step. */
void lb_trace_int(lb_trace *t, const char *key, long value);
void lb_trace_frac(lb_trace *t, const char *key, long num, long den);
void lb_trace_text(lb_trace *t, const char *key, const char *text);
void lb_trace_bool(lb_trace *t, const char *key, int value);
void lb_trace_roll(lb_trace *t, const char *key, int roll);
void lb_trace_die(lb_trace *t, const char *key, int die);
/* The first step citing rule, or NULL. */
const lb_trace_step *lb_trace_find(const lb_trace *t, const char *rule);

#endif
