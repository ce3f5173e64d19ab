/* The server on sockets: libmicrohttpd on a pool of threads polling with epoll, connections counted and held to their caps and deadlines, bodies gathered within their limit, files sent from their descriptor, live updates as Server-Sent Events. */
#include <arpa/inet.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server_int.h"

#define CONNECTION_MEMORY (64 * 1024) /* request line and headers: well over LB_SERVER_URI_MAX */
#define IDLE_TIMEOUT_S 120 /* libmicrohttpd's own, behind the deadlines of conns.c (a stream sends
                           * its heartbeat within it) */
/* libmicrohttpd's threads: a request holds its thread while the store commits (a PostgreSQL
 * flush takes 2-10 ms), so more threads than cores; with one per core, two connections on one
 * thread halved PostgreSQL's decisions, and 4 per core cost reads 1-2 us of processor each */
#define THREADS_PER_CORE 4
/* Every answer's Content-Security-Policy (the page's, api.md): its own scripts, styles and
 * requests only, no inline script or style, no plug-in, no frame around it, no base or form
 * elsewhere; images from itself and data: (the page's icon) */
#define PAGE_POLICY                                                                             \
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "          \
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
#define STREAM_RETRY_S 15 /* a refused stream's Retry-After: a heartbeat's time */
#define SPARE_CONNECTIONS 64 /* past the caps of streams and requests: those being answered */

/* One request as it arrives: created when its request line is read (the raw target, query
 * included), its body gathered across the handler's calls. */
typedef struct request {
    char *target;
    char *accept_encoding;        /* the Accept-Encoding headers joined by ", ", or NULL */
    char *body;
    size_t len, cap, limit;
    int too_large;
    int started;
} request;

static void *on_uri(void *cls, const char *uri, struct MHD_Connection *c)
{
    (void)cls;
    (void)c;
    request *r = calloc(1, sizeof *r);
    if (r)
        r->target = strdup(uri);
    return r;
}

/* The connection's record in the server's connections (NULL when it could not be made). */
static conn *conn_of(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/* libmicrohttpd's notices of a connection's start and end. */
static void on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode toe)
{
    lb_server *s = cls;
    if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *fd =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        const union MHD_ConnectionInfo *addr =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        *socket_context = fd ? conns_open(&s->conns, fd->connect_fd, addr ? addr->client_addr
                                                                          : NULL)
                             : NULL;
    } else {
        conns_close(&s->conns, *socket_context);
        *socket_context = NULL;
    }
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                         enum MHD_RequestTerminationCode why)
{
    lb_server *s = cls;
    (void)why;
    conn *k = conn_of(c);
    if (k)
        conns_done(&s->conns, k);
    request *r = *con_cls;
    if (r) {
        free(r->target);
        free(r->accept_encoding);
        free(r->body);
        free(r);
    }
    *con_cls = NULL;
}

/* Adds one Accept-Encoding header to the request's list (a list may come in several headers,
 * RFC 9110 5.3). */
static enum MHD_Result add_accept_encoding(void *cls, enum MHD_ValueKind kind, const char *key,
                                           const char *value)
{
    (void)kind;
    request *r = cls;
    if (strcasecmp(key, MHD_HTTP_HEADER_ACCEPT_ENCODING) != 0 || !value)
        return MHD_YES;
    size_t had = r->accept_encoding ? strlen(r->accept_encoding) : 0, n = strlen(value);
    char *list = realloc(r->accept_encoding, had + n + 3);
    if (!list)
        return MHD_NO; /* out of memory: the headers read so far */
    if (had) {
        memcpy(list + had, ", ", 2);
        had += 2;
    }
    memcpy(list + had, value, n + 1);
    r->accept_encoding = list;
    return MHD_YES;
}

/* The libmicrohttpd response for rs (NULL when out of memory). */
static struct MHD_Response *response_of(lb_server *s, lb_http_response *rs,
                                        struct MHD_Connection *c)
{
    struct MHD_Response *resp = NULL;
    if (rs->events) {
        pthread_mutex_lock(&s->lock);
        slot *sl = table_find(&s->games, rs->events_game); /* held by rs: it is there */
        pthread_mutex_unlock(&s->lock);
        resp = live_response(s, sl, rs->events_after, rs->events_role, c);
        if (!resp)
            return NULL;
        MHD_add_response_header(resp, "Cache-Control", "no-cache");
        MHD_add_response_header(resp, "X-Accel-Buffering", "no");
    } else if (rs->file) {
        int fd = open(rs->file, O_RDONLY | O_CLOEXEC);
        struct stat sb;
        if (fd < 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
            if (fd >= 0)
                close(fd);
            lb_http_response_release(rs);
            reply_error(rs, 404, "not-found", NULL, "no such file");
            return response_of(s, rs, c);
        }
        resp = MHD_create_response_from_fd((uint64_t)sb.st_size, fd);
        if (!resp)
            close(fd);
        else
            MHD_add_response_header(resp, "Cache-Control", "no-cache");
    } else if (rs->body_free) {
        /* sent as it is (a kept view), let go of once sent */
        resp = MHD_create_response_from_buffer_with_free_callback_cls(rs->len, rs->body,
                                                                      rs->body_free,
                                                                      rs->body_owner);
        if (resp) {
            rs->body = NULL;
            rs->body_free = NULL;
            rs->body_owner = NULL;
            /* a page's file (its gzip) is asked again each time, its tag answering */
            MHD_add_response_header(resp, "Cache-Control", rs->etag[0] ? "no-cache" : "no-store");
        }
    } else {
        resp = MHD_create_response_from_buffer(rs->len, rs->body, MHD_RESPMEM_MUST_FREE);
        if (resp) {
            rs->body = NULL; /* the response owns it now */
            MHD_add_response_header(resp, "Cache-Control", "no-store");
        }
    }
    if (!resp)
        return NULL;
    if (rs->retry_after > 0) {
        char seconds[24];
        snprintf(seconds, sizeof seconds, "%d", rs->retry_after);
        MHD_add_response_header(resp, "Retry-After", seconds);
    }
    if (rs->type)
        MHD_add_response_header(resp, "Content-Type", rs->type);
    if (rs->etag[0])
        MHD_add_response_header(resp, "ETag", rs->etag);
    if (rs->encoding)
        MHD_add_response_header(resp, "Content-Encoding", rs->encoding);
    if (rs->vary)
        MHD_add_response_header(resp, "Vary", rs->vary);
    MHD_add_response_header(resp, "Content-Security-Policy", PAGE_POLICY);
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    /* the page's address holds its secret token: never send it on */
    MHD_add_response_header(resp, "Referrer-Policy", "no-referrer");
    if (rs->allow)
        MHD_add_response_header(resp, "Allow", rs->allow);
    return resp;
}

/* A stream the caps do not admit: its game let go, a 503 (the server's streams are all taken)
 * or a 429 (this address's are) with a heartbeat's time to wait instead. */
static void refuse_stream(lb_server *s, lb_http_response *rs, conn_refusal why)
{
    lb_server_release_game(s, rs->events_game);
    lb_http_response_release(rs);
    if (why == CONN_STREAMS_FULL)
        reply_limit(rs, 503, "busy", s, LB_LIMIT_STREAMS, NULL, "the server keeps as many live "
                    "updates streams as it may; try again");
    else
        reply_limit(rs, 429, "too-many-streams", s, LB_LIMIT_ADDRESS_STREAMS, NULL, "this "
                    "address has as many live updates streams open as one may");
    rs->retry_after = STREAM_RETRY_S;
}

static enum MHD_Result answer(lb_server *s, struct MHD_Connection *c, lb_http_response *rs)
{
    conn *k = conn_of(c);
    conn_refusal why = rs->events && k ? conns_stream(&s->conns, k) : CONN_ADMITTED;
    if (why != CONN_ADMITTED)
        refuse_stream(s, rs, why);
    struct MHD_Response *resp = response_of(s, rs, c);
    if (k && !rs->events)
        conns_sending(&s->conns, k, rs->len);
    enum MHD_Result ok = resp ? MHD_queue_response(c, (unsigned)rs->status, resp) : MHD_NO;
    if (resp)
        MHD_destroy_response(resp);
    lb_http_response_release(rs);
    return ok;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version,
                                  const char *upload_data, size_t *upload_data_size,
                                  void **con_cls)
{
    (void)url;
    (void)version;
    lb_server *s = cls;
    request *r = *con_cls;
    lb_http_response rs = {0};
    if (!r || !r->target)
        return MHD_NO;
    if (!r->started) {
        r->started = 1;
        r->limit = lb_server_body_limit(method, r->target);
        const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                         MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (length && strtoull(length, NULL, 10) > r->limit) {
            /* refused before the body is read; the connection closes after the answer */
            reply_error(&rs, 413, "too-large", NULL, "the body is over %zu bytes", r->limit);
            return answer(s, c, &rs);
        }
        return MHD_YES;
    }
    if (*upload_data_size) {
        size_t n = *upload_data_size;
        *upload_data_size = 0;
        conn *k = conn_of(c);
        if (k)
            conns_body(&s->conns, k, n);
        if (r->too_large || r->len + n > r->limit) {
            r->too_large = 1;
            return MHD_YES;
        }
        if (r->len + n + 1 > r->cap) {
            size_t cap = (r->len + n + 1) * 2;
            char *more = realloc(r->body, cap < r->limit + 1 ? cap : r->limit + 1);
            if (!more)
                return MHD_NO;
            r->body = more;
            r->cap = cap < r->limit + 1 ? cap : r->limit + 1;
        }
        memcpy(r->body + r->len, upload_data, n);
        r->len += n;
        return MHD_YES;
    }
    if (r->too_large) {
        reply_error(&rs, 413, "too-large", NULL, "the body is over %zu bytes", r->limit);
        return answer(s, c, &rs);
    }
    MHD_get_connection_values(c, MHD_HEADER_KIND, add_accept_encoding, r);
    conn *k = conn_of(c);
    if (k)
        conns_answering(&s->conns, k);
    lb_http_request rq = {
        .method = method,
        .target = r->target,
        .body = r->body,
        .body_len = r->len,
        .last_event_id = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Last-Event-ID"),
        .accept_encoding = r->accept_encoding,
        .if_none_match = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                     MHD_HTTP_HEADER_IF_NONE_MATCH),
        .client = k ? k->address : NULL,
    };
    lb_server_handle(s, &rq, &rs);
    return answer(s, c, &rs);
}

/* Room for n connections in the process's descriptors, its soft limit raised towards its hard
 * one when short (Debian's soft 1024 would otherwise refuse connections past it). */
static void enough_descriptors(unsigned n)
{
    struct rlimit r;
    rlim_t want = (rlim_t)n + SPARE_CONNECTIONS; /* the store, the listening socket, epoll, … */
    if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < want) {
        r.rlim_cur = r.rlim_max < want ? r.rlim_max : want;
        setrlimit(RLIMIT_NOFILE, &r);
    }
}

int lb_server_listen(lb_server *s, const char *host, int port, lb_err *err)
{
    struct sockaddr_in v4 = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    struct sockaddr_in6 v6 = {.sin6_family = AF_INET6, .sin6_port = htons((uint16_t)port)};
    const struct sockaddr *addr;
    /* a pool of threads each serving many connections from epoll; an idle stream is suspended
     * (live.c), never holding a thread */
    unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned threads = THREADS_PER_CORE * (cores > 1 ? (unsigned)cores : 1);
    if (inet_pton(AF_INET, host, &v4.sin_addr) == 1) {
        addr = (const struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, host, &v6.sin6_addr) == 1) {
        addr = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        return lb_err_set(err, LB_USAGE, "expected an IPv4 or IPv6 address to listen on, found "
                          "\"%s\"", host);
    }
    if (port < 0 || port > 65535)
        return lb_err_set(err, LB_USAGE, "expected a port from 0 to 65535, found %d", port);
    /* the caps of streams and of other connections, and room for those being answered; the
     * requests' cap is kept by conns.c, which cuts the slowest waiting connection past it */
    const long long *cap = s->limits.value;
    unsigned connections = (unsigned)(cap[LB_LIMIT_STREAMS] + cap[LB_LIMIT_REQUESTS]) +
                           SPARE_CONNECTIONS;
    enough_descriptors(connections);
    s->daemon = MHD_start_daemon(
        flags, (uint16_t)port, NULL, NULL, on_request, s, MHD_OPTION_SOCK_ADDR, addr,
        MHD_OPTION_URI_LOG_CALLBACK, on_uri, NULL, MHD_OPTION_NOTIFY_COMPLETED, on_completed, s,
        MHD_OPTION_NOTIFY_CONNECTION, on_connection, s,
        MHD_OPTION_CONNECTION_LIMIT, connections,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)cap[LB_LIMIT_ADDRESS_CONNECTIONS],
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)IDLE_TIMEOUT_S,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONNECTION_MEMORY,
        MHD_OPTION_THREAD_POOL_SIZE, threads, MHD_OPTION_END);
    if (s->daemon && ticker_start(s) != 0) {
        MHD_stop_daemon(s->daemon);
        s->daemon = NULL;
        return lb_err_set(err, LB_NOMEM, "cannot start the live updates' thread");
    }
    if (!s->daemon)
        return lb_err_set(err, LB_IO, "cannot listen on %s port %d (in use, or not an address "
                          "of this machine)", host, port);
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
    s->port = info ? info->port : port;
    return LB_OK;
}

int lb_server_port(const lb_server *s)
{
    return s->daemon ? s->port : 0;
}

void server_http_stop(lb_server *s)
{
    ticker_stop(s); /* libmicrohttpd stops with no connection suspended */
    if (s->daemon)
        MHD_stop_daemon(s->daemon);
    s->daemon = NULL;
}
