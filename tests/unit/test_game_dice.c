/* Unit tests of a game's fair dice: secret dice keyed by draw, hidden in play and revealed at the end, an import's new secret, the undo policies against the computer and after the end, the computer's copies holding no secret. */
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
#include "game_dice_int.h"
#include "game_int.h"

static lb_load_opts opts(void)
{
    int n;
    const lb_module *m = lb_data_modules(&n);
    return (lb_load_opts){.modules = m, .nmodules = n};
}

/* The demo with settings s. */
static lb_game *demo_with(const lb_game_settings *s)
{
    lb_load_opts o = opts();
    size_t len;
    const char *name;
    const char *text = lb_data_demo(&len, &name);
    lb_errlist errs = {0};
    lb_game *g = NULL;
    assert_int_equal(lb_game_new(name, text, len, &o, s, &g, &errs), LB_OK);
    lb_errlist_release(&errs);
    return g;
}

/* The demo with secret dice from the system, undo policy undo. */
static lb_game *secret_demo(lb_undo_policy undo)
{
    lb_game_settings s;
    lb_game_settings_init(&s);
    assert_int_equal(lb_game_settings_secret(&s), LB_OK);
    s.undo = undo;
    return demo_with(&s);
}

static void answer(lb_game *g, int role, const char *key, lb_verdict want)
{
    lb_game_answer a;
    assert_int_equal(lb_game_decide(g, role, lb_game_seq(g), key, &a), LB_OK);
    if (a.verdict != want)
        fprintf(stderr, "%s: %s (%s)\n", key, lb_verdict_name(a.verdict), a.reason);
    assert_int_equal(a.verdict, want);
}

static void undo(lb_game *g, int role, lb_verdict want, const char *reason)
{
    lb_game_answer a;
    assert_int_equal(lb_game_undo(g, role, lb_game_seq(g), -1, &a), LB_OK);
    if (a.verdict != want)
        fprintf(stderr, "undo: %s (%s)\n", lb_verdict_name(a.verdict), a.reason);
    assert_int_equal(a.verdict, want);
    if (reason)
        assert_non_null(strstr(a.reason, reason));
}

/* Every ROLL entry of the whole journal, the k-th, is the derivation of the game's secret for k
 * and its kind. */
static void assert_rolls_keyed(const lb_game *g, const unsigned char *secret, int first)
{
    const lb_journal *j = lb_game_journal(g);
    for (int i = 0, k = 0; i < j->count; i++) {
        const lb_journal_entry *e = &j->entries[i];
        if (e->kind != LB_ENTRY_ROLL)
            continue;
        if (k >= first)
            assert_int_equal(e->value, lb_dice_derive(secret, (uint64_t)k, e->die));
        k++;
    }
}

static json_t *json_of_view(const lb_game *g, int role)
{
    char *text = NULL;
    assert_int_equal(lb_game_view_json(g, role, &text), LB_OK);
    json_t *v = json_loads(text, 0, NULL);
    free(text);
    assert_non_null(v);
    return v;
}

/* The French end their Charge and Movement; the Austrians fire au-ir4-1 at 0810 (a roll). */
static void to_first_fire(lb_game *g)
{
    answer(g, 0, "end", LB_ACCEPTED);
    answer(g, 0, "end", LB_ACCEPTED);
    answer(g, 1, "fire:au-ir4-1:0810", LB_ACCEPTED);
}

/* R-DICE-3, R-GAME-14: secret dice give the k-th draw of the whole journal to the k-th roll, an
 * undone one included, so the fire made again after an undo has the next draw, not draw 0. */
static void test_game_dice__secret_draws_never_rewind(void **state)
{
    (void)state;
    lb_game *g = secret_demo(LB_UNDO_HOTSEAT);
    const unsigned char *secret = lb_game_settings_of(g)->secret;
    to_first_fire(g);
    const lb_journal *j = lb_game_journal(g);
    assert_int_equal(j->entries[3].kind, LB_ENTRY_ROLL);
    assert_int_equal(j->entries[3].value, lb_dice_derive(secret, 0, LB_DIE_TWO));
    int drawn = lb_game_draws(g); /* the fire's roll, and its morale checks' if any */
    assert_int_equal(drawn, j->count - 3);
    undo(g, LB_ROLE_BOTH, LB_ACCEPTED, NULL);
    assert_int_equal(lb_game_draws(g), drawn);
    int fire = lb_game_seq(g);
    answer(g, 1, "fire:au-ir4-1:0810", LB_ACCEPTED);
    j = lb_game_journal(g);
    assert_int_equal(j->entries[fire + 1].kind, LB_ENTRY_ROLL);
    assert_int_equal(j->entries[fire + 1].value,
                     lb_dice_derive(secret, (uint64_t)drawn, LB_DIE_TWO));
    assert_int_equal(lb_game_draws(g), drawn + j->count - fire - 1);
    assert_rolls_keyed(g, secret, 0);
    /* the journal replayed gives the same game (its hash counts the draws, never the secret) */
    lb_game_settings s = *lb_game_settings_of(g);
    lb_game *again = demo_with(&s);
    lb_err err = {0};
    assert_int_equal(lb_game_load_journal(again, j, &err), LB_OK);
    assert_true(lb_game_hash(again) == lb_game_hash(g));
    assert_int_equal(lb_game_draws(again), lb_game_draws(g));
    lb_game_free(again);
    lb_game_free(g);
}

/* R-DICE-3: in play the view and the export show the commitment, never the secret nor a seed;
 * once the battle is over both reveal the secret, whose SHA-256 is the commitment. */
static void test_game_dice__secret_hidden_then_revealed(void **state)
{
    (void)state;
    lb_game *g = secret_demo(LB_UNDO_HOTSEAT);
    const lb_game_settings *s = lb_game_settings_of(g);
    char hex[LB_DICE_HEX_MAX], commitment[LB_DICE_HEX_MAX];
    lb_dice_secret_hex(s->secret, hex);
    lb_dice_commitment(s->secret, commitment);
    assert_string_equal(commitment, s->commitment);
    to_first_fire(g);
    for (int role = LB_ROLE_SPECTATOR; role <= 1; role++) {
        json_t *v = json_of_view(g, role);
        json_t *dice = json_object_get(v, "dice");
        assert_string_equal(json_string_value(json_object_get(dice, "mode")), "secret");
        assert_string_equal(json_string_value(json_object_get(dice, "commitment")), commitment);
        assert_int_equal(json_integer_value(json_object_get(dice, "first_draw")), 0);
        assert_null(json_object_get(dice, "secret"));
        json_decref(v);
    }
    char *text = NULL;
    assert_int_equal(lb_game_export(g, &text), LB_OK);
    assert_null(strstr(text, hex));
    assert_null(strstr(text, "\"seed\""));
    assert_non_null(strstr(text, commitment));
    free(text);
    assert_int_equal(lb_game_settings_to_json(s, &text), LB_OK);
    assert_null(strstr(text, hex));
    free(text);

    lb_game_answer a;
    assert_int_equal(lb_game_concede(g, 0, lb_game_seq(g), &a), LB_OK);
    assert_int_equal(a.verdict, LB_ACCEPTED);
    json_t *v = json_of_view(g, LB_ROLE_SPECTATOR);
    assert_string_equal(json_string_value(json_object_get(json_object_get(v, "dice"), "secret")),
                        hex);
    json_decref(v);
    assert_int_equal(lb_game_export(g, &text), LB_OK);
    assert_non_null(strstr(text, hex));
    free(text);
    lb_game_free(g);
}

/* A seeded game says so in its view: its seed and "seeded: not for play". */
static void test_game_dice__seeded_says_so(void **state)
{
    (void)state;
    lb_game_settings s;
    lb_game_settings_init(&s);
    s.seed = 42;
    lb_game *g = demo_with(&s);
    json_t *v = json_of_view(g, LB_ROLE_BOTH);
    json_t *dice = json_object_get(v, "dice");
    assert_string_equal(json_string_value(json_object_get(dice, "mode")), "seeded");
    assert_int_equal(json_integer_value(json_object_get(dice, "seed")), 42);
    assert_string_equal(json_string_value(json_object_get(dice, "note")), "seeded: not for play");
    json_decref(v);
    assert_true(lb_game_ai_seed(g) == 42);
    lb_game_free(g);
}

/* The export of a game in play imported: a new secret (another commitment), the rolls so far
 * kept as imported history (first_draw counts them), the same state; the copy's dice to come
 * are not the original's. */
static void test_game_dice__import_in_play_gets_a_new_secret(void **state)
{
    (void)state;
    lb_game *g = secret_demo(LB_UNDO_HOTSEAT);
    to_first_fire(g);
    char *text = NULL;
    assert_int_equal(lb_game_export(g, &text), LB_OK);
    lb_load_opts o = opts();
    lb_errlist errs = {0};
    lb_game *copy = NULL;
    assert_int_equal(lb_game_import("export.json", text, strlen(text), &o, &copy, &errs), LB_OK);
    free(text);
    const lb_game_settings *a = lb_game_settings_of(g), *b = lb_game_settings_of(copy);
    assert_int_equal(b->dice, LB_DICE_SECRET);
    assert_string_not_equal(a->commitment, b->commitment);
    assert_memory_not_equal(a->secret, b->secret, LB_DICE_SECRET_BYTES);
    assert_int_equal(b->first_draw, lb_game_draws(g));
    assert_true(b->ai_seed == a->ai_seed);
    assert_true(lb_game_hash(copy) == lb_game_hash(g));
    /* the same decisions in both (the fire taken back and made again): each rolls its own
     * secret's next draw */
    undo(g, LB_ROLE_BOTH, LB_ACCEPTED, NULL);
    undo(copy, LB_ROLE_BOTH, LB_ACCEPTED, NULL);
    answer(g, 1, "fire:au-ir4-1:0810", LB_ACCEPTED);
    answer(copy, 1, "fire:au-ir4-1:0810", LB_ACCEPTED);
    assert_rolls_keyed(g, a->secret, 0);
    assert_rolls_keyed(copy, b->secret, b->first_draw);
    /* six draws to come of each: all the same by chance once in 36^6 */
    int same = 0;
    for (uint64_t k = 10; k < 16; k++)
        same += lb_dice_derive(a->secret, k, LB_DIE_TWO) == lb_dice_derive(b->secret, k,
                                                                             LB_DIE_TWO);
    assert_true(same < 6);
    json_t *v = json_of_view(copy, LB_ROLE_BOTH);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(v, "dice"),
                                                        "first_draw")), b->first_draw);
    json_decref(v);
    lb_game_free(copy);
    lb_game_free(g);
}

/* A finished game imported keeps its revealed secret (it still verifies); a revealed secret that
 * is not the commitment's, or one revealed while the battle goes on, is refused. */
static void test_game_dice__import_finished_keeps_its_secret(void **state)
{
    (void)state;
    lb_game *g = secret_demo(LB_UNDO_HOTSEAT);
    to_first_fire(g);
    char *in_play = NULL, *over = NULL;
    assert_int_equal(lb_game_export(g, &in_play), LB_OK);
    lb_game_answer a;
    assert_int_equal(lb_game_concede(g, 1, lb_game_seq(g), &a), LB_OK);
    assert_int_equal(lb_game_export(g, &over), LB_OK);
    lb_load_opts o = opts();
    lb_errlist errs = {0};
    lb_game *copy = NULL;
    assert_int_equal(lb_game_import("over.json", over, strlen(over), &o, &copy, &errs), LB_OK);
    const lb_game_settings *s = lb_game_settings_of(g), *c = lb_game_settings_of(copy);
    assert_string_equal(c->commitment, s->commitment);
    assert_memory_equal(c->secret, s->secret, LB_DICE_SECRET_BYTES);
    assert_int_equal(c->first_draw, 0);
    lb_game_free(copy);

    /* another secret in the finished game's export */
    json_t *x = json_loads(over, 0, NULL);
    char zeros[LB_DICE_HEX_MAX];
    memset(zeros, '0', sizeof zeros - 1);
    zeros[sizeof zeros - 1] = '\0';
    json_object_set_new(json_object_get(x, "dice"), "secret", json_string(zeros));
    char *bad = json_dumps(x, JSON_COMPACT);
    assert_int_equal(lb_game_import("bad.json", bad, strlen(bad), &o, &copy, &errs), LB_INVALID);
    assert_null(copy);
    assert_non_null(strstr(errs.items[0].msg, "/dice/secret: the dice secret's SHA-256 is"));
    lb_errlist_release(&errs);
    free(bad);
    /* the right secret put into the export of the game still in play */
    json_t *y = json_loads(in_play, 0, NULL);
    char hex[LB_DICE_HEX_MAX];
    lb_dice_secret_hex(s->secret, hex);
    json_object_set_new(json_object_get(y, "dice"), "secret", json_string(hex));
    bad = json_dumps(y, JSON_COMPACT);
    assert_int_equal(lb_game_import("early.json", bad, strlen(bad), &o, &copy, &errs),
                     LB_INVALID);
    assert_null(copy);
    assert_string_equal(errs.items[0].msg, "/dice/secret: the battle is not over, so its dice "
                                           "secret may not be known");
    lb_errlist_release(&errs);
    free(bad);
    json_decref(x);
    json_decref(y);
    free(in_play);
    free(over);
    lb_game_free(g);
}

/* Secret dice whose secret is not the commitment's do not make a game; the settings' JSON never
 * holds the secret, which a store gives back by lb_game_settings_reveal, checked. */
static void test_game_dice__secret_must_match_its_commitment(void **state)
{
    (void)state;
    lb_game_settings s;
    lb_game_settings_init(&s);
    assert_int_equal(lb_game_settings_secret(&s), LB_OK);
    char hex[LB_DICE_HEX_MAX];
    lb_dice_secret_hex(s.secret, hex);
    char *json = NULL;
    assert_int_equal(lb_game_settings_to_json(&s, &json), LB_OK);
    assert_null(strstr(json, hex));
    lb_game_settings back;
    lb_err err = {0};
    assert_int_equal(lb_game_settings_from_json(json, strlen(json), &back, &err), LB_OK);
    free(json);
    assert_int_equal(back.dice, LB_DICE_SECRET);
    assert_string_equal(back.commitment, s.commitment);
    assert_true(back.ai_seed == s.ai_seed);
    lb_game_settings wrong = back;
    assert_int_equal(lb_game_settings_reveal(&wrong, "00", &err), LB_INVALID);
    char first = hex[0];
    hex[0] = first == '0' ? '1' : '0';
    assert_int_equal(lb_game_settings_reveal(&wrong, hex, &err), LB_INVALID);
    assert_non_null(strstr(err.msg, "not the commitment"));
    hex[0] = first;
    assert_int_equal(lb_game_settings_reveal(&back, hex, &err), LB_OK);
    assert_memory_equal(back.secret, s.secret, LB_DICE_SECRET_BYTES);

    /* no secret (as the JSON gives the settings): refused */
    lb_load_opts o = opts();
    size_t len;
    const char *name;
    const char *text = lb_data_demo(&len, &name);
    lb_errlist errs = {0};
    lb_game *g = NULL;
    assert_int_equal(lb_game_new(name, text, len, &o, &wrong, &g, &errs), LB_INVALID);
    assert_null(g);
    assert_non_null(strstr(errs.items[0].msg, "its dice secret is not the one its commitment"));
    lb_errlist_release(&errs);
}

/* R-GAME-14, against the computer: the person takes back their own last decision with the
 * computer's since, but never past a die. */
static void test_game_dice__undo_against_the_computer(void **state)
{
    (void)state;
    lb_game *g = secret_demo(LB_UNDO_COMPUTER);
    answer(g, 0, "end", LB_ACCEPTED);
    undo(g, 0, LB_ACCEPTED, NULL); /* no die since: back to the Charge segment */
    assert_int_equal(lb_game_effective(g)->count, 0);
    to_first_fire(g); /* the computer (Austrians) rolls for its fire */
    int seq = lb_game_seq(g);
    undo(g, 0, LB_REFUSED_ILLEGAL, "a die was rolled since (entry 4, fire): dice are never taken "
                                   "back against the computer");
    undo(g, LB_ROLE_BOTH, LB_REFUSED_ILLEGAL, "a die was rolled since");
    undo(g, LB_ROLE_SPECTATOR, LB_REFUSED_NOT_YOURS, NULL);
    assert_int_equal(lb_game_seq(g), seq);
    /* a session against the computer makes a hot-seat game's policy its own */
    lb_game *h = secret_demo(LB_UNDO_HOTSEAT);
    lb_game_set_undo_policy(h, LB_UNDO_COMPUTER);
    assert_int_equal(lb_game_settings_of(h)->undo, LB_UNDO_COMPUTER);
    to_first_fire(h);
    undo(h, 0, LB_REFUSED_ILLEGAL, "a die was rolled since");
    lb_game_free(h);
    lb_game_free(g);
}

/* R-AI-2, R-AI-3: the computer's copy of a secret game holds no secret: its dice are seeded by
 * the copy's own seed; the computer's seed is the settings' ai_seed, not the dice's. */
static void test_game_dice__copies_hold_no_secret(void **state)
{
    (void)state;
    lb_game *g = secret_demo(LB_UNDO_HOTSEAT);
    answer(g, 0, "end", LB_ACCEPTED);
    answer(g, 0, "end", LB_ACCEPTED);
    lb_game *c = NULL;
    assert_int_equal(lb_game_clone(g, 1, &c), LB_OK);
    const lb_game_settings *s = lb_game_settings_of(c);
    static const unsigned char zero[LB_DICE_SECRET_BYTES];
    assert_int_equal(s->dice, LB_DICE_SEEDED);
    assert_memory_equal(s->secret, zero, sizeof zero);
    answer(c, 1, "fire:au-ir4-1:0810", LB_ACCEPTED);
    /* seed 1's first roll, as in the seeded game (test_game: 25) */
    assert_int_equal(lb_game_journal(c)->entries[lb_game_seq(c) - 1].value, 25);
    assert_true(lb_game_ai_seed(g) == lb_game_settings_of(g)->ai_seed);
    lb_game_free(c);
    lb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_dice__secret_draws_never_rewind),
        cmocka_unit_test(test_game_dice__secret_hidden_then_revealed),
        cmocka_unit_test(test_game_dice__seeded_says_so),
        cmocka_unit_test(test_game_dice__import_in_play_gets_a_new_secret),
        cmocka_unit_test(test_game_dice__import_finished_keeps_its_secret),
        cmocka_unit_test(test_game_dice__secret_must_match_its_commitment),
        cmocka_unit_test(test_game_dice__undo_against_the_computer),
        cmocka_unit_test(test_game_dice__copies_hold_no_secret),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
