/* Which leader of a stack takes a leader casualty (private): L7-9, 33.12, R-FIRE-15, R-MEL-16, rolled on dice with exact odds. */
#ifndef LB_CASUALTY_INT_H
#define LB_CASUALTY_INT_H

#include "lb/core.h"
#include "lbi.h"

/* A roll for the victim: two (1: two dice read as 11-66, 0: one die) into *value, from 0 (the
 * index of the roll, lb_roll_index, or the die less 1); non-zero stops. */
typedef int (*lbi_victim_roll)(void *ctx, int two, int *value);

/* R-CAS-1: the one leader of n (0..n-1) who takes the casualty. With `used` (the leader whose
 * bonus modified the roll, -1: none) he takes it on a die of 1-3, and a die of 4-6 picks one of
 * the others; otherwise one of the n at random. A pick among m leaders rolls one die when m <= 6,
 * else two dice (as many pairs as m needs), rolls again a value past the largest multiple of m,
 * and cuts the values kept into m equal runs in order (one die, two leaders: 1-3 and 4-6), so
 * that each is as likely; one leader takes it without a roll. *victim; 0, or what roll
 * returned. */
LBI int lbi_casualty_victim(int n, int used, lbi_victim_roll roll, void *ctx, int *victim);
/* R-CAS-1: the chance that leader i of n is the one (used as above). */
LBI lb_frac lbi_casualty_share(int n, int used, int i);

#endif
