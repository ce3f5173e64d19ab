/* Did you mean (private): the edit distance behind every suggestion, and how far a slip may go. */
#ifndef LB_NEAREST_INT_H
#define LB_NEAREST_INT_H

#include <stddef.h>
#include "lbi.h"

#define LBI_NEAREST_LEN_MAX 128 /* names are at most 63 bytes: a longer text is no slip */

/* Edit distance of a and b (optimal string alignment: an insertion, a deletion, a change or two
 * neighbouring letters swapped each count one), letters compared without case; longer than
 * LBI_NEAREST_LEN_MAX: LBI_NEAREST_LEN_MAX + 1. */
LBI int lbi_edit_distance(const char *a, const char *b);
/* The largest distance a slip of a text of len bytes may have: a third of it, 1 to 3; -1 when the
 * text is empty or too long to be a slip. */
LBI int lbi_slip_limit(size_t len);

#endif
