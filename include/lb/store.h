/* Saved games: a store holds many games as scenario, settings and journal; each append is one numbered transaction. */
#ifndef LB_STORE_H
#define LB_STORE_H

#include <stdint.h>

#include "rules.h"
#include "core.h"
#include "game.h"

/*
 * A store keeps journals, never states (architecture.md): a game is its scenario text, its
 * settings (JSON), the secret of its dice (secret dice, R-DICE-3: kept apart from the settings,
 * which never hold it) and its journal rows, numbered from 0. Appending rows at number `seq` is one
 * transaction that succeeds only when the game holds exactly `seq` rows, so two writers racing
 * for the same number cannot both win: the loser gets LB_CONFLICT and nothing changes (R-GAME-16).
 * Each row may carry the state hash after it; the last row of an answer does. Beside the games,
 * a store keeps what a server needs to share them: how each game is hosted (its own JSON), the
 * links that open a game in a role (their digests), so that any server process serves any game,
 * and the records of what each answer did (the page's rulings), so that they outlive a server.
 *
 * The SQLite store ("FILE") is one file with many games, in WAL mode; its schema version is
 * checked when it is opened: a store of an older version is upgraded (one transaction), and a
 * file that is not a store, or a store of a newer version, is refused with the reason. The PostgreSQL store ("postgresql://…" or "postgres://…", libpq's
 * URI) keeps the same tables in a database that any number of processes on any hosts share:
 * the same checks, the same answers, the same messages; its connection is opened again when
 * the server went away (an operation while it is down fails with LB_IO). lb_store_open picks
 * the store by the address.
 *
 * Errors name the file or address as lb_store_printable shows it and the game ("FILE: game 3:
 * …") in err->msg; what libpq or the server says is scrubbed of the address's passwords too. A
 * store is used by one thread at a time.
 */

typedef struct lb_store lb_store;

#define LB_STORE_TEXT_MAX 200

/* A saved game as listed. */
typedef struct lb_store_info {
    long long id;
    int seq;                              /* journal rows */
    char title[LB_STORE_TEXT_MAX];
    char scenario_name[LB_STORE_TEXT_MAX];
    char summary[LB_STORE_TEXT_MAX];      /* where it stands: "13:40 french offensive_fire" */
    char created[32], updated[32];        /* UTC, "YYYY-MM-DD HH:MM:SS" */
    int dice;                             /* an lb_dice_mode, -1 when the settings are unreadable */
    uint64_t seed;                        /* seeded dice: the seed */
    char commitment[LB_DICE_HEX_MAX];     /* secret dice: the commitment, "" for seeded dice */
    char players[2][LB_GAME_NAME_MAX];    /* who plays each side, as the settings name them ("",
                                           * "computer:quick" ...) */
} lb_store_info;

/* A saved game as stored: owned by the caller, freed by lb_store_record_release. */
typedef struct lb_store_record {
    lb_store_info info;
    char *scenario;                       /* the scenario text */
    char *settings;                       /* the settings as JSON (lb_game_settings_to_json) */
    char dice_secret[LB_DICE_HEX_MAX];    /* secret dice: the secret in hex, "" none (seeded) */
    lb_journal journal;
    char last_hash[20];                   /* hash after the last row that has one, "" none */
} lb_store_record;

#define LB_CHAT_TEXT_MAX 500   /* bytes of one chat message */
#define LB_CHAT_KEPT 1000      /* messages one game keeps: then it refuses more */

/* A chat message as stored. */
typedef struct lb_chat_row {
    int n;                                /* numbered from 1 in the game */
    int role;                             /* who said it: a side, or LB_ROLE_BOTH */
    char *text;                           /* malloc'd */
    char at[32];                          /* UTC, "YYYY-MM-DD HH:MM:SS" */
} lb_chat_row;

/* The operations every store implements (the caller uses the lb_store_ functions). */
typedef struct lb_store_ops {
    int (*create)(lb_store *s, const char *title, const char *scenario_name,
                  const char *scenario, const char *settings, const char *dice_secret,
                  long long *id, lb_err *err);
    int (*append)(lb_store *s, long long id, int seq, const lb_journal_entry *rows, int n,
                  const char *hash, const char *summary, lb_err *err);
    int (*load)(lb_store *s, long long id, lb_store_record *out, lb_err *err);
    int (*list)(lb_store *s, lb_store_info **out, int *n, lb_err *err);
    int (*hosting_set)(lb_store *s, long long id, const char *json, lb_err *err);
    int (*hosting_get)(lb_store *s, long long id, char **json, lb_err *err);
    int (*link_add)(lb_store *s, const char *digest, long long game, int role, lb_err *err);
    int (*link_find)(lb_store *s, const char *digest, long long *game, int *role, lb_err *err);
    int (*trace_put)(lb_store *s, long long id, int seq, const char *record, lb_err *err);
    /* the last max records, newest first, in a malloc'd array of malloc'd strings */
    int (*traces_get)(lb_store *s, long long id, int max, char ***records, int *n, lb_err *err);
    /* the next number in *n, or LB_LIMIT once the game holds LB_CHAT_KEPT */
    int (*chat_add)(lb_store *s, long long id, int role, const char *text, int *n, lb_err *err);
    /* the messages numbered above from, oldest first, in a malloc'd array */
    int (*chat_get)(lb_store *s, long long id, int from, lb_chat_row **rows, int *n,
                    lb_err *err);
    void (*close)(lb_store *s);
} lb_store_ops;

struct lb_store {
    const lb_store_ops *ops;
    char where[256];                      /* the file or address for messages, as
                                           * lb_store_printable shows it */
};

/* The address as it may be printed, into buf (n bytes, cut to fit): every password replaced by
 * "***" — a URI's user:PASSWORD@ and each parameter whose key holds "password" in any case and
 * percent-encoding (?password=, ?sslpassword=, ?pass%77ord=), a keyword/value string's
 * password=VALUE (quoted or not) — and any other place the address holds what libpq reads as a
 * password. A SQLite file's name that holds none is shown as it is. Returns buf. */
const char *lb_store_printable(const char *address, char *buf, size_t n);

/* Opens (creating when missing) the store at where: a SQLite file, or a PostgreSQL URI whose
 * database gets the store's tables when its schema has none. LB_OK; LB_IO (cannot open or
 * connect), LB_INVALID (not a store, another version, corrupt, not an address) with err;
 * LB_NOMEM. */
int lb_store_open(const char *where, lb_store **out, lb_err *err);
/* Closes it; NULL is fine. */
void lb_store_close(lb_store *s);
/* Every game, newest first, in a malloc'd array (*n of them) the caller frees. */
int lb_store_list(lb_store *s, lb_store_info **out, int *n, lb_err *err);

#define LB_STORE_DIGEST_MAX 128

/* How game id is hosted: the server's own settings for it, a JSON object, "{}" until set (set
 * replaces it). LB_OK; LB_NOT_FOUND; LB_INVALID (not a JSON object); LB_IO. */
int lb_store_hosting_set(lb_store *s, long long id, const char *json, lb_err *err);
/* That JSON in a malloc'd string the caller frees. LB_OK, LB_NOT_FOUND, LB_IO. */
int lb_store_hosting_get(lb_store *s, long long id, char **json, lb_err *err);
/* A link that opens game in role, kept as its digest (text; the secret itself is never stored).
 * LB_OK; LB_CONFLICT (that digest is there already: nothing changed); LB_NOT_FOUND (no such
 * game); LB_INVALID (empty, or longer than LB_STORE_DIGEST_MAX); LB_IO. */
int lb_store_link_add(lb_store *s, const char *digest, long long game, int role, lb_err *err);
/* The game and role a digest opens. LB_OK, LB_NOT_FOUND, LB_IO. */
int lb_store_link_find(lb_store *s, const char *digest, long long *game, int *role,
                       lb_err *err);

/* The record of what an answer did in game id, the journal at length seq after it (a JSON object:
 * who answered what, and the rules' trace), kept so that a server started again shows the
 * rulings of the answers made before (a record at the same seq is replaced). LB_OK; LB_NOT_FOUND
 * (no such game); LB_INVALID (not a JSON object); LB_IO. */
int lb_store_trace_put(lb_store *s, long long id, int seq, const char *record, lb_err *err);
/* The last max records of game id, oldest first, as the text of a JSON array in a malloc'd
 * string the caller frees ("[]" when none). LB_OK, LB_IO, LB_NOMEM. */
int lb_store_traces_get(lb_store *s, long long id, int max, char **json, lb_err *err);

/* A chat message of game id said by role (a side, or LB_ROLE_BOTH): numbered after the game's
 * last, its number in *n. LB_OK; LB_INVALID (empty, longer than LB_CHAT_TEXT_MAX bytes, not
 * UTF-8, or a control character: a message is one line); LB_LIMIT (the game holds LB_CHAT_KEPT
 * messages); LB_NOT_FOUND (no such game); LB_CONFLICT (another process took that number at the
 * same moment: nothing changed, say it again); LB_IO. */
int lb_store_chat_add(lb_store *s, long long id, int role, const char *text, int *n,
                      lb_err *err);
/* The messages of game id numbered above from, oldest first, as the text of a JSON array
 * [{"n","role","text","at"}] (role a number: a side, or -1 for the one seat of a hot-seat game) in a
 * malloc'd string the caller frees. LB_OK, LB_IO, LB_NOMEM. */
int lb_store_chat_get(lb_store *s, long long id, int from, char **json, lb_err *err);

/* A new saved game of g (with the secret of secret dice), with the rows g already has; its id
 * in *id. */
int lb_store_save_game(lb_store *s, const lb_game *g, long long *id, lb_err *err);
/* Appends the rows of g from number seq (those an answer added), with g's hash and summary. */
int lb_store_append_game(lb_store *s, long long id, const lb_game *g, int seq, lb_err *err);
/* Game id rebuilt from the store: loaded with opts, its dice secret checked against its
 * commitment, replayed, its hash checked against the stored one. LB_OK, or an error naming the
 * game, with nothing half-loaded (*out NULL). */
int lb_store_open_game(lb_store *s, long long id, const lb_load_opts *opts, lb_game **out,
                       lb_err *err);

#endif
