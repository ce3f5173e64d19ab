/* The 64-bit state hash (R-GAME-13): FNV-1a over every unit, the reinforcements, objectives, the clock, the segment, the game's records and the pending decision. */
#include <string.h>

#include "game_int.h"
#include "state_int.h"
#include "melee_int.h"
#include "charge_int.h"
#include "decision_int.h"

#define FNV_OFFSET 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

static void mix(uint64_t *h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        *h ^= p[i];
        *h *= FNV_PRIME;
    }
}

static void mix_int(uint64_t *h, long long v)
{
    mix(h, &v, sizeof v);
}

/* A string with its terminator, so "ab"+"c" and "a"+"bc" differ; NULL as one marker byte. */
static void mix_str(uint64_t *h, const char *s)
{
    if (s)
        mix(h, s, strlen(s) + 1);
    else
        mix(h, "\xff", 1);
}

static void mix_unit(uint64_t *h, const lb_unit *u)
{
    mix_str(h, u->id);
    mix_str(h, u->name);
    mix_str(h, u->nation);
    mix_str(h, u->cls);
    const long long values[] = {u->side,     u->arm,       u->increments, u->losses, u->fire,
                                u->melee,    u->movement,  u->morale,     u->formation,
                                u->state,    u->facing,    u->lance,      u->readiness,
                                u->nbonus,   u->nhexes,    u->level_mod};
    for (size_t i = 0; i < sizeof values / sizeof *values; i++)
        mix_int(h, values[i]);
    if (u->battalions > 1) /* R-STACK-1; the default adds nothing, so older hashes stand */
        mix_int(h, u->battalions);
    if (u->org_level) /* R-MOV-20; level 0 adds nothing, so older hashes stand */
        mix_int(h, u->org_level);
    for (int k = 0; k < u->nbonus; k++) {
        mix_str(h, u->bonus[k].key);
        mix_int(h, u->bonus[k].value);
    }
    for (int k = 0; k < u->nhexes; k++) {
        mix_int(h, u->hexes[k].col);
        mix_int(h, u->hexes[k].row);
    }
    mix_str(h, u->attached);
    const lb_move_record *m = &u->move;
    const long long record[] = {m->spent,      m->actions,    m->steps,   m->start_formation,
                                m->start_state, m->first_form_change, m->hold, m->hold_next,
                                m->march,      m->march_turns, m->stopped, m->prolonged, m->rode};
    for (size_t i = 0; i < sizeof record / sizeof *record; i++)
        mix_int(h, record[i]);
}

static void mix_decision(uint64_t *h, const lb_decision *d)
{
    mix_str(h, lb_decision_kind_name(d->kind)); /* names, not numbers: stable across versions */
    mix_int(h, d->side);
    mix_str(h, d->subject);
    mix_int(h, d->noptions);
    for (int i = 0; i < d->noptions; i++)
        mix_str(h, d->options[i].key);
}

/* The tasks the game has still to run (checks, retreats ...). */
static void mix_tasks(uint64_t *h, const lb_game *g)
{
    mix_int(h, g->ntasks);
    for (int i = 0; i < g->ntasks; i++) {
        const task *t = &g->tasks[i];
        mix_int(h, t->kind);
        mix_str(h, t->unit);
        mix_int(h, t->retreat);
        mix_int(h, t->modifier);
        mix_str(h, t->why);
        /* R-MOR-18, R-RET-22: mixed only when set, so that a game without them hashes as
         * before; the events' numbering (g->events, each record's checked_event) is no state */
        if (t->event || t->failed || t->kind >= TASK_TRIGGERED) {
            mix_int(h, t->cause);
            mix_int(h, t->event);
            mix_int(h, t->failed);
            mix_int(h, t->hex.col);
            mix_int(h, t->hex.row);
        }
    }
}

/* A move under way: its actions, the one now, the fire taken at it. */
static void mix_job(uint64_t *h, const move_job *j)
{
    mix_int(h, j->active);
    if (!j->active)
        return;
    mix_str(h, j->unit);
    mix_str(h, j->with);
    for (int i = 0; i < j->nactions; i++) {
        const lb_move_action *a = &j->actions[i];
        const long long act[] = {a->kind, a->dir, a->facing, a->formation, a->nhexes};
        for (size_t k = 0; k < sizeof act / sizeof *act; k++)
            mix_int(h, act[k]);
        for (int k = 0; k < a->nhexes; k++) {
            mix_int(h, a->hexes[k].col);
            mix_int(h, a->hexes[k].row);
        }
    }
    mix_int(h, j->next);
    mix_int(h, j->passed);
    for (int i = 0; i < j->nfired; i++)
        mix_str(h, j->fired[i]);
}

uint64_t lb_game_hash(const lb_game *g)
{
    uint64_t h = FNV_OFFSET;
    const lb_state *st = g->st;
    const long long clock[] = {g->turn_index, g->half, st->turn.minutes, st->turn.phasing,
                               st->turn.segment, g->over, g->conceded, st->rules};
    for (size_t i = 0; i < sizeof clock / sizeof *clock; i++)
        mix_int(&h, clock[i]);
    /* R-GAME-13: the dice to come: the seeded generator, or how many draws secret dice have
     * made (never the secret itself) */
    if (g->settings.dice == LB_DICE_SEEDED)
        mix(&h, &g->rng, sizeof g->rng);
    else
        mix_int(&h, g->draws);
    mix_int(&h, st->nunits);
    for (int i = 0; i < st->nunits; i++)
        mix_unit(&h, &st->units[i]);
    const lb_battle *b = &g->origin->battle;
    mix(&h, g->entered, (size_t)b->nreinforcements);
    for (int k = 0; k < b->victory.nobjectives; k++)
        mix_int(&h, g->holder[k]);
    for (int k = 0; k < b->norgs; k++)
        mix_int(&h, g->org_level[k]);
    mix(&h, g->targeted, (size_t)(st->map.cols * st->map.rows) * sizeof *g->targeted);
    mix(&h, g->assaulted, (size_t)(st->map.cols * st->map.rows) * sizeof *g->assaulted);
    for (int i = 0; i < g->nrecs; i++) {
        const unit_rec *r = &g->recs[i];
        const long long rec[] = {r->fired_step,   r->fired_half, r->fired_at.col, r->fired_at.row,
                                 r->df_loss_half, r->df_loss,    r->charged_step, r->meleed_step,
                                 r->fought_step,  r->fire_loss_step, r->retired_step,
                                 r->rested_step};
        for (size_t k = 0; k < sizeof rec / sizeof *rec; k++)
            mix_int(&h, rec[k]);
        if (r->reacted_step >= 0) /* games without reactions keep their hashes */
            mix_int(&h, r->reacted_step);
    }
    for (int s = 0; s < 2; s++) {
        mix_int(&h, g->tally_increments[s]);
        mix_int(&h, g->tally_surrendered[s]);
        mix_int(&h, g->tally_leaders[s]);
    }
    mix_tasks(&h, g);
    mix_int(&h, g->nobligations);
    for (int i = 0; i < g->nobligations; i++) {
        const obligation *o = &g->obligations[i];
        mix_int(&h, o->kind);
        mix_str(&h, o->unit);
        mix_str(&h, o->other);
        mix_int(&h, o->step);
        mix_int(&h, o->melee_times.num);
        mix_int(&h, o->melee_times.den);
        mix_int(&h, o->charge_bonus);
        if (o->reactor)
            mix_int(&h, o->reactor);
    }
    mix_job(&h, &g->job);
    if (g->charge) { /* a charge under way: its decisions and dice so far, and where it stands */
        const lb_journal *j = lb_charge_journal(g->charge);
        for (int i = 0; i < j->count; i++) {
            const lb_journal_entry *e = &j->entries[i];
            mix_int(&h, e->kind);
            mix_str(&h, e->key);
            mix_int(&h, e->value);
        }
        const lb_state *w = lb_charge_state(g->charge);
        for (int i = 0; w && i < w->nunits; i++)
            mix_unit(&h, &w->units[i]);
    }
    if (g->melee) { /* a melee under way: its decisions and dice so far, and where it stands */
        mix_str(&h, g->melee_at);
        const lb_journal *j = lb_melee_journal(g->melee);
        for (int i = 0; i < j->count; i++) {
            mix_int(&h, j->entries[i].kind);
            mix_str(&h, j->entries[i].key);
            mix_int(&h, j->entries[i].value);
        }
        const lb_state *w = lb_melee_state(g->melee);
        for (int i = 0; w && i < w->nunits; i++)
            mix_unit(&h, &w->units[i]);
    }
    for (int k = 0; k < g->nnever_play; k++) /* R-OCH-13; games without keep their hashes */
        mix_str(&h, g->never_play[k]);
    mix_int(&h, g->has_pending);
    if (g->has_pending)
        mix_decision(&h, &g->pending);
    return h;
}
