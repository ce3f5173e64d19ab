/* Private to the library: the frac functions its files share, not offered by the API. */
#ifndef LB_FRAC_INT_H
#define LB_FRAC_INT_H

#include "lb/core.h"
#include "lbi.h"

/* The integer n. */
LBI lb_frac lb_frac_int(long long n);

/* The invalid fraction (den 0). */
LBI lb_frac lb_frac_invalid(void);

/* a + b, a - b, a * b in lowest terms; invalid when either is or the result does not fit. */
LBI lb_frac lb_frac_add(lb_frac a, lb_frac b);
LBI lb_frac lb_frac_sub(lb_frac a, lb_frac b);
LBI lb_frac lb_frac_mul(lb_frac a, lb_frac b);

/* a / b; invalid when b is 0. */
LBI lb_frac lb_frac_div(lb_frac a, lb_frac b);

/* -1, 0 or 1 as a <, ==, > b, exactly; the invalid fraction sorts below every valid one. */
LBI int lb_frac_cmp(lb_frac a, lb_frac b);

/* Largest integer <= a (a valid). */
LBI long long lb_frac_floor(lb_frac a);

/* The exact value of the len characters at s written as a plain decimal, digits with at most
 * one point and at most `places` digits after it ("1.5" is 3/2); LB_OK, or LB_INVALID when they are not
 * such a decimal (a sign, an exponent, more places, more than 12 digits). */
LBI int lb_frac_parse_decimal(const char *s, size_t len, int places, lb_frac *out);

/* The library's own, not offered by the API (declared in include/lb/frac.h before). */

/* 1 when a is a fraction, 0 when it is the invalid one (an overflow somewhere before). */
LBI int lb_frac_ok(lb_frac a);

/* The library's own, not offered by the API (declared in include/lb/frac.h before). */

/* The value as a double, for display only (NaN when invalid). */
LBI double lb_frac_double(lb_frac a);
/* "24", "15/2", or "overflow" when invalid; returns buf. */
LBI char *lb_frac_fmt(lb_frac a, char *buf, int n);

#endif
