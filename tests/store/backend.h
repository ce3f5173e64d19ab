/* Test stores of both kinds: a new empty store for each test, SQL on it from outside the store, and the test PostgreSQL server run by with_postgres.sh. */
#ifndef LB_TEST_STORE_BACKEND_H
#define LB_TEST_STORE_BACKEND_H

#include <stdbool.h>

#include "lb/game.h"
#include "lb/store.h"

/*
 * The store tests run the same bodies on a SQLite file and on a PostgreSQL database. The
 * PostgreSQL server is the one tests/store/with_postgres.sh started for this test program
 * (LB_TEST_PG_*); without it every PostgreSQL test fails and says so.
 */

typedef enum test_kind { TEST_SQLITE, TEST_POSTGRES } test_kind;

typedef struct test_store {
    test_kind kind;
    char name[96];   /* the file, or the schema in the test database "lb" */
    char where[512]; /* what lb_store_open is given */
} test_store;

/* A new empty store of kind (a file not made yet; a new schema, named by the address's
 * search_path). */
void test_store_new(test_store *t, test_kind kind);
/* Removes it (the file and its WAL; the schema). */
void test_store_drop(test_store *t);
/* Runs statement on the store from outside it (tampering); fails the test when refused. */
void test_store_sql(const test_store *t, const char *statement);
/* Sets the schema version the store says it has, as another version of the program would. */
void test_store_set_version(const test_store *t, int version);
/* Makes the database one of another program: a table of its own, none of the store's. */
void test_store_make_foreign(const test_store *t);

/* A folder for this test program's files, under the test server's temporary folder (torn down
 * with it, mounts included): "$LB_TEST_PG_HOST/NAME". */
void test_dir(const char *name, char *out, size_t n);
/* Runs statement on the test server's maintenance database, as its superuser. */
void test_pg_admin(const char *statement);
/* Stops ("stop") or starts ("start") the test server. */
void test_pg_ctl(const char *what);

/* A journal row: a decision by side 0 with key. */
lb_journal_entry test_row(const char *key);
/* The demo game with seed and its embedded charts. */
lb_game *test_demo(unsigned seed);
/* The load options of the embedded charts. */
lb_load_opts test_load_opts(void);

#endif
