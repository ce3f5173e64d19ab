/* One step of a unit judged: where it may go, what it costs, where it must stop and where it may end (R-MOV-4..13, R-STACK, R-ZOI). */
#include <stdlib.h>
#include <string.h>

#include "rules_types.h"
#include "move_int.h"
#include "formation_int.h"
#include "zoi.h"
#include "stacking_int.h"
#include "hex_int.h"
#include "unit_int.h"

/* Hex distance from h to the nearest hex of unit v. */
static int unit_distance(const lb_unit *v, lb_hex h)
{
    int best = lb_hex_distance(h, v->hexes[0]);
    for (int k = 1; k < v->nhexes; k++) {
        int d = lb_hex_distance(h, v->hexes[k]);
        best = d < best ? d : best;
    }
    return best;
}

/* R-MOV-18 (seed 000, R-RET-7): a disordered combat unit never steps nearer to an enemy
 * formation — an enemy combat unit not routed within 15 hexes of where it stands. LB_OK or
 * LB_NOMEM. */
static int foes_init(mv_ctx *c)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    if (!lb_unit_is_combat(u) ||
        (u->state != LB_STATE_DISORDERED && u->move.start_state != LB_STATE_DISORDERED))
        return LB_OK;
    c->foes = malloc((size_t)(st->nunits ? st->nunits : 1) * sizeof *c->foes);
    if (!c->foes)
        return LB_NOMEM;
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *v = &st->units[i];
        if (v->side != u->side && lb_unit_is_combat(v) && v->nhexes > 0 &&
            v->state != LB_STATE_ROUTED && unit_distance(v, u->hexes[0]) <= MOVE_FOES_RANGE)
            c->foes[c->nfoes++] = i;
    }
    return LB_OK;
}

int lbi_mv_ctx_init(mv_ctx *c, const lb_state *st, int unit, lb_trace *t)
{
    memset(c, 0, sizeof *c);
    c->st = st;
    c->mc = st->charts.move;
    c->unit = unit;
    c->u = &st->units[unit];
    c->zoi = malloc((size_t)st->map.cols * (size_t)st->map.rows);
    if (!c->zoi || foes_init(c) != LB_OK) {
        lbi_mv_ctx_release(c);
        return LB_NOMEM;
    }
    const lb_unit *u = c->u;
    if (c->foes)
        LBI_EVENT(t, "R-MOV-18", "(30)", EV_MOVE_FOES, ev_unit_id(u->id), ev_int(c->nfoes));
    c->allowance = lbi_mv_allowance(st, u, 0, &c->allow_rule, &c->allow_why, t);
    /* a step costs at least half an MP unless some terrain is free: the unit goes at most `left`
     * hexes (in halves), and a zone or a screen's drag reaches 2 hexes beyond; the search reads
     * no zone further away (the plan checks build a context per action) */
    int radius = c->allowance - u->move.spent + u->nhexes + 3;
    for (int t = 0; t < st->charts.nterrain; t++)
        if (st->charts.terrain[t].move[lbi_mv_cost_arm(u)] == 0 || c->mc->road_march_move[t] == 0)
            radius = -1;
    lb_zoi_map_within(st, u->side, u->hexes[0], radius, c->zoi);
    if (lb_unit_is_combat(u) && u->state > u->move.start_state) {
        c->no_step_rule = "R-MOV-9";
        LBI_SAY(&c->no_step, EV_MOVE_SHAKEN, ev_unit_id(u->id),
                ev_text(lb_morale_state_name(u->state)));
    } else if (c->allowance == 0 && c->allow_rule) {
        c->no_step_rule = c->allow_rule;
        c->no_step = c->allow_why;
    } else if (u->move.stopped) {
        c->no_step_rule = "R-ZOI-2";
        LBI_SAY(&c->no_step, EV_MOVE_STOPPED, ev_unit_id(u->id));
    } else if (u->formation == LB_FORM_UNLIMBERED) {
        c->no_step_rule = "R-MOV-10";
        LBI_SAY0(&c->no_step, EV_MOVE_UNLIMBERED);
    } else if (!lb_unit_is_combat(u) && u->move.rode) {
        c->no_step_rule = "R-MOV-14";
        LBI_SAY(&c->no_step, EV_MOVE_RODE, ev_unit_id(u->id));
    }
    return LB_OK;
}

void lbi_mv_ctx_release(mv_ctx *c)
{
    free(c->zoi);
    c->zoi = NULL;
    free(c->foes);
    c->foes = NULL;
    c->nfoes = 0;
}

int lbi_mv_held_by_zone(const mv_ctx *c, const lb_hex *hexes, int n)
{
    return lb_unit_is_combat(c->u) && !lb_zoi_horse(c->st, c->u) &&
           (lbi_mv_zone(c, hexes, n) & LB_ZOI_ENEMY);
}

unsigned lbi_mv_zone(const mv_ctx *c, const lb_hex *hexes, int n)
{
    unsigned bits = 0;
    for (int k = 0; k < n; k++)
        if (lb_map_contains(&c->st->map, hexes[k]))
            bits |= c->zoi[lb_map_cell(&c->st->map, hexes[k])];
    return bits;
}

/* A refusal of ruling r: *rule set; 0. */
static int no(const char **rule, const char *r)
{
    *rule = r;
    return 0;
}

/* A refusal of ruling r, and what why says when it is not NULL (the search asks for no reasons). */
#define NO(rule, r, why, ...) ((why) ? LBI_SAY((why), __VA_ARGS__) : (void)0, no((rule), (r)))

/* R-MOV-8, R-MOV-13, R-MOV-15: may the mover enter a hex holding these enemies? */
static int enemies_ok(const mv_ctx *c, lb_hex h, int carre_step, const char **rule, lb_said *why,
                      int *capture, int *carre)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    const int *idx;
    int n = lb_state_units_at(st, h, &idx), enemies = 0, combat = 0, carres = 0, others = 0,
        cavalry = 0;
    for (int i = 0; i < n; i++) {
        const lb_unit *e = &st->units[idx[i]];
        if (e->side == u->side)
            continue;
        enemies++;
        if (!lb_unit_is_combat(e))
            continue;
        combat++;
        if (e->arm == LB_ARM_INFANTRY && e->formation == LB_FORM_CARRE)
            carres++;
        else if (e->arm == LB_ARM_CAVALRY)
            cavalry++;
        else if (e->arm != LB_ARM_ARTILLERY)
            others++;
    }
    if (!enemies)
        return 1;
    if (!lb_unit_is_combat(u))
        return NO(rule, "R-MOV-13", why, EV_MOVE_LEADER_NO_ENEMY, mv_ev_hex(st, h));
    if (!combat) {
        if (u->arm != LB_ARM_CAVALRY)
            return NO(rule, "R-MOV-15", why, EV_MOVE_LEADERS_ALONE, mv_ev_hex(st, h));
        if (capture)
            *capture = 1;
        return 1;
    }
    if (u->arm == LB_ARM_CAVALRY && carres && !others && !cavalry) {
        if (carre)
            *carre = 1; /* T16-3: any carré; ending there it melees it (T15-14) */
        return 1;
    }
    if (carre_step && u->formation == LB_FORM_CARRE && cavalry == combat)
        return 1; /* T16-5 */
    return NO(rule, "R-MOV-8", why, EV_MOVE_ENEMY_HEX, mv_ev_hex(st, h));
}

/* A pass through friends allowed: the ruling and why, kept for the answer's trace (R-STACK-4). */
static int passes(const mv_ctx *c, lb_hex h, const char **rule, lb_said *why, int kind)
{
    *rule = "R-STACK-4";
    if (why)
        LBI_SAY(why, kind, mv_ev_hex(c->st, h));
    return 1;
}

static int is_screen(const lb_unit *x, lb_formation f)
{
    return x->arm != LB_ARM_ARTILLERY && f == LB_FORM_SKIRMISH;
}

/* T16-3: cavalry passes through friendly cavalry, carrés, skirmishers and limbered guns. */
static int cavalry_passes(const lb_unit *x)
{
    return x->arm == LB_ARM_CAVALRY || x->formation == LB_FORM_CARRE ||
           x->formation == LB_FORM_SKIRMISH || x->formation == LB_FORM_LIMBERED;
}

/* The friendly combat units of a hex, as the rules of passing and stacking read them. */
typedef struct friends {
    int count, all_screens, cav_pass, infantry, cavalry, guns_unlimbered;
} friends;

static friends friends_in(const mv_ctx *c, lb_hex h)
{
    const lb_state *st = c->st;
    const int *idx;
    int n = lb_state_units_at(st, h, &idx);
    friends f = {0, 1, 1, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        const lb_unit *x = &st->units[idx[i]];
        if (idx[i] == c->unit || x->side != c->u->side || !lb_unit_is_combat(x))
            continue;
        f.count++;
        f.all_screens &= is_screen(x, x->formation);
        f.cav_pass &= cavalry_passes(x);
        f.infantry += x->arm == LB_ARM_INFANTRY;
        f.cavalry += x->arm == LB_ARM_CAVALRY && x->formation != LB_FORM_SKIRMISH;
        f.guns_unlimbered += x->formation == LB_FORM_UNLIMBERED;
    }
    return f;
}

/* R-STACK-4, R-STACK-5 and the limits of R-STACK-1..3, one hex. */
static int friends_ok(const mv_ctx *c, lb_hex h, int k, lb_formation f, int ending,
                      const char **rule, lb_said *why)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    friends fr = friends_in(c, h);
    /* with no friends there, the unit alone still meets the limits (R-STACK-1, R-STACK-3: a
     * regiment in a village, more than 4 increments in road march on a road) */
    if (fr.count && !ending) {
        if (is_screen(u, f) || fr.all_screens) /* K19-7 */
            return passes(c, h, rule, why, EV_MOVE_PASS_SCREENS);
        if (u->arm == LB_ARM_CAVALRY) {
            if (fr.cav_pass)
                return passes(c, h, rule, why, EV_MOVE_PASS_CAVALRY);
            return NO(rule, "R-STACK-4", why, EV_MOVE_NO_PASS_CAVALRY, mv_ev_hex(st, h));
        }
        if (fr.cavalry && (u->arm == LB_ARM_INFANTRY || f == LB_FORM_UNLIMBERED))
            return NO(rule, "R-STACK-4", why, EV_MOVE_FRIENDLY_CAVALRY, mv_ev_hex(st, h));
    } else if (fr.count) {
        if (u->arm == LB_ARM_CAVALRY && (fr.infantry || fr.guns_unlimbered))
            return NO(rule, "R-STACK-5", why, EV_MOVE_CAVALRY_END, mv_ev_hex(st, h));
        if (fr.cavalry && (u->arm == LB_ARM_INFANTRY || f == LB_FORM_UNLIMBERED))
            return NO(rule, "R-STACK-5", why, EV_MOVE_FRIENDLY_CAVALRY, mv_ev_hex(st, h));
    }
    lb_stack_count count;
    lb_stack_count_hex(st, h, c->unit, &count);
    lb_stack_add(&count, u, f, lb_stack_share(u, k));
    lb_said limit;
    if (lb_stack_fits(st, h, &count, rule, &limit))
        return ending || !fr.count ? 1 : passes(c, h, rule, why, EV_MOVE_PASS_WITHIN);
    if (why) {
        lb_event_arg a[LB_SAID_ARGS_MAX] = {mv_ev_hex(st, h)};
        lbi_say(why, EV_MOVE_STACK_AT, a, mv_ev_said(a, 1, &limit));
    }
    return 0;
}

int lbi_mv_fits(const mv_ctx *c, const lb_hex *hexes, int n, lb_formation f, int ending,
                int carre_step, const char **rule, lb_said *why, int *capture, int *carre)
{
    for (int k = 0; k < n; k++) {
        const int *idx;
        if (lb_state_units_at(c->st, hexes[k], &idx) == 0) {
            /* nobody there: nothing to meet, but the unit alone meets the limits */
            if (lb_unit_is_combat(c->u) && !friends_ok(c, hexes[k], k, f, ending, rule, why))
                return 0;
            continue;
        }
        int mixed = 0;
        if (!enemies_ok(c, hexes[k], carre_step, rule, why, capture, &mixed))
            return 0;
        if (mixed && carre)
            *carre = 1;
        if (!lb_unit_is_combat(c->u) || mixed)
            continue; /* leaders do not stack; a carré's hex taken by cavalry is a melee */
        if (carre_step && f == LB_FORM_CARRE) {
            const int *idx;
            int units = lb_state_units_at(c->st, hexes[k], &idx), foes = 0;
            for (int i = 0; i < units; i++)
                foes += c->st->units[idx[i]].side != c->u->side;
            if (foes)
                continue; /* T16-5: the carré steps onto enemy cavalry */
        }
        if (!friends_ok(c, hexes[k], k, f, ending, rule, why))
            return 0;
    }
    return 1;
}

int lbi_mv_march_end_ok(const mv_ctx *c, const lb_hex *hexes, int n, lb_said *why)
{
    const lb_state *st = c->st;
    for (int k = 0; k < n; k++)
        for (int d = 0; d < LB_DIR_COUNT; d++) {
            lb_hex h = lb_hex_neighbor(hexes[k], d);
            const int *idx;
            int m = lb_state_units_at(st, h, &idx);
            for (int i = 0; i < m; i++) {
                const lb_unit *e = &st->units[idx[i]];
                if (e->side != c->u->side && lb_unit_is_combat(e)) {
                    if (why)
                        LBI_SAY(why, EV_MOVE_MARCH_END, ev_unit_id(e->id), mv_ev_hex(st, h));
                    return 0;
                }
            }
        }
    return 1;
}

/* R-MOV-4: the half MP of one hex's step between cells cf and ct: terrain (or the road-march rate
 * along a road) plus hexside and slope, plus the screens' drag; LB_MOVE_PROHIBITED when closed. */
static int hex_cost(const mv_ctx *c, int cf, int ct, int dir, lb_formation f)
{
    const lb_state *st = c->st;
    lb_arm arm = lbi_mv_cost_arm(c->u);
    int whole = lbi_mv_step_cost_cells(st, cf, ct, dir, arm);
    if (whole == LB_MOVE_PROHIBITED)
        return LB_MOVE_PROHIBITED;
    int halves = 2 * whole;
    if (f == LB_FORM_ROAD) {
        int rf = lb_move_road_rate(st, cf), rt = lb_move_road_rate(st, ct);
        if (rf >= 0 && rt >= 0)
            halves += rt - 2 * st->charts.terrain[st->map.terrain[ct]].move[arm];
    }
    if (c->u->arm == LB_ARM_INFANTRY)
        halves += lb_zoi_drag(st, c->u, c->zoi[cf], c->zoi[ct]);
    return halves;
}

static int open_hex(const mv_ctx *c, lb_hex h)
{
    return c->mc->open[c->st->map.terrain[lb_map_cell(&c->st->map, h)]];
}

/* The destination's part of a step, which depends only on the hexes entered and the formation
 * there: terrain, the units there (passing and ending), the zone. */
typedef struct enter {
    int terrain;                      /* the formation may stand there */
    int pass, end, stop, capture, carre;
    const char *rule;                 /* why it may not, or how it passes friends (R-STACK-4) */
    lb_said why;
} enter;

enum { C_KNOWN = 1, C_TERRAIN = 2, C_PASS = 4, C_END = 8, C_STOP = 16 };

static void enter_eval(const mv_ctx *c, const lb_hex *to, int n, lb_formation f, int carre_step,
                       enter *e, int explain)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    lb_said *why = explain ? &e->why : NULL;
    e->terrain = e->pass = e->end = e->stop = e->capture = e->carre = 0;
    e->rule = NULL;
    for (int k = 0; k < n && lb_unit_is_combat(u); k++) {
        const char *rule;
        enum move_terrain bad = lbi_formation_bad_terrain(st, u, f, to[k], &rule);
        if (bad != MOVE_TERRAIN_OK) {
            NO(&e->rule, rule, why, EV_MOVE_FORM_TERRAIN, ev_text(lb_formation_name(f)),
               mv_ev_hex(st, to[k]), ev_phrase(MOVE_PH_TERRAIN, bad));
            return;
        }
    }
    e->terrain = 1;
    if (!lbi_mv_fits(c, to, n, f, 0, carre_step, &e->rule, why, &e->capture, &e->carre))
        return;
    e->pass = 1;
    e->stop = lb_zoi_stops(st, u, lbi_mv_zone(c, to, n));
    const char *end_rule;
    e->end = lbi_mv_fits(c, to, n, f, 1, carre_step, &end_rule, NULL, NULL, NULL) &&
             (u->move.march != LB_MARCH_ON || lbi_mv_march_end_ok(c, to, n, NULL));
}

/* The destination's verdict, from the search's cache when it has one for a one-hex unit. */
static void enter_get(const mv_ctx *c, const lb_hex *to, int n, lb_formation f, int carre_step,
                      unsigned char *cache, enter *e, int explain)
{
    if (!cache || n != 1 || explain) {
        enter_eval(c, to, n, f, carre_step, e, explain);
        return;
    }
    unsigned char *bits = &cache[lb_map_cell(&c->st->map, to[0])];
    if (!(*bits & C_KNOWN)) {
        enter_eval(c, to, n, f, carre_step, e, 0);
        *bits = (unsigned char)(C_KNOWN | (e->terrain ? C_TERRAIN : 0) | (e->pass ? C_PASS : 0) |
                                (e->end ? C_END : 0) | (e->stop ? C_STOP : 0));
        return;
    }
    e->terrain = (*bits & C_TERRAIN) != 0;
    e->pass = (*bits & C_PASS) != 0;
    e->end = (*bits & C_END) != 0;
    e->stop = (*bits & C_STOP) != 0;
    e->capture = e->carre = 0;
    e->rule = NULL;
}

/* Before the hexes entered: R-MOV-9 and the others of the context (no step at all), R-MOV-4 (the
 * step leaves the map), R-MOV-11 (a carré's one hex, from clear terrain to clear terrain),
 * R-ZOI-3 (a zone left only as the first action). 1 when the unit may step; out->to set. */
static int may_step(const mv_ctx *c, const lb_hex *from, lb_formation f, int dir, int first,
                    int steps, mv_step *out, lb_said *why)
{
    const lb_unit *u = c->u;
    const lb_map *m = &c->st->map;
    if (c->no_step_rule) {
        if (why)
            *why = c->no_step;
        return no(&out->rule, c->no_step_rule);
    }
    for (int k = 0; k < u->nhexes; k++) {
        lb_hex h = lb_hex_neighbor(from[k], dir);
        out->to[k] = h;
        if (h.col < 1 || h.row < 1 || h.col > m->cols || h.row > m->rows)
            return NO(&out->rule, "R-MOV-4", why, EV_MOVE_OFF_MAP, ev_text(lb_hex_dir_name(dir)));
    }
    for (int i = 0; i < c->nfoes; i++) {
        const lb_unit *v = &c->st->units[c->foes[i]];
        for (int k = 0; k < u->nhexes; k++) {
            int was = unit_distance(v, from[k]), now = unit_distance(v, out->to[k]);
            if (now < was)
                return NO(&out->rule, "R-MOV-18", why, EV_MOVE_CLOSER, ev_unit_id(u->id),
                          mv_ev_hex(c->st, out->to[k]), ev_unit_id(v->id), ev_int(was),
                          ev_int(now));
        }
    }
    if (f == LB_FORM_CARRE && steps > 0)
        return NO(&out->rule, "R-MOV-11", why, EV_MOVE_CARRE_MOVED, ev_unit_id(u->id));
    if (f == LB_FORM_CARRE && (!open_hex(c, from[0]) || !open_hex(c, out->to[0]))) {
        if (why)
            LBI_SAY0(why, EV_MOVE_CARRE_OPEN);
        return no(&out->rule, "R-MOV-11");
    }
    if (!first && lbi_mv_held_by_zone(c, from, u->nhexes))
        return NO(&out->rule, "R-ZOI-3", why, EV_MOVE_HELD, ev_unit_id(u->id));
    return 1;
}

/* R-MOV-4, R-MOV-7: the step's cost in halves, the dearest of its hexes' own steps (each kept in
 * out when explained), or LB_MOVE_PROHIBITED with the refusal. */
static int step_cost(const mv_ctx *c, const lb_hex *from, int dir, mv_step *out, lb_said *why)
{
    const lb_map *m = &c->st->map;
    int worst = 0;
    for (int k = 0; k < c->u->nhexes; k++) {
        int cost = hex_cost(c, (from[k].row - 1) * m->cols + from[k].col - 1,
                            (out->to[k].row - 1) * m->cols + out->to[k].col - 1, dir,
                            out->formation);
        if (cost == LB_MOVE_PROHIBITED) {
            NO(&out->rule, "R-MOV-4", why, EV_MOVE_PROHIBITED, mv_ev_hex(c->st, out->to[k]),
               ev_text(lb_arm_name(lbi_mv_cost_arm(c->u))));
            return LB_MOVE_PROHIBITED;
        }
        if (why)
            out->hex_cost[k] = cost;
        worst = cost > worst ? cost : worst;
    }
    return worst;
}

/* The step refused for what the hexes entered hold (their terrain, the units there). */
static void refused_there(mv_step *out, const enter *e, lb_said *why)
{
    out->rule = e->rule;
    if (why)
        *why = e->why;
}

void lbi_mv_step_eval(const mv_ctx *c, const lb_hex *from, lb_formation f, int dir, int first,
                      int steps, unsigned char *cache, mv_step *out, int explain)
{
    lb_said *why = explain ? &out->why : NULL;
    int n = c->u->nhexes;
    out->ok = out->end = out->stop = out->capture = out->carre = 0;
    out->cost = 0;
    out->rule = out->pass_rule = NULL;
    if (explain)
        out->why.event = out->pass_why.event = 0;
    if (!may_step(c, from, f, dir, first, steps, out, why))
        return;
    /* R-FORM-2: column and general order follow the terrain entered */
    out->formation = n == 1 && (f == LB_FORM_COLUMN || f == LB_FORM_GENERAL)
                         ? lb_formation_auto(c->st, c->u, f, out->to[0])
                         : f;
    enter e;
    enter_get(c, out->to, n, out->formation, f == LB_FORM_CARRE, cache, &e, explain);
    if (!e.terrain) {
        refused_there(out, &e, why);
        return;
    }
    int cost = step_cost(c, from, dir, out, why);
    if (cost == LB_MOVE_PROHIBITED)
        return;
    out->cost = f == LB_FORM_CARRE ? 2 : cost; /* T15-12: the carré's one hex, whatever it costs */
    if (!e.pass) {
        refused_there(out, &e, why);
        return;
    }
    out->ok = 1;
    if (explain && e.rule) {
        out->pass_rule = e.rule;
        out->pass_why = e.why;
    }
    out->stop = e.stop;
    out->end = e.end;
    out->capture = e.capture;
    out->carre = e.carre;
}
