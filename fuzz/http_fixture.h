/* The server the HTTP fuzz targets speak to: a fresh store in a temporary folder, a two-players game and a hot-seat game of the demo, their links, and a request without sockets. */
#ifndef LB_FUZZ_HTTP_FIXTURE_H
#define LB_FUZZ_HTTP_FIXTURE_H

#include <stddef.h>

#include "lb/server.h"

/* The links the fixture's two games give: the first three of the two-players game (seed 1), the
 * last the hot-seat game's (seed 2). */
enum { FIXTURE_FRENCH, FIXTURE_AUSTRIAN, FIXTURE_SPECTATOR, FIXTURE_BOTH, FIXTURE_LINKS };

typedef struct http_fixture {
    lb_server *server;
    char folder[64];
    char links[FIXTURE_LINKS][64]; /* each link's token (its "/g/TOKEN" less "/g/") */
} http_fixture;

/* Makes f anew (closing what it held): a store in a new folder /tmp/lb-fuzz-NAME-XXXXXX and the
 * two games. Traps when any of it fails: a fuzz run cannot go on without it. */
void http_fixture_open(http_fixture *f, const char *name);
/* Frees the server and removes its store and folder; nothing when f holds none. */
void http_fixture_close(http_fixture *f);
/* The server's response to one request (release it with lb_http_response_release); an events
 * stream it opens is let go at once. */
lb_http_response http_fixture_ask(http_fixture *f, const char *method, const char *target,
                                  const char *body, size_t len);
/* The journal's length of the game behind link k (its view's "seq"). */
long long http_fixture_seq(http_fixture *f, int k);

#endif
