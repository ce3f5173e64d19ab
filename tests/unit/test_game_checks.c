/* Unit tests of the checks others' disorder sets off in play (W31-2, W31-13, A31-3: R-MOR-16..19) and of the owner's choice for a leader a retreat leaves alone (R-RET-22). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/ai.h"
#include "lb/data.h"
#include "lb/game.h"
#include "lb/lb.h"
#include "state_int.h"
#include "fixture.h"
#include "words.h"
#include "game_int.h"

#define INF(id, morale, state, hex)                                                             \
    "{\"id\":\"" id "\",\"side\":\"french\",\"arm\":\"infantry\",\"nation\":\"french\","         \
    "\"class\":\"ligne\",\"increments\":4,\"fire\":4,\"melee\":12,\"movement\":6,\"morale\":\"" \
    morale "\",\"formation\":\"column\",\"state\":\"" state "\",\"hexes\":[\"" hex "\"],"       \
    "\"facing\":6}"
#define ENEMY                                                                                   \
    "{\"id\":\"au-a\",\"side\":\"austrian\",\"arm\":\"infantry\",\"nation\":\"austrian\","       \
    "\"class\":\"linie\",\"increments\":4,\"fire\":4,\"melee\":12,\"movement\":6,"              \
    "\"morale\":\"35\",\"formation\":\"column\",\"state\":\"good\",\"hexes\":[\"0808\"],"       \
    "\"facing\":12}"
#define LEADER                                                                                  \
    "{\"id\":\"fr-ldr\",\"side\":\"french\",\"arm\":\"leader\",\"bonus\":{\"morale\":0},"       \
    "\"hexes\":[\"0303\"]}"

/* A 9 x 9 clear map, the French sequence at `segment`, with `units` (the enemy added). */
static lb_game *small(const char *segment, const char *units, uint64_t seed)
{
    char text[8192];
    snprintf(text, sizeof text,
             "{\"format\":\"labataille-scenario/1\",\"title\":\"checks\",\"game\":"
             "\"deutsch-wagram-1809\",\"turn\":{\"time\":\"14:00\",\"phasing\":\"french\","
             "\"segment\":\"%s\"},\"sides\":[\"french\",\"austrian\"],\"map\":{\"columns\":9,"
             "\"rows\":9,\"terrain\":[\".........\",\".........\",\".........\",\".........\","
             "\".........\",\".........\",\".........\",\".........\",\".........\"],"
             "\"legend\":{\".\":\"clear\"}},\"units\":[%s," ENEMY "],"
             "\"victory\":{\"last_turn\":\"15:00\"}}",
             segment, units);
    return fixture_game("checks.json", text, seed, LB_UNDO_HOTSEAT);
}

static void answer(lb_game *g, const char *key)
{
    lb_game_answer a;
    assert_int_equal(lb_game_decide(g, LB_ROLE_BOTH, lb_game_seq(g), key, &a), LB_OK);
    if (a.verdict != LB_ACCEPTED)
        fprintf(stderr, "%s: %s (%s)\n", key, lb_verdict_name(a.verdict), a.reason);
    assert_int_equal(a.verdict, LB_ACCEPTED);
}

/* How many steps of the last answer's trace contain text. */
static int traced(const lb_game *g, const char *text)
{
    const lb_trace *t = lb_game_trace(g);
    char step[1024];
    int n = 0;
    for (int i = 0; i < t->count; i++) {
        assert_true(lb_trace_step_fmt(&t->steps[i], step, sizeof step) < (int)sizeof step);
        n += strstr(step, text) != NULL;
    }
    return n;
}

static const lb_unit *unit(const lb_game *g, const char *id)
{
    const lb_state *st = lb_game_state(g);
    int i = lb_state_unit_index(st, id);
    return i < 0 ? NULL : &st->units[i];
}

static char *label(const lb_game *g, lb_hex h, char *buf)
{
    return lb_map_label(&lb_game_state(g)->map, h, buf);
}

/* R-MOR-8, R-MOR-17, R-MOR-18: the French end their Movement segment; in their Morale Recovery
 * segment fr-a (disordered, morale 66: no roll beats it, 66 - 3 is no more than 66) fails its
 * recovery and routs. fr-b, good and of the same hex, checks (W31-13); fr-a's rout begins in
 * fr-b's hex, which would make it check (W31-2), but it checks once in the event (A31-3). fr-b
 * (morale 66 too) fails and retreats; its failure makes no one check again: fr-a checked in the
 * event. fr-c, good and two hexes off, is in no hex fr-a began, passed or ended in: it does not
 * check. */
static void test_game_checks__stack_checks_once(void **state)
{
    (void)state;
    lb_game *g = small("movement",
                       INF("fr-a", "66", "disordered", "0303") "," INF("fr-b", "66", "good", "0303")
                       "," INF("fr-c", "11", "good", "0501"), 1);
    answer(g, "end");
    int stack = 0, passed = 0, checks = 0, c = 0;
    for (int k = 0; k < 4; k++) {
        stack += traced(g, "fr-a failed a morale check: fr-b, of its stack, checks morale");
        passed += traced(g, "fr-b is in good order in a hex where fr-a");
        checks += traced(g, "fr-b checks morale: roll");
        c += traced(g, "fr-c checks morale");
        if (!lb_game_pending(g) || lb_game_pending(g)->kind != LB_DECIDE_PATH)
            break;
        answer(g, "auto");
    }
    assert_int_equal(stack, 1);
    assert_int_equal(passed, 0);
    assert_int_equal(checks, 1);
    assert_int_equal(c, 0);
    assert_int_equal(unit(g, "fr-a")->state, LB_STATE_ROUTED);
    assert_int_equal(unit(g, "fr-b")->state, LB_STATE_DISORDERED);
    assert_int_equal(unit(g, "fr-c")->state, LB_STATE_GOOD);
    lb_game_free(g);
}

/* R-MOR-16, R-MOR-19: in the French Movement segment fr-d, disordered, moves from 0303 to 0302
 * (away from au-a at 0808), where fr-e stands in good order: fr-e checks (W31-2), once; fr-f,
 * good, in 0301, which fr-d does not reach, does not. */
static void test_game_checks__disordered_move_through_friends(void **state)
{
    (void)state;
    lb_game *g = small("movement",
                       INF("fr-d", "11", "disordered", "0303") "," INF("fr-e", "11", "good", "0302")
                       "," INF("fr-f", "11", "good", "0301"), 2);
    assert_int_equal(lb_game_pending(g)->kind, LB_DECIDE_ACTION);
    answer(g, "move:fr-d:0302");
    int e = traced(g, "fr-e is in good order in a hex where fr-d, disordered, began, passed or "
                      "ended its move: fr-e checks morale");
    int rolled = traced(g, "fr-e checks morale: roll");
    int f = traced(g, "fr-f checks morale");
    while (lb_game_pending(g) && lb_game_pending(g)->kind == LB_DECIDE_PATH) {
        answer(g, "auto");
        e += traced(g, "fr-e is in good order in a hex where fr-d");
        rolled += traced(g, "fr-e checks morale: roll");
    }
    assert_int_equal(e, 1);
    assert_int_equal(rolled, 1);
    assert_int_equal(f, 0);
    /* morale 11: every roll passes, fr-e stays good */
    assert_int_equal(unit(g, "fr-e")->state, LB_STATE_GOOD);
    lb_game_free(g);
}

/* Plays the recovery of fr-a, disordered, morale 66, alone with fr-ldr at 0303, to the leader's
 * decision (R-RET-22); fr-a's end hex in end. */
static lb_game *leader_left(char *end)
{
    lb_game *g = small("morale_recovery", INF("fr-a", "66", "disordered", "0303") "," LEADER, 1);
    const lb_decision *d = lb_game_pending(g);
    while (d && d->kind == LB_DECIDE_PATH && strcmp(d->subject, "fr-a") == 0) {
        answer(g, "auto");
        d = lb_game_pending(g);
    }
    assert_non_null(d);
    assert_int_equal(d->kind, LB_DECIDE_PATH);
    assert_string_equal(d->subject, "fr-ldr");
    assert_string_equal(d->rule, "R-RET-22");
    assert_int_equal(d->noptions, 3);
    label(g, unit(g, "fr-a")->hexes[0], end);
    assert_string_equal(d->options[0].key, end);
    assert_string_equal(d->options[1].key, "0303");
    assert_string_equal(d->options[2].key, "auto");
    assert_int_equal(d->auto_choice, 2);
    assert_int_equal(unit(g, "fr-a")->state, LB_STATE_ROUTED);
    /* until he answers, the leader stands where he was */
    char at[LB_HEX_LABEL_MAX];
    assert_string_equal(label(g, unit(g, "fr-ldr")->hexes[0], at), "0303");
    return g;
}

/* R-RET-15, R-RET-22: the owner is asked; "0303" leaves the leader alone there, the unit's end
 * takes him along, and so does the automatic choice; another hex is refused. The computer takes
 * him where a friendly combat unit stands (R-AI-1). */
static void test_game_checks__leader_left_is_asked(void **state)
{
    (void)state;
    char end[LB_HEX_LABEL_MAX], at[LB_HEX_LABEL_MAX];
    lb_game *g = leader_left(end);
    lb_game_answer a;
    assert_int_equal(lb_game_decide(g, LB_ROLE_BOTH, lb_game_seq(g), "0404", &a), LB_OK);
    assert_int_not_equal(a.verdict, LB_ACCEPTED);
    answer(g, "0303");
    assert_string_equal(label(g, unit(g, "fr-ldr")->hexes[0], at), "0303");
    assert_int_equal(traced(g, "fr-ldr stays at 0303 without fr-a (his side's choice)"), 1);
    lb_game_free(g);

    g = leader_left(end);
    answer(g, end);
    assert_string_equal(label(g, unit(g, "fr-ldr")->hexes[0], at), end);
    lb_game_free(g);

    g = leader_left(end);
    answer(g, "auto");
    assert_string_equal(label(g, unit(g, "fr-ldr")->hexes[0], at), end);
    assert_int_equal(traced(g, "(the automatic choice)"), 1);
    lb_game_free(g);

    g = leader_left(end);
    lb_ai_settings s;
    lb_ai_settings_init(&s);
    char key[LB_OPTION_KEY_MAX], why[LB_AI_REASON_MAX];
    assert_int_equal(lb_ai_choose(g, 0, &s, key, why), LB_OK);
    assert_string_equal(key, end);
    lb_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_checks__stack_checks_once),
        cmocka_unit_test(test_game_checks__disordered_move_through_friends),
        cmocka_unit_test(test_game_checks__leader_left_is_asked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
