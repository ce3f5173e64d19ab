/* Unit tests of the computer player: its answers from exact odds and its evaluation, what-if copies of a game, legal answers over random games and the game cases' scenarios, determinism and bit-exact replay. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <glob.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/ai.h"
#include "lb/data.h"
#include "lb/game.h"
#include "lb/lb.h"
#include "hex_int.h"
#include "state_int.h"
#include "frac_int.h"
#include "game_int.h"
#include "fixture.h"
#include "melee_int.h"
#include "action_int.h"
#include "ai_int.h"

#define RANDOM_TRIES 20

static lb_load_opts opts(void)
{
    int n;
    const lb_module *m = lb_data_modules(&n);
    return (lb_load_opts){.modules = m, .nmodules = n};
}

/* The scenario text of a file with its battle cut short: victory.last_turn set to last. */
static char *cut_short(const char *path, const char *last)
{
    json_error_t jerr;
    json_t *s = json_load_file(path, 0, &jerr);
    assert_non_null(s);
    json_object_set_new(json_object_get(s, "victory"), "last_turn", json_string(last));
    char *text = json_dumps(s, JSON_INDENT(1));
    json_decref(s);
    return text;
}

static void answer(lb_game *g, int role, const char *key)
{
    lb_game_answer a;
    assert_int_equal(lb_game_decide(g, role, lb_game_seq(g), key, &a), LB_OK);
    if (a.verdict != LB_ACCEPTED)
        fprintf(stderr, "%s: %s\n", key, a.reason);
    assert_int_equal(a.verdict, LB_ACCEPTED);
}

/* lb_game_melee_odds of the assault key reads as in the game's action decision. */
static int melee_odds(const lb_game *g, const char *key, lb_melee_chance *out)
{
    lb_action a;
    lb_action_parse(lb_game_state(g), LB_DECIDE_ACTION, key, &a, NULL);
    return lb_game_melee_odds(g, &a, out, NULL);
}

static lb_ai_settings settings(lb_ai_level level, int budget_ms, uint64_t seed)
{
    lb_ai_settings s;
    lb_ai_settings_init(&s);
    s.level = level;
    s.budget_ms = budget_ms;
    s.seed = seed;
    return s;
}

/* The computer answers for its side; the engine must accept every answer (R-AI-1). */
static void ai_answer(lb_game *g, const lb_ai_settings *s, char *why)
{
    const lb_decision *d = lb_game_pending(g);
    char key[LB_OPTION_KEY_MAX], reason[LB_AI_REASON_MAX];
    assert_int_equal(lb_ai_choose(g, d->side, s, key, reason), LB_OK);
    assert_non_null(reason[0] ? reason : NULL);
    /* never the safety net that replaces an answer not offered */
    assert_null(strstr(reason, "no answer of its own"));
    lb_game_answer a;
    assert_int_equal(lb_game_decide(g, d->side, lb_game_seq(g), key, &a), LB_OK);
    if (a.verdict != LB_ACCEPTED)
        fprintf(stderr, "the computer's %s was refused: %s\n", key, a.reason);
    assert_int_equal(a.verdict, LB_ACCEPTED);
    if (why)
        snprintf(why, LB_AI_REASON_MAX, "%s", reason);
}

static void random_answer(lb_game *g, lb_pcg32 *rng)
{
    const lb_decision *d = lb_game_pending(g);
    int side = d->side;
    lb_game_answer a = {.verdict = LB_REFUSED_ILLEGAL};
    for (int t = 0; t < RANDOM_TRIES && a.verdict != LB_ACCEPTED; t++) {
        char key[LB_OPTION_KEY_MAX];
        assert_int_equal(lb_game_random_key(g, rng, key, sizeof key), 0);
        assert_int_equal(lb_game_decide(g, side, lb_game_seq(g), key, &a), LB_OK);
    }
    if (a.verdict != LB_ACCEPTED)
        answer(g, side, "end");
}

/* Plays g to its end (or max decisions): side k by the computer with s[k] when ai[k], else at
 * random. Returns the decisions taken. */
static int play(lb_game *g, const int ai[2], const lb_ai_settings s[2], uint64_t seed, int max)
{
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, seed, 3);
    int n = 0;
    for (; n < max && lb_game_pending(g); n++) {
        int side = lb_game_pending(g)->side;
        if (ai[side])
            ai_answer(g, &s[side], NULL);
        else
            random_answer(g, &rng);
    }
    return n;
}

/* The game exported, imported and its journal loaded into a new game: the same hash. */
static void assert_replays(const lb_game *g)
{
    char *text = NULL;
    assert_int_equal(lb_game_export(g, &text), LB_OK);
    lb_load_opts o = opts();
    lb_errlist errs = {0};
    lb_game *again = NULL;
    const char *name;
    lb_game_scenario(g, NULL, &name);
    assert_int_equal(lb_game_import(name, text, strlen(text), &o, &again, &errs), LB_OK);
    assert_true(lb_game_hash(again) == lb_game_hash(g));
    lb_err err;
    assert_int_equal(lb_game_load_journal(again, lb_game_journal(g), &err), LB_OK);
    assert_true(lb_game_hash(again) == lb_game_hash(g));
    lb_game_free(again);
    free(text);
}

/* ---- answers from exact odds and the evaluation --------------------------------------------- */

/* The demo's first Austrian Defensive Fire (the French end their Charge and Movement): au-ir4-1
 * (line in 0910+0911, facing 9) may fire at 0810 with both hexes, 4 + 4 increments x 3 = 24, or
 * at 0811 with one, 12. At 0810 fr-26le-1 (line in clear) has fire defence 9: 24:9 reads the
 * 2.5:1 column, whose 36 rolls give 0 increments lost 11/36, 1 lost 22/36, 2 lost 3/36: expected
 * 22/36 + 6/36 = 7/9 = 0.8. fr-26le-1 checks morale on an even loss (3/36 = 1/12) at morale 34
 * with Legrand's +2 in its hex: it passes on roll index >= 14 (15 - 2 + 1), 22 of the 36, so it
 * fails 7/18 and is disordered with chance 1/12 x 7/18 = 7/216. The weaker fire at 0811 is not
 * taken. */
static void test_ai__fires_with_exact_odds(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    answer(g, 0, "end");
    answer(g, 0, "end");
    const lb_decision *d = lb_game_pending(g);
    assert_int_equal(d->side, 1);
    assert_true(lb_decision_find(d, "fire:au-ir4-1:0811") >= 0);
    lb_ai_settings s = settings(LB_AI_QUICK, 1000, 1);
    char key[LB_OPTION_KEY_MAX], why[LB_AI_REASON_MAX];
    assert_int_equal(lb_ai_choose(g, 1, &s, key, why), LB_OK);
    assert_string_equal(key, "fire:au-ir4-1:0810");
    const char *want = "au-ir4-1 fires at 0810: 11/36 no loss, expected 0.8 increments, 7/216 "
                       "chance fr-26le-1 is disordered (";
    assert_memory_equal(why, want, strlen(want));
    lb_game_free(g);
}

/* R-AI-16: the coach's three best options for the same decision, ranked with their values. Both
 * fires as above: at 0811 one hex fires, 12 against 9 reads the 1:1 column, a loss on 52-66, 11
 * of the 36 rolls: 25/36 no loss, expected 11/36 = 0.3, and no check (only a second increment
 * lost calls one). The values (docs/ai.md): an increment is worth 1 point (the demo's) x (1 +
 * 0.08 x 6 Movement segments to come) = 1.48; fr-26le-1 (10 increments) is worth 14.8. At 0810:
 * 7/9 x 1.48 = 1.151111 for the increments, 7/216 x 0.3 x 14.8 = 0.143889 for the disorder, and
 * a natural 65 or 66 (2/36) calls Legrand's casualty check, 2/36 x 0.2 x his 5 points = 0.055556:
 * 1.350556 in all. At 0811: 11/36 x 1.48 = 0.452222. Ending the segment is worth 0 and comes
 * third. The game is unchanged. */
static void test_ai__hint_ranks_three(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    answer(g, 0, "end");
    answer(g, 0, "end");
    uint64_t hash = lb_game_hash(g);
    int seq = lb_game_seq(g);
    lb_ai_settings s = settings(LB_AI_QUICK, 1000, 1);
    lb_ai_option o[LB_AI_HINT_OPTIONS];
    int n = 0;
    assert_int_equal(lb_ai_rank(g, 1, &s, o, LB_AI_HINT_OPTIONS, &n), LB_OK);
    assert_int_equal(n, 3);
    assert_string_equal(o[0].key, "fire:au-ir4-1:0810");
    assert_string_equal(o[1].key, "fire:au-ir4-1:0811");
    assert_string_equal(o[2].key, "end");
    for (int k = 0; k < 3; k++)
        assert_true(o[k].valued);
    assert_true(fabs(o[0].value - 1.350556) < 1e-5);
    assert_true(fabs(o[1].value - 0.452222) < 1e-5);
    assert_true(fabs(o[2].value) < 1e-12);
    const char *want0 = "au-ir4-1 fires at 0810: 11/36 no loss, expected 0.8 increments, 7/216 "
                        "chance fr-26le-1 is disordered (1.4 points)";
    assert_string_equal(o[0].reason, want0);
    assert_string_equal(o[1].reason, "au-ir4-1 fires at 0811: 25/36 no loss, expected 0.3 "
                                     "increments (0.5 points)");
    assert_non_null(strstr(o[2].reason, "no fire (0 points"));
    /* the best is lb_ai_choose's answer and reason, word for word */
    char key[LB_OPTION_KEY_MAX], why[LB_AI_REASON_MAX];
    assert_int_equal(lb_ai_choose(g, 1, &s, key, why), LB_OK);
    assert_string_equal(key, o[0].key);
    assert_string_equal(why, o[0].reason);
    /* fewer asked, fewer given; the same again (deterministic); nothing changed */
    lb_ai_option again[LB_AI_HINT_OPTIONS];
    assert_int_equal(lb_ai_rank(g, 1, &s, again, 2, &n), LB_OK);
    assert_int_equal(n, 2);
    assert_memory_equal(again, o, 2 * sizeof *o);
    assert_int_equal(lb_ai_rank(g, 1, &s, again, 0, &n), LB_INVALID);
    assert_int_equal(lb_ai_rank(g, 0, &s, again, 3, &n), LB_INVALID);
    assert_true(lb_game_hash(g) == hash);
    assert_int_equal(lb_game_seq(g), seq);
    lb_game_free(g);
}

/* Writes to f a scenario's text up to its units' list: the French phasing at 13:00 in segment,
 * on a columns x rows map of clear hexes. */
static void scenario_header(FILE *f, const char *title, const char *segment, int columns,
                            int rows)
{
    fprintf(f, "{\"format\": \"labataille-scenario/1\", \"title\": \"%s\", \"game\": "
               "\"deutsch-wagram-1809\", \"rules\": \"premier-2018\", \"turn\": {\"time\": "
               "\"13:00\", \"phasing\": \"french\", \"segment\": \"%s\"}, \"sides\": "
               "[\"french\", \"austrian\"], \"map\": {\"columns\": %d, \"rows\": %d, "
               "\"terrain\": [",
            title, segment, columns, rows);
    for (int r = 0; r < rows; r++) {
        fprintf(f, "%s\"", r ? ", " : "");
        for (int c = 0; c < columns; c++)
            fputc('.', f);
        fputc('"', f);
    }
    fprintf(f, "], \"legend\": {\".\": \"clear\"}}, \"units\": [");
}

/* Writes to f an infantry battalion of 8 increments in column, good order, fire 8, in hex. */
static void column_unit(FILE *f, const char *id, const char *side, const char *cls,
                        const char *morale, const char *hex, int facing)
{
    fprintf(f, "{\"id\": \"%s\", \"side\": \"%s\", \"arm\": \"infantry\", \"nation\": "
               "\"%s\", \"class\": \"%s\", \"increments\": 8, \"fire\": 8, \"melee\": 24, "
               "\"movement\": 6, \"morale\": \"%s\", \"formation\": \"column\", "
               "\"state\": \"good\", \"hexes\": [\"%s\"], \"facing\": %d}",
            id, side, side, cls, morale, hex, facing);
}

/* A scenario of one French battalion in column in clear at 0505 and one Austrian unit, the
 * French Movement segment first, the battle over after 13:20. */
static char *duel(const char *austrian)
{
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    scenario_header(f, "duel", "movement", 10, 10);
    fprintf(f, "{\"id\": \"fr-inf\", \"side\": "
               "\"french\", \"arm\": \"infantry\", \"nation\": \"french\", \"class\": \"ligne\", "
               "\"increments\": 8, \"fire\": 8, \"melee\": 24, \"movement\": 6, \"morale\": "
               "\"35\", \"formation\": \"column\", \"state\": \"good\", \"hexes\": [\"0505\"], "
               "\"facing\": 2}, %s], \"victory\": {\"last_turn\": \"13:20\"}}", austrian);
    fclose(f);
    return text;
}

/* Austrian hussars for duel(): 8 increments in column at 0805 facing 10, of readiness R (a
 * string literal). */
#define AU_HUSSARS(R)                                                                              \
    "{\"id\": \"au-hus\", \"side\": \"austrian\", \"arm\": \"cavalry\", "                          \
    "\"nation\": \"austrian\", \"class\": \"hussar\", \"increments\": 8, "                         \
    "\"fire\": 0, \"melee\": 16, \"movement\": 14, \"morale\": \"34\", "                           \
    "\"formation\": \"column\", \"state\": \"good\", \"readiness\": \"" R "\", "                   \
    "\"hexes\": [\"0805\"], \"facing\": 10}"

/* R-AI-24, R-FIRE-23: the French Offensive Fire on a 10 x 10 clear map, fr-a (0504, column facing
 * 6) and fr-b (0405, column facing 4), French ligne of printed fire 8, each next to au-c (an
 * Austrian column in 0505 facing 12, morale 44). Alone, each fires 8 against the column's fire
 * defence 6 (fr-b through its flank, 6 as well): the 1:1 column, a loss on 52-66, 11 of the 36
 * rolls. A hex is fired at once a segment, so a single fire leaves the other unit nothing to fire
 * at. Together they fire 16 : 6 in the 2.5:1 column: 11/36 no loss, 1 increment on 26-63 (22 of
 * 36), 2 on 64-66 (3 of 36), expected 22/36 + 6/36 = 7/9 = 0.8 increments against 11/36 = 0.3.
 * au-c checks morale when its losses reach an odd number, on 1 or 2 lost (25/36), and passes
 * above its morale 44 (14 of the 36 rolls), so it is disordered with chance 25/36 x 22/36 =
 * 275/648. The computer fires both together, the first listed leading. */
static void test_ai__fires_together(void **state)
{
    (void)state;
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    scenario_header(f, "crossfire", "offensive_fire", 10, 10);
    column_unit(f, "fr-a", "french", "ligne", "35", "0504", 6);
    fputs(", ", f);
    column_unit(f, "fr-b", "french", "ligne", "35", "0405", 4);
    fputs(", ", f);
    column_unit(f, "au-c", "austrian", "linie", "44", "0505", 12);
    fputs("], \"victory\": {\"last_turn\": \"13:20\"}}", f);
    fclose(f);
    lb_game *g = fixture_game("crossfire", text, 1, LB_UNDO_HOTSEAT);
    const lb_decision *d = lb_game_pending(g);
    assert_int_equal(d->side, 0);
    assert_true(lb_decision_find(d, "fire:fr-a:0505") >= 0);
    assert_true(lb_decision_find(d, "fire:fr-b:0505") >= 0);
    lb_ai_settings s = settings(LB_AI_QUICK, 1000, 1);
    char why[LB_AI_REASON_MAX];
    ai_answer(g, &s, why);
    const lb_journal *j = lb_game_journal(g);
    int last = j->count - 1;
    while (last > 0 && j->entries[last].kind != LB_ENTRY_DECISION)
        last--; /* the fire's rolls follow it */
    assert_string_equal(j->entries[last].key, "fire:fr-a+fr-b:0505");
    const char *want = "fr-a and fr-b fire together at 0505: 11/36 no loss, expected 0.8 "
                       "increments, 275/648 chance au-c is disordered (";
    assert_memory_equal(why, want, strlen(want));
    /* both have fired: nothing is left to fire at */
    d = lb_game_pending(g);
    assert_true(d->side != 0 || lb_decision_find(d, "fire:fr-a:0505") < 0);
    lb_game_free(g);
    free(text);
}

/* Fresh Austrian hussars 3 hexes away (0805) and nothing else: a charge threatens the column
 * wherever its 6 MP take it (every hex within 9 of the cavalry), and a carré is the formation
 * that stands against one. The evaluation's charge exposure (docs/ai.md) is 0.8 for a column in
 * clear and 0.1 for a carré, so forming carré is worth 0.8 (the weight of a threat) x 0.3 x the
 * battalion (8 increments x 1.16, two Movement segments to come) x 0.7 = 1.6 points; it is the
 * first answer, then the segment ends. */
static void test_ai__carre_against_cavalry(void **state)
{
    (void)state;
    char *text = duel(AU_HUSSARS("fresh"));
    lb_game *g = fixture_game("duel", text, 1, LB_UNDO_HOTSEAT);
    lb_ai_settings s = settings(LB_AI_QUICK, 1000, 1);
    char why[LB_AI_REASON_MAX];
    ai_answer(g, &s, why);
    const lb_journal *j = lb_game_journal(g);
    assert_string_equal(j->entries[j->count - 1].key, "form:fr-inf:carre:2@0505");
    assert_non_null(strstr(why, ": +1.6 points (objectives +0.0; fire, melee and charges less exposure +1.6)"));
    ai_answer(g, &s, why);
    assert_string_equal(j->entries[j->count - 1].key, "end");
    lb_game_free(g);
    free(text);
}

/* R-AI-15: the French Charge segment on a 10 x 12 clear map: fr-cav (French hussars, light,
 * printed MP 14) in 0510 facing 12, au-inf (an Austrian column) in 0505, au-hvy (Austrian
 * cuirassiers, heavy: zone 4 hexes, morale 44) in 0804 facing 8. The charge the computer plans
 * toward au-inf runs up column 05 to 0506, next to it; 0507 is 4 hexes from 0804, in front of
 * its fronts (facing 8) and seen, so au-hvy could react there (R-RCH-1, R-RCH-8). With the
 * Austrians asked (R-RCH-5) the plan is valued with that reaction: its chance is au-hvy's morale
 * check, a roll greater than 44, 14 of 36 = 7/18 = 39%, which the reason states. With au-hvy
 * never asked (R-OCH-9) no reaction is weighed and the reason says none. */
static void test_ai__charge_valued_with_reactions(void **state)
{
    (void)state;
    const char *text =
        "{\"format\": \"labataille-scenario/1\", \"title\": \"watched\", \"game\": "
        "\"deutsch-wagram-1809\", \"rules\": \"premier-2018\", \"turn\": {\"time\": \"13:00\", "
        "\"phasing\": \"french\", \"segment\": \"charge\"}, \"sides\": [\"french\", "
        "\"austrian\"], \"map\": {\"columns\": 10, \"rows\": 12, \"terrain\": [\"..........\", "
        "\"..........\", \"..........\", \"..........\", \"..........\", \"..........\", "
        "\"..........\", \"..........\", \"..........\", \"..........\", \"..........\", "
        "\"..........\"], \"legend\": {\".\": \"clear\"}}, \"units\": ["
        "{\"id\": \"fr-cav\", \"side\": \"french\", \"arm\": \"cavalry\", \"nation\": "
        "\"french\", \"class\": \"hussar\", \"increments\": 4, \"fire\": 0, \"melee\": 12, "
        "\"movement\": 14, \"morale\": \"44\", \"formation\": \"column\", \"state\": \"good\", "
        "\"facing\": 12, \"hexes\": [\"0510\"]}, "
        "{\"id\": \"au-inf\", \"side\": \"austrian\", \"arm\": \"infantry\", \"nation\": "
        "\"austrian\", \"class\": \"linie\", \"increments\": 8, \"fire\": 8, \"melee\": 24, "
        "\"movement\": 6, \"morale\": \"35\", \"formation\": \"column\", \"state\": \"good\", "
        "\"facing\": 6, \"hexes\": [\"0505\"]}, "
        "{\"id\": \"au-hvy\", \"side\": \"austrian\", \"arm\": \"cavalry\", \"nation\": "
        "\"austrian\", \"class\": \"kuirassier\", \"increments\": 4, \"fire\": 0, \"melee\": 16, "
        "\"movement\": 10, \"morale\": \"44\", \"formation\": \"column\", \"state\": \"good\", "
        "\"facing\": 8, \"hexes\": [\"0804\"]}]}";
    lb_ai_settings s = settings(LB_AI_QUICK, 1000, 1);
    char key[LB_OPTION_KEY_MAX], why[LB_AI_REASON_MAX];
    lb_game *g = fixture_game("watched", text, 3, LB_UNDO_HOTSEAT);
    g->settings.charge_questions[1] = 1;
    assert_int_equal(lb_ai_choose(g, 0, &s, key, why), LB_OK);
    assert_non_null(strstr(why, "fr-cav charges toward au-inf: "));
    assert_non_null(strstr(why, "; a reaction 39%"));
    snprintf(g->settings.never_ask[0], LB_SUBJECT_MAX, "au-hvy");
    g->settings.nnever_ask = 1;
    assert_int_equal(lb_ai_choose(g, 0, &s, key, why), LB_OK);
    assert_non_null(strstr(why, "fr-cav charges toward au-inf: "));
    assert_null(strstr(why, "a reaction"));
    lb_game_free(g);
}

/* A charge's ends read from their summaries (charge.h) as the engine writes them under premier-2017
 * (tests/cases: "target:au-inf carre:PGD rout:6 recall:no engage:au-gun melee:au-gun"). "rout:DIE"
 * is the length of the charged unit's rout (R-CHG-6, R-CHG-22), not the cavalry's: the carré's
 * PGD is worth half the target (w) and its rout nothing more; not recalled costs the hussars a
 * fifth of their worth (cw) and a melee owed 0.15 of it: 0.5 w - 0.35 cw. Skirmishers routed by
 * the charge (no carré, "rout:4" alone) are worth half of theirs as well; only "routed-in-place"
 * (R-CHG-23, the cavalry's charge spent short of contact) is the cavalry's rout, 0.4 cw lost. A
 * leader left alone and captured (R-CHG-27) gains his worth: the points the victory gives for one,
 * or two increments' when it gives none, as here. */
static void test_ai__charged_units_rout_for_the_cavalry(void **state)
{
    (void)state;
    char *text = duel(AU_HUSSARS("fresh") ", {\"id\": \"fr-ldr\", \"side\": "
                      "\"french\", \"arm\": \"leader\", \"bonus\": {\"morale\": 1}, "
                      "\"hexes\": [\"0505\"]}");
    lb_game *g = fixture_game("duel", text, 1, LB_UNDO_HOTSEAT);
    lb_ai_settings s = settings(LB_AI_QUICK, 1000, 1);
    ai_ctx c;
    assert_int_equal(lbi_ai_ctx_init(&c, g, 1, &s), LB_OK);
    int cav = lb_state_unit_index(c.st, "au-hus"), inf = lb_state_unit_index(c.st, "fr-inf");
    double cw = lbi_ai_unit_worth(&c, &c.st->units[cav]);
    double w = lbi_ai_unit_worth(&c, &c.st->units[inf]);
    assert_true(w > 0 && cw > 0);
    const char *summaries[] = {"target:fr-inf carre:PGD rout:6 recall:no engage:fr-inf melee:fr-inf",
                               "target:fr-inf rout:4 recall:yes no-contact",
                               "target:fr-inf routed-in-place",
                               "target:fr-inf carre:PGD rout:2 captured:fr-ldr recall:yes no-contact"};
    double points = c.leader_worth; /* none given for leaders here: two increments' points */
    assert_true(points > 0);
    const double want[] = {0.5 * w - 0.35 * cw, 0.5 * w, -0.4 * cw, 0.5 * w + points};
    for (int k = 0; k < 4; k++) {
        char sum[96];
        snprintf(sum, sizeof sum, "%s", summaries[k]);
        lb_charge_outcome end = {.summary = sum, .p = lb_frac_int(1)};
        lb_charge_outcomes o = {.outcomes = &end, .n = 1, .exact = 1};
        assert_true(fabs(lbi_ai_charge_value(&c, c.st, cav, &o, NULL, 0) - want[k]) < 1e-9);
    }
    lbi_ai_ctx_release(&c);
    lb_game_free(g);
    free(text);
}

/* Issue 29's blunder, R-AI-17: the reason names the declared target. The French Charge segment on
 * a 10 x 12 clear map: fr-cav (hussars, 14 MP) in 0510 facing 12, au-a (an Austrian column) in
 * 0505 and au-b (another) in 0504 behind it. The computer's best charge is at au-b. Its cheapest
 * end next to au-b was 0404 (R-GRID-2, even columns half a hex lower: 0404 touches 0403, 0405,
 * 0304, 0305, 0504 and 0505), which is next to au-a too; au-a, asked first (within 2 hexes of
 * 0507), then took the automatic declaration (R-CHG-25: a formation the plan ends next to) and
 * became the target while the reason named au-b. Now the plan ends at 0403 (touching 0402, 0404,
 * 0303, 0304, 0503 and 0504: au-b and not au-a), round by 0405, 0305 and 0304. The Austrians
 * decline every carré offer (so that a declaration is asked), the computer answers the French
 * decisions: au-a is declared not the target, au-b the target, the one the reason named. */
static void test_ai__reason_names_the_declared_target(void **state)
{
    (void)state;
    const char *text =
        "{\"format\": \"labataille-scenario/1\", \"title\": \"behind\", \"game\": "
        "\"deutsch-wagram-1809\", \"rules\": \"premier-2018\", \"turn\": {\"time\": \"13:00\", "
        "\"phasing\": \"french\", \"segment\": \"charge\"}, \"sides\": [\"french\", "
        "\"austrian\"], \"map\": {\"columns\": 10, \"rows\": 12, \"terrain\": [\"..........\", "
        "\"..........\", \"..........\", \"..........\", \"..........\", \"..........\", "
        "\"..........\", \"..........\", \"..........\", \"..........\", \"..........\", "
        "\"..........\"], \"legend\": {\".\": \"clear\"}}, \"units\": ["
        "{\"id\": \"fr-cav\", \"side\": \"french\", \"arm\": \"cavalry\", \"nation\": "
        "\"french\", \"class\": \"hussar\", \"increments\": 4, \"fire\": 0, \"melee\": 12, "
        "\"movement\": 14, \"morale\": \"44\", \"formation\": \"column\", \"state\": \"good\", "
        "\"facing\": 12, \"hexes\": [\"0510\"]}, "
        "{\"id\": \"au-a\", \"side\": \"austrian\", \"arm\": \"infantry\", \"nation\": "
        "\"austrian\", \"class\": \"linie\", \"increments\": 8, \"fire\": 8, \"melee\": 24, "
        "\"movement\": 6, \"morale\": \"35\", \"formation\": \"column\", \"state\": \"good\", "
        "\"facing\": 6, \"hexes\": [\"0505\"]}, "
        "{\"id\": \"au-b\", \"side\": \"austrian\", \"arm\": \"infantry\", \"nation\": "
        "\"austrian\", \"class\": \"linie\", \"increments\": 8, \"fire\": 8, \"melee\": 24, "
        "\"movement\": 6, \"morale\": \"35\", \"formation\": \"column\", \"state\": \"good\", "
        "\"facing\": 6, \"hexes\": [\"0504\"]}], \"victory\": {\"last_turn\": \"13:20\"}}";
    lb_game *g = fixture_game("behind", text, 1, LB_UNDO_HOTSEAT);
    lb_ai_settings s = settings(LB_AI_QUICK, 1000, 1);
    char why[LB_AI_REASON_MAX];
    ai_answer(g, &s, why);
    const lb_journal *j = lb_game_journal(g);
    const char *key = j->entries[j->count - 1].key;
    assert_non_null(strstr(why, "fr-cav charges toward au-b: "));
    assert_null(strstr(why, "R-AI-17")); /* an end next to au-b alone was found */
    const char *end = strrchr(key, ',');
    assert_string_equal(end ? end + 1 : key, "0403");
    char target[LB_SUBJECT_MAX] = "", refused[LB_SUBJECT_MAX] = "";
    for (int t = 0; t < 60 && lb_game_pending(g) && !target[0]; t++) {
        const lb_decision *d = lb_game_pending(g);
        if (d->kind == LB_DECIDE_ACTION)
            break;
        if (d->side == 1 && lb_decision_find(d, "wait") >= 0) {
            answer(g, 1, "wait");
            continue;
        }
        int kind = d->kind;
        char subject[LB_SUBJECT_MAX];
        snprintf(subject, sizeof subject, "%s", d->subject);
        ai_answer(g, &s, NULL);
        const char *k = j->entries[j->count - 1].key;
        if (kind == LB_DECIDE_TARGET && strcmp(k, "target") == 0)
            snprintf(target, sizeof target, "%s", subject);
        else if (kind == LB_DECIDE_TARGET)
            snprintf(refused, sizeof refused, "%s", subject);
    }
    assert_string_equal(refused, "au-a");
    assert_string_equal(target, "au-b");
    lb_game_free(g);
}

/* Issue 29's blunder, the other side of test_ai__carre_against_cavalry: the same column and the
 * same hussars 3 hexes away (0805), fresh or exhausted. Exhausted cavalry may not charge (38.10):
 * the evaluation counts a charge threat from fresh cavalry in good order only, and melee only
 * from a unit next to it. Fresh, the first answer is carré (+1.6 points, the test above).
 * Exhausted, no answer forms carré while the column is not next to the hussars (none can reach
 * it): the first steps to 0706 to fire at them (+0.6 points). Next to them (0706 touches 0805,
 * R-GRID-2) their melee is a threat a carré meets, and a carré there is not asserted either
 * way. */
static void test_ai__no_carre_against_exhausted_cavalry(void **state)
{
    (void)state;
    for (int fresh = 1; fresh >= 0; fresh--) {
        char *text = duel(fresh ? AU_HUSSARS("fresh") : AU_HUSSARS("exhausted"));
        lb_game *g = fixture_game("duel", text, 1, LB_UNDO_HOTSEAT);
        lb_ai_settings s = settings(LB_AI_QUICK, 1000, 1);
        const lb_journal *j = lb_game_journal(g);
        const lb_state *st = lb_game_state(g);
        int answers = 0;
        while (lb_game_pending(g) &&
               lb_state_turn(lb_game_state(g)).segment == LB_SEG_MOVEMENT) {
            int inf = lb_state_unit_index(st, "fr-inf"), hus = lb_state_unit_index(st, "au-hus");
            int next = lb_hex_distance(st->units[inf].hexes[0], st->units[hus].hexes[0]) <= 1;
            ai_answer(g, &s, NULL);
            const char *key = j->entries[j->count - 1].key;
            if (answers == 0 && fresh)
                assert_string_equal(key, "form:fr-inf:carre:2@0505");
            else if (answers == 0)
                assert_string_equal(key, "move:fr-inf:0706");
            if (!fresh && !next)
                assert_null(strstr(key, ":carre"));
            answers++;
            st = lb_game_state(g);
        }
        assert_true(answers >= 2);
        lb_game_free(g);
        free(text);
    }
}

/* Issue 29's blunder: a carré with no enemy cavalry able to charge or melee. Three hexes east
 * (0805) stand Austrian hussars that are routed (no charge, no melee: R-MOR-5), then an Austrian
 * battalion and no cavalry at all: the evaluation counts the charges of fresh cavalry in good
 * order and the melee of units that can make one, so a carré is worth nothing against them and
 * costs the column its fire; no answer of the quick level in the Movement segment forms one
 * (against the routed hussars it steps to 0706 and forms line to fire). Fresh or exhausted
 * cavalry next to it can still melee it: a carré may then be right, and is not asserted. */
static void test_ai__no_carre_without_cavalry(void **state)
{
    (void)state;
    const char *enemy[] = {
        "\"arm\": \"cavalry\", \"class\": \"hussar\", \"fire\": 0, \"melee\": 16, "
        "\"movement\": 14, \"morale\": \"34\", \"state\": \"routed\"",
        "\"arm\": \"infantry\", \"class\": \"linie\", \"fire\": 8, \"melee\": 24, "
        "\"movement\": 5, \"morale\": \"45\", \"state\": \"good\""};
    for (int k = 0; k < 2; k++) {
        char unit[512];
        snprintf(unit, sizeof unit,
                 "{\"id\": \"au-x\", \"side\": \"austrian\", \"nation\": \"austrian\", "
                 "\"increments\": 8, \"formation\": \"column\", %s, \"hexes\": [\"0805\"], "
                 "\"facing\": 10}",
                 enemy[k]);
        char *text = duel(unit);
        lb_game *g = fixture_game("duel", text, 1, LB_UNDO_HOTSEAT);
        lb_ai_settings s = settings(LB_AI_QUICK, 1000, 1);
        const lb_journal *j = lb_game_journal(g);
        int answers = 0;
        while (lb_game_pending(g) &&
               lb_state_turn(lb_game_state(g)).segment == LB_SEG_MOVEMENT) {
            ai_answer(g, &s, NULL);
            assert_null(strstr(j->entries[j->count - 1].key, ":carre"));
            answers++;
        }
        assert_true(answers >= 2);
        lb_game_free(g);
        free(text);
    }
}

/* An Austrian column 2 hexes east (0705) and no cavalry: the French battalion steps next to it
 * (0605, where the enemy zone stops it) to fire in the Offensive Fire, then forms line into
 * 0605+0604, both hexes next to 0705: 4 + 4 increments x 3 = 24 against its printed 8 in column
 * (R-FIRE-2, R-FIRE-3). */
static void test_ai__line_for_fire(void **state)
{
    (void)state;
    char *text = duel("{\"id\": \"au-inf\", \"side\": \"austrian\", \"arm\": \"infantry\", "
                      "\"nation\": \"austrian\", \"class\": \"linie\", \"increments\": 8, "
                      "\"fire\": 8, \"melee\": 24, \"movement\": 5, \"morale\": \"45\", "
                      "\"formation\": \"column\", \"state\": \"good\", \"hexes\": [\"0705\"], "
                      "\"facing\": 10}");
    lb_game *g = fixture_game("duel", text, 1, LB_UNDO_HOTSEAT);
    lb_ai_settings s = settings(LB_AI_QUICK, 1000, 1);
    const lb_journal *j = lb_game_journal(g);
    ai_answer(g, &s, NULL);
    assert_string_equal(j->entries[j->count - 1].key, "move:fr-inf:0605");
    ai_answer(g, &s, NULL);
    assert_string_equal(j->entries[j->count - 1].key, "form:fr-inf:line:3@0605+0604");
    lb_game_free(g);
    free(text);
}

/* lb_game_melee_odds brings what the turn left each attacker: fr-26le-1 (0810+0811) fires at
 * 0910 in the French Offensive Fire, so it may melee only 0910 (R-MEL-2, 32.5): the game's odds
 * of its melee on 0911, the other hex of au-ir4-1's line, say no, where the rules asked without
 * that fact allow it; on 0910 they are those of a unit that fired there. */
static void test_ai__melee_odds_with_the_turn(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    answer(g, 0, "end"); /* charge */
    answer(g, 0, "end"); /* movement */
    answer(g, 1, "end"); /* the Austrian Defensive Fire */
    answer(g, 0, "fire:fr-26le-1:0910");
    while (lb_game_state(g)->turn.segment != LB_SEG_MELEE && lb_game_pending(g)) {
        const lb_decision *d = lb_game_pending(g);
        answer(g, d->side, lb_decision_find(d, "end") >= 0 ? "end" : d->options[0].key);
    }
    const lb_state *st = lb_game_state(g);
    lb_melee_chance *game = malloc(sizeof *game), *rules = malloc(sizeof *rules);
    lb_melee_req req;
    memset(&req, 0, sizeof req);
    lb_map_parse_label(&st->map, "0911", &req.target);
    req.nattackers = 1;
    req.attackers[0].id = "fr-26le-1";
    req.attackers[0].times = lb_frac_int(1);
    assert_int_equal(lb_melee_odds(st, &req, rules, NULL), LB_OK);
    assert_true(rules->allowed);
    assert_int_equal(melee_odds(g, "melee:0911:fr-26le-1", game), LB_OK);
    assert_false(game->allowed);
    assert_string_equal(game->rule, "R-MEL-2");
    lb_map_parse_label(&st->map, "0910", &req.target);
    req.attackers[0].fired = 1;
    req.attackers[0].fired_at = req.target;
    assert_int_equal(lb_melee_odds(st, &req, rules, NULL), LB_OK);
    assert_int_equal(melee_odds(g, "melee:0910:fr-26le-1", game), LB_OK);
    assert_true(game->allowed);
    assert_int_equal(game->noutcomes, rules->noutcomes);
    for (int i = 0; i < game->noutcomes; i++) {
        assert_string_equal(game->outcomes[i].result, rules->outcomes[i].result);
        assert_int_equal(lb_frac_cmp(game->outcomes[i].p, rules->outcomes[i].p), 0);
    }
    /* keys it cannot read: answered, not allowed, with the melee rules' id */
    assert_int_equal(melee_odds(g, "melee:0910:nobody", game), LB_OK);
    assert_false(game->allowed);
    assert_string_equal(game->rule, "R-MEL-1");
    assert_string_equal(game->refused, "no unit \"nobody\" on the map"); /* the game's reason */
    assert_int_equal(game->why.event, 0);
    assert_int_equal(melee_odds(g, "fire:0910", game), LB_OK);
    assert_false(game->allowed);
    assert_string_equal(game->rule, "R-MEL-1");
    free(game);
    free(rules);
    lb_game_free(g);
}

/* ---- what-if copies ------------------------------------------------------------------------- */

/* A copy offers the same decision and view; played on and freed, it leaves the game as it was.
 * Two games with different seeds at the same point, copied on the same dice and answered alike,
 * reach the same units: the copy's dice are its own, never the game's (R-AI-2). */
static void test_ai__clone_is_a_what_if(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT), *h = fixture_demo(987654321, LB_UNDO_HOTSEAT);
    uint64_t before = lb_game_hash(g);
    lb_game *c, *k;
    assert_int_equal(lb_game_clone(g, 5, &c), LB_OK);
    assert_int_equal(lb_game_clone(h, 5, &k), LB_OK);
    assert_int_equal(lb_game_seq(c), lb_game_seq(g));
    assert_int_equal(lb_game_pending(c)->noptions, lb_game_pending(g)->noptions);
    const char *keys[] = {"end", "end", "end", "fire:fr-26le-1:0910"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        answer(c, LB_ROLE_BOTH, keys[i]);
        answer(k, LB_ROLE_BOTH, keys[i]);
    }
    assert_int_equal(lb_game_trace(c)->count, 0); /* a what-if records no reasons */
    char *vc, *vk;
    assert_int_equal(lb_game_view_json(c, LB_ROLE_BOTH, &vc), LB_OK);
    assert_int_equal(lb_game_view_json(k, LB_ROLE_BOTH, &vk), LB_OK);
    json_t *jc = json_loads(vc, 0, NULL), *jk = json_loads(vk, 0, NULL);
    assert_true(json_equal(json_object_get(jc, "units"), json_object_get(jk, "units")));
    json_decref(jc);
    json_decref(jk);
    free(vc);
    free(vk);
    lb_game_free(c);
    lb_game_free(k);
    assert_true(lb_game_hash(g) == before);
    lb_game_free(g);
    lb_game_free(h);
}

/* While a charge waits for a decision its machine is not copied: no copy, and the computer still
 * answers the decision (the Austrian carré offer of R-CHG-11) from the rules' automatic choice. */
static void test_ai__no_clone_inside_a_charge(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    answer(g, 0, "charge:fr-8chs:0703,0803,0904,1004,1104");
    const lb_decision *d = lb_game_pending(g);
    assert_int_equal(d->kind, LB_DECIDE_CARRE);
    lb_game *c = NULL;
    assert_int_equal(lb_game_clone(g, 1, &c), LB_INVALID);
    assert_null(c);
    lb_ai_settings s = settings(LB_AI_FULL, 200, 1);
    ai_answer(g, &s, NULL);
    lb_game_free(g);
}

/* A copy taken while a retreat's end is to be chosen keeps the offered paths (R-GAME-7): the
 * automatic end puts the unit in the same hex in the copy as in the game. */
static void test_ai__clone_keeps_an_offered_retreat(void **state)
{
    (void)state;
    int found = 0;
    for (uint64_t seed = 1; seed <= 40 && !found; seed++) {
        lb_game *g = fixture_demo(seed, LB_UNDO_HOTSEAT);
        lb_pcg32 rng;
        lb_pcg32_seed(&rng, seed, 9);
        for (int n = 0; n < 400 && lb_game_pending(g) && !found; n++) {
            const lb_decision *d = lb_game_pending(g);
            lb_game *c = NULL;
            if (d->kind != LB_DECIDE_PATH || lb_decision_find(d, "auto") < 0 ||
                lb_game_clone(g, 3, &c) != LB_OK) {
                random_answer(g, &rng);
                continue;
            }
            found = 1;
            char unit[LB_SUBJECT_MAX];
            snprintf(unit, sizeof unit, "%s", d->subject);
            answer(g, d->side, "auto");
            answer(c, LB_ROLE_BOTH, "auto");
            const lb_state *a = lb_game_state(g), *b = lb_game_state(c);
            int ia = lb_state_unit_index(a, unit), ib = lb_state_unit_index(b, unit);
            assert_int_equal(ia >= 0, ib >= 0);
            if (ia >= 0)
                assert_true(lb_hex_eq(a->units[ia].hexes[0], b->units[ib].hexes[0]));
            lb_game_free(c);
        }
        lb_game_free(g);
    }
    assert_true(found);
}

/* The computer answers only its own pending decision. */
static void test_ai__only_its_decision(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    lb_ai_settings s = settings(LB_AI_QUICK, 1000, 1);
    char key[LB_OPTION_KEY_MAX] = "x", why[LB_AI_REASON_MAX] = "y";
    assert_int_equal(lb_ai_choose(g, 1, &s, key, why), LB_INVALID);
    assert_string_equal(key, "x");
    lb_game_answer a;
    assert_int_equal(lb_game_concede(g, 0, lb_game_seq(g), &a), LB_OK);
    assert_int_equal(lb_ai_choose(g, 0, &s, key, why), LB_INVALID);
    lb_game_free(g);
}

/* ---- whole games ---------------------------------------------------------------------------- */

/* Random games of three turns on the demo (premier-2018) and the Prusse demo (premier-2017): the
 * computer on either side against the random player, and against itself; every answer is
 * accepted and every game replays bit for bit. */
static void test_ai__never_illegal(void **state)
{
    (void)state;
    char *wagram = cut_short("data/scenarios/demo.json", "13:40");
    char *prusse = cut_short("data/scenarios/prusse-1806-demo.json", "10:40");
    for (uint64_t seed = 1; seed <= 6; seed++) {
        lb_game *g = fixture_game("cut", seed % 2 ? wagram : prusse, seed, LB_UNDO_HOTSEAT);
        int ai[2] = {seed % 4 != 2, seed % 4 != 3};
        lb_ai_settings s[2] = {settings(LB_AI_QUICK, 1000, seed), settings(LB_AI_QUICK, 1000, seed + 100)};
        int n = play(g, ai, s, seed, 600);
        assert_true(n > 10);
        assert_null(lb_game_pending(g));
        assert_replays(g);
        lb_game_free(g);
    }
    free(wagram);
    free(prusse);
}

/* The full level with a small budget (4 rollouts a decision) for the first turn of the demo:
 * legal, its reasons count its rollouts, and the same seed plays the same game again. */
static void test_ai__full_level_is_deterministic(void **state)
{
    (void)state;
    uint64_t hash = 0;
    for (int run = 0; run < 2; run++) {
        lb_game *g = fixture_demo(21, LB_UNDO_HOTSEAT);
        lb_ai_settings s[2] = {settings(LB_AI_FULL, 100, 7), settings(LB_AI_QUICK, 1000, 8)};
        int rollouts = 0;
        while (lb_game_pending(g) && lb_game_turn_number(g) == 1) {
            char why[LB_AI_REASON_MAX];
            int side = lb_game_pending(g)->side;
            ai_answer(g, &s[side], why);
            rollouts += strstr(why, " rollouts") != NULL;
        }
        assert_true(rollouts > 0);
        assert_replays(g);
        if (run == 0)
            hash = lb_game_hash(g);
        else
            assert_true(lb_game_hash(g) == hash);
        lb_game_free(g);
    }
}

/* R-AI-19, R-AI-23: the full level ends its Movement when the evaluation would, no change
 * gaining its 0.3 points, or, at the calibration's scale, when its rollouts, playing each move
 * on with the rest of the segment (R-AI-22), prefer ending to the evaluation's choice, which its
 * reason then names: never one change alone against ending. Both sides full over the demo's
 * first two turns. */
static void test_ai__full_ends_only_as_the_evaluation(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    lb_ai_settings s = settings(LB_AI_FULL, 1000, 1);
    int ends = 0, moves = 0;
    while (lb_game_pending(g) && lb_game_turn_number(g) <= 2) {
        const lb_decision *d = lb_game_pending(g);
        int side = d->side;
        int movement = d->kind == LB_DECIDE_ACTION &&
                       lb_state_turn(lb_game_state(g)).segment == LB_SEG_MOVEMENT;
        lb_ai_option o[2];
        int n = 0;
        assert_int_equal(lb_ai_rank(g, side, &s, o, 2, &n), LB_OK);
        if (movement && strcmp(o[0].key, "end") == 0) {
            ends++;
            const char *over = strstr(o[0].reason, "rather than the evaluation's choice, ");
            if (n > 1 && o[1].value > 0.3) { /* R-AI-23: the move passed over, named */
                assert_non_null(over);
                assert_non_null(strstr(o[0].reason, " rollouts prefer it to the evaluation's "
                                                    "choice by "));
            } else {
                assert_null(over);
            }
        } else if (movement) {
            moves++; /* the evaluation's best, or one the rollouts prefer to it */
            assert_true(o[0].value > 0.3 || (n > 1 && o[1].value > 0.3));
        }
        answer(g, side, o[0].key);
    }
    assert_true(ends >= 4); /* each side's Movement, two turns */
    assert_true(moves > ends);
    lb_game_free(g);
}

/* R-AI-19: a gain is sure at Student's t (95%, two-sided) for the runs less one degrees of
 * freedom, read off the usual table: 1 df 12.71, 3 df 3.18, 14 df 2.14, 30 df 2.04; none with
 * one run, 2 past the table. */
static void test_ai__rollout_gain_sure_by_student(void **state)
{
    (void)state;
    assert_true(lbi_ai_sure(1) > 1e6);
    assert_true(fabs(lbi_ai_sure(2) - 12.71) < 1e-9);
    assert_true(fabs(lbi_ai_sure(4) - 3.18) < 1e-9);
    assert_true(fabs(lbi_ai_sure(15) - 2.14) < 1e-9);
    assert_true(fabs(lbi_ai_sure(31) - 2.04) < 1e-9);
    assert_true(fabs(lbi_ai_sure(60) - 2.0) < 1e-9);
}

/* R-AI-6, R-AI-25: on the Russbach battle (177 units) the 60 rollouts of a 1 s budget are shared
 * out past the calibration's 16 by the square root of the ratio: 60 x sqrt(16 / 177) = 18.04, so
 * 18; the French Movement's first decision compares three arms (the evaluation's best change and
 * the same unit's next two), 18 / 3 = 6 runs each: 18 rollouts. At 300 ms, 18 x 0.3007 = 5.4, so
 * 5: two arms of two runs, 4 rollouts. At 100 ms, 6 x 0.3007 = 1.8, so 1: not two arms of two
 * runs, no rollouts, and the full level answers as the quick one. */
static void test_ai__rollouts_shared_at_scale(void **state)
{
    (void)state;
    int n;
    const lb_bundled_scenario *b = lb_data_scenarios(&n);
    assert_true(n > 0);
    assert_string_equal(b[0].id, "wagram-russbach-1809");
    lb_game *g = fixture_game(b[0].file, b[0].text, 1, LB_UNDO_HOTSEAT);
    assert_int_equal(lb_state_unit_count(lb_game_state(g)), 177);
    answer(g, 0, "end"); /* the French Charge segment */
    assert_int_equal(lb_state_turn(lb_game_state(g)).segment, LB_SEG_MOVEMENT);
    char key[4][LB_OPTION_KEY_MAX], why[4][LB_AI_REASON_MAX];
    lb_ai_settings s[4] = {settings(LB_AI_FULL, 1000, 1), settings(LB_AI_FULL, 300, 1),
                           settings(LB_AI_FULL, 100, 1), settings(LB_AI_QUICK, 1000, 1)};
    for (int k = 0; k < 4; k++)
        assert_int_equal(lb_ai_choose(g, 0, &s[k], key[k], why[k]), LB_OK);
    assert_non_null(strstr(why[0], "; 18 rollouts "));
    assert_non_null(strstr(why[1], "; 4 rollouts "));
    assert_string_equal(key[2], key[3]);
    assert_string_equal(why[2], why[3]);
    assert_null(strstr(why[2], "rollouts"));
    ai_ctx c; /* R-AI-20: the enemy's walk shared out too, 6 x 16 / 177 = 0.5: none */
    assert_int_equal(lbi_ai_ctx_init(&c, g, 0, &s[0]), LB_OK);
    assert_int_equal(c.rollouts, 18);
    assert_int_equal(lbi_ai_walk_steps(&c), 0);
    /* R-AI-25: past the calibration's units a gain need be sure by one standard error only */
    assert_true(fabs(lbi_ai_bar(&c, 6) - 1.0) < 1e-9);
    lbi_ai_ctx_release(&c);
    lb_game_free(g);
}

/* An Austrian (side 1) battalion in good order with two increments or more, within (near) or
 * beyond 8 hexes of unit x of st: its index, or -1. */
static int austrian_battalion(const lb_state *st, int x, int near)
{
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *u = &st->units[i];
        if (u->side != 1 || u->arm != LB_ARM_INFANTRY || u->state != LB_STATE_GOOD ||
            lb_unit_strength(u) < 2 || u->nhexes == 0)
            continue;
        int d = lb_hex_distance(u->hexes[0], st->units[x].hexes[0]);
        if (near ? d <= 8 : d > 8)
            return i;
    }
    return -1;
}

/* R-AI-25: at the battle's scale a rollout's end is valued on the neighbourhood of the unit whose
 * changes are compared: the objectives, and the units that stood within 8 hexes of it. An
 * Austrian battalion there one increment weaker gains the French 1.5 increments' worth (once in
 * the score's tally, half again in the material: 1.5 x its worth of one increment in good order);
 * one farther off, nothing. */
static void test_ai__rollouts_valued_on_the_neighbourhood(void **state)
{
    (void)state;
    int n;
    const lb_bundled_scenario *b = lb_data_scenarios(&n);
    lb_game *g = fixture_game(b[0].file, b[0].text, 1, LB_UNDO_HOTSEAT);
    answer(g, 0, "end"); /* the French Charge segment */
    lb_ai_settings s = settings(LB_AI_FULL, 1000, 1);
    ai_ctx c;
    assert_int_equal(lbi_ai_ctx_init(&c, g, 0, &s), LB_OK);
    int x = -1, near = -1, far = -1;
    for (int i = 0; i < c.st->nunits && near < 0; i++) {
        const lb_unit *u = &c.st->units[i];
        if (u->side == 0 && lb_unit_is_combat(u) && u->nhexes > 0) {
            x = i;
            near = austrian_battalion(c.st, i, 1);
            far = austrian_battalion(c.st, i, 0);
        }
    }
    assert_true(near >= 0 && far >= 0);
    c.around = x;
    double before = lbi_ai_position(&c, g);
    lb_game *weaker;
    assert_int_equal(lb_game_clone(g, 7, &weaker), LB_OK);
    weaker->st->units[far].losses++;
    assert_true(fabs(lbi_ai_position(&c, weaker) - before) < 1e-9);
    weaker->st->units[near].losses++;
    assert_true(fabs(lbi_ai_position(&c, weaker) - before - 1.5 * c.inc_worth) < 1e-9);
    lb_game_free(weaker);
    lbi_ai_ctx_release(&c);
    lb_game_free(g);
}

/* The scenarios of the game cases (tests/cases/game-*.json: their own, or the demo, played
 * once), the computer on both sides for at most 100 decisions: every answer accepted, and the
 * game replays. */
static void test_ai__case_scenarios(void **state)
{
    (void)state;
    glob_t gl;
    assert_int_equal(glob("tests/cases/game-*.json", 0, NULL, &gl), 0);
    int played = 0, demo_played = 0;
    for (size_t i = 0; i < gl.gl_pathc; i++) {
        json_error_t jerr;
        json_t *c = json_load_file(gl.gl_pathv[i], 0, &jerr);
        assert_non_null(c);
        json_t *args = json_object_get(c, "args"), *sc = json_object_get(c, "scenario");
        lb_game *g = NULL;
        if (strcmp(json_string_value(json_array_get(args, 0)), "play") != 0) {
            json_decref(c);
            continue;
        }
        if (json_is_object(sc)) {
            char *text = json_dumps(sc, 0);
            g = fixture_game(gl.gl_pathv[i], text, 1, LB_UNDO_HOTSEAT);
            free(text);
        } else if (!demo_played++) {
            g = fixture_demo(1, LB_UNDO_HOTSEAT);
        }
        if (g) {
            int ai[2] = {1, 1};
            lb_ai_settings s[2] = {settings(LB_AI_QUICK, 1000, 1), settings(LB_AI_QUICK, 1000, 2)};
            play(g, ai, s, 1, 100);
            assert_replays(g);
            lb_game_free(g);
            played++;
        }
        json_decref(c);
    }
    assert_true(played >= 7);
    globfree(&gl);
}

/* A French Melee segment on a 10 x 10 clear map: fr-inf (a French column) in 0505 next to au-inf
 * (an Austrian column) in 0506, the French holding a 10-point objective at `objective`. */
static lb_game *assault_from(const char *objective)
{
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    scenario_header(f, "assault", "melee", 10, 10);
    fprintf(f, "{\"id\": \"fr-inf\", \"side\": "
               "\"french\", \"arm\": \"infantry\", \"nation\": \"french\", \"class\": \"ligne\", "
               "\"increments\": 8, \"fire\": 8, \"melee\": 24, \"movement\": 6, \"morale\": "
               "\"35\", \"formation\": \"column\", \"state\": \"good\", \"hexes\": [\"0505\"], "
               "\"facing\": 6}, {\"id\": \"au-inf\", \"side\": \"austrian\", \"arm\": "
               "\"infantry\", \"nation\": \"austrian\", \"class\": \"linie\", \"increments\": 6, "
               "\"fire\": 6, \"melee\": 18, \"movement\": 6, \"morale\": \"35\", \"formation\": "
               "\"column\", \"state\": \"good\", \"hexes\": [\"0506\"], \"facing\": 12}], "
               "\"victory\": {\"last_turn\": \"14:00\", \"objectives\": [{\"hex\": \"%s\", "
               "\"points\": 10, \"holder\": \"french\"}]}}",
            objective);
    fclose(f);
    lb_game *g = fixture_game("assault", text, 1, LB_UNDO_HOTSEAT);
    free(text);
    return g;
}

/* The value the quick level gives option key of g's pending decision (R-AI-16), asserted
 * noted. */
static double valued(const lb_game *g, const char *key)
{
    lb_ai_settings s = settings(LB_AI_QUICK, 1000, 1);
    lb_ai_option o[LB_AI_HINT_OPTIONS];
    int n = 0;
    assert_int_equal(lb_ai_rank(g, lb_game_pending(g)->side, &s, o, LB_AI_HINT_OPTIONS, &n),
                     LB_OK);
    for (int k = 0; k < n && k < LB_AI_HINT_OPTIONS; k++)
        if (strcmp(o[k].key, key) == 0 && o[k].valued)
            return o[k].value;
    fail_msg("%s not valued", key);
    return 0;
}

/* R-AI-18: an assault from the objective the attacker alone holds risks it. fr-inf assaults
 * au-inf from 0505; with the French objective in 0505 the assault is worth, by docs/ai.md, what
 * it is worth with the objective far away in 0101 (the same odds, nothing else of it changes)
 * less the chance that the attacker routs (AR) or fails its check (ATTACKER_FAILS), which the
 * game's exact odds give, times the objective's swing: 2 x 10 points x 0.8 = 16. The chance is
 * not nothing here (the odds' 24:18 column), so the two values differ. */
static void test_ai__assault_risks_the_objective(void **state)
{
    (void)state;
    lb_game *far = assault_from("0101"), *held = assault_from("0505");
    lb_melee_chance *m = malloc(sizeof *m);
    assert_non_null(m);
    assert_int_equal(melee_odds(held, "melee:0506:fr-inf", m), LB_OK);
    assert_true(m->allowed);
    double leave = 0;
    for (int i = 0; i < m->noutcomes; i++)
        if (!strcmp(m->outcomes[i].result, "AR") || !strcmp(m->outcomes[i].result, "ATTACKER_FAILS"))
            leave += lb_frac_double(m->outcomes[i].p);
    assert_true(leave > 0.01);
    double v_far = valued(far, "melee:0506:fr-inf"), v_held = valued(held, "melee:0506:fr-inf");
    assert_true(fabs(v_far - v_held - 16 * leave) < 1e-9);
    free(m);
    lb_game_free(far);
    lb_game_free(held);
}

/* R-AI-20: in the look-ahead the enemy walks as the baseline would. On the demo's French
 * Movement (the Charge segment ended), with the Austrians deciding: the policy answers the
 * baseline's own step (a move, the French unit most movement points nearer the Austrian
 * objectives, R-AI-7), one of the segment's six steps spent; with none left, or for the side
 * deciding (its own units stand but for objectives), it ends the segment. */
static void test_ai__rollout_enemy_walks(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    answer(g, 0, "end");
    assert_int_equal(lb_state_turn(lb_game_state(g)).segment, LB_SEG_MOVEMENT);
    lb_ai_settings s = settings(LB_AI_FULL, 1000, 1), b = settings(LB_AI_BASELINE, 1000, 1);
    char walked[LB_OPTION_KEY_MAX], plan[LB_OPTION_KEY_MAX], why[LB_AI_REASON_MAX];
    assert_int_equal(lb_ai_choose(g, 0, &b, plan, why), LB_OK);
    assert_int_equal(strncmp(plan, "move:fr-", 8), 0);
    ai_ctx austrians, french;
    assert_int_equal(lbi_ai_ctx_init(&austrians, g, 1, &s), LB_OK);
    assert_int_equal(lbi_ai_ctx_init(&french, g, 0, &s), LB_OK);
    int walks = 6;
    assert_int_equal(lbi_ai_policy(&austrians, g, &walks, walked), LB_OK);
    assert_string_equal(walked, plan);
    assert_int_equal(walks, 5);
    walks = 0;
    assert_int_equal(lbi_ai_policy(&austrians, g, &walks, walked), LB_OK);
    assert_string_equal(walked, "end");
    walks = 6;
    assert_int_equal(lbi_ai_policy(&french, g, &walks, walked), LB_OK);
    assert_string_equal(walked, "end");
    assert_int_equal(walks, 6);
    assert_int_equal(lbi_ai_walk_steps(&austrians), 6);
    lbi_ai_ctx_release(&austrians);
    lbi_ai_ctx_release(&french);
    lb_game_free(g);
}

/* R-AI-22: in the look-ahead at the calibration's scale the deciding side's own Movement is the
 * quick level's. On the demo's French Movement (the Charge segment ended): with the French
 * deciding, the policy answers the quick level's change (a move, where its units stood before:
 * "end"); with the Austrians deciding, the French still walk as the baseline would (R-AI-20). On
 * the Russbach battle (177 units, past the 16 of R-AI-6) the French policy is as without it. */
static void test_ai__rollout_own_movement_quick(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    answer(g, 0, "end");
    assert_int_equal(lb_state_turn(lb_game_state(g)).segment, LB_SEG_MOVEMENT);
    lb_ai_settings f = settings(LB_AI_FULL, 1000, 1), q = settings(LB_AI_QUICK, 1000, 1),
                   b = settings(LB_AI_BASELINE, 1000, 1);
    char got[LB_OPTION_KEY_MAX], quick[LB_OPTION_KEY_MAX], plan[LB_OPTION_KEY_MAX],
        why[LB_AI_REASON_MAX];
    assert_int_equal(lb_ai_choose(g, 0, &q, quick, why), LB_OK);
    assert_int_equal(strncmp(quick, "move:fr-", 8), 0);
    assert_int_equal(lb_ai_choose(g, 0, &b, plan, why), LB_OK);
    assert_string_not_equal(plan, quick);
    ai_ctx french, austrians;
    assert_int_equal(lbi_ai_ctx_init(&french, g, 0, &f), LB_OK);
    assert_int_equal(lbi_ai_ctx_init(&austrians, g, 1, &f), LB_OK);
    french.own_movement = austrians.own_movement = lbi_ai_quick_answer;
    int walks = 6;
    assert_int_equal(lbi_ai_policy(&french, g, &walks, got), LB_OK);
    assert_string_equal(got, quick);
    assert_int_equal(walks, 6);
    assert_int_equal(lbi_ai_policy(&austrians, g, &walks, got), LB_OK);
    assert_string_equal(got, plan);
    assert_int_equal(walks, 5);
    lbi_ai_ctx_release(&french);
    lbi_ai_ctx_release(&austrians);
    lb_game_free(g);

    int n;
    const lb_bundled_scenario *sc = lb_data_scenarios(&n);
    assert_string_equal(sc[0].id, "wagram-russbach-1809");
    g = fixture_game(sc[0].file, sc[0].text, 1, LB_UNDO_HOTSEAT);
    answer(g, 0, "end");
    ai_ctx with, without;
    assert_int_equal(lbi_ai_ctx_init(&with, g, 0, &f), LB_OK);
    assert_int_equal(lbi_ai_ctx_init(&without, g, 0, &f), LB_OK);
    with.own_movement = lbi_ai_quick_answer;
    assert_true(with.scaled);
    walks = 0;
    assert_int_equal(lbi_ai_policy(&with, g, &walks, got), LB_OK);
    assert_int_equal(lbi_ai_policy(&without, g, &walks, plan), LB_OK);
    assert_string_equal(got, plan);
    lbi_ai_ctx_release(&with);
    lbi_ai_ctx_release(&without);
    lb_game_free(g);
}

/* R-AI-23: at the calibration's scale, where the rollouts play the deciding side's own Movement
 * on (R-AI-22), ending the segment is compared with the evaluation's best moves. In the demo's
 * first game of `selfplay --players full,quick --seed 1` (dice seed 1, the French full level's
 * seed 2, the Austrian quick level's 3) the French full level ends a Movement segment where its
 * evaluation would change a unit: it answers "end", saying which change it passes over and that
 * its 60 rollouts prefer ending; the quick level, in the same position, makes that change. */
static void test_ai__ending_compared_with_moves(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    lb_ai_settings s[2] = {settings(LB_AI_FULL, 1000, 2), settings(LB_AI_QUICK, 1000, 3)};
    lb_ai_settings q = settings(LB_AI_QUICK, 1000, 2);
    int found = 0;
    for (int n = 0; n < 80 && !found && lb_game_pending(g); n++) {
        const lb_decision *d = lb_game_pending(g);
        int side = d->side;
        char key[LB_OPTION_KEY_MAX], why[LB_AI_REASON_MAX];
        assert_int_equal(lb_ai_choose(g, side, &s[side], key, why), LB_OK);
        const char *over = strstr(why, "rather than the evaluation's choice, ");
        if (side == 0 && over) {
            found = 1;
            assert_string_equal(key, "end");
            assert_int_equal(lb_state_turn(lb_game_state(g)).segment, LB_SEG_MOVEMENT);
            assert_non_null(strstr(why, "; 60 rollouts prefer it to the evaluation's choice by "));
            char quick[LB_OPTION_KEY_MAX], quick_why[LB_AI_REASON_MAX];
            assert_int_equal(lb_ai_choose(g, 0, &q, quick, quick_why), LB_OK);
            int o = lb_decision_find(d, quick);
            assert_true(o >= 0 && strcmp(quick, "end") != 0);
            assert_int_equal(strncmp(over + strlen("rather than the evaluation's choice, "),
                                     d->options[o].text, strlen(d->options[o].text)),
                             0);
        }
        answer(g, side, key);
    }
    assert_true(found);
    lb_game_free(g);
}

/* R-AI-2: a what-if copy listing its Movement sparsely (lb_game_sparse_movement: the first
 * unit's options and "end", an answer checked against its unit's own), its policy asking each
 * unit that may step onto an objective for its moves, answers as the policy does on the whole
 * list. Two copies of the demo on the same dice, one whole, one sparse, played alike by the
 * quick level's answers on the whole one: at every Movement decision of either side the
 * policy's key (its walk spent) is the same on both, and the sparse decision lists fewer
 * options, "end" among them; steps onto objectives and an entry among them; between Movement
 * decisions the two games are one. */
static void test_ai__sparse_movement_same_policy(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(3, LB_UNDO_HOTSEAT), *whole, *sparse;
    assert_int_equal(lb_game_clone(g, 11, &whole), LB_OK);
    assert_int_equal(lb_game_clone(g, 11, &sparse), LB_OK);
    lb_game_sparse_movement(sparse);
    lb_ai_settings q = settings(LB_AI_QUICK, 1000, 1), f = settings(LB_AI_FULL, 1000, 1);
    int compared = 0, fewer = 0, grabbed = 0, entered = 0;
    for (int n = 0; n < 2000 && lb_game_pending(whole); n++) {
        const lb_decision *d = lb_game_pending(whole), *ds = lb_game_pending(sparse);
        assert_non_null(ds);
        int side = d->side;
        if (d->kind == LB_DECIDE_ACTION &&
            lb_state_turn(lb_game_state(whole)).segment == LB_SEG_MOVEMENT) {
            assert_true(ds->noptions <= d->noptions);
            fewer += ds->noptions < d->noptions;
            assert_string_equal(ds->options[ds->noptions - 1].key, "end");
            ai_ctx cw, cs;
            assert_int_equal(lbi_ai_ctx_init(&cw, whole, side, &f), LB_OK);
            assert_int_equal(lbi_ai_ctx_init(&cs, sparse, side, &f), LB_OK);
            cw.sparse = 0;
            cs.sparse = 1;
            char kw[LB_OPTION_KEY_MAX], ks[LB_OPTION_KEY_MAX];
            int walks = 0;
            assert_int_equal(lbi_ai_policy(&cw, whole, &walks, kw), LB_OK);
            assert_int_equal(lbi_ai_policy(&cs, sparse, &walks, ks), LB_OK);
            assert_string_equal(kw, ks);
            compared++;
            grabbed += strncmp(kw, "move:", 5) == 0;
            entered += strncmp(kw, "enter:", 6) == 0;
            lbi_ai_ctx_release(&cw);
            lbi_ai_ctx_release(&cs);
        }
        char key[LB_OPTION_KEY_MAX], why[LB_AI_REASON_MAX];
        assert_int_equal(lb_ai_choose(whole, side, &q, key, why), LB_OK);
        answer(whole, side, key);
        answer(sparse, side, key);
        /* the same game, but for the Movement decision's listing (the hash holds the pending) */
        d = lb_game_pending(whole);
        if (!d || d->kind != LB_DECIDE_ACTION ||
            lb_state_turn(lb_game_state(whole)).segment != LB_SEG_MOVEMENT)
            assert_true(lb_game_hash(whole) == lb_game_hash(sparse));
    }
    assert_null(lb_game_pending(whole));
    assert_true(compared > 20);
    assert_true(fewer > compared / 2);
    assert_true(grabbed > 0);
    assert_true(entered > 0);
    lb_game_free(whole);
    lb_game_free(sparse);
    lb_game_free(g);
}

/* The objectives' value of every unit standing elsewhere, from the kept reach (its sums, with the
 * unit taken out and put back where it stands in their order), exactly the value on a copy of the
 * state with the unit moved there (every unit summed anew): each unit one hex in every
 * direction, on the demo and on the Russbach battle, the French Movement segment. */
static void objectives_moved_as_on_a_copy(lb_game *g)
{
    answer(g, 0, "end"); /* the French Charge segment */
    ai_ctx c;
    lb_ai_settings s = settings(LB_AI_QUICK, 1000, 1);
    assert_int_equal(lbi_ai_ctx_init(&c, g, 0, &s), LB_OK);
    const lb_state *st = lb_game_state(g);
    double kept;
    int holders[AI_OBJECTIVES_MAX], compared = 0, changed = 0;
    assert_int_equal(lbi_ai_reach_keep(&c, st, &kept), LB_OK);
    lbi_ai_holders(&c, st, holders);
    assert_true(kept == lbi_ai_objectives(&c, st, holders));
    for (int i = 0; i < st->nunits; i++)
        for (int dir = 0; dir < 6 && st->units[i].nhexes > 0; dir++) {
            lb_state *copy = lb_state_clone(st);
            assert_non_null(copy);
            lb_unit *u = &copy->units[i];
            int on_map = 1;
            for (int k = 0; k < u->nhexes; k++) {
                u->hexes[k] = lb_hex_neighbor(u->hexes[k], dir);
                on_map &= lb_map_contains(&copy->map, u->hexes[k]);
            }
            if (on_map) {
                assert_int_equal(lb_state_reindex(copy), LB_OK);
                lbi_ai_holders(&c, copy, holders);
                double moved = lbi_ai_objectives_moved(&c, st, i, u->hexes, u->nhexes,
                                                       u->formation);
                assert_true(moved == lbi_ai_objectives(&c, copy, holders));
                compared++;
                changed += moved != kept;
            }
            lb_state_free(copy);
        }
    assert_true(compared > 6 * st->nunits / 2);
    assert_true(changed > compared / 20); /* 15 of 84 on the demo, 84 of 1058 at Russbach */
    lbi_ai_ctx_release(&c);
}

static void test_ai__objectives_moved_as_on_a_copy(void **state)
{
    (void)state;
    int n;
    const lb_bundled_scenario *b = lb_data_scenarios(&n);
    assert_string_equal(b[0].id, "wagram-russbach-1809");
    lb_game *games[2] = {fixture_demo(1, LB_UNDO_HOTSEAT),
                         fixture_game(b[0].file, b[0].text, 1, LB_UNDO_HOTSEAT)};
    for (int k = 0; k < 2; k++) {
        objectives_moved_as_on_a_copy(games[k]);
        lb_game_free(games[k]);
    }
}

/* R-AI-7: the scripted baseline is a level ("baseline"); on the demo cut to three turns, against
 * the quick level on either side, every answer is accepted, it walks units nearer the
 * objectives in Movement, and the same seed plays the same game again. */
static void test_ai__baseline_level(void **state)
{
    (void)state;
    assert_int_equal(lb_ai_level_parse("baseline"), LB_AI_BASELINE);
    assert_string_equal(lb_ai_level_name(LB_AI_BASELINE), "baseline");
    char *wagram = cut_short("data/scenarios/demo.json", "13:40");
    for (int side = 0; side < 2; side++) {
        uint64_t hash = 0;
        for (int run = 0; run < 2 - side; run++) {
            lb_game *g = fixture_game("cut", wagram, 5, LB_UNDO_HOTSEAT);
            lb_ai_settings s[2] = {settings(LB_AI_BASELINE, 1000, 3),
                                   settings(LB_AI_QUICK, 1000, 4)};
            if (side)
                s[0] = settings(LB_AI_QUICK, 1000, 4), s[1] = settings(LB_AI_BASELINE, 1000, 3);
            int walked = 0;
            while (lb_game_pending(g)) {
                char why[LB_AI_REASON_MAX];
                int who = lb_game_pending(g)->side;
                int moving = lb_state_turn(lb_game_state(g)).segment == LB_SEG_MOVEMENT;
                ai_answer(g, &s[who], why);
                if (moving && s[who].level == LB_AI_BASELINE && strstr(why, "movement points "
                                                                            "nearer") &&
                    !strstr(why, "(0 movement"))
                    walked++;
            }
            assert_true(walked > 0);
            assert_replays(g);
            if (run == 0)
                hash = lb_game_hash(g);
            else
                assert_true(lb_game_hash(g) == hash);
            lb_game_free(g);
        }
    }
    free(wagram);
}

/* A French Charge segment at 13:00 on a 20 x 3 clear map, the last turn 15:00: the Austrians hold
 * a 10-point objective at 0101, au-inf (a column, 6 MP) stands two hexes from it in 0103, fr-inf
 * (a column, 6 MP) eighteen hexes off in 1901. */
static lb_game *far_attacker(void)
{
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    scenario_header(f, "far", "charge", 20, 3);
    column_unit(f, "fr-inf", "french", "ligne", "35", "1901", 10);
    fprintf(f, ", ");
    column_unit(f, "au-inf", "austrian", "linie", "35", "0103", 4);
    fprintf(f, "], \"victory\": {\"last_turn\": \"15:00\", \"objectives\": [{\"hex\": \"0101\", "
               "\"points\": 10, \"holder\": \"austrian\"}]}}");
    fclose(f);
    lb_game *g = fixture_game("far", text, 1, LB_UNDO_HOTSEAT);
    free(text);
    return g;
}

/* R-AI-21: the defender (the side holding more objective points at the scenario's start) counts
 * the objectives' reach over its next two Movement segments, the attacker, and the baseline on
 * either side, over all they have left (7 here: 13:00 to 15:00). A unit t turns away reaches
 * the objective in m segments with chance 1 - t / (m + 0.5) (at least 0); the value for the
 * holder is 10 (held) less 10 times the nearest enemy's chance, plus 0.25 x 10 x each side's
 * chances (docs/ai.md). au-inf is 2 / 6 turns away, fr-inf 18 / 6 = 3 (clear, 1 MP a hex).
 * The Austrians, quick: 2 segments, fr-inf out of reach: 10 + 2.5 x (1 - (1/3) / 2.5) = 12.1667,
 * the same with fr-inf off the board (routed: it counts no more). The baseline's Austrians, 7
 * segments: 10 - 10 x 0.6 + 2.5 x (0.95556 - 0.6) = 4.8889, and 12.3889 without fr-inf. The
 * French, quick (the attacker), 7: -10 + 10 x 0.6 + 2.5 x (0.6 - 0.95556) = -4.8889, without
 * fr-inf -12.3889. */
static void test_ai__defender_counts_two_segments(void **state)
{
    (void)state;
    lb_game *g = far_attacker();
    const lb_state *st = lb_game_state(g);
    lb_ai_settings q = settings(LB_AI_QUICK, 1000, 1), b = settings(LB_AI_BASELINE, 1000, 1);
    ai_ctx austrians, french, yardstick;
    assert_int_equal(lbi_ai_ctx_init(&austrians, g, 1, &q), LB_OK);
    assert_int_equal(lbi_ai_ctx_init(&french, g, 0, &q), LB_OK);
    assert_int_equal(lbi_ai_ctx_init(&yardstick, g, 1, &b), LB_OK);
    int fr = lb_state_unit_index(st, "fr-inf"), au = lb_state_unit_index(st, "au-inf");
    const lb_hex fr_at = st->units[fr].hexes[0], au_at = st->units[au].hexes[0];
    assert_int_equal(lbi_ai_objective_mp(&austrians, st, LB_ARM_INFANTRY, 0, fr_at), 18);
    assert_int_equal(lbi_ai_objective_mp(&austrians, st, LB_ARM_INFANTRY, 0, au_at), 2);
    lb_state *off = lb_state_clone(st);
    assert_non_null(off);
    off->units[fr].state = LB_STATE_ROUTED;
    int held[1] = {1};
    const ai_ctx *who[3] = {&austrians, &yardstick, &french};
    const double with[3] = {10 + 2.5 * (1 - (1.0 / 3) / 2.5),
                            10 - 10 * 0.6 + 2.5 * ((1 - (1.0 / 3) / 7.5) - 0.6),
                            -10 + 10 * 0.6 + 2.5 * (0.6 - (1 - (1.0 / 3) / 7.5))};
    const double without[3] = {with[0], 10 + 2.5 * (1 - (1.0 / 3) / 7.5),
                               -10 - 2.5 * (1 - (1.0 / 3) / 7.5)};
    for (int k = 0; k < 3; k++) {
        assert_float_equal(lbi_ai_objectives(who[k], st, held), with[k], 1e-9);
        assert_float_equal(lbi_ai_objectives(who[k], off, held), without[k], 1e-9);
    }
    lb_state_free(off);
    lbi_ai_ctx_release(&austrians);
    lbi_ai_ctx_release(&french);
    lbi_ai_ctx_release(&yardstick);
    lb_game_free(g);
}

/* The searches' open list gives the cheapest first and, among equal costs, the lowest state,
 * the order the charge plan's search settles its states in (R-AI-17: the first cheapest end). */
static void test_ai__heap_cheapest_then_lowest(void **state)
{
    (void)state;
    long long v[8];
    ai_heap h = {v, 0};
    const int pushed[][2] = {{5, 9}, {3, 7}, {5, 2}, {3, 4}, {0, 11}, {AI_FAR, 0}};
    for (int k = 0; k < 6; k++)
        lbi_ai_heap_push(&h, pushed[k][0], pushed[k][1]);
    const int popped[][2] = {{0, 11}, {3, 4}, {3, 7}, {5, 2}, {5, 9}, {AI_FAR, 0}};
    for (int k = 0; k < 6; k++) {
        int cost, at = lbi_ai_heap_pop(&h, &cost);
        assert_int_equal(cost, popped[k][0]);
        assert_int_equal(at, popped[k][1]);
    }
    assert_int_equal(h.n, 0);
}

/* The evaluation's weights (docs/ai.md, "Tuning the weights"): the defaults of "Values", a text
 * of overrides read over them, and what is wrong with a text it cannot read said. */
static void test_ai__weights_read_or_refused(void **state)
{
    (void)state;
    ai_weights w;
    char err[LB_AI_REASON_MAX];
    assert_int_equal(lbi_ai_weights_read(NULL, &w, err, sizeof err), LB_OK);
    const double defaults[] = {0.5, 0.25, 0.35, 0.6, 0.8, 0.5, 0.5, 0.08, 0.3, 0.1};
    const double got[] = {w.hope,  w.mass,   w.guard, w.waiting, w.threat,
                          w.melee, w.charge, w.fresh, w.moving,  w.assault};
    for (int i = 0; i < 10; i++)
        assert_true(got[i] == defaults[i]);
    assert_int_equal(lbi_ai_weights_read("threat=0.7,hope=1.25", &w, err, sizeof err), LB_OK);
    assert_true(w.threat == 0.7 && w.hope == 1.25 && w.mass == 0.25 && w.moving == 0.3);
    const char *const bad[][2] = {
        {"hop=1", "found \"hop=1\""},
        {"hope", "found \"hope\""},
        {"hope=1,", "found \"\""},
        {"hope=x", "hope: expected a number from 0 to 100, found \"x\""},
        {"mass=0.5x,hope=1", "mass: expected a number from 0 to 100, found \"0.5x\""},
        {"guard=-0.1", "guard: expected a number from 0 to 100, found \"-0.1\""},
        {"fresh=101", "fresh: expected a number from 0 to 100, found \"101\""},
        {"melee=nan", "melee: expected a number from 0 to 100, found \"nan\""},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        assert_int_equal(lbi_ai_weights_read(bad[i][0], &w, err, sizeof err), LB_INVALID);
        assert_non_null(strstr(err, bad[i][1]));
        assert_int_equal(lb_ai_weights_check(bad[i][0], NULL, 0), LB_INVALID);
    }
    assert_int_equal(lb_ai_weights_check("assault=0,moving=2.5", NULL, 0), LB_OK);
}

/* The weights given in the settings are the ones the computer decides by: at the demo's first
 * French Movement the quick level moves a unit by the defaults; with `moving` at 100 (no change
 * gains a hundred points) it ends the segment; the baseline keeps its own (it moves); a text it
 * cannot read is refused and nothing is answered. */
static void test_ai__weights_decide(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    answer(g, 0, "end"); /* the French Charge */
    char key[LB_OPTION_KEY_MAX], why[LB_AI_REASON_MAX];
    lb_ai_settings s = settings(LB_AI_QUICK, 1000, 1);
    assert_int_equal(lb_ai_choose(g, 0, &s, key, why), LB_OK);
    assert_string_not_equal(key, "end");
    s.weights = "moving=100";
    assert_int_equal(lb_ai_choose(g, 0, &s, key, why), LB_OK);
    assert_string_equal(key, "end");
    lb_ai_settings b = settings(LB_AI_BASELINE, 1000, 1);
    b.weights = "moving=100";
    assert_int_equal(lb_ai_choose(g, 0, &b, key, why), LB_OK);
    assert_string_not_equal(key, "end");
    s.weights = "moving=";
    assert_int_equal(lb_ai_choose(g, 0, &s, key, why), LB_INVALID);
    lb_game_free(g);
}

/* With an argument, only the tests whose names match it (a cmocka pattern). */
int main(int argc, char **argv)
{
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ai__fires_with_exact_odds),
        cmocka_unit_test(test_ai__hint_ranks_three),
        cmocka_unit_test(test_ai__carre_against_cavalry),
        cmocka_unit_test(test_ai__charge_valued_with_reactions),
        cmocka_unit_test(test_ai__charged_units_rout_for_the_cavalry),
        cmocka_unit_test(test_ai__no_carre_without_cavalry),
        cmocka_unit_test(test_ai__no_carre_against_exhausted_cavalry),
        cmocka_unit_test(test_ai__reason_names_the_declared_target),
        cmocka_unit_test(test_ai__line_for_fire),
        cmocka_unit_test(test_ai__melee_odds_with_the_turn),
        cmocka_unit_test(test_ai__clone_is_a_what_if),
        cmocka_unit_test(test_ai__no_clone_inside_a_charge),
        cmocka_unit_test(test_ai__clone_keeps_an_offered_retreat),
        cmocka_unit_test(test_ai__only_its_decision),
        cmocka_unit_test(test_ai__never_illegal),
        cmocka_unit_test(test_ai__full_level_is_deterministic),
        cmocka_unit_test(test_ai__full_ends_only_as_the_evaluation),
        cmocka_unit_test(test_ai__rollout_gain_sure_by_student),
        cmocka_unit_test(test_ai__rollouts_shared_at_scale),
        cmocka_unit_test(test_ai__rollouts_valued_on_the_neighbourhood),
        cmocka_unit_test(test_ai__case_scenarios),
        cmocka_unit_test(test_ai__baseline_level),
        cmocka_unit_test(test_ai__rollout_enemy_walks),
        cmocka_unit_test(test_ai__rollout_own_movement_quick),
        cmocka_unit_test(test_ai__ending_compared_with_moves),
        cmocka_unit_test(test_ai__fires_together),
        cmocka_unit_test(test_ai__sparse_movement_same_policy),
        cmocka_unit_test(test_ai__objectives_moved_as_on_a_copy),
        cmocka_unit_test(test_ai__assault_risks_the_objective),
        cmocka_unit_test(test_ai__defender_counts_two_segments),
        cmocka_unit_test(test_ai__heap_cheapest_then_lowest),
        cmocka_unit_test(test_ai__weights_read_or_refused),
        cmocka_unit_test(test_ai__weights_decide),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
