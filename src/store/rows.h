/* Journal rows read back from a store (library-internal): the checks every store makes on them, with the same messages. */
#ifndef LB_STORE_ROWS_H
#define LB_STORE_ROWS_H

#include "lb/store.h"
#include "lbi.h"

/* Adds the row numbered seq (its entry as JSON, its hash or NULL) to out's journal: it must be
 * the next number and readable. LB_OK; LB_INVALID naming the store, the game and the row;
 * LB_NOMEM. */
LBI int lbi_store_row_add(const lb_store *s, long long id, lb_store_record *out, int seq,
                          const char *entry, const char *hash, lb_err *err);
/* What a listed game's settings JSON says: its dice (R-DICE-3: mode, seed or commitment) and
 * who plays each side. */
LBI void lbi_store_info_settings(lb_store_info *info, const char *settings);
/* After the last row: the journal holds as many rows as the game says. LB_OK or LB_INVALID. */
LBI int lbi_store_rows_check(const lb_store *s, long long id, const lb_store_record *out,
                             lb_err *err);

#endif
