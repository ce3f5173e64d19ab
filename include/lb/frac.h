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

#endif
