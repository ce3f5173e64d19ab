/* Unit tests of the melees charges owe at one hex (R-GAME-25): one assault of every owing unit, and none offered at a hex already assaulted in the segment. */
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
#include "state_int.h"
#include "decision_int.h"
#include "fixture.h"
#include "game_int.h"

/* A hussar regiment of side at hex, facing (as the case's). */
#define HUSSAR(id, side, hex, facing)                                                           \
    "{\"id\":\"" id "\",\"side\":\"" side "\",\"arm\":\"cavalry\",\"nation\":\"" side "\","     \
    "\"class\":\"hussar\",\"increments\":6,\"fire\":0,\"melee\":12,\"movement\":14,"           \
    "\"morale\":\"34\",\"formation\":\"column\",\"state\":\"good\",\"readiness\":\"fresh\","   \
    "\"hexes\":[\"" hex "\"],\"facing\":" facing "}"

/* tests/cases/game-R-GAME-25-owed-melees-one-hex-fought.json's field: fr-hus (0403) and fr-hus2
 * (0503) against au-hus (0406) on an 8 x 8 clear map, the French Charge segment. */
static const char *const FIELD =
    "{\"format\":\"labataille-scenario/1\",\"title\":\"two owed melees at one hex\","
    "\"game\":\"deutsch-wagram-1809\",\"rules\":\"premier-2018\",\"turn\":{\"time\":\"13:00\","
    "\"phasing\":\"french\",\"segment\":\"charge\"},\"sides\":[\"french\",\"austrian\"],"
    "\"map\":{\"columns\":8,\"rows\":8,\"terrain\":[\"........\",\"........\",\"........\","
    "\"........\",\"........\",\"........\",\"........\",\"........\"],"
    "\"legend\":{\".\":\"clear\"}},\"units\":["
    HUSSAR("fr-hus", "french", "0403", "6") "," HUSSAR("fr-hus2", "french", "0503", "6") ","
    HUSSAR("au-hus", "austrian", "0406", "12") "]}";

static void answer(lb_game *g, const char *key)
{
    lb_game_answer a;
    assert_int_equal(lb_game_decide(g, LB_ROLE_BOTH, lb_game_seq(g), key, &a), LB_OK);
    if (a.verdict != LB_ACCEPTED)
        fprintf(stderr, "%s: %s\n", key, a.reason);
    assert_int_equal(a.verdict, LB_ACCEPTED);
}

/* Both hussars charge au-hus and make contact at 0406 (the case's script): the French Melee
 * segment comes. */
static lb_game *both_owe(void)
{
    lb_game *g = fixture_game("owed.json", FIELD, 1, LB_UNDO_HOTSEAT);
    assert_non_null(g);
    answer(g, "charge:fr-hus:0404,0405");
    answer(g, "target");
    answer(g, "charge:fr-hus2:0504,0505,0506");
    answer(g, "target");
    return g;
}

/* The melee options listed now: how many, the first key in first. */
static int melee_options(const lb_game *g, char *first, size_t n, int *compulsory)
{
    lb_decision d;
    lb_decision_init(&d, LB_DECIDE_ACTION, lb_game_state(g)->turn.phasing, "", "R-GAME-18", "%s",
                     "owed");
    opt_scope all = {NULL, 0, NULL};
    assert_int_equal(lbi_melee_options(g, &d, &all, compulsory), LB_OK);
    int count = d.noptions;
    snprintf(first, n, "%s", count ? d.options[0].key : "");
    lb_decision_release(&d);
    return count;
}

/* R-GAME-25: the two owed melees at 0406 are one option, both units together (the order of
 * their charges), and the only one (38.10: the cavalry must melee). */
static void test_owed_melees_one_assault(void **state)
{
    (void)state;
    lb_game *g = both_owe();
    assert_non_null(strstr(lb_game_pending(g)->prompt, "melee segment"));
    char first[64];
    int compulsory = 0;
    assert_int_equal(melee_options(g, first, sizeof first, &compulsory), 1);
    assert_true(compulsory);
    assert_string_equal(first, "melee:0406:fr-hus+fr-hus2");
    lb_game_free(g);
}

/* R-GAME-25: once 0406 has been assaulted in this segment (as a pursuit into it would, R-MEL-27),
 * neither owed melee is offered there any more (found in play: offered, then refused by
 * R-GAME-18) and none is compulsory: the segment may end. */
static void test_owed_melee_lapses_at_assaulted_hex(void **state)
{
    (void)state;
    lb_game *g = both_owe();
    lb_hex h;
    assert_int_equal(lb_map_parse_label(&g->st->map, "0406", &h), 0);
    g->assaulted[lb_map_cell(&g->st->map, h)] = lbi_game_step(g);
    char first[64];
    int compulsory = 1;
    assert_int_equal(melee_options(g, first, sizeof first, &compulsory), 0);
    assert_false(compulsory);
    lb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_owed_melees_one_assault),
        cmocka_unit_test(test_owed_melee_lapses_at_assaulted_hex),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
