/* GET /api/scenarios and /api/scenarios/ID, POST /api/games and POST /api/g/TOKEN/rematch: the scenarios offered and the text of one, a new game (or an imported one) with its secret links, and a finished game played again with the sides swapped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/ai.h"
#include "server_int.h"

void route_scenarios(lb_server *s, lb_http_response *rs)
{
    json_t *list = json_array();
    for (int i = 0; i < s->noffers; i++) {
        const offer *o = &s->offers[i];
        lb_state *st = NULL;
        lb_errlist errs = {0};
        if (lb_scenario_load(o->name, o->text, o->len, &s->opts, &st, &errs) != LB_OK) {
            lb_errlist_release(&errs);
            continue; /* checked when offered: only memory can fail here */
        }
        int cols, rows;
        lb_map_size(lb_state_map(st), &cols, &rows);
        json_array_append_new(list, json_pack("{s:s,s:s,s:s?,s:s,s:[ss],s:i,s:i}", "id", o->id,
                                              "title", lb_state_title(st) ? lb_state_title(st) : "",
                                              "game", lb_state_game(st), "rules",
                                              lb_name(LB_NAME_EDITION, lb_state_rules(st)), "sides",
                                              lb_state_side_name(st, 0), lb_state_side_name(st, 1),
                                              "columns", cols, "rows", rows));
        lb_state_free(st);
    }
    reply_json(rs, 200, list);
}

void route_scenario_text(lb_server *s, const char *id, lb_http_response *rs)
{
    for (int i = 0; i < s->noffers; i++)
        if (strcmp(s->offers[i].id, id) == 0) {
            char *text = malloc(s->offers[i].len + 1);
            if (text)
                memcpy(text, s->offers[i].text, s->offers[i].len + 1);
            reply_bytes(rs, 200, text, s->offers[i].len, NULL);
            return;
        }
    reply_error(rs, 404, "not-found", NULL, "no such scenario (GET /api/scenarios lists them)");
}

/* ---- POST /api/games ------------------------------------------------------------------------- */

typedef struct create_req {
    const char *name;         /* the scenario's name in messages */
    char *text;               /* the scenario (or the export) as text, malloc'd */
    size_t kept;              /* the bytes the store keeps of it (the quotas count them) */
    int posted;               /* a scenario or an import sent with the request: the limits of
                               * api.md apply, and unknown keys are refused */
    int import;
    lb_game_settings set;
    int two_players;
    const char *ai;           /* a side's name, or NULL */
    int level;                /* the server's player: -1 random, else the computer's level */
} create_req;

/* The game's scenario: an import (an export object), a scenario offered (its id) or posted (an
 * object), into c's name and text; 0, or -1 with the error answered. */
static int parse_source(lb_server *s, json_t *scenario, json_t *import, create_req *c,
                        lb_http_response *rs)
{
    if (!!scenario == !!import) {
        reply_error(rs, 400, "bad-request", "/scenario", "expected one of \"scenario\" (an id of "
                    "GET /api/scenarios, or a scenario object) and \"import\" (an export)");
        return -1;
    }
    if (import) {
        if (!json_is_object(import)) {
            reply_error(rs, 400, "bad-request", "/import", "expected an export object");
            return -1;
        }
        if (served_import(s, import, rs) != 0)
            return -1;
        c->import = c->posted = 1;
        c->name = "import";
        c->text = json_dumps(import, JSON_COMPACT);
        c->kept = c->text ? strlen(c->text) : 0;
    } else if (json_is_string(scenario)) {
        const offer *o = NULL;
        for (int i = 0; i < s->noffers && !o; i++)
            if (strcmp(s->offers[i].id, json_string_value(scenario)) == 0)
                o = &s->offers[i];
        if (!o) {
            reply_error(rs, 400, "bad-request", "/scenario", "no scenario \"%.64s\" (GET "
                        "/api/scenarios lists them)", json_string_value(scenario));
            return -1;
        }
        c->name = o->name;
        c->text = strdup(o->text);
        c->kept = o->len;
    } else if (json_is_object(scenario)) {
        c->name = "scenario";
        c->posted = 1;
        c->text = json_dumps(scenario, JSON_INDENT(2));
        c->kept = c->text ? strlen(c->text) : 0;
        if (c->text && served_scenario(s, scenario, "/scenario", c->kept, rs) != 0)
            return -1;
    } else {
        reply_error(rs, 400, "bad-request", "/scenario", "expected a scenario id or object");
        return -1;
    }
    if (!c->text) {
        reply_text(rs, 500, NULL);
        return -1;
    }
    return 0;
}

/* The rules' edition and the dice: a seed, else a secret (R-DICE-3). 0, or -1 with the error
 * answered. */
static int parse_dice(json_t *body, create_req *c, lb_http_response *rs)
{
    json_t *rules = json_object_get(body, "rules"), *seed = json_object_get(body, "seed");
    if (rules && (!json_is_string(rules) ||
                  (c->set.rules = lb_name_parse(LB_NAME_EDITION, json_string_value(rules))) < 0)) {
        reply_error(rs, 400, "bad-request", "/rules", "expected premier-2018 or premier-2017");
        return -1;
    }
    if (seed && (!json_is_integer(seed) || json_integer_value(seed) < 0)) {
        reply_error(rs, 400, "bad-request", "/seed", "expected a whole number >= 0");
        return -1;
    }
    /* R-DICE-3: secret dice, unless a seed asks for seeded ones (tests: not for play) */
    if (seed) {
        c->set.seed = (uint64_t)json_integer_value(seed);
    } else if (!c->import && lb_game_settings_secret(&c->set) != LB_OK) {
        reply_error(rs, 500, "server-fault", NULL, "no random bytes from the system for the "
                    "dice's secret");
        return -1;
    }
    return 0;
}

/* The Movement segment's time limit; an import keeps its own settings. 0, or -1 with the error
 * answered. */
static int parse_time_limit(json_t *body, create_req *c, lb_http_response *rs)
{
    json_t *limit = json_object_get(body, "movement_time_limit_s");
    if (limit && (!json_is_integer(limit) || json_integer_value(limit) < 0 ||
                  json_integer_value(limit) > 86400)) {
        reply_error(rs, 400, "bad-request", "/movement_time_limit_s",
                    "expected seconds from 0 (the scenario's) to 86400");
        return -1;
    }
    if (limit)
        c->set.movement_time_limit_s = (int)json_integer_value(limit);
    /* R-OCH-12: both sides asked their cavalry's reaction and opportunity charges */
    json_t *ask = json_object_get(body, "charge_questions");
    if (ask && !json_is_boolean(ask)) {
        reply_error(rs, 400, "bad-request", "/charge_questions", "expected true or false");
        return -1;
    }
    c->set.charge_questions[0] = c->set.charge_questions[1] = (unsigned char)json_is_true(ask);
    if (c->import && (json_object_get(body, "rules") || json_object_get(body, "seed") || limit ||
                      ask || json_object_get(body, "mode"))) {
        reply_error(rs, 400, "bad-request", "/import", "an import keeps its own settings: give "
                    "no rules, seed, mode, movement_time_limit_s or charge_questions");
        return -1;
    }
    return 0;
}

/* Who plays: two players or hot-seat (mode), the random player (ai) or the computer at a level
 * (R-WEB-5), and the undo policy that follows. 0, or -1 with the error answered. */
static int parse_players(json_t *body, create_req *c, lb_http_response *rs)
{
    json_t *mode = json_object_get(body, "mode"), *ai = json_object_get(body, "ai");
    const char *m = json_is_string(mode) ? json_string_value(mode) : NULL;
    if (mode && (!m || (strcmp(m, "two-players") != 0 && strcmp(m, "hotseat") != 0))) {
        reply_error(rs, 400, "bad-request", "/mode", "expected \"two-players\" or \"hotseat\"");
        return -1;
    }
    c->two_players = m && strcmp(m, "two-players") == 0;
    c->set.undo = c->two_players ? LB_UNDO_TWO_PLAYERS : LB_UNDO_HOTSEAT;
    if (ai && !json_is_string(ai)) {
        reply_error(rs, 400, "bad-request", "/ai", "expected a side's name");
        return -1;
    }
    c->ai = ai ? json_string_value(ai) : NULL;
    /* R-WEB-5: "computer": SIDE, "level"?: quick | full (default quick) */
    json_t *computer = json_object_get(body, "computer"), *level = json_object_get(body, "level");
    c->level = -1;
    if (computer && (!json_is_string(computer) || ai)) {
        reply_error(rs, 400, "bad-request", "/computer", ai ? "give \"ai\" (the random player) "
                    "or \"computer\", not both" : "expected a side's name");
        return -1;
    }
    if (level && (!computer || !json_is_string(level) ||
                  lb_name_parse(LB_NAME_AI_LEVEL, json_string_value(level)) < 0)) {
        reply_error(rs, 400, "bad-request", "/level", computer ? "expected \"quick\" or \"full\""
                    : "a level goes with \"computer\"");
        return -1;
    }
    if (computer) {
        c->ai = json_string_value(computer);
        c->level = level ? lb_name_parse(LB_NAME_AI_LEVEL, json_string_value(level)) : LB_AI_QUICK;
        if (!mode) /* a game against the computer has a link for the person's side */
            c->two_players = 1;
        c->set.undo = c->two_players ? LB_UNDO_TWO_PLAYERS : LB_UNDO_HOTSEAT;
    }
    return 0;
}

/* The body's members into *c, in the order the errors were always found; 0, or -1 with the
 * error answered. */
static int parse_body(lb_server *s, json_t *body, create_req *c, lb_http_response *rs)
{
    lb_game_settings_init(&c->set);
    if (parse_source(s, json_object_get(body, "scenario"), json_object_get(body, "import"), c,
                     rs) != 0)
        return -1;
    if (parse_dice(body, c, rs) != 0 || parse_players(body, c, rs) != 0)
        return -1;
    return parse_time_limit(body, c, rs);
}

/* 400 with every problem the scenario or the import has, the first one's path as the error's. */
static void refused(lb_http_response *rs, const lb_errlist *errs)
{
    json_t *list = json_array();
    for (int i = 0; i < errs->count; i++) {
        const lb_err *e = &errs->items[i];
        char text[LB_ERR_FILE_MAX + LB_ERR_PATH_MAX + LB_ERR_MSG_MAX + 32];
        lb_err_fmt(e, text, sizeof text);
        json_array_append_new(list, json_pack("{s:i,s:i,s:s,s:s,s:s}", "line", e->line, "column",
                                              e->col, "path", e->path, "message", e->msg, "text",
                                              text));
    }
    const lb_err *first = errs->count ? &errs->items[0] : NULL;
    json_t *root =
        error_object(400, "invalid-scenario", first && first->path[0] ? first->path : NULL,
                     "the scenario is refused: %s", first ? first->msg : "out of memory");
    json_object_set_new(json_object_get(root, "error"), "errors", list);
    reply_json(rs, 400, root);
}

/* The links of a new game: one per side (two players; not the random player's), or one for
 * both (hot-seat), and the spectator's. */
static json_t *make_links(lb_server *s, slot *sl, lb_err *err)
{
    int roles[3], n = 0;
    if (sl->two_players) {
        for (int side = 0; side < 2; side++)
            if (side != sl->ai)
                roles[n++] = side;
    } else {
        roles[n++] = LB_ROLE_BOTH;
    }
    roles[n++] = LB_ROLE_SPECTATOR;
    json_t *links = json_object();
    for (int i = 0; i < n; i++) {
        char token[TOKEN_CHARS + 1], href[TOKEN_CHARS + 8];
        if (links_make(s->links, sl->id, roles[i], token, err) != LB_OK) {
            json_decref(links);
            return NULL;
        }
        snprintf(href, sizeof href, "/g/%s", token);
        json_object_set_new(links, role_name(sl->g, roles[i]), json_string(href));
    }
    return links;
}

/* Counts the new game in the quotas of its client and of all clients: 0, or -1 with the 429
 * answered (and when it would fit). */
static int take_quota(lb_server *s, const lb_http_request *rq, size_t kept, lb_http_response *rs)
{
    quota_refusal why;
    pthread_mutex_lock(&s->lock);
    int fits = quota_take(&s->quota, rq->client, kept, s->limits.value, &why);
    pthread_mutex_unlock(&s->lock);
    if (fits)
        return 0;
    int mine = why.limit == LB_LIMIT_ADDRESS_GAMES || why.limit == LB_LIMIT_ADDRESS_BYTES;
    int bytes = why.limit == LB_LIMIT_ADDRESS_BYTES || why.limit == LB_LIMIT_BYTES;
    reply_limit(rs, 429, "quota", s, why.limit, NULL, "%s an hour for new games %s: this one "
                "fits in %d s", bytes ? "the scenario bytes kept" : "the games made",
                mine ? "from one address" : "from all clients", why.retry_after_s);
    rs->retry_after = why.retry_after_s;
    return -1;
}

static void give_back(lb_server *s, const lb_http_request *rq, size_t kept)
{
    pthread_mutex_lock(&s->lock);
    quota_give_back(&s->quota, rq->client, kept, s->limits.value);
    pthread_mutex_unlock(&s->lock);
}

/* The game made (loaded, replayed for an import) from c: LB_OK with *g, or the refusal
 * answered. A posted scenario is read strictly (its unknown keys refused) and any game stops at
 * the options limit (R-WEB-6). */
static int make_game(lb_server *s, create_req *c, lb_game **g, lb_http_response *rs)
{
    lb_load_opts opts = s->opts;
    opts.strict = c->posted;
    lb_errlist errs = {0};
    int rc = c->import ? lb_game_import(c->name, c->text, strlen(c->text), &opts, g, &errs)
                       : lb_game_new(c->name, c->text, strlen(c->text), &opts, &c->set, g, &errs);
    if (rc == LB_LIMIT)
        reply_limit(rs, 422, "over-limit", s, LB_LIMIT_OPTIONS, c->import ? "/import" : "/scenario",
                    "the game's %s decision would list more than %d options (R-WEB-6)",
                    c->import ? "last" : "first", opts.options_max);
    else if (rc == LB_IO) /* an import's new dice secret: the system gave no random bytes */
        reply_error(rs, 500, "server-fault", NULL, "no random bytes from the system for the "
                    "dice's secret");
    else if (rc != LB_OK)
        refused(rs, &errs);
    lb_errlist_release(&errs);
    return rc;
}

/* The new game's view within the limit (it is made here, before the game is saved): 0, or -1
 * with the 422 answered. */
static int view_fits(lb_server *s, slot *sl, const create_req *c, lb_http_response *rs)
{
    char *view = view_text(sl, LB_ROLE_SPECTATOR);
    size_t n = view ? strlen(view) : 0;
    free(view);
    if (!view) {
        reply_bytes(rs, 500, NULL, 0, NULL);
        return -1;
    }
    if (!c->posted || (long long)n <= s->limits.value[LB_LIMIT_VIEW_BYTES])
        return 0;
    reply_limit(rs, 422, "over-limit", s, LB_LIMIT_VIEW_BYTES, c->import ? "/import" : "/scenario",
                "the game's view would be %zu bytes; a game sent to the server has at most %lld",
                n, s->limits.value[LB_LIMIT_VIEW_BYTES]);
    return -1;
}

void route_create(lb_server *s, const lb_http_request *rq, lb_http_response *rs)
{
    static const char *const members[] = {"scenario", "rules", "seed", "mode", "ai", "computer",
                                          "level", "movement_time_limit_s",
                                          "charge_questions", "import", NULL};
    json_t *body = body_object(rq, members, rs);
    if (!body)
        return;
    create_req c = {0};
    lb_game *g = NULL;
    if (parse_body(s, body, &c, rs) != 0 || take_quota(s, rq, c.kept, rs) != 0) {
        free(c.text);
        json_decref(body);
        return;
    }
    int rc = make_game(s, &c, &g, rs);
    free(c.text);
    if (rc == LB_OK && c.import)
        c.two_players = lb_game_settings_of(g)->undo == LB_UNDO_TWO_PLAYERS;
    int ai = rc == LB_OK && c.ai ? lb_state_side(lb_game_state(g), c.ai) : -1;
    if (rc == LB_OK && ((c.ai && ai < 0) || (ai >= 0 && !c.two_players))) {
        reply_error(rs, 400, "bad-request", c.level >= 0 ? "/computer" : "/ai",
                    ai < 0 ? "no side \"%.64s\" in the scenario"
                           : "the server's player takes a side of a two-players game, not "
                             "\"%.64s\" of a hot-seat one", c.ai);
        rc = LB_INVALID;
    }
    json_decref(body);
    slot *sl = rc == LB_OK ? slot_new(0, g, c.two_players, ai, ai >= 0 ? c.level : -1) : NULL;
    if (rc == LB_OK && !sl)
        reply_bytes(rs, 500, NULL, 0, NULL);
    if (!sl || view_fits(s, sl, &c, rs) != 0) {
        if (sl)
            slot_free(sl);
        else
            lb_game_free(g);
        give_back(s, rq, c.kept);
        return;
    }
    lb_err err = {0};
    rc = slot_add(s, sl, &err);
    json_t *links = rc == LB_OK ? make_links(s, sl, &err) : NULL;
    if (!links) {
        fprintf(stderr, "labataille serve: a new game: %s\n", err.msg);
        reply_store_fault(rs, err.code, "the game cannot be saved");
    } else {
        reply_json(rs, 201, json_pack("{s:I,s:o}", "game", (json_int_t)sl->id, "links", links));
    }
    if (rc != LB_OK)
        give_back(s, rq, c.kept);
    else
        slot_put(s, sl);
}

/* ---- POST /api/g/TOKEN/rematch --------------------------------------------------------------- */

/* A role's bit in a rematch's taken roles: the sides 0 and 1, the one seat 2. */
static unsigned role_bit(int role)
{
    return 1u << (role == LB_ROLE_BOTH ? 2 : role);
}

/* The rematch of the finished game of r (R-WEB-8): its scenario again, fresh secret dice, the
 * same mode and server's player, the sides swapped; saved, with no link yet. LB_OK with *made,
 * or the refusal answered. */
static int rematch_game(game_request *r, lb_http_response *rs, slot **made)
{
    lb_server *s = r->s;
    char *exported = NULL;
    json_t *root = lb_game_export(r->sl->g, &exported) == LB_OK
                       ? json_loads(exported, 0, NULL) : NULL;
    free(exported);
    json_t *name = json_object_get(root, "scenario_name");
    char *text = json_dumps(json_object_get(root, "scenario"), JSON_COMPACT);
    if (!json_is_string(name) || !text) {
        json_decref(root);
        free(text);
        reply_bytes(rs, 500, NULL, 0, NULL);
        return LB_NOMEM;
    }
    lb_err err = {0};
    create_req c = {.name = json_string_value(name), .text = text, .kept = strlen(text)};
    int rc = LB_OK;
    lb_game_settings_init(&c.set);
    c.set.movement_time_limit_s = lb_game_settings_of(r->sl->g)->movement_time_limit_s;
    memcpy(c.set.charge_questions, lb_game_settings_of(r->sl->g)->charge_questions,
           sizeof c.set.charge_questions); /* R-OCH-12 */
    lb_game *g = NULL;
    if (lb_game_settings_secret(&c.set) != LB_OK) {
        reply_error(rs, 500, "server-fault", NULL, "no random bytes from the system for the "
                    "dice's secret");
        rc = LB_IO;
    } else if ((rc = take_quota(s, r->rq, c.kept, rs) == 0 ? LB_OK : LB_LIMIT) == LB_OK &&
               (rc = make_game(s, &c, &g, rs)) != LB_OK) {
        give_back(s, r->rq, c.kept);
    }
    int ai = r->sl->ai >= 0 ? 1 - r->sl->ai : -1;
    slot *sl = rc == LB_OK ? slot_new(0, g, r->sl->two_players, ai, r->sl->level) : NULL;
    if (rc == LB_OK && !sl) {
        lb_game_free(g);
        give_back(s, r->rq, c.kept);
        reply_bytes(rs, 500, NULL, 0, NULL);
        rc = LB_NOMEM;
    }
    if (rc == LB_OK && (rc = slot_add(s, sl, &err)) != LB_OK) {
        give_back(s, r->rq, c.kept);
        reply_store_fault(rs, err.code, "the rematch cannot be saved");
    }
    json_decref(root);
    free(text);
    *made = rc == LB_OK ? sl : NULL;
    return rc;
}

void route_rematch(game_request *r, lb_http_response *rs)
{
    lb_server *s = r->s;
    if (lb_game_pending(r->sl->g)) {
        reply_error(rs, 409, "not-over", NULL, "a rematch is played once the battle is over");
        return;
    }
    long long id;
    unsigned taken;
    lb_err err = {0};
    int rc = links_get_rematch(s->links, r->sl->id, &id, &taken);
    if (rc != LB_OK) {
        reply_store_fault(rs, rc, "the game's rematch cannot be read");
        return;
    }
    if (taken & role_bit(r->role)) {
        reply_error(rs, 409, "taken", NULL, "this side's link to the rematch was given already");
        return;
    }
    slot *made = NULL;
    if (!id) {
        if (rematch_game(r, rs, &made) != LB_OK)
            return;
        id = made->id;
    }
    /* the sides swapped: a side's player takes the other side, the one seat stays */
    int role = r->role == LB_ROLE_BOTH ? LB_ROLE_BOTH : 1 - r->role;
    char token[TOKEN_CHARS + 1], href[TOKEN_CHARS + 8];
    rc = links_make(s->links, id, role, token, &err);
    if (rc == LB_OK)
        rc = links_set_rematch(s->links, r->sl->id, id, taken | role_bit(r->role), &err);
    if (made)
        slot_put(s, made);
    if (rc != LB_OK) {
        fprintf(stderr, "labataille serve: game %lld: its rematch: %s\n", r->sl->id, err.msg);
        reply_store_fault(rs, err.code, "the rematch's link cannot be saved");
        return;
    }
    r->sl->rematch = id;
    slot_forget_views(r->sl);
    pthread_mutex_lock(&s->lock);
    r->sl->presence_changes++; /* the other pages learn of it with the presence */
    live_wake(s, r->sl);
    pthread_mutex_unlock(&s->lock);
    snprintf(href, sizeof href, "/g/%s", token);
    const char *side = role >= 0 ? lb_state_side_name(lb_game_state(r->sl->g), role) : "both";
    reply_json(rs, 201, json_pack("{s:I,s:s,s:s}", "game", (json_int_t)id, "role", side, "link",
                                  href));
}
