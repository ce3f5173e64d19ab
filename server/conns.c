/* The server's connections: what each is doing (waiting for its request, being answered, sending its answer, a live updates stream), the counts by kind and by client address, the deadlines of requests and answers, and the connections cut off for going past them. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "lb/core.h"
#include "server_int.h"

#define MIN_RATE 65536 /* bytes a second a body or an answer goes at, at least */

void conns_init(conns *cs, const long long *limits)
{
    *cs = (conns){.limits = limits};
    pthread_mutex_init(&cs->lock, NULL);
}

void conns_free(conns *cs)
{
    while (cs->head) {
        conn *c = cs->head;
        cs->head = c->next;
        free(c);
    }
    free(cs->streams_of);
    pthread_mutex_destroy(&cs->lock);
}

void conns_address(const struct sockaddr *sa, char *out, size_t n)
{
    char text[INET6_ADDRSTRLEN] = "?";
    if (sa && sa->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, text, sizeof text);
    } else if (sa && sa->sa_family == AF_INET6) {
        const struct in6_addr *a = &((const struct sockaddr_in6 *)sa)->sin6_addr;
        if (IN6_IS_ADDR_V4MAPPED(a)) {
            inet_ntop(AF_INET, a->s6_addr + 12, text, sizeof text);
        } else {
            /* one client may hold a whole /64: its addresses count as one */
            struct in6_addr prefix = *a;
            memset(prefix.s6_addr + 8, 0, 8);
            inet_ntop(AF_INET6, &prefix, text, sizeof text);
            snprintf(out, n, "%s/64", text);
            return;
        }
    }
    snprintf(out, n, "%s", text);
}

/* The index of c's address in the streams' counts (made at 0 when new); -1 when out of memory. */
static int address_of(conns *cs, const conn *c)
{
    for (int i = 0; i < cs->naddresses; i++)
        if (strcmp(cs->streams_of[i].address, c->address) == 0)
            return i;
    address_count *grown = lb_grow(cs->streams_of, &cs->cap, cs->naddresses + 1, sizeof *grown);
    if (!grown)
        return -1;
    cs->streams_of = grown;
    address_count *a = &cs->streams_of[cs->naddresses];
    snprintf(a->address, sizeof a->address, "%s", c->address);
    a->streams = 0;
    return cs->naddresses++;
}

/* The count at i goes when it is 0: only addresses with streams are counted. */
static void drop_if_none(conns *cs, int i)
{
    if (cs->streams_of[i].streams == 0)
        cs->streams_of[i] = cs->streams_of[--cs->naddresses];
}

/* One stream fewer, of c's address. */
static void stream_ends(conns *cs, const conn *c)
{
    int i = address_of(cs, c); /* there: it counts c's stream */
    if (i >= 0) {
        cs->streams_of[i].streams--;
        drop_if_none(cs, i);
    }
    cs->streams--;
}

/* Closes c's socket for both ways: libmicrohttpd finds it closed and lets the connection go
 * (under cs->lock, before its CLOSED notice, so that the descriptor is still c's). */
static void cut(conn *c)
{
    if (c->cut)
        return;
    c->cut = 1;
    shutdown(c->fd, SHUT_RDWR);
}

/* c waits for a request from now: it must be in within request-seconds. */
static void waits(conns *cs, conn *c, long long now)
{
    c->state = CONN_WAITING;
    c->since_ms = now;
    c->body = 0;
    c->deadline_ms = now + 1000 * cs->limits[LB_LIMIT_REQUEST_SECONDS];
}

conn *conns_open(conns *cs, int fd, const struct sockaddr *sa)
{
    conn *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->fd = fd;
    conns_address(sa, c->address, sizeof c->address);
    pthread_mutex_lock(&cs->lock);
    waits(cs, c, now_ms());
    c->next = cs->head;
    if (cs->head)
        cs->head->prev = c;
    cs->head = c;
    if (++cs->ordinary > cs->limits[LB_LIMIT_REQUESTS]) {
        /* too many: the connection that has waited longest for its request goes; of two that
         * began waiting in the same millisecond, the one opened first (the list runs from the
         * newest) */
        conn *oldest = NULL;
        for (conn *o = cs->head; o; o = o->next)
            if (o->state == CONN_WAITING && !o->cut && (!oldest || o->since_ms <= oldest->since_ms))
                oldest = o;
        if (oldest)
            cut(oldest);
    }
    pthread_mutex_unlock(&cs->lock);
    return c;
}

void conns_close(conns *cs, conn *c)
{
    if (!c)
        return;
    pthread_mutex_lock(&cs->lock);
    if (c->state == CONN_STREAM)
        stream_ends(cs, c);
    else
        cs->ordinary--;
    if (c->prev)
        c->prev->next = c->next;
    else
        cs->head = c->next;
    if (c->next)
        c->next->prev = c->prev;
    pthread_mutex_unlock(&cs->lock);
    free(c);
}

void conns_body(conns *cs, conn *c, size_t n)
{
    pthread_mutex_lock(&cs->lock);
    c->body += n;
    c->deadline_ms = c->since_ms + 1000 * cs->limits[LB_LIMIT_REQUEST_SECONDS] +
                     (long long)(c->body / MIN_RATE) * 1000;
    pthread_mutex_unlock(&cs->lock);
}

void conns_answering(conns *cs, conn *c)
{
    pthread_mutex_lock(&cs->lock);
    c->state = CONN_ANSWERING;
    c->deadline_ms = 0;
    pthread_mutex_unlock(&cs->lock);
}

void conns_sending(conns *cs, conn *c, size_t len)
{
    pthread_mutex_lock(&cs->lock);
    long long now = now_ms();
    c->state = CONN_SENDING;
    c->since_ms = now;
    c->deadline_ms = now + 1000 * cs->limits[LB_LIMIT_REQUEST_SECONDS] +
                     (long long)(len / MIN_RATE) * 1000;
    pthread_mutex_unlock(&cs->lock);
}

conn_refusal conns_stream(conns *cs, conn *c)
{
    conn_refusal why = CONN_ADMITTED;
    pthread_mutex_lock(&cs->lock);
    int i = address_of(cs, c);
    if (cs->streams >= cs->limits[LB_LIMIT_STREAMS])
        why = CONN_STREAMS_FULL;
    else if (i < 0 || cs->streams_of[i].streams >= cs->limits[LB_LIMIT_ADDRESS_STREAMS])
        why = CONN_ADDRESS_STREAMS_FULL;
    if (why == CONN_ADMITTED) {
        cs->streams_of[i].streams++;
        cs->streams++;
        cs->ordinary--;
        c->state = CONN_STREAM;
        c->deadline_ms = 0;
    } else if (i >= 0) {
        drop_if_none(cs, i);
    }
    pthread_mutex_unlock(&cs->lock);
    return why;
}

void conns_done(conns *cs, conn *c)
{
    pthread_mutex_lock(&cs->lock);
    if (c->state == CONN_STREAM) {
        stream_ends(cs, c);
        cs->ordinary++;
    }
    waits(cs, c, now_ms());
    pthread_mutex_unlock(&cs->lock);
}

long long conns_sweep(conns *cs, long long now)
{
    long long next = 0;
    pthread_mutex_lock(&cs->lock);
    for (conn *c = cs->head; c; c = c->next) {
        if (c->cut || !c->deadline_ms || (c->state != CONN_WAITING && c->state != CONN_SENDING))
            continue;
        if (c->deadline_ms <= now)
            cut(c);
        else if (!next || c->deadline_ms < next)
            next = c->deadline_ms;
    }
    pthread_mutex_unlock(&cs->lock);
    return next;
}
