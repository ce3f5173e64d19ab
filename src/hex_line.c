/* Exact hex line traversal (R-LOS-1): walks the segment between two centres hex by hex. */
#include "lb/hex.h"

#include <stdint.h>

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

static void push(lb_line_iter *it, lb_line_kind kind, lb_hex a, lb_hex b)
{
    lb_line_step *st = &it->queue[it->nqueue++];
    st->kind = kind;
    st->a = a;
    st->b = b;
}

/* The hex centred at (x, y): the inverse of lb_hex_center. */
static lb_hex hex_at(int64_t x, int64_t y)
{
    int64_t col = x / 3 + 1;
    lb_hex h = {(int)col, (int)((y - (col % 2 == 0)) / 2 + 1)};
    return h;
}

/* R-LOS-1 */
void lb_hex_line_start(lb_line_iter *it, lb_hex from, lb_hex to)
{
    it->x = 3 * ((int64_t)from.col - 1);
    it->y = 2 * ((int64_t)from.row - 1) + (from.col % 2 == 0);
    it->tx = 3 * ((int64_t)to.col - 1);
    it->ty = 2 * ((int64_t)to.row - 1) + (to.col % 2 == 0);
    it->side = 0;
    it->cur = from;
    it->head = 0;
    it->nqueue = 0;
    push(it, LB_LINE_HEX, from, from);
    if (it->x == it->tx && it->y == it->ty)
        return;
    int64_t dx = it->tx - it->x, dy = it->ty - it->y;

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

/* Finds where the segment leaves the current hex and queues the steps up to the next hex. */
static void advance(lb_line_iter *it)
{
    int d0 = it->d0, d1 = (d0 + 1) % 6, d2 = (d0 + 2) % 6;
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

    if (vertex >= 0 && it->side_v[vertex] == 0) {
        /* Along a hexspine: centre, vertex, the hexside pointing straight out, vertex, the
         * next centre three vertex offsets on. The hex across hexside `vertex` is on the
         * left of travel, the one across hexside `vertex` + 1 on the right. */
        int right = (vertex + 1) % 6;
        push(it, LB_LINE_ALONG, hex_at(it->x + nbr_x[vertex], it->y + nbr_y[vertex]),
             hex_at(it->x + nbr_x[right], it->y + nbr_y[right]));
        it->x += 3 * vert_x[vertex];
        it->y += 3 * vert_y[vertex];
        it->cur = hex_at(it->x, it->y);
        push(it, LB_LINE_HEX, it->cur, it->cur);
        return;
    }
    if (vertex >= 0) {
        /* Through a corner into the hex on the side D turns to from the outward direction
         * of the corner: no hexside crossed. */
        int d = it->side_v[vertex] > 0 ? vertex : (vertex + 1) % 6;
        it->x += nbr_x[d];
        it->y += nbr_y[d];
        it->side += it->side_n[d];
        it->cur = hex_at(it->x, it->y);
        push(it, LB_LINE_HEX, it->cur, it->cur);
        return;
    }
    lb_hex next = hex_at(it->x + nbr_x[edge], it->y + nbr_y[edge]);
    push(it, LB_LINE_CROSS, it->cur, next);
    it->x += nbr_x[edge];
    it->y += nbr_y[edge];
    it->side += it->side_n[edge];
    it->cur = next;
    push(it, LB_LINE_HEX, it->cur, it->cur);
}

int lb_hex_line_next(lb_line_iter *it, lb_line_step *step)
{
    if (it->head == it->nqueue) {
        if (it->x == it->tx && it->y == it->ty)
            return 0;
        it->head = it->nqueue = 0;
        advance(it);
    }
    *step = it->queue[it->head++];
    return 1;
}

int lb_hex_line(lb_hex from, lb_hex to, lb_line_step *out, int max)
{
    lb_line_iter it;
    int n = 0;
    lb_hex_line_start(&it, from, to);
    for (;;) {
        for (int k = 0; k < it.nqueue; k++, n++)
            if (n < max)
                out[n] = it.queue[k];
        if (it.x == it.tx && it.y == it.ty)
            return n;
        it.nqueue = 0;
        advance(&it);
    }
}
