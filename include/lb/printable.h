/* Printable text: well-formed UTF-8 without control characters, any text written so that a terminal shows it and is never driven by it, and the nearest name to a slip. */
#ifndef LB_PRINTABLE_H
#define LB_PRINTABLE_H

#include <stddef.h>

/*
 * Text a person typed or a file gave may hold bytes that drive a terminal when printed: ESC
 * starts a control sequence (ESC [ 2 J clears the screen), U+009B is the same in UTF-8, a byte
 * that is not UTF-8 (0x9B alone) is that control to a terminal of 8-bit characters. Printable text
 * is well-formed UTF-8 (RFC 3629: no overlong form, no surrogate, nothing past U+10FFFF) with no
 * control character: U+0000-U+001F, U+007F-U+009F; a tab may be allowed.
 */

/* The first thing that keeps text from being printable. */
typedef struct lb_unprintable {
    size_t offset; /* of its first byte */
    int column;    /* 1-based, in characters (a byte that is not UTF-8 counts as one) */
    int control;   /* the control character's code point, or -1 for a byte that is not UTF-8 */
    int byte;      /* that byte (when control is -1) */
} lb_unprintable;

/* Is s[0..len) printable text (a tab allowed when tab is true)? 1; or 0 with *where (when not
 * NULL) at the first control character or byte that is not UTF-8. NUL is a control character. */
int lb_printable_check(const char *s, size_t len, int tab, lb_unprintable *where);

/* s[0..len) as it may be printed: control characters (NUL, tab and newline too) as \u00XX, each
 * byte that is not UTF-8 as \xNN, the rest as it is; shortened to fit n bytes (at least 4),
 * ending in "..." when cut. Returns buf, NUL-terminated. */
const char *lb_printable(const char *s, size_t len, char *buf, size_t n);

/* Did you mean: the index of the word of words (n of them) nearest to s, a slip of the keyboard
 * (an edit distance of at most a third of s's length, 1 to 3, letters compared without case;
 * the first of equals), or -1 when none is that near. */
int lb_nearest_word(const char *s, const char *const *words, int n);

#endif
