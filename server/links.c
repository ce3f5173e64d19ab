/* Secret links: random tokens from the OS, kept as SHA-256 digests beside the store, each naming a game and a role. */
#include <nettle/sha2.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "server_int.h"

#define CACHE_SLOTS 512 /* links looked up lately, by their digest's first byte pair */

typedef struct cached {
    unsigned char digest[DIGEST_BYTES];
    long long game;
    int role;
    int used;
} cached;

struct links {
    sqlite3 *db;
    pthread_mutex_t lock;
    cached cache[CACHE_SLOTS]; /* a link never changes once made: no invalidation */
};

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS web_links ("
    " digest BLOB PRIMARY KEY,"
    " game INTEGER NOT NULL,"
    " role INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS web_games ("
    " game INTEGER PRIMARY KEY,"
    " two_players INTEGER NOT NULL,"
    " ai INTEGER NOT NULL);";

static const char alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

static int fail(struct links *l, lb_err *err, const char *what)
{
    return lb_err_set(err, LB_IO, "links: %s: %s", what, sqlite3_errmsg(l->db));
}

int links_open(const char *db, struct links **out, lb_err *err)
{
    struct links *l = calloc(1, sizeof *l);
    if (!l)
        return lb_err_set(err, LB_NOMEM, "out of memory");
    pthread_mutex_init(&l->lock, NULL);
    int rc = LB_OK;
    if (sqlite3_open_v2(db, &l->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK)
        rc = fail(l, err, db);
    else {
        sqlite3_busy_timeout(l->db, 5000);
        if (sqlite3_exec(l->db, schema, NULL, NULL, NULL) != SQLITE_OK)
            rc = fail(l, err, db);
    }
    if (rc != LB_OK) {
        links_close(l);
        return rc;
    }
    *out = l;
    return LB_OK;
}

void links_close(struct links *l)
{
    if (!l)
        return;
    sqlite3_close(l->db);
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
    digest_of(token, digest);
    pthread_mutex_lock(&l->lock);
    sqlite3_stmt *q;
    int rc = LB_OK;
    if (sqlite3_prepare_v2(l->db, "INSERT INTO web_links (digest, game, role) VALUES (?, ?, ?)",
                           -1, &q, NULL) != SQLITE_OK) {
        rc = fail(l, err, "cannot save a link");
    } else {
        sqlite3_bind_blob(q, 1, digest, DIGEST_BYTES, SQLITE_STATIC);
        sqlite3_bind_int64(q, 2, game);
        sqlite3_bind_int(q, 3, role);
        if (sqlite3_step(q) != SQLITE_DONE)
            rc = fail(l, err, "cannot save a link");
        sqlite3_finalize(q);
    }
    pthread_mutex_unlock(&l->lock);
    return rc;
}

int links_find(struct links *l, const char *token, long long *game, int *role)
{
    unsigned char digest[DIGEST_BYTES];
    if (digest_of(token, digest) != 0)
        return LB_NOT_FOUND;
    cached *c = &l->cache[(digest[0] << 8 | digest[1]) % CACHE_SLOTS];
    pthread_mutex_lock(&l->lock);
    int rc = LB_NOT_FOUND;
    if (c->used && memcmp(c->digest, digest, DIGEST_BYTES) == 0) {
        *game = c->game;
        *role = c->role;
        pthread_mutex_unlock(&l->lock);
        return LB_OK;
    }
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(l->db, "SELECT game, role FROM web_links WHERE digest = ?", -1, &q,
                           NULL) == SQLITE_OK) {
        sqlite3_bind_blob(q, 1, digest, DIGEST_BYTES, SQLITE_STATIC);
        if (sqlite3_step(q) == SQLITE_ROW) {
            *game = c->game = sqlite3_column_int64(q, 0);
            *role = c->role = sqlite3_column_int(q, 1);
            memcpy(c->digest, digest, DIGEST_BYTES);
            c->used = 1;
            rc = LB_OK;
        }
        sqlite3_finalize(q);
    }
    pthread_mutex_unlock(&l->lock);
    return rc;
}

int links_set_game(struct links *l, long long game, int two_players, int ai, lb_err *err)
{
    pthread_mutex_lock(&l->lock);
    sqlite3_stmt *q;
    int rc = LB_OK;
    if (sqlite3_prepare_v2(l->db, "INSERT OR REPLACE INTO web_games (game, two_players, ai) "
                           "VALUES (?, ?, ?)", -1, &q, NULL) != SQLITE_OK) {
        rc = fail(l, err, "cannot save a game's settings");
    } else {
        sqlite3_bind_int64(q, 1, game);
        sqlite3_bind_int(q, 2, two_players);
        sqlite3_bind_int(q, 3, ai);
        if (sqlite3_step(q) != SQLITE_DONE)
            rc = fail(l, err, "cannot save a game's settings");
        sqlite3_finalize(q);
    }
    pthread_mutex_unlock(&l->lock);
    return rc;
}

int links_get_game(struct links *l, long long game, int *two_players, int *ai)
{
    pthread_mutex_lock(&l->lock);
    sqlite3_stmt *q;
    int rc = LB_NOT_FOUND;
    if (sqlite3_prepare_v2(l->db, "SELECT two_players, ai FROM web_games WHERE game = ?", -1, &q,
                           NULL) == SQLITE_OK) {
        sqlite3_bind_int64(q, 1, game);
        if (sqlite3_step(q) == SQLITE_ROW) {
            *two_players = sqlite3_column_int(q, 0);
            *ai = sqlite3_column_int(q, 1);
            rc = LB_OK;
        }
        sqlite3_finalize(q);
    }
    pthread_mutex_unlock(&l->lock);
    return rc;
}
