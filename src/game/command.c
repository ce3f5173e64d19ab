/* The mutual Command step (2), (17), (43), (45): movement time allowances, reinforcements due, corps Morale Levels on the hour. */
#include <string.h>

#include "game_int.h"
#include "game_events.h"
#include "state_int.h"
#include "trace_int.h"

/* The unit of that id as the scenario has it, on the map or still to come. */
static const lb_unit *scenario_unit(const lb_game *g, const char *id)
{
    const lb_state *o = g->origin;
    int i = lb_state_unit_index(o, id);
    if (i >= 0)
        return &o->units[i];
    for (int k = 0; k < o->battle.nreinforcements; k++)
        if (strcmp(o->battle.reinforcements[k].unit.id, id) == 0)
            return &o->battle.reinforcements[k].unit;
    return NULL;
}

/* Is id a reinforcement that has not entered yet? */
static int to_come(const lb_game *g, const char *id)
{
    const lb_battle *b = &g->origin->battle;
    for (int k = 0; k < b->nreinforcements; k++)
        if (!g->entered[k] && strcmp(b->reinforcements[k].unit.id, id) == 0)
            return 1;
    return 0;
}

/* R-GAME-11: an organisation's Morale Level is the number of its thresholds that the count of
 * its infantry routed or gone from the map reaches. */
static void morale_levels(lb_game *g)
{
    lb_state *st = g->st;
    const lb_battle *b = &g->origin->battle;
    for (int i = 0; i < st->nunits; i++)
        st->units[i].org_level = 0;
    for (int k = 0; k < b->norgs; k++) {
        const lb_org *org = &b->orgs[k];
        int count = 0, level = 0;
        for (int i = 0; i < org->nunits; i++) {
            const lb_unit *was = scenario_unit(g, org->units[i]);
            if (!was || was->arm != LB_ARM_INFANTRY || to_come(g, org->units[i]))
                continue;
            int now = lb_state_unit_index(st, org->units[i]);
            count += now < 0 || st->units[now].state == LB_STATE_ROUTED;
        }
        while (level < LB_ORG_LEVELS && count >= org->levels[level])
            level++;
        g->org_level[k] = level;
        for (int i = 0; i < org->nunits; i++) {
            int now = lb_state_unit_index(st, org->units[i]);
            if (now < 0)
                continue;
            st->units[now].level_mod = org->mods[level];
            if (level > st->units[now].org_level) /* R-MOV-20: its highest level */
                st->units[now].org_level = level;
        }
        LBI_EVENT(g->tr, "R-GAME-11", "(43)", EV_GAME_MORALE_LEVEL, ev_text(org->id),
                  ev_int(count), ev_int(org->infantry), ev_int(level), ev_int(org->mods[level]));
        lb_trace_int(g->tr, "level", level);
    }
}

int lbi_command_step(lb_game *g)
{
    const lb_state *st = g->st;
    const lb_battle *b = &st->battle;
    for (int side = 0; side < 2; side++)
        if (b->time_limit_s[side])
            LBI_EVENT(g->tr, "R-GAME-2", "(17)", EV_GAME_TIME_ALLOWANCE, ev_text(st->sides[side]),
                      ev_int(b->time_limit_s[side]));
    for (int k = 0; k < b->nreinforcements; k++) {
        const lb_reinforcement *r = &b->reinforcements[k];
        if (g->entered[k] || r->minutes > st->turn.minutes)
            continue;
        LBI_EVENT(g->tr, "R-GAME-9", "(45)", EV_GAME_DUE, ev_unit_id(r->unit.id),
                  ev_text(st->sides[r->unit.side]), ev_game_hex(st, r->unit.hexes[0]));
    }
    if (st->turn.minutes % 60 == 0)
        morale_levels(g);
    return LB_OK;
}
