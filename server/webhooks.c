/* Webhooks for play by correspondence (R-WEB-16): the addresses a side may give, and their POSTs sent one at a time by a thread of their own. */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "server_int.h"

/* One POST waiting to be sent. */
typedef struct delivery {
    char *url;
    char *body;
} delivery;

struct webhooks {
    char *hosts;                  /* the hosts an address may name, comma-separated, or "any" */
    pthread_mutex_t lock;
    pthread_cond_t more;
    delivery queue[WEBHOOKS_QUEUED];
    int head, n;
    int stopping;
    pthread_t sender;
};

/* Is host one of the list's (a comma-separated list, case aside), or is the list "any"? */
static int host_allowed(const char *hosts, const char *host)
{
    if (strcmp(hosts, "any") == 0)
        return 1;
    size_t len = strlen(host);
    for (const char *p = hosts; *p;) {
        size_t n = strcspn(p, ",");
        if (n == len && strncasecmp(p, host, n) == 0)
            return 1;
        p += n + (p[n] == ',');
    }
    return 0;
}

const char *webhooks_check(const webhooks *w, const char *url)
{
    if (strlen(url) > WEBHOOK_URL_MAX)
        return "expected an address of at most " WEBHOOK_URL_MAX_TEXT " bytes";
    for (const char *p = url; *p; p++)
        if ((unsigned char)*p <= ' ' || (unsigned char)*p >= 0x7f)
            return "expected an address without spaces, control or non-ASCII characters";
    CURLU *u = curl_url();
    char *scheme = NULL, *host = NULL;
    const char *why = NULL;
    if (!u)
        return "out of memory";
    if (curl_url_set(u, CURLUPART_URL, url, 0) != CURLUE_OK ||
        curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) != CURLUE_OK ||
        curl_url_get(u, CURLUPART_HOST, &host, 0) != CURLUE_OK)
        why = "expected an http:// or https:// address";
    else if (strcmp(scheme, "http") != 0 && strcmp(scheme, "https") != 0)
        why = "expected an http:// or https:// address";
    else if (!host_allowed(w->hosts, host))
        why = "this server sends webhooks to the hosts its operator named only";
    curl_free(scheme);
    curl_free(host);
    curl_url_cleanup(u);
    return why;
}

/* Drops what a webhook's receiver answers. */
static size_t discard(char *data, size_t size, size_t n, void *unused)
{
    (void)data;
    (void)unused;
    return size * n;
}

/* One POST, at most WEBHOOK_SECONDS long, no redirect followed: 1 when a 2xx answered it. */
static int post(const delivery *d)
{
    CURL *c = curl_easy_init();
    if (!c)
        return 0;
    struct curl_slist *headers = curl_slist_append(NULL, "Content-Type: application/json");
    curl_easy_setopt(c, CURLOPT_URL, d->url);
    curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, (long)WEBHOOK_SECONDS);
    curl_easy_setopt(c, CURLOPT_USERAGENT, "labataille");
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(c, CURLOPT_POSTFIELDS, d->body);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, discard);
    long status = 0;
    int ok = curl_easy_perform(c) == CURLE_OK &&
             curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK &&
             status >= 200 && status < 300;
    curl_slist_free_all(headers);
    curl_easy_cleanup(c);
    return ok;
}

/* The sender: the queue's POSTs in order, until the server stops (what is left is dropped). */
static void *send_all(void *arg)
{
    webhooks *w = arg;
    pthread_mutex_lock(&w->lock);
    for (;;) {
        while (!w->n && !w->stopping)
            pthread_cond_wait(&w->more, &w->lock);
        if (w->stopping)
            break;
        delivery d = w->queue[w->head];
        w->head = (w->head + 1) % WEBHOOKS_QUEUED;
        w->n--;
        pthread_mutex_unlock(&w->lock);
        int ok = post(&d);
        if (!ok)
            fprintf(stderr, "labataille serve: a webhook was not taken (%.40s…)\n", d.url);
        free(d.url);
        free(d.body);
        pthread_mutex_lock(&w->lock);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

int webhooks_start(const char *hosts, webhooks **out, lb_err *err)
{
    *out = NULL;
    if (!hosts)
        return LB_OK;
    if (!*hosts)
        return lb_err_set(err, LB_USAGE, "--webhooks: expected hosts, comma-separated, or any");
    webhooks *w = calloc(1, sizeof *w);
    if (!w || !(w->hosts = strdup(hosts))) {
        free(w);
        return lb_err_set(err, LB_NOMEM, "out of memory");
    }
    curl_global_init(CURL_GLOBAL_DEFAULT);
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->more, NULL);
    if (pthread_create(&w->sender, NULL, send_all, w) != 0) {
        pthread_cond_destroy(&w->more);
        pthread_mutex_destroy(&w->lock);
        free(w->hosts);
        free(w);
        curl_global_cleanup();
        return lb_err_set(err, LB_NOMEM, "the webhooks' thread cannot be made");
    }
    *out = w;
    return LB_OK;
}

void webhooks_send(webhooks *w, const char *url, const char *body)
{
    delivery d = {strdup(url), strdup(body)};
    if (!d.url || !d.body) {
        free(d.url);
        free(d.body);
        return;
    }
    pthread_mutex_lock(&w->lock);
    if (w->n == WEBHOOKS_QUEUED) { /* a receiver too slow for the games: the oldest goes */
        delivery *old = &w->queue[w->head];
        free(old->url);
        free(old->body);
        w->head = (w->head + 1) % WEBHOOKS_QUEUED;
        w->n--;
        fprintf(stderr, "labataille serve: %d webhooks waiting: the oldest is dropped\n",
                WEBHOOKS_QUEUED);
    }
    w->queue[(w->head + w->n) % WEBHOOKS_QUEUED] = d;
    w->n++;
    pthread_cond_signal(&w->more);
    pthread_mutex_unlock(&w->lock);
}

void webhooks_stop(webhooks *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->lock);
    w->stopping = 1;
    pthread_cond_signal(&w->more);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->sender, NULL);
    for (; w->n; w->n--, w->head = (w->head + 1) % WEBHOOKS_QUEUED) {
        free(w->queue[w->head].url);
        free(w->queue[w->head].body);
    }
    pthread_cond_destroy(&w->more);
    pthread_mutex_destroy(&w->lock);
    free(w->hosts);
    free(w);
    curl_global_cleanup();
}
