/* The game's dice: rolled by its PCG32 and journalled in play, taken from the journal in replay with the generator kept in step. */
#include <stdio.h>
#include <string.h>

#include "game_int.h"

/* R-GAME-14: while the journal holds entries not yet replayed, the dice are the rolls that
 * follow the cursor; past its end they come from the game's generator. */
void lbi_dice_begin(lb_game *g, lb_dice *d)
{
    memset(d, 0, sizeof *d);
    if (g->replaying && g->cursor < g->eff.count) {
        d->scripted = 1;
        for (int k = g->cursor; k < g->eff.count && d->script_len < LB_DICE_SCRIPT_MAX; k++) {
            const lb_journal_entry *e = &g->eff.entries[k];
            if (e->kind != LB_ENTRY_ROLL)
                break;
            d->script[d->script_len++] = e->value;
        }
        return;
    }
    d->rng = g->rng;
}

int lbi_dice_end(lb_game *g, const lb_dice *d)
{
    if (d->log_len > LB_DICE_LOG_MAX)
        return LB_INVALID;
    if (!d->scripted) {
        g->rng = d->rng;
        for (int i = 0; i < d->log_len; i++) {
            const lb_roll_record *r = &d->log[i];
            lb_trace_add(g->tr, "R-DICE-3", "(8)", "%s: %d", r->purpose, r->value);
            if (r->kind == LB_DIE_TWO)
                lb_trace_roll(g->tr, "roll", r->value);
            else
                lb_trace_die(g->tr, "die", r->value);
            if (lb_journal_roll(&g->journal, r->kind, r->value, r->purpose) != LB_OK ||
                lb_journal_roll(&g->eff, r->kind, r->value, r->purpose) != LB_OK)
                return LB_NOMEM;
        }
        return LB_OK;
    }
    /* replay: the rolls taken must be the journal's, and the generator moves as in play */
    lb_dice step;
    memset(&step, 0, sizeof step);
    step.rng = g->rng;
    for (int i = 0; i < d->log_len; i++) {
        const lb_roll_record *r = &d->log[i];
        const lb_journal_entry *e = &g->eff.entries[g->cursor + i];
        if (e->kind != LB_ENTRY_ROLL || e->die != r->kind ||
            strncmp(e->purpose, r->purpose, LB_PURPOSE_MAX - 1) != 0) {
            snprintf(g->error, sizeof g->error, "entry %d is a %s for \"%s\", but the rules "
                     "roll for \"%s\"", g->cursor + i + 1, e->die == LB_DIE_TWO ? "roll" : "die",
                     e->purpose, r->purpose);
            return LB_INVALID;
        }
        int v;
        if (r->kind == LB_DIE_TWO)
            lb_dice_roll(&step, r->purpose, &v);
        else
            lb_dice_d6(&step, r->purpose, &v);
        lb_trace_add(g->tr, "R-DICE-3", "(8)", "%s: %d (from the journal)", r->purpose,
                     r->value);
    }
    g->rng = step.rng;
    g->cursor += d->log_len;
    return LB_OK;
}
