/* Private to the library: the hex functions its files share, not offered by the API. */
#ifndef LB_HEX_INT_H
#define LB_HEX_INT_H

#include "lb/core.h"
#include "lbi.h"

/* The direction opposite dir. */
LBI int lb_hex_dir_opposite(int dir);

/* Clock hour (12, 2, 4, 6, 8, 10) of a hexside direction. */
LBI int lb_hex_dir_clock(int dir);

/* Hexside direction of an even clock hour, or -1 for an odd hour (a vertex) or a bad value. */
LBI int lb_hex_clock_dir(int clock);

/* Direction index from a hexside name "N", "NE", "SE", "S", "SW", "NW"; -1 when unknown. */
LBI int lb_hex_dir_parse(const char *name);

/* Digits of each label part for a map of cols x rows: at least 2, more past 99 (R-GRID-1). */
LBI void lb_hex_label_digits(int cols, int rows, int *col_digits, int *row_digits);

/* Writes the CCRR label of h (R-GRID-1); returns the length, or -1 if it does not fit in n. */
LBI int lb_hex_label_fmt(lb_hex h, int col_digits, int row_digits, char *buf, size_t n);

/* Parses a label of exactly col_digits + row_digits digits: LB_OK, or LB_INVALID when malformed. */
LBI int lb_hex_label_parse(const char *s, int col_digits, int row_digits, lb_hex *out);

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

/* Traverses the line; writes at most max steps and returns how many there are in all. */
LBI int lb_hex_line(lb_hex from, lb_hex to, lb_line_step *out, int max);

/* Hex distance (R-GRID-4): the length of the shortest chain of neighbours. */
LBI int lb_hex_distance(lb_hex a, lb_hex b);

/* Hexside name of a direction ("N" … "NW"). */
LBI const char *lb_hex_dir_name(int dir);

/* The library's own, not offered by the API (declared in include/lb/core.h before). */

/* True when a and b are the same hex. */
LBI int lb_hex_eq(lb_hex a, lb_hex b);

#endif
