/* A pass replaying a journal: rolls and answers from the journal, else new ones, journalled. */
#include <string.h>

#include "replay.h"
#include "decision_int.h"
#include "dice_int.h"

static const char *die_name(lb_die_kind die)
{
    return die == LB_DIE_TWO ? "two-dice roll" : "die";
}

int lbi_replay_roll(const lb_journal *j, int *cursor, lb_die_kind die, const char *purpose,
                    const char *who, lb_err *err, int *out)
{
    if (*cursor >= j->count)
        return LB_NOT_FOUND;
    const lb_journal_entry *e = &j->entries[*cursor];
    if (e->kind != LB_ENTRY_ROLL || e->die != die)
        return lb_err_set(err, LB_INVALID, "the journal's entry %d is not the %s the %s rolls "
                          "next (%s)", *cursor + 1, die_name(die), who, purpose);
    *out = e->value;
    ++*cursor;
    return LB_OK;
}

int lbi_replay_dice(lb_journal *j, int *cursor, lb_dice *dice, lb_die_kind die,
                    const char *purpose, lb_err *err, int *out)
{
    int rc = !dice               ? LB_DICE
             : die == LB_DIE_TWO ? lb_dice_roll(dice, purpose, out)
                                 : lb_dice_d6(dice, purpose, out);
    if (rc != LB_OK)
        return lb_err_set(err, LB_DICE, "the dice have no %s for the %s",
                          die == LB_DIE_TWO ? "two-dice roll 11-66" : "single die 1-6", purpose);
    if (lb_journal_roll(j, die, *out, purpose) != LB_OK)
        return LB_NOMEM;
    *cursor = j->count;
    return LB_OK;
}

int lbi_replay_answer(lb_journal *j, int *cursor, const lb_decision *d,
                      const lb_standing *standing, int n, int automatic, int record,
                      lb_err *err, int *choice, lb_decided_by *by)
{
    *choice = -1;
    *by = LB_BY_PLAYER;
    if (d->noptions == 0)
        return lb_err_set(err, LB_INVALID, "the %s decision about %s has no option",
                          lb_decision_kind_name(d->kind), d->subject);
    if (d->noptions == 1) {
        *choice = 0;
        return LB_OK;
    }
    if (*cursor < j->count) {
        const lb_journal_entry *e = &j->entries[*cursor];
        if (e->kind != LB_ENTRY_DECISION || e->decision != d->kind ||
            strcmp(e->subject, d->subject) != 0 || (*choice = lb_decision_find(d, e->key)) < 0)
            return lb_err_set(err, LB_INVALID, "the journal's entry %d does not answer the %s "
                              "decision about %s", *cursor + 1, lb_decision_kind_name(d->kind),
                              d->subject);
        *by = e->by;
        ++*cursor;
        return LB_OK;
    }
    *by = LB_BY_STANDING;
    *choice = lb_decision_standing(d, standing, n);
    if (*choice < 0 && automatic) {
        *choice = d->auto_choice;
        *by = LB_BY_AUTO;
    }
    if (*choice < 0)
        return LB_NOT_FOUND;
    if (record && lb_journal_decision(j, d, *choice, *by) != LB_OK)
        return LB_NOMEM;
    *cursor = j->count;
    return LB_OK;
}
