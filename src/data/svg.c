/* SVG pictures of a map: hexes coloured by terrain, elevation shading, hexsides, labels, units. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb/core.h"
#include "lb/ask.h"
#include "text.h"
#include "state_int.h"

#define SIDE 24.0     /* hex side in pixels */
#define HALF_H 20.785 /* half the hex height: SIDE * sqrt(3) / 2 */
#define MARGIN 8.0

typedef struct out {
    lbi_text text;
    int failed;
} out;

__attribute__((format(printf, 2, 3))) static void put(out *o, const char *fmt, ...)
{
    if (o->failed)
        return;
    va_list ap;
    va_start(ap, fmt);
    o->failed = lbi_text_vput(&o->text, fmt, ap) != LB_OK;
    va_end(ap);
}

static void center(lb_hex h, double *x, double *y)
{
    *x = MARGIN + SIDE + 1.5 * SIDE * (h.col - 1);
    *y = MARGIN + HALF_H + 2 * HALF_H * (h.row - 1) + (h.col % 2 == 0 ? HALF_H : 0);
}

/* A fill colour from the terrain type's id, falling back on its LOS class. */
static const char *terrain_fill(const lb_terrain_type *t)
{
    static const struct {
        const char *word;
        const char *fill;
    } colours[] = {{"wood", "#7e9f5c"}, {"forest", "#6f8f50"}, {"village", "#b88a68"},
                   {"town", "#a8775a"},  {"hamlet", "#c39a78"}, {"city", "#9c6b50"},
                   {"swamp", "#93ab9c"}, {"marsh", "#93ab9c"},  {"river", "#6e9fd4"},
                   {"garden", "#a9c78b"}, {"road", "#ddd2ae"},  {"slope", "#d9c796"},
                   {"clear", "#ece7c9"}};
    for (size_t i = 0; i < sizeof colours / sizeof *colours; i++)
        if (strstr(t->id, colours[i].word))
            return colours[i].fill;
    return t->los == LB_LOS_DWELLING ? "#b88a68" : t->los == LB_LOS_BLOCKS ? "#7e9f5c" : "#ece7c9";
}

static const char *hexside_stroke(const lb_hexside_type *t, double *width)
{
    *width = 3;
    if (t->los == LB_LOS_BLOCKS)
        return "#3b3b3b";
    if (strstr(t->id, "stream") || strstr(t->id, "river"))
        return "#3f7fcf";
    if (strstr(t->id, "bridge") || strstr(t->id, "ford")) {
        *width = 5;
        return "#7a5a3a";
    }
    *width = 1.5;
    return "#8a6a3a";
}

/* Vertex k (0 = east, then clockwise every 60 degrees, y south) of a hex centred at (x, y). */
static void vertex(double x, double y, int k, double *vx, double *vy)
{
    static const double dx[6] = {1, 0.5, -0.5, -1, -0.5, 0.5};
    static const double dy[6] = {0, 1, 1, 0, -1, -1};
    *vx = x + dx[k] * SIDE;
    *vy = y + dy[k] * HALF_H;
}

/* The two vertices bounding hexside dir (N, NE, SE, S, SW, NW). */
static const int side_vertices[6][2] = {{4, 5}, {5, 0}, {0, 1}, {1, 2}, {2, 3}, {3, 4}};

char *lb_svg_map(const lb_state *st, const unsigned char *marks)
{
    const lb_map *m = &st->map;
    out o = {0};
    double w = 2 * MARGIN + SIDE * (1.5 * m->cols + 0.5), h = 2 * MARGIN + HALF_H * (2 * m->rows + 1);
    put(&o, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\">\n", w, h, w, h);
    put(&o, "<rect width=\"100%%\" height=\"100%%\" fill=\"#f7f5ee\"/>\n");
    for (int c = 0; c < m->cols * m->rows; c++) {
        lb_hex hx = lb_map_hex(m, c);
        const lb_terrain_type *t = &st->charts.terrain[m->terrain[c]];
        double x, y;
        center(hx, &x, &y);
        put(&o, "<polygon class=\"hex\" data-hex=\"");
        char label[LB_HEX_LABEL_MAX];
        put(&o, "%s\" data-terrain=\"%s\" fill=\"%s\" stroke=\"#9a957f\" stroke-width=\"0.6\" points=\"",
            lb_map_label(m, hx, label), t->id, terrain_fill(t));
        for (int k = 0; k < 6; k++) {
            double vx, vy;
            vertex(x, y, k, &vx, &vy);
            put(&o, "%.1f,%.1f ", vx, vy);
        }
        put(&o, "\"/>\n");
        if (m->elevation[c])
            put(&o, "<polygon fill=\"#5a3d1e\" fill-opacity=\"%.2f\" points=\"%.1f,%.1f %.1f,%.1f "
                    "%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\"/>\n",
                0.08 * m->elevation[c], x + SIDE, y, x + SIDE / 2, y + HALF_H, x - SIDE / 2,
                y + HALF_H, x - SIDE, y, x - SIDE / 2, y - HALF_H, x + SIDE / 2, y - HALF_H);
        put(&o, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"6\" text-anchor=\"middle\" "
                "fill=\"#6b6655\">%s</text>\n", x, y - HALF_H + 7, label);
        if (marks && marks[c])
            put(&o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"#d03030\" "
                    "stroke-width=\"2\"/>\n", x, y, HALF_H - 3);
    }
    for (int c = 0; c < m->cols * m->rows; c++) {
        lb_hex hx = lb_map_hex(m, c);
        double x, y;
        center(hx, &x, &y);
        for (int d = 0; d < LB_DIR_COUNT; d++) {
            int t = lb_map_hexside(m, hx, d);
            lb_hex other = lb_hex_neighbor(hx, d);
            if (t < 0 || (lb_map_contains(m, other) && lb_map_cell(m, other) < c))
                continue;
            double x1, y1, x2, y2, width;
            vertex(x, y, side_vertices[d][0], &x1, &y1);
            vertex(x, y, side_vertices[d][1], &x2, &y2);
            const char *stroke = hexside_stroke(&st->charts.hexsides[t], &width);
            put(&o, "<line data-hexside=\"%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                    "stroke=\"%s\" stroke-width=\"%.1f\" stroke-linecap=\"round\"/>\n",
                st->charts.hexsides[t].id, x1, y1, x2, y2, stroke, width);
        }
    }
    static const char *const side_fill[2] = {"#2f4f9f", "#f2f2f2"};
    static const char *const side_text[2] = {"#ffffff", "#202020"};
    for (int i = 0; i < st->nunits; i++) {
        const lb_unit *u = &st->units[i];
        for (int k = 0; k < u->nhexes; k++) {
            const int *idx;
            int n = lb_state_units_at(st, u->hexes[k], &idx), depth = 0;
            while (depth < n && idx[depth] != i)
                depth++;
            double x, y;
            center(u->hexes[k], &x, &y);
            x += 3 * depth;
            y += 3 * depth;
            if (u->arm == LB_ARM_LEADER) {
                put(&o, "<circle data-unit=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"%s\" "
                        "stroke=\"#000\" stroke-width=\"0.8\"/>\n", u->id, x + 9, y - 7,
                    side_fill[u->side]);
                continue;
            }
            const char *dash = u->state == LB_STATE_ROUTED       ? " stroke-dasharray=\"2,2\""
                               : u->state == LB_STATE_DISORDERED ? " stroke-dasharray=\"4,1\""
                                                                 : "";
            put(&o, "<g data-unit=\"%s\"><rect x=\"%.1f\" y=\"%.1f\" width=\"26\" height=\"16\" "
                    "fill=\"%s\" stroke=\"#000\" stroke-width=\"1\"%s/>"
                    "<text x=\"%.1f\" y=\"%.1f\" font-size=\"7\" text-anchor=\"middle\" "
                    "fill=\"%s\">%c %d</text></g>\n",
                u->id, x - 13, y - 6, side_fill[u->side], dash, x, y + 4, side_text[u->side],
                u->arm == LB_ARM_INFANTRY ? 'I' : u->arm == LB_ARM_CAVALRY ? 'C' : 'A',
                lb_unit_strength(u));
        }
    }
    put(&o, "</svg>\n");
    if (o.failed) {
        lbi_text_release(&o.text);
        return NULL;
    }
    return o.text.buf;
}
