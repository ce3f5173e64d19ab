/* Private to the library: the trace functions its files share, not offered by the API. */
#ifndef LB_TRACE_INT_H
#define LB_TRACE_INT_H

#include "lb/core.h"
#include "lbi.h"

/* Attaches a value to the last step. */
LBI void lb_trace_int(lb_trace *t, const char *key, long value);
LBI void lb_trace_frac(lb_trace *t, const char *key, long num, long den);
LBI void lb_trace_text(lb_trace *t, const char *key, const char *text);
LBI void lb_trace_bool(lb_trace *t, const char *key, int value);
LBI void lb_trace_roll(lb_trace *t, const char *key, int roll);
LBI void lb_trace_die(lb_trace *t, const char *key, int die);
LBI void lb_trace_phrase(lb_trace *t, const char *key, int list, int index);

/* The first step citing rule, or NULL. */
LBI const lb_trace_step *lb_trace_find(const lb_trace *t, const char *rule);

/* Appends a copy of step s (its event and arguments, or its sentence, and its values). */
LBI void lb_trace_copy_step(lb_trace *t, const lb_trace_step *s);

#endif
