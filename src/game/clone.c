/* A what-if copy of a game: the same state, journal and pending decision, its own dice, no trace. */
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "state_int.h"
#include "decision_int.h"
#include "retreat_int.h"

/* A copy of n items of size bytes (n may be 0), or NULL when out of memory. */
static void *copy_of(const void *src, size_t n, size_t size)
{
    void *p = malloc((n ? n : 1) * size);
    if (p && n)
        memcpy(p, src, n * size);
    return p;
}

/* The pending decision p into c's, its options, index and actions copied (the game's decisions
 * are in words already: no said options); LB_NOMEM leaves c with none. */
static int copy_pending(lb_game *c, const lb_decision *p)
{
    c->pending = *p;
    c->pending.options = copy_of(p->options, (size_t)p->noptions, sizeof *p->options);
    c->pending.cap = p->noptions;
    c->pending.option_said = NULL;
    c->pending.said_cap = 0;
    c->pending.slots = p->slots ? copy_of(p->slots, (size_t)p->nslots, sizeof *p->slots) : NULL;
    c->pending.actions = p->actions ? copy_of(p->actions, (size_t)p->noptions, sizeof *p->actions)
                                    : NULL;
    c->pending.actions_cap = p->actions ? p->noptions : 0;
    if (c->pending.options && (c->pending.slots || !p->slots) &&
        (c->pending.actions || !p->actions)) {
        c->has_pending = 1;
        return LB_OK;
    }
    free(c->pending.options);
    free(c->pending.slots);
    free(c->pending.actions);
    memset(&c->pending, 0, sizeof c->pending);
    return LB_NOMEM;
}

int lb_game_clone(const lb_game *g, uint64_t dice_seed, lb_game **out)
{
    *out = NULL;
    if (g->charge || g->melee)
        return LB_INVALID; /* their machines are not copied: only a game between them */
    lb_game *c = calloc(1, sizeof *c);
    if (!c)
        return LB_NOMEM;
    *c = *g;
    /* R-AI-2: the copy's dice are seeded from dice_seed; it holds no secret of g's */
    c->settings.dice = LB_DICE_SEEDED;
    c->settings.seed = dice_seed;
    memset(c->settings.secret, 0, sizeof c->settings.secret);
    /* nothing below is shared with g: start from empty owned parts so that a failure frees
     * only what was made */
    c->name = NULL;
    c->text = NULL;
    c->origin = c->st = NULL;
    lb_journal_init(&c->journal);
    lb_journal_init(&c->eff);
    c->entered = NULL;
    c->holder = c->org_level = c->targeted = c->assaulted = NULL;
    c->recs = NULL;
    c->has_offered = 0;
    memset(&c->offered, 0, sizeof c->offered);
    memset(&c->pending, 0, sizeof c->pending);
    c->has_pending = 0;
    lb_trace_init(&c->trace);
    c->tr = NULL; /* a what-if records no reasons */

    const lb_battle *b = &g->origin->battle;
    size_t cells = (size_t)(g->origin->map.cols * g->origin->map.rows) + 1;
    int rc = LB_OK;
    c->name = strdup(g->name);
    c->text = copy_of(g->text, g->len + 1, 1);
    c->origin = lb_state_clone(g->origin);
    c->st = lb_state_clone(g->st);
    c->entered = copy_of(g->entered, (size_t)b->nreinforcements + 1, 1);
    c->holder = copy_of(g->holder, (size_t)b->victory.nobjectives + 1, sizeof *g->holder);
    c->org_level = copy_of(g->org_level, (size_t)b->norgs + 1, sizeof *g->org_level);
    c->targeted = copy_of(g->targeted, cells, sizeof *g->targeted);
    c->assaulted = copy_of(g->assaulted, cells, sizeof *g->assaulted);
    c->recs = copy_of(g->recs, (size_t)g->nrecs + 1, sizeof *g->recs);
    if (!c->name || !c->text || !c->origin || !c->st || !c->entered || !c->holder ||
        !c->org_level || !c->targeted || !c->assaulted || !c->recs)
        rc = LB_NOMEM;
    if (rc == LB_OK)
        rc = lb_journal_copy(&c->journal, &g->journal);
    if (rc == LB_OK)
        rc = lb_journal_copy(&c->eff, &g->eff);
    /* the offered retreat is found again on the copy's state (the same as g's until it is
     * answered), so that its search, which gives the path to the end chosen, is the copy's own */
    if (rc == LB_OK && g->has_offered) {
        int unit = lb_state_unit_index(c->st, g->offered.unit);
        rc = unit < 0 ? LB_INVALID
                      : lb_retreat_paths(c->st, unit, &g->offered_req, &c->offered, NULL);
        c->has_offered = rc == LB_OK;
    }
    if (rc == LB_OK && g->has_pending)
        rc = copy_pending(c, &g->pending);
    if (rc != LB_OK) {
        lb_game_free(c);
        return rc;
    }
    /* R-AI-2: the copy's dice are its own; the game's generator is never read */
    lb_pcg32_seed(&c->rng, dice_seed, 54);
    c->replaying = 0;
    /* R-AI-2: a copy offers no retreat's end: walking the paths for the first one to each end
     * can cost a second, and the look-ahead answers such a decision by the automatic choice */
    c->whatif = 1;
    c->sparse_movement = 0; /* lb_game_sparse_movement */
    *out = c;
    return LB_OK;
}
