/* Fire by several units at one hex (21), (25): which firers may fire together, and the value they sum to. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fire_int.h"
#include "lb/err.h"

#define CARRE_INFANTRY_MAX 12 /* (25): increments of a carré firing with its battery */
#define GUNS_INFANTRY_MAX 4   /* (25): increments of other infantry firing with a battery */

void lb_fire_group_release(lb_fire_group *g)
{
    free(g->firers);
    g->firers = NULL;
    g->nfirers = 0;
}

__attribute__((format(printf, 5, 6))) static int refuse(lb_fire_group *g, const char *rule,
                                                        const char *section, lb_trace *t,
                                                        const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->reason, sizeof g->reason, fmt, ap);
    va_end(ap);
    g->allowed = 0;
    g->rule = rule;
    g->value = lb_frac_int(0);
    lb_trace_add(t, rule, section, "may not fire together: %s", g->reason);
    lb_trace_bool(t, "allowed", 0);
    return LB_OK;
}

/* A firer's refusal is the fire's: as it is for one firer, named for several (R-FIRE-23). */
static int refuse_as(lb_fire_group *g, const lb_state *s, const lb_fire_value *v, lb_trace *t)
{
    g->rule = v->rule;
    if (g->nfirers == 1) {
        snprintf(g->reason, sizeof g->reason, "%s", v->reason);
    } else {
        snprintf(g->reason, sizeof g->reason, "%s: %s", s->units[v->unit].id, v->reason);
        lb_trace_add(t, "R-FIRE-23", "(21)", "every firer must be allowed to fire at the hex on its "
                     "own, and %s is not (%s): the fire of the %d units is refused",
                     s->units[v->unit].id, v->rule, g->nfirers);
        lb_trace_bool(t, "allowed", 0);
    }
    g->value = lb_frac_int(0);
    return LB_OK;
}

/* ---- one fire, one side ------------------------------------------------------------------- */

/* R-FIRE-23: the firers of one fire are one side's units, each listed once. */
static int one_side(const lb_state *s, lb_fire_group *g, lb_trace *t)
{
    for (int i = 0; i < g->nfirers; i++) {
        const lb_unit *u = &s->units[g->firers[i].unit];
        if (u->side != g->side)
            return refuse(g, "R-FIRE-23", "(21)", t, "a fire is one side's: %s is %s, %s %s", u->id,
                          s->sides[u->side], s->units[g->firers[0].unit].id, s->sides[g->side]);
        for (int j = 0; j < i; j++)
            if (g->firers[j].unit == g->firers[i].unit)
                return refuse(g, "R-FIRE-23", "(21)", t, "%s is listed twice", u->id);
    }
    return LB_OK;
}

/* ---- the hexes the fire comes from ---------------------------------------------------------- */

/* Where in its hex's stack a unit stands (0 on top). */
static int depth(const lb_state *s, lb_hex h, int unit)
{
    const int *idx;
    int n = lb_state_units_at(s, h, &idx);
    for (int i = 0; i < n; i++)
        if (idx[i] == unit)
            return i;
    return n;
}

/* One firing hex of one firer. */
typedef struct firing {
    int firer;   /* index into g->firers */
    int k;       /* its hex */
    lb_hex hex;
    int depth;
} firing;

static int by_hex_then_stack(const void *a, const void *b)
{
    const firing *x = a, *y = b;
    if (x->hex.col != y->hex.col)
        return x->hex.col - y->hex.col;
    if (x->hex.row != y->hex.row)
        return x->hex.row - y->hex.row;
    return x->depth - y->depth;
}

/* R-FIRE-24, R-FIRE-25 (25): infantry firing from a battery's hex with it: one battery only, and
 * at most 4 increments (12 of a carré) of the hex's infantry, top first. caps[i * LB_UNIT_MAX_HEXES
 * + k] gets the increments firer i may fire from its hex k, -1 for no limit. */
static int hex_rules(const lb_state *s, lb_fire_group *g, const firing *f, int n, int *caps,
                     lb_trace *t)
{
    char hl[LB_HEX_LABEL_MAX];
    for (int a = 0, b; a < n; a = b) {
        int guns = 0, infantry = 0, gun = -1, carre = 0;
        for (b = a; b < n && lb_hex_eq(f[b].hex, f[a].hex); b++) {
            const lb_fire_value *v = &g->firers[f[b].firer];
            if (v->battery) {
                guns++;
                gun = f[b].firer;
                carre |= v->in_carre;
            } else if (s->units[v->unit].arm == LB_ARM_INFANTRY) {
                infantry++;
            }
        }
        if (!guns || !infantry)
            continue;
        lbi_fi_label(s, f[a].hex, hl);
        if (guns > 1)
            return refuse(g, "R-FIRE-24", "(25)", t, "infantry fires with one battery only: %d "
                          "batteries fire from %s with its infantry", guns, hl);
        int left = carre ? CARRE_INFANTRY_MAX : GUNS_INFANTRY_MAX;
        lb_trace_add(t, carre ? "R-FIRE-25" : "R-FIRE-24", "(25)", "%s fires from %s with at most "
                     "%d increments of its %sinfantry", s->units[g->firers[gun].unit].id, hl, left,
                     carre ? "carré's " : "");
        for (int c = a; c < b; c++) {
            const lb_fire_value *v = &g->firers[f[c].firer];
            if (v->battery)
                continue;
            const lb_fire_hex *fh = &v->hexes[f[c].k];
            int want = fh->increments < v->per_hex || v->printed ? fh->increments : v->per_hex;
            if (left == 0)
                return refuse(g, "R-FIRE-24", "(25)", t, "%s: the infantry of %s already fires "
                              "its %d increments with the battery", s->units[v->unit].id, hl,
                              carre ? CARRE_INFANTRY_MAX : GUNS_INFANTRY_MAX);
            int take = want < left ? want : left;
            caps[f[c].firer * LB_UNIT_MAX_HEXES + f[c].k] = take;
            left -= take;
        }
    }
    return LB_OK;
}

/* A friendly leader in hex h with a non-zero bonus `key`, the best one; -1 when none. */
static int leader_in(const lb_state *s, lb_hex h, int side, const char *key)
{
    const int *idx;
    int n = lb_state_units_at(s, h, &idx), best = -1;
    for (int i = 0; i < n; i++) {
        const lb_unit *l = &s->units[idx[i]];
        if (l->arm != LB_ARM_LEADER || l->side != side || !lb_unit_bonus(l, key))
            continue;
        if (best < 0 || lb_unit_bonus(l, key) > lb_unit_bonus(&s->units[best], key))
            best = idx[i];
    }
    return best;
}

/* R-FIRE-26 (25): batteries of two hexes fire together only when the hexes are adjacent and a
 * leader with an artillery bonus stands in one of them; of three hexes, only with a leader of
 * special ability in or next to each; never of four or more. */
static int battery_hexes(const lb_state *s, lb_fire_group *g, lb_trace *t)
{
    lb_hex h[4];
    int nh = 0;
    char a[LB_HEX_LABEL_MAX], b[LB_HEX_LABEL_MAX], c[LB_HEX_LABEL_MAX], ll[LB_HEX_LABEL_MAX];
    for (int i = 0; i < g->nfirers; i++) {
        const lb_fire_value *v = &g->firers[i];
        if (!v->battery)
            continue;
        lb_hex at = s->units[v->unit].hexes[0];
        int seen = 0;
        for (int j = 0; j < nh; j++)
            seen |= lb_hex_eq(h[j], at);
        if (seen)
            continue;
        if (nh == 3)
            return refuse(g, "R-FIRE-26", "(25)", t, "batteries fire together from three hexes at "
                          "most");
        h[nh++] = at;
    }
    if (nh <= 1)
        return LB_OK;
    if (nh == 2) {
        lbi_fi_label(s, h[0], a);
        lbi_fi_label(s, h[1], b);
        if (lb_hex_distance(h[0], h[1]) != 1)
            return refuse(g, "R-FIRE-26", "(25)", t, "batteries in %s and %s, hexes that are not "
                          "adjacent, may not fire together", a, b);
        int l = leader_in(s, h[0], g->side, "artillery");
        if (l < 0)
            l = leader_in(s, h[1], g->side, "artillery");
        if (l < 0)
            return refuse(g, "R-FIRE-26", "(25)", t, "batteries in the adjacent hexes %s and %s fire "
                          "together only with a leader with an artillery bonus in one of them", a,
                          b);
        lb_trace_add(t, "R-FIRE-26", "(25)", "batteries in %s and %s fire together: %s, with an "
                     "artillery bonus, is in %s", a, b, s->units[l].id,
                     lbi_fi_label(s, s->units[l].hexes[0], ll));
        return LB_OK;
    }
    lbi_fi_label(s, h[0], a);
    lbi_fi_label(s, h[1], b);
    lbi_fi_label(s, h[2], c);
    for (int i = 0; i < s->nunits; i++) {
        const lb_unit *l = &s->units[i];
        if (l->arm != LB_ARM_LEADER || l->side != g->side || !lb_unit_bonus(l, "artillery_special"))
            continue;
        int near = 1;
        for (int j = 0; j < 3; j++)
            near &= lb_hex_distance(l->hexes[0], h[j]) <= 1;
        if (near) {
            lb_trace_add(t, "R-FIRE-26", "(25)", "batteries in %s, %s and %s fire together: %s, a "
                         "leader of special ability, is next to all three (in %s)", a, b, c, l->id,
                         lbi_fi_label(s, l->hexes[0], ll));
            return LB_OK;
        }
    }
    return refuse(g, "R-FIRE-26", "(25)", t, "batteries in three hexes, %s, %s and %s, fire "
                  "together only with a leader of special ability in or next to each of them", a,
                  b, c);
}

/* R-FIRE-27 (7): the best artillery bonus of a friendly leader stacked with a firing battery is
 * added to the fire roll, for the whole fire. */
static void artillery_leader(const lb_state *s, lb_fire_group *g, lb_trace *t)
{
    for (int i = 0; i < g->nfirers; i++) {
        if (!g->firers[i].battery)
            continue;
        int l = leader_in(s, s->units[g->firers[i].unit].hexes[0], g->side, "artillery");
        if (l >= 0 && (g->leader < 0 || lb_unit_bonus(&s->units[l], "artillery") >
                                            lb_unit_bonus(&s->units[g->leader], "artillery")))
            g->leader = l;
    }
    char hl[LB_HEX_LABEL_MAX];
    if (g->leader < 0) {
        int guns = 0, aside = -1;
        for (int i = 0; i < g->nfirers; i++) {
            guns |= g->firers[i].battery;
            if (!g->firers[i].battery && aside < 0)
                aside = leader_in(s, s->units[g->firers[i].unit].hexes[0], g->side, "artillery");
        }
        if (aside >= 0)
            lb_trace_add(t, "R-FIRE-27", "(7)", "%s stands with infantry only (%s), not with a "
                         "firing battery: he lends nothing to the fire roll",
                         s->units[aside].id, lbi_fi_label(s, s->units[aside].hexes[0], hl));
        else if (guns)
            lb_trace_add(t, "R-FIRE-27", "(7)", "no friendly leader with an artillery bonus stands "
                         "with a firing battery: no modifier to the fire roll");
        return;
    }
    g->leader_id = s->units[g->leader].id;
    g->leader_modifier = lb_unit_bonus(&s->units[g->leader], "artillery");
    lb_trace_add(t, "R-FIRE-27", "(7)", "%s, with the guns in %s, lends his artillery bonus to the "
                 "fire roll: %+d", s->units[g->leader].id,
                 lbi_fi_label(s, s->units[g->leader].hexes[0], hl), g->leader_modifier);
    lb_trace_text(t, "leader", s->units[g->leader].id);
    lb_trace_int(t, "modifier", g->leader_modifier);
}

/* R-FIRE-20: the fire moves the odds right when it has guns and every battery in it fires at
 * close range (one roll, one column: the guns' canister is the fire's only when all of them
 * fire it). */
static void canister(const lb_state *s, lb_fire_group *g, lb_trace *t)
{
    int close = 0;
    g->batteries = 0;
    for (int i = 0; i < g->nfirers; i++) {
        g->batteries += g->firers[i].battery;
        close += g->firers[i].battery && g->firers[i].canister;
    }
    int shift = s->charts.fire ? s->charts.fire->canister_shift : 0;
    if (!g->batteries || !shift)
        return;
    if (close == g->batteries) {
        g->canister = shift;
        lb_trace_add(t, "R-FIRE-20", "(26)", "canister: every battery of the fire is at close "
                     "range: the odds move %d column%s right", shift, shift == 1 ? "" : "s");
    } else {
        lb_trace_add(t, "R-FIRE-20", "(26)", "no canister: %d of the fire's %d batter%s at close "
                     "range", close, g->batteries, g->batteries == 1 ? "y is" : "ies are");
    }
    lb_trace_int(t, "canister", g->canister);
}

/* The combination rules: the firing hexes, their infantry caps, the battery hexes. */
static int combine(const lb_state *s, lb_fire_group *g, int *caps, lb_trace *t)
{
    int n = 0;
    for (int i = 0; i < g->nfirers; i++)
        n += g->firers[i].nhexes;
    firing *f = malloc((size_t)(n > 0 ? n : 1) * sizeof *f);
    if (!f)
        return LB_NOMEM;
    n = 0;
    for (int i = 0; i < g->nfirers; i++) {
        const lb_fire_value *v = &g->firers[i];
        for (int k = 0; k < v->nhexes; k++)
            if (v->hexes[k].fires)
                f[n++] = (firing){i, k, v->hexes[k].hex, depth(s, v->hexes[k].hex, v->unit)};
    }
    qsort(f, (size_t)n, sizeof *f, by_hex_then_stack);
    int rc = hex_rules(s, g, f, n, caps, t);
    free(f);
    if (rc != LB_OK || g->rule)
        return rc;
    return battery_hexes(s, g, t);
}

/* The sum and its breakdown (R-FIRE-23). */
static void sum(const lb_state *s, lb_fire_group *g, lb_trace *t)
{
    char vbuf[32];
    g->value = lb_frac_int(0);
    g->increments_firing = 0;
    g->breakdown[0] = '\0';
    for (int i = 0; i < g->nfirers; i++) {
        const lb_fire_value *v = &g->firers[i];
        g->value = lb_frac_add(g->value, v->value);
        g->increments_firing += v->increments_firing;
        if (g->nfirers > 1)
            lbi_fi_append(g->breakdown, sizeof g->breakdown, "%s%s %s", i ? " + " : "",
                          s->units[v->unit].id, lb_frac_fmt(v->value, vbuf, sizeof vbuf));
    }
    if (g->nfirers == 1) {
        snprintf(g->breakdown, sizeof g->breakdown, "%s", g->firers[0].breakdown);
        return;
    }
    lbi_fi_append(g->breakdown, sizeof g->breakdown, " = %s",
                  lb_frac_fmt(g->value, vbuf, sizeof vbuf));
    lb_trace_add(t, "R-FIRE-23", "(21)", "%d units fire together, one roll: %s", g->nfirers,
                 g->breakdown);
    lbi_fi_trace_frac(t, "fire_value", g->value);
    lb_trace_int(t, "increments_firing", g->increments_firing);
}

/* R-FIRE-23..27 */
int lb_fire_group_check(const lb_state *s, const lb_fire_request *rq, lb_fire_group *g,
                        lb_trace *t)
{
    memset(g, 0, sizeof *g);
    g->kind = rq->kind;
    g->target = rq->target;
    g->value = lb_frac_int(0);
    g->leader = -1;
    if (rq->nfirers < 1 || !rq->firers)
        return LB_INVALID;
    g->firers = calloc((size_t)rq->nfirers, sizeof *g->firers);
    int *caps = malloc((size_t)rq->nfirers * LB_UNIT_MAX_HEXES * sizeof *caps);
    if (!g->firers || !caps) {
        free(caps);
        return LB_NOMEM;
    }
    g->nfirers = rq->nfirers;
    int rc = LB_OK;
    for (int i = 0; i < g->nfirers && rc == LB_OK; i++)
        rc = lbi_fi_unit_judge(s, rq->firers[i], rq->target, rq->kind, &g->firers[i], t);
    if (rc != LB_OK) {
        free(caps);
        return rc;
    }
    g->side = s->units[g->firers[0].unit].side;
    for (int i = 0; i < g->nfirers * LB_UNIT_MAX_HEXES; i++)
        caps[i] = -1;
    rc = one_side(s, g, t);
    for (int i = 0; i < g->nfirers && rc == LB_OK && !g->rule; i++)
        if (!g->firers[i].allowed)
            rc = refuse_as(g, s, &g->firers[i], t);
    if (rc == LB_OK && !g->rule && g->nfirers > 1)
        rc = combine(s, g, caps, t);
    if (g->rule) /* a refused fire still shows what each firer would fire on its own */
        for (int i = 0; i < g->nfirers * LB_UNIT_MAX_HEXES; i++)
            caps[i] = -1;
    for (int i = 0; i < g->nfirers && rc == LB_OK; i++) {
        int was = g->firers[i].allowed;
        lbi_fi_unit_value(s, &g->firers[i], caps + i * LB_UNIT_MAX_HEXES, t);
        if (was && !g->firers[i].allowed && !g->rule)
            rc = refuse_as(g, s, &g->firers[i], t);
    }
    free(caps);
    if (rc != LB_OK || g->rule)
        return rc;
    sum(s, g, t);
    canister(s, g, t);
    artillery_leader(s, g, t);
    g->allowed = 1;
    return LB_OK;
}

/* R-FIRE-22 */
int lb_fire_target_hex(const lb_state *s, const lb_fire_request *rq, int target_unit, lb_hex *hex,
                       int *nallowed, lb_trace *t)
{
    *nallowed = 0;
    if (target_unit < 0 || target_unit >= s->nunits)
        return LB_INVALID;
    const lb_unit *u = &s->units[target_unit];
    *hex = u->hexes[0];
    if (u->nhexes <= 1)
        return LB_OK;
    for (int k = 0; k < u->nhexes; k++) {
        lb_fire_request at = *rq;
        at.target = u->hexes[k];
        lb_fire_group g;
        int rc = lb_fire_group_check(s, &at, &g, NULL);
        int allowed = g.allowed;
        lb_fire_group_release(&g);
        if (rc != LB_OK)
            return rc;
        if (allowed && (*nallowed)++ == 0)
            *hex = u->hexes[k];
    }
    if (*nallowed != 1)
        *hex = u->hexes[0];
    char hl[LB_HEX_LABEL_MAX];
    if (*nallowed == 1)
        lb_trace_add(t, "R-FIRE-22", "(21)", "the target %s stands in %d hexes and the fire may be "
                     "made at one of them only: it is made at %s", u->id, u->nhexes,
                     lbi_fi_label(s, *hex, hl));
    else
        lb_trace_add(t, "R-FIRE-22", "(21)", "the target %s stands in %d hexes and the fire may be "
                     "made at %d of them: the player names the hex", u->id, u->nhexes, *nallowed);
    return *nallowed == 1 ? LB_OK : LB_USAGE;
}
