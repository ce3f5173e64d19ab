/* Exact hex line traversal, hex by hex (library-internal): the iterator behind lb_hex_line. */
#ifndef LB_HEX_LINE_H
#define LB_HEX_LINE_H

#include <stdint.h>

#include "lb/core.h"

/*
 * For callers that stop early (a sight line ends at its first blocker): line_start, then
 * line_next until it returns 0. Inline, because a visibility map walks thousands of lines. Each
 * move says how the segment got from the hex before into the next one:
 *   VIA_SIDE    across the hexside between them, at a point inside the edge;
 *   VIA_CORNER  through the corner they share with hex `a`, which is touched only there;
 *   VIA_EDGE    through a corner, along the whole edge between `a` (on the left of travel, as
 *               LB_LINE_ALONG) and `b`, and through the corner at its far end.
 * The iterator is a plain value; it holds no memory. A caller that follows cells of its own (the
 * visibility map of los.c) steps the line_core inside it with line_core_start and line_core_step,
 * which name no hexes.
 */
typedef enum line_via { VIA_SIDE, VIA_CORNER, VIA_EDGE } line_via;

/* The walk's inner functions are inlined even where the compiler would not: a visibility map
 * runs them for every line, and keeps the line's values in registers only when they are. */
#if defined(__GNUC__)
#define LINE_INLINE __attribute__((always_inline))
#else
#define LINE_INLINE
#endif

typedef struct line_move {
    line_via via;
    lb_hex hex; /* the hex entered */
    lb_hex a;   /* VIA_CORNER: the hex touched at the corner; VIA_EDGE: the left hex */
    lb_hex b;   /* VIA_EDGE: the right hex */
    int dir;    /* VIA_SIDE, VIA_CORNER: the hexside of the hex before between it and `hex` */
} line_move;

/* How the segment leaves each hex, without positions: the hexsides facing forwards and the side
 * values are those of the whole line; only `side` changes from hex to hex. */
typedef struct line_core {
    int64_t side;      /* side of the line the current centre lies on (scaled) */
    int64_t side_v[2]; /* vertices dir[0] and dir[1], relative to the centre */
    int64_t side_n[3]; /* change of `side` across hexside dir[k] */
    int dir[3];        /* the hexsides facing forwards, in clock order */
} line_core;

typedef struct line_iter {
    int64_t x, y, tx, ty; /* current centre and the end, in lb_hex_center units */
    line_core core;
} line_iter;

/*
 * Coordinates are those of lb_hex_center (x east, y south). The walk keeps the centre of the
 * current hex and finds where the segment leaves it with cross products against its vertices,
 * all in 64-bit integers: exact while |col| and |row| stay below 2^28.
 *
 * Vertex k sits at clock hour 2k + 1 (k = 0 is the 1 o'clock corner); hexside d runs from
 * vertex d - 1 to vertex d, so vertex k joins hexsides k and k + 1.
 */
static const int vert_x[LB_DIR_COUNT] = {1, 2, 1, -1, -2, -1};
static const int vert_y[LB_DIR_COUNT] = {-1, 0, 1, 1, 0, -1};
/* Centre of the neighbour across hexside d, relative to the centre. */
static const int nbr_x[LB_DIR_COUNT] = {0, 3, 3, 0, -3, -3};
static const int nbr_y[LB_DIR_COUNT] = {-2, -1, 1, 2, 1, -1};
/* The outward normals of hexsides N, NE, SE, S, SW, NW are (0, -1), (1, -1), (1, 1), (0, 1),
 * (-1, 1), (-1, -1): the hexagon is normal . p <= 1 (N, S) or 2 (the others). */

/* The hex centred at (x, y): the inverse of lb_hex_center. */
static inline lb_hex hex_at(int64_t x, int64_t y)
{
    int64_t col = x / 3 + 1;
    lb_hex h = {(int)col, (int)((y - (col % 2 == 0)) / 2 + 1)};
    return h;
}

/*
 * side_v[k] = cross(D, vertex dir[k] - centre): the side of the line a vertex lies on, less the
 * side of the current centre, which is tracked in `side` (< 0 is left of travel, i.e. north of an
 * eastward line on the map). side_n[k] = cross(D, centre across dir[k] - centre) is how `side`
 * changes across hexside dir[k]. Called with a constant d0 (see line_core_start), the tables fold
 * into a few additions.
 */
static inline LINE_INLINE void line_core_set(line_core *c, int d0, int64_t dx, int64_t dy)
{
    int d1 = d0 == 5 ? 0 : d0 + 1, d2 = d1 == 5 ? 0 : d1 + 1;
    c->side = 0;
    c->dir[0] = d0;
    c->dir[1] = d1;
    c->dir[2] = d2;
    c->side_v[0] = dx * vert_y[d0] - dy * vert_x[d0];
    c->side_v[1] = dx * vert_y[d1] - dy * vert_x[d1];
    c->side_n[0] = dx * nbr_y[d0] - dy * nbr_x[d0];
    c->side_n[1] = dx * nbr_y[d1] - dy * nbr_x[d1];
    c->side_n[2] = dx * nbr_y[d2] - dy * nbr_x[d2];
}

/* R-LOS-1: the way out of each hex of a segment from a centre along (dx, dy), not both 0. */
static inline LINE_INLINE void line_core_start(line_core *c, int64_t dx, int64_t dy)
{
    /*
     * The segment can only leave a hex through the hexsides facing forwards: the run of two or
     * three consecutive hexsides whose outward normal has a positive dot product with D, which
     * starts at d0. Along that chain the side of the vertices grows from < 0 to > 0 (see
     * line_core_set), so two vertices decide the exit: vertex d0 and vertex d0 + 1. The signs of
     * the dot products with the normals of N, NE and SE (those of S, SW and NW are opposite)
     * give d0; the run of a sign pattern starts at the first hexside with a positive product
     * after one without. -1 marks the patterns no direction has (and D = 0, never stepped).
     */
    static const signed char d0_by_signs[27] = {
        3,  3,  2,  -1, -1, 2,  -1, -1, 1, /* N . D < 0; by NE . D, then SE . D: <, =, > */
        4,  -1, -1, -1, -1, -1, -1, -1, 1, /* N . D = 0 */
        4,  -1, -1, 5,  -1, -1, 5,  0,  0  /* N . D > 0 */
    };
    int64_t n_n = -dy, n_ne = dx - dy, n_se = dx + dy; /* normal . D */
    int sign = 9 * ((n_n > 0) - (n_n < 0) + 1) + 3 * ((n_ne > 0) - (n_ne < 0) + 1) +
               (n_se > 0) - (n_se < 0) + 1;
    switch (d0_by_signs[sign]) {
    case 1: line_core_set(c, 1, dx, dy); break;
    case 2: line_core_set(c, 2, dx, dy); break;
    case 3: line_core_set(c, 3, dx, dy); break;
    case 4: line_core_set(c, 4, dx, dy); break;
    case 5: line_core_set(c, 5, dx, dy); break;
    default: line_core_set(c, 0, dx, dy); break;
    }
}

/*
 * Finds where the segment leaves the current hex and moves on, without positions (a visibility
 * map follows cells of its own). Returns how, with indices into c->dir:
 *   VIA_SIDE    across hexside dir[*k];
 *   VIA_CORNER  through a corner, into the hex across hexside dir[*k]; the hex across hexside
 *               dir[*other] is touched there only;
 *   VIA_EDGE    along the hexspine out of the vertex joining hexsides dir[*k] and dir[*other]
 *               (*other = *k + 1): the hex across dir[*k] is on the left, the one across
 *               dir[*other] on the right, and the hex entered is the left one's neighbour across
 *               dir[*other].
 * Between two vertices the side grows strictly, so vertex 0 past the line means vertex 1 is too.
 */
static inline LINE_INLINE line_via line_core_step(line_core *c, int *k, int *other)
{
    int64_t sa = c->side + c->side_v[0], sb = c->side + c->side_v[1];
    if (sa != 0 && sb != 0) {
        *k = (sa < 0) + (sb < 0);
        c->side += c->side_n[*k];
        return VIA_SIDE;
    }
    /* through vertex v, which joins hexsides dir[v] and dir[v + 1] */
    int v = sa == 0 ? 0 : 1;
    if (c->side_v[v] == 0) {
        /* Along a hexspine: centre, vertex, the hexside pointing straight out, vertex, the next
         * centre three vertex offsets on; the line stays on it, so `side` does not change. */
        *k = v;
        *other = v + 1;
        return VIA_EDGE;
    }
    /* Through a corner into the hex on the side D turns to from the outward direction of the
     * corner: no hexside crossed; the hex across the other hexside of the corner is touched
     * there only. */
    *k = c->side_v[v] > 0 ? v : v + 1;
    *other = *k == v ? v + 1 : v;
    c->side += c->side_n[*k];
    return VIA_CORNER;
}

/* R-LOS-1: starts a traversal from the centre of from (the first hex) to the centre of to. */
static inline void line_start(line_iter *it, lb_hex from, lb_hex to)
{
    it->x = 3 * ((int64_t)from.col - 1);
    it->y = 2 * ((int64_t)from.row - 1) + (from.col % 2 == 0);
    it->tx = 3 * ((int64_t)to.col - 1);
    it->ty = 2 * ((int64_t)to.row - 1) + (to.col % 2 == 0);
    line_core_start(&it->core, it->tx - it->x, it->ty - it->y);
}

/* Finds where the segment leaves the current hex, and the hex it enters (not at the end). */
static inline void line_advance(line_iter *it, line_move *mv)
{
    const int *dir = it->core.dir;
    int k, other = 0;
    mv->via = line_core_step(&it->core, &k, &other);
    mv->dir = dir[k];
    if (mv->via == VIA_EDGE) {
        /* the hex across dir[k] is on the left of travel, the one across dir[other] on the right */
        mv->a = hex_at(it->x + nbr_x[dir[k]], it->y + nbr_y[dir[k]]);
        mv->b = hex_at(it->x + nbr_x[dir[other]], it->y + nbr_y[dir[other]]);
        it->x += 3 * vert_x[dir[k]];
        it->y += 3 * vert_y[dir[k]];
    } else {
        if (mv->via == VIA_CORNER)
            mv->a = hex_at(it->x + nbr_x[dir[other]], it->y + nbr_y[dir[other]]);
        it->x += nbr_x[dir[k]];
        it->y += nbr_y[dir[k]];
    }
    mv->hex = hex_at(it->x, it->y);
}

/* Writes the next move into *mv and returns 1, or returns 0 once the centre of `to` is reached. */
static inline int line_next(line_iter *it, line_move *mv)
{
    if (it->x == it->tx && it->y == it->ty)
        return 0;
    line_advance(it, mv);
    return 1;
}

#endif
