/* Exact fractions: fire and melee values, halves, thirds and quarters, probabilities (R-MOR-9, R-DICE-4). */
#ifndef LB_FRAC_H
#define LB_FRAC_H

#include <stddef.h>

#include "err.h"

/*
 * A fraction num/den, den > 0, always in lowest terms, in 64-bit integers. Chart values times a
 * few multipliers stay far inside them; probabilities over many rolls (36^k outcomes) may not.
 * An operation whose exact result does not fit gives the invalid fraction (den 0), and every
 * operation on an invalid fraction gives it again: test the result with lb_frac_ok rather than
 * trusting a value that silently wrapped. Overflow is detected portably (compiler builtins where
 * the compiler has them, explicit bounds otherwise); nothing is undefined behaviour.
 */
typedef struct lb_frac {
    long long num;
    long long den;
} lb_frac;

/* n/d in lowest terms; invalid when d == 0 or the result does not fit. */
lb_frac lb_frac_make(long long n, long long d);
/* The integer n. */
lb_frac lb_frac_int(long long n);
/* The invalid fraction (den 0). */
lb_frac lb_frac_invalid(void);
/* 1 when a is a fraction, 0 when it is the invalid one (an overflow somewhere before). */
int lb_frac_ok(lb_frac a);
/* a + b, a - b, a * b in lowest terms; invalid when either is or the result does not fit. */
lb_frac lb_frac_add(lb_frac a, lb_frac b);
lb_frac lb_frac_sub(lb_frac a, lb_frac b);
lb_frac lb_frac_mul(lb_frac a, lb_frac b);
/* a / b; invalid when b is 0. */
lb_frac lb_frac_div(lb_frac a, lb_frac b);
/* -1, 0 or 1 as a <, ==, > b, exactly; the invalid fraction sorts below every valid one. */
int lb_frac_cmp(lb_frac a, lb_frac b);
/* Largest integer <= a (a valid). */
long long lb_frac_floor(lb_frac a);
/* The value as a double, for display only (NaN when invalid). */
double lb_frac_double(lb_frac a);
/* "24", "15/2", or "overflow" when invalid; returns buf. */
char *lb_frac_fmt(lb_frac a, char *buf, int n);
/* The exact value of the len characters at s written as a plain decimal, digits with at most
 * one point and at most `places` digits after it ("1.5" is 3/2); LB_OK, or LB_INVALID when they are not
 * such a decimal (a sign, an exponent, more places, more than 12 digits). */
int lb_frac_parse_decimal(const char *s, size_t len, int places, lb_frac *out);

#endif
