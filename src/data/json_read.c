/* JSON text to a jansson tree by yajl's lexer, for the texts whose reading needs nothing of jansson's own. */
#include "json_read.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#define NUMBER_MAX 64     /* longer number tokens are left to jansson */
#define SHARED_INTS 256   /* the integers 0-255 are one value each */
#define SHARED_STRINGS 256 /* slots of short strings met before */
#define SHARED_LEN_MAX 16 /* bytes of a string that may be shared */

typedef struct builder {
    json_t *open[LBI_JSON_READ_DEPTH]; /* the lists and objects being filled, outermost first */
    int depth;
    json_t *root;
    yajl_handle parser;
    size_t end;                        /* the offset just past the top-level value */
    char *key;                         /* the key of the next member (yajl's may not last) */
    size_t key_len, key_cap;
    /* values met before, shared (two blocks fewer a string, one an integer): the tree's scalars
     * are never changed in place */
    json_t *ints[SHARED_INTS];
    json_t *strings[SHARED_STRINGS];
} builder;

/* The 4 hex digits at s as a number; above 0xFFFF when they are not 4 hex digits. */
static unsigned hex4(const unsigned char *s, size_t left)
{
    unsigned value = 0;
    if (left < 4)
        return 0x10000;
    for (int i = 0; i < 4; i++) {
        unsigned char c = s[i];
        unsigned digit = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
                         : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                         : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
                                                : 16;
        if (digit == 16)
            return 0x10000;
        value = value << 4 | digit;
    }
    return value;
}

/* Length of the well-formed UTF-8 sequence at s (no overlong form, surrogate or code point above
 * U+10FFFF, as jansson checks), 0 when there is none. */
static size_t utf8_sequence(const unsigned char *s, size_t left)
{
    unsigned char c = s[0];
    size_t n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (n == 0 || n > left)
        return 0;
    unsigned long value = c & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07);
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        value = value << 6 | (s[i] & 0x3F);
    }
    if ((n == 3 && value < 0x800) || (n == 4 && value < 0x10000) || value > 0x10FFFF ||
        (value >= 0xD800 && value <= 0xDFFF))
        return 0;
    return n;
}

/* True when yajl reads the text as jansson does: UTF-8 throughout, no byte below 0x20 but the
 * whitespace jansson knows (yajl also skips \f and \v), and every \u escape neither \u0000 nor
 * part of a surrogate other than a high one followed by a low one (yajl reads the others its own
 * way). A backslash outside strings is a syntax error, so escapes pair up as in strings. */
/* The length of the escape at s[i] (a backslash) when yajl reads it as jansson does, 0 when not:
 * a \u escape neither \u0000 nor part of a surrogate other than a high one followed by a low
 * one; any other escape two bytes. */
static size_t escape_length(const unsigned char *s, size_t i, size_t len)
{
    if (i + 1 >= len || s[i + 1] != 'u')
        return 2;
    unsigned u = hex4(s + i + 2, len - i - 2);
    if (u == 0 || u > 0xFFFF || (u >= 0xDC00 && u <= 0xDFFF))
        return 0;
    if (u < 0xD800 || u > 0xDBFF)
        return 6;
    if (len - i < 12 || s[i + 6] != '\\' || s[i + 7] != 'u')
        return 0;
    unsigned low = hex4(s + i + 8, len - i - 8);
    return low < 0xDC00 || low > 0xDFFF ? 0 : 12;
}

/* True when none of the 8 bytes at s is 0x80 or above, below 0x20, or a backslash. */
static int plain_word(const unsigned char *s)
{
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    uint64_t w;
    memcpy(&w, s, 8);
    uint64_t bs = w ^ (ones * '\\');
    return ((w | ((w - ones * 0x20) & ~w) | ((bs - ones) & ~bs)) & highs) == 0;
}

static int plain_text(const unsigned char *s, size_t len)
{
    for (size_t i = 0; i < len;) {
        unsigned char c = s[i];
        size_t n;
        if (len - i >= 8 && plain_word(s + i))
            n = 8; /* 8 bytes at once */
        else if (c >= 0x20 && c < 0x80 && c != '\\')
            n = 1;
        else if (c == '\\')
            n = escape_length(s, i, len);
        else if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
            n = 1;
        else if (c < 0x20)
            n = 0;
        else
            n = utf8_sequence(s + i, len - i);
        if (n == 0)
            return 0;
        i += n;
    }
    return 1;
}

/* Puts v in the list or object being filled (under the key last read); 0 to stop. */
static int add(builder *b, json_t *v)
{
    if (!v)
        return 0;
    if (b->depth == 0) {
        /* jansson wants an object or a list at the top (no JSON_DECODE_ANY) */
        if (!json_is_object(v) && !json_is_array(v)) {
            json_decref(v);
            return 0;
        }
        b->root = v;
        return 1;
    }
    json_t *in = b->open[b->depth - 1];
    if (json_is_array(in))
        return json_array_append_new(in, v) == 0;
    /* a key used before replaces its value and leaves the size: JSON_REJECT_DUPLICATES stops
     * (the tree is dropped) */
    size_t size = json_object_size(in);
    return json_object_setn_new_nocheck(in, b->key, b->key_len, v) == 0 &&
           json_object_size(in) > size;
}

static int on_null(void *ctx)
{
    return add(ctx, json_null());
}

static int on_boolean(void *ctx, int value)
{
    return add(ctx, json_boolean(value));
}

/* As jansson reads numbers: an integer unless there is '.', 'e' or 'E'; out of range stops.
 * yajl has checked the token's grammar; up to 18 digits cannot overflow. */
static int on_number(void *ctx, const char *s, size_t len)
{
    size_t digits = len - (s[0] == '-');
    if (digits <= 18 && !memchr(s, '.', len) && !memchr(s, 'e', len) && !memchr(s, 'E', len)) {
        builder *b = ctx;
        long long n = 0;
        for (size_t i = len - digits; i < len; i++)
            n = n * 10 + (s[i] - '0');
        if (s[0] == '-' || n >= SHARED_INTS)
            return add(b, json_integer(s[0] == '-' ? -n : n));
        if (!b->ints[n] && !(b->ints[n] = json_integer(n)))
            return 0;
        return add(b, json_incref(b->ints[n]));
    }
    char token[NUMBER_MAX];
    if (len >= sizeof token)
        return 0;
    memcpy(token, s, len);
    token[len] = '\0';
    errno = 0;
    if (strpbrk(token, ".eE")) {
        double d = strtod(token, NULL);
        if (errno == ERANGE && isinf(d))
            return 0;
        return add(ctx, json_real(d));
    }
    long long n = strtoll(token, NULL, 10);
    if (errno == ERANGE)
        return 0;
    return add(ctx, json_integer(n));
}

static int on_string(void *ctx, const unsigned char *s, size_t len)
{
    builder *b = ctx;
    if (len > SHARED_LEN_MAX)
        return add(b, json_stringn_nocheck((const char *)s, len));
    uint32_t hash = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < len; i++)
        hash = (hash ^ s[i]) * 16777619u;
    json_t **slot = &b->strings[hash % SHARED_STRINGS];
    if (*slot && json_string_length(*slot) == len && memcmp(json_string_value(*slot), s, len) == 0)
        return add(b, json_incref(*slot));
    json_t *v = json_stringn_nocheck((const char *)s, len);
    if (!v)
        return 0;
    json_decref(*slot);
    *slot = json_incref(v);
    return add(b, v);
}

static int on_key(void *ctx, const unsigned char *s, size_t len)
{
    builder *b = ctx;
    if (len + 1 > b->key_cap) {
        size_t cap = len + 1 > 2 * b->key_cap ? len + 1 : 2 * b->key_cap;
        char *key = realloc(b->key, cap);
        if (!key)
            return 0;
        b->key = key;
        b->key_cap = cap;
    }
    memcpy(b->key, s, len);
    b->key[len] = '\0';
    b->key_len = len;
    return 1;
}

/* A list or object is put in its place as soon as it opens, then filled. */
static int open_container(builder *b, json_t *v)
{
    if (b->depth == LBI_JSON_READ_DEPTH) {
        json_decref(v);
        return 0;
    }
    if (!add(b, v))
        return 0;
    b->open[b->depth++] = v;
    return 1;
}

static int on_start_map(void *ctx)
{
    return open_container(ctx, json_object());
}

static int on_start_array(void *ctx)
{
    return open_container(ctx, json_array());
}

static int on_end(void *ctx)
{
    builder *b = ctx;
    if (--b->depth == 0)
        b->end = yajl_get_bytes_consumed(b->parser);
    return 1;
}

/* True when nothing but whitespace follows the top-level value: yajl takes a string left open
 * after it for one still coming, and ends without a word. */
static int nothing_after(const builder *b, const char *text, size_t len)
{
    for (size_t i = b->end; i < len; i++)
        if (text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r')
            return 0;
    return 1;
}

static const yajl_callbacks callbacks = {
    .yajl_null = on_null,
    .yajl_boolean = on_boolean,
    .yajl_number = on_number,
    .yajl_string = on_string,
    .yajl_start_map = on_start_map,
    .yajl_map_key = on_key,
    .yajl_end_map = on_end,
    .yajl_start_array = on_start_array,
    .yajl_end_array = on_end,
};

json_t *lbi_json_read(const char *text, size_t len)
{
    /* jansson reads reals in the locale's decimal point; strtod here as well */
    if (strcmp(localeconv()->decimal_point, ".") != 0 ||
        !plain_text((const unsigned char *)text, len))
        return NULL;
    builder *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->end = len + 1;
    yajl_handle h = b->parser = yajl_alloc(&callbacks, NULL, b);
    json_t *root = NULL;
    if (h) {
        /* strings are UTF-8: plain_text checked them as jansson does */
        yajl_config(h, yajl_dont_validate_strings, 1);
        if (yajl_parse(h, (const unsigned char *)text, len) == yajl_status_ok &&
            yajl_complete_parse(h) == yajl_status_ok && b->depth == 0 &&
            nothing_after(b, text, len))
            root = b->root;
        yajl_free(h);
    }
    if (!root)
        json_decref(b->root);
    for (int i = 0; i < SHARED_INTS; i++)
        json_decref(b->ints[i]);
    for (int i = 0; i < SHARED_STRINGS; i++)
        json_decref(b->strings[i]);
    free(b->key);
    free(b);
    return root;
}
