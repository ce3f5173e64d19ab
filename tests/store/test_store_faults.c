/* Store faults on both stores: kill -9 in a stream of appends, a full disk, a read-only database; a corrupt SQLite file; the PostgreSQL server stopped and restarted under appends. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"
#include "lb/lb.h"
#include "lb/store.h"
#include "store_int.h"

/*
 * The full-disk and read-only tests mount file systems (a small tmpfs, a read-only bind mount)
 * under the test server's temporary folder, which with_postgres.sh unmounts and removes however
 * the test ends: they need root, as make test has on CI.
 */

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

static lb_store *open_store(const char *where)
{
    lb_store *s;
    lb_err err = {0};
    if (lb_store_open(where, &s, &err) != LB_OK)
        fail_msg("%s", err.msg);
    return s;
}

/* Makes t a SQLite store in folder dir (which the test mounts or binds). */
static void sqlite_store_in(test_store *t, const char *dir)
{
    test_store_drop(t);
    snprintf(t->name, sizeof t->name, "%s/games.db", dir);
    snprintf(t->where, sizeof t->where, "%s", t->name);
}

static void must_mount(const char *source, const char *dir, const char *type, unsigned long flags,
                       const char *options)
{
    if (mount(source, dir, type, flags, options) != 0)
        fail_msg("cannot mount %s at %s (%s): this test needs root", source, dir, strerror(errno));
}

/* A row with a long key, so that a few appends fill a page. */
static lb_journal_entry long_row(const char *prefix, int k)
{
    char key[LB_OPTION_KEY_MAX];
    snprintf(key, sizeof key, "%s-%03d-%0100d", prefix, k, 0);
    return test_row(key);
}

/* Appends batch rows "PREFIX-k" at *seq; LB_OK moves *seq on. */
static int append_batch(lb_store *s, long long id, const char *prefix, int *seq, int batch,
                        lb_err *err)
{
    lb_journal_entry rows[64];
    assert_true(batch <= 64);
    for (int i = 0; i < batch; i++)
        rows[i] = long_row(prefix, *seq + i);
    int rc = lb_store_append(s, id, *seq, rows, batch, NULL, prefix, err);
    if (rc == LB_OK)
        *seq += batch;
    return rc;
}

/* The game holds exactly rows 0..n-1 with their keys. */
static void assert_rows(lb_store *s, long long id, const char *prefix, int n)
{
    lb_store_record r;
    lb_err err = {0};
    if (lb_store_load(s, id, &r, &err) != LB_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(r.journal.count, n);
    assert_int_equal(r.info.seq, n);
    for (int k = 0; k < n; k++)
        assert_string_equal(r.journal.entries[k].key, long_row(prefix, k).key);
    lb_store_record_release(&r);
}

/* ---- kill -9 in the middle of a stream of appends ---------------------------------------- */

typedef struct appended {
    int game;    /* 0 or 1 */
    int answers; /* answers of that game saved so far */
} appended;

/* Answer n (from 0) of the stream: "end", then its undo, and again; whether it was accepted. */
static bool play_answer(lb_game *g, int n)
{
    lb_game_answer a;
    int seq = lb_game_seq(g);
    int rc = n % 2 == 0 ? lb_game_decide(g, LB_ROLE_BOTH, seq, "end", &a)
                        : lb_game_undo(g, LB_ROLE_BOTH, seq, -1, &a);
    return rc == LB_OK && a.verdict == LB_ACCEPTED;
}

/* The child: answers both games in turn for ever, each answer saved (one transaction), and
 * tells the parent of each save that returned success. */
static void appender(const char *where, const long long ids[2], int out)
{
    lb_store *s;
    lb_err err = {0};
    if (lb_store_open(where, &s, &err) != LB_OK)
        _exit(2);
    lb_load_opts o = test_load_opts();
    lb_game *g[2];
    for (int i = 0; i < 2; i++)
        if (lb_store_open_game(s, ids[i], &o, &g[i], &err) != LB_OK)
            _exit(3);
    for (int i = 0;; i++) {
        appended r = {i % 2, i / 2 + 1};
        int seq = lb_game_seq(g[r.game]);
        if (!play_answer(g[r.game], i / 2))
            _exit(4);
        if (lb_store_append_game(s, ids[r.game], g[r.game], seq, &err) != LB_OK)
            _exit(5);
        if (write(out, &r, sizeof r) != sizeof r)
            _exit(6);
    }
}

/* The state after n answers of the stream on the demo with seed: its journal length and hash. */
static void after_answers(unsigned seed, int n, int *seq, uint64_t *hash)
{
    lb_game *g = test_demo(seed);
    for (int k = 0; k < n; k++)
        assert_true(play_answer(g, k));
    *seq = lb_game_seq(g);
    *hash = lb_game_hash(g);
    lb_game_free(g);
}

/* kill -9 of a process appending answers to two games: every save that returned success is
 * there, at most the one in flight more, and each game replays to its hash. */
static void test_store__kill9_mid_stream(void **state)
{
    test_store *t = *state;
    const unsigned seeds[2] = {5, 6};
    long long ids[2];
    lb_store *s = open_store(t->where);
    lb_err err = {0};
    for (int i = 0; i < 2; i++) {
        lb_game *g = test_demo(seeds[i]);
        assert_int_equal(lb_store_save_game(s, g, &ids[i], &err), LB_OK);
        lb_game_free(g);
    }
    lb_store_close(s);
    int out[2];
    assert_int_equal(pipe(out), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(out[0]);
        appender(t->where, ids, out[1]);
    }
    close(out[1]);
    int last[2] = {0, 0}, reports = 0;
    appended r;
    struct timespec t0, now;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (reports < 20 && read(out[0], &r, sizeof r) == sizeof r) {
        last[r.game] = r.answers;
        reports++;
    }
    assert_int_equal(reports, 20);
    clock_gettime(CLOCK_MONOTONIC, &now);
    struct timespec pause = {0, (now.tv_nsec % 200) * 1000000L}; /* 0-199 ms more */
    nanosleep(&pause, NULL);
    assert_int_equal(kill(pid, SIGKILL), 0);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    while (read(out[0], &r, sizeof r) == sizeof r) {
        last[r.game] = r.answers;
        reports++;
    }
    close(out[0]);
    clock_gettime(CLOCK_MONOTONIC, &now);
    print_message("killed after %.0f ms and %d saves reported\n",
                  (double)(now.tv_sec - t0.tv_sec) * 1e3 + (double)(now.tv_nsec - t0.tv_nsec) / 1e6,
                  reports);

    s = open_store(t->where);
    lb_load_opts o = test_load_opts();
    for (int i = 0; i < 2; i++) {
        lb_game *g;
        if (lb_store_open_game(s, ids[i], &o, &g, &err) != LB_OK)
            fail_msg("%s", err.msg);
        int seq, seq_next;
        uint64_t hash, hash_next;
        after_answers(seeds[i], last[i], &seq, &hash);
        after_answers(seeds[i], last[i] + 1, &seq_next, &hash_next);
        print_message("game %lld: %d answers reported saved, %d rows stored (%d or %d)\n", ids[i],
                      last[i], lb_game_seq(g), seq, seq_next);
        assert_true(lb_game_seq(g) == seq || lb_game_seq(g) == seq_next);
        assert_true(lb_game_hash(g) == (lb_game_seq(g) == seq ? hash : hash_next));
        lb_game_free(g);
    }
    lb_store_close(s);
}

/* ---- a full disk ------------------------------------------------------------------------- */

/* The disk fills under appends: the append that does not fit is refused with the reason, the
 * game keeps every row before it, and once there is room again the same append goes in. The
 * disk is a 320 KiB tmpfs: SQLite's file is there; PostgreSQL's journal table and its index are
 * moved to a tablespace there. */
static void test_store__full_disk(void **state)
{
    test_store *t = *state;
    char dir[256], options[96];
    test_dir(t->kind == TEST_SQLITE ? "full-sqlite" : "full-postgres", dir, sizeof dir);
    if (t->kind == TEST_SQLITE) {
        must_mount("tmpfs", dir, "tmpfs", 0, "size=320k");
        sqlite_store_in(t, dir);
    } else {
        const struct passwd *pw = getpwnam(getenv("LB_TEST_PG_USER"));
        assert_non_null(pw);
        snprintf(options, sizeof options, "size=320k,mode=0700,uid=%d,gid=%d", (int)pw->pw_uid,
                 (int)pw->pw_gid);
        must_mount("tmpfs", dir, "tmpfs", 0, options);
        char sql[400];
        snprintf(sql, sizeof sql, "CREATE TABLESPACE lbt_full LOCATION '%s'", dir);
        test_pg_admin(sql);
    }
    lb_store *s = open_store(t->where);
    if (t->kind == TEST_POSTGRES)
        test_store_sql(t, "ALTER TABLE journal SET TABLESPACE lbt_full;"
                          "ALTER INDEX journal_pkey SET TABLESPACE lbt_full");
    lb_err err = {0};
    long long id;
    assert_int_equal(lb_store_create(s, "full", "x.json", "{}", "{}", &id, &err), LB_OK);
    int seq = 0, rc = LB_OK, appends = 0;
    while (rc == LB_OK && appends++ < 500)
        rc = append_batch(s, id, "full", &seq, 40, &err);
    print_message("disk full after %d rows: %s\n", seq, err.msg);
    assert_int_equal(rc, LB_IO);
    char want[700];
    snprintf(want, sizeof want, "%s: game 1: cannot append: ", t->where);
    assert_memory_equal(err.msg, want, strlen(want));
    assert_non_null(strstr(err.msg, t->kind == TEST_SQLITE ? "database or disk is full"
                                                           : "No space left on device"));
    assert_true(seq >= 200);
    assert_rows(s, id, "full", seq);
    /* room again: the same append goes in */
    must_mount("tmpfs", dir, "tmpfs", MS_REMOUNT, "size=8m");
    assert_int_equal(append_batch(s, id, "full", &seq, 40, &err), LB_OK);
    assert_rows(s, id, "full", seq);
    lb_store_close(s);
    test_store_drop(t);
    if (t->kind == TEST_POSTGRES)
        test_pg_admin("DROP TABLESPACE lbt_full");
    assert_int_equal(umount2(dir, MNT_DETACH), 0);
}

/* ---- a read-only database ---------------------------------------------------------------- */

/* A store opened on a database it may only read: it loads, its appends and new games are
 * refused with the reason, and the game stays as it was. SQLite: the file through a read-only
 * bind mount of its folder (while a writer keeps it open); PostgreSQL: the database set
 * read-only (default_transaction_read_only, as for a replica). */
static void test_store__read_only(void **state)
{
    test_store *t = *state;
    char dir[256], ro_dir[256], ro_where[512];
    if (t->kind == TEST_SQLITE) {
        test_dir("ro-sqlite", dir, sizeof dir);
        test_dir("ro-sqlite-view", ro_dir, sizeof ro_dir);
        sqlite_store_in(t, dir);
        snprintf(ro_where, sizeof ro_where, "%s/games.db", ro_dir);
    } else {
        snprintf(ro_where, sizeof ro_where, "%s", t->where);
    }
    lb_store *w = open_store(t->where);
    lb_err err = {0};
    long long id;
    assert_int_equal(lb_store_create(w, "ro", "x.json", "{}", "{}", &id, &err), LB_OK);
    int seq = 0;
    assert_int_equal(append_batch(w, id, "ro", &seq, 2, &err), LB_OK);
    if (t->kind == TEST_SQLITE) {
        must_mount(dir, ro_dir, NULL, MS_BIND, NULL);
        must_mount(dir, ro_dir, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL);
    } else {
        test_pg_admin("ALTER DATABASE lb SET default_transaction_read_only = on");
    }
    lb_store *r = open_store(ro_where);
    assert_rows(r, id, "ro", 2);
    int at = seq;
    assert_int_equal(append_batch(r, id, "ro", &at, 1, &err), LB_IO);
    assert_int_equal(at, seq);
    char want[700];
    snprintf(want, sizeof want, "%s: game 1: cannot append: %s", ro_where,
             t->kind == TEST_SQLITE ? "attempt to write a readonly database"
                                    : "cannot execute INSERT in a read-only transaction");
    assert_string_equal(err.msg, want);
    long long other;
    assert_int_equal(lb_store_create(r, "ro2", "x.json", "{}", "{}", &other, &err), LB_IO);
    snprintf(want, sizeof want, "%s: cannot save a new game: ", ro_where);
    assert_memory_equal(err.msg, want, strlen(want));
    assert_rows(r, id, "ro", 2);
    lb_store_close(r);
    if (t->kind == TEST_SQLITE)
        must_mount(dir, ro_dir, NULL, MS_REMOUNT | MS_BIND, NULL);
    else
        test_pg_admin("ALTER DATABASE lb RESET default_transaction_read_only");
    /* writable again: the append goes in */
    r = open_store(ro_where);
    assert_int_equal(append_batch(r, id, "ro", &seq, 1, &err), LB_OK);
    assert_rows(w, id, "ro", 3);
    lb_store_close(r);
    lb_store_close(w);
    if (t->kind == TEST_SQLITE)
        assert_int_equal(umount2(ro_dir, MNT_DETACH), 0);
}

/* Whether the n bytes at buf hold text. */
static bool holds(const unsigned char *buf, size_t n, const char *text)
{
    size_t len = strlen(text);
    for (size_t i = 0; i + len <= n; i++)
        if (memcmp(buf + i, text, len) == 0)
            return true;
    return false;
}

/* ---- a corrupt SQLite file --------------------------------------------------------------- */

/* A journal page of game 1 overwritten: game 1 is refused naming the file and the game, game 2
 * loads and the list is served. The page is a leaf of the journal's b-tree (type 0x0a) holding
 * a row of game 1 and none of game 2. */
static void test_store__corrupt_file(void **state)
{
    test_store *t = *state;
    lb_store *s = open_store(t->where);
    lb_err err = {0};
    long long one, two;
    assert_int_equal(lb_store_create(s, "one", "x.json", "{}", "{}", &one, &err), LB_OK);
    assert_int_equal(lb_store_create(s, "two", "x.json", "{}", "{}", &two, &err), LB_OK);
    int seq1 = 0, seq2 = 0;
    for (int i = 0; i < 6; i++)
        assert_int_equal(append_batch(s, one, "g1", &seq1, 50, &err), LB_OK);
    assert_int_equal(append_batch(s, two, "g2", &seq2, 5, &err), LB_OK);
    lb_store_close(s); /* the last close moves the WAL into the file */

    FILE *f = fopen(t->name, "r+b");
    assert_non_null(f);
    unsigned char header[100];
    assert_int_equal(fread(header, 1, sizeof header, f), sizeof header);
    long page = header[16] << 8 | header[17];
    assert_int_equal(page, 4096);
    unsigned char buf[4096];
    long hit = -1;
    for (long p = 1; hit < 0 && fseek(f, p * page, SEEK_SET) == 0 &&
                     fread(buf, 1, sizeof buf, f) == sizeof buf;
         p++) {
        if (buf[0] == 0x0a && holds(buf, sizeof buf, "g1-150-") && !holds(buf, sizeof buf, "g2-"))
            hit = p;
    }
    assert_true(hit > 0);
    memset(buf, 0xa5, sizeof buf);
    assert_int_equal(fseek(f, hit * page, SEEK_SET), 0);
    assert_int_equal(fwrite(buf, 1, sizeof buf, f), sizeof buf);
    fclose(f);

    s = open_store(t->where);
    lb_store_record r;
    assert_int_equal(lb_store_load(s, one, &r, &err), LB_INVALID);
    char want[700];
    snprintf(want, sizeof want, "%s: game 1: cannot read the journal: database disk image is "
             "malformed", t->where);
    assert_string_equal(err.msg, want);
    lb_load_opts o = test_load_opts();
    lb_game *g = (lb_game *)&err;
    assert_int_equal(lb_store_open_game(s, one, &o, &g, &err), LB_INVALID);
    assert_null(g);
    assert_string_equal(err.msg, want);
    assert_rows(s, two, "g2", 5);
    lb_store_info *list;
    int n;
    assert_int_equal(lb_store_list(s, &list, &n, &err), LB_OK);
    assert_int_equal(n, 2);
    free(list);
    lb_store_close(s);
}

/* ---- the PostgreSQL server stopped and restarted ----------------------------------------- */

typedef struct attempt {
    char what;     /* 'o' saved, 'c' found saved after a lost answer, 'f' failed, 'e' wrong */
    int rc;
    char msg[240];
} attempt;

/* The child: appends "row:k" at k = 0, 1, … as fast as it can until the parent writes to stop,
 * telling the parent of each attempt; a failed one is tried again 20 ms later. A conflict means
 * the last attempt was committed though its answer was lost with the connection: the row must
 * be ours. */
static void restart_appender(const char *where, long long id, int stop, int out)
{
    lb_store *s;
    lb_err err = {0};
    if (lb_store_open(where, &s, &err) != LB_OK || fcntl(stop, F_SETFL, O_NONBLOCK) != 0)
        _exit(2);
    char word;
    for (int seq = 0; read(stop, &word, 1) != 1;) {
        char key[24];
        snprintf(key, sizeof key, "row:%d", seq);
        lb_journal_entry e = test_row(key);
        attempt a = {'o', lb_store_append(s, id, seq, &e, 1, NULL, "", &err), ""};
        snprintf(a.msg, sizeof a.msg, "%s", err.msg);
        if (a.rc == LB_CONFLICT) {
            lb_store_record r;
            a.what = 'e';
            if (lb_store_load(s, id, &r, &err) == LB_OK && r.journal.count > seq &&
                strcmp(r.journal.entries[seq].key, key) == 0)
                a.what = 'c';
            lb_store_record_release(&r);
        } else if (a.rc != LB_OK) {
            a.what = a.rc == LB_IO ? 'f' : 'e';
        }
        if (write(out, &a, sizeof a) != sizeof a || a.what == 'e')
            _exit(3);
        if (a.what == 'f')
            nanosleep(&(struct timespec){0, 20000000L}, NULL);
        else
            seq++;
    }
    lb_store_close(s);
    _exit(0);
}

/* Appends go on while the server is stopped and started again: while it is down each fails
 * cleanly (LB_IO, naming the address and the reason) and nothing is written; after, the same
 * connection comes back by itself and the appends go on; every row saved is there once, in
 * order. The server stops after 20 saves, starts after 3 failures; the appends stop 20 saves
 * after that. */
static void test_store__server_restart_under_load(void **state)
{
    test_store *t = *state;
    lb_store *s = open_store(t->where);
    lb_err err = {0};
    long long id;
    assert_int_equal(lb_store_create(s, "restart", "x.json", "{}", "{}", &id, &err), LB_OK);
    lb_store_close(s);
    int out[2], stop[2];
    assert_int_equal(pipe(out), 0);
    assert_int_equal(pipe(stop), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(out[0]);
        close(stop[1]);
        restart_appender(t->where, id, stop[0], out[1]);
    }
    close(out[1]);
    close(stop[0]);
    attempt a;
    int saved = 0, failed = 0, after = 0, stopped = 0, started = 0;
    char first_failure[sizeof a.msg] = "";
    while (read(out[0], &a, sizeof a) == sizeof a) {
        assert_true(a.what != 'e');
        if (a.what == 'f') {
            assert_int_equal(a.rc, LB_IO);
            if (!failed++)
                snprintf(first_failure, sizeof first_failure, "%s", a.msg);
            assert_memory_equal(a.msg, t->where, strlen(t->where));
            assert_non_null(strstr(a.msg, "the database server cannot be reached ("));
        } else {
            saved++;
            after += started;
        }
        if (saved == 20 && !stopped) {
            test_pg_ctl("stop");
            stopped = 1;
        }
        if (failed == 3 && !started) {
            test_pg_ctl("start");
            started = 1;
        }
        if (after == 20)
            assert_int_equal(write(stop[1], "s", 1), 1);
    }
    close(out[0]);
    close(stop[1]);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    print_message("%d appends saved, %d refused while the server was down (first: %s), %d after "
                  "it came back\n", saved, failed, first_failure, after);
    assert_true(failed >= 3 && after >= 20);
    s = open_store(t->where);
    lb_store_record r;
    assert_int_equal(lb_store_load(s, id, &r, &err), LB_OK);
    assert_int_equal(r.journal.count, saved);
    for (int k = 0; k < saved; k++) {
        char key[24];
        snprintf(key, sizeof key, "row:%d", k);
        assert_string_equal(r.journal.entries[k].key, key);
    }
    lb_store_record_release(&r);
    lb_store_close(s);
}

#define BOTH(test, prestate) cmocka_unit_test_prestate_setup_teardown(test, setup, teardown, prestate)

int main(void)
{
    const struct CMUnitTest on_sqlite[] = {
        BOTH(test_store__kill9_mid_stream, (void *)&sqlite_kind),
        BOTH(test_store__full_disk, (void *)&sqlite_kind),
        BOTH(test_store__read_only, (void *)&sqlite_kind),
        BOTH(test_store__corrupt_file, (void *)&sqlite_kind),
    };
    const struct CMUnitTest on_postgres[] = {
        BOTH(test_store__kill9_mid_stream, (void *)&postgres_kind),
        BOTH(test_store__full_disk, (void *)&postgres_kind),
        BOTH(test_store__read_only, (void *)&postgres_kind),
        BOTH(test_store__server_restart_under_load, (void *)&postgres_kind),
    };
    int failed = cmocka_run_group_tests_name("store faults on SQLite", on_sqlite, NULL, NULL);
    failed += cmocka_run_group_tests_name("store faults on PostgreSQL", on_postgres, NULL, NULL);
    return failed;
}
