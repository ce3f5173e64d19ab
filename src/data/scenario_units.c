/* The scenario's units: their fields, ids, hexes and leaders' bonuses, then where they stand (R-SCN-3..6, R-SCN-10). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "move_record.h"
#include "scenario_battle.h"
#include "scenario_int.h"
#include "state_int.h"
#include "unit_int.h"
#include "hex_int.h"

#define FOUND(v) lbi_cj_found((v), fbuf, sizeof fbuf)

/* Open-addressing set of unit ids (units are many in a monster game). */
typedef struct idset {
    const char **slots;
    int *owner;
    size_t cap;
} idset;

static size_t hash(const char *s)
{
    size_t h = (size_t)1469598103934665603ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * (size_t)1099511628211ULL;
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
    "hexes",  "facing", "lance", "readiness", "bonus", "range", "move_record",
    "attached_to", "battalions"};
/* The same keys, in the same order, as indexes into a unit's fields. */
enum {
    K_ID, K_NAME, K_SIDE, K_ARM, K_NATION, K_CLASS, K_INCREMENTS,
    K_LOSSES, K_FIRE, K_MELEE, K_MOVEMENT, K_MORALE, K_FORMATION, K_STATE,
    K_HEXES, K_FACING, K_LANCE, K_READINESS, K_BONUS, K_RANGE, K_MOVE_RECORD,
    K_ATTACHED_TO, K_BATTALIONS, K_COUNT
};
_Static_assert(K_COUNT == sizeof unit_keys / sizeof *unit_keys, "unit_keys and K_ agree");

/* The value of each known key of a unit object (NULL: absent), found in one pass over its keys:
 * a monster scenario has thousands of units, and a hash lookup for each key read cost more than
 * the rest of the unit's loading. */
typedef struct fields {
    const json_t *v[K_COUNT];
} fields;

static void read_fields(const json_t *uj, fields *f)
{
    memset(f, 0, sizeof *f);
    int next = 0; /* keys mostly come in the order of unit_keys: look from after the last one */
    for (void *it = json_object_iter((json_t *)uj); it;
         it = json_object_iter_next((json_t *)uj, it)) {
        const char *key = json_object_iter_key(it);
        for (int j = 0; j < K_COUNT; j++) {
            int k = next + j < K_COUNT ? next + j : next + j - K_COUNT;
            if (key[0] == unit_keys[k][0] && strcmp(key, unit_keys[k]) == 0) {
                f->v[k] = json_object_iter_value(it);
                next = k + 1 < K_COUNT ? k + 1 : 0;
                break;
            }
        }
    }
}

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

/* The path of "hexes" under base, or of its item i when it is a list: written only for a
 * problem (a monster scenario has thousands of units). */
static void hexes_item_path(char *out, const char *base, int is_list, size_t i)
{
    char p[CJ_PATH];
    lbi_cj_path_key(p, base, "hexes");
    if (is_list)
        lbi_cj_path_index(out, p, i);
    else
        memcpy(out, p, sizeof p);
}

/* "hexes": one label, or a list of up to LB_UNIT_MAX_HEXES, each adjacent to the one before. */
static void load_hexes(loader *L, const json_t *hx, const char *base, lb_unit *u)
{
    char fbuf[80], p[CJ_PATH], shown[80];
    lb_map *m = &L->st->map;
    int is_list = json_is_array(hx);
    size_t n = is_list ? json_array_size(hx) : 1;
    if (is_list && (n == 0 || n > LB_UNIT_MAX_HEXES)) {
        hexes_item_path(p, base, 0, 0);
        lbi_scn_problem(L, p, "expected a hex label or a list of 1 to %d adjacent hexes, found %s",
                        LB_UNIT_MAX_HEXES, FOUND(hx));
        return;
    }
    if (!is_list && !json_is_string(hx)) {
        hexes_item_path(p, base, 0, 0);
        lbi_scn_problem(L, p, "expected a hex label or a list of hex labels, found %s", FOUND(hx));
        return;
    }
    int ok = 1;
    for (size_t i = 0; i < n; i++) {
        const json_t *item = is_list ? json_array_get(hx, i) : hx;
        lb_hex h;
        const char *s = json_is_string(item) ? json_string_value(item) : NULL;
        if (!s || lb_map_parse_label(m, s, &h)) {
            hexes_item_path(p, base, is_list, i);
            lbi_scn_problem(L, p, "expected a hex label of %d+%d digits, found %s", m->col_digits,
                            m->row_digits, FOUND(item));
            ok = 0;
            continue;
        }
        if (!lb_map_contains(m, h)) {
            hexes_item_path(p, base, is_list, i);
            lbi_scn_problem(L, p, "expected a hex on the %dx%d map, found %s", m->cols, m->rows,
                            lb_err_quote(s, shown, sizeof shown));
            ok = 0;
            continue;
        }
        /* R-SCN-3: a line's hexes follow one another, each adjacent to the one before */
        if (ok && i > 0) {
            if (lb_unit_in_hex(u, h)) {
                hexes_item_path(p, base, is_list, i);
                lbi_scn_problem(L, p, "expected a hex not already listed, found %s",
                                lb_err_quote(s, shown, sizeof shown));
                ok = 0;
                continue;
            }
            if (lb_hex_distance(u->hexes[i - 1], h) != 1) {
                char prev[LB_HEX_LABEL_MAX];
                lb_map_label(m, u->hexes[i - 1], prev);
                hexes_item_path(p, base, is_list, i);
                lbi_scn_problem(L, p, "expected a hex adjacent to %s, found %s", prev,
                                lb_err_quote(s, shown, sizeof shown));
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

static void load_bonus(loader *L, const json_t *b, const char *base, lb_unit *u)
{
    char fbuf[80], p[CJ_PATH];
    if (!b)
        return;
    lbi_cj_path_key(p, base, "bonus");
    if (!json_is_object(b) || json_object_size(b) > LB_UNIT_MAX_BONUS) {
        lbi_scn_problem(L, p, "expected an object of up to %d integer bonuses, found %s",
                        LB_UNIT_MAX_BONUS, FOUND(b));
        return;
    }
    lb_bonus *bonus = lbi_scn_alloc(L, json_object_size(b), sizeof *bonus);
    if (!bonus)
        return;
    u->bonus = bonus;
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)b, key, v) {
        int value;
        if (lbi_scn_has_control(key)) {
            char pk[CJ_PATH], shown[80];
            lbi_cj_path_key(pk, p, key);
            lbi_scn_problem(L, pk, "expected a bonus name without control characters, found %s",
                            lb_err_quote(key, shown, sizeof shown));
        } else if (lbi_cj_int(&L->doc, b, p, key, 1, -99, 99, &value) == 0)
            bonus[u->nbonus++] = (lb_bonus){lbi_scn_dup(L, key), value};
    }
}

static void load_combat_fields(loader *L, const fields *F, const char *base, lb_unit *u)
{
    char fbuf[80], p[CJ_PATH];
    cj *C = &L->doc;
    const json_t *const *v = F->v;
    lbi_cj_int_value(C, v[K_INCREMENTS], base, "increments", 1, 1, 999, &u->increments);
    if (lbi_cj_int_value(C, v[K_LOSSES], base, "losses", 0, 0, 999, &u->losses) == 0 &&
        u->increments &&
        u->losses >= u->increments) {
        /* R-SCN-1 */
        lbi_cj_path_key(p, base, "losses");
        lbi_scn_problem(L, p, "expected fewer losses than the unit's %d increments, found %d",
                        u->increments, u->losses);
    }
    lbi_cj_int_value(C, v[K_FIRE], base, "fire", 1, 0, 999, &u->fire);
    lbi_cj_int_value(C, v[K_MELEE], base, "melee", 1, 0, 999, &u->melee);
    lbi_cj_int_value(C, v[K_MOVEMENT], base, "movement", 1, 0, 999, &u->movement);
    lbi_cj_int_value(C, v[K_LANCE], base, "lance", 0, 0, 99, &u->lance);
    /* R-STACK-1: a regiment counter says how many battalions it stands for */
    const json_t *bn = v[K_BATTALIONS];
    u->battalions = 1;
    if (bn && u->arm != LB_ARM_INFANTRY) {
        lbi_cj_path_key(p, base, "battalions");
        lbi_scn_problem(L, p, "expected no battalions for %s (only infantry counters are "
                        "regiments of battalions), found %s", lb_arm_name(u->arm), FOUND(bn));
    } else {
        lbi_cj_int_value(C, bn, base, "battalions", 0, 1, 99, &u->battalions);
    }
    /* R-FIRE-19: the range printed on a battery's counter; only artillery prints one */
    const json_t *range = v[K_RANGE];
    if (range && u->arm != LB_ARM_ARTILLERY) {
        lbi_cj_path_key(p, base, "range");
        lbi_scn_problem(L, p,
                        "expected no range for %s (only artillery counters print one), found %s",
                        lb_arm_name(u->arm), FOUND(range));
    } else {
        lbi_cj_int_value(C, range, base, "range", 0, 1, 99, &u->range);
    }

    const json_t *mv = v[K_MORALE];
    u->morale = lbi_cj_roll_value(mv);
    if (!u->morale) {
        lbi_cj_path_key(p, base, "morale");
        lbi_scn_problem(L, p, "expected a roll 11-66, found %s", FOUND(mv));
    }

    const json_t *fv = v[K_FORMATION];
    int f = json_is_string(fv) ? lb_formation_parse(json_string_value(fv)) : -1;
    if (f < 0 || !formation_allowed(u->arm, (lb_formation)f)) {
        lbi_cj_path_key(p, base, "formation");
        lbi_scn_problem(L, p, "expected a formation of %s (%s), found %s", lb_arm_name(u->arm),
                        formations_of(u->arm), FOUND(fv));
    } else {
        u->formation = (lb_formation)f;
    }

    static const char *const states[] = {"good", "disordered", "routed"};
    int s = lbi_cj_one_of_value(C, v[K_STATE], base, "state", 1, states, 3);
    if (s >= 0)
        u->state = (lb_morale_state)s;
    if (s == LB_STATE_DISORDERED && u->arm == LB_ARM_CAVALRY) {
        /* R-MOR-2, R-SCN-6: cavalry is in good order or routed */
        lbi_cj_path_key(p, base, "state");
        lbi_scn_problem(L, p, "expected \"good\" or \"routed\" for cavalry (it never disorders), "
                          "found \"disordered\"");
    }

    static const char *const ready[] = {"fresh", "tired", "exhausted"};
    int r = lbi_cj_one_of_value(C, v[K_READINESS], base, "readiness", 0, ready, 3);
    if (r >= 0)
        u->readiness = (lb_readiness)r;

    /* R-GRID-3, R-SCN-2: hexside facings are even hours, vertex facings odd */
    if (lbi_cj_int_value(C, v[K_FACING], base, "facing", 0, 1, 12, &u->facing) == 0 && f >= 0 &&
        u->formation != LB_FORM_CARRE) {
        int vertex = u->formation == LB_FORM_LINE || u->formation == LB_FORM_SKIRMISH;
        if ((u->facing % 2 == 1) != vertex) {
            lbi_cj_path_key(p, base, "facing");
            lbi_scn_problem(L, p, "expected an %s clock hour (%s) for %s, found %d",
                            vertex ? "odd" : "even", vertex ? "a vertex" : "a hexside",
                            lb_formation_name(u->formation), u->facing);
        }
    }
}

/* R-SCN-8, docs/charts-format.md 3.1: in strict mode, with a nations registry in the charts, a
 * combat unit's nation and class must be in it, the class of the unit's arm. */
static void check_nation(loader *L, const char *base, const lb_unit *u)
{
    if (!L->strict || u->arm == LB_ARM_LEADER || !u->nation)
        return;
    json_t *nations = json_object_get(L->charts, "nations");
    if (!json_is_object(nations))
        return;
    char p[CJ_PATH], shown[80];
    json_t *nation = json_object_get(nations, u->nation);
    if (!nation) {
        const char *ids[SCN_NAMES_SHOWN + 1];
        int n = 0;
        const char *key;
        json_t *v;
        json_object_foreach(nations, key, v) if (n <= SCN_NAMES_SHOWN) ids[n++] = key;
        char list[400];
        lbi_cj_join(list, sizeof list, ids, n, SCN_NAMES_SHOWN);
        lbi_cj_path_key(p, base, "nation");
        lbi_scn_problem(L, p, "expected a nation of the charts (%s), found %s", list,
                        lb_err_quote(u->nation, shown, sizeof shown));
        return;
    }
    if (!u->cls)
        return;
    json_t *cls = json_object_get(json_object_get(nation, "classes"), u->cls);
    const char *arm = json_string_value(json_object_get(cls, "arm"));
    lbi_cj_path_key(p, base, "class");
    if (!cls)
        lbi_scn_problem(L, p, "expected a troop class of %s in the charts, found %s", u->nation,
                        lb_err_quote(u->cls, shown, sizeof shown));
    else if (arm && strcmp(arm, lb_arm_name(u->arm)) != 0)
        lbi_scn_problem(L, p, "expected a class of %s %s, found %s (%s)", u->nation,
                        lb_arm_name(u->arm), lb_err_quote(u->cls, shown, sizeof shown), arm);
}

/* The id: at most SCN_ID_BYTES_MAX bytes without control characters (11.9), not a hex label of
 * the map (R-SCN-10), used once. */
static void load_id(loader *L, const json_t *v, const char *base, int i, lb_unit *u, idset *ids)
{
    char p[CJ_PATH], shown[80];
    const char *id = NULL;
    if (lbi_scn_name_value(L, v, base, "id", 1, "a unit id", SCN_ID_BYTES_MAX, &id) != 0)
        return;
    lb_hex h;
    if (lb_map_parse_label(&L->st->map, id, &h) == 0 && lb_map_contains(&L->st->map, h)) {
        /* R-SCN-10: commands take a unit id or a hex label in one place; the id would hide the hex */
        lbi_cj_path_key(p, base, "id");
        lbi_scn_problem(L, p, "expected a unit id that is not a hex label of the map, found %s",
                        lb_err_quote(id, shown, sizeof shown));
        return;
    }
    u->id = lbi_scn_dup(L, id);
    int earlier = u->id ? idset_add(ids, u->id, i) : -1;
    if (earlier >= 0) {
        lbi_cj_path_key(p, base, "id");
        lbi_scn_problem(L, p, "expected a unique id, found %s (already used by /units/%d)",
                        lb_err_quote(id, shown, sizeof shown), earlier);
    }
}

/* "/units/i" without a formatted print: the base of every path of the unit, written for each of
 * a monster scenario's thousands of units. */
static void unit_path(char *out, int i)
{
    char digits[16];
    int n = 0;
    do {
        digits[n++] = (char)('0' + i % 10);
        i /= 10;
    } while (i > 0);
    memcpy(out, "/units/", 7);
    for (int k = 0; k < n; k++)
        out[7 + k] = digits[n - 1 - k];
    out[7 + n] = '\0';
}

static void load_unit(loader *L, const json_t *uj, int i, idset *ids)
{
    char fbuf[80], base[CJ_PATH], p[CJ_PATH];
    lb_state *st = L->st;
    lb_unit *u = &st->units[i];
    unit_path(base, i);
    if (!json_is_object(uj)) {
        lbi_scn_problem(L, base, "expected a unit object, found %s", FOUND(uj));
        return;
    }
    lbi_scn_unknown_keys(L, uj, base, unit_keys, K_COUNT);
    fields F;
    read_fields(uj, &F);
    load_id(L, F.v[K_ID], base, i, u, ids);
    const char *s = NULL;
    if (lbi_scn_name_value(L, F.v[K_NAME], base, "name", 0, "a name", SCN_NAME_BYTES_MAX, &s) ==
        0)
        u->name = lbi_scn_dup(L, s);
    if (lbi_scn_name_value(L, F.v[K_NATION], base, "nation", 0, "a nation", SCN_NAME_BYTES_MAX,
                           &s) == 0)
        u->nation = lbi_scn_dup(L, s);
    if (lbi_scn_name_value(L, F.v[K_CLASS], base, "class", 0, "a troop class",
                           SCN_NAME_BYTES_MAX, &s) == 0)
        u->cls = lbi_scn_dup(L, s);
    const json_t *sv = F.v[K_SIDE];
    u->side = json_is_string(sv) ? lb_state_side(st, json_string_value(sv)) : -1;
    if (u->side < 0 && st->sides[0] && st->sides[1]) {
        lbi_cj_path_key(p, base, "side");
        lbi_scn_problem(L, p, "expected one of the sides (%s, %s), found %s", st->sides[0],
                        st->sides[1], FOUND(sv));
    }

    static const char *const arms[] = {"infantry", "cavalry", "artillery", "leader"};
    int arm = lbi_cj_one_of_value(&L->doc, F.v[K_ARM], base, "arm", 1, arms, 4);
    load_hexes(L, F.v[K_HEXES], base, u);
    if (arm < 0) {
        u->nhexes = 0;
        return;
    }
    u->arm = (lb_arm)arm;
    if (u->arm == LB_ARM_LEADER) {
        u->formation = LB_FORM_NONE;
        load_bonus(L, F.v[K_BONUS], base, u);
        lbi_cj_int_value(&L->doc, F.v[K_MOVEMENT], base, "movement", 0, 0, 999,
                         &u->movement); /* R-MOV-13 */
    } else {
        load_combat_fields(L, &F, base, u);
        check_nation(L, base, u);
    }
    lbi_move_record_load(F.v[K_ATTACHED_TO], F.v[K_MOVE_RECORD], base, u, st->arena,
                         lbi_scn_report_doc, L); /* R-MOV-2 */
    /* R-SCN-3: only a line or a skirmish screen stands in more than one hex */
    if (u->nhexes > 1 && u->formation != LB_FORM_LINE && u->formation != LB_FORM_SKIRMISH) {
        lbi_cj_path_key(p, base, "hexes");
        lbi_scn_problem(L, p,
                        "expected one hex for a unit in %s (only lines and skirmishers spread), "
                        "found %d",
                        lb_formation_name(u->formation), u->nhexes);
    }
}

/* ---- placement --------------------------------------------------------------------------- */

/* Path of unit i's hex at cell: "/units/i/hexes/k", or "/units/i/hexes" for a lone label. */
static void hexes_path(loader *L, int i, int cell, char *out)
{
    const lb_unit *u = &L->st->units[i];
    int k = 0;
    while (k + 1 < u->nhexes && lb_map_cell(&L->st->map, u->hexes[k]) != cell)
        k++;
    json_t *uj = json_array_get(json_object_get(L->root, "units"), (size_t)i);
    if (json_is_array(json_object_get(uj, "hexes")))
        snprintf(out, CJ_PATH, "/units/%d/hexes/%d", i, k);
    else
        snprintf(out, CJ_PATH, "/units/%d/hexes", i);
}

/* R-SCN-4: the one hex enemies share, cavalry on top of an enemy carré (38), until the melee. */
static int charged_carre(const lb_state *st, const int *idx, int n)
{
    int carre_side = -1, cavalry_side = -1;
    for (int i = 0; i < n; i++) {
        const lb_unit *u = &st->units[idx[i]];
        if (u->arm == LB_ARM_INFANTRY && u->formation == LB_FORM_CARRE)
            carre_side = u->side;
        else if (u->arm == LB_ARM_CAVALRY)
            cavalry_side = u->side;
    }
    return carre_side >= 0 && cavalry_side >= 0 && carre_side != cavalry_side;
}

/* R-SCN-4 and R-SCN-5 in one pass over each hex's stack (11.6: linear in the units): no enemies
 * share a hex (but cavalry on a carré); no combat unit on terrain closed to its arm. */
static void check_placement(loader *L)
{
    lb_state *st = L->st;
    if (lb_state_reindex(st) != LB_OK) {
        L->nomem = 1;
        return;
    }
    L->indexed = 1; /* nothing moves a unit after this */
    int cells = st->map.cols * st->map.rows;
    for (int cell = 0; cell < cells; cell++) {
        const int *idx = st->hex_units + st->hex_first[cell];
        int n = st->hex_first[cell + 1] - st->hex_first[cell];
        if (n == 0)
            continue;
        char label[LB_HEX_LABEL_MAX], p[CJ_PATH];
        const lb_terrain_type *t = &st->charts.terrain[st->map.terrain[cell]];
        int shared = charged_carre(st, idx, n);
        int first_of_side[2] = {-1, -1}; /* the top unit of each side in the stack */
        for (int j = 0; j < n; j++) {
            const lb_unit *u = &st->units[idx[j]];
            int enemy = first_of_side[1 - u->side];
            if (enemy >= 0 && !shared) {
                const lb_unit *o = &st->units[enemy];
                hexes_path(L, idx[j], cell, p);
                lb_map_label(&st->map, lb_map_hex(&st->map, cell), label);
                lbi_scn_problem(L, p, "expected no enemy unit in the hex, found %s holding %s (%s)",
                                label, o->id, st->sides[o->side]);
            }
            if (first_of_side[u->side] < 0)
                first_of_side[u->side] = idx[j];
            if (u->arm != LB_ARM_LEADER && t->move[u->arm] == LB_MOVE_PROHIBITED) {
                hexes_path(L, idx[j], cell, p);
                lb_map_label(&st->map, lb_map_hex(&st->map, cell), label);
                lbi_scn_problem(L, p, "expected terrain open to %s, found %s at %s (prohibited)",
                                lb_arm_name(u->arm), t->id, label);
            }
        }
    }
}

void lbi_scn_load_units(loader *L)
{
    char fbuf[80];
    lb_state *st = L->st;
    json_t *units = json_object_get(L->root, "units");
    if (!json_is_array(units)) {
        lbi_scn_problem(L, "/units", "expected a list of units, found %s", FOUND(units));
        return;
    }
    size_t n = json_array_size(units);
    if (n > SCN_UNITS_MAX) {
        lbi_scn_problem(L, "/units", "expected at most %d units, found %zu", SCN_UNITS_MAX, n);
        return;
    }
    st->units = lbi_scn_alloc(L, n, sizeof *st->units);
    size_t cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    idset ids = {calloc(cap, sizeof *ids.slots), calloc(cap, sizeof *ids.owner), cap};
    if (!st->units || !ids.slots || !ids.owner) {
        free(ids.slots);
        free(ids.owner);
        L->nomem = 1;
        return;
    }
    st->nunits = (int)n;
    for (int i = 0; i < (int)n; i++)
        load_unit(L, json_array_get(units, (size_t)i), i, &ids);
    free(ids.slots);
    free(ids.owner);
    /* the battle keys take the reinforcements off the map before the placement check */
    if (!L->found && !L->nomem &&
        lbi_scn_battle_load(L->root, L->charts, st, L->strict, L->whole_battle,
                            lbi_scn_report_doc, L) != 0)
        L->nomem = 1;
    if (!L->found && !L->nomem) {
        check_placement(L);
        lbi_move_record_check(st, lbi_scn_report_doc, L); /* R-MOV-14 */
    }
}
