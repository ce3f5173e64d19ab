/* Unit tests: the game chart modules load and compile, and the spot-check table of chart values holds. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>
#include "../json_pointer.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/data.h"
#include "lb/lb.h"
#include "state_int.h"
#include "charts_int.h"


static json_t *module_json(const char *id)
{
    int n;
    const lb_module *mods = lb_data_modules(&n);
    for (int i = 0; i < n; i++)
        if (strcmp(mods[i].id, id) == 0)
            return json_loadb(mods[i].text, mods[i].len, 0, NULL);
    return NULL;
}

/* A one-hex scenario on a module's charts, so the engine compiles the whole module. */
static lb_state *load_on(const char *game, lb_errlist *errs)
{
    char text[512];
    snprintf(text, sizeof text,
             "{\"format\": \"labataille-scenario/1\", \"game\": \"%s\", \"sides\": [\"a\", \"b\"],"
             " \"map\": {\"columns\": 1, \"rows\": 1, \"terrain\": [\".\"],"
             " \"legend\": {\".\": \"clear\"}}, \"units\": []}", game);
    int n;
    const lb_module *mods = lb_data_modules(&n);
    lb_load_opts opts = {.modules = mods, .nmodules = n};
    lb_state *st = NULL;
    lb_scenario_load("probe.json", text, strlen(text), &opts, &st, errs);
    return st;
}

static void test_charts__modules_compile(void **unused)
{
    (void)unused;
    int n;
    const lb_module *mods = lb_data_modules(&n);
    assert_int_equal(n, 2);
    for (int i = 0; i < n; i++) {
        lb_errlist errs = {0};
        lb_state *st = load_on(mods[i].id, &errs);
        for (int e = 0; e < errs.count; e++)
            fprintf(stderr, "%s:%d:%d: %s: %s\n", errs.items[e].file, errs.items[e].line,
                    errs.items[e].col, errs.items[e].path, errs.items[e].msg);
        assert_non_null(st);
        assert_int_equal(st->rules, strcmp(mods[i].id, "prusse-1806") == 0 ? LB_RULES_2017
                                                                           : LB_RULES_2018);
        /* every terrain and hexside movement cost compiled as the module writes it */
        json_t *doc = module_json(mods[i].id);
        static const char *const arms[] = {"infantry", "cavalry", "artillery"};
        for (int t = 0; t < st->charts.nterrain; t++)
            for (int a = 0; a < 3; a++) {
                char ptr[256];
                snprintf(ptr, sizeof ptr, "/terrain/%s/move/%s", st->charts.terrain[t].id, arms[a]);
                json_t *v = json_pointer_get(doc, ptr);
                assert_non_null(v);
                assert_int_equal(st->charts.terrain[t].move[a],
                                 json_is_null(v) ? LB_MOVE_PROHIBITED : json_integer_value(v));
            }
        for (int h = 0; h < st->charts.nhexsides; h++)
            for (int a = 0; a < 3; a++) {
                char ptr[256];
                snprintf(ptr, sizeof ptr, "/hexsides/%s/move/%s", st->charts.hexsides[h].id, arms[a]);
                json_t *v = json_pointer_get(doc, ptr);
                assert_int_equal(st->charts.hexsides[h].move[a],
                                 json_is_null(v) ? LB_MOVE_PROHIBITED : json_integer_value(v));
            }
        assert_int_equal(st->charts.nfire_multiples, (int)json_array_size(json_object_get(doc, "fire_multiples")));
        json_decref(doc);
        lb_state_free(st);
        lb_errlist_release(&errs);
    }
}

static void test_charts__scenarios_load(void **unused)
{
    (void)unused;
    static const char *const files[] = {"data/scenarios/demo.json",
                                        "data/scenarios/prusse-1806-demo.json"};
    int n;
    const lb_module *mods = lb_data_modules(&n);
    lb_load_opts opts = {.modules = mods, .nmodules = n, .strict = 1};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        lb_errlist errs = {0};
        lb_state *st = NULL;
        assert_int_equal(lb_scenario_load_file(files[i], &opts, &st, &errs), LB_OK);
        assert_non_null(st);
        assert_true(st->nunits >= 7);
        lb_state_free(st);
        lb_errlist_release(&errs);
    }
}

/* The Wagram demo, read through the engine: values a player can check on the printed charts. */
static void test_charts__compiled_wagram_values(void **unused)
{
    (void)unused;
    lb_errlist errs = {0};
    lb_state *st = load_on("deutsch-wagram-1809", &errs);
    assert_non_null(st);
    const lb_charts *c = &st->charts;
    int village = lb_charts_terrain(c, "village"), woods = lb_charts_terrain(c, "woods");
    assert_int_equal(c->terrain[village].move[LB_ARM_INFANTRY], 3);
    assert_int_equal(c->terrain[village].los, LB_LOS_DWELLING);
    assert_true(c->terrain[village].general_order);
    assert_int_equal(c->terrain[woods].los, LB_LOS_BLOCKS);
    assert_int_equal(c->terrain[woods].move[LB_ARM_ARTILLERY], LB_MOVE_PROHIBITED);
    int slope = lb_charts_hexside(c, "slope"), wall = lb_charts_hexside(c, "wall");
    assert_int_equal(c->hexsides[slope].move[LB_ARM_CAVALRY], 3);
    assert_int_equal(c->hexsides[wall].los, LB_LOS_BLOCKS);
    assert_int_equal(c->elevation_hexside, slope);
    int stream = lb_charts_hexside(c, "stream"), bridge = lb_charts_hexside(c, "bridge");
    assert_true(c->hexsides[bridge].cancels & (1u << stream));
    lb_state_free(st);
    lb_errlist_release(&errs);
}

static void test_charts__spot_checks(void **unused)
{
    (void)unused;
    json_error_t jerr;
    json_t *checks = json_load_file("tests/charts/spot-checks.json", 0, &jerr);
    assert_non_null(checks);
    assert_true(json_array_size(checks) >= 40);
    json_t *wagram = module_json("deutsch-wagram-1809"), *prusse = module_json("prusse-1806");
    assert_non_null(wagram);
    assert_non_null(prusse);
    int failed = 0;
    size_t i;
    json_t *c;
    json_array_foreach(checks, i, c) {
        const char *mod = json_string_value(json_object_get(c, "module"));
        const char *ptr = json_string_value(json_object_get(c, "pointer"));
        json_t *doc = mod && strcmp(mod, "prusse-1806") == 0 ? prusse : wagram;
        json_t *got = ptr ? json_pointer_get(doc, ptr) : NULL;
        if (!got || !json_equal(got, json_object_get(c, "expected"))) {
            char *g = got ? json_dumps(got, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
            fprintf(stderr, "spot check %zu %s %s: found %s (%s)\n", i, mod, ptr, g ? g : "nothing",
                    json_string_value(json_object_get(c, "source")));
            free(g);
            failed++;
        }
    }
    json_decref(wagram);
    json_decref(prusse);
    json_decref(checks);
    assert_int_equal(failed, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_charts__modules_compile),
        cmocka_unit_test(test_charts__scenarios_load),
        cmocka_unit_test(test_charts__compiled_wagram_values),
        cmocka_unit_test(test_charts__spot_checks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
