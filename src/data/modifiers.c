/* Chart conditions and modifier entries compiled from the charts (docs/charts-format.md 10); modifiers_lookup.c reads them in a situation. */
#include <string.h>

#include "chart_json.h"
#include "lb/core.h"
#include "state_types.h"
#include "charts_int.h"
#include "unit_int.h"

static const char *const per_names[] = {"", "defender_morale_level", "attacker_morale_level",
                                        "attacker_fire_loss", "defender_fire_loss"};
static const char *const role_names[] = {"attacker", "defender", "unit"};

/* A key that takes only `true` (10.1: leave it out for "no condition"). */
static int true_only(cj *C, const json_t *obj, const char *base, const char *key, int *out)
{
    char p[CJ_PATH], fbuf[80];
    const json_t *v = json_object_get(obj, key);
    *out = 0;
    if (!v)
        return 0;
    if (!json_is_true(v)) {
        lbi_cj_path_key(p, base, key);
        lbi_cj_problem(C, p, "expected true (leave the key out for no condition), found %s",
                       lbi_cj_found(v, fbuf, sizeof fbuf));
        return -1;
    }
    *out = 1;
    return 0;
}

/* A bit set of names (a name or a list of them) from parse; 0 reported or absent. */
static unsigned name_bits(cj *C, const json_t *obj, const char *base, const char *key,
                          const char *what, int (*parse)(const char *), int *bad)
{
    const json_t *v = json_object_get(obj, key);
    if (!v)
        return 0;
    char p[CJ_PATH];
    lbi_cj_path_key(p, base, key);
    const char **ids;
    int n;
    if (lbi_cj_ids(C, v, p, what, &ids, &n) != 0) {
        *bad = 1;
        return 0;
    }
    unsigned bits = 0;
    for (int i = 0; i < n; i++) {
        int k = parse(ids[i]);
        if (k < 0) {
            char pi[CJ_PATH];
            if (json_is_array(v))
                lbi_cj_path_index(pi, p, (size_t)i);
            lbi_cj_problem(C, json_is_array(v) ? pi : p, "expected %s, found \"%s\"", what, ids[i]);
            *bad = 1;
            return 0;
        }
        bits |= 1u << k;
    }
    return bits;
}

static int parse_arm(const char *s)
{
    int a = lb_arm_parse(s);
    return a == LB_ARM_LEADER ? -1 : a;
}

static const lb_predicate *compile_predicate(cj *C, const json_t *v, const char *base)
{
    char fbuf[80];
    if (!lbi_cj_object(C, v, base, "a unit predicate object"))
        return NULL;
    static const char *const keys[] = {"arm",      "nation",    "class", "formation",
                                       "state",    "terrain",   "weight", "lance",
                                       "readiness", "preserve_readiness", "morale", "losses",
                                       "fire_loss", "leader",   "leader_named", "leader_rank"};
    lbi_cj_check_keys(C, v, base, keys, (int)(sizeof keys / sizeof *keys));
    lb_predicate *p = lbi_cj_alloc(C, 1, sizeof *p);
    if (!p)
        return NULL;
    int bad = 0;
    char k[CJ_PATH];
    p->arms = name_bits(C, v, base, "arm", "an arm (infantry, cavalry, artillery)", parse_arm, &bad);
    p->formations = name_bits(C, v, base, "formation", "a formation", lb_formation_parse, &bad);
    p->states = name_bits(C, v, base, "state", "a state (good, disordered, routed)",
                          lb_morale_state_parse, &bad);
    p->readiness = name_bits(C, v, base, "readiness", "a readiness (fresh, tired, exhausted)",
                             lb_readiness_parse, &bad);
    const json_t *x;
    if ((x = json_object_get(v, "nation"))) {
        lbi_cj_path_key(k, base, "nation");
        bad |= lbi_cj_ids(C, x, k, "a nation id", &p->nations, &p->nnations) != 0;
    }
    if ((x = json_object_get(v, "class"))) {
        lbi_cj_path_key(k, base, "class");
        bad |= lbi_cj_ids(C, x, k, "a class id", &p->classes, &p->nclasses) != 0;
    }
    if ((x = json_object_get(v, "terrain"))) {
        const char **ids;
        int n;
        lbi_cj_path_key(k, base, "terrain");
        if (lbi_cj_ids(C, x, k, "a terrain id", &ids, &n) == 0) {
            int *t = lbi_cj_alloc(C, (size_t)n, sizeof *t);
            for (int i = 0; t && i < n; i++) {
                t[i] = lb_charts_terrain(C->charts, ids[i]);
                if (t[i] < 0) {
                    lbi_cj_problem(C, k, "expected a terrain type of the charts, found \"%s\"",
                                   ids[i]);
                    bad = 1;
                }
            }
            p->terrain = t;
            p->nterrain = n;
        } else {
            bad = 1;
        }
    }
    static const char *const weights[] = {"light", "heavy"};
    int w = lbi_cj_enum(C, v, base, "weight", 0, weights, 2);
    bad |= w == -1;
    p->weight = w >= 0 ? w + 1 : 0;
    bad |= true_only(C, v, base, "lance", &p->lance) != 0;
    bad |= true_only(C, v, base, "preserve_readiness", &p->preserve_readiness) != 0;
    bad |= true_only(C, v, base, "fire_loss", &p->fire_loss) != 0;
    if ((x = json_object_get(v, "morale"))) {
        lbi_cj_path_key(k, base, "morale");
        bad |= lbi_cj_roll_range(C, x, k, &p->morale_lo, &p->morale_hi) != 0;
    }
    if ((x = json_object_get(v, "losses"))) {
        lbi_cj_path_key(k, base, "losses");
        bad |= lbi_cj_rational(C, x, k, &p->losses_num, &p->losses_den) != 0;
    }
    if ((x = json_object_get(v, "leader"))) {
        lbi_cj_path_key(k, base, "leader");
        static const char *const bonus[] = {"morale", "melee", "artillery", "cavalry"};
        int ok = json_is_true(x);
        for (int i = 0; i < 4 && !ok && json_is_string(x); i++)
            if (strcmp(json_string_value(x), bonus[i]) == 0) {
                ok = 1;
                p->leader_key = bonus[i];
            }
        if (!ok) {
            lbi_cj_problem(C, k,
                           "expected true, \"morale\", \"melee\", \"artillery\" or \"cavalry\", "
                           "found %s",
                           lbi_cj_found(x, fbuf, sizeof fbuf));
            bad = 1;
        }
        p->leader = ok;
    }
    const char *names[2] = {"leader_named", "leader_rank"};
    const char **slots[2] = {&p->leader_named, &p->leader_rank};
    for (int i = 0; i < 2; i++) {
        if (!(x = json_object_get(v, names[i])))
            continue;
        lbi_cj_path_key(k, base, names[i]);
        if (!json_is_string(x) || !json_string_value(x)[0]) {
            lbi_cj_problem(C, k, "expected a name, found %s", lbi_cj_found(x, fbuf, sizeof fbuf));
            bad = 1;
            continue;
        }
        *slots[i] = lbi_cj_dup(C, json_string_value(x));
    }
    return bad ? NULL : p;
}

int lbi_cj_condition(cj *C, const json_t *v, const char *base, unsigned roles, lb_condition *out)
{
    char k[CJ_PATH];
    if (!lbi_cj_object(C, v, base, "a condition object"))
        return -1;
    static const char *const keys[] = {"attacker", "defender",        "unit",         "through",
                                       "across",   "uphill", "charge_straight", "recall_failed"};
    lbi_cj_check_keys(C, v, base, keys, 8);
    int bad = 0;
    const lb_predicate **slots[3] = {&out->attacker, &out->defender, &out->unit};
    for (int r = 0; r < 3; r++) {
        const json_t *x = json_object_get(v, role_names[r]);
        if (!x)
            continue;
        lbi_cj_path_key(k, base, role_names[r]);
        if (!(roles & (1u << r))) {
            char allowed[64] = "";
            for (int q = 0; q < 3; q++)
                if (roles & (1u << q))
                    snprintf(allowed + strlen(allowed), sizeof allowed - strlen(allowed), "%s%s",
                             allowed[0] ? ", " : "", role_names[q]);
            lbi_cj_problem(C, k, "expected a role of this table (%s), found \"%s\"", allowed,
                           role_names[r]);
            bad = 1;
            continue;
        }
        *slots[r] = compile_predicate(C, x, k);
        bad |= *slots[r] == NULL;
    }
    static const char *const through[] = {"flank", "rear"};
    int t = lbi_cj_enum(C, v, base, "through", 0, through, 2);
    bad |= t == -1;
    out->through = t >= 0 ? t + 1 : 0;
    const json_t *x = json_object_get(v, "across");
    if (x) {
        const char **ids;
        int n;
        lbi_cj_path_key(k, base, "across");
        if (lbi_cj_ids(C, x, k, "a hexside type id", &ids, &n) == 0) {
            for (int i = 0; i < n; i++) {
                int h = lb_charts_hexside(C->charts, ids[i]);
                if (h < 0) {
                    lbi_cj_problem(C, k, "expected a hexside type of the charts, found \"%s\"",
                                   ids[i]);
                    bad = 1;
                } else {
                    out->across |= 1u << h;
                }
            }
        } else {
            bad = 1;
        }
    }
    bad |= true_only(C, v, base, "uphill", &out->uphill) != 0;
    bad |= true_only(C, v, base, "charge_straight", &out->charge_straight) != 0;
    bad |= true_only(C, v, base, "recall_failed", &out->recall_failed) != 0;
    return bad ? -1 : 0;
}

void lbi_cj_modifiers(cj *C, const json_t *doc, const char *key, unsigned roles, unsigned pers,
                      lb_modifier_table *out)
{
    char base[CJ_PATH], fbuf[80];
    memset(out, 0, sizeof *out);
    out->key = key;
    const json_t *t = json_object_get(doc, key);
    if (!t)
        return;
    snprintf(base, sizeof base, "/%s", key);
    if (!lbi_cj_object(C, t, base, "an object of modifier entries"))
        return;
    size_t n = 0;
    const char *id;
    json_t *e;
    json_object_foreach((json_t *)t, id, e)
        n += !lbi_cj_is_mark(id, e);
    if (n > LB_MODIFIERS_MAX) {
        lbi_cj_problem(C, base, "expected at most %d modifier entries, found %zu", LB_MODIFIERS_MAX,
                       n);
        return;
    }
    out->entries = lbi_cj_alloc(C, n, sizeof *out->entries);
    if (!out->entries)
        return;
    int bad = 0;
    json_object_foreach((json_t *)t, id, e) {
        if (lbi_cj_is_mark(id, e))
            continue;
        char p[CJ_PATH], k[CJ_PATH];
        lbi_cj_path_key(p, base, id);
        lb_modifier *m = &out->entries[out->n++];
        m->id = lbi_cj_dup(C, id);
        if (!lbi_cj_object(C, e, p, "a modifier entry {\"when\": {...}, \"mod\": n}")) {
            bad = 1;
            continue;
        }
        static const char *const keys[] = {"when", "mod", "per", "replaces"};
        lbi_cj_check_keys(C, e, p, keys, 4);
        const json_t *when = json_object_get(e, "when");
        lbi_cj_path_key(k, p, "when");
        if (!when) {
            lbi_cj_problem(C, k, "expected a condition object, found nothing");
            bad = 1;
        } else {
            bad |= lbi_cj_condition(C, when, k, roles, &m->when) != 0;
        }
        bad |= lbi_cj_int(C, e, p, "mod", 1, -99, 99, &m->mod) != 0;
        int per = lbi_cj_enum(C, e, p, "per", 0, per_names + 1, 4);
        if (per >= 0 && !(pers & (1u << (per + 1)))) {
            lbi_cj_path_key(k, p, "per");
            lbi_cj_problem(C, k, "expected a count this table can use, found \"%s\"",
                           per_names[per + 1]);
            per = -1;
        }
        bad |= per == -1;
        m->per = per >= 0 ? (lb_modifier_per)(per + 1) : LB_PER_NONE;
        const json_t *u = json_object_get(e, "uncertain");
        m->uncertain = json_is_string(u) ? lbi_cj_dup(C, json_string_value(u)) : NULL;
    }
    /* replaces: ids of the same table, resolved once every entry is known */
    int i = 0;
    json_object_foreach((json_t *)t, id, e) {
        if (lbi_cj_is_mark(id, e))
            continue;
        lb_modifier *m = &out->entries[i++];
        const json_t *r = json_object_get(e, "replaces");
        if (!r)
            continue;
        char p[CJ_PATH], k[CJ_PATH];
        lbi_cj_path_key(p, base, id);
        lbi_cj_path_key(k, p, "replaces");
        if (!json_is_array(r)) {
            lbi_cj_problem(C, k, "expected a list of entry ids of %s, found %s", key,
                           lbi_cj_found(r, fbuf, sizeof fbuf));
            bad = 1;
            continue;
        }
        size_t j;
        json_t *x;
        json_array_foreach(r, j, x) {
            int found = -1;
            for (int q = 0; q < out->n && found < 0 && json_is_string(x); q++)
                if (strcmp(out->entries[q].id, json_string_value(x)) == 0)
                    found = q;
            if (found < 0) {
                char pj[CJ_PATH];
                lbi_cj_path_index(pj, k, j);
                lbi_cj_problem(C, pj, "expected an entry id of %s, found %s", key,
                               lbi_cj_found(x, fbuf, sizeof fbuf));
                bad = 1;
                continue;
            }
            m->replaces |= 1ull << found;
        }
    }
    out->present = !bad && !C->nomem;
}
