/* Which units fire together at which hex (R-AI-24, R-FIRE-23): a fire segment's firers shared among the target hexes so that the groups' values sum to the most. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai_int.h"
#include "state_int.h"
#include "decision_int.h"
#include "action_int.h"
#include "game_int.h"
#include "hex_int.h"

#define REFUSED (-1e9)      /* the value of a group the fire rules refuse */
#define GAIN_EPS 1e-9       /* a change of the shares gains more than this, or it is not made */
#define PASSES_MAX 4        /* rounds of the local search */

typedef struct fire_pair {
    int unit;               /* index in the state */
    int hex;                /* index into the targets */
    int option;             /* the decision's option "fire:UNIT:HEX" */
    double alone;           /* its value fired alone */
} fire_pair;

typedef struct fire_shares {
    ai_ctx *c;
    const lb_state *st;     /* the state of the game whose decision it is */
    lb_fire_kind kind;
    fire_pair *pairs;       /* every unit offered alone at a hex, the best alone first */
    int npairs;
    lb_hex *targets;        /* the hexes offered */
    int ntargets;
    int *share;             /* per pair: 1 when its unit fires at its hex */
    double *group;          /* per target: the value of its group as shared now (0 empty) */
    int *members;           /* scratch: one group's units, the best alone first */
} fire_shares;

static int by_value(const void *a, const void *b)
{
    const fire_pair *x = a, *y = b;
    if (x->alone != y->alone)
        return x->alone < y->alone ? 1 : -1;
    return x->option - y->option; /* ties in the options' order: deterministic */
}

/* The value of target t's group as shared, with pair `with` in it and pair `without` out of it
 * (-1: none), into *value: REFUSED when the fire rules refuse it, 0 empty. 0, or -1 out of
 * memory. */
static int group_value(fire_shares *f, int t, int with, int without, double *value)
{
    int n = 0;
    for (int p = 0; p < f->npairs; p++)
        if (f->pairs[p].hex == t && p != without && (f->share[p] || p == with))
            f->members[n++] = f->pairs[p].unit;
    *value = 0;
    if (n == 0)
        return 0;
    double v;
    int ok = lbi_ai_fire_group_value(f->c, f->st, f->members, n, f->targets[t], f->kind, &v,
                                     NULL, 0);
    if (ok < 0)
        return -1;
    *value = ok ? v : REFUSED;
    return 0;
}

/* The pair of the same unit that fires now, or -1. */
static int firing_pair(const fire_shares *f, int unit)
{
    for (int p = 0; p < f->npairs; p++)
        if (f->share[p] && f->pairs[p].unit == unit)
            return p;
    return -1;
}

/* Moves pair p's unit to fire at p's hex (from wherever it fires now, or from resting) when the
 * groups' sum gains: 1 moved, 0 not, -1 out of memory. */
static int try_share(fire_shares *f, int p)
{
    int from = firing_pair(f, f->pairs[p].unit);
    if (from == p)
        return 0;
    int t = f->pairs[p].hex;
    double joined, left = 0;
    if (group_value(f, t, p, -1, &joined) < 0) /* a unit has one pair a hex: from is elsewhere */
        return -1;
    if (joined <= REFUSED / 2)
        return 0;
    double gain = joined - f->group[t];
    if (from >= 0) {
        int s = f->pairs[from].hex;
        if (group_value(f, s, -1, from, &left) < 0)
            return -1;
        gain += left - f->group[s];
    }
    if (gain <= GAIN_EPS)
        return 0;
    if (from >= 0) {
        f->share[from] = 0;
        f->group[f->pairs[from].hex] = left;
    }
    f->share[p] = 1;
    f->group[t] = joined;
    return 1;
}

/* Takes pair p's unit out of its group when the group is worth more without it. */
static int try_rest(fire_shares *f, int p)
{
    if (!f->share[p])
        return 0;
    int t = f->pairs[p].hex;
    double left;
    if (group_value(f, t, -1, p, &left) < 0)
        return -1;
    if (left <= REFUSED / 2 || left - f->group[t] <= GAIN_EPS)
        return 0;
    f->share[p] = 0;
    f->group[t] = left;
    return 1;
}

/* The shares, by rounds of a hill climb: each pair in turn, the best alone first, takes its unit
 * to its hex (from its group, or from resting) when the groups' sum gains; then each unit rests
 * when its group is worth more without it; until a round changes nothing. */
static int share_out(fire_shares *f)
{
    for (int round = 0; round < PASSES_MAX; round++) {
        int moved = 0;
        for (int p = 0; p < f->npairs; p++) {
            int rc = try_share(f, p);
            if (rc < 0)
                return -1;
            moved += rc;
        }
        for (int p = 0; p < f->npairs; p++) {
            int rc = try_rest(f, p);
            if (rc < 0)
                return -1;
            moved += rc;
        }
        if (!moved)
            break;
    }
    return 0;
}

/* The hex index of h among the targets, added when new. */
static int target_of(fire_shares *f, lb_hex h)
{
    for (int t = 0; t < f->ntargets; t++)
        if (lb_hex_eq(f->targets[t], h))
            return t;
    f->targets[f->ntargets] = h;
    return f->ntargets++;
}

/* Target t's group as an answer: its key and, when why is not NULL, its reason. */
static int group_answer(fire_shares *f, const lb_decision *d, int t, char *key, char *why,
                        size_t n)
{
    const lb_state *st = f->st;
    int first = -1, count = 0;
    for (int p = 0; p < f->npairs; p++)
        if (f->share[p] && f->pairs[p].hex == t) {
            if (first < 0)
                first = p;
            f->members[count++] = f->pairs[p].unit;
        }
    lb_action a = *lb_decision_action(d, f->pairs[first].option);
    for (int m = 1; m < count; m++)
        if (lb_action_add_unit(&a, st->units[f->members[m]].id) != LB_OK)
            return LB_INVALID;
    if (lb_action_fmt(st, &a, key, LB_OPTION_KEY_MAX) != LB_OK)
        return LB_INVALID;
    if (!why)
        return LB_OK; /* the look-ahead's policy asks no reason */
    char line[LB_AI_REASON_MAX], names[LB_AI_REASON_MAX] = "";
    double v;
    if (lbi_ai_fire_group_value(f->c, st, f->members, count, f->targets[t], f->kind, &v, line,
                                sizeof line) < 0)
        return LB_NOMEM;
    for (int m = 0, used = 0; m < count && used >= 0 && (size_t)used < sizeof names; m++)
        used += snprintf(names + used, sizeof names - (size_t)used, "%s%s",
                         m == 0 ? "" : m + 1 == count ? " and " : ", ", st->units[f->members[m]].id);
    const char *fires = count > 1 && strncmp(line, "fires ", 6) == 0 ? line + 6 : NULL;
    snprintf(why, n, "%s %s%s (%.1f points)", names, fires ? "fire together " : "",
             fires ? fires : line, v);
    return LB_OK;
}

int lbi_ai_fire_groups(ai_ctx *c, const lb_game *g, char *key, double *value, char *why,
                       size_t n)
{
    const lb_decision *d = lb_game_pending(g);
    fire_shares f = {.c = c, .st = lb_game_state(g), .kind = lb_game_fire_kind(g)};
    int m = d->noptions, rc = LB_NOMEM;
    f.pairs = calloc((size_t)m + 1, sizeof *f.pairs);
    f.targets = calloc((size_t)m + 1, sizeof *f.targets);
    f.share = calloc((size_t)m + 1, sizeof *f.share);
    f.group = calloc((size_t)m + 1, sizeof *f.group);
    f.members = calloc((size_t)m + 1, sizeof *f.members);
    *value = 0;
    if (!f.pairs || !f.targets || !f.share || !f.group || !f.members)
        goto out;
    for (int i = 0; i < m; i++) {
        fire_pair *p = &f.pairs[f.npairs];
        lb_hex h;
        if (lbi_ai_fire_option(f.st, d, i, &p->unit, &h) != 0)
            continue;
        int ok = lbi_ai_fire_value(c, f.st, p->unit, h, f.kind, &p->alone, NULL, 0);
        if (ok < 0)
            goto out;
        if (!ok)
            continue;
        p->hex = target_of(&f, h);
        p->option = i;
        f.npairs++;
    }
    qsort(f.pairs, (size_t)f.npairs, sizeof *f.pairs, by_value);
    if (share_out(&f) != 0)
        goto out;
    int best = -1;
    for (int t = 0; t < f.ntargets; t++)
        if (best < 0 || f.group[t] > f.group[best])
            best = t;
    rc = LB_NOT_FOUND;
    if (best >= 0 && f.group[best] > 0) {
        *value = f.group[best];
        rc = group_answer(&f, d, best, key, why, n);
    }
out:
    free(f.pairs);
    free(f.targets);
    free(f.share);
    free(f.group);
    free(f.members);
    return rc;
}
