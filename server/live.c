/* Live updates: Server-Sent Events streams that hold no thread while idle, suspended in libmicrohttpd and resumed when their game's journal grows, a side's page comes or goes, a player says something or allows hints, or their heartbeat is due. */
#include <errno.h>
#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "server_int.h"

#define EVENT_MAX 128

/* A live updates stream: while it has nothing to send its connection is suspended and it waits
 * in its game's list (sl->waiting, under the server's lock). */
struct stream {
    lb_server *s;
    slot *sl;                     /* held until the stream ends */
    struct MHD_Connection *conn;
    int fd;                       /* its socket (-1: not known) */
    int gone;                     /* its client has closed it: the stream ends */
    int after;                    /* the last seq sent */
    int role;                     /* the role of its link */
    int presence_sent;            /* sl->presence_changes when presence was last sent (-1 none) */
    int chat_seen;                /* sl->chat_changes when the stream was opened or last told */
    int hints_seen;               /* sl->hints_changes, likewise */
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

/* A side's stream opens (+1) or ends (-1): when the side comes or goes, every stream of the game
 * is woken to send the presence (under the server's lock). */
static void presence_count(lb_server *s, stream *st, int by)
{
    slot *sl = st->sl;
    if (st->role < 0 || st->role > 1)
        return;
    int was = sl->present[st->role] > 0;
    sl->present[st->role] += by;
    if (was != (sl->present[st->role] > 0)) {
        sl->presence_changes++;
        live_wake(s, sl);
    }
}

/* The presence event: whether each side, in the scenario's order, has a page with its stream
 * open. */
static size_t presence_event(const slot *sl, char *out, size_t n)
{
    return (size_t)snprintf(out, n, "event: presence\ndata: {\"present\":[%s,%s]}\n\n",
                            sl->present[0] ? "true" : "false", sl->present[1] ? "true" : "false");
}

/* The next event of st into its pending bytes; 0 when there is none yet (st then waits, its
 * connection suspended), -1 when the stream ends (under the server's lock). */
static int next_event(stream *st)
{
    lb_server *s = st->s;
    if (s->stopping || st->gone)
        return -1;
    long long now = now_ms();
    int seq = st->sl->seq;
    if (seq > st->after) {
        st->npending = (size_t)snprintf(st->pending, sizeof st->pending,
                                        "id: %d\nevent: seq\ndata: {\"seq\":%d}\n\n", seq, seq);
        st->after = seq;
    } else if (st->chat_seen != st->sl->chat_changes) {
        st->npending = (size_t)snprintf(st->pending, sizeof st->pending,
                                        "event: chat\ndata: {}\n\n");
        st->chat_seen = st->sl->chat_changes;
    } else if (st->hints_seen != st->sl->hints_changes) {
        st->npending = (size_t)snprintf(st->pending, sizeof st->pending,
                                        "event: hints\ndata: {}\n\n");
        st->hints_seen = st->sl->hints_changes;
    } else if (st->presence_sent != st->sl->presence_changes) {
        st->npending = presence_event(st->sl, st->pending, sizeof st->pending);
        st->presence_sent = st->sl->presence_changes;
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

/* Lets go of the stream's hold on its game (freed when the table lets it go). */
static void let_go(lb_server *s, slot *sl)
{
    pthread_mutex_lock(&s->lock);
    slot *gone = table_release(&s->games, sl);
    pthread_mutex_unlock(&s->lock);
    slot_free(gone);
}

/* The response is done with: the connection closed, or the stream ended. */
static void stream_free(void *cls)
{
    stream *st = cls;
    lb_server *s = st->s;
    pthread_mutex_lock(&s->lock);
    unlink_waiting(st);
    presence_count(s, st, -1);
    pthread_mutex_unlock(&s->lock);
    let_go(s, st->sl);
    free(st);
}

struct MHD_Response *live_response(lb_server *s, slot *sl, int after, int role,
                                   struct MHD_Connection *c)
{
    stream *st = calloc(1, sizeof *st);
    if (!st) {
        let_go(s, sl);
        return NULL;
    }
    const union MHD_ConnectionInfo *fd = MHD_get_connection_info(c,
                                                                 MHD_CONNECTION_INFO_CONNECTION_FD);
    *st = (stream){.s = s, .sl = sl, .conn = c, .fd = fd ? fd->connect_fd : -1, .after = after,
                   .role = role, .presence_sent = -1};
    pthread_mutex_lock(&s->lock);
    st->chat_seen = sl->chat_changes;
    st->hints_seen = sl->hints_changes;
    presence_count(s, st, +1);
    pthread_mutex_unlock(&s->lock);
    st->npending = (size_t)snprintf(st->pending, sizeof st->pending, "retry: 2000\n\n");
    st->heartbeat_at = now_ms() + 1000LL * s->cfg.heartbeat_s;
    struct MHD_Response *resp = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, EVENT_MAX,
                                                                  stream_read, st, stream_free);
    if (!resp)
        stream_free(st);
    return resp;
}

/* Has the client closed the socket fd? A suspended stream never reads it, and writes go through
 * until the client's reset comes back: without this look, a gone client would hold its stream
 * (and the caps' room) for up to two heartbeats. */
static int peer_gone(int fd)
{
    char byte;
    ssize_t n = fd >= 0 ? recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT) : 1;
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

long long live_heartbeats(lb_server *s, long long now, slot **held, int cap, int *nheld)
{
    long long next = now + 1000LL * s->cfg.heartbeat_s;
    *nheld = 0;
    for (int i = 0; i < s->games.n; i++) {
        slot *sl = s->games.slots[i];
        for (stream *st = sl->waiting, *later; st; st = later) {
            later = st->next;
            st->gone = peer_gone(st->fd);
            if (st->heartbeat_at <= now || st->gone)
                resume(st);
            else if (st->heartbeat_at < next)
                next = st->heartbeat_at;
        }
        if (sl->waiting && *nheld < cap) {
            table_hold(&s->games, sl);
            held[(*nheld)++] = sl;
        }
    }
    return next;
}

void live_end_all(lb_server *s)
{
    s->stopping = 1;
    for (int i = 0; i < s->games.n; i++)
        while (s->games.slots[i]->waiting)
            resume(s->games.slots[i]->waiting);
    pthread_cond_broadcast(&s->changed);
}
