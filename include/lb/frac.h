/* Exact fractions: fire and melee values, halves, thirds and quarters, probabilities (R-MOR-9, R-DICE-4). */
#ifndef LB_FRAC_H
#define LB_FRAC_H

#include <stddef.h>

/* A fraction num/den, den > 0, always in lowest terms. Values here stay small (chart values
 * times a few multipliers, or probabilities over 36^k outcomes), well inside 64 bits. */
typedef struct lb_frac {
    long long num;
    long long den;
} lb_frac;

/* n/d in lowest terms (d != 0). */
lb_frac lb_frac_make(long long n, long long d);
/* The integer n. */
lb_frac lb_frac_int(long long n);
lb_frac lb_frac_add(lb_frac a, lb_frac b);
lb_frac lb_frac_sub(lb_frac a, lb_frac b);
lb_frac lb_frac_mul(lb_frac a, lb_frac b);
/* a / b (b != 0). */
lb_frac lb_frac_div(lb_frac a, lb_frac b);
/* -1, 0 or 1 as a <, ==, > b. */
int lb_frac_cmp(lb_frac a, lb_frac b);
/* Largest integer <= a. */
long long lb_frac_floor(lb_frac a);
/* The value as a double, for display only. */
double lb_frac_double(lb_frac a);
/* "24", "15/2"; returns buf. */
char *lb_frac_fmt(lb_frac a, char *buf, int n);
/* The exact value of the len characters at s written as a plain decimal, digits with at most
 * one point and at most `places` digits after it ("1.5" is 3/2); 0, or -1 when they are not
 * such a decimal (a sign, an exponent, more places, more than 12 digits). */
int lb_frac_parse_decimal(const char *s, size_t len, int places, lb_frac *out);

#endif
