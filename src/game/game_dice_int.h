/* Private to the library: the game_dice functions its files share, not offered by the API. */
#ifndef LB_GAME_DICE_INT_H
#define LB_GAME_DICE_INT_H

#include "lb/core.h"
#include "lbi.h"

/* A new secret of LB_DICE_SECRET_BYTES from the operating system (getrandom): LB_OK, or LB_IO
 * when the system gives none. */
LBI int lb_dice_secret_new(unsigned char secret[LB_DICE_SECRET_BYTES]);

/* The commitment to a secret: SHA-256 of its bytes, as 64 lower-case hex digits. */
LBI void lb_dice_commitment(const unsigned char secret[LB_DICE_SECRET_BYTES],
                            char hex[LB_DICE_HEX_MAX]);

/* A secret as 64 lower-case hex digits, and back: LB_OK, or LB_INVALID (secret untouched) when
 * text is not 64 hex digits. */
LBI void lb_dice_secret_hex(const unsigned char secret[LB_DICE_SECRET_BYTES],
                            char hex[LB_DICE_HEX_MAX]);
LBI int lb_dice_secret_parse(const char *text, unsigned char secret[LB_DICE_SECRET_BYTES]);

/* The value that n bytes give by rejection: the first byte below 252 (= 7 x 36), as byte % 6 + 1
 * for one die or, for a roll, the roll of index byte % 36 (R-DICE-2); 0 when every byte is 252 or
 * more. Each of the 6 (36) values has exactly 42 (7) of the 252 bytes kept. */
LBI int lb_dice_from_bytes(const unsigned char *bytes, size_t n, lb_die_kind kind);

/* Block j of draw k into digest (32 bytes): HMAC-SHA256(secret, k as 8 bytes big-endian) for
 * j = 0, HMAC-SHA256(secret, k as 8 bytes then j as 4 bytes, big-endian) for j >= 1. */
LBI void lb_dice_block(const unsigned char secret[LB_DICE_SECRET_BYTES], uint64_t k, uint32_t j,
                       unsigned char digest[32]);

/* The k-th draw (from 0) of a game keyed by secret: block 0 of k read by lb_dice_from_bytes;
 * when its 32 bytes all fail (chance 2^-192), block 1, then 2, and so on. */
LBI int lb_dice_derive(const unsigned char secret[LB_DICE_SECRET_BYTES], uint64_t k,
                       lb_die_kind kind);

/* Keyed dice: the draws of secret from the first-th on (R-DICE-3). */
LBI void lb_dice_init_keyed(lb_dice *dice, const unsigned char secret[LB_DICE_SECRET_BYTES],
                            uint64_t first);

#endif
