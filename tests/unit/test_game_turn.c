/* Unit tests of a whole turn in the game: what the earlier segments leave the melee (the hex fired at, defensive-fire losses, a charge's obligations), routs in place after all melees, readiness by rest, the hold after a retreat before melee, every demo unit's moves at the prompt, formations at any facing, reinforcements. */
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
#include "state_int.h"
#include "fixture.h"
#include "action_int.h"
#include "answer_int.h"
#include "words.h"
#include "game_int.h"
#include "move_int.h"
#include "hex_int.h"

#define GOLDEN "tests/cases/game-R-GAME-18-golden-two-turns.json"

static lb_game *demo(uint64_t seed)
{
    size_t len;
    const char *name;
    return fixture_game("demo.json", lb_data_demo(&len, &name), seed, LB_UNDO_HOTSEAT);
}

static lb_game *prusse(uint64_t seed)
{
    FILE *f = fopen("data/scenarios/prusse-1806-demo.json", "rb");
    assert_non_null(f);
    char *text = calloc(1, 1 << 17);
    size_t n = fread(text, 1, (1 << 17) - 1, f);
    fclose(f);
    assert_true(n > 0);
    lb_game *g = fixture_game("prusse-1806-demo.json", text, seed, LB_UNDO_HOTSEAT);
    free(text);
    return g;
}

/* The golden two-turn game (seed 3566) at its first `keep` journal entries. */
static lb_game *golden(int keep)
{
    json_error_t jerr;
    json_t *c = json_load_file(GOLDEN, 0, &jerr);
    assert_non_null(c);
    json_t *entries = json_object_get(json_object_get(c, "json"), "/journal/entries");
    assert_true(json_is_array(entries) && (int)json_array_size(entries) >= keep);
    json_t *cut = json_array();
    for (int i = 0; i < keep; i++)
        json_array_append(cut, json_array_get(entries, (size_t)i));
    json_t *j = json_pack("{s:s,s:o}", "format", "labataille-journal/1", "entries", cut);
    char *text = json_dumps(j, 0);
    lb_journal journal;
    lb_err err = {0};
    assert_int_equal(lb_journal_from_json(text, strlen(text), &journal, &err), LB_OK);
    lb_game *g = demo(3566);
    assert_int_equal(lb_game_load_journal(g, &journal, &err), LB_OK);
    lb_journal_release(&journal);
    free(text);
    json_decref(j);
    json_decref(c);
    return g;
}

static lb_game_answer answer(lb_game *g, const char *key, lb_verdict want)
{
    lb_game_answer a;
    assert_int_equal(lb_game_decide(g, LB_ROLE_BOTH, lb_game_seq(g), key, &a), LB_OK);
    if (a.verdict != want)
        fprintf(stderr, "%s: %s (%s)\n", key, lb_verdict_name(a.verdict), a.reason);
    assert_int_equal(a.verdict, want);
    return a;
}

/* lb_game_melee_odds of the assault key reads as in the game's action decision. */
static int melee_odds(const lb_game *g, const char *key, lb_melee_chance *out)
{
    lb_action a;
    lb_action_parse(lb_game_state(g), LB_DECIDE_ACTION, key, &a, NULL);
    return lb_game_melee_odds(g, &a, out, NULL);
}

static const lb_unit *unit(const lb_game *g, const char *id)
{
    const lb_state *st = lb_game_state(g);
    int u = lb_state_unit_index(st, id);
    assert_true(u >= 0);
    return &st->units[u];
}

/* Did the last answer's trace say text? */
static int traced(const lb_game *g, const char *text)
{
    const lb_trace *t = lb_game_trace(g);
    char step[512];
    for (int i = 0; i < t->count; i++) {
        assert_true(lb_trace_step_fmt(&t->steps[i], step, sizeof step) < (int)sizeof step);
        if (strstr(step, text))
            return 1;
    }
    return 0;
}

/* Answers until side must act in segment: "end" for actions, "auto" or the first option for the
 * rules' decisions. Whether the trace of any answer said text (NULL: nothing asked). */
static int until_said(lb_game *g, int side, lb_segment segment, const char *text)
{
    int said = 0;
    for (int n = 0; n < 400; n++) {
        const lb_decision *d = lb_game_pending(g);
        assert_non_null(d);
        if (d->kind == LB_DECIDE_ACTION && lb_game_state(g)->turn.segment == segment &&
            lb_game_state(g)->turn.phasing == side)
            return said;
        const char *key = lb_decision_find(d, "end") >= 0    ? "end"
                          : lb_decision_find(d, "auto") >= 0 ? "auto"
                                                             : d->options[0].key;
        char copy[LB_OPTION_KEY_MAX];
        snprintf(copy, sizeof copy, "%s", key);
        answer(g, copy, LB_ACCEPTED);
        said |= text && traced(g, text);
    }
    fail_msg("segment not reached");
    return said;
}

static void until(lb_game *g, int side, lb_segment segment)
{
    until_said(g, side, segment, NULL);
}

/* R-MEL-2 (32.5), R-GAME-18: a unit that fired at a hex in its side's Offensive Fire may melee
 * that hex only; the refusal is the melee rules' and changes nothing, and the game's odds of the
 * assault (R-GAME-21: lb_game_melee_odds, as the game would declare it) say the same. */
static void test_game_turn__fired_hex_binds_melee(void **state)
{
    (void)state;
    lb_game *g = demo(7);
    answer(g, "end", LB_ACCEPTED);                /* French Charge */
    answer(g, "end", LB_ACCEPTED);                /* French Movement */
    answer(g, "fire:au-ir4-1:0810", LB_ACCEPTED); /* Austrian Defensive Fire: roll 23, none */
    answer(g, "fire:fr-26le-1:0911", LB_ACCEPTED); /* roll 23: none */
    until(g, 0, LB_SEG_MELEE);
    uint64_t h = lb_game_hash(g);
    int seq = lb_game_seq(g);
    lb_game_answer a = answer(g, "melee:0910:fr-26le-1", LB_REFUSED_ILLEGAL);
    assert_string_equal(a.rule, "R-MEL-2");
    assert_non_null(strstr(a.reason, "0911"));
    assert_true(lb_game_hash(g) == h);
    assert_int_equal(lb_game_seq(g), seq);
    lb_melee_chance c;
    assert_int_equal(melee_odds(g, "melee:0910:fr-26le-1", &c), LB_OK);
    assert_false(c.allowed);
    assert_int_equal(melee_odds(g, "melee:0911:fr-26le-1", &c), LB_OK);
    assert_true(c.allowed);
    lb_game_free(g);
}

/* R-MEL-10, R-GAME-18: the increments an attacker lost to the enemy's Defensive Fire reach its
 * pre-melee check: -3 each (premelee_morale.fire_loss). In the demo, fr-26le-1 (line, 4 of its
 * increments counted) against au-ir4-1 (5): 4 : 5 reads 1:2, -6. Seed 7's defensive fire at
 * 0810 rolls 23 (no loss): -6; seed 4's rolls 42 (2.5:1, 26-63: 1 lost): -6 - 3 = -9. */
static void test_game_turn__defensive_fire_loss_reaches_premelee(void **state)
{
    (void)state;
    const uint64_t seeds[] = {7, 4};
    const int want[] = {-6, -9}, lost[] = {0, 1};
    for (int k = 0; k < 2; k++) {
        lb_game *g = demo(seeds[k]);
        answer(g, "end", LB_ACCEPTED);
        answer(g, "end", LB_ACCEPTED);
        answer(g, "fire:au-ir4-1:0810", LB_ACCEPTED);
        until(g, 0, LB_SEG_MELEE);
        assert_int_equal(unit(g, "fr-26le-1")->losses, lost[k]);
        lb_melee_chance c;
        assert_int_equal(melee_odds(g, "melee:0910:fr-26le-1", &c), LB_OK);
        assert_true(c.allowed);
        assert_string_equal(lb_game_state(g)->units[c.units[0].unit].id, "fr-26le-1");
        assert_int_equal(c.units[0].chart_mod, want[k]);
        lb_game_free(g);
    }
}

/* R-MEL-25, R-CHG-16, R-GAME-10 (premier-2017): fr-1hus charges pr-fus-ruehle (seed 13: the
 * stand check 46 - 6 = 36 fails, pr-fus-ruehle routs its 4 hexes to 1209, the one end at the
 * largest D (R-RET-4 e), the recall die 1 fails). The hussars must move nearer: the 1-MP steps
 * 0810 and 0911 (the owner's), then 1010 and 1110 (the only ones), where they meet it. Their owed
 * melee is declared with the charge's x1/2 and they rout in place only when the Melee segment
 * ends, after all melees. */
static void test_game_turn__owed_melee_then_rout_in_place(void **state)
{
    (void)state;
    lb_game *g = prusse(13);
    answer(g, "charge:fr-1hus:0404,0405,0406,0407,0408,0509,0609,0710", LB_ACCEPTED);
    answer(g, "target", LB_ACCEPTED);
    assert_int_equal(lb_game_pending(g)->kind, LB_DECIDE_STEP);
    answer(g, "0810", LB_ACCEPTED);
    answer(g, "0911", LB_ACCEPTED);
    assert_true(traced(g, "fr-1hus, not recalled, meets pr-fus-ruehle and attacks it"));
    until(g, 0, LB_SEG_MELEE);
    const lb_decision *d = lb_game_pending(g);
    assert_int_equal(d->noptions, 1); /* the owed melee only: no `end` */
    char key[LB_OPTION_KEY_MAX];
    snprintf(key, sizeof key, "%s", d->options[0].key);
    lb_melee_chance c;
    assert_int_equal(melee_odds(g, key, &c), LB_OK);
    int half = 0;
    for (int k = 0; k < c.units[0].ntimes; k++)
        half |= strcmp(c.units[0].times[k].rule, "R-CHG-16") == 0 &&
                c.units[0].times[k].times.num * 2 == c.units[0].times[k].times.den;
    assert_true(half);
    answer(g, key, LB_ACCEPTED);
    while (lb_game_pending(g)->kind != LB_DECIDE_ACTION) {
        const lb_decision *p = lb_game_pending(g);
        snprintf(key, sizeof key, "%s", lb_decision_find(p, "full") >= 0 ? "full"
                                                                          : p->options[0].key);
        answer(g, key, LB_ACCEPTED);
    }
    assert_int_equal(lb_game_state(g)->turn.segment, LB_SEG_MELEE);
    assert_int_equal(unit(g, "fr-1hus")->state, LB_STATE_GOOD); /* not before all melees */
    answer(g, "end", LB_ACCEPTED);
    assert_true(traced(g, "fr-1hus routs in place: its recall failed"));
    /* routed, it checks in the French Morale Recovery that follows at once */
    assert_true(traced(g, "fr-1hus recovery check"));
    lb_game_free(g);
}

/* R-GAME-20: seed 7, fr-8chs's charge makes au-ir20-3 form carré (23 + 3 = 26); the carré's
 * defensive fire (die 23 at 4:1: 1 lost) and a failed check (12, not above 33) rout the
 * chasseurs before their melee, to 0101, the one end at the largest D (R-RET-4 e: nothing to
 * choose). The other fires of the turn roll 36, 24, 13. Only cavalry that charges and melees
 * is exhausted: they stay fresh, and once rallied (51 - 6 = 41 > 33) they may charge again at
 * 13:20. */
static void test_game_turn__charge_without_melee_keeps_readiness(void **state)
{
    (void)state;
    lb_game *g = demo(7);
    const char *keys[] = {"charge:fr-8chs:0802,0903,1003,1104", "wait", "wait", "target", "carre",
                          "end", "fire:au-ir20-3:1204", "fire:au-ir4-1:0810",
                          "fire:fr-26le-1+fr-art-5-4:0910", "fire:fr-24le-vlt:1113"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        answer(g, keys[i], LB_ACCEPTED);
        if (i == 4)
            assert_int_equal(unit(g, "au-ir20-3")->formation, LB_FORM_CARRE);
        if (i == 6) {
            assert_int_equal(unit(g, "fr-8chs")->state, LB_STATE_ROUTED);
            lb_hex end = {1, 1};
            assert_true(lb_hex_eq(unit(g, "fr-8chs")->hexes[0], end));
        }
    }
    assert_int_equal(lb_game_state(g)->turn.segment, LB_SEG_MELEE);
    answer(g, "end", LB_ACCEPTED);
    assert_true(traced(g, "fr-8chs charged but did not melee: it stays fresh"));
    assert_true(traced(g, "fr-8chs checks morale: roll 51 -6 = 41, passed: good"));
    assert_int_equal(unit(g, "fr-8chs")->readiness, LB_READY_FRESH);
    until(g, 0, LB_SEG_CHARGE);
    assert_int_equal(lb_game_turn_number(g), 2);
    assert_true(lb_decision_find_param(lb_game_pending(g), "charge:fr-8chs:0101") >= 0);
    lb_game_free(g);
}

/* R-GAME-21: a charge under way is shown as it happens. Seed 7: fr-8chs charges along 0802,
 * 0903, 1003, 1104 (14 printed + 5 = 19 MP, 1 MP a clear hex without turns). Its first answer's
 * trace holds the step into 0802 (1 of 19 spent) and stops at au-ir20-3's question (4 hexes
 * away, not the target: carré now?); the answer "wait" shows only what followed: the step into
 * 0903 (2 of 19), before the next question, 3 hexes away. */
static void test_game_turn__charge_shown_as_it_happens(void **state)
{
    (void)state;
    lb_game *g = demo(7);
    answer(g, "charge:fr-8chs:0802,0903,1003,1104", LB_ACCEPTED);
    assert_true(traced(g, "fr-8chs enters 0802: 1 MP (turns 0 x 2, terrain 1, hexside 0); 1 of 19 "
                          "spent"));
    assert_false(traced(g, "fr-8chs enters 0903"));
    assert_int_equal(lb_game_pending(g)->kind, LB_DECIDE_CARRE);
    answer(g, "wait", LB_ACCEPTED);
    assert_false(traced(g, "fr-8chs enters 0802"));
    assert_true(traced(g, "fr-8chs enters 0903: 1 MP (turns 0 x 2, terrain 1, hexside 0); 2 of 19 "
                          "spent"));
    assert_false(traced(g, "fr-8chs enters 1003"));
    assert_int_equal(lb_game_pending(g)->kind, LB_DECIDE_CARRE);
    assert_non_null(strstr(lb_game_pending(g)->prompt, "3 hexes away"));
    lb_game_free(g);
}

/* R-MEL-21, R-GAME-10: at 13:20 of the golden game fr-8chs (1304, next to the carré that
 * repulsed it, R-MEL-29) is exhausted since its melee at 13:00, a full turn before the French
 * Morale Recovery. Not moving gives two steps (fresh), moving at most half its 14 MP one (tired:
 * 1301, 3 MP), more none (0504); each with the rules' trace. The carré's opportunity fire at
 * its first step is passed (28.5), so that nothing but the move differs. */
static void test_game_turn__readiness_by_rest(void **state)
{
    (void)state;
    const char *moves[] = {NULL, "move:fr-8chs:1301", "move:fr-8chs:0504"};
    const lb_readiness want[] = {LB_READY_FRESH, LB_READY_TIRED, LB_READY_EXHAUSTED};
    const char *why[] = {"without moving (two steps)", "moving at most half (one step)",
                         "it moved more than half its movement points"};
    for (int k = 0; k < 3; k++) {
        lb_game *g = golden(62); /* 13:20, the French Movement */
        assert_int_equal(lb_game_state(g)->turn.segment, LB_SEG_MOVEMENT);
        assert_int_equal(unit(g, "fr-8chs")->readiness, LB_READY_EXHAUSTED);
        if (moves[k])
            answer(g, moves[k], LB_ACCEPTED);
        while (lb_game_pending(g)->kind == LB_DECIDE_OPPORTUNITY)
            answer(g, "pass", LB_ACCEPTED);
        /* the Austrian Charge ends by itself (its hussars are exhausted): their Movement */
        assert_true(until_said(g, 1, LB_SEG_MOVEMENT, why[k]));
        assert_int_equal(unit(g, "fr-8chs")->readiness, want[k]);
        lb_game_free(g);
    }
}

/* R-MEL-8, R-MOV-5: the hussars that retreated 3 hexes before fr-46li-1's melee (golden game,
 * 13:20) may not move in the Austrian Movement that follows: no option moves them and a move is
 * refused with the movement rules' reason, nothing changed. */
static void test_game_turn__retreat_before_melee_holds(void **state)
{
    (void)state;
    lb_game *g = golden(74);
    assert_int_equal(lb_game_state(g)->turn.segment, LB_SEG_MOVEMENT);
    assert_int_equal(lb_game_state(g)->turn.phasing, 1);
    assert_int_equal(unit(g, "au-hus4")->move.hold, LB_HOLD_RETREATED);
    const lb_decision *d = lb_game_pending(g);
    for (int i = 0; i < d->noptions; i++)
        assert_null(strstr(d->options[i].key, "au-hus4"));
    uint64_t h = lb_game_hash(g);
    lb_game_answer a = answer(g, "move:au-hus4:0717", LB_REFUSED_ILLEGAL);
    assert_string_equal(a.rule, "R-MOV-5");
    assert_non_null(strstr(a.reason, "retreated before melee"));
    assert_true(lb_game_hash(g) == h);
    lb_game_free(g);
}

/* Is key an option of d? */
static int offered(const lb_decision *d, const char *key)
{
    return lb_decision_find(d, key) >= 0;
}

/* Issue 14: at the start of its side's Movement segment every unit of the demo is offered
 * exactly the moves and changes the movement rules list (lb_move_options), and one illegal move
 * each (a hex it may not end in, or any step for a unit that may not move) is refused with the
 * movement rules' ruling and reason, changing nothing. */
static void check_movement(lb_game *g)
{
    const lb_state *st = lb_game_state(g);
    const lb_decision *d = lb_game_pending(g);
    int side = st->turn.phasing, listed = 0;
    for (int i = 0; i < d->noptions; i++)
        listed += strncmp(d->options[i].key, "move:", 5) == 0;
    int expected = 0;
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *u = &st->units[i];
        if (u->side != side)
            continue;
        char id[LB_SUBJECT_MAX];
        snprintf(id, sizeof id, "%s", u->id);
        lb_move_choices ch;
        assert_int_equal(lb_move_options(st, id, &ch, NULL), LB_OK);
        char key[LB_OPTION_KEY_MAX], label[LB_HEX_LABEL_MAX];
        int illegal = -1;
        for (int r = 1; r < ch.nreach; r++) {
            lb_map_label(&st->map, ch.reach[r].hex, label);
            snprintf(key, sizeof key, "move:%s:%s", id, label);
            assert_int_equal(offered(d, key), ch.may_step && ch.reach[r].end);
            expected += ch.may_step && ch.reach[r].end;
            if (!ch.reach[r].end && illegal < 0)
                illegal = r;
        }
        for (int c = 0; c < ch.nchanges; c++)
            if (ch.changes[c].legal && ch.changes[c].action.kind == LB_ACT_FACE) {
                snprintf(key, sizeof key, "face:%s:%d", id, ch.changes[c].action.facing);
                assert_true(offered(d, key));
            }
        /* the illegal move: a hex it may pass but not end in, else one beyond its reach (a
         * corner of the map), else any neighbour when it may not move */
        lb_hex to = illegal >= 0 ? ch.reach[illegal].hex : (lb_hex){1, 1};
        if (!ch.may_step || lb_hex_eq(to, u->hexes[0]))
            to = lb_hex_neighbor(u->hexes[0], 0);
        if (!lb_map_contains(&st->map, to) || lb_hex_eq(to, u->hexes[0]))
            to = (lb_hex){st->map.cols, st->map.rows};
        int reached = 0;
        for (int r = 1; r < ch.nreach && ch.may_step; r++)
            reached |= lb_hex_eq(ch.reach[r].hex, to) && ch.reach[r].end;
        lb_move_choices_release(&ch);
        if (reached)
            continue; /* every hex it could be sent to is legal: nothing illegal to try here */
        snprintf(key, sizeof key, "move:%s:%s", id, lb_map_label(&st->map, to, label));
        uint64_t h = lb_game_hash(g);
        int seq = lb_game_seq(g);
        lb_game_answer a = answer(g, key, LB_REFUSED_ILLEGAL);
        assert_non_null(a.rule);
        assert_true(strncmp(a.rule, "R-MOV-", 6) == 0 || strncmp(a.rule, "R-ZOI-", 6) == 0 ||
                    strncmp(a.rule, "R-STACK-", 8) == 0 || strncmp(a.rule, "R-FORM-", 7) == 0 ||
                    strcmp(a.rule, "R-MOR-4") == 0);
        assert_null(strstr(a.reason, "is not one of"));
        assert_true(strlen(a.reason) > 10);
        assert_true(lb_game_hash(g) == h);
        assert_int_equal(lb_game_seq(g), seq);
        st = lb_game_state(g);
        d = lb_game_pending(g);
    }
    assert_int_equal(listed, expected);
}

static void test_game_turn__every_unit_moves_as_the_rules_allow(void **state)
{
    (void)state;
    lb_game *g = demo(7);
    until(g, 0, LB_SEG_MOVEMENT); /* 13:00, the French Movement */
    check_movement(g);
    until(g, 1, LB_SEG_MOVEMENT); /* 13:00, the Austrian Movement */
    check_movement(g);
    lb_game_free(g);
}

/* R-GAME-3 (revised): a formation change is listed at R-FORM-9's default facing only (column
 * facing 4 to a one-hex line: 5), yet a line facing 3 that the movement rules allow is taken,
 * and a facing they refuse (a line faces a vertex, not 4) is refused with their reason; the
 * game replays from its journal to the same state (exported and imported). */
static void test_game_turn__formation_at_another_facing(void **state)
{
    (void)state;
    lb_game *g = demo(7);
    until(g, 0, LB_SEG_MOVEMENT);
    assert_true(offered(lb_game_pending(g), "form:fr-18li-2:line:5@0715"));
    assert_false(offered(lb_game_pending(g), "form:fr-18li-2:line:3@0715"));
    lb_game_answer a = answer(g, "form:fr-18li-2:line:4@0715", LB_REFUSED_ILLEGAL);
    assert_string_equal(a.rule, "R-FORM-9");
    answer(g, "form:fr-18li-2:line:3@0715", LB_ACCEPTED);
    assert_int_equal(unit(g, "fr-18li-2")->formation, LB_FORM_LINE);
    assert_int_equal(unit(g, "fr-18li-2")->facing, 3);
    char *text = NULL;
    assert_int_equal(lb_game_export(g, &text), LB_OK);
    int n;
    const lb_module *m = lb_data_modules(&n);
    lb_load_opts o = {.modules = m, .nmodules = n};
    lb_errlist errs = {0};
    lb_game *back = NULL;
    assert_int_equal(lb_game_import("export.json", text, strlen(text), &o, &back, &errs), LB_OK);
    assert_true(lb_game_hash(back) == lb_game_hash(g));
    free(text);
    lb_errlist_release(&errs);
    lb_game_free(back);
    lb_game_free(g);
}

/* R-GAME-9, R-GAME-3: the reinforcement au-ir49-3 is offered its entry at 13:40 and not before;
 * an entry elsewhere is refused with the ruling that names its entry hex. */
static void test_game_turn__reinforcement_enters_as_the_rules_allow(void **state)
{
    (void)state;
    lb_game *g = demo(7);
    until(g, 1, LB_SEG_MOVEMENT);
    lb_game_answer a = answer(g, "enter:au-ir49-3:2413", LB_REFUSED_ILLEGAL);
    assert_string_equal(a.reason, "au-ir49-3 arrives at 13:40");
    while (lb_game_turn_number(g) < 3) {
        answer(g, "end", LB_ACCEPTED);
        until(g, 1, LB_SEG_MOVEMENT);
    }
    assert_true(offered(lb_game_pending(g), "enter:au-ir49-3:2413"));
    /* 0101 is an edge hex, but not this reinforcement's, which is open */
    a = answer(g, "enter:au-ir49-3:0101", LB_REFUSED_ILLEGAL);
    assert_string_equal(a.rule, "R-GAME-9");
    assert_non_null(strstr(a.reason, "its entry hex"));
    answer(g, "enter:au-ir49-3:2413", LB_ACCEPTED);
    assert_true(lb_hex_eq(unit(g, "au-ir49-3")->hexes[0], (lb_hex){24, 13}));
    lb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_turn__fired_hex_binds_melee),
        cmocka_unit_test(test_game_turn__defensive_fire_loss_reaches_premelee),
        cmocka_unit_test(test_game_turn__owed_melee_then_rout_in_place),
        cmocka_unit_test(test_game_turn__charge_without_melee_keeps_readiness),
        cmocka_unit_test(test_game_turn__charge_shown_as_it_happens),
        cmocka_unit_test(test_game_turn__readiness_by_rest),
        cmocka_unit_test(test_game_turn__retreat_before_melee_holds),
        cmocka_unit_test(test_game_turn__every_unit_moves_as_the_rules_allow),
        cmocka_unit_test(test_game_turn__formation_at_another_facing),
        cmocka_unit_test(test_game_turn__reinforcement_enters_as_the_rules_allow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
