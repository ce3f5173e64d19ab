/* labataille show [FILE]: the map as text (terrain, elevation, units by hex) and the unit roster. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void print_unit(const lb_state *st, const lb_unit_info *u)
{
    char label[LB_HEX_LABEL_MAX];
    printf("  %s  %-14s %-9s %-9s", lb_map_label(lb_state_map(st), u->hexes[0], label), u->id,
           lb_state_side_name(st, u->side), lb_name(LB_NAME_ARM, u->arm));
    if (u->arm == LB_ARM_LEADER) {
        printf(" bonus");
        for (int i = 0; i < u->nbonus; i++)
            printf(" %s %+d", u->bonus[i].key, u->bonus[i].value);
    } else {
        printf(" %-10s %-10s %2d/%-2d incr  fire %d  melee %d  move %d  morale %d",
               lb_name(LB_NAME_FORMATION, u->formation), lb_name(LB_NAME_MORALE_STATE, u->state),
               u->strength, u->increments, u->fire, u->melee, u->movement, u->morale);
        if (u->facing)
            printf("  facing %d", u->facing);
    }
    for (int k = 1; k < u->nhexes; k++)
        printf("%s%s", k == 1 ? "  also " : ",",
               lb_map_label(lb_state_map(st), u->hexes[k], label));
    if (u->name)
        printf("  \"%s\"", u->name);
    printf("\n");
}

/* Hexside features grouped by type, each hexside once, wrapped: "stream: 1501 SE, 1601 SW, …". */
static void print_hexsides(const lb_state *st)
{
    const lb_map *m = lb_state_map(st);
    int header = 0, cols, rows;
    lb_map_size(m, &cols, &rows);
    lb_terrain_info type;
    for (int t = 0; lb_state_terrain_info(st, LB_TERRAIN_HEXSIDE, t, &type) == LB_OK; t++) {
        int width = 0;
        for (int c = 0; c < cols * rows; c++) {
            lb_hex h = lb_map_hex(m, c);
            for (int d = 0; d < LB_DIR_COUNT; d++) {
                lb_hex o = lb_hex_neighbor(h, d);
                /* each feature once: from the hex that comes first, or the only one on the map */
                if (lb_map_hexside(m, h, d) != t ||
                    (lb_map_contains(m, o) && lb_map_cell(m, o) < c))
                    continue;
                if (!header++)
                    printf("\nhexsides:");
                if (width == 0)
                    width = printf("\n  %s:", type.id);
                else if (width > 90)
                    width = printf("\n    ");
                char a[LB_HEX_LABEL_MAX];
                width += printf(" %s %s", lb_map_label(m, h, a), lb_name(LB_NAME_HEX_DIR, d));
            }
        }
    }
    if (header)
        printf("\n");
}

/* R-VIC-2: each objective with its points and the side holding it at the start; the last turn. */
static void print_objectives(const lb_state *st)
{
    lb_battle_info v;
    lb_state_battle_info(st, &v);
    if (v.nobjectives == 0 && v.last_turn < 0)
        return;
    printf("\nvictory:");
    if (v.last_turn >= 0)
        printf(" the last turn starts at %02d:%02d;", v.last_turn / 60, v.last_turn % 60);
    printf(" points: %d an enemy increment eliminated, %d an enemy unit surrendered, %d an enemy "
           "leader killed or captured\n", v.per_increment, v.per_surrender, v.per_leader);
    for (int k = 0; k < v.nobjectives; k++) {
        char label[LB_HEX_LABEL_MAX];
        const lb_objective *o = &v.objectives[k];
        printf("  objective %s, %d points, %s\n", lb_map_label(lb_state_map(st), o->hex, label),
               o->points, o->holder >= 0 ? lb_state_side_name(st, o->holder) : "held by neither side");
    }
}

static json_t *show_json(const lb_state *st)
{
    const lb_map *m = lb_state_map(st);
    json_t *hexes = json_array();
    int cols, rows;
    lb_map_size(m, &cols, &rows);
    for (int c = 0; c < cols * rows; c++) {
        lb_hex h = lb_map_hex(m, c);
        lb_hex_info here;
        lb_terrain_info type = {.id = "?"};
        lb_map_hex_info(m, h, &here);
        lb_state_terrain_info(st, LB_TERRAIN_HEX, here.terrain, &type);
        char label[LB_HEX_LABEL_MAX];
        json_t *units = json_array();
        const int *idx;
        int n = lb_state_units_at(st, h, &idx);
        for (int i = 0; i < n; i++)
            json_array_append_new(units, json_string(cli_unit(st, idx[i]).id));
        json_array_append_new(hexes,
                              json_pack("{s:s,s:s,s:i,s:o}", "hex", lb_map_label(m, h, label),
                                        "terrain", type.id, "elevation", here.elevation,
                                        "units", units));
    }
    return json_pack("{s:s?,s:s?,s:s,s:i,s:i,s:o}", "title", lb_state_title(st), "game",
                     lb_state_game(st), "rules", lb_name(LB_NAME_EDITION, lb_state_rules(st)),
                     "columns", cols, "rows", rows, "hexes", hexes);
}

/* The picture to path; a file that cannot be written or completed is an error, with the reason. */
static int write_svg(const lb_state *st, const char *path)
{
    char *svg = lb_svg_map(st, NULL);
    if (!svg)
        return cli_invalid("out of memory");
    errno = 0;
    FILE *f = fopen(path, "w");
    int ok = f && fputs(svg, f) >= 0 && fflush(f) == 0 && !ferror(f);
    int err = errno;
    if (f && fclose(f) != 0 && ok) {
        ok = 0;
        err = errno;
    }
    free(svg);
    if (!ok)
        return cli_invalid("cannot write the picture to %s: %s", path,
                           err ? strerror(err) : "write error");
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
    printf("%s\n", lb_state_title(st) ? lb_state_title(st) : lb_state_source(st));
    printf("game %s, rules %s", lb_state_game(st) ? lb_state_game(st) : "(inline charts)",
           lb_name(LB_NAME_EDITION, lb_state_rules(st)));
    if (lb_state_turn(st).minutes >= 0)
        printf(", %02d:%02d", lb_state_turn(st).minutes / 60, lb_state_turn(st).minutes % 60);
    printf(", %s to play, %s segment\n\n", lb_state_side_name(st, lb_state_turn(st).phasing),
           lb_name(LB_NAME_SEGMENT, lb_state_turn(st).segment));
    cli_map_print(st, NULL, NULL, NULL);
    printf("\nunits by hex:\n");
    int cols, rows;
    lb_map_size(lb_state_map(st), &cols, &rows);
    for (int col = 1; col <= cols; col++)
        for (int row = 1; row <= rows; row++) {
            lb_hex h = {col, row};
            const int *idx;
            int n = lb_state_units_at(st, h, &idx);
            for (int i = 0; i < n; i++) {
                lb_unit_info u = cli_unit(st, idx[i]);
                if (u.hexes[0].col == col && u.hexes[0].row == row)
                    print_unit(st, &u);
            }
        }
    print_hexsides(st);
    print_objectives(st);
    lb_state_free(st);
    return CLI_OK;
}
