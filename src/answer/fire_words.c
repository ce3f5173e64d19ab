/* A fire value's breakdown in words (24)-(26), and the sum of a fire together (21): the fire's sentences of them, written for the answers as the trace writes its steps. */
#include "fire_int.h"
#include "words.h"

/* The sentence of kind with its arguments into buf, like lb_trace_step_fmt. */
static int put(int kind, lb_event_arg *args, int nargs, char *buf, size_t n)
{
    lb_trace_step said = {.event = kind, .args = args, .nargs = nargs};
    return lb_trace_step_fmt(&said, buf, n);
}

int lb_fire_value_breakdown(const lb_fire_value *v, char *buf, size_t n)
{
    lb_event_arg args[FIRE_BREAKDOWN_ARGS];
    int kind = lbi_fi_breakdown(v, args);
    return put(kind, args, FIRE_BREAKDOWN_ARGS, buf, n);
}

int lb_fire_group_breakdown(const lb_fire_group *g, char *buf, size_t n)
{
    if (g->nfirers == 1)
        return lb_fire_value_breakdown(&g->firers[0], buf, n);
    lb_event_arg args[FIRE_SUM_ARGS];
    lbi_fi_sum(g, 0, args);
    return put(EV_FIRE_SUM, args, FIRE_SUM_ARGS, buf, n);
}
