/* The over-stacking check in play (W31-3, V18-7; R-STACK-6, R-STACK-7): at the end of the phasing side's Movement segment each of its hexes over its limit rolls once for all its units. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "state_int.h"
#include "stacking_int.h"

/* One hex: rolled with the game's dice, applied, the failing units' moves queued. */
static int check_hex(lb_game *g, lb_hex h)
{
    lb_state *st = g->st;
    if (lb_state_top_enemy(st, h, st->turn.phasing) >= 0)
        return LB_OK; /* cavalry on a carré (38): two sides, no stack; the charge's rules rule */
    lb_stack_count count;
    lb_stack_count_hex(st, h, -1, &count);
    const char *rule;
    lb_said over;
    if (lb_stack_fits(st, h, &count, &rule, &over))
        return LB_OK; /* within its limit: nothing to roll, nothing to say */
    lb_stack_check c;
    lb_dice dice;
    lbi_dice_begin(g, &dice);
    int rc = lb_stack_overstack_resolve(st, h, &dice, &c, g->tr);
    int drc = lbi_dice_end(g, &dice);
    if (rc != LB_OK || drc != LB_OK)
        return rc != LB_OK ? rc : drc;
    if (!c.over)
        return LB_OK;
    char label[LB_HEX_LABEL_MAX], why[LB_GAME_REASON_MAX];
    lb_map_label(&st->map, h, label);
    lb_said_fmt(&c.why, why, sizeof why);
    lb_trace_add(g->tr, "R-STACK-7", "(31)", "%s is over its stacking limit at the end of the "
                 "Movement segment (%s): one roll for its %d units, %d (W31-3, V18-7)", label,
                 why, c.nunits, c.roll);
    /* R-MOR-18: the one roll is every unit's check in this event: no stack-mate checks again */
    int event = lbi_event_new(g);
    for (int i = 0; i < c.nunits; i++) {
        unit_rec *r = lbi_game_rec(g, c.units[i].unit);
        if (r)
            r->checked_event = event;
        lb_trace_add(g->tr, "R-STACK-6", "(31)", "%s: morale %d, modifier %+d: %s", c.units[i].unit,
                     c.units[i].odds.morale, c.units[i].odds.modifier,
                     c.units[i].fails ? "fails" : "stands");
    }
    if ((rc = lb_stack_overstack_apply(st, &c)) != LB_OK)
        return rc;
    for (int i = 0; i < c.nunits && rc == LB_OK; i++) {
        if (!c.units[i].fails || !c.units[i].outcome.moves)
            continue;
        task t = {.kind = TASK_RETREAT, .retreat = c.units[i].outcome.move, .event = event};
        snprintf(t.unit, sizeof t.unit, "%s", c.units[i].unit);
        rc = lbi_task_push(g, &t);
    }
    return rc;
}

/* R-STACK-7 */
int lbi_overstack_end_movement(lb_game *g)
{
    const lb_state *st = g->st;
    int side = st->turn.phasing, cells = st->map.cols * st->map.rows, rc = LB_OK;
    unsigned char *seen = calloc((size_t)cells + 1, 1);
    if (!seen)
        return LB_NOMEM;
    lb_hex *hexes = malloc(((size_t)cells + 1) * sizeof *hexes);
    int n = 0;
    for (int i = 0; i < st->nunits && hexes; i++) {
        const lb_unit *u = &st->units[i];
        for (int k = 0; k < u->nhexes && u->side == side && lb_unit_is_combat(u); k++) {
            if (!lb_map_contains(&st->map, u->hexes[k]))
                continue;
            int cell = lb_map_cell(&st->map, u->hexes[k]);
            if (!seen[cell]) {
                seen[cell] = 1;
                hexes[n++] = u->hexes[k];
            }
        }
    }
    /* hexes before any change: a failing unit's retreat comes after, as a task */
    for (int i = 0; i < n && hexes && rc == LB_OK; i++)
        rc = check_hex(g, hexes[i]);
    rc = hexes ? rc : LB_NOMEM;
    free(seen);
    free(hexes);
    return rc;
}
