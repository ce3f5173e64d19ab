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

struct sink {
    lb_line_step *out;
    int max;
    int n;
};

static void put(struct sink *s, lb_line_kind kind, lb_hex a, lb_hex b)
{
    if (s->n < s->max) {
        s->out[s->n].kind = kind;
        s->out[s->n].a = a;
        s->out[s->n].b = b;
    }
    s->n++;
}

/* The hex centred at (x, y): the inverse of lb_hex_center. */
static lb_hex hex_at(int64_t x, int64_t y)
{
    int64_t col = x / 3 + 1;
    lb_hex h = {(int)col, (int)((y - (col % 2 == 0)) / 2 + 1)};
    return h;
}

/* R-LOS-1 */
int lb_hex_line(lb_hex from, lb_hex to, lb_line_step *out, int max)
{
    struct sink s = {out, max, 0};

    put(&s, LB_LINE_HEX, from, from);
    if (from.col == to.col && from.row == to.row)
        return s.n;

    int64_t x = 3 * ((int64_t)from.col - 1);
    int64_t y = 2 * ((int64_t)from.row - 1) + (from.col % 2 == 0);
    int64_t tx = 3 * ((int64_t)to.col - 1);
    int64_t ty = 2 * ((int64_t)to.row - 1) + (to.col % 2 == 0);
    int64_t dx = tx - x, dy = ty - y;

    /*
     * side_v[k] = cross(D, vertex k - centre): the side of the line a vertex lies on, less the
     * side of the current centre, which is tracked in `side` (< 0 is left of travel, i.e. north
     * of an eastward line on the map). side_n[d] is how `side` changes across hexside d.
     */
    int64_t side_v[LB_DIR_COUNT], side_n[LB_DIR_COUNT];
    for (int k = 0; k < LB_DIR_COUNT; k++) {
        side_v[k] = dx * vert_y[k] - dy * vert_x[k];
        side_n[k] = dx * nbr_y[k] - dy * nbr_x[k];
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
    int d1 = (d0 + 1) % 6, d2 = (d0 + 2) % 6;
    int64_t side = 0;
    lb_hex cur = from;
    while (x != tx || y != ty) {
        int edge = -1, vertex = -1;
        int64_t sa = side + side_v[d0];
        if (sa > 0) {
            edge = d0;
        } else if (sa == 0) {
            vertex = d0;
        } else {
            int64_t sb = side + side_v[d1];
            if (sb > 0)
                edge = d1;
            else if (sb == 0)
                vertex = d1;
            else
                edge = d2;
        }

        if (vertex >= 0 && side_v[vertex] == 0) {
            /* Along a hexspine: centre, vertex, the hexside pointing straight out, vertex, the
             * next centre three vertex offsets on. The hex across hexside `vertex` is on the
             * left of travel, the one across hexside `vertex` + 1 on the right. */
            int right = (vertex + 1) % 6;
            put(&s, LB_LINE_ALONG, hex_at(x + nbr_x[vertex], y + nbr_y[vertex]),
                hex_at(x + nbr_x[right], y + nbr_y[right]));
            x += 3 * vert_x[vertex];
            y += 3 * vert_y[vertex];
            cur = hex_at(x, y);
            put(&s, LB_LINE_HEX, cur, cur);
            continue;
        }
        if (vertex >= 0) {
            /* Through a corner into the hex on the side D turns to from the outward direction
             * of the corner: no hexside crossed. */
            int d = side_v[vertex] > 0 ? vertex : (vertex + 1) % 6;
            x += nbr_x[d];
            y += nbr_y[d];
            side += side_n[d];
            cur = hex_at(x, y);
            put(&s, LB_LINE_HEX, cur, cur);
            continue;
        }
        lb_hex next = hex_at(x + nbr_x[edge], y + nbr_y[edge]);
        put(&s, LB_LINE_CROSS, cur, next);
        x += nbr_x[edge];
        y += nbr_y[edge];
        side += side_n[edge];
        cur = next;
        put(&s, LB_LINE_HEX, cur, cur);
    }
    return s.n;
}
