/* Unit tests of decisions and the journal: options (3,000 of them through the keys' index), standing answers, JSON round trips, and replays that rebuild a charge exactly. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/lb.h"
#include "state_int.h"
#include "decision_int.h"
#include "charge_int.h"
#include "answer_int.h"
#include "action_int.h"

/* The scenario of a rule case file (tests/cases/NAME.json), loaded. */
static lb_state *case_scenario(const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "tests/cases/%s.json", name);
    json_error_t jerr;
    json_t *c = json_load_file(path, 0, &jerr);
    assert_non_null(c);
    char *text = json_dumps(json_object_get(c, "scenario"), 0);
    json_decref(c);
    lb_load_opts opts = {0};
    lb_errlist errs = {0};
    lb_state *st = NULL;
    lb_scenario_load(path, text, strlen(text), &opts, &st, &errs);
    lb_errlist_release(&errs);
    free(text);
    assert_non_null(st);
    return st;
}

static void path_of(const lb_state *st, lb_charge_req *req, const char *labels)
{
    req->npath = lb_map_parse_labels(&st->map, labels, req->path, LB_CHARGE_PATH_MAX, NULL);
    assert_true(req->npath > 0);
}

static void test_decision__options_and_keys(void **state)
{
    (void)state;
    lb_decision d;
    lb_decision_init(&d, LB_DECIDE_RESPONSE, 1, "au-inf", "R-CHG-2", "stand or %s?", "carre");
    assert_string_equal(d.prompt, "stand or carre?");
    assert_string_equal(d.subject, "au-inf");
    assert_int_equal(lb_decision_add(&d, "stand", "stand: %d", 1), LB_OK);
    assert_int_equal(lb_decision_add(&d, "carre", "attempt"), LB_OK);
    assert_int_equal(lb_decision_add(&d, "stand", "again"), LB_INVALID);
    assert_int_equal(lb_decision_add(&d, "", "empty"), LB_INVALID);
    char long_key[LB_OPTION_KEY_MAX + 1];
    memset(long_key, 'k', sizeof long_key - 1);
    long_key[sizeof long_key - 1] = '\0';
    assert_int_equal(lb_decision_add(&d, long_key, "too long"), LB_INVALID);
    for (int i = 0; i < 10; i++) { /* grows past its first capacity */
        char key[8];
        snprintf(key, sizeof key, "k%d", i);
        assert_int_equal(lb_decision_add(&d, key, "more"), LB_OK);
    }
    assert_int_equal(d.noptions, 12);
    assert_int_equal(lb_decision_find(&d, "carre"), 1);
    assert_int_equal(lb_decision_find(&d, "k9"), 11);
    assert_int_equal(lb_decision_find(&d, "rout"), -1);
    assert_string_equal(d.options[0].text, "stand: 1");
    lb_decision moved = {0};
    lb_decision_move(&moved, &d);
    assert_int_equal(d.noptions, 0);
    assert_null(d.options);
    assert_int_equal(moved.noptions, 12);
    lb_decision_release(&moved);
    lb_decision_release(&d);
}

/* A decision of 3,000 options with their actions, listed as the game lists a side's moves (the
 * room reserved first, or grown as they come): each key found at the place it was added, a key
 * met again refused with the decision as it was, a text past the room cut as "%s" would. */
static void test_decision__many_options_indexed(void **state)
{
    (void)state;
    for (int reserved = 0; reserved < 2; reserved++) {
        lb_decision d;
        lb_decision_init(&d, LB_DECIDE_ACTION, 0, "", "R-GAME-3", "act");
        if (reserved)
            assert_int_equal(lbi_decision_reserve(&d, 3000), LB_OK);
        lb_action a;
        char key[32], text[LB_OPTION_TEXT_MAX + 40];
        for (int i = 0; i < 3000; i++) {
            lb_action_init(&a, i % 2 ? LB_VERB_MOVE : LB_VERB_FACE);
            a.number = i;
            snprintf(key, sizeof key, "move:u%d:%04d", i / 100, i % 100);
            snprintf(text, sizeof text, "option %d", i);
            assert_int_equal(lbi_decision_act_add(&d, key, NULL, &a, text), LB_OK);
        }
        /* again: refused, nothing added, the last option's action as it was */
        lb_action_init(&a, LB_VERB_PASS);
        assert_int_equal(lbi_decision_act_add(&d, "move:u7:0042", NULL, &a, "again"), LB_INVALID);
        assert_int_equal(d.noptions, 3000);
        assert_int_equal(lb_decision_action(&d, 2999)->verb, LB_VERB_MOVE);
        assert_int_equal(lb_decision_action(&d, 2999)->number, 2999);
        for (int i = 0; i < 3000; i += 7) {
            snprintf(key, sizeof key, "move:u%d:%04d", i / 100, i % 100);
            assert_int_equal(lb_decision_find(&d, key), i);
            assert_int_equal(lb_decision_action(&d, i)->number, i);
            assert_int_equal(lb_decision_action(&d, i)->verb, i % 2 ? LB_VERB_MOVE : LB_VERB_FACE);
            snprintf(text, sizeof text, "option %d", i);
            assert_string_equal(d.options[i].text, text);
        }
        assert_int_equal(lb_decision_find(&d, "move:u30:0000"), -1); /* past the last */
        assert_int_equal(lb_decision_find(&d, "move:u7:042"), -1);
        memset(text, 't', sizeof text - 1);
        text[sizeof text - 1] = '\0';
        assert_int_equal(lbi_decision_act_add(&d, "long", NULL, &a, text), LB_OK);
        assert_int_equal(strlen(d.options[3000].text), LB_OPTION_TEXT_MAX - 1);
        assert_int_equal(lb_decision_find(&d, "long"), 3000);
        assert_int_equal(lb_decision_action(&d, 3000)->verb, LB_VERB_PASS);
        lb_decision_release(&d);
    }
}

/* Options added unchecked (a side's moves, lbi_decision_defer) and indexed at the end: a key
 * met again is taken away as its add would have been refused (the first kept, with its text
 * and action, the others' order unchanged), and each key is found at its place. 2,000 keys, the
 * multiples of 100 added a second time after the key past them: 2,000 options, 20 taken away;
 * and without a repeat the index built slot after slot. */
static void test_decision__deferred_index(void **state)
{
    (void)state;
    for (int repeats = 0; repeats < 2; repeats++) {
        lb_decision d;
        lb_decision_init(&d, LB_DECIDE_ACTION, 0, "", "R-GAME-3", "act");
        lbi_decision_defer(&d);
        assert_int_equal(lbi_decision_reserve(&d, 2100), LB_OK);
        lb_action a;
        char key[32], text[32];
        for (int i = 0; i < 2000; i++) {
            lb_action_init(&a, LB_VERB_MOVE);
            a.number = i;
            snprintf(key, sizeof key, "move:u%d:%04d", i / 100, i % 100);
            snprintf(text, sizeof text, "option %d", i);
            assert_int_equal(lbi_decision_act_add(&d, key, NULL, &a, text), LB_OK);
            if (repeats && i % 100 == 1) { /* i - 1 again */
                snprintf(key, sizeof key, "move:u%d:%04d", i / 100, 0);
                a.number = -1;
                assert_int_equal(lbi_decision_act_add(&d, key, NULL, &a, "again"), LB_OK);
            }
        }
        assert_int_equal(d.noptions, repeats ? 2020 : 2000);
        assert_int_equal(lbi_decision_index(&d), LB_OK);
        assert_int_equal(d.noptions, 2000);
        for (int i = 0; i < 2000; i++) {
            snprintf(key, sizeof key, "move:u%d:%04d", i / 100, i % 100);
            assert_int_equal(lb_decision_find(&d, key), i);
            assert_string_equal(d.options[i].key, key);
            snprintf(text, sizeof text, "option %d", i);
            assert_string_equal(d.options[i].text, text);
            assert_int_equal(lb_decision_action(&d, i)->number, i);
        }
        assert_int_equal(lb_decision_find(&d, "move:u20:0000"), -1);
        /* indexed again: an add checks its key */
        assert_int_equal(lbi_decision_act_add(&d, "move:u3:0007", NULL, &a, "again"), LB_INVALID);
        assert_int_equal(lbi_decision_act_add(&d, "end", NULL, &a, "end"), LB_OK);
        assert_int_equal(lb_decision_find(&d, "end"), 2000);
        lb_decision_release(&d);
    }
}

static void test_decision__standing_answers(void **state)
{
    (void)state;
    lb_decision d;
    lb_decision_init(&d, LB_DECIDE_TARGET, 0, "au-2", "R-CHG-1", "target?");
    lb_decision_add(&d, "target", "yes");
    lb_decision_add(&d, "not-target", "no");
    const lb_standing rules[] = {
        {LB_DECIDE_RESPONSE, NULL, "stand"},      /* another kind */
        {LB_DECIDE_TARGET, "au-1", "target"},     /* another subject */
        {LB_DECIDE_TARGET, NULL, "maybe"},        /* not an option: skipped */
        {LB_DECIDE_TARGET, NULL, "not-target"}};
    assert_int_equal(lb_decision_standing(&d, rules, 4), 1);
    assert_int_equal(lb_decision_standing(&d, rules, 3), -1);
    snprintf(d.subject, sizeof d.subject, "au-1");
    assert_int_equal(lb_decision_standing(&d, rules, 4), 0);
    lb_decision_release(&d);
    assert_string_equal(lb_decision_kind_name(LB_DECIDE_TRAMPLE), "trample");
    assert_int_equal(lb_decision_kind_parse("engage"), LB_DECIDE_ENGAGE);
    assert_int_equal(lb_decision_kind_parse("nope"), -1);
    assert_int_equal(lb_decided_by_parse("standing"), LB_BY_STANDING);
}

static void test_decision__journal_json_round_trip(void **state)
{
    (void)state;
    lb_journal j;
    lb_journal_init(&j);
    lb_decision d;
    lb_decision_init(&d, LB_DECIDE_PATH, 1, "au-inf", "R-CHG-24", "where?");
    lb_decision_add(&d, "0302", "end in 0302");
    lb_decision_add(&d, "0402", "end in 0402");
    assert_int_equal(lb_journal_decision(&j, &d, 1, LB_BY_PLAYER), LB_OK);
    assert_int_equal(lb_journal_roll(&j, LB_DIE_TWO, 43, "carre roll"), LB_OK);
    assert_int_equal(lb_journal_roll(&j, LB_DIE_ONE, 5, "recall"), LB_OK);
    assert_int_equal(lb_journal_decision(&j, &d, 0, LB_BY_AUTO), LB_OK);
    lb_decision_release(&d);
    char *text;
    assert_int_equal(lb_journal_to_json(&j, &text), LB_OK);
    assert_string_equal(text,
                        "{\"format\":\"labataille-journal/1\",\"entries\":["
                        "{\"decision\":\"path\",\"side\":1,\"subject\":\"au-inf\",\"key\":\"0402\","
                        "\"by\":\"player\"},"
                        "{\"die\":\"roll\",\"value\":43,\"purpose\":\"carre roll\"},"
                        "{\"die\":\"die\",\"value\":5,\"purpose\":\"recall\"},"
                        "{\"decision\":\"path\",\"side\":1,\"subject\":\"au-inf\",\"key\":\"0302\","
                        "\"by\":\"auto\"}]}");
    lb_journal back;
    lb_err err;
    assert_int_equal(lb_journal_from_json(text, strlen(text), &back, &err), LB_OK);
    assert_int_equal(back.count, 4);
    assert_int_equal(memcmp(back.entries, j.entries, 4 * sizeof *j.entries), 0);
    free(text);
    lb_journal_truncate(&back, 2);
    assert_int_equal(back.count, 2);
    lb_journal copy;
    assert_int_equal(lb_journal_copy(&copy, &back), LB_OK);
    assert_int_equal(copy.count, 2);
    assert_int_equal(copy.entries[1].value, 43);
    lb_journal_release(&copy);
    lb_journal_release(&back);
    lb_journal_release(&j);
}

static void test_decision__journal_json_errors(void **state)
{
    (void)state;
    lb_journal j;
    lb_err err;
    const char *syntax = "{\"format\": ";
    assert_int_equal(lb_journal_from_json(syntax, strlen(syntax), &j, &err), LB_SYNTAX);
    const char *format = "{\"format\":\"labataille-journal/2\",\"entries\":[]}";
    assert_int_equal(lb_journal_from_json(format, strlen(format), &j, &err), LB_INVALID);
    assert_string_equal(err.path, "/");
    const char *roll = "{\"format\":\"labataille-journal/1\",\"entries\":["
                       "{\"die\":\"roll\",\"value\":43,\"purpose\":\"a\"},"
                       "{\"die\":\"roll\",\"value\":47,\"purpose\":\"b\"}]}";
    assert_int_equal(lb_journal_from_json(roll, strlen(roll), &j, &err), LB_INVALID);
    assert_string_equal(err.path, "/entries/1");
    assert_string_equal(err.msg, "expected a roll 11-66 or a die 1-6 with its purpose");
    const char *kind = "{\"format\":\"labataille-journal/1\",\"entries\":["
                       "{\"decision\":\"retreat\",\"side\":0,\"subject\":\"x\",\"key\":\"k\","
                       "\"by\":\"player\"}]}";
    assert_int_equal(lb_journal_from_json(kind, strlen(kind), &j, &err), LB_INVALID);
    assert_string_equal(err.path, "/entries/0");
    const char *empty = "{\"format\":\"labataille-journal/1\",\"entries\":[]}";
    assert_int_equal(lb_journal_from_json(empty, strlen(empty), &j, &err), LB_OK);
    assert_int_equal(j.count, 0);
    lb_journal_release(&j);
}

/* Runs a charge to its end with scripted dice and answers taken in order. */
static lb_charge *play(const lb_state *st, const lb_charge_req *req, const char *dice_list,
                       const char *const *answers, int nanswers)
{
    lb_charge *ch;
    assert_int_equal(lb_charge_new(st, req, &ch, NULL), LB_OK);
    lb_dice dice;
    assert_int_equal(lb_dice_init_script(&dice, dice_list, NULL), 0);
    int next = 0;
    for (;;) {
        assert_int_equal(lb_charge_resolve(ch, &dice), LB_OK);
        if (lb_charge_status_of(ch) != LB_CHARGE_DECIDE)
            break;
        assert_true(next < nanswers);
        assert_int_equal(lb_charge_answer(ch, answers[next++]), LB_OK);
    }
    assert_int_equal(next, nanswers);
    return ch;
}

static void assert_same_charge(const lb_charge *a, const lb_charge *b)
{
    const lb_charge_result *x = lb_charge_result_of(a), *y = lb_charge_result_of(b);
    assert_string_equal(x->summary, y->summary);
    assert_int_equal(x->nevents, y->nevents);
    for (int i = 0; i < x->nevents; i++) {
        char a[LB_CHARGE_TEXT_MAX], b[LB_CHARGE_TEXT_MAX];
        lb_said_fmt(&x->events[i].said, a, sizeof a);
        lb_said_fmt(&y->events[i].said, b, sizeof b);
        assert_string_equal(a, b);
    }
    assert_int_equal(x->nobligations, y->nobligations);
    assert_int_equal(x->mp_spent, y->mp_spent);
    const lb_trace *s = lb_charge_trace(a), *t = lb_charge_trace(b);
    assert_int_equal(s->count, t->count);
    const lb_state *p = lb_charge_state(a), *q = lb_charge_state(b);
    assert_int_equal(p->nunits, q->nunits);
    assert_int_equal(memcmp(p->units, q->units, (size_t)p->nunits * sizeof *p->units), 0);
}

/* R-CHG-26: the journal, through JSON, rebuilds the same charge without any new die. */
static void test_decision__replay_rebuilds_the_charge(void **state)
{
    (void)state;
    lb_state *st = case_scenario("charge-R-CHG-5-recalled-follow-trample");
    lb_charge_req req = {.cavalry = "fr-cav"};
    path_of(st, &req, "0314,0313");
    const char *answers[] = {"wait", "target", "carre", "follow", "6"};
    lb_charge *first = play(st, &req, "56,4", answers, 5);
    assert_int_equal(lb_charge_status_of(first), LB_CHARGE_DONE);
    assert_string_equal(lb_charge_result_of(first)->summary,
                        "target:au-inf carre:PGD recall:yes follow trample:3 melee:au-inf");
    char *text;
    assert_int_equal(lb_journal_to_json(lb_charge_journal(first), &text), LB_OK);
    lb_journal j;
    assert_int_equal(lb_journal_from_json(text, strlen(text), &j, NULL), LB_OK);
    free(text);
    assert_int_equal(j.count, 7); /* 5 decisions, the carré roll and the recall */

    lb_charge *again;
    assert_int_equal(lb_charge_new(st, &req, &again, NULL), LB_OK);
    assert_int_equal(lb_charge_load_journal(again, &j), LB_OK);
    lb_dice none = {.scripted = 1}; /* no die at all: every roll must come from the journal */
    assert_int_equal(lb_charge_resolve(again, &none), LB_OK);
    assert_int_equal(lb_charge_status_of(again), LB_CHARGE_DONE);
    assert_same_charge(first, again);

    /* undo: replaying up to before the trample answer offers that decision again */
    lb_journal_truncate(&j, 6);
    assert_int_equal(lb_charge_load_journal(again, &j), LB_OK);
    assert_int_equal(lb_charge_resolve(again, &none), LB_OK);
    assert_int_equal(lb_charge_status_of(again), LB_CHARGE_DECIDE);
    const lb_decision *d = lb_charge_pending(again);
    assert_int_equal(d->kind, LB_DECIDE_TRAMPLE);
    assert_string_equal(d->subject, "au-inf");
    assert_int_equal(d->noptions, 4); /* 0, 2, 4, 6 */
    assert_string_equal(d->options[3].key, "6");
    assert_int_equal(d->auto_choice, 3);
    assert_int_equal(lb_charge_answer(again, "6"), LB_OK);
    assert_int_equal(lb_charge_resolve(again, &none), LB_OK);
    assert_same_charge(first, again);

    /* a journal that does not fit the charge is refused with the entry that does not fit */
    lb_journal_truncate(&j, 1);
    j.entries[0].kind = LB_ENTRY_ROLL;
    j.entries[0].die = LB_DIE_TWO;
    j.entries[0].value = 43;
    assert_int_equal(lb_charge_load_journal(again, &j), LB_OK);
    assert_int_equal(lb_charge_resolve(again, &none), LB_INVALID);
    assert_string_equal(lb_charge_error(again), "the journal's entry 1 does not answer the carre "
                                                "decision about au-inf");
    lb_journal_release(&j);
    lb_charge_free(again);
    lb_charge_free(first);
    lb_state_free(st);
}

/* The automatic mode and standing answers journal who decided. */
static void test_decision__automatic_and_standing_are_journalled(void **state)
{
    (void)state;
    lb_state *st = case_scenario("charge-R-CHG-3-carre-target");
    lb_standing standing[] = {{LB_DECIDE_CARRE, "au-inf", "wait"}};
    lb_charge_req req = {.cavalry = "fr-cav", .automatic = 1, .standing = standing,
                         .nstanding = 1};
    path_of(st, &req, "0314,0313");
    lb_charge *ch = play(st, &req, "43", NULL, 0);
    const lb_journal *j = lb_charge_journal(ch);
    assert_int_equal(j->count, 4);
    /* the offer at 3 hexes declined by the standing answer (an attempt then would keep au-inf
     * a non-target, R-CHG-4); the declaration and the response automatic; roll 43 in column
     * row 2 (11-43): CARRE */
    assert_int_equal(j->entries[0].decision, LB_DECIDE_CARRE);
    assert_int_equal(j->entries[0].by, LB_BY_STANDING);
    assert_string_equal(j->entries[0].key, "wait");
    assert_int_equal(j->entries[1].decision, LB_DECIDE_TARGET);
    assert_int_equal(j->entries[1].by, LB_BY_AUTO);
    assert_string_equal(j->entries[1].key, "target");
    assert_int_equal(j->entries[2].by, LB_BY_AUTO);
    assert_string_equal(j->entries[2].key, "carre");
    assert_int_equal(j->entries[3].value, 43);
    assert_string_equal(lb_charge_result_of(ch)->summary,
                        "target:au-inf carre:CARRE melee:au-inf");
    lb_charge_free(ch);
    lb_state_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decision__options_and_keys),
        cmocka_unit_test(test_decision__many_options_indexed),
        cmocka_unit_test(test_decision__deferred_index),
        cmocka_unit_test(test_decision__standing_answers),
        cmocka_unit_test(test_decision__journal_json_round_trip),
        cmocka_unit_test(test_decision__journal_json_errors),
        cmocka_unit_test(test_decision__replay_rebuilds_the_charge),
        cmocka_unit_test(test_decision__automatic_and_standing_are_journalled),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
