/* Dice: a seeded PCG32 generator, keyed dice from a secret (fair dice), unbiased d6, two-dice rolls 11-66 with base-6 arithmetic, scripted dice. */
#ifndef LB_DICE_H
#define LB_DICE_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"

/*
 * A "roll" is two dice read tens then units: 11..66, 36 equally likely values (R-DICE-1).
 * Arithmetic on a roll works on its index i = 6(t-1) + (u-1), clamped to 0..35 (R-DICE-2).
 * Every die comes from a seeded PCG32 generator owned by the caller, from a secret key (keyed
 * dice: the k-th draw is a pure function of the key, k and its kind, docs/api.md "Fair dice"),
 * or from a script (R-DICE-3); each roll taken is logged with its purpose. No globals: the
 * caller owns lb_dice.
 */

/* PCG32 (XSH RR 64/32), the reference generator of pcg-random.org. */
typedef struct lb_pcg32 {
    uint64_t state;
    uint64_t inc;
} lb_pcg32;

/* Seeds as the reference pcg32_srandom_r(initstate, initseq). */
void lb_pcg32_seed(lb_pcg32 *rng, uint64_t initstate, uint64_t initseq);

/* ---- keyed dice (R-DICE-3, docs/api.md "Fair dice") -------------------------------------- */

#define LB_DICE_SECRET_BYTES 32
#define LB_DICE_HEX_MAX (2 * LB_DICE_SECRET_BYTES + 1) /* a secret or a commitment as hex, NUL */

typedef enum lb_die_kind { LB_DIE_ONE = 1, LB_DIE_TWO = 2 } lb_die_kind;


/* ---- a source of dice ------------------------------------------------------------------- */

#define LB_DICE_LOG_MAX 256
#define LB_DICE_SCRIPT_MAX 256

/* One logged roll: one die (1..6) or a two-dice roll (11..66), with its purpose. */
typedef struct lb_roll_record {
    lb_die_kind kind;
    int value;
    const char *purpose; /* a string literal of the caller */
} lb_roll_record;

typedef struct lb_dice {
    int scripted;                     /* 1: take values from script[], 0: from rng or the key */
    /* keyed dice: lb_dice_derive, the k-th draw of key (set by lb_dice_init_keyed, which alone
     * links the hashing library); NULL for seeded or scripted dice */
    int (*keyed)(const unsigned char key[LB_DICE_SECRET_BYTES], uint64_t k, lb_die_kind kind);
    lb_pcg32 rng;
    unsigned char key[LB_DICE_SECRET_BYTES];
    uint64_t draw;                    /* keyed: k of the next draw */
    int script[LB_DICE_SCRIPT_MAX];   /* scripted values: 1..6 single die, 11..66 two dice */
    int script_len;
    int script_pos;
    lb_roll_record log[LB_DICE_LOG_MAX];
    int log_len;                      /* rolls taken; the log keeps the first LB_DICE_LOG_MAX */
} lb_dice;

/* Dice from a seed (PCG32 with initstate = seed, initseq = 54). */
void lb_dice_init_seed(lb_dice *dice, uint64_t seed);
/* Scripted dice from a list such as "34,5,62": two digits are a two-dice roll, one digit a single
 * die. LB_OK, or LB_INVALID (dice left untouched) when an entry is neither or there are more than
 * LB_DICE_SCRIPT_MAX; *bad_pos gets the 0-based character offset of the bad entry when not
 * NULL. */
int lb_dice_init_script(lb_dice *dice, const char *list, int *bad_pos);

#endif
