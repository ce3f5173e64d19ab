/* Positions in JSON text: re-scans valid JSON to find where a JSON Pointer's value starts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonpos.h"

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

static void skip_ws(cursor *c)
{
    for (int ch = peek(c); ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; ch = peek(c))
        advance(c);
}

static jsonpos here(const cursor *c, int complete)
{
    return (jsonpos){.line = c->line, .col = c->col, .offset = c->pos, .complete = complete};
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

/* Reads a string at the cursor (on its quote), appending its decoded bytes to out when not
 * NULL (up to cap - 1, NUL-terminated). */
static void read_string(cursor *c, char *out, size_t cap)
{
    size_t n = 0;
    advance(c); /* opening quote */
    for (int ch = peek(c); ch >= 0 && ch != '"'; ch = peek(c)) {
        unsigned long cp = (unsigned long)ch;
        int raw = 1;
        if (ch == '\\') {
            advance(c);
            int e = peek(c);
            advance(c);
            raw = 0;
            switch (e) {
            case 'b': cp = '\b'; break;
            case 'f': cp = '\f'; break;
            case 'n': cp = '\n'; break;
            case 'r': cp = '\r'; break;
            case 't': cp = '\t'; break;
            case 'u':
                cp = 0;
                for (int i = 0; i < 4; i++) {
                    int v = hexval(peek(c));
                    cp = cp * 16 + (unsigned long)(v < 0 ? 0 : v);
                    advance(c);
                }
                break;
            default: cp = (unsigned long)e; break;
            }
        } else {
            advance(c);
        }
        if (!out)
            continue;
        char buf[4];
        size_t k = 0;
        if (raw || cp < 0x80) {
            buf[k++] = (char)cp;
        } else if (cp < 0x800) {
            buf[k++] = (char)(0xC0 | (cp >> 6));
            buf[k++] = (char)(0x80 | (cp & 0x3F));
        } else {
            buf[k++] = (char)(0xE0 | (cp >> 12));
            buf[k++] = (char)(0x80 | ((cp >> 6) & 0x3F));
            buf[k++] = (char)(0x80 | (cp & 0x3F));
        }
        for (size_t i = 0; i < k && n + 1 < cap; i++)
            out[n++] = buf[i];
    }
    advance(c); /* closing quote */
    if (out)
        out[n] = '\0';
}

static void skip_value(cursor *c)
{
    skip_ws(c);
    int ch = peek(c);
    if (ch == '"') {
        read_string(c, NULL, 0);
    } else if (ch == '{' || ch == '[') {
        int close = ch == '{' ? '}' : ']';
        advance(c);
        skip_ws(c);
        if (peek(c) == close) {
            advance(c);
            return;
        }
        for (;;) {
            if (close == '}') {
                skip_ws(c);
                read_string(c, NULL, 0);
                skip_ws(c);
                advance(c); /* ':' */
            }
            skip_value(c);
            skip_ws(c);
            int sep = peek(c);
            advance(c);
            if (sep != ',')
                return;
        }
    } else {
        do
            advance(c);
        while ((ch = peek(c)) > 0 && !strchr(" \t\r\n,]}", ch));
    }
}

/* Next segment of a JSON Pointer, unescaped (~1 → /, ~0 → ~); returns the rest. */
static const char *segment(const char *p, char *out, size_t cap)
{
    size_t n = 0;
    p++; /* '/' */
    while (*p && *p != '/') {
        char ch = *p++;
        if (ch == '~' && (*p == '0' || *p == '1'))
            ch = *p++ == '0' ? '~' : '/';
        if (n + 1 < cap)
            out[n++] = ch;
    }
    out[n] = '\0';
    return p;
}

jsonpos jsonpos_locate(const char *text, size_t len, const char *ptr)
{
    cursor c = {.text = text, .len = len, .line = 1, .col = 1};
    skip_ws(&c);
    char want[512], key[512];
    while (*ptr == '/') {
        jsonpos parent = here(&c, 0);
        ptr = segment(ptr, want, sizeof want);
        int open = peek(&c);
        if (open != '{' && open != '[')
            return parent;
        advance(&c);
        skip_ws(&c);
        int close = open == '{' ? '}' : ']';
        long index = -1;
        if (open == '[') {
            char *end;
            index = strtol(want, &end, 10);
            if (*end || !want[0] || index < 0)
                return parent;
        }
        int found = 0;
        for (long i = 0; peek(&c) != close && peek(&c) >= 0; i++) {
            int match;
            if (open == '{') {
                read_string(&c, key, sizeof key);
                skip_ws(&c);
                advance(&c); /* ':' */
                match = strcmp(key, want) == 0;
            } else {
                match = i == index;
            }
            skip_ws(&c);
            if (match) {
                found = 1;
                break;
            }
            skip_value(&c);
            skip_ws(&c);
            if (peek(&c) == ',')
                advance(&c);
            skip_ws(&c);
        }
        if (!found)
            return parent;
    }
    return here(&c, 1);
}

jsonpos jsonpos_string_char(const char *text, size_t len, jsonpos at, int k)
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
    jsonpos p = here(&c, 1);
    return p;
}

#define LB_PTR_MAX 512

void jsonpos_append_key(char *out, size_t n, const char *base, const char *key)
{
    char copy[LB_PTR_MAX]; /* out may be base itself */
    snprintf(copy, sizeof copy, "%s", base);
    size_t used = (size_t)snprintf(out, n, "%s/", copy);
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

typedef struct frame {
    int is_object;
    long index;     /* arrays: the element being read */
    int has_key;    /* objects: a key was read for the member being read */
    char key[128];
} frame;

#define FRAMES_MAX 64

void jsonpos_path_at(const char *text, size_t len, size_t at, char *path, size_t n)
{
    frame stack[FRAMES_MAX];
    int depth = 0, overflow = 0;
    cursor c = {.text = text, .len = len < at ? len : at, .line = 1, .col = 1};
    for (;;) {
        skip_ws(&c);
        int ch = peek(&c);
        if (ch < 0)
            break;
        if (ch == '{' || ch == '[') {
            if (depth < FRAMES_MAX)
                stack[depth++] = (frame){.is_object = ch == '{'};
            else
                overflow++;
            advance(&c);
        } else if (ch == '}' || ch == ']') {
            if (overflow)
                overflow--;
            else if (depth)
                depth--;
            advance(&c);
        } else if (ch == ',') {
            if (depth && !overflow) {
                stack[depth - 1].index++;
                stack[depth - 1].has_key = 0;
            }
            advance(&c);
        } else if (ch == ':') {
            advance(&c);
        } else if (ch == '"') {
            frame *top = depth && !overflow ? &stack[depth - 1] : NULL;
            if (top && top->is_object && !top->has_key) {
                read_string(&c, top->key, sizeof top->key);
                top->has_key = 1;
            } else {
                read_string(&c, NULL, 0);
            }
        } else {
            /* a literal, a number, or a stray byte (even NUL): always consumes one byte */
            do
                advance(&c);
            while ((ch = peek(&c)) > 0 && !strchr(" \t\r\n,]}:\"{[", ch));
        }
    }
    size_t used = 0;
    path[0] = '\0';
    for (int i = 0; i < depth && used < n; i++) {
        if (stack[i].is_object && !stack[i].has_key)
            break;
        char seg[32];
        if (stack[i].is_object) {
            char joined[LB_PTR_MAX];
            jsonpos_append_key(joined, sizeof joined, path, stack[i].key);
            used = (size_t)snprintf(path, n, "%s", joined);
            continue;
        }
        snprintf(seg, sizeof seg, "%ld", stack[i].index);
        used += (size_t)snprintf(path + used, n - used, "/%s", seg);
    }
}
