/* The players' chat of a game (R-WEB-9): a line said by a side's link, kept in the store with the game, read by every link, announced on the live updates stream. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_int.h"

void route_chat(game_request *r, lb_http_response *rs)
{
    const char *from = query_get(r->q, "from");
    char *end = NULL;
    long n = from ? strtol(from, &end, 10) : 0;
    if (from && (!*from || *end || n < 0 || n > LB_CHAT_KEPT)) {
        reply_error(rs, 400, "bad-query", "from", "expected a message number from 0 to %d",
                    LB_CHAT_KEPT);
        return;
    }
    char *text = NULL;
    lb_err err = {0};
    pthread_mutex_lock(&r->s->store_lock);
    int rc = lb_store_chat_get(r->s->store, r->sl->id, (int)n, &text, &err);
    pthread_mutex_unlock(&r->s->store_lock);
    json_t *list = rc == LB_OK ? json_loads(text, 0, NULL) : NULL;
    free(text);
    if (!list) {
        reply_store_fault(rs, rc == LB_OK ? LB_NOMEM : rc, "the chat cannot be read");
        return;
    }
    /* who said it by the name of the role: a side, or "both" for a hot-seat game's one seat */
    size_t i;
    json_t *m;
    json_array_foreach(list, i, m) {
        int role = (int)json_integer_value(json_object_get(m, "role"));
        json_object_set_new(m, "role", json_string(role_name(r->sl->g, role)));
    }
    reply_json(rs, 200, json_pack("{s:o}", "messages", list));
}

void route_say(game_request *r, lb_http_response *rs)
{
    static const char *const members[] = {"text", NULL};
    json_t *body = body_object(r->rq, members, rs);
    if (!body)
        return;
    json_t *said = json_object_get(body, "text");
    const char *text = json_string_value(said);
    int n = 0, rc = LB_INVALID;
    lb_err err = {0};
    if (text && strlen(text) == json_string_length(said)) {
        pthread_mutex_lock(&r->s->store_lock);
        rc = lb_store_chat_add(r->s->store, r->sl->id, r->role, text, &n, &err);
        pthread_mutex_unlock(&r->s->store_lock);
    }
    json_decref(body);
    if (rc == LB_INVALID) {
        reply_error(rs, 400, "bad-request", "/text", "expected one line of 1 to %d bytes of "
                    "text without control characters", LB_CHAT_TEXT_MAX);
    } else if (rc == LB_LIMIT) {
        reply_error(rs, 422, "over-limit", "/text", "the chat of a game keeps %d messages; this "
                    "one has them", LB_CHAT_KEPT);
    } else if (rc == LB_CONFLICT) {
        reply_error(rs, 409, "stale", NULL, "another message took that number: say it again");
    } else if (rc != LB_OK) {
        fprintf(stderr, "labataille serve: game %lld: chat: %s\n", r->sl->id, err.msg);
        reply_store_fault(rs, rc, "the message cannot be saved");
    } else {
        pthread_mutex_lock(&r->s->lock);
        r->sl->chat_changes++;
        live_wake(r->s, r->sl);
        pthread_mutex_unlock(&r->s->lock);
        reply_json(rs, 201, json_pack("{s:i}", "n", n));
    }
}
