/* The computer player's charge plans: the cheapest path of a cavalry unit to each of its nearest enemy formations, the exact odds of each charge (with the enemy cavalry's reactions), the best. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai_int.h"
#include "charge_zone_int.h"
#include "frac_int.h"
#include "state_int.h"
#include "hex_int.h"
#include "move_int.h"
#include "morale_int.h"
#include "charge_int.h"
#include "game_int.h"

#define CHARGE_TARGETS 6    /* nearest enemy formations a charge is planned against */
#define CHARGE_REACH 10     /* hexes */
#define CHARGE_WATCHERS 8   /* enemy cavalry whose reactions a plan weighs */

/* ---- the path -------------------------------------------------------------------------------- */

/* The search of charge_path: the cost and the state before it of each (cell, direction), and
 * the open states. */
typedef struct path_search {
    int states, start, budget;
    int *cost, *prev;
    ai_heap open; /* each state enters it once per improvement: 6 a state at most */
} path_search;

/* Hexsides turned from direction `from` to `to` (0 to 3). */
static int turns(int from, int to)
{
    int turn = (to - from + 6) % 6;
    return turn > 3 ? 6 - turn : turn;
}

/* R-CHG-9: the search's start: the cavalry's hex in every direction it may leave by (at most two
 * hexsides turned, two MP each). */
static void search_start(path_search *ps, const lb_unit *u)
{
    for (int s = 0; s < ps->states; s++)
        ps->cost[s] = AI_FAR;
    int facing = lb_hex_clock_dir(u->facing);
    for (int dir = 0; dir < LB_DIR_COUNT; dir++) {
        int turn = facing < 0 ? 0 : turns(facing, dir);
        if (turn <= 2) {
            ps->cost[ps->start * LB_DIR_COUNT + dir] = 2 * turn;
            ps->prev[ps->start * LB_DIR_COUNT + dir] = -1;
            lbi_ai_heap_push(&ps->open, 2 * turn, ps->start * LB_DIR_COUNT + dir);
        }
    }
}

/* The cheapest state not settled yet (the lowest among equals), or -1: a state enters the heap
 * once per cost it is given, and a settled one is given no lower, so an entry whose cost is
 * still the state's is the state unsettled. */
static int search_next(path_search *ps)
{
    while (ps->open.n) {
        int cost, s = lbi_ai_heap_pop(&ps->open, &cost);
        if (cost == ps->cost[s])
            return s;
    }
    return -1;
}

/* The steps out of state s: into empty hexes by terrain and hexside, each hexside turned two MP
 * more, at most two a hex, within the charge's MP. */
static void search_relax(path_search *ps, const lb_state *st, int s)
{
    lb_hex h = lb_map_hex(&st->map, s / LB_DIR_COUNT);
    for (int nd = 0; nd < LB_DIR_COUNT; nd++) {
        int turn = turns(s % LB_DIR_COUNT, nd);
        lb_hex to = lb_hex_neighbor(h, nd);
        const int *idx;
        int step = turn <= 2 ? lb_move_step_cost(st, h, nd, LB_ARM_CAVALRY) : -1;
        if (step < 0 || lb_state_units_at(st, to, &idx) > 0)
            continue;
        int t = lb_map_cell(&st->map, to) * LB_DIR_COUNT + nd;
        int c = ps->cost[s] + step + 2 * turn;
        if (c <= ps->budget && c < ps->cost[t]) {
            ps->cost[t] = c;
            ps->prev[t] = s;
            lbi_ai_heap_push(&ps->open, c, t);
        }
    }
}

/* The hexes entered on the way to state goal, into path (at most max): their count, 0 when more. */
static int search_path(const path_search *ps, const lb_state *st, int goal, lb_hex *path, int max)
{
    int len = 0;
    for (int s = goal; s >= 0 && s / LB_DIR_COUNT != ps->start; s = ps->prev[s])
        len++;
    if (len > max)
        return 0;
    for (int s = goal, k = len - 1; k >= 0; s = ps->prev[s], k--)
        path[k] = lb_map_hex(&st->map, s / LB_DIR_COUNT);
    return len;
}

/* Hexes from h to the nearest hex of unit x. */
static int unit_distance_from(lb_hex h, const lb_unit *x)
{
    int best = 1 << 30;
    for (int k = 0; k < x->nhexes; k++) {
        int d = lb_hex_distance(h, x->hexes[k]);
        best = d < best ? d : best;
    }
    return best;
}

/* R-AI-17: is h next to target and to no other enemy formation of cavalry u? The automatic
 * declaration (R-CHG-25) takes any formation the plan ends next to, the first asked first: from
 * such an end it can take only target. */
static int only_target_next(const lb_state *st, const lb_unit *u, const lb_unit *target, lb_hex h)
{
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *x = &st->units[i];
        if (x != target && x->side != u->side && lb_unit_is_combat(x) && x->nhexes > 0 &&
            unit_distance_from(h, x) <= 1)
            return 0;
    }
    return 1;
}

/* The cheapest way for cavalry u to a hex next to target (its path, the hexes it enters, into
 * path; their count, 0 when none): steps through empty hexes by terrain and hexside cost, each
 * turn of the facing two MP more, at most two hexsides a hex (R-CHG-9), within its charge MP.
 * R-AI-17: the cheapest end next to target alone, when there is one within reach; else the
 * cheapest next to it (*shared set: the declaration may then take another formation). */
static int charge_path(const lb_state *st, const lb_unit *u, const lb_unit *target, lb_hex *path,
                       int max, int *shared)
{
    path_search ps = {.states = st->map.cols * st->map.rows * LB_DIR_COUNT,
                      .start = lb_map_cell(&st->map, u->hexes[0]),
                      .budget = u->movement + 5};
    ps.cost = malloc((size_t)ps.states * sizeof *ps.cost);
    ps.prev = malloc((size_t)ps.states * sizeof *ps.prev);
    ps.open.v = malloc(((size_t)ps.states + 1) * LB_DIR_COUNT * sizeof *ps.open.v);
    int n = 0, first = -1;
    *shared = 0;
    if (ps.cost && ps.prev && ps.open.v) {
        search_start(&ps, u);
        for (int s = search_next(&ps); s >= 0; s = search_next(&ps)) {
            lb_hex h = lb_map_hex(&st->map, s / LB_DIR_COUNT);
            if (s / LB_DIR_COUNT != ps.start && lb_hex_distance(h, target->hexes[0]) == 1) {
                if (only_target_next(st, u, target, h)) {
                    n = search_path(&ps, st, s, path, max);
                    break;
                }
                first = first < 0 ? s : first;
                continue; /* an end shared with another formation: a last resort */
            }
            search_relax(&ps, st, s);
        }
        if (n == 0 && first >= 0) {
            n = search_path(&ps, st, first, path, max);
            *shared = n > 0;
        }
    }
    free(ps.cost);
    free(ps.prev);
    free(ps.open.v);
    return n;
}

/* ---- the targets ----------------------------------------------------------------------------- */

/* The nearest enemy formations of cavalry u in good order within reach, nearest first, at most
 * `targets`, into order: their count. */
static int nearest_targets(const lb_state *st, const lb_unit *u, int targets, int *order)
{
    int norder = 0;
    for (int pass = 0; pass < targets; pass++) {
        int pick = -1, pd = 0;
        for (int e = 0; e < st->nunits; e++) {
            const lb_unit *x = &st->units[e];
            int d = x->nhexes ? lb_hex_distance(u->hexes[0], x->hexes[0]) : 1 << 30;
            int taken = 0;
            for (int k = 0; k < norder; k++)
                taken |= order[k] == e;
            if (x->side == u->side || !lb_unit_is_combat(x) || x->state == LB_STATE_ROUTED ||
                d > CHARGE_REACH || taken)
                continue;
            if (pick < 0 || d < pd) {
                pick = e;
                pd = d;
            }
        }
        if (pick < 0)
            break;
        order[norder++] = pick;
    }
    return norder;
}

/* ---- the reactions --------------------------------------------------------------------------- */

/* Will the game ask the enemy of cavalry u about cavalry w's reaction (R-RCH-5, R-OCH-9,
 * R-OCH-13)? */
static int asked(const ai_ctx *c, const lb_unit *u, const lb_unit *w)
{
    const lb_game_settings *s = lb_game_settings_of(c->g);
    return s && s->charge_questions[1 - u->side] && !lb_game_never_asked(c->g, w->id);
}

/* R-AI-15: the charge of cavalry i along req's path valued with the enemy cavalry's reactions:
 * every unit whose reaction zone the path enters (R-RCH-8) reacts when its morale check passes,
 * the first along the path first; a reaction ends the charge in a melee of cavalry against
 * cavalry without the x2 bonus (39.4), valued as that melee's end (the charge's gains lost, its
 * readiness spent). v is the charge's value without them; the value with them, its chance of a
 * reaction in *p_react. */
static double with_reactions(const ai_ctx *c, const lb_state *st, int i, const lb_charge_req *req,
                             double v, double *p_react)
{
    lbi_watcher w[CHARGE_WATCHERS];
    int n = 0;
    double none = 1, value = 0;
    *p_react = 0;
    if (lbi_charge_watchers(st, i, req->path, req->npath, LBI_ZONE_REACTION, w, CHARGE_WATCHERS,
                            &n) != LB_OK)
        return v;
    for (int k = 0; k < n; k++) {
        const lb_unit *r = &st->units[w[k].cav];
        lb_morale_chance mc;
        if (!asked(c, &st->units[i], r) || lb_morale_odds(st, w[k].cav, NULL, 0, &mc, NULL) != LB_OK)
            continue;
        char summary[LB_SUBJECT_MAX + 16];
        snprintf(summary, sizeof summary, "melee:%s", r->id);
        lb_charge_outcome end = {.summary = summary, .p = lb_frac_int(1)};
        lb_charge_outcomes met = {.outcomes = &end, .n = 1, .exact = 1};
        double p = none * lb_frac_double(mc.p_pass);
        value += p * lbi_ai_charge_value(c, st, i, &met, NULL, 0);
        none -= p;
    }
    *p_react = 1 - none;
    return value + none * v;
}

/* ---- the plan -------------------------------------------------------------------------------- */

/* The key of the charge req, "charge:UNIT:H1,H2,…", into k (n bytes): 0, or -1 when too long. */
static int charge_key(const lb_state *st, const lb_charge_req *req, char *k, size_t n)
{
    size_t used = (size_t)snprintf(k, n, "charge:%s:", req->cavalry);
    for (int p = 0; p < req->npath && used < n; p++) {
        char label[LB_HEX_LABEL_MAX];
        used += (size_t)snprintf(k + used, n - used, "%s%s", p ? "," : "",
                                 lb_map_label(&st->map, req->path[p], label));
    }
    return used < n ? 0 : -1;
}

/* The value of cavalry i's charge toward target t (its exact odds, R-AI-15 its reactions), its
 * ends in words into ends: LB_OK, LB_NOT_FOUND when no charge is planned there, LB_NOMEM. */
static int charge_toward(ai_ctx *c, const lb_state *st, int i, int t, lb_charge_req *req,
                         double *v, char *ends, size_t n)
{
    memset(req, 0, sizeof *req);
    req->cavalry = st->units[i].id;
    req->automatic = 1;
    int shared;
    req->npath = charge_path(st, &st->units[i], &st->units[t], req->path, LB_CHARGE_PATH_MAX,
                             &shared);
    if (req->npath == 0)
        return LB_NOT_FOUND;
    lb_charge_outcomes o;
    int rc = lb_charge_odds(st, req, &o);
    if (rc == LB_NOMEM)
        return rc;
    if (rc != LB_OK)
        return LB_NOT_FOUND;
    int refused = o.n == 0 || strcmp(o.outcomes[0].summary, "refused") == 0;
    double p_react = 0;
    if (!refused) {
        *v = with_reactions(c, st, i, req, lbi_ai_charge_value(c, st, i, &o, ends, n), &p_react);
        if (p_react > 0) {
            size_t used = strlen(ends);
            snprintf(ends + used, n - used, "; a reaction %.0f%%", 100 * p_react);
        }
        if (shared) {
            size_t used = strlen(ends);
            snprintf(ends + used, n - used, "; its end is next to another formation too, "
                     "which the declaration may take (R-AI-17)");
        }
    }
    lb_charge_outcomes_release(&o);
    return refused ? LB_NOT_FOUND : LB_OK;
}

int lbi_ai_charge_plan(ai_ctx *c, const lb_state *st, int i, int targets, int checked, char *key,
                       double *value, char *line, size_t n)
{
    const lb_unit *u = &st->units[i];
    int order[CHARGE_TARGETS];
    int norder = nearest_targets(st, u, targets > CHARGE_TARGETS ? CHARGE_TARGETS : targets, order);
    int found = 0;
    for (int t = 0; t < norder; t++) {
        lb_charge_req req;
        char ends[LB_AI_REASON_MAX], k[LB_OPTION_KEY_MAX];
        double v = 0;
        int rc = charge_toward(c, st, i, order[t], &req, &v, ends, sizeof ends);
        if (rc == LB_NOMEM)
            return rc;
        if (rc != LB_OK || (found && v <= *value) || charge_key(st, &req, k, sizeof k) != 0 ||
            (checked && lbi_ai_try(c, k) != 1))
            continue;
        found = 1;
        *value = v;
        snprintf(key, LB_OPTION_KEY_MAX, "%s", k);
        if (line)
            snprintf(line, n, "%s charges toward %s: %s (%+.1f points)", u->id,
                     st->units[order[t]].id, ends, v);
    }
    return found ? LB_OK : LB_NOT_FOUND;
}
