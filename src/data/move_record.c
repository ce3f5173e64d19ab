/* A unit's movement record ("move_record") and a leader's attachment ("attached_to") read from a scenario. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "move_record.h"
#include "state_int.h"
#include "arena_int.h"
#include "unit_int.h"


#define HOLDS "\"none\", \"retreated\", \"charge\" or \"charged\""

typedef struct reader {
    const char *base;
    lbi_report report;
    void *ctx;
} reader;

__attribute__((format(printf, 3, 4))) static void problem(const reader *r, const char *key,
                                                          const char *fmt, ...)
{
    char path[LB_ERR_PATH_MAX], msg[LB_ERR_MSG_MAX];
    snprintf(path, sizeof path, "%s/move_record%s%s", r->base, key ? "/" : "", key ? key : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    r->report(r->ctx, path, msg);
}

static void found(const json_t *v, char *buf, size_t n)
{
    char *text = v ? json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
    snprintf(buf, n, "%s", text ? text : "nothing");
    free(text);
}

static int count(const reader *r, const json_t *rec, const char *key, int max, int *out)
{
    const json_t *v = json_object_get(rec, key);
    if (!v)
        return 0;
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > max) {
        char f[80];
        found(v, f, sizeof f);
        problem(r, key, "expected an integer from 0 to %d, found %s", max, f);
        return -1;
    }
    *out = (int)json_integer_value(v);
    return 0;
}

static void flag(const reader *r, const json_t *rec, const char *key, int *out)
{
    const json_t *v = json_object_get(rec, key);
    if (!v)
        return;
    if (!json_is_boolean(v)) {
        char f[80];
        found(v, f, sizeof f);
        problem(r, key, "expected true or false, found %s", f);
        return;
    }
    *out = json_is_true(v);
}

/* A name parse accepts (what names them in the message); -2 absent, -1 reported. */
static int name(const reader *r, const json_t *rec, const char *key, int (*parse)(const char *),
                const char *what)
{
    const json_t *v = json_object_get(rec, key);
    if (!v)
        return -2;
    const char *s = json_string_value(v);
    int k = s ? parse(s) : -1;
    if (k < 0) {
        char f[80];
        found(v, f, sizeof f);
        problem(r, key, "expected %s, found %s", what, f);
    }
    return k;
}

/* MP spent: whole MP as an integer, or halves as a string "5/2" (R-MOV-2). */
static void spent(const reader *r, const json_t *rec, int *out)
{
    const json_t *v = json_object_get(rec, "spent");
    if (!v)
        return;
    if (json_is_integer(v) && json_integer_value(v) >= 0 && json_integer_value(v) <= 999) {
        *out = 2 * (int)json_integer_value(v);
        return;
    }
    int num, len = 0;
    const char *s = json_string_value(v);
    if (s && sscanf(s, "%d/2%n", &num, &len) == 1 && s[len] == '\0' && num >= 0 && num <= 1998 &&
        s[0] >= '0' && s[0] <= '9') {
        *out = num;
        return;
    }
    char f[80];
    found(v, f, sizeof f);
    problem(r, "spent", "expected movement points: an integer or halves as \"N/2\", found %s", f);
}

void lbi_move_record_load(const json_t *at, const json_t *rec, const char *base, lb_unit *u,
                          lb_arena *arena, lbi_report report, void *ctx)
{
    reader r = {base, report, ctx};
    lb_move_record *m = &u->move;
    memset(m, 0, sizeof *m);
    m->start_formation = u->formation;
    m->start_state = u->state;
    if (at) {
        char path[LB_ERR_PATH_MAX], f[80];
        snprintf(path, sizeof path, "%s/attached_to", base);
        found(at, f, sizeof f);
        if (u->arm != LB_ARM_LEADER || !json_is_string(at) || !json_string_length(at)) {
            char msg[LB_ERR_MSG_MAX];
            snprintf(msg, sizeof msg, "expected %s, found %s",
                     u->arm == LB_ARM_LEADER ? "the id of a unit" : "no attached_to (only leaders attach)",
                     f);
            report(ctx, path, msg);
        } else {
            u->attached = lb_arena_strdup(arena, json_string_value(at));
        }
    }
    if (!rec)
        return;
    if (!json_is_object(rec)) {
        char f[80];
        found(rec, f, sizeof f);
        problem(&r, NULL, "expected an object, found %s", f);
        return;
    }
    spent(&r, rec, &m->spent);
    count(&r, rec, "actions", 999, &m->actions);
    count(&r, rec, "steps", 999, &m->steps);
    count(&r, rec, "force_march_turns", 99, &m->march_turns);
    int k = name(&r, rec, "start_formation", lb_formation_parse, "a formation");
    if (k >= 0)
        m->start_formation = (lb_formation)k;
    k = name(&r, rec, "start_state", lb_morale_state_parse, "a morale state");
    if (k >= 0)
        m->start_state = (lb_morale_state)k;
    k = name(&r, rec, "hold", lb_move_hold_parse, HOLDS);
    if (k >= 0)
        m->hold = (lb_move_hold)k;
    k = name(&r, rec, "hold_next", lb_move_hold_parse, HOLDS);
    if (k >= 0)
        m->hold_next = (lb_move_hold)k;
    k = name(&r, rec, "force_march", lb_force_march_parse, "\"none\", \"marching\" or \"failed\"");
    if (k >= 0)
        m->march = (lb_force_march)k;
    flag(&r, rec, "first_formation_change", &m->first_form_change);
    flag(&r, rec, "stopped", &m->stopped);
    flag(&r, rec, "prolonged", &m->prolonged);
    flag(&r, rec, "rode", &m->rode);
    int least = m->steps > 0 ? m->steps : m->spent > 0;
    if (m->actions < least)
        problem(&r, "actions", "expected at least %d action%s (one per step taken, one when MP are "
                "spent), found %d", least, least == 1 ? "" : "s", m->actions);
}

void lbi_move_record_check(const lb_state *st, lbi_report report, void *ctx)
{
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *l = &st->units[i];
        if (!l->attached || l->nhexes == 0)
            continue;
        int j = lb_state_unit_index(st, l->attached);
        const lb_unit *u = j >= 0 ? &st->units[j] : NULL;
        if (u && lb_unit_is_combat(u) && u->side == l->side && lb_unit_in_hex(u, l->hexes[0]))
            continue;
        char path[LB_ERR_PATH_MAX], msg[LB_ERR_MSG_MAX];
        snprintf(path, sizeof path, "/units/%d/attached_to", i);
        snprintf(msg, sizeof msg, "expected a friendly combat unit in the leader's hex, found \"%s\"%s",
                 l->attached, !u ? " (no such unit)" : "");
        report(ctx, path, msg);
    }
}
