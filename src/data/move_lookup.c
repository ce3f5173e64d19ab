/* Movement charts read: a battery's limbering entry, a class in a chart's list. */
#include <string.h>

#include "state_types.h"
#include "move_charts_int.h"

const lb_limber_entry *lb_move_charts_limber(const lb_move_charts *mc, const char *nation,
                                             const char *cls)
{
    for (int i = 0; mc && nation && cls && i < mc->nlimber; i++)
        if (strcmp(mc->limber[i].nation, nation) == 0 && strcmp(mc->limber[i].cls, cls) == 0)
            return &mc->limber[i];
    return NULL;
}

int lb_move_charts_class_in(const char *const *list, int n, const char *cls)
{
    for (int i = 0; cls && i < n; i++)
        if (strcmp(list[i], cls) == 0)
            return 1;
    return 0;
}
