/* Journal rows read back from a store: in order, none missing, each readable (R-GAME-16). */
#include <stdio.h>
#include <string.h>

#include "rows.h"

int lbi_store_row_add(const lb_store *s, long long id, lb_store_record *out, int seq,
                      const char *entry, const char *hash, lb_err *err)
{
    if (seq != out->journal.count)
        return lb_err_set(err, LB_INVALID, "%s: game %lld: journal row %d is missing", s->where,
                          id, out->journal.count);
    lb_journal_entry e;
    lb_err perr = {0};
    if (!entry || lb_journal_entry_from_json(entry, strlen(entry), &e, &perr) != LB_OK)
        return lb_err_set(err, LB_INVALID, "%s: game %lld: journal row %d is unreadable: %s",
                          s->where, id, seq, perr.msg);
    if (lb_journal_push(&out->journal, &e) != LB_OK)
        return lb_err_set(err, LB_NOMEM, "out of memory");
    if (hash)
        snprintf(out->last_hash, sizeof out->last_hash, "%s", hash);
    return LB_OK;
}

int lbi_store_rows_check(const lb_store *s, long long id, const lb_store_record *out, lb_err *err)
{
    if (out->journal.count != out->info.seq)
        return lb_err_set(err, LB_INVALID, "%s: game %lld: %d journal rows, but the game says %d",
                          s->where, id, out->journal.count, out->info.seq);
    return LB_OK;
}
