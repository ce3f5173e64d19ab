/* Scenario battle keys: victory conditions, reinforcements, organisation and timed movement, validated with their positions. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart_json.h"
#include "scenario_battle.h"
#include "state_int.h"
#include "arena_int.h"
#include "unit_int.h"
#include "hex_int.h"

#define PATH_LEN LB_ERR_PATH_MAX
#define TURN_MINUTES 20

typedef struct reader {
    lb_state *st;
    const json_t *charts; /* the merged charts (morale_levels) */
    int strict;
    int whole_battle; /* R-GAME-4: victory.last_turn required */
    void (*report)(void *ctx, const char *path, const char *msg);
    void *ctx;
    int problems;
    int nomem;
} reader;

__attribute__((format(printf, 3, 4))) static void problem(reader *R, const char *path,
                                                          const char *fmt, ...)
{
    char msg[LB_ERR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    R->problems++;
    R->report(R->ctx, path, msg);
}

#define FOUND(v) lbi_cj_found((v), fbuf, sizeof fbuf)

static void *alloc(reader *R, size_t n, size_t size)
{
    void *p = lb_arena_calloc(R->st->arena, n ? n : 1, size);
    if (!p)
        R->nomem = 1;
    return p;
}

static const char *dup(reader *R, const char *s)
{
    char *d = lb_arena_strdup(R->st->arena, s);
    if (!d)
        R->nomem = 1;
    return d;
}

/* Strict mode: every key of obj is one of known. */
static void known_keys(reader *R, const json_t *obj, const char *base, const char *const *known,
                       int nknown, const char *list)
{
    if (!R->strict)
        return;
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)obj, key, v) {
        int ok = 0;
        for (int i = 0; i < nknown && !ok; i++)
            ok = strcmp(key, known[i]) == 0;
        if (!ok) {
            char p[PATH_LEN];
            lbi_cj_path_key(p, base, key);
            problem(R, p, "expected one of the keys %s, found \"%s\"", list, key);
        }
    }
}

/* An object at path, or NULL (reported when present and not an object). */
static json_t *object_at(reader *R, json_t *parent, const char *key, const char *path)
{
    char fbuf[80];
    json_t *v = json_object_get(parent, key);
    if (v && !json_is_object(v)) {
        problem(R, path, "expected an object, found %s", FOUND(v));
        return NULL;
    }
    return v;
}

/* A non-negative integer of at most max at path; *out keeps its default when missing. */
static void count_at(reader *R, json_t *parent, const char *key, const char *base, int max,
                     int *out)
{
    char fbuf[80], p[PATH_LEN];
    json_t *v = json_object_get(parent, key);
    if (!v)
        return;
    lbi_cj_path_key(p, base, key);
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > max)
        problem(R, p, "expected an integer from 0 to %d, found %s", max, FOUND(v));
    else
        *out = (int)json_integer_value(v);
}

/* R-GAME-1: a game turn's start, "HH:MM", on the 20-minute clock of the scenario's first turn
 * and not before it; -1 when reported. */
static int turn_time(reader *R, const json_t *v, const char *path)
{
    char fbuf[80], tail;
    int h = -1, m = -1;
    const char *s = json_is_string(v) ? json_string_value(v) : "";
    if (sscanf(s, "%2d:%2d%c", &h, &m, &tail) != 2 || strlen(s) != 5 || h < 0 || h > 23 || m < 0 ||
        m > 59) {
        problem(R, path, "expected a time of day \"HH:MM\", found %s", FOUND(v));
        return -1;
    }
    int t = h * 60 + m, start = R->st->turn.minutes >= 0 ? R->st->turn.minutes : 0;
    if (t < start || (t - start) % TURN_MINUTES != 0) {
        problem(R, path, "expected the start of a game turn (%02d:%02d, then every %d minutes), "
                         "found \"%s\"", start / 60, start % 60, TURN_MINUTES, s);
        return -1;
    }
    return t;
}

static int side_at(reader *R, const json_t *v, const char *path)
{
    char fbuf[80];
    int side = json_is_string(v) ? lb_state_side(R->st, json_string_value(v)) : -1;
    if (side < 0)
        problem(R, path, "expected one of the sides (%s, %s), found %s", R->st->sides[0],
                R->st->sides[1], FOUND(v));
    return side;
}

static void load_objectives(reader *R, json_t *list, lb_victory *v)
{
    char fbuf[80], base[PATH_LEN], p[PATH_LEN];
    if (!json_is_array(list)) {
        problem(R, "/victory/objectives", "expected a list of objectives, found %s", FOUND(list));
        return;
    }
    v->objectives = alloc(R, json_array_size(list), sizeof *v->objectives);
    if (!v->objectives)
        return;
    static const char *const keys[] = {"hex", "points", "holder"};
    size_t i;
    json_t *o;
    json_array_foreach(list, i, o) {
        lbi_cj_path_index(base, "/victory/objectives", i);
        if (!json_is_object(o)) {
            problem(R, base, "expected an objective {hex, points, holder}, found %s", FOUND(o));
            continue;
        }
        known_keys(R, o, base, keys, 3, "hex, points, holder");
        lb_objective *ob = &v->objectives[v->nobjectives];
        ob->holder = -1;
        json_t *hex = json_object_get(o, "hex");
        lbi_cj_path_key(p, base, "hex");
        if (!json_is_string(hex) ||
            lb_map_parse_label(&R->st->map, json_string_value(hex), &ob->hex) != 0 ||
            !lb_map_contains(&R->st->map, ob->hex)) {
            problem(R, p, "expected a hex label on the map, found %s", FOUND(hex));
            continue;
        }
        for (int k = 0; k < v->nobjectives; k++)
            if (lb_hex_eq(v->objectives[k].hex, ob->hex))
                problem(R, p, "expected a hex not already an objective, found %s (objective %d)",
                        json_string_value(hex), k);
        lbi_cj_path_key(p, base, "points");
        if (!json_object_get(o, "points"))
            problem(R, p, "expected the objective's points, found nothing");
        count_at(R, o, "points", base, 10000, &ob->points);
        json_t *holder = json_object_get(o, "holder");
        lbi_cj_path_key(p, base, "holder");
        if (holder && !json_is_null(holder))
            ob->holder = side_at(R, holder, p);
        v->nobjectives++;
    }
}

/* R-VIC-1..4: the victory key. */
static void load_victory(reader *R, json_t *root)
{
    lb_victory *v = &R->st->battle.victory;
    v->last_turn = -1;
    v->per_increment = 1;
    v->margin[LB_VICTORY_MARGINAL] = 1;
    v->margin[LB_VICTORY_SUBSTANTIVE] = 5;
    v->margin[LB_VICTORY_DECISIVE] = 10;
    json_t *vj = object_at(R, root, "victory", "/victory");
    /* R-GAME-4 (revised 12-02): `check --strict` holds a scenario to be a whole battle */
    if (!vj && R->whole_battle && !json_object_get(root, "victory"))
        problem(R, "/victory", "expected the battle's victory conditions with its last turn "
                "(\"last_turn\": \"HH:MM\"; check --strict wants a whole battle), found nothing");
    if (!vj)
        return;
    static const char *const keys[] = {"last_turn", "objectives", "points", "margins",
                                       "morale_levels"};
    known_keys(R, vj, "/victory", keys, 5,
               "last_turn, objectives, points, margins, morale_levels");
    json_t *last = json_object_get(vj, "last_turn");
    if (last)
        v->last_turn = turn_time(R, last, "/victory/last_turn");
    else
        problem(R, "/victory/last_turn", "expected the last game turn \"HH:MM\", found nothing");
    json_t *objectives = json_object_get(vj, "objectives");
    if (objectives)
        load_objectives(R, objectives, v);
    json_t *points = object_at(R, vj, "points", "/victory/points");
    if (points) {
        static const char *const pk[] = {"increment", "surrendered", "leader"};
        known_keys(R, points, "/victory/points", pk, 3, "increment, surrendered, leader");
        count_at(R, points, "increment", "/victory/points", 10000, &v->per_increment);
        count_at(R, points, "surrendered", "/victory/points", 10000, &v->per_surrender);
        count_at(R, points, "leader", "/victory/points", 10000, &v->per_leader);
    }
    json_t *margins = object_at(R, vj, "margins", "/victory/margins");
    if (margins) {
        static const char *const mk[] = {"marginal", "substantive", "decisive"};
        known_keys(R, margins, "/victory/margins", mk, 3, "marginal, substantive, decisive");
        for (int k = 0; k < LB_VICTORY_LEVELS; k++)
            count_at(R, margins, mk[k], "/victory/margins", 1000000, &v->margin[k]);
        if (v->margin[0] < 1 || v->margin[0] > v->margin[1] || v->margin[1] > v->margin[2])
            problem(R, "/victory/margins", "expected 1 <= marginal <= substantive <= decisive, "
                                           "found %d, %d, %d", v->margin[0], v->margin[1],
                    v->margin[2]);
    }
}

/* R-SCN-5 for a reinforcement: its entry hexes are open to its arm (the loader checks the units
 * on the map; reinforcements leave it before that check). */
static void entry_terrain(reader *R, const lb_unit *u, int index)
{
    const lb_state *st = R->st;
    for (int k = 0; k < u->nhexes && u->arm != LB_ARM_LEADER; k++) {
        if (!lb_map_contains(&st->map, u->hexes[k]))
            continue;
        const lb_terrain_type *t = &st->charts.terrain[st->map.terrain[lb_map_cell(
            &st->map, u->hexes[k])]];
        if (t->move[u->arm] == LB_MOVE_PROHIBITED) {
            char p[PATH_LEN], label[LB_HEX_LABEL_MAX];
            snprintf(p, sizeof p, "/units/%d/hexes/%d", index, k);
            problem(R, p, "expected terrain open to %s, found %s at %s (prohibited)",
                    lb_arm_name(u->arm), t->id, lb_map_label(&st->map, u->hexes[k], label));
        }
    }
}

/* R-GAME-9: reinforcements are units of `units` named here with the turn they enter; their
 * hexes in `units` are their entry hexes. */
static void load_reinforcements(reader *R, json_t *root, unsigned char *off_map)
{
    char fbuf[80], base[PATH_LEN], p[PATH_LEN];
    lb_state *st = R->st;
    lb_battle *b = &st->battle;
    json_t *list = json_object_get(root, "reinforcements");
    if (!list)
        return;
    if (!json_is_array(list)) {
        problem(R, "/reinforcements", "expected a list of {time, units}, found %s", FOUND(list));
        return;
    }
    size_t total = 0, i;
    json_t *g;
    json_array_foreach(list, i, g)
        total += json_array_size(json_object_get(g, "units"));
    b->reinforcements = alloc(R, total, sizeof *b->reinforcements);
    if (!b->reinforcements)
        return;
    static const char *const keys[] = {"time", "units"};
    json_array_foreach(list, i, g) {
        lbi_cj_path_index(base, "/reinforcements", i);
        if (!json_is_object(g)) {
            problem(R, base, "expected {time, units}, found %s", FOUND(g));
            continue;
        }
        known_keys(R, g, base, keys, 2, "time, units");
        lbi_cj_path_key(p, base, "time");
        int t = turn_time(R, json_object_get(g, "time"), p);
        int last = st->battle.victory.last_turn;
        if (t >= 0 && last >= 0 && t > last)
            problem(R, p, "expected a turn no later than the last turn %02d:%02d, found \"%s\"",
                    last / 60, last % 60, json_string_value(json_object_get(g, "time")));
        json_t *units = json_object_get(g, "units");
        lbi_cj_path_key(p, base, "units");
        if (!json_is_array(units) || json_array_size(units) == 0) {
            problem(R, p, "expected a non-empty list of unit ids, found %s", FOUND(units));
            continue;
        }
        size_t k;
        json_t *id;
        json_array_foreach(units, k, id) {
            char up[PATH_LEN];
            lbi_cj_path_index(up, p, k);
            int u = json_is_string(id) ? lb_state_unit_index(st, json_string_value(id)) : -1;
            if (u < 0) {
                problem(R, up, "expected the id of a unit in /units, found %s", FOUND(id));
                continue;
            }
            if (off_map[u]) {
                problem(R, up, "expected a unit not already a reinforcement, found \"%s\"",
                        st->units[u].id);
                continue;
            }
            off_map[u] = 1;
            entry_terrain(R, &st->units[u], u);
            if (t >= 0)
                b->reinforcements[b->nreinforcements++] = (lb_reinforcement){st->units[u], t};
        }
    }
}

/* R-GAME-11: the thresholds and modifiers of charts.morale_levels[side][id] (charts-format 9.1),
 * when the charts have them; a level the charts leave out is never reached. */
static void chart_levels(const json_t *charts, const lb_state *st, lb_org *org)
{
    json_t *list = json_object_get(
        json_object_get(json_object_get(charts, "morale_levels"), st->sides[org->side]),
        org->id);
    list = json_object_get(list, "levels");
    if (!json_is_array(list))
        return;
    org->from_charts = 1;
    for (int l = 0; l <= LB_ORG_LEVELS; l++) {
        json_t *e = json_array_get(list, (size_t)l);
        json_t *from = json_object_get(e, "from"), *mod = json_object_get(e, "mod");
        if (l > 0)
            org->levels[l - 1] = json_is_integer(from) ? (int)json_integer_value(from) : 1000000;
        org->mods[l] = json_is_integer(mod) ? (int)json_integer_value(mod) : 0;
    }
}

/* R-VIC-6: victory.morale_levels, read once the organisations are known: points to the enemy of
 * an organisation while it stands on a Morale Level (rules-charts 6: "place the Prussians on
 * Level Two"). */
static void load_level_awards(reader *R, json_t *root)
{
    char fbuf[80], base[PATH_LEN], p[PATH_LEN];
    const lb_battle *b = &R->st->battle;
    lb_victory *v = &R->st->battle.victory;
    json_t *vj = json_object_get(root, "victory");
    json_t *list = json_is_object(vj) ? json_object_get(vj, "morale_levels") : NULL;
    if (!list)
        return;
    if (!json_is_array(list)) {
        problem(R, "/victory/morale_levels", "expected a list of {organisation, level, points}, "
                "found %s", FOUND(list));
        return;
    }
    v->level_awards = alloc(R, json_array_size(list), sizeof *v->level_awards);
    if (!v->level_awards)
        return;
    static const char *const keys[] = {"organisation", "level", "points"};
    size_t i;
    json_t *o;
    json_array_foreach(list, i, o) {
        lbi_cj_path_index(base, "/victory/morale_levels", i);
        if (!json_is_object(o)) {
            problem(R, base, "expected {organisation, level, points}, found %s", FOUND(o));
            continue;
        }
        known_keys(R, o, base, keys, 3, "organisation, level, points");
        lb_level_award *a = &v->level_awards[v->nlevel_awards];
        json_t *org = json_object_get(o, "organisation");
        a->org = -1;
        for (int k = 0; json_is_string(org) && k < b->norgs && a->org < 0; k++)
            if (b->orgs[k].id && strcmp(b->orgs[k].id, json_string_value(org)) == 0)
                a->org = k;
        lbi_cj_path_key(p, base, "organisation");
        if (a->org < 0) {
            problem(R, p, "expected the id of an organisation of /organisation, found %s",
                    FOUND(org));
            continue;
        }
        json_t *level = json_object_get(o, "level");
        lbi_cj_path_key(p, base, "level");
        if (!json_is_integer(level) || json_integer_value(level) < 1 ||
            json_integer_value(level) > LB_ORG_LEVELS) {
            problem(R, p, "expected a Morale Level from 1 to %d, found %s", LB_ORG_LEVELS,
                    FOUND(level));
            continue;
        }
        a->level = (int)json_integer_value(level);
        for (int k = 0; k < v->nlevel_awards; k++)
            if (v->level_awards[k].org == a->org && v->level_awards[k].level == a->level)
                problem(R, p, "expected a level not already listed for %s, found %d "
                        "(/victory/morale_levels/%d)", b->orgs[a->org].id, a->level, k);
        lbi_cj_path_key(p, base, "points");
        if (!json_object_get(o, "points"))
            problem(R, p, "expected the points for that level, found nothing");
        count_at(R, o, "points", base, 10000, &a->points);
        v->nlevel_awards++;
    }
}

/* R-MOV-19: the organisation's kind, "corps" (the default) or "division": 1 for a division. */
static int is_division(reader *R, const json_t *o, const char *base)
{
    char fbuf[80], p[PATH_LEN];
    json_t *kind = json_object_get(o, "kind");
    const char *k = json_string_value(kind);
    if (!kind || (k && strcmp(k, "corps") == 0))
        return 0;
    if (k && strcmp(k, "division") == 0)
        return 1;
    lbi_cj_path_key(p, base, "kind");
    problem(R, p, "expected \"corps\" or \"division\", found %s", FOUND(kind));
    return 0;
}

/* The units of an organisation, each of its side (the ones that are not are reported); 0 when
 * out of memory. */
static int load_org_units(reader *R, lb_org *org, json_t *units, const char *p)
{
    char fbuf[80];
    lb_state *st = R->st;
    org->units = alloc(R, json_array_size(units), sizeof *org->units);
    if (!org->units)
        return 0;
    size_t k;
    json_t *uid;
    json_array_foreach(units, k, uid) {
        char up[PATH_LEN];
        lbi_cj_path_index(up, p, k);
        int u = json_is_string(uid) ? lb_state_unit_index(st, json_string_value(uid)) : -1;
        if (u < 0 || st->units[u].side != org->side) {
            problem(R, up, "expected the id of a unit of side %s, found %s",
                    org->side >= 0 ? st->sides[org->side] : "?", FOUND(uid));
            continue;
        }
        org->units[org->nunits++] = st->units[u].id;
        org->infantry += st->units[u].arm == LB_ARM_INFANTRY;
    }
    return 1;
}

/* R-GAME-11: the counts that set an organisation's Morale Levels: its `levels`, else the charts'
 * morale_levels for its side and id, else level k when more than 20k% of its infantry is routed
 * or gone, with no modifier. */
static void load_org_levels(reader *R, lb_org *org, json_t *levels, const char *base)
{
    char fbuf[80], p[PATH_LEN];
    for (int l = 0; l < LB_ORG_LEVELS; l++)
        org->levels[l] = org->infantry * (l + 1) / 5 + 1;
    if (org->side >= 0)
        chart_levels(R->charts, R->st, org);
    lbi_cj_path_key(p, base, "levels");
    if (!levels)
        return;
    int ok = json_is_array(levels) && json_array_size(levels) == LB_ORG_LEVELS;
    for (int l = 0; ok && l < LB_ORG_LEVELS; l++) {
        json_t *n = json_array_get(levels, (size_t)l);
        ok = json_is_integer(n) && json_integer_value(n) >= 1 && json_integer_value(n) <= 10000 &&
             (l == 0 || json_integer_value(n) >= org->levels[l - 1]);
        if (ok)
            org->levels[l] = (int)json_integer_value(n);
    }
    if (!ok)
        problem(R, p, "expected three rising counts [level 1, level 2, level 3], found %s",
                FOUND(levels));
    org->from_charts = 0;
    memset(org->mods, 0, sizeof org->mods);
}

/* R-GAME-11: organisations and the counts that set their Morale Levels (43). */
static void load_organisation(reader *R, json_t *root)
{
    char fbuf[80], base[PATH_LEN], p[PATH_LEN];
    lb_state *st = R->st;
    lb_battle *b = &st->battle;
    json_t *list = json_object_get(root, "organisation");
    if (!list)
        return;
    if (!json_is_array(list)) {
        problem(R, "/organisation", "expected a list of organisations, found %s", FOUND(list));
        return;
    }
    b->orgs = alloc(R, json_array_size(list), sizeof *b->orgs);
    if (!b->orgs)
        return;
    static const char *const keys[] = {"id", "name", "side", "units", "levels", "kind"};
    size_t i;
    json_t *o;
    json_array_foreach(list, i, o) {
        lbi_cj_path_index(base, "/organisation", i);
        if (!json_is_object(o)) {
            problem(R, base, "expected {id, side, units}, found %s", FOUND(o));
            continue;
        }
        known_keys(R, o, base, keys, 6, "id, name, side, units, levels, kind");
        lb_org *org = &b->orgs[b->norgs];
        json_t *id = json_object_get(o, "id"), *name = json_object_get(o, "name");
        lbi_cj_path_key(p, base, "id");
        if (!json_is_string(id) || json_string_length(id) == 0) {
            problem(R, p, "expected an organisation id, found %s", FOUND(id));
            continue;
        }
        for (int k = 0; k < b->norgs; k++)
            if (strcmp(b->orgs[k].id, json_string_value(id)) == 0)
                problem(R, p, "expected a unique id, found \"%s\" (already /organisation/%d)",
                        json_string_value(id), k);
        org->id = dup(R, json_string_value(id));
        org->name = json_is_string(name) ? dup(R, json_string_value(name)) : NULL;
        org->division = is_division(R, o, base);
        lbi_cj_path_key(p, base, "side");
        org->side = side_at(R, json_object_get(o, "side"), p);
        json_t *units = json_object_get(o, "units");
        lbi_cj_path_key(p, base, "units");
        if (!json_is_array(units) || json_array_size(units) == 0) {
            problem(R, p, "expected a non-empty list of unit ids, found %s", FOUND(units));
            continue;
        }
        if (!load_org_units(R, org, units, p))
            return;
        load_org_levels(R, org, json_object_get(o, "levels"), base);
        b->norgs++;
    }
}

/* R-GAME-2: each side's movement time allowance in seconds (17). */
static void load_time_limits(reader *R, json_t *root)
{
    char fbuf[80], p[PATH_LEN];
    json_t *tl = object_at(R, root, "movement_time_limit_s", "/movement_time_limit_s");
    if (!tl)
        return;
    const char *key;
    json_t *v;
    json_object_foreach(tl, key, v) {
        lbi_cj_path_key(p, "/movement_time_limit_s", key);
        int side = lb_state_side(R->st, key);
        if (side < 0) {
            problem(R, p, "expected a side (%s, %s), found \"%s\"", R->st->sides[0],
                    R->st->sides[1], key);
            continue;
        }
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 86400)
            problem(R, p, "expected seconds from 0 to 86400, found %s", FOUND(v));
        else
            R->st->battle.time_limit_s[side] = (int)json_integer_value(v);
    }
}

static int by_time(const void *a, const void *b)
{
    const lb_reinforcement *x = a, *y = b;
    return (x->minutes > y->minutes) - (x->minutes < y->minutes);
}

int lbi_scn_battle_load(const json_t *root, const json_t *charts, lb_state *st, int strict,
                        int whole_battle, void (*report)(void *ctx, const char *path, const char *msg), void *ctx)
{
    reader R = {.st = st, .charts = charts, .strict = strict, .whole_battle = whole_battle,
                .report = report, .ctx = ctx};
    unsigned char *off_map = calloc((size_t)st->nunits + 1, 1);
    if (!off_map)
        return -1;
    load_victory(&R, (json_t *)root);
    load_reinforcements(&R, (json_t *)root, off_map);
    load_organisation(&R, (json_t *)root);
    load_level_awards(&R, (json_t *)root);
    load_time_limits(&R, (json_t *)root);
    if (!R.problems && !R.nomem && st->battle.nreinforcements) {
        /* the units still to come leave the map; they stay in entry-time order, as listed
         * within a turn (an insertion sort keeps that order) */
        int n = 0;
        for (int i = 0; i < st->nunits; i++)
            if (!off_map[i])
                st->units[n++] = st->units[i];
        st->nunits = n;
        lb_battle *b = &st->battle;
        for (int i = 1; i < b->nreinforcements; i++)
            for (int k = i; k > 0 && by_time(&b->reinforcements[k - 1], &b->reinforcements[k]) > 0;
                 k--) {
                lb_reinforcement t = b->reinforcements[k];
                b->reinforcements[k] = b->reinforcements[k - 1];
                b->reinforcements[k - 1] = t;
            }
        if (lb_state_reindex(st) != LB_OK)
            R.nomem = 1;
    }
    free(off_map);
    return R.nomem ? -1 : 0;
}
