/* Exact fractions in lowest terms. */
#include <stdio.h>

#include "lb/frac.h"

static long long gcd(long long a, long long b)
{
    if (a < 0)
        a = -a;
    if (b < 0)
        b = -b;
    while (b) {
        long long r = a % b;
        a = b;
        b = r;
    }
    return a;
}

lb_frac lb_frac_make(long long n, long long d)
{
    if (d < 0) {
        n = -n;
        d = -d;
    }
    long long g = gcd(n, d);
    if (g > 1) {
        n /= g;
        d /= g;
    }
    return (lb_frac){n, d};
}

lb_frac lb_frac_int(long long n)
{
    return (lb_frac){n, 1};
}

lb_frac lb_frac_add(lb_frac a, lb_frac b)
{
    long long g = gcd(a.den, b.den);
    return lb_frac_make(a.num * (b.den / g) + b.num * (a.den / g), a.den / g * b.den);
}

lb_frac lb_frac_sub(lb_frac a, lb_frac b)
{
    return lb_frac_add(a, (lb_frac){-b.num, b.den});
}

lb_frac lb_frac_mul(lb_frac a, lb_frac b)
{
    long long g1 = gcd(a.num, b.den), g2 = gcd(b.num, a.den);
    if (!g1)
        g1 = 1;
    if (!g2)
        g2 = 1;
    return lb_frac_make((a.num / g1) * (b.num / g2), (a.den / g2) * (b.den / g1));
}

lb_frac lb_frac_div(lb_frac a, lb_frac b)
{
    return lb_frac_mul(a, lb_frac_make(b.den, b.num));
}

int lb_frac_cmp(lb_frac a, lb_frac b)
{
    __int128 l = (__int128)a.num * b.den, r = (__int128)b.num * a.den;
    return (l > r) - (l < r);
}

long long lb_frac_floor(lb_frac a)
{
    long long q = a.num / a.den;
    return (a.num % a.den != 0 && a.num < 0) ? q - 1 : q;
}

double lb_frac_double(lb_frac a)
{
    return (double)a.num / (double)a.den;
}

char *lb_frac_fmt(lb_frac a, char *buf, int n)
{
    if (a.den == 1)
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
            return -1;
        num = num * 10 + (s[i] - '0');
        digits++;
        if (after >= 0) {
            if (++after > places)
                return -1;
            den *= 10;
        }
    }
    if (digits == 0 || after == 0)
        return -1;
    *out = lb_frac_make(num, den);
    return 0;
}
