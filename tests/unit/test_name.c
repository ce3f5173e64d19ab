/* Unit tests: lb_name and lb_name_parse, the one lookup of the API's enum words, against the words the docs and the tables write. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "lb/lb.h"

/* Each kind answers its own table's word: the words as docs/scenario-format.md, docs/api.md and
 * docs/cli.md write them (a formation "line", a verdict "not-yours", a hexside "SW" ...). */
static void test_name__each_kind(void **unused)
{
    (void)unused;
    assert_string_equal(lb_name(LB_NAME_AI_LEVEL, LB_AI_BASELINE), "baseline");
    assert_string_equal(lb_name(LB_NAME_ARM, LB_ARM_CAVALRY), "cavalry");
    assert_string_equal(lb_name(LB_NAME_DECIDED_BY, LB_BY_STANDING), "standing");
    assert_string_equal(lb_name(LB_NAME_DECISION_KIND, LB_DECIDE_TRAMPLE), "trample");
    assert_string_equal(lb_name(LB_NAME_EDITION, LB_RULES_2017), "premier-2017");
    assert_string_equal(lb_name(LB_NAME_ERR, LB_INVALID), "LB_INVALID");
    assert_string_equal(lb_name(LB_NAME_FIRE_KIND, LB_FIRE_OPPORTUNITY), "opportunity");
    assert_string_equal(lb_name(LB_NAME_FORMATION, LB_FORM_CARRE), "carre");
    assert_string_equal(lb_name(LB_NAME_HEX_DIR, 4), "SW");
    assert_string_equal(lb_name(LB_NAME_MORALE_STATE, LB_STATE_ROUTED), "routed");
    assert_string_equal(lb_name(LB_NAME_OUTCOME, LB_OUTCOME_MARGINAL), "marginal");
    assert_string_equal(lb_name(LB_NAME_READINESS, LB_READY_TIRED), "tired");
    assert_string_equal(lb_name(LB_NAME_SEGMENT, LB_SEG_MOVEMENT), "movement");
    assert_string_equal(lb_name(LB_NAME_VERDICT, LB_REFUSED_NOT_YOURS), "not-yours");
    assert_string_equal(lb_name(LB_NAME_VERIFY_VERDICT, LB_VERIFY_NOT_YET), "not yet");
}

/* The words outside a table: a code no error has, a direction past NW (6), a kind with no words
 * of its own (retreat kinds are read, not written) and a kind that is none. */
static void test_name__outside(void **unused)
{
    (void)unused;
    assert_string_equal(lb_name(LB_NAME_ERR, -1), "LB_UNKNOWN");
    assert_string_equal(lb_name(LB_NAME_HEX_DIR, 6), "?");
    assert_null(lb_name(LB_NAME_RETREAT_KIND, LB_RETREAT_ROUT));
    assert_null(lb_name((lb_name_kind)99, 0));
}

/* The five kinds read back: each word to its value, and an unknown word, a kind that is not read
 * and a kind that is none to -1. */
static void test_name__parse(void **unused)
{
    (void)unused;
    assert_int_equal(lb_name_parse(LB_NAME_AI_LEVEL, "quick"), LB_AI_QUICK);
    assert_int_equal(lb_name_parse(LB_NAME_EDITION, "premier-2018"), LB_RULES_2018);
    assert_int_equal(lb_name_parse(LB_NAME_FIRE_KIND, "defensive"), LB_FIRE_DEFENSIVE);
    assert_int_equal(lb_name_parse(LB_NAME_FORMATION, "skirmish"), LB_FORM_SKIRMISH);
    assert_int_equal(lb_name_parse(LB_NAME_RETREAT_KIND, "flight"), LB_RETREAT_FLIGHT);
    assert_int_equal(lb_name_parse(LB_NAME_FORMATION, "phalanx"), -1);
    assert_int_equal(lb_name_parse(LB_NAME_ARM, "cavalry"), -1);
    assert_int_equal(lb_name_parse((lb_name_kind)99, "line"), -1);
    /* every word written reads back to its value */
    for (int f = LB_FORM_COLUMN; f < LB_FORM_NONE; f++)
        assert_int_equal(lb_name_parse(LB_NAME_FORMATION, lb_name(LB_NAME_FORMATION, f)), f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_name__each_kind),
        cmocka_unit_test(test_name__outside),
        cmocka_unit_test(test_name__parse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
