/* Private to the library: the dice functions its files share, not offered by the API. */
#ifndef LB_DICE_INT_H
#define LB_DICE_INT_H

#include "lb/core.h"
#include "lbi.h"

/* Next 32-bit output. */
LBI uint32_t lb_pcg32_next(lb_pcg32 *rng);

/* Unbiased value in 0..bound-1 (bound >= 1), by rejection. */
LBI uint32_t lb_pcg32_bounded(lb_pcg32 *rng, uint32_t bound);

/* Index 0..35 of a roll 11..66, or -1 when the value is not a roll. */
LBI int lb_roll_index(int roll);

/* The roll of index i, after clamping i to 0..35. */
LBI int lb_roll_from_index(int index);

/* roll + modifier in base-6 steps, clamped to 11..66 (R-DICE-2): 43+4=51, 35+3=42, 43-6=33. */
LBI int lb_roll_add(int roll, int modifier);

/* Moves seeded or keyed dice past one draw of kind, as lb_dice_d6 or lb_dice_roll would take it,
 * logging nothing (a game's dice kept past the rolls its journal holds); scripted dice take
 * their next entry. */
LBI void lb_dice_skip(lb_dice *dice, lb_die_kind kind);

/* True when value is a roll (both digits 1..6). */
LBI int lb_roll_valid(int value);

/* One die 1..6 into *out: LB_OK, or LB_DICE when a script is exhausted or its next entry is a
 * two-dice roll (the script position is then unchanged). */
LBI int lb_dice_d6(lb_dice *dice, const char *purpose, int *out);

/* A two-dice roll 11..66 into *out: LB_OK, or LB_DICE when a script is exhausted or its next
 * entry is a single die. */
LBI int lb_dice_roll(lb_dice *dice, const char *purpose, int *out);

#endif
