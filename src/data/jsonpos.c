/* Positions in JSON text: one walk that places many JSON Pointers, and the token under a syntax error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonpos.h"
#include "lb/core.h"

/* ---- reading text ------------------------------------------------------------------------ */

typedef struct cursor {
    const char *text;
    size_t len;
    size_t pos;
    int line;
    int col;
} cursor;

static int peek(const cursor *c)
{
    return c->pos < c->len ? (unsigned char)c->text[c->pos] : -1;
}

static void advance(cursor *c)
{
    if (c->pos >= c->len)
        return;
    unsigned char ch = (unsigned char)c->text[c->pos++];
    if (ch == '\n') {
        c->line++;
        c->col = 1;
    } else if ((ch & 0xC0) != 0x80) {
        c->col++;
    }
}

static int is_ws(int ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

static void skip_ws(cursor *c)
{
    while (is_ws(peek(c)))
        advance(c);
}

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

/* Four hex digits of a \u escape at the cursor (0 for bad digits). */
static unsigned long read_hex4(cursor *c)
{
    unsigned long cp = 0;
    for (int i = 0; i < 4; i++) {
        int v = hexval(peek(c));
        cp = cp * 16 + (unsigned long)(v < 0 ? 0 : v);
        advance(c);
    }
    return cp;
}

static size_t utf8_encode(unsigned long cp, char *buf)
{
    if (cp < 0x80) {
        buf[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        buf[0] = (char)(0xC0 | (cp >> 6));
        buf[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        buf[0] = (char)(0xE0 | (cp >> 12));
        buf[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        buf[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    buf[0] = (char)(0xF0 | (cp >> 18));
    buf[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    buf[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    buf[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Reads a string at the cursor (on its quote), writing its decoded bytes to out when not NULL
 * (up to cap - 1, NUL-terminated); returns the decoded length, which may exceed cap - 1. */
static size_t read_string(cursor *c, char *out, size_t cap)
{
    size_t n = 0;
    advance(c); /* opening quote */
    for (int ch = peek(c); ch >= 0 && ch != '"'; ch = peek(c)) {
        char buf[4];
        size_t k = 1;
        buf[0] = (char)ch;
        advance(c);
        if (ch == '\\') {
            int e = peek(c);
            advance(c);
            unsigned long cp = (unsigned long)e;
            switch (e) {
            case 'b': cp = '\b'; break;
            case 'f': cp = '\f'; break;
            case 'n': cp = '\n'; break;
            case 'r': cp = '\r'; break;
            case 't': cp = '\t'; break;
            case 'u':
                cp = read_hex4(c);
                if (cp >= 0xD800 && cp < 0xDC00 && peek(c) == '\\' && c->pos + 1 < c->len &&
                    c->text[c->pos + 1] == 'u') {
                    advance(c);
                    advance(c);
                    unsigned long low = read_hex4(c);
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                }
                break;
            default: break;
            }
            k = utf8_encode(cp, buf);
        }
        for (size_t i = 0; i < k; i++, n++)
            if (out && n + 1 < cap)
                out[n] = buf[i];
    }
    advance(c); /* closing quote */
    if (out && cap)
        out[n < cap ? n : cap - 1] = '\0';
    return n;
}

/* Skips one value of valid JSON without recursion. */
static void skip_value(cursor *c)
{
    long depth = 0;
    do {
        skip_ws(c);
        int ch = peek(c);
        if (ch < 0)
            return;
        if (ch == '"') {
            read_string(c, NULL, 0);
        } else if (ch == '{' || ch == '[') {
            depth++;
            advance(c);
        } else if (ch == '}' || ch == ']') {
            depth--;
            advance(c);
        } else if (ch == ',' || ch == ':') {
            advance(c);
        } else {
            do
                advance(c);
            while ((ch = peek(c)) > 0 && !strchr(" \t\r\n,]}:", ch));
        }
    } while (depth > 0);
}

/* ---- walking valid JSON ------------------------------------------------------------------ */

typedef struct frame {
    int is_object;
    long index;
    size_t base; /* length of the container's own pointer */
} frame;

typedef struct walker {
    cursor c;
    char *path;
    int pathcap;
    size_t pathlen;
    frame *stack;
    int depth, cap;
    char *key;
    int keycap;
} walker;

/* Appends "/" + seg (escaped as a JSON Pointer segment) to the path; -1 when out of memory. */
static int path_push(walker *W, const char *seg, size_t len)
{
    size_t need = W->pathlen + 2 * len + 2;
    if (need > (size_t)1 << 30)
        return -1;
    char *p = lb_grow(W->path, &W->pathcap, (int)need, 1);
    if (!p)
        return -1;
    W->path = p;
    W->path[W->pathlen++] = '/';
    for (size_t i = 0; i < len; i++) {
        if (seg[i] == '~' || seg[i] == '/') {
            W->path[W->pathlen++] = '~';
            W->path[W->pathlen++] = seg[i] == '~' ? '0' : '1';
        } else {
            W->path[W->pathlen++] = seg[i];
        }
    }
    return 0;
}

/* Reads an object member's key and its colon, and pushes the key on the path. */
static int member_key(walker *W)
{
    cursor probe = W->c;
    size_t len = read_string(&probe, NULL, 0);
    if (len + 1 > (size_t)1 << 30)
        return -1;
    char *k = lb_grow(W->key, &W->keycap, (int)len + 1, 1);
    if (!k)
        return -1;
    W->key = k;
    read_string(&W->c, W->key, (size_t)W->keycap);
    skip_ws(&W->c);
    if (peek(&W->c) == ':')
        advance(&W->c);
    skip_ws(&W->c);
    return path_push(W, W->key, len);
}

static int element_index(walker *W, long index)
{
    char seg[24];
    int len = snprintf(seg, sizeof seg, "%ld", index);
    return path_push(W, seg, (size_t)len);
}

/* After a member or element: moves to the next one, or closes containers; 1 when a value follows. */
static int next_value(walker *W, int *failed)
{
    while (W->depth > 0) {
        frame *f = &W->stack[W->depth - 1];
        W->pathlen = f->base;
        skip_ws(&W->c);
        int ch = peek(&W->c);
        if (ch == ',') {
            advance(&W->c);
            skip_ws(&W->c);
            f->index++;
            *failed = f->is_object ? member_key(W) : element_index(W, f->index);
            return *failed == 0;
        }
        if (ch < 0)
            return 0;
        advance(&W->c); /* '}' or ']' */
        W->depth--;
    }
    return 0;
}

int lbi_jsonpos_walk(const char *text, size_t len, jsonpos_visit visit, void *ctx)
{
    walker W = {.c = {.text = text, .len = len, .line = 1, .col = 1}};
    int failed = 0;
    skip_ws(&W.c);
    for (int more = peek(&W.c) >= 0; more && !failed;) {
        jsonpos at = {.line = W.c.line, .col = W.c.col, .offset = W.c.pos, .complete = 1};
        int ch = peek(&W.c);
        int enter = visit(ctx, W.path ? W.path : "", W.pathlen, at);
        if ((ch == '{' || ch == '[') && enter) {
            frame *stack = lb_grow(W.stack, &W.cap, W.depth + 1, sizeof *stack);
            if (!stack) {
                failed = -1;
                break;
            }
            W.stack = stack;
            W.stack[W.depth++] = (frame){.is_object = ch == '{', .base = W.pathlen};
            advance(&W.c);
            skip_ws(&W.c);
            if (peek(&W.c) != (ch == '{' ? '}' : ']')) {
                failed = ch == '{' ? member_key(&W) : element_index(&W, 0);
                continue;
            }
            /* empty: next_value closes it */
        } else {
            skip_value(&W.c);
        }
        more = next_value(&W, &failed);
    }
    free(W.path);
    free(W.stack);
    free(W.key);
    return failed ? -1 : 0;
}

/* ---- placing many pointers --------------------------------------------------------------- */

typedef struct slot {
    const char *ptr; /* a prefix of one of the pointers: ptr[0..len) */
    size_t len;
    int found;
    jsonpos at;
} slot;

typedef struct locator {
    slot *slots;
    size_t mask;
} locator;

static size_t hash_bytes(const char *s, size_t len)
{
    size_t h = (size_t)1469598103934665603ULL;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * (size_t)1099511628211ULL;
    return h;
}

/* The slot holding s[0..len), or the empty slot where it belongs. */
static slot *find_slot(const locator *L, const char *s, size_t len)
{
    size_t k = hash_bytes(s, len) & L->mask;
    while (L->slots[k].ptr && (L->slots[k].len != len || memcmp(L->slots[k].ptr, s, len) != 0))
        k = (k + 1) & L->mask;
    return &L->slots[k];
}

static int locate_visit(void *ctx, const char *ptr, size_t len, jsonpos at)
{
    slot *s = find_slot(ctx, ptr, len);
    if (!s->ptr)
        return 0; /* on the way to no pointer asked for */
    s->found = 1;
    s->at = at;
    return 1;
}

int lbi_jsonpos_locate_all(const char *text, size_t len, const char *const *ptrs, int n,
                           jsonpos *out)
{
    size_t prefixes = 1;
    for (int i = 0; i < n; i++)
        for (const char *p = ptrs[i]; *p; p++)
            prefixes += *p == '/';
    size_t cap = 16;
    while (cap < 2 * prefixes)
        cap *= 2;
    locator L = {calloc(cap, sizeof *L.slots), cap - 1};
    if (!L.slots)
        return -1;
    static const char root[] = "";
    *find_slot(&L, root, 0) = (slot){.ptr = root};
    for (int i = 0; i < n; i++) {
        size_t plen = strlen(ptrs[i]);
        for (size_t end = 1; end <= plen; end++)
            if (end == plen || ptrs[i][end] == '/') {
                slot *s = find_slot(&L, ptrs[i], end);
                if (!s->ptr)
                    *s = (slot){.ptr = ptrs[i], .len = end};
            }
    }
    int rc = lbi_jsonpos_walk(text, len, locate_visit, &L);
    for (int i = 0; rc == 0 && i < n; i++) {
        /* the deepest prefix found: the whole pointer, or a parent */
        const char *p = ptrs[i];
        size_t end = strlen(p);
        out[i] = (jsonpos){.line = 1, .col = 1};
        for (;;) {
            slot *s = find_slot(&L, p, end);
            if (s->ptr && s->found) {
                out[i] = s->at;
                out[i].complete = end == strlen(p);
                break;
            }
            if (end == 0)
                break;
            while (end > 0 && p[--end] != '/')
                ;
        }
    }
    free(L.slots);
    return rc;
}

jsonpos lbi_jsonpos_string_char(const char *text, size_t len, jsonpos at, int k)
{
    cursor c = {.text = text, .len = len, .pos = at.offset, .line = at.line, .col = at.col};
    if (peek(&c) != '"')
        return at;
    advance(&c);
    for (int i = 0; i < k && peek(&c) >= 0 && peek(&c) != '"'; i++) {
        if (peek(&c) == '\\') {
            advance(&c);
            int e = peek(&c);
            advance(&c);
            for (int j = 0; e == 'u' && j < 4; j++)
                advance(&c);
        } else {
            advance(&c);
            while (peek(&c) >= 0 && (peek(&c) & 0xC0) == 0x80)
                advance(&c);
        }
    }
    return (jsonpos){.line = c.line, .col = c.col, .offset = c.pos, .complete = 1};
}

jsonpos lbi_jsonpos_at_offset(const char *text, size_t len, size_t at)
{
    cursor c = {.text = text, .len = len < at ? len : at, .line = 1, .col = 1};
    while (c.pos < c.len)
        advance(&c);
    return (jsonpos){.line = c.line, .col = c.col, .offset = c.pos, .complete = 1};
}

/* ---- syntax errors ----------------------------------------------------------------------- */

#define LB_PTR_MAX 512

void lbi_jsonpos_append_key(char *out, size_t n, const char *base, const char *key)
{
    /* base, cut at LB_PTR_MAX - 1 bytes, and "/", as much as fits in n (out may be base: moved,
     * not copied); no formatted print, as a monster scenario's loader asks for thousands */
    if (n == 0)
        return;
    size_t blen = strnlen(base, LB_PTR_MAX - 1), used = blen + 1;
    size_t written = used < n - 1 ? used : n - 1;
    memmove(out, base, written < blen ? written : blen);
    if (written > blen)
        out[blen] = '/';
    out[written] = '\0';
    for (const char *p = key; *p && used + 3 < n; p++) {
        if (*p == '~' || *p == '/') {
            out[used++] = '~';
            out[used++] = *p == '~' ? '0' : '1';
        } else {
            out[used++] = *p;
        }
    }
    if (used < n)
        out[used] = '\0';
}

typedef struct syntax_frame {
    int is_object;
    long index;     /* arrays: the element being read */
    int has_key;    /* objects: a key was read for the member being read */
    char key[128];
} syntax_frame;

#define FRAMES_MAX 64

/* The open containers of a syntax scan: what they are, the key or index reached in each. */
typedef struct syntax_stack {
    syntax_frame frames[FRAMES_MAX];
    int depth, overflow; /* overflow: containers opened past FRAMES_MAX, not kept */
} syntax_stack;

/* One token of the scan at c's position: a bracket opens or closes a container, a comma moves
 * to the next index, a string is an object's key or a value, anything else a literal. */
static void scan_token(cursor *c, syntax_stack *s, int ch)
{
    syntax_frame *top = s->depth && !s->overflow ? &s->frames[s->depth - 1] : NULL;
    if (ch == '{' || ch == '[') {
        if (s->depth < FRAMES_MAX)
            s->frames[s->depth++] = (syntax_frame){.is_object = ch == '{'};
        else
            s->overflow++;
        advance(c);
    } else if (ch == '}' || ch == ']') {
        if (s->overflow)
            s->overflow--;
        else if (s->depth)
            s->depth--;
        advance(c);
    } else if (ch == ',') {
        if (top) {
            top->index++;
            top->has_key = 0;
        }
        advance(c);
    } else if (ch == ':') {
        advance(c);
    } else if (ch == '"') {
        int is_key = top && top->is_object && !top->has_key;
        read_string(c, is_key ? top->key : NULL, is_key ? sizeof top->key : 0);
        if (is_key)
            top->has_key = 1;
    } else {
        /* a literal, a number, or a stray byte (even NUL): always consumes one byte */
        do
            advance(c);
        while ((ch = peek(c)) > 0 && !strchr(" \t\r\n,]}:\"{[", ch));
    }
}

/* The JSON Pointer of the open containers, down to the last key or index reached. */
static void stack_path(const syntax_stack *s, char *path, size_t n)
{
    size_t used = 0;
    path[0] = '\0';
    for (int i = 0; i < s->depth && used < n; i++) {
        const syntax_frame *f = &s->frames[i];
        if (f->is_object && !f->has_key)
            break;
        if (f->is_object) {
            char joined[LB_PTR_MAX];
            lbi_jsonpos_append_key(joined, sizeof joined, path, f->key);
            used = (size_t)snprintf(path, n, "%s", joined);
            continue;
        }
        char seg[32];
        snprintf(seg, sizeof seg, "%ld", f->index);
        used += (size_t)snprintf(path + used, n - used, "/%s", seg);
    }
}

void lbi_jsonpos_path_at(const char *text, size_t len, size_t at, char *path, size_t n,
                         size_t *token)
{
    syntax_stack s = {.depth = 0};
    cursor c = {.text = text, .len = len < at ? len : at, .line = 1, .col = 1};
    *token = c.len;
    for (;;) {
        skip_ws(&c);
        int ch = peek(&c);
        if (ch < 0)
            break;
        *token = c.pos;
        scan_token(&c, &s, ch);
    }
    stack_path(&s, path, n);
}
