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
/* Next 32-bit output. */
uint32_t lb_pcg32_next(lb_pcg32 *rng);
/* Unbiased value in 0..bound-1 (bound >= 1), by rejection. */
uint32_t lb_pcg32_bounded(lb_pcg32 *rng, uint32_t bound);

/* Index 0..35 of a roll 11..66, or -1 when the value is not a roll. */
int lb_roll_index(int roll);
/* The roll of index i, after clamping i to 0..35. */
int lb_roll_from_index(int index);
/* roll + modifier in base-6 steps, clamped to 11..66 (R-DICE-2): 43+4=51, 35+3=42, 43-6=33. */
int lb_roll_add(int roll, int modifier);
/* True when value is a roll (both digits 1..6). */
int lb_roll_valid(int value);

/* ---- keyed dice (R-DICE-3, docs/api.md "Fair dice") -------------------------------------- */

#define LB_DICE_SECRET_BYTES 32
#define LB_DICE_HEX_MAX (2 * LB_DICE_SECRET_BYTES + 1) /* a secret or a commitment as hex, NUL */

typedef enum lb_die_kind { LB_DIE_ONE = 1, LB_DIE_TWO = 2 } lb_die_kind;

/* A new secret of LB_DICE_SECRET_BYTES from the operating system (getrandom): LB_OK, or LB_IO
 * when the system gives none. */
int lb_dice_secret_new(unsigned char secret[LB_DICE_SECRET_BYTES]);
/* The commitment to a secret: SHA-256 of its bytes, as 64 lower-case hex digits. */
void lb_dice_commitment(const unsigned char secret[LB_DICE_SECRET_BYTES],
                        char hex[LB_DICE_HEX_MAX]);
/* A secret as 64 lower-case hex digits, and back: LB_OK, or LB_INVALID (secret untouched) when
 * text is not 64 hex digits. */
void lb_dice_secret_hex(const unsigned char secret[LB_DICE_SECRET_BYTES],
                        char hex[LB_DICE_HEX_MAX]);
int lb_dice_secret_parse(const char *text, unsigned char secret[LB_DICE_SECRET_BYTES]);
/* The value that n bytes give by rejection: the first byte below 252 (= 7 x 36), as byte % 6 + 1
 * for one die or, for a roll, the roll of index byte % 36 (R-DICE-2); 0 when every byte is 252 or
 * more. Each of the 6 (36) values has exactly 42 (7) of the 252 bytes kept. */
int lb_dice_from_bytes(const unsigned char *bytes, size_t n, lb_die_kind kind);
/* Block j of draw k into digest (32 bytes): HMAC-SHA256(secret, k as 8 bytes big-endian) for
 * j = 0, HMAC-SHA256(secret, k as 8 bytes then j as 4 bytes, big-endian) for j >= 1. */
void lb_dice_block(const unsigned char secret[LB_DICE_SECRET_BYTES], uint64_t k, uint32_t j,
                   unsigned char digest[32]);
/* The k-th draw (from 0) of a game keyed by secret: block 0 of k read by lb_dice_from_bytes;
 * when its 32 bytes all fail (chance 2^-192), block 1, then 2, and so on. */
int lb_dice_derive(const unsigned char secret[LB_DICE_SECRET_BYTES], uint64_t k,
                   lb_die_kind kind);

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
/* Keyed dice: the draws of secret from the first-th on (R-DICE-3). */
void lb_dice_init_keyed(lb_dice *dice, const unsigned char secret[LB_DICE_SECRET_BYTES],
                        uint64_t first);
/* Scripted dice from a list such as "34,5,62": two digits are a two-dice roll, one digit a single
 * die. LB_OK, or LB_INVALID (dice left untouched) when an entry is neither or there are more than
 * LB_DICE_SCRIPT_MAX; *bad_pos gets the 0-based character offset of the bad entry when not
 * NULL. */
int lb_dice_init_script(lb_dice *dice, const char *list, int *bad_pos);
/* One die 1..6 into *out: LB_OK, or LB_DICE when a script is exhausted or its next entry is a
 * two-dice roll (the script position is then unchanged). */
int lb_dice_d6(lb_dice *dice, const char *purpose, int *out);
/* A two-dice roll 11..66 into *out: LB_OK, or LB_DICE when a script is exhausted or its next
 * entry is a single die. */
int lb_dice_roll(lb_dice *dice, const char *purpose, int *out);
/* Moves seeded or keyed dice past one draw of kind, as lb_dice_d6 or lb_dice_roll would take it,
 * logging nothing (a game's dice kept past the rolls its journal holds); scripted dice take
 * their next entry. */
void lb_dice_skip(lb_dice *dice, lb_die_kind kind);

#endif
