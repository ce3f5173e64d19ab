/* The routes of one game (api.md): its view, decisions, undo, concession, journal, export, traces and live updates. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/ai.h"
#include "server_int.h"

/* The view, gzip-compressed for a client that takes it; either way the answer varies with
 * Accept-Encoding. */
static void reply_view(game_request *r, lb_http_response *rs, int status)
{
    int gzip = accepts_gzip(r->rq->accept_encoding);
    reply_shared(rs, status, view_body(r->sl, r->role, gzip), gzip ? "gzip" : NULL);
    rs->vary = "Accept-Encoding";
}

void route_view(game_request *r, lb_http_response *rs)
{
    reply_view(r, rs, 200);
}

/* A body {"seq": N, …} with only the members named (seq first); 0, or -1 with the error
 * answered. */
static int parse_body(game_request *r, lb_http_response *rs, const char *const *members,
                      json_t **out, int *seq)
{
    json_t *body = body_object(r->rq, members, rs);
    *out = NULL;
    if (!body)
        return -1;
    json_t *s = json_object_get(body, "seq");
    if (!json_is_integer(s) || json_integer_value(s) < 0 || json_integer_value(s) > 1 << 30) {
        reply_error(rs, 400, "bad-request", "/seq", "expected the journal length the answer is "
                    "made at (the view's seq)");
        json_decref(body);
        return -1;
    }
    *seq = (int)json_integer_value(s);
    lb_err err = {0};
    int rc = slot_saved(r->s, r->sl, *seq, &err);
    if (rc != LB_OK) {
        fprintf(stderr, "labataille serve: game %lld: %s\n", r->sl->id, err.msg);
        reply_store_fault(rs, rc, "the game cannot be brought up to date");
        json_decref(body);
        return -1;
    }
    *out = body;
    return 0;
}

/* The answer to a decision, an undo or a concession (api.md): the new view, or the refusal; an
 * illegal answer's refusal names the body's member that holds it (where; NULL: none). */
static void answered(game_request *r, lb_http_response *rs, int rc, const lb_game_answer *a,
                     const char *what, const char *where)
{
    if (rc != LB_OK) {
        /* the engine failed and left the game as it was: the server's fault, never the
         * client's. LB_STALE is one such failure (a rules result applied to another state than
         * the one it was worked out on, refused by its apply): a 500 too, so that nothing stale
         * reaches a client; a client's own stale seq is the verdict LB_REFUSED_STALE, a 409,
         * and an answer another server saved first is the store's LB_CONFLICT, a 409 below */
        fprintf(stderr, "labataille serve: game %lld: %s: %s (%s)\n", r->sl->id, what,
                lb_game_error(r->sl->g), lb_name(LB_NAME_ERR, rc));
        reply_error(rs, 500, "server-fault", NULL, "the game could not answer; nothing changed");
        return;
    }
    if (a->verdict == LB_ACCEPTED) {
        traces_record(r->sl, r->role, what, "player");
        lb_err err = {0};
        int src = slot_changed(r->s, r->sl, a->seq_before, &err);
        if (src == LB_CONFLICT) {
            json_t *e = error_object(409, "stale", NULL, "another server answered first; the "
                                     "game is as the store has it");
            char *view = view_text(r->sl, r->role);
            json_object_set_new(e, "view", view ? json_loads(view, 0, NULL) : json_null());
            free(view);
            reply_json(rs, 409, e);
        } else if (src != LB_OK) {
            fprintf(stderr, "labataille serve: game %lld: %s\n", r->sl->id, err.msg);
            reply_store_fault(rs, src, "the answer could not be saved; the game is as it was "
                              "saved");
        } else {
            reply_view(r, rs, 200);
        }
        return;
    }
    static const struct {
        lb_verdict v;
        int status;
        const char *code;
    } statuses[] = {{LB_REFUSED_STALE, 409, "stale"},
                    {LB_REFUSED_NOT_YOURS, 403, "not-yours"},
                    {LB_REFUSED_ILLEGAL, 422, "illegal"},
                    {LB_REFUSED_NONE, 422, "no-decision"}};
    int k = 0;
    while (k < 3 && statuses[k].v != a->verdict)
        k++;
    /* R-WEB-6: the decision the answer leads to would list more options than the limit */
    int over = a->rule && strcmp(a->rule, "R-WEB-6") == 0;
    json_t *e = error_object(statuses[k].status, over ? "over-limit" : statuses[k].code,
                             a->verdict == LB_REFUSED_ILLEGAL ? where : NULL, "%s", a->reason);
    json_t *inner = json_object_get(e, "error");
    if (over)
        json_object_set_new(inner, "limit", json_pack("{s:s,s:I}", "name",
                                                      lb_server_limit_name(LB_LIMIT_OPTIONS),
                                                      "max", (json_int_t)r->s->limits.value
                                                                 [LB_LIMIT_OPTIONS]));
    if (a->rule)
        json_object_set_new(inner, "rule", json_string(a->rule));
    if (a->verdict == LB_REFUSED_STALE) {
        char *view = view_text(r->sl, r->role);
        json_object_set_new(e, "view", view ? json_loads(view, 0, NULL) : json_null());
        free(view);
    }
    reply_json(rs, statuses[k].status, e);
}

void route_decide(game_request *r, lb_http_response *rs)
{
    static const char *const members[] = {"seq", "key", "param", NULL};
    json_t *body;
    int seq;
    if (parse_body(r, rs, members, &body, &seq) != 0)
        return;
    json_t *key = json_object_get(body, "key"), *param = json_object_get(body, "param");
    if (!json_is_string(key) || (param && !json_is_string(param))) {
        reply_error(rs, 400, "bad-request", json_is_string(key) ? "/param" : "/key",
                    "expected an option's key (and a parameterised option's parameter) as text");
    } else {
        /* the answer whole, however long: the engine refuses one longer than its journal keeps
         * (R-GAME-22), which is then located at the parameter or the key */
        size_t n = json_string_length(key) + (param ? 1 + json_string_length(param) : 0) + 1;
        char *full = malloc(n);
        if (!full) {
            reply_bytes(rs, 500, NULL, 0, NULL);
        } else {
            snprintf(full, n, "%s%s%s", json_string_value(key), param ? ":" : "",
                     param ? json_string_value(param) : "");
            lb_game_answer a;
            int rc = lb_game_decide(r->sl->g, r->role, seq, full, &a);
            answered(r, rs, rc, &a, full, param ? "/param" : "/key");
            free(full);
        }
    }
    json_decref(body);
}

void route_undo(game_request *r, lb_http_response *rs)
{
    static const char *const members[] = {"seq", "keep", NULL};
    json_t *body;
    int seq;
    if (parse_body(r, rs, members, &body, &seq) != 0)
        return;
    json_t *keep = json_object_get(body, "keep");
    if (keep && (!json_is_integer(keep) || json_integer_value(keep) < -1 ||
                 json_integer_value(keep) > 1 << 30)) {
        reply_error(rs, 400, "bad-request", "/keep", "expected how many effective entries to "
                    "keep, or -1 for this role's last decision");
    } else {
        lb_game_answer a;
        int rc = lb_game_undo(r->sl->g, r->role, seq, keep ? (int)json_integer_value(keep) : -1,
                              &a);
        answered(r, rs, rc, &a, "undo", NULL);
    }
    json_decref(body);
}

/* GET …/hint (R-GAME-23): what the computer would answer for the role's pending decision and
 * why, the game unchanged; only in a game against the server's player (between two people no
 * side has allowed hints). */
void route_hint(game_request *r, lb_http_response *rs)
{
    slot *sl = r->sl;
    if (!hints_open(r, rs))
        return;
    const lb_decision *d = lb_game_pending(sl->g);
    if (!d || d->side == sl->ai || (r->role >= 0 && d->side != r->role)) {
        reply_error(rs, 409, "not-your-decision", NULL, "no decision of yours is pending");
        return;
    }
    lb_ai_settings set;
    lb_ai_settings_init(&set);
    set.level = LB_AI_QUICK;
    set.seed = lb_game_ai_seed(sl->g);
    lb_ai_option o[LB_AI_HINT_OPTIONS];
    int n = 0;
    if (lb_ai_rank(sl->g, d->side, &set, o, LB_AI_HINT_OPTIONS, &n) != LB_OK) {
        reply_error(rs, 500, "no-hint", NULL, "the computer found no answer");
        return;
    }
    /* R-GAME-24: the hint asked is recorded beside the journal (never in it: no replay changes) */
    lb_err err = {0};
    if (sl->id > 0 && links_note_hint(r->s->links, sl->id, d->side, lb_game_seq(sl->g), &err) !=
                          LB_OK) {
        reply_store_fault(rs, LB_IO, "the hint cannot be recorded");
        return;
    }
    /* R-AI-16: the best options it valued, best first (value null: not valued) */
    json_t *options = json_array();
    for (int k = 0; k < n; k++)
        json_array_append_new(options, json_pack("{s:s,s:o,s:s}", "key", o[k].key, "value",
                                                 o[k].valued ? json_real(o[k].value)
                                                             : json_null(),
                                                 "reason", o[k].reason));
    const lb_state *st = lb_game_state(sl->g);
    reply_json(rs, 200, json_pack("{s:i,s:s,s:s,s:s,s:s,s:o}", "seq", lb_game_seq(sl->g), "side",
                                  lb_state_side_name(st, d->side), "key", o[0].key, "reason",
                                  o[0].reason, "rule", "R-GAME-23", "options", options));
}

void route_concede(game_request *r, lb_http_response *rs)
{
    static const char *const members[] = {"seq", NULL};
    json_t *body;
    int seq;
    if (parse_body(r, rs, members, &body, &seq) != 0)
        return;
    lb_game_answer a;
    int rc = lb_game_concede(r->sl->g, r->role, seq, &a);
    answered(r, rs, rc, &a, "concede", NULL);
    json_decref(body);
}

/* POST …/never_ask {"seq", "unit"} (R-OCH-13, the page's button R-WEB-17): the side is not
 * asked again about its cavalry unit; refused (nothing changed) for a spectator, another
 * side's unit, a unit not cavalry or not in play. */
void route_never_ask(game_request *r, lb_http_response *rs)
{
    static const char *const members[] = {"seq", "unit", NULL};
    json_t *body;
    int seq;
    if (parse_body(r, rs, members, &body, &seq) != 0)
        return;
    json_t *unit = json_object_get(body, "unit");
    if (!json_is_string(unit) || json_string_length(unit) == 0 ||
        json_string_length(unit) >= LB_SUBJECT_MAX) {
        reply_error(rs, 400, "bad-request", "/unit", "expected the id of a cavalry unit of "
                    "yours (1 to %d characters)", LB_SUBJECT_MAX - 1);
    } else {
        lb_game_answer a;
        int rc = lb_game_never_ask(r->sl->g, r->role, seq, json_string_value(unit), &a);
        answered(r, rs, rc, &a, "never_ask", "/unit");
    }
    json_decref(body);
}

/* ?from=N: a journal position 0..seq (0 when not given); -1 with the error answered. */
static int from_param(game_request *r, lb_http_response *rs)
{
    const char *from = query_get(r->q, "from");
    int seq = lb_game_seq(r->sl->g);
    if (!from)
        return 0;
    char *end;
    long n = strtol(from, &end, 10);
    if (!*from || *end || n < 0 || n > seq) {
        reply_error(rs, 400, "bad-query", "from", "expected a journal position from 0 to %d",
                    seq);
        return -1;
    }
    return (int)n;
}

void route_journal(game_request *r, lb_http_response *rs)
{
    int from = from_param(r, rs);
    if (from < 0)
        return;
    const lb_journal *j = lb_game_journal(r->sl->g);
    json_t *entries = json_array();
    for (int i = from; i < j->count; i++) {
        char *text = NULL;
        if (lb_journal_entry_to_json(&j->entries[i], &text) == LB_OK)
            json_array_append_new(entries, json_loads(text, 0, NULL));
        free(text);
    }
    reply_json(rs, 200, json_pack("{s:i,s:i,s:o}", "seq", j->count, "from", from, "entries",
                                  entries));
}

void route_export(game_request *r, lb_http_response *rs)
{
    char *text = NULL;
    lb_game_export(r->sl->g, &text);
    /* R-GAME-24: the hints asked, beside the journal ([] when none) */
    json_t *root = text ? json_loads(text, 0, NULL) : NULL;
    if (root && r->sl->id > 0) {
        json_object_set_new(root, "hints", links_hints_asked(r->s->links, r->sl->id));
        free(text);
        text = json_dumps(root, JSON_COMPACT);
    }
    json_decref(root);
    reply_text(rs, 200, text);
}

void route_traces(game_request *r, lb_http_response *rs)
{
    int from = from_param(r, rs);
    if (from < 0)
        return;
    reply_json(rs, 200, json_pack("{s:i,s:o}", "seq", lb_game_seq(r->sl->g), "traces",
                                  traces_since(r->sl, from)));
}

void route_events(game_request *r, lb_http_response *rs)
{
    const char *last = r->rq->last_event_id;
    char *end = NULL;
    long after = last ? strtol(last, &end, 10) : -1;
    if (last && (!*last || *end || after < 0 || after > 1 << 30))
        after = -1; /* an id this server never sent: start afresh */
    rs->status = 200;
    rs->type = "text/event-stream";
    rs->events = 1;
    rs->events_game = r->sl->id;
    rs->events_after = (int)after;
    rs->events_role = r->role;
    /* the stream holds the game until lb_server_release_game */
    pthread_mutex_lock(&r->s->lock);
    table_hold(&r->s->games, r->sl);
    pthread_mutex_unlock(&r->s->lock);
}
