/* Printable text: well-formed UTF-8 without control characters, checked, and any text written so that a terminal shows it and is never driven by it. */
#include <stdio.h>
#include <string.h>

#include "lb/core.h"
#include "printable_int.h"

/* Is b a continuation byte within [lo, hi]? */
static int follows(unsigned char b, unsigned char lo, unsigned char hi)
{
    return b >= lo && b <= hi;
}

int lbi_char_at(const unsigned char *s, size_t avail, int *kind, unsigned *code)
{
    unsigned char b = s[0];
    int len = b < 0x80 ? 1 : b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3
            : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
    /* RFC 3629 table 3.9: the second byte's range rules out overlong forms, surrogates and code
     * points past U+10FFFF */
    unsigned char lo = b == 0xE0 ? 0xA0 : b == 0xF0 ? 0x90 : 0x80;
    unsigned char hi = b == 0xED ? 0x9F : b == 0xF4 ? 0x8F : 0xBF;
    int ok = len > 0 && (size_t)len <= avail && (len == 1 || follows(s[1], lo, hi));
    for (int i = 2; ok && i < len; i++)
        ok = follows(s[i], 0x80, 0xBF);
    if (!ok) {
        *kind = LBI_CHAR_NOT_UTF8;
        *code = b;
        return 1;
    }
    static const unsigned char lead_mask[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
    unsigned c = b & lead_mask[len];
    for (int i = 1; i < len; i++)
        c = (c << 6) | (s[i] & 0x3Fu);
    *code = c;
    *kind = c < 0x20 || (c >= 0x7F && c <= 0x9F) ? LBI_CHAR_CONTROL : LBI_CHAR_TEXT;
    return len;
}

int lb_printable_check(const char *s, size_t len, int tab, lb_unprintable *where)
{
    const unsigned char *p = (const unsigned char *)s;
    int column = 1;
    for (size_t at = 0; at < len; column++) {
        int kind;
        unsigned code;
        int n = lbi_char_at(p + at, len - at, &kind, &code);
        if (kind != LBI_CHAR_TEXT && !(tab && kind == LBI_CHAR_CONTROL && code == '\t')) {
            if (where)
                *where = (lb_unprintable){.offset = at, .column = column,
                                          .control = kind == LBI_CHAR_CONTROL ? (int)code : -1,
                                          .byte = kind == LBI_CHAR_NOT_UTF8 ? (int)code : -1};
            return 0;
        }
        at += (size_t)n;
    }
    return 1;
}

/* The character at s (avail bytes, at least 1) as printed into piece (at least 8 bytes); the
 * bytes it takes. */
static int piece_of(const unsigned char *s, size_t avail, char *piece)
{
    int kind;
    unsigned code;
    int n = lbi_char_at(s, avail, &kind, &code);
    if (kind == LBI_CHAR_CONTROL)
        snprintf(piece, 8, "\\u%04X", code);
    else if (kind == LBI_CHAR_NOT_UTF8)
        snprintf(piece, 8, "\\x%02x", code);
    else
        snprintf(piece, 8, "%.*s", n, (const char *)s);
    return n;
}

void lbi_printable_append(char *buf, size_t n, size_t *used, const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + len;
    while (p < end) {
        char piece[8];
        p += piece_of(p, (size_t)(end - p), piece);
        for (const char *q = piece; *q; q++, (*used)++)
            if (*used + 1 < n)
                buf[*used] = *q;
    }
    if (n)
        buf[*used < n ? *used : n - 1] = '\0';
}

const char *lb_printable(const char *s, size_t len, char *buf, size_t n)
{
    size_t whole = 0;
    lbi_printable_append(buf, n, &whole, s, len);
    if (whole < n)
        return buf;
    /* cut after the last whole piece that leaves room for "..." and the NUL */
    size_t used = 0;
    const unsigned char *p = (const unsigned char *)s, *end = p + len;
    while (p < end) {
        char piece[8];
        p += piece_of(p, (size_t)(end - p), piece);
        size_t plen = strlen(piece);
        if (used + plen + 4 > n)
            break;
        memcpy(buf + used, piece, plen);
        used += plen;
    }
    memcpy(buf + used, "...", 4);
    return buf;
}
