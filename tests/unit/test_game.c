/* Unit tests of the game engine: the first decision, refusals that change nothing, undo in both policies (fresh dice after it), replay, fires of several units, a charge's state, reinforcements, Morale Levels, victory, the random player, the view's text. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/data.h"
#include "lb/game.h"
#include "lb/lb.h"
#include "state_int.h"
#include "game_int.h"
#include "fixture.h"
#include "hex_int.h"
#include "words.h"

static lb_load_opts opts(void)
{
    int n;
    const lb_module *m = lb_data_modules(&n);
    return (lb_load_opts){.modules = m, .nmodules = n};
}

/* Answers key as role; asserts the verdict. */
static void answer(lb_game *g, int role, const char *key, lb_verdict want)
{
    lb_game_answer a;
    assert_int_equal(lb_game_decide(g, role, lb_game_seq(g), key, &a), LB_OK);
    if (a.verdict != want)
        fprintf(stderr, "%s: %s (%s)\n", key, lb_verdict_name(a.verdict), a.reason);
    assert_int_equal(a.verdict, want);
}

static const lb_journal_entry *last_entry(const lb_game *g)
{
    const lb_journal *j = lb_game_journal(g);
    return &j->entries[j->count - 1];
}

/* The demo opens on the French Charge segment: the chasseurs may charge (a path to give) or the
 * segment ends (R-GAME-3). */
static void test_game__first_decision(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    const lb_decision *d = lb_game_pending(g);
    assert_non_null(d);
    assert_int_equal(d->kind, LB_DECIDE_ACTION);
    assert_int_equal(d->side, 0);
    assert_int_equal(d->noptions, 2);
    assert_string_equal(d->options[0].key, "charge:fr-8chs");
    assert_string_equal(d->options[0].param, "path");
    assert_string_equal(d->options[1].key, "end");
    assert_null(d->options[1].param);
    assert_int_equal(lb_game_seq(g), 0);
    assert_int_equal(lb_game_state(g)->turn.segment, LB_SEG_CHARGE);
    lb_game_free(g);
}

/* R-GAME-3, R-GAME-12: a stale seq, the other side, an option not offered, an illegal charge
 * path, a spectator's concession: each refused with its reason, nothing changed. */
static void test_game__refusals_change_nothing(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    uint64_t h = lb_game_hash(g);
    lb_game_answer a;
    assert_int_equal(lb_game_decide(g, 0, 5, "end", &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_STALE);
    assert_string_equal(a.reason, "the game is at 0, not 5: look again");
    answer(g, 1, "end", LB_REFUSED_NOT_YOURS);
    answer(g, LB_ROLE_SPECTATOR, "end", LB_REFUSED_NOT_YOURS);
    answer(g, 0, "fire:fr-26le-1:0910", LB_REFUSED_ILLEGAL);
    assert_int_equal(lb_game_decide(g, 0, 0, "charge:fr-8chs:0101", &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_ILLEGAL);
    assert_string_equal(a.rule, "R-CHG-9");
    answer(g, 0, "charge:fr-8chs:9999", LB_REFUSED_ILLEGAL);
    answer(g, 0, "charge:fr-8chs:", LB_REFUSED_ILLEGAL);
    assert_int_equal(lb_game_concede(g, LB_ROLE_SPECTATOR, 0, &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_NOT_YOURS);
    assert_int_equal(lb_game_undo(g, LB_ROLE_BOTH, 0, -1, &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_ILLEGAL);
    assert_int_equal(lb_game_seq(g), 0);
    assert_true(lb_game_hash(g) == h);
    /* after the end of the battle nothing more is taken, nor taken back (R-GAME-14) */
    assert_int_equal(lb_game_concede(g, 0, 0, &a), LB_OK);
    assert_int_equal(a.verdict, LB_ACCEPTED);
    answer(g, 0, "end", LB_REFUSED_NONE);
    assert_int_equal(lb_game_undo(g, LB_ROLE_BOTH, 1, -1, &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_NONE);
    assert_string_equal(a.reason, "the battle is over (conceded): nothing is taken back");
    assert_int_equal(lb_game_seq(g), 1);
    lb_game_free(g);
}

/* R-GAME-22: an answer of 128 bytes or more is refused with its length before any rule looks at
 * it (before, the journal refused it after the charge rules had taken it: an internal failure);
 * one of 127 bytes is the charge rules' to refuse (a path through hexes the map does not have,
 * R-CHG-9); nothing changes. */
static void test_game__long_answer_refused(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    uint64_t h = lb_game_hash(g);
    char key[512] = "charge:fr-8chs:0802";
    while (strlen(key) + 5 < sizeof key - 1)
        strcat(key, ",0903");
    lb_game_answer a;
    assert_int_equal(lb_game_decide(g, 0, 0, key, &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_ILLEGAL);
    assert_string_equal(a.rule, "R-GAME-22");
    assert_string_equal(a.reason, "the answer is 509 bytes long, and the journal keeps an answer "
                                  "of at most 127 (its key and parameter)");
    key[LB_OPTION_KEY_MAX] = '\0';
    assert_int_equal(lb_game_decide(g, 0, 0, key, &a), LB_OK);
    assert_string_equal(a.rule, "R-GAME-22");
    key[LB_OPTION_KEY_MAX - 1] = '\0';
    assert_int_equal(lb_game_decide(g, 0, 0, key, &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_ILLEGAL);
    assert_string_not_equal(a.rule, "R-GAME-22");
    /* the other side's long answer is the other side's refusal first (R-GAME-12) */
    assert_int_equal(lb_game_decide(g, 1, 0, key, &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_NOT_YOURS);
    assert_int_equal(lb_game_seq(g), 0);
    assert_true(lb_game_hash(g) == h);
    lb_game_free(g);
}

/* R-WEB-6: with a limit of 20 options, the demo's Charge decision (2 options) is offered, and
 * "end", which leads to the French Movement segment (its moves and changes, more than 20), is
 * refused with the limit and changes nothing; with no limit it is taken. A limit of 1 refuses the
 * game at its first decision (LB_LIMIT). */
static void test_game__options_limit(void **state)
{
    (void)state;
    lb_load_opts o = opts();
    o.options_max = 20;
    lb_game_settings s;
    lb_game_settings_init(&s);
    size_t len;
    const char *name, *text = lb_data_demo(&len, &name);
    lb_errlist errs = {0};
    lb_game *g = NULL;
    assert_int_equal(lb_game_new(name, text, len, &o, &s, &g, &errs), LB_OK);
    assert_int_equal(lb_game_pending(g)->noptions, 2);
    uint64_t h = lb_game_hash(g);
    lb_game_answer a;
    assert_int_equal(lb_game_decide(g, 0, 0, "end", &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_ILLEGAL);
    assert_string_equal(a.rule, "R-WEB-6");
    assert_string_equal(a.reason, "\"end\" leads to a decision of more than 20 options, past this "
                                  "game's limit");
    assert_int_equal(lb_game_seq(g), 0);
    assert_true(lb_game_hash(g) == h);
    assert_int_equal(lb_game_pending(g)->noptions, 2);
    lb_game_free(g);
    lb_game *free_game = fixture_demo(1, LB_UNDO_HOTSEAT);
    answer(free_game, 0, "end", LB_ACCEPTED);
    assert_true(lb_game_pending(free_game)->noptions > 20);
    lb_game_free(free_game);
    o.options_max = 1;
    assert_int_equal(lb_game_new(name, text, len, &o, &s, &g, &errs), LB_LIMIT);
    assert_null(g);
    lb_errlist_release(&errs);
}

/* The view's text is the very text jansson writes for its values (the options are written
 * straight as text, R-WEB-6's long lists): parsed and written again compact, byte for byte the
 * same, for each role, along 60 random answers of the demo whose French light infantry is named
 * with a quote, a backslash and accents (escaped in keys and labels). */
static void test_game__view_text_is_jansson_s(void **state)
{
    (void)state;
    size_t len;
    const char *name, *demo_text = lb_data_demo(&len, &name);
    /* every "fr-26le-1" becomes "fr-26\"lé\\1" (an id is any text without control
     * characters) */
    static const char from[] = "fr-26le-1", to[] = "fr-26\\\"l\\u00e9\\\\1";
    char *text = malloc(2 * len + 1);
    assert_non_null(text);
    size_t n = 0;
    for (const char *p = demo_text; *p;) {
        int hit = strncmp(p, from, sizeof from - 1) == 0;
        memcpy(text + n, hit ? to : p, hit ? sizeof to - 1 : 1);
        n += hit ? sizeof to - 1 : 1;
        p += hit ? sizeof from - 1 : 1;
    }
    text[n] = '\0';
    lb_game *g = fixture_game(name, text, 9, LB_UNDO_HOTSEAT);
    free(text);
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 4, 2);
    int roles[] = {0, 1, LB_ROLE_BOTH, LB_ROLE_SPECTATOR}, escaped = 0;
    for (int step = 0; step < 60 && lb_game_pending(g); step++) {
        for (int r = 0; r < 4; r++) {
            char *view = NULL;
            assert_int_equal(lb_game_view_json(g, roles[r], &view), LB_OK);
            json_error_t e;
            json_t *j = json_loads(view, 0, &e);
            if (!j)
                fail_msg("the view is not JSON: %s", e.text);
            char *again = json_dumps(j, JSON_COMPACT);
            assert_string_equal(view, again);
            escaped += strstr(view, "\"fr-26\\\"lé\\\\1\"") != NULL;
            free(again);
            json_decref(j);
            free(view);
        }
        char key[LB_OPTION_KEY_MAX];
        assert_int_equal(lb_game_random_key(g, &rng, key, sizeof key), LB_OK);
        lb_game_answer a;
        assert_int_equal(lb_game_decide(g, lb_game_pending(g)->side, lb_game_seq(g), key, &a),
                         LB_OK);
    }
    assert_true(escaped > 0);
    lb_game_free(g);
}

/* R-GAME-14, hot-seat: back to any decision; the dice after an undo are fresh, never the ones
 * taken back: the seeded generator stays past every roll of the whole journal. Seed 1's rolls
 * (PCG32 of pcg-random.org, as Python's port of it gives them: 25, 23, 52, 52) go to the fires
 * in turn, whatever was undone. */
static void test_game__undo_hotseat_rolls_fresh(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    answer(g, 0, "end", LB_ACCEPTED);
    answer(g, 0, "end", LB_ACCEPTED);
    uint64_t after_end = lb_game_hash(g);
    answer(g, 1, "fire:au-ir4-1:0810", LB_ACCEPTED);
    assert_int_equal(last_entry(g)->kind, LB_ENTRY_ROLL);
    assert_int_equal(last_entry(g)->value, 25);
    lb_game_answer a;
    assert_int_equal(lb_game_undo(g, LB_ROLE_BOTH, lb_game_seq(g), -1, &a), LB_OK);
    assert_int_equal(a.verdict, LB_ACCEPTED);
    assert_int_equal(lb_game_seq(g), 5); /* end, end, fire, roll, undo: the journal only grows */
    assert_int_equal(last_entry(g)->kind, LB_ENTRY_UNDO);
    assert_int_equal(lb_game_effective(g)->count, 2);
    assert_int_equal(lb_game_draws(g), 1);
    /* the same state, but the dice have moved on (R-GAME-13 hashes the generator) */
    assert_true(lb_game_hash(g) != after_end);
    answer(g, 1, "fire:au-ir4-1:0810", LB_ACCEPTED);
    assert_int_equal(last_entry(g)->value, 23);
    assert_int_equal(lb_game_undo(g, LB_ROLE_BOTH, lb_game_seq(g), 0, &a), LB_OK);
    assert_int_equal(a.verdict, LB_ACCEPTED);
    assert_int_equal(lb_game_effective(g)->count, 0);
    /* a die is not a decision to go back to */
    answer(g, 0, "end", LB_ACCEPTED);
    answer(g, 0, "end", LB_ACCEPTED);
    answer(g, 1, "fire:au-ir4-1:0810", LB_ACCEPTED);
    assert_int_equal(last_entry(g)->value, 52);
    assert_int_equal(lb_game_undo(g, LB_ROLE_BOTH, lb_game_seq(g), 3, &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_ILLEGAL);
    /* the journal replayed elsewhere gives the same game, its dice past all three rolls */
    lb_game *again = fixture_demo(1, LB_UNDO_HOTSEAT);
    lb_err err = {0};
    assert_int_equal(lb_game_load_journal(again, lb_game_journal(g), &err), LB_OK);
    assert_true(lb_game_hash(again) == lb_game_hash(g));
    assert_int_equal(lb_game_draws(again), 3);
    lb_game_free(again);
    lb_game_free(g);
}

/* R-GAME-14, two players: a side takes back its own decisions only while the next decision is
 * still its own (revised 12-02: its undo ends when the decision passes to the other side) and no
 * die was rolled since. */
static void test_game__undo_two_players(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(7, LB_UNDO_TWO_PLAYERS);
    uint64_t start = lb_game_hash(g);
    lb_game_answer a;
    answer(g, 0, "end", LB_ACCEPTED);
    assert_int_equal(lb_game_undo(g, 1, lb_game_seq(g), -1, &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_ILLEGAL); /* Austria has no decision to take back */
    assert_int_equal(lb_game_undo(g, LB_ROLE_BOTH, lb_game_seq(g), -1, &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_NOT_YOURS);
    assert_int_equal(lb_game_undo(g, 0, lb_game_seq(g), -1, &a), LB_OK);
    assert_int_equal(a.verdict, LB_ACCEPTED);
    assert_true(lb_game_hash(g) == start);
    answer(g, 0, "end", LB_ACCEPTED);
    assert_true(lbi_game_may_undo(g, 0));
    assert_false(lbi_game_may_undo(g, 1));
    answer(g, 0, "end", LB_ACCEPTED);
    /* the French ended their Movement segment: the Austrians' Defensive Fire is theirs now, and
     * the French end is no longer taken back, though no die was rolled since */
    uint64_t passed = lb_game_hash(g);
    assert_false(lbi_game_may_undo(g, 0));
    assert_int_equal(lb_game_undo(g, 0, lb_game_seq(g), -1, &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_ILLEGAL);
    assert_string_equal(a.rule, "R-GAME-14");
    assert_non_null(strstr(a.reason, "the decision has passed to austrian"));
    assert_true(lb_game_hash(g) == passed);
    assert_false(lbi_game_may_undo(g, 1)); /* the Austrians have no decision to take back */
    answer(g, 1, "fire:au-ir4-1:0810", LB_ACCEPTED);
    uint64_t h = lb_game_hash(g);
    assert_int_equal(lb_game_undo(g, 1, lb_game_seq(g), -1, &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_ILLEGAL);
    assert_non_null(strstr(a.reason, "a die was rolled since"));
    assert_int_equal(lb_game_undo(g, 0, lb_game_seq(g), -1, &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_ILLEGAL);
    assert_true(lb_game_hash(g) == h);
    lb_game_free(g);
}

/* R-WEB-7: a charge waiting for a decision is in the view where it stands. Demo, seed 3:
 * fr-8chs (0702) charges along 0802,0903,1003,1104; on entering 0802 (1 MP: clear, no facing
 * change) au-ir20-3 sees it 4 hexes away and is asked about a carré. The view's pending.charge
 * has the cavalry, its path 0702 then 0802, its hex 0802 and 1 MP spent, while the state still
 * holds it at 0702; answered "not now", the charge enters 0903 and asks again, the view following
 * it (0702, 0802, 0903; 2 MP). */
static void test_game__view_charge_under_way(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(3, LB_UNDO_HOTSEAT);
    answer(g, 0, "charge:fr-8chs:0802,0903,1003,1104", LB_ACCEPTED);
    char *text = NULL;
    assert_int_equal(lb_game_view_json(g, LB_ROLE_BOTH, &text), LB_OK);
    json_t *v = json_loads(text, 0, NULL);
    free(text);
    json_t *p = json_object_get(v, "pending");
    assert_string_equal(json_string_value(json_object_get(p, "kind")), "carre");
    json_t *c = json_object_get(p, "charge");
    assert_non_null(c);
    assert_string_equal(json_string_value(json_object_get(c, "unit")), "fr-8chs");
    json_t *path = json_object_get(c, "path");
    assert_int_equal(json_array_size(path), 2);
    assert_string_equal(json_string_value(json_array_get(path, 0)), "0702");
    assert_string_equal(json_string_value(json_array_get(path, 1)), "0802");
    assert_string_equal(json_string_value(json_array_get(json_object_get(c, "at"), 0)), "0802");
    assert_int_equal(json_integer_value(json_object_get(c, "mp_spent")), 1);
    assert_true(json_is_null(json_object_get(c, "target")));
    const lb_state *st = lb_game_state(g);
    assert_int_equal(lb_state_unit(st, lb_state_unit_index(st, "fr-8chs"))->hexes[0].col, 7);
    json_decref(v);
    /* not now: the charge enters 0903 (1 MP more) and au-ir20-3, 3 hexes away, is asked again */
    answer(g, 1, "wait", LB_ACCEPTED);
    assert_int_equal(lb_game_view_json(g, LB_ROLE_BOTH, &text), LB_OK);
    v = json_loads(text, 0, NULL);
    free(text);
    c = json_object_get(json_object_get(v, "pending"), "charge");
    path = json_object_get(c, "path");
    assert_int_equal(json_array_size(path), 3);
    assert_string_equal(json_string_value(json_array_get(path, 2)), "0903");
    assert_string_equal(json_string_value(json_array_get(json_object_get(c, "at"), 0)), "0903");
    assert_int_equal(json_integer_value(json_object_get(c, "mp_spent")), 2);
    json_decref(v);
    /* a carré now is taken (seed 3: it fails, the column routs) */
    answer(g, 1, "carre", LB_ACCEPTED);
    lb_game_free(g);
}

/* R-GAME-13: replaying the journal rebuilds the same state; a journal with an entry that is not
 * a legal answer is refused, naming the entry, and the game is back at its start. */
static void test_game__replay_and_bad_journal(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(7, LB_UNDO_HOTSEAT);
    uint64_t start = lb_game_hash(g);
    answer(g, 0, "end", LB_ACCEPTED);
    answer(g, 0, "end", LB_ACCEPTED);
    answer(g, 1, "fire:au-ir4-1:0810", LB_ACCEPTED);
    answer(g, 0, "fire:fr-26le-1:0911", LB_ACCEPTED);
    uint64_t h = lb_game_hash(g);
    lb_journal j;
    assert_int_equal(lb_journal_copy(&j, lb_game_journal(g)), LB_OK);
    lb_err err = {0};
    assert_int_equal(lb_game_load_journal(g, &j, &err), LB_OK);
    assert_true(lb_game_hash(g) == h);
    snprintf(j.entries[4].key, sizeof j.entries[4].key, "fire:fr-26le-1:0101");
    assert_int_equal(lb_game_load_journal(g, &j, &err), LB_INVALID);
    assert_non_null(strstr(err.msg, "entry 5"));
    assert_int_equal(lb_game_seq(g), 0);
    assert_true(lb_game_hash(g) == start);
    /* one die too few: the fire's roll taken out */
    j.count = 4;
    j.entries[3] = j.entries[0];
    assert_int_equal(lb_game_load_journal(g, &j, &err), LB_INVALID);
    assert_non_null(strstr(err.msg, "fewer dice"));
    lb_journal_release(&j);
    lb_game_free(g);
}

/* R-GAME-13, R-GAME-14: a game that starts in its Morale Recovery segment rolls before its
 * first decision (the disordered unit's check, R-MOR-8): the new game takes those rolls (they
 * are not left for the replay of its own start to meet), journals them first, and its journal
 * replays to the same state. */
static void test_game__start_that_rolls_replays(void **state)
{
    (void)state;
    static const char text[] =
        "{\"format\": \"labataille-scenario/1\", \"title\": \"recovery first\","
        " \"game\": \"deutsch-wagram-1809\", \"rules\": \"premier-2018\","
        " \"turn\": {\"time\": \"13:00\", \"phasing\": \"french\","
        " \"segment\": \"morale_recovery\"}, \"sides\": [\"french\", \"austrian\"],"
        " \"map\": {\"columns\": 6, \"rows\": 6, \"terrain\": [\"......\", \"......\","
        " \"......\", \"......\", \"......\", \"......\"], \"legend\": {\".\": \"clear\"}},"
        " \"units\": [{\"id\": \"fr\", \"side\": \"french\", \"arm\": \"infantry\","
        " \"nation\": \"french\", \"class\": \"ligne\", \"increments\": 8, \"fire\": 8,"
        " \"melee\": 24, \"movement\": 6, \"morale\": \"35\", \"formation\": \"column\","
        " \"state\": \"disordered\", \"hexes\": [\"0202\"], \"facing\": 6},"
        " {\"id\": \"au\", \"side\": \"austrian\", \"arm\": \"infantry\","
        " \"nation\": \"austrian\", \"class\": \"linie\", \"increments\": 8, \"fire\": 8,"
        " \"melee\": 24, \"movement\": 6, \"morale\": \"35\", \"formation\": \"column\","
        " \"state\": \"good\", \"hexes\": [\"0505\"], \"facing\": 12}]}";
    lb_game *g = fixture_game("recovery.json", text, 3, LB_UNDO_HOTSEAT);
    const lb_journal *j = lb_game_journal(g);
    assert_true(j->count >= 1);
    assert_int_equal(j->entries[0].kind, LB_ENTRY_ROLL);
    assert_string_equal(j->entries[0].purpose, "morale check");
    uint64_t h = lb_game_hash(g);
    lb_journal copy;
    assert_int_equal(lb_journal_copy(&copy, j), LB_OK);
    lb_err err = {0};
    assert_int_equal(lb_game_load_journal(g, &copy, &err), LB_OK);
    assert_true(lb_game_hash(g) == h);
    lb_journal_release(&copy);
    lb_game_free(g);
}

/* Is key an option of the pending decision? */
static int offered(const lb_game *g, const char *key)
{
    return lb_decision_find(lb_game_pending(g), key) >= 0;
}

/* R-GAME-5, R-FIRE-23: in the demo's French Offensive Fire (seed 7) the line fr-26le-1 (12 at
 * its one adjacent hex) and the foot battery fr-art-5-4 (8 at 3 hexes, canister) fire together
 * at 0910: one fire, one roll (the 23 of seed 7's second die), neither unit nor 0910 offered
 * again; replaying the journal (each entry checked against the options of the unit it names,
 * the group against the whole list) and importing the export rebuild the same hash. */
static void test_game__group_fire_replays(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(7, LB_UNDO_HOTSEAT);
    answer(g, 0, "end", LB_ACCEPTED);
    answer(g, 0, "end", LB_ACCEPTED);
    answer(g, 1, "fire:au-ir4-1:0810", LB_ACCEPTED);
    assert_true(offered(g, "fire:fr-26le-1:0910") && offered(g, "fire:fr-art-5-4:0910"));
    assert_string_equal(lb_game_pending(g)->options[lb_decision_find_param(lb_game_pending(g),
                                                    "fire:a:0910")].param, "firers:hex");
    int before = lb_game_seq(g);
    answer(g, 0, "fire:fr-26le-1+fr-art-5-4:0910", LB_ACCEPTED);
    const lb_journal *j = lb_game_journal(g);
    assert_int_equal(lb_game_seq(g), before + 2);
    assert_string_equal(j->entries[before].key, "fire:fr-26le-1+fr-art-5-4:0910");
    assert_int_equal(j->entries[before + 1].kind, LB_ENTRY_ROLL);
    assert_int_equal(j->entries[before + 1].value, 23);
    const lb_trace *t = lb_game_trace(g);
    int together = 0;
    for (int i = 0; i < t->count; i++) {
        char text[512];
        lb_trace_step_fmt(&t->steps[i], text, sizeof text);
        together |= strcmp(t->steps[i].rule, "R-FIRE-23") == 0 &&
                    strstr(text, "fr-26le-1 12 + fr-art-5-4 8 = 20") != NULL;
    }
    assert_true(together);
    const lb_decision *d = lb_game_pending(g);
    for (int i = 0; i < d->noptions; i++) {
        assert_null(strstr(d->options[i].key, "fr-26le-1"));
        assert_null(strstr(d->options[i].key, "fr-art-5-4"));
        assert_null(strstr(d->options[i].key, ":0910"));
    }
    uint64_t h = lb_game_hash(g);
    lb_journal copy;
    assert_int_equal(lb_journal_copy(&copy, lb_game_journal(g)), LB_OK);
    lb_err err = {0};
    assert_int_equal(lb_game_load_journal(g, &copy, &err), LB_OK);
    assert_true(lb_game_hash(g) == h);
    lb_journal_release(&copy);
    char *exported = NULL;
    assert_int_equal(lb_game_export(g, &exported), LB_OK);
    lb_load_opts o = opts();
    lb_errlist errs = {0};
    lb_game *r = NULL;
    assert_int_equal(lb_game_import("export.json", exported, strlen(exported), &o, &r, &errs),
                     LB_OK);
    assert_true(lb_game_hash(r) == h);
    free(exported);
    lb_game_free(r);
    lb_game_free(g);
}

/* Refuses key as role with this ruling, the reason holding `has`; nothing changes. */
static void refused(lb_game *g, const char *key, const char *rule, const char *has)
{
    uint64_t h = lb_game_hash(g);
    int seq = lb_game_seq(g);
    lb_game_answer a;
    assert_int_equal(lb_game_decide(g, LB_ROLE_BOTH, seq, key, &a), LB_OK);
    if (a.verdict != LB_REFUSED_ILLEGAL || !a.rule || strcmp(a.rule, rule) != 0 ||
        !strstr(a.reason, has))
        fprintf(stderr, "%s: %s [%s] %s\n", key, lb_verdict_name(a.verdict),
                a.rule ? a.rule : "", a.reason);
    assert_int_equal(a.verdict, LB_REFUSED_ILLEGAL);
    assert_string_equal(a.rule, rule);
    assert_non_null(strstr(a.reason, has));
    assert_int_equal(lb_game_seq(g), seq);
    assert_true(lb_game_hash(g) == h);
}

/* R-GAME-5, R-FIRE-21: the fire option checks the game's records, then the fire rules: an enemy
 * unit, an unknown one, a unit that fired, a hex fired at, a battery's farther target (0910, 3
 * hexes, is nearer than 1107) and a hex off the map are refused with their rulings. */
static void test_game__fire_refusals(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(7, LB_UNDO_HOTSEAT);
    answer(g, 0, "end", LB_ACCEPTED);
    answer(g, 0, "end", LB_ACCEPTED);
    answer(g, 1, "fire:au-ir4-1:0810", LB_ACCEPTED);
    refused(g, "fire:fr-26le-1+au-ir4-1:0910", "R-GAME-5", "au-ir4-1 is austrian's");
    refused(g, "fire:fr-nobody:0910", "R-GAME-5", "no unit \"fr-nobody\"");
    refused(g, "fire:fr-art-5-4:1107", "R-FIRE-21", "0910 is 3 hexes from 0608");
    refused(g, "fire:fr-26le-1:9999", "R-GAME-3", "not a hex of the map");
    refused(g, "fire::0910", "R-GAME-3", "expected fire:U1+U2+…:HEX");
    answer(g, 0, "fire:fr-26le-1:0911", LB_ACCEPTED);
    refused(g, "fire:fr-24le-vlt:0911", "R-GAME-5", "0911 was fired at in this segment");
    refused(g, "fire:fr-26le-1+fr-art-5-4:0910", "R-GAME-5", "fr-26le-1 has fired");
    lb_game_free(g);
}

/* R-GAME-19: between a charge's start and its apply nothing else changes the state: its
 * generation stays while the charge's decisions are answered (here au-ir20-3's carré roll,
 * offered to the Austrians), and the charge is applied to the state it was made on. */
static void test_game__charge_keeps_its_state(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(3, LB_UNDO_HOTSEAT);
    unsigned long long before = lb_game_state(g)->generation;
    answer(g, 0, "charge:fr-8chs:0802,0903,1003,1103,1203", LB_ACCEPTED);
    int decisions = 0;
    while (lb_game_pending(g)->kind != LB_DECIDE_ACTION) {
        assert_true(lb_game_state(g)->generation == before);
        const lb_decision *d = lb_game_pending(g);
        answer(g, LB_ROLE_BOTH, d->options[d->auto_choice].key, LB_ACCEPTED);
        decisions++;
    }
    assert_true(decisions >= 1);
    assert_true(lb_game_state(g)->generation > before);
    const lb_state *st = lb_game_state(g);
    int cav = lb_state_unit_index(st, "fr-8chs");
    assert_true(cav >= 0);
    char label[LB_HEX_LABEL_MAX];
    assert_string_not_equal(lb_map_label(&st->map, st->units[cav].hexes[0], label), "0702");
    lb_game_free(g);
}

/* A reinforcement's entry when one is offered, else "end", else "auto", else the first one. */
static const char *plain_key(const lb_decision *d)
{
    for (int i = 0; i < d->noptions; i++)
        if (strncmp(d->options[i].key, "enter:", 6) == 0)
            return d->options[i].key;
    if (lb_decision_find(d, "end") >= 0)
        return "end";
    if (lb_decision_find(d, "auto") >= 0)
        return "auto";
    return d->options[0].key;
}

/* R-GAME-9: the demo's Austrian reinforcement IR 49/III is off the map until the Austrian
 * Movement segment of 13:40, where its owner brings it in at its entry hex 2413. */
static void test_game__reinforcement_arrives(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(3, LB_UNDO_HOTSEAT);
    const lb_state *st = lb_game_state(g);
    int seen_before = 0;
    while (lb_game_pending(g) && !(st->turn.minutes == 13 * 60 + 40 && st->turn.phasing == 1 &&
                                   st->turn.segment > LB_SEG_MOVEMENT)) {
        seen_before |= lb_state_unit_index(st, "au-ir49-3") >= 0 &&
                       (st->turn.minutes < 13 * 60 + 40 || st->turn.phasing == 0);
        const lb_decision *d = lb_game_pending(g);
        answer(g, d->side, plain_key(d), LB_ACCEPTED);
        st = lb_game_state(g);
    }
    assert_false(seen_before);
    int u = lb_state_unit_index(st, "au-ir49-3");
    assert_true(u >= 0);
    char label[LB_HEX_LABEL_MAX];
    assert_string_equal(lb_map_label(&st->map, st->units[u].hexes[0], label), "2413");
    lb_game_free(g);
}

/* R-MEL-8 (V18-4): in the French Charge segment fr-held, which retreated more than one hex before
 * a melee in the Austrian phase (its move record's hold_next), may not charge: no option names
 * it and its charge is refused with the reason, nothing changed; fr-free, the same hussars
 * without the hold, is offered. In the Movement segment that follows fr-held is held. */
static void test_game__held_cavalry_does_not_charge(void **state)
{
    (void)state;
    const char *cav = "{\"id\":\"%s\",\"side\":\"french\",\"arm\":\"cavalry\",\"nation\":"
                      "\"french\",\"class\":\"hussard\",\"increments\":4,\"fire\":0,\"melee\":"
                      "12,\"movement\":14,\"morale\":\"33\",\"formation\":\"column\",\"state\":"
                      "\"good\",\"hexes\":[\"%s\"],\"facing\":6%s}";
    char held[512], free_[512], text[4096];
    snprintf(held, sizeof held, cav, "fr-held", "0101",
             ",\"move_record\":{\"hold_next\":\"retreated\"}");
    snprintf(free_, sizeof free_, cav, "fr-free", "0201", "");
    snprintf(text, sizeof text,
             "{\"format\":\"labataille-scenario/1\",\"title\":\"held\",\"game\":"
             "\"deutsch-wagram-1809\",\"turn\":{\"time\":\"13:00\",\"phasing\":\"french\","
             "\"segment\":\"charge\"},\"sides\":[\"french\",\"austrian\"],\"map\":{\"columns\":6,"
             "\"rows\":6,\"terrain\":[\"......\",\"......\",\"......\",\"......\",\"......\","
             "\"......\"],\"legend\":{\".\":\"clear\"}},\"units\":[%s,%s,"
             "{\"id\":\"au-a\",\"side\":\"austrian\",\"arm\":\"infantry\",\"nation\":\"austrian\","
             "\"class\":\"linie\",\"increments\":6,\"fire\":6,\"melee\":18,\"movement\":6,"
             "\"morale\":\"35\",\"formation\":\"column\",\"state\":\"good\",\"hexes\":[\"0606\"],"
             "\"facing\":12}],\"victory\":{\"last_turn\":\"14:00\"}}",
             held, free_);
    lb_game *g = fixture_game("held.json", text, 1, LB_UNDO_HOTSEAT);
    const lb_decision *d = lb_game_pending(g);
    assert_int_equal(lb_game_state(g)->turn.segment, LB_SEG_CHARGE);
    assert_true(lb_decision_find(d, "charge:fr-free") >= 0);
    for (int i = 0; i < d->noptions; i++)
        assert_null(strstr(d->options[i].key, "fr-held"));
    uint64_t h = lb_game_hash(g);
    lb_game_answer a;
    assert_int_equal(lb_game_decide(g, 0, lb_game_seq(g), "charge:fr-held:0102", &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_ILLEGAL);
    assert_non_null(strstr(a.reason, "fr-held retreated more than one hex before a melee: it may "
                                     "not move in its side's next Movement segment, nor charge "
                                     "before it (V18-4, R-MEL-8)"));
    assert_true(lb_game_hash(g) == h);
    answer(g, 0, "end", LB_ACCEPTED);
    assert_int_equal(lb_game_state(g)->turn.segment, LB_SEG_MOVEMENT);
    int u = lb_state_unit_index(lb_game_state(g), "fr-held");
    assert_int_equal(lb_game_state(g)->units[u].move.hold, LB_HOLD_RETREATED);
    lb_game_free(g);
}

/* A small battle with nothing to fire at, starting at `start`, ending at `last`; the French
 * organisation has three infantry, two of them routed. */
static lb_game *levels_game(const char *start, const char *last, const char *levels)
{
    char text[4096];
    snprintf(text, sizeof text,
             "{\"format\":\"labataille-scenario/1\",\"title\":\"levels\",\"game\":"
             "\"deutsch-wagram-1809\",\"turn\":{\"time\":\"%s\",\"phasing\":\"french\","
             "\"segment\":\"command\"},\"sides\":[\"french\",\"austrian\"],\"map\":{\"columns\":6,"
             "\"rows\":6,\"terrain\":[\"......\",\"......\",\"......\",\"......\",\"......\","
             "\"......\"],\"legend\":{\".\":\"clear\"}},\"units\":["
             "%s,%s,%s,%s],\"organisation\":[{\"id\":\"ii-corps\",\"side\":\"french\",\"units\":"
             "[\"fr-a\",\"fr-b\",\"fr-c\"]%s}],\"victory\":{\"last_turn\":\"%s\"}}",
             start,
             "{\"id\":\"fr-a\",\"side\":\"french\",\"arm\":\"infantry\",\"nation\":\"french\","
             "\"class\":\"ligne\",\"increments\":6,\"fire\":6,\"melee\":18,\"movement\":6,"
             "\"morale\":\"66\",\"formation\":\"column\",\"state\":\"routed\",\"hexes\":[\"0101\"],"
             "\"facing\":6}",
             "{\"id\":\"fr-b\",\"side\":\"french\",\"arm\":\"infantry\",\"nation\":\"french\","
             "\"class\":\"ligne\",\"increments\":6,\"fire\":6,\"melee\":18,\"movement\":6,"
             "\"morale\":\"66\",\"formation\":\"column\",\"state\":\"routed\",\"hexes\":[\"0201\"],"
             "\"facing\":6}",
             "{\"id\":\"fr-c\",\"side\":\"french\",\"arm\":\"infantry\",\"nation\":\"french\","
             "\"class\":\"ligne\",\"increments\":6,\"fire\":6,\"melee\":18,\"movement\":6,"
             "\"morale\":\"35\",\"formation\":\"column\",\"state\":\"good\",\"hexes\":[\"0301\"],"
             "\"facing\":6}",
             "{\"id\":\"au-a\",\"side\":\"austrian\",\"arm\":\"infantry\",\"nation\":\"austrian\","
             "\"class\":\"linie\",\"increments\":6,\"fire\":6,\"melee\":18,\"movement\":6,"
             "\"morale\":\"35\",\"formation\":\"column\",\"state\":\"good\",\"hexes\":[\"0606\"],"
             "\"facing\":12}",
             levels, last);
    return fixture_game("levels.json", text, 1, LB_UNDO_HOTSEAT);
}

/* R-GAME-11: on the hour the Command step counts the organisation's infantry routed or gone.
 * II Corps' chart levels start at 10 routed: two is level 0. With the scenario's own counts
 * [1, 2, 3], two routed is level 2; 13:40 is not on the hour, so nothing is counted. The routed
 * units' morale 66 cannot be beaten: they stay routed. */
static void test_game__morale_levels(void **state)
{
    (void)state;
    lb_game *g = levels_game("14:00", "14:00", "");
    assert_int_equal(lb_game_org_level(g, 0), 0);
    assert_int_equal(lb_game_state(g)->battle.orgs[0].levels[0], 10);
    assert_int_equal(lb_game_state(g)->battle.orgs[0].mods[1], -3);
    lb_game_free(g);
    g = levels_game("14:00", "14:00", ",\"levels\":[1,2,3]");
    assert_int_equal(lb_game_org_level(g, 0), 2);
    lb_game_free(g);
    g = levels_game("13:40", "13:40", ",\"levels\":[1,2,3]");
    assert_int_equal(lb_game_org_level(g, 0), 0);
    lb_game_free(g);
}

/* R-VIC-3, R-VIC-4: the score at the end of a random demo game counts the objectives held and
 * the losses each side inflicted, and the result follows the margins 5 / 10 / 20. */
static void test_game__score_adds_up(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(11, LB_UNDO_HOTSEAT);
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 11, 3);
    while (lb_game_pending(g)) {
        char key[LB_OPTION_KEY_MAX];
        assert_int_equal(lb_game_random_key(g, &rng, key, sizeof key), 0);
        lb_game_answer a;
        assert_int_equal(lb_game_decide(g, LB_ROLE_BOTH, lb_game_seq(g), key, &a), LB_OK);
    }
    lb_game_score sc;
    lb_game_score_of(g, &sc);
    assert_true(sc.over);
    for (int s = 0; s < 2; s++)
        assert_int_equal(sc.points[s], sc.objectives[s] + sc.increments[s] +
                                           3 * sc.surrendered[s] + 5 * sc.leaders[s]);
    int diff = abs(sc.points[0] - sc.points[1]);
    lb_outcome want = diff >= 20 ? LB_OUTCOME_DECISIVE : diff >= 10 ? LB_OUTCOME_SUBSTANTIVE
                      : diff >= 5 ? LB_OUTCOME_MARGINAL : LB_OUTCOME_DRAW;
    assert_int_equal(sc.outcome, want);
    assert_int_equal(lb_game_state(g)->turn.minutes, 15 * 60);
    lb_game_free(g);
}

/* R-VIC-3, R-VIC-4: the view's score carries the scenario's victory key, so that a page can
 * say where each point comes from: the demo's points per increment 1, per surrendered unit 3,
 * per leader 5, no Morale Level condition (R-VIC-6), margins 5, 10 and 20; at the start the French hold 0413 (5 points), the
 * Austrians 1107 and 1913 (10 each). */
static void test_game__view_says_the_victory_key(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    char *text = NULL;
    assert_int_equal(lb_game_view_json(g, LB_ROLE_BOTH, &text), LB_OK);
    json_error_t e;
    json_t *view = json_loads(text, 0, &e);
    assert_non_null(view);
    json_t *score = json_object_get(view, "score");
    json_t *want = json_loads("{\"increment\": 1, \"surrendered\": 3, \"leader\": 5, "
                              "\"morale_levels\": []}", 0, &e);
    assert_true(json_equal(json_object_get(score, "per"), want));
    json_decref(want);
    want = json_loads("{\"marginal\": 5, \"substantive\": 10, \"decisive\": 20}", 0, &e);
    assert_true(json_equal(json_object_get(score, "margins"), want));
    json_decref(want);
    json_t *points = json_object_get(score, "points");
    assert_int_equal(json_integer_value(json_object_get(points, "french")), 5);
    assert_int_equal(json_integer_value(json_object_get(points, "austrian")), 20);
    json_decref(view);
    free(text);
    lb_game_free(g);
}

/* The kind of a key: up to its first ':' ("move", "path", "end", …). */
static size_t kind_len(const char *key)
{
    return strcspn(key, ":");
}

/* The distinct kinds of the pending decision's options. */
static int kinds_of(const lb_decision *d, const char **kinds, int max)
{
    int n = 0;
    for (int i = 0; i < d->noptions; i++) {
        const char *k = d->options[i].key;
        int seen = 0;
        for (int j = 0; j < n && !seen; j++)
            seen = kind_len(kinds[j]) == kind_len(k) && strncmp(kinds[j], k, kind_len(k)) == 0;
        if (!seen && n < max)
            kinds[n++] = k;
    }
    return n;
}

#define RANDOM_DRAWS 1200

/* R-GAME-15: the random player picks a kind of option first, uniformly, then an option of that
 * kind. At the demo's French Movement (seed 7) the decision has n options of k kinds (872 of 8
 * when written: move, path, face, form, attach, march, prolonge, end): in 1200 draws each kind
 * comes 1200/k times give or take five standard deviations of the binomial, sqrt(1200 (1/k)
 * (1 - 1/k)) (150 +- 57 for 8 kinds), "end" included, where drawing options uniformly would
 * give "end" 1200/n times (1.4). Every path it builds ("path:UNIT:H1,…") walks 1 to 6
 * hexes of the map from the unit's hex, each next to the one before, never back on a hex of the
 * path. At the French Offensive Fire (after the Austrian fire at 0810) every fire of several it
 * builds ("fire:U1+U2+…:HEX") leads with a unit whose fire at HEX is enumerated, adds only units
 * offered at HEX, and at least one when another is offered there. */
static void test_game__random_player(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(7, LB_UNDO_HOTSEAT);
    answer(g, 0, "end", LB_ACCEPTED);
    const lb_decision *d = lb_game_pending(g);
    const lb_state *st = lb_game_state(g);
    const char *kinds[16];
    int k = kinds_of(d, kinds, 16), count[16] = {0}, paths = 0;
    assert_true(k >= 3 && k < 16);
    assert_true(d->noptions > 20 * k);
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 7, 15);
    for (int i = 0; i < RANDOM_DRAWS; i++) {
        char key[LB_OPTION_KEY_MAX];
        assert_int_equal(lb_game_random_key(g, &rng, key, sizeof key), 0);
        for (int j = 0; j < k; j++)
            if (kind_len(kinds[j]) == kind_len(key) &&
                strncmp(kinds[j], key, kind_len(key)) == 0)
                count[j]++;
        if (strncmp(key, "path:", 5) != 0)
            continue;
        paths++;
        char id[LB_OPTION_KEY_MAX];
        const char *hexes = strchr(key + 5, ':');
        assert_non_null(hexes);
        snprintf(id, sizeof id, "%.*s", (int)(hexes - key - 5), key + 5);
        int u = lb_state_unit_index(st, id), bad = 0;
        assert_true(u >= 0);
        lb_hex path[8];
        path[0] = st->units[u].hexes[0];
        int n = lb_map_parse_labels(&st->map, hexes + 1, path + 1, 7, &bad);
        assert_true(n >= 1 && n <= 6);
        for (int h = 1; h <= n; h++) {
            assert_true(lb_map_contains(&st->map, path[h]));
            assert_int_equal(lb_hex_distance(path[h - 1], path[h]), 1);
            for (int e = 0; e < h; e++)
                assert_false(lb_hex_eq(path[e], path[h]));
        }
    }
    double p = 1.0 / k, sd = sqrt(RANDOM_DRAWS * p * (1 - p));
    for (int j = 0; j < k; j++) {
        if (fabs(count[j] - RANDOM_DRAWS * p) > 5 * sd)
            fprintf(stderr, "kind %.*s: %d of %d draws\n", (int)kind_len(kinds[j]), kinds[j],
                    count[j], RANDOM_DRAWS);
        assert_true(fabs(count[j] - RANDOM_DRAWS * p) <= 5 * sd);
    }
    assert_true(paths > 0);

    answer(g, 0, "end", LB_ACCEPTED);
    answer(g, 1, "fire:au-ir4-1:0810", LB_ACCEPTED);
    d = lb_game_pending(g);
    int groups = 0;
    for (int i = 0; i < RANDOM_DRAWS; i++) {
        char key[LB_OPTION_KEY_MAX], one[LB_OPTION_KEY_MAX];
        assert_int_equal(lb_game_random_key(g, &rng, key, sizeof key), 0);
        if (strncmp(key, "fire:", 5) != 0 || lb_decision_find(d, key) >= 0)
            continue;
        groups++;
        const char *hex = strrchr(key, ':');
        int firers = 0, others = 0;
        for (const char *u = key + 5; u < hex; firers++) {
            size_t len = strcspn(u, "+:");
            snprintf(one, sizeof one, "fire:%.*s%s", (int)len, u, hex);
            assert_true(lb_decision_find(d, one) >= 0);
            u += len + (u[len] == '+');
        }
        for (int o = 0; o < d->noptions; o++)
            others += !d->options[o].param && strncmp(d->options[o].key, "fire:", 5) == 0 &&
                      strcmp(strrchr(d->options[o].key, ':'), hex) == 0;
        assert_true(firers >= 2 && firers <= others);
    }
    assert_true(groups > 0);
    lb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game__first_decision),
        cmocka_unit_test(test_game__refusals_change_nothing),
        cmocka_unit_test(test_game__long_answer_refused),
        cmocka_unit_test(test_game__options_limit),
        cmocka_unit_test(test_game__view_text_is_jansson_s),
        cmocka_unit_test(test_game__undo_hotseat_rolls_fresh),
        cmocka_unit_test(test_game__undo_two_players),
        cmocka_unit_test(test_game__view_charge_under_way),
        cmocka_unit_test(test_game__replay_and_bad_journal),
        cmocka_unit_test(test_game__start_that_rolls_replays),
        cmocka_unit_test(test_game__group_fire_replays),
        cmocka_unit_test(test_game__fire_refusals),
        cmocka_unit_test(test_game__charge_keeps_its_state),
        cmocka_unit_test(test_game__reinforcement_arrives),
        cmocka_unit_test(test_game__held_cavalry_does_not_charge),
        cmocka_unit_test(test_game__morale_levels),
        cmocka_unit_test(test_game__score_adds_up),
        cmocka_unit_test(test_game__view_says_the_victory_key),
        cmocka_unit_test(test_game__random_player),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
