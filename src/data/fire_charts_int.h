/* Private to the library: the fire_charts functions its files share, not offered by the API. */
#ifndef LB_FIRE_CHARTS_INT_H
#define LB_FIRE_CHARTS_INT_H

#include "state_types.h"
#include "lbi.h"

/* Fire defence of terrain type `terrain` for key (an lb_formation below road's value or above,
 * or LB_FIRE_FD_DISORDERED / LB_FIRE_FD_ROUTED); 0 for a blank cell. */
LBI int lb_fire_charts_defence(const lb_fire_charts *fc, int terrain, int key);

/* The odds column for fire value : defence, rounded down to a listed column (2.3): the one with
 * the greatest att/def <= value/defence, by exact cross-multiplication; the lowest when below all
 * (*below = 1) unless below_none, then NULL. defence >= 1, value > 0. */
LBI const lb_fire_column *lb_fire_charts_column(const lb_fire_charts *fc, lb_frac value,
                                                int defence, int *below);

/* The fire-loss trigger of a unit: its nation's class entry, else its arm entry, else NULL
 * (which means every loss, 5.5). */
LBI const lb_fire_trigger *lb_fire_charts_trigger(const lb_fire_charts *fc, const char *nation,
                                                  const char *cls, lb_arm arm);

/* The ranges of a battery of this nation and class, or NULL. */
LBI const lb_battery_range *lb_fire_charts_battery(const lb_fire_charts *fc, const char *nation,
                                                   const char *cls);

/* True when the k-th increment a unit loses (k >= 1) triggers a check; NULL trigger: every. */
LBI int lb_fire_trigger_fires(const lb_fire_trigger *tr, int k);

/* Name of a trigger kind ("every", "even", "odd", "third") and of a casualty result. */
LBI const char *lb_fire_trigger_name(lb_fire_trigger_on on);
LBI const char *lb_casualty_kind_name(lb_casualty_kind k);

#endif
