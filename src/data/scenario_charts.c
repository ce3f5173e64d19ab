/* The scenario's charts: the game module with the inline charts merged over it, compiled into the state's tables. */
#include <stdio.h>
#include <string.h>

#include "chart_names.h"
#include "charge_charts.h"
#include "jsonpos.h"
#include "state_types.h"
#include "scenario_int.h"
#include "state_int.h"
#include "frac_int.h"
#include "charts_int.h"
#include "unit_int.h"

#define FOUND(v) lbi_cj_found((v), fbuf, sizeof fbuf)

static const char *const arm_keys[LB_MOVE_ARMS] = {"infantry", "cavalry", "artillery"};

/* base with over merged into it key by key, recursively; a list replaces the module's whole. */
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

/* Movement costs of a terrain or hexside type: every arm an integer 0-99 or null. */
static int compile_move(loader *L, const json_t *entry, const char *cpath, int move[LB_MOVE_ARMS])
{
    char p[CJ_PATH], fbuf[80];
    json_t *m = json_object_get(entry, "move");
    lbi_cj_path_key(p, cpath, "move");
    if (!json_is_object(m)) {
        lbi_scn_problem_chart(L, p, "expected an object of movement costs by arm, found %s",
                              FOUND(m));
        return -1;
    }
    int ok = 0;
    for (int a = 0; a < LB_MOVE_ARMS; a++) {
        json_t *v = json_object_get(m, arm_keys[a]);
        char pa[CJ_PATH];
        lbi_cj_path_key(pa, p, arm_keys[a]);
        if (json_is_null(v)) {
            move[a] = LB_MOVE_PROHIBITED;
        } else if (json_is_integer(v) && json_integer_value(v) >= 0 &&
                   json_integer_value(v) <= 99) {
            move[a] = (int)json_integer_value(v);
        } else {
            lbi_scn_problem_chart(
                L, pa, "expected movement points 0-99 or null (prohibited), found %s", FOUND(v));
            ok = -1;
        }
    }
    return ok;
}

/* "los": clear (the default), blocks, or (terrain only) dwelling. */
static int compile_los(loader *L, const json_t *entry, const char *cpath, int allow_dwelling,
                       lb_los_class *out)
{
    static const char *const classes[] = {"clear", "blocks", "dwelling"};
    int los = lbi_cj_enum(&L->chart, entry, cpath, "los", 0, classes, allow_dwelling ? 3 : 2);
    *out = los == 1 ? LB_LOS_BLOCKS : los == 2 ? LB_LOS_DWELLING : LB_LOS_CLEAR;
    return los == -1 ? -1 : 0;
}

/* A terrain or hexside type's id: printed back, so without control characters (11.9). */
static int type_id(loader *L, const char *key, const char *path, const char *what)
{
    char shown[80];
    if (!lbi_scn_has_control(key))
        return 0;
    lbi_scn_problem_chart(L, path, "expected %s id without control characters, found %s", what,
                          lb_err_quote(key, shown, sizeof shown));
    return -1;
}

/* The table at key when it is an object of at most max entries, else reported (NULL). */
static json_t *table(loader *L, const json_t *charts, const char *key, const char *what, int max)
{
    char fbuf[80], p[CJ_PATH];
    json_t *t = json_object_get(charts, key);
    lbi_cj_path_key(p, "", key);
    if (t && !json_is_object(t)) {
        lbi_scn_problem_chart(L, p, "expected an object of %s, found %s", what, FOUND(t));
        return NULL;
    }
    if (t && json_object_size(t) > (size_t)max) {
        lbi_scn_problem_chart(L, p, "expected at most %d %s, found %zu", max, what,
                              json_object_size(t));
        return NULL;
    }
    return t;
}

static void compile_terrain(loader *L, const json_t *charts)
{
    char fbuf[80];
    lb_charts *c = &L->st->charts;
    json_t *terrain = table(L, charts, "terrain", "terrain types", SCN_TERRAIN_TYPES_MAX);
    if (!terrain || !(c->terrain = lbi_scn_alloc(L, json_object_size(terrain), sizeof *c->terrain)))
        return;
    const char *key;
    json_t *entry;
    json_object_foreach(terrain, key, entry) {
        char p[CJ_PATH];
        lbi_cj_path_key(p, "/terrain", key);
        if (!json_is_object(entry)) {
            lbi_scn_problem_chart(L, p, "expected a terrain type object, found %s", FOUND(entry));
            continue;
        }
        lb_terrain_type *t = &c->terrain[c->nterrain];
        if (type_id(L, key, p, "a terrain type") ||
            lbi_cj_bool(&L->chart, entry, p, "general_order", &t->general_order) < 0 ||
            compile_move(L, entry, p, t->move) || compile_los(L, entry, p, 1, &t->los))
            continue;
        t->id = lbi_scn_dup(L, key);
        c->nterrain++;
    }
}

static void compile_hexsides(loader *L, const json_t *charts)
{
    char fbuf[80];
    lb_charts *c = &L->st->charts;
    json_t *sides = table(L, charts, "hexsides", "hexside types", SCN_HEXSIDE_TYPES_MAX);
    if (!sides || !(c->hexsides = lbi_scn_alloc(L, json_object_size(sides), sizeof *c->hexsides)))
        return;
    const char *key;
    json_t *entry;
    json_object_foreach(sides, key, entry) {
        char p[CJ_PATH];
        lbi_cj_path_key(p, "/hexsides", key);
        if (!json_is_object(entry)) {
            lbi_scn_problem_chart(L, p, "expected a hexside type object, found %s", FOUND(entry));
            continue;
        }
        lb_hexside_type *t = &c->hexsides[c->nhexsides];
        if (type_id(L, key, p, "a hexside type") || compile_move(L, entry, p, t->move) || compile_los(L, entry, p, 0, &t->los))
            continue;
        t->id = lbi_scn_dup(L, key);
        c->nhexsides++;
    }
    /* cancels: a bridge or ford listed with the stream it crosses replaces the stream's cost */
    json_object_foreach(sides, key, entry) {
        int self = lb_charts_hexside(c, key);
        json_t *list = json_object_get(entry, "cancels");
        if (self < 0 || !list)
            continue;
        char entry_path[CJ_PATH], p[CJ_PATH];
        lbi_cj_path_key(entry_path, "/hexsides", key);
        lbi_cj_path_key(p, entry_path, "cancels");
        if (!json_is_array(list)) {
            lbi_scn_problem_chart(L, p, "expected a list of hexside types, found %s", FOUND(list));
            continue;
        }
        size_t i;
        json_t *v;
        json_array_foreach(list, i, v) {
            int other = json_is_string(v) ? lb_charts_hexside(c, json_string_value(v)) : -1;
            char pi[CJ_PATH];
            lbi_cj_path_index(pi, p, i);
            if (other < 0)
                lbi_scn_problem_chart(L, pi, "expected a hexside type of the charts, found %s",
                                      FOUND(v));
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
        lbi_scn_problem_chart(L, v ? "/elevation/change_hexside" : "/elevation",
                              "expected a hexside type of the charts, found %s", FOUND(v ? v : e));
        return;
    }
    if (v)
        c->elevation_hexside = lb_charts_hexside(c, json_string_value(v));
}

/* strcmp for names that may be NULL (NULL equals only NULL); 0 when equal. */
static int same_name(const char *a, const char *b)
{
    return a && b ? strcmp(a, b) : a != b;
}

/* The text of the number at chart path cpath, as written in the file that holds it: the
 * scenario's inline charts, else the module (R-SCN-7). NULL when neither holds it. */
static const char *chart_number(loader *L, const char *cpath, size_t *len)
{
    char spath[CJ_PATH];
    snprintf(spath, sizeof spath, "/charts%s", cpath);
    const lbi_scn_text *src = &L->scenario;
    const char *ptr = spath;
    jsonpos at = {0};
    if (L->inline_charts && lbi_jsonpos_locate_all(L->scenario.text, L->scenario.len, &ptr, 1, &at))
        return NULL;
    if (!at.complete && L->module.text) {
        src = &L->module;
        ptr = cpath;
        if (lbi_jsonpos_locate_all(L->module.text, L->module.len, &ptr, 1, &at))
            return NULL;
    }
    if (!at.complete || at.offset >= src->len)
        return NULL;
    const char *text = src->text + at.offset;
    size_t n = 0;
    while (at.offset + n < src->len && text[n] && strchr("+-.eE0123456789", text[n]))
        n++;
    *len = n;
    return text;
}

/* charts-format 5.1: a multiple written as a decimal, read from its text exactly ("1.5" is 3/2;
 * jansson's double is never used). */
static int chart_decimal(loader *L, const char *cpath, lb_frac *out)
{
    size_t len = 0;
    const char *text = chart_number(L, cpath, &len);
    if (text && len < 40 && lb_frac_parse_decimal(text, len, 3, out) == 0 && out->num > 0 &&
        out->num <= 999 * out->den)
        return 0;
    lbi_scn_problem_chart(
        L, cpath,
        "expected an integer 1-999, {\"num\": n, \"den\": d} or an exact decimal "
        "above 0 and up to 999 with at most 3 places such as 1.5, found %.*s (write "
        "a fraction such as 1/3 as {\"num\": 1, \"den\": 3})",
        text && len < 40 ? (int)len : 3, text && len < 40 ? text : "...");
    return -1;
}

/* A positive integer, a rational {"num", "den"} (docs/charts-format.md 2.1), or for a fire
 * multiple a decimal (5.1). */
static int chart_frac(loader *L, const json_t *entry, const char *cpath, const char *key,
                      int required, lb_frac *out)
{
    char p[CJ_PATH], fbuf[80];
    json_t *v = json_object_get(entry, key);
    if (!v && !required)
        return 0;
    lbi_cj_path_key(p, cpath, key);
    if (json_is_real(v))
        return chart_decimal(L, p, out);
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
    lbi_scn_problem_chart(L, p, "expected an integer 1-999 or {\"num\": n, \"den\": d}, found %s",
                          FOUND(v));
    return -1;
}

/* An optional name of the entry (nation, class) into *out, NULL when absent; -1 reported. */
static int chart_name(loader *L, const json_t *entry, const char *cpath, const char *key,
                      const char **out)
{
    const char *s = NULL;
    int rc = lbi_cj_string(&L->chart, entry, cpath, key, 0, "a name", &s);
    *out = rc == 0 ? lbi_scn_dup(L, s) : NULL;
    return rc < 0 ? -1 : 0;
}

/* One entry of fire_multiples into *m; -1 when reported. */
static int compile_fire_multiple(loader *L, const json_t *entry, const char *p, lb_fire_multiple *m)
{
    char fbuf[80], pf[CJ_PATH];
    if (!json_is_object(entry)) {
        lbi_scn_problem_chart(L, p, "expected a fire multiple object, found %s", FOUND(entry));
        return -1;
    }
    json_t *form = json_object_get(entry, "formation");
    int f = json_is_string(form) ? lb_formation_parse(json_string_value(form)) : -1;
    lbi_cj_path_key(pf, p, "formation");
    if (f < 0) {
        lbi_scn_problem_chart(L, pf,
                              "expected a formation (column, line, carre, skirmish, general, "
                              "road, limbered, unlimbered, masse), found %s",
                              FOUND(form));
        return -1;
    }
    m->formation = (lb_formation)f;
    if (lbi_cj_bool(&L->chart, entry, p, "printed", &m->printed) < 0)
        return -1;
    m->range = m->formation == LB_FORM_SKIRMISH ? 2 : 1;
    if (m->printed && (json_object_get(entry, "per_hex") || json_object_get(entry, "multiple"))) {
        lbi_scn_problem_chart(L, p,
                              "expected either \"printed\": true or per_hex and multiple, found "
                              "both");
        return -1;
    }
    if (chart_name(L, entry, p, "nation", &m->nation) || chart_name(L, entry, p, "class", &m->cls) ||
        lbi_cj_int(&L->chart, entry, p, "per_hex", !m->printed, 1, 999, &m->per_hex) < 0 ||
        chart_frac(L, entry, p, "multiple", !m->printed, &m->multiple) ||
        lbi_cj_int(&L->chart, entry, p, "range", 0, 1, 999, &m->range) < 0)
        return -1;
    return 0;
}

static void compile_fire_multiples(loader *L, const json_t *charts)
{
    char fbuf[80];
    lb_charts *c = &L->st->charts;
    json_t *list = json_object_get(charts, "fire_multiples");
    if (!list)
        return;
    if (!json_is_array(list)) {
        lbi_scn_problem_chart(L, "/fire_multiples", "expected a list of fire multiples, found %s",
                              FOUND(list));
        return;
    }
    if (json_array_size(list) > SCN_FIRE_MULTIPLES_MAX) {
        lbi_scn_problem_chart(L, "/fire_multiples", "expected at most %d fire multiples, found %zu",
                              SCN_FIRE_MULTIPLES_MAX, json_array_size(list));
        return;
    }
    c->fire_multiples = lbi_scn_alloc(L, json_array_size(list), sizeof *c->fire_multiples);
    if (!c->fire_multiples)
        return;
    size_t i;
    json_t *entry;
    json_array_foreach(list, i, entry) {
        char p[CJ_PATH];
        lbi_cj_path_index(p, "/fire_multiples", i);
        lb_fire_multiple m = {0};
        if (compile_fire_multiple(L, entry, p, &m))
            continue;
        int k = 0;
        while (k < c->nfire_multiples &&
               !(c->fire_multiples[k].formation == m.formation &&
                 !same_name(c->fire_multiples[k].nation, m.nation) &&
                 !same_name(c->fire_multiples[k].cls, m.cls)))
            k++;
        if (k < c->nfire_multiples)
            lbi_scn_problem_chart(L, p,
                                  "expected one entry per nation, class and formation, found a "
                                  "second (the first is /fire_multiples/%d)",
                                  k);
        else
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
        lbi_scn_problem_chart(L, "/morale", "expected an object, found %s", FOUND(m));
        return;
    }
    static const char *const keys[2] = {"auto_pass", "auto_fail"};
    int *slots[2] = {&L->st->charts.auto_pass, &L->st->charts.auto_fail};
    for (int k = 0; k < 2; k++) {
        json_t *v = json_object_get(m, keys[k]);
        if (!v || json_is_null(v))
            continue;
        char p[CJ_PATH];
        lbi_cj_path_key(p, "/morale", keys[k]);
        *slots[k] = lbi_cj_roll_value(v);
        if (!*slots[k])
            lbi_scn_problem_chart(L, p, "expected a roll 11-66, found %s", FOUND(v));
    }
}

/* charts-format 3.1: the display names of the nations registry, for lb_charts_nation_name and
 * lb_charts_class_name; entries that are not objects name nothing. */
static void compile_nations(loader *L, const json_t *charts)
{
    json_t *nations = json_object_get(charts, "nations");
    struct lbi_nations *out = json_is_object(nations) ? lbi_scn_alloc(L, 1, sizeof *out) : NULL;
    if (!out)
        return;
    out->list = lbi_scn_alloc(L, json_object_size(nations), sizeof *out->list);
    const char *id;
    json_t *nation;
    json_object_foreach(nations, id, nation) {
        if (!out->list || !json_is_object(nation))
            continue;
        lbi_nation_names *n = &out->list[out->count++];
        n->id = lbi_scn_dup(L, id);
        n->name = lbi_scn_dup(L, json_string_value(json_object_get(nation, "name")));
        json_t *classes = json_object_get(nation, "classes");
        if (!json_is_object(classes))
            continue;
        n->classes = lbi_scn_alloc(L, json_object_size(classes), sizeof *n->classes);
        const char *cls;
        json_t *entry;
        json_object_foreach(classes, cls, entry) {
            if (!n->classes || !json_is_object(entry))
                continue;
            lbi_class_name *c = &n->classes[n->nclasses++];
            c->id = lbi_scn_dup(L, cls);
            c->name = lbi_scn_dup(L, json_string_value(json_object_get(entry, "name")));
        }
    }
    L->st->charts.nations = out;
}

void lbi_scn_load_charts(loader *L)
{
    char fbuf[80];
    json_t *merged = json_object();
    if (!merged) {
        L->nomem = 1;
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
            if (!is_meta && json_object_set(merged, key, v))
                L->nomem = 1;
        }
    }
    if (L->inline_charts && !json_is_object(L->inline_charts)) {
        lbi_scn_problem(L, "/charts", "expected an object of charts, found %s",
                        FOUND(L->inline_charts));
    } else if (L->inline_charts) {
        json_t *m = merge(merged, L->inline_charts);
        json_decref(merged);
        merged = m;
        if (!merged) {
            L->nomem = 1;
            return;
        }
    }
    lb_charts *c = &L->st->charts;
    L->charts = merged;
    compile_nations(L, merged);
    compile_terrain(L, merged);
    compile_hexsides(L, merged);
    compile_elevation(L, merged);
    compile_fire_multiples(L, merged);
    compile_morale(L, merged);
    /* the fire tables (charts-format 4.1, 5.2-5.6), the charge tables (7), the melee tables (6)
     * and the movement tables (4.1, 4.5, 8.1), once per state */
    if (lbi_fire_charts_compile(merged, c, L->st->arena, L->strict, lbi_scn_report_chart, L,
                                &c->fire) == LB_NOMEM ||
        lbi_charge_charts_compile(merged, c, L->st->arena, L->strict, lbi_scn_report_chart, L,
                                  &c->charge) == LB_NOMEM ||
        lbi_melee_charts_compile(merged, c, L->st->arena, L->strict, lbi_scn_report_chart, L,
                                 &c->melee) == LB_NOMEM ||
        lbi_move_charts_compile(merged, c, L->st->arena, L->strict, lbi_scn_report_chart, L,
                                &c->move) == LB_NOMEM)
        L->nomem = 1;
}
