/* The server: its store, its links and the scenarios it offers. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/data.h"
#include "server_int.h"

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
    if (s->noffers == OFFERS_MAX) {
        free(text);
        return lb_err_set(err, LB_LIMIT, "%s: expected at most %d scenarios offered", name,
                          OFFERS_MAX);
    }
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

/* A scenario built into the program, offered as id from a copy of its text. */
static int offer_builtin(lb_server *s, const char *id, const char *name, const char *text,
                         size_t len, lb_err *err)
{
    char *copy = malloc(len + 1);
    if (!copy)
        return lb_err_set(err, LB_NOMEM, "out of memory");
    memcpy(copy, text, len);
    copy[len] = '\0';
    return offer_add(s, id, name, copy, len, err);
}

/* Is id the id of a scenario already offered? */
static int offered(const lb_server *s, const char *id)
{
    for (int i = 0; i < s->noffers; i++)
        if (strcmp(s->offers[i].id, id) == 0)
            return 1;
    return 0;
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
    s->cfg.limits = NULL; /* the caller's; a copy in s->limits */
    if (cfg->limits)
        s->limits = *cfg->limits;
    else
        lb_server_limits_default(&s->limits);
    s->games.keep = SLOTS_KEPT;
    conns_init(&s->conns, s->limits.value);
    if (s->cfg.heartbeat_s <= 0)
        s->cfg.heartbeat_s = 15;
    pthread_mutex_init(&s->lock, NULL);
    pthread_mutex_init(&s->store_lock, NULL);
    page_files_init(&s->files);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&s->changed, &attr);
    pthread_condattr_destroy(&attr);
    s->opts.modules = lb_data_modules(&s->opts.nmodules);
    s->opts.options_max = (int)s->limits.value[LB_LIMIT_OPTIONS]; /* R-WEB-6 */
    s->web_root = strdup(cfg->web_root ? cfg->web_root : "web");
    int rc = s->web_root ? LB_OK : lb_err_set(err, LB_NOMEM, "out of memory");
    size_t len;
    const char *name;
    const char *demo = lb_data_demo(&len, &name);
    if (rc == LB_OK)
        rc = offer_builtin(s, "demo", name, demo, len, err);
    int nbundled = 0;
    const lb_bundled_scenario *bundled = lb_data_scenarios(&nbundled);
    for (int i = 0; rc == LB_OK && i < nbundled; i++)
        rc = offer_builtin(s, bundled[i].id, bundled[i].file, bundled[i].text, bundled[i].len,
                           err);
    if (rc == LB_OK && cfg->scenario_file) {
        char *text = NULL, id[64];
        file_id(cfg->scenario_file, id, sizeof id);
        if (offered(s, id))
            snprintf(id, sizeof id, "scenario");
        rc = read_file(cfg->scenario_file, &text, &len, err);
        if (rc == LB_OK)
            rc = offer_add(s, id, cfg->scenario_file, text, len, err);
        s->opened = s->noffers - 1;
    }
    if (rc == LB_OK)
        rc = webhooks_start(cfg->webhook_hosts, &s->webhooks, err);
    if (rc == LB_OK)
        rc = lb_store_open(cfg->db, &s->store, err);
    if (rc == LB_OK)
        rc = links_open(s->store, &s->store_lock, &s->links, err);
    if (rc != LB_OK) {
        lb_server_free(s);
        return rc;
    }
    *out = s;
    return LB_OK;
}

const char *lb_server_store_where(const lb_server *s)
{
    return s->store->where;
}

const char *lb_server_first_scenario(const lb_server *s)
{
    return s->offers[s->opened].id;
}

void lb_server_free(lb_server *s)
{
    if (!s)
        return;
    server_http_stop(s);
    webhooks_stop(s->webhooks);
    for (int i = 0; i < s->games.n; i++)
        slot_free(s->games.slots[i]);
    table_free(&s->games);
    quota_free(&s->quota);
    conns_free(&s->conns);
    for (int i = 0; i < s->noffers; i++) {
        free(s->offers[i].name);
        free(s->offers[i].text);
    }
    links_close(s->links);
    lb_store_close(s->store);
    pthread_cond_destroy(&s->changed);
    pthread_mutex_destroy(&s->lock);
    pthread_mutex_destroy(&s->store_lock);
    page_files_release(&s->files);
    free(s->web_root);
    free(s);
}
