/* JSON text written straight into a growing text, byte for byte as jansson's compact dump writes it, for the long lists of the game's view (its options) that a tree of values would make slow. */
#include <string.h>

#include "answer_int.h"
#include "lb/core.h"

/* The length of the well-formed UTF-8 sequence at p (1 to 4; an ASCII byte is 1), or 0 when the
 * bytes there are not one (jansson's own check: no overlong forms, no surrogates, nothing past
 * U+10FFFF). */
static int utf8_length(const unsigned char *p)
{
    int n = *p < 0x80 ? 1 : *p >= 0xc2 && *p <= 0xdf ? 2 : (*p & 0xf0) == 0xe0 ? 3
            : *p >= 0xf0 && *p <= 0xf4 ? 4 : 0;
    for (int k = 1; k < n; k++)
        if ((p[k] & 0xc0) != 0x80)
            return 0;
    if ((n == 3 && ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] >= 0xa0))) ||
        (n == 4 && ((p[0] == 0xf0 && p[1] < 0x90) || (p[0] == 0xf4 && p[1] >= 0x90))))
        return 0;
    return n;
}

/* The two-character escape of c ("\\n" for a newline…), or NULL when c has none. */
static const char *short_escape(unsigned char c)
{
    switch (c) {
    case '"':
        return "\\\"";
    case '\\':
        return "\\\\";
    case '\b':
        return "\\b";
    case '\f':
        return "\\f";
    case '\n':
        return "\\n";
    case '\r':
        return "\\r";
    case '\t':
        return "\\t";
    default:
        return NULL;
    }
}

int lbi_json_string_put(lbi_text *t, const char *s)
{
    const unsigned char *p = (const unsigned char *)s, *run = p;
    int rc = lbi_text_add(t, "\"", 1);
    while (rc == LB_OK && *p) {
        int n = utf8_length(p);
        if (n > 0 && *p >= 0x20 && *p != '"' && *p != '\\') {
            p += n;
            continue;
        }
        rc = lbi_text_add(t, run, (size_t)(p - run));
        const char *esc = short_escape(*p);
        if (rc == LB_OK && !n)
            rc = lbi_text_add(t, "?", 1); /* not UTF-8: what a message said, never a key */
        else if (rc == LB_OK && esc)
            rc = lbi_text_add(t, esc, 2);
        else if (rc == LB_OK)
            rc = lbi_text_put(t, "\\u%04X", *p);
        run = ++p;
    }
    if (rc == LB_OK)
        rc = lbi_text_add(t, run, (size_t)(p - run));
    return rc == LB_OK ? lbi_text_add(t, "\"", 1) : rc;
}
