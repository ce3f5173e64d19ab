/* Hex grid: coordinates, labels, neighbours, clock directions, distance, exact line traversal. */
#ifndef LB_HEX_H
#define LB_HEX_H

#include <stddef.h>

#include "err.h"

/*
 * A hex is (col, row), 1-based, flat-topped hexes in vertical columns; even columns sit half a
 * hex lower than odd ones (R-GRID-2). Coordinates outside a map are legal values (a sight line
 * may pass off the map), so both fields may be zero or negative.
 *
 * Directions are hexside indices 0..5 in clock order N, NE, SE, S, SW, NW, i.e. clock hours
 * 12, 2, 4, 6, 8, 10 (R-GRID-3). Odd clock hours are vertices.
 *
 * Exact geometry (R-LOS-1): in units of half a side horizontally and half a hex height
 * vertically, the centre of (c, r) is x = 3(c-1), y = 2(r-1) + (c even ? 1 : 0), y growing
 * south, and the hexagon is |y| <= 1, |x| + |y| <= 2 around its centre. Every centre and
 * vertex has integer coordinates.
 */

typedef struct lb_hex {
    int col;
    int row;
} lb_hex;

enum { LB_DIR_N, LB_DIR_NE, LB_DIR_SE, LB_DIR_S, LB_DIR_SW, LB_DIR_NW, LB_DIR_COUNT };

/* Buffer size for a label and its NUL: up to 5 + 5 digits, a map side up to 99999 hexes. */
#define LB_HEX_LABEL_MAX 12

/* True when a and b are the same hex. */
int lb_hex_eq(lb_hex a, lb_hex b);
/* The neighbour of h across hexside dir (R-GRID-2). */
lb_hex lb_hex_neighbor(lb_hex h, int dir);
/* The direction from a to its neighbour b, or -1 when b is not adjacent to a. */
int lb_hex_dir_to(lb_hex a, lb_hex b);
/* Centre of h in the integer half-unit coordinates described above. */
void lb_hex_center(lb_hex h, int *x, int *y);


/*
 * Exact line traversal (R-LOS-1) of the segment from the centre of `from` to the centre of `to`.
 * Steps come in order from `from` to `to`:
 *   LB_LINE_HEX    the segment crosses the interior of hex a (the first step is `from`, the last
 *                  `to`; when from == to it is the only step);
 *   LB_LINE_CROSS  the segment crosses the hexside between a and b at a point inside the edge,
 *                  passing from a into b;
 *   LB_LINE_ALONG  the segment runs along the hexside shared by a and b (a and b are both
 *                  "intervening together", R-LOS-4); a is the hex on the left of the direction
 *                  of travel as seen on the map, north up (travelling east, a is the northern
 *                  hex), b the one on the right.
 * A hex touched only at a corner produces no step, and passing exactly through a vertex crosses
 * no hexside. Integer arithmetic only, exact while |col| and |row| stay below 2^28.
 */
typedef enum lb_line_kind { LB_LINE_HEX, LB_LINE_CROSS, LB_LINE_ALONG } lb_line_kind;

typedef struct lb_line_step {
    lb_line_kind kind;
    lb_hex a;
    lb_hex b; /* unused for LB_LINE_HEX */
} lb_line_step;

/* An upper bound on the steps of a line between hexes `distance` apart. */
#define LB_HEX_LINE_MAX_STEPS(distance) (4 * (distance) + 4)


#endif
