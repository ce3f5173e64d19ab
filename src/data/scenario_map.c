/* The scenario's map: size, legend, terrain and elevation rows, hexside features. */
#include <stdio.h>
#include <string.h>

#include "scenario_int.h"
#include "state_int.h"
#include "hex_int.h"
#include "charts_int.h"

#define FOUND(v) lbi_cj_found((v), fbuf, sizeof fbuf)

/* Legend entries: a terrain type index, or one of these. */
enum { LEGEND_NONE = -1, LEGEND_REPORTED = -2 };

typedef struct legend {
    int terrain[128];  /* by ASCII character */
    char keys[400];    /* "., W, V, S" for messages */
    int usable;        /* map.legend is an object */
} legend;

/* Counts UTF-8 code points. */
static int utf8_len(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* The legend: character -> terrain type. A key whose terrain type is reported here is marked, so
 * that the map's cells that use it are not reported again (11.5). */
static void load_legend(loader *L, const json_t *map, legend *lg)
{
    char fbuf[80];
    for (int i = 0; i < 128; i++)
        lg->terrain[i] = LEGEND_NONE;
    lg->keys[0] = '\0';
    lg->usable = 0;
    json_t *obj = json_object_get(map, "legend");
    if (!json_is_object(obj)) {
        lbi_scn_problem(L, "/map/legend",
                        "expected an object from map characters to terrain types, "
                        "found %s",
                        FOUND(obj));
        return;
    }
    lg->usable = 1;
    const lb_charts *c = &L->st->charts;
    const char *key;
    json_t *v;
    size_t used = 0;
    json_object_foreach(obj, key, v) {
        char p[CJ_PATH];
        lbi_cj_path_key(p, "/map/legend", key);
        if (strlen(key) != 1 || (unsigned char)key[0] < 0x21 || (unsigned char)key[0] > 0x7E) {
            char shown[40];
            lbi_scn_problem(L, p, "expected a key of one printable ASCII character, found %s",
                            lb_err_quote(key, shown, sizeof shown));
            continue;
        }
        if (used + 3 < sizeof lg->keys)
            used += (size_t)snprintf(lg->keys + used, sizeof lg->keys - used, "%s%c",
                                     used ? ", " : "", key[0]);
        int t = json_is_string(v) ? lb_charts_terrain(c, json_string_value(v)) : -1;
        if (t < 0) {
            const char *ids[SCN_NAMES_SHOWN + 1];
            int n = 0;
            for (int i = 0; i < c->nterrain && n <= SCN_NAMES_SHOWN; i++)
                ids[n++] = c->terrain[i].id;
            char list[400];
            lbi_cj_join(list, sizeof list, ids, n, SCN_NAMES_SHOWN);
            lbi_scn_problem(L, p, "expected a terrain type of the charts (%s), found %s",
                            c->nterrain ? list : "none defined", FOUND(v));
            lg->terrain[(int)key[0]] = LEGEND_REPORTED;
            continue;
        }
        lg->terrain[(int)key[0]] = t;
        if (L->st->map.symbols[t] == '?')
            L->st->map.symbols[t] = key[0];
    }
}

/* One map character (its UTF-8 bytes) quoted for a message. */
static const char *quote_char(const char *s, int bytes, char *buf, size_t n)
{
    char one[8];
    snprintf(one, sizeof one, "%.*s", bytes, s);
    return lb_err_quote(one, buf, n);
}

/* The rows of "terrain" (lg given) or "elevation" (lg NULL): one string per row, one character
 * per column. */
static void load_grid(loader *L, const json_t *map, const char *key, const legend *lg)
{
    char fbuf[80], base[CJ_PATH];
    lb_map *m = &L->st->map;
    lbi_cj_path_key(base, "/map", key);
    json_t *rows = json_object_get(map, key);
    if (!rows && !lg)
        return;
    if (!json_is_array(rows)) {
        lbi_scn_problem(L, base, "expected a list of %d strings, one per row, found %s", m->rows,
                        FOUND(rows));
        return;
    }
    if ((int)json_array_size(rows) != m->rows) {
        lbi_scn_problem(L, base, "expected %d rows, found %zu", m->rows, json_array_size(rows));
        return;
    }
    size_t r;
    json_t *row;
    json_array_foreach(rows, r, row) {
        char p[CJ_PATH];
        lbi_cj_path_index(p, base, r);
        if (!json_is_string(row)) {
            lbi_scn_problem(L, p, "expected a string of %d characters, found %s", m->cols,
                            FOUND(row));
            continue;
        }
        const char *s = json_string_value(row);
        int len = utf8_len(s);
        if (len != m->cols) {
            lbi_scn_problem(L, p, "expected a row of %d characters, found %d", m->cols, len);
            continue;
        }
        for (int col = 0, k = 0; col < m->cols; col++, k++) {
            unsigned char ch = (unsigned char)s[k];
            int cell = (int)r * m->cols + col;
            int bytes = 1;
            while (((unsigned char)s[k + bytes] & 0xC0) == 0x80)
                bytes++;
            int t = !lg ? LEGEND_NONE : ch < 128 ? lg->terrain[ch] : LEGEND_NONE;
            if (!lg && ch >= '0' && ch <= '9')
                m->elevation[cell] = (int8_t)(ch - '0');
            else if (t >= 0)
                m->terrain[cell] = (uint8_t)t;
            else if (t == LEGEND_NONE) {
                /* past the list of problems they are only counted: no message is built */
                char label[LB_HEX_LABEL_MAX] = "", shown[40] = "";
                if (lbi_scn_listing(L)) {
                    lb_map_label(m, (lb_hex){col + 1, (int)r + 1}, label);
                    quote_char(s + k, bytes, shown, sizeof shown);
                }
                if (lg)
                    lbi_scn_problem_char(L, p, col,
                                         "expected a character of map.legend (%s), found "
                                         "%s at hex %s",
                                         lg->keys, shown, label);
                else
                    lbi_scn_problem_char(L, p, col, "expected an elevation digit 0-9, found %s at "
                                         "hex %s", shown, label);
            }
            k += bytes - 1;
        }
    }
}

/* Reports a bad hexside type name at path, listing the types of the charts. */
static void unknown_hexside_type(loader *L, const char *path, const char *type)
{
    const lb_charts *c = &L->st->charts;
    const char *ids[SCN_NAMES_SHOWN + 1];
    int n = 0;
    for (int k = 0; k < c->nhexsides && n <= SCN_NAMES_SHOWN; k++)
        ids[n++] = c->hexsides[k].id;
    char names[400], shown[80];
    lbi_cj_join(names, sizeof names, ids, n, SCN_NAMES_SHOWN);
    lbi_scn_problem(L, path, "expected a hexside type of the charts (%s), found %s",
                    n ? names : "none defined", lb_err_quote(type, shown, sizeof shown));
}

/* One entry {"hex", "side", "type"} of map.hexsides, set on both hexes it separates. */
static void load_hexside(loader *L, const json_t *e, const char *p)
{
    char fbuf[80], pk[CJ_PATH], shown[80];
    lb_map *m = &L->st->map;
    const lb_charts *c = &L->st->charts;
    if (!json_is_object(e)) {
        lbi_scn_problem(L, p, "expected an object {\"hex\", \"side\", \"type\"}, found %s",
                        FOUND(e));
        return;
    }
    static const char *const keys[] = {"hex", "side", "type"};
    lbi_scn_unknown_keys(L, e, p, keys, 3);
    const char *label = NULL, *side = NULL, *type = NULL;
    int bad = 0;
    lb_hex h = {0, 0};
    if (lbi_cj_string(&L->doc, e, p, "hex", 1, "a hex label", &label) == 0) {
        lbi_cj_path_key(pk, p, "hex");
        if (lb_map_parse_label(m, label, &h) || !lb_map_contains(m, h)) {
            lbi_scn_problem(L, pk, "expected a hex of the %dx%d map (%d+%d digits), found %s",
                            m->cols, m->rows, m->col_digits, m->row_digits,
                            lb_err_quote(label, shown, sizeof shown));
            bad = 1;
        }
    } else {
        bad = 1;
    }
    int dir = -1;
    if (lbi_cj_string(&L->doc, e, p, "side", 1, "a hexside (N, NE, SE, S, SW, NW)", &side) == 0) {
        dir = lb_hex_dir_parse(side);
        if (dir < 0) {
            lbi_cj_path_key(pk, p, "side");
            lbi_scn_problem(L, pk, "expected a hexside (N, NE, SE, S, SW, NW), found %s",
                            lb_err_quote(side, shown, sizeof shown));
        }
    }
    int t = -1;
    if (lbi_cj_string(&L->doc, e, p, "type", 1, "a hexside type", &type) == 0) {
        t = lb_charts_hexside(c, type);
        if (t < 0) {
            lbi_cj_path_key(pk, p, "type");
            unknown_hexside_type(L, pk, type);
        }
    }
    if (bad || dir < 0 || t < 0)
        return;
    lb_hex other = lb_hex_neighbor(h, dir);
    uint8_t *mine = &m->sides[6 * lb_map_cell(m, h) + dir];
    if (*mine && (c->hexsides[t].cancels & (1u << (*mine - 1))))
        *mine = 0; /* the new feature replaces the one it cancels */
    else if (*mine && (c->hexsides[*mine - 1].cancels & (1u << t)))
        return;    /* already replaced by a feature that cancels this one */
    if (*mine) {
        char lb1[LB_HEX_LABEL_MAX], lb2[LB_HEX_LABEL_MAX];
        lbi_scn_problem(
            L, p, "expected one feature per hexside, found a second on %s/%s (%s already)",
            lb_map_label(m, h, lb1), lb_map_label(m, other, lb2), c->hexsides[*mine - 1].id);
        return;
    }
    *mine = (uint8_t)(t + 1);
    if (lb_map_contains(m, other))
        m->sides[6 * lb_map_cell(m, other) + lb_hex_dir_opposite(dir)] = (uint8_t)(t + 1);
}

static void load_hexsides(loader *L, const json_t *map)
{
    char fbuf[80];
    json_t *list = json_object_get(map, "hexsides");
    if (!list)
        return;
    if (!json_is_array(list)) {
        lbi_scn_problem(L, "/map/hexsides", "expected a list of hexside features, found %s",
                        FOUND(list));
        return;
    }
    if (json_array_size(list) > SCN_HEXSIDES_MAX) {
        lbi_scn_problem(L, "/map/hexsides", "expected at most %d hexside features, found %zu",
                        SCN_HEXSIDES_MAX, json_array_size(list));
        return;
    }
    size_t i;
    json_t *e;
    json_array_foreach(list, i, e) {
        char p[CJ_PATH];
        lbi_cj_path_index(p, "/map/hexsides", i);
        load_hexside(L, e, p);
    }
}

/* map.roads: the hexes a road runs through where the terrain does not show it (R-FORM-2). */
static void load_roads(loader *L, const json_t *map)
{
    char fbuf[80], shown[40];
    lb_map *m = &L->st->map;
    json_t *list = json_object_get(map, "roads");
    if (!list)
        return;
    if (!json_is_array(list)) {
        lbi_scn_problem(L, "/map/roads", "expected a list of hex labels, found %s", FOUND(list));
        return;
    }
    size_t i;
    json_t *e;
    json_array_foreach(list, i, e) {
        char p[CJ_PATH];
        lbi_cj_path_index(p, "/map/roads", i);
        lb_hex h;
        const char *label = json_string_value(e);
        if (!label) {
            lbi_scn_problem(L, p, "expected a hex label, found %s", FOUND(e));
        } else if (lb_map_parse_label(m, label, &h) || !lb_map_contains(m, h)) {
            lbi_scn_problem(L, p, "expected a hex of the %dx%d map (%d+%d digits), found %s",
                            m->cols, m->rows, m->col_digits, m->row_digits,
                            lb_err_quote(label, shown, sizeof shown));
        } else if (m->roads[lb_map_cell(m, h)]) {
            lbi_scn_problem(L, p, "expected each hex once, found %s a second time",
                            lb_err_quote(label, shown, sizeof shown));
        } else {
            m->roads[lb_map_cell(m, h)] = 1;
        }
    }
}

int lbi_scn_load_map(loader *L)
{
    char fbuf[80];
    lb_map *m = &L->st->map;
    json_t *map = json_object_get(L->root, "map");
    if (!json_is_object(map)) {
        lbi_scn_problem(L, "/map", "expected an object, found %s", FOUND(map));
        return -1;
    }
    static const char *const keys[] = {"columns", "rows", "terrain", "legend", "elevation",
                                       "hexsides", "roads"};
    lbi_scn_unknown_keys(L, map, "/map", keys, 7);
    if ((lbi_cj_int(&L->doc, map, "/map", "columns", 1, 1, SCN_MAP_SIDE_MAX, &m->cols) |
         lbi_cj_int(&L->doc, map, "/map", "rows", 1, 1, SCN_MAP_SIDE_MAX, &m->rows)) != 0)
        return -1;
    lb_hex_label_digits(m->cols, m->rows, &m->col_digits, &m->row_digits);
    size_t cells = (size_t)m->cols * (size_t)m->rows;
    m->terrain = lbi_scn_alloc(L, cells, 1);
    m->elevation = lbi_scn_alloc(L, cells, 1);
    m->sides = lbi_scn_alloc(L, cells, 6);
    m->roads = lbi_scn_alloc(L, cells, 1);
    if (L->nomem)
        return -1;
    legend lg;
    memset(m->symbols, '?', sizeof m->symbols);
    load_legend(L, map, &lg);
    /* 11.5: without a legend every cell would be reported again */
    if (lg.usable)
        load_grid(L, map, "terrain", &lg);
    load_grid(L, map, "elevation", NULL);
    load_hexsides(L, map);
    load_roads(L, map);
    return 0;
}
