/* A side's webhook (R-WEB-16): set and read by the side's link, told when the decision passes to that side or the game ends. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_int.h"

/* What the webhook of side gets: {"event","game","title","side","where","prompt"?}, nothing
 * about the game a side's own page would not show it (no die: R-DICE-3). */
static char *message(const slot *sl, int side, const char *event)
{
    const lb_state *st = lb_game_state(sl->g);
    char where[160];
    lb_game_summary(sl->g, where, sizeof where);
    json_t *j = json_pack("{s:s,s:I,s:s,s:s,s:s}", "event", event, "game", (json_int_t)sl->id,
                          "title", lb_state_title(st), "side", lb_state_side_name(st, side),
                          "where", where);
    const lb_decision *d = lb_game_pending(sl->g);
    if (j && d && d->side == side)
        json_object_set_new(j, "prompt", json_string(d->prompt));
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    return text;
}

/* Queues event for side's webhook, when it has one. */
static void tell(lb_server *s, const slot *sl, int side, const char *event)
{
    char *url = NULL;
    if (links_get_webhook(s->links, sl->id, side, &url) != LB_OK || !url)
        return;
    char *body = message(sl, side, event);
    if (body)
        webhooks_send(s->webhooks, url, body);
    free(body);
    free(url);
}

void webhook_tell(lb_server *s, slot *sl)
{
    if (!s->webhooks || sl->id <= 0)
        return;
    const lb_decision *d = lb_game_pending(sl->g);
    int now = d ? d->side : LB_ROLE_SPECTATOR;
    if (now == sl->told)
        return; /* a side deciding again and again is told once */
    sl->told = now;
    for (int side = 0; side < 2; side++)
        if (side != sl->ai && (d ? side == now : 1))
            tell(s, sl, side, d ? "your-turn" : "finished");
}

/* The link's side, or -1 with a 403 answered: a hot-seat game's one seat has no side to tell. */
static int side_of(const game_request *r, lb_http_response *rs)
{
    if (r->role >= 0)
        return r->role;
    reply_error(rs, 403, "not-a-side", NULL, "a webhook is a side's: this link plays both");
    return -1;
}

void route_webhook(game_request *r, lb_http_response *rs)
{
    int side = side_of(r, rs);
    if (side < 0)
        return;
    char *url = NULL;
    int rc = links_get_webhook(r->s->links, r->sl->id, side, &url);
    if (rc != LB_OK) {
        reply_store_fault(rs, rc, "the webhook cannot be read");
        return;
    }
    reply_json(rs, 200, json_pack("{s:o,s:b}", "url", url ? json_string(url) : json_null(),
                                  "sends", r->s->webhooks != NULL));
    free(url);
}

void route_set_webhook(game_request *r, lb_http_response *rs)
{
    static const char *const members[] = {"url", NULL};
    int side = side_of(r, rs);
    if (side < 0)
        return;
    if (!r->s->webhooks) {
        reply_error(rs, 403, "no-webhooks", NULL, "this server sends no webhooks (its operator "
                    "names the hosts it may call: serve --webhooks HOSTS)");
        return;
    }
    json_t *body = body_object(r->rq, members, rs);
    if (!body)
        return;
    json_t *u = json_object_get(body, "url");
    const char *url = json_string_value(u);
    const char *why = NULL;
    if (!json_is_null(u) && (!url || strlen(url) != json_string_length(u)))
        why = "expected an address (a string) or null";
    else if (url)
        why = webhooks_check(r->s->webhooks, url);
    if (why) {
        reply_error(rs, 422, "bad-webhook", "/url", "%s", why);
        json_decref(body);
        return;
    }
    lb_err err = {0};
    int rc = links_set_webhook(r->s->links, r->sl->id, side, url, &err);
    if (rc != LB_OK) {
        json_decref(body);
        reply_store_fault(rs, rc, "the webhook cannot be kept");
        return;
    }
    if (url)
        tell(r->s, r->sl, side, "webhook-set"); /* the player sees at once that it arrives */
    reply_json(rs, 200, json_pack("{s:O,s:b}", "url", u, "sends", 1));
    json_decref(body);
}
