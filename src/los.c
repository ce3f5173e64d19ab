/* Line of sight (rule 23, R-LOS-1..8): the exact sight line, each intervening hex judged. */
#include <stdlib.h>
#include <string.h>

#include "lb/err.h"
#include "lb/los.h"

typedef struct sight {
    const lb_state *st;
    lb_hex from;
    lb_hex to;
    int elev_from;
    int elev_to;
    int side;             /* the firer's side, -1 none */
} sight;

const char *lb_los_verdict_name(lb_los_verdict v)
{
    switch (v) {
    case LB_LOS_OPEN: return "clear";
    case LB_LOS_OFF_MAP: return "off the map";
    case LB_LOS_BLOCK_DWELLING: return "blocks: dwelling";
    case LB_LOS_BLOCK_HIGHER: return "blocks: higher ground";
    case LB_LOS_BLOCK_TERRAIN: return "blocks: terrain";
    case LB_LOS_BLOCK_UNIT: return "blocks: unit";
    case LB_LOS_BLOCK_WALL: return "blocks: wall";
    case LB_LOS_BLOCK_FRIENDLY: return "blocks: friendly unit next to the target";
    case LB_LOS_SEEN_OVER: return "seen over";
    }
    return "?";
}

static int blocks(lb_los_verdict v)
{
    return v != LB_LOS_OPEN && v != LB_LOS_OFF_MAP && v != LB_LOS_SEEN_OVER;
}

static int elevation(const lb_state *st, lb_hex h)
{
    return lb_map_contains(&st->map, h) ? st->map.elevation[lb_map_cell(&st->map, h)] : 0;
}

/* R-LOS-3, R-LOS-7: the first non-routed combat unit in h that does not stand in F or T. */
static int blocking_unit(const sight *s, lb_hex h)
{
    const int *idx;
    int n = lb_state_units_at(s->st, h, &idx);
    for (int i = 0; i < n; i++) {
        const lb_unit *u = &s->st->units[idx[i]];
        if (!lb_unit_is_combat(u) || u->state == LB_STATE_ROUTED)
            continue;
        if (lb_unit_in_hex(u, s->from) || lb_unit_in_hex(u, s->to))
            continue;
        return idx[i];
    }
    return -1;
}

/* Judges one intervening hex (R-LOS-3, -5, -6); fills the item when not NULL. */
static lb_los_verdict judge_hex(const sight *s, lb_hex h, lb_los_item *item, const char **rule)
{
    const lb_state *st = s->st;
    int on_map = lb_map_contains(&st->map, h);
    int unit = -1, terrain = -1, elev = 0;
    lb_los_verdict v;
    *rule = "R-LOS-3";
    if (!on_map) {
        v = LB_LOS_OFF_MAP;
    } else {
        int cell = lb_map_cell(&st->map, h);
        terrain = st->map.terrain[cell];
        elev = st->map.elevation[cell];
        lb_los_class los = st->charts.terrain[terrain].los;
        unit = blocking_unit(s, h);
        if (elev > s->elev_from && elev > s->elev_to) {
            v = LB_LOS_BLOCK_HIGHER;
            *rule = "R-LOS-5";
        } else if (los == LB_LOS_DWELLING) {
            v = LB_LOS_BLOCK_DWELLING;
        } else if (los != LB_LOS_BLOCKS && unit < 0) {
            v = LB_LOS_OPEN;
        } else {
            int df = lb_hex_distance(h, s->from), dt = lb_hex_distance(h, s->to);
            int over = (s->elev_from > s->elev_to && df < dt) ||
                       (s->elev_from < s->elev_to && dt < df);
            if (over && s->elev_from < s->elev_to && unit >= 0 && dt == 1 &&
                st->units[unit].side == s->side) {
                v = LB_LOS_BLOCK_FRIENDLY;
                *rule = "R-LOS-6";
            } else if (over) {
                v = LB_LOS_SEEN_OVER;
                *rule = "R-LOS-6";
            } else {
                v = los == LB_LOS_BLOCKS ? LB_LOS_BLOCK_TERRAIN : LB_LOS_BLOCK_UNIT;
            }
        }
    }
    if (item) {
        item->hex = h;
        item->on_map = on_map;
        item->terrain = terrain;
        item->elevation = elev;
        item->unit = unit;
        item->dist_from = lb_hex_distance(h, s->from);
        item->dist_to = lb_hex_distance(h, s->to);
        item->verdict = v;
        item->rule = *rule;
    }
    return v;
}

/* The feature on the hexside between a and b, or -1. */
static int side_feature(const lb_state *st, lb_hex a, lb_hex b)
{
    int d = lb_hex_dir_to(a, b);
    if (d < 0)
        return -1;
    int t = lb_map_hexside(&st->map, a, d);
    return t >= 0 ? t : lb_map_hexside(&st->map, b, lb_hex_dir_opposite(d));
}

/* R-LOS-3: a wall hexside crossed or run along blocks, except the hexsides of F and T. */
static lb_los_verdict judge_side(const sight *s, lb_hex a, lb_hex b, int feature)
{
    if (lb_hex_eq(a, s->from) || lb_hex_eq(b, s->from) || lb_hex_eq(a, s->to) ||
        lb_hex_eq(b, s->to))
        return LB_LOS_OPEN;
    return s->st->charts.hexsides[feature].los == LB_LOS_BLOCKS ? LB_LOS_BLOCK_WALL : LB_LOS_OPEN;
}

static int firer_side(const lb_state *st, lb_hex from, int side)
{
    if (side >= 0)
        return side;
    int top = lb_state_top_combat(st, from);
    return top >= 0 ? st->units[top].side : -1;
}

static sight make_sight(const lb_state *st, lb_hex from, lb_hex to, int side)
{
    return (sight){st, from, to, elevation(st, from), elevation(st, to), firer_side(st, from, side)};
}

/* Walks the line's steps between F and T; with items == NULL stops at the first block. Returns
 * the number of items written, and sets *blocked to the index of the first blocking item. */
static int walk(const sight *s, const lb_line_step *steps, int nsteps, lb_los_item *items,
                int *blocked)
{
    int n = 0;
    *blocked = -1;
    for (int i = 1; i < nsteps - 1; i++) {
        const lb_line_step *st = &steps[i];
        const char *rule;
        lb_los_item scratch[2];
        lb_los_item *it = items ? &items[n] : scratch;
        if (st->kind == LB_LINE_HEX) {
            lb_los_verdict v = judge_hex(s, st->a, it, &rule);
            it->kind = LB_LOS_ITEM_HEX;
            it->pair = st->a;
            if (blocks(v) && *blocked < 0)
                *blocked = n;
            n++;
        } else {
            if (st->kind == LB_LINE_ALONG) {
                /* R-LOS-4: the pair intervenes together; either one blocks the line */
                lb_hex pair[2] = {st->a, st->b};
                for (int k = 0; k < 2; k++) {
                    it = items ? &items[n] : scratch;
                    lb_los_verdict v = judge_hex(s, pair[k], it, &rule);
                    it->kind = LB_LOS_ITEM_EDGE;
                    it->pair = pair[1 - k];
                    it->rule = v == LB_LOS_OPEN || v == LB_LOS_OFF_MAP ? "R-LOS-4" : it->rule;
                    if (blocks(v) && *blocked < 0)
                        *blocked = n;
                    n++;
                }
            }
            int f = side_feature(s->st, st->a, st->b);
            if (f >= 0) {
                it = items ? &items[n] : scratch;
                lb_los_verdict v = judge_side(s, st->a, st->b, f);
                *it = (lb_los_item){.kind = LB_LOS_ITEM_SIDE, .hex = st->a, .pair = st->b,
                                    .on_map = 1, .terrain = f, .unit = -1,
                                    .elevation = elevation(s->st, st->a),
                                    .dist_from = lb_hex_distance(st->a, s->from),
                                    .dist_to = lb_hex_distance(st->a, s->to), .verdict = v,
                                    .rule = "R-LOS-3"};
                if (blocks(v) && *blocked < 0)
                    *blocked = n;
                n++;
            }
        }
        if (!items && *blocked >= 0)
            return n;
    }
    return n;
}

static void trace_item(lb_trace *t, const lb_state *st, const lb_los_item *it)
{
    char a[LB_HEX_LABEL_MAX], b[LB_HEX_LABEL_MAX];
    lb_map_label(&st->map, it->hex, a);
    lb_map_label(&st->map, it->pair, b);
    const char *what = it->kind == LB_LOS_ITEM_SIDE ? st->charts.hexsides[it->terrain].id
                       : it->terrain >= 0           ? st->charts.terrain[it->terrain].id
                                                    : "off the map";
    if (it->kind == LB_LOS_ITEM_SIDE)
        lb_trace_add(t, it->rule, "(23)", "hexside %s/%s (%s): %s", a, b, what,
                     lb_los_verdict_name(it->verdict));
    else if (it->unit >= 0)
        lb_trace_add(t, it->rule, "(23)", "%s %s%s%s (%s, elevation %d, unit %s): %s, %d from F, "
                     "%d from T", it->kind == LB_LOS_ITEM_EDGE ? "edge hex" : "hex", a,
                     it->kind == LB_LOS_ITEM_EDGE ? " with " : "",
                     it->kind == LB_LOS_ITEM_EDGE ? b : "", what, it->elevation,
                     st->units[it->unit].id, lb_los_verdict_name(it->verdict), it->dist_from,
                     it->dist_to);
    else
        lb_trace_add(t, it->rule, "(23)", "%s %s%s%s (%s, elevation %d): %s, %d from F, %d from T",
                     it->kind == LB_LOS_ITEM_EDGE ? "edge hex" : "hex", a,
                     it->kind == LB_LOS_ITEM_EDGE ? " with " : "",
                     it->kind == LB_LOS_ITEM_EDGE ? b : "", what, it->elevation,
                     lb_los_verdict_name(it->verdict), it->dist_from, it->dist_to);
    lb_trace_text(t, "hex", a);
    lb_trace_text(t, "verdict", lb_los_verdict_name(it->verdict));
}

int lb_los_check(const lb_state *st, lb_hex from, lb_hex to, int side, lb_los_result *out,
                 lb_trace *trace)
{
    memset(out, 0, sizeof *out);
    sight s = make_sight(st, from, to, side);
    out->from = from;
    out->to = to;
    out->firer_side = s.side;
    out->blocked_by = -1;
    char fl[LB_HEX_LABEL_MAX], tl[LB_HEX_LABEL_MAX];
    lb_map_label(&st->map, from, fl);
    lb_map_label(&st->map, to, tl);
    int d = lb_hex_distance(from, to);
    lb_trace_add(trace, "R-LOS-1", "(23)", "sight line %s to %s: %d hexes, elevations %d and %d", fl,
                 tl, d, s.elev_from, s.elev_to);
    lb_trace_int(trace, "distance", d);
    lb_trace_int(trace, "elevation_from", s.elev_from);
    lb_trace_int(trace, "elevation_to", s.elev_to);
    if (s.side >= 0)
        lb_trace_text(trace, "firer_side", st->sides[s.side]);
    if (d <= 1) {
        out->visible = 1;
        out->adjacent = d == 1;
        lb_trace_add(trace, "R-LOS-2", "(23)", d ? "adjacent hexes always see each other"
                                                 : "a hex sees itself");
        return LB_OK;
    }
    int cap = LB_HEX_LINE_MAX_STEPS(d);
    lb_line_step *steps = malloc((size_t)cap * sizeof *steps);
    /* an edge step gives two hexes and a hexside */
    out->items = malloc((size_t)cap * 3 * sizeof *out->items);
    if (!steps || !out->items) {
        free(steps);
        free(out->items);
        out->items = NULL;
        return LB_NOMEM;
    }
    int nsteps = lb_hex_line(from, to, steps, cap);
    out->nitems = walk(&s, steps, nsteps, out->items, &out->blocked_by);
    free(steps);
    out->visible = out->blocked_by < 0;
    for (int i = 0; trace && i < out->nitems; i++)
        trace_item(trace, st, &out->items[i]);
    if (out->visible) {
        lb_trace_add(trace, "R-LOS-3", "(23)", "%s sees %s", fl, tl);
    } else {
        char bl[LB_HEX_LABEL_MAX];
        lb_map_label(&st->map, out->items[out->blocked_by].hex, bl);
        lb_trace_add(trace, out->items[out->blocked_by].rule, "(23)", "%s does not see %s: %s at %s",
                     fl, tl, lb_los_verdict_name(out->items[out->blocked_by].verdict), bl);
    }
    lb_trace_bool(trace, "visible", out->visible);
    return LB_OK;
}

void lb_los_result_release(lb_los_result *r)
{
    free(r->items);
    r->items = NULL;
    r->nitems = 0;
}

int lb_los_visible(const lb_state *st, lb_hex from, int side, unsigned char *visible)
{
    const lb_map *m = &st->map;
    int cap = LB_HEX_LINE_MAX_STEPS(m->cols + m->rows);
    lb_line_step *steps = malloc((size_t)cap * sizeof *steps);
    if (!steps)
        return LB_NOMEM;
    int fside = firer_side(st, from, side);
    for (int cell = 0; cell < m->cols * m->rows; cell++) {
        lb_hex to = lb_map_hex(m, cell);
        if (lb_hex_distance(from, to) <= 1) {
            visible[cell] = 1; /* R-LOS-2 */
            continue;
        }
        sight s = make_sight(st, from, to, fside);
        int nsteps = lb_hex_line(from, to, steps, cap);
        int blocked;
        walk(&s, steps, nsteps, NULL, &blocked);
        visible[cell] = blocked < 0;
    }
    free(steps);
    return LB_OK;
}
