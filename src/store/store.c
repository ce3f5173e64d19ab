/* The store interface: opening a store by its address, the operations and the checks they share, and saving, appending and reopening whole games. */
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "address.h"
#include "lb/core.h"
#include "postgres_store.h"
#include "sqlite_store.h"
#include "state_int.h"
#include "game_dice_int.h"
#include "game_int.h"
#include "store_int.h"

int lb_store_open(const char *where, lb_store **out, lb_err *err)
{
    *out = NULL;
    if (strncmp(where, "postgresql://", 13) == 0 || strncmp(where, "postgres://", 11) == 0)
        return lbi_postgres_store_open(where, out, err);
    return lbi_sqlite_store_open(where, out, err);
}

const char *lb_store_printable(const char *address, char *buf, size_t n)
{
    lbi_address_printable(address, buf, n);
    return buf;
}

void lb_store_close(lb_store *s)
{
    if (s)
        s->ops->close(s);
}

int lb_store_create(lb_store *s, const char *title, const char *scenario_name,
                    const char *scenario, const char *settings, long long *id, lb_err *err)
{
    return s->ops->create(s, title, scenario_name, scenario, settings, NULL, id, err);
}

int lb_store_append(lb_store *s, long long id, int seq, const lb_journal_entry *rows, int n,
                    const char *hash, const char *summary, lb_err *err)
{
    if (n <= 0)
        return LB_OK;
    return s->ops->append(s, id, seq, rows, n, hash, summary, err);
}

int lb_store_load(lb_store *s, long long id, lb_store_record *out, lb_err *err)
{
    return s->ops->load(s, id, out, err);
}

int lb_store_list(lb_store *s, lb_store_info **out, int *n, lb_err *err)
{
    return s->ops->list(s, out, n, err);
}

int lb_store_hosting_set(lb_store *s, long long id, const char *json, lb_err *err)
{
    json_t *parsed = json_loads(json, JSON_REJECT_DUPLICATES, NULL);
    int is_object = json_is_object(parsed);
    json_decref(parsed);
    if (!is_object)
        return lb_err_set(err, LB_INVALID, "%s: game %lld: how it is hosted must be a JSON "
                          "object", s->where, id);
    return s->ops->hosting_set(s, id, json, err);
}

int lb_store_hosting_get(lb_store *s, long long id, char **json, lb_err *err)
{
    return s->ops->hosting_get(s, id, json, err);
}

int lb_store_trace_put(lb_store *s, long long id, int seq, const char *record, lb_err *err)
{
    json_t *parsed = json_loads(record, JSON_REJECT_DUPLICATES, NULL);
    int is_object = json_is_object(parsed);
    json_decref(parsed);
    if (!is_object || seq < 0)
        return lb_err_set(err, LB_INVALID, "%s: game %lld: a trace record must be a JSON object "
                          "at a journal length of 0 or more", s->where, id);
    return s->ops->trace_put(s, id, seq, record, err);
}

/* The records (newest first) as the text of a JSON array, oldest first; NULL out of memory. */
static char *records_array(char **records, int n)
{
    size_t len = 3;
    for (int i = 0; i < n; i++)
        len += strlen(records[i]) + 1;
    char *text = malloc(len);
    if (!text)
        return NULL;
    size_t used = 0;
    text[used++] = '[';
    for (int i = n - 1; i >= 0; i--) {
        size_t k = strlen(records[i]);
        memcpy(text + used, records[i], k);
        used += k;
        if (i)
            text[used++] = ',';
    }
    text[used++] = ']';
    text[used] = '\0';
    return text;
}

int lb_store_traces_get(lb_store *s, long long id, int max, char **json, lb_err *err)
{
    char **records = NULL;
    int n = 0;
    *json = NULL;
    int rc = s->ops->traces_get(s, id, max > 0 ? max : 0, &records, &n, err);
    if (rc == LB_OK && !(*json = records_array(records, n)))
        rc = lb_err_set(err, LB_NOMEM, "out of memory");
    for (int i = 0; i < n; i++)
        free(records[i]);
    free(records);
    return rc;
}

int lb_store_chat_add(lb_store *s, long long id, int role, const char *text, int *n,
                      lb_err *err)
{
    size_t len = strlen(text);
    if (len == 0 || len > LB_CHAT_TEXT_MAX || !lb_printable_check(text, len, 0, NULL))
        return lb_err_set(err, LB_INVALID, "%s: game %lld: a chat message is one line of 1 to %d "
                          "bytes of UTF-8 text without control characters", s->where, id,
                          LB_CHAT_TEXT_MAX);
    return s->ops->chat_add(s, id, role, text, n, err);
}

int lb_store_chat_get(lb_store *s, long long id, int from, char **json, lb_err *err)
{
    lb_chat_row *rows = NULL;
    int n = 0;
    *json = NULL;
    int rc = s->ops->chat_get(s, id, from, &rows, &n, err);
    json_t *list = rc == LB_OK ? json_array() : NULL;
    for (int i = 0; list && i < n; i++)
        json_array_append_new(list, json_pack("{s:i,s:i,s:s,s:s}", "n", rows[i].n, "role",
                                              rows[i].role, "text", rows[i].text, "at",
                                              rows[i].at));
    if (list && !(*json = json_dumps(list, JSON_COMPACT)))
        rc = lb_err_set(err, LB_NOMEM, "out of memory");
    json_decref(list);
    for (int i = 0; i < n; i++)
        free(rows[i].text);
    free(rows);
    return rc;
}

int lb_store_link_add(lb_store *s, const char *digest, long long game, int role, lb_err *err)
{
    size_t len = strlen(digest);
    if (len == 0 || len > LB_STORE_DIGEST_MAX)
        return lb_err_set(err, LB_INVALID, "%s: a link's digest must have 1 to %d characters, "
                          "not %zu", s->where, LB_STORE_DIGEST_MAX, len);
    return s->ops->link_add(s, digest, game, role, err);
}

int lb_store_link_find(lb_store *s, const char *digest, long long *game, int *role, lb_err *err)
{
    return s->ops->link_find(s, digest, game, role, err);
}

int lb_store_append_game(lb_store *s, long long id, const lb_game *g, int seq, lb_err *err)
{
    const lb_journal *j = lb_game_journal(g);
    char hash[20], summary[LB_STORE_TEXT_MAX];
    snprintf(hash, sizeof hash, "%016" PRIx64, lb_game_hash(g));
    lb_game_summary(g, summary, sizeof summary);
    /* a game with no rows yet has no entries array to point into */
    return lb_store_append(s, id, seq, j->count > seq ? j->entries + seq : NULL, j->count - seq,
                           hash, summary, err);
}

int lb_store_save_game(lb_store *s, const lb_game *g, long long *id, lb_err *err)
{
    const char *name;
    const char *text = lb_game_scenario(g, NULL, &name);
    const lb_state *st = lb_game_state(g);
    const lb_game_settings *set = lb_game_settings_of(g);
    char *settings = NULL, secret[LB_DICE_HEX_MAX];
    if (lb_game_settings_to_json(set, &settings) != LB_OK)
        return lb_err_set(err, LB_NOMEM, "out of memory");
    lb_dice_secret_hex(set->secret, secret);
    int rc = s->ops->create(s, st->title ? st->title : "", name, text, settings,
                            set->dice == LB_DICE_SECRET ? secret : NULL, id, err);
    free(settings);
    if (rc == LB_OK)
        rc = lb_store_append_game(s, *id, g, 0, err);
    return rc;
}

int lb_store_open_game(lb_store *s, long long id, const lb_load_opts *opts, lb_game **out,
                       lb_err *err)
{
    *out = NULL;
    lb_store_record r;
    int rc = lb_store_load(s, id, &r, err);
    if (rc != LB_OK)
        return rc;
    lb_game_settings set;
    lb_err e = {0};
    lb_errlist errs = {0};
    lb_game *g = NULL;
    if ((rc = lb_game_settings_from_json(r.settings, strlen(r.settings), &set, &e)) != LB_OK) {
        lb_err_set(err, rc, "%s: game %lld: %s", s->where, id, e.msg);
    } else if (set.dice == LB_DICE_SECRET &&
               (rc = r.dice_secret[0] ? lb_game_settings_reveal(&set, r.dice_secret, &e)
                                      : lb_err_set(&e, LB_INVALID, "its dice secret is missing"))
                   != LB_OK) {
        lb_err_set(err, rc, "%s: game %lld: %s", s->where, id, e.msg);
    } else if ((rc = lb_game_new(r.info.scenario_name, r.scenario, strlen(r.scenario), opts, &set,
                                 &g, &errs)) != LB_OK) {
        char first[LB_ERR_MSG_MAX + LB_ERR_PATH_MAX + LB_ERR_FILE_MAX + 32] = "";
        if (errs.count)
            lb_err_fmt(&errs.items[0], first, sizeof first);
        lb_err_set(err, rc, "%s: game %lld: its scenario is refused: %s", s->where, id, first);
    } else if ((rc = lb_game_load_journal(g, &r.journal, &e)) != LB_OK) {
        lb_err_set(err, rc, "%s: game %lld: %s", s->where, id, e.msg);
    } else if (r.last_hash[0]) {
        char now[20];
        snprintf(now, sizeof now, "%016" PRIx64, lb_game_hash(g));
        if (strcmp(now, r.last_hash) != 0)
            rc = lb_err_set(err, LB_INVALID, "%s: game %lld: the journal replays to state %s, "
                            "not the saved %s", s->where, id, now, r.last_hash);
    }
    lb_errlist_release(&errs);
    lb_store_record_release(&r);
    if (rc != LB_OK) {
        lb_game_free(g);
        return rc;
    }
    *out = g;
    return LB_OK;
}
