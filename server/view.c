/* The view of a game for one role (api.md): the engine's view with the game's id, mode, map and movement clock, kept until the journal grows, with its gzip once a client takes it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "lb/ai.h"
#include "server_int.h"

/* zlib's levels for the view (48 KB, 35 KB of it the map): kept, its default (6: 14% of the
 * text in 0.9 ms); made for one answer, its fastest (1: 18% in 0.2 ms); 9 is no smaller here */
#define KEPT_GZIP_LEVEL Z_DEFAULT_COMPRESSION
#define ONCE_GZIP_LEVEL Z_BEST_SPEED

static int role_slot(int role)
{
    return role >= 0 ? role : role == LB_ROLE_BOTH ? 2 : 3;
}

/* What the page prints on each unit's counter: its values, nation and class, a leader's
 * bonuses and the unit it goes with. */
static json_t *counters_json(const lb_state *st)
{
    json_t *all = json_object();
    for (int i = 0; i < lb_state_unit_count(st); i++) {
        lb_unit_info u;
        lb_state_unit_info(st, i, &u);
        json_t *c = json_pack("{s:s?,s:s?}", "nation", u.nation, "class", u.cls);
        if (u.combat) {
            json_object_set_new(c, "increments", json_integer(u.increments));
            json_object_set_new(c, "fire", json_integer(u.fire));
            json_object_set_new(c, "melee", json_integer(u.melee));
            json_object_set_new(c, "movement", json_integer(u.movement));
            json_object_set_new(c, "morale", json_integer(u.morale));
        } else {
            json_t *bonus = json_object();
            for (int k = 0; k < u.nbonus; k++)
                json_object_set_new(bonus, u.bonus[k].key, json_integer(u.bonus[k].value));
            json_object_set_new(c, "bonus", bonus);
            json_object_set_new(c, "attached", u.attached ? json_string(u.attached) : json_null());
        }
        json_object_set_new(all, u.id, c);
    }
    return all;
}

/* The fields the server adds, as the JSON text of an object's members (malloc'd). */
static char *extra_members(slot *sl)
{
    json_t *clock = clock_json(sl);
    const lb_state *st = lb_game_state(sl->g);
    /* the side the server plays, and which of its players: random or the computer's level */
    json_t *o = json_pack("{s:I,s:[ss],s:s,s:o,s:o,s:o,s:o,s:b}", "game", (json_int_t)sl->id,
                          "sides", lb_state_side_name(st, 0), lb_state_side_name(st, 1), "mode",
                          sl->two_players ? "two-players" : "hotseat", "ai",
                          sl->ai >= 0 ? json_string(lb_state_side_name(st, sl->ai)) : json_null(),
                          "ai_player",
                          sl->ai < 0      ? json_null()
                          : sl->level < 0 ? json_string("random")
                                          : json_string(lb_name(LB_NAME_AI_LEVEL, sl->level)),
                          "movement_clock", clock ? clock : json_null(), "counters",
                          counters_json(st), "rematch", sl->rematch != 0);
    char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    return text;
}

/* The view of role as its engine and the server make it now (held once), or NULL. */
static shared_bytes *render(slot *sl, int role)
{
    char *engine = NULL, *extra = extra_members(sl);
    if (lb_game_view_json(sl->g, role, &engine) != LB_OK || !extra) {
        free(engine);
        free(extra);
        return NULL;
    }
    /* {ENGINE…} + {EXTRA…} + "map": MAP: both are compact objects with members */
    size_t le = strlen(engine), lx = strlen(extra), lm = strlen(sl->map);
    size_t n = le + lx + lm + 16;
    shared_bytes *view = shared_new(n);
    if (view)
        view->len = (size_t)snprintf(view->data, n + 1, "%.*s,%.*s,\"map\":%s}", (int)(le - 1),
                                     engine, (int)(lx - 2), extra + 1, sl->map);
    free(engine);
    free(extra);
    return view;
}

/* The kept view of role at the journal's length, made when it is not kept yet; NULL when it is
 * not to be kept (a Movement clock runs: the view tells the time left) or out of memory. */
static cached_view *kept(slot *sl, int role)
{
    cached_view *cv = &sl->views[role_slot(role)];
    int seq = lb_game_seq(sl->g);
    if (clock_left_ms(sl) >= 0)
        return NULL;
    if (cv->text && cv->seq == seq)
        return cv;
    slot_forget_view(cv);
    if (!(cv->text = render(sl, role)))
        return NULL;
    cv->seq = seq;
    return cv;
}

char *view_text(slot *sl, int role)
{
    const cached_view *cv = kept(sl, role);
    shared_bytes *view = cv ? shared_hold(cv->text) : render(sl, role);
    char *text = view ? strdup(view->data) : NULL;
    shared_release(view);
    return text;
}

/* The gzip of len bytes at level, held once; NULL when out of memory. */
static shared_bytes *compressed(const char *text, size_t len, int level)
{
    size_t n = 0;
    char *gzip = gzip_bytes(text, len, level, &n);
    shared_bytes *b = gzip ? shared_copy(gzip, n) : NULL;
    free(gzip);
    return b;
}

shared_bytes *view_body(slot *sl, int role, int gzip)
{
    cached_view *cv = kept(sl, role);
    if (!cv) {
        /* a view of this moment only: compressed for this answer alone */
        shared_bytes *text = render(sl, role);
        if (!text || !gzip)
            return text;
        shared_bytes *body = compressed(text->data, text->len, ONCE_GZIP_LEVEL);
        shared_release(text);
        return body;
    }
    if (gzip && !cv->gzip)
        cv->gzip = compressed(cv->text->data, cv->text->len, KEPT_GZIP_LEVEL);
    shared_bytes *body = gzip ? cv->gzip : cv->text;
    return body ? shared_hold(body) : NULL;
}
