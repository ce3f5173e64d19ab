/* The view of a game for one role (api.md): the engine's view with the game's id, mode, map and movement clock, kept until the journal grows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/ai.h"
#include "server_int.h"

const char *role_name(const lb_game *g, int role)
{
    if (role >= 0)
        return lb_game_state(g)->sides[role];
    return role == LB_ROLE_BOTH ? "both" : "spectator";
}

static int role_slot(int role)
{
    return role >= 0 ? role : role == LB_ROLE_BOTH ? 2 : 3;
}

/* What the page prints on each unit's counter: its values, nation and class, a leader's
 * bonuses and the unit it goes with. */
static json_t *counters_json(const lb_state *st)
{
    json_t *all = json_object();
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *u = &st->units[i];
        json_t *c = json_pack("{s:s?,s:s?}", "nation", u->nation, "class", u->cls);
        if (lb_unit_is_combat(u)) {
            json_object_set_new(c, "increments", json_integer(u->increments));
            json_object_set_new(c, "fire", json_integer(u->fire));
            json_object_set_new(c, "melee", json_integer(u->melee));
            json_object_set_new(c, "movement", json_integer(u->movement));
            json_object_set_new(c, "morale", json_integer(u->morale));
        } else {
            json_t *bonus = json_object();
            for (int k = 0; k < u->nbonus; k++)
                json_object_set_new(bonus, u->bonus[k].key, json_integer(u->bonus[k].value));
            json_object_set_new(c, "bonus", bonus);
            json_object_set_new(c, "attached", u->attached ? json_string(u->attached) : json_null());
        }
        json_object_set_new(all, u->id, c);
    }
    return all;
}

/* The fields the server adds, as the JSON text of an object's members (malloc'd). */
static char *extra_members(slot *sl)
{
    json_t *clock = clock_json(sl);
    const lb_state *st = lb_game_state(sl->g);
    /* the side the server plays, and which of its players: random or the computer's level */
    json_t *o = json_pack("{s:I,s:[ss],s:s,s:o,s:o,s:o,s:o}", "game", (json_int_t)sl->id,
                          "sides", st->sides[0], st->sides[1], "mode",
                          sl->two_players ? "two-players" : "hotseat", "ai",
                          sl->ai >= 0 ? json_string(st->sides[sl->ai]) : json_null(),
                          "ai_player",
                          sl->ai < 0      ? json_null()
                          : sl->level < 0 ? json_string("random")
                                          : json_string(lb_ai_level_name((lb_ai_level)sl->level)),
                          "movement_clock", clock ? clock : json_null(), "counters",
                          counters_json(st));
    char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    return text;
}

char *view_text(slot *sl, int role)
{
    int k = role_slot(role), seq = lb_game_seq(sl->g);
    int timed = clock_left_ms(sl) >= 0;
    if (sl->view[k] && sl->view_seq[k] == seq && !timed)
        return strdup(sl->view[k]);
    char *engine = NULL, *extra = extra_members(sl);
    if (lb_game_view_json(sl->g, role, &engine) != LB_OK || !extra) {
        free(engine);
        free(extra);
        return NULL;
    }
    /* {ENGINE…} + {EXTRA…} + "map": MAP: both are compact objects with members */
    size_t le = strlen(engine), lx = strlen(extra), lm = strlen(sl->map);
    size_t n = le + lx + lm + 16;
    char *view = malloc(n);
    if (view)
        snprintf(view, n, "%.*s,%.*s,\"map\":%s}", (int)(le - 1), engine, (int)(lx - 2), extra + 1,
                 sl->map);
    free(engine);
    free(extra);
    if (view && !timed) {
        free(sl->view[k]);
        sl->view[k] = strdup(view);
        sl->view_seq[k] = seq;
    }
    return view;
}
