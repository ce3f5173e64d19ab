/* Reinforcements (45): units due enter the map at the start of their side's Movement segment, at their entry hexes or the nearest free hex. */
#include <stdlib.h>
#include <string.h>

#include "game_int.h"

#define SHIFT_MAX 5 /* RF45-2: hexes either side of a blocked entry hex */

/* Is h open to u: on the map, terrain not prohibited to its arm, no enemy unit? */
static int open_to(const lb_state *st, const lb_unit *u, lb_hex h)
{
    if (!lb_map_contains(&st->map, h))
        return 0;
    if (u->arm != LB_ARM_LEADER) {
        const lb_terrain_type *t = &st->charts.terrain[st->map.terrain[lb_map_cell(&st->map, h)]];
        if (t->move[u->arm] == LB_MOVE_PROHIBITED)
            return 0;
    }
    const int *idx;
    int n = lb_state_units_at(st, h, &idx);
    for (int i = 0; i < n; i++)
        if (st->units[idx[i]].side != u->side)
            return 0;
    return 1;
}

/* R-GAME-9: where u enters: its entry hexes when all are open; else, for a one-hex unit, the
 * open hex nearest its entry hex within SHIFT_MAX hexes (labels break ties); 0 when none. */
static int entry_of(const lb_state *st, const lb_unit *u, lb_hex *at)
{
    int ok = 1;
    for (int k = 0; k < u->nhexes && ok; k++)
        ok = open_to(st, u, u->hexes[k]);
    if (ok)
        return 1;
    if (u->nhexes != 1)
        return 0;
    int best = -1;
    for (int cell = 0; cell < st->map.cols * st->map.rows; cell++) {
        lb_hex h = lb_map_hex(&st->map, cell);
        int d = lb_hex_distance(h, u->hexes[0]);
        if (d > SHIFT_MAX || !open_to(st, u, h))
            continue;
        if (best < 0 || d < best || (d == best && (h.col < at->col ||
                                                   (h.col == at->col && h.row < at->row)))) {
            best = d;
            *at = h;
        }
    }
    return best >= 0;
}

int reinforce_enter(lb_game *g)
{
    lb_state *st = g->st;
    const lb_battle *b = &g->origin->battle;
    for (int k = 0; k < b->nreinforcements; k++) {
        const lb_reinforcement *r = &b->reinforcements[k];
        if (g->entered[k] || r->minutes > st->turn.minutes || r->unit.side != st->turn.phasing)
            continue;
        lb_unit u = r->unit;
        lb_hex at = u.hexes[0];
        char label[LB_HEX_LABEL_MAX], was[LB_HEX_LABEL_MAX];
        lb_map_label(&st->map, u.hexes[0], was);
        if (!entry_of(st, &u, &at)) {
            lb_trace_add(g->tr, "R-GAME-9", "(45)", "%s cannot enter at %s (enemies hold it "
                         "and every hex within %d): it waits a turn", u.id, was, SHIFT_MAX);
            continue;
        }
        if (!lb_hex_eq(at, u.hexes[0])) {
            u.hexes[0] = at;
            lb_trace_add(g->tr, "R-GAME-9", "(45)", "%s finds %s blocked and enters at %s",
                         u.id, was, lb_map_label(&st->map, at, label));
        } else {
            lb_trace_add(g->tr, "R-GAME-9", "(45)", "%s enters at %s", u.id, was);
        }
        lb_unit *units = lb_arena_calloc(st->arena, (size_t)st->nunits + 1, sizeof *units);
        if (!units)
            return LB_NOMEM;
        memcpy(units, st->units, (size_t)st->nunits * sizeof *units);
        units[st->nunits] = u;
        st->units = units;
        st->nunits++;
        g->entered[k] = 1;
        int rc = lb_state_reindex(st);
        if (rc != LB_OK)
            return rc;
    }
    return LB_OK;
}
