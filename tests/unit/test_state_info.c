/* Unit tests of the state as a front-end reads it: units, the map, the terrain types and the battle's terms through the public accessors of lb/state.h, checked against data/scenarios/demo.json. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "fixture.h"
#include "lb/lb.h"

/* The terrain or hexside type of the charts with this id: its index, *out filled; -1 when none. */
static int type_named(const lb_state *st, lb_terrain_list list, const char *id,
                      lb_terrain_info *out)
{
    for (int t = 0; lb_state_terrain_info(st, list, t, out) == LB_OK; t++)
        if (strcmp(out->id, id) == 0)
            return t;
    return -1;
}

static lb_hex hex_of(const lb_state *st, const char *label)
{
    lb_hex h;
    assert_int_equal(lb_map_parse_label(lb_state_map(st), label, &h), LB_OK);
    return h;
}

/* fr-26le-1 as the demo gives it: a line of the 26e légère over 0810 and 0811, facing 3. */
static void test_a_unit_as_its_counter_and_hexes_say(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    const lb_state *st = lb_game_state(g);
    lb_unit_info u;
    assert_int_equal(lb_state_unit_info(st, lb_state_unit_index(st, "fr-26le-1"), &u), LB_OK);
    assert_string_equal(u.id, "fr-26le-1");
    assert_string_equal(u.name, "1er bataillon, 26e régiment d'infanterie légère");
    assert_string_equal(u.nation, "french");
    assert_string_equal(u.cls, "legere");
    assert_int_equal(u.side, lb_state_side(st, "french"));
    assert_int_equal(u.arm, LB_ARM_INFANTRY);
    assert_true(u.combat);
    assert_int_equal(u.increments, 10);
    assert_int_equal(u.strength, 10);
    assert_int_equal(u.fire, 10);
    assert_int_equal(u.melee, 30);
    assert_int_equal(u.movement, 6);
    assert_int_equal(u.morale, 34);
    assert_int_equal(u.formation, LB_FORM_LINE);
    assert_int_equal(u.state, LB_STATE_GOOD);
    assert_int_equal(u.facing, 3);
    assert_int_equal(u.nhexes, 2);
    lb_hex a = hex_of(st, "0810"), b = hex_of(st, "0811");
    assert_true(u.hexes[0].col == a.col && u.hexes[0].row == a.row);
    assert_true(u.hexes[1].col == b.col && u.hexes[1].row == b.row);
    assert_int_equal(u.nbonus, 0);
    assert_null(u.attached);
    lb_game_free(g);
}

/* fr-ldr-legrand: a leader, no combat unit, with his two bonuses as listed. */
static void test_a_leader_and_his_bonuses(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    const lb_state *st = lb_game_state(g);
    lb_unit_info u;
    assert_int_equal(lb_state_unit_info(st, lb_state_unit_index(st, "fr-ldr-legrand"), &u), LB_OK);
    assert_int_equal(u.arm, LB_ARM_LEADER);
    assert_false(u.combat);
    assert_int_equal(u.morale, 0);
    assert_int_equal(u.nbonus, 2);
    assert_string_equal(u.bonus[0].key, "morale");
    assert_int_equal(u.bonus[0].value, 2);
    assert_string_equal(u.bonus[1].key, "melee");
    assert_int_equal(u.bonus[1].value, 1);
    lb_game_free(g);
}

/* An index out of range is LB_NOT_FOUND and leaves the caller's record as it was. */
static void test_a_unit_out_of_range_is_not_found(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    const lb_state *st = lb_game_state(g);
    lb_unit_info u = {.id = "kept", .fire = 7};
    assert_int_equal(lb_state_unit_info(st, -1, &u), LB_NOT_FOUND);
    assert_int_equal(lb_state_unit_info(st, lb_state_unit_count(st), &u), LB_NOT_FOUND);
    assert_string_equal(u.id, "kept");
    assert_int_equal(u.fire, 7);
    lb_game_free(g);
}

/* The demo's map is 24 columns by 18 rows; 0202 is woods at level 0, 1007 slope at level 2,
 * 1107 clear at level 2; a hex off the map is not found. */
static void test_the_map_hex_by_hex(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    const lb_state *st = lb_game_state(g);
    const lb_map *m = lb_state_map(st);
    int cols = 0, rows = 0;
    lb_map_size(m, &cols, &rows);
    assert_int_equal(cols, 24);
    assert_int_equal(rows, 18);
    static const struct {
        const char *hex, *terrain;
        int elevation;
    } hexes[] = {{"0202", "woods", 0}, {"1007", "slope", 2}, {"1107", "clear", 2}};
    for (size_t k = 0; k < sizeof hexes / sizeof hexes[0]; k++) {
        lb_hex_info here;
        lb_terrain_info type;
        assert_int_equal(lb_map_hex_info(m, hex_of(st, hexes[k].hex), &here), LB_OK);
        assert_int_equal(here.terrain, type_named(st, LB_TERRAIN_HEX, hexes[k].terrain, &type));
        assert_int_equal(here.elevation, hexes[k].elevation);
    }
    lb_hex_info kept = {.terrain = 5, .elevation = 9};
    assert_int_equal(lb_map_hex_info(m, (lb_hex){cols + 1, 1}, &kept), LB_NOT_FOUND);
    assert_int_equal(lb_map_hex_info(m, (lb_hex){0, 0}, &kept), LB_NOT_FOUND);
    assert_int_equal(kept.terrain, 5);
    assert_int_equal(kept.elevation, 9);
    lb_game_free(g);
}

/* The Deutsch-Wagram charts: woods block the line of sight and hold units in general order, a
 * road may be followed by road march, a village is a dwelling; a wall blocks, a stream does not;
 * past the last type of each list, not found. */
static void test_terrain_and_hexside_types(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    const lb_state *st = lb_game_state(g);
    lb_terrain_info t;
    assert_true(type_named(st, LB_TERRAIN_HEX, "woods", &t) >= 0);
    assert_int_equal(t.los, LB_LOS_BLOCKS);
    assert_true(t.general_order);
    assert_false(t.road);
    assert_true(type_named(st, LB_TERRAIN_HEX, "road", &t) >= 0);
    assert_int_equal(t.los, LB_LOS_CLEAR);
    assert_true(t.road);
    assert_false(t.general_order);
    assert_true(type_named(st, LB_TERRAIN_HEX, "village", &t) >= 0);
    assert_int_equal(t.los, LB_LOS_DWELLING);
    assert_true(type_named(st, LB_TERRAIN_HEX, "clear", &t) >= 0);
    assert_false(t.road);
    assert_int_equal(type_named(st, LB_TERRAIN_HEX, "wall", &t), -1);
    assert_true(type_named(st, LB_TERRAIN_HEXSIDE, "wall", &t) >= 0);
    assert_int_equal(t.los, LB_LOS_BLOCKS);
    assert_false(t.road);
    assert_true(type_named(st, LB_TERRAIN_HEXSIDE, "stream", &t) >= 0);
    assert_int_equal(t.los, LB_LOS_CLEAR);
    assert_int_equal(lb_state_terrain_info(st, LB_TERRAIN_HEX, -1, &t), LB_NOT_FOUND);
    assert_int_equal(lb_state_terrain_info(st, (lb_terrain_list)2, 0, &t), LB_NOT_FOUND);
    lb_game_free(g);
}

/* The demo's victory key: the last turn at 15:00, 1/3/5 points, three objectives in the order
 * listed with their holders at the start; movement untimed. */
static void test_the_battle_terms(void **state)
{
    (void)state;
    lb_game *g = fixture_demo(1, LB_UNDO_HOTSEAT);
    const lb_state *st = lb_game_state(g);
    lb_battle_info b;
    lb_state_battle_info(st, &b);
    assert_int_equal(b.last_turn, 15 * 60);
    assert_int_equal(b.per_increment, 1);
    assert_int_equal(b.per_surrender, 3);
    assert_int_equal(b.per_leader, 5);
    assert_int_equal(b.nobjectives, 3);
    static const struct {
        const char *hex, *holder;
        int points;
    } objectives[] = {{"1107", "austrian", 10}, {"1913", "austrian", 10}, {"0413", "french", 5}};
    for (int k = 0; k < 3; k++) {
        lb_hex h = hex_of(st, objectives[k].hex);
        assert_true(b.objectives[k].hex.col == h.col && b.objectives[k].hex.row == h.row);
        assert_int_equal(b.objectives[k].points, objectives[k].points);
        assert_int_equal(b.objectives[k].holder, lb_state_side(st, objectives[k].holder));
    }
    assert_int_equal(b.time_limit_s[0], 0);
    assert_int_equal(b.time_limit_s[1], 0);
    lb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_unit_as_its_counter_and_hexes_say),
        cmocka_unit_test(test_a_leader_and_his_bonuses),
        cmocka_unit_test(test_a_unit_out_of_range_is_not_found),
        cmocka_unit_test(test_the_map_hex_by_hex),
        cmocka_unit_test(test_terrain_and_hexside_types),
        cmocka_unit_test(test_the_battle_terms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
