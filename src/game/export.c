/* A game as one JSON document and back (the scenario, the settings, the dice, the whole journal and the state hash), and the settings as JSON. */
#include <inttypes.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "decision_int.h"
#include "game_dice_int.h"
#include "answer_int.h"
#include "state_int.h"

#define GAME_FORMAT "labataille-game/1"

static const char *const undo_names[] = {"hotseat", "two-players", "computer"};
#define NUNDO ((int)(sizeof undo_names / sizeof *undo_names))

/* R-DICE-3: seeded dice by their seed; secret dice by their commitment and first draw, with the
 * computer's own seed, never the secret (a store keeps it apart, an export reveals it at the
 * end in its "dice" member). */
static json_t *settings_json(const lb_game_settings *s)
{
    char seed[24];
    snprintf(seed, sizeof seed, "%" PRIu64, s->dice == LB_DICE_SEEDED ? s->seed : s->ai_seed);
    json_t *o = s->dice == LB_DICE_SEEDED
                    ? json_pack("{s:s}", "seed", seed)
                    : json_pack("{s:{s:s,s:s,s:i},s:s}", "dice", "mode", "secret", "commitment",
                                s->commitment, "first_draw", s->first_draw, "ai_seed", seed);
    json_t *rest = json_pack("{s:o,s:s,s:[s,s],s:i}", "rules",
                             s->rules >= 0 ? json_string(lb_edition_name((lb_edition)s->rules))
                                           : json_null(),
                             "undo", undo_names[s->undo], "players", s->players[0],
                             s->players[1], "movement_time_limit_s", s->movement_time_limit_s);
    if (rest && (s->charge_questions[0] || s->charge_questions[1])) /* R-OCH-4: when asked */
        json_object_set_new(rest, "charge_questions",
                            json_pack("[bb]", s->charge_questions[0], s->charge_questions[1]));
    json_t *never = rest && s->nnever_ask ? json_array() : NULL; /* R-OCH-9: when set */
    for (int k = 0; never && k < s->nnever_ask; k++)
        json_array_append_new(never, json_string(s->never_ask[k]));
    if (never)
        json_object_set_new(rest, "never_ask", never);
    if (!o || !rest || json_object_update(o, rest) != 0) {
        json_decref(o);
        o = NULL;
    }
    json_decref(rest);
    return o;
}

int lb_game_settings_to_json(const lb_game_settings *s, char **out)
{
    json_t *o = settings_json(s);
    *out = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    return *out ? LB_OK : LB_NOMEM;
}

/* LB_INVALID with "expected …" in err and the JSON Pointer of the settings' member in its
 * path. */
static int bad(lb_err *err, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int bad(lb_err *err, const char *path, const char *fmt, ...)
{
    char msg[LB_ERR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    lb_err_set(err, LB_INVALID, "%s", msg);
    snprintf(err->path, sizeof err->path, "%s", path);
    return LB_INVALID;
}

/* The message of a settings error with its path in front, as imports and stores say it. */
static void path_first(lb_err *err)
{
    char msg[LB_ERR_MSG_MAX];
    if (!err->path[0])
        return;
    snprintf(msg, sizeof msg, "%s: %s", err->path, err->msg);
    snprintf(err->msg, sizeof err->msg, "%s", msg);
    err->path[0] = '\0';
}

/* A decimal seed (0 .. 2^64 - 1) at path into *out; LB_OK or LB_INVALID. */
static int seed_parse(const char *text, const char *path, uint64_t *out, lb_err *err)
{
    char *end;
    *out = strtoull(text, &end, 10);
    if (!text[0] || *end)
        return bad(err, path, "expected a decimal seed, found \"%.40s\"", text);
    return LB_OK;
}

/* The secret dice of settings: {"mode": "secret", "commitment", "first_draw"}, and ai_seed. */
static int secret_parse(const json_t *dice, const char *ai_seed, lb_game_settings *s, lb_err *err)
{
    const char *mode = NULL, *commitment = NULL;
    int first = 0;
    if (json_unpack((json_t *)dice, "{s:s,s:s,s?i}", "mode", &mode, "commitment", &commitment,
                    "first_draw", &first) != 0 || strcmp(mode, "secret") != 0)
        return bad(err, "/settings/dice", "expected {\"mode\": \"secret\", commitment, "
                   "first_draw}");
    unsigned char digest[LB_DICE_SECRET_BYTES];
    if (lb_dice_secret_parse(commitment, digest) != LB_OK)
        return bad(err, "/settings/dice/commitment", "expected 64 hex digits (SHA-256), found "
                   "\"%.70s\"", commitment);
    if (first < 0)
        return bad(err, "/settings/dice/first_draw", "expected >= 0, found %d", first);
    if (!ai_seed)
        return bad(err, "/settings", "expected ai_seed (the computer's own seed) with secret "
                   "dice, found none");
    s->dice = LB_DICE_SECRET;
    lb_dice_secret_hex(digest, s->commitment); /* lower case, as it is published */
    s->first_draw = first;
    return seed_parse(ai_seed, "/settings/ai_seed", &s->ai_seed, err);
}

/* R-OCH-9: "never_ask": [unit ids] into s. LB_OK or LB_INVALID with err. */
static int never_parse(const json_t *never, lb_game_settings *s, lb_err *err)
{
    size_t n = json_is_array(never) ? json_array_size(never) : 0;
    if (!json_is_array(never) || n > LB_NEVER_ASK_MAX)
        return bad(err, "/settings/never_ask", "expected an array of at most %d unit ids",
                   LB_NEVER_ASK_MAX);
    for (size_t k = 0; k < n; k++) {
        const char *id = json_string_value(json_array_get(never, k));
        if (!id || !id[0] || strlen(id) >= LB_SUBJECT_MAX)
            return bad(err, "/settings/never_ask", "expected unit ids of 1 to %d characters",
                       LB_SUBJECT_MAX - 1);
        snprintf(s->never_ask[s->nnever_ask++], LB_SUBJECT_MAX, "%s", id);
    }
    return LB_OK;
}

int lbi_settings_parse(const json_t *o, lb_game_settings *s, lb_err *err)
{
    lb_game_settings_init(s);
    const char *seed = NULL, *ai_seed = NULL, *undo = "hotseat", *p0 = "", *p1 = "";
    json_t *rules = NULL, *dice = NULL, *never = NULL;
    int limit = 0, ask[2] = {0, 0};
    if (json_unpack((json_t *)o, "{s?s,s?o,s?s,s?o,s?s,s?[ss],s?i,s?[bb],s?o}", "seed", &seed,
                    "dice", &dice, "ai_seed", &ai_seed, "rules", &rules, "undo", &undo, "players",
                    &p0, &p1, "movement_time_limit_s", &limit, "charge_questions", &ask[0],
                    &ask[1], "never_ask", &never) != 0 ||
        !seed == !dice)
        return bad(err, "/settings", "expected {seed or dice, rules, undo, players, "
                   "movement_time_limit_s, charge_questions, never_ask}");
    if (never && never_parse(never, s, err) != LB_OK)
        return LB_INVALID;
    int rc = seed ? seed_parse(seed, "/settings/seed", &s->seed, err)
                  : secret_parse(dice, ai_seed, s, err);
    if (rc != LB_OK)
        return rc;
    if (rules && !json_is_null(rules) &&
        (!json_is_string(rules) || (s->rules = lb_edition_parse(json_string_value(rules))) < 0))
        return bad(err, "/settings/rules", "expected premier-2018, premier-2017 or null");
    int policy = -1;
    for (int i = 0; i < NUNDO; i++)
        policy = strcmp(undo, undo_names[i]) == 0 ? i : policy;
    if (policy < 0)
        return bad(err, "/settings/undo", "expected hotseat, two-players or computer, found "
                   "\"%.40s\"", undo);
    s->undo = (lb_undo_policy)policy;
    if (limit < 0)
        return bad(err, "/settings/movement_time_limit_s", "expected >= 0, found %d", limit);
    s->movement_time_limit_s = limit;
    s->charge_questions[0] = (unsigned char)ask[0];
    s->charge_questions[1] = (unsigned char)ask[1];
    snprintf(s->players[0], sizeof s->players[0], "%s", p0);
    snprintf(s->players[1], sizeof s->players[1], "%s", p1);
    return LB_OK;
}

int lb_game_settings_from_json(const char *text, size_t len, lb_game_settings *out, lb_err *err)
{
    json_error_t jerr;
    json_t *o = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!o)
        return lb_err_set(err, LB_SYNTAX, "settings: %s", jerr.text);
    int rc = lbi_settings_parse(o, out, err);
    json_decref(o);
    path_first(err);
    return rc;
}

int lb_game_export(const lb_game *g, char **out)
{
    *out = NULL;
    char *journal = NULL, hash[20];
    if (lb_journal_to_json(&g->journal, &journal) != LB_OK)
        return LB_NOMEM;
    json_t *scenario = json_loadb(g->text, g->len, 0, NULL);
    json_t *jj = json_loads(journal, 0, NULL);
    json_t *settings = settings_json(&g->settings), *dice = lbi_dice_json(g);
    free(journal);
    snprintf(hash, sizeof hash, "%016" PRIx64, lb_game_hash(g));
    json_t *root = scenario && jj && settings && dice
                       ? json_pack("{s:s,s:s,s:o,s:o,s:o,s:o,s:i,s:s}", "format", GAME_FORMAT,
                                   "scenario_name", g->name, "scenario", scenario, "settings",
                                   settings, "dice", dice, "journal", jj, "seq",
                                   g->journal.count, "hash", hash)
                       : NULL;
    json_t *never = root ? lbi_never_ask_json(g, LB_ROLE_BOTH) : NULL; /* R-OCH-13: not read */
    if (never)
        json_object_set_new(root, "never_ask", never);
    if (!root) {
        json_decref(scenario);
        json_decref(jj);
        json_decref(settings);
        json_decref(dice);
        return LB_NOMEM;
    }
    *out = json_dumps(root, JSON_COMPACT);
    json_decref(root);
    return *out ? LB_OK : LB_NOMEM;
}

static int import_error(lb_errlist *errs, const char *name, int code, const char *msg)
{
    lb_err e;
    lb_err_set(&e, code, "%s", msg);
    snprintf(e.file, sizeof e.file, "%s", name);
    lb_errlist_push(errs, &e);
    return code;
}

/* The revealed secret of the export's "dice" member (optional), or NULL; -1 when malformed. */
static int revealed_of(const json_t *dice, const char **secret)
{
    *secret = NULL;
    if (!dice)
        return 0;
    json_t *v = json_is_object(dice) ? json_object_get(dice, "secret") : NULL;
    if (!json_is_object(dice) || (v && !json_is_string(v)))
        return -1;
    *secret = json_string_value(v);
    return 0;
}

/* R-DICE-3: the dice of an imported game. Secret dice take the secret revealed at the end, or
 * else a new one: the rolls of the journal stay as they are (history), first_draw counts them,
 * and every later draw is keyed by a secret that no export of the game ever showed. */
static int import_dice(lb_game_settings *set, const char *revealed, const lb_journal *j,
                       lb_err *err)
{
    if (set->dice != LB_DICE_SECRET)
        return LB_OK;
    if (revealed) {
        int rc = lb_game_settings_reveal(set, revealed, err);
        char why[LB_ERR_MSG_MAX];
        snprintf(why, sizeof why, "%s", err->msg);
        return rc == LB_OK ? LB_OK : lb_err_set(err, rc, "/dice/secret: %s", why);
    }
    uint64_t ai_seed = set->ai_seed;
    if (lb_game_settings_secret(set) != LB_OK)
        return lb_err_set(err, LB_IO, "no random bytes from the system for the dice's secret");
    set->ai_seed = ai_seed;
    for (int i = 0; i < j->count; i++)
        set->first_draw += j->entries[i].kind == LB_ENTRY_ROLL;
    return LB_OK;
}

int lb_game_import(const char *name, const char *text, size_t len, const lb_load_opts *opts,
                   lb_game **out, lb_errlist *errs)
{
    *out = NULL;
    json_error_t jerr;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root)
        return import_error(errs, name, LB_SYNTAX, jerr.text);
    const char *format = NULL, *sname = NULL, *hash = NULL, *revealed = NULL;
    json_t *scenario = NULL, *settings = NULL, *journal = NULL, *dice = NULL;
    int rc = LB_OK;
    char msg[LB_ERR_MSG_MAX];
    if (json_unpack(root, "{s:s,s:s,s:o,s:o,s:o,s:s,s?o}", "format", &format, "scenario_name",
                    &sname, "scenario", &scenario, "settings", &settings, "journal", &journal,
                    "hash", &hash, "dice", &dice) != 0 || strcmp(format, GAME_FORMAT) != 0) {
        json_decref(root);
        return import_error(errs, name, LB_INVALID, "expected {\"format\": \"" GAME_FORMAT "\", "
                            "scenario_name, scenario, settings, dice?, journal, hash}");
    }
    if (revealed_of(dice, &revealed) != 0) {
        json_decref(root);
        return import_error(errs, name, LB_INVALID, "/dice: expected {mode, …, secret?: the "
                            "revealed secret}");
    }
    lb_game_settings set;
    lb_err err = {0};
    char *stext = json_dumps(scenario, JSON_INDENT(1));
    char *jtext = json_dumps(journal, JSON_COMPACT);
    lb_journal j;
    lb_journal_init(&j);
    lb_game *g = NULL;
    if (!stext || !jtext)
        rc = LB_NOMEM;
    if (rc == LB_OK && (rc = lbi_settings_parse(settings, &set, &err)) != LB_OK) {
        path_first(&err);
        import_error(errs, name, rc, err.msg);
    }
    if (rc == LB_OK && (rc = lb_journal_from_json(jtext, strlen(jtext), &j, &err)) != LB_OK) {
        snprintf(msg, sizeof msg, "/journal%s: %s", err.path, err.msg);
        import_error(errs, name, rc, msg);
    }
    if (rc == LB_OK && (rc = import_dice(&set, revealed, &j, &err)) != LB_OK)
        import_error(errs, name, rc, err.msg);
    if (rc == LB_OK)
        rc = lb_game_new(sname, stext, strlen(stext), opts, &set, &g, errs);
    if (rc == LB_OK && (rc = lb_game_load_journal(g, &j, &err)) != LB_OK)
        import_error(errs, name, rc, err.msg);
    char now[20];
    if (rc == LB_OK) {
        snprintf(now, sizeof now, "%016" PRIx64, lb_game_hash(g));
        if (strcmp(now, hash) != 0) {
            snprintf(msg, sizeof msg, "the journal replays to state %s, not the exported %s",
                     now, hash);
            rc = import_error(errs, name, LB_INVALID, msg);
        }
    }
    /* a secret is revealed only once the battle is over: no game goes on with dice known */
    if (rc == LB_OK && revealed && set.dice == LB_DICE_SECRET && !g->over)
        rc = import_error(errs, name, LB_INVALID, "/dice/secret: the battle is not over, so its "
                          "dice secret may not be known");
    lb_journal_release(&j);
    free(stext);
    free(jtext);
    json_decref(root);
    if (rc != LB_OK) {
        lb_game_free(g);
        return rc;
    }
    *out = g;
    return LB_OK;
}
