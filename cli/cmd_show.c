/* labataille show [FILE]: the map as text (terrain, elevation, units by hex) and the unit roster. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* One mark per side: the side's initial in capitals, or 1/2 when the initials clash. */
static void side_marks(const lb_state *st, char marks[2])
{
    marks[0] = (char)toupper((unsigned char)st->sides[0][0]);
    marks[1] = (char)toupper((unsigned char)st->sides[1][0]);
    if (marks[0] == marks[1]) {
        marks[0] = '1';
        marks[1] = '2';
    }
}

static int any_elevation(const lb_map *m)
{
    for (int i = 0; i < m->cols * m->rows; i++)
        if (m->elevation[i])
            return 1;
    return 0;
}

/* A hex as three characters: terrain symbol, elevation digit (or space), side mark (or space). */
static void cell_text(const lb_state *st, lb_hex h, int show_elev, const char marks[2], char out[4])
{
    const lb_map *m = &st->map;
    int c = lb_map_cell(m, h);
    out[0] = m->symbols[m->terrain[c]];
    out[1] = show_elev ? (char)('0' + m->elevation[c]) : ' ';
    out[2] = ' ';
    int top = lb_state_top_combat(st, h);
    const int *idx;
    int n = lb_state_units_at(st, h, &idx);
    if (top >= 0)
        out[2] = marks[st->units[top].side];
    else if (n > 0) /* leaders only: the mark in lower case */
        out[2] = (char)tolower((unsigned char)marks[st->units[idx[0]].side]);
    out[3] = '\0';
}

static void print_map(const lb_state *st)
{
    const lb_map *m = &st->map;
    char marks[2];
    side_marks(st, marks);
    int elev = any_elevation(m);
    printf("%*s", m->row_digits + 2, "");
    for (int col = 1; col <= m->cols; col++)
        printf("%-*.*d", 3, m->col_digits > 3 ? 3 : m->col_digits, col);
    printf("\n");
    for (int row = 1; row <= m->rows; row++) {
        for (int half = 0; half < 2; half++) {
            if (half == 0)
                printf("%0*d  ", m->row_digits, row);
            else
                printf("%*s", m->row_digits + 2, "");
            /* odd columns on the row's first line, even columns half a hex lower (R-GRID-2) */
            for (int col = 1; col <= m->cols; col++) {
                char cell[4];
                if ((col % 2 == 1) == (half == 0))
                    cell_text(st, (lb_hex){col, row}, elev, marks, cell);
                else
                    strcpy(cell, "   ");
                printf("%s", cell);
            }
            printf("\n");
        }
    }
    printf("\nkey:");
    for (int t = 0; t < st->charts.nterrain; t++)
        if (m->symbols[t] != '?')
            printf(" %c %s;", m->symbols[t], st->charts.terrain[t].id);
    if (elev)
        printf(" digit: elevation;");
    printf(" %c %s, %c %s (lower case: leader only)\n", marks[0], st->sides[0], marks[1],
           st->sides[1]);
}

static void print_unit(const lb_state *st, const lb_unit *u)
{
    char label[LB_HEX_LABEL_MAX];
    printf("  %s  %-14s %-9s %-9s", lb_map_label(&st->map, u->hexes[0], label), u->id,
           st->sides[u->side], lb_arm_name(u->arm));
    if (u->arm == LB_ARM_LEADER) {
        printf(" bonus");
        for (int i = 0; i < u->nbonus; i++)
            printf(" %s %+d", u->bonus[i].key, u->bonus[i].value);
    } else {
        printf(" %-10s %-10s %2d/%-2d incr  fire %d  melee %d  move %d  morale %d",
               lb_formation_name(u->formation), lb_morale_state_name(u->state),
               lb_unit_strength(u), u->increments, u->fire, u->melee, u->movement, u->morale);
        if (u->facing)
            printf("  facing %d", u->facing);
    }
    for (int k = 1; k < u->nhexes; k++)
        printf("%s%s", k == 1 ? "  also " : ",", lb_map_label(&st->map, u->hexes[k], label));
    if (u->name)
        printf("  \"%s\"", u->name);
    printf("\n");
}

/* Hexside features grouped by type, each hexside once, wrapped: "stream: 1501 SE, 1601 SW, …". */
static void print_hexsides(const lb_state *st)
{
    const lb_map *m = &st->map;
    int header = 0;
    for (int t = 0; t < st->charts.nhexsides; t++) {
        int width = 0;
        for (int c = 0; c < m->cols * m->rows; c++) {
            lb_hex h = lb_map_hex(m, c);
            for (int d = 0; d < LB_DIR_COUNT; d++) {
                lb_hex o = lb_hex_neighbor(h, d);
                /* each feature once: from the hex that comes first, or the only one on the map */
                if (lb_map_hexside(m, h, d) != t || (lb_map_contains(m, o) && lb_map_cell(m, o) < c))
                    continue;
                if (!header++)
                    printf("\nhexsides:");
                if (width == 0)
                    width = printf("\n  %s:", st->charts.hexsides[t].id);
                else if (width > 90)
                    width = printf("\n    ");
                char a[LB_HEX_LABEL_MAX];
                width += printf(" %s %s", lb_map_label(m, h, a), lb_hex_dir_name(d));
            }
        }
    }
    if (header)
        printf("\n");
}

static json_t *show_json(const lb_state *st)
{
    const lb_map *m = &st->map;
    json_t *hexes = json_array();
    for (int c = 0; c < m->cols * m->rows; c++) {
        lb_hex h = lb_map_hex(m, c);
        char label[LB_HEX_LABEL_MAX];
        json_t *units = json_array();
        const int *idx;
        int n = lb_state_units_at(st, h, &idx);
        for (int i = 0; i < n; i++)
            json_array_append_new(units, json_string(st->units[idx[i]].id));
        json_array_append_new(hexes, json_pack("{s:s,s:s,s:i,s:o}", "hex", lb_map_label(m, h, label),
                                                "terrain", st->charts.terrain[m->terrain[c]].id,
                                                "elevation", m->elevation[c], "units", units));
    }
    return json_pack("{s:s?,s:s?,s:s,s:i,s:i,s:o}", "title", st->title, "game", st->game, "rules",
                     lb_edition_name(st->rules), "columns", m->cols, "rows", m->rows, "hexes",
                     hexes);
}

static int write_svg(const lb_state *st, const char *path)
{
    char *svg = lb_svg_map(st, NULL);
    FILE *f = svg ? fopen(path, "w") : NULL;
    int ok = f && fputs(svg, f) >= 0;
    if (f && fclose(f) != 0)
        ok = 0;
    free(svg);
    if (!ok)
        return cli_invalid("cannot write the picture to %s", path);
    return CLI_OK;
}

int cmd_show(const cli_args *args)
{
    if (args->npositional > 1)
        return cli_usage(args, "expected at most one scenario file");
    lb_state *st = cli_load(args, args->npositional ? args->positional[0] : NULL);
    if (!st)
        return CLI_INVALID;
    const char *svg = cli_option_value(args, "svg", NULL);
    if (svg) {
        int rc = write_svg(st, svg);
        lb_state_free(st);
        return rc;
    }
    if (args->json) {
        cli_print_json(show_json(st));
        lb_state_free(st);
        return CLI_OK;
    }
    printf("%s\n", st->title ? st->title : st->source);
    printf("game %s, rules %s", st->game ? st->game : "(inline charts)", lb_edition_name(st->rules));
    if (st->turn.minutes >= 0)
        printf(", %02d:%02d", st->turn.minutes / 60, st->turn.minutes % 60);
    printf(", %s to play, %s segment\n\n", st->sides[st->turn.phasing],
           lb_segment_name(st->turn.segment));
    print_map(st);
    printf("\nunits by hex:\n");
    for (int col = 1; col <= st->map.cols; col++)
        for (int row = 1; row <= st->map.rows; row++) {
            lb_hex h = {col, row};
            const int *idx;
            int n = lb_state_units_at(st, h, &idx);
            for (int i = 0; i < n; i++)
                if (lb_hex_eq(st->units[idx[i]].hexes[0], h))
                    print_unit(st, &st->units[idx[i]]);
        }
    print_hexsides(st);
    lb_state_free(st);
    return CLI_OK;
}
