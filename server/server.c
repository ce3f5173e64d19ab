/* The server: its store, links and offered scenarios, and the games in play kept in memory, rebuilt from the store on demand. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lb/data.h"
#include "server_int.h"

long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---- offered scenarios ---------------------------------------------------------------------- */

static int read_file(const char *path, char **text, size_t *len, lb_err *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return lb_err_set(err, LB_IO, "%s: %s", path, strerror(errno));
    size_t cap = 0, n = 0;
    char *buf = NULL;
    for (size_t got = 1; got;) {
        if (n + 1 >= cap) {
            char *more = realloc(buf, cap = cap ? 2 * cap : 65536);
            if (!more) {
                free(buf);
                fclose(f);
                return lb_err_set(err, LB_NOMEM, "out of memory");
            }
            buf = more;
        }
        got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return lb_err_set(err, LB_IO, "%s: cannot read it", path);
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return LB_OK;
}

/* The scenario offered as id: checked by loading it once. */
static int offer_add(lb_server *s, const char *id, const char *name, char *text, size_t len,
                     lb_err *err)
{
    lb_state *st = NULL;
    lb_errlist errs = {0};
    int rc = lb_scenario_load(name, text, len, &s->opts, &st, &errs);
    if (rc != LB_OK) {
        char first[LB_ERR_FILE_MAX + LB_ERR_PATH_MAX + LB_ERR_MSG_MAX + 32] = "";
        if (errs.count)
            lb_err_fmt(&errs.items[0], first, sizeof first);
        lb_err_set(err, rc, "%s", first[0] ? first : lb_err_str(rc));
        lb_errlist_release(&errs);
        free(text);
        return rc;
    }
    lb_state_free(st);
    offer *o = &s->offers[s->noffers++];
    snprintf(o->id, sizeof o->id, "%s", id);
    o->name = strdup(name);
    o->text = text;
    o->len = len;
    return o->name ? LB_OK : lb_err_set(err, LB_NOMEM, "out of memory");
}

/* The id of a scenario file: its name without folders and ".json". */
static void file_id(const char *path, char *id, size_t n)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t len = strlen(base);
    if (len > 5 && strcmp(base + len - 5, ".json") == 0)
        len -= 5;
    snprintf(id, n, "%.*s", (int)len, base);
}

/* ---- the server ------------------------------------------------------------------------------ */

int lb_server_new(const lb_server_config *cfg, lb_server **out, lb_err *err)
{
    *out = NULL;
    lb_server *s = calloc(1, sizeof *s);
    if (!s)
        return lb_err_set(err, LB_NOMEM, "out of memory");
    s->cfg = *cfg;
    if (s->cfg.heartbeat_s <= 0)
        s->cfg.heartbeat_s = 15;
    pthread_mutex_init(&s->lock, NULL);
    pthread_mutex_init(&s->store_lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&s->changed, &attr);
    pthread_condattr_destroy(&attr);
    s->opts.modules = lb_data_modules(&s->opts.nmodules);
    s->db = strdup(cfg->db);
    s->web_root = strdup(cfg->web_root ? cfg->web_root : "web");
    int rc = s->db && s->web_root ? LB_OK : lb_err_set(err, LB_NOMEM, "out of memory");
    size_t len;
    const char *name;
    const char *demo = lb_data_demo(&len, &name);
    char *copy = rc == LB_OK ? malloc(len + 1) : NULL;
    if (rc == LB_OK && !copy)
        rc = lb_err_set(err, LB_NOMEM, "out of memory");
    if (rc == LB_OK) {
        memcpy(copy, demo, len);
        copy[len] = '\0';
        rc = offer_add(s, "demo", name, copy, len, err);
    }
    if (rc == LB_OK && cfg->scenario_file) {
        char *text = NULL, id[64];
        file_id(cfg->scenario_file, id, sizeof id);
        if (strcmp(id, "demo") == 0)
            snprintf(id, sizeof id, "scenario");
        rc = read_file(cfg->scenario_file, &text, &len, err);
        if (rc == LB_OK)
            rc = offer_add(s, id, cfg->scenario_file, text, len, err);
    }
    if (rc == LB_OK)
        rc = lb_store_open(cfg->db, &s->store, err);
    if (rc == LB_OK)
        rc = links_open(cfg->db, &s->links, err);
    if (rc != LB_OK) {
        lb_server_free(s);
        return rc;
    }
    *out = s;
    return LB_OK;
}

const char *lb_server_first_scenario(const lb_server *s)
{
    return s->offers[s->noffers - 1].id;
}

static void slot_free(slot *sl)
{
    if (!sl)
        return;
    lb_game_free(sl->g);
    json_decref(sl->traces);
    free(sl->map);
    for (int i = 0; i < ROLE_SLOTS; i++)
        free(sl->view[i]);
    pthread_mutex_destroy(&sl->lock);
    free(sl);
}

void lb_server_free(lb_server *s)
{
    if (!s)
        return;
    pthread_mutex_lock(&s->lock);
    s->stopping = 1;
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
    server_http_stop(s);
    for (int i = 0; i < s->nslots; i++)
        slot_free(s->slots[i]);
    for (int i = 0; i < s->noffers; i++) {
        free(s->offers[i].name);
        free(s->offers[i].text);
    }
    links_close(s->links);
    lb_store_close(s->store);
    pthread_cond_destroy(&s->changed);
    pthread_mutex_destroy(&s->lock);
    pthread_mutex_destroy(&s->store_lock);
    free(s->db);
    free(s->web_root);
    free(s);
}

/* ---- games in play --------------------------------------------------------------------------- */

static slot *find(lb_server *s, long long id)
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

static slot *slot_new(long long id, lb_game *g, int two_players, int ai)
{
    slot *sl = calloc(1, sizeof *sl);
    if (!sl)
        return NULL;
    pthread_mutex_init(&sl->lock, NULL);
    sl->id = id;
    sl->g = g;
    sl->two_players = two_players;
    sl->ai = ai;
    lb_pcg32_seed(&sl->ai_rng, lb_game_settings_of(g)->seed, (uint64_t)id);
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
    slot *sl = find(s, id);
    if (sl) {
        sl->refs++;
        sl->used = ++s->tick;
    }
    pthread_mutex_unlock(&s->lock);
    if (sl) {
        *out = sl;
        return LB_OK;
    }
    int two_players = 0, ai = -1;
    if (links_get_game(s->links, id, &two_players, &ai) != LB_OK)
        return lb_err_set(err, LB_NOT_FOUND, "game %lld has no settings of the server", id);
    lb_game *g = NULL;
    pthread_mutex_lock(&s->store_lock);
    int rc = lb_store_open_game(s->store, id, &s->opts, &g, err);
    pthread_mutex_unlock(&s->store_lock);
    if (rc != LB_OK)
        return rc;
    slot *made = slot_new(id, g, two_players, ai);
    if (!made) {
        lb_game_free(g);
        return lb_err_set(err, LB_NOMEM, "out of memory");
    }
    pthread_mutex_lock(&s->lock);
    sl = find(s, id);
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

int slot_add(lb_server *s, lb_game *g, int two_players, int ai, slot **out, lb_err *err)
{
    *out = NULL;
    long long id;
    pthread_mutex_lock(&s->store_lock);
    int rc = lb_store_save_game(s->store, g, &id, err);
    pthread_mutex_unlock(&s->store_lock);
    if (rc == LB_OK)
        rc = links_set_game(s->links, id, two_players, ai, err);
    if (rc != LB_OK) {
        lb_game_free(g);
        return rc;
    }
    slot *sl = slot_new(id, g, two_players, ai);
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

/* The game as the store has it, after a failed save (nothing unsaved stays). */
static void reload(lb_server *s, slot *sl)
{
    lb_game *g = NULL;
    lb_err err = {0};
    pthread_mutex_lock(&s->store_lock);
    int rc = lb_store_open_game(s->store, sl->id, &s->opts, &g, &err);
    pthread_mutex_unlock(&s->store_lock);
    if (rc != LB_OK) {
        fprintf(stderr, "labataille serve: game %lld cannot be reopened: %s\n", sl->id, err.msg);
        return;
    }
    lb_game_free(sl->g);
    sl->g = g;
}

int slot_changed(lb_server *s, slot *sl, int seq_before, lb_err *err)
{
    int rc = save(s, sl, seq_before, err);
    if (rc == LB_OK && sl->ai >= 0) {
        int seq = lb_game_seq(sl->g);
        rc = ai_play(sl);
        if (rc != LB_OK)
            lb_err_set(err, rc, "the random player: %s", lb_game_error(sl->g));
        else
            rc = save(s, sl, seq, err);
    }
    if (rc != LB_OK)
        reload(s, sl);
    for (int i = 0; i < ROLE_SLOTS; i++) {
        free(sl->view[i]);
        sl->view[i] = NULL;
    }
    pthread_mutex_lock(&s->lock);
    sl->seq = lb_game_seq(sl->g);
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
    return rc;
}

/* ---- live updates ---------------------------------------------------------------------------- */

int lb_server_wait_seq(lb_server *s, long long game, int after)
{
    pthread_mutex_lock(&s->lock);
    long long heartbeat_at = now_ms() + 1000LL * s->cfg.heartbeat_s;
    int seq = -1;
    for (;;) {
        slot *sl = find(s, game);
        if (s->stopping || !sl)
            break;
        seq = sl->seq;
        long long now = now_ms();
        if (seq > after || now >= heartbeat_at)
            break;
        /* the game's movement clock may run out before anything else happens */
        pthread_mutex_unlock(&s->lock);
        pthread_mutex_lock(&sl->lock);
        long long left = clock_left_ms(sl);
        if (left == 0)
            clock_run(s, sl);
        pthread_mutex_unlock(&sl->lock);
        pthread_mutex_lock(&s->lock);
        if (sl->seq > after)
            continue;
        long long until = heartbeat_at;
        if (left > 0 && now + left < until)
            until = now + left;
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        long long wait = until - now;
        ts.tv_sec += wait / 1000;
        ts.tv_nsec += (wait % 1000) * 1000000;
        if (ts.tv_nsec >= 1000000000) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&s->changed, &s->lock, &ts);
    }
    pthread_mutex_unlock(&s->lock);
    return seq;
}

void lb_server_release_game(lb_server *s, long long game)
{
    pthread_mutex_lock(&s->lock);
    slot *sl = find(s, game);
    if (sl)
        sl->refs--;
    pthread_mutex_unlock(&s->lock);
}
