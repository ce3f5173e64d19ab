/* Did you mean: the nearest of some names to a slip of the keyboard, by edit distance. */
#include <ctype.h>
#include <string.h>

#include "lb/core.h"
#include "nearest_int.h"

int lbi_edit_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > LBI_NEAREST_LEN_MAX || m > LBI_NEAREST_LEN_MAX)
        return LBI_NEAREST_LEN_MAX + 1;
    int rows[3][LBI_NEAREST_LEN_MAX + 1];
    int *prev2 = rows[0], *prev = rows[1], *cur = rows[2];
    for (size_t j = 0; j <= m; j++)
        prev[j] = (int)j;
    for (size_t i = 1; i <= n; i++) {
        cur[0] = (int)i;
        for (size_t j = 1; j <= m; j++) {
            int same = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]);
            int best = prev[j - 1] + !same;
            if (prev[j] + 1 < best)
                best = prev[j] + 1;
            if (cur[j - 1] + 1 < best)
                best = cur[j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                prev2[j - 2] + 1 < best)
                best = prev2[j - 2] + 1;
            cur[j] = best;
        }
        int *t = prev2;
        prev2 = prev;
        prev = cur;
        cur = t;
    }
    return prev[m];
}

int lbi_slip_limit(size_t len)
{
    if (len == 0 || len > LBI_NEAREST_LEN_MAX)
        return -1;
    return (int)len / 3 < 1 ? 1 : (int)len / 3 > 3 ? 3 : (int)len / 3;
}

int lb_nearest_word(const char *s, const char *const *words, int n)
{
    size_t len = strlen(s);
    int limit = lbi_slip_limit(len);
    int best = -1, best_distance = limit + 1;
    for (int i = 0; limit >= 0 && i < n; i++) {
        size_t other = strlen(words[i]);
        if ((other > len ? other - len : len - other) > (size_t)limit)
            continue;
        int d = lbi_edit_distance(s, words[i]);
        if (d < best_distance) {
            best = i;
            best_distance = d;
        }
    }
    return best;
}
