/* JSON text to a jansson tree by yajl's lexer, for the texts whose reading needs nothing of jansson's own (library-internal). */
#ifndef LB_JSON_READ_H
#define LB_JSON_READ_H

#include <jansson.h>
#include <stddef.h>

#include "lbi.h"

/*
 * The tree json_loadb(text, len, JSON_REJECT_DUPLICATES, …) builds, built from yajl's callbacks
 * (yajl's lexer is several times faster than jansson's), or NULL whenever the text is anything
 * but plain valid JSON: a syntax error, a number beyond range or of 64 characters or more,
 * \u0000, a lone surrogate, invalid UTF-8, a control character or NUL byte, a duplicate key, a
 * top-level value that is not an object or a list, nesting deeper than LBI_JSON_READ_DEPTH, a
 * decimal point other than '.', or no memory. The caller then reads the text with jansson, whose
 * answer and messages are the contract: this path only ever returns what jansson would.
 * One difference: equal short strings and equal integers 0-255 are one shared value (json_equal
 * cannot tell; fewer blocks to allocate and free), so the tree's scalars are never to be changed
 * in place (the loader reads them; it only sets members of objects).
 */
#define LBI_JSON_READ_DEPTH 1024
LBI json_t *lbi_json_read(const char *text, size_t len);

#endif
