/* The web game's server: the HTTP JSON API of api.md and the page, over games kept in a store, callable with or without sockets. */
#ifndef LB_SERVER_H
#define LB_SERVER_H

#include <stddef.h>

#include "core.h"

/*
 * A server holds a store of games (SQLite or PostgreSQL, lb/store.h) with the secret links that
 * give each request its game and role and how each game is hosted, so that several server
 * processes on one PostgreSQL store answer every link alike; and the games in play (rebuilt
 * from their journals on demand). lb_server_handle answers one request without any socket: the
 * HTTP layer (lb_server_listen, libmicrohttpd), the fuzz target and the tests all go through it,
 * so every route, limit and error is the same code.
 *
 * Threads: lb_server_handle may be called from several threads at once; a game answers one
 * request at a time, the store one transaction at a time.
 *
 * Limits (api.md): a request line's target at most LB_SERVER_URI_MAX bytes, its query string at
 * most LB_SERVER_QUERY_MAX (414 beyond); a body at most LB_SERVER_BODY_MAX, or
 * LB_SERVER_SCENARIO_BODY_MAX for POST /api/games (413 beyond); and the limits, quotas and caps
 * of lb_server_limits, each with a name that `serve --limit NAME=N` sets.
 */

#define LB_SERVER_URI_MAX 4096
#define LB_SERVER_QUERY_MAX 2048
#define LB_SERVER_BODY_MAX (1u << 20)
#define LB_SERVER_SCENARIO_BODY_MAX (4u << 20)

typedef struct lb_server lb_server;

/* What the server takes from anyone (api.md, Limits): the scenarios it is sent (not the ones it
 * offers), the games and bytes each client address and all of them may add to the store, and
 * the connections it keeps. */
typedef enum lb_server_limit {
    LB_LIMIT_MAP_SIDE,            /* a posted scenario's map.columns and map.rows, each */
    LB_LIMIT_MAP_HEXES,           /* its columns x rows */
    LB_LIMIT_UNITS,               /* its units (leaders and reinforcements too) */
    LB_LIMIT_MOVEMENT,            /* a unit's movement points, and a leader's allowance */
    LB_LIMIT_OPTIONS,             /* a decision's options, every game's (R-WEB-6) */
    LB_LIMIT_VIEW_BYTES,          /* a posted game's first view */
    LB_LIMIT_SCENARIO_BYTES,      /* a posted scenario's text as kept */
    LB_LIMIT_JOURNAL,             /* an import's journal entries */
    LB_LIMIT_ADDRESS_GAMES,       /* new games of one client address, an hour */
    LB_LIMIT_ADDRESS_BYTES,       /* the scenario bytes they keep, an hour */
    LB_LIMIT_GAMES,               /* new games of all clients, an hour */
    LB_LIMIT_BYTES,               /* the scenario bytes they keep, an hour */
    LB_LIMIT_STREAMS,             /* live updates streams open at once */
    LB_LIMIT_ADDRESS_STREAMS,     /* of them from one client address */
    LB_LIMIT_REQUESTS,            /* other connections open at once (the slowest waiting one is
                                   * closed for a new one past this) */
    LB_LIMIT_ADDRESS_CONNECTIONS, /* connections of one client address, streams included */
    LB_LIMIT_REQUEST_SECONDS,     /* a request's line, headers and body in at most this long */
    LB_LIMIT_COUNT
} lb_server_limit;

typedef struct lb_server_limits {
    long long value[LB_LIMIT_COUNT];
} lb_server_limits;

/* The defaults (api.md). */
void lb_server_limits_default(lb_server_limits *l);
/* Sets limits from "NAME=N,NAME=N…" (names as api.md gives them: map-side, map-hexes, …): 0, or
 * -1 with why (n bytes) when a name is unknown or a value out of its range. */
int lb_server_limits_parse(lb_server_limits *l, const char *text, char *why, size_t n);
/* The name of a limit ("map-side"). */
const char *lb_server_limit_name(lb_server_limit k);

typedef struct lb_server_config {
    const char *db;                /* the store: an SQLite file or a postgresql:// address */
    const char *web_root;          /* the folder of the page's files (web/) */
    const char *scenario_file;     /* a scenario offered beside the demo, or NULL */
    int heartbeat_s;               /* live updates: a comment line when idle this long (0: 15) */
    const lb_server_limits *limits; /* NULL: the defaults */
    const char *webhook_hosts;     /* the hosts a side's webhook may call, comma-separated, or
                                    * "any"; NULL: the server sends no webhooks (R-WEB-16) */
} lb_server_config;

/* One request, as the HTTP layer read it. */
typedef struct lb_http_request {
    const char *method;            /* "GET", "POST", … */
    const char *target;            /* the request target as sent: path and query ("/api/…?a=1") */
    const char *body;              /* NULL when none */
    size_t body_len;
    const char *last_event_id;     /* the Last-Event-ID header, or NULL */
    const char *accept_encoding;   /* the Accept-Encoding header (several joined by ", "), or
                                    * NULL: the view and the page's text files are sent
                                    * gzip-compressed when it takes gzip */
    const char *if_none_match;     /* the If-None-Match header, or NULL: a page's file whose
                                    * entity tag it names is answered 304 */
    const char *client;            /* the client's address as the per-address quotas count it (an
                                    * IPv4 address, an IPv6 /64), or NULL without a socket */
} lb_http_request;

/* An answer: a body in memory, a file to send, or a stream of live updates. */
typedef struct lb_http_response {
    int status;
    const char *type;              /* Content-Type (a literal); NULL for a 304 */
    const char *encoding;          /* Content-Encoding of body (a literal: "gzip"), or NULL */
    const char *vary;              /* Vary (a literal), or NULL */
    char *body;                    /* malloc'd (unless body_free); NULL with file or events */
    size_t len;
    void (*body_free)(void *);     /* NULL: body is malloc'd; else body belongs to body_owner,
                                    * let go of with body_free(body_owner) once sent */
    void *body_owner;
    char *file;                    /* malloc'd path of a file to send whole, or NULL */
    char etag[48];                 /* a page's file: its entity tag (ETag), quoted; "" none */
    const char *allow;             /* 405: the methods the route takes */
    int retry_after;               /* seconds for a Retry-After header (429, 503), 0: none */
    int events;                    /* a Server-Sent Events stream of game events_game, which the
                                    * response holds until lb_server_release_game */
    long long events_game;
    int events_after;              /* the last seq the client has (-1: none) */
    int events_role;               /* the role of the link that opened the stream: a side's
                                    * streams make that side present (api.md, presence) */
} lb_http_response;

/* Opens the store at cfg->db (creating it) and its links. LB_OK, or an error with err. */
int lb_server_new(const lb_server_config *cfg, lb_server **out, lb_err *err);
/* Stops listening (when it does) and frees everything; NULL is fine. */
void lb_server_free(lb_server *s);

/* The store's file or address as its messages name it (a PostgreSQL address without its
 * password). */
const char *lb_server_store_where(const lb_server *s);

/* The id of the scenario the server was given (cfg->scenario_file), or "demo". */
const char *lb_server_first_scenario(const lb_server *s);

/* The largest body the request line "METHOD TARGET" may carry. */
size_t lb_server_body_limit(const char *method, const char *target);
/* Answers one request into *rs (released with lb_http_response_release). */
void lb_server_handle(lb_server *s, const lb_http_request *rq, lb_http_response *rs);
/* Frees what a response owns. */
void lb_http_response_release(lb_http_response *rs);

/* Lets go of a game held by an events response (the HTTP layer calls it when the stream ends). */
void lb_server_release_game(lb_server *s, long long game);

/* Listens on host (an IPv4 or IPv6 address) and port (0: any free one), answering on threads of
 * its own. LB_OK, or LB_IO with err. */
int lb_server_listen(lb_server *s, const char *host, int port, lb_err *err);
/* The port it listens on (0 when it does not). */
int lb_server_port(const lb_server *s);

#endif
