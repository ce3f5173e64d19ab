/* Hex grid: labels, neighbours, clock directions and distance (R-GRID-1..4). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/hex.h"

static const char *const dir_names[LB_DIR_COUNT] = {"N", "NE", "SE", "S", "SW", "NW"};

static int is_even(int v)
{
    return (v & 1) == 0;
}

int lb_hex_eq(lb_hex a, lb_hex b)
{
    return a.col == b.col && a.row == b.row;
}

/* R-GRID-2: even columns sit half a hex lower */
lb_hex lb_hex_neighbor(lb_hex h, int dir)
{
    int low = is_even(h.col); /* 1 when this column is the lower one */
    switch (dir) {
    case LB_DIR_N: return (lb_hex){h.col, h.row - 1};
    case LB_DIR_S: return (lb_hex){h.col, h.row + 1};
    case LB_DIR_NE: return (lb_hex){h.col + 1, h.row - 1 + low};
    case LB_DIR_SE: return (lb_hex){h.col + 1, h.row + low};
    case LB_DIR_NW: return (lb_hex){h.col - 1, h.row - 1 + low};
    default: return (lb_hex){h.col - 1, h.row + low}; /* LB_DIR_SW */
    }
}

int lb_hex_dir_to(lb_hex a, lb_hex b)
{
    for (int d = 0; d < LB_DIR_COUNT; d++)
        if (lb_hex_eq(lb_hex_neighbor(a, d), b))
            return d;
    return -1;
}

int lb_hex_dir_opposite(int dir)
{
    return (dir + 3) % LB_DIR_COUNT;
}

/* R-GRID-3: hexsides are the even clock hours */
int lb_hex_dir_clock(int dir)
{
    return dir == LB_DIR_N ? 12 : 2 * dir;
}

int lb_hex_clock_dir(int clock)
{
    if (clock < 1 || clock > 12 || clock % 2)
        return -1;
    return clock == 12 ? LB_DIR_N : clock / 2;
}

int lb_hex_dir_parse(const char *name)
{
    for (int d = 0; d < LB_DIR_COUNT; d++)
        if (strcmp(name, dir_names[d]) == 0)
            return d;
    return -1;
}

const char *lb_hex_dir_name(int dir)
{
    return dir >= 0 && dir < LB_DIR_COUNT ? dir_names[dir] : "?";
}

/* Cube coordinates of the offset layout in which even (1-based) columns are pushed down. */
static void to_cube(lb_hex h, long *x, long *z)
{
    long q = h.col - 1;
    *x = q;
    *z = (h.row - 1) - (q - (q & 1)) / 2;
}

/* R-GRID-4 */
int lb_hex_distance(lb_hex a, lb_hex b)
{
    long ax, az, bx, bz;
    to_cube(a, &ax, &az);
    to_cube(b, &bx, &bz);
    long dx = labs(ax - bx), dz = labs(az - bz), dy = labs((ax + az) - (bx + bz));
    long d = dx > dz ? dx : dz;
    return (int)(d > dy ? d : dy);
}

void lb_hex_center(lb_hex h, int *x, int *y)
{
    *x = 3 * (h.col - 1);
    *y = 2 * (h.row - 1) + (is_even(h.col) ? 1 : 0);
}

static int digits(int v)
{
    int n = 1;
    while (v >= 10) {
        v /= 10;
        n++;
    }
    return n;
}

/* R-GRID-1: two digits each, more when the map needs them */
void lb_hex_label_digits(int cols, int rows, int *col_digits, int *row_digits)
{
    *col_digits = digits(cols) > 2 ? digits(cols) : 2;
    *row_digits = digits(rows) > 2 ? digits(rows) : 2;
}

int lb_hex_label_fmt(lb_hex h, int col_digits, int row_digits, char *buf, size_t n)
{
    int len;
    if (h.col < 0 || h.row < 0)
        len = snprintf(buf, n, "(%d,%d)", h.col, h.row);
    else
        len = snprintf(buf, n, "%0*d%0*d", col_digits, h.col, row_digits, h.row);
    return len >= 0 && (size_t)len < n ? len : -1;
}

int lb_hex_label_parse(const char *s, int col_digits, int row_digits, lb_hex *out)
{
    if (col_digits < 1 || row_digits < 1 || col_digits + row_digits > 2 * LB_HEX_LABEL_MAX)
        return -1;
    int col = 0, row = 0, i = 0;
    for (; s[i]; i++) {
        if (s[i] < '0' || s[i] > '9' || i >= col_digits + row_digits)
            return -1;
        if (i < col_digits)
            col = col * 10 + (s[i] - '0');
        else
            row = row * 10 + (s[i] - '0');
    }
    if (i != col_digits + row_digits)
        return -1;
    *out = (lb_hex){col, row};
    return 0;
}
