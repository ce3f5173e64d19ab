/* The breakdown of a fire value (24)-(26) and the sum of a fire together (21), as the arguments of their events: what the trace's last steps and lb_fire_value_breakdown say. */
#include "fire_int.h"
#include "frac_int.h"
#include "unit_int.h"

/* The multiplier, the value and its rounding, arguments 8 to 14 of both breakdowns. */
static void multiplied_and_rounded(const lb_fire_value *v, lb_event_arg *a)
{
    a[8] = ev_int(lb_frac_cmp(v->times, lb_frac_int(1)) != 0);
    a[9] = fi_frac(v->times);
    a[10] = ev_int(v->long_range);
    a[11] = ev_int(v->in_carre);
    a[12] = fi_frac(v->exact);
    a[13] = ev_int(lb_frac_cmp(v->exact, v->value) != 0);
    a[14] = ev_int(v->value.num);
}

/* R-FIRE-2..4, R-FIRE-20, R-FIRE-25, R-MOR-9: a halving that every firing hex shares is said
 * once, after the multiple; a screen with one hex at 2 hexes and one adjacent shows each hex's
 * product. */
int lbi_fi_breakdown(const lb_fire_value *v, lb_event_arg *a)
{
    for (int i = 0; i < FIRE_BREAKDOWN_ARGS; i++)
        a[i] = ev_int(0);
    a[0] = ev_text(lb_formation_name(v->formation));
    multiplied_and_rounded(v, a);
    if (v->printed) {
        a[1] = ev_int(v->fire);
        a[2] = ev_int(v->losses);
        a[3] = ev_int(v->increments);
        a[4] = ev_int(v->disordered);
        return EV_FIRE_BREAKDOWN_PRINTED;
    }
    int halved = 0, mixed = 0;
    for (int k = 0; k < v->nhexes; k++)
        halved |= v->hexes[k].fires && v->hexes[k].halved;
    for (int k = 0; k < v->nhexes; k++)
        mixed |= v->hexes[k].fires && v->hexes[k].halved != halved;
    a[1] = ev_int(v->nhexes);
    a[2] = ev_int(mixed);
    a[3] = fi_frac(v->multiple);
    a[4] = ev_int(halved);
    a[5] = ev_text(v->troop[0]);
    a[6] = ev_text(v->troop[1]);
    a[7] = fi_frac(v->sum);
    for (int k = 0; k < v->nhexes && k < FIRE_BREAKDOWN_HEXES; k++) {
        a[15 + 3 * k] = ev_int(1);
        a[16 + 3 * k] = ev_int(v->hexes[k].firing);
        a[17 + 3 * k] = ev_int(v->hexes[k].halved);
    }
    return EV_FIRE_BREAKDOWN;
}

/* R-FIRE-23 */
void lbi_fi_sum(const lb_fire_group *g, int traced, lb_event_arg *a)
{
    a[0] = ev_int(traced ? g->nfirers : 0);
    a[1] = fi_frac(g->value);
    a[2] = ev_int(g->nfirers > FIRE_SUM_FIRERS ? g->nfirers - FIRE_SUM_FIRERS : 0);
    for (int i = 0; i < FIRE_SUM_FIRERS; i++) {
        a[3 + 2 * i] = ev_unit_id(i < g->nfirers ? g->firers[i].id : NULL);
        a[4 + 2 * i] = i < g->nfirers ? fi_frac(g->firers[i].value) : ev_int(0);
    }
}
