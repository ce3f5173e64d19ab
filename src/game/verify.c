/* Verifying an export's dice (R-DICE-5): the revealed secret against its commitment, every roll of the whole journal against the derivation or the seed, and the journal replayed to the state it claims; a file that is not an export refused with each problem placed. */
#include <inttypes.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "jsonpos.h"
#include "lb/game.h"
#include "decision_int.h"
#include "game_dice_int.h"
#include "dice_int.h"
#include "answer_int.h"

#define GAME_FORMAT "labataille-game/1"

typedef struct checker {
    const char *name, *text;
    size_t len;
    lb_errlist *errs;
    int failed;
} checker;

/* A problem at the JSON Pointer path of the export, placed at its line and column. */
static void problem(checker *C, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void problem(checker *C, const char *path, const char *fmt, ...)
{
    lb_err e;
    va_list ap;
    va_start(ap, fmt);
    char msg[LB_ERR_MSG_MAX];
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    lb_err_set(&e, LB_INVALID, "%s", msg);
    snprintf(e.file, sizeof e.file, "%s", C->name);
    snprintf(e.path, sizeof e.path, "%s", path[0] ? path : "/");
    jsonpos at;
    if (lbi_jsonpos_locate_all(C->text, C->len, &path, 1, &at) == 0) {
        e.line = at.line;
        e.col = at.col;
    }
    lb_errlist_push(C->errs, &e);
    C->failed = 1;
}

/* What a value is, for "found …". */
static const char *kind_of(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "a list";
    case JSON_STRING: return "a string";
    case JSON_INTEGER:
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    default: return "null";
    }
}

/* Member key of o (at the document's top) of the JSON type wanted (required or not): the value,
 * or NULL (reported when it is there of another type, or missing and required). */
static json_t *member(checker *C, json_t *o, const char *base, const char *key, json_type want,
                      const char *what, int required)
{
    json_t *v = json_object_get(o, key);
    char path[LB_ERR_PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", base, key);
    if (v && json_typeof(v) == want)
        return v;
    if (v)
        problem(C, path, "expected %s, found %s", what, kind_of(v));
    else if (required)
        problem(C, base, "expected %s in member \"%s\", found none", what, key);
    return NULL;
}

/* The rolls of the journal against the dice: secret (from first_draw) or seeded. */
static void check_rolls(const lb_game_settings *set, int revealed, const lb_journal *j,
                        lb_verify_report *out)
{
    lb_dice seeded;
    lb_dice_init_seed(&seeded, set->seed);
    for (int i = 0, k = 0; i < j->count; i++) {
        const lb_journal_entry *e = &j->entries[i];
        if (e->kind != LB_ENTRY_ROLL)
            continue;
        out->rolls++;
        int draw = k++, expected;
        if (set->dice == LB_DICE_SECRET && draw < set->first_draw) {
            out->imported++;
            continue;
        }
        if (set->dice == LB_DICE_SECRET && !revealed)
            continue;
        if (set->dice == LB_DICE_SECRET) {
            expected = lb_dice_derive(set->secret, (uint64_t)draw, e->die);
        } else {
            seeded.log_len = 0; /* the log is not read: each draw alone */
            if (e->die == LB_DIE_TWO)
                lb_dice_roll(&seeded, "verify", &expected);
            else
                lb_dice_d6(&seeded, "verify", &expected);
        }
        out->checked++;
        if (expected == e->value)
            continue;
        if (out->nmismatches < LB_VERIFY_SHOWN) {
            lb_verify_mismatch *m = &out->mismatches[out->nmismatches];
            m->entry = i + 1;
            m->draw = draw;
            m->kind = e->die;
            m->expected = expected;
            m->found = e->value;
            snprintf(m->purpose, sizeof m->purpose, "%s", e->purpose);
        }
        out->nmismatches++;
    }
}

/* R-GAME-13: the journal replayed on the scenario gives the state the export claims. Secret
 * dice replay under a throw-away secret: replay takes every die from the journal, and the hash
 * holds the count of draws, never the secret. */
static int replay(const char *sname, json_t *scenario, lb_game_settings set, const lb_journal *j,
                  const lb_load_opts *opts, lb_verify_report *out, lb_errlist *errs)
{
    if (set.dice == LB_DICE_SECRET && lb_game_settings_secret(&set) != LB_OK)
        return LB_IO;
    char *stext = json_dumps(scenario, JSON_INDENT(1));
    if (!stext)
        return LB_NOMEM;
    lb_game *g = NULL;
    lb_err err = {0};
    int rc = lb_game_new(sname, stext, strlen(stext), opts, &set, &g, errs);
    free(stext);
    if (rc != LB_OK)
        return rc;
    if (lb_game_load_journal(g, j, &err) != LB_OK) {
        snprintf(out->replay, sizeof out->replay, "%s", err.msg);
    } else {
        char now[20];
        snprintf(now, sizeof now, "%016" PRIx64, lb_game_hash(g));
        out->replayed = strcmp(now, out->hash) == 0;
        out->over = g->over;
        if (!out->replayed)
            snprintf(out->replay, sizeof out->replay, "the journal replays to state %s, not the "
                     "exported %s", now, out->hash);
    }
    lb_game_free(g);
    return LB_OK;
}

/* The export's secret dice: the secret revealed in its "dice" member, checked against the
 * commitment of the settings and of that member. */
static void check_secret(checker *C, json_t *dice, lb_game_settings *set, lb_verify_report *out)
{
    json_t *secret = dice ? member(C, dice, "/dice", "secret", JSON_STRING, "the revealed secret "
                                   "(64 hex digits)", 0) : NULL;
    json_t *published = dice ? member(C, dice, "/dice", "commitment", JSON_STRING,
                                      "the commitment (64 hex digits)", 0) : NULL;
    if (!secret)
        return;
    unsigned char bytes[LB_DICE_SECRET_BYTES];
    if (lb_dice_secret_parse(json_string_value(secret), bytes) != LB_OK) {
        problem(C, "/dice/secret", "expected 64 hex digits, found \"%.70s\"",
                json_string_value(secret));
        return;
    }
    memcpy(set->secret, bytes, sizeof bytes);
    lb_dice_secret_hex(bytes, out->secret);
    lb_dice_commitment(bytes, out->commitment_found);
    if (published)
        snprintf(out->commitment_dice, sizeof out->commitment_dice, "%.64s",
                 json_string_value(published));
    out->commitment_ok = strcmp(out->commitment_found, set->commitment) == 0 &&
                         (!published || strcmp(out->commitment_dice, out->commitment_found) == 0);
}

/* The export's journal read into j (its problems reported at /journal...); LB_NOMEM or LB_OK. */
static int read_journal(checker *C, const json_t *journal, lb_journal *j)
{
    char *jtext = json_dumps(journal, JSON_COMPACT);
    if (!jtext)
        return LB_NOMEM;
    lb_err err = {0};
    if (lb_journal_from_json(jtext, strlen(jtext), j, &err) != LB_OK) {
        char path[LB_ERR_PATH_MAX];
        snprintf(path, sizeof path, "/journal%s", strcmp(err.path, "/") ? err.path : "");
        problem(C, path, "%s", err.msg);
    }
    free(jtext);
    return LB_OK;
}

/* The verdict of a replayed export: verified when every roll matches and the dice are seeded or
 * their commitment holds; a finished battle always reveals its secret, so one that does not is
 * not verified, and a battle still going on not yet. */
static lb_verify_verdict verdict_of(const lb_game_settings *set, const lb_verify_report *out)
{
    int fair = out->nmismatches == 0 && out->replayed &&
               (set->dice == LB_DICE_SEEDED || out->commitment_ok);
    int hidden = set->dice == LB_DICE_SECRET && !out->secret[0];
    return hidden && !out->over ? LB_VERIFY_NOT_YET
           : fair && !hidden    ? LB_VERIFIED
                                : LB_VERIFY_FAILED;
}

int lb_game_verify(const char *name, const char *text, size_t len, const lb_load_opts *opts,
                   lb_verify_report *out, lb_errlist *errs)
{
    memset(out, 0, sizeof *out);
    checker C = {name, text, len, errs, 0};
    json_error_t jerr;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root) {
        lb_err e;
        lbi_json_syntax_error(text, len, &jerr, &e);
        snprintf(e.file, sizeof e.file, "%s", name);
        lb_errlist_push(errs, &e);
        return e.code;
    }
    if (!json_is_object(root)) {
        problem(&C, "", "expected an export {\"format\": \"" GAME_FORMAT "\", …}, found %s",
                kind_of(root));
        json_decref(root);
        return LB_INVALID;
    }
    json_t *format = member(&C, root, "", "format", JSON_STRING, "\"" GAME_FORMAT "\"", 1);
    if (format && strcmp(json_string_value(format), GAME_FORMAT) != 0)
        problem(&C, "/format", "expected \"" GAME_FORMAT "\", found \"%.40s\"",
                json_string_value(format));
    json_t *sname = member(&C, root, "", "scenario_name", JSON_STRING, "the scenario's name", 1);
    json_t *scenario = member(&C, root, "", "scenario", JSON_OBJECT, "the scenario", 1);
    json_t *settings = member(&C, root, "", "settings", JSON_OBJECT, "the settings", 1);
    json_t *journal = member(&C, root, "", "journal", JSON_OBJECT, "the journal", 1);
    json_t *hash = member(&C, root, "", "hash", JSON_STRING, "the state hash", 1);
    json_t *dice = member(&C, root, "", "dice", JSON_OBJECT, "the dice", 0);
    lb_game_settings set;
    lb_err err = {0};
    if (settings && lbi_settings_parse(settings, &set, &err) != LB_OK)
        problem(&C, err.path, "%s", err.msg);
    lb_journal j;
    lb_journal_init(&j);
    if (journal && read_journal(&C, journal, &j) != LB_OK) {
        json_decref(root);
        return LB_NOMEM;
    }
    if (!C.failed && set.dice == LB_DICE_SECRET)
        check_secret(&C, dice, &set, out);
    int rc = C.failed ? LB_INVALID : LB_OK;
    if (rc == LB_OK) {
        out->mode = set.dice;
        out->seed = set.seed;
        snprintf(out->commitment, sizeof out->commitment, "%s", set.commitment);
        snprintf(out->hash, sizeof out->hash, "%.16s", json_string_value(hash));
        out->seq = j.count;
        check_rolls(&set, out->secret[0] != '\0', &j, out);
        rc = replay(json_string_value(sname), scenario, set, &j, opts, out, errs);
    }
    if (rc == LB_OK)
        out->verdict = verdict_of(&set, out);
    lb_journal_release(&j);
    json_decref(root);
    return rc;
}

const char *lb_verify_verdict_name(lb_verify_verdict v)
{
    return v == LB_VERIFIED ? "verified" : v == LB_VERIFY_NOT_YET ? "not yet" : "not verified";
}
