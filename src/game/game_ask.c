/* lb_game_ask: a question asked of the game as it stands, answered as the game would declare it now: the fire's kind, an assault's attackers. */
#include <stdlib.h>

#include "ask_int.h"
#include "game_int.h"
#include "action_int.h"
#include "melee_int.h"
#include "state_int.h"

/* R-GAME-21: the assault of q's units on q->to as the game would declare it now, refused with
 * the game's reasons (R-GAME-18) and the melee rules'. */
static int melee_look(const lb_game *g, const lb_question *q, lb_answer **out, lb_err *err)
{
    const lb_state *st = lb_game_state(g);
    lb_action assault;
    lb_action_init(&assault, LB_VERB_MELEE);
    lb_action_add_hex(&assault, q->to);
    for (int i = 0; i < q->nunits; i++) {
        if (q->units[i] < 0 || q->units[i] >= lb_state_unit_count(st))
            return lb_err_set(err, LB_INVALID, "%s", lb_err_str(LB_INVALID));
        if (lb_action_add_unit(&assault, lb_state_unit(st, q->units[i])->id) != LB_OK)
            return lb_err_set(err, LB_USAGE, "too many attackers: at most %d",
                              LB_ACTION_UNITS_MAX);
    }
    lb_melee_chance *c = malloc(sizeof *c);
    if (!c)
        return lb_err_set(err, LB_NOMEM, "%s", lb_err_str(LB_NOMEM));
    int rc = lb_game_melee_odds(g, &assault, c, NULL);
    if (rc != LB_OK) {
        free(c);
        return lb_err_set(err, rc, "%s", lb_err_str(rc));
    }
    return lbi_melee_look(st, q, c, out);
}

/* R-MEL-2, R-MEL-25: the assault of q's units on q->to, each attacker with what this turn left
 * it, asked of the rules. */
static int melee_now(const lb_game *g, const lb_question *q, lb_answer **out, lb_err *err)
{
    const lb_state *st = lb_game_state(g);
    const char *ids[LB_MELEE_ATTACKERS_MAX];
    if (q->nunits < 1 || q->nunits > LB_MELEE_ATTACKERS_MAX)
        return lb_err_set(err, LB_USAGE, "%s", lb_err_str(LB_USAGE));
    for (int i = 0; i < q->nunits; i++) {
        if (q->units[i] < 0 || q->units[i] >= lb_state_unit_count(st))
            return lb_err_set(err, LB_INVALID, "%s", lb_err_str(LB_INVALID));
        ids[i] = lb_state_unit(st, q->units[i])->id;
    }
    lb_melee_req req;
    lb_game_melee_request(g, q->to, ids, q->nunits, &req);
    lb_question asked = *q;
    asked.melee = &req;
    return lb_ask(st, &asked, out, err);
}

int lb_game_ask(const lb_game *g, const lb_question *q, lb_answer **out, lb_err *err)
{
    *out = NULL;
    if (q->kind == LB_ASK_MELEE && !q->melee)
        return q->look == LB_LOOK_WORDS ? melee_look(g, q, out, err)
                                        : melee_now(g, q, out, err);
    if (q->kind == LB_ASK_FIRE && q->fire_kind < 0) {
        lb_question asked = *q;
        asked.fire_kind = (int)lb_game_fire_kind(g); /* R-FIRE-19 */
        return lb_ask(lb_game_state(g), &asked, out, err);
    }
    return lb_ask(lb_game_state(g), q, out, err);
}
