/* Errors: result codes, and error records carrying a message, file, line, column and JSON path. */
#ifndef LB_ERR_H
#define LB_ERR_H

#include <stddef.h>

/*
 * Every library function that can fail returns an int code from LB_ERRORS and fills an optional
 * lb_err. The library never prints or exits. Validation that finds several problems collects
 * them in an lb_errlist, which the caller releases. An illegal order is not an error: the rule
 * answers "no" with its reason.
 */

#define LB_ERRORS(X)                                              \
    X(OK, "ok")                                                   \
    X(NOMEM, "out of memory")                                     \
    X(IO, "cannot read the file")                                 \
    X(SYNTAX, "invalid JSON")                                     \
    X(INVALID, "invalid input")                                   \
    X(NOT_FOUND, "not found")                                     \
    X(USAGE, "invalid request")                                   \
    X(DICE, "the scripted dice do not fit the rolls asked for")   \
    X(LIMIT, "input beyond a limit of the format")                \
    X(CONFLICT, "the saved game moved on: stale sequence number") \
    X(STALE, "the state changed since this result was computed")

enum {
#define LB_ERR_ENUM(name, text) LB_##name,
    LB_ERRORS(LB_ERR_ENUM)
#undef LB_ERR_ENUM
    LB_ERR_COUNT
};

#define LB_ERR_FILE_MAX 256
#define LB_ERR_PATH_MAX 256
#define LB_ERR_MSG_MAX 512

typedef struct lb_err {
    int code;
    char file[LB_ERR_FILE_MAX]; /* "" when not about a file */
    int line;                   /* 1-based; 0 when unknown */
    int col;                    /* 1-based, in characters; 0 when unknown */
    char path[LB_ERR_PATH_MAX]; /* JSON Pointer ("/units/3/morale"); "" when none */
    char msg[LB_ERR_MSG_MAX];   /* "expected …, found …" */
} lb_err;

/* A growable list of errors; zero-initialise, then lb_errlist_release. */
typedef struct lb_errlist {
    lb_err *items;
    int count;
    int cap;
} lb_errlist;

/* Short description of a code. */
const char *lb_err_str(int code);
/* Fills e (when not NULL) with code and a printf-style message, clearing position fields; returns code. */
int lb_err_set(lb_err *e, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Formats "FILE:LINE:COL: PATH: MSG", leaving out the parts that are unknown; control characters
 * (U+0000-U+001F, U+007F-U+009F) are written as \u00XX so that a message never drives the terminal.
 * Returns the length of the whole line (which may exceed n - 1 when buf is too small). */
int lb_err_fmt(const lb_err *e, char *buf, size_t n);
/* s as a JSON string for a message ("fr-6le-1", "\u001B[31m"): quotes, backslashes and control
 * characters escaped, bytes that are not UTF-8 as \xNN; shortened to fit n bytes (at least 8),
 * ending in ..." when cut. Returns buf. */
const char *lb_err_quote(const char *s, char *buf, size_t n);
/* Appends a copy of e; returns LB_OK or LB_NOMEM. */
int lb_errlist_push(lb_errlist *list, const lb_err *e);
/* Sorts by file (in the order files first appear), then line, then column, keeping the order of
 * equal positions, so messages read in file order; O(n log n). */
void lb_errlist_sort(lb_errlist *list);
/* Frees the items and empties the list. */
void lb_errlist_release(lb_errlist *list);

#endif
