/* Traces: steps with ruling ids, rule sections, sentences and named values. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event.h"
#include "lb/core.h"
#include "trace_int.h"

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
        for (int j = 0; j < s->nargs; j++)
            free((char *)s->args[j].text);
        free(s->args);
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

static lb_trace_step *add_step(lb_trace *t)
{
    if (!t || t->failed)
        return NULL;
    lb_trace_step *steps = lb_grow(t->steps, &t->cap, t->count + 1, sizeof *steps);
    if (!steps) {
        t->failed = 1;
        return NULL;
    }
    t->steps = steps;
    return memset(&steps[t->count], 0, sizeof *steps);
}

/* A copy of the event's arguments, with their texts, or NULL (out of memory). */
static lb_event_arg *copy_args(const lb_event_arg *args, int nargs)
{
    lb_event_arg *a = malloc((size_t)nargs * sizeof *a);
    for (int i = 0; a && i < nargs; i++) {
        a[i] = args[i];
        if (args[i].text && !(a[i].text = strdup(args[i].text))) {
            while (i-- > 0)
                free((char *)a[i].text);
            free(a);
            a = NULL;
        }
    }
    return a;
}

void lbi_trace_event(lb_trace *t, const char *rule, const char *section, int kind,
                     const lb_event_arg *args, int nargs)
{
    lb_trace_step *s = add_step(t);
    if (!s)
        return;
    lb_event_arg *a = nargs ? copy_args(args, nargs) : NULL;
    if (nargs && !a) {
        t->failed = 1;
        return;
    }
    *s = (lb_trace_step){.rule = rule, .section = section, .event = kind, .args = a,
                         .nargs = nargs};
    t->count++;
}

void lbi_say(lb_said *said, int kind, const lb_event_arg *args, int nargs)
{
    said->event = kind;
    said->nargs = nargs < LB_SAID_ARGS_MAX ? nargs : LB_SAID_ARGS_MAX;
    for (int i = 0; i < said->nargs; i++)
        said->args[i] = args[i];
}

lb_event_arg lbi_ev_label(const char *label)
{
    lb_event_arg a = {.kind = LB_EA_HEX, .den = 1};
    snprintf(a.label, sizeof a.label, "%s", label);
    return a;
}

void lb_trace_copy_step(lb_trace *t, const lb_trace_step *s)
{
    if (s->event)
        lbi_trace_event(t, s->rule, s->section, s->event, s->args, s->nargs);
    else
        lb_trace_add(t, s->rule, s->section, "%s", s->text);
    for (int j = 0; j < s->nvalues; j++) {
        const lb_trace_value *v = &s->values[j];
        switch (v->kind) {
        case LB_TV_INT: lb_trace_int(t, v->key, v->num); break;
        case LB_TV_FRAC: lb_trace_frac(t, v->key, v->num, v->den); break;
        case LB_TV_TEXT: lb_trace_text(t, v->key, v->text); break;
        case LB_TV_BOOL: lb_trace_bool(t, v->key, (int)v->num); break;
        case LB_TV_ROLL: lb_trace_roll(t, v->key, (int)v->num); break;
        case LB_TV_DIE: lb_trace_die(t, v->key, (int)v->num); break;
        case LB_TV_PHRASE: lb_trace_phrase(t, v->key, (int)v->den, (int)v->num); break;
        }
    }
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

void lb_trace_phrase(lb_trace *t, const char *key, int list, int index)
{
    lb_trace_value *v = add_value(t, key, LB_TV_PHRASE);
    if (v) {
        v->num = index;
        v->den = list;
    }
}

const lb_trace_step *lb_trace_find(const lb_trace *t, const char *rule)
{
    for (int i = 0; i < t->count; i++)
        if (strcmp(t->steps[i].rule, rule) == 0)
            return &t->steps[i];
    return NULL;
}
