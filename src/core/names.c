/* Names of enum values: the index of a name in its table. */
#include <string.h>

#include "names.h"

int lbi_name_index(const char *s, const char *const *names, int n)
{
    for (int i = 0; s && i < n; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}
