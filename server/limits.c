/* The server's limits by name (api.md, Limits): their defaults and ranges, and `serve --limit NAME=N,…` read into them. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_int.h"

static const struct {
    const char *name;
    long long fallback, min, max;
} limits[LB_LIMIT_COUNT] = {
    [LB_LIMIT_MAP_SIDE] = {"map-side", 128, 1, 999},
    [LB_LIMIT_MAP_HEXES] = {"map-hexes", 4096, 1, 999 * 999},
    [LB_LIMIT_UNITS] = {"units", 200, 1, 50000},
    [LB_LIMIT_MOVEMENT] = {"movement", 20, 0, 999},
    [LB_LIMIT_OPTIONS] = {"options", 100000, 1, 100000000}, /* R-WEB-21 */
    [LB_LIMIT_VIEW_BYTES] = {"view-bytes", 4 << 20, 1 << 16, 1LL << 30},
    [LB_LIMIT_SCENARIO_BYTES] = {"scenario-bytes", 512 << 10, 1 << 10, LB_SCENARIO_BYTES_MAX},
    [LB_LIMIT_JOURNAL] = {"journal", 10000, 0, 100000000},
    [LB_LIMIT_ADDRESS_GAMES] = {"address-games", 60, 1, 100000000},
    [LB_LIMIT_ADDRESS_BYTES] = {"address-bytes", 16 << 20, 1 << 10, 1LL << 40},
    [LB_LIMIT_GAMES] = {"games", 1000, 1, 100000000},
    [LB_LIMIT_BYTES] = {"bytes", 256 << 20, 1 << 10, 1LL << 40},
    [LB_LIMIT_STREAMS] = {"streams", 512, 1, 100000},
    [LB_LIMIT_ADDRESS_STREAMS] = {"address-streams", 16, 1, 100000},
    [LB_LIMIT_REQUESTS] = {"requests", 448, 8, 100000},
    [LB_LIMIT_ADDRESS_CONNECTIONS] = {"address-connections", 64, 2, 100000},
    [LB_LIMIT_REQUEST_SECONDS] = {"request-seconds", 10, 1, 3600},
};

void lb_server_limits_default(lb_server_limits *l)
{
    for (int k = 0; k < LB_LIMIT_COUNT; k++)
        l->value[k] = limits[k].fallback;
}

const char *lb_server_limit_name(lb_server_limit k)
{
    return limits[k].name;
}

int lb_server_limits_parse(lb_server_limits *l, const char *text, char *why, size_t n)
{
    const char *p = text;
    while (*p) {
        size_t len = strcspn(p, "=,");
        int k = 0;
        while (k < LB_LIMIT_COUNT && !(strlen(limits[k].name) == len &&
                                       strncmp(p, limits[k].name, len) == 0))
            k++;
        if (k == LB_LIMIT_COUNT || p[len] != '=') {
            snprintf(why, n, "expected NAME=N with a limit's name (map-side, streams, …: "
                     "docs/api.md), found \"%.*s\"", (int)strcspn(p, ","), p);
            return -1;
        }
        const char *digits = p + len + 1;
        char *end;
        errno = 0;
        long long v = strtoll(digits, &end, 10);
        if (end == digits || (*end && *end != ',') || errno || v < limits[k].min ||
            v > limits[k].max) {
            snprintf(why, n, "%s: expected a whole number from %lld to %lld, found \"%.*s\"",
                     limits[k].name, limits[k].min, limits[k].max, (int)strcspn(digits, ","),
                     digits);
            return -1;
        }
        l->value[k] = v;
        p = *end ? end + 1 : end;
    }
    return 0;
}
