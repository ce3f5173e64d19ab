/* The computer player's evaluation of a position: units by morale state, objectives held and within reach, each unit's prospects and exposure. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ai_int.h"
#include "state_int.h"
#include "frac_int.h"
#include "hex_int.h"
#include "game_int.h"
#include "move_int.h"
#include "melee_int.h"

/* The units that can get to an objective in the turns left, up to MASS_UNITS of them, each worth
 * the weight `mass` of its points: a mass near it takes it and keeps it. */
#define MASS_UNITS 3.0
/* R-AI-21: the Movement segments a defender counts the objectives' reach over. */
#define DEFENDER_HORIZON 2
/* Reach of enemy cavalry that makes infantry look to its formation, in hexes. */
#define CHARGE_REACH 9

/* ---- the context ---------------------------------------------------------------------------- */

static int arm_index(lb_arm a)
{
    return a == LB_ARM_CAVALRY ? 1 : a == LB_ARM_ARTILLERY ? 2 : 0;
}

/* The cost for arm of stepping into each cell from each neighbour: cost[cell * 6 + dir], the
 * step from the neighbour in direction dir, negative when prohibited or off the map. */
static void step_costs(const lb_state *st, lb_arm arm, int *cost, int cells)
{
    for (int cell = 0; cell < cells; cell++) {
        lb_hex at = lb_map_hex(&st->map, cell);
        for (int dir = 0; dir < LB_DIR_COUNT; dir++) {
            lb_hex from = lb_hex_neighbor(at, dir);
            cost[cell * LB_DIR_COUNT + dir] =
                lb_map_contains(&st->map, from)
                    ? lb_move_step_cost(st, from, lb_hex_dir_opposite(dir), arm)
                    : LB_MOVE_PROHIBITED;
        }
    }
}

/* MP from every cell to hex `to`: Dijkstra over the steps' costs (step_costs); h holds 6 a cell
 * (each cell enters it at most once per improvement). */
static void distances_to(const lb_state *st, lb_hex to, const int *cost, ai_heap *h, int *dist,
                         int cells)
{
    for (int i = 0; i < cells; i++)
        dist[i] = AI_FAR;
    if (!lb_map_contains(&st->map, to))
        return;
    int start = lb_map_cell(&st->map, to);
    dist[start] = 0;
    h->n = 0;
    lbi_ai_heap_push(h, 0, start);
    while (h->n) {
        int d, cell = lbi_ai_heap_pop(h, &d);
        if (d > dist[cell])
            continue;
        lb_hex at = lb_map_hex(&st->map, cell);
        for (int dir = 0; dir < LB_DIR_COUNT; dir++) {
            int step = cost[cell * LB_DIR_COUNT + dir];
            if (step < 0)
                continue;
            int cf = lb_map_cell(&st->map, lb_hex_neighbor(at, dir));
            if (d + step < dist[cf]) {
                dist[cf] = d + step;
                lbi_ai_heap_push(h, dist[cf], cf);
            }
        }
    }
}

/* Every objective's distances for each arm into c->dist (the steps' costs computed once an
 * arm); LB_OK, LB_NOMEM. */
static int objective_distances(ai_ctx *c)
{
    const lb_victory *v = &c->st->battle.victory;
    size_t steps = (size_t)c->cells * LB_DIR_COUNT;
    int *cost = malloc((steps + 1) * sizeof *cost);
    ai_heap h = {malloc((steps + 1) * sizeof *h.v), 0};
    if (!cost || !h.v) {
        free(cost);
        free(h.v);
        return LB_NOMEM;
    }
    for (int a = 0; a < 3; a++) {
        step_costs(c->st, a == 0 ? LB_ARM_INFANTRY : a == 1 ? LB_ARM_CAVALRY : LB_ARM_ARTILLERY,
                   cost, c->cells);
        for (int k = 0; k < c->nobj; k++)
            distances_to(c->st, v->objectives[k].hex, cost, &h,
                         c->dist + ((size_t)k * 3 + (size_t)a) * (size_t)c->cells, c->cells);
    }
    free(cost);
    free(h.v);
    return LB_OK;
}

/* Movement segments still to come for side, this one included (R-GAME-1: the first side of
 * `sides` moves first in each turn). */
static int moves_left(const lb_state *st, int side)
{
    int last = st->battle.victory.last_turn;
    int turns = last >= 0 ? (last - st->turn.minutes) / 20 + 1 : 8;
    int done = st->turn.phasing == side ? st->turn.segment > LB_SEG_MOVEMENT
                                        : st->turn.phasing > side;
    int n = turns - done;
    return n < 0 ? 0 : n;
}

/* R-AI-21: does side defend (hold more objective points than the enemy at the scenario's start)? */
static int defends(const lb_victory *v, int side)
{
    int held[2] = {0, 0};
    for (int k = 0; k < v->nobjectives; k++)
        if (v->objectives[k].holder == 0 || v->objectives[k].holder == 1)
            held[v->objectives[k].holder] += v->objectives[k].points;
    return held[side] > held[1 - side];
}

/* The Movement segments still to come for side that c counts its objectives' reach over. */
static int moves_counted(const ai_ctx *c, const lb_state *st, int side)
{
    int n = moves_left(st, side);
    return n < c->horizon ? n : c->horizon;
}

int lbi_ai_ctx_init(ai_ctx *c, const lb_game *g, int side, const lb_ai_settings *s)
{
    memset(c, 0, sizeof *c);
    c->g = g;
    c->st = lb_game_state(g);
    c->me = side;
    c->foe = 1 - side;
    c->set = *s;
    char err[LB_AI_REASON_MAX];
    if (lbi_ai_weights_read(s->level == LB_AI_BASELINE ? NULL : s->weights, &c->w, err,
                            sizeof err) != LB_OK)
        return LB_INVALID;
    /* R-AI-3: the player's dice depend on its seed and where the game stands, nothing else */
    lb_pcg32_seed(&c->rng, s->seed, (uint64_t)lb_game_seq(g) * 2 + (uint64_t)side);
    const lb_victory *v = &c->st->battle.victory;
    double ppi = v->per_increment > 0 ? v->per_increment : 1;
    /* an increment still standing can fight on: worth more while the battle has long to run */
    int left = moves_left(c->st, c->me);
    c->inc_worth = ppi * (1.0 + c->w.fresh * (left < 6 ? left : 6));
    c->leader_worth = v->per_leader > 0 ? v->per_leader : 2 * ppi;
    c->nobj = v->nobjectives < AI_OBJECTIVES_MAX ? v->nobjectives : AI_OBJECTIVES_MAX;
    /* R-AI-21 [project ruling]: the defender plays to the threat at hand, the attacker to the
     * whole approach; the baseline, a yardstick, counts every segment left */
    c->horizon = s->level != LB_AI_BASELINE && defends(v, side) ? DEFENDER_HORIZON : INT_MAX;
    c->cells = c->st->map.cols * c->st->map.rows;
    c->holder = calloc((size_t)c->nobj + 1, sizeof *c->holder);
    c->dist = malloc(((size_t)c->nobj * 3 * (size_t)c->cells + 1) * sizeof *c->dist);
    c->work = lb_state_clone(c->st);
    c->fire = calloc(1, sizeof *c->fire);
    c->melee = malloc(sizeof *c->melee);
    if (!c->holder || !c->dist || !c->work || !c->fire || !c->melee) {
        lbi_ai_ctx_release(c);
        return LB_NOMEM;
    }
    for (int i = 0; i < c->work->nunits; i++)
        c->work->units[i].facing = 0; /* R-FIRE-8: a unit with no facing fires every way */
    for (int k = 0; k < c->nobj; k++)
        c->holder[k] = lb_game_objective_holder(g, k);
    if (objective_distances(c) != LB_OK) {
        lbi_ai_ctx_release(c);
        return LB_NOMEM;
    }
    int per_second = LB_AI_ROLLOUTS_PER_SECOND;
    c->rollouts = s->level == LB_AI_FULL ? (int)((long)s->budget_ms * per_second / 1000) : 0;
    /* R-AI-6 [project ruling]: a rollout's cost grows with the units (each copy holds them all,
     * its decisions list their fires and charges): past the calibration's units
     * the rollouts are shared out among them, a count from the state alone (no clock) */
    int units = lb_state_unit_count(c->st);
    c->scaled = units > AI_CALIBRATION_UNITS;
    c->around = -1;
    if (c->scaled) /* by the square root: a rollout there costs twice the demo's, not eleven */
        c->rollouts = (int)(c->rollouts * sqrt((double)AI_CALIBRATION_UNITS / units));
    return LB_OK;
}

void lbi_ai_ctx_release(ai_ctx *c)
{
    free(c->holder);
    free(c->kept);
    free(c->kept_live);
    free(c->dist);
    lb_state_free(c->work);
    free(c->fire);
    free(c->melee);
    memset(c, 0, sizeof *c);
}

/* ---- material ------------------------------------------------------------------------------- */

double lbi_ai_material(const ai_ctx *c, const lb_state *st)
{
    double sum = 0;
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *u = &st->units[i];
        if (u->arm == LB_ARM_LEADER)
            continue; /* a leader lost is in the score; alive he adds to his unit */
        sum += (u->side == c->me ? 1 : -1) * lbi_ai_unit_worth(c, u);
    }
    return sum;
}

/* ---- objectives ----------------------------------------------------------------------------- */

void lbi_ai_holders(const ai_ctx *c, const lb_state *st, int *holders)
{
    const lb_victory *v = &st->battle.victory;
    for (int k = 0; k < c->nobj; k++) {
        int side = lb_game_objective_taker(st, v->objectives[k].hex); /* R-VIC-2 */
        holders[k] = side >= 0 ? side : c->holder[k];
    }
}

int lbi_ai_objective_mp(const ai_ctx *c, const lb_state *st, lb_arm arm, int k, lb_hex h)
{
    if (!lb_map_contains(&st->map, h))
        return AI_FAR;
    const int *d = c->dist + ((size_t)k * 3 + (size_t)arm_index(arm)) * (size_t)c->cells;
    return d[lb_map_cell(&st->map, h)];
}

/* Turns unit u needs to reach objective k (0 standing on it), or a large number. */
static double turns_to(const ai_ctx *c, const lb_state *st, const lb_unit *u, int k)
{
    int best = AI_FAR;
    for (int h = 0; h < u->nhexes; h++) {
        int x = lbi_ai_objective_mp(c, st, u->arm, k, u->hexes[h]);
        best = x < best ? x : best;
    }
    if (best == 0)
        return 0;
    /* T15-7: a line loses 2 MP, a carré moves 1 hex; R-MOR-3: disordered at half */
    double allowance = u->formation == LB_FORM_LINE    ? u->movement - 2
                       : u->formation == LB_FORM_CARRE ? 1
                                                       : u->movement;
    if (u->state == LB_STATE_DISORDERED)
        allowance *= 0.5;
    return best >= AI_FAR || allowance <= 0 ? 1e9 : best / allowance;
}

/* The chance that a unit `turns` away gets there in `moves` Movement segments. */
static double reach_chance(double turns, int moves)
{
    if (moves <= 0)
        return 0;
    double f = 1.0 - turns / (moves + 0.5);
    return f < 0 ? 0 : f > 1 ? 1 : f;
}

/* Does unit u count toward the objectives (a combat unit on the map, not routed)? */
static int reaches(const lb_unit *u)
{
    return lb_unit_is_combat(u) && u->state != LB_STATE_ROUTED && u->nhexes > 0;
}

/* Each side's reach of one objective: the nearest unit's turns, one standing on it, the mass. */
typedef struct obj_reach {
    double near[2], mass[2];
    int on[2];
} obj_reach;

/* A unit of side `turns` away that gets there with chance `chance` added to r. */
static void reach_count(obj_reach *r, int side, double turns, double chance)
{
    r->near[side] = turns < r->near[side] ? turns : r->near[side];
    r->on[side] |= turns == 0;
    r->mass[side] += chance;
}

static void reach_add(obj_reach *r, int side, double turns, const int *left)
{
    reach_count(r, side, turns, reach_chance(turns, left[side]));
}

/* Objective k for me, worth p, held by h, the sides reaching it as r says: added to *sum. */
static void objective_value(const ai_ctx *c, double p, int h, obj_reach *r, const int *left,
                            double *sum)
{
    for (int s = 0; s < 2; s++)
        r->mass[s] = r->mass[s] < MASS_UNITS ? r->mass[s] : MASS_UNITS;
    *sum += c->w.mass * p * (r->mass[c->me] - r->mass[c->foe]);
    if (h == c->me)
        *sum += p - 2 * p * c->w.hope * reach_chance(r->near[c->foe], left[c->foe]) *
                        (r->on[c->me] ? c->w.guard : 1.0);
    else
        *sum += (h == c->foe ? -p : 0) +
                (h == c->foe ? 2 : 1) * p * c->w.hope *
                    reach_chance(r->near[c->me], left[c->me]) * (r->on[c->foe] ? 0.5 : 1.0);
}

double lbi_ai_objectives(const ai_ctx *c, const lb_state *st, const int *holders)
{
    const lb_victory *v = &st->battle.victory;
    int left[2] = {moves_counted(c, st, 0), moves_counted(c, st, 1)};
    double sum = 0;
    for (int k = 0; k < c->nobj; k++) {
        obj_reach r = {{1e9, 1e9}, {0, 0}, {0, 0}};
        for (int i = 0; i < st->nunits; i++)
            if (reaches(&st->units[i]))
                reach_add(&r, st->units[i].side, turns_to(c, st, &st->units[i], k), left);
        objective_value(c, v->objectives[k].points, holders[k], &r, left, &sum);
    }
    return sum;
}

/* Does any of the n hexes stand at h? */
static int among(const lb_hex *hexes, int n, lb_hex h)
{
    for (int k = 0; k < n; k++)
        if (lb_hex_eq(hexes[k], h))
            return 1;
    return 0;
}

/* lbi_ai_objectives of the state kept (st), unit i (-1: none) standing as moved instead: each
 * objective's kept sum without unit i, and moved added where i stands in the sum's order, so
 * that the chances are added as lbi_ai_objectives adds them (the units of chance 0 add
 * nothing). */
static double kept_objectives(const ai_ctx *c, const lb_state *st, int i, const lb_unit *moved)
{
    const lb_victory *v = &st->battle.victory;
    int left[2] = {moves_counted(c, st, 0), moves_counted(c, st, 1)};
    int counts = i >= 0 && reaches(moved);
    double sum = 0;
    for (int k = 0; k < c->nobj; k++) {
        lb_hex at = v->objectives[k].hex;
        int h = c->kept_holders[k];
        if (i >= 0 && (among(st->units[i].hexes, st->units[i].nhexes, at) ||
                       among(moved->hexes, moved->nhexes, at))) {
            int side =
                lbi_game_objective_taker_moved(st, at, i, among(moved->hexes, moved->nhexes, at));
            h = side >= 0 ? side : c->holder[k]; /* R-VIC-2, as lbi_ai_holders */
        }
        const ai_kept_reach *t = c->kept + (size_t)k * (size_t)st->nunits;
        const ai_kept_sum *ks = &c->kept_sum[k];
        obj_reach r = {{1e9, 1e9}, {0, 0}, {0, 0}};
        for (int s = 0; s < 2; s++) {
            r.near[s] = ks->near[s][ks->near_unit[s] == i && i >= 0];
            r.on[s] = ks->on[s] - (i >= 0 && t[i].side == s && t[i].turns == 0) > 0;
        }
        int added = !counts;
        for (int n = 0; n < ks->nlive; n++) {
            int j = ks->live[n];
            if (!added && j >= i) {
                reach_add(&r, moved->side, turns_to(c, st, moved, k), left);
                added = 1;
            }
            if (j != i)
                r.mass[t[j].side] += t[j].chance;
        }
        if (!added)
            reach_add(&r, moved->side, turns_to(c, st, moved, k), left);
        objective_value(c, v->objectives[k].points, h, &r, left, &sum);
    }
    return sum;
}

/* The kept reach of objective k (t, one per unit of st) summed into ks, its list at live. */
static void kept_sum(const lb_state *st, const ai_kept_reach *t, int *live, ai_kept_sum *ks)
{
    *ks = (ai_kept_sum){{{1e9, 1e9}, {1e9, 1e9}}, {-1, -1}, {0, 0}, live, 0};
    for (int j = 0; j < st->nunits; j++) {
        if (t[j].turns < 0)
            continue;
        double *near = ks->near[t[j].side];
        if (t[j].turns < near[0]) {
            near[1] = near[0];
            near[0] = t[j].turns;
            ks->near_unit[t[j].side] = j;
        } else if (t[j].turns < near[1]) {
            near[1] = t[j].turns;
        }
        ks->on[t[j].side] += t[j].turns == 0;
        if (t[j].chance != 0)
            live[ks->nlive++] = j;
    }
}

int lbi_ai_reach_keep(ai_ctx *c, const lb_state *st, double *value)
{
    size_t n = (size_t)c->nobj * (size_t)st->nunits + 1;
    free(c->kept);
    free(c->kept_live);
    c->kept = malloc(n * sizeof *c->kept);
    c->kept_live = malloc(n * sizeof *c->kept_live);
    if (!c->kept || !c->kept_live)
        return LB_NOMEM;
    int left[2] = {moves_counted(c, st, 0), moves_counted(c, st, 1)};
    for (int k = 0; k < c->nobj; k++) {
        ai_kept_reach *t = c->kept + (size_t)k * (size_t)st->nunits;
        for (int i = 0; i < st->nunits; i++) {
            t[i].side = st->units[i].side;
            t[i].turns = reaches(&st->units[i]) ? turns_to(c, st, &st->units[i], k) : -1;
            t[i].chance = t[i].turns >= 0 ? reach_chance(t[i].turns, left[t[i].side]) : 0;
        }
        kept_sum(st, t, c->kept_live + (size_t)k * (size_t)st->nunits, &c->kept_sum[k]);
    }
    lbi_ai_holders(c, st, c->kept_holders);
    *value = kept_objectives(c, st, -1, NULL);
    return LB_OK;
}

double lbi_ai_objectives_moved(const ai_ctx *c, const lb_state *st, int i, const lb_hex *hexes,
                               int n, lb_formation f)
{
    lb_unit moved = st->units[i];
    memcpy(moved.hexes, hexes, (size_t)n * sizeof *hexes);
    moved.nhexes = n;
    moved.formation = f;
    return kept_objectives(c, st, i, &moved);
}

/* ---- a unit's prospects --------------------------------------------------------------------- */

/* How far unit u fires, in hexes (the fire rules say whether it may; this only bounds the
 * search): skirmishers 2 (R-FIRE-1), guns as far as their chart goes. */
static int fire_reach(const lb_unit *u)
{
    if (u->fire <= 0 || u->state == LB_STATE_ROUTED)
        return 0;
    return u->arm == LB_ARM_ARTILLERY ? 12 : 2;
}

static int unit_distance(const lb_unit *a, const lb_unit *b)
{
    int best = 1 << 30;
    for (int i = 0; i < a->nhexes; i++)
        for (int k = 0; k < b->nhexes; k++) {
            int d = lb_hex_distance(a->hexes[i], b->hexes[k]);
            best = d < best ? d : best;
        }
    return best;
}

/* Combat units of side within `reach` hexes of unit e: the targets e's fire is shared among. */
static int targets_near(const lb_state *st, const lb_unit *e, int side, int reach)
{
    int n = 0;
    for (int i = 0; i < st->nunits; i++)
        n += st->units[i].side == side && lb_unit_is_combat(&st->units[i]) &&
             st->units[i].nhexes > 0 && unit_distance(e, &st->units[i]) <= reach;
    return n;
}

/* How exposed unit u is to a charge where it stands (formation, terrain and state). */
static double charge_exposure(const lb_state *st, const lb_unit *u)
{
    if (u->arm == LB_ARM_CAVALRY || !lb_unit_is_combat(u))
        return 0;
    double f;
    switch (u->formation) {
    case LB_FORM_CARRE:
        f = 0.1;
        break;
    case LB_FORM_LINE:
        f = 1.3;
        break;
    case LB_FORM_SKIRMISH:
        f = 10.0 / 3; /* no carré: trampled whole (0.3 x 10/3 = its worth) */
        break;
    case LB_FORM_LIMBERED:
        f = 1.1;
        break;
    case LB_FORM_GENERAL:
        f = 0.5;
        break;
    default:
        f = 0.8;
    }
    if (u->state != LB_STATE_GOOD)
        f *= 1.5;
    if (lb_map_contains(&st->map, u->hexes[0])) {
        int cost = st->charts.terrain[st->map.terrain[lb_map_cell(&st->map, u->hexes[0])]]
                       .move[LB_ARM_CAVALRY];
        if (cost < 0 || cost >= 3)
            f *= 0.2; /* villages, woods: no ground for a charge */
    }
    return f;
}

/* The melee of unit a alone on the hex of unit t, valued for a's side. */
static double melee_of(ai_ctx *c, const lb_state *st, const lb_unit *a, const lb_unit *t)
{
    if (a->state == LB_STATE_ROUTED || a->arm == LB_ARM_ARTILLERY)
        return 0;
    lb_melee_req req;
    memset(&req, 0, sizeof req);
    req.target = t->hexes[0];
    req.nattackers = 1;
    req.attackers[0].id = a->id;
    req.attackers[0].times = lb_frac_int(1);
    req.automatic = 1;
    if (lb_melee_odds(st, &req, c->melee, NULL) != LB_OK || !c->melee->allowed)
        return 0;
    return lbi_ai_melee_value(c, st, c->melee, NULL, 0);
}

/* A unit's prospects as lbi_ai_tactical sums them: the best it can do, what it is exposed to. */
typedef struct prospects {
    double fire, melee, charge; /* the best of each it can make */
    double threat;              /* what the enemy can do to it */
} prospects;

/* What unit i (u) can do to enemy unit e (x), d hexes away: its best fire, melee and charge
 * so far in p. */
static void offence_on(ai_ctx *c, const lb_state *st, int i, int e, int d, prospects *p)
{
    const lb_unit *u = &st->units[i], *x = &st->units[e];
    int reach = fire_reach(u);
    double v;
    if (reach && d <= reach &&
        lbi_ai_fire_value(c, st, i, x->hexes[0], LB_FIRE_OFFENSIVE, &v, NULL, 0) > 0)
        p->fire = v > p->fire ? v : p->fire;
    if (d == 1 && (v = melee_of(c, st, u, x)) > p->melee)
        p->melee = v;
    if (u->arm == LB_ARM_CAVALRY && u->state == LB_STATE_GOOD &&
        u->readiness == LB_READY_FRESH && d <= CHARGE_REACH &&
        (v = 0.3 * lbi_ai_unit_worth(c, x) * charge_exposure(st, x)) > p->charge)
        p->charge = v;
}

/* What enemy unit e (x), d hexes away, can do to unit i (u): its fire shared among the targets
 * it reaches, half its melee, its charge by u's exposure, added to p's threat. */
static void threat_of(ai_ctx *c, const lb_state *st, int i, int e, int d, prospects *p)
{
    const lb_unit *u = &st->units[i], *x = &st->units[e];
    int xr = fire_reach(x);
    double v;
    if (xr && d <= xr &&
        lbi_ai_fire_value(c, st, e, u->hexes[0], LB_FIRE_OFFENSIVE, &v, NULL, 0) > 0) {
        int n = targets_near(st, x, u->side, xr);
        p->threat += v / (n > 0 ? n : 1);
    }
    if (d == 1 && (v = melee_of(c, st, x, u)) > 0)
        p->threat += 0.5 * v;
    if (x->arm == LB_ARM_CAVALRY && x->state == LB_STATE_GOOD &&
        x->readiness == LB_READY_FRESH && d <= CHARGE_REACH) {
        int n = targets_near(st, x, u->side, CHARGE_REACH);
        p->threat += 0.3 * lbi_ai_unit_worth(c, u) * charge_exposure(st, u) *
                     (n > 2 ? 2.0 / n : 1);
    }
}

double lbi_ai_tactical(ai_ctx *c, const lb_state *st, int i)
{
    const lb_unit *u = &st->units[i];
    if (!lb_unit_is_combat(u) || u->nhexes == 0)
        return 0;
    int side = u->side, enemy = 1 - side;
    int acting = st->turn.phasing == side && st->turn.segment <= LB_SEG_MOVEMENT;
    double w_opp = acting ? 1.0 : c->w.waiting;
    prospects p = {0, 0, 0, 0};
    for (int e = 0; e < st->nunits; e++) {
        const lb_unit *x = &st->units[e];
        if (x->side != enemy || !lb_unit_is_combat(x) || x->nhexes == 0)
            continue;
        int d = unit_distance(u, x);
        offence_on(c, st, i, e, d, &p);
        threat_of(c, st, i, e, d, &p);
    }
    return w_opp * (p.fire + c->w.melee * p.melee + c->w.charge * p.charge) -
           c->w.threat * p.threat;
}

/* ---- the whole position --------------------------------------------------------------------- */

#define POSITION_MATERIAL 0.5 /* a rollout's end counts material at half, the tally whole */

/* R-AI-25: the units that stood within AI_NEIGHBOURHOOD hexes of unit c->around when the
 * decision was asked, as they are in st: each one's worth for me, counted as the position counts
 * a loss, once in the score's tally and half again in the material (a unit gone: nothing). */
static double neighbourhood(const ai_ctx *c, const lb_state *st)
{
    const lb_unit *centre = &c->st->units[c->around];
    double sum = 0;
    if (centre->nhexes == 0)
        return 0;
    for (int i = 0; i < c->st->nunits; i++) {
        const lb_unit *was = &c->st->units[i];
        if (was->arm == LB_ARM_LEADER || was->nhexes == 0 ||
            lb_hex_distance(was->hexes[0], centre->hexes[0]) > AI_NEIGHBOURHOOD)
            continue;
        int now = lb_state_unit_index(st, was->id);
        double worth = now >= 0 ? lbi_ai_unit_worth(c, &st->units[now]) : 0;
        sum += (was->side == c->me ? 1 : -1) * (1 + POSITION_MATERIAL) * worth;
    }
    return sum;
}

double lbi_ai_position(const ai_ctx *c, const lb_game *g)
{
    const lb_state *st = lb_game_state(g);
    lb_game_score sc;
    lb_game_score_of(g, &sc);
    if (sc.over) {
        /* the result is what counts; points break ties between results */
        double diff = sc.points[c->me] - sc.points[c->foe];
        return (sc.winner == c->me ? 1000.0 : sc.winner == c->foe ? -1000.0 : 0) + diff;
    }
    int h[AI_OBJECTIVES_MAX];
    for (int k = 0; k < c->nobj; k++)
        h[k] = lb_game_objective_holder(g, k);
    if (c->around >= 0)
        return lbi_ai_objectives(c, st, h) + neighbourhood(c, st);
    /* the tallies of the score (increments, surrenders, leaders), objectives valued apart */
    double tally = (sc.points[c->me] - sc.objectives[c->me]) -
                   (sc.points[c->foe] - sc.objectives[c->foe]);
    double v = tally + lbi_ai_objectives(c, st, h) + POSITION_MATERIAL * lbi_ai_material(c, st);
    return v;
}
