/* The game's dice: drawn from its seeded generator or keyed by its secret and journalled in play, taken from the journal in replay; the stream past every roll ever drawn, so that it never rewinds. */
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "game_events.h"
#include "decision_int.h"
#include "dice_int.h"
#include "trace_int.h"
#include "game_dice_int.h"

#define SEEDED_NOTE "seeded: not for play"

/* R-GAME-14: the k-th draw follows every ROLL entry of the whole journal, those an undo took
 * back included, so that an undo never gives the same dice again. */
void lbi_dice_sync(lb_game *g)
{
    lb_dice d;
    lb_dice_init_seed(&d, g->settings.seed);
    g->draws = 0;
    for (int i = 0; i < g->journal.count; i++) {
        const lb_journal_entry *e = &g->journal.entries[i];
        if (e->kind != LB_ENTRY_ROLL)
            continue;
        g->draws++;
        if (g->settings.dice == LB_DICE_SEEDED)
            lb_dice_skip(&d, e->die);
    }
    g->rng = g->settings.dice == LB_DICE_SEEDED ? d.rng : (lb_pcg32){0, 0};
}

/* R-GAME-14: while the journal holds entries not yet replayed, the dice are the rolls that
 * follow the cursor; past its end they are the game's own (R-DICE-3). */
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
    if (g->settings.dice == LB_DICE_SECRET)
        lb_dice_init_keyed(d, g->settings.secret, (uint64_t)g->draws);
    else
        d->rng = g->rng;
}

int lbi_dice_end(lb_game *g, const lb_dice *d)
{
    if (d->log_len > LB_DICE_LOG_MAX)
        return LB_INVALID;
    if (!d->scripted) {
        g->rng = d->rng;
        g->draws += d->log_len;
        for (int i = 0; i < d->log_len; i++) {
            const lb_roll_record *r = &d->log[i];
            LBI_EVENT(g->tr, "R-DICE-3", "(8)", EV_GAME_ROLL, ev_text(r->purpose),
                      ev_roll(r->value));
            if (r->kind == LB_DIE_TWO)
                lb_trace_roll(g->tr, "roll", r->value);
            else
                lb_trace_die(g->tr, "die", r->value);
            if (lb_journal_roll(&g->journal, r->kind, r->value, r->purpose) != LB_OK ||
                lb_journal_roll(&g->eff, r->kind, r->value, r->purpose) != LB_OK)
                return LB_NOMEM;
        }
        /* rolled past the journal's end while it is rebuilt (a start that rolls before its
         * first decision): taken, not left for the replay to meet */
        if (g->replaying)
            g->cursor = g->eff.count;
        return LB_OK;
    }
    /* replay: the rolls taken must be the journal's; the game's own dice are already past them
     * (lbi_dice_sync) */
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
        LBI_EVENT(g->tr, "R-DICE-3", "(8)", EV_GAME_ROLL_JOURNAL, ev_text(r->purpose),
                  ev_roll(r->value));
    }
    g->cursor += d->log_len;
    return LB_OK;
}

int lb_game_draws(const lb_game *g)
{
    return g->draws;
}

uint64_t lb_game_ai_seed(const lb_game *g)
{
    return g->settings.dice == LB_DICE_SECRET ? g->settings.ai_seed : g->settings.seed;
}

int lb_game_settings_secret(lb_game_settings *s)
{
    /* the computer's seed from other bytes than the secret's: it tells nothing of them */
    unsigned char secret[LB_DICE_SECRET_BYTES], more[LB_DICE_SECRET_BYTES];
    if (lb_dice_secret_new(secret) != LB_OK || lb_dice_secret_new(more) != LB_OK)
        return LB_IO;
    s->dice = LB_DICE_SECRET;
    memcpy(s->secret, secret, sizeof secret);
    lb_dice_commitment(secret, s->commitment);
    s->first_draw = 0;
    memcpy(&s->ai_seed, more, sizeof s->ai_seed);
    s->ai_seed &= INT64_MAX; /* as every seed: a JSON reader with 64-bit integers reads it */
    return LB_OK;
}

int lb_game_settings_reveal(lb_game_settings *s, const char *hex, lb_err *err)
{
    unsigned char secret[LB_DICE_SECRET_BYTES];
    char commitment[LB_DICE_HEX_MAX];
    if (lb_dice_secret_parse(hex, secret) != LB_OK)
        return lb_err_set(err, LB_INVALID, "expected a dice secret of 64 hex digits");
    lb_dice_commitment(secret, commitment);
    if (strcmp(commitment, s->commitment) != 0)
        return lb_err_set(err, LB_INVALID, "the dice secret's SHA-256 is %s, not the commitment "
                          "%s", commitment, s->commitment);
    memcpy(s->secret, secret, sizeof secret);
    return LB_OK;
}

/* R-DICE-3: a seeded game says what it is; secret dice show their commitment, and their secret
 * once the battle is over (every roll can then be checked, docs/api.md "Fair dice"). */
json_t *lbi_dice_json(const lb_game *g)
{
    const lb_game_settings *s = &g->settings;
    json_t *o;
    if (s->dice == LB_DICE_SEEDED) {
        char seed[24];
        snprintf(seed, sizeof seed, "%" PRIu64, s->seed);
        /* a seed above 2^63 - 1 (only an edited export has one) as its decimal string */
        o = json_pack("{s:s,s:o,s:s}", "mode", "seeded", "seed",
                      s->seed <= INT64_MAX ? json_integer((json_int_t)s->seed) : json_string(seed),
                      "note", SEEDED_NOTE);
    } else {
        o = json_pack("{s:s,s:s,s:i}", "mode", "secret", "commitment", s->commitment,
                      "first_draw", s->first_draw);
        if (o && g->over) {
            char hex[LB_DICE_HEX_MAX];
            lb_dice_secret_hex(s->secret, hex);
            json_object_set_new(o, "secret", json_string(hex));
        }
    }
    return o;
}

int lb_game_dice_json(const lb_game *g, char **out)
{
    json_t *o = lbi_dice_json(g);
    *out = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    return *out ? LB_OK : LB_NOMEM;
}
