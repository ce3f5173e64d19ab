/* Events (private): what the rules record in a trace — a kind and typed arguments, never a sentence. */
#ifndef LB_EVENT_H
#define LB_EVENT_H

#include "lb/core.h"
#include "lbi.h"

/*
 * An event's kind is a number: its area (below) times 256 plus its place in the area's list,
 * which the area's header names (src/rules/los/los_events.h: EV_LOS_…). The sentence of each
 * kind lives in the words of its area (src/answer/words/), written in the template language of
 * src/answer/words.c; the rules never write one. The arguments are numbered from 0 in the order
 * given, and the template says where each goes.
 *
 *   LBI_EVENT(t, "R-LOS-1", "(23)", EV_LOS_LINE, ev_hex(st, from), ev_hex(st, to), ev_int(d));
 *
 * Nothing is evaluated when t is NULL, so a fast path that records nothing pays nothing.
 */

/* The areas: an event's kind is area << 8 | index, index from 1. */
enum lbi_event_area {
    LBI_EVA_NONE,
    LBI_EVA_LOS,
    LBI_EVA_FIRE,
    LBI_EVA_MORALE,
    LBI_EVA_RETREAT,
    LBI_EVA_CHARGE,
    LBI_EVA_MOVE,
    LBI_EVA_MELEE,
    LBI_EVA_STACK,
    LBI_EVA_RULES, /* the pieces the areas share: effects, facing, readiness */
    LBI_EVA_GAME,
    LBI_EVA_CHARTS, /* what the charts' lookups record (src/data) */
    LBI_EVA_COUNT
};

#define LBI_EVENT_KIND(area, index) ((area) << 8 | (index))
#define LBI_EVENT_AREA(kind) ((kind) >> 8)
#define LBI_EVENT_INDEX(kind) ((kind) & 0xff)

/* Appends a step of event kind with its nargs arguments (TEXT and UNIT texts are copied). */
LBI void lbi_trace_event(lb_trace *t, const char *rule, const char *section, int kind,
                         const lb_event_arg *args, int nargs);

/* Is t recording (not NULL)? A function, so that a trace given by its address is no warning. */
static inline int lbi_trace_on(const lb_trace *t)
{
    return t != NULL;
}

#define LBI_EVENT(t, rule, section, kind, ...)                                                   \
    do {                                                                                         \
        if (lbi_trace_on(t))                                                                     \
            lbi_trace_event((t), (rule), (section), (kind), (const lb_event_arg[]){__VA_ARGS__}, \
                            (int)(sizeof((const lb_event_arg[]){__VA_ARGS__}) /                  \
                                  sizeof(lb_event_arg)));                                        \
    } while (0)
#define LBI_EVENT0(t, rule, section, kind) lbi_trace_event((t), (rule), (section), (kind), NULL, 0)

/* Fills the lb_said *said with event kind and its arguments (at most LB_SAID_ARGS_MAX). */
#define LBI_SAY(said, kind, ...)                                                                 \
    lbi_say((said), (kind), (const lb_event_arg[]){__VA_ARGS__},                                 \
            (int)(sizeof((const lb_event_arg[]){__VA_ARGS__}) / sizeof(lb_event_arg)))
#define LBI_SAY0(said, kind) lbi_say((said), (kind), NULL, 0)
LBI void lbi_say(lb_said *said, int kind, const lb_event_arg *args, int nargs);

/* Arguments. */
static inline lb_event_arg ev_int(long long n)
{
    return (lb_event_arg){.kind = LB_EA_INT, .num = n, .den = 1};
}

static inline lb_event_arg ev_frac(long long num, long long den)
{
    return (lb_event_arg){.kind = LB_EA_FRAC, .num = num, .den = den};
}

static inline lb_event_arg ev_text(const char *s)
{
    return (lb_event_arg){.kind = LB_EA_TEXT, .text = s};
}

static inline lb_event_arg ev_unit_id(const char *id)
{
    return (lb_event_arg){.kind = LB_EA_UNIT, .text = id};
}

static inline lb_event_arg ev_roll(int value)
{
    return (lb_event_arg){.kind = LB_EA_ROLL, .num = value, .den = 1};
}

/* Entry index of the phrase list `list` of the words. */
static inline lb_event_arg ev_phrase(int list, int index)
{
    return (lb_event_arg){.kind = LB_EA_PHRASE, .num = index, .den = list};
}

/* A hex given by its label (the map's own, lb_map_label). */
LBI lb_event_arg lbi_ev_label(const char *label);

#endif
