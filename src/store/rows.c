/* A saved game's record read back from a store: its journal rows in order, none missing, each readable (R-GAME-16), and its release. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rows.h"
#include "answer_int.h"
#include "decision_int.h"
#include "game_int.h"
#include "store_int.h"

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

void lbi_store_info_settings(lb_store_info *info, const char *settings)
{
    lb_game_settings set;
    lb_err err = {0};
    info->dice = -1;
    info->seed = 0;
    info->commitment[0] = '\0';
    info->players[0][0] = info->players[1][0] = '\0';
    if (!settings || lb_game_settings_from_json(settings, strlen(settings), &set, &err) != LB_OK)
        return;
    info->dice = (int)set.dice;
    info->seed = set.dice == LB_DICE_SEEDED ? set.seed : 0;
    if (set.dice == LB_DICE_SECRET)
        snprintf(info->commitment, sizeof info->commitment, "%s", set.commitment);
    for (int side = 0; side < 2; side++)
        snprintf(info->players[side], sizeof info->players[side], "%s", set.players[side]);
}

int lbi_store_rows_check(const lb_store *s, long long id, const lb_store_record *out, lb_err *err)
{
    if (out->journal.count != out->info.seq)
        return lb_err_set(err, LB_INVALID, "%s: game %lld: %d journal rows, but the game says %d",
                          s->where, id, out->journal.count, out->info.seq);
    return LB_OK;
}

void lb_store_record_release(lb_store_record *r)
{
    if (!r)
        return;
    free(r->scenario);
    free(r->settings);
    lb_journal_release(&r->journal);
    r->scenario = r->settings = NULL;
}
