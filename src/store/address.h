/* Store addresses as they may be shown (library-internal): every password replaced by ***, in the address and in what libpq or the server says about it. */
#ifndef LB_STORE_ADDRESS_H
#define LB_STORE_ADDRESS_H

#include <stddef.h>

#include "lb/store.h"
#include "lbi.h"

/* The shown text of every password in address: replaced by "***" (lb_store_printable). */
#define LBI_HIDDEN "***"

/* The address as lb_store_printable shows it, into buf (n bytes, cut to fit). */
LBI void lbi_address_printable(const char *address, char *buf, size_t n);

/* text (a message of libpq's or of the database server's, which may quote the address or a
 * piece of it) into out (n bytes, cut to fit): each copy of address as lb_store_printable shows
 * it, then each password address holds, as written there and as libpq reads it (percent-decoded,
 * unquoted), replaced by "***". */
LBI void lbi_address_scrub(const char *address, const char *text, char *out, size_t n);

/* How many passwords libpq's own parser reads from address that no hidden part of it holds: 0
 * unless this file reads addresses otherwise than libpq does (those are hidden all the same, by
 * their value; the tests compare the two readings on generated addresses). */
LBI int lbi_address_missed(const char *address);

#endif
