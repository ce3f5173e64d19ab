/* Traces: steps with ruling ids, rule sections, sentences and named values. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/grow.h"
#include "lb/trace.h"

void lb_trace_init(lb_trace *t)
{
    memset(t, 0, sizeof *t);
}

void lb_trace_release(lb_trace *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->count; i++) {
        lb_trace_step *s = &t->steps[i];
        for (int j = 0; j < s->nvalues; j++)
            free(s->values[j].text);
        free(s->values);
        free(s->text);
    }
    free(t->steps);
    memset(t, 0, sizeof *t);
}

void lb_trace_add(lb_trace *t, const char *rule, const char *section, const char *fmt, ...)
{
    if (!t || t->failed)
        return;
    lb_trace_step *steps = lb_grow(t->steps, &t->cap, t->count + 1, sizeof *steps);
    if (!steps) {
        t->failed = 1;
        return;
    }
    t->steps = steps;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *text = malloc((size_t)n + 1);
    if (!text) {
        t->failed = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(text, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->steps[t->count++] = (lb_trace_step){.rule = rule, .section = section, .text = text};
}

static lb_trace_value *add_value(lb_trace *t, const char *key, lb_trace_kind kind)
{
    if (!t || t->failed || t->count == 0)
        return NULL;
    lb_trace_step *s = &t->steps[t->count - 1];
    lb_trace_value *values = lb_grow(s->values, &s->cap, s->nvalues + 1, sizeof *values);
    if (!values) {
        t->failed = 1;
        return NULL;
    }
    s->values = values;
    lb_trace_value *v = &s->values[s->nvalues++];
    *v = (lb_trace_value){.key = key, .kind = kind, .den = 1};
    return v;
}

static long gcd(long a, long b)
{
    if (a < 0)
        a = -a;
    while (b) {
        long r = a % b;
        a = b;
        b = r;
    }
    return a ? a : 1;
}

void lb_trace_int(lb_trace *t, const char *key, long value)
{
    lb_trace_value *v = add_value(t, key, LB_TV_INT);
    if (v)
        v->num = value;
}

void lb_trace_frac(lb_trace *t, const char *key, long num, long den)
{
    lb_trace_value *v = add_value(t, key, LB_TV_FRAC);
    if (!v)
        return;
    if (den < 0) {
        num = -num;
        den = -den;
    }
    long g = gcd(num, den);
    v->num = num / g;
    v->den = den / g;
}

void lb_trace_text(lb_trace *t, const char *key, const char *text)
{
    lb_trace_value *v = add_value(t, key, LB_TV_TEXT);
    if (!v)
        return;
    v->text = strdup(text);
    if (!v->text) {
        t->steps[t->count - 1].nvalues--;
        t->failed = 1;
    }
}

void lb_trace_bool(lb_trace *t, const char *key, int value)
{
    lb_trace_value *v = add_value(t, key, LB_TV_BOOL);
    if (v)
        v->num = value != 0;
}

void lb_trace_roll(lb_trace *t, const char *key, int roll)
{
    lb_trace_value *v = add_value(t, key, LB_TV_ROLL);
    if (v)
        v->num = roll;
}

void lb_trace_die(lb_trace *t, const char *key, int die)
{
    lb_trace_value *v = add_value(t, key, LB_TV_DIE);
    if (v)
        v->num = die;
}

const lb_trace_step *lb_trace_find(const lb_trace *t, const char *rule)
{
    for (int i = 0; i < t->count; i++)
        if (strcmp(t->steps[i].rule, rule) == 0)
            return &t->steps[i];
    return NULL;
}
