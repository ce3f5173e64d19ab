/* Fire by several units at one hex (21), (25): which firers may fire together, and the value they sum to. */
#include <stdlib.h>
#include <string.h>

#include "fire_int.h"
#include "lb/core.h"
#include "state_int.h"
#include "frac_int.h"
#include "trace_int.h"
#include "unit_int.h"
#include "hex_int.h"

#define CARRE_INFANTRY_MAX 12 /* (25): increments of a carré firing with its battery */
#define GUNS_INFANTRY_MAX 4   /* (25): increments of other infantry firing with a battery */

void lb_fire_group_release(lb_fire_group *g)
{
    free(g->firers);
    g->firers = NULL;
    g->nfirers = 0;
}

/* g is refused for what g->why says: the ruling, and its step in the trace. */
static int refused(lb_fire_group *g, const char *rule, const char *section, lb_trace *t)
{
    g->allowed = 0;
    g->rule = rule;
    g->value = lb_frac_int(0);
    lbi_fi_trace_refusal(t, rule, section, &g->why, FIRE_MAY_NOT_TOGETHER);
    lb_trace_bool(t, "allowed", 0);
    return LB_OK;
}

/* Refuses g under a ruling, saying why: a refusal kind and its own arguments. */
#define REFUSE(g, rule, section, t, ...)                                                           \
    (FIRE_SAY(&(g)->why, __VA_ARGS__), refused((g), (rule), (section), (t)))
#define REFUSE0(g, rule, section, t, kind)                                                         \
    (FIRE_SAY0(&(g)->why, kind), refused((g), (rule), (section), (t)))

/* A firer's refusal is the fire's: as it is for one firer, named for several (R-FIRE-23). */
static int refuse_as(lb_fire_group *g, const lb_state *s, const lb_fire_value *v, lb_trace *t)
{
    g->rule = v->rule;
    g->why = v->why;
    if (g->nfirers > 1) {
        g->why.args[1] = ev_unit_id(s->units[v->unit].id);
        LBI_EVENT(t, "R-FIRE-23", "(21)", EV_FIRE_REFUSED_TOGETHER,
                  ev_unit_id(s->units[v->unit].id), ev_text(v->rule), ev_int(g->nfirers));
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
            return REFUSE(g, "R-FIRE-23", "(21)", t, EV_FIRE_OTHER_SIDE, ev_unit_id(u->id),
                          ev_text(s->sides[u->side]), ev_unit_id(s->units[g->firers[0].unit].id),
                          ev_text(s->sides[g->side]));
        for (int j = 0; j < i; j++)
            if (g->firers[j].unit == g->firers[i].unit)
                return REFUSE(g, "R-FIRE-23", "(21)", t, EV_FIRE_TWICE, ev_unit_id(u->id));
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
        lb_event_arg hex = lbi_fi_hex(s, f[a].hex);
        if (guns > 1)
            return REFUSE(g, "R-FIRE-24", "(25)", t, EV_FIRE_GUNS_WITH_INFANTRY, ev_int(guns),
                          hex);
        int left = carre ? CARRE_INFANTRY_MAX : GUNS_INFANTRY_MAX;
        LBI_EVENT(t, carre ? "R-FIRE-25" : "R-FIRE-24", "(25)", EV_FIRE_INFANTRY_WITH_GUNS,
                  ev_unit_id(s->units[g->firers[gun].unit].id), hex, ev_int(left), ev_int(carre));
        for (int c = a; c < b; c++) {
            const lb_fire_value *v = &g->firers[f[c].firer];
            if (v->battery)
                continue;
            const lb_fire_hex *fh = &v->hexes[f[c].k];
            int want = fh->increments < v->per_hex || v->printed ? fh->increments : v->per_hex;
            if (left == 0)
                return REFUSE(g, "R-FIRE-24", "(25)", t, EV_FIRE_INFANTRY_FULL,
                              ev_unit_id(s->units[v->unit].id), hex,
                              ev_int(carre ? CARRE_INFANTRY_MAX : GUNS_INFANTRY_MAX));
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
 * leader with an artillery bonus stands in one of them. */
static int two_battery_hexes(const lb_state *s, lb_fire_group *g, const lb_hex h[2], lb_trace *t)
{
    lb_event_arg a = lbi_fi_hex(s, h[0]), b = lbi_fi_hex(s, h[1]);
    if (lb_hex_distance(h[0], h[1]) != 1)
        return REFUSE(g, "R-FIRE-26", "(25)", t, EV_FIRE_NOT_ADJACENT, a, b);
    int l = leader_in(s, h[0], g->side, "artillery");
    if (l < 0)
        l = leader_in(s, h[1], g->side, "artillery");
    if (l < 0)
        return REFUSE(g, "R-FIRE-26", "(25)", t, EV_FIRE_NO_ARTILLERY_LEADER, a, b);
    LBI_EVENT(t, "R-FIRE-26", "(25)", EV_FIRE_TWO_HEXES, a, b, ev_unit_id(s->units[l].id),
              lbi_fi_hex(s, s->units[l].hexes[0]));
    return LB_OK;
}

/* R-FIRE-26 (25): batteries of three hexes fire together only with a leader of special ability
 * in or next to each. */
static int three_battery_hexes(const lb_state *s, lb_fire_group *g, const lb_hex h[3],
                               lb_trace *t)
{
    lb_event_arg a = lbi_fi_hex(s, h[0]), b = lbi_fi_hex(s, h[1]), c = lbi_fi_hex(s, h[2]);
    for (int i = 0; i < s->nunits; i++) {
        const lb_unit *l = &s->units[i];
        if (l->arm != LB_ARM_LEADER || l->side != g->side || !lb_unit_bonus(l, "artillery_special"))
            continue;
        int near = 1;
        for (int j = 0; j < 3; j++)
            near &= lb_hex_distance(l->hexes[0], h[j]) <= 1;
        if (near) {
            LBI_EVENT(t, "R-FIRE-26", "(25)", EV_FIRE_THREE_HEXES, a, b, c, ev_unit_id(l->id),
                      lbi_fi_hex(s, l->hexes[0]));
            return LB_OK;
        }
    }
    return REFUSE(g, "R-FIRE-26", "(25)", t, EV_FIRE_NO_SPECIAL_LEADER, a, b, c);
}

/* R-FIRE-26 (25): the hexes the batteries fire from, never four or more. */
static int battery_hexes(const lb_state *s, lb_fire_group *g, lb_trace *t)
{
    lb_hex h[3];
    int nh = 0;
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
            return REFUSE0(g, "R-FIRE-26", "(25)", t, EV_FIRE_THREE_HEXES_MAX);
        h[nh++] = at;
    }
    if (nh <= 1)
        return LB_OK;
    return nh == 2 ? two_battery_hexes(s, g, h, t) : three_battery_hexes(s, g, h, t);
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
    if (g->leader < 0) {
        int guns = 0, aside = -1;
        for (int i = 0; i < g->nfirers; i++) {
            guns |= g->firers[i].battery;
            if (!g->firers[i].battery && aside < 0)
                aside = leader_in(s, s->units[g->firers[i].unit].hexes[0], g->side, "artillery");
        }
        if (aside >= 0)
            LBI_EVENT(t, "R-FIRE-27", "(7)", EV_FIRE_LEADER_ASIDE, ev_unit_id(s->units[aside].id),
                      lbi_fi_hex(s, s->units[aside].hexes[0]));
        else if (guns)
            LBI_EVENT0(t, "R-FIRE-27", "(7)", EV_FIRE_NO_LEADER);
        return;
    }
    g->leader_id = s->units[g->leader].id;
    g->leader_modifier = lb_unit_bonus(&s->units[g->leader], "artillery");
    LBI_EVENT(t, "R-FIRE-27", "(7)", EV_FIRE_LEADER, ev_unit_id(g->leader_id),
              lbi_fi_hex(s, s->units[g->leader].hexes[0]), ev_int(g->leader_modifier));
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
        LBI_EVENT(t, "R-FIRE-20", "(26)", EV_FIRE_CANISTER, ev_int(shift));
    } else {
        LBI_EVENT(t, "R-FIRE-20", "(26)", EV_FIRE_NO_CANISTER, ev_int(close),
                  ev_int(g->batteries));
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

/* The sum (R-FIRE-23). */
static void sum(lb_fire_group *g, lb_trace *t)
{
    g->value = lb_frac_int(0);
    g->increments_firing = 0;
    for (int i = 0; i < g->nfirers; i++) {
        g->value = lb_frac_add(g->value, g->firers[i].value);
        g->increments_firing += g->firers[i].increments_firing;
    }
    if (g->nfirers == 1)
        return;
    if (lbi_trace_on(t)) {
        lb_event_arg args[FIRE_SUM_ARGS];
        lbi_fi_sum(g, 1, args);
        lbi_trace_event(t, "R-FIRE-23", "(21)", EV_FIRE_SUM, args, FIRE_SUM_ARGS);
    }
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
    sum(g, t);
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
    if (*nallowed == 1)
        LBI_EVENT(t, "R-FIRE-22", "(21)", EV_FIRE_TARGET_HEX, ev_unit_id(u->id),
                  ev_int(u->nhexes), lbi_fi_hex(s, *hex));
    else
        LBI_EVENT(t, "R-FIRE-22", "(21)", EV_FIRE_TARGET_HEXES, ev_unit_id(u->id),
                  ev_int(u->nhexes), ev_int(*nallowed));
    return *nallowed == 1 ? LB_OK : LB_USAGE;
}
