/* Hex grid: neighbours, clock directions, distance, centres and CCRR labels (R-GRID-1..4). */
#include "lb/core.h"
#include "hex_int.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const char *const dir_names[LB_DIR_COUNT] = {"N", "NE", "SE", "S", "SW", "NW"};

/* R-GRID-2: (dcol, drow) of each direction, for odd columns [0] and even columns [1]. */
static const int dir_steps[2][LB_DIR_COUNT][2] = {
    {{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 0}, {-1, -1}},
    {{0, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}},
};

/* Largest number of digits a label part may have and still parse into an int. */
enum { LABEL_PART_DIGITS_MAX = 9 };

static int is_dir(int dir)
{
    return dir >= 0 && dir < LB_DIR_COUNT;
}

static int column_is_even(int col)
{
    return col % 2 == 0;
}

static int decimal_digits(long long n)
{
    int digits = 1;

    while (n >= 10) {
        n /= 10;
        digits++;
    }
    return digits;
}

int lb_hex_eq(lb_hex a, lb_hex b)
{
    return a.col == b.col && a.row == b.row;
}

/* R-GRID-2; a bad direction leaves h where it is. */
lb_hex lb_hex_neighbor(lb_hex h, int dir)
{
    if (!is_dir(dir))
        return h;
    const int *step = dir_steps[column_is_even(h.col)][dir];
    lb_hex n = {h.col + step[0], h.row + step[1]};
    return n;
}

int lb_hex_dir_to(lb_hex a, lb_hex b)
{
    for (int dir = 0; dir < LB_DIR_COUNT; dir++)
        if (lb_hex_eq(lb_hex_neighbor(a, dir), b))
            return dir;
    return -1;
}

int lb_hex_dir_opposite(int dir)
{
    return is_dir(dir) ? (dir + 3) % LB_DIR_COUNT : -1;
}

/* R-GRID-3: hexsides are the even hours, N = 12. */
int lb_hex_dir_clock(int dir)
{
    if (!is_dir(dir))
        return -1;
    return dir == LB_DIR_N ? 12 : 2 * dir;
}

int lb_hex_clock_dir(int clock)
{
    if (clock == 12)
        return LB_DIR_N;
    if (clock >= 2 && clock <= 10 && clock % 2 == 0)
        return clock / 2;
    return -1;
}

int lb_hex_dir_parse(const char *name)
{
    if (name == NULL)
        return -1;
    for (int dir = 0; dir < LB_DIR_COUNT; dir++)
        if (strcmp(name, dir_names[dir]) == 0)
            return dir;
    return -1;
}

const char *lb_hex_dir_name(int dir)
{
    return is_dir(dir) ? dir_names[dir] : "?";
}

/* R-GRID-4: cube distance; with q = col - 1 the axial row is (y - q) / 2, y as in lb_hex_center. */
int lb_hex_distance(lb_hex a, lb_hex b)
{
    int64_t qa = (int64_t)a.col - 1, qb = (int64_t)b.col - 1;
    int64_t ya = 2 * ((int64_t)a.row - 1) + column_is_even(a.col);
    int64_t yb = 2 * ((int64_t)b.row - 1) + column_is_even(b.col);
    int64_t dq = qb - qa;
    int64_t dr = ((yb - qb) - (ya - qa)) / 2;
    int64_t ds = dq + dr;

    return (int)(((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2);
}

void lb_hex_center(lb_hex h, int *x, int *y)
{
    *x = 3 * (h.col - 1);
    *y = 2 * (h.row - 1) + column_is_even(h.col);
}

/* R-GRID-1: two digits, more when the largest number needs them. */
void lb_hex_label_digits(int cols, int rows, int *col_digits, int *row_digits)
{
    int c = decimal_digits(cols), r = decimal_digits(rows);

    *col_digits = c < 2 ? 2 : c;
    *row_digits = r < 2 ? 2 : r;
}

/* A hex off the map (a part below 1 or wider than its digits) has no label. */
int lb_hex_label_fmt(lb_hex h, int col_digits, int row_digits, char *buf, size_t n)
{
    if (h.col < 1 || h.row < 1 || decimal_digits(h.col) > col_digits ||
        decimal_digits(h.row) > row_digits)
        return -1;
    size_t len = (size_t)col_digits + (size_t)row_digits;
    if (len >= n) {
        snprintf(buf, n, "%0*d%0*d", col_digits, h.col, row_digits, h.row); /* cut, as before */
        return -1;
    }
    /* "%0*d%0*d" written by hand: labels are written by the ten thousand (a side's options) */
    for (int i = col_digits - 1, v = h.col; i >= 0; i--, v /= 10)
        buf[i] = (char)('0' + v % 10);
    for (int i = row_digits - 1, v = h.row; i >= 0; i--, v /= 10)
        buf[col_digits + i] = (char)('0' + v % 10);
    buf[len] = '\0';
    return (int)len;
}

static int parse_part(const char *s, int digits, int *out)
{
    int v = 0;

    for (int i = 0; i < digits; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = 10 * v + (s[i] - '0');
    }
    if (v < 1)
        return -1;
    *out = v;
    return 0;
}

/* Parts are 1-based (R-GRID-1), so an all-zero part is malformed. */
int lb_hex_label_parse(const char *s, int col_digits, int row_digits, lb_hex *out)
{
    lb_hex h;

    if (s == NULL || col_digits < 1 || row_digits < 1 || col_digits > LABEL_PART_DIGITS_MAX ||
        row_digits > LABEL_PART_DIGITS_MAX)
        return LB_INVALID;
    if (strlen(s) != (size_t)(col_digits + row_digits))
        return LB_INVALID;
    if (parse_part(s, col_digits, &h.col) != 0 || parse_part(s + col_digits, row_digits, &h.row) != 0)
        return LB_INVALID;
    *out = h;
    return LB_OK;
}
