/* lb_game_ask: a question asked of the game as it stands, answered as the game would declare it now. */
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

int lb_game_ask(const lb_game *g, const lb_question *q, lb_answer **out, lb_err *err)
{
    *out = NULL;
    if (q->kind == LB_ASK_MELEE && !q->melee && q->look == LB_LOOK_WORDS)
        return melee_look(g, q, out, err);
    return lb_ask(lb_game_state(g), q, out, err);
}
