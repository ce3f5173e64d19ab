/* A pass of a rules machine (the charge, the melee) settled in the game: its dice kept, what it traced since its last decision shown, then its decision offered, its result applied, or why it stopped. */
#include <stdio.h>

#include "decision_int.h"
#include "game_int.h"
#include "answer_int.h"
#include "trace_int.h"

/* Appends the steps of src from `from` on to t. */
static void trace_copy(lb_trace *t, const lb_trace *src, int from)
{
    for (int i = from; i < src->count; i++)
        lb_trace_copy_step(t, &src->steps[i]);
}

/* The machine's pending decision made the game's, in words (its prompt and options may be
 * events, lb_said, whose names are the machine's: they are written now). */
static int offer(lb_game *g, const lb_decision *src)
{
    lb_decision d;
    if (src->said.event)
        lbi_decision_said_init(&d, src->kind, src->side, src->subject, src->rule, &src->said);
    else
        lb_decision_init(&d, src->kind, src->side, src->subject, src->rule, "%s", src->prompt);
    int rc = LB_OK;
    for (int i = 0; i < src->noptions && rc == LB_OK; i++) {
        const lb_said *said = src->option_said ? &src->option_said[i] : NULL;
        if (said && said->event)
            rc = lbi_decision_said_add(&d, src->options[i].key, said);
        else
            rc = lb_decision_add(&d, src->options[i].key, "%s", src->options[i].text);
    }
    d.auto_choice = src->auto_choice;
    if (rc != LB_OK) {
        lb_decision_release(&d);
        return rc;
    }
    lb_decision_words(&d);
    lb_decision_move(&g->pending, &d);
    g->has_pending = 1;
    return LB_OK;
}

int lbi_machine_settle(lb_game *g, int rc, lb_dice *dice, const machine_pass *p)
{
    int drc = lbi_dice_end(g, dice);
    if (rc == LB_OK && drc != LB_OK)
        rc = drc;
    if (rc != LB_OK) {
        if (p->error[0])
            snprintf(g->error, sizeof g->error, "the %s: %s", p->name, p->error);
        return rc;
    }
    /* R-GAME-3, R-GAME-21: what the machine did since its last decision is shown before the
     * next one */
    trace_copy(g->tr, p->trace, g->shown);
    g->shown = p->trace->count;
    if (p->status == p->decide)
        return offer(g, p->pending);
    if (p->status == p->done)
        return p->finish(g);
    snprintf(g->error, sizeof g->error, "the %s was refused after it began: %s", p->name,
             p->refusal);
    return LB_INVALID;
}
