/* Line of sight and visibility answers (labataille los, visible): los as text and JSON, visible as JSON. */
#include <stdlib.h>

#include "answer_int.h"
#include "ask_int.h"
#include "los_int.h"
#include "state_int.h"
#include "hex_int.h"

static const char *kind_name(lb_los_item_kind k)
{
    return k == LB_LOS_ITEM_HEX ? "hex" : k == LB_LOS_ITEM_EDGE ? "edge" : "hexside";
}

/* The terrain type id of a hex item, or the hexside type id of a hexside item; NULL off the
 * map. */
static const char *item_feature(const lb_state *st, const lb_los_item *it)
{
    if (it->kind == LB_LOS_ITEM_SIDE)
        return st->charts.hexsides[it->terrain].id;
    return it->on_map ? st->charts.terrain[it->terrain].id : NULL;
}

static json_t *item_json(const lb_state *st, const lb_los_item *it)
{
    char a[LB_HEX_LABEL_MAX], b[LB_HEX_LABEL_MAX];
    lb_map_label(&st->map, it->hex, a);
    lb_map_label(&st->map, it->pair, b);
    json_t *o = json_pack("{s:s,s:s,s:s?}", "hex", a, "kind", kind_name(it->kind), "terrain",
                          item_feature(st, it));
    if (it->kind != LB_LOS_ITEM_HEX)
        json_object_set_new(o, "pair", json_string(b));
    if (it->kind != LB_LOS_ITEM_SIDE) {
        json_object_set_new(o, "on_map", json_boolean(it->on_map));
        json_object_set_new(o, "elevation", json_integer(it->elevation));
        json_object_set_new(o, "unit", it->unit >= 0 ? json_string(st->units[it->unit].id)
                                                     : json_null());
        if (it->passive >= 0)
            json_object_set_new(o, "not_blocking",
                                json_pack("{s:s,s:s}", "unit", st->units[it->passive].id, "why",
                                          lb_los_passive_name(it->passive_why)));
        json_object_set_new(o, "dist_from", json_integer(it->dist_from));
        json_object_set_new(o, "dist_to", json_integer(it->dist_to));
    }
    json_object_set_new(o, "verdict", json_string(lb_los_verdict_name(it->verdict)));
    json_object_set_new(o, "blocks", json_boolean(lb_los_blocks(it->verdict)));
    json_object_set_new(o, "rule", json_string(it->rule));
    return o;
}

static json_t *los_answer(const lb_state *st, const lb_los_result *r, const lb_trace *trace)
{
    char fl[LB_HEX_LABEL_MAX], tl[LB_HEX_LABEL_MAX];
    json_t *blocked = json_array(), *items = json_array();
    for (int i = 0; i < r->nitems; i++) {
        const lb_los_item *it = &r->items[i];
        json_array_append_new(items, item_json(st, it));
        if (!lb_los_blocks(it->verdict))
            continue;
        char a[LB_HEX_LABEL_MAX], b[LB_HEX_LABEL_MAX];
        json_t *o = json_pack("{s:s,s:s,s:s}", "hex", lb_map_label(&st->map, it->hex, a), "reason",
                              lb_los_verdict_name(it->verdict), "rule", it->rule);
        if (it->kind != LB_LOS_ITEM_HEX)
            json_object_set_new(o, "pair", json_string(lb_map_label(&st->map, it->pair, b)));
        json_array_append_new(blocked, o);
    }
    return json_pack("{s:s,s:s,s:b,s:b,s:i,s:i,s:i,s:s?,s:s?,s:o,s:o,s:o}", "from",
                     lb_map_label(&st->map, r->from, fl), "to", lb_map_label(&st->map, r->to, tl),
                     "visible", r->visible, "adjacent", r->adjacent, "distance",
                     lb_hex_distance(r->from, r->to), "elevation_from",
                     st->map.elevation[lb_map_cell(&st->map, r->from)], "elevation_to",
                     st->map.elevation[lb_map_cell(&st->map, r->to)], "firer_side",
                     r->firer_side >= 0 ? st->sides[r->firer_side] : NULL, "not_a_target",
                     r->not_target >= 0 ? st->units[r->not_target].id : NULL, "blocked_by",
                     blocked, "intervening", items, "trace", lbi_trace_json(trace));
}

/* What an item holds, as words: terrain or hexside type, the unit counted, the one that is not. */
static void holds_text(const lb_state *st, const lb_los_item *it, char *buf, size_t n)
{
    const char *what = item_feature(st, it);
    int len = snprintf(buf, n, "%s", what ? what : "off the map");
    if (it->unit >= 0 && len >= 0 && (size_t)len < n)
        len += snprintf(buf + len, n - (size_t)len, ", %s", lb_state_unit(st, it->unit)->id);
    if (it->passive >= 0 && len >= 0 && (size_t)len < n)
        snprintf(buf + len, n - (size_t)len, ", %s (%s)", lb_state_unit(st, it->passive)->id,
                 lb_los_passive_name(it->passive_why));
}

/* The intervening hexes and hexsides as a table, one line each (R-LOS-8). */
static void items_text(FILE *out, const lb_state *st, const lb_los_result *r, const char *fl,
                       const char *tl)
{
    fprintf(out, "\nintervening (F = %s, T = %s), what each holds and does (R-LOS-8):\n", fl, tl);
    fprintf(out, "  %-8s %-*s %-*s %-36s %4s %3s %3s  %-34s %s\n", "kind", LB_HEX_LABEL_MAX - 4,
            "hex", LB_HEX_LABEL_MAX - 4, "pair", "holds", "elev", "dF", "dT", "verdict", "rule");
    for (int i = 0; i < r->nitems; i++) {
        const lb_los_item *it = &r->items[i];
        char a[LB_HEX_LABEL_MAX], b[LB_HEX_LABEL_MAX], holds[160], verdict[64];
        lb_map_label(lb_state_map(st), it->hex, a);
        if (it->kind == LB_LOS_ITEM_HEX)
            b[0] = '\0';
        else
            lb_map_label(lb_state_map(st), it->pair, b);
        holds_text(st, it, holds, sizeof holds);
        snprintf(verdict, sizeof verdict, "%s%s", lb_los_verdict_name(it->verdict),
                 lb_los_blocks(it->verdict) ? ": BLOCKS" : "");
        if (it->kind == LB_LOS_ITEM_SIDE)
            fprintf(out, "  %-8s %-*s %-*s %-36s %4s %3s %3s  %-34s %s\n", "hexside",
                    LB_HEX_LABEL_MAX - 4, a, LB_HEX_LABEL_MAX - 4, b, holds, "", "", "", verdict,
                    it->rule);
        else
            fprintf(out, "  %-8s %-*s %-*s %-36s %4d %3d %3d  %-34s %s\n",
                    it->kind == LB_LOS_ITEM_HEX ? "hex" : "edge", LB_HEX_LABEL_MAX - 4, a,
                    LB_HEX_LABEL_MAX - 4, b, holds, it->elevation, it->dist_from, it->dist_to,
                    verdict, it->rule);
    }
}

int lbi_los_text(const lb_answer *a, FILE *out)
{
    const lb_state *st = a->st;
    const lb_los_result *r = &a->u.los;
    char fl[LB_HEX_LABEL_MAX], tl[LB_HEX_LABEL_MAX];
    lb_map_label(lb_state_map(st), r->from, fl);
    lb_map_label(lb_state_map(st), r->to, tl);
    if (r->visible) {
        fprintf(out, "%s sees %s\n", fl, tl);
    } else {
        const lb_los_item *b = &r->items[r->blocked_by];
        char bl[LB_HEX_LABEL_MAX], pl[LB_HEX_LABEL_MAX];
        fprintf(out, "%s does not see %s: %s at %s%s%s (%s)\n", fl, tl,
                lb_los_verdict_name(b->verdict), lb_map_label(lb_state_map(st), b->hex, bl),
                b->kind == LB_LOS_ITEM_SIDE ? "|" : "",
                b->kind == LB_LOS_ITEM_SIDE ? lb_map_label(lb_state_map(st), b->pair, pl) : "",
                b->rule);
    }
    if (r->not_target >= 0)
        fprintf(out, "but %s stands in an enemy carre's hex: not a target until it leaves it "
                "(R-LOS-7)\n", lb_state_unit(st, r->not_target)->id);
    fprintf(out, "distance %d, elevation %d to %d, firer's side %s\n",
            lb_hex_distance(r->from, r->to),
            lb_state_map(st)->elevation[lb_map_cell(lb_state_map(st), r->from)],
            lb_state_map(st)->elevation[lb_map_cell(lb_state_map(st), r->to)],
            r->firer_side >= 0 ? lb_state_side_name(st, r->firer_side) : "none");
    if (r->adjacent)
        fprintf(out, "no intervening hex (R-LOS-2)\n");
    else
        items_text(out, st, r, fl, tl);
    fprintf(out, "\ntrace:\n");
    lb_trace_print(out, &a->trace);
    return LB_OK;
}

json_t *lbi_los_json(const lb_answer *a)
{
    return los_answer(a->st, &a->u.los, &a->trace);
}

/* The question's hexes on the map and its unit in the state (or -1): LB_OK, else LB_USAGE or
 * LB_INVALID. */
static int check_question(const lb_answer *a, int with_to)
{
    const lb_map *m = lb_state_map(a->st);
    if (!lb_map_contains(m, a->q.from) || (with_to && !lb_map_contains(m, a->q.to)))
        return LB_USAGE;
    return a->q.unit < -1 || a->q.unit >= lb_state_unit_count(a->st) ? LB_INVALID : LB_OK;
}

int lbi_los_ask(lb_answer *a, lb_err *err)
{
    (void)err; /* its errors have no words of their own */
    const lb_state *st = a->st;
    int unit = a->q.unit, rc = check_question(a, 1);
    if (rc != LB_OK)
        return rc;
    /* R-LOS-7: a combat unit named as FROM is the firer and gives its side; a leader fires
     * nothing, so FROM then stands for its hex (the top combat unit's side, if any) */
    int side = unit >= 0 && lb_unit_is_combat(lb_state_unit(st, unit))
                   ? lb_state_unit(st, unit)->side : -1;
    return lb_los_check(st, a->q.from, a->q.to, side, &a->u.los, &a->trace);
}

void lbi_los_release(lb_answer *a)
{
    lb_los_result_release(&a->u.los);
}

static json_t *visible_answer(const lb_state *st, lb_hex from, int side,
                              const unsigned char *visible, const lb_trace *trace)
{
    const lb_map *m = &st->map;
    char fl[LB_HEX_LABEL_MAX];
    int count = 0;
    json_t *list = json_array();
    for (int col = 1; col <= m->cols; col++)
        for (int row = 1; row <= m->rows; row++) {
            lb_hex h = {col, row};
            char label[LB_HEX_LABEL_MAX];
            if (!visible[lb_map_cell(m, h)])
                continue;
            count++;
            json_array_append_new(list, json_string(lb_map_label(m, h, label)));
        }
    return json_pack("{s:s,s:s?,s:o,s:i,s:i,s:o}", "from", lb_map_label(m, from, fl),
                     "firer_side", side >= 0 ? st->sides[side] : NULL, "visible", list, "count",
                     count, "hexes", m->cols * m->rows, "trace", lbi_trace_json(trace));
}


json_t *lbi_visible_json(const lb_answer *a)
{
    return visible_answer(a->st, a->q.from, a->u.visible.side, a->u.visible.seen, &a->trace);
}

int lbi_visible_text(const lb_answer *a, FILE *out)
{
    const lb_state *st = a->st;
    const lb_map *m = lb_state_map(st);
    unsigned char *visible = a->u.visible.seen;
    char fl[LB_HEX_LABEL_MAX];
    int count = 0, side = a->u.visible.side;
    for (int c = 0; c < m->cols * m->rows; c++)
        count += visible[c] != 0;
    fprintf(out, "%s sees %d of %d hexes (firer's side %s; the hex itself and its neighbours "
            "always, R-LOS-2)\n\n", lb_map_label(m, a->q.from, fl), count, m->cols * m->rows,
            side >= 0 ? lb_state_side_name(st, side) : "none");
    int at = lb_map_cell(m, a->q.from), was = visible[at];
    visible[at] = 2; /* drawn as '@' */
    lb_map_print(out, st, visible, " +@", "@ FROM, + seen, blank: not seen");
    visible[at] = (unsigned char)was;
    fprintf(out, "\ntrace:\n");
    lb_trace_print(out, &a->trace);
    return LB_OK;
}

int lbi_visible_ask(lb_answer *a, lb_err *err)
{
    (void)err; /* its errors have no words of their own */
    const lb_state *st = a->st;
    const lb_map *m = lb_state_map(st);
    int unit = a->q.unit, rc = check_question(a, 0);
    if (rc != LB_OK)
        return rc;
    /* R-LOS-7: a combat unit named as FROM gives the firer's side, else the top combat unit of
     * FROM does (a leader gives none) */
    int side = unit >= 0 && lb_unit_is_combat(lb_state_unit(st, unit))
                   ? lb_state_unit(st, unit)->side
                   : -1;
    if (side < 0) {
        int top = lb_state_top_combat(st, a->q.from);
        side = top >= 0 ? lb_state_unit(st, top)->side : -1;
    }
    a->u.visible.side = side;
    a->u.visible.seen = malloc((size_t)m->cols * (size_t)m->rows);
    if (!a->u.visible.seen || lb_los_visible(st, a->q.from, side, a->u.visible.seen) != LB_OK ||
        lb_los_visible_trace(st, a->q.from, side, &a->trace) != LB_OK) {
        lbi_visible_release(a);
        return LB_NOMEM;
    }
    return LB_OK;
}

void lbi_visible_release(lb_answer *a)
{
    free(a->u.visible.seen);
    a->u.visible.seen = NULL;
}
