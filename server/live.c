/* Live updates: a stream waits for its game's journal to grow, for its movement clock to run out, or for the heartbeat. */
#include <time.h>

#include "server_int.h"

int lb_server_wait_seq(lb_server *s, long long game, int after)
{
    pthread_mutex_lock(&s->lock);
    long long heartbeat_at = now_ms() + 1000LL * s->cfg.heartbeat_s;
    int seq = -1;
    for (;;) {
        slot *sl = slot_find(s, game);
        if (s->stopping || !sl)
            break;
        seq = sl->seq;
        long long now = now_ms();
        if (seq > after || now >= heartbeat_at)
            break;
        /* the game's movement clock may run out before anything else happens */
        pthread_mutex_unlock(&s->lock);
        pthread_mutex_lock(&sl->lock);
        long long left = clock_left_ms(sl);
        if (left == 0)
            clock_run(s, sl);
        pthread_mutex_unlock(&sl->lock);
        pthread_mutex_lock(&s->lock);
        if (sl->seq > after)
            continue;
        long long until = heartbeat_at;
        if (left > 0 && now + left < until)
            until = now + left;
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        long long wait = until - now;
        ts.tv_sec += wait / 1000;
        ts.tv_nsec += (wait % 1000) * 1000000;
        if (ts.tv_nsec >= 1000000000) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&s->changed, &s->lock, &ts);
    }
    pthread_mutex_unlock(&s->lock);
    return seq;
}

void lb_server_release_game(lb_server *s, long long game)
{
    pthread_mutex_lock(&s->lock);
    slot *sl = slot_find(s, game);
    if (sl)
        sl->refs--;
    pthread_mutex_unlock(&s->lock);
}
