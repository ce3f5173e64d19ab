/* Fair dice (R-DICE-3, docs/api.md "Fair dice"): a secret from the system, its SHA-256 commitment, and the k-th draw as HMAC-SHA256 of the secret over k read by rejection. */
#include <nettle/base16.h>
#include <nettle/hmac.h>
#include <nettle/sha2.h>
#include <string.h>
#include <sys/random.h>

#include "lb/core.h"
#include "game_dice_int.h"

enum {
    KEPT_BYTES = 252, /* 7 x 36 = 42 x 6: every value of a die or a roll has as many bytes */
    ROLL_VALUES = 36,
    DIE_VALUES = 6
};

int lb_dice_secret_new(unsigned char secret[LB_DICE_SECRET_BYTES])
{
    unsigned char fresh[LB_DICE_SECRET_BYTES];
    size_t got = 0;
    while (got < sizeof fresh) {
        ssize_t n = getrandom(fresh + got, sizeof fresh - got, 0);
        if (n <= 0)
            return LB_IO;
        got += (size_t)n;
    }
    memcpy(secret, fresh, sizeof fresh);
    return LB_OK;
}

/* bytes as lower-case hexadecimal (nettle's base16), NUL-terminated: 2n + 1 bytes of hex. */
static void hex_of(const unsigned char *bytes, size_t n, char *hex)
{
    base16_encode_update(hex, n, bytes);
    hex[BASE16_ENCODE_LENGTH(n)] = '\0';
}

void lb_dice_commitment(const unsigned char secret[LB_DICE_SECRET_BYTES],
                        char hex[LB_DICE_HEX_MAX])
{
    struct sha256_ctx ctx;
    unsigned char digest[SHA256_DIGEST_SIZE];
    sha256_init(&ctx);
    sha256_update(&ctx, LB_DICE_SECRET_BYTES, secret);
    sha256_digest(&ctx, sizeof digest, digest);
    hex_of(digest, sizeof digest, hex);
}

void lb_dice_secret_hex(const unsigned char secret[LB_DICE_SECRET_BYTES],
                        char hex[LB_DICE_HEX_MAX])
{
    hex_of(secret, LB_DICE_SECRET_BYTES, hex);
}

int lb_dice_secret_parse(const char *text, unsigned char secret[LB_DICE_SECRET_BYTES])
{
    unsigned char bytes[LB_DICE_SECRET_BYTES];
    if (!text || strlen(text) != BASE16_ENCODE_LENGTH(LB_DICE_SECRET_BYTES))
        return LB_INVALID;
    /* nettle skips white space: a text with any decodes to fewer bytes, and is refused */
    struct base16_decode_ctx ctx;
    size_t n = sizeof bytes;
    base16_decode_init(&ctx);
    if (!base16_decode_update(&ctx, &n, bytes, strlen(text), text) ||
        !base16_decode_final(&ctx) || n != sizeof bytes)
        return LB_INVALID;
    memcpy(secret, bytes, sizeof bytes);
    return LB_OK;
}

int lb_dice_from_bytes(const unsigned char *bytes, size_t n, lb_die_kind kind)
{
    for (size_t i = 0; i < n; i++) {
        if (bytes[i] >= KEPT_BYTES)
            continue;
        if (kind == LB_DIE_ONE)
            return bytes[i] % DIE_VALUES + 1;
        int index = bytes[i] % ROLL_VALUES; /* R-DICE-2: tens 1 + index / 6, units 1 + index % 6 */
        return 10 * (index / DIE_VALUES + 1) + index % DIE_VALUES + 1;
    }
    return 0;
}

static void put_be(unsigned char *out, uint64_t v, int bytes)
{
    for (int i = bytes - 1; i >= 0; i--, v >>= 8)
        out[i] = (unsigned char)(v & 0xff);
}

void lb_dice_block(const unsigned char secret[LB_DICE_SECRET_BYTES], uint64_t k, uint32_t j,
                   unsigned char digest[SHA256_DIGEST_SIZE])
{
    unsigned char message[12];
    put_be(message, k, 8);
    put_be(message + 8, j, 4);
    struct hmac_sha256_ctx ctx;
    hmac_sha256_set_key(&ctx, LB_DICE_SECRET_BYTES, secret);
    hmac_sha256_update(&ctx, j ? 12 : 8, message);
    hmac_sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);
}

int lb_dice_derive(const unsigned char secret[LB_DICE_SECRET_BYTES], uint64_t k,
                   lb_die_kind kind)
{
    for (uint32_t j = 0;; j++) {
        unsigned char digest[SHA256_DIGEST_SIZE];
        lb_dice_block(secret, k, j, digest);
        int value = lb_dice_from_bytes(digest, sizeof digest, kind);
        if (value)
            return value;
    }
}

/* R-DICE-3: fair dice, the draws of a secret key */
void lb_dice_init_keyed(lb_dice *dice, const unsigned char secret[LB_DICE_SECRET_BYTES],
                        uint64_t first)
{
    memset(dice, 0, sizeof *dice);
    dice->keyed = lb_dice_derive;
    memcpy(dice->key, secret, sizeof dice->key);
    dice->draw = first;
}
