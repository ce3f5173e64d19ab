/* The quotas of new games: leaky buckets of games and of the scenario bytes they keep, one per client address and one for all clients, each emptying at its hourly rate. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lb/core.h"
#include "server_int.h"

#define HOUR_MS 3600000.0

/* How full a bucket is now, its level emptied at rate per hour since it was last seen. */
static double level_now(double level, long long seen_ms, long long now_ms, long long per_hour)
{
    double left = level - (double)(now_ms - seen_ms) * (double)per_hour / HOUR_MS;
    return left > 0 ? left : 0;
}

/* Seconds until cost more fits in a bucket of capacity per_hour at level (0: it fits now). */
static int wait_s(double level, double cost, long long per_hour)
{
    double over = level + cost - (double)per_hour;
    return over <= 0 ? 0 : (int)ceil(over * HOUR_MS / 1000.0 / (double)per_hour);
}

/* The buckets of address (NULL: all clients) brought to now; NULL when out of memory. Entries
 * whose buckets are empty are dropped on the way, so that the table holds only the addresses
 * that made games within the hour. */
static quota_buckets *buckets_of(quota *q, const char *address, long long now,
                                 const long long *limits)
{
    quota_buckets *b = NULL;
    if (!address) {
        b = &q->all;
    } else {
        for (int i = 0; i < q->n && !b; i++) {
            quota_buckets *e = &q->by_address[i];
            e->games = level_now(e->games, e->seen_ms, now, limits[LB_LIMIT_ADDRESS_GAMES]);
            e->bytes = level_now(e->bytes, e->seen_ms, now, limits[LB_LIMIT_ADDRESS_BYTES]);
            e->seen_ms = now;
            if (strcmp(e->address, address) == 0)
                b = e;
            else if (e->games == 0 && e->bytes == 0)
                q->by_address[i--] = q->by_address[--q->n];
        }
        if (!b) {
            quota_buckets *grown = lb_grow(q->by_address, &q->cap, q->n + 1, sizeof *grown);
            if (!grown)
                return NULL;
            q->by_address = grown;
            b = &q->by_address[q->n++];
            *b = (quota_buckets){.seen_ms = now};
            snprintf(b->address, sizeof b->address, "%s", address);
        }
        return b;
    }
    b->games = level_now(b->games, b->seen_ms, now, limits[LB_LIMIT_GAMES]);
    b->bytes = level_now(b->bytes, b->seen_ms, now, limits[LB_LIMIT_BYTES]);
    b->seen_ms = now;
    return b;
}

/* games and bytes more (or fewer: never below empty) in the buckets mine (NULL: none) and all. */
static void add(quota_buckets *mine, quota_buckets *all, double games, double bytes)
{
    quota_buckets *b[2] = {mine, all};
    for (int i = 0; i < 2; i++) {
        if (!b[i])
            continue;
        b[i]->games = b[i]->games + games > 0 ? b[i]->games + games : 0;
        b[i]->bytes = b[i]->bytes + bytes > 0 ? b[i]->bytes + bytes : 0;
    }
}

int quota_take(quota *q, const char *address, size_t bytes, const long long *limits,
               quota_refusal *why)
{
    long long now = now_ms();
    quota_buckets *mine = address ? buckets_of(q, address, now, limits) : NULL,
                  *all = buckets_of(q, NULL, now, limits);
    *why = (quota_refusal){0};
    if (address && !mine) {
        why->limit = LB_LIMIT_ADDRESS_GAMES; /* no room to count it: refused, not let through */
        why->retry_after_s = 60;
        return 0;
    }
    const struct {
        const quota_buckets *b;
        int bytes;
        lb_server_limit k;
    } checks[] = {{mine, 0, LB_LIMIT_ADDRESS_GAMES},
                  {mine, 1, LB_LIMIT_ADDRESS_BYTES},
                  {all, 0, LB_LIMIT_GAMES},
                  {all, 1, LB_LIMIT_BYTES}};
    for (size_t i = 0; i < sizeof checks / sizeof *checks; i++) {
        if (!checks[i].b)
            continue;
        double level = checks[i].bytes ? checks[i].b->bytes : checks[i].b->games;
        int wait = wait_s(level, checks[i].bytes ? (double)bytes : 1, limits[checks[i].k]);
        if (wait > 0) {
            why->limit = checks[i].k;
            why->retry_after_s = wait;
            return 0;
        }
    }
    add(mine, all, 1, (double)bytes);
    return 1;
}

void quota_give_back(quota *q, const char *address, size_t bytes, const long long *limits)
{
    long long now = now_ms();
    add(address ? buckets_of(q, address, now, limits) : NULL, buckets_of(q, NULL, now, limits), -1,
        -(double)bytes);
}

void quota_free(quota *q)
{
    free(q->by_address);
    *q = (quota){0};
}
