/* The games in play: kept in memory while used (the least recently used let go), rebuilt from the store on demand, saved after every answer. */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#include "server_int.h"

void slot_forget_view(cached_view *cv)
{
    shared_release(cv->text);
    shared_release(cv->gzip);
    *cv = (cached_view){0};
}

/* The game changed (or goes): its kept views with it. */
static void forget_views(slot *sl)
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
    forget_views(sl);
    pthread_mutex_destroy(&sl->lock);
    free(sl);
}

slot *slot_find(lb_server *s, long long id)
{
    for (int i = 0; i < s->nslots; i++)
        if (s->slots[i]->id == id)
            return s->slots[i];
    return NULL;
}

/* Puts sl in the table (under the server's lock), first letting go of the least recently used
 * game nobody holds when the table is full. */
static void insert(lb_server *s, slot *sl)
{
    if (s->nslots >= SLOTS_MAX) {
        int lru = -1;
        for (int i = 0; i < s->nslots; i++)
            if (s->slots[i]->refs == 0 && (lru < 0 || s->slots[i]->used < s->slots[lru]->used))
                lru = i;
        if (lru >= 0) {
            slot_free(s->slots[lru]);
            s->slots[lru] = s->slots[--s->nslots];
        }
    }
    sl->refs = 1;
    sl->used = ++s->tick;
    sl->seq = lb_game_seq(sl->g);
    s->slots[s->nslots++] = sl;
}

static slot *slot_new(long long id, lb_game *g, int two_players, int ai, int level)
{
    slot *sl = calloc(1, sizeof *sl);
    if (!sl)
        return NULL;
    pthread_mutex_init(&sl->lock, NULL);
    sl->id = id;
    sl->g = g;
    sl->two_players = two_players;
    sl->ai = ai;
    sl->level = level;
    lb_pcg32_seed(&sl->ai_rng, lb_game_ai_seed(g), (uint64_t)id); /* R-AI-3, never the dice's */
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

int slot_get(lb_server *s, long long id, slot **out, lb_err *err)
{
    pthread_mutex_lock(&s->lock);
    slot *sl = slot_find(s, id);
    if (sl) {
        sl->refs++;
        sl->used = ++s->tick;
    }
    pthread_mutex_unlock(&s->lock);
    if (sl) {
        *out = sl;
        return LB_OK;
    }
    int two_players = 0, ai = -1, level = -1;
    int rc = links_get_game(s->links, id, &two_players, &ai, &level);
    if (rc == LB_IO)
        return lb_err_set(err, rc, "game %lld: the store cannot be reached", id);
    if (rc != LB_OK)
        return lb_err_set(err, LB_NOT_FOUND, "game %lld has no settings of the server", id);
    lb_game *g = NULL;
    pthread_mutex_lock(&s->store_lock);
    rc = lb_store_open_game(s->store, id, &s->opts, &g, err);
    pthread_mutex_unlock(&s->store_lock);
    if (rc != LB_OK)
        return rc;
    slot *made = slot_new(id, g, two_players, ai, level);
    if (!made) {
        lb_game_free(g);
        return lb_err_set(err, LB_NOMEM, "out of memory");
    }
    pthread_mutex_lock(&s->lock);
    sl = slot_find(s, id);
    if (sl) { /* another request loaded it meanwhile */
        sl->refs++;
        sl->used = ++s->tick;
    } else {
        insert(s, sl = made);
        made = NULL;
    }
    pthread_mutex_unlock(&s->lock);
    slot_free(made);
    *out = sl;
    return LB_OK;
}

void slot_put(lb_server *s, slot *sl)
{
    pthread_mutex_lock(&s->lock);
    sl->refs--;
    pthread_mutex_unlock(&s->lock);
}

void lb_server_release_game(lb_server *s, long long game)
{
    pthread_mutex_lock(&s->lock);
    slot *sl = slot_find(s, game);
    if (sl)
        sl->refs--;
    pthread_mutex_unlock(&s->lock);
}

int slot_add(lb_server *s, lb_game *g, int two_players, int ai, int level, slot **out,
             lb_err *err)
{
    *out = NULL;
    long long id;
    pthread_mutex_lock(&s->store_lock);
    int rc = lb_store_save_game(s->store, g, &id, err);
    pthread_mutex_unlock(&s->store_lock);
    if (rc == LB_OK)
        rc = links_set_game(s->links, id, two_players, ai, level, err);
    if (rc != LB_OK) {
        lb_game_free(g);
        return rc;
    }
    slot *sl = slot_new(id, g, two_players, ai, level);
    if (!sl) {
        lb_game_free(g);
        return lb_err_set(err, LB_NOMEM, "out of memory");
    }
    pthread_mutex_lock(&s->lock);
    insert(s, sl);
    pthread_mutex_unlock(&s->lock);
    pthread_mutex_lock(&sl->lock);
    rc = slot_changed(s, sl, lb_game_seq(g), err);
    pthread_mutex_unlock(&sl->lock);
    *out = sl;
    return rc;
}

/* Saves the rows of sl->g from seq_before; LB_OK or the store's error. */
static int save(lb_server *s, slot *sl, int seq_before, lb_err *err)
{
    if (lb_game_seq(sl->g) == seq_before)
        return LB_OK;
    pthread_mutex_lock(&s->store_lock);
    int rc = lb_store_append_game(s->store, sl->id, sl->g, seq_before, err);
    pthread_mutex_unlock(&s->store_lock);
    return rc;
}

/* The game as the store has it, after a failed save: nothing that was not saved stays; when the
 * store cannot give it (it is down), the slot is marked unsaved and reloaded before its next use. */
static int reload(lb_server *s, slot *sl, lb_err *err)
{
    lb_game *g = NULL;
    pthread_mutex_lock(&s->store_lock);
    int rc = lb_store_open_game(s->store, sl->id, &s->opts, &g, err);
    pthread_mutex_unlock(&s->store_lock);
    sl->unsaved = rc != LB_OK;
    if (rc != LB_OK)
        return rc;
    lb_game_free(sl->g);
    sl->g = g;
    forget_views(sl);
    return LB_OK;
}

int slot_saved(lb_server *s, slot *sl, int seen, lb_err *err)
{
    if (!sl->unsaved && seen <= lb_game_seq(sl->g))
        return LB_OK;
    int rc = reload(s, sl, err);
    if (rc == LB_OK) {
        pthread_mutex_lock(&s->lock);
        sl->seq = lb_game_seq(sl->g);
        live_wake(s, sl);
        pthread_mutex_unlock(&s->lock);
    }
    return rc;
}

/* The cached views dropped and the streams woken: the game is at a new seq. */
static void announce(lb_server *s, slot *sl)
{
    forget_views(sl);
    pthread_mutex_lock(&s->lock);
    if (!sl->unsaved)
        sl->seq = lb_game_seq(sl->g);
    live_wake(s, sl);
    pthread_mutex_unlock(&s->lock);
}

int slot_changed(lb_server *s, slot *sl, int seq_before, lb_err *err)
{
    int rc = save(s, sl, seq_before, err);
    for (int n = 0, answered = 1; rc == LB_OK && sl->ai >= 0 && answered &&
                                  n < AI_DECISIONS_MAX; n++) {
        if (sl->level >= 0 && n > 0) {
            /* R-WEB-5: the streams send the computer's last answer before it thinks again, and
             * other requests on this game are not held up for all its answers at once */
            announce(s, sl);
            pthread_mutex_unlock(&sl->lock);
            sched_yield();
            pthread_mutex_lock(&sl->lock);
        }
        int seq = lb_game_seq(sl->g);
        rc = ai_play(sl, &answered);
        if (rc != LB_OK)
            lb_err_set(err, rc, "the %s player: %s", sl->level >= 0 ? "computer" : "random",
                       lb_game_error(sl->g));
        else
            rc = save(s, sl, seq, err);
    }
    if (rc != LB_OK) {
        lb_err again = {0};
        if (reload(s, sl, &again) != LB_OK)
            fprintf(stderr, "labataille serve: game %lld cannot be reopened: %s\n", sl->id,
                    again.msg);
    }
    announce(s, sl);
    return rc;
}
