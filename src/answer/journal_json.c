/* The journal as JSON text and back: a saved game's journal, one object per entry, checked as it is read. */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "rules_types.h"
#include "lb/core.h"
#include "answer_int.h"
#include "decision_int.h"
#include "dice_int.h"

#define JOURNAL_FORMAT "labataille-journal/1"

static json_t *entry_json(const lb_journal_entry *e)
{
    if (e->kind == LB_ENTRY_DECISION)
        return json_pack("{s:s,s:i,s:s,s:s,s:s}", "decision", lb_decision_kind_name(e->decision), "side",
                         e->side, "subject", e->subject, "key", e->key, "by", lb_decided_by_name(e->by));
    if (e->kind == LB_ENTRY_UNDO)
        return json_pack("{s:i,s:i}", "undo", e->value, "side", e->side);
    return json_pack("{s:s,s:i,s:s}", "die", e->die == LB_DIE_TWO ? "roll" : "die", "value",
                     e->value, "purpose", e->purpose);
}

int lb_journal_entry_to_json(const lb_journal_entry *e, char **out)
{
    json_t *o = entry_json(e);
    *out = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    return *out ? LB_OK : LB_NOMEM;
}

int lb_journal_to_json(const lb_journal *j, char **out)
{
    *out = NULL;
    json_t *entries = json_array();
    json_t *root = json_pack("{s:s,s:o}", "format", JOURNAL_FORMAT, "entries", entries);
    if (!root)
        return LB_NOMEM;
    int ok = 1;
    for (int i = 0; i < j->count && ok; i++) {
        json_t *o = entry_json(&j->entries[i]);
        ok = o && json_array_append_new(entries, o) == 0;
    }
    if (ok)
        *out = json_dumps(root, JSON_COMPACT);
    json_decref(root);
    return *out ? LB_OK : LB_NOMEM;
}

static int bad(lb_err *err, const char *path, const char *msg)
{
    lb_err_set(err, LB_INVALID, "%s", msg);
    if (err)
        snprintf(err->path, sizeof err->path, "%s", path);
    return LB_INVALID;
}

/* One entry of the JSON journal into e; LB_OK or LB_INVALID with err. */
static int parse_entry(const json_t *o, const char *path, lb_journal_entry *e, lb_err *err)
{
    const char *name = NULL, *subject = NULL, *key = NULL, *by = NULL, *purpose = NULL;
    int side = -1, value = 0;
    if (json_unpack((json_t *)o, "{s:s,s:i,s:s,s:s,s:s}", "decision", &name, "side", &side,
                    "subject", &subject, "key", &key, "by", &by) == 0) {
        int kind = lb_decision_kind_parse(name), who = lb_decided_by_parse(by);
        if (kind < 0 || who < 0 || side < 0 || side > 1 || strlen(subject) >= LB_SUBJECT_MAX ||
            !key[0] || strlen(key) >= LB_OPTION_KEY_MAX)
            return bad(err, path, "expected a decision {decision, side 0-1, subject, key, by}");
        e->kind = LB_ENTRY_DECISION;
        e->decision = (lb_decision_kind)kind;
        e->side = side;
        e->by = (lb_decided_by)who;
        snprintf(e->subject, sizeof e->subject, "%s", subject);
        snprintf(e->key, sizeof e->key, "%s", key);
        return LB_OK;
    }
    if (json_unpack((json_t *)o, "{s:s,s:i,s:s}", "die", &name, "value", &value, "purpose",
                    &purpose) == 0) {
        int two = strcmp(name, "roll") == 0;
        if ((!two && strcmp(name, "die") != 0) || (two && !lb_roll_valid(value)) ||
            (!two && (value < 1 || value > 6)) || strlen(purpose) >= LB_PURPOSE_MAX)
            return bad(err, path, "expected a roll 11-66 or a die 1-6 with its purpose");
        e->kind = LB_ENTRY_ROLL;
        e->die = two ? LB_DIE_TWO : LB_DIE_ONE;
        e->value = value;
        snprintf(e->purpose, sizeof e->purpose, "%s", purpose);
        return LB_OK;
    }
    int keep = -1;
    if (json_unpack((json_t *)o, "{s:i,s:i}", "undo", &keep, "side", &side) == 0) {
        if (keep < 0 || side < 0 || side > 1)
            return bad(err, path, "expected an undo {undo: entries kept, side 0-1}");
        e->kind = LB_ENTRY_UNDO;
        e->value = keep;
        e->side = side;
        return LB_OK;
    }
    return bad(err, path, "expected a decision, a roll or an undo entry");
}

int lb_journal_entry_from_json(const char *text, size_t len, lb_journal_entry *out, lb_err *err)
{
    memset(out, 0, sizeof *out);
    json_error_t jerr;
    json_t *o = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!o) {
        lb_err_set(err, LB_SYNTAX, "%s", jerr.text);
        return LB_SYNTAX;
    }
    int rc = parse_entry(o, "", out, err);
    json_decref(o);
    return rc;
}

int lb_journal_from_json(const char *text, size_t len, lb_journal *out, lb_err *err)
{
    lb_journal_init(out);
    json_error_t jerr;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root) {
        lb_err_set(err, LB_SYNTAX, "%s", jerr.text);
        if (err) {
            err->line = jerr.line;
            err->col = jerr.column;
        }
        return LB_SYNTAX;
    }
    const char *format = NULL;
    json_t *entries = NULL;
    int rc = LB_OK;
    if (json_unpack(root, "{s:s,s:o}", "format", &format, "entries", &entries) != 0 ||
        strcmp(format, JOURNAL_FORMAT) != 0 || !json_is_array(entries))
        rc = bad(err, "/", "expected {\"format\": \"" JOURNAL_FORMAT "\", \"entries\": [...]}");
    size_t i;
    json_t *o;
    json_array_foreach(entries, i, o) {
        if (rc != LB_OK)
            break;
        char path[48];
        snprintf(path, sizeof path, "/entries/%zu", i);
        lb_journal_entry e;
        memset(&e, 0, sizeof e);
        rc = parse_entry(o, path, &e, err);
        if (rc == LB_OK)
            rc = lb_journal_push(out, &e);
    }
    json_decref(root);
    if (rc != LB_OK)
        lb_journal_release(out);
    return rc;
}
