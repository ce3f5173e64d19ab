/* Private to the library: the melee_charts functions its files share, not offered by the API. */
#ifndef LB_MELEE_CHARTS_INT_H
#define LB_MELEE_CHARTS_INT_H

#include "state_types.h"
#include "lbi.h"

/* The matrix column for attack : defence, rounded down to a listed one (2.3) by exact cross
 * multiplication: *below is set when the ratio is below every column (the lowest is read, or
 * NULL with below_none), *above when above every column (the highest). A defence of 0 reads the
 * highest column; an attack of 0 is below every column. NULL when the table is off. */
LBI const lb_melee_column *lb_melee_charts_column(const lb_melee_charts *mc, lb_frac attack,
                                                  lb_frac defence, int *below, int *above);

/* The pre-melee column for attacking : defending increments, read as above. */
LBI const lb_premelee_column *lb_melee_charts_premelee(const lb_melee_charts *mc, int attacking,
                                                       int defending, int *below, int *above);

/* "NE", "AR", "AD", "DR", "DD", "DS", or the loss cell as "a/d" with a star after the number of
 * the side that checks ("2* / 1" written without spaces); returns buf (at least 16 bytes). */
LBI char *lb_melee_cell_fmt(const lb_melee_cell *c, char *buf, int n);

#endif
