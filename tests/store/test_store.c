/* Store conformance: the same tests on the SQLite store and on the PostgreSQL store (numbered appends, lists, racing writers in two processes, stores opened at once, foreign, newer and older stores, journals that do not replay, hosting and links), and what only one of them has (a SQLite file's switch to WAL, PostgreSQL addresses). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "backend.h"
#include "lb/data.h"
#include "lb/lb.h"
#include "lb/store.h"
#include "game_dice_int.h"
#include "store_int.h"

static const test_kind sqlite_kind = TEST_SQLITE, postgres_kind = TEST_POSTGRES;

static int setup(void **state)
{
    test_store *t = calloc(1, sizeof *t);
    test_store_new(t, *(const test_kind *)*state);
    *state = t;
    return 0;
}

static int teardown(void **state)
{
    test_store_drop(*state);
    free(*state);
    return 0;
}

static lb_store *open_store(const test_store *t)
{
    lb_store *s;
    lb_err err = {0};
    if (lb_store_open(t->where, &s, &err) != LB_OK)
        fail_msg("%s", err.msg);
    return s;
}

/* Rows appended at their numbers come back in order, as they were (quotes, backslashes, braces
 * and accents in a key), with the game's summary and hash. */
static void test_store__append_and_load(void **state)
{
    test_store *t = *state;
    lb_store *s = open_store(t);
    lb_err err = {0};
    long long id;
    assert_int_equal(lb_store_create(s, "a title", "x.json", "{}", "{}", &id, &err), LB_OK);
    assert_int_equal(id, 1);
    lb_journal_entry rows[3] = {test_row("end"), test_row("fire:a:0101"),
                                test_row("say \"hi\", {\\} \u00e9t\u00e9")};
    rows[1].kind = LB_ENTRY_ROLL;
    rows[1].die = LB_DIE_TWO;
    rows[1].value = 34;
    snprintf(rows[1].purpose, sizeof rows[1].purpose, "fire");
    assert_int_equal(lb_store_append(s, id, 0, rows, 2, NULL, "13:00 french", &err), LB_OK);
    assert_int_equal(lb_store_append(s, id, 2, rows + 2, 1, "00ff", "13:20 french", &err), LB_OK);
    lb_store_close(s);

    s = open_store(t); /* reopened: nothing was kept in memory */
    lb_store_record r;
    assert_int_equal(lb_store_load(s, id, &r, &err), LB_OK);
    assert_int_equal(r.journal.count, 3);
    assert_string_equal(r.journal.entries[0].key, "end");
    assert_int_equal(r.journal.entries[1].kind, LB_ENTRY_ROLL);
    assert_int_equal(r.journal.entries[1].value, 34);
    assert_string_equal(r.journal.entries[1].purpose, "fire");
    assert_string_equal(r.journal.entries[2].key, "say \"hi\", {\\} \u00e9t\u00e9");
    assert_string_equal(r.last_hash, "00ff");
    assert_string_equal(r.info.summary, "13:20 french");
    assert_string_equal(r.info.title, "a title");
    assert_string_equal(r.info.scenario_name, "x.json");
    assert_string_equal(r.scenario, "{}");
    assert_int_equal(r.info.seq, 3);
    lb_store_record_release(&r);
    lb_store_close(s);
}

/* Every game, newest first, each with its rows, summary and times ("YYYY-MM-DD HH:MM:SS"). */
static void test_store__list_newest_first(void **state)
{
    test_store *t = *state;
    lb_store *s = open_store(t);
    lb_err err = {0};
    lb_store_info *list;
    int n = -1;
    assert_int_equal(lb_store_list(s, &list, &n, &err), LB_OK);
    assert_int_equal(n, 0);
    free(list);
    const char *titles[] = {"Aspern", "Essling", "Wagram"};
    for (int i = 0; i < 3; i++) {
        long long id;
        assert_int_equal(lb_store_create(s, titles[i], "x.json", "{}", "{}", &id, &err), LB_OK);
        assert_int_equal(id, i + 1);
        lb_journal_entry rows[2] = {test_row("end"), test_row("end")};
        char summary[32];
        snprintf(summary, sizeof summary, "game %d", i + 1);
        assert_int_equal(lb_store_append(s, id, 0, rows, i, NULL, summary, &err), LB_OK);
    }
    assert_int_equal(lb_store_list(s, &list, &n, &err), LB_OK);
    assert_int_equal(n, 3);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(list[i].id, 3 - i);
        assert_string_equal(list[i].title, titles[2 - i]);
        assert_int_equal(list[i].seq, 2 - i);
        assert_int_equal(strlen(list[i].created), 19);
        assert_int_equal(list[i].created[4], '-');
        assert_int_equal(list[i].created[10], ' ');
        assert_int_equal(list[i].updated[13], ':');
    }
    /* game 1 was given no rows: an append of none changes nothing, not even the summary */
    assert_string_equal(list[2].summary, "");
    assert_string_equal(list[1].summary, "game 2");
    free(list);
    lb_store_close(s);
}

/* R-GAME-16: two writers at the same number: the second fails and writes nothing. */
static void test_store__racing_append_conflicts(void **state)
{
    test_store *t = *state;
    lb_store *a = open_store(t), *b = open_store(t);
    lb_err err = {0};
    long long id;
    assert_int_equal(lb_store_create(a, "t", "x.json", "{}", "{}", &id, &err), LB_OK);
    lb_journal_entry one = test_row("end"), two = test_row("charge:x:0101");
    assert_int_equal(lb_store_append(a, id, 0, &one, 1, NULL, "", &err), LB_OK);
    assert_int_equal(lb_store_append(b, id, 0, &two, 1, NULL, "", &err), LB_CONFLICT);
    char want[700];
    snprintf(want, sizeof want, "%s: game 1 is at 1, not 0", b->where);
    assert_string_equal(err.msg, want);
    assert_int_equal(lb_store_append(b, id, 2, &two, 1, NULL, "", &err), LB_CONFLICT);
    assert_int_equal(lb_store_append(b, 99, 0, &two, 1, NULL, "", &err), LB_NOT_FOUND);
    snprintf(want, sizeof want, "%s: no game 99", b->where);
    assert_string_equal(err.msg, want);
    lb_store_record r;
    assert_int_equal(lb_store_load(b, id, &r, &err), LB_OK);
    assert_int_equal(r.journal.count, 1);
    assert_string_equal(r.journal.entries[0].key, "end");
    lb_store_record_release(&r);
    assert_int_equal(lb_store_load(b, 99, &r, &err), LB_NOT_FOUND);
    assert_string_equal(err.msg, want);
    lb_store_close(a);
    lb_store_close(b);
}

#define RACE_ROUNDS 60

/* One racer: its own store, then at each word of the parent it appends "WHO:k" at the next
 * number k, telling the parent whether it won ('W'), lost ('L') or failed ('E'). */
static void racer(const char *where, long long id, char who, int go, int out)
{
    lb_store *s;
    lb_err err = {0};
    char ready = lb_store_open(where, &s, &err) == LB_OK ? 'R' : 'E';
    if (write(out, &ready, 1) != 1 || ready == 'E')
        _exit(1);
    for (int k = 0; k < RACE_ROUNDS; k++) {
        char word, key[16];
        if (read(go, &word, 1) != 1)
            _exit(1);
        snprintf(key, sizeof key, "%c:%d", who, k);
        lb_journal_entry e = test_row(key);
        int rc = lb_store_append(s, id, k, &e, 1, NULL, key, &err);
        char result = rc == LB_OK ? 'W' : rc == LB_CONFLICT ? 'L' : 'E';
        if (write(out, &result, 1) != 1)
            _exit(1);
    }
    lb_store_close(s);
    _exit(0);
}

/* R-GAME-16: two processes append at the same number at the same moment, number after number:
 * at each number exactly one wins, the other is told the game moved on, and the journal holds
 * the winners' rows once each, in order. */
static void test_store__two_processes_race(void **state)
{
    test_store *t = *state;
    lb_store *s = open_store(t);
    lb_err err = {0};
    long long id;
    assert_int_equal(lb_store_create(s, "race", "x.json", "{}", "{}", &id, &err), LB_OK);
    lb_store_close(s);
    int go[2][2], out[2][2];
    pid_t pid[2];
    for (int i = 0; i < 2; i++) {
        assert_int_equal(pipe(go[i]), 0);
        assert_int_equal(pipe(out[i]), 0);
        pid[i] = fork();
        assert_true(pid[i] >= 0);
        if (pid[i] == 0) {
            close(go[i][1]);
            close(out[i][0]);
            racer(t->where, id, i ? 'b' : 'a', go[i][0], out[i][1]);
        }
        close(go[i][0]);
        close(out[i][1]);
    }
    char results[2][RACE_ROUNDS];
    for (int i = 0; i < 2; i++) {
        char ready;
        assert_int_equal(read(out[i][0], &ready, 1), 1);
        assert_int_equal(ready, 'R');
    }
    for (int k = 0; k < RACE_ROUNDS; k++) {
        for (int i = 0; i < 2; i++) /* both go at once */
            assert_int_equal(write(go[i][1], "g", 1), 1);
        for (int i = 0; i < 2; i++)
            assert_int_equal(read(out[i][0], &results[i][k], 1), 1);
    }
    for (int i = 0; i < 2; i++) {
        int status;
        assert_int_equal(waitpid(pid[i], &status, 0), pid[i]);
        assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        close(go[i][1]);
        close(out[i][0]);
    }
    s = open_store(t);
    lb_store_record r;
    assert_int_equal(lb_store_load(s, id, &r, &err), LB_OK);
    assert_int_equal(r.journal.count, RACE_ROUNDS);
    int wins[2] = {0, 0};
    for (int k = 0; k < RACE_ROUNDS; k++) {
        assert_true(results[0][k] != 'E' && results[1][k] != 'E');
        assert_true((results[0][k] == 'W') != (results[1][k] == 'W'));
        int winner = results[1][k] == 'W';
        wins[winner]++;
        char key[16];
        snprintf(key, sizeof key, "%c:%d", winner ? 'b' : 'a', k);
        assert_string_equal(r.journal.entries[k].key, key);
    }
    print_message("racers' wins: %d and %d of %d numbers\n", wins[0], wins[1], RACE_ROUNDS);
    lb_store_record_release(&r);
    lb_store_close(s);
}

#define OPEN_ROUNDS 8

/* Makes t's store one of schema 1, as the first version of the program left it. */
static void make_schema_1(test_store *t)
{
    lb_store *s = open_store(t);
    lb_store_close(s);
    test_store_sql(t, "DROP TABLE chat; DROP TABLE traces; DROP TABLE links; ALTER TABLE games "
                      "DROP COLUMN hosting; ALTER TABLE games DROP COLUMN dice_secret");
    test_store_set_version(t, 1);
}

/* Makes t's store one of schema 2, as the program left it before games kept a dice secret. */
static void make_schema_2(test_store *t)
{
    test_store_sql(t, "DROP TABLE chat; DROP TABLE traces; ALTER TABLE games DROP COLUMN "
                      "dice_secret");
    test_store_set_version(t, 2);
}

/* Two processes opening a new store at the same moment, again and again, and then a store of
 * schema 1: both get it, with its tables made or upgraded once. */
static void test_store__opened_at_once(void **state)
{
    test_store *t = *state;
    for (int round = 0; round < OPEN_ROUNDS; round++) {
        if (round) {
            test_store_drop(t);
            test_store_new(t, t->kind);
        }
        if (round >= OPEN_ROUNDS / 2)
            make_schema_1(t);
        int go[2];
        assert_int_equal(pipe(go), 0);
        pid_t pid[2];
        for (int i = 0; i < 2; i++) {
            pid[i] = fork();
            assert_true(pid[i] >= 0);
            if (pid[i] == 0) {
                char word;
                close(go[1]);
                if (read(go[0], &word, 1) != 1)
                    _exit(1);
                lb_store *s;
                lb_err err = {0};
                int rc = lb_store_open(t->where, &s, &err);
                if (rc != LB_OK)
                    fprintf(stderr, "%s\n", err.msg);
                else
                    lb_store_close(s);
                _exit(rc == LB_OK ? 0 : 1);
            }
        }
        close(go[0]);
        assert_int_equal(write(go[1], "gg", 2), 2);
        close(go[1]);
        for (int i = 0; i < 2; i++) {
            int status;
            assert_int_equal(waitpid(pid[i], &status, 0), pid[i]);
            assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        }
    }
    lb_store *s = open_store(t);
    lb_err err = {0};
    long long id;
    assert_int_equal(lb_store_create(s, "t", "x.json", "{}", "{}", &id, &err), LB_OK);
    assert_int_equal(id, 1);
    assert_int_equal(lb_store_link_add(s, "d", id, 0, &err), LB_OK);
    lb_store_close(s);
}

/* A database of another program and a store of a newer version: each refused with the reason,
 * and left as it was. */
static void test_store__foreign_and_other_version_refused(void **state)
{
    test_store *t = *state;
    lb_store *s = open_store(t);
    lb_store_close(s);
    test_store_set_version(t, 5);
    lb_err err = {0};
    assert_int_equal(lb_store_open(t->where, &s, &err), LB_INVALID);
    char want[700];
    snprintf(want, sizeof want, "%s: saved by another version of labataille (store schema 5; "
             "this program reads schema 4)", t->where);
    assert_string_equal(err.msg, want);
    test_store_set_version(t, 4);
    s = open_store(t);
    lb_store_close(s);

    test_store_drop(t);
    test_store_new(t, t->kind);
    test_store_make_foreign(t);
    assert_int_equal(lb_store_open(t->where, &s, &err), LB_INVALID);
    snprintf(want, sizeof want, "%s: not a labataille game ", t->where);
    assert_memory_equal(err.msg, want, strlen(want));
    assert_non_null(strstr(err.msg, "database of another program"));
    /* still another program's: no table of the store was added */
    test_store_sql(t, "INSERT INTO recipes (name) VALUES ('soup')");
    assert_int_equal(lb_store_open(t->where, &s, &err), LB_INVALID);
}

/* A store of schema 1 (games and journals only) is upgraded when it is opened: its games are
 * kept, hosted as "{}", and links can be added. */
static void test_store__older_schema_upgraded(void **state)
{
    test_store *t = *state;
    lb_store *s = open_store(t);
    lb_err err = {0};
    long long id;
    assert_int_equal(lb_store_create(s, "old", "x.json", "{}", "{}", &id, &err), LB_OK);
    lb_journal_entry row = test_row("end");
    assert_int_equal(lb_store_append(s, id, 0, &row, 1, "00ff", "13:00", &err), LB_OK);
    lb_store_close(s);
    make_schema_1(t);

    s = open_store(t);
    lb_store_record r;
    assert_int_equal(lb_store_load(s, id, &r, &err), LB_OK);
    assert_int_equal(r.journal.count, 1);
    assert_string_equal(r.journal.entries[0].key, "end");
    assert_string_equal(r.last_hash, "00ff");
    lb_store_record_release(&r);
    char *json;
    assert_int_equal(lb_store_hosting_get(s, id, &json, &err), LB_OK);
    assert_string_equal(json, "{}");
    free(json);
    assert_int_equal(lb_store_link_add(s, "abc", id, 1, &err), LB_OK);
    assert_int_equal(lb_store_trace_put(s, id, 1, "{\"by\":\"player\"}", &err), LB_OK);
    lb_store_close(s);
    s = open_store(t); /* the current schema now: opened as it is */
    long long game;
    int role;
    assert_int_equal(lb_store_link_find(s, "abc", &game, &role, &err), LB_OK);
    assert_int_equal(game, id);
    assert_int_equal(role, 1);
    lb_store_close(s);
}

/* The records of what the answers did: put at their journal length (one there is replaced),
 * read back the last ones oldest first as one JSON array, a game's own only; a record that is
 * not a JSON object, or of no game, refused with nothing changed. */
static void test_store__traces_kept(void **state)
{
    test_store *t = *state;
    lb_store *s = open_store(t);
    lb_err err = {0};
    long long id, other;
    assert_int_equal(lb_store_create(s, "t", "x.json", "{}", "{}", &id, &err), LB_OK);
    assert_int_equal(lb_store_create(s, "u", "x.json", "{}", "{}", &other, &err), LB_OK);
    char *json = NULL;
    assert_int_equal(lb_store_traces_get(s, id, 500, &json, &err), LB_OK);
    assert_string_equal(json, "[]");
    free(json);
    assert_int_equal(lb_store_trace_put(s, id, 1, "{\"seq\":1}", &err), LB_OK);
    assert_int_equal(lb_store_trace_put(s, id, 3, "{\"seq\":3,\"by\":\"first\"}", &err), LB_OK);
    assert_int_equal(lb_store_trace_put(s, id, 2, "{\"seq\":2}", &err), LB_OK);
    assert_int_equal(lb_store_trace_put(s, id, 3, "{\"seq\":3,\"by\":\"again\"}", &err), LB_OK);
    assert_int_equal(lb_store_trace_put(s, other, 9, "{\"seq\":9}", &err), LB_OK);
    assert_int_equal(lb_store_traces_get(s, id, 500, &json, &err), LB_OK);
    assert_string_equal(json, "[{\"seq\":1},{\"seq\":2},{\"seq\":3,\"by\":\"again\"}]");
    free(json);
    assert_int_equal(lb_store_traces_get(s, id, 2, &json, &err), LB_OK);
    assert_string_equal(json, "[{\"seq\":2},{\"seq\":3,\"by\":\"again\"}]");
    free(json);
    assert_int_equal(lb_store_trace_put(s, id, 4, "[1]", &err), LB_INVALID);
    assert_int_equal(lb_store_trace_put(s, id, 4, "{", &err), LB_INVALID);
    assert_int_equal(lb_store_trace_put(s, id, -1, "{}", &err), LB_INVALID);
    assert_int_equal(lb_store_trace_put(s, other + 5, 1, "{}", &err), LB_NOT_FOUND);
    assert_int_equal(lb_store_traces_get(s, id, 500, &json, &err), LB_OK);
    assert_string_equal(json, "[{\"seq\":1},{\"seq\":2},{\"seq\":3,\"by\":\"again\"}]");
    free(json);
    lb_store_close(s);
}

/* R-WEB-9: a game's chat: numbered from 1, read back above a number oldest first with who said
 * it, another game's apart; what is not one line of text, or of no game, refused; a game holds
 * LB_CHAT_KEPT messages, then refuses more. */
static void test_store__chat_kept(void **state)
{
    test_store *t = *state;
    lb_store *s = open_store(t);
    lb_err err = {0};
    long long id, other;
    assert_int_equal(lb_store_create(s, "t", "x.json", "{}", "{}", &id, &err), LB_OK);
    assert_int_equal(lb_store_create(s, "u", "x.json", "{}", "{}", &other, &err), LB_OK);
    int n = 0;
    assert_int_equal(lb_store_chat_add(s, id, 0, "en avant", &n, &err), LB_OK);
    assert_int_equal(n, 1);
    assert_int_equal(lb_store_chat_add(s, other, 1, "elsewhere", &n, &err), LB_OK);
    assert_int_equal(n, 1);
    assert_int_equal(lb_store_chat_add(s, id, LB_ROLE_BOTH, "vorw\xc3\xa4rts", &n, &err), LB_OK);
    assert_int_equal(n, 2);
    char *json = NULL;
    assert_int_equal(lb_store_chat_get(s, id, 0, &json, &err), LB_OK);
    assert_memory_equal(json, "[{\"n\":1,\"role\":0,\"text\":\"en avant\",\"at\":\"", 40);
    assert_non_null(strstr(json, "{\"n\":2,\"role\":-1,\"text\":\"vorw\xc3\xa4rts\",\"at\":\""));
    assert_null(strstr(json, "elsewhere"));
    free(json);
    assert_int_equal(lb_store_chat_get(s, id, 1, &json, &err), LB_OK);
    assert_null(strstr(json, "en avant"));
    assert_non_null(strstr(json, "\"n\":2"));
    free(json);
    static const char *const bad[] = {"", "two\nlines", "\x1b[2J", "\xff"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        assert_int_equal(lb_store_chat_add(s, id, 0, bad[i], &n, &err), LB_INVALID);
    char long_text[LB_CHAT_TEXT_MAX + 2];
    memset(long_text, 'a', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    assert_int_equal(lb_store_chat_add(s, id, 0, long_text, &n, &err), LB_INVALID);
    assert_int_equal(lb_store_chat_add(s, other + 5, 0, "nobody", &n, &err), LB_NOT_FOUND);
    for (int i = 3; i <= LB_CHAT_KEPT; i++) {
        assert_int_equal(lb_store_chat_add(s, id, 1, "again", &n, &err), LB_OK);
        assert_int_equal(n, i);
    }
    assert_int_equal(lb_store_chat_add(s, id, 1, "one more", &n, &err), LB_LIMIT);
    assert_int_equal(lb_store_chat_get(s, id, LB_CHAT_KEPT - 1, &json, &err), LB_OK);
    assert_non_null(strstr(json, "\"n\":1000"));
    assert_null(strstr(json, "one more"));
    free(json);
    lb_store_close(s);
}

/* R-DICE-3, R-GAME-16: a store of schema 2 (before dice secrets) is upgraded: its games, all
 * seeded, still open and replay to their hash. A new game's secret goes to the store beside its
 * settings (which never hold it) and comes back: the game reopened rolls the same next die as
 * the one left open. A secret that is not its commitment's, or missing, is refused naming the
 * game. */
static void test_store__dice_secret_kept(void **state)
{
    test_store *t = *state;
    lb_store *s = open_store(t);
    lb_err err = {0};
    long long old;
    lb_game *seeded = test_demo(7);
    assert_int_equal(lb_store_save_game(s, seeded, &old, &err), LB_OK);
    lb_store_close(s);
    make_schema_2(t);

    s = open_store(t);
    lb_load_opts o = test_load_opts();
    lb_game *back = NULL;
    assert_int_equal(lb_store_open_game(s, old, &o, &back, &err), LB_OK);
    assert_int_equal(lb_game_settings_of(back)->dice, LB_DICE_SEEDED);
    assert_true(lb_game_settings_of(back)->seed == 7);
    assert_true(lb_game_hash(back) == lb_game_hash(seeded));
    lb_game_free(back);

    lb_game_settings set;
    lb_game_settings_init(&set);
    assert_int_equal(lb_game_settings_secret(&set), LB_OK);
    size_t len;
    const char *name;
    const char *text = lb_data_demo(&len, &name);
    lb_errlist errs = {0};
    lb_game *g = NULL;
    assert_int_equal(lb_game_new(name, text, len, &o, &set, &g, &errs), LB_OK);
    long long id;
    assert_int_equal(lb_store_save_game(s, g, &id, &err), LB_OK);
    lb_store_record r;
    assert_int_equal(lb_store_load(s, id, &r, &err), LB_OK);
    char hex[LB_DICE_HEX_MAX];
    lb_dice_secret_hex(set.secret, hex);
    assert_string_equal(r.dice_secret, hex);
    assert_null(strstr(r.settings, hex));
    lb_store_record_release(&r);
    lb_store_info *list;
    int n;
    assert_int_equal(lb_store_list(s, &list, &n, &err), LB_OK);
    assert_int_equal(n, 2);
    assert_int_equal(list[0].dice, LB_DICE_SECRET);
    assert_string_equal(list[0].commitment, set.commitment);
    assert_int_equal(list[1].dice, LB_DICE_SEEDED);
    assert_true(list[1].seed == 7);
    assert_string_equal(list[1].commitment, "");
    free(list);
    lb_store_close(s);

    s = open_store(t);
    assert_int_equal(lb_store_open_game(s, id, &o, &back, &err), LB_OK);
    assert_memory_equal(lb_game_settings_of(back)->secret, set.secret, LB_DICE_SECRET_BYTES);
    const char *keys[] = {"end", "end", "fire:au-ir4-1:0810"};
    for (int i = 0; i < 3; i++) {
        lb_game_answer a;
        assert_int_equal(lb_game_decide(g, LB_ROLE_BOTH, lb_game_seq(g), keys[i], &a), LB_OK);
        assert_int_equal(a.verdict, LB_ACCEPTED);
        assert_int_equal(lb_game_decide(back, LB_ROLE_BOTH, lb_game_seq(back), keys[i], &a),
                         LB_OK);
        assert_int_equal(a.verdict, LB_ACCEPTED);
    }
    assert_int_equal(lb_game_journal(back)->entries[3].kind, LB_ENTRY_ROLL);
    assert_int_equal(lb_game_journal(back)->entries[3].value,
                     lb_game_journal(g)->entries[3].value);
    lb_game_free(back);
    lb_game_free(g);

    hex[0] = hex[0] == '0' ? '1' : '0';
    char sql[200];
    snprintf(sql, sizeof sql, "UPDATE games SET dice_secret = '%s' WHERE id = %lld", hex, id);
    test_store_sql(t, sql);
    back = (lb_game *)&err; /* must come back NULL */
    assert_int_equal(lb_store_open_game(s, id, &o, &back, &err), LB_INVALID);
    assert_null(back);
    char want[700];
    snprintf(want, sizeof want, "%s: game 2: the dice secret's SHA-256 is ", s->where);
    assert_memory_equal(err.msg, want, strlen(want));
    snprintf(sql, sizeof sql, "UPDATE games SET dice_secret = NULL WHERE id = %lld", id);
    test_store_sql(t, sql);
    assert_int_equal(lb_store_open_game(s, id, &o, &back, &err), LB_INVALID);
    snprintf(want, sizeof want, "%s: game 2: its dice secret is missing", s->where);
    assert_string_equal(err.msg, want);
    /* the seeded game is served still */
    assert_int_equal(lb_store_open_game(s, old, &o, &back, &err), LB_OK);
    lb_game_free(back);
    lb_game_free(seeded);
    lb_store_close(s);
}

/* How a game is hosted and the links that open games: kept, shared by every connection, a
 * digest given twice or a missing game refused with nothing changed. */
static void test_store__hosting_and_links(void **state)
{
    test_store *t = *state;
    lb_store *s = open_store(t);
    lb_err err = {0};
    long long one, two;
    assert_int_equal(lb_store_create(s, "one", "x.json", "{}", "{}", &one, &err), LB_OK);
    assert_int_equal(lb_store_create(s, "two", "x.json", "{}", "{}", &two, &err), LB_OK);
    char *json;
    assert_int_equal(lb_store_hosting_get(s, one, &json, &err), LB_OK);
    assert_string_equal(json, "{}");
    free(json);
    const char hosted[] = "{\"two_players\": true, \"ai\": -1}";
    assert_int_equal(lb_store_hosting_set(s, one, hosted, &err), LB_OK);
    char want[700];
    assert_int_equal(lb_store_hosting_set(s, one, "[1]", &err), LB_INVALID);
    snprintf(want, sizeof want, "%s: game 1: how it is hosted must be a JSON object", s->where);
    assert_string_equal(err.msg, want);
    assert_int_equal(lb_store_hosting_set(s, 99, "{}", &err), LB_NOT_FOUND);
    snprintf(want, sizeof want, "%s: no game 99", s->where);
    assert_string_equal(err.msg, want);
    assert_int_equal(lb_store_hosting_get(s, 99, &json, &err), LB_NOT_FOUND);
    assert_null(json);
    assert_string_equal(err.msg, want);

    assert_int_equal(lb_store_link_add(s, "d1", one, 0, &err), LB_OK);
    assert_int_equal(lb_store_link_add(s, "d2", two, 1, &err), LB_OK);
    assert_int_equal(lb_store_link_add(s, "d1", two, 1, &err), LB_CONFLICT);
    snprintf(want, sizeof want, "%s: game 2: that link is there already", s->where);
    assert_string_equal(err.msg, want);
    assert_int_equal(lb_store_link_add(s, "d3", 99, 0, &err), LB_NOT_FOUND);
    snprintf(want, sizeof want, "%s: no game 99", s->where);
    assert_string_equal(err.msg, want);
    assert_int_equal(lb_store_link_add(s, "", one, 0, &err), LB_INVALID);
    char longest[LB_STORE_DIGEST_MAX + 2];
    memset(longest, 'f', sizeof longest - 1);
    longest[sizeof longest - 1] = '\0';
    assert_int_equal(lb_store_link_add(s, longest, one, 0, &err), LB_INVALID);
    snprintf(want, sizeof want, "%s: a link's digest must have 1 to 128 characters, not 129",
             s->where);
    assert_string_equal(err.msg, want);
    longest[LB_STORE_DIGEST_MAX] = '\0';
    assert_int_equal(lb_store_link_add(s, longest, one, 2, &err), LB_OK);
    lb_store_close(s);

    s = open_store(t); /* another connection sees them all */
    assert_int_equal(lb_store_hosting_get(s, one, &json, &err), LB_OK);
    assert_string_equal(json, hosted);
    free(json);
    const struct {
        const char *digest;
        long long game;
        int role;
    } links[] = {{"d1", 1, 0}, {"d2", 2, 1}, {longest, 1, 2}};
    for (int i = 0; i < 3; i++) {
        long long game = -1;
        int role = -1;
        assert_int_equal(lb_store_link_find(s, links[i].digest, &game, &role, &err), LB_OK);
        assert_int_equal(game, links[i].game);
        assert_int_equal(role, links[i].role);
    }
    long long game;
    int role;
    assert_int_equal(lb_store_link_find(s, "d3", &game, &role, &err), LB_NOT_FOUND);
    snprintf(want, sizeof want, "%s: no such link", s->where);
    assert_string_equal(err.msg, want);
    lb_store_close(s);
}

/* Two saved demo games, each with three decisions taken and appended one answer at a time. */
static lb_game *saved_demo(lb_store *s, unsigned seed, long long *id)
{
    lb_game *g = test_demo(seed);
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

/* A saved game reopens to the same state; a tampered journal, a tampered hash or a missing row
 * is refused naming the game, nothing is half-loaded, and the other game still loads. */
static void test_store__bad_journal_refused(void **state)
{
    test_store *t = *state;
    lb_store *s = open_store(t);
    long long id, other;
    lb_game *g = saved_demo(s, 7, &id), *g2 = saved_demo(s, 8, &other);
    assert_int_equal(id, 1);
    assert_int_equal(other, 2);
    lb_load_opts o = test_load_opts();
    lb_err err = {0};
    lb_game *back = NULL;
    assert_int_equal(lb_store_open_game(s, id, &o, &back, &err), LB_OK);
    assert_true(lb_game_hash(back) == lb_game_hash(g));
    assert_int_equal(lb_game_seq(back), lb_game_seq(g));
    lb_game_free(back);
    lb_store_close(s);

    test_store_sql(t, "UPDATE journal SET entry = '{\"decision\":\"action\",\"side\":1,"
                      "\"subject\":\"\",\"key\":\"fire:au-ir4-1:0101\",\"by\":\"player\"}' "
                      "WHERE game = 1 AND seq = 2");
    s = open_store(t);
    back = (lb_game *)&err; /* must come back NULL */
    assert_int_equal(lb_store_open_game(s, id, &o, &back, &err), LB_INVALID);
    assert_null(back);
    char want[700];
    snprintf(want, sizeof want, "%s: game 1: the journal does not replay: entry 3", s->where);
    assert_memory_equal(err.msg, want, strlen(want));
    assert_int_equal(lb_store_open_game(s, other, &o, &back, &err), LB_OK);
    assert_true(lb_game_hash(back) == lb_game_hash(g2));
    lb_game_free(back);

    test_store_sql(t, "UPDATE journal SET entry = '{\"decision\":\"action\",\"side\":1,"
                      "\"subject\":\"\",\"key\":\"fire:au-ir4-1:0810\",\"by\":\"player\"}' "
                      "WHERE game = 1 AND seq = 2");
    test_store_sql(t, "UPDATE journal SET hash = '0123456789abcdef' WHERE game = 1 AND seq = 3");
    assert_int_equal(lb_store_open_game(s, id, &o, &back, &err), LB_INVALID);
    snprintf(want, sizeof want, "%s: game 1: the journal replays to state ", s->where);
    assert_memory_equal(err.msg, want, strlen(want));
    assert_non_null(strstr(err.msg, ", not the saved 0123456789abcdef"));

    test_store_sql(t, "DELETE FROM journal WHERE game = 1 AND seq = 1");
    assert_int_equal(lb_store_open_game(s, id, &o, &back, &err), LB_INVALID);
    assert_null(back);
    snprintf(want, sizeof want, "%s: game 1: journal row 1 is missing", s->where);
    assert_string_equal(err.msg, want);
    test_store_sql(t, "UPDATE journal SET entry = 'not json' WHERE game = 1 AND seq = 0");
    assert_int_equal(lb_store_open_game(s, id, &o, &back, &err), LB_INVALID);
    snprintf(want, sizeof want, "%s: game 1: journal row 0 is unreadable: ", s->where);
    assert_memory_equal(err.msg, want, strlen(want));
    assert_int_equal(lb_store_open_game(s, 42, &o, &back, &err), LB_NOT_FOUND);
    snprintf(want, sizeof want, "%s: no game 42", s->where);
    assert_string_equal(err.msg, want);

    /* the other game is served still, and listed with the broken one */
    assert_int_equal(lb_store_open_game(s, other, &o, &back, &err), LB_OK);
    assert_true(lb_game_hash(back) == lb_game_hash(g2));
    lb_game_free(back);
    lb_store_info *list;
    int n;
    assert_int_equal(lb_store_list(s, &list, &n, &err), LB_OK);
    assert_int_equal(n, 2);
    free(list);
    lb_store_close(s);
    lb_game_free(g);
    lb_game_free(g2);
}

/* The rows a game's answers appended in turn replay to the game, with its hash checked. */
static void test_store__saved_game_replays(void **state)
{
    test_store *t = *state;
    lb_store *s = open_store(t);
    long long id;
    lb_game *g = saved_demo(s, 11, &id);
    lb_err err = {0};
    lb_game_answer a;
    int seq = lb_game_seq(g);
    assert_int_equal(lb_game_undo(g, LB_ROLE_BOTH, seq, -1, &a), LB_OK);
    assert_int_equal(a.verdict, LB_ACCEPTED);
    assert_int_equal(lb_store_append_game(s, id, g, seq, &err), LB_OK);
    lb_store_close(s);
    s = open_store(t);
    lb_load_opts o = test_load_opts();
    lb_game *back;
    assert_int_equal(lb_store_open_game(s, id, &o, &back, &err), LB_OK);
    assert_int_equal(lb_game_seq(back), lb_game_seq(g));
    assert_true(lb_game_hash(back) == lb_game_hash(g));
    lb_store_record r;
    assert_int_equal(lb_store_load(s, id, &r, &err), LB_OK);
    char hash[20];
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)lb_game_hash(g));
    assert_string_equal(r.last_hash, hash);
    lb_store_record_release(&r);
    lb_game_free(back);
    lb_game_free(g);
    lb_store_close(s);
}

/* A store file still in the rollback-journal mode (as every new file is) in which another
 * process holds the write lock (as one making the tables does) while this one opens it: the
 * switch to WAL, a write that SQLite begins inside its own read without the busy handler, waits
 * for the writer as a lock is waited for, then the file is in WAL. (It used to fail at once
 * with "database is locked": test_store__opened_at_once failed now and then.) */
static void test_store__sqlite_wal_waits_for_a_writer(void **state)
{
    test_store *t = *state;
    lb_store *s = open_store(t);
    lb_store_close(s);
    test_store_sql(t, "PRAGMA journal_mode=DELETE");
    int ready[2];
    assert_int_equal(pipe(ready), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        /* the writer: BEGIN IMMEDIATE holds the file's reserved lock until its COMMIT */
        sqlite3 *db;
        close(ready[0]);
        if (sqlite3_open(t->name, &db) != SQLITE_OK ||
            sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK ||
            write(ready[1], "r", 1) != 1)
            _exit(1);
        /* its COMMIT waits, as the store does, while the opening store holds a read lock for
         * its try of the switch (without it the COMMIT failed now and then as busy) */
        sqlite3_busy_timeout(db, 5000);
        sqlite3_sleep(300);
        int rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
        sqlite3_close(db);
        _exit(rc == SQLITE_OK ? 0 : 1);
    }
    close(ready[1]);
    char word;
    assert_int_equal(read(ready[0], &word, 1), 1);
    close(ready[0]);
    s = open_store(t);
    lb_store_close(s);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    sqlite3 *db;
    sqlite3_stmt *q;
    assert_int_equal(sqlite3_open(t->name, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &q, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    assert_string_equal((const char *)sqlite3_column_text(q, 0), "wal");
    sqlite3_finalize(q);
    sqlite3_close(db);
}

/* An address that is not one, and a server that is not there: refused with the reason, the
 * password never shown. */
static void test_store__postgres_address_refused(void **state)
{
    (void)state;
    lb_store *s;
    lb_err err = {0};
    assert_int_equal(lb_store_open("postgresql://lb:secret@/db?nonsense=1", &s, &err),
                     LB_INVALID);
    assert_string_equal(err.msg, "postgresql://lb:***@/db?nonsense=1: not a PostgreSQL address: "
                                 "invalid URI query parameter: \"nonsense\"");
    char dir[256];
    test_dir("nowhere", dir, sizeof dir);
    char uri[400];
    snprintf(uri, sizeof uri, "postgres:///db?host=%s&password=secret&port=5", dir);
    assert_int_equal(lb_store_open(uri, &s, &err), LB_IO);
    char want[700];
    snprintf(want, sizeof want, "postgres:///db?host=%s&password=***&port=5: cannot connect: "
             "connection to server on socket \"%s/.s.PGSQL.5\" failed: No such file or directory",
             dir, dir);
    assert_memory_equal(err.msg, want, strlen(want));
    assert_null(strstr(err.msg, "secret"));
}

#define STORE_TESTS(prestate)                                                                   \
    {                                                                                           \
        cmocka_unit_test_prestate_setup_teardown(test_store__append_and_load, setup, teardown, \
                                                 prestate),                                    \
        cmocka_unit_test_prestate_setup_teardown(test_store__list_newest_first, setup,         \
                                                 teardown, prestate),                          \
        cmocka_unit_test_prestate_setup_teardown(test_store__racing_append_conflicts, setup,   \
                                                 teardown, prestate),                          \
        cmocka_unit_test_prestate_setup_teardown(test_store__two_processes_race, setup,        \
                                                 teardown, prestate),                          \
        cmocka_unit_test_prestate_setup_teardown(test_store__opened_at_once, setup, teardown,  \
                                                 prestate),                                    \
        cmocka_unit_test_prestate_setup_teardown(test_store__foreign_and_other_version_refused,\
                                                 setup, teardown, prestate),                   \
        cmocka_unit_test_prestate_setup_teardown(test_store__bad_journal_refused, setup,       \
                                                 teardown, prestate),                          \
        cmocka_unit_test_prestate_setup_teardown(test_store__saved_game_replays, setup,        \
                                                 teardown, prestate),                          \
        cmocka_unit_test_prestate_setup_teardown(test_store__older_schema_upgraded, setup,     \
                                                 teardown, prestate),                          \
        cmocka_unit_test_prestate_setup_teardown(test_store__traces_kept, setup, teardown,     \
                                                 prestate),                                    \
        cmocka_unit_test_prestate_setup_teardown(test_store__chat_kept, setup, teardown,       \
                                                 prestate),                                    \
        cmocka_unit_test_prestate_setup_teardown(test_store__hosting_and_links, setup,         \
                                                 teardown, prestate),                          \
        cmocka_unit_test_prestate_setup_teardown(test_store__dice_secret_kept, setup,          \
                                                 teardown, prestate),                          \
    }

int main(void)
{
    const struct CMUnitTest on_sqlite[] = STORE_TESTS((void *)&sqlite_kind);
    const struct CMUnitTest on_postgres[] = STORE_TESTS((void *)&postgres_kind);
    const struct CMUnitTest sqlite_only[] = {
        cmocka_unit_test_prestate_setup_teardown(test_store__sqlite_wal_waits_for_a_writer, setup,
                                                 teardown, (void *)&sqlite_kind),
    };
    const struct CMUnitTest postgres_only[] = {
        cmocka_unit_test(test_store__postgres_address_refused),
    };
    int failed = cmocka_run_group_tests_name("store on SQLite", on_sqlite, NULL, NULL);
    failed += cmocka_run_group_tests_name("SQLite files", sqlite_only, NULL, NULL);
    failed += cmocka_run_group_tests_name("store on PostgreSQL", on_postgres, NULL, NULL);
    failed += cmocka_run_group_tests_name("PostgreSQL addresses", postgres_only, NULL, NULL);
    return failed;
}
