/* Unit tests of the words: the template language, and every event of every area having a sentence that renders. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decision_int.h"
#include "lb/core.h"
#include "los.h"
#include "los_events.h"
#include "words.h"
#include "answer_int.h"
#include "trace_int.h"

/* The template rendered with args into buf; returns the render's code. */
static int render(const char *tpl, const lb_event_arg *args, int nargs, char *buf, size_t n)
{
    lbi_text t = {0};
    int rc = lbi_words_render(tpl, args, nargs, &t);
    snprintf(buf, n, "%s", t.buf ? t.buf : "");
    lbi_text_release(&t);
    return rc;
}

static void test_words__arguments_by_kind(void **unused)
{
    (void)unused;
    char out[200];
    const lb_event_arg a[] = {ev_int(-3), ev_frac(15, 2), lbi_ev_label("0405"),
                              ev_unit_id("fr-6le-1"), ev_text("woods"), ev_roll(43),
                              ev_phrase(LOS_PH_VERDICT, LB_LOS_BLOCK_TERRAIN), ev_frac(24, 1)};
    assert_int_equal(render("{0} {1} {2} {3} {4} {5} {6} {7}", a, 8, out, sizeof out), LB_OK);
    assert_string_equal(out, "-3 15/2 0405 fr-6le-1 woods 43 blocking terrain 24");
    assert_int_equal(render("{0+} and {5+}, {0}{{}} {|} {{0}}", a, 8, out, sizeof out), LB_OK);
    assert_string_equal(out, "-3 and +43, -3{} | {0}");
    const lb_event_arg t[] = {ev_int(5), ev_int(0)};
    assert_int_equal(render("{0+} {1+} at {0:02}:{1:02}", t, 2, out, sizeof out), LB_OK);
    assert_string_equal(out, "+5 +0 at 05:00");
}

static void test_words__conditions_and_plurals(void **unused)
{
    (void)unused;
    char out[200];
    const lb_event_arg a[] = {ev_int(1), ev_int(2), ev_text(""), ev_text("x"), ev_int(0)};
    assert_int_equal(render("{0} hex{0#|es}, {1} hex{1#|es}", a, 5, out, sizeof out), LB_OK);
    assert_string_equal(out, "1 hex, 2 hexes");
    assert_int_equal(render("[{2?set {2}|unset}] [{3?set {3}|unset}] [{4?no}]", a, 5, out,
                            sizeof out), LB_OK);
    assert_string_equal(out, "[unset] [set x] []");
    /* a nested condition, and a bar written inside one */
    assert_int_equal(render("{3?a{1#|{1} of them}b{0?{|}c}|z}", a, 5, out, sizeof out), LB_OK);
    assert_string_equal(out, "a2 of themb|c");
}

static void test_words__lists(void **unused)
{
    (void)unused;
    char out[200];
    const lb_event_arg a[] = {ev_int(9), ev_int(3), lbi_ev_label("0101"), ev_int(1),
                              lbi_ev_label("0102"), ev_int(2), lbi_ev_label("0203"), ev_int(3)};
    assert_int_equal(render("{0}: {1*2:{0} ({1} MP)|, }.", a, 8, out, sizeof out), LB_OK);
    assert_string_equal(out, "9: 0101 (1 MP), 0102 (2 MP), 0203 (3 MP).");
    /* no separator; the items' own conditions; the separator sees the event's arguments */
    assert_int_equal(render("[{1*2:{0}{1#!|?}}] [{1*2:{1}|{0}}]", a, 8, out, sizeof out), LB_OK);
    assert_string_equal(out, "[0101!0102?0203?] [19293]");
    const lb_event_arg none[] = {ev_int(0)};
    assert_int_equal(render("({0*3:x|, })", none, 1, out, sizeof out), LB_OK);
    assert_string_equal(out, "()");
    assert_int_equal(render("{0?{0*1:x}|none}", none, 1, out, sizeof out), LB_OK);
    assert_string_equal(out, "none");
    /* a list of many: a path of 400 hexes */
    static lb_event_arg path[401];
    path[0] = ev_int(400);
    for (int i = 1; i <= 400; i++)
        path[i] = ev_int(i % 10);
    lbi_text t = {0};
    assert_int_equal(lbi_words_render("{0*1:{0}}", path, 401, &t), LB_OK);
    assert_int_equal(strlen(t.buf), 400);
    assert_int_equal(memcmp(t.buf, "1234567890", 10), 0);
    lbi_text_release(&t);
    /* more items than arguments, a negative count, K out of 1..9, parts missing */
    const char *bad[] = {"{1*3:{0}}", "{0*4:{0}|, }", "{0*0:x}", "{0*x:x}", "{0*2}",
                         "{0*2:x", "{0*2:x|y", "{0*2:{2}}"};
    const lb_event_arg b[] = {ev_int(1), ev_int(2), ev_int(3), ev_int(4)};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        assert_int_equal(render(bad[i], b, 4, out, sizeof out), LB_INVALID);
    const lb_event_arg neg[] = {ev_int(-1), ev_int(2)};
    assert_int_equal(render("{0*1:{0}}", neg, 2, out, sizeof out), LB_INVALID);
}

static void test_words__malformed_templates(void **unused)
{
    (void)unused;
    char out[64];
    const lb_event_arg a[] = {ev_int(1)};
    const char *bad[] = {"{1}", "{0", "{x}", "{0?a", "{0?a|b", "}", "{|", "{0:}", "{0+",
                         "{002", "{0?a|b|c}"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        assert_int_equal(render(bad[i], a, 1, out, sizeof out), LB_INVALID);
}

/* The arguments for template tpl: 2 each, but 0 (nothing said) where a sentence within it goes. */
static void filler(const char *tpl, lb_event_arg *args, int n)
{
    for (int k = 0; k < n; k++)
        args[k] = ev_int(2);
    for (const char *p = strstr(tpl, ">}"); p; p = strstr(p + 2, ">}")) {
        const char *q = p;
        while (q > tpl && q[-1] >= '0' && q[-1] <= '9')
            q--;
        int k = atoi(q);
        if (k < n)
            args[k] = ev_int(0);
    }
}

/* Every event of every area has a sentence that renders with enough arguments of any kind,
 * and every phrase list has its entries. */
static void test_words__every_event_has_words(void **unused)
{
    (void)unused;
    lb_event_arg args[64]; /* the most any sentence takes: a fire's sum of its firers */
    int areas = 0;
    for (int area = 1; area < LBI_EVA_COUNT; area++) {
        const lbi_words *w = lbi_words_of(area);
        if (!w)
            continue;
        areas++;
        for (int i = 1; i < w->nsentences; i++) {
            assert_non_null(w->sentences[i]);
            char out[1024];
            filler(w->sentences[i], args, 64);
            assert_int_equal(render(w->sentences[i], args, 64, out, sizeof out), LB_OK);
        }
        for (int i = 1; i < w->nphrases; i++) {
            assert_true(w->phrases[i].count > 0);
            for (int k = 0; k < w->phrases[i].count; k++)
                assert_non_null(w->phrases[i].list[k]);
        }
    }
    assert_true(areas >= 1);
}

/* A sentence within a sentence: argument N holds its kind, the arguments after N its own. */
static void test_words__a_sentence_within_a_sentence(void **unused)
{
    (void)unused;
    char out[200];
    const lb_event_arg a[] = {ev_text("why"), ev_int(EV_LOS_CLEAR), lbi_ev_label("0101"),
                              lbi_ev_label("0405")};
    assert_int_equal(render("{0}: {1>}.", a, 4, out, sizeof out), LB_OK);
    assert_string_equal(out, "why: 0101 sees 0405: nothing on the line blocks.");
    /* its arguments are numbered from 0 again, and it may hold another */
    const lb_event_arg b[] = {ev_int(7), ev_int(EV_LOS_MAP_PLAIN), ev_int(1), lbi_ev_label("0102")};
    assert_int_equal(render("[{1>}] {0}", b, 4, out, sizeof out), LB_OK);
    assert_string_equal(out, "[1 hex seen: nothing on the line blocks (first 0102)] 7");
    /* kind 0: nothing said */
    const lb_event_arg none[] = {ev_text("x"), ev_int(0)};
    assert_int_equal(render("{0}<{1>}>", none, 2, out, sizeof out), LB_OK);
    assert_string_equal(out, "x<>");
    /* a kind with no words, too few arguments for it, or an argument that is no kind */
    const lb_event_arg bad[] = {ev_int(LBI_EVENT_KIND(LBI_EVA_LOS, 250)), ev_int(EV_LOS_CLEAR),
                                lbi_ev_label("0101"), ev_text("x")};
    assert_int_equal(render("{0>}", bad, 4, out, sizeof out), LB_INVALID);
    assert_int_equal(render("{1>}", bad, 3, out, sizeof out), LB_INVALID);
    assert_int_equal(render("{3>}", bad, 4, out, sizeof out), LB_INVALID);
    assert_int_equal(render("{1>", bad, 4, out, sizeof out), LB_INVALID);
    /* a said holding another */
    lb_said said = {0};
    LBI_SAY(&said, EV_LOS_PAIR, lbi_ev_label("0102"), lbi_ev_label("0103"),
            ev_phrase(LOS_PH_VERDICT, LB_LOS_OPEN), ev_phrase(LOS_PH_VERDICT, LB_LOS_BLOCK_WALL));
    lb_event_arg c[LB_SAID_ARGS_MAX + 2] = {ev_text("first"), ev_int(said.event)};
    for (int k = 0; k < said.nargs; k++)
        c[2 + k] = said.args[k];
    assert_int_equal(render("{0}; {1>}", c, said.nargs + 2, out, sizeof out), LB_OK);
    assert_string_equal(out, "first; edge pair 0102|0103 judged hex by hex: 0102 clear, 0103 "
                             "wall; the pair blocks if either does");
}

static void test_words__step_and_its_sentence(void **unused)
{
    (void)unused;
    lb_trace t;
    lb_trace_init(&t);
    LBI_EVENT(&t, "R-LOS-3", "(23)", EV_LOS_MAP_PLAIN, ev_int(1), lbi_ev_label("0102"));
    LBI_EVENT(&t, "R-LOS-3", "(23)", EV_LOS_MAP_PLAIN, ev_int(7), lbi_ev_label("0103"));
    lb_trace_add(&t, "R-X-1", "(1)", "a sentence of %d words", 5);
    char out[128];
    assert_int_equal(lb_trace_step_fmt(&t.steps[0], out, sizeof out), 51);
    assert_string_equal(out, "1 hex seen: nothing on the line blocks (first 0102)");
    lb_trace_step_fmt(&t.steps[1], out, sizeof out);
    assert_string_equal(out, "7 hexes seen: nothing on the line blocks (first 0103)");
    lb_trace_step_fmt(&t.steps[2], out, sizeof out);
    assert_string_equal(out, "a sentence of 5 words");
    /* cut short, but the length said */
    assert_int_equal(lb_trace_step_fmt(&t.steps[0], out, 5), 51);
    assert_string_equal(out, "1 he");
    lb_trace copy;
    lb_trace_init(&copy);
    lb_trace_copy_step(&copy, &t.steps[1]);
    lb_trace_step_fmt(&copy.steps[0], out, sizeof out);
    assert_string_equal(out, "7 hexes seen: nothing on the line blocks (first 0103)");
    lb_trace_release(&copy);
    lb_trace_release(&t);
}

static void test_words__said_and_decisions(void **unused)
{
    (void)unused;
    lb_said said = {0};
    char out[128];
    assert_int_equal(lb_said_fmt(&said, out, sizeof out), 0);
    assert_string_equal(out, "");
    LBI_SAY(&said, EV_LOS_CLEAR, lbi_ev_label("0101"), lbi_ev_label("0405"));
    lb_said_fmt(&said, out, sizeof out);
    assert_string_equal(out, "0101 sees 0405: nothing on the line blocks");

    lb_decision d;
    lbi_decision_said_init(&d, LB_DECIDE_PATH, 0, "fr-1", "R-LOS-2", &said);
    lb_said a = {0}, b = {0};
    LBI_SAY(&a, EV_LOS_ADJACENT, lbi_ev_label("0101"), lbi_ev_label("0102"));
    LBI_SAY(&b, EV_LOS_SELF, lbi_ev_label("0101"), lbi_ev_label("0101"));
    for (int i = 0; i < 40; i++) { /* past the decision's key index and several growths */
        char key[8];
        snprintf(key, sizeof key, "k%d", i);
        assert_int_equal(lbi_decision_said_add(&d, key, i % 2 ? &b : &a), LB_OK);
    }
    assert_int_equal(lbi_decision_said_add(&d, "k3", &a), LB_INVALID); /* a key twice */
    assert_int_equal(lb_decision_add(&d, "plain", "written %d", 1), LB_OK);
    assert_string_equal(d.prompt, "");
    lb_decision_words(&d);
    assert_string_equal(d.prompt, "0101 sees 0405: nothing on the line blocks");
    assert_int_equal(d.noptions, 41);
    assert_string_equal(d.options[0].text, "0101 and 0102 are adjacent: they always see each other");
    assert_string_equal(d.options[39].text, "0101 is 0101: a hex sees itself");
    assert_string_equal(d.options[40].text, "written 1");
    assert_int_equal(lb_decision_find(&d, "k39"), 39);
    lb_decision_release(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_words__arguments_by_kind),
        cmocka_unit_test(test_words__conditions_and_plurals),
        cmocka_unit_test(test_words__lists),
        cmocka_unit_test(test_words__malformed_templates),
        cmocka_unit_test(test_words__every_event_has_words),
        cmocka_unit_test(test_words__a_sentence_within_a_sentence),
        cmocka_unit_test(test_words__step_and_its_sentence),
        cmocka_unit_test(test_words__said_and_decisions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
