/* Unit tests of the charge: compiled charge charts, chart errors, modifier tables, the machine's answers, apply, and exact odds against a brute-force count. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/data.h"
#include "lb/lb.h"
#include "words.h"
#include "state_int.h"
#include "dice_int.h"
#include "frac_int.h"
#include "charge_charts.h"
#include "modifiers_int.h"
#include "charge_int.h"
#include "morale_int.h"

static lb_state *load_text(const char *text, lb_errlist *errs)
{
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    lb_state *st = NULL;
    lb_scenario_load("t.json", text, strlen(text), &opts, &st, errs);
    return st;
}

/* The scenario of a rule case file, loaded, optionally with its charts edited by `edit`. */
static lb_state *case_scenario(const char *name, void (*edit)(json_t *charts), lb_errlist *errs)
{
    char path[256];
    snprintf(path, sizeof path, "tests/cases/%s.json", name);
    json_t *c = json_load_file(path, 0, NULL);
    assert_non_null(c);
    json_t *scen = json_object_get(c, "scenario");
    if (edit)
        edit(json_object_get(scen, "charts"));
    char *text = json_dumps(scen, 0);
    json_decref(c);
    lb_errlist local = {0};
    lb_state *st = load_text(text, errs ? errs : &local);
    lb_errlist_release(&local);
    free(text);
    return st;
}

static void path_of(const lb_state *st, lb_charge_req *req, const char *labels)
{
    req->npath = lb_map_parse_labels(&st->map, labels, req->path, LB_CHARGE_PATH_MAX, NULL);
    assert_true(req->npath > 0);
}

static int result_of(const lb_carre_table *t, int line, int hexes, int roll)
{
    return t->result[line][hexes - 1][lb_roll_index(roll)];
}

/* docs/charts-format.md 7: the Wagram and Prusse modules compile; spot values from
 * rules-charts.md 5 and 5b. */
static void test_charge__module_tables_compiled(void **state)
{
    (void)state;
    size_t len;
    const char *file;
    const char *demo = lb_data_demo(&len, &file);
    lb_errlist errs = {0};
    lb_state *st = load_text(demo, &errs);
    assert_non_null(st);
    const lb_charge_charts *cc = st->charts.charge;
    assert_non_null(cc);
    const lb_carre_table *fr = lb_charge_charts_carre(cc, "french");
    assert_non_null(fr);
    assert_int_equal(result_of(fr, 0, 2, 36), LB_CARRE_FORMED); /* column 2: C 11-36 */
    assert_int_equal(result_of(fr, 0, 2, 41), LB_CARRE_DD);     /* D 41-61 */
    assert_int_equal(result_of(fr, 0, 2, 62), LB_CARRE_PGD);    /* R 62-66 */
    assert_int_equal(result_of(fr, 1, 4, 56), LB_CARRE_FORMED); /* line 4: C 11-56, D 61-66 */
    assert_int_equal(result_of(fr, 1, 4, 61), LB_CARRE_DD);
    const lb_carre_table *au = lb_charge_charts_carre(cc, "austrian");
    assert_int_equal(result_of(au, 1, 1, 24), LB_CARRE_FORMED); /* line 1: C 11-24, D 25-45 */
    assert_int_equal(result_of(au, 1, 1, 46), LB_CARRE_PGD);
    assert_null(lb_charge_charts_carre(cc, "prussian"));
    assert_int_equal(cc->carre_mods.n, 8);
    assert_int_equal(cc->stand_mods.n, 10);
    assert_int_equal(cc->recall_mods.n, 1);
    int lo, hi;
    assert_int_equal(lb_charge_charts_recall(cc, "austrian", "hussar", &lo, &hi), 1);
    assert_int_equal(lo, 2);
    assert_int_equal(hi, 6);
    assert_int_equal(lb_charge_charts_recall(cc, "bavarian", NULL, &lo, &hi), 0);
    lb_state_free(st);

    const char prusse[] = "{\"format\": \"labataille-scenario/1\", \"game\": \"prusse-1806\","
                          " \"sides\": [\"french\", \"prussian\"], \"map\": {\"columns\": 2, "
                          "\"rows\": 1, \"terrain\": [\"..\"], \"legend\": {\".\": \"clear\"}}, "
                          "\"units\": []}";
    st = load_text(prusse, &errs);
    assert_non_null(st);
    cc = st->charts.charge;
    assert_int_equal(lb_charge_charts_recall(cc, "french", "dragoon", &lo, &hi), 1);
    assert_int_equal(lo, 3); /* French dragoons 3-6, other French 2-6 (rules-charts.md 4) */
    assert_int_equal(lb_charge_charts_recall(cc, "french", "hussar", &lo, &hi), 1);
    assert_int_equal(lo, 2);
    fr = lb_charge_charts_carre(cc, "french");
    assert_int_equal(result_of(fr, 1, 1, 22), LB_CARRE_FORMED); /* line 1: C 11-22, D 23-53 */
    assert_int_equal(result_of(fr, 1, 1, 54), LB_CARRE_PGD);
    assert_string_equal(lb_carre_result_name(LB_CARRE_DD), "DD");
    lb_state_free(st);
    lb_errlist_release(&errs);
}

static void gap_in_bands(json_t *charts)
{
    json_t *row = json_object_get(json_object_get(json_object_get(json_object_get(
                                      charts, "carre_table"), "t"), "column"), "2");
    json_object_set_new(json_array_get(row, 1), "lo", json_string("51"));
}

static void nation_twice(json_t *charts)
{
    json_t *t = json_object_get(charts, "carre_table");
    json_object_set(t, "u", json_object_get(t, "t"));
}

static void bad_recall(json_t *charts)
{
    json_t *fr = json_object_get(json_object_get(charts, "recall"), "french");
    json_object_set_new(json_object_get(fr, "default"), "hi", json_integer(7));
}

static void bad_replaces(json_t *charts)
{
    json_t *e = json_object_get(json_object_get(charts, "stand_modifiers"), "line");
    json_object_set_new(e, "replaces", json_pack("[s]", "nope"));
}

static void bad_role(json_t *charts)
{
    json_t *e = json_object_get(json_object_get(charts, "recall_modifiers"), "leader");
    json_object_set_new(e, "when", json_pack("{s:{s:b}}", "defender", "leader", 1));
}

static void bad_hexside(json_t *charts)
{
    json_t *e = json_object_get(json_object_get(charts, "stand_modifiers"), "flank");
    json_object_set_new(json_object_get(e, "when"), "across", json_string("wall"));
}

/* docs/charts-format.md 11: every chart error names its path and what was expected. */
static void test_charge__chart_errors(void **state)
{
    (void)state;
    struct {
        void (*edit)(json_t *);
        const char *path, *msg;
    } want[] = {
        {gap_in_bands, "/charts/carre_table/t/column/2/1/lo",
         "expected the band to start at \"44\", just after the one before, found \"51\""},
        {nation_twice, "/charts/carre_table/u/nations/0",
         "expected a nation in no other carré table, found \"austrian\", already in \"t\""},
        {bad_recall, "/charts/recall/french/default/hi", "expected an integer from 1 to 6, found 7"},
        {bad_replaces, "/charts/stand_modifiers/line/replaces/0",
         "expected an entry id of stand_modifiers, found \"nope\""},
        {bad_role, "/charts/recall_modifiers/leader/when/defender",
         "expected a role of this table (attacker), found \"defender\""},
        {bad_hexside, "/charts/stand_modifiers/flank/when/across",
         "expected a hexside type of the charts, found \"wall\""},
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        lb_errlist errs = {0};
        lb_state *st = case_scenario("charge-R-CHG-3-carre-target", want[i].edit, &errs);
        assert_null(st);
        assert_int_equal(errs.count, 1);
        assert_string_equal(errs.items[0].path, want[i].path);
        assert_string_equal(errs.items[0].msg, want[i].msg);
        lb_errlist_release(&errs);
    }
}

/* 10.3 replaces: the Prusse coalition entries replace the common ones they name. */
static void test_charge__modifiers_replace(void **state)
{
    (void)state;
    const char text[] =
        "{\"format\": \"labataille-scenario/1\", \"game\": \"prusse-1806\","
        " \"sides\": [\"french\", \"prussian\"], \"map\": {\"columns\": 3, \"rows\": 3,"
        " \"terrain\": [\"...\", \"...\", \"...\"], \"legend\": {\".\": \"clear\"}},"
        " \"units\": ["
        "{\"id\": \"pr\", \"side\": \"prussian\", \"arm\": \"infantry\", \"nation\": \"prussian\","
        " \"class\": \"musketeer\", \"increments\": 8, \"fire\": 8, \"melee\": 24, \"movement\": 5,"
        " \"morale\": \"44\", \"formation\": \"line\", \"state\": \"disordered\", \"facing\": 5,"
        " \"hexes\": [\"0202\"]},"
        "{\"id\": \"fr\", \"side\": \"french\", \"arm\": \"cavalry\", \"nation\": \"french\","
        " \"class\": \"cuirassier\", \"increments\": 6, \"fire\": 0, \"melee\": 18, \"movement\": 10,"
        " \"morale\": \"33\", \"formation\": \"column\", \"state\": \"good\", \"facing\": 12,"
        " \"hexes\": [\"0203\"]}]}";
    lb_errlist errs = {0};
    lb_state *st = load_text(text, &errs);
    for (int i = 0; i < errs.count; i++)
        print_message("%s %s\n", errs.items[i].path, errs.items[i].msg);
    assert_non_null(st);
    lb_modifier_ctx x = {.attacker = 1, .defender = 0, .unit = -1, .contact = 1, .through = 0};
    lb_modifier_hit hits[LB_MODIFIERS_MAX];
    int n;
    int total = lb_modifiers_read(st, &st->charts.charge->stand_mods, &x, hits, &n, "R-CHG-12",
                                  "(38)", NULL);
    /* coalition_line +3 (replacing line +3), coalition_disordered -3 (replacing disordered -6),
     * heavy_cavalry -3 (printed 10 <= 12): 3 - 3 - 3 = -3 */
    assert_int_equal(n, 3);
    assert_string_equal(hits[0].entry->id, "heavy_cavalry");
    assert_string_equal(hits[1].entry->id, "coalition_line");
    assert_string_equal(hits[2].entry->id, "coalition_disordered");
    assert_int_equal(total, -3);
    x.through = 1; /* a flank hexside: -12 more */
    assert_int_equal(lb_modifiers_read(st, &st->charts.charge->stand_mods, &x, hits, &n, "",
                                       "", NULL), -15);
    x.contact = 0; /* before contact, through and across never hold (R-CHG-13) */
    assert_int_equal(lb_modifiers_read(st, &st->charts.charge->stand_mods, &x, hits, &n, "",
                                       "", NULL), -3);
    lb_state_free(st);
    lb_errlist_release(&errs);
}

static lb_charge *start(const lb_state *st, lb_charge_req *req, const char *path)
{
    req->cavalry = "fr-cav";
    path_of(st, req, path);
    lb_charge *ch;
    assert_int_equal(lb_charge_new(st, req, &ch, NULL), LB_OK);
    return ch;
}

/* R-CHG-7: a wrong answer changes nothing; a refused charge is an answer, not an error. */
static void test_charge__answers_and_status(void **state)
{
    (void)state;
    lb_state *st = case_scenario("charge-R-CHG-3-carre-target", NULL, NULL);
    lb_charge_req req = {0};
    lb_charge *ch = start(st, &req, "0314,0313");
    assert_int_equal(lb_charge_answer(ch, "wait"), LB_INVALID); /* nothing pending yet */
    lb_dice dice;
    lb_dice_init_script(&dice, "43", NULL);
    assert_int_equal(lb_charge_resolve(ch, &dice), LB_OK);
    assert_int_equal(lb_charge_status_of(ch), LB_CHARGE_DECIDE);
    const lb_decision *d = lb_charge_pending(ch);
    assert_int_equal(d->kind, LB_DECIDE_CARRE);
    assert_int_equal(d->side, 1);
    assert_string_equal(d->subject, "au-inf");
    assert_string_equal(d->options[0].key, "carre");
    assert_string_equal(d->options[1].key, "wait");
    assert_int_equal(lb_charge_answer(ch, "stand"), LB_INVALID);
    assert_int_equal(lb_charge_journal(ch)->count, 0);
    assert_int_equal(lb_charge_apply(ch, st, NULL), LB_INVALID); /* not done */
    assert_int_equal(lb_charge_answer(ch, "wait"), LB_OK);
    assert_int_equal(lb_charge_resolve(ch, &dice), LB_OK);
    assert_int_equal(lb_charge_pending(ch)->kind, LB_DECIDE_TARGET);
    assert_int_equal(lb_charge_answer_auto(ch), LB_OK); /* the plan ends next to it: target */
    assert_int_equal(lb_charge_resolve(ch, &dice), LB_OK);
    assert_int_equal(lb_charge_pending(ch)->kind, LB_DECIDE_RESPONSE);
    assert_int_equal(lb_charge_answer(ch, "carre"), LB_OK);
    assert_int_equal(lb_charge_resolve(ch, &dice), LB_OK);
    assert_int_equal(lb_charge_status_of(ch), LB_CHARGE_DONE);
    assert_null(lb_charge_pending(ch));
    assert_int_equal(lb_charge_journal(ch)->entries[1].by, LB_BY_AUTO);

    /* apply: the cavalry stands on the carré, the infantry is in carré */
    assert_int_equal(lb_charge_apply(ch, st, NULL), LB_OK);
    int cav = lb_state_unit_index(st, "fr-cav"), inf = lb_state_unit_index(st, "au-inf");
    char l[LB_HEX_LABEL_MAX];
    assert_string_equal(lb_map_label(&st->map, st->units[cav].hexes[0], l), "0312");
    assert_int_equal(st->units[inf].formation, LB_FORM_CARRE);
    const int *idx;
    assert_int_equal(lb_state_units_at(st, st->units[inf].hexes[0], &idx), 2);
    lb_charge_free(ch);

    /* the dice run short: LB_DICE and the roll it wanted */
    lb_state_free(st);
    st = case_scenario("charge-R-CHG-3-carre-target", NULL, NULL);
    lb_standing standing[] = {{LB_DECIDE_CARRE, NULL, "wait"}, {LB_DECIDE_TARGET, NULL, "target"},
                              {LB_DECIDE_RESPONSE, NULL, "carre"}};
    req.standing = standing;
    req.nstanding = 3;
    ch = start(st, &req, "0314,0313");
    lb_dice_init_script(&dice, "4", NULL);
    assert_int_equal(lb_charge_resolve(ch, &dice), LB_DICE);
    assert_string_equal(lb_charge_error(ch), "the dice have no two-dice roll 11-66 for the carre roll");
    assert_int_equal(lb_charge_err(ch)->code, LB_DICE); /* the code returned, with its message */
    lb_charge_free(ch);

    /* a refused charge */
    req.nstanding = 0;
    path_of(st, &req, "0314,0312");
    ch = start(st, &req, "0314,0312");
    assert_int_equal(lb_charge_resolve(ch, &dice), LB_OK);
    assert_int_equal(lb_charge_status_of(ch), LB_CHARGE_REFUSED);
    assert_string_equal(lb_charge_result_of(ch)->rule, "R-CHG-9");
    char why[LB_CHARGE_TEXT_MAX];
    lb_said_fmt(&lb_charge_result_of(ch)->why, why, sizeof why);
    assert_string_equal(why, "hex 0312 of the path is not next to 0314");
    lb_charge_free(ch);
    lb_err err;
    lb_charge_req nobody = {.cavalry = "nobody", .npath = 1};
    assert_int_equal(lb_charge_new(st, &nobody, &ch, &err), LB_INVALID);
    assert_string_equal(err.msg, "unknown unit \"nobody\"");
    lb_state_free(st);
}

/* The step's sentence (in a buffer of its own: one at a time). */
static const char *step_text(const lb_trace_step *s)
{
    static char buf[512];
    assert_true(lb_trace_step_fmt(s, buf, sizeof buf) < (int)sizeof buf);
    return buf;
}

/* The first step of t citing rule whose sentence starts with `start`, or NULL. */
static const lb_trace_step *step_starting(const lb_trace *t, const char *rule, const char *start)
{
    for (int i = 0; i < t->count; i++)
        if (strcmp(t->steps[i].rule, rule) == 0 &&
            strncmp(step_text(&t->steps[i]), start, strlen(start)) == 0)
            return &t->steps[i];
    return NULL;
}

/* R-CHG-7, R-CHG-26: what the result says (a pending decision, an event, an obligation, a
 * refusal) is held as words to write, and the trace writes the same words with the answer,
 * the obligation's name or the refusal before them. */
static void test_charge__results_and_trace_say_the_same(void **state)
{
    (void)state;
    lb_state *st = case_scenario("charge-R-CHG-5-recalled-follow-trample", NULL, NULL);
    lb_charge_req req = {0};
    lb_charge *ch = start(st, &req, "0314,0313");
    lb_dice dice;
    lb_dice_init_script(&dice, "56,4", NULL);
    assert_int_equal(lb_charge_resolve(ch, &dice), LB_OK);
    const lb_decision *d = lb_charge_pending(ch);
    char text[LB_DECISION_PROMPT_MAX];
    assert_string_equal(d->prompt, ""); /* the words are written by whoever shows it */
    lb_said_fmt(&d->said, text, sizeof text);
    assert_string_equal(text, "au-inf sees fr-cav 3 hexes away and is not its target: attempt "
                              "carré now?");
    lb_said_fmt(&d->option_said[0], text, sizeof text);
    assert_string_equal(text, "attempt carré now: the Carré table, column rows, 3 hexes");
    lb_said_fmt(&d->option_said[1], text, sizeof text);
    assert_string_equal(text, "not now");
    const char *answers[] = {"wait", "target", "carre", "follow", "6"};
    for (int k = 0; k < 5; k++) {
        assert_int_equal(lb_charge_answer(ch, answers[k]), LB_OK);
        assert_int_equal(lb_charge_resolve(ch, &dice), LB_OK);
    }
    assert_int_equal(lb_charge_status_of(ch), LB_CHARGE_DONE);
    const lb_charge_result *r = lb_charge_result_of(ch);
    const lb_trace *t = lb_charge_trace(ch);
    assert_non_null(step_starting(t, "R-CHG-11", "au-inf sees fr-cav 3 hexes away and is not its "
                                                 "target: attempt carré now?: wait"));
    assert_non_null(step_starting(t, "R-CHG-24", "au-inf rout: 10 hexes along one of 1 best "
                                                 "paths; where does it end?: 0302"));
    assert_int_equal(r->nevents, 20);
    lb_said_fmt(&r->events[3].said, text, sizeof text);
    assert_string_equal(text, "au-inf, the target, attempts carré at 2 hexes (column rows): roll "
                              "56 +3 = 63: PGD");
    assert_non_null(step_starting(t, "R-CHG-2", text));
    assert_int_equal(r->nobligations, 2);
    lb_said_fmt(&r->obligations[0].said, text, sizeof text);
    assert_string_equal(text, "fr-cav melees au-inf in the Melee segment, with the charge bonus "
                              "(straight 3 hexes, 37.7)");
    assert_non_null(step_starting(t, "R-CHG-17", "obligation melee: fr-cav melees au-inf in the "
                                                 "Melee segment, with the charge bonus (straight "
                                                 "3 hexes, 37.7)"));
    /* the seed paragraph a ruling implements, named on its step */
    const lb_trace_step *routs =
        step_starting(t, "R-CHG-5", "the declared target routs: fr-cav must roll recall");
    assert_non_null(routs);
    assert_int_equal(routs->nvalues, 1);
    assert_string_equal(routs->values[0].key, "seed");
    assert_int_equal(routs->values[0].kind, LB_TV_PHRASE);
    assert_string_equal(lbi_words_phrase((int)routs->values[0].den, routs->values[0].num),
                        "001_f47f61f911107fc6 (premier-2018), the results of the Carre Roll: "
                        "Infantry Routed (PGD)");
    lb_charge_free(ch);

    /* a refusal: its reason, and the trace's step */
    ch = start(st, &req, "0314,0312");
    assert_int_equal(lb_charge_resolve(ch, &dice), LB_OK);
    assert_int_equal(lb_charge_status_of(ch), LB_CHARGE_REFUSED);
    lb_said_fmt(&lb_charge_result_of(ch)->why, text, sizeof text);
    assert_string_equal(text, "hex 0312 of the path is not next to 0314");
    t = lb_charge_trace(ch);
    assert_string_equal(step_text(&t->steps[t->count - 1]), "the charge may not be made: hex 0312 "
                                                            "of the path is not next to 0314");
    lb_charge_free(ch);
    lb_state_free(st);
}

/* Issue 12: an apply to the origin between lb_charge_new and lb_charge_apply is never lost: the
 * charge refuses, changing nothing, and a charge made again applies by unit id, keeping it. */
static void test_charge__apply_refused_when_the_state_changed(void **state)
{
    (void)state;
    lb_state *st = case_scenario("charge-R-CHG-3-carre-target", NULL, NULL);
    lb_standing standing[] = {{LB_DECIDE_CARRE, NULL, "wait"}, {LB_DECIDE_TARGET, NULL, "target"},
                              {LB_DECIDE_RESPONSE, NULL, "carre"}};
    lb_charge_req req = {.standing = standing, .nstanding = 3};
    lb_charge *ch = start(st, &req, "0314,0313");
    lb_dice dice;
    lb_dice_init_script(&dice, "43", NULL);
    assert_int_equal(lb_charge_resolve(ch, &dice), LB_OK);
    assert_int_equal(lb_charge_status_of(ch), LB_CHARGE_DONE); /* carré; the cavalry onto it */
    int cav = lb_state_unit_index(st, "fr-cav"), inf = lb_state_unit_index(st, "au-inf");
    unsigned long long g = st->generation;
    char l[LB_HEX_LABEL_MAX], want[200];

    /* another rule's apply in between: au-inf loses 2 increments */
    st->units[inf].losses = 2;
    lb_state_touch(st);
    lb_err err;
    assert_int_equal(lb_charge_apply(ch, st, &err), LB_STALE);
    snprintf(want, sizeof want, "the state changed since the charge began (generation %llu, now "
                                "%llu): nothing applied; make the charge again on the state as "
                                "it is", g, g + 1);
    assert_string_equal(err.msg, want);
    assert_int_equal(st->units[inf].losses, 2);                 /* kept */
    assert_int_equal(st->units[inf].formation, LB_FORM_COLUMN); /* the charge not applied */
    assert_string_equal(lb_map_label(&st->map, st->units[cav].hexes[0], l), "0315");
    assert_int_equal(st->generation, g + 1);
    /* running it again says so too */
    lb_dice_init_script(&dice, "43", NULL);
    assert_int_equal(lb_charge_resolve(ch, &dice), LB_STALE);
    assert_string_equal(lb_charge_error(ch), "the state changed since the charge began (generation "
                                             "0, now 1): make the charge again on the state as it "
                                             "is");
    lb_charge_free(ch);

    /* made again on the state as it is: applied unit by unit, the loss still there */
    ch = start(st, &req, "0314,0313");
    lb_dice_init_script(&dice, "43", NULL);
    assert_int_equal(lb_charge_resolve(ch, &dice), LB_OK);
    assert_int_equal(lb_charge_apply(ch, st, &err), LB_OK);
    assert_string_equal(lb_map_label(&st->map, st->units[cav].hexes[0], l), "0312");
    assert_int_equal(st->units[inf].formation, LB_FORM_CARRE);
    assert_int_equal(st->units[inf].losses, 2);
    assert_int_equal(st->generation, g + 2);
    /* once applied, the state moved on: applying twice is refused */
    assert_int_equal(lb_charge_apply(ch, st, &err), LB_STALE);
    lb_charge_free(ch);
    lb_state_free(st);
}

/* Issue 12: another rule's apply between the charge and its apply (the cavalry fails a morale
 * check and routs, lb_morale_apply) makes the charge stale: nothing of it is applied. */
static void test_charge__apply_after_another_apply_refused(void **state)
{
    (void)state;
    lb_state *st = case_scenario("charge-R-CHG-3-carre-target", NULL, NULL);
    lb_standing standing[] = {{LB_DECIDE_CARRE, NULL, "wait"}, {LB_DECIDE_TARGET, NULL, "target"},
                              {LB_DECIDE_RESPONSE, NULL, "carre"}};
    lb_charge_req req = {.standing = standing, .nstanding = 3};
    lb_charge *ch = start(st, &req, "0314,0313");
    lb_dice dice;
    lb_dice_init_script(&dice, "43", NULL);
    assert_int_equal(lb_charge_resolve(ch, &dice), LB_OK);
    assert_int_equal(lb_charge_status_of(ch), LB_CHARGE_DONE);
    int cav = lb_state_unit_index(st, "fr-cav"), inf = lb_state_unit_index(st, "au-inf");
    lb_morale_outcome o = lb_morale_outcome_of(st, cav, LB_CHECK_ORDINARY, 0, NULL);
    assert_int_equal(lb_morale_apply(st, cav, &o), LB_OK);
    lb_unit c = st->units[cav], i = st->units[inf];
    lb_err err;
    assert_int_equal(lb_charge_apply(ch, st, &err), LB_STALE);
    assert_memory_equal(&st->units[cav], &c, sizeof c);
    assert_memory_equal(&st->units[inf], &i, sizeof i);
    assert_int_equal(st->units[inf].formation, LB_FORM_COLUMN);
    lb_charge_free(ch);
    lb_state_free(st);
}

/* A unit removed by the charge goes from the state, by id, and the others keep their order. */
static void test_charge__apply_removes_by_id(void **state)
{
    (void)state;
    lb_state *st = case_scenario("charge-R-CHG-27-units-eliminated-leader-moves", NULL, NULL);
    lb_standing standing[] = {{LB_DECIDE_TARGET, NULL, "target"}, {LB_DECIDE_TRAMPLE, NULL, "4"}};
    lb_charge_req req = {.standing = standing, .nstanding = 2};
    lb_charge *ch = start(st, &req, "0314,0313");
    lb_dice dice;
    lb_dice_init_script(&dice, "", NULL);
    assert_int_equal(lb_charge_resolve(ch, &dice), LB_OK);
    assert_int_equal(lb_charge_status_of(ch), LB_CHARGE_DONE);
    assert_int_equal(st->nunits, 3);
    assert_int_equal(lb_charge_apply(ch, st, NULL), LB_OK);
    assert_int_equal(st->nunits, 2); /* au-inf trampled to nothing */
    assert_string_equal(st->units[0].id, "fr-cav");
    assert_string_equal(st->units[1].id, "au-ldr");
    char l[LB_HEX_LABEL_MAX];
    assert_string_equal(lb_map_label(&st->map, st->units[1].hexes[0], l), "0311");
    const int *idx;
    assert_int_equal(lb_state_units_at(st, st->units[1].hexes[0], &idx), 1);
    lb_charge_free(ch);
    lb_state_free(st);
}

static void no_stand_modifiers(json_t *charts)
{
    json_object_del(charts, "stand_modifiers");
}

/* charts-format 1: a rule that needs a table the charts lack answers with an error naming it. */
static void test_charge__missing_table(void **state)
{
    (void)state;
    lb_state *st = case_scenario("charge-R-CHG-12-stand-pass-2018", no_stand_modifiers, NULL);
    assert_non_null(st);
    lb_standing standing[] = {{LB_DECIDE_TARGET, NULL, "target"}};
    lb_charge_req req = {.standing = standing, .nstanding = 1};
    lb_charge *ch = start(st, &req, "0314,0313");
    lb_dice dice;
    lb_dice_init_script(&dice, "52", NULL);
    assert_int_equal(lb_charge_resolve(ch, &dice), LB_INVALID);
    assert_string_equal(lb_charge_error(ch),
                        "the charts give no stand_modifiers: the stand check cannot be made");
    lb_charge_free(ch);
    /* the odds say the same, on an lb_err */
    lb_charge_outcomes odds;
    assert_int_equal(lb_charge_odds(st, &req, &odds), LB_INVALID);
    assert_int_equal(odds.error.code, LB_INVALID);
    assert_string_equal(odds.error.msg,
                        "the charts give no stand_modifiers: the stand check cannot be made");
    lb_charge_outcomes_release(&odds);
    lb_state_free(st);
}

/* Ends of a charge with their probabilities, found by brute force. */
typedef struct ends {
    char *summary[4096];
    lb_frac p[4096];
    int n;
    int runs;
} ends;

static void add_end(ends *E, const char *summary, lb_frac p)
{
    for (int i = 0; i < E->n; i++)
        if (strcmp(E->summary[i], summary) == 0) {
            E->p[i] = lb_frac_add(E->p[i], p);
            return;
        }
    assert_true(E->n < 4096);
    E->summary[E->n] = strdup(summary);
    E->p[E->n++] = p;
}

/* Every sequence of dice, value by value: each run that asks for one more roll is run again
 * with each of its 36 or 6 values (no grouping, no shortcut), weighted 1/36 or 1/6. */
static void brute(const lb_state *st, const lb_charge_req *req, int *values, int n, lb_frac w,
                  ends *E)
{
    lb_dice dice = {.scripted = 1, .script_len = n};
    memcpy(dice.script, values, (size_t)n * sizeof *values);
    lb_charge *ch;
    assert_int_equal(lb_charge_new(st, req, &ch, NULL), LB_OK);
    int rc = lb_charge_resolve(ch, &dice);
    E->runs++;
    if (rc == LB_DICE) {
        int two = strstr(lb_charge_error(ch), "two-dice") != NULL;
        lb_charge_free(ch);
        assert_true(n < 16);
        for (int v = 0; v < (two ? 36 : 6); v++) {
            values[n] = two ? lb_roll_from_index(v) : v + 1;
            brute(st, req, values, n + 1, lb_frac_mul(w, lb_frac_make(1, two ? 36 : 6)), E);
        }
        return;
    }
    assert_int_equal(rc, LB_OK);
    assert_int_not_equal(lb_charge_status_of(ch), LB_CHARGE_DECIDE);
    add_end(E, lb_charge_result_of(ch)->summary, w);
    lb_charge_free(ch);
}

static const char *arg_after(json_t *args, const char *option)
{
    for (size_t i = 0; i + 1 < json_array_size(args); i++)
        if (strcmp(json_string_value(json_array_get(args, i)), option) == 0)
            return json_string_value(json_array_get(args, i + 1));
    return NULL;
}

/* R-DICE-4, R-CHG-28: on the scenario and request of every charge case, the odds (passes taken
 * up again at each roll, branches merged by state) are exact and equal a brute-force count over
 * every sequence of dice run from the start with lb_charge_resolve. */
static void test_charge__odds_equal_brute_force_on_every_case(void **state)
{
    (void)state;
    DIR *dir = opendir("tests/cases");
    assert_non_null(dir);
    struct dirent *de;
    int checked = 0;
    while ((de = readdir(dir))) {
        size_t len = strlen(de->d_name);
        if (strncmp(de->d_name, "charge-", 7) != 0 || len < 6 ||
            strcmp(de->d_name + len - 5, ".json") != 0)
            continue;
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(len - 5), de->d_name);
        char path[300];
        snprintf(path, sizeof path, "tests/cases/%s", de->d_name);
        json_t *c = json_load_file(path, 0, NULL), *args = json_object_get(c, "args");
        if (strcmp(json_string_value(json_array_get(args, 0)), "charge") != 0 ||
            !json_object_get(c, "scenario") ||
            json_integer_value(json_object_get(c, "exit")) == 1 /* input refused */) {
            json_decref(c);
            continue;
        }
        lb_state *st = case_scenario(name, NULL, NULL);
        assert_non_null(st);
        lb_standing standing[3];
        lb_charge_req req = {.cavalry = json_string_value(json_array_get(args, 2)),
                             .automatic = 1, .standing = standing};
        const char *target = arg_after(args, "--target"), *response = arg_after(args, "--response");
        if (target) {
            standing[req.nstanding++] = (lb_standing){LB_DECIDE_TARGET, target, "target"};
            standing[req.nstanding++] = (lb_standing){LB_DECIDE_TARGET, NULL, "not-target"};
        }
        if (response)
            standing[req.nstanding++] = (lb_standing){LB_DECIDE_RESPONSE, NULL, response};
        const char *labels = arg_after(args, "--path");
        req.npath = lb_map_parse_labels(&st->map, labels, req.path, LB_CHARGE_PATH_MAX, NULL);
        if (req.npath <= 0 || lb_state_unit_index(st, req.cavalry) < 0) {
            json_decref(c); /* a case about a bad command line */
            lb_state_free(st);
            continue;
        }
        lb_charge_outcomes odds;
        assert_int_equal(lb_charge_odds(st, &req, &odds), LB_OK);
        assert_true(odds.exact);
        assert_int_equal(lb_frac_cmp(odds.covered, lb_frac_int(1)), 0);
        ends *E = calloc(1, sizeof *E);
        int values[16];
        brute(st, &req, values, 0, lb_frac_int(1), E);
        if (E->n != odds.n)
            fail_msg("%s: %d ends by brute force, %d by the odds", name, E->n, odds.n);
        for (int i = 0; i < E->n; i++) {
            int k = 0;
            while (k < odds.n && strcmp(odds.outcomes[k].summary, E->summary[i]) != 0)
                k++;
            if (k == odds.n || lb_frac_cmp(odds.outcomes[k].p, E->p[i]) != 0)
                fail_msg("%s: end \"%s\" differs", name, E->summary[i]);
            free(E->summary[i]);
        }
        free(E);
        lb_charge_outcomes_release(&odds);
        lb_state_free(st);
        json_decref(c);
        checked++;
    }
    closedir(dir);
    assert_true(checked >= 60);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_charge__module_tables_compiled),
        cmocka_unit_test(test_charge__chart_errors),
        cmocka_unit_test(test_charge__modifiers_replace),
        cmocka_unit_test(test_charge__answers_and_status),
        cmocka_unit_test(test_charge__results_and_trace_say_the_same),
        cmocka_unit_test(test_charge__missing_table),
        cmocka_unit_test(test_charge__apply_refused_when_the_state_changed),
        cmocka_unit_test(test_charge__apply_after_another_apply_refused),
        cmocka_unit_test(test_charge__apply_removes_by_id),
        cmocka_unit_test(test_charge__odds_equal_brute_force_on_every_case),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
