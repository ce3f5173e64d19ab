/* Scenario text to JSON: syntax errors as "expected …, found …" at the bad token, numbers beyond range reported at their path. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"
#include "jsonpos.h"
#include "lb/core.h"
#include "scenario_int.h"

#define TOKEN_SHOWN 40   /* bytes of a token shown in a message */
#define DEPTH_MAX 2048   /* jansson's nesting limit (JSON_PARSER_MAX_DEPTH) */

static const lbi_scn_text *text_of(const loader *L, lbi_scn_source in)
{
    return in == SCN_MODULE ? &L->module : &L->scenario;
}

/* 'token' for a message: at most TOKEN_SHOWN bytes, control characters as \u00XX. */
static void show_token(const char *s, size_t len, char *out, size_t n)
{
    size_t used = 0;
    out[used++] = '\'';
    for (size_t i = 0; i < len && used + 12 < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (i == TOKEN_SHOWN) {
            while (used > 1 && ((unsigned char)out[used - 1] & 0xC0) == 0x80)
                used--; /* not inside a UTF-8 sequence */
            if (used > 1 && (unsigned char)out[used - 1] >= 0xC0)
                used--;
            used += (size_t)snprintf(out + used, n - used, "...");
            break;
        }
        if (ch < 0x20 || ch == 0x7F)
            used += (size_t)snprintf(out + used, n - used, "\\u%04X", ch);
        else
            out[used++] = (char)ch;
    }
    out[used++] = '\'';
    out[used] = '\0';
}

/* The message of jansson's error text (without its " near …" part) for the token found. */
static int syntax_message(const char *base, const char *found, int at_eof, char *out, size_t n)
{
    size_t blen = strlen(base);
    static const char expected[] = " expected";
    const char *what = at_eof ? "end of file" : found;
    if (strcmp(base, "duplicate object key") == 0) {
        snprintf(out, n, "expected a key not used before in this object, found %s", what);
    } else if (strcmp(base, "premature end of input") == 0) {
        if (at_eof)
            snprintf(out, n, "expected more JSON, found the end of the file");
        else
            snprintf(out, n, "expected more JSON, found the end of the file after %s", found);
    } else if (strcmp(base, "unexpected token") == 0 || strcmp(base, "invalid token") == 0) {
        snprintf(out, n, "expected a JSON value, found %s", what);
    } else if (strcmp(base, "end of file expected") == 0) {
        snprintf(out, n, "expected end of file, found %s", what);
    } else if (blen > strlen(expected) && strcmp(base + blen - strlen(expected), expected) == 0) {
        snprintf(out, n, "expected %.*s, found %s", (int)(blen - strlen(expected)), base, what);
    } else if (strcmp(base, "invalid escape") == 0) {
        snprintf(out, n, "expected an escape \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX, found %s",
                 what);
    } else if (strncmp(base, "invalid Unicode", 15) == 0) {
        snprintf(out, n, "expected a \\uXXXX escape of a Unicode character, found %s", what);
    } else if (strncmp(base, "\\u0000 is not allowed", 21) == 0) {
        snprintf(out, n, "expected a string without \\u0000, found %s", what);
    } else if (strcmp(base, "NUL byte in object key not supported") == 0) {
        snprintf(out, n, "expected a key without \\u0000, found %s", what);
    } else if (strcmp(base, "maximum parsing depth reached") == 0) {
        snprintf(out, n, "expected at most %d nested lists and objects, found more", DEPTH_MAX);
        return LB_LIMIT;
    } else {
        snprintf(out, n, "expected valid JSON, found %s (%s)", what, base);
    }
    return LB_SYNTAX;
}

/* The syntax error at the first character of the bad token: its line, column, path and
 * "expected …, found …" (jsonpos.h). */
void lbi_json_syntax_error(const char *text, size_t len, const json_error_t *jerr, lb_err *out)
{
    char base[JSON_ERROR_TEXT_LENGTH], msg[LB_ERR_MSG_MAX], found[TOKEN_SHOWN * 6 + 16],
        path[CJ_PATH];
    size_t position = jerr->position > 0 ? (size_t)jerr->position : 0, token = position;
    if (position > len)
        position = len;
    snprintf(base, sizeof base, "%s", jerr->text);
    char *near = strstr(base, " near ");
    int at_eof = near && strcmp(near, " near end of file") == 0;
    if (near)
        *near = '\0';
    int code = LB_SYNTAX;
    const char *nul = memchr(text, '\0', position < len ? position + 1 : len);
    unsigned char byte = position < len ? (unsigned char)text[position] : 0;
    /* the token being read when jansson stopped (what it consumed of it ends at position) */
    lbi_jsonpos_path_at(text, len, position, path, sizeof path, &token);
    if (nul) {
        /* jansson reads a NUL byte as the end of the text */
        token = (size_t)(nul - text);
        snprintf(msg, sizeof msg, "expected JSON text, found a NUL byte");
    } else if (strncmp(base, "unable to decode byte", 21) == 0 && position < len) {
        token = position;
        snprintf(msg, sizeof msg, "expected UTF-8 text, found byte 0x%02x", byte);
    } else if (strncmp(base, "control character", 17) == 0 && position < len) {
        token = position;
        snprintf(msg, sizeof msg, "expected a string without raw control characters, found "
                 "U+%04X (write it as \\u%04X)", byte, byte);
    } else {
        show_token(text + token, position - token, found, sizeof found);
        code = syntax_message(base, found, at_eof || token >= position, msg, sizeof msg);
    }
    /* the path of the value being read: before the token, or where the text ends */
    size_t ignored;
    lbi_jsonpos_path_at(text, len, at_eof && !nul ? position : token, path, sizeof path,
                        &ignored);
    lb_err_set(out, code, "%s", msg);
    snprintf(out->path, sizeof out->path, "%s", path[0] ? path : "/"); /* "/": the document */
    if (at_eof && !nul) {
        out->line = jerr->line > 0 ? jerr->line : 1;
        out->col = jerr->column > 0 ? jerr->column : 1;
        return;
    }
    jsonpos at = lbi_jsonpos_at_offset(text, len, token);
    out->line = at.line;
    out->col = at.col;
}

/* The syntax error as FILE:LINE:COL: PATH: …, at the first character of the bad token. */
static void syntax_error(loader *L, lbi_scn_source in, const json_error_t *jerr)
{
    const lbi_scn_text *t = text_of(L, in);
    lb_err e;
    lbi_json_syntax_error(t->text, t->len, jerr, &e);
    lbi_scn_problem_placed(L, in, e.code, e.line, e.col, strcmp(e.path, "/") ? e.path : "",
                           e.msg);
}

/* ---- numbers beyond range ----------------------------------------------------------------- */

typedef struct big_number {
    size_t offset;
    size_t len;
} big_number;

typedef struct big_numbers {
    big_number *items;
    int count, cap;
    int next;           /* the next one to meet in the walk */
    loader *L;
    lbi_scn_source in;
    const char *text;   /* the original text, for the messages */
} big_numbers;

/* True when the number token s[0..len) is beyond what jansson holds. */
static int beyond_range(const char *s, size_t len)
{
    char small[64];
    char *copy = len < sizeof small ? small : malloc(len + 1);
    if (!copy)
        return 0;
    memcpy(copy, s, len);
    copy[len] = '\0';
    int real = strpbrk(copy, ".eE") != NULL, beyond;
    errno = 0;
    if (real) {
        double d = strtod(copy, NULL);
        beyond = errno == ERANGE && isinf(d);
    } else {
        (void)strtoll(copy, NULL, 10);
        beyond = errno == ERANGE;
    }
    if (copy != small)
        free(copy);
    return beyond;
}

/* Finds every number token outside strings that is beyond range; -1 when out of memory. */
static int find_big_numbers(const char *text, size_t len, big_numbers *B)
{
    for (size_t i = 0; i < len;) {
        char ch = text[i];
        if (ch == '"') {
            for (i++; i < len && text[i] != '"'; i++)
                if (text[i] == '\\')
                    i++;
            i++;
        } else if (ch == '-' || (ch >= '0' && ch <= '9')) {
            size_t start = i;
            while (i < len && text[i] && strchr("+-.0123456789eE", text[i]))
                i++;
            if (!beyond_range(text + start, i - start))
                continue;
            big_number *items = lb_grow(B->items, &B->cap, B->count + 1, sizeof *items);
            if (!items)
                return -1;
            B->items = items;
            B->items[B->count++] = (big_number){start, i - start};
        } else {
            i++;
        }
    }
    return 0;
}

static int report_big_number(void *ctx, const char *ptr, size_t ptrlen, jsonpos at)
{
    big_numbers *B = ctx;
    while (B->next < B->count && B->items[B->next].offset < at.offset)
        B->next++;
    if (B->next == B->count || B->items[B->next].offset != at.offset)
        return 1;
    const big_number *b = &B->items[B->next++];
    char path[CJ_PATH], found[TOKEN_SHOWN * 6 + 16], msg[LB_ERR_MSG_MAX];
    snprintf(path, sizeof path, "%.*s", (int)ptrlen, ptr);
    show_token(B->text + b->offset, b->len, found, sizeof found);
    /* the quotes of a token are not shown for a number */
    found[strlen(found) - 1] = '\0';
    if (strpbrk(found, ".eE"))
        snprintf(msg, sizeof msg, "expected a number of at most 1.8e308 in size, found %s",
                 found + 1);
    else
        snprintf(msg, sizeof msg, "expected an integer from -9223372036854775808 to "
                 "9223372036854775807, found %s", found + 1);
    lbi_scn_problem_placed(B->L, B->in, LB_INVALID, at.line, at.col, path, msg);
    lbi_scn_mark_reported(B->L, path);
    return 1;
}

/* Reads the text again with every number beyond range as null (padded to its length, so that
 * positions stay), reporting each at its path. */
static json_t *parse_without_big_numbers(loader *L, lbi_scn_source in, json_error_t *jerr)
{
    const lbi_scn_text *t = text_of(L, in);
    big_numbers B = {.L = L, .in = in, .text = t->text};
    char *copy = malloc(t->len ? t->len : 1);
    if (!copy || find_big_numbers(t->text, t->len, &B) != 0) {
        free(copy);
        free(B.items);
        L->nomem = 1;
        return NULL;
    }
    memcpy(copy, t->text, t->len);
    for (int i = 0; i < B.count; i++) {
        memset(copy + B.items[i].offset, ' ', B.items[i].len);
        memcpy(copy + B.items[i].offset, "null", 4); /* every such number has 5 bytes or more */
    }
    json_t *root = json_loadb(copy, t->len, JSON_REJECT_DUPLICATES, jerr);
    if (root && lbi_jsonpos_walk(copy, t->len, report_big_number, &B) != 0)
        L->nomem = 1;
    free(copy);
    free(B.items);
    return root;
}

int lbi_scn_parse(loader *L, lbi_scn_source in, json_t **out)
{
    const lbi_scn_text *t = text_of(L, in);
    /* plain valid JSON by yajl's faster lexer; anything else as jansson reads and reports it */
    *out = lbi_json_read(t->text, t->len);
    if (*out)
        return 0;
    json_error_t jerr;
    *out = json_loadb(t->text, t->len, JSON_REJECT_DUPLICATES, &jerr);
    if (!*out && json_error_code(&jerr) == json_error_numeric_overflow)
        *out = parse_without_big_numbers(L, in, &jerr);
    if (!*out) {
        if (L->nomem || json_error_code(&jerr) == json_error_out_of_memory)
            L->nomem = 1;
        else
            syntax_error(L, in, &jerr);
        return -1;
    }
    return 0;
}
