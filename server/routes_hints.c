/* Hints between two people (R-WEB-19): each side allows them or not, and a hint is given only while both do; the hints asked are recorded (R-GAME-24). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_int.h"

/* {"allowed": {SIDE: bool, …}, "open": bool}: what each side said and whether hints are given. */
static json_t *hints_json(const slot *sl, const int allow[2])
{
    const lb_state *st = lb_game_state(sl->g);
    json_t *allowed = json_object();
    for (int side = 0; side < 2; side++)
        json_object_set_new(allowed, lb_state_side_name(st, side), json_boolean(allow[side]));
    return json_pack("{s:o,s:b,s:s}", "allowed", allowed, "open",
                     sl->ai >= 0 || (allow[0] && allow[1]), "rule", "R-WEB-19");
}

int hints_open(game_request *r, lb_http_response *rs)
{
    if (r->sl->ai >= 0)
        return 1; /* against the server's player (R-GAME-23) */
    int allow[2] = {0, 0};
    if (r->sl->id > 0 && links_get_hints(r->s->links, r->sl->id, allow) != LB_OK) {
        reply_store_fault(rs, LB_IO, "whether hints are allowed cannot be read");
        return 0;
    }
    if (allow[0] && allow[1])
        return 1;
    int mine = r->role >= 0 ? allow[r->role] : 0;
    reply_error(rs, 403, "hints-off", NULL, "hints are off in a game between two people until "
                "both sides allow them (POST …/hints {\"allow\": true}): %s (R-GAME-23, R-WEB-19)",
                mine ? "the other side has not allowed hints" : "your side has not allowed them");
    return 0;
}

void route_hints(game_request *r, lb_http_response *rs)
{
    int allow[2] = {0, 0};
    if (r->sl->id > 0 && links_get_hints(r->s->links, r->sl->id, allow) != LB_OK) {
        reply_store_fault(rs, LB_IO, "whether hints are allowed cannot be read");
        return;
    }
    reply_json(rs, 200, hints_json(r->sl, allow));
}

void route_set_hints(game_request *r, lb_http_response *rs)
{
    static const char *const members[] = {"allow", NULL};
    json_t *body = body_object(r->rq, members, rs);
    if (!body)
        return;
    json_t *a = json_object_get(body, "allow");
    if (!json_is_boolean(a)) {
        reply_error(rs, 400, "bad-request", "/allow", "expected true or false");
        json_decref(body);
        return;
    }
    lb_err err = {0};
    int allow[2] = {0, 0};
    int rc = r->sl->id > 0 ? links_set_hints(r->s->links, r->sl->id, r->role, json_is_true(a),
                                             &err)
                           : LB_IO;
    if (rc == LB_OK)
        rc = links_get_hints(r->s->links, r->sl->id, allow);
    json_decref(body);
    if (rc != LB_OK) {
        reply_store_fault(rs, rc, "whether hints are allowed cannot be kept");
        return;
    }
    /* R-WEB-19: the other side's page hears of it at once */
    pthread_mutex_lock(&r->s->lock);
    r->sl->hints_changes++;
    live_wake(r->s, r->sl);
    pthread_mutex_unlock(&r->s->lock);
    reply_json(rs, 200, hints_json(r->sl, allow));
}
