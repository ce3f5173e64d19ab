/* The game's basics below its segments: the names of verdicts and outcomes, the step of the Chronology, a unit's record by id, and an answer begun, refused or found stale (R-GAME-12). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "game_int.h"
#include "state_int.h"

static const char *const verdict_names[] = {"accepted", "stale", "not-yours", "illegal",
                                            "no-decision"};
static const char *const outcome_names[] = {"none", "draw", "marginal", "substantive", "decisive"};

const char *lb_verdict_name(lb_verdict v)
{
    return verdict_names[v];
}

const char *lb_outcome_name(lb_outcome o)
{
    return outcome_names[o];
}

int lbi_game_step(const lb_game *g)
{
    return g->turn_index * STEPS_PER_TURN + g->half * STEPS_PER_SIDE + (int)g->st->turn.segment;
}

int lbi_game_phasing(const lb_game *g)
{
    return g->st->turn.phasing;
}

int lbi_game_refuse(lb_game_answer *out, lb_verdict v, const char *rule, const char *fmt, ...)
{
    out->verdict = v;
    out->rule = rule;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out->reason, sizeof out->reason, fmt, ap);
    va_end(ap);
    return LB_OK;
}

const unit_rec *lbi_game_rec_of(const lb_game *g, const char *id)
{
    for (int i = 0; i < g->nrecs; i++)
        if (strcmp(g->recs[i].id, id) == 0)
            return &g->recs[i];
    return NULL;
}

unit_rec *lbi_game_rec(lb_game *g, const char *id)
{
    return (unit_rec *)lbi_game_rec_of(g, id);
}

void lbi_game_answer_init(const lb_game *g, lb_game_answer *out)
{
    memset(out, 0, sizeof *out);
    out->seq_before = out->seq_after = g->journal.count;
}

int lbi_game_answer_stale(const lb_game *g, int seq, lb_game_answer *out)
{
    lbi_game_answer_init(g, out);
    if (seq == g->journal.count)
        return 0;
    lbi_game_refuse(out, LB_REFUSED_STALE, "R-GAME-12", "the game is at %d, not %d: look again",
                    g->journal.count, seq);
    return 1;
}
