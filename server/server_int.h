/* The server's insides (private): games in play, links, the route handlers and the replies they share. */
#ifndef LB_SERVER_INT_H
#define LB_SERVER_INT_H

#include <jansson.h>
#include <pthread.h>
#include <stdatomic.h>

#include "lb/core.h"
#include "lb/game.h"
#include "lb/state.h"
#include "lb/server.h"
#include "lb/store.h"

#define TOKEN_BYTES 24            /* 192 random bits */
#define TOKEN_CHARS 32            /* base64url, no padding */
#define DIGEST_BYTES 32           /* SHA-256 */
#define SLOTS_KEPT 64             /* games kept in memory while nobody holds them (the least
                                   * recently used go first) */
#define OFFERS_MAX 8              /* the demo, the bundled scenarios and serve's FILE */
#define AI_DECISIONS_MAX 4000     /* the server's player's decisions after one answer */
#define COMPUTER_BUDGET_MS 1000   /* the computer player's budget per decision (its full level) */
#define ROLE_SLOTS 4              /* cached views: side 0, side 1, both, spectator */
#define SEEN_RELOAD_MS 1000       /* after the store held no journal as long as a client said, the
                                   * game is not read again for a longer one this long */

/* ---- shared.c: bytes several answers send at once ------------------------------------------ */

typedef struct shared_bytes {
    atomic_int refs;
    size_t len;
    char data[];                  /* len bytes, then a NUL */
} shared_bytes;

/* Room for len bytes (and a NUL after them), held once; NULL when out of memory. */
shared_bytes *shared_new(size_t len);
/* A copy of len bytes, held once; NULL when out of memory. */
shared_bytes *shared_copy(const char *bytes, size_t len);
/* b held once more. */
shared_bytes *shared_hold(shared_bytes *b);
/* Lets go of a shared_bytes (freed with its last holder); NULL is fine. The signature of
 * lb_http_response's body_free. */
void shared_release(void *bytes);

/* A view kept for one role at one journal length: its JSON text and, once a client taking gzip
 * has asked, that text gzip-compressed (NULL until then); answers hold them while they send. */
typedef struct cached_view {
    shared_bytes *text;
    shared_bytes *gzip;
    int seq;
} cached_view;

typedef struct stream stream; /* live.c: a live updates stream */
typedef struct webhooks webhooks; /* webhooks.c: the webhooks' sender */

/* A game in play. Fields under the server's lock: refs, used, seq, id, waiting (slot_table.c
 * changes refs and used). The rest under lock. */
typedef struct slot {
    long long id;
    int refs;                     /* requests and streams using it */
    unsigned long long used;      /* the server's tick when last used */
    int seq;                      /* the journal's length, for streams */
    stream *waiting;              /* its streams with nothing to send (suspended) */
    int present[2];               /* live.c: the streams open by each side's link */
    int presence_changes;         /* live.c: counts the times a side came or went */
    int chat_changes;             /* chat.c: counts the messages said through this server */
    int hints_changes;            /* routes_hints.c: counts the times a side allowed hints or not */
    pthread_mutex_t lock;
    lb_game *g;
    int two_players;              /* else hot-seat */
    int ai;                       /* the side the server's player plays, -1 */
    int level;                    /* that player: -1 the random player, else the computer's
                                   * lb_ai_level (R-WEB-5) */
    lb_pcg32 ai_rng;
    char *map;                    /* the map as JSON (it never changes) */
    cached_view views[ROLE_SLOTS];
    int unsaved;                  /* g may hold an answer the store refused (it could not be
                                   * reloaded then): reloaded before the game is used again */
    json_t *traces;               /* traces.c: the answers' traces since the game was loaded */
    long long no_reload_until_ms; /* now_ms() before which a longer journal a client names is not
                                   * looked for in the store (the last look found none) */
    long long rematch;            /* its rematch's game (R-WEB-8), 0: none yet */
    char clock_mark[64];          /* the Movement segment the clock runs for ("" none) */
    int told;                     /* routes_webhook.c: the side whose webhook was last told its
                                   * turn (-1 none; LB_ROLE_SPECTATOR once the end is told) */
    long long clock_started_ms;
    long long clock_paused_ms;    /* R-OCH-11: time the clock stood while the other side
                                   * answered, in this segment */
    long long clock_pause_from;   /* when the standing now began, 0: the clock runs */
} slot;

/* ---- files.c: the page's files --------------------------------------------------------------- */

#define PAGE_FILES_MAX 32         /* the page's text files kept gzip-compressed */
#define PAGE_NAME_MAX 64

/* A text file of the page gzip-compressed, kept while the file keeps its entity tag. */
typedef struct page_file {
    char name[PAGE_NAME_MAX];
    char etag[48];                /* the file's (identity) tag when it was compressed */
    shared_bytes *gzip;
} page_file;

/* The page's files kept gzip-compressed, under their own lock. */
typedef struct page_files {
    pthread_mutex_t lock;
    page_file files[PAGE_FILES_MAX];
    int n;
} page_files;

void page_files_init(page_files *f);
void page_files_release(page_files *f);
/* A file of the page's folder by its plain name: 404 unless it is one; else its entity tag
 * (rs->etag), a 304 when the request's If-None-Match names it, or the file, gzip-compressed (kept
 * in s's page files) when it is text and the request takes gzip. */
void reply_file(lb_http_response *rs, lb_server *s, const lb_http_request *rq, const char *name);

/* ---- slot_table.c: the games in memory ------------------------------------------------------- */

/* The games in play (under the server's lock): any number while requests and streams hold them,
 * at most `keep` once they are let go (the least recently used go first). */
typedef struct slot_table {
    slot **slots;
    int n, cap;
    int keep;
    unsigned long long tick;      /* counts uses: a game's `used` is the tick of its last */
} slot_table;

/* The game id in the table, or NULL. */
slot *table_find(const slot_table *t, long long id);
/* sl held once more, and marked used now. */
void table_hold(slot_table *t, slot *sl);
/* sl into the table, held once and marked used: LB_OK, or LB_NOMEM (the table unchanged). *gone
 * is the game it let go to make room (the least recently used nobody holds), or NULL; the caller
 * frees it. */
int table_insert(slot_table *t, slot *sl, slot **gone);
/* Lets go of one hold of sl: the game the table let go now that it may (sl or another nobody
 * holds), or NULL; the caller frees it. */
slot *table_release(slot_table *t, slot *sl);
/* Frees the table itself (its games are the caller's). */
void table_free(slot_table *t);

/* ---- conns.c: the connections --------------------------------------------------------------- */

struct sockaddr;

typedef enum conn_state {
    CONN_WAITING,                 /* for its request: line, headers, body */
    CONN_ANSWERING,               /* the request is being answered */
    CONN_SENDING,                 /* its answer is being sent */
    CONN_STREAM                   /* a live updates stream */
} conn_state;

/* A connection, known from libmicrohttpd's notice of its start to that of its end. */
typedef struct conn {
    int fd;
    char address[48];             /* the client's, as the per-address caps count it */
    conn_state state;
    long long since_ms;           /* when it entered its state */
    long long deadline_ms;        /* waiting or sending: cut off then */
    size_t body;                  /* bytes of the request's body so far */
    int cut;                      /* its socket was shut down */
    struct conn *prev, *next;
} conn;

typedef struct address_count {
    char address[48];
    int streams;
} address_count;

typedef struct conns {
    pthread_mutex_t lock;
    const long long *limits;      /* the server's (lb_server_limits' values) */
    conn *head;
    int ordinary, streams;        /* connections that are not streams, and streams */
    address_count *streams_of;    /* the addresses with streams, and how many */
    int naddresses, cap;
} conns;

typedef enum conn_refusal {
    CONN_ADMITTED,
    CONN_STREAMS_FULL,            /* as many streams as the server keeps */
    CONN_ADDRESS_STREAMS_FULL     /* as many as one address may have */
} conn_refusal;

void conns_init(conns *cs, const long long *limits);
/* Frees what is left (the server has stopped). */
void conns_free(conns *cs);
/* The address of sa as the per-address caps and quotas count it: an IPv4 address (an IPv6 one
 * mapping one too), or an IPv6 /64 ("2001:db8:1:2::/64"). */
void conns_address(const struct sockaddr *sa, char *out, size_t n);
/* A new connection on socket fd from sa, waiting for its request; NULL when out of memory. Past
 * the `requests` cap the one that has waited longest for its request is cut off. */
conn *conns_open(conns *cs, int fd, const struct sockaddr *sa);
/* The connection is gone (libmicrohttpd's notice, before it closes the socket); NULL is fine. */
void conns_close(conns *cs, conn *c);
/* n more bytes of the request's body: its deadline moves on by a second for each 64 KiB. */
void conns_body(conns *cs, conn *c, size_t n);
/* The request is in: it is answered with no deadline. */
void conns_answering(conns *cs, conn *c);
/* An answer of len bytes is being sent: it must be out within request-seconds, plus a second for
 * each 64 KiB. */
void conns_sending(conns *cs, conn *c, size_t len);
/* The answer is to be a live updates stream: admitted within the caps (the connection then
 * counts as a stream, with no deadline), or why not. */
conn_refusal conns_stream(conns *cs, conn *c);
/* The request is done with (its answer sent, or its stream ended): the connection waits for the
 * next one. */
void conns_done(conns *cs, conn *c);
/* Cuts off the waiting and sending connections past their deadlines at now; returns the next
 * deadline (0: none). */
long long conns_sweep(conns *cs, long long now);

/* ---- quota.c: the quotas of new games ------------------------------------------------------ */

/* The games made and the scenario bytes they keep, as leaky buckets emptying at the hourly
 * quota's rate: a new game fits while a bucket has room for it. */
typedef struct quota_buckets {
    char address[48];             /* a client address ("" for all clients) */
    double games, bytes;          /* how full, when last seen */
    long long seen_ms;
} quota_buckets;

typedef struct quota {
    quota_buckets all;
    quota_buckets *by_address;    /* only the addresses whose buckets are not empty */
    int n, cap;
} quota;

typedef struct quota_refusal {
    lb_server_limit limit;        /* the quota a new game would go past */
    int retry_after_s;            /* when it would fit */
} quota_refusal;

/* A new game keeping bytes counted in the quotas of address (NULL: no address, the quotas of all
 * clients only) and of all clients, under limits (lb_server_limits' values), when it fits: 1, or
 * 0 with why (nothing counted). */
int quota_take(quota *q, const char *address, size_t bytes, const long long *limits,
               quota_refusal *why);
/* Takes back what quota_take counted, for a game that was not made after all. */
void quota_give_back(quota *q, const char *address, size_t bytes, const long long *limits);
void quota_free(quota *q);

/* A scenario offered by /api/scenarios. */
typedef struct offer {
    char id[64];
    char *name;                   /* for messages */
    char *text;
    size_t len;
} offer;

struct lb_server {
    lb_server_config cfg;
    lb_server_limits limits;
    char *web_root;
    page_files files;             /* files.c: the page's text files, gzip-compressed */
    lb_load_opts opts;
    offer offers[OFFERS_MAX];
    int noffers;
    int opened;                   /* the offer serve opens its first game of: FILE, else the demo */
    lb_store *store;
    pthread_mutex_t store_lock;
    struct links *links;
    pthread_mutex_t lock;         /* slots, ticks, the streams' waits */
    pthread_cond_t changed;       /* the ticker's: changes grew, or the server stops */
    unsigned long long changes;   /* a game changed or a stream began to wait */
    pthread_t ticker;             /* live.c: heartbeats and the watched games' clocks */
    int ticking;
    slot_table games;
    quota quota;                  /* under lock */
    conns conns;                  /* the connections while it listens (their own lock) */
    int stopping;
    webhooks *webhooks;           /* webhooks.c: NULL when the server sends none */
    struct MHD_Daemon *daemon;
    int port;
};

/* ---- slot.c: a game in play ------------------------------------------------------------------ */

/* Game id in play: g (taken) with its hosting, or NULL when out of memory (g not taken). A new
 * game is made with id 0 until the store gives it its number. */
slot *slot_new(long long id, lb_game *g, int two_players, int ai, int level);
/* The game's number is id: the server's player's dice follow it (R-WEB-3), its views name it. */
void slot_set_id(slot *sl, long long id);
/* Frees a game in play; NULL is fine. */
void slot_free(slot *sl);
/* Lets go of a kept view (its text and gzip). */
void slot_forget_view(cached_view *cv);
/* Lets go of every kept view: the game changed. */
void slot_forget_views(slot *sl);

/* ---- games.c: games in play ------------------------------------------------------------------ */


/* Game id held (refs + 1) and loaded from the store when it is not in memory: LB_OK,
 * LB_NOT_FOUND, or another error with err. */
int slot_get(lb_server *s, long long id, slot **out, lb_err *err);
/* Lets go of a slot from slot_get. */
void slot_put(lb_server *s, slot *sl);
/* A new game in play (made by slot_new, taken) saved in the store with its rows and given its
 * number: LB_OK, held (slot_put it), or an error (not held: the caller lets go of sl). */
int slot_add(lb_server *s, slot *sl, lb_err *err);
/* After an answer changed sl->g (under sl->lock): saves the rows from seq_before, drops the
 * cached views and wakes the streams; then the server's player answers its side's decisions,
 * each saved and sent to the streams like a person's (the computer lets go of sl->lock between
 * two of its decisions, so that the streams send each one). LB_OK, or an error (the game is then
 * rebuilt from the store: nothing that was not saved stays). */
int slot_changed(lb_server *s, slot *sl, int seq_before, lb_err *err);
/* The game as the store has it (under sl->lock) when sl->unsaved, or when a client has seen a
 * journal longer than the one in memory (seen: another server sharing the store moved the game
 * on; -1 when the request names none); when the store had no such journal, not again for that
 * for SEEN_RELOAD_MS (a client naming any length cannot make the server read the game again and
 * again): LB_OK, or the store's error (the game must not be used). */
int slot_saved(lb_server *s, slot *sl, int seen, lb_err *err);
/* ---- links.c: secret links ------------------------------------------------------------------ */

struct links;
/* The links and hosting kept in the server's store, used under store_lock. */
int links_open(lb_store *store, pthread_mutex_t *store_lock, struct links **out, lb_err *err);
void links_close(struct links *l);
/* A new random token for (game, role), stored hashed; token gets TOKEN_CHARS + 1 bytes. */
int links_make(struct links *l, long long game, int role, char *token, lb_err *err);
/* The game and role of a token: LB_OK, LB_NOT_FOUND (not a token, or no such link), or the
 * store's error (LB_IO: it cannot be reached). */
int links_find(struct links *l, const char *token, long long *game, int *role);
/* The server's settings of a game that are not the engine's: two players, the side the server
 * plays and its player (level: -1 the random player, else the computer's level). */
int links_set_game(struct links *l, long long game, int two_players, int ai, int level,
                   lb_err *err);
int links_get_game(struct links *l, long long game, int *two_players, int *ai, int *level);
/* A finished game's rematch (R-WEB-8): the game that plays it again with the sides swapped (0:
 * none yet) and the roles of this game whose players took their link to it (bit 0 and 1 the
 * sides, bit 2 the one seat of a hot-seat game), kept in its hosting. */
int links_get_rematch(struct links *l, long long game, long long *rematch, unsigned *taken);
int links_set_rematch(struct links *l, long long game, long long rematch, unsigned taken,
                      lb_err *err);
/* A side's webhook (R-WEB-16), kept in the game's hosting: *url malloc'd, NULL when the side
 * gave none; LB_OK or the store's error. */
int links_get_webhook(struct links *l, long long game, int side, char **url);
/* Sets (url) or forgets (NULL) a side's webhook: LB_OK or the store's error. */
int links_set_webhook(struct links *l, long long game, int side, const char *url, lb_err *err);
/* R-WEB-19: whether each side allows hints in a game between two people (allow[side] 1 or 0;
 * none said: 0), kept in the game's hosting; LB_OK or the store's error. */
int links_get_hints(struct links *l, long long game, int allow[2]);
/* Side's allowing (1) or not (0); LB_ROLE_BOTH sets both (a hot-seat game's one seat). */
int links_set_hints(struct links *l, long long game, int side, int allow, lb_err *err);
/* R-GAME-24: a hint side asked at the journal's length seq, kept in the game's hosting. */
int links_note_hint(struct links *l, long long game, int side, int seq, lb_err *err);
/* The hints asked, [{"side","seq"}] in the order asked (new reference; [] when none or the
 * store fails). */
json_t *links_hints_asked(struct links *l, long long game);

/* ---- webhooks.c: webhooks (R-WEB-16) ------------------------------------------------------- */

#define WEBHOOKS_QUEUED 64        /* POSTs waiting to be sent; past it the oldest is dropped */
#define WEBHOOK_SECONDS 5         /* one POST's time, connection included */
#define WEBHOOK_URL_MAX 512
#define WEBHOOK_URL_MAX_TEXT "512"

/* The webhooks' sender, for the hosts an address may name (comma-separated, or "any"); hosts
 * NULL: the server sends none (*out NULL). LB_OK, LB_USAGE for an empty list, or LB_NOMEM. */
int webhooks_start(const char *hosts, webhooks **out, lb_err *err);
/* Why url may not be a webhook's address on this server, or NULL when it may: http or https,
 * at most WEBHOOK_URL_MAX printable ASCII bytes, a host it allows. */
const char *webhooks_check(const webhooks *w, const char *url);
/* A POST of body (JSON) to url, queued: sent by the sender thread, never waited for. */
void webhooks_send(webhooks *w, const char *url, const char *body);
/* Stops the sender (the POSTs still queued are dropped) and frees w; NULL is fine. */
void webhooks_stop(webhooks *w);

/* ---- routes_webhook.c: a side's webhook ---------------------------------------------------- */

/* Tells the webhooks of sl's sides what changed since the last time (under sl->lock): the
 * decision passed to a side of a two-players game (its webhook gets "your-turn"), or the game
 * ended (both get "finished"). */
void webhook_tell(lb_server *s, slot *sl);

/* ---- reply.c: answers ----------------------------------------------------------------------- */

/* A JSON answer (steals j). */
void reply_json(lb_http_response *rs, int status, json_t *j);
/* A JSON answer from text (malloc'd, stolen). */
void reply_text(lb_http_response *rs, int status, char *text);
/* A JSON answer of len bytes (malloc'd, stolen; NULL: out of memory), in the content coding
 * encoding ("gzip", or NULL for none). */
void reply_bytes(lb_http_response *rs, int status, char *body, size_t len, const char *encoding);
/* A JSON answer of shared bytes (the hold stolen; NULL: out of memory), in the content coding
 * encoding. */
void reply_shared(lb_http_response *rs, int status, shared_bytes *body, const char *encoding);
/* The error shape of api.md, {"error": {"status","code","message","path"?}} (a new reference);
 * path may be NULL. */
json_t *error_object(int status, const char *code, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* An answer of that shape. */
void reply_error(lb_http_response *rs, int status, const char *code, const char *path,
                 const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* An error of that shape for a limit k of the server that a request goes past, with
 * "limit": {"name", "max"} beside the message. */
void reply_limit(lb_http_response *rs, int status, const char *code, const lb_server *s,
                 lb_server_limit k, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));
/* A failure of the store (or of the server) for what it was doing: LB_IO, the store down, read
 * only or full, a 503 "store-unavailable" (the request may be sent again); else a 500. */
void reply_store_fault(lb_http_response *rs, int rc, const char *what);


/* ---- body.c: request bodies ---------------------------------------------------------------- */

/* The request's body as a JSON object with no member outside the NULL-terminated list; NULL
 * with a 400 answered otherwise. */
json_t *body_object(const lb_http_request *rq, const char *const *members, lb_http_response *rs);

/* ---- served.c: what a posted scenario or import may be --------------------------------------- */

/* The scenario object sc, posted at base ("/scenario", "/import/scenario") and kept as `kept`
 * bytes, within the server's limits: 0, or -1 with the 422 (413 for its size) answered. Values
 * of the wrong type are left to the loader. */
int served_scenario(const lb_server *s, const json_t *sc, const char *base, size_t kept,
                    lb_http_response *rs);
/* An import (its scenario and its journal) within the limits: 0, or -1 with the error
 * answered. */
int served_import(const lb_server *s, const json_t *import, lb_http_response *rs);

/* ---- query.c: query strings ----------------------------------------------------------------- */

#define QUERY_PARAMS_MAX 16
typedef struct query {
    char *buf;                    /* the decoded copy the names and values point into */
    const char *name[QUERY_PARAMS_MAX];
    const char *value[QUERY_PARAMS_MAX];
    int n;
} query;

/* Parses a raw query string (NULL: empty): 0, or -1 when malformed (a bad %-escape, a NUL, too
 * many parameters, or a name given twice). */
int query_parse(const char *raw, query *q);
/* The value of name, or NULL. */
const char *query_get(const query *q, const char *name);
/* The first parameter not in the NULL-terminated list, or NULL. */
const char *query_unknown(const query *q, const char *const *known);
void query_release(query *q);

/* ---- routes --------------------------------------------------------------------------------- */

/* A request on a game: its slot (held and locked) and the role of its link. */
typedef struct game_request {
    lb_server *s;
    slot *sl;
    int role;
    const lb_http_request *rq;
    const query *q;
} game_request;

void route_scenarios(lb_server *s, lb_http_response *rs);
/* GET /api/scenarios/ID: the text of a scenario offered (the editor starts from it). */
void route_scenario_text(lb_server *s, const char *id, lb_http_response *rs);
void route_create(lb_server *s, const lb_http_request *rq, lb_http_response *rs);
/* POST /api/scenario/check (R-WEB-12): the body, a scenario's text, checked. */
void route_check(lb_server *s, const lb_http_request *rq, lb_http_response *rs);
/* GET /api/charts: each game module's terrain types, hexside features, nations and classes. */
void route_charts(lb_server *s, lb_http_response *rs);
void route_rematch(game_request *r, lb_http_response *rs);
void route_chat(game_request *r, lb_http_response *rs);
void route_webhook(game_request *r, lb_http_response *rs);
void route_set_webhook(game_request *r, lb_http_response *rs);
/* routes_hints.c: R-WEB-19, each side's allowing of hints between two people */
void route_hints(game_request *r, lb_http_response *rs);
void route_set_hints(game_request *r, lb_http_response *rs);
/* May the role of r be given a hint: against the server's player, or between two people when
 * both allow it (R-GAME-23, R-WEB-19)? 1; else 0 with the 403 answered. */
int hints_open(game_request *r, lb_http_response *rs);
void route_say(game_request *r, lb_http_response *rs);
void route_view(game_request *r, lb_http_response *rs);
void route_decide(game_request *r, lb_http_response *rs);
void route_undo(game_request *r, lb_http_response *rs);
void route_concede(game_request *r, lb_http_response *rs);
void route_never_ask(game_request *r, lb_http_response *rs);
void route_hint(game_request *r, lb_http_response *rs);
void route_journal(game_request *r, lb_http_response *rs);
void route_export(game_request *r, lb_http_response *rs);
void route_events(game_request *r, lb_http_response *rs);
void route_traces(game_request *r, lb_http_response *rs);
/* GET …/preview/KIND */
void route_preview(game_request *r, const char *kind, lb_http_response *rs);

/* ---- view.c: the view of a role -------------------------------------------------------------- */

/* The view of role (api.md) as JSON text (malloc'd), or NULL when out of memory. */
char *view_text(slot *sl, int role);
/* The view of role as an answer's body (held for the caller): gzip-compressed when gzip (made
 * once per kept view), else the text; NULL when out of memory. */
shared_bytes *view_body(slot *sl, int role, int gzip);

/* ---- gzip.c: the gzip content coding -------------------------------------------------------- */

/* Does a request with this Accept-Encoding header (NULL: none) take gzip? Its weights as RFC 9110
 * 12.5.3 says: gzip (or x-gzip) named with q > 0, or not named and "*" with q > 0; q=0 refuses,
 * and a malformed member refuses what it names. */
int accepts_gzip(const char *accept_encoding);
/* The gzip of len bytes of text at zlib's level (1 fastest … 9 smallest; Z_DEFAULT_COMPRESSION)
 * (malloc'd, *out_len bytes), or NULL when out of memory. */
char *gzip_bytes(const char *text, size_t len, int level, size_t *out_len);

/* ---- roles.c -------------------------------------------------------------------------------- */

/* The role's name in answers: a side, "both" or "spectator". */
const char *role_name(const lb_game *g, int role);

/* ---- traces.c: the rulings of each answer --------------------------------------------------- */

/* Keeps the trace of the answer just accepted: what (a key, "undo", "concede") by whom ("player",
 * "random", "clock") for role. */
void traces_record(slot *sl, int role, const char *what, const char *by);
/* The traces of the answers that left the journal longer than from (a new array). */
json_t *traces_since(const slot *sl, int from);
/* The records of the answers after journal length `after` written to the store (a failure is
 * said on stderr: the rulings of that answer are then missed by a server started again). */
void traces_save(lb_server *s, slot *sl, int after);
/* The last records the store keeps for the game become its traces (kept as they were when the
 * store cannot give them). */
void traces_load(lb_server *s, slot *sl);

/* ---- map_json.c ----------------------------------------------------------------------------- */

/* The map for the page: hexes with their centres, terrain, elevation and roads, hexside
 * features with their ends. */
json_t *map_json(const lb_state *st);

/* ---- now.c ---------------------------------------------------------------------------------- */

/* Milliseconds of a monotonic clock. */
long long now_ms(void);

/* ---- clock.c: timed movement (17) ----------------------------------------------------------- */

/* Notes the segment now and, when the phasing side's movement time is up, ends its Movement
 * segment (R-WEB-2). Under sl->lock; returns what slot_changed returns (LB_OK when nothing). */
int clock_run(lb_server *s, slot *sl);
/* The clock of the Movement segment now: {"limit_s","left_ms"}, or NULL when untimed. */
json_t *clock_json(slot *sl);
/* Milliseconds until the clock runs out (-1: no clock running). */
long long clock_left_ms(slot *sl);

/* ---- http.c: libmicrohttpd ------------------------------------------------------------------ */

/* Ends the streams, stops listening and waits for the server's threads (nothing when not
 * listening). */
void server_http_stop(lb_server *s);

/* ---- live.c: live updates ------------------------------------------------------------------- */

struct MHD_Connection;
struct MHD_Response;
/* The stream of an events response on connection c for game sl (held by the response, let go
 * when the stream ends), from the seq after; NULL when out of memory (sl let go then). */
struct MHD_Response *live_response(lb_server *s, slot *sl, int after, int role,
                                   struct MHD_Connection *c);
/* sl's journal grew: its waiting streams resumed, the ticker told (under the server's lock). */
void live_wake(lb_server *s, slot *sl);
/* Resumes the streams whose heartbeat is due at now or whose client has closed them (they end),
 * and holds the games streams wait on (each held once more, into held: at most cap of them);
 * returns when the next heartbeat is due (under the server's lock). */
long long live_heartbeats(lb_server *s, long long now, slot **held, int cap, int *nheld);
/* The server stops: every waiting stream resumed to end (under the server's lock). */
void live_end_all(lb_server *s);

/* ---- ticker.c: heartbeats and the watched games' clocks -------------------------------------- */

/* Starts the ticker: 0, or -1 when no thread can be made. */
int ticker_start(lb_server *s);
/* Ends every stream and the ticker. */
void ticker_stop(lb_server *s);

/* ---- ai.c: the server's player ------------------------------------------------------------- */

/* When the pending decision is the server's player's side's, answers it: the random player
 * (R-GAME-15) every such decision in a row, the computer one (R-AI-1, R-WEB-5), its reason the
 * first step of the answer's trace. *answered says whether anything was answered. LB_OK or an
 * error. */
int ai_play(slot *sl, int *answered);

#endif
