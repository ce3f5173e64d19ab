/* Private to the library: the formation_words functions its files share, not offered by the API. */
#ifndef LB_FORMATION_WORDS_INT_H
#define LB_FORMATION_WORDS_INT_H

#include "rules_types.h"
#include "lbi.h"

/* R-FORM-2: may u (its arm, class, state) ever take formation f? NULL, or why not (*rule set). */
LBI const char *lb_formation_allowed(const lb_state *st, const lb_unit *u, lb_formation f,
                                     const char **rule);

/* R-FORM-2: may u stand in formation f in hex h (terrain)? NULL, or why not (*rule set). */
LBI const char *lb_formation_terrain(const lb_state *st, const lb_unit *u, lb_formation f, lb_hex h,
                                     const char **rule);

#endif
