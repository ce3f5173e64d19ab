/* A game in play: made with its map as JSON and its random player's dice, and freed with its kept views. */
#include <stdlib.h>

#include "server_int.h"

void slot_forget_view(cached_view *cv)
{
    shared_release(cv->text);
    shared_release(cv->gzip);
    *cv = (cached_view){0};
}

void slot_forget_views(slot *sl)
{
    for (int k = 0; k < ROLE_SLOTS; k++)
        slot_forget_view(&sl->views[k]);
}

void slot_free(slot *sl)
{
    if (!sl)
        return;
    lb_game_free(sl->g);
    json_decref(sl->traces);
    free(sl->map);
    slot_forget_views(sl);
    pthread_mutex_destroy(&sl->lock);
    free(sl);
}

void slot_set_id(slot *sl, long long id)
{
    sl->id = id;
    lb_pcg32_seed(&sl->ai_rng, lb_game_ai_seed(sl->g), (uint64_t)id); /* R-AI-3, never the dice's */
    slot_forget_views(sl); /* they name the game */
}

slot *slot_new(long long id, lb_game *g, int two_players, int ai, int level)
{
    slot *sl = calloc(1, sizeof *sl);
    if (!sl)
        return NULL;
    pthread_mutex_init(&sl->lock, NULL);
    sl->g = g;
    sl->two_players = two_players;
    sl->ai = ai;
    sl->level = level;
    const lb_decision *d = lb_game_pending(g);
    sl->told = d ? d->side : LB_ROLE_SPECTATOR; /* what a webhook is told from now on */
    slot_set_id(sl, id);
    json_t *map = map_json(lb_game_state(g));
    sl->map = map ? json_dumps(map, JSON_COMPACT) : NULL;
    json_decref(map);
    if (!sl->map) {
        sl->g = NULL;
        slot_free(sl);
        return NULL;
    }
    return sl;
}
