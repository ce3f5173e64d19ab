/* A pass replaying a journal (private): the next roll or answer from the journal, else a new one, journalled; shared by the charge and the melee. */
#ifndef LB_REPLAY_H
#define LB_REPLAY_H

#include "lb/rules.h"
#include "lb/core.h"
#include "lbi.h"

/*
 * R-DICE-3, R-CHG-26, R-MEL-22. A machine that stops for decisions (the charge, the melee)
 * replays its journal from the start on every pass: *cursor is the next entry to read. What the
 * journal holds is taken from it; past its end, rolls come from the caller's dice and answers
 * from a standing answer or the automatic option, and both are appended (the cursor follows the
 * end). `who` names the machine in messages ("charge", "melee"); a mismatch is reported on err.
 */

/* The journal's next entry as the roll the pass takes: LB_OK with *out (the cursor moves on);
 * LB_NOT_FOUND when the journal is used up; LB_INVALID (err says which entry) when the entry is
 * not a roll of that kind. */
LBI int lbi_replay_roll(const lb_journal *j, int *cursor, lb_die_kind die, const char *purpose,
                        const char *who, lb_err *err, int *out);
/* A new roll from dice (NULL: none to give), journalled: LB_OK, LB_DICE (err says which roll
 * the dice lack), LB_NOMEM. */
LBI int lbi_replay_dice(lb_journal *j, int *cursor, lb_dice *dice, lb_die_kind die,
                        const char *purpose, lb_err *err, int *out);
/* The answer to d: its only option; else the journal's next entry; else a standing answer of
 * standing (n of them) or, when automatic, its automatic option, journalled when record. LB_OK
 * with *choice and *by (LB_BY_PLAYER for the only option); LB_NOT_FOUND when nothing answers it
 * (offer it); LB_INVALID (err: no option, or the entry does not answer it); LB_NOMEM. d is not
 * released. */
LBI int lbi_replay_answer(lb_journal *j, int *cursor, const lb_decision *d,
                          const lb_standing *standing, int n, int automatic, int record,
                          lb_err *err, int *choice, lb_decided_by *by);

#endif
