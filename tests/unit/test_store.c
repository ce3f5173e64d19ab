/* Unit tests of the SQLite store: numbered appends, racing appends, files that are not stores or of another version, journals that do not replay. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lb/data.h"
#include "lb/game.h"
#include "lb/lb.h"
#include "lb/store.h"

typedef struct fixture {
    char path[64];
} fixture;

static void remove_db(const char *path)
{
    char side[80];
    unlink(path);
    snprintf(side, sizeof side, "%s-wal", path);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", path);
    unlink(side);
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    snprintf(f->path, sizeof f->path, "/tmp/lb-store-XXXXXX");
    int fd = mkstemp(f->path);
    close(fd);
    unlink(f->path);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    remove_db(f->path);
    free(f);
    return 0;
}

static void sql(const char *path, const char *statement)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, statement, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
}

static lb_journal_entry decision(const char *key)
{
    lb_journal_entry e;
    memset(&e, 0, sizeof e);
    e.kind = LB_ENTRY_DECISION;
    e.decision = LB_DECIDE_ACTION;
    snprintf(e.key, sizeof e.key, "%s", key);
    return e;
}

/* Rows appended at their numbers come back in order, with the game's summary. */
static void test_store__append_and_load(void **state)
{
    fixture *f = *state;
    lb_store *s;
    lb_err err = {0};
    assert_int_equal(lb_store_open(f->path, &s, &err), LB_OK);
    long long id;
    assert_int_equal(lb_store_create(s, "a title", "x.json", "{}", "{}", &id, &err), LB_OK);
    assert_int_equal(id, 1);
    lb_journal_entry rows[3] = {decision("end"), decision("fire:a:0101"), decision("end")};
    rows[1].kind = LB_ENTRY_ROLL;
    rows[1].die = LB_DIE_TWO;
    rows[1].value = 34;
    snprintf(rows[1].purpose, sizeof rows[1].purpose, "fire");
    assert_int_equal(lb_store_append(s, id, 0, rows, 2, NULL, "13:00 french", &err), LB_OK);
    assert_int_equal(lb_store_append(s, id, 2, rows + 2, 1, "00ff", "13:20 french", &err), LB_OK);
    lb_store_record r;
    assert_int_equal(lb_store_load(s, id, &r, &err), LB_OK);
    assert_int_equal(r.journal.count, 3);
    assert_string_equal(r.journal.entries[0].key, "end");
    assert_int_equal(r.journal.entries[1].value, 34);
    assert_string_equal(r.journal.entries[1].purpose, "fire");
    assert_string_equal(r.last_hash, "00ff");
    assert_string_equal(r.info.summary, "13:20 french");
    assert_string_equal(r.info.title, "a title");
    lb_store_record_release(&r);
    lb_store_info *list;
    int n;
    assert_int_equal(lb_store_list(s, &list, &n, &err), LB_OK);
    assert_int_equal(n, 1);
    assert_int_equal(list[0].seq, 3);
    free(list);
    lb_store_close(s);
}

/* R-GAME-16: two writers at the same number: the second fails and writes nothing. */
static void test_store__racing_append_conflicts(void **state)
{
    fixture *f = *state;
    lb_store *a, *b;
    lb_err err = {0};
    assert_int_equal(lb_store_open(f->path, &a, &err), LB_OK);
    assert_int_equal(lb_store_open(f->path, &b, &err), LB_OK);
    long long id;
    assert_int_equal(lb_store_create(a, "t", "x.json", "{}", "{}", &id, &err), LB_OK);
    lb_journal_entry one = decision("end"), two = decision("charge:x:0101");
    assert_int_equal(lb_store_append(a, id, 0, &one, 1, NULL, "", &err), LB_OK);
    assert_int_equal(lb_store_append(b, id, 0, &two, 1, NULL, "", &err), LB_CONFLICT);
    char want[160];
    snprintf(want, sizeof want, "%s: game 1 is at 1, not 0", f->path);
    assert_string_equal(err.msg, want);
    assert_int_equal(lb_store_append(b, 99, 0, &two, 1, NULL, "", &err), LB_NOT_FOUND);
    lb_store_record r;
    assert_int_equal(lb_store_load(b, id, &r, &err), LB_OK);
    assert_int_equal(r.journal.count, 1);
    assert_string_equal(r.journal.entries[0].key, "end");
    lb_store_record_release(&r);
    assert_int_equal(lb_store_load(b, 99, &r, &err), LB_NOT_FOUND);
    lb_store_close(a);
    lb_store_close(b);
}

/* A file that is not a store, an SQLite file of another program, a store of another version:
 * each refused with the reason. */
static void test_store__foreign_files_refused(void **state)
{
    fixture *f = *state;
    FILE *fp = fopen(f->path, "w");
    fputs("this is not a database, not even close; it is long enough to have a header......\n"
          "................................................................................\n",
          fp);
    fclose(fp);
    lb_store *s;
    lb_err err = {0};
    assert_int_equal(lb_store_open(f->path, &s, &err), LB_INVALID);
    assert_non_null(strstr(err.msg, "not a labataille game file"));
    remove_db(f->path);
    sql(f->path, "CREATE TABLE recipes (name TEXT)");
    assert_int_equal(lb_store_open(f->path, &s, &err), LB_INVALID);
    assert_non_null(strstr(err.msg, "an SQLite database of another program"));
    remove_db(f->path);
    assert_int_equal(lb_store_open(f->path, &s, &err), LB_OK);
    lb_store_close(s);
    sql(f->path, "PRAGMA user_version = 2");
    assert_int_equal(lb_store_open(f->path, &s, &err), LB_INVALID);
    char want[200];
    snprintf(want, sizeof want, "%s: saved by another version of labataille (store schema 2; "
             "this program reads schema 1)", f->path);
    assert_string_equal(err.msg, want);
}

static lb_game *saved_demo(lb_store *s, long long *id)
{
    int nm;
    const lb_module *m = lb_data_modules(&nm);
    lb_load_opts o = {.modules = m, .nmodules = nm};
    size_t len;
    const char *name;
    const char *text = lb_data_demo(&len, &name);
    lb_game_settings set;
    lb_game_settings_init(&set);
    set.seed = 7;
    lb_errlist errs = {0};
    lb_game *g;
    assert_int_equal(lb_game_new(name, text, len, &o, &set, &g, &errs), LB_OK);
    lb_err err = {0};
    assert_int_equal(lb_store_save_game(s, g, id, &err), LB_OK);
    const char *keys[] = {"end", "end", "fire:au-ir4-1:0810"};
    for (int i = 0; i < 3; i++) {
        lb_game_answer a;
        int seq = lb_game_seq(g);
        assert_int_equal(lb_game_decide(g, LB_ROLE_BOTH, seq, keys[i], &a), LB_OK);
        assert_int_equal(a.verdict, LB_ACCEPTED);
        assert_int_equal(lb_store_append_game(s, *id, g, seq, &err), LB_OK);
    }
    return g;
}

/* A saved game reopens to the same state; a tampered journal, a missing row or a tampered hash
 * is refused naming the game, and nothing is half-loaded. */
static void test_store__bad_journal_refused(void **state)
{
    fixture *f = *state;
    lb_store *s;
    lb_err err = {0};
    assert_int_equal(lb_store_open(f->path, &s, &err), LB_OK);
    long long id;
    lb_game *g = saved_demo(s, &id);
    int nm;
    const lb_module *m = lb_data_modules(&nm);
    lb_load_opts o = {.modules = m, .nmodules = nm};
    lb_game *back = NULL;
    assert_int_equal(lb_store_open_game(s, id, &o, &back, &err), LB_OK);
    assert_true(lb_game_hash(back) == lb_game_hash(g));
    lb_game_free(back);
    lb_store_close(s);

    sql(f->path, "UPDATE journal SET entry = '{\"decision\":\"action\",\"side\":1,\"subject\":\"\","
                 "\"key\":\"fire:au-ir4-1:0101\",\"by\":\"player\"}' WHERE seq = 2");
    assert_int_equal(lb_store_open(f->path, &s, &err), LB_OK);
    back = (lb_game *)&err; /* must come back NULL */
    assert_int_equal(lb_store_open_game(s, id, &o, &back, &err), LB_INVALID);
    assert_null(back);
    assert_non_null(strstr(err.msg, "game 1: the journal does not replay: entry 3"));

    sql(f->path, "UPDATE journal SET entry = '{\"decision\":\"action\",\"side\":1,\"subject\":\"\","
                 "\"key\":\"fire:au-ir4-1:0810\",\"by\":\"player\"}' WHERE seq = 2");
    sql(f->path, "UPDATE journal SET hash = '0123456789abcdef' WHERE seq = 3");
    assert_int_equal(lb_store_open_game(s, id, &o, &back, &err), LB_INVALID);
    assert_non_null(strstr(err.msg, "game 1: the journal replays to state"));

    sql(f->path, "DELETE FROM journal WHERE seq = 1");
    assert_int_equal(lb_store_open_game(s, id, &o, &back, &err), LB_INVALID);
    assert_non_null(strstr(err.msg, "game 1: journal row 1 is missing"));
    assert_int_equal(lb_store_open_game(s, 42, &o, &back, &err), LB_NOT_FOUND);
    lb_store_close(s);
    lb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_store__append_and_load, setup, teardown),
        cmocka_unit_test_setup_teardown(test_store__racing_append_conflicts, setup, teardown),
        cmocka_unit_test_setup_teardown(test_store__foreign_files_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(test_store__bad_journal_refused, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
