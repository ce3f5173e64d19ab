/* Secret links: random tokens from the OS, kept in the store as SHA-256 digests, each naming a game and a role; and how each game is hosted. */
#include <jansson.h>
#include <nettle/sha2.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "server_int.h"

#define CACHE_SLOTS 512 /* links looked up lately, by their digest's first byte pair */
#define DIGEST_HEX (2 * DIGEST_BYTES + 1) /* a digest as the store keeps it: hex digits */

typedef struct cached {
    unsigned char digest[DIGEST_BYTES];
    long long game;
    int role;
    int used;
} cached;

/* The links and hosting live in the server's store (lb_store_link_*, lb_store_hosting_*), so
 * that any server process on the same store answers any link (R-GAME-16). */
struct links {
    lb_store *store;             /* the server's, used under store_lock */
    pthread_mutex_t *store_lock;
    pthread_mutex_t lock;        /* the cache's */
    cached cache[CACHE_SLOTS];   /* a link never changes once made: no invalidation */
};

static const char alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

int links_open(lb_store *store, pthread_mutex_t *store_lock, struct links **out, lb_err *err)
{
    struct links *l = calloc(1, sizeof *l);
    if (!l)
        return lb_err_set(err, LB_NOMEM, "out of memory");
    l->store = store;
    l->store_lock = store_lock;
    pthread_mutex_init(&l->lock, NULL);
    *out = l;
    return LB_OK;
}

void links_close(struct links *l)
{
    if (!l)
        return;
    pthread_mutex_destroy(&l->lock);
    free(l);
}

/* The token's digest; -1 when it is not TOKEN_CHARS characters of the alphabet. */
static int digest_of(const char *token, unsigned char digest[DIGEST_BYTES])
{
    size_t n = strspn(token, alphabet);
    if (n != TOKEN_CHARS || token[n])
        return -1;
    struct sha256_ctx ctx;
    sha256_init(&ctx);
    sha256_update(&ctx, TOKEN_CHARS, (const uint8_t *)token);
    sha256_digest(&ctx, DIGEST_BYTES, digest);
    return 0;
}

/* A digest as the store keeps it: hex digits. */
static void hex_of(const unsigned char digest[DIGEST_BYTES], char hex[DIGEST_HEX])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < DIGEST_BYTES; i++) {
        hex[2 * i] = digits[digest[i] >> 4];
        hex[2 * i + 1] = digits[digest[i] & 15];
    }
    hex[2 * DIGEST_BYTES] = '\0';
}

/* Are two digests the same? In a time that does not depend on where they differ. */
static int same_digest(const unsigned char *a, const unsigned char *b)
{
    unsigned char diff = 0;
    for (int i = 0; i < DIGEST_BYTES; i++)
        diff |= a[i] ^ b[i];
    return diff == 0;
}

int links_make(struct links *l, long long game, int role, char *token, lb_err *err)
{
    unsigned char bytes[TOKEN_BYTES];
    size_t got = 0;
    while (got < sizeof bytes) {
        ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
        if (n < 0)
            return lb_err_set(err, LB_IO, "links: no random bytes from the system");
        got += (size_t)n;
    }
    /* 24 bytes are 32 characters of 6 bits */
    for (int i = 0, k = 0; i < TOKEN_BYTES; i += 3) {
        unsigned v = (unsigned)bytes[i] << 16 | (unsigned)bytes[i + 1] << 8 | bytes[i + 2];
        for (int j = 3; j >= 0; j--)
            token[k++] = alphabet[(v >> (6 * j)) & 63];
    }
    token[TOKEN_CHARS] = '\0';
    unsigned char digest[DIGEST_BYTES];
    char hex[DIGEST_HEX];
    digest_of(token, digest);
    hex_of(digest, hex);
    pthread_mutex_lock(l->store_lock);
    int rc = lb_store_link_add(l->store, hex, game, role, err);
    pthread_mutex_unlock(l->store_lock);
    return rc;
}

int links_find(struct links *l, const char *token, long long *game, int *role)
{
    unsigned char digest[DIGEST_BYTES];
    char hex[DIGEST_HEX];
    if (digest_of(token, digest) != 0)
        return LB_NOT_FOUND;
    cached *c = &l->cache[(digest[0] << 8 | digest[1]) % CACHE_SLOTS];
    pthread_mutex_lock(&l->lock);
    if (c->used && same_digest(c->digest, digest)) {
        *game = c->game;
        *role = c->role;
        pthread_mutex_unlock(&l->lock);
        return LB_OK;
    }
    pthread_mutex_unlock(&l->lock);
    lb_err err;
    hex_of(digest, hex);
    pthread_mutex_lock(l->store_lock);
    int rc = lb_store_link_find(l->store, hex, game, role, &err);
    pthread_mutex_unlock(l->store_lock);
    if (rc == LB_OK) {
        pthread_mutex_lock(&l->lock);
        memcpy(c->digest, digest, DIGEST_BYTES);
        c->game = *game;
        c->role = *role;
        c->used = 1;
        pthread_mutex_unlock(&l->lock);
    }
    return rc;
}

/* Keeps j (taken) as the game's hosting: LB_OK or the store's error. */
static int hosting_put(struct links *l, long long game, json_t *j, lb_err *err)
{
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    if (!text)
        return lb_err_set(err, LB_NOMEM, "out of memory");
    pthread_mutex_lock(l->store_lock);
    int rc = lb_store_hosting_set(l->store, game, text, err);
    pthread_mutex_unlock(l->store_lock);
    free(text);
    return rc;
}

int links_set_game(struct links *l, long long game, int two_players, int ai, int level,
                   lb_err *err)
{
    json_t *j = json_pack("{s:b,s:i}", "two_players", two_players, "ai", ai);
    /* the computer's level; a hosting without one (the random player) reads as before */
    if (j && level >= 0)
        json_object_set_new(j, "level", json_integer(level));
    return hosting_put(l, game, j, err);
}

/* The game's hosting JSON (a new object when the store has none readable); NULL with err. */
static json_t *hosting_of(struct links *l, long long game, lb_err *err)
{
    char *text = NULL;
    pthread_mutex_lock(l->store_lock);
    int rc = lb_store_hosting_get(l->store, game, &text, err);
    pthread_mutex_unlock(l->store_lock);
    json_t *j = rc == LB_OK ? json_loads(text, 0, NULL) : NULL;
    free(text);
    if (rc == LB_OK && !json_is_object(j)) {
        json_decref(j);
        j = json_object();
    }
    return j;
}

int links_get_rematch(struct links *l, long long game, long long *rematch, unsigned *taken)
{
    lb_err err = {0};
    json_t *j = hosting_of(l, game, &err);
    if (!j)
        return err.code ? err.code : LB_NOMEM;
    json_t *r = json_object_get(j, "rematch"), *t = json_object_get(j, "rematch_taken");
    *rematch = json_is_integer(r) ? json_integer_value(r) : 0;
    *taken = json_is_integer(t) ? (unsigned)json_integer_value(t) : 0;
    json_decref(j);
    return LB_OK;
}

int links_set_rematch(struct links *l, long long game, long long rematch, unsigned taken,
                      lb_err *err)
{
    json_t *j = hosting_of(l, game, err);
    if (!j)
        return err->code ? err->code : lb_err_set(err, LB_NOMEM, "out of memory");
    json_object_set_new(j, "rematch", json_integer(rematch));
    json_object_set_new(j, "rematch_taken", json_integer(taken));
    return hosting_put(l, game, j, err);
}

int links_get_game(struct links *l, long long game, int *two_players, int *ai, int *level)
{
    char *text = NULL;
    lb_err err;
    pthread_mutex_lock(l->store_lock);
    int rc = lb_store_hosting_get(l->store, game, &text, &err);
    pthread_mutex_unlock(l->store_lock);
    if (rc != LB_OK)
        return rc;
    json_t *j = json_loads(text, 0, NULL);
    free(text);
    json_t *tp = json_object_get(j, "two_players"), *a = json_object_get(j, "ai");
    rc = json_is_boolean(tp) && json_is_integer(a) ? LB_OK : LB_NOT_FOUND;
    if (rc == LB_OK) {
        *two_players = json_is_true(tp);
        *ai = (int)json_integer_value(a);
        json_t *lv = json_object_get(j, "level");
        *level = json_is_integer(lv) ? (int)json_integer_value(lv) : -1;
    }
    json_decref(j);
    return rc;
}

int links_get_webhook(struct links *l, long long game, int side, char **url)
{
    lb_err err = {0};
    *url = NULL;
    json_t *j = hosting_of(l, game, &err);
    if (!j)
        return err.code ? err.code : LB_NOMEM;
    const char *u = json_string_value(json_array_get(json_object_get(j, "webhooks"),
                                                     (size_t)side));
    int rc = LB_OK;
    if (u && !(*url = strdup(u)))
        rc = LB_NOMEM;
    json_decref(j);
    return rc;
}

int links_set_webhook(struct links *l, long long game, int side, const char *url, lb_err *err)
{
    json_t *j = hosting_of(l, game, err);
    if (!j)
        return err->code ? err->code : lb_err_set(err, LB_NOMEM, "out of memory");
    json_t *hooks = json_object_get(j, "webhooks");
    if (!json_is_array(hooks) || json_array_size(hooks) != 2) {
        hooks = json_pack("[nn]");
        json_object_set_new(j, "webhooks", hooks);
    }
    json_array_set_new(hooks, (size_t)side, url ? json_string(url) : json_null());
    return hosting_put(l, game, j, err);
}

int links_get_hints(struct links *l, long long game, int allow[2])
{
    lb_err err = {0};
    json_t *j = hosting_of(l, game, &err);
    if (!j)
        return err.code ? err.code : LB_NOMEM;
    json_t *a = json_object_get(j, "hints_allowed");
    for (int side = 0; side < 2; side++)
        allow[side] = json_is_true(json_array_get(a, (size_t)side));
    json_decref(j);
    return LB_OK;
}

int links_set_hints(struct links *l, long long game, int side, int allow, lb_err *err)
{
    json_t *j = hosting_of(l, game, err);
    if (!j)
        return err->code ? err->code : lb_err_set(err, LB_NOMEM, "out of memory");
    json_t *a = json_object_get(j, "hints_allowed");
    if (!json_is_array(a) || json_array_size(a) != 2) {
        a = json_pack("[bb]", 0, 0);
        json_object_set_new(j, "hints_allowed", a);
    }
    for (int k = 0; k < 2; k++)
        if (side == LB_ROLE_BOTH || side == k)
            json_array_set_new(a, (size_t)k, json_boolean(allow));
    return hosting_put(l, game, j, err);
}

int links_note_hint(struct links *l, long long game, int side, int seq, lb_err *err)
{
    json_t *j = hosting_of(l, game, err);
    if (!j)
        return err->code ? err->code : lb_err_set(err, LB_NOMEM, "out of memory");
    json_t *asked = json_object_get(j, "hints");
    if (!json_is_array(asked)) {
        asked = json_array();
        json_object_set_new(j, "hints", asked);
    }
    json_array_append_new(asked, json_pack("{s:i,s:i}", "side", side, "seq", seq));
    return hosting_put(l, game, j, err);
}

json_t *links_hints_asked(struct links *l, long long game)
{
    lb_err err = {0};
    json_t *j = hosting_of(l, game, &err);
    json_t *asked = j ? json_object_get(j, "hints") : NULL;
    json_t *out = json_is_array(asked) ? json_incref(asked) : json_array();
    json_decref(j);
    return out;
}
