/* Exact fractions in lowest terms, with every overflow detected. */
#include <limits.h>
#include <math.h>
#include <stdio.h>

#include "lb/core.h"
#include "frac_int.h"

/* Checked 64-bit arithmetic: 1 when *r holds the exact result, 0 on overflow. */
#if defined(__GNUC__) || defined(__clang__)
static int mul_ok(long long a, long long b, long long *r)
{
    return !__builtin_mul_overflow(a, b, r);
}

static int add_ok(long long a, long long b, long long *r)
{
    return !__builtin_add_overflow(a, b, r);
}
#else
static int mul_ok(long long a, long long b, long long *r)
{
    if (a == 0 || b == 0) {
        *r = 0;
        return 1;
    }
    if (a > 0 ? (b > 0 ? a > LLONG_MAX / b : b < LLONG_MIN / a)
              : (b > 0 ? a < LLONG_MIN / b : b < LLONG_MAX / a))
        return 0;
    *r = a * b;
    return 1;
}

static int add_ok(long long a, long long b, long long *r)
{
    if ((b > 0 && a > LLONG_MAX - b) || (b < 0 && a < LLONG_MIN - b))
        return 0;
    *r = a + b;
    return 1;
}
#endif

/* Greatest common divisor of |a| and |b| as an unsigned value (|LLONG_MIN| included). */
static unsigned long long gcd(long long a, long long b)
{
    unsigned long long x = a < 0 ? 0ULL - (unsigned long long)a : (unsigned long long)a;
    unsigned long long y = b < 0 ? 0ULL - (unsigned long long)b : (unsigned long long)b;
    while (y) {
        unsigned long long r = x % y;
        x = y;
        y = r;
    }
    return x;
}

lb_frac lb_frac_invalid(void)
{
    return (lb_frac){0, 0};
}

int lb_frac_ok(lb_frac a)
{
    return a.den > 0;
}

lb_frac lb_frac_make(long long n, long long d)
{
    if (d == 0)
        return lb_frac_invalid();
    unsigned long long g = gcd(n, d);
    if (g > 1) {
        /* divided as magnitudes: |LLONG_MIN| / g fits once g > 1 */
        unsigned long long un = n < 0 ? 0ULL - (unsigned long long)n : (unsigned long long)n;
        unsigned long long ud = d < 0 ? 0ULL - (unsigned long long)d : (unsigned long long)d;
        n = n < 0 ? -(long long)(un / g) : (long long)(un / g);
        d = d < 0 ? -(long long)(ud / g) : (long long)(ud / g);
    }
    if (d < 0) {
        if (n == LLONG_MIN || d == LLONG_MIN)
            return lb_frac_invalid();
        n = -n;
        d = -d;
    }
    return (lb_frac){n, d};
}

lb_frac lb_frac_int(long long n)
{
    return (lb_frac){n, 1};
}

lb_frac lb_frac_add(lb_frac a, lb_frac b)
{
    if (!lb_frac_ok(a) || !lb_frac_ok(b))
        return lb_frac_invalid();
    long long g = (long long)gcd(a.den, b.den), x, y, n, d;
    if (!mul_ok(a.num, b.den / g, &x) || !mul_ok(b.num, a.den / g, &y) || !add_ok(x, y, &n) ||
        !mul_ok(a.den / g, b.den, &d))
        return lb_frac_invalid();
    return lb_frac_make(n, d);
}

lb_frac lb_frac_sub(lb_frac a, lb_frac b)
{
    if (!lb_frac_ok(b) || b.num == LLONG_MIN)
        return lb_frac_invalid();
    return lb_frac_add(a, (lb_frac){-b.num, b.den});
}

lb_frac lb_frac_mul(lb_frac a, lb_frac b)
{
    if (!lb_frac_ok(a) || !lb_frac_ok(b))
        return lb_frac_invalid();
    if (a.num == 0 || b.num == 0)
        return lb_frac_int(0);
    long long g1 = (long long)gcd(a.num, b.den), g2 = (long long)gcd(b.num, a.den), n, d;
    if (!mul_ok(a.num / g1, b.num / g2, &n) || !mul_ok(a.den / g2, b.den / g1, &d))
        return lb_frac_invalid();
    return lb_frac_make(n, d);
}

lb_frac lb_frac_div(lb_frac a, lb_frac b)
{
    if (!lb_frac_ok(b) || b.num == 0)
        return lb_frac_invalid();
    return lb_frac_mul(a, lb_frac_make(b.den, b.num));
}

/* a = q + r/a.den with 0 <= r < a.den, without overflow. */
static long long split(lb_frac a, long long *r)
{
    long long q = a.num / a.den;
    *r = a.num % a.den;
    if (*r < 0) {
        *r += a.den;
        q--;
    }
    return q;
}

/* Compares by continued fractions: integer parts first, then the reciprocals of the
 * remainders, so no product is ever formed. */
int lb_frac_cmp(lb_frac a, lb_frac b)
{
    if (!lb_frac_ok(a) || !lb_frac_ok(b))
        return lb_frac_ok(a) - lb_frac_ok(b);
    int sign = 1;
    for (;;) {
        long long ra, rb, qa = split(a, &ra), qb = split(b, &rb);
        if (qa != qb)
            return qa < qb ? -sign : sign;
        if (ra == 0 || rb == 0)
            return ra == rb ? 0 : ra == 0 ? -sign : sign;
        /* ra/a.den vs rb/b.den, both in (0, 1): the other way round of a.den/ra vs b.den/rb */
        lb_frac x = {a.den, ra}, y = {b.den, rb};
        a = x;
        b = y;
        sign = -sign;
    }
}

long long lb_frac_floor(lb_frac a)
{
    if (!lb_frac_ok(a))
        return 0;
    long long r;
    return split(a, &r);
}

double lb_frac_double(lb_frac a)
{
    return lb_frac_ok(a) ? (double)a.num / (double)a.den : NAN;
}

char *lb_frac_fmt(lb_frac a, char *buf, int n)
{
    if (!lb_frac_ok(a))
        snprintf(buf, (size_t)n, "overflow");
    else if (a.den == 1)
        snprintf(buf, (size_t)n, "%lld", a.num);
    else
        snprintf(buf, (size_t)n, "%lld/%lld", a.num, a.den);
    return buf;
}

int lb_frac_parse_decimal(const char *s, size_t len, int places, lb_frac *out)
{
    long long num = 0, den = 1;
    size_t i = 0;
    int digits = 0, after = -1;
    for (; i < len; i++) {
        if (s[i] == '.' && after < 0 && digits > 0) {
            after = 0;
            continue;
        }
        if (s[i] < '0' || s[i] > '9' || digits == 12)
            return LB_INVALID;
        num = num * 10 + (s[i] - '0');
        digits++;
        if (after >= 0) {
            if (++after > places)
                return LB_INVALID;
            den *= 10;
        }
    }
    if (digits == 0 || after == 0)
        return LB_INVALID;
    *out = lb_frac_make(num, den);
    return LB_OK;
}
