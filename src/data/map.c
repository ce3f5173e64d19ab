/* The map: cells, terrain, elevation and hexside features. */
#include <stdio.h>
#include <string.h>

#include "lb/core.h"
#include "state_types.h"
#include "hex_int.h"

int lb_map_contains(const lb_map *m, lb_hex h)
{
    return h.col >= 1 && h.col <= m->cols && h.row >= 1 && h.row <= m->rows;
}

void lb_map_size(const lb_map *m, int *cols, int *rows)
{
    *cols = m->cols;
    *rows = m->rows;
}

int lb_map_hex_info(const lb_map *m, lb_hex h, lb_hex_info *out)
{
    if (!lb_map_contains(m, h))
        return LB_NOT_FOUND;
    int c = lb_map_cell(m, h);
    *out = (lb_hex_info){.terrain = m->terrain[c], .elevation = m->elevation[c]};
    return LB_OK;
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

/* The candidates of one tier of lb_map_suggest_label: the hex when exactly one is on the map. */
typedef struct suggestion {
    const lb_map *m;
    lb_hex hex;
    int count; /* distinct hexes of the map among the candidates */
} suggestion;

static void consider(suggestion *g, const char *label)
{
    lb_hex h;
    if (lb_map_parse_label(g->m, label, &h) != 0 || !lb_map_contains(g->m, h))
        return;
    if (g->count == 0 || !lb_hex_eq(g->hex, h))
        g->count++;
    g->hex = h;
}

int lb_map_suggest_label(const lb_map *m, const char *s, lb_hex *out)
{
    char digits[LB_HEX_LABEL_MAX + 2], cand[LB_HEX_LABEL_MAX + 4];
    size_t n = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9')
            continue;
        if (n + 1 >= sizeof digits)
            return LB_NOT_FOUND; /* far too long to be a slip */
        digits[n++] = *p;
    }
    digits[n] = '\0';
    if (n == 0)
        return LB_NOT_FOUND;
    int want = m->col_digits + m->row_digits;
    suggestion tiers[4] = {{m, {0, 0}, 0}, {m, {0, 0}, 0}, {m, {0, 0}, 0}, {m, {0, 0}, 0}};
    /* 1: separators or letters left out */
    if (strcmp(digits, s) != 0)
        consider(&tiers[0], digits);
    /* 2: a leading zero missing from the column or the row part */
    for (int at = 0; at <= (int)n && (int)n + 1 == want; at++) {
        if (at != 0 && at != m->col_digits)
            continue;
        snprintf(cand, sizeof cand, "%.*s0%s", at, digits, digits + at);
        consider(&tiers[1], cand);
    }
    /* 3: two neighbouring digits swapped */
    for (size_t i = 0; i + 1 < n; i++) {
        snprintf(cand, sizeof cand, "%s", digits);
        cand[i] = digits[i + 1];
        cand[i + 1] = digits[i];
        consider(&tiers[2], cand);
    }
    /* 4: one digit left out, added or changed */
    for (size_t i = 0; i <= n; i++) {
        if (i < n) {
            snprintf(cand, sizeof cand, "%.*s%s", (int)i, digits, digits + i + 1);
            consider(&tiers[3], cand);
        }
        for (char d = '0'; d <= '9'; d++) {
            snprintf(cand, sizeof cand, "%.*s%c%s", (int)i, digits, d, digits + i);
            consider(&tiers[3], cand);
            if (i < n && d != digits[i]) {
                snprintf(cand, sizeof cand, "%s", digits);
                cand[i] = d;
                consider(&tiers[3], cand);
            }
        }
    }
    for (int t = 0; t < 4; t++)
        if (tiers[t].count) {
            if (tiers[t].count > 1)
                return LB_NOT_FOUND;
            *out = tiers[t].hex;
            return LB_OK;
        }
    return LB_NOT_FOUND;
}
