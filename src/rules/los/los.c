/* Line of sight (rule 23, R-LOS-1..12): the exact sight line, each intervening hex judged. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hex_line.h"
#include "los_events.h"
#include "los_int.h"
#include "lb/core.h"
#include "los.h"
#include "state_int.h"
#include "hex_int.h"
#include "trace_int.h"
#include "unit_int.h"

/*
 * One walk along the exact line (line_start and line_next of hex_line.h) serves lb_los_check:
 * with an item list it records everything the line meets; without one it stops at the first
 * blocker. lb_los_visible has a walk of its own over precomputed cells (vis_walk, below), which
 * judges a hex from the same bits as judge() and hands the few lines that meet a wall or a unit
 * spread over several hexes to the plain walk, so the two always agree (tests/unit/test_los.c
 * checks it on every hex of generated maps).
 */

/* What a hex holds that matters to a line from F (R-LOS-3, R-LOS-6, R-LOS-7). */
enum {
    CELL_TERRAIN = 1,  /* terrain that blocks: woods, wall hexes; may be seen over (R-LOS-6) */
    CELL_DWELLING = 2, /* never seen over */
    CELL_UNIT = 4,     /* a non-routed combat unit that does not stand in F */
    CELL_FRIENDLY = 8, /* one of those is friendly to the firer */
    CELL_SPREAD = 16,  /* one of those stands in several hexes, so perhaps in T as well */
    CELL_WALLED = 32   /* a hexside of this hex is a wall */
};

/*
 * The cells of a visibility map (lb_los_visible), indexed by the centre coordinates of
 * hex_line.h, column q and doubled row y (only cells whose q and y have one parity are hexes),
 * padded with PAD rings of hexes off the map, which a line between two hexes of the map never
 * leaves (it stays within one hex of them). A step across hexside d is then one index change
 * whatever the column, and no step tests the map's bounds. Each cell has one byte `attn`: its
 * elevation when it holds nothing that can block (no blocking terrain, no counted unit, no wall
 * on a hexside), else what it holds (OPAQUE, DWELL, LOOK), so that an open hex costs one load and
 * one compare, and most blockers one more.
 */
enum {
    PAD = 2,
    OPAQUE = 252, /* blocking terrain or a counted unit, no wall, no unit spread: blocks a line
                     between equal elevations (R-LOS-6), else judged */
    DWELL = 253,  /* a dwelling: blocks every line (R-LOS-3) */
    LOOK = 254,   /* a wall on a hexside or a unit spread over several hexes: judged, walls
                     looked at */
    STOP = 255    /* the end of the line being walked */
};

typedef struct vis_grid {
    int width;                /* columns, padded */
    double inv_width;         /* 1 / width: a cell's row without a division */
    int dcell[LB_DIR_COUNT];  /* cell index change across hexside d */
    unsigned char *attn;      /* elevation, or OPAQUE, DWELL, LOOK, STOP below */
    unsigned char *bits;      /* CELL_ bits, 0 off the map and between hexes */
    unsigned char *walls;     /* bit d: hexside d is a wall (R-LOS-3) */
    signed char *elev;        /* elevation, 0 off the map */
    int fq, fy, fcell;        /* F's column, doubled row and cell */
    int elev_from;
} vis_grid;

/* The cell of hex h, on the map or within PAD hexes of it. */
static inline int grid_cell(const vis_grid *g, lb_hex h)
{
    int q = h.col - 1 + PAD;
    return (2 * (h.row - 1 + PAD) + (q & 1)) * g->width + q;
}

typedef struct sight {
    const lb_state *st;
    lb_hex from;
    lb_hex to;
    int elev_from;
    int elev_to;
    int side;                   /* the firer's side, -1 none (R-LOS-7) */
    const vis_grid *grid;       /* the cells for this F (lb_los_visible), or NULL */
} sight;

/* The items of one line; NULL list in lb_los_visible's fast walk. */
typedef struct item_list {
    lb_los_item *v;
    int n;
    int cap;
    int nomem;
} item_list;

typedef struct walker {
    const sight *s;
    item_list *list;
    int blocked; /* index of the first blocking item (fast walk: 0), or -1 */
} walker;

/* The units of a hex that matter, for the explanation (R-LOS-8). */
typedef struct holding {
    int unit;     /* first non-routed combat unit counted, or -1 */
    int friendly; /* first of those friendly to the firer, or -1 */
    int passive;  /* first unit that does not count, or -1 */
    lb_los_passive why;
} holding;

int lb_los_blocks(lb_los_verdict v)
{
    switch (v) {
    case LB_LOS_BLOCK_DWELLING:
    case LB_LOS_BLOCK_HIGHER:
    case LB_LOS_BLOCK_TERRAIN:
    case LB_LOS_BLOCK_UNIT:
    case LB_LOS_BLOCK_WALL:
    case LB_LOS_BLOCK_FRIENDLY: return 1;
    default: return 0;
    }
}

/* The cell of h, or -1 off the map: lb_map_contains and lb_map_cell in one, on the hot path. */
static inline int cell_of(const lb_map *m, lb_hex h)
{
    if (h.col < 1 || h.col > m->cols || h.row < 1 || h.row > m->rows)
        return -1;
    return (h.row - 1) * m->cols + (h.col - 1);
}

static inline int same_hex(lb_hex a, lb_hex b)
{
    return a.col == b.col && a.row == b.row;
}

static int elevation(const lb_state *st, lb_hex h)
{
    int cell = cell_of(&st->map, h);
    return cell >= 0 ? st->map.elevation[cell] : 0;
}

/* R-LOS-3: dwelling or blocking terrain in a cell. */
static unsigned terrain_bits(const lb_state *st, int cell)
{
    lb_los_class los = st->charts.terrain[st->map.terrain[cell]].los;
    return los == LB_LOS_DWELLING ? CELL_DWELLING : los == LB_LOS_BLOCKS ? CELL_TERRAIN : 0;
}

/* Why unit u does not count in an intervening hex (R-LOS-3, R-LOS-7); T is only looked at when
 * skip_to is set. */
static lb_los_passive passive_reason(const sight *s, const lb_unit *u, int skip_to)
{
    if (!lb_unit_is_combat(u))
        return LB_LOS_PASSIVE_LEADER;
    if (u->state == LB_STATE_ROUTED)
        return LB_LOS_PASSIVE_ROUTED;
    if (lb_unit_in_hex(u, s->from))
        return LB_LOS_PASSIVE_IN_F;
    if (skip_to && lb_unit_in_hex(u, s->to))
        return LB_LOS_PASSIVE_IN_T;
    return LB_LOS_PASSIVE_NONE;
}

/* The unit bits of h, every unit looked at: a stack may hold both sides after a charge, and any
 * friend among them counts (R-LOS-11). Fills hold when not NULL. */
static unsigned unit_bits(const sight *s, lb_hex h, int skip_to, holding *hold)
{
    const int *idx;
    int n = lb_state_units_at(s->st, h, &idx);
    unsigned bits = 0;
    holding k = {-1, -1, -1, LB_LOS_PASSIVE_NONE};
    for (int i = 0; i < n; i++) {
        const lb_unit *u = &s->st->units[idx[i]];
        lb_los_passive why = passive_reason(s, u, skip_to);
        if (why != LB_LOS_PASSIVE_NONE) {
            if (k.passive < 0) {
                k.passive = idx[i];
                k.why = why;
            }
            continue;
        }
        bits |= CELL_UNIT | (u->nhexes > 1 ? CELL_SPREAD : 0u);
        if (k.unit < 0)
            k.unit = idx[i];
        if (u->side == s->side) {
            bits |= CELL_FRIENDLY;
            if (k.friendly < 0)
                k.friendly = idx[i];
        }
    }
    if (hold)
        *hold = k;
    return bits;
}

/* What an on-map hex holds for this line, from the precomputed cells when there are some. */
static inline unsigned cell_bits(const sight *s, lb_hex h, int cell)
{
    if (!s->grid)
        return terrain_bits(s->st, cell) | unit_bits(s, h, 1, NULL);
    unsigned bits = s->grid->bits[grid_cell(s->grid, h)];
    /* R-LOS-7: a unit spread over several hexes may stand in T too; look again with T known */
    if (bits & CELL_SPREAD)
        bits = (bits & (CELL_TERRAIN | CELL_DWELLING)) | unit_bits(s, h, 1, NULL);
    return bits;
}

/* R-LOS-3, R-LOS-5, R-LOS-6: what an on-map intervening hex does to the line. */
static inline lb_los_verdict judge(const sight *s, lb_hex h, unsigned bits, int elev)
{
    if (elev > s->elev_from && elev > s->elev_to)
        return LB_LOS_BLOCK_HIGHER; /* R-LOS-5, never seen over */
    if (bits & CELL_DWELLING)
        return LB_LOS_BLOCK_DWELLING; /* never seen over */
    if (!(bits & (CELL_TERRAIN | CELL_UNIT)))
        return LB_LOS_OPEN;
    /* R-LOS-6: equal elevations and ties give no exception */
    if (s->elev_from == s->elev_to)
        return bits & CELL_TERRAIN ? LB_LOS_BLOCK_TERRAIN : LB_LOS_BLOCK_UNIT;
    int df = lb_hex_distance(h, s->from), dt = lb_hex_distance(h, s->to);
    int over = s->elev_from > s->elev_to ? df < dt : dt < df;
    if (!over)
        return bits & CELL_TERRAIN ? LB_LOS_BLOCK_TERRAIN : LB_LOS_BLOCK_UNIT;
    if (s->elev_from < s->elev_to && dt == 1 && (bits & CELL_FRIENDLY))
        return LB_LOS_BLOCK_FRIENDLY;
    return LB_LOS_SEEN_OVER;
}

static lb_los_item *new_item(walker *w)
{
    item_list *l = w->list;
    lb_los_item *v = lb_grow(l->v, &l->cap, l->n + 1, sizeof *v);
    if (!v) {
        l->nomem = 1;
        return NULL;
    }
    l->v = v;
    lb_los_item *it = &l->v[l->n++];
    memset(it, 0, sizeof *it);
    it->unit = it->passive = -1;
    return it;
}

/* Notes a verdict; with an item list, the item just filled is the one it belongs to. */
static void note(walker *w, lb_los_verdict v)
{
    if (lb_los_blocks(v) && w->blocked < 0)
        w->blocked = w->list ? w->list->n - 1 : 0;
}

static const char *hex_rule(lb_los_verdict v, lb_los_passive why, lb_los_item_kind kind)
{
    if (v == LB_LOS_BLOCK_HIGHER)
        return "R-LOS-5";
    if (v == LB_LOS_SEEN_OVER || v == LB_LOS_BLOCK_FRIENDLY)
        return "R-LOS-6";
    if (v == LB_LOS_OPEN && (why == LB_LOS_PASSIVE_IN_F || why == LB_LOS_PASSIVE_IN_T))
        return "R-LOS-7";
    return kind == LB_LOS_ITEM_EDGE ? "R-LOS-4" : "R-LOS-3";
}

/* An intervening hex recorded with what it holds and its verdict (R-LOS-8). */
static void record_hex(walker *w, lb_hex h, int cell, lb_los_item_kind kind, lb_hex pair)
{
    const sight *s = w->s;
    const lb_map *m = &s->st->map;
    lb_los_item *it = new_item(w);
    if (!it)
        return;
    holding hold = {-1, -1, -1, LB_LOS_PASSIVE_NONE};
    lb_los_verdict v = LB_LOS_OFF_MAP; /* R-LOS-3: off the map never blocks */
    it->terrain = -1;
    if (cell >= 0) {
        unsigned bits = terrain_bits(s->st, cell) | unit_bits(s, h, 1, &hold);
        it->terrain = m->terrain[cell];
        it->elevation = m->elevation[cell];
        v = judge(s, h, bits, it->elevation);
    }
    it->kind = kind;
    it->hex = h;
    it->pair = pair;
    it->on_map = cell >= 0;
    it->unit = v == LB_LOS_BLOCK_FRIENDLY ? hold.friendly : hold.unit;
    it->passive = hold.passive;
    it->passive_why = hold.why;
    it->dist_from = lb_hex_distance(h, s->from);
    it->dist_to = lb_hex_distance(h, s->to);
    it->verdict = v;
    it->rule = hex_rule(v, hold.why, kind);
    note(w, v);
}

/* An intervening hex, alone (HEX) or as one of an edge pair (EDGE, R-LOS-4: either blocks; each
 * judged with its own distances, R-LOS-10). Inline: this is the inner step of a visibility map. */
static inline void visit_hex(walker *w, lb_hex h, lb_los_item_kind kind, lb_hex pair)
{
    const sight *s = w->s;
    const lb_map *m = &s->st->map;
    int cell = cell_of(m, h);
    if (w->list)
        record_hex(w, h, cell, kind, pair);
    else if (cell >= 0 && lb_los_blocks(judge(s, h, cell_bits(s, h, cell), m->elevation[cell])))
        w->blocked = 0;
}

/* The hexside type on side d of a, whose neighbour there is b, or -1 (a feature is stored on
 * both hexes when both are on the map, so a hex off the map is looked at from the other side). */
static inline int side_type_dir(const lb_map *m, lb_hex a, int d, lb_hex b)
{
    int ca = cell_of(m, a);
    if (ca >= 0)
        return (int)m->sides[6 * ca + d] - 1;
    int cb = cell_of(m, b);
    return cb >= 0 ? (int)m->sides[6 * cb + lb_hex_dir_opposite(d)] - 1 : -1;
}

/* The hexside type between neighbours a and b, or -1. */
static int side_type(const lb_state *st, lb_hex a, lb_hex b)
{
    return side_type_dir(&st->map, a, lb_hex_dir_to(a, b), b);
}

static int is_wall(const sight *s, int type)
{
    return type >= 0 && s->st->charts.hexsides[type].los == LB_LOS_BLOCKS;
}

/* A hexside of F or T: a unit fires over its own wall, and a wall round the target is its
 * cover, not a screen (R-LOS-3). */
static int own_side(const sight *s, lb_hex a, lb_hex b)
{
    return same_hex(a, s->from) || same_hex(b, s->from) || same_hex(a, s->to) ||
           same_hex(b, s->to);
}

static void side_item(walker *w, lb_hex a, lb_hex b, int type, lb_los_verdict v, const char *rule)
{
    lb_los_item *it = new_item(w);
    if (!it)
        return;
    it->kind = LB_LOS_ITEM_SIDE;
    it->hex = a;
    it->pair = b;
    it->on_map = lb_map_contains(&w->s->st->map, a) || lb_map_contains(&w->s->st->map, b);
    it->terrain = type;
    it->elevation = elevation(w->s->st, a);
    it->dist_from = lb_hex_distance(a, w->s->from);
    it->dist_to = lb_hex_distance(a, w->s->to);
    it->verdict = v;
    it->rule = rule;
}

/* R-LOS-3: the hexside on side d of a, whose neighbour there is b, crossed or run along. A wall
 * blocks and is never seen over; any other feature is only recorded. */
static void visit_side(walker *w, lb_hex a, int d, lb_hex b)
{
    int type = side_type_dir(&w->s->st->map, a, d, b);
    if (type < 0)
        return;
    int wall = is_wall(w->s, type);
    lb_los_verdict v = !wall                     ? LB_LOS_OPEN
                       : own_side(w->s, a, b) ? LB_LOS_OWN_SIDE
                                               : LB_LOS_BLOCK_WALL;
    if (w->list)
        side_item(w, a, b, type, v, "R-LOS-3");
    note(w, v);
}

/*
 * R-LOS-9: the line passes through a corner where wall hexsides meet. It crosses the wall there
 * when walls lie on both sides of the line; a wall whose end corner it only touches, or a bend
 * of the wall it grazes from one side, does not stop it. sides[] are the hexsides at the corner
 * (as pairs of hexes), left[] says on which side of the line each lies. Hexsides of F and T are
 * never screens.
 */
static void visit_corner(walker *w, const lb_hex (*sides)[2], const int *left, int n)
{
    int type[3], wall[3], on_left = 0, on_right = 0;
    for (int i = 0; i < n; i++) {
        type[i] = side_type(w->s->st, sides[i][0], sides[i][1]);
        wall[i] = is_wall(w->s, type[i]) && !own_side(w->s, sides[i][0], sides[i][1]);
        on_left |= wall[i] && left[i];
        on_right |= wall[i] && !left[i];
    }
    lb_los_verdict v = on_left && on_right ? LB_LOS_BLOCK_WALL : LB_LOS_CORNER;
    for (int i = 0; w->list && i < n; i++) {
        if (!is_wall(w->s, type[i]))
            continue;
        /* R-LOS-9 decides every wall met at a corner: crossed, touched at an end, or F's or T's */
        side_item(w, sides[i][0], sides[i][1], type[i], wall[i] ? v : LB_LOS_OWN_SIDE, "R-LOS-9");
        note(w, wall[i] ? v : LB_LOS_OWN_SIDE);
    }
    if (!w->list)
        note(w, v);
}

/* The corner where the line leaves hex c to run along the edge x|y (x on its left), or leaves
 * that edge to enter c: hexsides c|x and c|y lie on either side of the line. */
static void corner_along(walker *w, lb_hex c, lb_hex x, lb_hex y)
{
    const lb_hex sides[2][2] = {{c, x}, {c, y}};
    const int left[2] = {1, 0};
    visit_corner(w, sides, left, 2);
}

/* Are the hexsides of h worth looking at? Always when recording items (every feature is
 * reported); in a fast walk only when h has a wall on some hexside. A wall is stored on both of
 * its hexes, or on the one on the map, so asking every hex around a hexside or corner is enough. */
static inline int near_wall(const sight *s, lb_hex h)
{
    if (!s->grid)
        return 1;
    return cell_of(&s->st->map, h) >= 0 && (s->grid->bits[grid_cell(s->grid, h)] & CELL_WALLED);
}

/* The line passes from hex p straight into hex c through the corner they share with hex b:
 * p|b and c|b lie on b's side of the line, p|c on the other. */
static void corner_pass(walker *w, lb_hex p, lb_hex c, lb_hex b)
{
    const lb_hex sides[3][2] = {{p, c}, {p, b}, {c, b}};
    const int side_of_b[3] = {0, 1, 1};
    visit_corner(w, sides, side_of_b, 3);
}

/*
 * Walks the line from F to T, hex by hex: each move enters a hex across a hexside, through a
 * corner, or along an edge between two corners (R-LOS-4). F and T are not judged.
 */
static void walk(walker *w)
{
    const sight *s = w->s;
    line_iter it;
    line_move mv;
    lb_hex prev = s->from;
    w->blocked = -1;
    line_start(&it, s->from, s->to);
    while (line_next(&it, &mv)) {
        if (mv.via == VIA_SIDE) {
            if (near_wall(s, prev) || near_wall(s, mv.hex))
                visit_side(w, prev, mv.dir, mv.hex);
        } else if (mv.via == VIA_CORNER) {
            if (near_wall(s, prev) || near_wall(s, mv.hex) || near_wall(s, mv.a))
                corner_pass(w, prev, mv.hex, mv.a);
        } else {
            int walls = near_wall(s, prev) || near_wall(s, mv.hex) || near_wall(s, mv.a) ||
                        near_wall(s, mv.b);
            if (walls)
                corner_along(w, prev, mv.a, mv.b);
            visit_hex(w, mv.a, LB_LOS_ITEM_EDGE, mv.b);
            visit_hex(w, mv.b, LB_LOS_ITEM_EDGE, mv.a);
            if (walls) {
                visit_side(w, mv.a, lb_hex_dir_to(mv.a, mv.b), mv.b);
                corner_along(w, mv.hex, mv.a, mv.b);
            }
        }
        if (!same_hex(mv.hex, s->to))
            visit_hex(w, mv.hex, LB_LOS_ITEM_HEX, mv.hex);
        if (!w->list && w->blocked >= 0)
            return;
        prev = mv.hex;
    }
}

/* R-LOS-7: the firer's side, given or from the top combat unit of F; -1 when neither. */
static int firer_side(const lb_state *st, lb_hex from, int side)
{
    if (side >= 0)
        return side;
    int top = lb_state_top_combat(st, from);
    return top >= 0 ? st->units[top].side : -1;
}

static lb_event_arg ev_hex(const lb_state *st, lb_hex h)
{
    char label[LB_HEX_LABEL_MAX];
    return lbi_ev_label(lb_map_label(&st->map, h, label));
}

static lb_event_arg ev_verdict(lb_los_verdict v)
{
    return ev_phrase(LOS_PH_VERDICT, (int)v);
}

static lb_event_arg ev_unit(const lb_state *st, int unit)
{
    return ev_unit_id(unit >= 0 ? st->units[unit].id : NULL);
}

/* What a hexside on the line did, in the words' list of them. */
static enum los_side_how side_how(const lb_los_item *it)
{
    if (it->verdict == LB_LOS_OWN_SIDE)
        return LOS_SIDE_OWN;
    if (it->verdict == LB_LOS_CORNER)
        return LOS_SIDE_CORNER;
    if (it->verdict == LB_LOS_OPEN)
        return LOS_SIDE_OPEN;
    return strcmp(it->rule, "R-LOS-9") == 0 ? LOS_SIDE_BOTH : LOS_SIDE_BLOCKS;
}

static void trace_item(lb_trace *t, const lb_state *st, const lb_los_item *it)
{
    char a[LB_HEX_LABEL_MAX], b[LB_HEX_LABEL_MAX];
    lb_map_label(&st->map, it->hex, a);
    lb_map_label(&st->map, it->pair, b);
    if (it->kind == LB_LOS_ITEM_SIDE) {
        LBI_EVENT(t, it->rule, "(23)", EV_LOS_HEXSIDE, lbi_ev_label(a), lbi_ev_label(b),
                  ev_text(st->charts.hexsides[it->terrain].id),
                  ev_phrase(LOS_PH_SIDE_HOW, side_how(it)));
        lb_trace_text(t, "hex", a);
        lb_trace_text(t, "pair", b);
        lb_trace_phrase(t, "verdict", LOS_PH_VERDICT, (int)it->verdict);
        return;
    }
    lb_event_arg what = it->on_map ? ev_text(st->charts.terrain[it->terrain].id)
                                   : ev_phrase(LOS_PH_VERDICT, LB_LOS_OFF_MAP);
    lb_event_arg passive_why = ev_phrase(LOS_PH_PASSIVE, it->passive >= 0 ? it->passive_why : 0);
    if (it->kind == LB_LOS_ITEM_EDGE)
        LBI_EVENT(t, it->rule, "(23)", EV_LOS_EDGE_ITEM, lbi_ev_label(a), lbi_ev_label(b),
                  what, ev_int(it->elevation), ev_unit(st, it->unit), passive_why,
                  ev_unit(st, it->passive), ev_verdict(it->verdict), ev_int(it->dist_from),
                  ev_int(it->dist_to));
    else
        LBI_EVENT(t, it->rule, "(23)", EV_LOS_HEX_ITEM, lbi_ev_label(a), what,
                  ev_int(it->elevation), ev_unit(st, it->unit), passive_why,
                  ev_unit(st, it->passive), ev_verdict(it->verdict), ev_int(it->dist_from),
                  ev_int(it->dist_to));
    lb_trace_text(t, "hex", a);
    lb_trace_int(t, "dist_from", it->dist_from);
    lb_trace_int(t, "dist_to", it->dist_to);
    lb_trace_phrase(t, "verdict", LOS_PH_VERDICT, (int)it->verdict);
}

static void trace_start(lb_trace *t, const lb_state *st, const sight *s, int given_side, int d)
{
    LBI_EVENT(t, "R-LOS-1", "(23)", EV_LOS_LINE, ev_hex(st, s->from), ev_hex(st, s->to), ev_int(d),
              ev_int(s->elev_from), ev_int(s->elev_to));
    lb_trace_int(t, "distance", d);
    lb_trace_int(t, "elevation_from", s->elev_from);
    lb_trace_int(t, "elevation_to", s->elev_to);
    if (s->side < 0)
        LBI_EVENT(t, "R-LOS-7", "(23)", EV_LOS_NO_SIDE, ev_hex(st, s->from));
    else if (given_side >= 0)
        LBI_EVENT(t, "R-LOS-7", "(23)", EV_LOS_SIDE_GIVEN, ev_text(st->sides[s->side]));
    else
        LBI_EVENT(t, "R-LOS-7", "(23)", EV_LOS_SIDE_OF_TOP, ev_text(st->sides[s->side]),
                  ev_unit(st, lb_state_top_combat(st, s->from)), ev_hex(st, s->from));
    if (s->side >= 0)
        lb_trace_text(t, "firer_side", st->sides[s->side]);
}

/* R-LOS-7, R-LOS-12: the first cavalry unit in h that shares the hex with an enemy carré, or -1.
 * Such cavalry is not a target for other units' fire; once it leaves the hex, ordinary LOS
 * applies. */
static int cavalry_in_carre(const lb_state *st, lb_hex h)
{
    const int *idx;
    int n = lb_state_units_at(st, h, &idx);
    for (int i = 0; i < n; i++) {
        const lb_unit *cav = &st->units[idx[i]];
        if (cav->arm != LB_ARM_CAVALRY)
            continue;
        for (int k = 0; k < n; k++) {
            const lb_unit *sq = &st->units[idx[k]];
            if (sq->formation == LB_FORM_CARRE && sq->side != cav->side)
                return idx[i];
        }
    }
    return -1;
}

/* Why an intervening hex did what it did, where a ruling other than its own decided: higher
 * ground above one end only (R-LOS-5), a blocker that the exception does not reach (R-LOS-6), an
 * edge pair judged hex by hex (R-LOS-10; items[i] is the pair's second hex). */
static void trace_why(lb_trace *t, const lb_state *st, const sight *s, const lb_los_item *items,
                      int i)
{
    const lb_los_item *it = &items[i];
    if (it->kind == LB_LOS_ITEM_SIDE || !it->on_map)
        return;
    lb_event_arg a = ev_hex(st, it->hex);
    int lo = s->elev_from < s->elev_to ? s->elev_from : s->elev_to;
    if (it->verdict != LB_LOS_BLOCK_HIGHER && it->elevation > lo)
        LBI_EVENT(t, "R-LOS-5", "(23)", EV_LOS_ABOVE_ONE_END, a, ev_int(it->elevation),
                  ev_int(s->elev_from == lo), ev_int(lo),
                  ev_int(s->elev_from == lo ? s->elev_to : s->elev_from));
    if (it->verdict == LB_LOS_BLOCK_DWELLING)
        LBI_EVENT(t, "R-LOS-6", "(23)", EV_LOS_DWELLING, a);
    if (it->verdict == LB_LOS_BLOCK_TERRAIN || it->verdict == LB_LOS_BLOCK_UNIT) {
        if (s->elev_from == s->elev_to)
            LBI_EVENT(t, "R-LOS-6", "(23)", EV_LOS_LEVEL_ENDS, a, ev_int(s->elev_from));
        else if (it->dist_from == it->dist_to)
            LBI_EVENT(t, "R-LOS-6", "(23)", EV_LOS_TIE, a, ev_int(it->dist_from),
                      ev_int(it->dist_to));
        else
            LBI_EVENT(t, "R-LOS-6", "(23)", EV_LOS_NEARER_LOWER, a, ev_int(it->dist_from),
                      ev_int(it->dist_to), ev_int(s->elev_from < s->elev_to));
    }
    if (it->kind != LB_LOS_ITEM_EDGE)
        return;
    for (int j = 0; j < i; j++) {
        const lb_los_item *o = &items[j];
        if (o->kind != LB_LOS_ITEM_EDGE || !same_hex(o->hex, it->pair) || !same_hex(o->pair, it->hex))
            continue;
        if (o->verdict == LB_LOS_OPEN && it->verdict == LB_LOS_OPEN)
            return;
        LBI_EVENT(t, "R-LOS-10", "(23)", EV_LOS_PAIR, ev_hex(st, o->hex), a, ev_verdict(o->verdict),
                  ev_verdict(it->verdict));
        return;
    }
}

/* The whole answer as trace steps: the line, the firer's side, each item, the conclusion. */
static void trace_answer(lb_trace *t, const lb_state *st, const sight *s, int given_side,
                         const lb_los_result *r)
{
    lb_event_arg f = ev_hex(st, s->from), to = ev_hex(st, s->to);
    int d = lb_hex_distance(s->from, s->to);
    trace_start(t, st, s, given_side, d);
    if (r->adjacent) {
        LBI_EVENT(t, "R-LOS-2", "(23)", d ? EV_LOS_ADJACENT : EV_LOS_SELF, f, to);
    } else {
        for (int i = 0; i < r->nitems; i++) {
            trace_item(t, st, &r->items[i]);
            trace_why(t, st, s, r->items, i);
        }
        if (r->visible) {
            LBI_EVENT(t, "R-LOS-3", "(23)", EV_LOS_CLEAR, f, to);
        } else {
            const lb_los_item *b = &r->items[r->blocked_by];
            LBI_EVENT(t, b->rule, "(23)", EV_LOS_BLOCKED, f, to, ev_verdict(b->verdict),
                      ev_hex(st, b->hex),
                      b->kind == LB_LOS_ITEM_SIDE ? ev_hex(st, b->pair) : ev_text(""));
        }
    }
    lb_trace_bool(t, "visible", r->visible);
    if (r->not_target >= 0) {
        const lb_unit *cav = &st->units[r->not_target];
        LBI_EVENT(t, "R-LOS-7", "(23)", EV_LOS_IN_CARRE, ev_unit_id(cav->id), to);
        lb_trace_text(t, "not_target", cav->id);
    }
}

int lb_los_check(const lb_state *st, lb_hex from, lb_hex to, int side, lb_los_result *out,
                 lb_trace *trace)
{
    memset(out, 0, sizeof *out);
    sight s = {st, from, to, elevation(st, from), elevation(st, to), firer_side(st, from, side),
               NULL};
    out->from = from;
    out->to = to;
    out->firer_side = s.side;
    out->blocked_by = -1;
    out->not_target = cavalry_in_carre(st, to);
    int d = lb_hex_distance(from, to);
    if (d <= 1) {
        /* R-LOS-2 */
        out->visible = 1;
        out->adjacent = 1;
    } else {
        /* about two hexes per hex of distance, a few edges and hexsides: rarely grown */
        item_list list = {malloc((size_t)(2 * d + 8) * sizeof *list.v), 0, 2 * d + 8, 0};
        walker w = {&s, &list, -1};
        list.nomem = !list.v;
        if (!list.nomem)
            walk(&w);
        if (list.nomem) {
            free(list.v);
            return LB_NOMEM;
        }
        out->items = list.v;
        out->nitems = list.n;
        out->blocked_by = w.blocked;
        out->visible = w.blocked < 0;
    }
    if (trace)
        trace_answer(trace, st, &s, side, out);
    return LB_OK;
}

void lb_los_result_release(lb_los_result *r)
{
    free(r->items);
    r->items = NULL;
    r->nitems = 0;
}

/*
 * The visibility map's own walk (R-LOS-1..12): the same answers as walk() (tests/unit/test_los.c
 * checks it hex by hex against lb_los_check on random maps), at a fraction of the cost: the
 * cells of vis_grid, the hexes that hold nothing skipped by their attn, the others judged
 * exactly as judge() does.
 *
 * A wall blocks a line that crosses it, unless it is a hexside of F or T (R-LOS-3; a wall is
 * stored on every hex of the map it borders): the walk looks at the hexside it crosses out of or
 * into a hex with walls. Walls at a corner the line passes through or along an edge it runs on
 * (R-LOS-9), and a unit spread over several hexes, which may stand in T too (R-LOS-7), are left
 * to walk(), which knows corners and T: a line that meets them and is not blocked elsewhere is
 * walked again there.
 */

/* Column change across hexside d (nbr_x of hex_line.h in columns). */
static const int step_q[LB_DIR_COUNT] = {0, 1, 1, 0, -1, -1};

/* One sight line of the map: T and the elevations. */
typedef struct vis_line {
    int tq, ty, tcell;
    int elev_to, emax;
} vis_line;

enum { VIS_SEEN, VIS_BLOCKED, VIS_UNSURE };

/* Hex distance (R-GRID-4) between columns q and doubled rows y (as lb_hex_distance). */
static inline int vis_distance(int qa, int ya, int qb, int yb)
{
    int dq = qb - qa, dr = ((yb - qb) - (ya - qa)) / 2, ds = dq + dr;
    return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2;
}

/* judge() for an intervening hex whose attn says look closer: BLOCKED, or SEEN, or UNSURE when
 * walk() must look again (a unit that may stand in T). Its hexsides are the walk's. */
static int vis_judge(const vis_grid *g, const vis_line *l, int cell)
{
    unsigned bits = g->bits[cell];
    if (g->elev[cell] > l->emax)
        return VIS_BLOCKED; /* R-LOS-5 */
    if (bits & CELL_DWELLING)
        return VIS_BLOCKED;
    if ((bits & (CELL_TERRAIN | CELL_UNIT)) && !(bits & CELL_SPREAD)) {
        /* R-LOS-6 */
        if (g->elev_from == l->elev_to)
            return VIS_BLOCKED;
        /* the cell's row and column; the quotient in floating point may be one off */
        int y = (int)((double)cell * g->inv_width), q = cell - y * g->width;
        y += q >= g->width ? 1 : q < 0 ? -1 : 0;
        q = cell - y * g->width;
        int df = vis_distance(q, y, g->fq, g->fy), dt = vis_distance(q, y, l->tq, l->ty);
        int over = g->elev_from > l->elev_to ? df < dt : dt < df;
        if (!over || (g->elev_from < l->elev_to && dt == 1 && (bits & CELL_FRIENDLY)))
            return VIS_BLOCKED;
    }
    return bits & CELL_SPREAD ? VIS_UNSURE : VIS_SEEN;
}

/* Judges the hex at cell, never F or T, when its attn asks for it; *unsure collects UNSURE. */
static inline int vis_blocks(const vis_grid *g, const vis_line *l, int cell, int *unsure)
{
    if (g->attn[cell] <= l->emax)
        return 0;
    int v = vis_judge(g, l, cell);
    *unsure |= v == VIS_UNSURE;
    return v == VIS_BLOCKED;
}

/*
 * Walks the line between F and T, whose cells are marked STOP: SEEN, BLOCKED, or UNSURE. The
 * segment is the same both ways, so it meets the same hexes, edges and corners whichever end
 * the walk starts from, and the answer is the same; it starts from the end whose obstacles
 * cannot be seen over, so that the first obstacle met is most often a blocker: from T when F is
 * higher (R-LOS-6: what is nearer F is seen over), else from F.
 */
static int vis_walk(const vis_grid *g, const vis_line *l)
{
    int from_t = g->elev_from > l->elev_to;
    int64_t dx = 3 * (int64_t)(l->tq - g->fq), dy = l->ty - g->fy;
    if (from_t) {
        dx = -dx;
        dy = -dy;
    }
    int start = from_t ? l->tcell : g->fcell;
    line_core c;
    line_core_start(&c, dx, dy);
    const int dcell[3] = {g->dcell[c.dir[0]], g->dcell[c.dir[1]], g->dcell[c.dir[2]]};
    int cell = start, unsure = 0, near = 0; /* near: no hex so far is farther from the start */
    for (;;) {
        int k, other;
        line_via via = line_core_step(&c, &k, &other);
        near += 1 + (via == VIA_EDGE);
        if (via == VIA_SIDE) {
            cell += dcell[k];
        } else if (via == VIA_CORNER) {
            /* R-LOS-9: walls at a corner, the walk's (the hex touched there only matters by
             * them) */
            if (g->walls[cell] | g->walls[cell + dcell[k]] | g->walls[cell + dcell[other]])
                unsure = 1;
            cell += dcell[k];
        } else {
            /* R-LOS-4: the hexes on both sides of the edge, each judged; walls there, the walk's */
            int a = cell + dcell[k], b = cell + dcell[other];
            if (g->walls[cell] | g->walls[a] | g->walls[b] | g->walls[a + dcell[other]])
                unsure = 1;
            if (vis_blocks(g, l, a, &unsure) || vis_blocks(g, l, b, &unsure))
                return VIS_BLOCKED;
            cell = a + dcell[other];
        }
        unsigned attn = g->attn[cell];
        if (attn > (unsigned)l->emax) {
            if (attn == STOP)
                return unsure ? VIS_UNSURE : VIS_SEEN;
            if (attn < OPAQUE || attn == DWELL || (attn == OPAQUE && g->elev_from == l->elev_to))
                return VIS_BLOCKED; /* R-LOS-5; R-LOS-3; R-LOS-6, no exception at one height */
            /* R-LOS-6: the walk starts from the end whose obstacles are not seen over; an
             * obstacle in the nearer half of the line (it is at most `near` from the start, so
             * at least D - near from the other end) is nearer that end, and blocks */
            if (attn == OPAQUE && 2 * near <= vis_distance(g->fq, g->fy, l->tq, l->ty))
                return VIS_BLOCKED;
            int v = vis_judge(g, l, cell);
            if (v == VIS_BLOCKED)
                return VIS_BLOCKED;
            unsure |= v == VIS_UNSURE;
            /* R-LOS-3: a wall crossed blocks, but not on a hexside of F or T; every wall is on
             * the hexes either side of it, a hex off the map included (vis_fill), so the one
             * crossed into a hex is seen there */
            int back = c.dir[k] < 3 ? c.dir[k] + 3 : c.dir[k] - 3;
            if (via == VIA_SIDE && (g->walls[cell] >> back & 1) && cell - dcell[k] != start)
                return VIS_BLOCKED;
        }
    }
}

/* The walls of hex h (at cell `at`) from its hexsides sd, wall[type + 1] telling the walls: its
 * mask, also put on the hexes off the map beyond a wall on the map's edge (marked LOOK). */
static unsigned vis_walls(vis_grid *g, const lb_map *m, const unsigned char *wall,
                          const uint8_t *sd, lb_hex h, int at)
{
    unsigned mask = 0;
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        if (!wall[sd[d]])
            continue;
        mask |= 1u << d;
        lb_hex beyond = lb_hex_neighbor(h, d);
        if (cell_of(m, beyond) < 0) {
            int out = grid_cell(g, beyond);
            g->walls[out] |= (unsigned char)(1u << lb_hex_dir_opposite(d));
            g->attn[out] = LOOK;
        }
    }
    g->walls[at] = (unsigned char)mask;
    return mask;
}

/* The cells of the map for lines from F: each unit (R-LOS-3, R-LOS-7), then terrain, elevation
 * and walls, and what the line does there; the grid's arrays are zeroed, size cells each. */
static void vis_fill(vis_grid *g, const sight *s, size_t size)
{
    const lb_state *st = s->st;
    const lb_map *m = &st->map;
    for (int d = 0; d < LB_DIR_COUNT; d++)
        g->dcell[d] = nbr_y[d] * g->width + step_q[d];
    memset(g->attn, 0, 4 * size); /* attn, bits, elev and walls follow each other */
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *u = &st->units[i];
        if (passive_reason(s, u, 0) != LB_LOS_PASSIVE_NONE)
            continue;
        unsigned bits = CELL_UNIT | (u->side == s->side ? CELL_FRIENDLY : 0u) |
                        (u->nhexes > 1 ? CELL_SPREAD : 0u);
        for (int k = 0; k < u->nhexes; k++)
            if (cell_of(m, u->hexes[k]) >= 0)
                g->bits[grid_cell(g, u->hexes[k])] |= (unsigned char)bits;
    }
    /* by type: the terrain's bits, and whether a hexside type (stored plus one) is a wall */
    unsigned char terrain[256] = {0}, wall[256] = {0};
    int walls = 0;
    for (int i = 0; i < st->charts.nterrain && i < 256; i++) {
        lb_los_class los = st->charts.terrain[i].los;
        terrain[i] = los == LB_LOS_DWELLING ? CELL_DWELLING : los == LB_LOS_BLOCKS ? CELL_TERRAIN : 0;
    }
    for (int i = 0; i < st->charts.nhexsides && i < 255; i++)
        walls |= wall[i + 1] = (unsigned char)is_wall(s, i);
    for (int r = 0; r < m->rows; r++) {
        const uint8_t *tr = &m->terrain[r * m->cols], *sd = &m->sides[LB_DIR_COUNT * r * m->cols];
        const int8_t *el = &m->elevation[r * m->cols];
        int at = grid_cell(g, (lb_hex){1, r + 1});
        for (int c = 0; c < m->cols; c++, sd += LB_DIR_COUNT, at += c & 1 ? g->width + 1 : 1 - g->width) {
            uint32_t four;
            uint16_t two;
            memcpy(&four, sd, 4); /* most hexes have no hexside feature at all */
            memcpy(&two, sd + 4, 2);
            unsigned mask = 0;
            if (walls && (four | two))
                mask = vis_walls(g, m, wall, sd, (lb_hex){c + 1, r + 1}, at);
            unsigned bits = g->bits[at] | terrain[tr[c]] | (mask ? CELL_WALLED : 0u);
            g->bits[at] = (unsigned char)bits;
            g->elev[at] = el[c];
            g->attn[at] = (unsigned char)(!bits                                   ? el[c]
                                          : bits & CELL_DWELLING                  ? DWELL
                                          : bits & (CELL_WALLED | CELL_SPREAD)    ? LOOK
                                                                                  : OPAQUE);
        }
    }
}

/* The map from an F off it, which the grid does not hold (the API asks for one on the map, and
 * answers all the same): every line by the plain walk, what each hex holds found on the spot. */
static void visible_by_walks(const lb_state *st, lb_hex from, int side, unsigned char *visible)
{
    const lb_map *m = &st->map;
    sight s = {st, from, from, elevation(st, from), 0, firer_side(st, from, side), NULL};
    walker w = {&s, NULL, -1};
    for (int cell = 0; cell < m->cols * m->rows; cell++) {
        s.to = lb_map_hex(m, cell);
        if (lb_hex_distance(from, s.to) <= 1) {
            visible[cell] = 1; /* R-LOS-2 */
            continue;
        }
        s.elev_to = m->elevation[cell];
        walk(&w);
        visible[cell] = w.blocked < 0;
    }
}

int lb_los_visible(const lb_state *st, lb_hex from, int side, unsigned char *visible)
{
    const lb_map *m = &st->map;
    if (!lb_map_contains(m, from)) {
        visible_by_walks(st, from, side, visible);
        return LB_OK;
    }
    size_t size = (size_t)(m->cols + 2 * PAD) * (size_t)(2 * m->rows + 4 * PAD);
    unsigned char *cells = malloc(4 * size);
    if (!cells)
        return LB_NOMEM;
    vis_grid g = {.width = m->cols + 2 * PAD, .attn = cells, .bits = cells + size,
                  .elev = (signed char *)(cells + 2 * size), .walls = cells + 3 * size,
                  .fq = from.col - 1 + PAD,
                  .elev_from = elevation(st, from)};
    g.inv_width = 1.0 / g.width;
    g.fy = 2 * (from.row - 1 + PAD) + (g.fq & 1);
    g.fcell = g.fy * g.width + g.fq;
    sight s = {st, from, from, g.elev_from, 0, firer_side(st, from, side), &g};
    vis_fill(&g, &s, size);
    g.attn[g.fcell] = STOP;
    walker w = {&s, NULL, -1};
    for (int r = 0; r < m->rows; r++)
        for (int c = 0; c < m->cols; c++) {
            int cell = r * m->cols + c;
            vis_line l = {.tq = c + PAD, .elev_to = m->elevation[cell]};
            l.ty = 2 * (r + PAD) + (l.tq & 1);
            l.tcell = l.ty * g.width + l.tq;
            l.emax = l.elev_to > g.elev_from ? l.elev_to : g.elev_from;
            int dq = l.tq - g.fq, dy = l.ty - g.fy;
            if (dq >= -1 && dq <= 1 && dy >= -2 && dy <= 2) {
                /* R-LOS-2: F itself or a neighbour (one column over, y differs by 1; the same
                 * column, by 0 or 2) */
                visible[cell] = 1;
                continue;
            }
            unsigned char attn = g.attn[l.tcell];
            g.attn[l.tcell] = STOP;
            int v = vis_walk(&g, &l);
            g.attn[l.tcell] = attn;
            if (v == VIS_UNSURE) {
                s.to = (lb_hex){c + 1, r + 1};
                s.elev_to = l.elev_to;
                walk(&w);
                v = w.blocked < 0 ? VIS_SEEN : VIS_BLOCKED;
            }
            visible[cell] = v == VIS_SEEN;
        }
    free(cells);
    return LB_OK;
}

/* One line of a visibility map's reasons: the hexes that one ruling's verdict decided. */
typedef struct tally {
    const char *rule;
    lb_los_verdict verdict;
    int seen;  /* 1: hexes seen past this verdict; 0: hexes it hid */
    int count;
    lb_hex first;
    int last; /* the cell counted last: a hex counts once per tally */
} tally;

/* (rule, verdict, seen) pairs that occur: about 20 (hex_rule and the corner rules), so none is lost */
enum { TALLIES_MAX = 32 };

static void count(tally *t, int *n, const char *rule, lb_los_verdict v, int seen, lb_hex h,
                  int cell)
{
    for (int i = 0; i < *n; i++)
        if (strcmp(t[i].rule, rule) == 0 && t[i].verdict == v && t[i].seen == seen) {
            t[i].count += t[i].last != cell;
            t[i].last = cell;
            return;
        }
    if (*n < TALLIES_MAX)
        t[(*n)++] = (tally){rule, v, seen, 1, h, cell};
}

/* What a line that is not stopped passed, in the words' list of them. */
static enum los_seen_past seen_past(lb_los_verdict v)
{
    switch (v) {
    case LB_LOS_SEEN_OVER: return LOS_PAST_OVER;
    case LB_LOS_CORNER: return LOS_PAST_CORNER;
    case LB_LOS_OWN_SIDE: return LOS_PAST_OWN_SIDE;
    default: return LOS_PAST_UNIT;
    }
}

/* R-LOS-8: the reasons of a visibility map, summed by ruling (each hex's line judged as
 * lb_los_check judges it, so every hex counts where lb_los_check would cite the ruling). */
int lb_los_visible_trace(const lb_state *st, lb_hex from, int side, lb_trace *trace)
{
    const lb_map *m = &st->map;
    sight s = {st, from, from, elevation(st, from), 0, firer_side(st, from, side), NULL};
    tally t[TALLIES_MAX];
    int n = 0, near = 0, plain = 0;
    lb_hex first_plain = from;
    for (int cell = 0; cell < m->cols * m->rows; cell++) {
        lb_hex to = lb_map_hex(m, cell);
        if (lb_hex_distance(from, to) <= 1) {
            near++;
            continue;
        }
        lb_los_result r;
        if (lb_los_check(st, from, to, side, &r, NULL) != LB_OK)
            return LB_NOMEM;
        if (!r.visible) {
            count(t, &n, r.items[r.blocked_by].rule, r.items[r.blocked_by].verdict, 0, to, cell);
        } else {
            int notable = 0;
            for (int i = 0; i < r.nitems; i++) {
                const lb_los_item *it = &r.items[i];
                if (it->verdict == LB_LOS_OPEN && it->passive < 0)
                    continue;
                if (it->verdict == LB_LOS_OFF_MAP)
                    continue;
                count(t, &n, it->rule, it->verdict, 1, to, cell);
                notable = 1;
            }
            if (!notable && !plain++)
                first_plain = to;
        }
        lb_los_result_release(&r);
    }
    char hl[LB_HEX_LABEL_MAX];
    lb_event_arg f = ev_hex(st, from);
    LBI_EVENT(trace, "R-LOS-1", "(23)", EV_LOS_MAP_LINES, f, ev_int(m->cols * m->rows),
              ev_int(s.elev_from));
    lb_trace_int(trace, "hexes", m->cols * m->rows);
    if (s.side >= 0)
        LBI_EVENT(trace, "R-LOS-7", "(23)", EV_LOS_MAP_SIDE, ev_text(st->sides[s.side]));
    else
        LBI_EVENT(trace, "R-LOS-7", "(23)", EV_LOS_NO_SIDE, f);
    LBI_EVENT(trace, "R-LOS-2", "(23)", EV_LOS_MAP_NEAR, f, ev_int(near - 1));
    lb_trace_int(trace, "count", near);
    if (plain) {
        LBI_EVENT(trace, "R-LOS-3", "(23)", EV_LOS_MAP_PLAIN, ev_int(plain),
                  ev_hex(st, first_plain));
        lb_trace_int(trace, "count", plain);
    }
    for (int i = 0; i < n; i++) {
        lb_map_label(m, t[i].first, hl);
        if (t[i].seen)
            LBI_EVENT(trace, t[i].rule, "(23)", EV_LOS_MAP_SEEN_PAST, ev_int(t[i].count),
                      ev_phrase(LOS_PH_SEEN_PAST, seen_past(t[i].verdict)), lbi_ev_label(hl));
        else
            LBI_EVENT(trace, t[i].rule, "(23)", EV_LOS_MAP_HIDDEN, ev_int(t[i].count),
                      ev_verdict(t[i].verdict), lbi_ev_label(hl));
        lb_trace_int(trace, "count", t[i].count);
        lb_trace_phrase(trace, "verdict", LOS_PH_VERDICT, (int)t[i].verdict);
        lb_trace_bool(trace, "seen", t[i].seen);
        lb_trace_text(trace, "first", hl);
    }
    return LB_OK;
}
