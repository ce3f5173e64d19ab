/* The Morale Recovery segment (30), (36): the phasing side's disordered and routed units check, and rested cavalry recovers readiness. */
#include <stdio.h>

#include "game_int.h"

/* R-MOR-8: every disordered or routed unit of the phasing side checks, in the order listed;
 * R-GAME-10: cavalry that had a whole game turn without melee, charge or fire loss (36.6)
 * gains one readiness step. */
int lbi_recovery_begin(lb_game *g)
{
    lb_state *st = g->st;
    int side = st->turn.phasing, step = lbi_game_step(g);
    for (int i = 0; i < st->nunits; i++) {
        lb_unit *u = &st->units[i];
        if (u->side != side || !lb_unit_is_combat(u))
            continue;
        if (u->state != LB_STATE_GOOD) {
            task t = {.kind = TASK_RECOVERY};
            snprintf(t.unit, sizeof t.unit, "%s", u->id);
            int rc = lbi_task_push(g, &t);
            if (rc != LB_OK)
                return rc;
        }
        const unit_rec *r = lbi_game_rec_of(g, u->id);
        if (u->arm == LB_ARM_CAVALRY && u->readiness != LB_READY_FRESH &&
            (!r || r->combat_step <= step - STEPS_PER_TURN)) {
            u->readiness = u->readiness == LB_READY_EXHAUSTED ? LB_READY_TIRED : LB_READY_FRESH;
            lb_trace_add(g->tr, "R-GAME-10", "(36)", "%s rested a whole turn: now %s", u->id,
                         lb_readiness_name(u->readiness));
        }
    }
    return LB_OK;
}
