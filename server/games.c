/* The games in play: kept in memory while used (the least recently used let go), rebuilt from the store on demand, saved after every answer. */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#include "server_int.h"

/* sl into the table (held once); LB_OK or LB_NOMEM. A game the table let go for it is freed
 * outside the server's lock. */
static int insert(lb_server *s, slot *sl)
{
    slot *gone = NULL;
    sl->seq = lb_game_seq(sl->g);
    pthread_mutex_lock(&s->lock);
    int rc = table_insert(&s->games, sl, &gone);
    pthread_mutex_unlock(&s->lock);
    slot_free(gone);
    return rc;
}

int slot_get(lb_server *s, long long id, slot **out, lb_err *err)
{
    pthread_mutex_lock(&s->lock);
    slot *sl = table_find(&s->games, id);
    if (sl)
        table_hold(&s->games, sl);
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
    slot *gone = NULL;
    made->seq = lb_game_seq(made->g);
    traces_load(s, made);
    unsigned taken;
    if (links_get_rematch(s->links, id, &made->rematch, &taken) != LB_OK)
        made->rematch = 0;
    pthread_mutex_lock(&s->lock);
    sl = table_find(&s->games, id);
    if (sl) { /* another request loaded it meanwhile */
        table_hold(&s->games, sl);
    } else if (table_insert(&s->games, made, &gone) == LB_OK) {
        sl = made;
        made = NULL;
    }
    pthread_mutex_unlock(&s->lock);
    slot_free(made);
    slot_free(gone);
    if (!sl)
        return lb_err_set(err, LB_NOMEM, "out of memory");
    *out = sl;
    return LB_OK;
}

void slot_put(lb_server *s, slot *sl)
{
    pthread_mutex_lock(&s->lock);
    slot *gone = table_release(&s->games, sl);
    pthread_mutex_unlock(&s->lock);
    slot_free(gone);
}

void lb_server_release_game(lb_server *s, long long game)
{
    pthread_mutex_lock(&s->lock);
    slot *sl = table_find(&s->games, game);
    slot *gone = sl ? table_release(&s->games, sl) : NULL;
    pthread_mutex_unlock(&s->lock);
    slot_free(gone);
}

int slot_add(lb_server *s, slot *sl, lb_err *err)
{
    long long id;
    pthread_mutex_lock(&s->store_lock);
    int rc = lb_store_save_game(s->store, sl->g, &id, err);
    pthread_mutex_unlock(&s->store_lock);
    if (rc == LB_OK)
        rc = links_set_game(s->links, id, sl->two_players, sl->ai, sl->level, err);
    if (rc != LB_OK) {
        slot_free(sl);
        return rc;
    }
    slot_set_id(sl, id);
    if (insert(s, sl) != LB_OK) {
        slot_free(sl);
        return lb_err_set(err, LB_NOMEM, "out of memory");
    }
    pthread_mutex_lock(&sl->lock);
    rc = slot_changed(s, sl, lb_game_seq(sl->g), err);
    pthread_mutex_unlock(&sl->lock);
    if (rc != LB_OK)
        slot_put(s, sl);
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
    if (rc == LB_OK)
        traces_save(s, sl, seq_before);
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
    slot_forget_views(sl);
    traces_load(s, sl);
    return LB_OK;
}

int slot_saved(lb_server *s, slot *sl, int seen, lb_err *err)
{
    if (!sl->unsaved && seen <= lb_game_seq(sl->g))
        return LB_OK;
    long long now = now_ms();
    if (!sl->unsaved && now < sl->no_reload_until_ms)
        return LB_OK; /* the store was read for a length it did not have a moment ago: a 409 */
    int rc = reload(s, sl, err);
    if (rc == LB_OK && seen > lb_game_seq(sl->g))
        sl->no_reload_until_ms = now + SEEN_RELOAD_MS;
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
    slot_forget_views(sl);
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
    webhook_tell(s, sl);
    return rc;
}
