/* Private to the library: the store functions its files share, not offered by the API. */
#ifndef LB_STORE_INT_H
#define LB_STORE_INT_H

#include "lb/store.h"
#include "lbi.h"

/* A new game with no rows and no dice secret (seeded dice); its id in *id. */
LBI int lb_store_create(lb_store *s, const char *title, const char *scenario_name,
                        const char *scenario, const char *settings, long long *id, lb_err *err);

/* Appends n rows at number seq, hash (may be NULL) on the last, in one transaction; LB_OK,
 * LB_CONFLICT (the game does not hold exactly seq rows: nothing written; the caller reloads),
 * LB_NOT_FOUND, LB_IO (a full disk, a read-only database, a server down: nothing written; only
 * a connection lost while the commit's answer was on its way leaves that unknown: reload). */
LBI int lb_store_append(lb_store *s, long long id, int seq, const lb_journal_entry *rows, int n,
                        const char *hash, const char *summary, lb_err *err);

/* Reads game id whole; LB_OK, LB_NOT_FOUND, LB_INVALID (rows missing or unreadable). */
LBI int lb_store_load(lb_store *s, long long id, lb_store_record *out, lb_err *err);

/* Frees what a record owns. */
LBI void lb_store_record_release(lb_store_record *r);

#endif
