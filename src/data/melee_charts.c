/* Melee charts: checks and compiles melee_table, melee_multipliers and premelee_morale. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart_codes.h"
#include "chart_json.h"
#include "lb/core.h"
#include "state_types.h"
#include "dice_int.h"

#define FOUND(v) lbi_cj_found((v), fbuf, sizeof fbuf)

static const char *const check_names[] = {"attacker", "defender", "both"};
static const char *const below_names[] = {"lowest", "none"};
static const char *const above_names[] = {"highest"};
static const char *const side_names[] = {"attacker", "defender"};
static const char *const applies_names[] = {"value", "lance_bonus"};
static const char *const per_names[] = {"defender_morale_level", "attacker_morale_level",
                                        "attacker_fire_loss", "defender_fire_loss"};

/* -1, 0, 1 as att1/def1 is below, equal to, above att2/def2. */
static int ratio_cmp(int att1, int def1, int att2, int def2)
{
    long long l = (long long)att1 * def2, r = (long long)att2 * def1;
    return (l > r) - (l < r);
}

static int melee_order(const void *a, const void *b)
{
    const lb_melee_column *x = a, *y = b;
    return ratio_cmp(x->att, x->def, y->att, y->def);
}

static int premelee_order(const void *a, const void *b)
{
    const lb_premelee_column *x = a, *y = b;
    return ratio_cmp(x->att, x->def, y->att, y->def);
}

/* The shared head of an odds table (2.3): below_lowest, above_highest, and its columns object;
 * returns the columns object, or NULL after reporting. */
static const json_t *odds_table(cj *C, const json_t *t, const char *base, const char *cols_key,
                                const char *const *keys, int nkeys, int *below_none)
{
    char p[CJ_PATH];
    lbi_cj_check_keys(C, t, base, keys, nkeys);
    int b = lbi_cj_enum(C, t, base, "below_lowest", 0, below_names, 2);
    int a = lbi_cj_enum(C, t, base, "above_highest", 0, above_names, 1);
    *below_none = b == 1;
    lbi_cj_path_key(p, base, cols_key);
    const json_t *cols = json_object_get(t, cols_key);
    if (!lbi_cj_object(C, cols, p, "an object of odds columns"))
        return NULL;
    size_t n = 0;
    const char *label;
    json_t *col;
    json_object_foreach((json_t *)cols, label, col)
        n += !lbi_cj_is_mark(label, col);
    if (n == 0 || n > LB_MELEE_COLUMNS_MAX) {
        lbi_cj_problem(C, p, "expected 1 to %d odds columns, found %zu", LB_MELEE_COLUMNS_MAX, n);
        return NULL;
    }
    return b == -1 || a == -1 ? NULL : cols;
}

/* ---- 6.1 melee_table ---------------------------------------------------------------------- */

static int compile_cell(cj *C, const json_t *v, const char *p, lb_melee_cell *out)
{
    char fbuf[80];
    memset(out, 0, sizeof *out);
    if (json_is_string(v)) {
        for (int k = 0; k < 6; k++)
            if (strcmp(json_string_value(v), lbi_melee_codes[k]) == 0) {
                out->code = (lb_melee_code)k;
                return 0;
            }
        lbi_cj_problem(C, p, "expected a result code (NE, AR, AD, DR, DD, DS) or a loss object "
                         "{\"att\", \"def\", \"check\"}, found %s", FOUND(v));
        return -1;
    }
    if (!lbi_cj_object(C, v, p, "a result code (NE, AR, AD, DR, DD, DS) or a loss object "
                            "{\"att\", \"def\", \"check\"}"))
        return -1;
    static const char *const keys[] = {"att", "def", "check"};
    lbi_cj_check_keys(C, v, p, keys, 3);
    out->code = LB_MELEE_LOSS;
    if (lbi_cj_int(C, v, p, "att", 1, 0, 99, &out->att) ||
        lbi_cj_int(C, v, p, "def", 1, 0, 99, &out->def))
        return -1;
    int check = lbi_cj_enum(C, v, p, "check", 0, check_names, 3);
    if (check == -1)
        return -1;
    out->att_check = check == 0 || check == 2;
    out->def_check = check == 1 || check == 2;
    const json_t *u = json_object_get(v, "uncertain");
    out->uncertain = json_is_string(u) ? lbi_cj_dup(C, json_string_value(u)) : NULL;
    return 0;
}

/* The 36 cells of a column: exactly the keys "11".."66" (11). */
static int compile_rolls(cj *C, const json_t *rolls, const char *base, lb_melee_cell cell[36])
{
    if (!lbi_cj_object(C, rolls, base, "an object with the 36 rolls \"11\"..\"66\""))
        return -1;
    int bad = 0;
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)rolls, key, v) {
        if (lbi_cj_is_mark(key, v))
            continue;
        int r = strlen(key) == 2 ? (key[0] - '0') * 10 + (key[1] - '0') : 0;
        if (!lb_roll_valid(r)) {
            char p[CJ_PATH];
            lbi_cj_path_key(p, base, key);
            lbi_cj_problem(C, p, "expected a roll \"11\"..\"66\" as the key, found \"%s\"", key);
            bad = 1;
        }
    }
    for (int i = 0; i < 36; i++) {
        char roll[4], p[CJ_PATH];
        snprintf(roll, sizeof roll, "%d", lb_roll_from_index(i));
        lbi_cj_path_key(p, base, roll);
        const json_t *c = json_object_get(rolls, roll);
        if (!c) {
            lbi_cj_problem(C, p, "expected the result of roll %s, found nothing", roll);
            bad = 1;
            continue;
        }
        bad |= compile_cell(C, c, p, &cell[i]) != 0;
    }
    return bad ? -1 : 0;
}

static void compile_table(cj *C, const json_t *doc, lb_melee_charts *mc)
{
    const json_t *t = json_object_get(doc, "melee_table");
    if (!t || !lbi_cj_object(C, t, "/melee_table", "an object with the odds columns of the melee "
                                                "matrix"))
        return;
    static const char *const keys[] = {"below_lowest", "above_highest", "columns"};
    const json_t *cols = odds_table(C, t, "/melee_table", "columns", keys, 3, &mc->below_none);
    if (!cols)
        return;
    mc->columns = lbi_cj_alloc(C, json_object_size(cols), sizeof *mc->columns);
    if (!mc->columns)
        return;
    int ok = 1;
    const char *label;
    json_t *col;
    static const char *const col_keys[] = {"att", "def", "rolls"};
    json_object_foreach((json_t *)cols, label, col) {
        if (lbi_cj_is_mark(label, col))
            continue;
        char p[CJ_PATH], pr[CJ_PATH];
        lbi_cj_path_key(p, "/melee_table/columns", label);
        if (!lbi_cj_object(C, col, p, "an odds column {\"att\", \"def\", \"rolls\"}")) {
            ok = 0;
            continue;
        }
        lbi_cj_check_keys(C, col, p, col_keys, 3);
        lb_melee_column *c = &mc->columns[mc->ncolumns];
        if (lbi_cj_int(C, col, p, "att", 1, 1, 999, &c->att) ||
            lbi_cj_int(C, col, p, "def", 1, 1, 999, &c->def)) {
            ok = 0;
            continue;
        }
        lbi_cj_path_key(pr, p, "rolls");
        if (compile_rolls(C, json_object_get(col, "rolls"), pr, c->cell) != 0) {
            ok = 0;
            continue;
        }
        int dup = -1;
        for (int k = 0; k < mc->ncolumns && dup < 0; k++)
            if (ratio_cmp(mc->columns[k].att, mc->columns[k].def, c->att, c->def) == 0)
                dup = k;
        if (dup >= 0) {
            lbi_cj_problem(C, p, "expected a ratio no other column has, found %d:%d, the ratio of "
                             "column \"%s\"", c->att, c->def, mc->columns[dup].label);
            ok = 0;
            continue;
        }
        c->label = lbi_cj_dup(C, label);
        mc->ncolumns++;
    }
    if (!ok || C->nomem)
        return;
    qsort(mc->columns, (size_t)mc->ncolumns, sizeof *mc->columns, melee_order);
    mc->has_table = 1;
}

/* ---- 6.2 melee_multipliers ---------------------------------------------------------------- */

/* `replaces` of entry e: ids of the table's entries (ids[0..n)), into a bit set. */
static int compile_replaces(cj *C, const json_t *e, const char *p, const char *key,
                            const char *const *ids, int n, unsigned long long *out)
{
    char k[CJ_PATH], fbuf[80];
    const json_t *r = json_object_get(e, "replaces");
    *out = 0;
    if (!r)
        return 0;
    lbi_cj_path_key(k, p, "replaces");
    if (!json_is_array(r)) {
        lbi_cj_problem(C, k, "expected a list of entry ids of %s, found %s", key, FOUND(r));
        return -1;
    }
    size_t j;
    json_t *x;
    json_array_foreach(r, j, x) {
        int found = -1;
        for (int q = 0; q < n && found < 0 && json_is_string(x); q++)
            if (strcmp(ids[q], json_string_value(x)) == 0)
                found = q;
        if (found < 0) {
            char pj[CJ_PATH];
            lbi_cj_path_index(pj, k, j);
            lbi_cj_problem(C, pj, "expected an entry id of %s, found %s", key, FOUND(x));
            return -1;
        }
        *out |= 1ull << found;
    }
    return 0;
}

/* The ids of the entries of table t (marks left out), in file order; their count, or -1. */
static int entry_ids(cj *C, const json_t *t, const char *base, const char ***out)
{
    size_t n = 0;
    const char *id;
    json_t *e;
    json_object_foreach((json_t *)t, id, e)
        n += !lbi_cj_is_mark(id, e);
    if (n > LB_MELEE_ENTRIES_MAX) {
        lbi_cj_problem(C, base, "expected at most %d entries, found %zu", LB_MELEE_ENTRIES_MAX, n);
        return -1;
    }
    const char **ids = lbi_cj_alloc(C, n, sizeof *ids);
    if (!ids)
        return -1;
    int k = 0;
    json_object_foreach((json_t *)t, id, e)
        if (!lbi_cj_is_mark(id, e))
            ids[k++] = lbi_cj_dup(C, id);
    *out = ids;
    return k;
}

static void compile_multipliers(cj *C, const json_t *doc, lb_melee_charts *mc)
{
    const char *base = "/melee_multipliers";
    const json_t *t = json_object_get(doc, "melee_multipliers");
    if (!t || !lbi_cj_object(C, t, base, "an object of multiplier entries"))
        return;
    const char **ids;
    int n = entry_ids(C, t, base, &ids);
    if (n < 0)
        return;
    mc->multipliers = lbi_cj_alloc(C, (size_t)n, sizeof *mc->multipliers);
    if (!mc->multipliers)
        return;
    int bad = 0;
    const char *id;
    json_t *e;
    json_object_foreach((json_t *)t, id, e) {
        if (lbi_cj_is_mark(id, e))
            continue;
        char p[CJ_PATH], k[CJ_PATH];
        lbi_cj_path_key(p, base, id);
        lb_melee_multiplier *m = &mc->multipliers[mc->nmultipliers];
        m->id = ids[mc->nmultipliers++];
        if (!lbi_cj_object(C, e, p, "a multiplier entry {\"side\", \"when\", \"times\"}")) {
            bad = 1;
            continue;
        }
        static const char *const keys[] = {"side", "when", "times", "applies_to", "replaces"};
        lbi_cj_check_keys(C, e, p, keys, 5);
        int side = lbi_cj_enum(C, e, p, "side", 1, side_names, 2);
        int applies = lbi_cj_enum(C, e, p, "applies_to", 0, applies_names, 2);
        bad |= side < 0 || applies == -1;
        m->side = side == 1 ? LB_MELEE_DEFENDER : LB_MELEE_ATTACKER;
        m->lance = applies == 1;
        lbi_cj_path_key(k, p, "when");
        const json_t *when = json_object_get(e, "when");
        if (!when) {
            lbi_cj_problem(C, k, "expected a condition object, found nothing");
            bad = 1;
        } else {
            bad |= lbi_cj_condition(C, when, k, LB_ROLE_ATTACKER | LB_ROLE_DEFENDER, &m->when) != 0;
        }
        int num, den;
        lbi_cj_path_key(k, p, "times");
        if (lbi_cj_rational(C, json_object_get(e, "times"), k, &num, &den) != 0)
            bad = 1;
        else
            m->times = lb_frac_make(num, den);
        bad |= compile_replaces(C, e, p, "melee_multipliers", ids, n, &m->replaces) != 0;
        const json_t *u = json_object_get(e, "uncertain");
        m->uncertain = json_is_string(u) ? lbi_cj_dup(C, json_string_value(u)) : NULL;
    }
    mc->has_multipliers = !bad && !C->nomem;
}

/* ---- 6.3 premelee_morale ------------------------------------------------------------------ */

static int compile_premelee_odds(cj *C, const json_t *cols, lb_melee_charts *mc)
{
    mc->odds = lbi_cj_alloc(C, json_object_size(cols), sizeof *mc->odds);
    if (!mc->odds)
        return -1;
    int bad = 0;
    const char *label;
    json_t *col;
    static const char *const keys[] = {"att", "def", "attacker_mod", "defender_mod"};
    json_object_foreach((json_t *)cols, label, col) {
        if (lbi_cj_is_mark(label, col))
            continue;
        char p[CJ_PATH];
        lbi_cj_path_key(p, "/premelee_morale/odds", label);
        if (!lbi_cj_object(C, col, p, "an odds column {\"att\", \"def\", \"attacker_mod\", "
                                  "\"defender_mod\"}")) {
            bad = 1;
            continue;
        }
        lbi_cj_check_keys(C, col, p, keys, 4);
        lb_premelee_column *c = &mc->odds[mc->nodds];
        if (lbi_cj_int(C, col, p, "att", 1, 1, 999, &c->att) ||
            lbi_cj_int(C, col, p, "def", 1, 1, 999, &c->def) ||
            lbi_cj_int(C, col, p, "attacker_mod", 1, -99, 99, &c->attacker_mod) ||
            lbi_cj_int(C, col, p, "defender_mod", 1, -99, 99, &c->defender_mod)) {
            bad = 1;
            continue;
        }
        int dup = -1;
        for (int k = 0; k < mc->nodds && dup < 0; k++)
            if (ratio_cmp(mc->odds[k].att, mc->odds[k].def, c->att, c->def) == 0)
                dup = k;
        if (dup >= 0) {
            lbi_cj_problem(C, p, "expected a ratio no other column has, found %d:%d, the ratio of "
                             "column \"%s\"", c->att, c->def, mc->odds[dup].label);
            bad = 1;
            continue;
        }
        c->label = lbi_cj_dup(C, label);
        mc->nodds++;
    }
    if (bad || C->nomem)
        return -1;
    qsort(mc->odds, (size_t)mc->nodds, sizeof *mc->odds, premelee_order);
    return 0;
}

static int compile_situations(cj *C, const json_t *t, lb_melee_charts *mc)
{
    const char *base = "/premelee_morale/situations";
    if (!lbi_cj_object(C, t, base, "an object of situation entries"))
        return -1;
    const char **ids;
    int n = entry_ids(C, t, base, &ids);
    if (n < 0)
        return -1;
    mc->situations = lbi_cj_alloc(C, (size_t)n, sizeof *mc->situations);
    if (!mc->situations)
        return -1;
    int bad = 0;
    const char *id;
    json_t *e;
    json_object_foreach((json_t *)t, id, e) {
        if (lbi_cj_is_mark(id, e))
            continue;
        char p[CJ_PATH], k[CJ_PATH], fbuf[80];
        lbi_cj_path_key(p, base, id);
        lb_premelee_situation *s = &mc->situations[mc->nsituations];
        s->id = ids[mc->nsituations++];
        if (!lbi_cj_object(C, e, p, "a situation {\"when\", \"attacker_mod\", \"defender_mod\"}")) {
            bad = 1;
            continue;
        }
        static const char *const keys[] = {"when",    "attacker_mod",    "defender_mod",
                                           "per",     "attacker_passes", "replaces"};
        lbi_cj_check_keys(C, e, p, keys, 6);
        lbi_cj_path_key(k, p, "when");
        const json_t *when = json_object_get(e, "when");
        if (!when) {
            lbi_cj_problem(C, k, "expected a condition object, found nothing");
            bad = 1;
        } else {
            bad |= lbi_cj_condition(C, when, k, LB_ROLE_ATTACKER | LB_ROLE_DEFENDER, &s->when) != 0;
        }
        bad |= lbi_cj_int(C, e, p, "attacker_mod", 1, -99, 99, &s->attacker_mod) != 0;
        bad |= lbi_cj_int(C, e, p, "defender_mod", 1, -99, 99, &s->defender_mod) != 0;
        int per = lbi_cj_enum(C, e, p, "per", 0, per_names, 4);
        bad |= per == -1;
        s->per = per >= 0 ? (lb_modifier_per)(per + 1) : LB_PER_NONE;
        const json_t *ap = json_object_get(e, "attacker_passes");
        if (ap && !json_is_true(ap)) {
            lbi_cj_path_key(k, p, "attacker_passes");
            lbi_cj_problem(C, k, "expected true (leave the key out for no condition), found %s",
                           FOUND(ap));
            bad = 1;
        }
        s->attacker_passes = ap != NULL && json_is_true(ap);
        bad |= compile_replaces(C, e, p, "premelee_morale.situations", ids, n, &s->replaces) != 0;
        const json_t *u = json_object_get(e, "uncertain");
        s->uncertain = json_is_string(u) ? lbi_cj_dup(C, json_string_value(u)) : NULL;
    }
    return bad || C->nomem ? -1 : 0;
}

static void compile_premelee(cj *C, const json_t *doc, lb_melee_charts *mc)
{
    const json_t *t = json_object_get(doc, "premelee_morale");
    if (!t || !lbi_cj_object(C, t, "/premelee_morale", "an object {\"odds\", \"situations\"}"))
        return;
    static const char *const keys[] = {"below_lowest", "above_highest", "odds", "situations"};
    const json_t *cols = odds_table(C, t, "/premelee_morale", "odds", keys, 4,
                                    &mc->odds_below_none);
    int bad = !cols || compile_premelee_odds(C, cols, mc) != 0;
    const json_t *sit = json_object_get(t, "situations");
    if (sit)
        bad |= compile_situations(C, sit, mc) != 0;
    mc->has_premelee = !bad;
}

int lbi_melee_charts_compile(const json_t *doc, const lb_charts *c, lb_arena *arena, int strict,
                             lbi_report report, void *ctx, lb_melee_charts **out)
{
    cj C = {.charts = c, .arena = arena, .strict = strict, .report = report, .ctx = ctx};
    *out = NULL;
    lb_melee_charts *mc = lbi_cj_alloc(&C, 1, sizeof *mc);
    if (!mc)
        return LB_NOMEM;
    compile_table(&C, doc, mc);
    compile_multipliers(&C, doc, mc);
    compile_premelee(&C, doc, mc);
    if (C.nomem)
        return LB_NOMEM;
    *out = mc;
    return C.failed ? LB_INVALID : LB_OK;
}
