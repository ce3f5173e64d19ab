/* Movement charts: validates and compiles terrain movement and stacking data, `movement`, `limber` and its modifiers. */
#include <string.h>

#include "chart_json.h"
#include "state_types.h"

static const char *const arm_keys[LB_MOVE_ARMS] = {"infantry", "cavalry", "artillery"};

/* charts-format 4.1 `stacking`: single keys, each one alternative of one arm. */
typedef struct stack_key {
    const char *key;
    int arm;
    int units; /* 1: a count of units, 2: of battalions, 0: of increments */
} stack_key;

static const stack_key stack_keys[] = {
    {"infantry_increments", LB_ARM_INFANTRY, 0}, {"infantry_regiments", LB_ARM_INFANTRY, 1},
    {"infantry_battalions", LB_ARM_INFANTRY, 2}, {"cavalry_increments", LB_ARM_CAVALRY, 0},
    {"cavalry_regiments", LB_ARM_CAVALRY, 1},    {"artillery_increments", LB_ARM_ARTILLERY, 0},
    {"batteries", LB_ARM_ARTILLERY, 1},
};
#define NSTACK_KEYS (int)(sizeof stack_keys / sizeof *stack_keys)

static void alt_none(lb_stack_alt *a)
{
    for (int arm = 0; arm < LB_MOVE_ARMS; arm++) {
        a->units[arm] = 0;
        a->incr[arm] = 0;
    }
    a->battalions = 0;
}

/* One alternative from the single keys of obj (all of them together: a `combined` entry); 1 when
 * it names some arm, 0 when none, -1 reported. */
static int compile_alt(cj *C, const json_t *obj, const char *base, lb_stack_alt *a)
{
    alt_none(a);
    int named = 0;
    for (int k = 0; k < NSTACK_KEYS; k++) {
        int v;
        int rc = lbi_cj_int(C, obj, base, stack_keys[k].key, 0, 0, 999, &v);
        if (rc < 0)
            return -1;
        if (rc)
            continue;
        int arm = stack_keys[k].arm;
        if (a->units[arm] == 0 && a->incr[arm] == 0) {
            a->units[arm] = LB_STACK_ANY;
            a->incr[arm] = LB_STACK_ANY;
        }
        if (stack_keys[k].units)
            a->units[arm] = v;
        if (stack_keys[k].units == 2)
            a->battalions = 1;
        if (!stack_keys[k].units)
            a->incr[arm] = v;
        named = 1;
    }
    return named;
}

/* R-STACK-1..3: a terrain's `stacking` object. */
static void compile_stacking(cj *C, const json_t *s, const char *base, lb_stack_chart *out)
{
    out->cavalry_units_max = LB_STACK_ANY;
    out->road_march_incr = LB_STACK_ANY;
    if (!s)
        return;
    if (!lbi_cj_object(C, s, base, "a stacking object"))
        return;
    static const char *const keys[] = {
        "infantry_increments", "infantry_regiments", "infantry_battalions", "cavalry_increments",
        "cavalry_regiments",   "artillery_increments", "batteries",         "road_march_increments",
        "cavalry_regiments_max", "combined"};
    lbi_cj_check_keys(C, s, base, keys, (int)(sizeof keys / sizeof *keys));
    out->present = 1;
    const char *note = json_string_value(json_object_get(s, "note"));
    out->note = note ? lbi_cj_dup(C, note) : NULL;
    for (int k = 0; k < NSTACK_KEYS; k++) {
        int v;
        if (lbi_cj_int(C, s, base, stack_keys[k].key, 0, 0, 999, &v) != 0)
            continue;
        lb_stack_alt *a = &out->alts[out->nalts++];
        alt_none(a);
        int arm = stack_keys[k].arm;
        a->units[arm] = stack_keys[k].units ? v : LB_STACK_ANY;
        a->incr[arm] = stack_keys[k].units ? LB_STACK_ANY : v;
        a->battalions = stack_keys[k].units == 2;
    }
    lbi_cj_int(C, s, base, "road_march_increments", 0, 0, 999, &out->road_march_incr);
    lbi_cj_int(C, s, base, "cavalry_regiments_max", 0, 0, 999, &out->cavalry_units_max);
    const json_t *combined = json_object_get(s, "combined");
    if (!combined)
        return;
    char p[CJ_PATH], fbuf[80];
    lbi_cj_path_key(p, base, "combined");
    if (!json_is_array(combined) ||
        json_array_size(combined) > (size_t)(LB_STACK_ALTS_MAX - out->nalts)) {
        lbi_cj_problem(C, p, "expected a list of at most %d objects of stacking keys, found %s",
                       LB_STACK_ALTS_MAX - out->nalts, lbi_cj_found(combined, fbuf, sizeof fbuf));
        return;
    }
    size_t i;
    json_t *e;
    json_array_foreach(combined, i, e) {
        char pi[CJ_PATH];
        lbi_cj_path_index(pi, p, i);
        if (!lbi_cj_object(C, e, pi, "an object of stacking keys"))
            continue;
        lbi_cj_check_keys(C, e, pi, keys, 7);
        lb_stack_alt a;
        int rc = compile_alt(C, e, pi, &a);
        if (rc == 0)
            lbi_cj_problem(C, pi, "expected at least one stacking key (%s, …), found none",
                           stack_keys[0].key);
        else if (rc > 0)
            out->alts[out->nalts++] = a;
    }
}

/* charts-format 4.1: `road_march_move`, a rational that is a whole number of halves. */
static int compile_road_march(cj *C, const json_t *v, const char *base)
{
    if (!v)
        return -1;
    char p[CJ_PATH];
    lbi_cj_path_key(p, base, "road_march_move");
    int num, den;
    if (lbi_cj_rational(C, v, p, &num, &den) != 0)
        return -1;
    if ((2 * num) % den != 0 || 2 * num / den > 198) {
        lbi_cj_problem(C, p,
                       "expected a whole number of half movement points up to 99, found %d/%d", num,
                       den);
        return -1;
    }
    return 2 * num / den;
}

static int flag(cj *C, const json_t *entry, const char *base, const char *key)
{
    const json_t *v = json_object_get(entry, key);
    if (!v)
        return 0;
    if (!json_is_boolean(v)) {
        char p[CJ_PATH], fbuf[80];
        lbi_cj_path_key(p, base, key);
        lbi_cj_problem(C, p, "expected true or false, found %s",
                       lbi_cj_found(v, fbuf, sizeof fbuf));
        return 0;
    }
    return json_is_true(v);
}

static void compile_terrain(cj *C, const json_t *doc, const lb_charts *c, lb_move_charts *mc)
{
    int n = c->nterrain;
    mc->open = lbi_cj_alloc(C, (size_t)n, 1);
    mc->skirmish_only = lbi_cj_alloc(C, (size_t)n, 1);
    mc->road_march_move = lbi_cj_alloc(C, (size_t)n, sizeof *mc->road_march_move);
    mc->stacking = lbi_cj_alloc(C, (size_t)n, sizeof *mc->stacking);
    if (!mc->open || !mc->skirmish_only || !mc->road_march_move || !mc->stacking)
        return;
    const json_t *terrain = json_object_get(doc, "terrain");
    for (int t = 0; t < n; t++) {
        const json_t *e = json_object_get(terrain, c->terrain[t].id);
        char base[CJ_PATH], p[CJ_PATH];
        lbi_cj_path_key(base, "/terrain", c->terrain[t].id);
        mc->open[t] = (unsigned char)flag(C, e, base, "open");
        mc->skirmish_only[t] = (unsigned char)flag(C, e, base, "skirmish_only");
        mc->road_march_move[t] = compile_road_march(C, json_object_get(e, "road_march_move"), base);
        lbi_cj_path_key(p, base, "stacking");
        compile_stacking(C, json_object_get(e, "stacking"), p, &mc->stacking[t]);
    }
}

/* A list of class ids at key of obj (absent: none). */
static void class_list(cj *C, const json_t *obj, const char *base, const char *key,
                       const char ***out, int *n)
{
    const json_t *v = json_object_get(obj, key);
    *out = NULL;
    *n = 0;
    if (!v)
        return;
    char p[CJ_PATH];
    lbi_cj_path_key(p, base, key);
    lbi_cj_ids(C, v, p, "a troop class id", out, n);
}

/* charts-format 4.5 `movement`, each key with its default. */
static void compile_movement(cj *C, const json_t *doc, lb_move_charts *mc)
{
    static const int change_defaults[LB_MOVE_ARMS] = {1, 3, 2};
    for (int a = 0; a < LB_MOVE_ARMS; a++)
        mc->formation_change[a] = change_defaults[a];
    mc->extra_hex = 1;
    mc->facing_change = 1;
    mc->line_start_penalty = 2;
    mc->leader_allowance = 12;
    mc->drag_adjacent = 3;
    mc->drag_two = 2;
    mc->march_multiple = 2;
    mc->march_modifier = -6;
    mc->march_charged_morale = 12;
    mc->entry_band = 5;
    const json_t *m = json_object_get(doc, "movement");
    if (!m || !lbi_cj_object(C, m, "/movement", "an object of movement constants"))
        return;
    static const char *const keys[] = {
        "formation_change", "extra_hex",   "facing_change", "line_start_penalty", "leader_allowance",
        "horse_artillery",  "no_prolonge", "cavalry_skirmisher_drag", "force_march", "entry_band"};
    lbi_cj_check_keys(C, m, "/movement", keys, (int)(sizeof keys / sizeof *keys));
    const json_t *fc = json_object_get(m, "formation_change");
    if (fc && lbi_cj_object(C, fc, "/movement/formation_change", "an object of MP by arm")) {
        lbi_cj_check_keys(C, fc, "/movement/formation_change", arm_keys, LB_MOVE_ARMS);
        for (int a = 0; a < LB_MOVE_ARMS; a++)
            lbi_cj_int(C, fc, "/movement/formation_change", arm_keys[a], 0, 0, 99,
                       &mc->formation_change[a]);
    }
    lbi_cj_int(C, m, "/movement", "extra_hex", 0, 0, 99, &mc->extra_hex);
    lbi_cj_int(C, m, "/movement", "facing_change", 0, 0, 99, &mc->facing_change);
    lbi_cj_int(C, m, "/movement", "line_start_penalty", 0, 0, 99, &mc->line_start_penalty);
    lbi_cj_int(C, m, "/movement", "leader_allowance", 0, 0, 99, &mc->leader_allowance);
    lbi_cj_int(C, m, "/movement", "entry_band", 0, 0, 99, &mc->entry_band);
    class_list(C, m, "/movement", "horse_artillery", &mc->horse_artillery, &mc->nhorse_artillery);
    class_list(C, m, "/movement", "no_prolonge", &mc->no_prolonge, &mc->nno_prolonge);
    const json_t *drag = json_object_get(m, "cavalry_skirmisher_drag");
    const char *dp = "/movement/cavalry_skirmisher_drag";
    if (drag && lbi_cj_object(C, drag, dp, "an object {\"adjacent\": n, \"two_hexes\": n}")) {
        static const char *const dk[] = {"adjacent", "two_hexes"};
        lbi_cj_check_keys(C, drag, dp, dk, 2);
        lbi_cj_int(C, drag, dp, "adjacent", 0, 0, 99, &mc->drag_adjacent);
        lbi_cj_int(C, drag, dp, "two_hexes", 0, 0, 99, &mc->drag_two);
    }
    const json_t *fm = json_object_get(m, "force_march");
    const char *fp = "/movement/force_march";
    if (fm &&
        lbi_cj_object(C, fm, fp, "an object {\"multiple\", \"modifier\", \"charged_morale\"}")) {
        static const char *const fk[] = {"multiple", "modifier", "charged_morale"};
        lbi_cj_check_keys(C, fm, fp, fk, 3);
        lbi_cj_int(C, fm, fp, "multiple", 0, 1, 9, &mc->march_multiple);
        lbi_cj_int(C, fm, fp, "modifier", 0, -35, 0, &mc->march_modifier);
        lbi_cj_int(C, fm, fp, "charged_morale", 0, 0, 35, &mc->march_charged_morale);
    }
}

/* charts-format 8.1: limber.<nation>.<battery class> = die range. */
static void compile_limber(cj *C, const json_t *doc, lb_move_charts *mc)
{
    const json_t *l = json_object_get(doc, "limber");
    if (!l || !lbi_cj_object(C, l, "/limber", "an object of nations"))
        return;
    size_t n = 0;
    const char *nation, *cls;
    json_t *ne, *ce;
    json_object_foreach((json_t *)l, nation, ne)
        if (json_is_object(ne))
            n += json_object_size(ne);
    mc->limber = lbi_cj_alloc(C, n, sizeof *mc->limber);
    if (!mc->limber)
        return;
    json_object_foreach((json_t *)l, nation, ne) {
        char pn[CJ_PATH];
        lbi_cj_path_key(pn, "/limber", nation);
        if (lbi_cj_is_mark(nation, ne) || !lbi_cj_object(C, ne, pn, "an object of battery classes"))
            continue;
        json_object_foreach(ne, cls, ce) {
            char pc[CJ_PATH];
            lbi_cj_path_key(pc, pn, cls);
            lb_limber_entry *e = &mc->limber[mc->nlimber];
            if (lbi_cj_is_mark(cls, ce) || lbi_cj_die_range(C, ce, pc, &e->lo, &e->hi) != 0)
                continue;
            e->nation = lbi_cj_dup(C, nation);
            e->cls = lbi_cj_dup(C, cls);
            mc->nlimber++;
        }
    }
}

int lbi_move_charts_compile(const json_t *doc, const lb_charts *c, lb_arena *arena, int strict,
                            lbi_report report, void *ctx, lb_move_charts **out)
{
    cj C = {.charts = c, .arena = arena, .strict = strict, .report = report, .ctx = ctx};
    *out = NULL;
    lb_move_charts *mc = lbi_cj_alloc(&C, 1, sizeof *mc);
    if (!mc)
        return LB_NOMEM;
    compile_terrain(&C, doc, c, mc);
    compile_movement(&C, doc, mc);
    compile_limber(&C, doc, mc);
    lbi_cj_modifiers(&C, doc, "limber_modifiers", LB_ROLE_UNIT, 0, &mc->limber_mods);
    if (C.nomem)
        return LB_NOMEM;
    *out = mc;
    return C.failed ? LB_INVALID : LB_OK;
}
