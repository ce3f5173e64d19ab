/* Private to the library: the charts functions its files share, not offered by the API. */
#ifndef LB_CHARTS_INT_H
#define LB_CHARTS_INT_H

#include "state_types.h"
#include "lbi.h"

/* Index of terrain type id, or -1. */
LBI int lb_charts_terrain(const lb_charts *c, const char *id);

/* Index of hexside type id, or -1. */
LBI int lb_charts_hexside(const lb_charts *c, const char *id);

/* The display name of a nation in the registry ("French"), or NULL when it has none. */
LBI const char *lb_charts_nation_name(const lb_charts *c, const char *nation);

/* The display name of a troop class of a nation in the registry ("légère"), or NULL. */
LBI const char *lb_charts_class_name(const lb_charts *c, const char *nation, const char *cls);

/* The fire multiple for a nation, class and formation (either may be NULL), or NULL: the entry
 * naming more of nation/class wins, nation before class on a tie of one, then the first listed. */
LBI const lb_fire_multiple *lb_charts_fire_multiple(const lb_charts *c, const char *nation,
                                                    const char *cls, lb_formation formation);

#endif
