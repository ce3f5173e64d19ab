/* The map: cells, terrain, elevation and hexside features. */
#include <stdio.h>
#include <string.h>

#include "lb/map.h"

int lb_map_contains(const lb_map *m, lb_hex h)
{
    return h.col >= 1 && h.col <= m->cols && h.row >= 1 && h.row <= m->rows;
}

int lb_map_cell(const lb_map *m, lb_hex h)
{
    return (h.row - 1) * m->cols + (h.col - 1);
}

lb_hex lb_map_hex(const lb_map *m, int cell)
{
    return (lb_hex){cell % m->cols + 1, cell / m->cols + 1};
}

int lb_map_hexside(const lb_map *m, lb_hex h, int dir)
{
    if (!lb_map_contains(m, h))
        return -1;
    return (int)m->sides[6 * lb_map_cell(m, h) + dir] - 1;
}

char *lb_map_label(const lb_map *m, lb_hex h, char *buf)
{
    /* off the map (a sight line may pass there): "(col,row)" */
    if (lb_hex_label_fmt(h, m->col_digits, m->row_digits, buf, LB_HEX_LABEL_MAX) < 0)
        snprintf(buf, LB_HEX_LABEL_MAX, "(%d,%d)", h.col, h.row);
    return buf;
}

int lb_map_parse_label(const lb_map *m, const char *s, lb_hex *out)
{
    return lb_hex_label_parse(s, m->col_digits, m->row_digits, out);
}

int lb_map_parse_labels(const lb_map *m, const char *list, lb_hex *out, int max, int *bad)
{
    int n = 0;
    for (const char *p = list; *p; n++) {
        size_t len = strcspn(p, ",");
        char label[LB_HEX_LABEL_MAX];
        int fits = len > 0 && len < sizeof label;
        if (fits)
            snprintf(label, sizeof label, "%.*s", (int)len, p);
        if (n == max || !fits || lb_map_parse_label(m, label, &out[n]) != 0 ||
            !lb_map_contains(m, out[n])) {
            if (bad)
                *bad = n;
            return -1;
        }
        p += len;
        if (*p == ',' && *++p == '\0') {
            if (bad)
                *bad = n + 1; /* a trailing comma: an empty entry */
            return -1;
        }
    }
    return n;
}
