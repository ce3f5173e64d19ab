/* Charge charts: validates and compiles carre_table, carre_modifiers, stand_modifiers, recall and recall_modifiers. */
#include <string.h>

#include "chart_codes.h"
#include "chart_json.h"
#include "charge_charts.h"
#include "lb/core.h"
#include "dice_int.h"

static const char *const from_keys[] = {"column", "line"};
static const char *const distance_keys[] = {"1", "2", "3", "4"};

/* A band list covering 11-66 (2.2) with results into out[36]; 0 or -1 (reported). */
static int compile_bands(cj *C, const json_t *bands, const char *base, unsigned char out[36])
{
    char fbuf[80];
    if (!json_is_array(bands) || json_array_size(bands) == 0) {
        lbi_cj_problem(C, base,
                       "expected a list of bands {\"lo\", \"hi\", \"result\"} covering 11-66, "
                       "found %s",
                       lbi_cj_found(bands, fbuf, sizeof fbuf));
        return -1;
    }
    static const char *const keys[] = {"lo", "hi", "result"};
    int next = 0; /* roll index the next band must start at */
    size_t i;
    json_t *b;
    json_array_foreach(bands, i, b) {
        char p[CJ_PATH], pk[CJ_PATH];
        lbi_cj_path_index(p, base, i);
        int lo, hi;
        if (lbi_cj_roll_range(C, b, p, &lo, &hi) != 0)
            return -1;
        lbi_cj_check_keys(C, b, p, keys, 3);
        int r = lbi_cj_enum(C, b, p, "result", 1, lbi_carre_result_codes, 3);
        if (r < 0)
            return -1;
        if (lb_roll_index(lo) != next) {
            lbi_cj_path_key(pk, p, "lo");
            lbi_cj_problem(C, pk,
                           "expected the band to start at \"%d\", just after the one before, "
                           "found \"%d\"",
                           lb_roll_from_index(next), lo);
            return -1;
        }
        for (int k = lb_roll_index(lo); k <= lb_roll_index(hi); k++)
            out[k] = (unsigned char)r;
        next = lb_roll_index(hi) + 1;
    }
    if (next != 36) {
        lbi_cj_problem(C, base, "expected bands covering 11-66, found them ending at \"%d\"",
                       lb_roll_from_index(next - 1));
        return -1;
    }
    return 0;
}

/* 7.1 one table {nations, column, line}; 0 or -1. */
static int compile_carre_entry(cj *C, const char *id, const json_t *e, const char *base,
                               lb_carre_table *out)
{
    if (!lbi_cj_object(C, e, base, "a carré table {\"nations\", \"column\", \"line\"}"))
        return -1;
    static const char *const keys[] = {"nations", "column", "line"};
    lbi_cj_check_keys(C, e, base, keys, 3);
    out->id = lbi_cj_dup(C, id);
    char p[CJ_PATH];
    lbi_cj_path_key(p, base, "nations");
    const json_t *nations = json_object_get(e, "nations");
    if (!json_is_array(nations)) {
        char fbuf[80];
        lbi_cj_problem(C, p, "expected a list of nation ids, found %s",
                       lbi_cj_found(nations, fbuf, sizeof fbuf));
        return -1;
    }
    int bad = lbi_cj_ids(C, nations, p, "a nation id", &out->nations, &out->nnations) != 0;
    for (int f = 0; f < 2; f++) {
        char pf[CJ_PATH];
        lbi_cj_path_key(pf, base, from_keys[f]);
        const json_t *rows =
            lbi_cj_object(C, json_object_get(e, from_keys[f]), pf,
                          "an object of rows \"1\"-\"4\" (hexes from the cavalry)");
        if (!rows) {
            bad = 1;
            continue;
        }
        lbi_cj_check_keys(C, rows, pf, distance_keys, 4);
        for (int d = 0; d < 4; d++) {
            char pd[CJ_PATH];
            lbi_cj_path_key(pd, pf, distance_keys[d]);
            bad |= compile_bands(C, json_object_get(rows, distance_keys[d]), pd,
                                 out->result[f][d]) != 0;
        }
    }
    return bad ? -1 : 0;
}

static void compile_carre(cj *C, const json_t *doc, lb_charge_charts *cc)
{
    const json_t *t = json_object_get(doc, "carre_table");
    if (!t || !lbi_cj_object(C, t, "/carre_table", "an object of carré tables"))
        return;
    size_t n = 0;
    const char *id;
    json_t *e;
    json_object_foreach((json_t *)t, id, e)
        n += !lbi_cj_is_mark(id, e);
    cc->carre = lbi_cj_alloc(C, n, sizeof *cc->carre);
    if (!cc->carre)
        return;
    int bad = 0;
    json_object_foreach((json_t *)t, id, e) {
        if (lbi_cj_is_mark(id, e))
            continue;
        char p[CJ_PATH];
        lbi_cj_path_key(p, "/carre_table", id);
        lb_carre_table *tab = &cc->carre[cc->ncarre];
        if (compile_carre_entry(C, id, e, p, tab) != 0) {
            bad = 1;
            continue;
        }
        for (int i = 0; i < tab->nnations; i++)
            for (int k = 0; k < cc->ncarre; k++)
                for (int j = 0; j < cc->carre[k].nnations; j++)
                    if (strcmp(cc->carre[k].nations[j], tab->nations[i]) == 0) {
                        char pn[CJ_PATH], pi[CJ_PATH];
                        lbi_cj_path_key(pn, p, "nations");
                        lbi_cj_path_index(pi, pn, (size_t)i);
                        lbi_cj_problem(C, pi, "expected a nation in no other carré table, found "
                                          "\"%s\", already in \"%s\"", tab->nations[i],
                                   cc->carre[k].id);
                        bad = 1;
                    }
        cc->ncarre++;
    }
    cc->has_carre = !bad;
}

/* 7.4 recall: {nation: {default: range, classes: {cls: range}}} */
static void compile_recall(cj *C, const json_t *doc, lb_charge_charts *cc)
{
    const json_t *t = json_object_get(doc, "recall");
    if (!t || !lbi_cj_object(C, t, "/recall", "an object of recall ranges by nation"))
        return;
    cc->recall = lbi_cj_alloc(C, json_object_size(t), sizeof *cc->recall);
    if (!cc->recall)
        return;
    int bad = 0;
    const char *nation;
    json_t *e;
    json_object_foreach((json_t *)t, nation, e) {
        if (lbi_cj_is_mark(nation, e))
            continue;
        char p[CJ_PATH], pd[CJ_PATH], pc[CJ_PATH];
        lbi_cj_path_key(p, "/recall", nation);
        if (!lbi_cj_object(C, e, p,
                           "an object {\"default\": {\"lo\", \"hi\"}, \"classes\": {...}}")) {
            bad = 1;
            continue;
        }
        static const char *const keys[] = {"default", "classes"};
        lbi_cj_check_keys(C, e, p, keys, 2);
        lb_recall_entry *r = &cc->recall[cc->nrecall];
        r->nation = lbi_cj_dup(C, nation);
        lbi_cj_path_key(pd, p, "default");
        if (lbi_cj_die_range(C, json_object_get(e, "default"), pd, &r->lo, &r->hi) != 0) {
            bad = 1;
            continue;
        }
        const json_t *classes = json_object_get(e, "classes");
        lbi_cj_path_key(pc, p, "classes");
        if (classes && lbi_cj_object(C, classes, pc, "an object of die ranges by class")) {
            r->classes = lbi_cj_alloc(C, json_object_size(classes), sizeof *r->classes);
            const char *cls;
            json_t *range;
            json_object_foreach((json_t *)classes, cls, range) {
                if (!r->classes || lbi_cj_is_mark(cls, range))
                    continue;
                char pk[CJ_PATH];
                lbi_cj_path_key(pk, pc, cls);
                lb_recall_class *rc = &r->classes[r->nclasses];
                if (lbi_cj_die_range(C, range, pk, &rc->lo, &rc->hi) != 0) {
                    bad = 1;
                    continue;
                }
                rc->cls = lbi_cj_dup(C, cls);
                r->nclasses++;
            }
        } else if (classes) {
            bad = 1;
        }
        cc->nrecall++;
    }
    cc->has_recall = !bad;
}

int lbi_charge_charts_compile(const json_t *doc, const lb_charts *c, lb_arena *arena, int strict,
                              lbi_report report, void *ctx, lb_charge_charts **out)
{
    cj C = {.charts = c, .arena = arena, .strict = strict, .report = report, .ctx = ctx};
    *out = NULL;
    lb_charge_charts *cc = lbi_cj_alloc(&C, 1, sizeof *cc);
    if (!cc)
        return LB_NOMEM;
    unsigned levels = (1u << LB_PER_DEFENDER_LEVEL) | (1u << LB_PER_ATTACKER_LEVEL);
    compile_carre(&C, doc, cc);
    lbi_cj_modifiers(&C, doc, "carre_modifiers", LB_ROLE_ATTACKER | LB_ROLE_DEFENDER, levels,
                     &cc->carre_mods);
    lbi_cj_modifiers(&C, doc, "stand_modifiers", LB_ROLE_ATTACKER | LB_ROLE_DEFENDER, levels,
                     &cc->stand_mods);
    compile_recall(&C, doc, cc);
    lbi_cj_modifiers(&C, doc, "recall_modifiers", LB_ROLE_ATTACKER,
                     1u << LB_PER_ATTACKER_LEVEL, &cc->recall_mods);
    if (C.nomem)
        return LB_NOMEM;
    *out = cc;
    return C.failed ? LB_INVALID : LB_OK;
}
