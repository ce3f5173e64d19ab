/* Positions in JSON text: lines and columns of values named by JSON Pointers, found in one pass (library-internal). */
#ifndef LB_JSONPOS_H
#define LB_JSONPOS_H

#include <stddef.h>
#include "lbi.h"

/*
 * Jansson keeps no positions, so problems found after parsing are placed afterwards: the loader
 * collects their JSON Pointers and lbi_jsonpos_locate_all finds them all in one walk over the text,
 * entering only the objects and lists on the way to one of them. Lines and columns are 1-based;
 * columns count characters (UTF-8 code points), as jansson does.
 */
typedef struct jsonpos {
    int line;
    int col;
    size_t offset; /* byte offset of the value's first character */
    int complete;  /* 1: the whole pointer was found; 0: this is its deepest existing parent */
} jsonpos;

/* Called for each value of the text, in document order, with its JSON Pointer (ptrlen bytes,
 * not NUL-terminated) and position; returns 1 to enter the value when it is an object or a list,
 * 0 to skip its contents. */
typedef int (*jsonpos_visit)(void *ctx, const char *ptr, size_t ptrlen, jsonpos at);
/* Walks valid JSON text (it parsed); 0, or -1 when out of memory. */
LBI int lbi_jsonpos_walk(const char *text, size_t len, jsonpos_visit visit, void *ctx);

/* Places the n pointers ptrs[i] ("" is the whole document) in valid JSON text, in one walk:
 * out[i] is the value's position, or its deepest existing parent's with complete 0. 0, or -1
 * when out of memory. */
LBI int lbi_jsonpos_locate_all(const char *text, size_t len, const char *const *ptrs, int n,
                               jsonpos *out);
/* Position of the k-th character (0-based, after unescaping) inside the string at `at`. */
LBI jsonpos lbi_jsonpos_string_char(const char *text, size_t len, jsonpos at, int k);
/* Line and column of byte offset `at` (at most len). */
LBI jsonpos lbi_jsonpos_at_offset(const char *text, size_t len, size_t at);

/* Writes base + "/" + key with key escaped for a JSON Pointer (~ as ~0, / as ~1); out may be base. */
LBI void lbi_jsonpos_append_key(char *out, size_t n, const char *base, const char *key);
/* For a syntax error at byte offset `at` of text that may be invalid from there on: the JSON
 * Pointer of the value being read there into path ("" for the whole document), and the offset of
 * the token being read (the last one that starts before `at`; `at` when there is none). */
LBI void lbi_jsonpos_path_at(const char *text, size_t len, size_t at, char *path, size_t n,
                             size_t *token);

/* A syntax error that jansson found in text, placed: the code (LB_SYNTAX, or LB_LIMIT past its
 * nesting), the line and column of the bad token's first character, the JSON Pointer of the
 * value being read ("/" for the whole document) and "expected …, found …" into *out (its file
 * left empty). In scenario_parse.c, beside the loader's own use of it. */
struct json_error_t;
struct lb_err;
LBI void lbi_json_syntax_error(const char *text, size_t len, const struct json_error_t *jerr,
                               struct lb_err *out);

#endif
