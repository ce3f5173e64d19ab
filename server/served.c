/* A scenario or an import posted to the server within its limits (api.md, Limits), checked on its JSON before anything is loaded: the map's size, the units and their movement points, an import's journal, and the text the store would keep. */
#include <stdio.h>

#include "server_int.h"

/* A whole number at key of o greater than the limit k: its value, else -1. */
static long long over(const json_t *o, const char *key, long long max)
{
    json_t *v = json_object_get(o, key);
    return json_is_integer(v) && json_integer_value(v) > max ? json_integer_value(v) : -1;
}

int served_scenario(const lb_server *s, const json_t *sc, const char *base, size_t kept,
                    lb_http_response *rs)
{
    const long long *max = s->limits.value;
    char path[128];
    const json_t *map = json_object_get(sc, "map");
    static const char *const sides[] = {"columns", "rows"};
    for (int i = 0; i < 2; i++) {
        long long n = over(map, sides[i], max[LB_LIMIT_MAP_SIDE]);
        if (n >= 0) {
            snprintf(path, sizeof path, "%s/map/%s", base, sides[i]);
            reply_limit(rs, 422, "over-limit", s, LB_LIMIT_MAP_SIDE, path, "the map has %lld %s; "
                        "a scenario sent to the server has at most %lld", n, sides[i],
                        max[LB_LIMIT_MAP_SIDE]);
            return -1;
        }
    }
    json_t *cols = json_object_get(map, "columns"), *rows = json_object_get(map, "rows");
    if (json_is_integer(cols) && json_is_integer(rows) && json_integer_value(cols) > 0 &&
        json_integer_value(cols) * json_integer_value(rows) > max[LB_LIMIT_MAP_HEXES]) {
        snprintf(path, sizeof path, "%s/map", base);
        reply_limit(rs, 422, "over-limit", s, LB_LIMIT_MAP_HEXES, path, "the map has %lld x %lld "
                    "hexes; a scenario sent to the server has at most %lld",
                    json_integer_value(cols), json_integer_value(rows), max[LB_LIMIT_MAP_HEXES]);
        return -1;
    }
    json_t *units = json_object_get(sc, "units");
    if (json_is_array(units) && (long long)json_array_size(units) > max[LB_LIMIT_UNITS]) {
        snprintf(path, sizeof path, "%s/units", base);
        reply_limit(rs, 422, "over-limit", s, LB_LIMIT_UNITS, path, "the scenario has %zu units; "
                    "one sent to the server has at most %lld", json_array_size(units),
                    max[LB_LIMIT_UNITS]);
        return -1;
    }
    size_t i;
    json_t *u;
    json_array_foreach(units, i, u) {
        long long mp = over(u, "movement", max[LB_LIMIT_MOVEMENT]);
        if (mp >= 0) {
            snprintf(path, sizeof path, "%s/units/%zu/movement", base, i);
            reply_limit(rs, 422, "over-limit", s, LB_LIMIT_MOVEMENT, path, "%lld movement "
                        "points; a unit of a scenario sent to the server has at most %lld", mp,
                        max[LB_LIMIT_MOVEMENT]);
            return -1;
        }
    }
    long long allowance = over(json_object_get(json_object_get(sc, "charts"), "movement"),
                               "leader_allowance", max[LB_LIMIT_MOVEMENT]);
    if (allowance >= 0) {
        snprintf(path, sizeof path, "%s/charts/movement/leader_allowance", base);
        reply_limit(rs, 422, "over-limit", s, LB_LIMIT_MOVEMENT, path, "a leader's allowance of "
                    "%lld movement points; a scenario sent to the server gives at most %lld",
                    allowance, max[LB_LIMIT_MOVEMENT]);
        return -1;
    }
    if ((long long)kept > max[LB_LIMIT_SCENARIO_BYTES]) {
        reply_limit(rs, 413, "too-large", s, LB_LIMIT_SCENARIO_BYTES, base, "the scenario is %zu "
                    "bytes as the server keeps it; at most %lld", kept,
                    max[LB_LIMIT_SCENARIO_BYTES]);
        return -1;
    }
    return 0;
}

int served_import(const lb_server *s, const json_t *import, lb_http_response *rs)
{
    const json_t *scenario = json_object_get(import, "scenario");
    /* what lb_game_import keeps of it */
    size_t kept = json_is_object(scenario) ? json_dumpb(scenario, NULL, 0, JSON_INDENT(1)) : 0;
    if (served_scenario(s, scenario, "/import/scenario", kept, rs) != 0)
        return -1;
    json_t *entries = json_object_get(json_object_get(import, "journal"), "entries");
    long long max = s->limits.value[LB_LIMIT_JOURNAL];
    if (json_is_array(entries) && (long long)json_array_size(entries) > max) {
        reply_limit(rs, 422, "over-limit", s, LB_LIMIT_JOURNAL, "/import/journal/entries",
                    "the journal has %zu entries; an import has at most %lld",
                    json_array_size(entries), max);
        return -1;
    }
    return 0;
}
