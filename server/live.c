/* Live updates: Server-Sent Events streams that hold no thread while idle (suspended in libmicrohttpd, resumed when their game's journal grows or their heartbeat is due), and the ticker that sends heartbeats and runs the movement clocks of watched games. */
#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server_int.h"

#define EVENT_MAX 128

/* A live updates stream: while it has nothing to send its connection is suspended and it waits
 * in its game's list (sl->waiting, under the server's lock). */
struct stream {
    lb_server *s;
    slot *sl;                     /* held until the stream ends */
    struct MHD_Connection *conn;
    int after;                    /* the last seq sent */
    long long heartbeat_at;       /* now_ms() when a heartbeat is due */
    char pending[EVENT_MAX];      /* what is left to send of the last event */
    size_t npending, sent;
    stream *prev, *next;          /* in sl->waiting while suspended */
    int waiting;
};

/* Takes st out of its game's list (under the server's lock). */
static void unlink_waiting(stream *st)
{
    if (!st->waiting)
        return;
    if (st->prev)
        st->prev->next = st->next;
    else
        st->sl->waiting = st->next;
    if (st->next)
        st->next->prev = st->prev;
    st->prev = st->next = NULL;
    st->waiting = 0;
}

/* Resumes st, taken out of its game's list (under the server's lock). */
static void resume(stream *st)
{
    unlink_waiting(st);
    MHD_resume_connection(st->conn);
}

void live_wake(lb_server *s, slot *sl)
{
    while (sl->waiting)
        resume(sl->waiting);
    s->changes++;
    pthread_cond_broadcast(&s->changed);
}

/* The next event of st into its pending bytes; 0 when there is none yet (st then waits, its
 * connection suspended), -1 when the stream ends (under the server's lock). */
static int next_event(stream *st)
{
    lb_server *s = st->s;
    if (s->stopping)
        return -1;
    long long now = now_ms();
    int seq = st->sl->seq;
    if (seq > st->after) {
        st->npending = (size_t)snprintf(st->pending, sizeof st->pending,
                                        "id: %d\nevent: seq\ndata: {\"seq\":%d}\n\n", seq, seq);
        st->after = seq;
    } else if (now >= st->heartbeat_at) {
        st->npending = (size_t)snprintf(st->pending, sizeof st->pending, ": heartbeat\n\n");
    } else {
        /* nothing to send: no thread waits, the ticker or the game's next change resumes it */
        st->next = st->sl->waiting;
        if (st->next)
            st->next->prev = st;
        st->sl->waiting = st;
        st->waiting = 1;
        MHD_suspend_connection(st->conn);
        s->changes++; /* the ticker watches this game's clock and this heartbeat */
        pthread_cond_broadcast(&s->changed);
        return 0;
    }
    st->heartbeat_at = now + 1000LL * s->cfg.heartbeat_s;
    st->sent = 0;
    return 1;
}

/* libmicrohttpd's content reader of a stream: never blocks (the connection's thread serves
 * others); with nothing to send, the connection is suspended and 0 returned. */
static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    stream *st = cls;
    if (st->sent == st->npending) {
        pthread_mutex_lock(&st->s->lock);
        int got = next_event(st);
        pthread_mutex_unlock(&st->s->lock);
        if (got < 0)
            return MHD_CONTENT_READER_END_OF_STREAM;
        if (got == 0)
            return 0;
    }
    size_t n = st->npending - st->sent < max ? st->npending - st->sent : max;
    memcpy(buf, st->pending + st->sent, n);
    st->sent += n;
    return (ssize_t)n;
}

/* The response is done with: the connection closed, or the stream ended. */
static void stream_free(void *cls)
{
    stream *st = cls;
    lb_server *s = st->s;
    pthread_mutex_lock(&s->lock);
    unlink_waiting(st);
    st->sl->refs--;
    pthread_mutex_unlock(&s->lock);
    free(st);
}

struct MHD_Response *live_response(lb_server *s, const lb_http_response *rs,
                                   struct MHD_Connection *c)
{
    stream *st = calloc(1, sizeof *st);
    pthread_mutex_lock(&s->lock);
    slot *sl = slot_find(s, rs->events_game); /* held by the response: it is there */
    pthread_mutex_unlock(&s->lock);
    if (!st) {
        lb_server_release_game(s, rs->events_game);
        return NULL;
    }
    *st = (stream){.s = s, .sl = sl, .conn = c, .after = rs->events_after};
    st->npending = (size_t)snprintf(st->pending, sizeof st->pending, "retry: 2000\n\n");
    st->heartbeat_at = now_ms() + 1000LL * s->cfg.heartbeat_s;
    struct MHD_Response *resp = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, EVENT_MAX,
                                                                  stream_read, st, stream_free);
    if (!resp)
        stream_free(st);
    return resp;
}

void lb_server_release_game(lb_server *s, long long game)
{
    pthread_mutex_lock(&s->lock);
    slot *sl = slot_find(s, game);
    if (sl)
        sl->refs--;
    pthread_mutex_unlock(&s->lock);
}

/* ---- the ticker ----------------------------------------------------------------------------- */

/* Resumes the streams whose heartbeat is due and holds the games someone waits on (refs + 1,
 * into held); returns when the next heartbeat is due (under the server's lock). */
static long long heartbeats(lb_server *s, long long now, slot **held, int *nheld)
{
    long long next = now + 1000LL * s->cfg.heartbeat_s;
    *nheld = 0;
    for (int i = 0; i < s->nslots; i++) {
        slot *sl = s->slots[i];
        for (stream *st = sl->waiting, *after; st; st = after) {
            after = st->next;
            if (st->heartbeat_at <= now)
                resume(st);
            else if (st->heartbeat_at < next)
                next = st->heartbeat_at;
        }
        if (sl->waiting) {
            sl->refs++;
            held[(*nheld)++] = sl;
        }
    }
    return next;
}

/* The watched games' movement clocks: run out, the segment ends (R-WEB-2); returns when the
 * next one runs out, or next. */
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
    slot *held[SLOTS_MAX];
    pthread_mutex_lock(&s->lock);
    while (!s->stopping) {
        unsigned long long seen = s->changes;
        int nheld;
        long long next = heartbeats(s, now_ms(), held, &nheld);
        pthread_mutex_unlock(&s->lock);
        next = clocks(s, held, nheld, next);
        pthread_mutex_lock(&s->lock);
        if (s->stopping || s->changes != seen)
            continue;
        struct timespec ts = {.tv_sec = next / 1000, .tv_nsec = next % 1000 * 1000000};
        pthread_cond_timedwait(&s->changed, &s->lock, &ts);
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

int live_start(lb_server *s)
{
    if (pthread_create(&s->ticker, NULL, ticker, s) != 0)
        return -1;
    s->ticking = 1;
    return 0;
}

void live_stop(lb_server *s)
{
    pthread_mutex_lock(&s->lock);
    s->stopping = 1;
    for (int i = 0; i < s->nslots; i++)
        while (s->slots[i]->waiting)
            resume(s->slots[i]->waiting);
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
    if (s->ticking)
        pthread_join(s->ticker, NULL);
    s->ticking = 0;
}
