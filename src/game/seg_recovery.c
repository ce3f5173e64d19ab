/* The Morale Recovery segment (30), (36): the phasing side's disordered and routed units check, and cavalry that rested a full turn regains readiness. */
#include <stdio.h>

#include "game_int.h"
#include "readiness.h"
#include "state_int.h"

/* Is step within the game turn that ends now (the last STEPS_PER_TURN steps)? */
static int this_turn(int step, int now)
{
    return step > now - STEPS_PER_TURN;
}

/* R-MEL-21, R-GAME-10: the rest of cavalry unit u in the game turn that ends at this segment
 * (36.6, 36.7). Its rest runs from its last melee fought or charge, or its last step regained. */
static lb_rest rest_of(const lb_game *g, const lb_unit *u)
{
    const unit_rec *r = lbi_game_rec_of(g, u->id);
    int now = lbi_game_step(g);
    lb_rest rest = {.full_turn = 1};
    if (r) {
        int from = r->fought_step > r->rested_step ? r->fought_step : r->rested_step;
        rest.full_turn = from <= now - STEPS_PER_TURN;
        rest.fought = this_turn(r->fought_step, now);
        rest.fire_loss = this_turn(r->fire_loss_step, now);
        rest.retired_from_cavalry = this_turn(r->retired_step, now);
    }
    /* the MP it spent in its side's last Movement segment, which lies in this turn; the rules
     * count whole MP against half the printed movement: rounded up for an even allowance and
     * down for an odd one, the comparison is exact */
    int halves = u->move.spent;
    rest.moved = u->movement % 2 ? halves / 2 : (halves + 1) / 2;
    return rest;
}

/* R-MOR-8: every disordered or routed unit of the phasing side checks, in the order listed;
 * R-MEL-21, R-GAME-10: every tired or exhausted cavalry unit of either side whose full turn of
 * rest ends here regains one step, two when it did not move (36.6: the Morale Recovery segment
 * may be the opponent's). */
int lbi_recovery_begin(lb_game *g)
{
    lb_state *st = g->st;
    int side = st->turn.phasing, step = lbi_game_step(g);
    for (int i = 0; i < st->nunits; i++) {
        lb_unit *u = &st->units[i];
        if (u->side != side || !lb_unit_is_combat(u) || u->state == LB_STATE_GOOD)
            continue;
        task t = {.kind = TASK_RECOVERY};
        snprintf(t.unit, sizeof t.unit, "%s", u->id);
        int rc = lbi_task_push(g, &t);
        if (rc != LB_OK)
            return rc;
    }
    for (int i = 0; i < st->nunits; i++) {
        lb_unit *u = &st->units[i];
        if (u->arm != LB_ARM_CAVALRY || u->readiness == LB_READY_FRESH)
            continue;
        lb_rest rest = rest_of(g, u);
        if (!rest.full_turn)
            continue; /* its rest goes on: nothing to say yet */
        lb_readiness to;
        int rc = lb_readiness_recover(st, i, &rest, &to, g->tr);
        if (rc != LB_OK)
            return rc;
        unit_rec *r = lbi_game_rec(g, u->id);
        if (to != u->readiness && r)
            r->rested_step = step;
        u->readiness = to;
    }
    return LB_OK;
}
