/* Fire charts read: the defence, the column of a fire value, a nation's trigger and battery range, and the codes of triggers and casualties. */
#include <string.h>

#include "chart_codes.h"
#include "state_types.h"
#include "fire_charts_int.h"

const char *const lbi_fire_trigger_codes[4] = {"every", "even", "odd", "third"};
const char *const lbi_casualty_codes[3] = {"killed", "wounded", "captured"};

const char *lb_fire_trigger_name(lb_fire_trigger_on on)
{
    return lbi_fire_trigger_codes[on];
}

const char *lb_casualty_kind_name(lb_casualty_kind k)
{
    return lbi_casualty_codes[k];
}

int lb_fire_charts_defence(const lb_fire_charts *fc, int terrain, int key)
{
    if (!fc->defence || terrain < 0 || terrain >= fc->nterrain || key < 0 || key >= LB_FIRE_FD_KEYS)
        return 0;
    return fc->defence[terrain * LB_FIRE_FD_KEYS + key];
}

/* charts-format 2.3, R-FIRE-7: att/def <= value/defence  <=>  att * defence * den <= def * num */
const lb_fire_column *lb_fire_charts_column(const lb_fire_charts *fc, lb_frac value, int defence,
                                            int *below)
{
    const lb_fire_column *best = NULL;
    *below = 0;
    for (int i = 0; i < fc->ncolumns; i++) {
        const lb_fire_column *c = &fc->columns[i];
        __int128 l = (__int128)c->att * defence * value.den, r = (__int128)c->def * value.num;
        if (l <= r)
            best = c;
    }
    if (!best && fc->ncolumns) {
        *below = 1;
        best = fc->below_none ? NULL : &fc->columns[0];
    }
    return best;
}

const lb_fire_trigger *lb_fire_charts_trigger(const lb_fire_charts *fc, const char *nation,
                                              const char *cls, lb_arm arm)
{
    const lb_fire_trigger *by_arm = NULL;
    for (int i = 0; nation && i < fc->ntriggers; i++) {
        const lb_fire_trigger *tr = &fc->triggers[i];
        if (strcmp(tr->nation, nation) != 0)
            continue;
        if (tr->cls && cls && strcmp(tr->cls, cls) == 0)
            return tr;
        if (!tr->cls && tr->arm == (int)arm && !by_arm)
            by_arm = tr;
    }
    return by_arm;
}

const lb_battery_range *lb_fire_charts_battery(const lb_fire_charts *fc, const char *nation,
                                               const char *cls)
{
    for (int i = 0; nation && cls && i < fc->nbatteries; i++)
        if (strcmp(fc->batteries[i].nation, nation) == 0 && strcmp(fc->batteries[i].cls, cls) == 0)
            return &fc->batteries[i];
    return NULL;
}

/* charts-format 5.5 */
int lb_fire_trigger_fires(const lb_fire_trigger *tr, int k)
{
    if (!tr)
        return k >= 1;
    if (k < tr->from)
        return 0;
    switch (tr->on) {
    case LB_TRIGGER_EVERY: return 1;
    case LB_TRIGGER_EVEN: return k % 2 == 0;
    case LB_TRIGGER_ODD: return k % 2 == 1;
    case LB_TRIGGER_THIRD: return k % 3 == 0;
    }
    return 0;
}
