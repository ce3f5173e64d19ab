/* Unit tests of the words of retreats: the lists their sentences name, and counts of paths beyond what an event's integer holds. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "retreat.h"
#include "lb/core.h"
#include "retreat_events.h"
#include "words.h"

/* The sentence of an event of kind with its nargs arguments (one at a time). */
static const char *sentence(int kind, const lb_event_arg *args, int nargs)
{
    static char buf[2048];
    lb_trace t;
    lb_trace_init(&t);
    lbi_trace_event(&t, "R-RET-4", "(30)", kind, args, nargs);
    assert_int_equal(t.count, 1);
    assert_true(lb_trace_step_fmt(&t.steps[0], buf, sizeof buf) < (int)sizeof buf);
    lb_trace_release(&t);
    return buf;
}

#define SENTENCE(kind, ...)                                                                      \
    sentence((kind), (const lb_event_arg[]){__VA_ARGS__},                                        \
             (int)(sizeof((const lb_event_arg[]){__VA_ARGS__}) / sizeof(lb_event_arg)))

/* R-RET-12: a count is exact below 2^64 - 1; one past 2^63 - 1 is written whole all the same. */
static void test_retreat_words__counts(void **unused)
{
    (void)unused;
    unsigned long long one = 1, twelve = 12, past = 9223372036854775808ull,
                       most = 18446744073709551614ull;
    assert_string_equal(SENTENCE(EV_RET_OPTIMUM, EV_COUNT(one), ev_int(1), ev_int(1), ev_int(0),
                                 ev_int(1)),
                        "1 optimal path of 1 hex: terrain cost 1, 0 hexes with friendly units, 1 "
                        "end hex");
    assert_string_equal(SENTENCE(EV_RET_OPTIMUM, EV_COUNT(twelve), ev_int(3), ev_int(5),
                                 ev_int(1), ev_int(2)),
                        "12 optimal paths of 3 hexes: terrain cost 5, 1 hex with friendly units, 2 "
                        "end hexes");
    assert_string_equal(SENTENCE(EV_RET_OPTIMUM, EV_COUNT(most), ev_int(60), ev_int(60),
                                 ev_int(0), ev_int(3011)),
                        "18446744073709551614 optimal paths of 60 hexes: terrain cost 60, 0 hexes "
                        "with friendly units, 3011 end hexes");
    assert_string_equal(SENTENCE(EV_RET_COUNT_EXACT, EV_COUNT(past), ev_int(10), ev_int(11),
                                 ev_int(1000), ev_int(1), ev_int(5), ev_int(9)),
                        "the count, 9223372036854775808, is exact, worked out over 10 hexes times "
                        "11 levels without listing a path; the first 1000 in label order kept, the "
                        "others streamed on request; every end hex (5) and every hex on an optimal "
                        "path (9) given");
    assert_string_equal(SENTENCE(EV_RET_COUNT_EXACT, EV_COUNT(twelve), ev_int(10), ev_int(11),
                                 ev_int(12), ev_int(0), ev_int(5), ev_int(9)),
                        "the count, 12, is exact, worked out over 10 hexes times 11 levels without "
                        "listing a path; the first 12 in label order kept; every end hex (5) and "
                        "every hex on an optimal path (9) given");
}

/* R-RET-14: the automatic choice h0 … hn, longer than any fixed list would hold. */
static void test_retreat_words__a_long_path(void **unused)
{
    (void)unused;
    lb_event_arg args[2 + 13];
    args[0] = ev_int(12);
    args[1] = ev_int(13);
    char label[8];
    for (int i = 0; i < 13; i++) {
        snprintf(label, sizeof label, "01%02d", i + 1);
        args[2 + i] = lbi_ev_label(label);
    }
    assert_string_equal(sentence(EV_RET_PATH, args, 15),
                        "the automatic choice written h0 … hn, the start then the 12 hexes "
                        "entered: 0101 0102 0103 0104 0105 0106 0107 0108 0109 0110 0111 0112 "
                        "0113");
    args[0] = ev_int(1);
    args[1] = ev_int(2);
    assert_string_equal(sentence(EV_RET_PATH, args, 4),
                        "the automatic choice written h0 … hn, the start then the 1 hex entered: "
                        "0101 0102");
}

/* R-RET-5, R-RET-13, R-RET-16, R-RET-17: the steps on and back from an end, the dearer steps, the
 * first hexes refused, each list with none, one or several items. */
static void test_retreat_words__lists(void **unused)
{
    (void)unused;
    assert_string_equal(SENTENCE(EV_RET_COMPLETE_LEFT, lbi_ev_label("0405"), ev_int(1), ev_int(0)),
                        "complete: the automatic choice stops in 0405 with 1 movement point left, "
                        "and every step R-RET-1 allows from there costs more: none");
    assert_string_equal(SENTENCE(EV_RET_COMPLETE_LEFT, lbi_ev_label("0405"), ev_int(2), ev_int(2),
                                 lbi_ev_label("0406"), ev_int(3), lbi_ev_label("0505"), ev_int(4)),
                        "complete: the automatic choice stops in 0405 with 2 movement points "
                        "left, and every step R-RET-1 allows from there costs more: 0406 (3 MP), "
                        "0505 (4 MP)");
    assert_string_equal(SENTENCE(EV_RET_STEPS_BACK, lbi_ev_label("0405"), ev_int(1),
                                 lbi_ev_label("0404")),
                        "from 0405 the step back to 0404, already on the path, is no step R-RET-1 "
                        "allows (no hex repeats): the path is complete all the same");
    assert_string_equal(SENTENCE(EV_RET_STEPS_BACK, lbi_ev_label("0405"), ev_int(2),
                                 lbi_ev_label("0404"), lbi_ev_label("0304")),
                        "from 0405 the steps back to 0404, 0304, already on the path, are no step "
                        "R-RET-1 allows (no hex repeats): the path is complete all the same");
    assert_string_equal(SENTENCE(EV_RET_NO_ONE_HEX, ev_int(2), ev_int(2), lbi_ev_label("0301"),
                                 ev_phrase(RET_PH_REFUSED, RET_REFUSED_FRIEND),
                                 lbi_ev_label("0302"),
                                 ev_phrase(RET_PH_REFUSED, RET_REFUSED_NO_FURTHER)),
                        "no legal path of exactly one hex (0301 holds a friendly combat unit; 0302 "
                        "is no further from the enemy), but legal paths of 2 hexes go on through "
                        "such a first hex: the unit retreats along them and does not surrender");
    assert_string_equal(SENTENCE(EV_RET_COSTS, ev_int(6), ev_int(3), ev_int(3), ev_int(2),
                                 lbi_ev_label("0301"), ev_int(2), ev_int(1), ev_int(1),
                                 lbi_ev_label("0401"), ev_int(3), ev_int(1), ev_int(2)),
                        "each step costs the terrain entered plus the hexside crossed and the "
                        "slope where elevations differ, counted once: the automatic choice costs "
                        "6, terrain 3, hexsides and slopes 3 (0301 2 = terrain 1 + 1, 0401 3 = "
                        "terrain 1 + 2)");
}

/* R-RET-3, R-RET-10: the kind named, and a verb that agrees with its count. */
static void test_retreat_words__kinds_and_plurals(void **unused)
{
    (void)unused;
    assert_string_equal(SENTENCE(EV_RET_LENGTH_GIVEN, ev_phrase(RET_PH_KIND, LB_RETREAT_ROUT),
                                 ev_int(4)),
                        "rout of exactly 4 hexes, as the rule that causes it says");
    assert_string_equal(SENTENCE(EV_RET_ZERO_STEPS, ev_int(1), lbi_ev_label("0203"), ev_int(5)),
                        "1 step costs 0 movement points (the first into 0203): each spends 1, so "
                        "a path enters at most one hex per movement point, 5 hexes at most");
    assert_string_equal(SENTENCE(EV_RET_ZERO_STEPS, ev_int(2), lbi_ev_label("0203"), ev_int(5)),
                        "2 steps cost 0 movement points (the first into 0203): each spends 1, so "
                        "a path enters at most one hex per movement point, 5 hexes at most");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_retreat_words__counts),
        cmocka_unit_test(test_retreat_words__a_long_path),
        cmocka_unit_test(test_retreat_words__lists),
        cmocka_unit_test(test_retreat_words__kinds_and_plurals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
