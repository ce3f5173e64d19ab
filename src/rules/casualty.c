/* Which leader of a stack takes a leader casualty: L7-9, 33.12 (R-CAS-1), one leader per casualty roll, rolled with exact odds. */
#include "casualty_int.h"
#include "frac_int.h"

/* One of m (m >= 2) leaders with equal chances: one die for at most 6, else pairs of dice read
 * as 0..35 each, as many as m needs, a value past the largest multiple of m rolled again; the
 * values kept are cut into m runs of equal length, in order. */
static int pick(int m, lbi_victim_roll roll, void *ctx, int *out)
{
    int two = m > 6;
    long long span = two ? 36 : 6;
    int pairs = 1;
    while (two && span < m) {
        span *= 36;
        pairs++;
    }
    long long keep = span - span % m, value;
    do {
        value = 0;
        for (int k = 0; k < pairs; k++) {
            int v, rc = roll(ctx, two, &v);
            if (rc != 0)
                return rc;
            value = value * (two ? 36 : 6) + v;
        }
    } while (value >= keep);
    *out = (int)(value / (keep / m)); /* one die, two leaders: 1-3 the first, 4-6 the second */
    return 0;
}

int lbi_casualty_victim(int n, int used, lbi_victim_roll roll, void *ctx, int *victim)
{
    *victim = 0;
    if (n <= 1)
        return 0;
    if (used < 0 || used >= n)
        return pick(n, roll, ctx, victim);
    int die, rc = roll(ctx, 0, &die);
    if (rc != 0)
        return rc;
    if (die < 3) {
        *victim = used;
        return 0;
    }
    int other = 0;
    if (n > 2 && (rc = pick(n - 1, roll, ctx, &other)) != 0)
        return rc;
    *victim = other < used ? other : other + 1;
    return 0;
}

lb_frac lbi_casualty_share(int n, int used, int i)
{
    if (n <= 1)
        return lb_frac_int(1);
    if (used < 0 || used >= n)
        return lb_frac_make(1, n);
    return i == used ? lb_frac_make(1, 2) : lb_frac_make(1, 2 * (n - 1));
}
