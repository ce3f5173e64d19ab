/* The SQLite store: many games in one file, WAL, schema version checked and older ones upgraded, one transaction per append with its sequence number; how games are hosted and the links that open them. */
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "address.h"
#include "lb/core.h"
#include "rows.h"
#include "sqlite_store.h"
#include "decision_int.h"
#include "store_int.h"

#define SCHEMA_VERSION 4
#define APPLICATION_ID 0x4c424154 /* "LBAT": the file is a labataille store */
#define BUSY_MS 5000      /* how long a lock another process holds is waited for */
#define WAL_RETRY_MS 10   /* between two tries of the switch to WAL */

typedef struct sqlite_store {
    lb_store base;
    sqlite3 *db;
} sqlite_store;

/* What each schema version adds: a new file gets them all, an older store the ones it lacks. */
static const char *const migrations[SCHEMA_VERSION] = {
    /* 1: games and their journals */
    "CREATE TABLE games ("
    " id INTEGER PRIMARY KEY,"
    " title TEXT NOT NULL,"
    " scenario_name TEXT NOT NULL,"
    " scenario TEXT NOT NULL,"
    " settings TEXT NOT NULL,"
    " seq INTEGER NOT NULL DEFAULT 0,"
    " summary TEXT NOT NULL DEFAULT '',"
    " created TEXT NOT NULL DEFAULT (datetime('now')),"
    " updated TEXT NOT NULL DEFAULT (datetime('now')));"
    "CREATE TABLE journal ("
    " game INTEGER NOT NULL REFERENCES games(id),"
    " seq INTEGER NOT NULL,"
    " entry TEXT NOT NULL,"
    " hash TEXT,"
    " PRIMARY KEY (game, seq)) WITHOUT ROWID;",
    /* 2: how each game is hosted, and the links that open games */
    "ALTER TABLE games ADD COLUMN hosting TEXT NOT NULL DEFAULT '{}';"
    "CREATE TABLE links ("
    " digest TEXT PRIMARY KEY,"
    " game INTEGER NOT NULL REFERENCES games(id),"
    " role INTEGER NOT NULL) WITHOUT ROWID;",
    /* 3: the secret of a game's dice (R-DICE-3); NULL: seeded dice, as every older game's */
    "ALTER TABLE games ADD COLUMN dice_secret TEXT;",
    /* 4: what each answer did, for the page's rulings after a restart; the players' chat */
    "CREATE TABLE traces ("
    " game INTEGER NOT NULL REFERENCES games(id),"
    " seq INTEGER NOT NULL,"
    " record TEXT NOT NULL,"
    " PRIMARY KEY (game, seq)) WITHOUT ROWID;"
    "CREATE TABLE chat ("
    " game INTEGER NOT NULL REFERENCES games(id),"
    " n INTEGER NOT NULL,"
    " role INTEGER NOT NULL,"
    " text TEXT NOT NULL,"
    " said TEXT NOT NULL DEFAULT (datetime('now')),"
    " PRIMARY KEY (game, n)) WITHOUT ROWID;",
};

/* The last error as "FILE: WHAT: REASON", with the system's reason when a file operation failed
 * (a read-only file system says so, not only "disk I/O error"). */
static int db_error(const sqlite_store *s, lb_err *err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int db_error(const sqlite_store *s, lb_err *err, const char *fmt, ...)
{
    char what[256], sys[128] = "";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    int code = sqlite3_errcode(s->db);
    int rc = code == SQLITE_NOTADB || code == SQLITE_CORRUPT ? LB_INVALID
             : code == SQLITE_NOMEM                          ? LB_NOMEM
                                                             : LB_IO;
    int errnum = sqlite3_system_errno(s->db);
    if ((code == SQLITE_IOERR || code == SQLITE_CANTOPEN || code == SQLITE_READONLY) && errnum)
        snprintf(sys, sizeof sys, " (%s)", strerror(errnum));
    return lb_err_set(err, rc, "%s: %s: %s%s", s->base.where, what, sqlite3_errmsg(s->db), sys);
}

static int exec(sqlite_store *s, const char *sql, lb_err *err)
{
    return sqlite3_exec(s->db, sql, NULL, NULL, NULL) == SQLITE_OK ? LB_OK
                                                                    : db_error(s, err, "%s", sql);
}

/* An integer from a one-value query, or -1. */
static long long pragma_int(sqlite_store *s, const char *sql)
{
    sqlite3_stmt *q;
    long long v = -1;
    if (sqlite3_prepare_v2(s->db, sql, -1, &q, NULL) != SQLITE_OK)
        return -1;
    if (sqlite3_step(q) == SQLITE_ROW)
        v = sqlite3_column_int64(q, 0);
    sqlite3_finalize(q);
    return v;
}

/* The versions a store lacks, under the write lock: of two processes opening a new or older
 * file at once, the second finds the first one's work done. */
static int migrate(sqlite_store *s, lb_err *err)
{
    if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return db_error(s, err, "cannot create the store's tables");
    int rc = LB_OK;
    long long version = pragma_int(s, "PRAGMA user_version");
    if (pragma_int(s, "SELECT count(*) FROM sqlite_master") == 0) {
        char sql[64];
        snprintf(sql, sizeof sql, "PRAGMA application_id=%d", APPLICATION_ID);
        if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
            rc = db_error(s, err, "cannot create the store's tables");
        version = 0;
    }
    for (long long v = version; rc == LB_OK && v >= 0 && v < SCHEMA_VERSION; v++) {
        char sql[64];
        snprintf(sql, sizeof sql, "PRAGMA user_version=%lld", v + 1);
        if (sqlite3_exec(s->db, migrations[v], NULL, NULL, NULL) != SQLITE_OK ||
            sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
            rc = db_error(s, err, "cannot make the store's schema %lld", v + 1);
    }
    if (rc == LB_OK && sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        rc = db_error(s, err, "cannot create the store's tables");
    if (rc != LB_OK)
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

/* A file in the rollback-journal mode (a new one) turns to WAL by a write that SQLite begins
 * inside the statement's own read, where it does not call the busy handler (that could
 * deadlock): while another process opening the file at the same moment holds its write lock
 * (making the tables), the switch fails at once as busy. It is tried again for as long as the
 * busy timeout, as a lock is waited for; once one process has switched the file, it stays in
 * WAL and the switch is nothing to the others. */
static int into_wal(sqlite_store *s, lb_err *err)
{
    for (int waited = 0;; waited += WAL_RETRY_MS) {
        int code = sqlite3_exec(s->db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL);
        if (code == SQLITE_OK)
            return LB_OK;
        if ((code & 0xff) != SQLITE_BUSY || waited >= BUSY_MS)
            return db_error(s, err, "cannot turn the file to WAL");
        sqlite3_sleep(WAL_RETRY_MS);
    }
}

/* R-GAME-16: a new file gets the schema and an older store the versions it lacks; a store of a
 * newer version, or a database of another program, is refused. */
static int check_schema(sqlite_store *s, lb_err *err)
{
    long long tables = pragma_int(s, "SELECT count(*) FROM sqlite_master");
    if (tables < 0)
        return db_error(s, err, "not a labataille game file");
    long long app = pragma_int(s, "PRAGMA application_id");
    long long version = pragma_int(s, "PRAGMA user_version");
    if (tables > 0 && app != APPLICATION_ID)
        return lb_err_set(err, LB_INVALID, "%s: not a labataille game file (an SQLite database "
                          "of another program)", s->base.where);
    if (tables > 0 && (version < 1 || version > SCHEMA_VERSION))
        return lb_err_set(err, LB_INVALID, "%s: saved by another version of labataille (store "
                          "schema %lld; this program reads schema %d)", s->base.where, version,
                          SCHEMA_VERSION);
    return tables == 0 || version < SCHEMA_VERSION ? migrate(s, err) : LB_OK;
}

static void text_col(sqlite3_stmt *q, int col, char *out, size_t n)
{
    const unsigned char *t = sqlite3_column_text(q, col);
    snprintf(out, n, "%s", t ? (const char *)t : "");
}

static int s_create(lb_store *base, const char *title, const char *scenario_name,
                    const char *scenario, const char *settings, const char *dice_secret,
                    long long *id, lb_err *err)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(s->db, "INSERT INTO games (title, scenario_name, scenario, settings, "
                           "dice_secret) VALUES (?, ?, ?, ?, ?)", -1, &q, NULL) != SQLITE_OK)
        return db_error(s, err, "cannot save a new game");
    sqlite3_bind_text(q, 1, title, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 2, scenario_name, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 3, scenario, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 4, settings, -1, SQLITE_STATIC);
    if (dice_secret)
        sqlite3_bind_text(q, 5, dice_secret, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(q, 5);
    int ok = sqlite3_step(q) == SQLITE_DONE;
    sqlite3_finalize(q);
    if (!ok)
        return db_error(s, err, "cannot save a new game");
    *id = sqlite3_last_insert_rowid(s->db);
    return LB_OK;
}

/* The rows, inside the open transaction; LB_OK or an error. */
static int insert_rows(sqlite_store *s, long long id, int seq, const lb_journal_entry *rows, int n,
                       const char *hash, lb_err *err)
{
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(s->db, "INSERT INTO journal (game, seq, entry, hash) VALUES "
                           "(?, ?, ?, ?)", -1, &q, NULL) != SQLITE_OK)
        return db_error(s, err, "game %lld: cannot append", id);
    int rc = LB_OK;
    for (int i = 0; i < n && rc == LB_OK; i++) {
        char *json = NULL;
        if (lb_journal_entry_to_json(&rows[i], &json) != LB_OK) {
            rc = lb_err_set(err, LB_NOMEM, "out of memory");
            break;
        }
        sqlite3_reset(q);
        sqlite3_bind_int64(q, 1, id);
        sqlite3_bind_int(q, 2, seq + i);
        sqlite3_bind_text(q, 3, json, -1, SQLITE_TRANSIENT);
        if (hash && i == n - 1)
            sqlite3_bind_text(q, 4, hash, -1, SQLITE_STATIC);
        else
            sqlite3_bind_null(q, 4);
        int step = sqlite3_step(q);
        free(json);
        if (step == SQLITE_CONSTRAINT)
            rc = lb_err_set(err, LB_CONFLICT, "%s: game %lld: row %d is already written",
                            s->base.where, id, seq + i);
        else if (step != SQLITE_DONE)
            rc = db_error(s, err, "game %lld: cannot append", id);
    }
    sqlite3_finalize(q);
    return rc;
}

static int s_append(lb_store *base, long long id, int seq, const lb_journal_entry *rows, int n,
                    const char *hash, const char *summary, lb_err *err)
{
    sqlite_store *s = (sqlite_store *)base;
    if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return db_error(s, err, "game %lld: cannot append", id);
    sqlite3_stmt *q;
    int rc = LB_OK;
    long long now = -1;
    if (sqlite3_prepare_v2(s->db, "SELECT seq FROM games WHERE id = ?", -1, &q, NULL) !=
        SQLITE_OK)
        rc = db_error(s, err, "game %lld: cannot append", id);
    else {
        sqlite3_bind_int64(q, 1, id);
        int step = sqlite3_step(q);
        if (step == SQLITE_ROW)
            now = sqlite3_column_int64(q, 0);
        else if (step != SQLITE_DONE)
            rc = db_error(s, err, "game %lld: cannot append", id);
        sqlite3_finalize(q);
    }
    if (rc == LB_OK && now < 0)
        rc = lb_err_set(err, LB_NOT_FOUND, "%s: no game %lld", base->where, id);
    if (rc == LB_OK && now != seq)
        rc = lb_err_set(err, LB_CONFLICT, "%s: game %lld is at %lld, not %d", base->where, id, now,
                        seq);
    if (rc == LB_OK)
        rc = insert_rows(s, id, seq, rows, n, hash, err);
    if (rc == LB_OK) {
        if (sqlite3_prepare_v2(s->db, "UPDATE games SET seq = ?, summary = ?, updated = "
                               "datetime('now') WHERE id = ?", -1, &q, NULL) != SQLITE_OK)
            rc = db_error(s, err, "game %lld: cannot append", id);
        else {
            sqlite3_bind_int(q, 1, seq + n);
            sqlite3_bind_text(q, 2, summary ? summary : "", -1, SQLITE_STATIC);
            sqlite3_bind_int64(q, 3, id);
            if (sqlite3_step(q) != SQLITE_DONE)
                rc = db_error(s, err, "game %lld: cannot append", id);
            sqlite3_finalize(q);
        }
    }
    if (rc == LB_OK && sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        rc = db_error(s, err, "game %lld: cannot append", id);
    if (rc != LB_OK)
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

static void info_of(sqlite3_stmt *q, lb_store_info *info)
{
    info->id = sqlite3_column_int64(q, 0);
    text_col(q, 1, info->title, sizeof info->title);
    text_col(q, 2, info->scenario_name, sizeof info->scenario_name);
    info->seq = sqlite3_column_int(q, 3);
    text_col(q, 4, info->summary, sizeof info->summary);
    text_col(q, 5, info->created, sizeof info->created);
    text_col(q, 6, info->updated, sizeof info->updated);
    lbi_store_info_settings(info, (const char *)sqlite3_column_text(q, 7));
}

#define INFO_COLUMNS "id, title, scenario_name, seq, summary, created, updated, settings"

static int load_rows(sqlite_store *s, long long id, lb_store_record *out, lb_err *err)
{
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(s->db, "SELECT seq, entry, hash FROM journal WHERE game = ? "
                           "ORDER BY seq", -1, &q, NULL) != SQLITE_OK)
        return db_error(s, err, "game %lld: cannot read the journal", id);
    sqlite3_bind_int64(q, 1, id);
    int rc = LB_OK, step;
    while (rc == LB_OK && (step = sqlite3_step(q)) == SQLITE_ROW)
        rc = lbi_store_row_add(&s->base, id, out, sqlite3_column_int(q, 0),
                               (const char *)sqlite3_column_text(q, 1),
                               (const char *)sqlite3_column_text(q, 2), err);
    if (rc == LB_OK && step != SQLITE_DONE)
        rc = db_error(s, err, "game %lld: cannot read the journal", id);
    sqlite3_finalize(q);
    if (rc == LB_OK)
        rc = lbi_store_rows_check(&s->base, id, out, err);
    return rc;
}

static int s_load(lb_store *base, long long id, lb_store_record *out, lb_err *err)
{
    sqlite_store *s = (sqlite_store *)base;
    memset(out, 0, sizeof *out);
    lb_journal_init(&out->journal);
    sqlite3_stmt *q;
    if (sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK)
        return db_error(s, err, "game %lld: cannot read the game", id);
    int rc = LB_OK;
    if (sqlite3_prepare_v2(s->db, "SELECT " INFO_COLUMNS ", scenario, dice_secret FROM games "
                           "WHERE id = ?", -1, &q, NULL) != SQLITE_OK) {
        rc = db_error(s, err, "game %lld: cannot read the game", id);
    } else {
        sqlite3_bind_int64(q, 1, id);
        int step = sqlite3_step(q);
        if (step == SQLITE_ROW) {
            info_of(q, &out->info);
            const char *set = (const char *)sqlite3_column_text(q, 7);
            const char *sc = (const char *)sqlite3_column_text(q, 8);
            out->scenario = strdup(sc ? sc : "");
            out->settings = strdup(set ? set : "");
            text_col(q, 9, out->dice_secret, sizeof out->dice_secret);
            if (!out->scenario || !out->settings)
                rc = lb_err_set(err, LB_NOMEM, "out of memory");
        } else if (step == SQLITE_DONE) {
            rc = lb_err_set(err, LB_NOT_FOUND, "%s: no game %lld", base->where, id);
        } else {
            rc = db_error(s, err, "game %lld: cannot read the game", id);
        }
        sqlite3_finalize(q);
    }
    if (rc == LB_OK)
        rc = load_rows(s, id, out, err);
    sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
    if (rc != LB_OK)
        lb_store_record_release(out);
    return rc;
}

static int s_list(lb_store *base, lb_store_info **out, int *n, lb_err *err)
{
    sqlite_store *s = (sqlite_store *)base;
    *out = NULL;
    *n = 0;
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(s->db, "SELECT " INFO_COLUMNS " FROM games ORDER BY id DESC", -1, &q,
                           NULL) != SQLITE_OK)
        return db_error(s, err, "cannot list the games");
    int cap = 0, rc = LB_OK, step;
    while (rc == LB_OK && (step = sqlite3_step(q)) == SQLITE_ROW) {
        lb_store_info *more = lb_grow(*out, &cap, *n + 1, sizeof *more);
        if (!more) {
            rc = lb_err_set(err, LB_NOMEM, "out of memory");
            break;
        }
        *out = more;
        info_of(q, &(*out)[(*n)++]);
    }
    if (rc == LB_OK && step != SQLITE_DONE)
        rc = db_error(s, err, "cannot list the games");
    sqlite3_finalize(q);
    if (rc != LB_OK) {
        free(*out);
        *out = NULL;
        *n = 0;
    }
    return rc;
}

static int s_hosting_set(lb_store *base, long long id, const char *json, lb_err *err)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(s->db, "UPDATE games SET hosting = ? WHERE id = ?", -1, &q, NULL) !=
        SQLITE_OK)
        return db_error(s, err, "game %lld: cannot save how it is hosted", id);
    sqlite3_bind_text(q, 1, json, -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 2, id);
    int step = sqlite3_step(q);
    sqlite3_finalize(q);
    if (step != SQLITE_DONE)
        return db_error(s, err, "game %lld: cannot save how it is hosted", id);
    if (sqlite3_changes(s->db) == 0)
        return lb_err_set(err, LB_NOT_FOUND, "%s: no game %lld", base->where, id);
    return LB_OK;
}

static int s_hosting_get(lb_store *base, long long id, char **json, lb_err *err)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *q;
    *json = NULL;
    if (sqlite3_prepare_v2(s->db, "SELECT hosting FROM games WHERE id = ?", -1, &q, NULL) !=
        SQLITE_OK)
        return db_error(s, err, "game %lld: cannot read how it is hosted", id);
    sqlite3_bind_int64(q, 1, id);
    int step = sqlite3_step(q), rc = LB_OK;
    if (step == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(q, 0);
        if (!(*json = strdup(t ? (const char *)t : "{}")))
            rc = lb_err_set(err, LB_NOMEM, "out of memory");
    } else if (step == SQLITE_DONE) {
        rc = lb_err_set(err, LB_NOT_FOUND, "%s: no game %lld", base->where, id);
    } else {
        rc = db_error(s, err, "game %lld: cannot read how it is hosted", id);
    }
    sqlite3_finalize(q);
    return rc;
}

static int s_link_add(lb_store *base, const char *digest, long long game, int role, lb_err *err)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(s->db, "INSERT INTO links (digest, game, role) VALUES (?, ?, ?)", -1,
                           &q, NULL) != SQLITE_OK)
        return db_error(s, err, "game %lld: cannot save a link", game);
    sqlite3_bind_text(q, 1, digest, -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 2, game);
    sqlite3_bind_int(q, 3, role);
    int step = sqlite3_step(q), rc = LB_OK;
    int why = sqlite3_extended_errcode(s->db);
    if (step == SQLITE_CONSTRAINT && why == SQLITE_CONSTRAINT_FOREIGNKEY)
        rc = lb_err_set(err, LB_NOT_FOUND, "%s: no game %lld", base->where, game);
    else if (step == SQLITE_CONSTRAINT)
        rc = lb_err_set(err, LB_CONFLICT, "%s: game %lld: that link is there already",
                        base->where, game);
    else if (step != SQLITE_DONE)
        rc = db_error(s, err, "game %lld: cannot save a link", game);
    sqlite3_finalize(q);
    return rc;
}

static int s_link_find(lb_store *base, const char *digest, long long *game, int *role,
                       lb_err *err)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(s->db, "SELECT game, role FROM links WHERE digest = ?", -1, &q,
                           NULL) != SQLITE_OK)
        return db_error(s, err, "cannot read the links");
    sqlite3_bind_text(q, 1, digest, -1, SQLITE_STATIC);
    int step = sqlite3_step(q), rc = LB_OK;
    if (step == SQLITE_ROW) {
        *game = sqlite3_column_int64(q, 0);
        *role = sqlite3_column_int(q, 1);
    } else if (step == SQLITE_DONE) {
        rc = lb_err_set(err, LB_NOT_FOUND, "%s: no such link", base->where);
    } else {
        rc = db_error(s, err, "cannot read the links");
    }
    sqlite3_finalize(q);
    return rc;
}

static int s_trace_put(lb_store *base, long long id, int seq, const char *record, lb_err *err)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(s->db, "INSERT OR REPLACE INTO traces (game, seq, record) "
                           "VALUES (?, ?, ?)", -1, &q, NULL) != SQLITE_OK)
        return db_error(s, err, "game %lld: cannot save a trace", id);
    sqlite3_bind_int64(q, 1, id);
    sqlite3_bind_int(q, 2, seq);
    sqlite3_bind_text(q, 3, record, -1, SQLITE_STATIC);
    int step = sqlite3_step(q), rc = LB_OK;
    int why = sqlite3_extended_errcode(s->db);
    if (step == SQLITE_CONSTRAINT && why == SQLITE_CONSTRAINT_FOREIGNKEY)
        rc = lb_err_set(err, LB_NOT_FOUND, "%s: no game %lld", base->where, id);
    else if (step != SQLITE_DONE)
        rc = db_error(s, err, "game %lld: cannot save a trace", id);
    sqlite3_finalize(q);
    return rc;
}

static int s_traces_get(lb_store *base, long long id, int max, char ***records, int *n,
                        lb_err *err)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *q;
    *records = NULL;
    *n = 0;
    if (sqlite3_prepare_v2(s->db, "SELECT record FROM traces WHERE game = ? ORDER BY seq DESC "
                           "LIMIT ?", -1, &q, NULL) != SQLITE_OK)
        return db_error(s, err, "game %lld: cannot read its traces", id);
    sqlite3_bind_int64(q, 1, id);
    sqlite3_bind_int(q, 2, max);
    int rc = LB_OK, step;
    char **list = max ? calloc((size_t)max, sizeof *list) : NULL;
    if (max && !list)
        rc = lb_err_set(err, LB_NOMEM, "out of memory");
    while (rc == LB_OK && (step = sqlite3_step(q)) == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(q, 0);
        if (!(list[*n] = strdup(t ? (const char *)t : "{}")))
            rc = lb_err_set(err, LB_NOMEM, "out of memory");
        else
            (*n)++;
    }
    if (rc == LB_OK && step != SQLITE_DONE)
        rc = db_error(s, err, "game %lld: cannot read its traces", id);
    sqlite3_finalize(q);
    *records = list;
    return rc;
}

static int s_chat_add(lb_store *base, long long id, int role, const char *text, int *n,
                      lb_err *err)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *q;
    /* numbered after the game's last in one statement: SQLite writes one at a time */
    if (sqlite3_prepare_v2(s->db, "INSERT INTO chat (game, n, role, text) SELECT ?1, "
                           "COALESCE(MAX(n), 0) + 1, ?2, ?3 FROM chat WHERE game = ?1 "
                           "HAVING COALESCE(MAX(n), 0) < ?4 RETURNING n", -1, &q, NULL) !=
        SQLITE_OK)
        return db_error(s, err, "game %lld: cannot save a chat message", id);
    sqlite3_bind_int64(q, 1, id);
    sqlite3_bind_int(q, 2, role);
    sqlite3_bind_text(q, 3, text, -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 4, LB_CHAT_KEPT);
    int step = sqlite3_step(q), rc = LB_OK;
    if (step == SQLITE_ROW) {
        *n = sqlite3_column_int(q, 0);
        step = sqlite3_step(q);
    }
    int why = sqlite3_extended_errcode(s->db);
    if (step == SQLITE_CONSTRAINT && why == SQLITE_CONSTRAINT_FOREIGNKEY)
        rc = lb_err_set(err, LB_NOT_FOUND, "%s: no game %lld", base->where, id);
    else if (step != SQLITE_DONE)
        rc = db_error(s, err, "game %lld: cannot save a chat message", id);
    else if (sqlite3_changes(s->db) == 0)
        rc = lb_err_set(err, LB_LIMIT, "%s: game %lld: its chat holds %d messages, the most a "
                        "game keeps", base->where, id, LB_CHAT_KEPT);
    sqlite3_finalize(q);
    return rc;
}

static int s_chat_get(lb_store *base, long long id, int from, lb_chat_row **rows, int *n,
                      lb_err *err)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_stmt *q;
    *rows = NULL;
    *n = 0;
    if (sqlite3_prepare_v2(s->db, "SELECT n, role, text, said FROM chat WHERE game = ? AND n > ? "
                           "ORDER BY n LIMIT ?", -1, &q, NULL) != SQLITE_OK)
        return db_error(s, err, "game %lld: cannot read its chat", id);
    sqlite3_bind_int64(q, 1, id);
    sqlite3_bind_int(q, 2, from);
    sqlite3_bind_int(q, 3, LB_CHAT_KEPT);
    lb_chat_row *list = calloc(LB_CHAT_KEPT, sizeof *list);
    int rc = list ? LB_OK : lb_err_set(err, LB_NOMEM, "out of memory"), step = SQLITE_DONE;
    while (rc == LB_OK && (step = sqlite3_step(q)) == SQLITE_ROW) {
        lb_chat_row *row = &list[*n];
        const unsigned char *t = sqlite3_column_text(q, 2), *at = sqlite3_column_text(q, 3);
        row->n = sqlite3_column_int(q, 0);
        row->role = sqlite3_column_int(q, 1);
        snprintf(row->at, sizeof row->at, "%s", at ? (const char *)at : "");
        if (!(row->text = strdup(t ? (const char *)t : "")))
            rc = lb_err_set(err, LB_NOMEM, "out of memory");
        else
            (*n)++;
    }
    if (rc == LB_OK && step != SQLITE_DONE)
        rc = db_error(s, err, "game %lld: cannot read its chat", id);
    sqlite3_finalize(q);
    *rows = list;
    return rc;
}

static void s_close(lb_store *base)
{
    sqlite_store *s = (sqlite_store *)base;
    sqlite3_close(s->db);
    free(s);
}

static const lb_store_ops sqlite_ops = {s_create,      s_append,      s_load,
                                         s_list,        s_hosting_set, s_hosting_get,
                                         s_link_add,    s_link_find,   s_trace_put,
                                         s_traces_get,  s_chat_add,    s_chat_get,
                                         s_close};

int lbi_sqlite_store_open(const char *path, lb_store **out, lb_err *err)
{
    *out = NULL;
    sqlite_store *s = calloc(1, sizeof *s);
    if (!s)
        return lb_err_set(err, LB_NOMEM, "out of memory");
    s->base.ops = &sqlite_ops;
    /* a file's name is shown as it is, unless it reads as a connection string with a password */
    lbi_address_printable(path, s->base.where, sizeof s->base.where);
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        int rc = lb_err_set(err, LB_IO, "%s: cannot open: %s", s->base.where,
                            s->db ? sqlite3_errmsg(s->db) : "out of memory");
        sqlite3_close(s->db);
        free(s);
        return rc;
    }
    sqlite3_busy_timeout(s->db, BUSY_MS);
    /* R-GAME-16: WAL; NORMAL sync keeps every commit through a crash of the process */
    int rc = check_schema(s, err);
    if (rc == LB_OK)
        rc = into_wal(s, err);
    if (rc == LB_OK)
        rc = exec(s, "PRAGMA synchronous=NORMAL;PRAGMA foreign_keys=ON;", err);
    if (rc != LB_OK) {
        sqlite3_close(s->db);
        free(s);
        return rc;
    }
    *out = &s->base;
    return LB_OK;
}
