/* Positions in JSON text: the line and column of the value at a JSON Pointer (library-internal). */
#ifndef LB_JSONPOS_H
#define LB_JSONPOS_H

#include <stddef.h>

/*
 * Jansson keeps no positions, so errors found after parsing are placed by scanning the text
 * again, only when there is an error to report. The text must be valid JSON (it parsed).
 * Lines and columns are 1-based; columns count characters (UTF-8 code points), as jansson does.
 */
typedef struct jsonpos {
    int line;
    int col;
    size_t offset; /* byte offset of the value's first character */
    int complete;  /* 1: the whole pointer was found; 0: this is its deepest existing parent */
} jsonpos;

/* Locates the value at pointer ptr ("" is the whole document). */
jsonpos jsonpos_locate(const char *text, size_t len, const char *ptr);
/* Position of the k-th character (0-based, after unescaping) inside the string at `at`. */
jsonpos jsonpos_string_char(const char *text, size_t len, jsonpos at, int k);

/* Writes base + "/" + key with key escaped for a JSON Pointer (~ as ~0, / as ~1); out may be base. */
void jsonpos_append_key(char *out, size_t n, const char *base, const char *key);
/* JSON Pointer of the value being read at byte offset `at` of text that may be invalid from
 * there on (used to place syntax errors); writes "" for the whole document. */
void jsonpos_path_at(const char *text, size_t len, size_t at, char *path, size_t n);

#endif
