/* Scenario loading: parses the JSON, merges the game charts, validates everything, builds an lb_state. */
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart_json.h"
#include "jsonpos.h"
#include "lb/charge_charts.h"
#include "lb/fire_charts.h"
#include "lb/melee_charts.h"
#include "lb/move_charts.h"
#include "lb/scenario.h"
#include "move_record.h"
#include "scenario_battle.h"

#define PATH_MAX_LEN LB_ERR_PATH_MAX
#define MAP_SIDE_MAX 999
#define TERRAIN_TYPES_MAX 254
#define HEXSIDE_TYPES_MAX 32 /* cancels is a bit set */
#define NAMES_SHOWN 8

typedef struct source {
    const char *file;
    const char *text;
    size_t len;
} source;

typedef struct loader {
    source scenario;
    source module;          /* text NULL when the scenario names no game */
    json_t *root;
    json_t *module_root;
    json_t *inline_charts;  /* the scenario's "charts", or NULL */
    lb_errlist *errs;
    int strict;
    int failed_alloc;
    lb_state *st;
} loader;

/* ---- reporting ------------------------------------------------------------------------- */

static void push(loader *L, const source *src, jsonpos at, const char *path, const char *msg)
{
    lb_err e;
    memset(&e, 0, sizeof e);
    e.code = LB_INVALID;
    snprintf(e.file, sizeof e.file, "%s", src->file);
    e.line = at.line;
    e.col = at.col;
    snprintf(e.path, sizeof e.path, "%s", path[0] ? path : "/"); /* "/" shows the whole document */
    snprintf(e.msg, sizeof e.msg, "%s", msg);
    if (lb_errlist_push(L->errs, &e) != LB_OK)
        L->failed_alloc = 1;
}

static void vproblem(loader *L, const char *path, const char *fmt, va_list ap)
{
    char msg[LB_ERR_MSG_MAX];
    vsnprintf(msg, sizeof msg, fmt, ap);
    push(L, &L->scenario, jsonpos_locate(L->scenario.text, L->scenario.len, path), path, msg);
}

/* A problem with the scenario value at JSON Pointer path (or its deepest existing parent). */
__attribute__((format(printf, 3, 4))) static void problem(loader *L, const char *path,
                                                          const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vproblem(L, path, fmt, ap);
    va_end(ap);
}

/* A problem at the k-th character of the string at path. */
__attribute__((format(printf, 4, 5))) static void problem_char(loader *L, const char *path, int k,
                                                               const char *fmt, ...)
{
    char msg[LB_ERR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    jsonpos at = jsonpos_locate(L->scenario.text, L->scenario.len, path);
    push(L, &L->scenario, jsonpos_string_char(L->scenario.text, L->scenario.len, at, k), path, msg);
}

/* A problem in the merged charts at chart path cpath ("/terrain/woods/move"): placed in the
 * scenario's inline charts when they hold it, else in the module. */
__attribute__((format(printf, 3, 4))) static void problem_chart(loader *L, const char *cpath,
                                                                const char *fmt, ...)
{
    char msg[LB_ERR_MSG_MAX], spath[PATH_MAX_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(spath, sizeof spath, "/charts%s", cpath);
    jsonpos in_scenario = jsonpos_locate(L->scenario.text, L->scenario.len, spath);
    if (L->inline_charts && (in_scenario.complete || !L->module.text)) {
        push(L, &L->scenario, in_scenario, spath, msg);
        return;
    }
    if (L->module.text) {
        jsonpos in_module = jsonpos_locate(L->module.text, L->module.len, cpath);
        if (in_module.complete || !L->inline_charts) {
            push(L, &L->module, in_module, cpath, msg);
            return;
        }
    }
    push(L, &L->scenario, in_scenario, spath, msg);
}

#define FOUND(v) cj_found((v), fbuf, sizeof fbuf)

/* "a, b, c" of up to NAMES_SHOWN names. */
static void join(char *buf, size_t n, const char *const *names, int count)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < count && used < n; i++) {
        if (i == NAMES_SHOWN) {
            snprintf(buf + used, n - used, ", ...");
            return;
        }
        used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? ", " : "", names[i]);
    }
}


/* ---- typed getters: report and return -1 when the value is there but wrong -------------- */

static void unknown_keys(loader *L, const json_t *obj, const char *base, const char *const *known,
                         int nknown)
{
    if (!L->strict || !json_is_object(obj))
        return;
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)obj, key, v) {
        int ok = 0;
        for (int i = 0; i < nknown && !ok; i++)
            ok = strcmp(key, known[i]) == 0;
        if (!ok) {
            char p[PATH_MAX_LEN], names[400];
            cj_path_key(p, base, key);
            join(names, sizeof names, known, nknown);
            problem(L, p, "expected one of the keys %s, found \"%s\"", names, key);
        }
    }
}

/* An integer in [min, max]; 0 and *out set when present and valid, 1 when missing (not an error
 * unless required), -1 when reported. */
static int get_int(loader *L, const json_t *obj, const char *key, const char *base, int required,
                   long min, long max, int *out)
{
    char p[PATH_MAX_LEN], fbuf[80];
    cj_path_key(p, base, key);
    json_t *v = json_object_get(obj, key);
    if (!v && !required)
        return 1;
    if (!json_is_integer(v) || json_integer_value(v) < min || json_integer_value(v) > max) {
        if (max == 99999)
            problem(L, p, "expected an integer of at least %ld, found %s", min, FOUND(v));
        else
            problem(L, p, "expected an integer from %ld to %ld, found %s", min, max, FOUND(v));
        return -1;
    }
    *out = (int)json_integer_value(v);
    return 0;
}

/* A non-empty string; same returns as get_int. */
static int get_string(loader *L, const json_t *obj, const char *key, const char *base,
                      int required, const char *what, const char **out)
{
    char p[PATH_MAX_LEN], fbuf[80];
    cj_path_key(p, base, key);
    json_t *v = json_object_get(obj, key);
    if (!v && !required)
        return 1;
    if (!json_is_string(v) || json_string_length(v) == 0) {
        problem(L, p, "expected %s, found %s", what, FOUND(v));
        return -1;
    }
    *out = json_string_value(v);
    return 0;
}

/* One of names[]; returns the index, or -1 (reported, or missing and required), or -2 when
 * missing and optional. */
static int get_enum(loader *L, const json_t *obj, const char *key, const char *base, int required,
                    const char *const *names, int count)
{
    char p[PATH_MAX_LEN], fbuf[80], list[400];
    cj_path_key(p, base, key);
    json_t *v = json_object_get(obj, key);
    if (!v && !required)
        return -2;
    if (json_is_string(v))
        for (int i = 0; i < count; i++)
            if (strcmp(json_string_value(v), names[i]) == 0)
                return i;
    join(list, sizeof list, names, count);
    problem(L, p, "expected one of %s, found %s", list, FOUND(v));
    return -1;
}

static char *dup(loader *L, const char *s)
{
    if (!s)
        return NULL;
    char *d = lb_arena_strdup(L->st->arena, s);
    if (!d)
        L->failed_alloc = 1;
    return d;
}

static void *alloc(loader *L, size_t n, size_t size)
{
    void *p = lb_arena_calloc(L->st->arena, n ? n : 1, size);
    if (!p)
        L->failed_alloc = 1;
    return p;
}

/* A roll value "11".."66" as a string (R-DICE-1). */
static int parse_roll(const json_t *v)
{
    if (!json_is_string(v))
        return 0;
    const char *s = json_string_value(v);
    if (strlen(s) != 2 || s[0] < '1' || s[0] > '6' || s[1] < '1' || s[1] > '6')
        return 0;
    return (s[0] - '0') * 10 + (s[1] - '0');
}

/* ---- charts ------------------------------------------------------------------------------ */

static const char *const arm_keys[LB_MOVE_ARMS] = {"infantry", "cavalry", "artillery"};

static json_t *merge(json_t *base, const json_t *over)
{
    if (!json_is_object(base) || !json_is_object(over))
        return json_deep_copy(over);
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)over, key, v) {
        json_t *mine = json_object_get(base, key);
        if (json_is_object(mine) && json_is_object(v)) {
            json_t *merged = merge(mine, v);
            if (!merged || json_object_set_new(base, key, merged))
                return NULL;
        } else if (json_object_set_new(base, key, json_deep_copy(v))) {
            return NULL;
        }
    }
    return json_incref(base);
}

/* Movement costs of a terrain or hexside type: every arm an integer >= 0 or null. */
static int compile_move(loader *L, const json_t *entry, const char *cpath, int move[LB_MOVE_ARMS])
{
    char p[PATH_MAX_LEN], fbuf[80];
    json_t *m = json_object_get(entry, "move");
    cj_path_key(p, cpath, "move");
    if (!json_is_object(m)) {
        problem_chart(L, p, "expected an object of movement costs by arm, found %s", FOUND(m));
        return -1;
    }
    int ok = 0;
    for (int a = 0; a < LB_MOVE_ARMS; a++) {
        json_t *v = json_object_get(m, arm_keys[a]);
        char pa[PATH_MAX_LEN];
        cj_path_key(pa, p, arm_keys[a]);
        if (json_is_null(v)) {
            move[a] = LB_MOVE_PROHIBITED;
        } else if (json_is_integer(v) && json_integer_value(v) >= 0 &&
                   json_integer_value(v) <= 99) {
            move[a] = (int)json_integer_value(v);
        } else {
            problem_chart(L, pa, "expected movement points 0-99 or null (prohibited), found %s",
                          FOUND(v));
            ok = -1;
        }
    }
    return ok;
}

static int compile_los(loader *L, const json_t *entry, const char *cpath, int allow_dwelling,
                       lb_los_class *out)
{
    char p[PATH_MAX_LEN], fbuf[80];
    json_t *v = json_object_get(entry, "los");
    cj_path_key(p, cpath, "los");
    *out = LB_LOS_CLEAR;
    if (!v)
        return 0;
    const char *s = json_is_string(v) ? json_string_value(v) : "";
    if (strcmp(s, "clear") == 0)
        return 0;
    if (strcmp(s, "blocks") == 0) {
        *out = LB_LOS_BLOCKS;
        return 0;
    }
    if (allow_dwelling && strcmp(s, "dwelling") == 0) {
        *out = LB_LOS_DWELLING;
        return 0;
    }
    problem_chart(L, p, "expected %s, found %s",
                  allow_dwelling ? "\"clear\", \"blocks\" or \"dwelling\"" : "\"clear\" or \"blocks\"",
                  FOUND(v));
    return -1;
}

static void compile_terrain(loader *L, const json_t *charts)
{
    char fbuf[80];
    lb_charts *c = &L->st->charts;
    json_t *terrain = json_object_get(charts, "terrain");
    if (!terrain)
        return;
    if (!json_is_object(terrain)) {
        problem_chart(L, "/terrain", "expected an object of terrain types, found %s",
                      FOUND(terrain));
        return;
    }
    size_t n = json_object_size(terrain);
    if (n > TERRAIN_TYPES_MAX) {
        problem_chart(L, "/terrain", "expected at most %d terrain types, found %zu",
                      TERRAIN_TYPES_MAX, n);
        return;
    }
    c->terrain = alloc(L, n, sizeof *c->terrain);
    if (!c->terrain)
        return;
    const char *key;
    json_t *entry;
    json_object_foreach(terrain, key, entry) {
        char p[PATH_MAX_LEN];
        cj_path_key(p, "/terrain", key);
        if (!json_is_object(entry)) {
            problem_chart(L, p, "expected a terrain type object, found %s", FOUND(entry));
            continue;
        }
        lb_terrain_type *t = &c->terrain[c->nterrain];
        json_t *go = json_object_get(entry, "general_order");
        if (go && !json_is_boolean(go)) {
            char pg[PATH_MAX_LEN];
            cj_path_key(pg, p, "general_order");
            problem_chart(L, pg, "expected true or false, found %s", FOUND(go));
            continue;
        }
        if (compile_move(L, entry, p, t->move) || compile_los(L, entry, p, 1, &t->los))
            continue;
        t->general_order = json_is_true(go);
        t->id = dup(L, key);
        c->nterrain++;
    }
}

static void compile_hexsides(loader *L, const json_t *charts)
{
    char fbuf[80];
    lb_charts *c = &L->st->charts;
    json_t *sides = json_object_get(charts, "hexsides");
    if (!sides)
        return;
    if (!json_is_object(sides)) {
        problem_chart(L, "/hexsides", "expected an object of hexside types, found %s",
                      FOUND(sides));
        return;
    }
    size_t n = json_object_size(sides);
    if (n > HEXSIDE_TYPES_MAX) {
        problem_chart(L, "/hexsides", "expected at most %d hexside types, found %zu",
                      HEXSIDE_TYPES_MAX, n);
        return;
    }
    c->hexsides = alloc(L, n, sizeof *c->hexsides);
    if (!c->hexsides)
        return;
    const char *key;
    json_t *entry;
    json_object_foreach(sides, key, entry) {
        char p[PATH_MAX_LEN];
        cj_path_key(p, "/hexsides", key);
        if (!json_is_object(entry)) {
            problem_chart(L, p, "expected a hexside type object, found %s", FOUND(entry));
            continue;
        }
        lb_hexside_type *t = &c->hexsides[c->nhexsides];
        if (compile_move(L, entry, p, t->move) || compile_los(L, entry, p, 0, &t->los))
            continue;
        t->id = dup(L, key);
        c->nhexsides++;
    }
    /* cancels: a bridge or ford listed with the stream it crosses replaces the stream's cost */
    json_object_foreach(sides, key, entry) {
        int self = lb_charts_hexside(c, key);
        json_t *list = json_object_get(entry, "cancels");
        if (self < 0 || !list)
            continue;
        char entry_path[PATH_MAX_LEN], p[PATH_MAX_LEN];
        cj_path_key(entry_path, "/hexsides", key);
        cj_path_key(p, entry_path, "cancels"); /* not in place: snprintf's source and target */
        if (!json_is_array(list)) {
            problem_chart(L, p, "expected a list of hexside types, found %s", FOUND(list));
            continue;
        }
        size_t i;
        json_t *v;
        json_array_foreach(list, i, v) {
            int other = json_is_string(v) ? lb_charts_hexside(c, json_string_value(v)) : -1;
            char pi[PATH_MAX_LEN];
            cj_path_index(pi, p, i);
            if (other < 0)
                problem_chart(L, pi, "expected a hexside type of the charts, found %s", FOUND(v));
            else
                c->hexsides[self].cancels |= 1u << other;
        }
    }
}

static void compile_elevation(loader *L, const json_t *charts)
{
    char fbuf[80];
    lb_charts *c = &L->st->charts;
    c->elevation_hexside = -1;
    json_t *e = json_object_get(charts, "elevation");
    if (!e)
        return;
    json_t *v = json_object_get(e, "change_hexside");
    if (!json_is_object(e) || (v && (!json_is_string(v) ||
                                     lb_charts_hexside(c, json_string_value(v)) < 0))) {
        problem_chart(L, v ? "/elevation/change_hexside" : "/elevation",
                      "expected a hexside type of the charts, found %s", FOUND(v ? v : e));
        return;
    }
    if (v)
        c->elevation_hexside = lb_charts_hexside(c, json_string_value(v));
}

static int chart_int(loader *L, const json_t *entry, const char *cpath, const char *key,
                     int required, int min, int *out)
{
    char p[PATH_MAX_LEN], fbuf[80];
    json_t *v = json_object_get(entry, key);
    if (!v && !required)
        return 0;
    cj_path_key(p, cpath, key);
    if (!json_is_integer(v) || json_integer_value(v) < min || json_integer_value(v) > 999) {
        problem_chart(L, p, "expected an integer from %d to 999, found %s", min, FOUND(v));
        return -1;
    }
    *out = (int)json_integer_value(v);
    return 0;
}

static int chart_name(loader *L, const json_t *entry, const char *cpath, const char *key,
                      const char **out)
{
    char p[PATH_MAX_LEN], fbuf[80];
    json_t *v = json_object_get(entry, key);
    *out = NULL;
    if (!v)
        return 0;
    cj_path_key(p, cpath, key);
    if (!json_is_string(v) || !json_string_length(v)) {
        problem_chart(L, p, "expected a name, found %s", FOUND(v));
        return -1;
    }
    *out = dup(L, json_string_value(v));
    return 0;
}

/* strcmp for names that may be NULL (NULL equals only NULL); 0 when equal. */
static int same_name(const char *a, const char *b)
{
    return a && b ? strcmp(a, b) : a != b;
}

/* A positive integer or a rational {"num", "den"} (docs/charts-format.md 2.1). */
static int chart_frac(loader *L, const json_t *entry, const char *cpath, const char *key,
                      int required, lb_frac *out)
{
    char p[PATH_MAX_LEN], fbuf[80];
    json_t *v = json_object_get(entry, key);
    if (!v && !required)
        return 0;
    cj_path_key(p, cpath, key);
    json_t *num = json_object_get(v, "num"), *den = json_object_get(v, "den");
    if (json_is_integer(v) && json_integer_value(v) >= 1 && json_integer_value(v) <= 999) {
        *out = lb_frac_int(json_integer_value(v));
        return 0;
    }
    if (json_is_object(v) && json_object_size(v) == 2 && json_is_integer(num) &&
        json_is_integer(den) && json_integer_value(num) >= 1 && json_integer_value(num) <= 999 &&
        json_integer_value(den) >= 1 && json_integer_value(den) <= 999) {
        *out = lb_frac_make(json_integer_value(num), json_integer_value(den));
        return 0;
    }
    problem_chart(L, p, "expected an integer 1-999 or {\"num\": n, \"den\": d}, found %s",
                  FOUND(v));
    return -1;
}

static void compile_fire_multiples(loader *L, const json_t *charts)
{
    char fbuf[80];
    lb_charts *c = &L->st->charts;
    json_t *list = json_object_get(charts, "fire_multiples");
    if (!list)
        return;
    if (!json_is_array(list)) {
        problem_chart(L, "/fire_multiples", "expected a list of fire multiples, found %s",
                      FOUND(list));
        return;
    }
    c->fire_multiples = alloc(L, json_array_size(list), sizeof *c->fire_multiples);
    if (!c->fire_multiples)
        return;
    size_t i;
    json_t *entry;
    json_array_foreach(list, i, entry) {
        char p[PATH_MAX_LEN], pf[PATH_MAX_LEN];
        cj_path_index(p, "/fire_multiples", i);
        if (!json_is_object(entry)) {
            problem_chart(L, p, "expected a fire multiple object, found %s", FOUND(entry));
            continue;
        }
        lb_fire_multiple m = {0};
        json_t *form = json_object_get(entry, "formation");
        int f = json_is_string(form) ? lb_formation_parse(json_string_value(form)) : -1;
        cj_path_key(pf, p, "formation");
        if (f < 0) {
            problem_chart(L, pf, "expected a formation (column, line, carre, skirmish, general, "
                                 "road, limbered, unlimbered, masse), found %s", FOUND(form));
            continue;
        }
        m.formation = (lb_formation)f;
        json_t *printed = json_object_get(entry, "printed");
        if (printed && !json_is_boolean(printed)) {
            cj_path_key(pf, p, "printed");
            problem_chart(L, pf, "expected true or false, found %s", FOUND(printed));
            continue;
        }
        m.printed = json_is_true(printed);
        m.range = m.formation == LB_FORM_SKIRMISH ? 2 : 1;
        if (m.printed && (json_object_get(entry, "per_hex") || json_object_get(entry, "multiple"))) {
            problem_chart(L, p, "expected either \"printed\": true or per_hex and multiple, found "
                                "both");
            continue;
        }
        if (chart_name(L, entry, p, "nation", &m.nation) || chart_name(L, entry, p, "class", &m.cls) ||
            chart_int(L, entry, p, "per_hex", !m.printed, 1, &m.per_hex) ||
            chart_frac(L, entry, p, "multiple", !m.printed, &m.multiple) ||
            chart_int(L, entry, p, "range", 0, 1, &m.range))
            continue;
        for (int k = 0; k < c->nfire_multiples; k++) {
            const lb_fire_multiple *o = &c->fire_multiples[k];
            if (o->formation == m.formation && !same_name(o->nation, m.nation) &&
                !same_name(o->cls, m.cls)) {
                problem_chart(L, p, "expected one entry per nation, class and formation, found a "
                                    "second (the first is /fire_multiples/%d)", k);
                m.per_hex = -1;
                break;
            }
        }
        if (m.per_hex >= 0)
            c->fire_multiples[c->nfire_multiples++] = m;
    }
}

static void compile_morale(loader *L, const json_t *charts)
{
    char fbuf[80];
    json_t *m = json_object_get(charts, "morale");
    if (!m)
        return;
    if (!json_is_object(m)) {
        problem_chart(L, "/morale", "expected an object, found %s", FOUND(m));
        return;
    }
    static const char *const keys[2] = {"auto_pass", "auto_fail"};
    int *slots[2] = {&L->st->charts.auto_pass, &L->st->charts.auto_fail};
    for (int k = 0; k < 2; k++) {
        json_t *v = json_object_get(m, keys[k]);
        if (!v || json_is_null(v))
            continue;
        char p[PATH_MAX_LEN];
        cj_path_key(p, "/morale", keys[k]);
        *slots[k] = parse_roll(v);
        if (!*slots[k])
            problem_chart(L, p, "expected a roll 11-66, found %s", FOUND(v));
    }
}

static void report_chart(void *ctx, const char *cpath, const char *msg)
{
    problem_chart(ctx, cpath, "%s", msg);
}

static void report_scenario(void *ctx, const char *path, const char *msg)
{
    problem(ctx, path, "%s", msg);
}

/* The fire tables (charts-format 4.1, 5.2-5.6), compiled once per state. */
static void compile_fire(loader *L, const json_t *charts)
{
    if (lb_fire_charts_compile(charts, &L->st->charts, L->st->arena, L->strict, report_chart, L,
                               &L->st->charts.fire) == LB_NOMEM)
        L->failed_alloc = 1;
}

/* The movement tables (charts-format 4.1, 4.5, 8.1), compiled once per state. */
static void compile_move_charts(loader *L, const json_t *charts)
{
    if (lb_move_charts_compile(charts, &L->st->charts, L->st->arena, L->strict, report_chart, L,
                               &L->st->charts.move) == LB_NOMEM)
        L->failed_alloc = 1;
}

/* The charge tables (charts-format 7), compiled once per state. */
static void compile_charge(loader *L, const json_t *charts)
{
    if (lb_charge_charts_compile(charts, &L->st->charts, L->st->arena, L->strict, report_chart, L,
                                 &L->st->charts.charge) == LB_NOMEM)
        L->failed_alloc = 1;
}

/* The melee tables (charts-format 6), compiled once per state. */
static void compile_melee(loader *L, const json_t *charts)
{
    if (lb_melee_charts_compile(charts, &L->st->charts, L->st->arena, L->strict, report_chart, L,
                                &L->st->charts.melee) == LB_NOMEM)
        L->failed_alloc = 1;
}

static void load_charts(loader *L)
{
    char fbuf[80];
    json_t *merged = json_object();
    if (!merged) {
        L->failed_alloc = 1;
        return;
    }
    if (L->module_root) {
        static const char *const meta[] = {"format", "game", "title", "edition"};
        const char *key;
        json_t *v;
        json_object_foreach(L->module_root, key, v) {
            int is_meta = 0;
            for (size_t i = 0; i < sizeof meta / sizeof *meta; i++)
                is_meta |= strcmp(key, meta[i]) == 0;
            if (!is_meta)
                json_object_set(merged, key, v);
        }
    }
    if (L->inline_charts) {
        if (!json_is_object(L->inline_charts)) {
            problem(L, "/charts", "expected an object of charts, found %s",
                    FOUND(L->inline_charts));
        } else {
            json_t *m = merge(merged, L->inline_charts);
            json_decref(merged);
            merged = m;
            if (!merged) {
                L->failed_alloc = 1;
                return;
            }
        }
    }
    L->st->charts.doc = merged;
    compile_terrain(L, merged);
    compile_hexsides(L, merged);
    compile_elevation(L, merged);
    compile_fire_multiples(L, merged);
    compile_morale(L, merged);
    compile_fire(L, merged);
    compile_charge(L, merged);
    compile_melee(L, merged);
    compile_move_charts(L, merged);
}

/* ---- header: format, game, rules, sides, turn ------------------------------------------- */

static const lb_module *find_module(const lb_load_opts *opts, const char *id)
{
    for (int i = 0; opts && i < opts->nmodules; i++)
        if (strcmp(opts->modules[i].id, id) == 0)
            return &opts->modules[i];
    return NULL;
}

static void load_module(loader *L, const lb_load_opts *opts)
{
    char fbuf[80];
    const char *game = NULL;
    if (get_string(L, L->root, "game", "", 0, "a game id", &game) != 0)
        return;
    const lb_module *m = find_module(opts, game);
    if (!m) {
        const char *ids[64];
        int n = 0;
        for (int i = 0; opts && i < opts->nmodules && n < 64; i++)
            ids[n++] = opts->modules[i].id;
        char list[400];
        join(list, sizeof list, ids, n);
        problem(L, "/game", "expected a known game (%s), found %s", n ? list : "none available",
                FOUND(json_object_get(L->root, "game")));
        return;
    }
    L->module = (source){m->file, m->text, m->len};
    json_error_t jerr;
    L->module_root = json_loadb(m->text, m->len, JSON_REJECT_DUPLICATES, &jerr);
    if (!json_is_object(L->module_root)) {
        jsonpos at = {.line = jerr.line, .col = jerr.column};
        push(L, &L->module, at, "", "expected a chart module object");
        json_decref(L->module_root);
        L->module_root = NULL;
        return;
    }
    L->st->game = dup(L, game);
}

static void load_header(loader *L)
{
    char fbuf[80];
    lb_state *st = L->st;
    json_t *fmt = json_object_get(L->root, "format");
    if (!json_is_string(fmt) || strcmp(json_string_value(fmt), "labataille-scenario/1") != 0)
        problem(L, "/format", "expected \"labataille-scenario/1\", found %s", FOUND(fmt));
    const char *title = NULL;
    if (get_string(L, L->root, "title", "", 0, "a title", &title) == 0)
        st->title = dup(L, title);

    static const char *const editions[] = {"premier-2018", "premier-2017"};
    int ed = get_enum(L, L->root, "rules", "", 0, editions, 2);
    if (ed == -2 && L->module_root) {
        json_t *me = json_object_get(L->module_root, "edition");
        int mod_ed = json_is_string(me) ? lb_edition_parse(json_string_value(me)) : -1;
        if (mod_ed < 0)
            push(L, &L->module, jsonpos_locate(L->module.text, L->module.len, "/edition"),
                 "/edition", "expected \"premier-2018\" or \"premier-2017\"");
        ed = mod_ed;
    }
    st->rules = ed >= 0 ? (lb_edition)ed : LB_RULES_2018;

    static const char *const fractions[] = {"exact", "round-down"};
    int fr = get_enum(L, L->root, "fractions", "", 0, fractions, 2);
    st->fractions = fr == 1 ? LB_FRACTIONS_ROUND_DOWN : LB_FRACTIONS_EXACT;

    json_t *sides = json_object_get(L->root, "sides");
    if (!json_is_array(sides) || json_array_size(sides) != 2) {
        problem(L, "/sides", "expected a list of two side names, found %s", FOUND(sides));
    } else {
        for (size_t i = 0; i < 2; i++) {
            json_t *s = json_array_get(sides, i);
            char p[PATH_MAX_LEN];
            cj_path_index(p, "/sides", i);
            if (!json_is_string(s) || !json_string_length(s))
                problem(L, p, "expected a side name, found %s", FOUND(s));
            else
                st->sides[i] = dup(L, json_string_value(s));
        }
        if (st->sides[0] && st->sides[1] && strcmp(st->sides[0], st->sides[1]) == 0)
            problem(L, "/sides/1", "expected a name other than the first side's, found %s",
                    FOUND(json_array_get(sides, 1)));
    }
}

static void load_turn(loader *L)
{
    char fbuf[80];
    lb_state *st = L->st;
    st->turn = (lb_turn){.minutes = -1, .phasing = 0, .segment = LB_SEG_CHARGE};
    json_t *turn = json_object_get(L->root, "turn");
    if (!turn)
        return;
    if (!json_is_object(turn)) {
        problem(L, "/turn", "expected an object, found %s", FOUND(turn));
        return;
    }
    static const char *const keys[] = {"time", "phasing", "segment"};
    unknown_keys(L, turn, "/turn", keys, 3);
    json_t *time = json_object_get(turn, "time");
    if (time) {
        int h = -1, m = -1;
        char tail;
        const char *s = json_is_string(time) ? json_string_value(time) : "";
        if (sscanf(s, "%2d:%2d%c", &h, &m, &tail) != 2 || strlen(s) != 5 || h < 0 || h > 23 ||
            m < 0 || m > 59)
            problem(L, "/turn/time", "expected a time of day \"HH:MM\", found %s", FOUND(time));
        else
            st->turn.minutes = h * 60 + m;
    }
    json_t *ph = json_object_get(turn, "phasing");
    if (ph && st->sides[0] && st->sides[1]) {
        int side = json_is_string(ph) ? lb_state_side(st, json_string_value(ph)) : -1;
        if (side < 0)
            problem(L, "/turn/phasing", "expected one of the sides (%s, %s), found %s",
                    st->sides[0] ? st->sides[0] : "?", st->sides[1] ? st->sides[1] : "?",
                    FOUND(ph));
        else
            st->turn.phasing = side;
    }
    json_t *sv = json_object_get(turn, "segment");
    if (!sv)
        return;
    /* R-SCN-9: "morale-recovery" is read as "morale_recovery", like the other hyphenated names */
    char name[32] = "";
    if (json_is_string(sv) && json_string_length(sv) < sizeof name)
        for (size_t i = 0; i <= json_string_length(sv); i++)
            name[i] = json_string_value(sv)[i] == '-' ? '_' : json_string_value(sv)[i];
    int seg = lb_segment_parse(name);
    if (seg < 0)
        problem(L, "/turn/segment", "expected one of command, charge, movement, defensive_fire, "
                "offensive_fire, melee, morale_recovery, found %s", FOUND(sv));
    else
        st->turn.segment = (lb_segment)seg;
}

/* ---- map --------------------------------------------------------------------------------- */

/* Counts UTF-8 code points. */
static int utf8_len(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* Legend: character -> terrain index, -1 unknown; the legend's characters are ASCII. */
static void load_legend(loader *L, const json_t *map, int legend[128], char *chars, size_t nchars)
{
    char fbuf[80];
    for (int i = 0; i < 128; i++)
        legend[i] = -1;
    chars[0] = '\0';
    json_t *lg = json_object_get(map, "legend");
    if (!json_is_object(lg)) {
        problem(L, "/map/legend", "expected an object from map characters to terrain types, "
                                  "found %s", FOUND(lg));
        return;
    }
    const lb_charts *c = &L->st->charts;
    const char *key;
    json_t *v;
    size_t used = 0;
    json_object_foreach(lg, key, v) {
        char p[PATH_MAX_LEN];
        cj_path_key(p, "/map/legend", key);
        if (strlen(key) != 1 || (unsigned char)key[0] < 0x21 || (unsigned char)key[0] > 0x7E) {
            problem(L, p, "expected a key of one printable ASCII character, found \"%s\"", key);
            continue;
        }
        int t = json_is_string(v) ? lb_charts_terrain(c, json_string_value(v)) : -1;
        if (t < 0) {
            const char *ids[NAMES_SHOWN + 1];
            int n = 0;
            for (int i = 0; i < c->nterrain && n <= NAMES_SHOWN; i++)
                ids[n++] = c->terrain[i].id;
            char list[400];
            join(list, sizeof list, ids, c->nterrain < n ? c->nterrain : n);
            problem(L, p, "expected a terrain type of the charts (%s), found %s",
                    c->nterrain ? list : "none defined", FOUND(v));
            continue;
        }
        legend[(int)key[0]] = t;
        if (L->st->map.symbols[t] == '?')
            L->st->map.symbols[t] = key[0];
        if (used + 3 < nchars) {
            used += (size_t)snprintf(chars + used, nchars - used, "%s%c", used ? ", " : "",
                                     key[0]);
        }
    }
}

static void load_grid(loader *L, const json_t *map, const char *key, int is_elevation,
                      const int legend[128], const char *legend_chars)
{
    char fbuf[80], base[PATH_MAX_LEN];
    lb_map *m = &L->st->map;
    cj_path_key(base, "/map", key);
    json_t *rows = json_object_get(map, key);
    if (!rows && is_elevation)
        return;
    if (!json_is_array(rows)) {
        problem(L, base, "expected a list of %d strings, one per row, found %s", m->rows,
                FOUND(rows));
        return;
    }
    if ((int)json_array_size(rows) != m->rows) {
        problem(L, base, "expected %d rows, found %zu", m->rows, json_array_size(rows));
        return;
    }
    size_t r;
    json_t *row;
    json_array_foreach(rows, r, row) {
        char p[PATH_MAX_LEN];
        cj_path_index(p, base, r);
        if (!json_is_string(row)) {
            problem(L, p, "expected a string of %d characters, found %s", m->cols, FOUND(row));
            continue;
        }
        const char *s = json_string_value(row);
        int len = utf8_len(s);
        if (len != m->cols) {
            problem(L, p, "expected a row of %d characters, found %d", m->cols, len);
            continue;
        }
        for (int col = 0, k = 0; col < m->cols; col++, k++) {
            unsigned char ch = (unsigned char)s[k];
            int cell = (int)r * m->cols + col;
            char label[LB_HEX_LABEL_MAX];
            lb_map_label(m, (lb_hex){col + 1, (int)r + 1}, label);
            int bytes = 1;
            while (((unsigned char)s[k + bytes] & 0xC0) == 0x80)
                bytes++;
            if (is_elevation) {
                if (ch >= '0' && ch <= '9')
                    m->elevation[cell] = (int8_t)(ch - '0');
                else
                    problem_char(L, p, col, "expected an elevation digit 0-9, found \"%.*s\" at "
                                 "hex %s", bytes, s + k, label);
            } else {
                int t = ch < 128 ? legend[ch] : -1;
                if (t >= 0)
                    m->terrain[cell] = (uint8_t)t;
                else
                    problem_char(L, p, col, "expected a character of map.legend (%s), found "
                                 "\"%.*s\" at hex %s", legend_chars, bytes, s + k, label);
            }
            k += bytes - 1;
        }
    }
}

static void load_hexsides(loader *L, const json_t *map)
{
    char fbuf[80];
    lb_map *m = &L->st->map;
    const lb_charts *c = &L->st->charts;
    json_t *list = json_object_get(map, "hexsides");
    if (!list)
        return;
    if (!json_is_array(list)) {
        problem(L, "/map/hexsides", "expected a list of hexside features, found %s", FOUND(list));
        return;
    }
    size_t i;
    json_t *e;
    json_array_foreach(list, i, e) {
        char p[PATH_MAX_LEN], pk[PATH_MAX_LEN];
        cj_path_index(p, "/map/hexsides", i);
        if (!json_is_object(e)) {
            problem(L, p, "expected an object {\"hex\", \"side\", \"type\"}, found %s", FOUND(e));
            continue;
        }
        static const char *const keys[] = {"hex", "side", "type"};
        unknown_keys(L, e, p, keys, 3);
        const char *label = NULL, *side = NULL, *type = NULL;
        int bad = 0;
        lb_hex h = {0, 0};
        if (get_string(L, e, "hex", p, 1, "a hex label", &label) == 0) {
            cj_path_key(pk, p, "hex");
            if (lb_map_parse_label(m, label, &h) || !lb_map_contains(m, h)) {
                problem(L, pk, "expected a hex of the %dx%d map (%d+%d digits), found \"%s\"",
                        m->cols, m->rows, m->col_digits, m->row_digits, label);
                bad = 1;
            }
        } else {
            bad = 1;
        }
        int dir = -1;
        if (get_string(L, e, "side", p, 1, "a hexside (N, NE, SE, S, SW, NW)", &side) == 0) {
            dir = lb_hex_dir_parse(side);
            if (dir < 0) {
                cj_path_key(pk, p, "side");
                problem(L, pk, "expected a hexside (N, NE, SE, S, SW, NW), found \"%s\"", side);
            }
        }
        int t = -1;
        if (get_string(L, e, "type", p, 1, "a hexside type", &type) == 0) {
            t = lb_charts_hexside(c, type);
            if (t < 0) {
                const char *ids[NAMES_SHOWN + 1];
                int n = 0;
                for (int k = 0; k < c->nhexsides && n <= NAMES_SHOWN; k++)
                    ids[n++] = c->hexsides[k].id;
                char names[400];
                join(names, sizeof names, ids, n);
                cj_path_key(pk, p, "type");
                problem(L, pk, "expected a hexside type of the charts (%s), found \"%s\"",
                        n ? names : "none defined", type);
            }
        }
        if (bad || dir < 0 || t < 0)
            continue;
        lb_hex other = lb_hex_neighbor(h, dir);
        uint8_t *mine = &m->sides[6 * lb_map_cell(m, h) + dir];
        if (*mine && (c->hexsides[t].cancels & (1u << (*mine - 1))))
            *mine = 0; /* the new feature replaces the one it cancels */
        else if (*mine && (c->hexsides[*mine - 1].cancels & (1u << t)))
            continue;  /* already replaced by a feature that cancels this one */
        if (*mine) {
            char lb1[LB_HEX_LABEL_MAX], lb2[LB_HEX_LABEL_MAX];
            problem(L, p, "expected one feature per hexside, found a second on %s/%s (%s already)",
                    lb_map_label(m, h, lb1), lb_map_label(m, other, lb2),
                    c->hexsides[*mine - 1].id);
            continue;
        }
        *mine = (uint8_t)(t + 1);
        if (lb_map_contains(m, other))
            m->sides[6 * lb_map_cell(m, other) + lb_hex_dir_opposite(dir)] = (uint8_t)(t + 1);
    }
}

static int load_map(loader *L)
{
    char fbuf[80];
    lb_map *m = &L->st->map;
    json_t *map = json_object_get(L->root, "map");
    if (!json_is_object(map)) {
        problem(L, "/map", "expected an object, found %s", FOUND(map));
        return -1;
    }
    static const char *const keys[] = {"columns", "rows", "terrain", "legend", "elevation",
                                       "hexsides"};
    unknown_keys(L, map, "/map", keys, 6);
    int ok = get_int(L, map, "columns", "/map", 1, 1, MAP_SIDE_MAX, &m->cols) |
             get_int(L, map, "rows", "/map", 1, 1, MAP_SIDE_MAX, &m->rows);
    if (ok != 0)
        return -1;
    lb_hex_label_digits(m->cols, m->rows, &m->col_digits, &m->row_digits);
    size_t cells = (size_t)m->cols * (size_t)m->rows;
    m->terrain = alloc(L, cells, 1);
    m->elevation = alloc(L, cells, 1);
    m->sides = alloc(L, cells, 6);
    if (L->failed_alloc)
        return -1;
    int legend[128];
    char chars[400];
    memset(m->symbols, '?', sizeof m->symbols);
    load_legend(L, map, legend, chars, sizeof chars);
    load_grid(L, map, "terrain", 0, legend, chars);
    load_grid(L, map, "elevation", 1, legend, chars);
    load_hexsides(L, map);
    return 0;
}

/* ---- units ------------------------------------------------------------------------------- */

/* Open-addressing set of unit ids (units are many in a monster game). */
typedef struct idset {
    const char **slots;
    int *owner;
    size_t cap;
} idset;

static size_t hash(const char *s)
{
    size_t h = 1469598103934665603ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

/* Inserts id for unit i; returns the earlier owner of the id, or -1. */
static int idset_add(idset *set, const char *id, int i)
{
    size_t k = hash(id) & (set->cap - 1);
    while (set->slots[k]) {
        if (strcmp(set->slots[k], id) == 0)
            return set->owner[k];
        k = (k + 1) & (set->cap - 1);
    }
    set->slots[k] = id;
    set->owner[k] = i;
    return -1;
}

static const char *const unit_keys[] = {
    "id",     "name",  "side",   "arm",       "nation", "class",  "increments",
    "losses", "fire",  "melee",  "movement",  "morale", "formation", "state",
    "hexes",  "facing", "lance", "readiness", "bonus", "move_record", "attached_to"};

static int formation_allowed(lb_arm arm, lb_formation f)
{
    switch (arm) {
    case LB_ARM_INFANTRY: return f <= LB_FORM_ROAD;
    case LB_ARM_CAVALRY: return f <= LB_FORM_ROAD && f != LB_FORM_CARRE;
    case LB_ARM_ARTILLERY: return f == LB_FORM_LIMBERED || f == LB_FORM_UNLIMBERED;
    default: return 0;
    }
}

static const char *formations_of(lb_arm arm)
{
    switch (arm) {
    case LB_ARM_INFANTRY: return "column, line, carre, skirmish, general or road";
    case LB_ARM_CAVALRY: return "column, line, skirmish, general or road";
    default: return "limbered or unlimbered";
    }
}

static void load_hexes(loader *L, const json_t *uj, const char *base, lb_unit *u)
{
    char fbuf[80], p[PATH_MAX_LEN];
    lb_map *m = &L->st->map;
    cj_path_key(p, base, "hexes");
    json_t *hx = json_object_get(uj, "hexes");
    json_t *one[1] = {hx};
    json_t **items = one;
    size_t n = 1;
    int is_list = json_is_array(hx);
    if (is_list) {
        n = json_array_size(hx);
        if (n == 0 || n > LB_UNIT_MAX_HEXES) {
            problem(L, p, "expected a hex label or a list of 1 to %d adjacent hexes, found %s",
                    LB_UNIT_MAX_HEXES, FOUND(hx));
            return;
        }
    } else if (!json_is_string(hx)) {
        problem(L, p, "expected a hex label or a list of hex labels, found %s", FOUND(hx));
        return;
    }
    json_t *list[LB_UNIT_MAX_HEXES];
    if (is_list) {
        for (size_t i = 0; i < n; i++)
            list[i] = json_array_get(hx, i);
        items = list;
    }
    int ok = 1;
    for (size_t i = 0; i < n; i++) {
        char pi[PATH_MAX_LEN];
        if (is_list)
            cj_path_index(pi, p, i);
        else
            snprintf(pi, sizeof pi, "%s", p);
        lb_hex h;
        const char *s = json_is_string(items[i]) ? json_string_value(items[i]) : NULL;
        if (!s || lb_map_parse_label(m, s, &h)) {
            problem(L, pi, "expected a hex label of %d+%d digits, found %s", m->col_digits,
                    m->row_digits, FOUND(items[i]));
            ok = 0;
            continue;
        }
        if (!lb_map_contains(m, h)) {
            problem(L, pi, "expected a hex on the %dx%d map, found \"%s\"", m->cols, m->rows, s);
            ok = 0;
            continue;
        }
        /* R-SCN-3: a line's hexes follow one another, each adjacent to the one before */
        if (ok && i > 0) {
            char prev[LB_HEX_LABEL_MAX];
            lb_map_label(m, u->hexes[i - 1], prev);
            if (lb_unit_in_hex(u, h)) {
                problem(L, pi, "expected a hex not already listed, found \"%s\"", s);
                ok = 0;
                continue;
            }
            if (lb_hex_distance(u->hexes[i - 1], h) != 1) {
                problem(L, pi, "expected a hex adjacent to %s, found \"%s\"", prev, s);
                ok = 0;
                continue;
            }
        }
        u->hexes[i] = h;
        u->nhexes = (int)i + 1;
    }
    if (!ok)
        u->nhexes = 0;
}

static void load_bonus(loader *L, const json_t *uj, const char *base, lb_unit *u)
{
    char fbuf[80], p[PATH_MAX_LEN];
    json_t *b = json_object_get(uj, "bonus");
    if (!b)
        return;
    cj_path_key(p, base, "bonus");
    if (!json_is_object(b) || json_object_size(b) > LB_UNIT_MAX_BONUS) {
        problem(L, p, "expected an object of up to %d integer bonuses, found %s",
                LB_UNIT_MAX_BONUS, FOUND(b));
        return;
    }
    const char *key;
    json_t *v;
    json_object_foreach(b, key, v) {
        char pk[PATH_MAX_LEN];
        cj_path_key(pk, p, key);
        if (!json_is_integer(v) || json_integer_value(v) < -99 || json_integer_value(v) > 99) {
            problem(L, pk, "expected an integer from -99 to 99, found %s", FOUND(v));
            continue;
        }
        u->bonus[u->nbonus++] = (lb_bonus){dup(L, key), (int)json_integer_value(v)};
    }
}

static void load_combat_fields(loader *L, const json_t *uj, const char *base, lb_unit *u)
{
    char fbuf[80], p[PATH_MAX_LEN];
    get_int(L, uj, "increments", base, 1, 1, 999, &u->increments);
    if (get_int(L, uj, "losses", base, 0, 0, 999, &u->losses) == 0 && u->increments &&
        u->losses >= u->increments) {
        /* R-SCN-1 */
        cj_path_key(p, base, "losses");
        problem(L, p, "expected fewer losses than the unit's %d increments, found %d",
                u->increments, u->losses);
    }
    get_int(L, uj, "fire", base, 1, 0, 999, &u->fire);
    get_int(L, uj, "melee", base, 1, 0, 999, &u->melee);
    get_int(L, uj, "movement", base, 1, 0, 999, &u->movement);
    get_int(L, uj, "lance", base, 0, 0, 99, &u->lance);

    json_t *mv = json_object_get(uj, "morale");
    cj_path_key(p, base, "morale");
    u->morale = parse_roll(mv);
    if (!u->morale)
        problem(L, p, "expected a roll 11-66, found %s", FOUND(mv));

    cj_path_key(p, base, "formation");
    json_t *fv = json_object_get(uj, "formation");
    int f = json_is_string(fv) ? lb_formation_parse(json_string_value(fv)) : -1;
    if (f < 0 || !formation_allowed(u->arm, (lb_formation)f))
        problem(L, p, "expected a formation of %s (%s), found %s", lb_arm_name(u->arm),
                formations_of(u->arm), FOUND(fv));
    else
        u->formation = (lb_formation)f;

    static const char *const states[] = {"good", "disordered", "routed"};
    int s = get_enum(L, uj, "state", base, 1, states, 3);
    if (s >= 0)
        u->state = (lb_morale_state)s;
    if (s == LB_STATE_DISORDERED && u->arm == LB_ARM_CAVALRY) {
        /* R-MOR-2, R-SCN-6: cavalry is in good order or routed */
        cj_path_key(p, base, "state");
        problem(L, p, "expected \"good\" or \"routed\" for cavalry (it never disorders), found "
                      "\"disordered\"");
    }

    static const char *const ready[] = {"fresh", "tired", "exhausted"};
    int r = get_enum(L, uj, "readiness", base, 0, ready, 3);
    if (r >= 0)
        u->readiness = (lb_readiness)r;

    /* R-GRID-3, R-SCN-2: hexside facings are even hours, vertex facings odd */
    if (get_int(L, uj, "facing", base, 0, 1, 12, &u->facing) == 0 && f >= 0 &&
        u->formation != LB_FORM_CARRE) {
        int vertex = u->formation == LB_FORM_LINE || u->formation == LB_FORM_SKIRMISH;
        if ((u->facing % 2 == 1) != vertex) {
            cj_path_key(p, base, "facing");
            problem(L, p, "expected an %s clock hour (%s) for %s, found %d",
                    vertex ? "odd" : "even", vertex ? "a vertex" : "a hexside",
                    lb_formation_name(u->formation), u->facing);
        }
    }
}

/* R-SCN-8, docs/charts-format.md 3.1: in strict mode, with a nations registry in the charts, a
 * combat unit's nation and class must be in it, the class of the unit's arm. */
static void check_nation(loader *L, const char *base, const lb_unit *u)
{
    json_t *nations = json_object_get(L->st->charts.doc, "nations");
    if (!L->strict || !json_is_object(nations) || u->arm == LB_ARM_LEADER || !u->nation)
        return;
    char p[PATH_MAX_LEN];
    json_t *nation = json_object_get(nations, u->nation);
    if (!nation) {
        const char *ids[NAMES_SHOWN + 1];
        int n = 0;
        const char *key;
        json_t *v;
        json_object_foreach(nations, key, v) if (n <= NAMES_SHOWN) ids[n++] = key;
        char list[400];
        join(list, sizeof list, ids, n);
        cj_path_key(p, base, "nation");
        problem(L, p, "expected a nation of the charts (%s), found \"%s\"", list, u->nation);
        return;
    }
    if (!u->cls)
        return;
    json_t *cls = json_object_get(json_object_get(nation, "classes"), u->cls);
    const char *arm = json_string_value(json_object_get(cls, "arm"));
    cj_path_key(p, base, "class");
    if (!cls)
        problem(L, p, "expected a troop class of %s in the charts, found \"%s\"", u->nation, u->cls);
    else if (arm && strcmp(arm, lb_arm_name(u->arm)) != 0)
        problem(L, p, "expected a class of %s %s, found \"%s\" (%s)", u->nation,
                lb_arm_name(u->arm), u->cls, arm);
}

static void load_unit(loader *L, const json_t *uj, size_t i, idset *ids)
{
    char fbuf[80], base[PATH_MAX_LEN], p[PATH_MAX_LEN];
    lb_state *st = L->st;
    lb_unit *u = &st->units[i];
    cj_path_index(base, "/units", i);
    if (!json_is_object(uj)) {
        problem(L, base, "expected a unit object, found %s", FOUND(uj));
        return;
    }
    unknown_keys(L, uj, base, unit_keys, (int)(sizeof unit_keys / sizeof *unit_keys));
    const char *id = NULL, *s = NULL;
    if (get_string(L, uj, "id", base, 1, "a unit id", &id) == 0) {
        u->id = dup(L, id);
        int earlier = u->id ? idset_add(ids, u->id, (int)i) : -1;
        if (earlier >= 0) {
            cj_path_key(p, base, "id");
            problem(L, p, "expected a unique id, found \"%s\" (already used by /units/%d)", id,
                    earlier);
        }
    }
    if (get_string(L, uj, "name", base, 0, "a name", &s) == 0)
        u->name = dup(L, s);
    if (get_string(L, uj, "nation", base, 0, "a nation", &s) == 0)
        u->nation = dup(L, s);
    if (get_string(L, uj, "class", base, 0, "a troop class", &s) == 0)
        u->cls = dup(L, s);
    cj_path_key(p, base, "side");
    json_t *sv = json_object_get(uj, "side");
    u->side = json_is_string(sv) ? lb_state_side(st, json_string_value(sv)) : -1;
    if (u->side < 0 && st->sides[0] && st->sides[1])
        problem(L, p, "expected one of the sides (%s, %s), found %s", st->sides[0], st->sides[1],
                FOUND(sv));

    static const char *const arms[] = {"infantry", "cavalry", "artillery", "leader"};
    int arm = get_enum(L, uj, "arm", base, 1, arms, 4);
    load_hexes(L, uj, base, u);
    if (arm < 0) {
        u->nhexes = 0;
        return;
    }
    u->arm = (lb_arm)arm;
    if (u->arm == LB_ARM_LEADER) {
        u->formation = LB_FORM_NONE;
        load_bonus(L, uj, base, u);
        get_int(L, uj, "movement", base, 0, 0, 999, &u->movement); /* R-MOV-13 */
    } else {
        load_combat_fields(L, uj, base, u);
        check_nation(L, base, u);
    }
    lb_move_record_load(uj, base, u, st->arena, report_scenario, L); /* R-MOV-2 */
    /* R-SCN-3: only a line or a skirmish screen stands in more than one hex */
    if (u->nhexes > 1 && u->formation != LB_FORM_LINE && u->formation != LB_FORM_SKIRMISH) {
        cj_path_key(p, base, "hexes");
        problem(L, p, "expected one hex for a unit in %s (only lines and skirmishers spread), "
                      "found %d", lb_formation_name(u->formation), u->nhexes);
    }
}

/* Path of a unit's k-th hex: "/units/i/hexes/k", or "/units/i/hexes" for a lone label. */
static void hexes_path(loader *L, int i, int k, char *out)
{
    json_t *uj = json_array_get(json_object_get(L->root, "units"), (size_t)i);
    if (json_is_array(json_object_get(uj, "hexes")))
        snprintf(out, PATH_MAX_LEN, "/units/%d/hexes/%d", i, k);
    else
        snprintf(out, PATH_MAX_LEN, "/units/%d/hexes", i);
}

/* R-SCN-4: the one hex enemies share, cavalry on top of an enemy carré (38), until the melee. */
static int charged_carre(const lb_state *st, lb_hex h)
{
    const int *idx;
    int n = lb_state_units_at(st, h, &idx), carre_side = -1, cavalry_side = -1;
    for (int i = 0; i < n; i++) {
        const lb_unit *u = &st->units[idx[i]];
        if (u->arm == LB_ARM_INFANTRY && u->formation == LB_FORM_CARRE)
            carre_side = u->side;
        else if (u->arm == LB_ARM_CAVALRY)
            cavalry_side = u->side;
    }
    return carre_side >= 0 && cavalry_side >= 0 && carre_side != cavalry_side;
}

/* R-SCN-4 and R-SCN-5: no enemies share a hex (but cavalry on a carré); no combat unit on terrain closed to its arm. */
static void check_placement(loader *L)
{
    lb_state *st = L->st;
    if (lb_state_reindex(st) != LB_OK) {
        L->failed_alloc = 1;
        return;
    }
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *u = &st->units[i];
        for (int k = 0; k < u->nhexes; k++) {
            char p[PATH_MAX_LEN], label[LB_HEX_LABEL_MAX];
            hexes_path(L, i, k, p);
            lb_map_label(&st->map, u->hexes[k], label);
            const int *idx;
            int n = lb_state_units_at(st, u->hexes[k], &idx);
            int shared = charged_carre(st, u->hexes[k]);
            for (int j = 0; j < n && idx[j] < i && !shared; j++) {
                const lb_unit *o = &st->units[idx[j]];
                if (o->side != u->side && o->side >= 0 && u->side >= 0) {
                    problem(L, p, "expected no enemy unit in the hex, found %s holding %s (%s)",
                            label, o->id ? o->id : "?", st->sides[o->side]);
                    break;
                }
            }
            if (u->arm == LB_ARM_LEADER)
                continue;
            const lb_terrain_type *t = &st->charts.terrain[st->map.terrain[lb_map_cell(
                &st->map, u->hexes[k])]];
            if (t->move[u->arm] == LB_MOVE_PROHIBITED)
                problem(L, p, "expected terrain open to %s, found %s at %s (prohibited)",
                        lb_arm_name(u->arm), t->id, label);
        }
    }
}

static void load_units(loader *L)
{
    char fbuf[80];
    lb_state *st = L->st;
    json_t *units = json_object_get(L->root, "units");
    if (!json_is_array(units)) {
        problem(L, "/units", "expected a list of units, found %s", FOUND(units));
        return;
    }
    size_t n = json_array_size(units);
    st->units = alloc(L, n, sizeof *st->units);
    size_t cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    idset ids = {calloc(cap, sizeof *ids.slots), calloc(cap, sizeof *ids.owner), cap};
    if (!st->units || !ids.slots || !ids.owner) {
        free(ids.slots);
        free(ids.owner);
        L->failed_alloc = 1;
        return;
    }
    st->nunits = (int)n;
    size_t i;
    json_t *uj;
    json_array_foreach(units, i, uj)
        load_unit(L, uj, i, &ids);
    free(ids.slots);
    free(ids.owner);
}

/* ---- entry points ------------------------------------------------------------------------- */

/* Rewrites jansson's "X expected near 'Y'" as "expected X, found 'Y'"; *token gets the text
 * after "near" (without quotes) so the error can point at the token's first character. */
static void syntax_message(const char *text, char *out, size_t n, char *token, size_t tn)
{
    token[0] = '\0';
    const char *near = strstr(text, " near '");
    if (near) {
        const char *tok = near + strlen(" near '");
        size_t tl = strlen(tok);
        snprintf(token, tn, "%.*s", tl ? (int)tl - 1 : 0, tok);
    }
    const char *exp = strstr(text, " expected near ");
    if (exp) {
        snprintf(out, n, "expected %.*s, found %s", (int)(exp - text), text,
                 exp + strlen(" expected near "));
    } else if (near && strncmp(text, "duplicate object key", 20) == 0) {
        snprintf(out, n, "expected a key not used before in this object, found %s",
                 near + strlen(" near "));
    } else if (near && (strncmp(text, "unexpected token", 16) == 0 ||
                        strncmp(text, "invalid token", 13) == 0)) {
        snprintf(out, n, "expected a JSON value, found %s", near + strlen(" near "));
    } else if (near && strncmp(text, "premature end of input", 22) == 0) {
        snprintf(out, n, "expected more JSON, found the end of the file after %s",
                 near + strlen(" near "));
    } else if (near) {
        snprintf(out, n, "expected valid JSON, found %s (%.*s)", near + strlen(" near "),
                 (int)(near - text), text);
    } else {
        snprintf(out, n, "expected valid JSON, found %s", text);
    }
}

/* The syntax error as FILE:LINE:COL: PATH: …, pointing at the first character of the bad token. */
static void syntax_error(loader *L, const json_error_t *jerr)
{
    char msg[LB_ERR_MSG_MAX], token[200], path[PATH_MAX_LEN];
    syntax_message(jerr->text, msg, sizeof msg, token, sizeof token);
    size_t bytes = strlen(token);
    size_t start = jerr->position >= 0 && (size_t)jerr->position >= bytes
                       ? (size_t)jerr->position - bytes : 0;
    int chars = utf8_len(token);
    jsonpos at = {.line = jerr->line > 0 ? jerr->line : 1, .col = jerr->column > 0 ? jerr->column : 1};
    if (chars > 1 && at.col > chars - 1 && !strchr(token, '\n'))
        at.col -= chars - 1;
    jsonpos_path_at(L->scenario.text, L->scenario.len, start, path, sizeof path);
    push(L, &L->scenario, at, path, msg);
}

static const char *const top_keys[] = {"format", "title", "game",  "rules", "fractions",
                                       "turn",   "sides", "map",   "charts", "units",
                                       SCN_BATTLE_KEYS};

int lb_scenario_load(const char *file, const char *text, size_t len, const lb_load_opts *opts,
                     lb_state **out, lb_errlist *errs)
{
    *out = NULL;
    loader L = {.scenario = {file, text, len}, .errs = errs, .strict = opts && opts->strict};
    json_error_t jerr;
    L.root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!L.root) {
        syntax_error(&L, &jerr);
        return L.failed_alloc ? LB_NOMEM : LB_SYNTAX;
    }
    int first_error = errs->count;
    lb_arena *arena = lb_arena_new();
    lb_state *st = arena ? lb_arena_alloc(arena, sizeof *st) : NULL;
    if (!st) {
        lb_arena_free(arena);
        json_decref(L.root);
        return LB_NOMEM;
    }
    st->arena = arena;
    L.st = st;
    st->source = dup(&L, file);
    if (!json_is_object(L.root)) {
        char fbuf[80];
        problem(&L, "", "expected a scenario object, found %s", FOUND(L.root));
    } else {
        unknown_keys(&L, L.root, "", top_keys, (int)(sizeof top_keys / sizeof *top_keys));
        L.inline_charts = json_object_get(L.root, "charts");
        load_module(&L, opts);
        load_header(&L);
        load_turn(&L);
        load_charts(&L);
        if (load_map(&L) == 0) {
            load_units(&L);
            if (errs->count == first_error && !L.failed_alloc &&
                scn_battle_load(file, text, len, L.root, st, L.strict, errs) != 0)
                L.failed_alloc = 1;
            if (errs->count == first_error && !L.failed_alloc) {
                check_placement(&L);
                lb_move_record_check(st, report_scenario, &L); /* R-MOV-14 */
            }
        }
    }
    json_decref(L.module_root);
    json_decref(L.root);
    int failed = L.failed_alloc || errs->count > first_error;
    if (failed || lb_state_reindex(st) != LB_OK) {
        lb_state_free(st);
        if (!failed)
            return LB_NOMEM;
        lb_errlist list = {errs->items + first_error, errs->count - first_error, 0};
        lb_errlist_sort(&list);
        return L.failed_alloc ? LB_NOMEM : LB_INVALID;
    }
    *out = st;
    return LB_OK;
}

int lb_scenario_load_file(const char *path, const lb_load_opts *opts, lb_state **out,
                          lb_errlist *errs)
{
    *out = NULL;
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t len = 0, cap = 0;
    int err = f ? 0 : errno;
    while (f && !err) {
        if (len == cap) {
            cap = cap ? 2 * cap : 65536;
            char *nb = realloc(buf, cap);
            if (!nb) {
                err = ENOMEM;
                break;
            }
            buf = nb;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) {
            if (ferror(f))
                err = errno ? errno : EIO;
            break;
        }
    }
    if (f)
        fclose(f);
    if (err) {
        free(buf);
        lb_err e;
        lb_err_set(&e, LB_IO, "expected a readable file, found %s", strerror(err));
        snprintf(e.file, sizeof e.file, "%s", path);
        lb_errlist_push(errs, &e);
        return LB_IO;
    }
    int rc = lb_scenario_load(path, buf ? buf : "", len, opts, out, errs);
    free(buf);
    return rc;
}
