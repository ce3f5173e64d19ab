/* Unit tests: store addresses as they are printed, every password hidden in any spelling, and libpq's messages about an address that cannot be read scrubbed of them. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <libpq-fe.h>
#include <stdio.h>
#include <string.h>

#include "address.h"
#include "lb/store.h"

static const char *shown(const char *address)
{
    static char buf[512];
    return lb_store_printable(address, buf, sizeof buf);
}

/* A URI's password in the user part, and as a parameter whose key is a password's in any case
 * or percent-encoding; the rest as written. */
static void test_store_address__uri(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"postgresql://user:pw@host/db?pass%77ord=s3cret2",
         "postgresql://user:***@host/db?pass%77ord=***"},
        {"postgresql://user:pass@host/db?pass%77ord=s3cret2",
         "postgresql://user:***@host/db?pass%77ord=***"},
        {"postgresql://lb:s3cret@/db?host=/tmp/x&password=two&port=5",
         "postgresql://lb:***@/db?host=/tmp/x&password=***&port=5"},
        {"postgres://u@h/db?PASSWORD=x", "postgres://u@h/db?PASSWORD=***"},
        {"postgresql://u@h/db?pass%57ORD=x&sslpassword=k",
         "postgresql://u@h/db?pass%57ORD=***&sslpassword=***"},
        {"postgresql://h/db?%70assword=zz", "postgresql://h/db?%70assword=***"},
        {"postgresql://h/db?%50%41%53%53%57%4f%52%44=zz", "postgresql://h/db?%50%41%53%53%57%4f%52%44=***"},
        /* a password holding '@': up to the last '@' of the host part */
        {"postgresql://u:p@ss@h/db", "postgresql://u:***@h/db"},
        {"postgresql://u:p%40ss@h:5432/db", "postgresql://u:***@h:5432/db"},
        /* nothing to hide: a user alone, an empty password, a parameter that is not one */
        {"postgresql://lb@/lb?host=/tmp/d&port=5", "postgresql://lb@/lb?host=/tmp/d&port=5"},
        {"postgresql://u@h/db?password=", "postgresql://u@h/db?password="},
        {"postgresql://u@h/db?passfile=/home/u/.pgpass", "postgresql://u@h/db?passfile=/home/u/.pgpass"},
        /* only what stands as a password is hidden: a database of the same name is shown */
        {"postgresql://u:hunter2@h/hunter2", "postgresql://u:***@h/hunter2"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        assert_string_equal(shown(cases[i][0]), cases[i][1]);
}

/* A keyword/value connection string: password=VALUE, quoted or not, spaces around '=', the key
 * in any case; a SQLite file's name as it is. */
static void test_store_address__keywords_and_files(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"host=db password='x y' dbname=games", "host=db password=*** dbname=games"},
        {"host=db password = s3cret user=lb", "host=db password = *** user=lb"},
        {"host=db PassWord=a\\ b user=lb", "host=db PassWord=*** user=lb"},
        {"sslpassword='it\\'s' host=x", "sslpassword=*** host=x"},
        {"games.db", "games.db"},
        {"/tmp/a=b/games.db", "/tmp/a=b/games.db"},
        {"", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        assert_string_equal(shown(cases[i][0]), cases[i][1]);
}

/* Cut to fit; past 64 passwords the whole address is hidden rather than some of it shown. */
static void test_store_address__limits(void **state)
{
    (void)state;
    char small[16];
    assert_string_equal(lb_store_printable("postgresql://u:s3cret@h/db", small, sizeof small),
                        "postgresql://u:");
    char many[2048] = "postgresql://h/db?port=5";
    for (int i = 0; i < 70; i++)
        snprintf(many + strlen(many), sizeof many - strlen(many), "&password=pw%d", i);
    assert_string_equal(shown(many), "***");
}

/* An address libpq cannot read: refused naming it as printed; libpq's message, which quotes the
 * address or the piece it could not read, scrubbed of the password. */
static void test_store_address__libpq_messages_scrubbed(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"postgresql://u:s3cret@[::1/db",
         "postgresql://u:***@[::1/db: not a PostgreSQL address: end of string reached when "
         "looking for matching \"]\" in IPv6 host address in URI: \"postgresql://u:***@[::1/db\""},
        {"postgresql://u:s3%zzcret@h/db",
         "postgresql://u:***@h/db: not a PostgreSQL address: invalid percent-encoded token: "
         "\"***\""},
        {"postgresql://u@h/db?password=a%zz",
         "postgresql://u@h/db?password=***: not a PostgreSQL address: invalid percent-encoded "
         "token: \"***\""},
        {"postgresql://u@h/db?pass%57ord=s3cret",
         "postgresql://u@h/db?pass%57ord=***: not a PostgreSQL address: invalid URI query "
         "parameter: \"passWord\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        lb_store *s = NULL;
        lb_err err = {0};
        assert_int_equal(lb_store_open(cases[i][0], &s, &err), LB_INVALID);
        assert_null(s);
        assert_string_equal(err.msg, cases[i][1]);
    }
}

/* The hidden parts hold every password libpq's parser reads, on 20,000 addresses made of the
 * pieces where readings may differ (schemes, '@', ':', quotes, backslashes, percent-escapes). */
static void test_store_address__read_as_libpq_reads(void **state)
{
    (void)state;
    static const char *const pieces[] = {
        "u", ":", "@", "/", "?", "&", "=", "password", "pass%77ord", "%70assword", "sslpassword",
        "'", "\\", " ", "x", "pw", "host", "h", "db", "dbname", "%40", "%3A", "[", "]", ",",
        "user", "%", "%zz", "u:pw@", "?password=", "&sslpassword=", " password='", "password=",
        "?pass%77ord=", "host=h "};
    static const char *const schemes[] = {"postgresql://", "postgres://", "", "POSTGRES://"};
    uint32_t next = 12345; /* a fixed sequence: the same addresses every run */
    int with_password = 0;
    for (int i = 0; i < 20000; i++) {
        char address[400];
        next = next * 1103515245u + 12345u;
        snprintf(address, sizeof address, "%s", schemes[(next >> 16) % 4]);
        for (int k = 1 + (int)((next >> 8) % 12); k > 0; k--) {
            next = next * 1103515245u + 12345u;
            strcat(address, pieces[(next >> 16) % (sizeof pieces / sizeof *pieces)]);
        }
        assert_int_equal(lbi_address_missed(address), 0);
        char *error = NULL;
        PQconninfoOption *options = PQconninfoParse(address, &error);
        PQfreemem(error);
        int has = 0;
        for (PQconninfoOption *o = options; o && o->keyword; o++)
            has |= o->val && *o->val && o->dispchar[0] == '*';
        PQconninfoFree(options);
        with_password += has;
    }
    /* the pieces make addresses that hold a password often enough to mean something */
    assert_true(with_password > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_store_address__uri),
        cmocka_unit_test(test_store_address__keywords_and_files),
        cmocka_unit_test(test_store_address__limits),
        cmocka_unit_test(test_store_address__libpq_messages_scrubbed),
        cmocka_unit_test(test_store_address__read_as_libpq_reads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
