/* Unit tests of movement: facing arcs, applying actions, the segment's start, entries, over-stacking, and properties of options against plans on generated maps. */
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
#include "dice_int.h"
#include "hex_int.h"
#include "facing_int.h"
#include "formation_int.h"
#include "move_int.h"
#include "stacking_int.h"
#include "words.h"

#define STACK                                                                                   \
    "\"stacking\": {\"infantry_increments\": 18, \"cavalry_increments\": 18,"                   \
    " \"artillery_increments\": 6, \"infantry_regiments\": 1, \"cavalry_regiments\": 1,"        \
    " \"combined\": [{\"infantry_increments\": 12, \"batteries\": 1}],"                         \
    " \"cavalry_regiments_max\": 3"

#define CHARTS                                                                                  \
    "\"charts\": {\"terrain\": {"                                                               \
    "\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, \"artillery\": 1}, \"open\": true, " \
    STACK "}},"                                                                                 \
    "\"road\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, \"artillery\": 1}, \"open\": true,"  \
    " \"road_march_move\": {\"num\": 1, \"den\": 2}, " STACK ", \"road_march_increments\": 4}}," \
    "\"rough\": {\"move\": {\"infantry\": 2, \"cavalry\": 2, \"artillery\": 2}, " STACK "}},"    \
    "\"woods\": {\"move\": {\"infantry\": 3, \"cavalry\": 5, \"artillery\": null},"             \
    " \"general_order\": true, \"los\": \"blocks\","                                            \
    " \"stacking\": {\"infantry_battalions\": 1, \"cavalry_regiments\": 1}},"                    \
    "\"village\": {\"move\": {\"infantry\": 3, \"cavalry\": 3, \"artillery\": 3},"               \
    " \"general_order\": true, \"los\": \"dwelling\", \"road_march_move\": {\"num\": 2, \"den\": 1}," \
    " \"stacking\": {\"infantry_battalions\": 1, \"cavalry_regiments\": 1, \"batteries\": 1,"    \
    " \"combined\": [{\"infantry_battalions\": 1, \"batteries\": 1}]}},"                          \
    "\"swamp\": {\"move\": {\"infantry\": 4, \"cavalry\": null, \"artillery\": null},"          \
    " \"skirmish_only\": true},"                                                                \
    "\"lake\": {\"move\": {\"infantry\": null, \"cavalry\": null, \"artillery\": null}}},"      \
    "\"hexsides\": {"                                                                           \
    "\"stream\": {\"move\": {\"infantry\": 1, \"cavalry\": 2, \"artillery\": 3}},"              \
    "\"slope\": {\"move\": {\"infantry\": 2, \"cavalry\": 3, \"artillery\": 4}},"               \
    "\"wall\": {\"move\": {\"infantry\": 2, \"cavalry\": null, \"artillery\": null},"           \
    " \"los\": \"blocks\"}},"                                                                   \
    "\"elevation\": {\"change_hexside\": \"slope\"},"                                           \
    "\"fire_multiples\": [{\"nation\": \"french\", \"class\": \"legere\","                      \
    " \"formation\": \"skirmish\", \"per_hex\": 3, \"multiple\": 3}],"                          \
    "\"limber\": {\"french\": {\"a_pied\": {\"lo\": 4, \"hi\": 6}}},"                           \
    "\"movement\": {\"horse_artillery\": [\"a_cheval\"]}}"

#define LEGEND                                                                                  \
    "\"legend\": {\".\": \"clear\", \"R\": \"road\", \"r\": \"rough\", \"W\": \"woods\","       \
    " \"V\": \"village\", \"M\": \"swamp\", \"L\": \"lake\"}"

static lb_state *load_text(const char *text, int quiet)
{
    lb_load_opts opts = {0};
    lb_errlist errs = {0};
    lb_state *st = NULL;
    lb_scenario_load("test.json", text, strlen(text), &opts, &st, &errs);
    for (int i = 0; i < errs.count && !quiet; i++) {
        char line[1200];
        lb_err_fmt(&errs.items[i], line, sizeof line);
        print_message("%s\n", line);
    }
    lb_errlist_release(&errs);
    return st;
}

/* A scenario from its map rows (comma-separated JSON strings), hexsides and units. */
static lb_state *scenario(int cols, int rows, const char *terrain, const char *elevation,
                          const char *hexsides, const char *units, int quiet)
{
    static const char fmt[] =
        "{\"format\": \"labataille-scenario/1\", \"rules\": \"premier-2018\","
        " \"sides\": [\"french\", \"austrian\"],"
        " \"map\": {\"columns\": %d, \"rows\": %d, \"terrain\": [%s], %s%s%s" LEGEND
        ", \"hexsides\": [%s]}, " CHARTS ", \"units\": [%s]}";
    size_t n = strlen(fmt) + strlen(terrain) + strlen(hexsides) + strlen(units) +
               (elevation ? strlen(elevation) : 0) + 64;
    char *text = malloc(n);
    snprintf(text, n, fmt, cols, rows, terrain, elevation ? "\"elevation\": [" : "",
             elevation ? elevation : "", elevation ? "], " : "", hexsides, units);
    lb_state *st = load_text(text, quiet);
    free(text);
    return st;
}

static lb_state *open_map(const char *units)
{
    static const char rows[] = "\"........\",\"........\",\"........\",\"........\","
                               "\"........\",\"........\",\"........\",\"........\"";
    lb_state *st = scenario(8, 8, rows, NULL, "", units, 0);
    assert_non_null(st);
    return st;
}

#define INF(id, side, hex, extra)                                                               \
    "{\"id\": \"" id "\", \"side\": \"" side "\", \"arm\": \"infantry\", \"nation\": \"french\"," \
    " \"class\": \"ligne\", \"increments\": 8, \"fire\": 8, \"melee\": 24, \"movement\": 6,"    \
    " \"morale\": \"34\", \"formation\": \"column\", \"state\": \"good\", \"facing\": 12,"      \
    " \"hexes\": [\"" hex "\"]" extra "}"

static lb_hex hex(int c, int r)
{
    return (lb_hex){c, r};
}

/* ---- facing arcs (R-FORM-1) --------------------------------------------------------------- */

static lb_unit unit_in(lb_arm arm, lb_formation f, int facing, int movement)
{
    lb_unit u;
    memset(&u, 0, sizeof u);
    u.id = "u";
    u.arm = arm;
    u.formation = f;
    u.facing = facing;
    u.movement = movement;
    u.increments = 8;
    u.hexes[0] = hex(4, 4);
    u.nhexes = 1;
    return u;
}

static int count_bits(unsigned b)
{
    int n = 0;
    for (; b; b &= b - 1)
        n++;
    return n;
}

/* R-FORM-1 against (13)'s table: front/flank/rear counts by formation (light cavalry in column
 * or road march five fronts and a rear, no flank). */
static void test_move__facing_counts(void **state)
{
    (void)state;
    struct {
        lb_arm arm;
        lb_formation f;
        int facing, movement, front, flank, rear;
    } rows[] = {
        {LB_ARM_INFANTRY, LB_FORM_COLUMN, 12, 6, 3, 2, 1},
        {LB_ARM_INFANTRY, LB_FORM_GENERAL, 4, 6, 5, 0, 1},
        {LB_ARM_INFANTRY, LB_FORM_LINE, 1, 6, 2, 2, 2},
        {LB_ARM_INFANTRY, LB_FORM_SKIRMISH, 5, 6, 4, 2, 0},
        {LB_ARM_INFANTRY, LB_FORM_CARRE, 3, 6, 6, 0, 0},
        {LB_ARM_CAVALRY, LB_FORM_COLUMN, 8, 14, 5, 0, 1},  /* light: (13)'s five fronts, no flank */
        {LB_ARM_CAVALRY, LB_FORM_ROAD, 8, 14, 5, 0, 1},    /* light in road march likewise */
        {LB_ARM_CAVALRY, LB_FORM_GENERAL, 8, 14, 5, 0, 1}, /* light in general order */
        {LB_ARM_CAVALRY, LB_FORM_COLUMN, 8, 12, 3, 2, 1},  /* heavy */
        {LB_ARM_CAVALRY, LB_FORM_GENERAL, 8, 12, 5, 0, 1}, /* heavy in general order */
        {LB_ARM_CAVALRY, LB_FORM_LINE, 11, 12, 2, 2, 2},
        {LB_ARM_ARTILLERY, LB_FORM_UNLIMBERED, 2, 4, 3, 2, 1},
        {LB_ARM_ARTILLERY, LB_FORM_LIMBERED, 10, 4, 3, 2, 1},
        {LB_ARM_INFANTRY, LB_FORM_COLUMN, 0, 6, 6, 0, 0},  /* no facing: fires every way */
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        lb_unit u = unit_in(rows[i].arm, rows[i].f, rows[i].facing, rows[i].movement);
        unsigned front, flank, rear;
        lb_facing_arcs(&u, 0, &front, &flank, &rear);
        assert_int_equal(count_bits(front), rows[i].front);
        assert_int_equal(count_bits(flank), rows[i].flank);
        assert_int_equal(count_bits(rear), rows[i].rear);
    }
}

/* Column facing 12: N, NE, NW front; SE, SW flank; S rear. */
static void test_move__facing_column_sides(void **state)
{
    (void)state;
    lb_unit u = unit_in(LB_ARM_INFANTRY, LB_FORM_COLUMN, 12, 6);
    assert_int_equal(lb_facing_side(&u, 0, LB_DIR_N), LB_SIDE_FRONT);
    assert_int_equal(lb_facing_side(&u, 0, LB_DIR_NE), LB_SIDE_FRONT);
    assert_int_equal(lb_facing_side(&u, 0, LB_DIR_NW), LB_SIDE_FRONT);
    assert_int_equal(lb_facing_side(&u, 0, LB_DIR_SE), LB_SIDE_FLANK);
    assert_int_equal(lb_facing_side(&u, 0, LB_DIR_SW), LB_SIDE_FLANK);
    assert_int_equal(lb_facing_side(&u, 0, LB_DIR_S), LB_SIDE_REAR);
}

/* A line in 0404 and 0505 facing 1 (the axis NW-SE): each hex N and NE front; 0404's NW and
 * 0505's SE flank (the ends); S and SW rear; the shared hexside is its own. Totals 4/2/4. A
 * two-hex screen the same way: 6 fronts, the back hexside next to each outer end flank (0404's
 * SW, 0505's S), the others rear: 6/2/2. */
static void test_move__facing_two_hexes(void **state)
{
    (void)state;
    lb_unit u = unit_in(LB_ARM_INFANTRY, LB_FORM_LINE, 1, 6);
    u.hexes[1] = hex(5, 5);
    u.nhexes = 2;
    assert_int_equal(lb_facing_side(&u, 0, LB_DIR_SE), LB_SIDE_OWN);
    assert_int_equal(lb_facing_side(&u, 1, LB_DIR_NW), LB_SIDE_OWN);
    assert_int_equal(lb_facing_side(&u, 0, LB_DIR_NW), LB_SIDE_FLANK);
    assert_int_equal(lb_facing_side(&u, 1, LB_DIR_SE), LB_SIDE_FLANK);
    int totals[4] = {0};
    for (int k = 0; k < 2; k++)
        for (int d = 0; d < 6; d++)
            totals[lb_facing_side(&u, k, d)]++;
    assert_int_equal(totals[LB_SIDE_FRONT], 4);
    assert_int_equal(totals[LB_SIDE_FLANK], 2);
    assert_int_equal(totals[LB_SIDE_REAR], 4);
    u.formation = LB_FORM_SKIRMISH;
    memset(totals, 0, sizeof totals);
    for (int k = 0; k < 2; k++)
        for (int d = 0; d < 6; d++)
            totals[lb_facing_side(&u, k, d)]++;
    assert_int_equal(totals[LB_SIDE_FRONT], 6);
    assert_int_equal(totals[LB_SIDE_FLANK], 2);
    assert_int_equal(totals[LB_SIDE_REAR], 2);
    assert_int_equal(lb_facing_side(&u, 0, LB_DIR_SW), LB_SIDE_FLANK);
    assert_int_equal(lb_facing_side(&u, 1, LB_DIR_S), LB_SIDE_FLANK);
    assert_int_equal(lb_facing_side(&u, 0, LB_DIR_S), LB_SIDE_REAR);
}

/* The hexsides fire leaves by are R-FIRE-8's fronts for every arm, light cavalry in column
 * included: written out here from the ruling's words (lb_facing_fire_sides, in one hex); the
 * arcs (lb_facing_arcs) are the same but for a light cavalry column's five fronts (13). */
static void test_move__facing_fronts_as_fire(void **state)
{
    (void)state;
    struct {
        lb_arm arm;
        lb_formation f;
        int movement;
    } units[] = {{LB_ARM_INFANTRY, LB_FORM_COLUMN, 6},     {LB_ARM_INFANTRY, LB_FORM_GENERAL, 6},
                 {LB_ARM_INFANTRY, LB_FORM_LINE, 6},       {LB_ARM_INFANTRY, LB_FORM_SKIRMISH, 6},
                 {LB_ARM_CAVALRY, LB_FORM_COLUMN, 14},     {LB_ARM_CAVALRY, LB_FORM_COLUMN, 12},
                 {LB_ARM_CAVALRY, LB_FORM_GENERAL, 14},    {LB_ARM_CAVALRY, LB_FORM_LINE, 14},
                 {LB_ARM_CAVALRY, LB_FORM_SKIRMISH, 14},   {LB_ARM_ARTILLERY, LB_FORM_LIMBERED, 4},
                 {LB_ARM_ARTILLERY, LB_FORM_UNLIMBERED, 4}};
    for (size_t f = 0; f < sizeof units / sizeof *units; f++)
        for (int facing = 1; facing <= 12; facing++) {
            if (!lb_facing_valid(units[f].f, facing))
                continue;
            lb_unit u = unit_in(units[f].arm, units[f].f, facing, units[f].movement);
            unsigned front;
            lb_facing_arcs(&u, 0, &front, NULL, NULL);
            unsigned want = 0;
            for (int d = 0; d < 6; d++) {
                int a = abs(facing - lb_hex_dir_clock(d)) % 12;
                a = a > 6 ? 12 - a : a;
                /* column and artillery: the faced hexside and its two neighbours; general order
                 * all but the opposite; line the two at the vertex; skirmish the four nearest */
                int in = units[f].f == LB_FORM_GENERAL ? a != 6
                         : units[f].f == LB_FORM_LINE  ? a == 1
                         : units[f].f == LB_FORM_SKIRMISH ? a <= 3
                                                          : a <= 2;
                want |= (unsigned)in << d;
            }
            int light = units[f].arm == LB_ARM_CAVALRY && units[f].movement >= 13 &&
                        units[f].f == LB_FORM_COLUMN;
            unsigned five = 0;
            for (int d = 0; d < 6; d++) {
                int a = abs(facing - lb_hex_dir_clock(d)) % 12;
                five |= (unsigned)((a > 6 ? 12 - a : a) <= 4) << d;
            }
            assert_int_equal(front, light ? five : want);
            assert_int_equal(lb_facing_fire_sides(&u, 0), want);
        }
}

/* R-FIRE-8 over two hexes (0404, 0505 facing 1): a screen fires through its inner hexside too
 * (one of the four nearest the vertex: N, NE, SE and NW of 0404), a line does not (N, NE only);
 * without facing every hexside fires. */
static void test_move__fire_sides_two_hexes(void **state)
{
    (void)state;
    lb_unit u = unit_in(LB_ARM_INFANTRY, LB_FORM_SKIRMISH, 1, 6);
    u.hexes[1] = hex(5, 5);
    u.nhexes = 2;
    unsigned bit_n = 1u << LB_DIR_N, bit_ne = 1u << LB_DIR_NE, bit_se = 1u << LB_DIR_SE,
             bit_nw = 1u << LB_DIR_NW;
    assert_int_equal(lb_facing_fire_sides(&u, 0), bit_n | bit_ne | bit_se | bit_nw);
    unsigned front;
    lb_facing_arcs(&u, 0, &front, NULL, NULL);
    assert_int_equal(front, bit_n | bit_ne | bit_nw); /* the inner hexside is its own */
    u.formation = LB_FORM_LINE;
    assert_int_equal(lb_facing_fire_sides(&u, 0), bit_n | bit_ne);
    u.facing = 0;
    assert_int_equal(lb_facing_fire_sides(&u, 0), 0x3fu);
}

static void test_move__facing_default_and_axis(void **state)
{
    (void)state;
    assert_int_equal(lb_facing_default(LB_FORM_COLUMN, 3), 4);
    assert_int_equal(lb_facing_default(LB_FORM_LINE, 12), 1);
    assert_int_equal(lb_facing_default(LB_FORM_LINE, 11), 11);
    assert_int_equal(lb_facing_default(LB_FORM_CARRE, 5), 5);
    int left, right;
    lb_facing_axis(1, &left, &right);
    assert_int_equal(right, LB_DIR_SE);
    assert_int_equal(left, LB_DIR_NW);
    lb_facing_axis(11, &left, &right);
    assert_int_equal(right, LB_DIR_NE);
    assert_int_equal(left, LB_DIR_SW);
}

/* ---- applying actions ----------------------------------------------------------------------- */

/* A step moves the unit and its attached leader, spends MP, counts the action and the step, and
 * the leader may then not move on its own (R-MOV-14). */
static void test_move__apply_step_and_leader(void **state)
{
    (void)state;
    lb_state *st = open_map(INF("fr-inf", "french", "0404", "") ","
                            "{\"id\": \"fr-ldr\", \"side\": \"french\", \"arm\": \"leader\","
                            " \"hexes\": [\"0404\"], \"attached_to\": \"fr-inf\"}");
    lb_move_action a = {.kind = LB_ACT_STEP, .dir = LB_DIR_S};
    lb_move_outcome o;
    assert_int_equal(lb_move_action_check(st, "fr-inf", &a, &o, NULL), LB_OK);
    assert_true(o.legal);
    assert_int_equal(o.cost, 2);
    assert_int_equal(lb_move_action_apply(st, &o), LB_OK);
    const lb_unit *u = &st->units[lb_state_unit_index(st, "fr-inf")];
    const lb_unit *l = &st->units[lb_state_unit_index(st, "fr-ldr")];
    assert_true(lb_hex_eq(u->hexes[0], hex(4, 5)));
    assert_true(lb_hex_eq(l->hexes[0], hex(4, 5)));
    assert_int_equal(u->move.spent, 2);
    assert_int_equal(u->move.actions, 1);
    assert_int_equal(u->move.steps, 1);
    assert_true(l->move.rode);
    assert_int_equal(lb_move_action_check(st, "fr-ldr", &a, &o, NULL), LB_OK);
    assert_false(o.legal);
    assert_string_equal(o.rule, "R-MOV-14");
    /* applying the same outcome again no longer fits: nothing changes */
    lb_move_outcome stale = o;
    stale.legal = 1;
    stale.from[0] = hex(1, 1);
    assert_int_equal(lb_move_action_apply(st, &stale), LB_INVALID);
    assert_true(lb_hex_eq(l->hexes[0], hex(4, 5)));
    lb_state_free(st);
}

/* Issue 12: an outcome is checked on one generation of the state. Steps south for fr-a and fr-b
 * are checked on the state as loaded; fr-b's is applied, so fr-a's is stale: nothing moves. */
static void test_move__apply_refuses_stale(void **state)
{
    (void)state;
    lb_state *st =
        open_map(INF("fr-a", "french", "0404", "") "," INF("fr-b", "french", "0604", ""));
    lb_move_action a = {.kind = LB_ACT_STEP, .dir = LB_DIR_S};
    lb_move_outcome oa, ob;
    assert_int_equal(lb_move_action_check(st, "fr-a", &a, &oa, NULL), LB_OK);
    assert_int_equal(lb_move_action_check(st, "fr-b", &a, &ob, NULL), LB_OK);
    assert_true(oa.legal && ob.legal);
    assert_int_equal(lb_move_action_apply(st, &ob), LB_OK);
    assert_int_equal(st->generation, oa.generation + 1);
    lb_unit before = st->units[lb_state_unit_index(st, "fr-a")];
    assert_int_equal(lb_move_action_apply(st, &oa), LB_STALE);
    assert_memory_equal(&st->units[lb_state_unit_index(st, "fr-a")], &before, sizeof before);
    assert_true(lb_hex_eq(before.hexes[0], hex(4, 4)));
    assert_int_equal(st->generation, oa.generation + 1);
    lb_state_free(st);
}

/* Cavalry entering a hex of enemy leaders alone captures them: the apply removes them. */
static void test_move__apply_capture(void **state)
{
    (void)state;
    lb_state *st = open_map(
        "{\"id\": \"fr-cav\", \"side\": \"french\", \"arm\": \"cavalry\", \"increments\": 6,"
        " \"fire\": 0, \"melee\": 12, \"movement\": 12, \"morale\": \"33\","
        " \"formation\": \"column\", \"state\": \"good\", \"facing\": 12, \"hexes\": [\"0404\"]},"
        "{\"id\": \"au-ldr\", \"side\": \"austrian\", \"arm\": \"leader\", \"hexes\": [\"0403\"]}");
    lb_move_action a = {.kind = LB_ACT_STEP, .dir = LB_DIR_N};
    lb_move_outcome o;
    assert_int_equal(lb_move_action_check(st, "fr-cav", &a, &o, NULL), LB_OK);
    assert_true(o.legal);
    assert_int_equal(o.nevents, 1);
    assert_int_equal(o.events[0].kind, LB_EVENT_CAPTURE);
    assert_string_equal(o.events[0].units[0], "au-ldr");
    assert_int_equal(lb_move_action_apply(st, &o), LB_OK);
    assert_int_equal(st->nunits, 1);
    assert_int_equal(lb_state_unit_index(st, "au-ldr"), -1);
    lb_state_free(st);
}

/* R-MOV-2: the segment's start gives every unit of the side a fresh record. */
static void test_move__segment_begin(void **state)
{
    (void)state;
    lb_state *st = open_map(
        INF("fr-a", "french", "0404",
            ", \"move_record\": {\"spent\": 3, \"actions\": 2, \"steps\": 2, \"hold_next\": "
            "\"retreated\", \"force_march\": \"marching\", \"force_march_turns\": 1}") ","
        INF("au-b", "austrian", "0101", ", \"move_record\": {\"spent\": 1, \"actions\": 1}"));
    lb_move_segment_begin(st, 0);
    const lb_unit *a = &st->units[0], *b = &st->units[1];
    assert_int_equal(a->move.spent, 0);
    assert_int_equal(a->move.actions, 0);
    assert_int_equal(a->move.hold, LB_HOLD_RETREATED);
    assert_int_equal(a->move.hold_next, LB_HOLD_NONE);
    assert_int_equal(a->move.march, LB_MARCH_NONE);
    assert_int_equal(a->move.march_turns, 2);
    assert_int_equal(a->move.start_formation, LB_FORM_COLUMN);
    assert_int_equal(lb_move_allowance(st, 0, NULL, NULL, NULL), 0);
    assert_int_equal(b->move.spent, 2); /* the other side's record is untouched */
    lb_move_segment_begin(st, 0);
    assert_int_equal(a->move.hold, LB_HOLD_NONE);
    assert_int_equal(a->move.march_turns, 0);
    assert_int_equal(lb_move_allowance(st, 0, NULL, NULL, NULL), 12);
    lb_state_free(st);
}

/* Force march resolved with dice and applied: the allowance doubles (R-MOV-16). */
static void test_move__force_march(void **state)
{
    (void)state;
    lb_state *st = open_map(INF("fr-inf", "french", "0404", ""));
    lb_move_action a = {.kind = LB_ACT_MARCH};
    lb_dice dice;
    assert_int_equal(lb_dice_init_script(&dice, "55", NULL), 0);
    lb_move_outcome o;
    assert_int_equal(lb_move_action_resolve(st, "fr-inf", &a, &dice, &o, NULL), LB_OK);
    assert_true(o.legal && o.rolled && o.success);
    assert_int_equal(o.p_success.num, 7);
    assert_int_equal(o.p_success.den, 18);
    assert_int_equal(lb_move_action_apply(st, &o), LB_OK);
    assert_int_equal(st->units[0].move.march, LB_MARCH_ON);
    assert_int_equal(st->units[0].move.actions, 0); /* a declaration, not an action */
    assert_int_equal(lb_move_allowance(st, 0, NULL, NULL, NULL), 24);
    /* no dice left: the roll cannot be made */
    lb_state *st2 = open_map(INF("fr-inf", "french", "0404", ""));
    assert_int_equal(lb_move_action_resolve(st2, "fr-inf", &a, &dice, &o, NULL), LB_DICE);
    lb_state_free(st2);
    lb_state_free(st);
}

/* A failed limber roll spends the MP and leaves the guns unlimbered (R-FORM-8). */
static void test_move__limber_fails(void **state)
{
    (void)state;
    lb_state *st = open_map(
        "{\"id\": \"fr-gun\", \"side\": \"french\", \"arm\": \"artillery\", \"nation\":"
        " \"french\", \"class\": \"a_pied\", \"increments\": 2, \"fire\": 6, \"melee\": 2,"
        " \"movement\": 4, \"morale\": \"44\", \"formation\": \"unlimbered\", \"state\": \"good\","
        " \"facing\": 12, \"hexes\": [\"0404\"]}");
    lb_move_action a = {.kind = LB_ACT_FORM, .formation = LB_FORM_LIMBERED};
    lb_dice dice;
    assert_int_equal(lb_dice_init_script(&dice, "3", NULL), 0);
    lb_move_outcome o;
    assert_int_equal(lb_move_action_resolve(st, "fr-gun", &a, &dice, &o, NULL), LB_OK);
    assert_true(o.legal && o.rolled);
    assert_false(o.success);
    assert_int_equal(lb_move_action_apply(st, &o), LB_OK);
    assert_int_equal(st->units[0].formation, LB_FORM_UNLIMBERED);
    assert_int_equal(st->units[0].move.spent, 4);
    lb_state_free(st);
}

/* R-FORM-5: losses bring a two-hex screen of 4 to 3: it stands in its first hex. */
static void test_move__contract(void **state)
{
    (void)state;
    lb_state *st = open_map(
        "{\"id\": \"fr-vlt\", \"side\": \"french\", \"arm\": \"infantry\", \"nation\": \"french\","
        " \"class\": \"legere\", \"increments\": 4, \"fire\": 4, \"melee\": 8, \"movement\": 7,"
        " \"morale\": \"34\", \"formation\": \"skirmish\", \"state\": \"good\", \"facing\": 1,"
        " \"hexes\": [\"0404\", \"0505\"]}");
    assert_int_equal(lb_formation_contract(st, 0), 0);
    st->units[0].losses = 1;
    assert_int_equal(lb_formation_contract(st, 0), 1);
    assert_int_equal(st->units[0].nhexes, 1);
    lb_state_free(st);
}

/* R-STACK-6: two columns of 10 in one clear hex; roll 33 (index 14): morale 34 (index 15) fails,
 * so does morale 44; the apply disorders both. */
static void test_move__overstack_check(void **state)
{
    (void)state;
    lb_state *st = open_map(
        "{\"id\": \"fr-a\", \"side\": \"french\", \"arm\": \"infantry\", \"increments\": 10,"
        " \"fire\": 8, \"melee\": 24, \"movement\": 6, \"morale\": \"34\", \"formation\":"
        " \"column\", \"state\": \"good\", \"hexes\": [\"0404\"]},"
        "{\"id\": \"fr-b\", \"side\": \"french\", \"arm\": \"infantry\", \"increments\": 10,"
        " \"fire\": 8, \"melee\": 24, \"movement\": 6, \"morale\": \"22\", \"formation\":"
        " \"column\", \"state\": \"good\", \"hexes\": [\"0404\"]}");
    lb_dice dice;
    assert_int_equal(lb_dice_init_script(&dice, "33", NULL), 0);
    lb_stack_check c;
    assert_int_equal(lb_stack_overstack_resolve(st, hex(4, 4), &dice, &c, NULL), LB_OK);
    assert_true(c.over);
    assert_int_equal(c.nunits, 2);
    assert_true(c.units[0].fails);   /* 14 is not above 15 */
    assert_false(c.units[1].fails);  /* morale 22 is index 7: 14 > 7 */
    assert_int_equal(lb_stack_overstack_apply(st, &c), LB_OK);
    assert_int_equal(st->units[0].state, LB_STATE_DISORDERED);
    assert_int_equal(st->units[1].state, LB_STATE_GOOD);
    assert_int_equal(st->generation, 1);
    /* applied once, the state moved on: the same check again is stale, nothing changes */
    st->units[0].state = LB_STATE_GOOD;
    assert_int_equal(lb_stack_overstack_apply(st, &c), LB_STALE);
    assert_int_equal(st->units[0].state, LB_STATE_GOOD);
    lb_state_free(st);
}

/* Issue 12: an over-stacking check worked out before another apply (fr-b faces about) is stale:
 * fr-a, which failed it, keeps its good order. */
static void test_move__overstack_apply_refuses_stale(void **state)
{
    (void)state;
    lb_state *st = open_map(
        "{\"id\": \"fr-a\", \"side\": \"french\", \"arm\": \"infantry\", \"increments\": 10,"
        " \"fire\": 8, \"melee\": 24, \"movement\": 6, \"morale\": \"34\", \"formation\":"
        " \"column\", \"state\": \"good\", \"facing\": 12, \"hexes\": [\"0404\"]},"
        "{\"id\": \"fr-b\", \"side\": \"french\", \"arm\": \"infantry\", \"increments\": 10,"
        " \"fire\": 8, \"melee\": 24, \"movement\": 6, \"morale\": \"22\", \"formation\":"
        " \"column\", \"state\": \"good\", \"facing\": 12, \"hexes\": [\"0404\"]}");
    lb_dice dice;
    assert_int_equal(lb_dice_init_script(&dice, "33", NULL), 0);
    lb_stack_check c;
    assert_int_equal(lb_stack_overstack_resolve(st, hex(4, 4), &dice, &c, NULL), LB_OK);
    assert_true(c.units[0].fails);
    lb_move_action face = {.kind = LB_ACT_FACE, .facing = 6};
    lb_move_outcome o;
    assert_int_equal(lb_move_action_check(st, "fr-b", &face, &o, NULL), LB_OK);
    assert_true(o.legal);
    assert_int_equal(lb_move_action_apply(st, &o), LB_OK);
    lb_unit before = st->units[0];
    assert_int_equal(lb_stack_overstack_apply(st, &c), LB_STALE);
    assert_memory_equal(&st->units[0], &before, sizeof before);
    assert_int_equal(st->units[0].state, LB_STATE_GOOD);
    lb_state_free(st);
}

/* What s says, in a buffer of its own (one at a time). */
static const char *said_text(const lb_said *s)
{
    static char buf[LB_MOVE_REASON_MAX];
    assert_true(lb_said_fmt(s, buf, sizeof buf) < (int)sizeof buf);
    return buf;
}

/* The last step's sentence. */
static const char *last_step(const lb_trace *t)
{
    static char buf[512];
    assert_true(t->count > 0);
    assert_true(lb_trace_step_fmt(&t->steps[t->count - 1], buf, sizeof buf) < (int)sizeof buf);
    return buf;
}

/* Reasons that hold reasons: a step the stacking rules refuse (R-STACK-1 within the move's own),
 * the trace's "refused" step holding it; a force march that may not end where it stopped
 * (R-MOV-16 within R-MOV-12); no path to a hex (R-MOV-12); the options' other actions say
 * nothing. */
static void test_move__reasons_in_words(void **state)
{
    (void)state;
    static const char rows[] = "\"........\",\"........\",\"........\",\"........\","
                               "\"...V....\",\"........\",\"........\",\"........\"";
    lb_state *st = scenario(8, 8, rows, NULL, "",
                            INF("fr-inf", "french", "0404", "") ","
                            "{\"id\": \"fr-b\", \"side\": \"french\", \"arm\": \"infantry\","
                            " \"increments\": 8, \"fire\": 8, \"melee\": 24, \"movement\": 6,"
                            " \"morale\": \"34\", \"formation\": \"general\", \"state\":"
                            " \"good\", \"facing\": 12, \"hexes\": [\"0405\"]}", 0);
    assert_non_null(st);
    lb_trace t;
    lb_trace_init(&t);
    lb_move_action a = {.kind = LB_ACT_STEP, .dir = lb_hex_dir_to(hex(4, 4), hex(4, 5))};
    lb_move_outcome o;
    assert_int_equal(lb_move_action_check(st, "fr-inf", &a, &o, &t), LB_OK);
    assert_false(o.legal);
    assert_string_equal(o.rule, "R-STACK-1");
    assert_string_equal(said_text(&o.why), "0405: village would hold 2 infantry units (16 "
                                           "increments), over its limit (the stacking chart)");
    assert_string_equal(last_step(&t),
                        "fr-inf step refused: 0405: village would hold 2 infantry units (16 "
                        "increments), over its limit (the stacking chart)");
    lb_trace_release(&t);
    lb_state_free(st);

    st = open_map(INF("fr-inf", "french", "0404", "") "," INF("au-inf", "austrian", "0407", ""));
    st->units[0].move.march = LB_MARCH_ON;
    lb_move_action plan[2] = {a, a};
    lb_move_plan pl;
    lb_trace_init(&t);
    assert_int_equal(lb_move_check(st, "fr-inf", plan, 2, NULL, &pl, &t), LB_OK);
    assert_false(pl.legal);
    assert_int_equal(pl.refused, 2);
    assert_string_equal(pl.rule, "R-MOV-16");
    assert_string_equal(said_text(&pl.why), "fr-inf may not end its move there: force-marching, "
                                            "it may not end next to the enemy au-inf in 0407 (44)");
    assert_string_equal(last_step(&t), said_text(&pl.why));
    lb_move_plan_release(&pl);
    lb_trace_release(&t);

    lb_trace_init(&t);
    lb_move_plan_unreached("fr-inf", "0909", 12, &pl, &t);
    assert_false(pl.legal);
    assert_int_equal(pl.refused, -1);
    assert_string_equal(pl.rule, "R-MOV-12");
    assert_string_equal(said_text(&pl.why), "no path within fr-inf's allowance ends at 0909");
    assert_string_equal(last_step(&t), "no path within fr-inf's allowance ends at 0909");
    lb_trace_release(&t);

    lb_move_choices ch;
    assert_int_equal(lb_move_options(st, "fr-inf", &ch, NULL), LB_OK);
    assert_true(ch.may_step && ch.nchanges > 0);
    for (int i = 0; i < ch.nchanges; i++)
        assert_int_equal(ch.changes[i].why.event, 0);
    lb_move_choices_release(&ch);
    lb_state_free(st);
}

/* R-MOV-17: an entry adds the unit with its first step spent. */
static void test_move__entry_apply(void **state)
{
    (void)state;
    lb_state *st = open_map(INF("fr-a", "french", "0404", ""));
    lb_unit u = st->units[0];
    u.id = "fr-new";
    lb_move_entry e;
    assert_int_equal(lb_move_entry_check(st, &u, hex(1, 5), &e, NULL), LB_OK);
    assert_true(e.legal);
    assert_int_equal(e.cost, 2);
    /* another apply in between (fr-a faces about) makes the entry stale: nothing is added */
    lb_move_action face = {.kind = LB_ACT_FACE, .facing = 6};
    lb_move_outcome o;
    assert_int_equal(lb_move_action_check(st, "fr-a", &face, &o, NULL), LB_OK);
    assert_int_equal(lb_move_action_apply(st, &o), LB_OK);
    assert_int_equal(lb_move_entry_apply(st, &u, &e), LB_STALE);
    assert_int_equal(st->nunits, 1);
    assert_int_equal(lb_state_unit_index(st, "fr-new"), -1);
    assert_int_equal(lb_move_entry_check(st, &u, hex(1, 5), &e, NULL), LB_OK);
    assert_int_equal(lb_move_entry_apply(st, &u, &e), LB_OK);
    int i = lb_state_unit_index(st, "fr-new");
    assert_true(i >= 0);
    assert_true(lb_hex_eq(st->units[i].hexes[0], hex(1, 5)));
    assert_int_equal(st->units[i].move.spent, 2);
    assert_int_equal(lb_move_entry_apply(st, &u, &e), LB_INVALID); /* the id is taken now */
    lb_state_free(st);
}

/* ---- properties over generated maps ----------------------------------------------------------- */

#define GEN_COLS 9
#define GEN_ROWS 7

typedef struct text {
    char *buf;
    int len, cap;
} text;

__attribute__((format(printf, 2, 3))) static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    t->buf = lb_grow(t->buf, &t->cap, t->len + n + 1, 1);
    assert_non_null(t->buf);
    va_start(ap, fmt);
    vsnprintf(t->buf + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += n;
}

static int pick(lb_pcg32 *rng, int n)
{
    return (int)lb_pcg32_bounded(rng, (uint32_t)n);
}

/* A random scenario: mixed terrain, elevation, hexsides, and a dozen units of each arm and
 * formation on both sides with random records; NULL when the loader refuses it. */
static lb_state *generate(lb_pcg32 *rng)
{
    static const char terrain_chars[] = "......RRrrWVML";
    char grid[GEN_ROWS][GEN_COLS + 1], elev[GEN_ROWS][GEN_COLS + 1];
    for (int r = 0; r < GEN_ROWS; r++) {
        for (int c = 0; c < GEN_COLS; c++) {
            grid[r][c] = terrain_chars[pick(rng, (int)sizeof terrain_chars - 1)];
            elev[r][c] = (char)('0' + (c >= 5 && r >= 3 ? pick(rng, 2) : 0));
        }
        grid[r][GEN_COLS] = elev[r][GEN_COLS] = '\0';
    }
    text terrain = {0}, elevation = {0}, sides = {0}, units = {0};
    for (int r = 0; r < GEN_ROWS; r++) {
        put(&terrain, "%s\"%s\"", r ? "," : "", grid[r]);
        put(&elevation, "%s\"%s\"", r ? "," : "", elev[r]);
    }
    static const char *const side_types[] = {"stream", "wall", "slope"};
    for (int i = 0, n = 0; i < 8; i++)
        put(&sides, "%s{\"hex\": \"%02d%02d\", \"side\": \"%s\", \"type\": \"%s\"}", n++ ? "," : "",
            2 + pick(rng, GEN_COLS - 2), 2 + pick(rng, GEN_ROWS - 2),
            lb_hex_dir_name(pick(rng, 6)), side_types[pick(rng, 3)]);
    int nunits = 0;
    for (int i = 0; i < 12; i++) {
        int side = i % 2, c = 1 + pick(rng, GEN_COLS), r = 1 + pick(rng, GEN_ROWS);
        char where[16];
        snprintf(where, sizeof where, "\"%02d%02d\"", c, r);
        const char *s = side ? "austrian" : "french";
        const char *rec = pick(rng, 4) == 0 ? ", \"move_record\": {\"spent\": 1, \"actions\": 1}"
                                            : "";
        int kind = pick(rng, 9);
        const char *sep = nunits++ ? "," : "";
        int facing = 2 * (1 + pick(rng, 6));
        switch (kind) {
        case 0:
        case 1: {
            char t = grid[r - 1][c - 1];
            int marching = pick(rng, 4) == 0;
            put(&units, "%s{\"id\": \"u%d\", \"side\": \"%s\", \"arm\": \"infantry\", \"nation\":"
                " \"french\", \"class\": \"legere\", \"increments\": %d, \"fire\": 6, \"melee\": 18,"
                " \"movement\": 6, \"morale\": \"34\", \"formation\": \"%s\", \"state\": \"%s\","
                " \"facing\": %d, \"hexes\": [%s]%s}", sep, i, s, 4 + pick(rng, 8),
                t == 'W' || t == 'V' ? "general" : t == 'R' && pick(rng, 2) ? "road" : "column",
                pick(rng, 5) == 0 ? "disordered" : "good", facing, where,
                marching ? ", \"move_record\": {\"force_march\": \"marching\"}" : rec);
            break;
        }
        case 2: {
            /* a line in one hex, or two along its axis (R-FORM-4) */
            int left, right;
            lb_facing_axis(facing - 1, &left, &right);
            lb_hex second = lb_hex_neighbor((lb_hex){c, r}, right);
            char more[16] = "";
            if (pick(rng, 2) && second.col >= 1 && second.col <= GEN_COLS && second.row >= 1 &&
                second.row <= GEN_ROWS)
                snprintf(more, sizeof more, ", \"%02d%02d\"", second.col, second.row);
            put(&units, "%s{\"id\": \"u%d\", \"side\": \"%s\", \"arm\": \"infantry\","
                " \"increments\": 8, \"fire\": 6, \"melee\": 18, \"movement\": 6, \"morale\": \"34\","
                " \"formation\": \"line\", \"state\": \"good\", \"facing\": %d, \"hexes\": [%s%s]%s}",
                sep, i, s, facing - 1, where, more, rec);
            break;
        }
        case 3:
            put(&units, "%s{\"id\": \"u%d\", \"side\": \"%s\", \"arm\": \"infantry\", \"nation\":"
                " \"french\", \"class\": \"legere\", \"increments\": 3, \"fire\": 3, \"melee\": 9,"
                " \"movement\": 7, \"morale\": \"34\", \"formation\": \"skirmish\", \"state\":"
                " \"good\", \"facing\": %d, \"hexes\": [%s]}", sep, i, s, facing - 1, where);
            break;
        case 4:
            put(&units, "%s{\"id\": \"u%d\", \"side\": \"%s\", \"arm\": \"infantry\","
                " \"increments\": 6, \"fire\": 6, \"melee\": 18, \"movement\": 6, \"morale\": \"34\","
                " \"formation\": \"carre\", \"state\": \"good\", \"hexes\": [%s]}", sep, i, s, where);
            break;
        case 5:
        case 6:
            put(&units, "%s{\"id\": \"u%d\", \"side\": \"%s\", \"arm\": \"cavalry\","
                " \"increments\": %d, \"fire\": 2, \"melee\": 12, \"movement\": %d, \"morale\":"
                " \"33\", \"formation\": \"column\", \"state\": \"good\", \"facing\": %d,"
                " \"hexes\": [%s]%s}", sep, i, s, 2 + pick(rng, 6), 10 + pick(rng, 5), facing,
                where, rec);
            break;
        case 7:
            put(&units, "%s{\"id\": \"u%d\", \"side\": \"%s\", \"arm\": \"artillery\", \"nation\":"
                " \"french\", \"class\": \"%s\", \"increments\": 2, \"fire\": 6, \"melee\": 2,"
                " \"movement\": 5, \"morale\": \"44\", \"formation\": \"limbered\", \"state\":"
                " \"good\", \"facing\": %d, \"hexes\": [%s]}", sep, i, s,
                pick(rng, 2) ? "a_pied" : "a_cheval", facing, where);
            break;
        default:
            put(&units, "%s{\"id\": \"u%d\", \"side\": \"%s\", \"arm\": \"leader\", \"hexes\": [%s]}",
                sep, i, s, where);
            break;
        }
    }
    lb_state *st = scenario(GEN_COLS, GEN_ROWS, terrain.buf, elevation.buf, sides.buf, units.buf, 1);
    free(terrain.buf);
    free(elevation.buf);
    free(sides.buf);
    free(units.buf);
    return st;
}

#define PLAN_MAX 32
#define CELLS (GEN_COLS * GEN_ROWS)

/* The least-cost plans the plan checker accepts, found step by step: best[cell] is the cost of
 * the cheapest plan ending legally there (-1 none); pass[cell] of the cheapest reaching it at all
 * (refused at most at its end), which the search extends. It trusts only lb_move_check: an
 * extension of a plan that had to stop is refused by the checker itself. */
static void oracle(const lb_state *st, const char *id, int *best, int *pass)
{
    int plans[CELLS][PLAN_MAX], len[CELLS], done[CELLS];
    for (int c = 0; c < CELLS; c++)
        best[c] = pass[c] = -1, done[c] = 0, len[c] = 0;
    int start = lb_map_cell(&st->map, st->units[lb_state_unit_index(st, id)].hexes[0]);
    pass[start] = 0;
    for (;;) {
        int cur = -1;
        for (int c = 0; c < CELLS; c++)
            if (pass[c] >= 0 && !done[c] && (cur < 0 || pass[c] < pass[cur]))
                cur = c;
        if (cur < 0)
            break;
        done[cur] = 1;
        for (int d = 0; d < 6 && len[cur] < PLAN_MAX; d++) {
            lb_move_action plan[PLAN_MAX + 1];
            for (int k = 0; k < len[cur]; k++)
                plan[k] = (lb_move_action){.kind = LB_ACT_STEP, .dir = plans[cur][k]};
            plan[len[cur]] = (lb_move_action){.kind = LB_ACT_STEP, .dir = d};
            lb_move_plan p;
            assert_int_equal(lb_move_check(st, id, plan, len[cur] + 1, NULL, &p, NULL), LB_OK);
            int reached = p.legal || p.refused == len[cur] + 1;
            int to = reached ? lb_map_cell(&st->map, p.actions[len[cur]].to[0]) : -1;
            if (reached && p.legal && (best[to] < 0 || p.cost < best[to]))
                best[to] = p.cost;
            if (reached && !done[to] && (pass[to] < 0 || p.cost < pass[to])) {
                pass[to] = p.cost;
                memcpy(plans[to], plans[cur], (size_t)len[cur] * sizeof(int));
                plans[to][len[cur]] = d;
                len[to] = len[cur] + 1;
            }
            lb_move_plan_release(&p);
        }
    }
}

/* Every hex lb_move_options lists as an end is reached by a checked plan at that least cost, no
 * other hex is, and every such move ends within the stacking limits on allowed terrain. */
static void test_move__options_agree_with_plans(void **state)
{
    (void)state;
    lb_pcg32 rng;
    lb_pcg32_seed(&rng, 20240611, 7);
    int maps = 0, movers = 0, reached = 0, tries = 0;
    while (maps < 16) {
        lb_state *st = generate(&rng);
        tries++;
        if (!st)
            continue;
        maps++;
        for (int i = 0; i < st->nunits; i++) {
            const char *id = st->units[i].id;
            lb_move_choices ch;
            assert_int_equal(lb_move_options(st, id, &ch, NULL), LB_OK);
            int best[CELLS], pass[CELLS];
            oracle(st, id, best, pass);
            int listed[CELLS], any[CELLS];
            for (int c = 0; c < CELLS; c++)
                listed[c] = any[c] = -1;
            for (int k = 1; k < ch.nreach; k++) {
                any[lb_map_cell(&st->map, ch.reach[k].hex)] = ch.reach[k].cost;
                if (ch.reach[k].end)
                    listed[lb_map_cell(&st->map, ch.reach[k].hex)] = ch.reach[k].cost;
            }
            int start = lb_map_cell(&st->map, st->units[i].hexes[0]);
            for (int c = 0; c < CELLS; c++) {
                if (c == start)
                    continue;
                if (listed[c] != best[c])
                    print_message("unit %s cell %d: options %d, plans %d\n", id, c, listed[c], best[c]);
                assert_int_equal(listed[c], best[c]);
                assert_int_equal(any[c], pass[c]); /* pass-only hexes too */
            }
            /* the path of each end, checked and applied, ends legally */
            for (int k = 1; k < ch.nreach; k++) {
                if (!ch.reach[k].end)
                    continue;
                int dirs[PLAN_MAX];
                int n = lb_move_choices_path(&ch, k, dirs, PLAN_MAX);
                assert_true(n <= PLAN_MAX);
                lb_move_action plan[PLAN_MAX];
                for (int s = 0; s < n; s++)
                    plan[s] = (lb_move_action){.kind = LB_ACT_STEP, .dir = dirs[s]};
                lb_state *w = lb_state_clone(st);
                for (int s = 0; s < n; s++) {
                    lb_move_outcome o;
                    assert_int_equal(lb_move_action_check(w, id, &plan[s], &o, NULL), LB_OK);
                    assert_true(o.legal);
                    assert_int_equal(lb_move_action_apply(w, &o), LB_OK);
                }
                const lb_unit *u = &w->units[lb_state_unit_index(w, id)];
                assert_int_equal(u->move.spent - st->units[i].move.spent, ch.reach[k].cost);
                for (int h = 0; h < u->nhexes && lb_unit_is_combat(u); h++) {
                    int t = w->map.terrain[lb_map_cell(&w->map, u->hexes[h])];
                    assert_int_not_equal(w->charts.terrain[t].move[u->arm], LB_MOVE_PROHIBITED);
                    lb_stack_count count;
                    lb_stack_count_hex(w, u->hexes[h], -1, &count);
                    const char *rule;
                    lb_said why;
                    int foes = 0;
                    const int *idx;
                    int m = lb_state_units_at(w, u->hexes[h], &idx);
                    for (int x = 0; x < m; x++)
                        foes += w->units[idx[x]].side != u->side;
                    if (!foes) /* a hex shared with the enemy is a melee (R-MOV-8) */
                        assert_true(lb_stack_fits(w, u->hexes[h], &count, &rule, &why));
                }
                lb_state_free(w);
            }
            reached += ch.nreach - 1;
            lb_move_choices_release(&ch);
            movers++;
        }
        lb_state_free(st);
    }
    print_message("%d maps (%d generated), %d movers, %d hexes in reach\n", maps, tries, movers,
                  reached);
    assert_true(movers >= 100);
    assert_true(reached >= 15 * movers);
}

/* The demo: every unit's options, and every end listed is a legal move at that cost. */
/* The Russbach battle's roads (issue 25): road march runs through Aderklaa on the village hexes
 * map.roads lists (R-FORM-2). sx-leibgren (6 increments, 6 MP) worn down to 4 increments, the
 * most a road hex holds in road march (N10-2, R-STACK-3), stands in road march on the road hex
 * 0632 south-west of Aderklaa; along the Breitenlee road into the village: 0631, 0731, each a
 * village hex on the road at the village's road-march rate 2 (T15-20): 2 + 2 = 4 MP of its 6
 * (0730, next, holds sx-low-1 in general order, T16-1). Without 0631 in map.roads the first
 * step leaves the road: refused (R-FORM-2). */
static void test_move__russbach_road_through_aderklaa(void **state)
{
    (void)state;
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    lb_errlist errs = {0};
    lb_state *st = NULL;
    assert_int_equal(lb_scenario_load_file("data/scenarios/wagram-russbach-1809.json", &opts,
                                           &st, &errs), LB_OK);
    lb_errlist_release(&errs);
    int i = lb_state_unit_index(st, "sx-leibgren");
    assert_true(i >= 0);
    lb_unit *u = &st->units[i];
    u->losses = u->increments - 4;
    u->formation = LB_FORM_ROAD;
    assert_int_equal(lb_map_parse_label(&st->map, "0632", &u->hexes[0]), 0);
    assert_int_equal(lb_state_reindex(st), LB_OK);
    const char *way[] = {"0632", "0631", "0731"};
    lb_move_action plan[2];
    for (int k = 0; k < 2; k++) {
        lb_hex a, b;
        assert_int_equal(lb_map_parse_label(&st->map, way[k], &a), 0);
        assert_int_equal(lb_map_parse_label(&st->map, way[k + 1], &b), 0);
        assert_true(st->map.roads[lb_map_cell(&st->map, b)]);
        plan[k] = (lb_move_action){.kind = LB_ACT_STEP, .dir = lb_hex_dir_to(a, b)};
    }
    lb_move_plan p;
    assert_int_equal(lb_move_check(st, "sx-leibgren", plan, 2, NULL, &p, NULL), LB_OK);
    assert_true(p.legal);
    assert_int_equal(p.cost, 8); /* half MP: 4 MP */
    lb_move_plan_release(&p);
    lb_hex first;
    assert_int_equal(lb_map_parse_label(&st->map, "0631", &first), 0);
    st->map.roads[lb_map_cell(&st->map, first)] = 0;
    assert_int_equal(lb_move_check(st, "sx-leibgren", plan, 2, NULL, &p, NULL), LB_OK);
    assert_false(p.legal);
    assert_int_equal(p.refused, 0);
    assert_string_equal(p.rule, "R-FORM-2");
    lb_move_plan_release(&p);
    lb_state_free(st);
}

static void test_move__demo_every_unit(void **state)
{
    (void)state;
    size_t len;
    const char *file;
    const char *text = lb_data_demo(&len, &file);
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    lb_errlist errs = {0};
    lb_state *st = NULL;
    assert_int_equal(lb_scenario_load(file, text, len, &opts, &st, &errs), LB_OK);
    lb_errlist_release(&errs);
    for (int i = 0; i < st->nunits; i++) {
        lb_move_choices ch;
        assert_int_equal(lb_move_options(st, st->units[i].id, &ch, NULL), LB_OK);
        for (int k = 1; k < ch.nreach; k++) {
            int dirs[64];
            int n = lb_move_choices_path(&ch, k, dirs, 64);
            lb_move_action plan[64];
            for (int s = 0; s < n; s++)
                plan[s] = (lb_move_action){.kind = LB_ACT_STEP, .dir = dirs[s]};
            lb_move_plan p;
            assert_int_equal(lb_move_check(st, st->units[i].id, plan, n, NULL, &p, NULL), LB_OK);
            assert_int_equal(p.legal, ch.reach[k].end);
            if (p.legal)
                assert_int_equal(p.cost, ch.reach[k].cost);
            else
                assert_int_equal(p.refused, n);
            lb_move_plan_release(&p);
        }
        for (int k = 0; k < ch.nchanges; k++) {
            lb_move_plan p;
            assert_int_equal(lb_move_check(st, st->units[i].id, &ch.changes[k].action, 1, NULL, &p,
                                           NULL), LB_OK);
            assert_true(p.actions[0].legal);
            assert_int_equal(p.actions[0].cost, ch.changes[k].cost);
            lb_move_plan_release(&p);
        }
        lb_move_choices_release(&ch);
    }
    lb_state_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move__facing_counts),
        cmocka_unit_test(test_move__facing_column_sides),
        cmocka_unit_test(test_move__facing_two_hexes),
        cmocka_unit_test(test_move__facing_fronts_as_fire),
        cmocka_unit_test(test_move__fire_sides_two_hexes),
        cmocka_unit_test(test_move__facing_default_and_axis),
        cmocka_unit_test(test_move__apply_step_and_leader),
        cmocka_unit_test(test_move__apply_capture),
        cmocka_unit_test(test_move__apply_refuses_stale),
        cmocka_unit_test(test_move__segment_begin),
        cmocka_unit_test(test_move__force_march),
        cmocka_unit_test(test_move__limber_fails),
        cmocka_unit_test(test_move__contract),
        cmocka_unit_test(test_move__overstack_check),
        cmocka_unit_test(test_move__overstack_apply_refuses_stale),
        cmocka_unit_test(test_move__reasons_in_words),
        cmocka_unit_test(test_move__entry_apply),
        cmocka_unit_test(test_move__options_agree_with_plans),
        cmocka_unit_test(test_move__demo_every_unit),
        cmocka_unit_test(test_move__russbach_road_through_aderklaa),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
