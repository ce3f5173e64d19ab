/* Unit tests: melee charts, column reading, readiness, exact odds, the machine's decisions, journal replay and apply by id. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/data.h"
#include "lb/lb.h"
#include "state_int.h"
#include "decision_int.h"
#include "dice_int.h"
#include "frac_int.h"
#include "trace_int.h"
#include "melee_charts_int.h"
#include "melee_int.h"
#include "morale_int.h"
#include "readiness.h"
#include "answer_int.h"
#include "words.h"

/* What s says, and a step's sentence (each in a buffer of its own: one at a time). */
static const char *said(const lb_said *s)
{
    static char buf[LB_MELEE_TEXT_MAX];
    assert_true(lb_said_fmt(s, buf, sizeof buf) < (int)sizeof buf);
    return buf;
}

static const char *step_text(const lb_trace_step *s)
{
    static char buf[512];
    assert_true(lb_trace_step_fmt(s, buf, sizeof buf) < (int)sizeof buf);
    return buf;
}

/* Does a step of t say text? */
static int traced(const lb_trace *t, const char *text)
{
    for (int i = 0; i < t->count; i++)
        if (strcmp(step_text(&t->steps[i]), text) == 0)
            return 1;
    return 0;
}

static lb_state *load_text(const char *text)
{
    int nmods;
    const lb_module *mods = lb_data_modules(&nmods);
    lb_load_opts opts = {.modules = mods, .nmodules = nmods};
    lb_state *st = NULL;
    lb_errlist errs = {0};
    int rc = lb_scenario_load("test.json", text, strlen(text), &opts, &st, &errs);
    for (int i = 0; i < errs.count; i++) {
        char buf[1024];
        lb_err_fmt(&errs.items[i], buf, sizeof buf);
        fprintf(stderr, "%s\n", buf);
    }
    lb_errlist_release(&errs);
    assert_int_equal(rc, LB_OK);
    return st;
}

static lb_state *load_demo(void)
{
    size_t len;
    const char *file;
    const char *text = lb_data_demo(&len, &file);
    char *copy = strndup(text, len);
    lb_state *st = load_text(copy);
    free(copy);
    return st;
}

/* A Wagram scenario on an 8x8 clear map (the corridor: column 5 clear, the rest river, when
 * corridor is set) with the units given as JSON objects. */
static lb_state *wagram(int corridor, const char *units)
{
    char map[400] = "";
    for (int r = 0; r < 8; r++)
        strcat(map, corridor ? "\"RRRR.RRR\"," : "\"........\",");
    map[strlen(map) - 1] = '\0';
    char *text = malloc(4096);
    snprintf(text, 4096,
             "{\"format\": \"labataille-scenario/1\", \"game\": \"deutsch-wagram-1809\","
             " \"sides\": [\"french\", \"austrian\"], \"map\": {\"columns\": 8, \"rows\": 8,"
             " \"terrain\": [%s], \"legend\": {\".\": \"clear\", \"R\": \"river\"}},"
             " \"units\": [%s]}", map, units);
    lb_state *st = load_text(text);
    free(text);
    return st;
}

#define FR1 "{\"id\": \"fr-1\", \"side\": \"french\", \"arm\": \"infantry\", \"nation\": \"french\"," \
            " \"class\": \"ligne\", \"increments\": 6, \"fire\": 6, \"melee\": 18, \"movement\": 6," \
            " \"morale\": \"44\", \"formation\": \"column\", \"state\": \"good\"," \
            " \"hexes\": [\"0504\"], \"facing\": 6}"
#define AU1 "{\"id\": \"au-1\", \"side\": \"austrian\", \"arm\": \"infantry\"," \
            " \"nation\": \"austrian\", \"class\": \"linie\", \"increments\": 6, \"fire\": 6," \
            " \"melee\": 18, \"movement\": 5, \"morale\": \"44\", \"formation\": \"%s\"," \
            " \"state\": \"good\", \"hexes\": [\"0505\"], \"facing\": %d}"

static lb_melee_req one_attacker(const lb_state *st, const char *id, const char *target)
{
    lb_melee_req req = {0};
    req.nattackers = 1;
    req.attackers[0].id = id;
    assert_int_equal(lb_map_parse_label(&st->map, target, &req.target), 0);
    return req;
}

/* ---- charts ----------------------------------------------------------------------------- */

static void test_melee__wagram_charts(void **unused)
{
    (void)unused;
    lb_state *st = load_demo();
    const lb_melee_charts *mc = st->charts.melee;
    assert_non_null(mc);
    assert_true(mc->has_table && mc->has_multipliers && mc->has_premelee);
    assert_int_equal(mc->ncolumns, 10); /* 1:2 ... 5:1, sorted whatever the file's order */
    assert_string_equal(mc->columns[0].label, "1:2");
    assert_string_equal(mc->columns[9].label, "5:1");
    /* 1:2: 11 AR; 52 no loss with the attacker checking; 56 marked uncertain */
    assert_int_equal(mc->columns[0].cell[0].code, LB_MELEE_AR);
    const lb_melee_cell *c52 = &mc->columns[0].cell[lb_roll_index(52)];
    assert_int_equal(c52->code, LB_MELEE_LOSS);
    assert_true(c52->att_check && !c52->def_check);
    assert_non_null(mc->columns[0].cell[lb_roll_index(56)].uncertain);
    char buf[24];
    assert_string_equal(lb_melee_cell_fmt(c52, buf, sizeof buf), "0*/0");
    /* the morale state's effects are R-MOR's, not repeated as chart multipliers */
    for (int i = 0; i < mc->nmultipliers; i++) {
        assert_string_not_equal(mc->multipliers[i].id, "defender_disordered");
        assert_string_not_equal(mc->multipliers[i].id, "attacker_disordered");
        assert_string_not_equal(mc->multipliers[i].id, "recall_failed");
    }
    /* Premier Rules (13): the attacker gets +12 through a flank */
    int flank = -1;
    for (int i = 0; i < mc->nsituations; i++)
        if (strcmp(mc->situations[i].id, "flank") == 0)
            flank = i;
    assert_true(flank >= 0);
    assert_int_equal(mc->situations[flank].attacker_mod, 12);
    assert_int_equal(mc->situations[flank].defender_mod, -12);
    lb_state_free(st);
}

static void test_melee__column_reading(void **unused)
{
    (void)unused;
    lb_state *st = load_demo();
    const lb_melee_charts *mc = st->charts.melee;
    int below, above;
    /* 15/2 : 3 = 2.5 is a column of its own in Wagram */
    const lb_melee_column *c =
        lb_melee_charts_column(mc, lb_frac_make(15, 2), lb_frac_int(3), &below, &above);
    assert_string_equal(c->label, "2.5:1");
    /* 7 : 3 = 2.33 reads 2:1, rounded down */
    c = lb_melee_charts_column(mc, lb_frac_int(7), lb_frac_int(3), &below, &above);
    assert_string_equal(c->label, "2:1");
    assert_false(below || above);
    /* 1 : 3 is below 1:2: the lowest; 11 : 2 above 5:1: the highest; a defence of 0 above */
    c = lb_melee_charts_column(mc, lb_frac_int(1), lb_frac_int(3), &below, &above);
    assert_string_equal(c->label, "1:2");
    assert_true(below);
    c = lb_melee_charts_column(mc, lb_frac_int(11), lb_frac_int(2), &below, &above);
    assert_string_equal(c->label, "5:1");
    assert_true(above);
    c = lb_melee_charts_column(mc, lb_frac_int(1), lb_frac_int(0), &below, &above);
    assert_true(above);
    /* pre-melee odds: 4 : 5 is 1:2; 10 : 2 is 5:1 */
    const lb_premelee_column *p = lb_melee_charts_premelee(mc, 4, 5, &below, &above);
    assert_string_equal(p->label, "1:2");
    p = lb_melee_charts_premelee(mc, 10, 2, &below, &above);
    assert_string_equal(p->label, "5:1");
    assert_int_equal(p->attacker_mod, 9);
    lb_state_free(st);
}

/* ---- readiness -------------------------------------------------------------------------- */

static void test_melee__readiness_after(void **unused)
{
    (void)unused;
    lb_unit cav = {.id = "c", .arm = LB_ARM_CAVALRY, .readiness = LB_READY_FRESH};
    assert_int_equal(lb_readiness_after_melee(&cav, 0, 0, NULL), LB_READY_TIRED);
    assert_int_equal(lb_readiness_after_melee(&cav, 1, 0, NULL), LB_READY_EXHAUSTED);
    assert_int_equal(lb_readiness_after_melee(&cav, 1, 1, NULL), LB_READY_FRESH);
    cav.readiness = LB_READY_TIRED;
    assert_int_equal(lb_readiness_after_melee(&cav, 0, 0, NULL), LB_READY_EXHAUSTED);
    cav.readiness = LB_READY_EXHAUSTED;
    assert_int_equal(lb_readiness_after_melee(&cav, 0, 0, NULL), LB_READY_EXHAUSTED);
    lb_unit inf = {.id = "i", .arm = LB_ARM_INFANTRY, .readiness = LB_READY_FRESH};
    assert_int_equal(lb_readiness_after_melee(&inf, 1, 0, NULL), LB_READY_FRESH);
}

static void test_melee__readiness_recover(void **unused)
{
    (void)unused;
    lb_state *st = load_demo();
    int c = lb_state_unit_index(st, "fr-8chs"); /* 14 MP: half is 7 */
    st->units[c].readiness = LB_READY_EXHAUSTED;
    static const struct {
        lb_rest rest;
        lb_readiness want;
    } rows[] = {
        {{.full_turn = 1, .moved = 0}, LB_READY_FRESH},  /* no move: two steps */
        {{.full_turn = 1, .moved = 7}, LB_READY_TIRED},  /* half its MP: one step */
        {{.full_turn = 1, .moved = 8}, LB_READY_EXHAUSTED},
        {{.full_turn = 0, .moved = 0}, LB_READY_EXHAUSTED},
        {{.full_turn = 1, .fought = 1}, LB_READY_EXHAUSTED},
        {{.full_turn = 1, .fire_loss = 1}, LB_READY_EXHAUSTED},
        {{.full_turn = 1, .retired_from_cavalry = 1}, LB_READY_EXHAUSTED},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        lb_readiness out;
        assert_int_equal(lb_readiness_recover(st, c, &rows[i].rest, &out, NULL), LB_OK);
        assert_int_equal(out, rows[i].want);
    }
    st->units[c].readiness = LB_READY_TIRED;
    lb_rest still = {.full_turn = 1};
    lb_readiness out;
    lb_trace t;
    lb_trace_init(&t);
    assert_int_equal(lb_readiness_recover(st, c, &still, &out, &t), LB_OK);
    assert_int_equal(out, LB_READY_FRESH); /* two steps from tired stop at fresh */
    assert_non_null(lb_trace_find(&t, "R-MEL-21"));
    lb_trace_release(&t);
    assert_int_equal(lb_readiness_recover(st, -1, &still, &out, NULL), LB_INVALID);
    lb_state_free(st);
}

/* ---- odds ------------------------------------------------------------------------------- */

static lb_frac total(const lb_melee_chance *c)
{
    lb_frac sum = lb_frac_int(0);
    for (int i = 0; i < c->noutcomes; i++)
        sum = lb_frac_add(sum, c->outcomes[i].p);
    return sum;
}

static void test_melee__demo_odds(void **unused)
{
    (void)unused;
    lb_state *st = load_demo();
    lb_melee_req req = one_attacker(st, "fr-26le-1", "0910");
    lb_melee_chance *c = calloc(1, sizeof *c);
    lb_trace t;
    lb_trace_init(&t);
    assert_int_equal(lb_melee_odds(st, &req, c, &t), LB_OK);
    assert_true(c->allowed);
    assert_int_equal(c->nattackers, 1);
    assert_int_equal(c->nunits, 2);
    /* 15 : 15 (half of each line takes part), 1:1; Legrand's melee bonus +1 */
    assert_int_equal(lb_frac_cmp(c->attack, lb_frac_int(15)), 0);
    assert_string_equal(c->column->label, "1:1");
    assert_int_equal(c->modifier, 1);
    /* half of fr-26le-1's line takes part (R-MEL-13): a factor the words name */
    assert_int_equal(c->units[0].ntimes, 1);
    const lb_melee_times *f = &c->units[0].times[0];
    assert_int_equal(f->factor, LB_MELEE_BY_SHARE);
    assert_null(f->what);
    assert_string_equal(lb_melee_times_what(f), "increments taking part");
    assert_true(traced(&t, "fr-26le-1: melee x1/2 (R-MEL-13: increments taking part)"));
    assert_int_equal(c->units[0].exempt, LB_MELEE_NOT_EXEMPT);
    /* every way it can end, exactly once: the outcomes sum to 1 */
    assert_int_equal(lb_frac_cmp(total(c), lb_frac_int(1)), 0);
    /* the defender fails with 19/36 (passes on 17) */
    assert_string_equal(c->outcomes[0].result, "DEFENDER_FAILS");
    assert_int_equal(lb_frac_cmp(c->outcomes[0].p, lb_frac_make(19, 36)), 0);
    assert_non_null(lb_trace_find(&t, "R-MEL-23"));
    lb_trace_release(&t);
    free(c);
    lb_state_free(st);
}

static void test_melee__refusals_are_answers(void **unused)
{
    (void)unused;
    lb_state *st = load_demo();
    lb_melee_chance *c = calloc(1, sizeof *c);
    /* the Austrian line attacked from a hex it does not touch: an answer, not an error; the
     * trace says the melee may not be made, the why only the reason */
    lb_melee_req req = one_attacker(st, "fr-8chs", "0910");
    lb_trace t;
    lb_trace_init(&t);
    assert_int_equal(lb_melee_odds(st, &req, c, &t), LB_OK);
    assert_false(c->allowed);
    assert_string_equal(c->rule, "R-MEL-1");
    assert_string_equal(said(&c->why), "fr-8chs is not next to 0910");
    assert_int_equal(t.count, 1);
    assert_string_equal(step_text(&t.steps[0]), "the melee may not be made: fr-8chs is not next "
                                                "to 0910");
    lb_trace_release(&t);
    /* an unknown id and a target off the map are errors */
    req.attackers[0].id = "nobody";
    assert_int_equal(lb_melee_odds(st, &req, c, NULL), LB_INVALID);
    req = one_attacker(st, "fr-26le-1", "0910");
    req.target = (lb_hex){40, 40};
    assert_int_equal(lb_melee_odds(st, &req, c, NULL), LB_INVALID);
    req.nattackers = 0;
    assert_int_equal(lb_melee_odds(st, &req, c, NULL), LB_INVALID);
    free(c);
    lb_state_free(st);
}

static void test_melee__too_many_checks(void **unused)
{
    (void)unused;
    /* six attacking columns around 0505 and five defenders stacked in it: 11 checks */
    char units[8192] = "";
    static const char *const from[] = {"0504", "0604", "0605", "0506", "0405", "0404"};
    static const int facing[] = {6, 8, 10, 12, 2, 4};
    for (int i = 0; i < 6; i++) {
        char u[512];
        snprintf(u, sizeof u,
                 "{\"id\": \"fr-%d\", \"side\": \"french\", \"arm\": \"infantry\", "
                 "\"increments\": 2, \"fire\": 2, \"melee\": 6, \"movement\": 6, \"morale\": "
                 "\"44\", \"formation\": \"column\", \"state\": \"good\", \"hexes\": [\"%s\"], "
                 "\"facing\": %d},", i, from[i], facing[i]);
        strcat(units, u);
    }
    for (int i = 0; i < 5; i++) {
        char u[512];
        snprintf(u, sizeof u,
                 "{\"id\": \"au-%d\", \"side\": \"austrian\", \"arm\": \"infantry\", "
                 "\"increments\": 2, \"fire\": 2, \"melee\": 6, \"movement\": 5, \"morale\": "
                 "\"44\", \"formation\": \"column\", \"state\": \"good\", \"hexes\": [\"0505\"], "
                 "\"facing\": 12}%s", i, i < 4 ? "," : "");
        strcat(units, u);
    }
    lb_state *st = wagram(0, units);
    lb_melee_req req = {0};
    static const char *const ids[] = {"fr-0", "fr-1", "fr-2", "fr-3", "fr-4", "fr-5"};
    for (int i = 0; i < 6; i++)
        req.attackers[i].id = ids[i];
    req.nattackers = 6;
    lb_map_parse_label(&st->map, "0505", &req.target);
    lb_melee_chance *c = calloc(1, sizeof *c);
    assert_int_equal(lb_melee_odds(st, &req, c, NULL), LB_INVALID);
    /* five attackers and five defenders: 10 checks, enumerated, summing to 1 */
    req.nattackers = 5;
    assert_int_equal(lb_melee_odds(st, &req, c, NULL), LB_OK);
    assert_int_equal(lb_frac_cmp(total(c), lb_frac_int(1)), 0);
    free(c);
    lb_state_free(st);
}

/* ---- the machine ------------------------------------------------------------------------ */

/* Skirmishers in 0505 attacked by fr-1 from 0504 on the corridor: they may retreat before the
 * melee, south to 0508 along the only path. */
static lb_state *skirmish_corridor(void)
{
    char units[2048];
    snprintf(units, sizeof units, FR1 ", " AU1, "skirmish", 11);
    return wagram(1, units);
}

static void test_melee__decisions(void **unused)
{
    (void)unused;
    lb_state *st = skirmish_corridor();
    lb_melee_req req = one_attacker(st, "fr-1", "0505");
    lb_melee *m;
    assert_int_equal(lb_melee_new(st, &req, &m), LB_OK);
    lb_dice dice;
    lb_dice_init_script(&dice, "66,11", NULL);
    assert_int_equal(lb_melee_resolve(m, &dice), LB_OK);
    assert_int_equal(lb_melee_status_of(m), LB_MELEE_DECIDE);
    const lb_decision *d = lb_melee_pending(m);
    assert_int_equal(d->kind, LB_DECIDE_RETIRE);
    assert_string_equal(d->subject, "au-1");
    assert_int_equal(d->side, 1);
    assert_string_equal(d->options[d->auto_choice].key, "stand");
    assert_int_equal(lb_melee_answer(m, "flee"), LB_INVALID); /* not an option: nothing changes */
    assert_int_equal(lb_melee_status_of(m), LB_MELEE_DECIDE);
    assert_int_equal(lb_melee_answer(m, "retreat"), LB_OK);
    assert_int_equal(lb_melee_resolve(m, &dice), LB_OK);
    /* gone: the attacker may follow; "none" is offered (not compulsory) */
    d = lb_melee_pending(m);
    assert_int_equal(d->kind, LB_DECIDE_ADVANCE);
    assert_true(lb_decision_find(d, "none") >= 0);
    assert_int_equal(lb_melee_answer(m, "fr-1"), LB_OK);
    assert_int_equal(lb_melee_resolve(m, &dice), LB_OK);
    assert_int_equal(lb_melee_status_of(m), LB_MELEE_DONE);
    const lb_melee_result *r = lb_melee_result_of(m);
    assert_string_equal(r->summary, "retire:au-1 advance:fr-1");
    assert_false(r->fought);
    assert_int_equal(dice.script_pos, 0); /* no die was needed */
    /* the working state moved, the state given did not */
    const lb_state *w = lb_melee_state(m);
    int au = lb_state_unit_index(w, "au-1");
    char l[LB_HEX_LABEL_MAX];
    assert_string_equal(lb_map_label(&w->map, w->units[au].hexes[0], l), "0508");
    assert_int_equal(w->units[au].move.hold_next, LB_HOLD_RETREATED);
    assert_string_equal(lb_map_label(&st->map, st->units[lb_state_unit_index(st, "au-1")].hexes[0],
                                     l), "0505");
    lb_melee_free(m);
    lb_state_free(st);
}

static void test_melee__journal_replay(void **unused)
{
    (void)unused;
    lb_state *st = skirmish_corridor();
    lb_melee_req req = one_attacker(st, "fr-1", "0505");
    req.automatic = 1; /* stand; the skirmishers check; the attackers pass (skirmish) */
    lb_melee *m;
    assert_int_equal(lb_melee_new(st, &req, &m), LB_OK);
    lb_dice dice;
    lb_dice_init_seed(&dice, 7);
    assert_int_equal(lb_melee_resolve(m, &dice), LB_OK);
    assert_int_equal(lb_melee_status_of(m), LB_MELEE_DONE);
    char *text;
    assert_int_equal(lb_journal_to_json(lb_melee_journal(m), &text), LB_OK);
    char summary[LB_MELEE_SUMMARY_MAX];
    snprintf(summary, sizeof summary, "%s", lb_melee_result_of(m)->summary);

    /* a second melee fed the journal, with no dice and no automatic mode, is the same */
    lb_journal j;
    assert_int_equal(lb_journal_from_json(text, strlen(text), &j, NULL), LB_OK);
    req.automatic = 0;
    lb_melee *again;
    assert_int_equal(lb_melee_new(st, &req, &again), LB_OK);
    assert_int_equal(lb_melee_load_journal(again, &j), LB_OK);
    assert_int_equal(lb_melee_resolve(again, NULL), LB_OK);
    assert_int_equal(lb_melee_status_of(again), LB_MELEE_DONE);
    assert_string_equal(lb_melee_result_of(again)->summary, summary);

    /* a journal with an entry too many does not fit */
    lb_journal_roll(&j, LB_DIE_TWO, 33, "melee");
    assert_int_equal(lb_melee_load_journal(again, &j), LB_OK);
    assert_int_equal(lb_melee_resolve(again, NULL), LB_INVALID);
    assert_non_null(strstr(lb_melee_error(again), "more than the melee uses"));
    assert_int_equal(lb_melee_err(again)->code, LB_INVALID);
    lb_journal_release(&j);
    free(text);
    lb_melee_free(again);
    lb_melee_free(m);
    lb_state_free(st);
}

static void test_melee__dice_short(void **unused)
{
    (void)unused;
    char units[2048];
    snprintf(units, sizeof units, FR1 ", " AU1, "column", 12);
    lb_state *st = wagram(1, units);
    lb_melee_req req = one_attacker(st, "fr-1", "0505");
    lb_melee *m;
    assert_int_equal(lb_melee_new(st, &req, &m), LB_OK);
    lb_dice dice;
    lb_dice_init_script(&dice, "66", NULL); /* the defender's check; none left for the attacker */
    assert_int_equal(lb_melee_resolve(m, &dice), LB_DICE);
    assert_non_null(strstr(lb_melee_error(m), "pre-melee check"));
    lb_dice_init_script(&dice, "66,5", NULL); /* a single die where a roll is due */
    assert_int_equal(lb_melee_resolve(m, &dice), LB_DICE);
    lb_melee_free(m);
    lb_state_free(st);
}

/* R-MEL-7, R-MEL-8, R-MEL-19, R-MEL-22: the machine's decisions, its events and its trace are
 * said by the words: a prompt and its options, the prompt again with the key taken and how. */
static void test_melee__decisions_in_words(void **unused)
{
    (void)unused;
    lb_state *st = skirmish_corridor();
    lb_melee_req req = one_attacker(st, "fr-1", "0505");
    lb_melee *m;
    assert_int_equal(lb_melee_new(st, &req, &m), LB_OK);
    assert_int_equal(lb_melee_resolve(m, NULL), LB_OK);
    const lb_decision *d = lb_melee_pending(m);
    assert_string_equal(d->prompt, ""); /* the rules write no sentence: the words do */
    assert_string_equal(said(&d->said), "au-1 may retreat before the melee (29): retreat or stand?");
    assert_int_equal(d->noptions, 2);
    assert_string_equal(said(&d->option_said[0]), "stand and fight");
    assert_string_equal(said(&d->option_said[1]), "retreat 3 movement points before the melee");
    assert_int_equal(lb_melee_answer(m, "retreat"), LB_OK);
    assert_int_equal(lb_melee_resolve(m, NULL), LB_OK);
    /* the skirmishers step back 3 movement points south to 0508, the only end */
    const lb_trace *t = lb_melee_trace(m);
    assert_true(traced(t, "au-1 may retreat before the melee (29): retreat or stand?: retreat"));
    assert_true(traced(t, "au-1 retreats before the melee from 0505 (3 movement points, 3 "
                          "hexes): where does it end?: 0508 (the only option)"));
    d = lb_melee_pending(m);
    assert_string_equal(said(&d->said), "pursuit into the hex the defenders left (33.3): which "
                                        "attacker enters 0505?");
    assert_string_equal(said(&d->option_said[0]), "fr-1 enters 0505");
    assert_string_equal(said(&d->option_said[1]), "stay where they are");
    assert_int_equal(lb_melee_answer(m, "fr-1"), LB_OK);
    assert_int_equal(lb_melee_resolve(m, NULL), LB_OK);
    /* each event says what happened, as its step of the trace does */
    const lb_melee_result *r = lb_melee_result_of(m);
    static const char *const want[][2] = {
        {"retreat", "au-1 retreats before the melee from 0505 to 0508 (3 hexes)"},
        {"hold", "au-1 retreated 3 hexes before the melee: it may not move in its side's next "
                 "Movement segment"},
        {"no-melee", "every defender retreated before the melee"},
        {"advance", "fr-1 advances into 0505"},
    };
    assert_int_equal(r->nevents, 4);
    for (int i = 0; i < r->nevents; i++) {
        assert_string_equal(r->events[i].kind, want[i][0]);
        assert_string_equal(said(&r->events[i].said), want[i][1]);
        assert_true(traced(t, want[i][1]));
    }
    lb_melee_free(m);

    /* a standing answer: the trace says so twice */
    lb_standing stand = {LB_DECIDE_RETIRE, "au-1", "stand"};
    req.standing = &stand;
    req.nstanding = 1;
    assert_int_equal(lb_melee_new(st, &req, &m), LB_OK);
    lb_dice dice;
    lb_dice_init_script(&dice, "66,11", NULL);
    assert_int_equal(lb_melee_resolve(m, &dice), LB_OK);
    t = lb_melee_trace(m);
    assert_true(traced(t, "retire decision about au-1 taken by a standing answer: stand"));
    assert_true(traced(t, "au-1 may retreat before the melee (29): retreat or stand?: stand "
                          "(standing answer)"));
    lb_melee_free(m);
    lb_state_free(st);
}

/* A melee to its end: DD on the Austrian column, which retreats north... the corridor gives it
 * 0504, 0503, 0502 when attacked from 0506. */
static lb_melee *played(lb_state *st)
{
    lb_melee_req req = one_attacker(st, "fr-1", "0505");
    lb_melee *m;
    assert_int_equal(lb_melee_new(st, &req, &m), LB_OK);
    lb_dice dice;
    /* 1:1 in the Wagram matrix: 62-66 DD */
    lb_dice_init_script(&dice, "66,66,62", NULL);
    assert_int_equal(lb_melee_resolve(m, &dice), LB_OK);
    assert_int_equal(lb_melee_status_of(m), LB_MELEE_DONE);
    return m;
}

static lb_state *south_corridor(void)
{
    char fr[1024], units[2048];
    snprintf(fr, sizeof fr, "%s", FR1);
    *strstr(fr, "0504") = '\0'; /* rewrite fr-1's hex and facing: 0506, facing 12 */
    snprintf(units, sizeof units, "%s0506\"], \"facing\": 12}, " AU1, fr, "column", 6);
    return wagram(1, units);
}

/* R-MEL-24: applying finds every unit the melee changed by id, in any order, and refuses a
 * result applied twice. */
static void test_melee__apply_by_id(void **unused)
{
    (void)unused;
    lb_state *st = south_corridor();
    lb_melee *m = played(st);
    assert_string_equal(lb_melee_result_of(m)->cell, "DD");
    /* the same units in another order: apply finds them by id */
    lb_unit tmp = st->units[0];
    st->units[0] = st->units[1];
    st->units[1] = tmp;
    assert_int_equal(lb_state_reindex(st), LB_OK);
    assert_int_equal(lb_melee_apply(m, st), LB_OK);
    int au = lb_state_unit_index(st, "au-1"), fr = lb_state_unit_index(st, "fr-1");
    char l[LB_HEX_LABEL_MAX];
    assert_int_equal(st->units[au].state, LB_STATE_DISORDERED);
    assert_int_equal(st->units[au].losses, 1); /* the first hex left (Z14-9) */
    assert_string_equal(lb_map_label(&st->map, st->units[au].hexes[0], l), "0502");
    assert_string_equal(lb_map_label(&st->map, st->units[fr].hexes[0], l), "0505");
    /* applied once, the result is stale: au-1 is no longer as it was */
    assert_int_equal(lb_melee_apply(m, st), LB_STALE);
    lb_melee_free(m);
    lb_state_free(st);
}

/* R-MEL-24: a unit that differs from the state the melee was made on, or is missing, refuses
 * the whole result, changing nothing. */
static void test_melee__stale_refused(void **unused)
{
    (void)unused;
    lb_state *st = south_corridor();
    lb_melee *m = played(st);
    /* the defender took a loss since: nothing is applied */
    int au = lb_state_unit_index(st, "au-1");
    st->units[au].losses = 1;
    assert_int_equal(lb_melee_apply(m, st), LB_STALE);
    int fr = lb_state_unit_index(st, "fr-1");
    char l[LB_HEX_LABEL_MAX];
    assert_string_equal(lb_map_label(&st->map, st->units[fr].hexes[0], l), "0506");
    /* a unit the melee changed is missing */
    st->units[au].losses = 0;
    assert_int_equal(lb_state_remove_unit(st, au), LB_OK);
    assert_int_equal(lb_melee_apply(m, st), LB_STALE);
    lb_melee_free(m);
    lb_state_free(st);
}

/* Issue 12: another rule's apply between the melee and its apply (au-1 fails a morale check and
 * is disordered) makes the melee stale: fr-1 does not advance, au-1 keeps its hex. */
static void test_melee__apply_after_another_apply_refused(void **unused)
{
    (void)unused;
    lb_state *st = south_corridor();
    lb_melee *m = played(st);
    int au = lb_state_unit_index(st, "au-1"), fr = lb_state_unit_index(st, "fr-1");
    lb_morale_outcome o = lb_morale_outcome_of(st, au, LB_CHECK_ORDINARY, 0, NULL);
    assert_int_equal(lb_morale_apply(st, au, &o), LB_OK);
    lb_unit a = st->units[au], f = st->units[fr];
    unsigned long long g = st->generation;
    assert_int_equal(lb_melee_apply(m, st), LB_STALE);
    assert_memory_equal(&st->units[au], &a, sizeof a);
    assert_memory_equal(&st->units[fr], &f, sizeof f);
    assert_int_equal(st->generation, g);
    lb_melee_free(m);
    lb_state_free(st);
}

static void test_melee__refused_machine(void **unused)
{
    (void)unused;
    char units[2048];
    snprintf(units, sizeof units, FR1 ", " AU1, "carre", 12);
    lb_state *st = wagram(0, units);
    int fr = lb_state_unit_index(st, "fr-1");
    st->units[fr].formation = LB_FORM_CARRE; /* a carré never assaults (R-MEL-4) */
    lb_melee_req req = one_attacker(st, "fr-1", "0505");
    lb_melee *m;
    assert_int_equal(lb_melee_new(st, &req, &m), LB_OK);
    assert_int_equal(lb_melee_resolve(m, NULL), LB_OK);
    assert_int_equal(lb_melee_status_of(m), LB_MELEE_REFUSED);
    assert_string_equal(lb_melee_result_of(m)->rule, "R-MEL-4");
    assert_string_equal(said(&lb_melee_result_of(m)->why), "fr-1 is in carré: a carré never "
                                                          "assaults");
    assert_true(traced(lb_melee_trace(m), "the melee may not be made: fr-1 is in carré: a carré "
                                          "never assaults"));
    assert_null(lb_melee_pending(m));
    assert_int_equal(lb_melee_apply(m, st), LB_INVALID);
    lb_melee_free(m);
    req.nattackers = 0;
    assert_int_equal(lb_melee_new(st, &req, &m), LB_INVALID);
    lb_state_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_melee__wagram_charts),
        cmocka_unit_test(test_melee__column_reading),
        cmocka_unit_test(test_melee__readiness_after),
        cmocka_unit_test(test_melee__readiness_recover),
        cmocka_unit_test(test_melee__demo_odds),
        cmocka_unit_test(test_melee__refusals_are_answers),
        cmocka_unit_test(test_melee__too_many_checks),
        cmocka_unit_test(test_melee__decisions),
        cmocka_unit_test(test_melee__decisions_in_words),
        cmocka_unit_test(test_melee__journal_replay),
        cmocka_unit_test(test_melee__dice_short),
        cmocka_unit_test(test_melee__apply_by_id),
        cmocka_unit_test(test_melee__stale_refused),
        cmocka_unit_test(test_melee__apply_after_another_apply_refused),
        cmocka_unit_test(test_melee__refused_machine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
