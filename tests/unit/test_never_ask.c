/* Unit tests of "don't ask me again" said in play (R-OCH-13): the journal entry and its replay, the question pending left as asked, undo, export and import, the view, and the refusals that change nothing. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/data.h"
#include "lb/game.h"
#include "lb/lb.h"
#include "answer_int.h"
#include "game_int.h"

/* The geometry of the cases game-R-OCH-6 and game-R-OCH-13: a 10 x 12 clear map in the French
 * Movement segment; fr-a (French infantry column, 0510) moves north a hex a step; au-hvy
 * (Austrian heavy cavalry: zone 4 hexes, R-RCH-4) in 0503 faces 6 (S), so 0507 and 0506 are in
 * its zone, in front and seen (R-OCH-1). Two units far from both for the refusals: au-inf, an
 * Austrian battalion in 0101 (not cavalry), fr-cav, French hussars in 1012 (another side's
 * cavalry). */
static const char SCENARIO[] =
    "{\"format\": \"labataille-scenario/1\", \"title\": \"never\", \"game\": "
    "\"deutsch-wagram-1809\", \"rules\": \"premier-2018\", \"turn\": {\"time\": \"13:00\", "
    "\"phasing\": \"french\", \"segment\": \"movement\"}, \"sides\": [\"french\", "
    "\"austrian\"], \"map\": {\"columns\": 10, \"rows\": 12, \"terrain\": [\"..........\", "
    "\"..........\", \"..........\", \"..........\", \"..........\", \"..........\", "
    "\"..........\", \"..........\", \"..........\", \"..........\", \"..........\", "
    "\"..........\"], \"legend\": {\".\": \"clear\"}}, \"units\": ["
    "{\"id\": \"fr-a\", \"side\": \"french\", \"arm\": \"infantry\", \"nation\": \"french\", "
    "\"class\": \"ligne\", \"increments\": 8, \"fire\": 8, \"melee\": 24, \"movement\": 6, "
    "\"morale\": \"35\", \"formation\": \"column\", \"state\": \"good\", \"facing\": 12, "
    "\"hexes\": [\"0510\"]}, "
    "{\"id\": \"au-hvy\", \"side\": \"austrian\", \"arm\": \"cavalry\", \"nation\": "
    "\"austrian\", \"class\": \"kuirassier\", \"increments\": 4, \"fire\": 0, \"melee\": 16, "
    "\"movement\": 10, \"morale\": \"44\", \"formation\": \"column\", \"state\": \"good\", "
    "\"facing\": 6, \"hexes\": [\"0503\"]}, "
    "{\"id\": \"au-inf\", \"side\": \"austrian\", \"arm\": \"infantry\", \"nation\": "
    "\"austrian\", \"class\": \"linie\", \"increments\": 8, \"fire\": 8, \"melee\": 24, "
    "\"movement\": 6, \"morale\": \"35\", \"formation\": \"column\", \"state\": \"good\", "
    "\"facing\": 12, \"hexes\": [\"0101\"]}, "
    "{\"id\": \"fr-cav\", \"side\": \"french\", \"arm\": \"cavalry\", \"nation\": "
    "\"french\", \"class\": \"hussar\", \"increments\": 4, \"fire\": 0, \"melee\": 12, "
    "\"movement\": 14, \"morale\": \"44\", \"formation\": \"column\", \"state\": \"good\", "
    "\"facing\": 12, \"hexes\": [\"1012\"]}]}";

/* A game of SCENARIO, seeded dice 1, both sides asked their cavalry's charges (R-OCH-4). */
static lb_game *new_game(lb_undo_policy undo)
{
    int n;
    const lb_module *m = lb_data_modules(&n);
    lb_load_opts o = {.modules = m, .nmodules = n};
    lb_game_settings s;
    lb_game_settings_init(&s);
    s.undo = undo;
    s.charge_questions[0] = s.charge_questions[1] = 1;
    lb_errlist errs = {0};
    lb_game *g = NULL;
    assert_int_equal(lb_game_new("never", SCENARIO, strlen(SCENARIO), &o, &s, &g, &errs), LB_OK);
    lb_errlist_release(&errs);
    return g;
}

static void decide(lb_game *g, int role, const char *key)
{
    lb_game_answer a;
    assert_int_equal(lb_game_decide(g, role, lb_game_seq(g), key, &a), LB_OK);
    if (a.verdict != LB_ACCEPTED)
        fprintf(stderr, "%s: %s\n", key, a.reason);
    assert_int_equal(a.verdict, LB_ACCEPTED);
}

static lb_verdict never(lb_game *g, int role, const char *unit)
{
    lb_game_answer a;
    assert_int_equal(lb_game_never_ask(g, role, lb_game_seq(g), unit, &a), LB_OK);
    return a.verdict;
}

/* The question after fr-a's step into 0507: au-hvy may charge, or the Austrians pass
 * (R-OCH-1, R-OCH-4). */
static void assert_asked(const lb_game *g)
{
    const lb_decision *d = lb_game_pending(g);
    assert_non_null(d);
    assert_int_equal(d->kind, LB_DECIDE_OPPORTUNITY);
    assert_int_equal(d->side, 1);
    assert_string_equal(d->subject, "fr-a");
    assert_int_equal(d->noptions, 2);
    assert_string_equal(d->options[0].key, "charge:au-hvy");
    assert_string_equal(d->options[1].key, "pass");
}

static const char *hex_of(const lb_game *g, const char *id, char *label)
{
    const lb_state *st = lb_game_state(g);
    const lb_unit *u = lb_state_unit(st, lb_state_unit_index(st, id));
    return lb_map_label(lb_state_map(st), u->hexes[0], label);
}

/* fr-a moves to 0506; asked after 0507; the Austrians say never about au-hvy (entry 2), which
 * leaves the question as asked; they pass (entry 3); fr-a steps into 0506, in the zone again,
 * and is not asked: the French act on (R-OCH-13). */
static lb_game *played(void)
{
    lb_game *g = new_game(LB_UNDO_HOTSEAT);
    decide(g, LB_ROLE_BOTH, "move:fr-a:0506");
    assert_asked(g);
    assert_int_equal(lb_game_never_asked(g, "au-hvy"), 0);
    assert_int_equal(never(g, 1, "au-hvy"), LB_ACCEPTED);
    assert_int_equal(lb_game_seq(g), 2);
    assert_int_equal(lb_game_never_asked(g, "au-hvy"), 1);
    assert_asked(g);
    const lb_trace *t = lb_game_trace(g);
    assert_int_equal(t->count, 1);
    assert_string_equal(t->steps[0].rule, "R-OCH-13");
    decide(g, 1, "pass");
    return g;
}

static void test_never_ask__journal_and_replay(void **state)
{
    (void)state;
    lb_game *g = played();
    char label[LB_HEX_LABEL_MAX];
    const lb_decision *d = lb_game_pending(g);
    assert_int_equal(d->kind, LB_DECIDE_ACTION);
    assert_int_equal(d->side, 0);
    assert_string_equal(hex_of(g, "fr-a", label), "0506");
    const lb_journal *j = lb_game_journal(g);
    assert_int_equal(j->count, 3);
    const lb_journal_entry *e = &j->entries[1];
    assert_int_equal(e->kind, LB_ENTRY_DECISION);
    assert_int_equal(e->decision, LB_DECIDE_NEVER_ASK);
    assert_int_equal(e->side, 1);
    assert_string_equal(e->subject, "au-hvy");
    assert_string_equal(e->key, "never");
    /* the journal as text and back, replayed on a new game: the same game, bit for bit */
    char *text = NULL;
    assert_int_equal(lb_journal_to_json(j, &text), LB_OK);
    assert_non_null(strstr(text, "{\"decision\":\"never_ask\",\"side\":1,\"subject\":\"au-hvy\","
                                 "\"key\":\"never\",\"by\":\"player\"}"));
    lb_journal back;
    lb_err err = {0};
    assert_int_equal(lb_journal_from_json(text, strlen(text), &back, &err), LB_OK);
    lb_game *h = new_game(LB_UNDO_HOTSEAT);
    assert_int_equal(lb_game_load_journal(h, &back, &err), LB_OK);
    assert_int_equal(lb_game_hash(h), lb_game_hash(g));
    assert_int_equal(lb_game_never_asked(h, "au-hvy"), 1);
    /* without the entry the same answers do not replay: fr-a's step into 0506 is asked */
    back.entries[1] = back.entries[2];
    back.count = 2;
    assert_int_equal(lb_game_load_journal(h, &back, &err), LB_OK);
    assert_asked(h);
    assert_string_equal(hex_of(h, "fr-a", label), "0506");
    assert_int_equal(lb_game_never_asked(h, "au-hvy"), 0);
    lb_journal_release(&back);
    free(text);
    lb_game_free(h);
    lb_game_free(g);
}

static void test_never_ask__export_import_and_view(void **state)
{
    (void)state;
    lb_game *g = played();
    char *text = NULL;
    assert_int_equal(lb_game_export(g, &text), LB_OK);
    assert_non_null(strstr(text, "\"never_ask\":{\"austrian\":[\"au-hvy\"]}"));
    int n;
    const lb_module *m = lb_data_modules(&n);
    lb_load_opts o = {.modules = m, .nmodules = n};
    lb_errlist errs = {0};
    lb_game *h = NULL;
    assert_int_equal(lb_game_import("never", text, strlen(text), &o, &h, &errs), LB_OK);
    lb_errlist_release(&errs);
    assert_int_equal(lb_game_hash(h), lb_game_hash(g));
    assert_int_equal(lb_game_never_asked(h, "au-hvy"), 1);
    /* the settings keep the list the game was made with: none */
    assert_int_equal(lb_game_settings_of(h)->nnever_ask, 0);
    char *view = NULL;
    assert_int_equal(lb_game_view_json(h, 1, &view), LB_OK);
    assert_non_null(strstr(view, "\"never_ask\":{\"austrian\":[\"au-hvy\"]}"));
    free(view);
    assert_int_equal(lb_game_view_json(h, 0, &view), LB_OK); /* the French see their own: none */
    assert_null(strstr(view, "never_ask"));
    free(view);
    assert_int_equal(lb_game_view_json(h, LB_ROLE_SPECTATOR, &view), LB_OK);
    assert_null(strstr(view, "never_ask"));
    free(view);
    free(text);
    lb_game_free(h);
    lb_game_free(g);
}

/* An undo past the entry takes it back: the pass is then followed by the question again. */
static void test_never_ask__undo(void **state)
{
    (void)state;
    lb_game *g = new_game(LB_UNDO_HOTSEAT);
    decide(g, LB_ROLE_BOTH, "move:fr-a:0506");
    assert_int_equal(never(g, 1, "au-hvy"), LB_ACCEPTED);
    lb_game_answer a;
    assert_int_equal(lb_game_undo(g, LB_ROLE_BOTH, lb_game_seq(g), -1, &a), LB_OK);
    assert_int_equal(a.verdict, LB_ACCEPTED);
    assert_int_equal(lb_game_seq(g), 3); /* move, never, undo */
    assert_int_equal(lb_game_never_asked(g, "au-hvy"), 0);
    assert_asked(g);
    decide(g, 1, "pass");
    assert_asked(g); /* fr-a in 0506, asked again (R-OCH-6) */
    char label[LB_HEX_LABEL_MAX];
    assert_string_equal(hex_of(g, "fr-a", label), "0506");
    lb_game_free(g);
}

/* Refusals change nothing: the journal's length and the hash stay. */
static void test_never_ask__refusals(void **state)
{
    (void)state;
    lb_game *g = new_game(LB_UNDO_TWO_PLAYERS);
    decide(g, 0, "move:fr-a:0506");
    uint64_t hash = lb_game_hash(g);
    int seq = lb_game_seq(g);
    lb_game_answer a;
    struct {
        int role;
        const char *unit;
        lb_verdict want;
        const char *why;
    } refused[] = {
        {LB_ROLE_SPECTATOR, "au-hvy", LB_REFUSED_NOT_YOURS, "only a side says"},
        {0, "au-hvy", LB_REFUSED_NOT_YOURS, "au-hvy is austrian's, not french's"},
        {1, "fr-cav", LB_REFUSED_NOT_YOURS, "fr-cav is french's, not austrian's"},
        {1, "au-inf", LB_REFUSED_ILLEGAL, "au-inf is not cavalry"},
        {1, "au-none", LB_REFUSED_ILLEGAL, "no unit au-none is in play"},
    };
    for (size_t k = 0; k < sizeof refused / sizeof *refused; k++) {
        assert_int_equal(lb_game_never_ask(g, refused[k].role, seq, refused[k].unit, &a), LB_OK);
        assert_int_equal(a.verdict, refused[k].want);
        assert_string_equal(a.rule, "R-OCH-13");
        assert_non_null(strstr(a.reason, refused[k].why));
        assert_int_equal(lb_game_seq(g), seq);
        assert_int_equal(lb_game_hash(g), hash);
    }
    assert_int_equal(lb_game_never_ask(g, 1, seq - 1, "au-hvy", &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_STALE);
    assert_int_equal(never(g, 1, "au-hvy"), LB_ACCEPTED);
    assert_int_equal(lb_game_never_ask(g, 1, lb_game_seq(g), "au-hvy", &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_ILLEGAL);
    assert_non_null(strstr(a.reason, "never asked about au-hvy already"));
    assert_int_equal(lb_game_seq(g), seq + 1);
    /* over: a concession ends the battle; nothing more is said */
    assert_int_equal(lb_game_concede(g, 0, lb_game_seq(g), &a), LB_OK);
    assert_int_equal(lb_game_never_ask(g, 1, lb_game_seq(g), "au-hvy", &a), LB_OK);
    assert_int_equal(a.verdict, LB_REFUSED_NONE);
    lb_game_free(g);
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_never_ask__journal_and_replay),
        cmocka_unit_test(test_never_ask__export_import_and_view),
        cmocka_unit_test(test_never_ask__undo),
        cmocka_unit_test(test_never_ask__refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
