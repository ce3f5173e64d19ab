/* Fire charts: checks and compiles the fire table, defence, massed, trigger, casualty and artillery range charts (read by fire_lookup.c). */
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart_codes.h"
#include "chart_json.h"
#include "lb/core.h"
#include "state_types.h"
#include "dice_int.h"
#include "unit_int.h"

#define COLUMNS_MAX 64

typedef struct compiler {
    cj cj;               /* the shared chart reader: reports, arena, strictness */
    lb_fire_charts *fc;
} compiler;

static const char *const fd_keys[LB_FIRE_FD_KEYS] = {
    "column", "line", "carre", "skirmish", "general", NULL, "limbered", "unlimbered", "masse",
    "disordered", "routed"};
static const char *const arm_keys[] = {"infantry", "cavalry", "artillery"};

#define FOUND(v) lbi_cj_found((v), fbuf, sizeof fbuf)

static int get_bool(compiler *C, const json_t *obj, const char *base, const char *key, int *out)
{
    char p[CJ_PATH], fbuf[80];
    json_t *v = json_object_get(obj, key);
    *out = 0;
    if (!v)
        return 0;
    if (!json_is_boolean(v)) {
        lbi_cj_path_key(p, base, key);
        lbi_cj_problem(&C->cj, p, "expected true or false, found %s", FOUND(v));
        return -1;
    }
    *out = json_is_true(v);
    return 0;
}
/* ---- 4.1 terrain fire defence ----------------------------------------------------------- */

static void compile_terrain_defence(compiler *C, const json_t *doc)
{
    char fbuf[80];
    lb_fire_charts *fc = C->fc;
    const json_t *terrain = json_object_get(doc, "terrain");
    fc->nterrain = C->cj.charts->nterrain;
    fc->defence = lbi_cj_alloc(&C->cj, (size_t)fc->nterrain * LB_FIRE_FD_KEYS, 1);
    if (!fc->defence)
        return;
    for (int t = 0; t < C->cj.charts->nterrain; t++) {
        const char *id = C->cj.charts->terrain[t].id;
        const json_t *fd = json_object_get(json_object_get(terrain, id), "fire_defence");
        char entry[CJ_PATH], base[CJ_PATH];
        lbi_cj_path_key(entry, "/terrain", id);
        lbi_cj_path_key(base, entry, "fire_defence");
        if (!fd)
            continue;
        if (!lbi_cj_object(&C->cj, fd, base, "an object of fire defence values by formation"))
            continue;
        const char *key;
        json_t *v;
        json_object_foreach((json_t *)fd, key, v) {
            if (lbi_cj_is_mark(key, v))
                continue;
            char p[CJ_PATH];
            lbi_cj_path_key(p, base, key);
            int k = -1;
            for (int i = 0; i < LB_FIRE_FD_KEYS && k < 0; i++)
                if (fd_keys[i] && strcmp(key, fd_keys[i]) == 0)
                    k = i;
            if (k < 0) {
                lbi_cj_problem(&C->cj, p,
                               "expected a formation (column, line, carre, skirmish, general, "
                               "limbered, unlimbered, masse) or disordered or routed, found \"%s\"",
                               key);
                continue;
            }
            if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > 99) {
                lbi_cj_problem(&C->cj, p, "expected a fire defence from 1 to 99, found %s",
                               FOUND(v));
                continue;
            }
            fc->defence[t * LB_FIRE_FD_KEYS + k] = (unsigned char)json_integer_value(v);
        }
    }
}

/* ---- 5.2 fire_defence rules ------------------------------------------------------------- */

static void compile_defence_rules(compiler *C, const json_t *doc)
{
    char fbuf[80];
    lb_fire_charts *fc = C->fc;
    const json_t *fd = json_object_get(doc, "fire_defence");
    if (!fd || !lbi_cj_object(&C->cj, fd, "/fire_defence", "an object of fire defence rules"))
        return;
    static const char *const keys[] = {"flank", "road", "with_artillery"};
    lbi_cj_check_keys(&C->cj, fd, "/fire_defence", keys, 3);
    static const char *const value_key[] = {"value"};
    const char *names[2] = {"/fire_defence/flank", "/fire_defence/road"};
    int *has[2] = {&fc->has_flank, &fc->has_road};
    int *val[2] = {&fc->flank_value, &fc->road_value};
    for (int i = 0; i < 2; i++) {
        const json_t *o = json_object_get(fd, keys[i]);
        if (!o || !lbi_cj_object(&C->cj, o, names[i], "an object {\"value\": fire defence}"))
            continue;
        lbi_cj_check_keys(&C->cj, o, names[i], value_key, 1);
        *has[i] = lbi_cj_int(&C->cj, o, names[i], "value", 1, 1, 99, val[i]) == 0;
    }
    const char *wp = "/fire_defence/with_artillery";
    const json_t *wa = json_object_get(fd, "with_artillery");
    if (!wa || !lbi_cj_object(&C->cj, wa, wp, "an object {\"delta\": n, \"except\": [formations]}"))
        return;
    static const char *const wa_keys[] = {"delta", "except"};
    lbi_cj_check_keys(&C->cj, wa, wp, wa_keys, 2);
    if (lbi_cj_int(&C->cj, wa, wp, "delta", 1, -99, 99, &fc->with_artillery_delta) != 0)
        return;
    const json_t *ex = json_object_get(wa, "except");
    unsigned mask = 0;
    if (ex && !json_is_array(ex)) {
        lbi_cj_problem(&C->cj, "/fire_defence/with_artillery/except",
                       "expected a list of formations, found %s", FOUND(ex));
        return;
    }
    size_t i;
    json_t *f;
    json_array_foreach(ex, i, f) {
        int form = json_is_string(f) ? lb_formation_parse(json_string_value(f)) : -1;
        if (form < 0) {
            char p[CJ_PATH];
            lbi_cj_path_index(p, "/fire_defence/with_artillery/except", i);
            lbi_cj_problem(&C->cj, p,
                           "expected a formation (column, line, carre, skirmish, general, road, "
                           "limbered, unlimbered, masse), found %s",
                           FOUND(f));
            return;
        }
        mask |= 1u << form;
    }
    fc->with_artillery_except = mask;
    fc->has_with_artillery = 1;
}

/* ---- 5.3 fire_table --------------------------------------------------------------------- */

/* Bands of one column into loss[36]; 0 or -1 (reported). */
static int compile_bands(compiler *C, const json_t *bands, const char *base, unsigned char loss[36])
{
    char fbuf[80];
    if (!json_is_array(bands)) {
        lbi_cj_problem(&C->cj, base,
                       "expected a list of bands {\"lo\", \"hi\", \"loss\"}, found %s",
                       FOUND(bands));
        return -1;
    }
    static const char *const keys[] = {"lo", "hi", "loss"};
    int prev_hi = 0, prev_loss = 0;
    size_t i;
    json_t *b;
    json_array_foreach(bands, i, b) {
        char p[CJ_PATH], pk[CJ_PATH];
        lbi_cj_path_index(p, base, i);
        int lo, hi, l;
        if (lbi_cj_roll_range(&C->cj, b, p, &lo, &hi) != 0)
            return -1;
        lbi_cj_check_keys(&C->cj, b, p, keys, 3);
        if (lbi_cj_int(&C->cj, b, p, "loss", 1, 1, LB_FIRE_LOSS_MAX, &l) != 0)
            return -1;
        if (prev_hi && lb_roll_index(lo) <= lb_roll_index(prev_hi)) {
            lbi_cj_path_key(pk, p, "lo");
            lbi_cj_problem(&C->cj, pk,
                           "expected a roll after the previous band's hi \"%d\", found \"%d\"",
                           prev_hi, lo);
            return -1;
        }
        if (l <= prev_loss) {
            lbi_cj_path_key(pk, p, "loss");
            lbi_cj_problem(&C->cj, pk,
                           "expected a loss greater than the previous band's %d, found %d",
                           prev_loss, l);
            return -1;
        }
        for (int r = lb_roll_index(lo); r <= lb_roll_index(hi); r++)
            loss[r] = (unsigned char)l;
        prev_hi = hi;
        prev_loss = l;
    }
    return 0;
}

/* -1, 0, 1 as a's ratio att/def is below, equal to, above b's. */
static int ratio_cmp(const lb_fire_column *a, const lb_fire_column *b)
{
    long long l = (long long)a->att * b->def, r = (long long)b->att * a->def;
    return (l > r) - (l < r);
}

static int column_order(const void *a, const void *b)
{
    return ratio_cmp(a, b);
}

static void compile_table(compiler *C, const json_t *doc)
{
    lb_fire_charts *fc = C->fc;
    const json_t *ft = json_object_get(doc, "fire_table");
    if (!ft || !lbi_cj_object(&C->cj, ft, "/fire_table",
                              "an object with the odds columns of the fire table"))
        return;
    static const char *const keys[] = {"below_lowest", "above_highest", "columns"};
    lbi_cj_check_keys(&C->cj, ft, "/fire_table", keys, 3);
    static const char *const below[] = {"lowest", "none"};
    static const char *const above[] = {"highest"};
    int b = lbi_cj_enum(&C->cj, ft, "/fire_table", "below_lowest", 0, below, 2);
    int a = lbi_cj_enum(&C->cj, ft, "/fire_table", "above_highest", 0, above, 1);
    const json_t *cols = json_object_get(ft, "columns");
    if (!lbi_cj_object(&C->cj, cols, "/fire_table/columns", "an object of odds columns"))
        return;
    size_t n = json_object_size(cols);
    if (n == 0 || n > COLUMNS_MAX) {
        lbi_cj_problem(&C->cj, "/fire_table/columns", "expected 1 to %d odds columns, found %zu",
                       COLUMNS_MAX, n);
        return;
    }
    fc->columns = lbi_cj_alloc(&C->cj, n, sizeof *fc->columns);
    if (!fc->columns)
        return;
    int ok = b != -1 && a != -1;
    const char *label;
    json_t *col;
    static const char *const col_keys[] = {"att", "def", "bands"};
    json_object_foreach((json_t *)cols, label, col) {
        char p[CJ_PATH], pb[CJ_PATH];
        lbi_cj_path_key(p, "/fire_table/columns", label);
        if (!lbi_cj_object(&C->cj, col, p, "an odds column {\"att\", \"def\", \"bands\"}")) {
            ok = 0;
            continue;
        }
        lbi_cj_check_keys(&C->cj, col, p, col_keys, 3);
        lb_fire_column c = {.label = label};
        if (lbi_cj_int(&C->cj, col, p, "att", 1, 1, 999, &c.att) ||
            lbi_cj_int(&C->cj, col, p, "def", 1, 1, 999, &c.def)) {
            ok = 0;
            continue;
        }
        lbi_cj_path_key(pb, p, "bands");
        if (compile_bands(C, json_object_get(col, "bands"), pb, c.loss) != 0) {
            ok = 0;
            continue;
        }
        int dup_of = -1;
        for (int k = 0; k < fc->ncolumns && dup_of < 0; k++)
            if (ratio_cmp(&fc->columns[k], &c) == 0)
                dup_of = k;
        if (dup_of >= 0) {
            lbi_cj_problem(&C->cj, p,
                           "expected a ratio no other column has, found %d:%d, the ratio of column "
                           "\"%s\"",
                           c.att, c.def, fc->columns[dup_of].label);
            ok = 0;
            continue;
        }
        c.label = lbi_cj_dup(&C->cj, label);
        fc->columns[fc->ncolumns++] = c;
    }
    if (!ok || C->cj.nomem)
        return;
    qsort(fc->columns, (size_t)fc->ncolumns, sizeof *fc->columns, column_order);
    fc->below_none = b == 1;
    fc->has_table = 1;
}

/* ---- 5.4 massed_target ------------------------------------------------------------------ */

static void compile_massed(compiler *C, const json_t *doc)
{
    const json_t *m = json_object_get(doc, "massed_target");
    if (!m || !lbi_cj_object(&C->cj, m, "/massed_target",
                             "an object {\"above\": n, \"per_increment\": n}"))
        return;
    static const char *const keys[] = {"above", "per_increment"};
    lbi_cj_check_keys(&C->cj, m, "/massed_target", keys, 2);
    int a = lbi_cj_int(&C->cj, m, "/massed_target", "above", 1, 0, 999, &C->fc->massed_above);
    int p = lbi_cj_int(&C->cj, m, "/massed_target", "per_increment", 1, 0, 35, &C->fc->massed_per);
    C->fc->has_massed = a == 0 && p == 0;
}

/* ---- 5.5 fire_morale_checks ------------------------------------------------------------- */

static int compile_trigger(compiler *C, const json_t *v, const char *path, lb_fire_trigger *out)
{
    if (!lbi_cj_object(&C->cj, v, path,
                       "a trigger {\"on\": \"every\", \"even\", \"odd\" or \"third\"}"))
        return -1;
    static const char *const keys[] = {"on", "from"};
    lbi_cj_check_keys(&C->cj, v, path, keys, 2);
    int on = lbi_cj_enum(&C->cj, v, path, "on", 1, lbi_fire_trigger_codes, 4);
    out->from = 1;
    if (on < 0 || lbi_cj_int(&C->cj, v, path, "from", 0, 1, 99, &out->from) < 0)
        return -1;
    out->on = (lb_fire_trigger_on)on;
    return 0;
}

static void compile_triggers(compiler *C, const json_t *doc)
{
    const json_t *fm = json_object_get(doc, "fire_morale_checks");
    if (!fm || !lbi_cj_object(&C->cj, fm, "/fire_morale_checks",
                              "an object of fire-loss triggers by nation"))
        return;
    size_t total = 0;
    const char *nation;
    json_t *entry;
    json_object_foreach((json_t *)fm, nation, entry) {
        total += json_object_size(json_object_get(entry, "classes"));
        total += json_object_size(json_object_get(entry, "arms"));
    }
    lb_fire_charts *fc = C->fc;
    fc->triggers = lbi_cj_alloc(&C->cj, total, sizeof *fc->triggers);
    if (!fc->triggers)
        return;
    json_object_foreach((json_t *)fm, nation, entry) {
        char base[CJ_PATH];
        lbi_cj_path_key(base, "/fire_morale_checks", nation);
        if (lbi_cj_is_mark(nation, entry))
            continue;
        if (!lbi_cj_object(&C->cj, entry, base, "an object {\"classes\": {…}, \"arms\": {…}}"))
            continue;
        static const char *const keys[] = {"classes", "arms"};
        lbi_cj_check_keys(&C->cj, entry, base, keys, 2);
        for (int part = 0; part < 2; part++) {
            char pp[CJ_PATH];
            lbi_cj_path_key(pp, base, keys[part]);
            const json_t *map = json_object_get(entry, keys[part]);
            if (!map || !lbi_cj_object(&C->cj, map, pp, part ? "an object of triggers by arm"
                                                    : "an object of triggers by class"))
                continue;
            const char *key;
            json_t *v;
            json_object_foreach((json_t *)map, key, v) {
                if (lbi_cj_is_mark(key, v))
                    continue;
                char p[CJ_PATH];
                lbi_cj_path_key(p, pp, key);
                lb_fire_trigger tr = {.nation = lbi_cj_dup(&C->cj, nation), .arm = -1};
                if (part) {
                    for (int a = 0; a < 3; a++)
                        if (strcmp(key, arm_keys[a]) == 0)
                            tr.arm = a;
                    if (tr.arm < 0) {
                        lbi_cj_problem(&C->cj, p,
                                "expected an arm (infantry, cavalry, artillery), found \"%s\"",
                                key);
                        continue;
                    }
                } else {
                    tr.cls = lbi_cj_dup(&C->cj, key);
                }
                if (compile_trigger(C, v, p, &tr) == 0)
                    fc->triggers[fc->ntriggers++] = tr;
            }
        }
    }
}

/* ---- 5.6 leader_casualty ---------------------------------------------------------------- */

static int compile_casualty_entry(compiler *C, const json_t *e, const char *p,
                                  lb_casualty_entry *out)
{
    if (!lbi_cj_object(&C->cj, e, p, "a casualty table entry {\"lo\", \"hi\", \"result\", …}"))
        return -1;
    static const char *const keys[] = {"lo",  "hi", "result", "wound", "hours_out_dice",
                                       "reroll_if_fire", "hex_morale_check"};
    lbi_cj_check_keys(&C->cj, e, p, keys, 7);
    int result = lbi_cj_enum(&C->cj, e, p, "result", 1, lbi_casualty_codes, 3);
    if (lbi_cj_int(&C->cj, e, p, "lo", 1, 1, 6, &out->lo) ||
        lbi_cj_int(&C->cj, e, p, "hi", 1, 1, 6, &out->hi) || result < 0 ||
        lbi_cj_int(&C->cj, e, p, "hours_out_dice", 0, 0, 9, &out->hours_out_dice) < 0 ||
        get_bool(C, e, p, "reroll_if_fire", &out->reroll_if_fire) ||
        get_bool(C, e, p, "hex_morale_check", &out->hex_morale_check))
        return -1;
    out->result = (lb_casualty_kind)result;
    json_t *w = json_object_get(e, "wound");
    if (w && !json_is_string(w)) {
        char pw[CJ_PATH], fbuf[80];
        lbi_cj_path_key(pw, p, "wound");
        lbi_cj_problem(&C->cj, pw, "expected a text, found %s", FOUND(w));
        return -1;
    }
    out->wound = w ? lbi_cj_dup(&C->cj, json_string_value(w)) : NULL;
    return 0;
}

static void compile_casualty(compiler *C, const json_t *doc)
{
    char fbuf[80];
    lb_fire_charts *fc = C->fc;
    const char *base = "/leader_casualty";
    const json_t *lc = json_object_get(doc, "leader_casualty");
    if (!lc || !lbi_cj_object(&C->cj, lc, base, "an object {\"fire\", \"melee_attacker\", "
                                       "\"melee_defender\", \"table\"}"))
        return;
    static const char *const keys[] = {"fire", "melee_attacker", "melee_defender", "table"};
    lbi_cj_check_keys(&C->cj, lc, base, keys, 4);
    int *lo[3] = {&fc->casualty_fire_lo, &fc->casualty_attacker_lo, &fc->casualty_defender_lo};
    int *hi[3] = {&fc->casualty_fire_hi, &fc->casualty_attacker_hi, &fc->casualty_defender_hi};
    int ok = 1;
    for (int i = 0; i < 3; i++) {
        const json_t *r = json_object_get(lc, keys[i]);
        char p[CJ_PATH];
        lbi_cj_path_key(p, base, keys[i]);
        if (!r)
            continue;
        if (lbi_cj_roll_range(&C->cj, r, p, lo[i], hi[i]) != 0) {
            *lo[i] = *hi[i] = 0;
            ok = 0;
            continue;
        }
        static const char *const range_keys[] = {"lo", "hi"};
        lbi_cj_check_keys(&C->cj, r, p, range_keys, 2);
    }
    const json_t *table = json_object_get(lc, "table");
    if (!json_is_array(table) || json_array_size(table) == 0 || json_array_size(table) > 6) {
        lbi_cj_problem(&C->cj, "/leader_casualty/table",
                       "expected a list of 1 to 6 die results covering "
                       "1-6, found %s",
                       FOUND(table));
        return;
    }
    int next = 1, settles = 0;
    size_t i;
    json_t *e;
    json_array_foreach(table, i, e) {
        char p[CJ_PATH];
        lbi_cj_path_index(p, "/leader_casualty/table", i);
        lb_casualty_entry *ce = &fc->casualty[i];
        if (compile_casualty_entry(C, e, p, ce) != 0)
            return;
        if (ce->lo != next || ce->hi < ce->lo) {
            char pk[CJ_PATH];
            lbi_cj_path_key(pk, p, ce->lo != next ? "lo" : "hi");
            if (ce->lo != next)
                lbi_cj_problem(&C->cj, pk, "expected the die range to start at %d, found %d", next,
                               ce->lo);
            else
                lbi_cj_problem(&C->cj, pk, "expected a die not below lo %d, found %d", ce->lo,
                               ce->hi);
            return;
        }
        next = ce->hi + 1;
        settles |= !ce->reroll_if_fire;
    }
    if (next != 7) {
        lbi_cj_problem(&C->cj, "/leader_casualty/table",
                       "expected die ranges covering 1-6, found them ending "
                       "at %d",
                       next - 1);
        return;
    }
    if (!settles) {
        lbi_cj_problem(&C->cj, "/leader_casualty/table",
                       "expected at least one result a fire casualty keeps, "
                       "found every one with reroll_if_fire");
        return;
    }
    fc->ncasualty = (int)json_array_size(table);
    fc->has_casualty = ok;
}

/* ---- 8.2 artillery_fire ------------------------------------------------------------------ */

static int compile_battery(compiler *C, const json_t *e, const char *p, lb_battery_range *b)
{
    if (!lbi_cj_object(&C->cj, e, p, "a battery class {\"range\", \"canister\", \"long_range\"}"))
        return -1;
    static const char *const keys[] = {"range", "canister", "long_range"};
    lbi_cj_check_keys(&C->cj, e, p, keys, 3);
    if (lbi_cj_int(&C->cj, e, p, "range", 1, 1, 99, &b->range) ||
        lbi_cj_int(&C->cj, e, p, "canister", 0, 0, b->range, &b->canister) < 0 ||
        lbi_cj_int(&C->cj, e, p, "long_range", 0, b->canister + 1, b->range, &b->long_range) < 0)
        return -1;
    return 0;
}

static void compile_artillery(compiler *C, const json_t *doc)
{
    const char *base = "/artillery_fire";
    const json_t *af = json_object_get(doc, "artillery_fire");
    if (!af || !lbi_cj_object(&C->cj, af, base, "an object {\"canister\", \"long_range\", "
                                            "\"batteries\"}"))
        return;
    lb_fire_charts *fc = C->fc;
    static const char *const keys[] = {"canister", "long_range", "batteries"};
    lbi_cj_check_keys(&C->cj, af, base, keys, 3);
    const json_t *can = json_object_get(af, "canister");
    if (can && lbi_cj_object(&C->cj, can, "/artillery_fire/canister", "an object {\"shift\": n}")) {
        static const char *const ck[] = {"shift"};
        lbi_cj_check_keys(&C->cj, can, "/artillery_fire/canister", ck, 1);
        if (lbi_cj_int(&C->cj, can, "/artillery_fire/canister", "shift", 1, 1, 9,
                       &fc->canister_shift))
            fc->canister_shift = 0;
    }
    const json_t *lr = json_object_get(af, "long_range");
    const char *lp = "/artillery_fire/long_range";
    if (lr && lbi_cj_object(&C->cj, lr, lp, "an object {\"times\": rational}")) {
        static const char *const lk[] = {"times"};
        lbi_cj_check_keys(&C->cj, lr, lp, lk, 1);
        int num, den;
        if (lbi_cj_rational(&C->cj, json_object_get(lr, "times"),
                            "/artillery_fire/long_range/times", &num, &den) == 0) {
            if (num < 1)
                lbi_cj_problem(&C->cj, "/artillery_fire/long_range/times/num",
                               "expected a multiple above 0, found 0");
            else {
                fc->long_times = lb_frac_make(num, den);
                fc->has_long_times = 1;
            }
        }
    }
    const json_t *bt = json_object_get(af, "batteries");
    const char *bp = "/artillery_fire/batteries";
    if (!bt || !lbi_cj_object(&C->cj, bt, bp, "an object of battery classes by nation"))
        return;
    size_t total = 0;
    const char *nation;
    json_t *classes;
    json_object_foreach((json_t *)bt, nation, classes) total += json_object_size(classes);
    fc->batteries = lbi_cj_alloc(&C->cj, total, sizeof *fc->batteries);
    if (!fc->batteries)
        return;
    json_object_foreach((json_t *)bt, nation, classes) {
        char np[CJ_PATH];
        lbi_cj_path_key(np, bp, nation);
        if (lbi_cj_is_mark(nation, classes) ||
            !lbi_cj_object(&C->cj, classes, np, "an object of battery classes"))
            continue;
        const char *cls;
        json_t *e;
        json_object_foreach(classes, cls, e) {
            char p[CJ_PATH];
            lbi_cj_path_key(p, np, cls);
            if (lbi_cj_is_mark(cls, e))
                continue;
            lb_battery_range b = {.nation = lbi_cj_dup(&C->cj, nation),
                                  .cls = lbi_cj_dup(&C->cj, cls)};
            if (compile_battery(C, e, p, &b) == 0)
                fc->batteries[fc->nbatteries++] = b;
        }
    }
}

int lbi_fire_charts_compile(const json_t *doc, const lb_charts *c, lb_arena *arena, int strict,
                            lbi_report report, void *ctx, lb_fire_charts **out)
{
    compiler C = {.cj = {.charts = c, .arena = arena, .strict = strict, .report = report, .ctx = ctx}};
    *out = NULL;
    C.fc = lbi_cj_alloc(&C.cj, 1, sizeof *C.fc);
    if (!C.fc)
        return LB_NOMEM;
    compile_terrain_defence(&C, doc);
    compile_defence_rules(&C, doc);
    compile_table(&C, doc);
    compile_massed(&C, doc);
    compile_triggers(&C, doc);
    compile_casualty(&C, doc);
    compile_artillery(&C, doc);
    if (C.cj.nomem)
        return LB_NOMEM;
    *out = C.fc;
    return C.cj.failed ? LB_INVALID : LB_OK;
}
