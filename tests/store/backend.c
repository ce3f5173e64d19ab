/* Test stores of both kinds: new ones, SQL from outside, the test PostgreSQL server's controls. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <libpq-fe.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"
#include "lb/data.h"

/* The test server's environment variable; fails the test when with_postgres.sh did not set it. */
static const char *pg_env(const char *name)
{
    const char *v = getenv(name);
    if (!v || !*v) {
        fail_msg("%s is not set: run this test through tests/store/with_postgres.sh (ctest does)",
                 name);
    }
    return v;
}

static void pg_address(const char *dbname, char *out, size_t n)
{
    snprintf(out, n, "postgresql://lb@/%s?host=%s&port=%s", dbname, pg_env("LB_TEST_PG_HOST"),
             pg_env("LB_TEST_PG_PORT"));
}

static void quiet(void *arg, const char *message)
{
    (void)arg;
    (void)message;
}

/* Runs statement on the database at uri; fails the test with the server's reason. */
static void pg_exec(const char *uri, const char *statement)
{
    PGconn *c = PQconnectdb(uri);
    if (PQstatus(c) != CONNECTION_OK)
        fail_msg("%s: %s", uri, PQerrorMessage(c));
    PQsetNoticeProcessor(c, quiet, NULL); /* "drop cascades to …" */
    PGresult *r = PQexec(c, statement);
    ExecStatusType st = PQresultStatus(r);
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
        fail_msg("%s: %s: %s", uri, statement, PQresultErrorMessage(r));
    PQclear(r);
    PQfinish(c);
}

void test_pg_admin(const char *statement)
{
    char uri[512];
    pg_address("postgres", uri, sizeof uri);
    pg_exec(uri, statement);
}

void test_pg_ctl(const char *what)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "%s %s", pg_env("LB_TEST_PG_CTL"), what);
    int status = system(cmd);
    if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        fail_msg("%s failed", cmd);
}

void test_dir(const char *name, char *out, size_t n)
{
    snprintf(out, n, "%s/%s", pg_env("LB_TEST_PG_HOST"), name);
    if (mkdir(out, 0755) != 0)
        fail_msg("cannot make %s", out);
}

void test_store_new(test_store *t, test_kind kind)
{
    memset(t, 0, sizeof *t);
    t->kind = kind;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (kind == TEST_SQLITE) {
        snprintf(t->name, sizeof t->name, "/tmp/lb-store-XXXXXX");
        int fd = mkstemp(t->name);
        assert_true(fd >= 0);
        close(fd);
        unlink(t->name);
        snprintf(t->where, sizeof t->where, "%s", t->name);
    } else {
        /* a schema of its own in the test database: the store keeps its tables in the
         * connection's current schema, named by search_path in the address */
        snprintf(t->name, sizeof t->name, "lbt_%d_%ld%09ld", (int)getpid(), (long)now.tv_sec,
                 now.tv_nsec);
        char sql[160];
        snprintf(sql, sizeof sql, "CREATE SCHEMA %s", t->name);
        pg_address("lb", t->where, sizeof t->where);
        pg_exec(t->where, sql);
        size_t len = strlen(t->where);
        snprintf(t->where + len, sizeof t->where - len, "&options=-csearch_path%%3D%s", t->name);
    }
}

void test_store_drop(test_store *t)
{
    if (!t->name[0])
        return;
    if (t->kind == TEST_SQLITE) {
        char side[sizeof t->name + 8];
        unlink(t->name);
        snprintf(side, sizeof side, "%s-wal", t->name);
        unlink(side);
        snprintf(side, sizeof side, "%s-shm", t->name);
        unlink(side);
    } else {
        char sql[160];
        snprintf(sql, sizeof sql, "DROP SCHEMA %s CASCADE", t->name);
        test_store_sql(t, sql);
    }
    t->name[0] = '\0';
}

void test_store_sql(const test_store *t, const char *statement)
{
    if (t->kind == TEST_POSTGRES) {
        pg_exec(t->where, statement);
        return;
    }
    sqlite3 *db;
    assert_int_equal(sqlite3_open(t->name, &db), SQLITE_OK);
    if (sqlite3_exec(db, statement, NULL, NULL, NULL) != SQLITE_OK)
        fail_msg("%s: %s: %s", t->name, statement, sqlite3_errmsg(db));
    sqlite3_close(db);
}

void test_store_set_version(const test_store *t, int version)
{
    char sql[80];
    if (t->kind == TEST_SQLITE)
        snprintf(sql, sizeof sql, "PRAGMA user_version = %d", version);
    else
        snprintf(sql, sizeof sql, "UPDATE labataille_store SET version = %d", version);
    test_store_sql(t, sql);
}

void test_store_make_foreign(const test_store *t)
{
    test_store_sql(t, "CREATE TABLE recipes (name TEXT)");
}

lb_journal_entry test_row(const char *key)
{
    lb_journal_entry e;
    memset(&e, 0, sizeof e);
    e.kind = LB_ENTRY_DECISION;
    e.decision = LB_DECIDE_ACTION;
    snprintf(e.key, sizeof e.key, "%s", key);
    return e;
}

lb_load_opts test_load_opts(void)
{
    int nm;
    const lb_module *m = lb_data_modules(&nm);
    lb_load_opts o = {.modules = m, .nmodules = nm};
    return o;
}

lb_game *test_demo(unsigned seed)
{
    lb_load_opts o = test_load_opts();
    size_t len;
    const char *name;
    const char *text = lb_data_demo(&len, &name);
    lb_game_settings set;
    lb_game_settings_init(&set);
    set.seed = seed;
    lb_errlist errs = {0};
    lb_game *g = NULL;
    assert_int_equal(lb_game_new(name, text, len, &o, &set, &g, &errs), LB_OK);
    return g;
}
