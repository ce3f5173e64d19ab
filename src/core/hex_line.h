/* Exact hex line traversal, hex by hex (library-internal): the iterator behind lb_hex_line. */
#ifndef LB_HEX_LINE_H
#define LB_HEX_LINE_H

#include <stdint.h>

#include "lb/hex.h"

/*
 * For callers that stop early (a sight line ends at its first blocker): line_start, then
 * line_next until it returns 0. Inline, because a visibility map walks thousands of lines. Each
 * move says how the segment got from the hex before into the next one:
 *   VIA_SIDE    across the hexside between them, at a point inside the edge;
 *   VIA_CORNER  through the corner they share with hex `a`, which is touched only there;
 *   VIA_EDGE    through a corner, along the whole edge between `a` (on the left of travel, as
 *               LB_LINE_ALONG) and `b`, and through the corner at its far end.
 * The iterator is a plain value; it holds no memory.
 */
typedef enum line_via { VIA_SIDE, VIA_CORNER, VIA_EDGE } line_via;

typedef struct line_move {
    line_via via;
    lb_hex hex; /* the hex entered */
    lb_hex a;   /* VIA_CORNER: the hex touched at the corner; VIA_EDGE: the left hex */
    lb_hex b;   /* VIA_EDGE: the right hex */
    int dir;    /* VIA_SIDE, VIA_CORNER: the hexside of the hex before between it and `hex` */
} line_move;

typedef struct line_iter {
    int64_t x, y, tx, ty; /* current centre and the end, in lb_hex_center units */
    int64_t side;         /* side of the line the current centre lies on (scaled) */
    int64_t side_v[LB_DIR_COUNT];
    int64_t side_n[LB_DIR_COUNT];
    int d0;               /* first forward-facing hexside */
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
/* Outward normal of hexside d: the hexagon is normal . p <= 1 (N, S) or 2 (the others). */
static const int norm_x[LB_DIR_COUNT] = {0, 1, 1, 0, -1, -1};
static const int norm_y[LB_DIR_COUNT] = {-1, -1, 1, 1, 1, -1};

/* The hex centred at (x, y): the inverse of lb_hex_center. */
static inline lb_hex hex_at(int64_t x, int64_t y)
{
    int64_t col = x / 3 + 1;
    lb_hex h = {(int)col, (int)((y - (col % 2 == 0)) / 2 + 1)};
    return h;
}

/* R-LOS-1: starts a traversal from the centre of from (the first hex) to the centre of to. */
static inline void line_start(line_iter *it, lb_hex from, lb_hex to)
{
    it->x = 3 * ((int64_t)from.col - 1);
    it->y = 2 * ((int64_t)from.row - 1) + (from.col % 2 == 0);
    it->tx = 3 * ((int64_t)to.col - 1);
    it->ty = 2 * ((int64_t)to.row - 1) + (to.col % 2 == 0);
    it->side = 0;
    it->d0 = 0;
    int64_t dx = it->tx - it->x, dy = it->ty - it->y;
    if (dx == 0 && dy == 0)
        return;

    /*
     * side_v[k] = cross(D, vertex k - centre): the side of the line a vertex lies on, less the
     * side of the current centre, which is tracked in `side` (< 0 is left of travel, i.e. north
     * of an eastward line on the map). side_n[d] is how `side` changes across hexside d.
     */
    for (int k = 0; k < LB_DIR_COUNT; k++) {
        it->side_v[k] = dx * vert_y[k] - dy * vert_x[k];
        it->side_n[k] = dx * nbr_y[k] - dy * nbr_x[k];
    }

    /*
     * The segment can only leave a hex through the hexsides facing forwards: the run of (at most
     * three) consecutive hexsides d0, d0 + 1, d0 + 2 whose outward normal has a positive dot
     * product with D, starting at d0. Along that chain the side of the vertices grows from < 0 to
     * > 0, so two vertices decide the exit: vertex d0 and vertex d0 + 1.
     */
    int d0 = 0;
    while (!(norm_x[(d0 + 5) % 6] * dx + norm_y[(d0 + 5) % 6] * dy <= 0 &&
             norm_x[d0] * dx + norm_y[d0] * dy > 0))
        d0++;
    it->d0 = d0;
}

/* Finds where the segment leaves the current hex, and the hex it enters (not at the end). */
static inline void line_advance(line_iter *it, line_move *mv)
{
    int d0 = it->d0, d1 = d0 == 5 ? 0 : d0 + 1, d2 = d1 == 5 ? 0 : d1 + 1;
    int edge = -1, vertex = -1;
    int64_t sa = it->side + it->side_v[d0];
    if (sa > 0) {
        edge = d0;
    } else if (sa == 0) {
        vertex = d0;
    } else {
        int64_t sb = it->side + it->side_v[d1];
        if (sb > 0)
            edge = d1;
        else if (sb == 0)
            vertex = d1;
        else
            edge = d2;
    }

    if (vertex >= 0) {
        /* vertex k joins hexsides k and k + 1 */
        int right = vertex == 5 ? 0 : vertex + 1;
        if (it->side_v[vertex] == 0) {
            /* Along a hexspine: centre, vertex, the hexside pointing straight out, vertex, the
             * next centre three vertex offsets on. The hex across hexside `vertex` is on the
             * left of travel, the one across hexside `vertex` + 1 on the right. */
            mv->via = VIA_EDGE;
            mv->a = hex_at(it->x + nbr_x[vertex], it->y + nbr_y[vertex]);
            mv->b = hex_at(it->x + nbr_x[right], it->y + nbr_y[right]);
            it->x += 3 * vert_x[vertex];
            it->y += 3 * vert_y[vertex];
            mv->hex = hex_at(it->x, it->y);
            return;
        }
        /* Through a corner into the hex on the side D turns to from the outward direction of
         * the corner: no hexside crossed; the hex across the other hexside of the corner is
         * touched there only. */
        int d = it->side_v[vertex] > 0 ? vertex : right;
        int other = d == vertex ? right : vertex;
        mv->via = VIA_CORNER;
        mv->dir = d;
        mv->a = hex_at(it->x + nbr_x[other], it->y + nbr_y[other]);
        edge = d;
    } else {
        mv->via = VIA_SIDE;
        mv->dir = edge;
    }
    it->x += nbr_x[edge];
    it->y += nbr_y[edge];
    it->side += it->side_n[edge];
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
