/* Store addresses as they may be shown: a PostgreSQL URI or keyword/value connection string with every password replaced by ***, and libpq's messages about it scrubbed the same way. */
#include <libpq-fe.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "address.h"
#include "text.h"

#define SPANS_MAX 64
#define SECRETS_MAX (3 * SPANS_MAX + 8)

/* The byte ranges of an address that hold a password, in order, none overlapping. */
typedef struct spans {
    size_t from[SPANS_MAX], to[SPANS_MAX];
    int n;
    bool too_many; /* more than SPANS_MAX: the whole address is hidden */
} spans;

/* Every password an address holds, each as written and as libpq reads it (malloc'd). */
typedef struct secrets {
    char *text[SECRETS_MAX];
    bool missed[SECRETS_MAX]; /* libpq reads it and no span holds it: the spans missed it */
    int n;
    bool failed; /* out of memory: whatever it was to hide, hide everything */
} secrets;

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static int hex_value(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* len bytes of s with %XX decoded as libpq decodes a URI's parts (other bytes as they are), in
 * a malloc'd string; NULL when out of memory. */
static char *percent_decoded(const char *s, size_t len)
{
    char *out = malloc(len + 1);
    size_t k = 0;
    for (size_t i = 0; out && i < len; i++) {
        int hi = s[i] == '%' && i + 2 < len ? hex_value(s[i + 1]) : -1;
        int lo = hi >= 0 ? hex_value(s[i + 2]) : -1;
        if (lo >= 0) {
            out[k++] = (char)(hi * 16 + lo);
            i += 2;
        } else {
            out[k++] = s[i];
        }
    }
    if (out)
        out[k] = '\0';
    return out;
}

/* len bytes of a keyword/value connection string's value as libpq reads it: a value in single
 * quotes without them, each backslash taking the byte after it as it is (malloc'd; NULL when out
 * of memory). */
static char *unquoted(const char *s, size_t len)
{
    char *out = malloc(len + 1);
    size_t k = 0, i = 0, end = len;
    if (len && s[0] == '\'') {
        i = 1;
        end -= len > 1 && s[len - 1] == '\'';
    }
    for (; out && i < end; i++) {
        if (s[i] == '\\' && i + 1 < end)
            i++;
        out[k++] = s[i];
    }
    if (out)
        out[k] = '\0';
    return out;
}

/* Is the key (len bytes, percent-encoded as a URI may have it) a password's: "password",
 * "sslpassword", in any case and any spelling? Any key that holds "password" is taken for one. */
static bool is_password_key(const char *key, size_t len)
{
    char *k = percent_decoded(key, len);
    if (!k)
        return true; /* out of memory: hide its value */
    for (char *c = k; *c; c++)
        *c = *c >= 'A' && *c <= 'Z' ? (char)(*c - 'A' + 'a') : *c;
    bool found = strstr(k, "password") != NULL;
    free(k);
    return found;
}

/* Adds [from, to) to the spans, merged with those it overlaps or touches. */
static void span_add(spans *sp, size_t from, size_t to)
{
    if (from >= to)
        return;
    int i = 0;
    while (i < sp->n && sp->to[i] < from)
        i++;
    int j = i;
    while (j < sp->n && sp->from[j] <= to) {
        from = sp->from[j] < from ? sp->from[j] : from;
        to = sp->to[j] > to ? sp->to[j] : to;
        j++;
    }
    int removed = j - i;
    if (removed == 0 && sp->n == SPANS_MAX) {
        sp->too_many = true;
        return;
    }
    /* the spans i..j-1 become one at i */
    memmove(sp->from + i + 1, sp->from + j, (size_t)(sp->n - j) * sizeof *sp->from);
    memmove(sp->to + i + 1, sp->to + j, (size_t)(sp->n - j) * sizeof *sp->to);
    sp->from[i] = from;
    sp->to[i] = to;
    sp->n += 1 - removed;
}

/* The length of the scheme and "://" that start a URI ("postgresql://"), or 0 when the address
 * does not start with one (a keyword/value string, a file's name). */
static size_t uri_start(const char *a)
{
    size_t n = 0;
    while ((a[n] >= 'a' && a[n] <= 'z') || (a[n] >= 'A' && a[n] <= 'Z') ||
           (n > 0 && ((a[n] >= '0' && a[n] <= '9') || a[n] == '+' || a[n] == '-' || a[n] == '.')))
        n++;
    return n > 0 && strncmp(a + n, "://", 3) == 0 ? n + 3 : 0;
}

/* A URI ("scheme://user:PASSWORD@host/db?password=PASSWORD&…"): the password of the user part,
 * up to the last '@' before the first '/' (libpq stops at the first; the last hides more when
 * the password holds an '@'), and each parameter whose key is a password's, up to its '&'. */
static void uri_spans(const char *a, spans *sp)
{
    const char *rest = a + uri_start(a);
    size_t authority = strcspn(rest, "/");
    const char *at = NULL;
    for (const char *p = rest; p < rest + authority; p++)
        at = *p == '@' ? p : at;
    const char *colon = at ? memchr(rest, ':', (size_t)(at - rest)) : NULL;
    if (colon)
        span_add(sp, (size_t)(colon + 1 - a), (size_t)(at - a));
    for (const char *p = rest; *p; p++) {
        if (*p != '?' && *p != '&')
            continue;
        const char *key = p + 1;
        size_t klen = strcspn(key, "=&");
        if (key[klen] != '=' || !is_password_key(key, klen))
            continue;
        const char *value = key + klen + 1;
        span_add(sp, (size_t)(value - a), (size_t)(value + strcspn(value, "&") - a));
    }
}

/* A keyword/value connection string ("host=db password='x y' dbname=games"), read as libpq reads
 * one: each value of a key that is a password's, quotes included. A word without '=' is passed
 * over (libpq refuses it, and its message is scrubbed all the same). */
static void keyword_spans(const char *a, spans *sp)
{
    const char *p = a;
    while (*p) {
        while (is_space(*p))
            p++;
        const char *key = p;
        while (*p && *p != '=' && !is_space(*p))
            p++;
        size_t klen = (size_t)(p - key);
        while (is_space(*p))
            p++;
        if (*p != '=')
            continue; /* p is past the word: the next one */
        p++;
        while (is_space(*p))
            p++;
        const char *value = p;
        if (*p == '\'') {
            for (p++; *p && *p != '\''; p++)
                if (*p == '\\' && p[1])
                    p++;
            if (*p)
                p++;
        } else {
            for (; *p && !is_space(*p); p++)
                if (*p == '\\' && p[1])
                    p++;
        }
        if (is_password_key(key, klen))
            span_add(sp, (size_t)(value - a), (size_t)(p - a));
    }
}

/* Adds text (malloc'd, or NULL when out of memory); missed: see secrets. */
static void secret_add(secrets *s, char *text, bool missed)
{
    if (!text) {
        s->failed = true;
        return;
    }
    if (!*text || s->n == SECRETS_MAX) {
        s->failed = s->failed || *text;
        free(text);
        return;
    }
    s->missed[s->n] = missed;
    s->text[s->n++] = text;
}

/* Is text inside one of the first n secrets (those the spans gave)? */
static bool held(const secrets *s, int n, const char *text)
{
    for (int i = 0; i < n; i++)
        if (strstr(s->text[i], text))
            return true;
    return false;
}

static void secrets_release(secrets *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->text[i]);
    s->n = 0;
}

/* The spans of address, and its passwords into s: each span as written, as a URI decodes it and
 * as a keyword/value string unquotes it, and every value libpq's own parser gives a password
 * keyword (its display character '*': password, sslpassword). */
static void find(const char *address, spans *sp, secrets *s)
{
    *sp = (spans){.n = 0};
    /* libpq reads a URI when the address starts with one of its two schemes, else keywords and
     * values; another scheme ("POSTGRESQL://", "http://") is read both ways */
    bool libpq_uri = strncmp(address, "postgresql://", 13) == 0 ||
                     strncmp(address, "postgres://", 11) == 0;
    if (uri_start(address))
        uri_spans(address, sp);
    if (!libpq_uri)
        keyword_spans(address, sp);
    *s = (secrets){.n = 0};
    for (int i = 0; i < sp->n; i++) {
        const char *from = address + sp->from[i];
        size_t len = sp->to[i] - sp->from[i];
        secret_add(s, strndup(from, len), false);
        secret_add(s, percent_decoded(from, len), false);
        secret_add(s, unquoted(from, len), false);
    }
    int from_spans = s->n;
    char *parse_error = NULL;
    PQconninfoOption *options = PQconninfoParse(address, &parse_error);
    PQfreemem(parse_error);
    for (PQconninfoOption *o = options; o && o->keyword; o++)
        if (o->val && o->dispchar && o->dispchar[0] == '*')
            secret_add(s, strdup(o->val), !held(s, from_spans, o->val));
    PQconninfoFree(options);
    if (sp->too_many)
        s->failed = true;
}

/* t with each copy of what replaced by with (what not empty); false when out of memory. */
static bool replace_all(lbi_text *t, const char *what, const char *with)
{
    if (!t->buf || !strstr(t->buf, what))
        return true;
    lbi_text out = {0};
    size_t wlen = strlen(what), wlen_with = strlen(with);
    const char *p = t->buf;
    bool ok = true;
    for (const char *hit; ok && (hit = strstr(p, what)) != NULL; p = hit + wlen)
        ok = lbi_text_add(&out, p, (size_t)(hit - p)) == LB_OK &&
             lbi_text_add(&out, with, wlen_with) == LB_OK;
    ok = ok && lbi_text_add(&out, p, strlen(p)) == LB_OK;
    lbi_text_release(t);
    *t = out;
    return ok;
}

/* Replaces every secret in t (only those the spans missed when missed_only), the longest first
 * (so that a shorter one inside it does not leave the rest); false when out of memory. */
static bool hide_secrets(lbi_text *t, secrets *s, bool missed_only)
{
    for (int i = 0; i < s->n; i++)
        for (int k = i + 1; k < s->n; k++)
            if (strlen(s->text[k]) > strlen(s->text[i])) {
                char *longer = s->text[k];
                bool missed = s->missed[k];
                s->text[k] = s->text[i];
                s->missed[k] = s->missed[i];
                s->text[i] = longer;
                s->missed[i] = missed;
            }
    bool ok = true;
    for (int i = 0; i < s->n && ok; i++)
        if (s->missed[i] || !missed_only)
            ok = replace_all(t, s->text[i], LBI_HIDDEN);
    return ok;
}

/* t into out (n bytes, cut to fit), or "***" when ok is false (something could not be hidden). */
static void give(lbi_text *t, bool ok, char *out, size_t n)
{
    if (n == 0)
        return;
    const char *shown = ok && t->buf ? t->buf : ok ? "" : LBI_HIDDEN;
    size_t len = strlen(shown);
    len = len < n - 1 ? len : n - 1;
    memcpy(out, shown, len);
    out[len] = '\0';
    lbi_text_release(t);
}

/* The address with its spans hidden, and any password libpq reads that they missed, into t;
 * false when out of memory. A copy of a password elsewhere in the address (a database named as
 * the password) is shown: only what stands as a password is hidden. */
static bool printable_text(const char *address, lbi_text *t, const spans *sp, secrets *s)
{
    *t = (lbi_text){0};
    if (sp->too_many || s->failed)
        return false;
    size_t at = 0;
    bool ok = lbi_text_add(t, "", 0) == LB_OK;
    for (int i = 0; i < sp->n && ok; i++) {
        ok = lbi_text_add(t, address + at, sp->from[i] - at) == LB_OK &&
             lbi_text_add(t, LBI_HIDDEN, strlen(LBI_HIDDEN)) == LB_OK;
        at = sp->to[i];
    }
    ok = ok && lbi_text_add(t, address + at, strlen(address + at)) == LB_OK;
    return ok && hide_secrets(t, s, true);
}

void lbi_address_printable(const char *address, char *buf, size_t n)
{
    spans sp;
    secrets s;
    find(address, &sp, &s);
    lbi_text t;
    bool ok = printable_text(address, &t, &sp, &s);
    secrets_release(&s);
    give(&t, ok, buf, n);
}

int lbi_address_missed(const char *address)
{
    spans sp;
    secrets s;
    find(address, &sp, &s);
    int missed = 0;
    for (int i = 0; i < s.n; i++)
        missed += s.missed[i];
    secrets_release(&s);
    return missed;
}

void lbi_address_scrub(const char *address, const char *text, char *out, size_t n)
{
    spans sp;
    secrets s;
    find(address, &sp, &s);
    lbi_text shown, t = {0};
    bool ok = printable_text(address, &shown, &sp, &s);
    ok = ok && lbi_text_add(&t, text, strlen(text)) == LB_OK;
    /* the whole address as shown first, so that a message quoting it reads as the banner does */
    if (ok && *address)
        ok = replace_all(&t, address, shown.buf);
    ok = ok && hide_secrets(&t, &s, false);
    lbi_text_release(&shown);
    secrets_release(&s);
    give(&t, ok, out, n);
}
