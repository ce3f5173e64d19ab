/* Unit tests for lb_ask: questions that are not ones are refused with nothing made, an answer's text, JSON and picture agree, and play's looks keep their words. */
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

static lb_state *demo(void)
{
    size_t len;
    const char *file;
    const char *text = lb_data_demo(&len, &file);
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    lb_state *st = NULL;
    lb_errlist errs = {0};
    assert_int_equal(lb_scenario_load(file, text, len, &opts, &st, &errs), LB_OK);
    lb_errlist_release(&errs);
    return st;
}

/* The first unit that is (combat) or is not (a leader) a combat unit. */
static int first_unit(const lb_state *st, int combat)
{
    for (int i = 0; i < lb_state_unit_count(st); i++) {
        lb_unit_info u;
        assert_int_equal(lb_state_unit_info(st, i, &u), LB_OK);
        if (u.combat == combat)
            return i;
    }
    fail_msg("the demo has no %s", combat ? "combat unit" : "leader");
    return -1;
}

/* Asks q and checks that it is refused with code, no answer, and err saying the code. */
static void refused(const lb_state *st, lb_question q, int code)
{
    static char dummy;
    lb_answer *a = (lb_answer *)(void *)&dummy; /* anything but NULL: lb_ask must clear it */
    lb_err err;
    assert_int_equal(lb_ask(st, &q, &a, &err), code);
    assert_null(a);
    assert_int_equal(err.code, code);
    assert_true(err.msg[0] != '\0');
}

static void test_questions_that_are_not_ones(void **state)
{
    (void)state;
    lb_state *st = demo();
    int n = lb_state_unit_count(st), combat = first_unit(st, 1), leader = first_unit(st, 0);
    lb_hex in = {1, 1}, off = {0, 0};
    refused(st, (lb_question){.kind = (lb_question_kind)99}, LB_USAGE);
    refused(st, (lb_question){.kind = LB_ASK_LOS, .unit = -1, .from = off, .to = in}, LB_USAGE);
    refused(st, (lb_question){.kind = LB_ASK_LOS, .unit = -1, .from = in, .to = off}, LB_USAGE);
    refused(st, (lb_question){.kind = LB_ASK_LOS, .unit = n, .from = in, .to = in}, LB_INVALID);
    refused(st, (lb_question){.kind = LB_ASK_VISIBLE, .unit = -1, .from = off}, LB_USAGE);
    refused(st, (lb_question){.kind = LB_ASK_MORALE, .unit = n}, LB_INVALID);
    refused(st, (lb_question){.kind = LB_ASK_MORALE, .unit = leader}, LB_INVALID);
    refused(st, (lb_question){.kind = LB_ASK_RETREAT, .unit = -1}, LB_INVALID);
    refused(st, (lb_question){.kind = LB_ASK_RETREAT, .unit = combat, .die = 7}, LB_INVALID);
    int firers[1] = {combat};
    refused(st, (lb_question){.kind = LB_ASK_FIRE, .units = firers, .nunits = 0, .to = in},
            LB_USAGE);
    refused(st, (lb_question){.kind = LB_ASK_FIRE, .units = firers, .nunits = 1, .to = off,
                              .to_unit = -1}, LB_USAGE);
    refused(st, (lb_question){.kind = LB_ASK_FIRE, .units = firers, .nunits = 1, .to = in,
                              .to_unit = n}, LB_INVALID);
    refused(st, (lb_question){.kind = LB_ASK_MOVE, .unit = n}, LB_INVALID);
    refused(st, (lb_question){.kind = LB_ASK_MOVE, .unit = combat, .enter = 1, .from = off},
            LB_USAGE);
    refused(st, (lb_question){.kind = LB_ASK_MOVE, .unit = combat, .to = off, .to_label = "0000"},
            LB_USAGE);
    refused(st, (lb_question){.kind = LB_ASK_MOVE, .unit = combat, .nactions = -1}, LB_USAGE);
    refused(st, (lb_question){.kind = LB_ASK_MELEE}, LB_USAGE);
    lb_answer_free(NULL);
    lb_state_free(st);
}

/* R-LOS-2: a hex sees its neighbour; the text says so first, the JSON says visible and adjacent,
 * and the printed JSON is the compact document indented. */
static void test_neighbours_see_each_other_in_text_and_json(void **state)
{
    (void)state;
    lb_state *st = demo();
    lb_hex from = {1, 1}, to = {1, 2};
    lb_question q = {.kind = LB_ASK_LOS, .unit = -1, .from = from, .to = to};
    lb_answer *a;
    assert_int_equal(lb_ask(st, &q, &a, NULL), LB_OK);
    char fl[LB_HEX_LABEL_MAX], tl[LB_HEX_LABEL_MAX], first[64];
    snprintf(first, sizeof first, "%s sees %s\n", lb_map_label(lb_state_map(st), from, fl),
             lb_map_label(lb_state_map(st), to, tl));
    char *text = NULL, *printed = NULL, *compact = NULL;
    size_t len = 0, plen = 0;
    FILE *out = open_memstream(&text, &len);
    assert_int_equal(lb_answer_text(a, out), LB_OK);
    fclose(out);
    assert_memory_equal(text, first, strlen(first));
    assert_non_null(strstr(text, "no intervening hex (R-LOS-2)\n"));
    assert_int_equal(lb_answer_json(a, &compact), LB_OK);
    json_t *j = json_loads(compact, 0, NULL);
    assert_non_null(j);
    assert_true(json_is_true(json_object_get(j, "visible")));
    assert_true(json_is_true(json_object_get(j, "adjacent")));
    assert_string_equal(json_string_value(json_object_get(j, "from")), fl);
    char *indented = json_dumps(j, JSON_INDENT(2) | JSON_ENSURE_ASCII);
    out = open_memstream(&printed, &plen);
    assert_int_equal(lb_answer_json_print(a, out), LB_OK);
    fclose(out);
    assert_int_equal(plen, strlen(indented) + 1);
    assert_memory_equal(printed, indented, strlen(indented));
    assert_int_equal(printed[plen - 1], '\n');
    free(indented);
    json_decref(j);
    free(compact);
    free(printed);
    free(text);
    lb_answer_free(a);
    lb_state_free(st);
}

/* R-MOV-12: a move asked with no plan answers the unit's options: the text names the unit and its
 * start, the JSON says the same with no plan (legal, no steps) and draws no picture for another
 * question. */
static void test_move_without_a_plan_in_text_json_and_svg(void **state)
{
    (void)state;
    lb_state *st = demo();
    int unit = first_unit(st, 1);
    lb_unit_info info;
    assert_int_equal(lb_state_unit_info(st, unit, &info), LB_OK);
    const lb_unit_info *u = &info;
    char start[LB_HEX_LABEL_MAX], first[128];
    lb_map_label(lb_state_map(st), u->hexes[0], start);
    lb_question q = {.kind = LB_ASK_MOVE, .unit = unit};
    lb_answer *a;
    assert_int_equal(lb_ask(st, &q, &a, NULL), LB_OK);
    char *text = NULL, *compact = NULL, *svg = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_int_equal(lb_answer_text(a, out), LB_OK);
    fclose(out);
    snprintf(first, sizeof first, "move of %s (", u->id);
    assert_memory_equal(text, first, strlen(first));
    snprintf(first, sizeof first, ") from %s: allowance ", start);
    assert_non_null(strstr(text, first));
    assert_null(strstr(text, "\nplan:\n"));
    assert_int_equal(lb_answer_json(a, &compact), LB_OK);
    json_t *j = json_loads(compact, 0, NULL);
    assert_non_null(j);
    assert_string_equal(json_string_value(json_object_get(j, "unit")), u->id);
    assert_string_equal(json_string_value(json_object_get(j, "start")), start);
    assert_true(json_is_true(json_object_get(j, "legal")));
    assert_int_equal(json_array_size(json_object_get(j, "steps")), 0);
    assert_true(json_is_null(json_object_get(j, "seed")));
    assert_int_equal(lb_answer_svg(a, &svg), LB_OK);
    assert_non_null(strstr(svg, "<svg"));
    json_decref(j);
    free(svg);
    free(compact);
    free(text);
    lb_answer_free(a);
    lb_question los = {.kind = LB_ASK_LOS, .unit = -1, .from = u->hexes[0], .to = u->hexes[0]};
    assert_int_equal(lb_ask(st, &los, &a, NULL), LB_OK);
    svg = (char *)"x";
    assert_int_equal(lb_answer_svg(a, &svg), LB_USAGE);
    assert_null(svg);
    lb_answer_free(a);
    lb_state_free(st);
}

/* R-MEL-1: a melee on the attacker's own hex, which holds no enemy, is not allowed: the text and
 * the JSON say so, and with dice given it is not played. */
static void test_melee_not_allowed_is_not_played(void **state)
{
    (void)state;
    lb_state *st = demo();
    lb_unit_info info;
    assert_int_equal(lb_state_unit_info(st, first_unit(st, 1), &info), LB_OK);
    const lb_unit_info *u = &info;
    lb_melee_req req = {.nattackers = 1, .target = u->hexes[0]};
    req.attackers[0].id = u->id;
    lb_dice dice;
    int bad = 0;
    assert_int_equal(lb_dice_init_script(&dice, "11", &bad), 0);
    lb_question q = {.kind = LB_ASK_MELEE, .melee = &req, .dice = &dice, .scripted = 1};
    lb_answer *a;
    assert_int_equal(lb_ask(st, &q, &a, NULL), LB_OK);
    char label[LB_HEX_LABEL_MAX], first[64], *text = NULL, *compact = NULL;
    snprintf(first, sizeof first, "melee on %s: not allowed\n",
             lb_map_label(lb_state_map(st), u->hexes[0], label));
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_int_equal(lb_answer_text(a, out), LB_OK);
    fclose(out);
    assert_memory_equal(text, first, strlen(first));
    assert_null(strstr(text, "played:"));
    assert_int_equal(lb_answer_json(a, &compact), LB_OK);
    json_t *j = json_loads(compact, 0, NULL);
    assert_non_null(j);
    assert_true(json_is_false(json_object_get(j, "allowed")));
    assert_true(json_is_null(json_object_get(j, "played")));
    assert_string_equal(json_string_value(json_object_get(j, "rule")), "R-MEL-1");
    assert_string_equal(json_string_value(json_object_get(j, "target")), label);
    json_decref(j);
    free(compact);
    free(text);
    lb_answer_free(a);
    lb_state_free(st);
}

/* play's looks (lb_question.look): a leader named as FROM gives his side (R-LOS-7 as play reads
 * it: Legrand, French, stands in 0810, au-ir4-1 in 0910 next to it), the JSON is the text; a fire
 * at a hex asked for its target alone answers that hex (R-FIRE-22); a kind with no look is not a
 * question. */
static void test_looks_in_play_words(void **state)
{
    (void)state;
    lb_state *st = demo();
    int legrand = lb_state_unit_index(st, "fr-ldr-legrand");
    int col = lb_state_unit_index(st, "fr-26le-1");
    assert_true(legrand >= 0 && col >= 0);
    lb_question q = {.kind = LB_ASK_LOS, .unit = legrand, .from = {8, 10}, .to = {9, 10},
                     .look = LB_LOOK_WORDS};
    lb_answer *a;
    assert_int_equal(lb_ask(st, &q, &a, NULL), LB_OK);
    char *text = NULL, *compact = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_int_equal(lb_answer_text(a, out), LB_OK);
    fclose(out);
    const char *first = "0810 sees 0910\n";
    assert_memory_equal(text, first, strlen(first));
    assert_non_null(strstr(text, "firer's side: french"));
    assert_int_equal(lb_answer_json(a, &compact), LB_OK);
    json_t *j = json_loads(compact, 0, NULL);
    assert_string_equal(json_string_value(json_object_get(j, "look")), text);
    lb_hex hex;
    assert_int_equal(lb_answer_hex(a, &hex), LB_USAGE);
    json_decref(j);
    free(compact);
    free(text);
    lb_answer_free(a);
    int firers[] = {col};
    q = (lb_question){.kind = LB_ASK_FIRE, .units = firers, .nunits = 1, .to = {9, 10},
                      .to_unit = -1, .fire_kind = LB_FIRE_OFFENSIVE, .look = LB_LOOK_TARGET};
    assert_int_equal(lb_ask(st, &q, &a, NULL), LB_OK);
    assert_int_equal(lb_answer_hex(a, &hex), LB_OK);
    assert_int_equal(hex.col, 9);
    assert_int_equal(hex.row, 10);
    text = NULL;
    out = open_memstream(&text, &len);
    assert_int_equal(lb_answer_text(a, out), LB_OK);
    fclose(out);
    assert_string_equal(text, "0910");
    free(text);
    lb_answer_free(a);
    refused(st, (lb_question){.kind = LB_ASK_MORALE, .unit = col, .look = LB_LOOK_WORDS},
            LB_USAGE);
    refused(st, (lb_question){.kind = LB_ASK_MOVE, .unit = col, .look = LB_LOOK_WORDS}, LB_USAGE);
    lb_state_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_questions_that_are_not_ones),
        cmocka_unit_test(test_neighbours_see_each_other_in_text_and_json),
        cmocka_unit_test(test_move_without_a_plan_in_text_json_and_svg),
        cmocka_unit_test(test_melee_not_allowed_is_not_played),
        cmocka_unit_test(test_looks_in_play_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
