/* "Never ask me" per cavalry unit (R-OCH-9 in the settings, R-OCH-13 said in play): who is left out of the reaction and opportunity questions, and the journal entry that adds a unit in play. */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "game_int.h"
#include "game_events.h"
#include "decision_int.h"
#include "state_int.h"
#include "trace_int.h"

static int listed(const char (*ids)[LB_SUBJECT_MAX], int n, const char *id)
{
    for (int k = 0; k < n && k < LB_NEVER_ASK_MAX; k++)
        if (strcmp(ids[k], id) == 0)
            return 1;
    return 0;
}

int lbi_never_asked(const lb_game *g, const char *id)
{
    return listed((const char (*)[LB_SUBJECT_MAX])g->settings.never_ask, g->settings.nnever_ask,
                  id) ||
           listed((const char (*)[LB_SUBJECT_MAX])g->never_play, g->nnever_play, id);
}

const char *lbi_never_asked_rule(const lb_game *g, const char *id)
{
    if (listed((const char (*)[LB_SUBJECT_MAX])g->settings.never_ask, g->settings.nnever_ask, id))
        return "R-OCH-9";
    return listed((const char (*)[LB_SUBJECT_MAX])g->never_play, g->nnever_play, id) ? "R-OCH-13"
                                                                                    : NULL;
}

int lb_game_never_asked(const lb_game *g, const char *id)
{
    return g && id && lbi_never_asked(g, id);
}

int lbi_never_ask_allowed(const lb_game *g, int role, const char *unit, int *side,
                          lb_game_answer *out)
{
    const lb_state *st = g->st;
    int u = unit ? lb_state_unit_index(st, unit) : -1;
    *side = -1;
    if (g->over)
        lbi_game_refuse(out, LB_REFUSED_NONE, "R-OCH-13", "the battle is over");
    else if (role == LB_ROLE_SPECTATOR || (role < 0 && role != LB_ROLE_BOTH))
        lbi_game_refuse(out, LB_REFUSED_NOT_YOURS, "R-OCH-13", "only a side says which of its "
                        "cavalry it is not to be asked about");
    else if (u < 0)
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-OCH-13", "no unit %.*s is in play", 64,
                        unit ? unit : "");
    else if (role >= 0 && st->units[u].side != role)
        lbi_game_refuse(out, LB_REFUSED_NOT_YOURS, "R-OCH-13", "%s is %s's, not %s's: a side is "
                        "asked only about its own cavalry", unit, st->sides[st->units[u].side],
                        st->sides[role]);
    else if (st->units[u].arm != LB_ARM_CAVALRY)
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-OCH-13", "%s is not cavalry: only cavalry "
                        "is asked about reaction and opportunity charges (39), (40)", unit);
    else if (lbi_never_asked(g, unit))
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-OCH-13", "%s is never asked about %s "
                        "already", st->sides[st->units[u].side], unit);
    else if (g->nnever_play >= LB_NEVER_ASK_MAX)
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-OCH-13", "at most %d units are said in "
                        "play", LB_NEVER_ASK_MAX);
    else
        *side = st->units[u].side;
    return *side >= 0;
}

void lbi_never_ask_add(lb_game *g, int side, const char *unit)
{
    snprintf(g->never_play[g->nnever_play++], LB_SUBJECT_MAX, "%s", unit);
    LBI_EVENT(g->tr, "R-OCH-13", "(39), (40)", EV_GAME_NEVER_ASK, ev_text(g->st->sides[side]),
              ev_unit_id(unit));
}

int lbi_never_ask_replay(lb_game *g, const lb_journal_entry *e, int k)
{
    lb_game_answer out;
    lbi_game_answer_init(g, &out);
    int side;
    if (strcmp(e->key, "never") != 0 ||
        !lbi_never_ask_allowed(g, e->side, e->subject, &side, &out)) {
        snprintf(g->error, sizeof g->error, "entry %d (never_ask %s by side %d) is refused: %s",
                 k + 1, e->subject, e->side, out.reason[0] ? out.reason : "expected key never");
        return LB_INVALID;
    }
    lbi_never_ask_add(g, side, e->subject);
    return LB_OK;
}

/* The side of unit id (in play, or a reinforcement to come), or -1. */
static int side_of(const lb_game *g, const char *id)
{
    int u = lb_state_unit_index(g->st, id);
    if (u >= 0)
        return g->st->units[u].side;
    const lb_battle *b = &g->origin->battle;
    for (int k = 0; k < b->nreinforcements; k++)
        if (strcmp(b->reinforcements[k].unit.id, id) == 0)
            return b->reinforcements[k].unit.side;
    return -1;
}

static void put(json_t *o, const lb_game *g, int role, const char *id)
{
    int side = side_of(g, id);
    if (side < 0 || (role >= 0 && side != role))
        return;
    json_t *ids = json_object_get(o, g->st->sides[side]);
    if (!ids) {
        ids = json_array();
        json_object_set_new(o, g->st->sides[side], ids);
    }
    json_array_append_new(ids, json_string(id));
}

json_t *lbi_never_ask_json(const lb_game *g, int role)
{
    if (role == LB_ROLE_SPECTATOR)
        return NULL;
    json_t *o = json_object();
    for (int k = 0; o && k < g->settings.nnever_ask && k < LB_NEVER_ASK_MAX; k++)
        put(o, g, role, g->settings.never_ask[k]);
    for (int k = 0; o && k < g->nnever_play; k++)
        put(o, g, role, g->never_play[k]);
    if (o && json_object_size(o) == 0) {
        json_decref(o);
        o = NULL;
    }
    return o;
}
