/* A game as one JSON document and back (the scenario, the settings, the whole journal and the state hash), and the settings as JSON. */
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"

#define GAME_FORMAT "labataille-game/1"

static json_t *settings_json(const lb_game_settings *s)
{
    char seed[24];
    snprintf(seed, sizeof seed, "%" PRIu64, s->seed);
    return json_pack("{s:s,s:o,s:s,s:[s,s],s:i}", "seed", seed, "rules",
                     s->rules >= 0 ? json_string(lb_edition_name((lb_edition)s->rules))
                                   : json_null(),
                     "undo", s->undo == LB_UNDO_TWO_PLAYERS ? "two-players" : "hotseat",
                     "players", s->players[0], s->players[1], "movement_time_limit_s",
                     s->movement_time_limit_s);
}

int lb_game_settings_to_json(const lb_game_settings *s, char **out)
{
    json_t *o = settings_json(s);
    *out = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    return *out ? LB_OK : LB_NOMEM;
}

static int settings_parse(const json_t *o, lb_game_settings *s, lb_err *err)
{
    lb_game_settings_init(s);
    const char *seed = NULL, *undo = "hotseat", *p0 = "", *p1 = "";
    json_t *rules = NULL;
    int limit = 0;
    if (json_unpack((json_t *)o, "{s:s,s?o,s?s,s?[ss],s?i}", "seed", &seed, "rules", &rules,
                    "undo", &undo, "players", &p0, &p1, "movement_time_limit_s", &limit) != 0)
        return lb_err_set(err, LB_INVALID, "/settings: expected {seed, rules, undo, players, "
                          "movement_time_limit_s}");
    char *end;
    s->seed = strtoull(seed, &end, 10);
    if (!seed[0] || *end)
        return lb_err_set(err, LB_INVALID, "/settings/seed: expected a decimal seed, found \"%s\"",
                          seed);
    if (rules && !json_is_null(rules) &&
        (!json_is_string(rules) || (s->rules = lb_edition_parse(json_string_value(rules))) < 0))
        return lb_err_set(err, LB_INVALID, "/settings/rules: expected premier-2018, "
                          "premier-2017 or null");
    if (strcmp(undo, "hotseat") != 0 && strcmp(undo, "two-players") != 0)
        return lb_err_set(err, LB_INVALID, "/settings/undo: expected hotseat or two-players, "
                          "found \"%s\"", undo);
    s->undo = undo[0] == 't' ? LB_UNDO_TWO_PLAYERS : LB_UNDO_HOTSEAT;
    if (limit < 0)
        return lb_err_set(err, LB_INVALID, "/settings/movement_time_limit_s: expected >= 0");
    s->movement_time_limit_s = limit;
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
    int rc = settings_parse(o, out, err);
    json_decref(o);
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
    free(journal);
    snprintf(hash, sizeof hash, "%016" PRIx64, lb_game_hash(g));
    json_t *root = scenario && jj
                       ? json_pack("{s:s,s:s,s:o,s:o,s:o,s:i,s:s}", "format", GAME_FORMAT,
                                   "scenario_name", g->name, "scenario", scenario, "settings",
                                   settings_json(&g->settings), "journal", jj, "seq",
                                   g->journal.count, "hash", hash)
                       : NULL;
    if (!root) {
        json_decref(scenario);
        json_decref(jj);
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

int lb_game_import(const char *name, const char *text, size_t len, const lb_load_opts *opts,
                   lb_game **out, lb_errlist *errs)
{
    *out = NULL;
    json_error_t jerr;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root)
        return import_error(errs, name, LB_SYNTAX, jerr.text);
    const char *format = NULL, *sname = NULL, *hash = NULL;
    json_t *scenario = NULL, *settings = NULL, *journal = NULL;
    int rc = LB_OK;
    char msg[LB_ERR_MSG_MAX];
    if (json_unpack(root, "{s:s,s:s,s:o,s:o,s:o,s:s}", "format", &format, "scenario_name", &sname,
                    "scenario", &scenario, "settings", &settings, "journal", &journal, "hash",
                    &hash) != 0 || strcmp(format, GAME_FORMAT) != 0) {
        json_decref(root);
        return import_error(errs, name, LB_INVALID, "expected {\"format\": \"" GAME_FORMAT "\", "
                            "scenario_name, scenario, settings, journal, hash}");
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
    if (rc == LB_OK && (rc = settings_parse(settings, &set, &err)) != LB_OK)
        import_error(errs, name, rc, err.msg);
    if (rc == LB_OK && (rc = lb_journal_from_json(jtext, strlen(jtext), &j, &err)) != LB_OK) {
        snprintf(msg, sizeof msg, "/journal%s: %s", err.path, err.msg);
        import_error(errs, name, rc, msg);
    }
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
