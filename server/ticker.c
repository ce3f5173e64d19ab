/* The ticker: one thread that resumes the live updates streams whose heartbeat is due, runs the movement clocks of the games streams watch (R-WEB-2), as a waiting stream did, and cuts off the connections past their deadlines. */
#include <stdlib.h>

#include "lb/core.h"
#include "server_int.h"

#define SWEEP_MS 1000 /* the ticker looks for connections past their deadlines this often */

/* The held games' movement clocks: run out, the segment ends (R-WEB-2), each game let go;
 * returns when the next one runs out, or next. */
static long long clocks(lb_server *s, slot **held, int nheld, long long next)
{
    for (int i = 0; i < nheld; i++) {
        slot *sl = held[i];
        pthread_mutex_lock(&sl->lock);
        if (clock_left_ms(sl) == 0)
            clock_run(s, sl);
        long long left = clock_left_ms(sl);
        pthread_mutex_unlock(&sl->lock);
        slot_put(s, sl);
        if (left > 0 && now_ms() + left < next)
            next = now_ms() + left;
    }
    return next;
}

static void *ticker(void *cls)
{
    lb_server *s = cls;
    slot **held = NULL; /* room for every game in memory (the table grows while they are held) */
    int cap = 0;
    pthread_mutex_lock(&s->lock);
    while (!s->stopping) {
        unsigned long long seen = s->changes;
        int nheld;
        slot **grown = lb_grow(held, &cap, s->games.n, sizeof *held);
        if (grown) /* else the games that do not fit are watched on a later round */
            held = grown;
        long long next = live_heartbeats(s, now_ms(), held, cap, &nheld);
        pthread_mutex_unlock(&s->lock);
        next = clocks(s, held, nheld, next);
        long long deadline = conns_sweep(&s->conns, now_ms());
        if (deadline && deadline < next)
            next = deadline;
        if (next > now_ms() + SWEEP_MS) /* a connection opened meanwhile has a deadline too */
            next = now_ms() + SWEEP_MS;
        pthread_mutex_lock(&s->lock);
        if (s->stopping || s->changes != seen)
            continue;
        struct timespec ts = {.tv_sec = next / 1000, .tv_nsec = next % 1000 * 1000000};
        pthread_cond_timedwait(&s->changed, &s->lock, &ts);
    }
    pthread_mutex_unlock(&s->lock);
    free(held);
    return NULL;
}

int ticker_start(lb_server *s)
{
    if (pthread_create(&s->ticker, NULL, ticker, s) != 0)
        return -1;
    s->ticking = 1;
    return 0;
}

void ticker_stop(lb_server *s)
{
    pthread_mutex_lock(&s->lock);
    live_end_all(s);
    pthread_mutex_unlock(&s->lock);
    if (s->ticking)
        pthread_join(s->ticker, NULL);
    s->ticking = 0;
}
