/* The computer player's decisions outside Movement: fire and opportunity fire, melee, charges, where a retreat ends, and the choices inside a charge or a melee. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai_int.h"

#define FIRE_WORTH 0.05     /* a fire gains at least this many points, or none is made */
#define MELEE_WORTH 0.1     /* an assault likewise */
#define CHARGE_WORTH 0.5    /* a charge risks the cavalry: it must promise more */
#define CHARGE_TARGETS 6    /* nearest enemy formations a charge is planned against */
#define CHARGE_REACH 10     /* hexes */

/* ---- fire ----------------------------------------------------------------------------------- */

int lbi_ai_fire_decision(ai_ctx *c, const lb_decision *d, char *key, char *why)
{
    int best = -1;
    double top = FIRE_WORTH;
    char line[LB_AI_REASON_MAX], best_line[LB_AI_REASON_MAX] = "";
    for (int i = 0; i < d->noptions; i++) {
        int unit;
        lb_hex hex;
        double v;
        if (d->options[i].param || strncmp(d->options[i].key, "fire:", 5) != 0 ||
            lbi_ai_fire_key(c->st, d->options[i].key, &unit, &hex) != 0)
            continue;
        int ok = lbi_ai_fire_value(c, c->st, unit, hex, lb_game_fire_kind(c->g), &v, line,
                                   sizeof line);
        if (ok < 0)
            return LB_NOMEM;
        if (ok && v > top) {
            top = v;
            best = i;
            snprintf(best_line, sizeof best_line, "%s %s (%.1f points)", c->st->units[unit].id,
                     line, v);
        }
    }
    int pass = lbi_ai_option(d, d->kind == LB_DECIDE_OPPORTUNITY ? "pass" : "end");
    if (best < 0 && pass < 0)
        best = 0;
    if (best >= 0) {
        snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[best].key);
        snprintf(why, LB_AI_REASON_MAX, "%s", best_line[0] ? best_line : d->options[best].text);
    } else {
        snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[pass].key);
        snprintf(why, LB_AI_REASON_MAX, "%s: no fire open gains %.2f points",
                 d->kind == LB_DECIDE_OPPORTUNITY ? "passes" : "ends the fire", FIRE_WORTH);
    }
    return LB_OK;
}

/* ---- melee ---------------------------------------------------------------------------------- */

/* The attackers offered alone at hex label (options "melee:HEX:UNIT") joined with '+' into out;
 * how many. */
static int attackers_at(const lb_decision *d, const char *hex, char *out, size_t n)
{
    size_t len = strlen(hex), used = 0;
    int count = 0;
    out[0] = '\0';
    for (int i = 0; i < d->noptions; i++) {
        const char *k = d->options[i].key;
        if (d->options[i].param || strncmp(k, "melee:", 6) != 0 || strncmp(k + 6, hex, len) != 0 ||
            k[6 + len] != ':')
            continue;
        int w = snprintf(out + used, used < n ? n - used : 0, "%s%s", count ? "+" : "",
                         k + 7 + len);
        if (w < 0 || used + (size_t)w >= n)
            break;
        used += (size_t)w;
        count++;
    }
    return count;
}

int lbi_ai_melee_decision(ai_ctx *c, const lb_decision *d, char *key, char *why)
{
    char best_key[LB_OPTION_KEY_MAX] = "", line[LB_AI_REASON_MAX], best_line[LB_AI_REASON_MAX];
    double top = 0;
    int found = 0, end = lbi_ai_option(d, "end");
    for (int i = 0; i < d->noptions; i++) {
        const char *k = d->options[i].key;
        char joined[LB_OPTION_KEY_MAX];
        if (strncmp(k, "melee:", 6) != 0)
            continue;
        if (d->options[i].param) {
            /* every attacker offered at that hex, together */
            char list[LB_OPTION_KEY_MAX];
            if (attackers_at(d, k + 6, list, sizeof list) < 2)
                continue;
            snprintf(joined, sizeof joined, "%s:%s", k, list);
            k = joined;
        }
        int rc = lb_game_melee_odds(c->g, k, c->melee, NULL);
        if (rc == LB_NOMEM)
            return rc;
        if (rc != LB_OK || !c->melee->allowed)
            continue;
        double v = lbi_ai_melee_value(c, c->st, c->melee, line, sizeof line);
        if (!found || v > top) {
            if (d->options[i].param && lbi_ai_try(c, k) != 1)
                continue; /* the rules refuse these attackers together */
            found = 1;
            top = v;
            snprintf(best_key, sizeof best_key, "%s", k);
            snprintf(best_line, sizeof best_line, "%s (%+.1f points)", line, v);
        }
    }
    if (found && (top > MELEE_WORTH || end < 0)) {
        snprintf(key, LB_OPTION_KEY_MAX, "%s", best_key);
        snprintf(why, LB_AI_REASON_MAX, "%s", best_line);
    } else if (end >= 0) {
        snprintf(key, LB_OPTION_KEY_MAX, "end");
        snprintf(why, LB_AI_REASON_MAX, "ends the melee: no assault gains %.1f points%s",
                 MELEE_WORTH, found ? "" : " (none the rules allow)");
    } else {
        snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[0].key);
        snprintf(why, LB_AI_REASON_MAX, "%s: the only kind of option", d->options[0].text);
    }
    return LB_OK;
}

/* ---- charge --------------------------------------------------------------------------------- */

/* The cheapest way for cavalry u to a hex next to target (its path, the hexes it enters, into
 * path; their count, 0 when none): steps through empty hexes by terrain and hexside cost, each
 * turn of the facing two MP more, at most two hexsides a hex (R-CHG-9), within its charge MP. */
static int charge_path(const lb_state *st, const lb_unit *u, const lb_unit *target, lb_hex *path,
                       int max)
{
    int cells = st->map.cols * st->map.rows, states = cells * LB_DIR_COUNT;
    int *cost = malloc((size_t)states * sizeof *cost);
    int *prev = malloc((size_t)states * sizeof *prev);
    unsigned char *done = calloc((size_t)states, 1);
    int n = 0;
    if (!cost || !prev || !done)
        goto out;
    for (int s = 0; s < states; s++)
        cost[s] = AI_FAR;
    int budget = u->movement + 5, start = lb_map_cell(&st->map, u->hexes[0]);
    int facing = lb_hex_clock_dir(u->facing);
    for (int dir = 0; dir < LB_DIR_COUNT; dir++) {
        int turn = facing < 0 ? 0 : (dir - facing + 6) % 6;
        turn = turn > 3 ? 6 - turn : turn;
        if (turn <= 2) {
            cost[start * LB_DIR_COUNT + dir] = 2 * turn;
            prev[start * LB_DIR_COUNT + dir] = -1;
        }
    }
    int goal = -1;
    for (;;) {
        int s = -1;
        for (int k = 0; k < states; k++)
            if (!done[k] && cost[k] < AI_FAR && (s < 0 || cost[k] < cost[s]))
                s = k;
        if (s < 0)
            break;
        done[s] = 1;
        lb_hex h = lb_map_hex(&st->map, s / LB_DIR_COUNT);
        if (s / LB_DIR_COUNT != start && lb_hex_distance(h, target->hexes[0]) == 1) {
            goal = s;
            break;
        }
        int dir = s % LB_DIR_COUNT;
        for (int nd = 0; nd < LB_DIR_COUNT; nd++) {
            int turn = (nd - dir + 6) % 6;
            turn = turn > 3 ? 6 - turn : turn;
            lb_hex to = lb_hex_neighbor(h, nd);
            const int *idx;
            int step = turn <= 2 ? lb_move_step_cost(st, h, nd, LB_ARM_CAVALRY) : -1;
            if (step < 0 || lb_state_units_at(st, to, &idx) > 0)
                continue;
            int t = lb_map_cell(&st->map, to) * LB_DIR_COUNT + nd;
            int c = cost[s] + step + 2 * turn;
            if (c <= budget && c < cost[t]) {
                cost[t] = c;
                prev[t] = s;
            }
        }
    }
    if (goal >= 0) {
        int len = 0;
        for (int s = goal; s >= 0 && s / LB_DIR_COUNT != start; s = prev[s])
            len++;
        if (len <= max) {
            n = len;
            for (int s = goal, k = len - 1; k >= 0; s = prev[s], k--)
                path[k] = lb_map_hex(&st->map, s / LB_DIR_COUNT);
        }
    }
out:
    free(cost);
    free(prev);
    free(done);
    return n;
}

int lbi_ai_charge_plan(ai_ctx *c, const lb_state *st, int i, int targets, int checked, char *key,
                       double *value, char *line, size_t n)
{
    const lb_unit *u = &st->units[i];
    int order[CHARGE_TARGETS], norder = 0;
    if (targets > CHARGE_TARGETS)
        targets = CHARGE_TARGETS;
    /* the nearest enemy formations, nearest first */
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
    int found = 0;
    for (int t = 0; t < norder; t++) {
        lb_charge_req req;
        memset(&req, 0, sizeof req);
        req.cavalry = u->id;
        req.automatic = 1;
        req.npath = charge_path(st, u, &st->units[order[t]], req.path, LB_CHARGE_PATH_MAX);
        if (req.npath == 0)
            continue;
        lb_charge_outcomes o;
        int rc = lb_charge_odds(st, &req, &o);
        if (rc == LB_NOMEM)
            return rc;
        if (rc != LB_OK || o.n == 0 || strcmp(o.outcomes[0].summary, "refused") == 0) {
            if (rc == LB_OK)
                lb_charge_outcomes_release(&o);
            continue;
        }
        char ends[LB_AI_REASON_MAX];
        double v = lbi_ai_charge_value(c, st, i, &o, ends, sizeof ends);
        lb_charge_outcomes_release(&o);
        if (found && v <= *value)
            continue;
        char k[LB_OPTION_KEY_MAX];
        size_t used = (size_t)snprintf(k, sizeof k, "charge:%s:", u->id);
        for (int p = 0; p < req.npath && used < sizeof k; p++) {
            char label[LB_HEX_LABEL_MAX];
            used += (size_t)snprintf(k + used, sizeof k - used, "%s%s", p ? "," : "",
                                     lb_map_label(&st->map, req.path[p], label));
        }
        if (used >= sizeof k || (checked && lbi_ai_try(c, k) != 1))
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

int lbi_ai_charge_decision(ai_ctx *c, const lb_decision *d, char *key, char *why)
{
    char best_key[LB_OPTION_KEY_MAX] = "", best_line[LB_AI_REASON_MAX] = "";
    double top = 0;
    int found = 0;
    for (int i = 0; i < d->noptions; i++) {
        if (!d->options[i].param || strncmp(d->options[i].key, "charge:", 7) != 0)
            continue;
        int u = lb_state_unit_index(c->st, d->options[i].key + 7);
        char k[LB_OPTION_KEY_MAX], line[LB_AI_REASON_MAX];
        double v = 0;
        if (u < 0)
            continue;
        int rc = lbi_ai_charge_plan(c, c->st, u, CHARGE_TARGETS, 1, k, &v, line, sizeof line);
        if (rc == LB_NOMEM)
            return rc;
        if (rc == LB_OK && (!found || v > top)) {
            found = 1;
            top = v;
            snprintf(best_key, sizeof best_key, "%s", k);
            snprintf(best_line, sizeof best_line, "%s", line);
        }
    }
    char how[96] = "";
    int go = found && top > CHARGE_WORTH;
    if (found && c->rollouts > 0 && lbi_ai_option(d, "end") >= 0) {
        /* the full level: the charge and its consequences against holding back, on the same
         * dice; the exact odds' verdict stands unless the rollouts clearly say otherwise */
        int runs = c->rollouts / 2 > 1 ? c->rollouts / 2 : 2;
        uint64_t *seeds = NULL;
        double *values = malloc(2 * (size_t)runs * sizeof *values);
        int rc = values ? lbi_ai_seeds(c, runs, &seeds) : LB_NOMEM;
        if (rc == LB_OK)
            rc = lbi_ai_rollouts(c, best_key, seeds, runs, values);
        if (rc == LB_OK)
            rc = lbi_ai_rollouts(c, "end", seeds, runs, values + runs);
        double m = 0, s = 0;
        if (rc == LB_OK)
            lbi_ai_paired(values, values + runs, runs, &m, &s);
        free(seeds);
        free(values);
        if (rc != LB_OK)
            return rc;
        if (go && m + 2 * s < -AI_ROLLOUT_MARGIN)
            go = 0;
        else if (!go && m - 2 * s > AI_ROLLOUT_MARGIN)
            go = 1;
        snprintf(how, sizeof how, "; %d rollouts: %+.1f +- %.1f points against holding back",
                 2 * runs, m, s);
    }
    int end = lbi_ai_option(d, "end");
    if (go || end < 0) {
        snprintf(key, LB_OPTION_KEY_MAX, "%s", found ? best_key : d->options[0].key);
        snprintf(why, LB_AI_REASON_MAX, "%s%s", found ? best_line : d->options[0].text, how);
    } else {
        snprintf(key, LB_OPTION_KEY_MAX, "end");
        snprintf(why, LB_AI_REASON_MAX, "no charge: %s%s",
                 found ? best_line : "no enemy formation within reach of a path", how);
    }
    return LB_OK;
}

/* ---- where a retreat ends, and the choices inside a charge or a melee ----------------------- */

int lbi_ai_path_decision(ai_ctx *c, const lb_decision *d, char *key, char *why)
{
    int i = lb_state_unit_index(c->st, d->subject), best = -1;
    double top = 0;
    int holders[AI_OBJECTIVES_MAX];
    for (int o = 0; o < d->noptions && i >= 0; o++) {
        lb_hex h;
        if (d->options[o].param || lb_map_parse_label(&c->st->map, d->options[o].key, &h) != 0)
            continue;
        lb_unit *u = &c->work->units[i];
        lb_unit was = *u;
        u->hexes[0] = h;
        u->nhexes = 1;
        if (lb_state_reindex(c->work) != LB_OK)
            return LB_NOMEM;
        lbi_ai_holders(c, c->work, holders);
        double v = lbi_ai_objectives(c, c->work, holders) + lbi_ai_tactical(c, c->work, i) *
                                                             (u->side == c->me ? 1 : -1);
        *u = was;
        if (lb_state_reindex(c->work) != LB_OK)
            return LB_NOMEM;
        if (best < 0 || v > top) {
            best = o;
            top = v;
        }
    }
    if (best < 0) {
        int a = lbi_ai_option(d, "auto");
        best = a >= 0 ? a : d->auto_choice;
        snprintf(why, LB_AI_REASON_MAX, "%s: the rules' automatic choice", d->options[best].text);
    } else {
        snprintf(why, LB_AI_REASON_MAX, "%s: the end where it is least exposed and the "
                 "objectives fare best (%+.1f points)", d->options[best].text, top);
    }
    snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[best].key);
    return LB_OK;
}

int lbi_ai_other_decision(const lb_decision *d, char *key, char *why)
{
    int pick = d->auto_choice >= 0 && d->auto_choice < d->noptions ? d->auto_choice : 0;
    const char *how = "the rules' automatic choice";
    if (d->kind == LB_DECIDE_TRAMPLE) {
        /* every increment trampled is one the enemy loses (R-CHG-4, R-CHG-5) */
        for (int i = 0; i < d->noptions; i++)
            if (atoi(d->options[i].key) > atoi(d->options[pick].key))
                pick = i;
        how = "the most movement points trampling";
    } else if (d->kind == LB_DECIDE_ADVANCE) {
        for (int i = 0; i < d->noptions; i++)
            if (strcmp(d->options[i].key, "none") != 0) {
                pick = i;
                how = "the ground the enemy gave up is taken";
                break;
            }
    }
    while (d->options[pick].param && pick + 1 < d->noptions)
        pick++;
    snprintf(key, LB_OPTION_KEY_MAX, "%s", d->options[pick].key);
    snprintf(why, LB_AI_REASON_MAX, "%s: %s", d->options[pick].text, how);
    return LB_OK;
}
