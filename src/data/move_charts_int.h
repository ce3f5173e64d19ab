/* Private to the library: the move_charts functions its files share, not offered by the API. */
#ifndef LB_MOVE_CHARTS_INT_H
#define LB_MOVE_CHARTS_INT_H

#include "state_types.h"
#include "lbi.h"

/* The limber range of a battery's nation and class, or NULL (it limbers without a roll). */
LBI const lb_limber_entry *lb_move_charts_limber(const lb_move_charts *mc, const char *nation,
                                                 const char *cls);

/* True when a unit's class is one of the list's (artillery classes). */
LBI int lb_move_charts_class_in(const char *const *list, int n, const char *cls);

#endif
