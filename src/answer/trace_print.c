/* The trace of a rules answer as the command line's text: one indented line per step. */
#include <stdlib.h>

#include "answer_int.h"
#include "words.h"

void lb_trace_print(FILE *out, const lb_trace *t)
{
    char small[512];
    for (int i = 0; i < t->count; i++) {
        const lb_trace_step *s = &t->steps[i];
        int n = lb_trace_step_fmt(s, small, sizeof small);
        char *text = (size_t)n < sizeof small ? small : malloc((size_t)n + 1);
        if (text != small && text)
            lb_trace_step_fmt(s, text, (size_t)n + 1);
        fprintf(out, "  [%s %s] %s\n", s->rule, s->section, text ? text : small);
        if (text != small)
            free(text);
    }
}
