/* Printable text's insides (private): one character read at a time, and text appended as it may be printed. */
#ifndef LB_PRINTABLE_INT_H
#define LB_PRINTABLE_INT_H

#include <stddef.h>

#include "lbi.h"

/* What a character is to a terminal. */
enum { LBI_CHAR_TEXT, LBI_CHAR_CONTROL, LBI_CHAR_NOT_UTF8 };

/* The character at s, of at most avail bytes (at least 1): its length in bytes (1 for a byte that
 * is not UTF-8), its kind into *kind and into *code its code point (text, control) or the byte
 * (not UTF-8). */
LBI int lbi_char_at(const unsigned char *s, size_t avail, int *kind, unsigned *code);
/* Appends s[0..len) written as lb_printable writes it (not shortened) at buf + *used, what fits
 * of n bytes, NUL-terminated (when n > 0); *used counts the whole length. */
LBI void lbi_printable_append(char *buf, size_t n, size_t *used, const char *s, size_t len);

#endif
