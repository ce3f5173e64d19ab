/* labataille retreat FILE UNIT --kind K [--die N] [--auto]: every optimal path, or surrender. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lb/retreat.h"

/* Paths printed in the text form; --json lists every path kept. */
#define TEXT_PATHS 20

enum { MARK_NONE, MARK_PATH, MARK_END, MARK_START };

static const char mark_chars[] = " +*@";

static void mark(const lb_map *m, unsigned char *marks, lb_hex h, int what)
{
    int c = lb_map_cell(m, h);
    if (marks[c] < what)
        marks[c] = (unsigned char)what;
}


static void print_path(const lb_state *st, const lb_hex *p, int n)
{
    char label[LB_HEX_LABEL_MAX];
    for (int i = 0; i < n; i++)
        printf(" %s", lb_map_label(&st->map, p[i], label));
    printf("\n");
}

static int print_text(const lb_state *st, int unit, const lb_retreat *r, int choice,
                      const lb_trace *t)
{
    const lb_map *m = &st->map;
    char label[LB_HEX_LABEL_MAX];
    printf("%s of %s from %s (%s: %s %d %s)", lb_retreat_kind_name(r->kind), st->units[unit].id,
           lb_map_label(m, r->start, label), lb_edition_name(st->rules),
           r->by_hexes ? "exactly" : "at most", r->length,
           r->by_hexes ? "hexes" : "movement points");
    if (r->start_distance >= 0)
        printf(", %d hex%s from the nearest enemy", r->start_distance,
               r->start_distance == 1 ? "" : "es");
    printf("\n");
    unsigned char *marks = calloc((size_t)m->cols * (size_t)m->rows, 1);
    if (!marks)
        return cli_invalid("out of memory");
    mark(m, marks, r->start, MARK_START);
    if (r->stays) {
        printf("no enemy combat unit on the map: nothing to retreat from; the unit stays\n\n");
    } else if (r->surrender) {
        printf("no legal path: the unit surrenders\n\n");
    } else {
        printf("%llu optimal path%s of %d hex%s, cost %d, %d friendly hex%s on the way\n",
               r->count, r->count == 1 ? "" : "s", r->hexes, r->hexes == 1 ? "" : "es", r->cost,
               r->friendly, r->friendly == 1 ? "" : "es");
        for (int k = 0; choice && k < r->hexes; k++)
            mark(m, marks, r->choice[k], k == r->hexes - 1 ? MARK_END : MARK_PATH);
        for (int k = 0; !choice && k < r->nvia; k++)
            mark(m, marks, r->via[k], MARK_PATH);
        for (int k = 0; !choice && k < r->nends; k++)
            mark(m, marks, r->ends[k], MARK_END);
        printf("end hexes:");
        print_path(st, r->ends, r->nends);
        if (choice) {
            printf("automatic choice (largest distance %d, then first in label order):",
                   r->choice_distance);
            print_path(st, r->choice, r->hexes);
        }
        printf("\n");
    }
    cli_map_print(st, marks, mark_chars, "@ start, + path, * end hex");
    free(marks);
    if (r->count && !choice) {
        printf("\npaths:\n");
        for (int i = 0; i < r->npaths && i < TEXT_PATHS; i++) {
            printf(" ");
            print_path(st, r->paths + (size_t)i * (size_t)r->hexes, r->hexes);
        }
        if (r->count > TEXT_PATHS)
            printf("  … %llu more (--json lists up to %d)\n", r->count - TEXT_PATHS,
                   LB_RETREAT_KEEP);
    }
    printf("\ntrace:\n");
    cli_trace_print(t);
    return CLI_OK;
}

int cmd_retreat(const cli_args *args)
{
    if (args->npositional != 2)
        return cli_usage(args, "expected a scenario file and a unit id");
    const char *kind = cli_option_value(args, "kind", NULL);
    if (!kind)
        return cli_usage(args, "--kind disorder|rout|flight is required");
    lb_retreat_req req = {.kind = LB_RETREAT_DISORDER};
    int k = lb_retreat_kind_parse(kind);
    if (k < 0)
        return cli_usage(args, "--kind: expected disorder, rout or flight, found \"%s\"", kind);
    req.kind = (lb_retreat_kind)k;
    int given, choice;
    const char *die = cli_option_value(args, "die", &given);
    if (given) {
        if (!die[0] || die[1] || die[0] < '1' || die[0] > '6')
            return cli_usage(args, "--die: expected one die 1-6, found \"%s\"", die);
        if (req.kind != LB_RETREAT_ROUT)
            return cli_usage(args, "--die is the length of a premier-2017 charge-caused rout; "
                                   "it needs --kind rout");
        req.die = die[0] - '0';
    }
    cli_option_value(args, "auto", &choice);
    lb_state *st = cli_load(args, args->positional[0]);
    if (!st)
        return CLI_INVALID;
    const char *id = args->positional[1];
    int unit = lb_state_unit_index(st, id), rc;
    if (unit < 0 || !lb_unit_is_combat(&st->units[unit])) {
        rc = cli_invalid(unit < 0 ? "unknown unit \"%s\""
                                  : "\"%s\" is a leader: only combat units retreat",
                         id);
        lb_state_free(st);
        return rc;
    }
    lb_trace t;
    lb_trace_init(&t);
    lb_retreat r;
    int lrc = lb_retreat_paths(st, unit, &req, &r, &t);
    if (lrc != LB_OK)
        rc = cli_invalid("%s", lb_err_str(lrc));
    else if (args->json) {
        cli_print_json(lb_retreat_json(st, unit, &r, choice, &t));
        rc = CLI_OK;
    } else {
        rc = print_text(st, unit, &r, choice, &t);
    }
    if (lrc == LB_OK)
        lb_retreat_release(&r);
    lb_trace_release(&t);
    lb_state_free(st);
    return rc;
}
