/* One step of a unit judged: where it may go, what it costs, where it must stop and where it may end (R-MOV-4..13, R-STACK, R-ZOI). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/formation.h"
#include "move_int.h"

int lbi_mv_ctx_init(mv_ctx *c, const lb_state *st, int unit, lb_trace *t)
{
    memset(c, 0, sizeof *c);
    c->st = st;
    c->mc = st->charts.move;
    c->unit = unit;
    c->u = &st->units[unit];
    c->zoi = malloc((size_t)st->map.cols * (size_t)st->map.rows);
    if (!c->zoi)
        return LB_NOMEM;
    const lb_unit *u = c->u;
    c->allowance = lbi_mv_allowance(st, u, 0, &c->allow_rule, c->allow_why, sizeof c->allow_why, t);
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
        snprintf(c->no_step, sizeof c->no_step, "%s is %s since the segment began: it takes no "
                 "further action", u->id, lb_morale_state_name(u->state));
    } else if (c->allowance == 0 && c->allow_rule) {
        c->no_step_rule = c->allow_rule;
        snprintf(c->no_step, sizeof c->no_step, "%s", c->allow_why);
    } else if (u->move.stopped) {
        c->no_step_rule = "R-ZOI-2";
        snprintf(c->no_step, sizeof c->no_step, "%s entered an enemy zone of influence this "
                 "segment: it moves no further (14)", u->id);
    } else if (u->formation == LB_FORM_UNLIMBERED) {
        c->no_step_rule = "R-MOV-10";
        snprintf(c->no_step, sizeof c->no_step, "unlimbered artillery moves only by prolonge (15)");
    } else if (!lb_unit_is_combat(u) && u->move.rode) {
        c->no_step_rule = "R-MOV-14";
        snprintf(c->no_step, sizeof c->no_step, "leader %s moved with its unit this segment: it "
                 "moves no more on its own", u->id);
    }
    return LB_OK;
}

void lbi_mv_ctx_release(mv_ctx *c)
{
    free(c->zoi);
    c->zoi = NULL;
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

/* A refusal: *rule, and the reason into why (LB_MOVE_REASON_MAX bytes) unless it is NULL. */
__attribute__((format(printf, 4, 5))) static int no(const char **rule, const char *r, char *why,
                                                    const char *fmt, ...)
{
    *rule = r;
    if (why) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, LB_MOVE_REASON_MAX, fmt, ap);
        va_end(ap);
    }
    return 0;
}

/* R-MOV-8, R-MOV-13, R-MOV-15: may the mover enter a hex holding these enemies? */
static int enemies_ok(const mv_ctx *c, lb_hex h, const char *label, int carre_step,
                      const char **rule, char *why, int *capture, int *carre)
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
        return no(rule, "R-MOV-13", why, "%s holds enemy units: a leader never enters them", label);
    if (!combat) {
        if (u->arm != LB_ARM_CAVALRY)
            return no(rule, "R-MOV-15", why, "%s holds enemy leaders alone: only cavalry enters "
                      "(and captures them)", label);
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
    return no(rule, "R-MOV-8", why, "%s holds enemy units", label);
}

/* A pass through friends allowed: the ruling and why, kept for the answer's trace (R-STACK-4). */
__attribute__((format(printf, 3, 4))) static int passes(const char **rule, char *why,
                                                        const char *fmt, ...)
{
    *rule = "R-STACK-4";
    if (why) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, LB_MOVE_REASON_MAX, fmt, ap);
        va_end(ap);
    }
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

/* R-STACK-4, R-STACK-5 and the limits of R-STACK-1..3, one hex. */
static int friends_ok(const mv_ctx *c, lb_hex h, int k, lb_formation f, int ending,
                      const char *label, const char **rule, char *why)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    const int *idx;
    int n = lb_state_units_at(st, h, &idx), friends = 0, all_screens = 1, cav_pass = 1,
        infantry = 0, cavalry = 0, guns_unlimbered = 0;
    for (int i = 0; i < n; i++) {
        const lb_unit *x = &st->units[idx[i]];
        if (idx[i] == c->unit || x->side != u->side || !lb_unit_is_combat(x))
            continue;
        friends++;
        all_screens &= is_screen(x, x->formation);
        cav_pass &= cavalry_passes(x);
        infantry += x->arm == LB_ARM_INFANTRY;
        cavalry += x->arm == LB_ARM_CAVALRY && x->formation != LB_FORM_SKIRMISH;
        guns_unlimbered += x->formation == LB_FORM_UNLIMBERED;
    }
    if (!friends)
        return 1;
    if (!ending) {
        if (is_screen(u, f) || all_screens) /* K19-7 */
            return passes(rule, why, "%s: skirmishers pass through any friends, and any friends "
                          "through skirmishers, whatever the limits (K19-7)", label);
        if (u->arm == LB_ARM_CAVALRY) {
            if (cav_pass)
                return passes(rule, why, "%s: cavalry passes through friendly cavalry, carrés, "
                              "skirmishers and limbered guns, whatever the limits (T16-3)", label);
            return no(rule, "R-STACK-4", why, "%s holds friends cavalry does not pass: it passes "
                      "only cavalry, carrés, skirmishers and limbered guns (T16-3)", label);
        }
        if (cavalry && (u->arm == LB_ARM_INFANTRY || f == LB_FORM_UNLIMBERED))
            return no(rule, "R-STACK-4", why, "%s holds friendly cavalry: infantry and unlimbered "
                      "guns never stack with it (T16-4)", label);
    } else {
        if (u->arm == LB_ARM_CAVALRY && (infantry || guns_unlimbered))
            return no(rule, "R-STACK-5", why, "%s holds friendly infantry or unlimbered guns: "
                      "cavalry never ends its move with them (T16-4)", label);
        if (cavalry && (u->arm == LB_ARM_INFANTRY || f == LB_FORM_UNLIMBERED))
            return no(rule, "R-STACK-5", why, "%s holds friendly cavalry: infantry and unlimbered "
                      "guns never stack with it (T16-4)", label);
    }
    lb_stack_count count;
    lb_stack_count_hex(st, h, c->unit, &count);
    lb_stack_add(&count, u, f, lb_stack_share(u, k));
    lb_said limit;
    if (lb_stack_fits(st, h, &count, rule, &limit))
        return ending ? 1 : passes(rule, why, "%s: it passes the friends there within the "
                                   "stacking limit (T16-6)", label);
    char text[LB_MOVE_REASON_MAX];
    lb_said_fmt(&limit, text, sizeof text);
    return no(rule, *rule, why, "%s: %s", label, text);
}

int lbi_mv_fits(const mv_ctx *c, const lb_hex *hexes, int n, lb_formation f, int ending,
            int carre_step, const char **rule, char *why, int *capture, int *carre)
{
    for (int k = 0; k < n; k++) {
        const int *idx;
        if (lb_state_units_at(c->st, hexes[k], &idx) == 0)
            continue; /* nobody there: nothing to meet or stack with */
        char label[LB_HEX_LABEL_MAX] = "";
        if (why) /* the search asks for no reasons: no label to write */
            lb_map_label(&c->st->map, hexes[k], label);
        int mixed = 0;
        if (!enemies_ok(c, hexes[k], label, carre_step, rule, why, capture, &mixed))
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
        if (!friends_ok(c, hexes[k], k, f, ending, label, rule, why))
            return 0;
    }
    return 1;
}

int lbi_mv_march_end_ok(const mv_ctx *c, const lb_hex *hexes, int n, char *why, size_t nwhy)
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
                    char label[LB_HEX_LABEL_MAX];
                    snprintf(why, nwhy, "force-marching, it may not end next to the enemy %s in %s "
                             "(44)", e->id, lb_map_label(&st->map, h, label));
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
        int tf = st->map.terrain[cf], tt = st->map.terrain[ct];
        if (c->mc->road_march_move[tf] >= 0 && c->mc->road_march_move[tt] >= 0)
            halves += c->mc->road_march_move[tt] - 2 * st->charts.terrain[tt].move[arm];
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
    const char *rule, *end_rule;
    char why[LB_MOVE_REASON_MAX], end_why[LB_MOVE_REASON_MAX];
} enter;

enum { C_KNOWN = 1, C_TERRAIN = 2, C_PASS = 4, C_END = 8, C_STOP = 16 };

static void enter_eval(const mv_ctx *c, const lb_hex *to, int n, lb_formation f, int carre_step,
                       enter *e, int explain)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    char *why = explain ? e->why : NULL;
    e->terrain = e->pass = e->end = e->stop = e->capture = e->carre = 0;
    e->rule = e->end_rule = NULL;
    for (int k = 0; k < n; k++) {
        const char *rule, *text;
        if (lb_unit_is_combat(u) && (text = lb_formation_terrain(st, u, f, to[k], &rule))) {
            char label[LB_HEX_LABEL_MAX];
            no(&e->rule, rule, why, "%s in %s: %s", lb_formation_name(f),
               explain ? lb_map_label(&st->map, to[k], label) : "", text);
            return;
        }
    }
    e->terrain = 1;
    if (!lbi_mv_fits(c, to, n, f, 0, carre_step, &e->rule, why, &e->capture, &e->carre))
        return;
    e->pass = 1;
    e->stop = lb_zoi_stops(st, u, lbi_mv_zone(c, to, n));
    e->end = lbi_mv_fits(c, to, n, f, 1, carre_step, &e->end_rule, explain ? e->end_why : NULL,
                         NULL, NULL);
    if (e->end && u->move.march == LB_MARCH_ON) {
        char text[LB_MOVE_REASON_MAX];
        if (!lbi_mv_march_end_ok(c, to, n, text, sizeof text)) {
            e->end = 0;
            e->end_rule = "R-MOV-16";
            if (explain)
                snprintf(e->end_why, sizeof e->end_why, "%s", text);
        }
    }
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
    e->rule = e->end_rule = NULL;
}

void lbi_mv_step_eval(const mv_ctx *c, const lb_hex *from, lb_formation f, int dir, int first,
                  int steps, unsigned char *cache, mv_step *out, int explain)
{
    const lb_state *st = c->st;
    const lb_unit *u = c->u;
    char *why = explain ? out->why : NULL;
    int n = u->nhexes;
    out->ok = out->end = out->stop = out->capture = out->carre = 0;
    out->cost = 0;
    out->rule = out->end_rule = out->pass_rule = NULL;
    if (explain)
        out->why[0] = out->end_why[0] = out->pass_why[0] = '\0';
    if (c->no_step_rule) {
        no(&out->rule, c->no_step_rule, why, "%s", c->no_step);
        return;
    }
    const lb_map *m = &st->map;
    for (int k = 0; k < n; k++) {
        lb_hex h = lb_hex_neighbor(from[k], dir);
        out->to[k] = h;
        if (h.col < 1 || h.row < 1 || h.col > m->cols || h.row > m->rows) {
            no(&out->rule, "R-MOV-4", why, "the step %s leaves the map", lb_hex_dir_name(dir));
            return;
        }
    }
    int carre_step = f == LB_FORM_CARRE;
    if (carre_step && steps > 0) {
        no(&out->rule, "R-MOV-11", why, "a carré moves one hex a segment, and %s has moved", u->id);
        return;
    }
    if (carre_step && (!open_hex(c, from[0]) || !open_hex(c, out->to[0]))) {
        no(&out->rule, "R-MOV-11", why, "a carré moves only from clear terrain to clear terrain "
           "(T15-12)");
        return;
    }
    if (!first && lbi_mv_held_by_zone(c, from, n)) {
        no(&out->rule, "R-ZOI-3", why, "%s stands in an enemy zone of influence: it leaves it only "
           "as its first action of the segment (14)", u->id);
        return;
    }
    out->formation = n == 1 && (f == LB_FORM_COLUMN || f == LB_FORM_GENERAL)
                         ? lb_formation_auto(st, u, f, out->to[0])
                         : f;
    enter e;
    enter_get(c, out->to, n, out->formation, carre_step, cache, &e, explain);
    if (!e.terrain) {
        no(&out->rule, e.rule, why, "%s", explain ? e.why : "");
        return;
    }
    int worst = 0;
    for (int k = 0; k < n; k++) {
        int cost = hex_cost(c, (from[k].row - 1) * m->cols + from[k].col - 1,
                            (out->to[k].row - 1) * m->cols + out->to[k].col - 1, dir,
                            out->formation);
        if (cost == LB_MOVE_PROHIBITED) {
            char label[LB_HEX_LABEL_MAX];
            no(&out->rule, "R-MOV-4", why, "the step into %s is prohibited to %s (its terrain or "
               "the hexside crossed)", explain ? lb_map_label(&st->map, out->to[k], label) : "",
               lb_arm_name(lbi_mv_cost_arm(u)));
            return;
        }
        if (explain)
            out->hex_cost[k] = cost;
        worst = cost > worst ? cost : worst;
    }
    out->cost = carre_step ? 2 : worst; /* T15-12: the carré's one hex, whatever it costs */
    if (!e.pass) {
        no(&out->rule, e.rule, why, "%s", explain ? e.why : "");
        return;
    }
    out->ok = 1;
    if (explain && e.rule) {
        out->pass_rule = e.rule;
        snprintf(out->pass_why, sizeof out->pass_why, "%s", e.why);
    }
    out->stop = e.stop;
    out->end = e.end;
    out->capture = e.capture;
    out->carre = e.carre;
    if (!e.end) {
        out->end_rule = e.end_rule;
        if (explain)
            snprintf(out->end_why, sizeof out->end_why, "%s", e.end_why);
    }
}
