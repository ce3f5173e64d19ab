/* Unit tests of verifying an export's dice (R-DICE-5): a finished game verified, a roll or a commitment changed caught, a game in play not yet, seeded games against their seed, an import's rolls reported as imported, files that are not exports refused with their place. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/data.h"
#include "lb/game.h"
#include "lb/lb.h"
#include "game_int.h"

static lb_load_opts opts(void)
{
    int n;
    const lb_module *m = lb_data_modules(&n);
    return (lb_load_opts){.modules = m, .nmodules = n};
}

/* The demo (secret dice, or seeded by seed when seed > 0), the French ending their Charge and
 * Movement, the Austrians firing au-ir4-1 at 0810, taking it back (hot-seat) and firing again
 * (legal whatever the dice); then, when conceded, the French give up. */
static lb_game *played(uint64_t seed, int conceded)
{
    lb_game_settings s;
    lb_game_settings_init(&s);
    if (seed)
        s.seed = seed;
    else
        assert_int_equal(lb_game_settings_secret(&s), LB_OK);
    lb_load_opts o = opts();
    size_t len;
    const char *name;
    const char *text = lb_data_demo(&len, &name);
    lb_errlist errs = {0};
    lb_game *g = NULL;
    assert_int_equal(lb_game_new(name, text, len, &o, &s, &g, &errs), LB_OK);
    const char *keys[] = {"end", "end", "fire:au-ir4-1:0810", "undo", "fire:au-ir4-1:0810"};
    lb_game_answer a;
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        int rc = strcmp(keys[i], "undo") == 0
                     ? lb_game_undo(g, LB_ROLE_BOTH, lb_game_seq(g), -1, &a)
                     : lb_game_decide(g, LB_ROLE_BOTH, lb_game_seq(g), keys[i], &a);
        assert_int_equal(rc, LB_OK);
        assert_int_equal(a.verdict, LB_ACCEPTED);
    }
    if (conceded) {
        assert_int_equal(lb_game_concede(g, 0, lb_game_seq(g), &a), LB_OK);
        assert_int_equal(a.verdict, LB_ACCEPTED);
    }
    return g;
}

static char *export_of(const lb_game *g)
{
    char *text = NULL;
    assert_int_equal(lb_game_export(g, &text), LB_OK);
    return text;
}

static int verify(const char *text, lb_verify_report *r, lb_errlist *errs)
{
    lb_load_opts o = opts();
    return lb_game_verify("x.json", text, strlen(text), &o, r, errs);
}

/* The export with the value at member path (a top-level member, then keys or indexes) set. */
static char *changed(const char *text, json_t *value, int depth, ...)
{
    json_t *root = json_loads(text, 0, NULL), *at = root;
    va_list ap;
    va_start(ap, depth);
    for (int i = 0; i < depth - 1; i++) {
        const char *key = va_arg(ap, const char *);
        at = json_is_array(at) ? json_array_get(at, (size_t)atoi(key)) : json_object_get(at, key);
    }
    const char *last = va_arg(ap, const char *);
    va_end(ap);
    if (json_is_array(at))
        json_array_set_new(at, (size_t)atoi(last), value);
    else
        json_object_set_new(at, last, value);
    char *out = json_dumps(root, JSON_COMPACT);
    json_decref(root);
    return out;
}

/* The first ROLL entry (0-based) of the journal. */
static int first_roll(const lb_game *g)
{
    const lb_journal *j = lb_game_journal(g);
    for (int i = 0; i < j->count; i++)
        if (j->entries[i].kind == LB_ENTRY_ROLL)
            return i;
    fail_msg("no roll");
    return -1;
}

/* A finished game's export verifies: the secret is the commitment's, every roll (the undone one
 * too) the derivation's, the journal replays; changing one roll fails naming its entry, with
 * the value expected and the value found. */
static void test_verify__finished_game_and_a_roll_changed(void **state)
{
    (void)state;
    lb_game *g = played(0, 1);
    char *text = export_of(g);
    lb_verify_report r;
    lb_errlist errs = {0};
    assert_int_equal(verify(text, &r, &errs), LB_OK);
    assert_int_equal(r.verdict, LB_VERIFIED);
    assert_int_equal(r.mode, LB_DICE_SECRET);
    assert_true(r.commitment_ok);
    assert_int_equal(r.rolls, lb_game_draws(g));
    assert_true(r.rolls >= 2);
    assert_int_equal(r.checked, r.rolls);
    assert_int_equal(r.imported, 0);
    assert_int_equal(r.nmismatches, 0);
    assert_true(r.replayed && r.over);
    assert_string_equal(r.commitment, lb_game_settings_of(g)->commitment);

    int i = first_roll(g);
    int was = lb_game_journal(g)->entries[i].value;
    int other = was == 11 ? 12 : 11;
    char index[16];
    snprintf(index, sizeof index, "%d", i);
    char *bad = changed(text, json_integer(other), 4, "journal", "entries", index, "value");
    assert_int_equal(verify(bad, &r, &errs), LB_OK);
    assert_int_equal(r.verdict, LB_VERIFY_FAILED);
    assert_int_equal(r.nmismatches, 1);
    assert_int_equal(r.mismatches[0].entry, i + 1);
    assert_int_equal(r.mismatches[0].draw, 0);
    assert_int_equal(r.mismatches[0].expected, was);
    assert_int_equal(r.mismatches[0].found, other);
    assert_string_equal(r.mismatches[0].purpose, "fire");
    free(bad);
    free(text);
    lb_game_free(g);
}

/* A commitment changed, in the settings or in the dice member, fails: the secret's SHA-256 is
 * not it. */
static void test_verify__commitment_changed(void **state)
{
    (void)state;
    lb_game *g = played(0, 1);
    char *text = export_of(g);
    char other[LB_DICE_HEX_MAX];
    snprintf(other, sizeof other, "%s", lb_game_settings_of(g)->commitment);
    other[0] = other[0] == 'a' ? 'b' : 'a';
    lb_verify_report r;
    lb_errlist errs = {0};
    char *bad = changed(text, json_string(other), 3, "settings", "dice", "commitment");
    assert_int_equal(verify(bad, &r, &errs), LB_OK);
    assert_int_equal(r.verdict, LB_VERIFY_FAILED);
    assert_false(r.commitment_ok);
    assert_string_equal(r.commitment, other);
    assert_string_equal(r.commitment_found, lb_game_settings_of(g)->commitment);
    assert_int_equal(r.nmismatches, 0); /* the rolls are still the secret's */
    free(bad);
    bad = changed(text, json_string(other), 2, "dice", "commitment");
    assert_int_equal(verify(bad, &r, &errs), LB_OK);
    assert_int_equal(r.verdict, LB_VERIFY_FAILED);
    assert_false(r.commitment_ok);
    assert_string_equal(r.commitment_dice, other);
    free(bad);
    free(text);
    lb_game_free(g);
}

/* A game in play reveals no secret: nothing can be verified yet; a finished game whose export
 * hides its secret is not verified. */
static void test_verify__in_play_not_yet(void **state)
{
    (void)state;
    lb_game *g = played(0, 0);
    char *text = export_of(g);
    lb_verify_report r;
    lb_errlist errs = {0};
    assert_int_equal(verify(text, &r, &errs), LB_OK);
    assert_int_equal(r.verdict, LB_VERIFY_NOT_YET);
    assert_int_equal(r.checked, 0);
    assert_true(r.rolls >= 2);
    assert_false(r.over);
    free(text);
    lb_game_answer a;
    assert_int_equal(lb_game_concede(g, 1, lb_game_seq(g), &a), LB_OK);
    text = export_of(g);
    json_t *root = json_loads(text, 0, NULL);
    json_object_del(json_object_get(root, "dice"), "secret");
    char *hidden = json_dumps(root, JSON_COMPACT);
    assert_int_equal(verify(hidden, &r, &errs), LB_OK);
    assert_int_equal(r.verdict, LB_VERIFY_FAILED);
    assert_true(r.over);
    json_decref(root);
    free(hidden);
    free(text);
    lb_game_free(g);
}

/* A seeded game (not for play) is checked against its seed, in journal order, the undone roll
 * too; a roll changed fails. */
static void test_verify__seeded_against_its_seed(void **state)
{
    (void)state;
    lb_game *g = played(5, 0);
    char *text = export_of(g);
    lb_verify_report r;
    lb_errlist errs = {0};
    assert_int_equal(verify(text, &r, &errs), LB_OK);
    assert_int_equal(r.verdict, LB_VERIFIED);
    assert_int_equal(r.mode, LB_DICE_SEEDED);
    assert_true(r.seed == 5);
    assert_int_equal(r.checked, r.rolls);
    int i = first_roll(g);
    int was = lb_game_journal(g)->entries[i].value;
    char index[16];
    snprintf(index, sizeof index, "%d", i);
    char *bad = changed(text, json_integer(was == 66 ? 65 : 66), 4, "journal", "entries", index,
                        "value");
    assert_int_equal(verify(bad, &r, &errs), LB_OK);
    assert_int_equal(r.verdict, LB_VERIFY_FAILED);
    assert_int_equal(r.mismatches[0].entry, i + 1);
    assert_int_equal(r.mismatches[0].expected, was);
    free(bad);
    free(text);
    lb_game_free(g);
}

/* A game imported in play and finished: its rolls before the import are reported as imported,
 * the later ones checked against its own secret. The original: the French end their Charge and
 * Movement, the Austrians fire (draw 0); the copy takes that fire back and fires again (draw 1,
 * its own secret's). */
static void test_verify__imported_rolls_reported(void **state)
{
    (void)state;
    lb_game_settings s;
    lb_game_settings_init(&s);
    assert_int_equal(lb_game_settings_secret(&s), LB_OK);
    lb_load_opts o = opts();
    size_t len;
    const char *name;
    const char *demo = lb_data_demo(&len, &name);
    lb_errlist errs = {0};
    lb_game *g = NULL;
    assert_int_equal(lb_game_new(name, demo, len, &o, &s, &g, &errs), LB_OK);
    const char *keys[] = {"end", "end", "fire:au-ir4-1:0810"};
    lb_game_answer a;
    for (int i = 0; i < 3; i++) {
        assert_int_equal(lb_game_decide(g, LB_ROLE_BOTH, lb_game_seq(g), keys[i], &a), LB_OK);
        assert_int_equal(a.verdict, LB_ACCEPTED);
    }
    char *text = export_of(g);
    lb_game *copy = NULL;
    assert_int_equal(lb_game_import("x.json", text, strlen(text), &o, &copy, &errs), LB_OK);
    free(text);
    int before = lb_game_draws(copy); /* the fire's roll, and its morale checks' if any */
    assert_true(before >= 1);
    assert_int_equal(lb_game_undo(copy, LB_ROLE_BOTH, lb_game_seq(copy), -1, &a), LB_OK);
    assert_int_equal(a.verdict, LB_ACCEPTED);
    assert_int_equal(lb_game_decide(copy, LB_ROLE_BOTH, lb_game_seq(copy), keys[2], &a), LB_OK);
    assert_int_equal(a.verdict, LB_ACCEPTED);
    assert_int_equal(lb_game_concede(copy, 0, lb_game_seq(copy), &a), LB_OK);
    text = export_of(copy);
    lb_verify_report r;
    assert_int_equal(verify(text, &r, &errs), LB_OK);
    assert_int_equal(r.verdict, LB_VERIFIED);
    assert_int_equal(r.imported, before);
    assert_int_equal(r.rolls, lb_game_draws(copy));
    assert_true(r.checked >= 1);
    assert_int_equal(r.checked + r.imported, r.rolls);
    free(text);
    lb_game_free(copy);
    lb_game_free(g);
}

/* What is not an export is refused with its line, column and JSON Pointer. */
static void test_verify__not_an_export(void **state)
{
    (void)state;
    lb_verify_report r;
    lb_errlist errs = {0};
    assert_int_equal(verify("{\"format\": \"labataille-game/1\",\n  \"seq\": }", &r, &errs),
                     LB_SYNTAX);
    assert_int_equal(errs.count, 1);
    assert_string_equal(errs.items[0].file, "x.json");
    assert_int_equal(errs.items[0].line, 2);
    assert_int_equal(errs.items[0].col, 10);
    assert_string_equal(errs.items[0].path, "/seq");
    assert_string_equal(errs.items[0].msg, "expected a JSON value, found '}'");
    lb_errlist_release(&errs);

    lb_game *g = played(3, 1);
    char *text = export_of(g);
    char *bad = changed(text, json_string("three"), 1, "settings");
    assert_int_equal(verify(bad, &r, &errs), LB_INVALID);
    assert_string_equal(errs.items[0].path, "/settings");
    assert_string_equal(errs.items[0].msg, "expected the settings, found a string");
    assert_int_equal(errs.items[0].line, 1);
    assert_true(errs.items[0].col > 1);
    lb_errlist_release(&errs);
    free(bad);
    bad = changed(text, json_integer(-2), 2, "settings", "movement_time_limit_s");
    assert_int_equal(verify(bad, &r, &errs), LB_INVALID);
    assert_string_equal(errs.items[0].path, "/settings/movement_time_limit_s");
    assert_string_equal(errs.items[0].msg, "expected >= 0, found -2");
    lb_errlist_release(&errs);
    free(bad);
    bad = changed(text, json_string("roll"), 4, "journal", "entries", "0", "decision");
    assert_int_equal(verify(bad, &r, &errs), LB_INVALID);
    assert_string_equal(errs.items[0].path, "/journal/entries/0");
    assert_true(errs.items[0].line == 1 && errs.items[0].col > 1);
    lb_errlist_release(&errs);
    free(bad);
    assert_int_equal(verify("[1]", &r, &errs), LB_INVALID);
    assert_string_equal(errs.items[0].path, "/");
    lb_errlist_release(&errs);
    free(text);
    lb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_verify__finished_game_and_a_roll_changed),
        cmocka_unit_test(test_verify__commitment_changed),
        cmocka_unit_test(test_verify__in_play_not_yet),
        cmocka_unit_test(test_verify__seeded_against_its_seed),
        cmocka_unit_test(test_verify__imported_rolls_reported),
        cmocka_unit_test(test_verify__not_an_export),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
