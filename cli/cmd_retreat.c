/* labataille retreat FILE UNIT --kind K [--die N] [--auto] [--all]: the optimal paths, or surrender. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lb/retreat.h"

/* Paths printed in the text form without --all (R-RET-12: the count is always given). */
#define TEXT_PATHS 5

enum { MARK_NONE, MARK_PATH, MARK_END, MARK_START };

static const char mark_chars[] = " +*@";

/* Where the streamed paths go in the JSON text of the answer. */
#define PATHS_PLACE "@paths@"

typedef struct streamer {
    const lb_state *st;
    lb_hex start;
    long printed;
    int json;
    int nomem;          /* a path's text could not be made: the stream stopped */
} streamer;

/* One streamed path: a JSON array on its own line, or a text line (R-RET-14). */
static int stream_path(void *ctx, const lb_hex *path, int n)
{
    streamer *s = ctx;
    char label[LB_HEX_LABEL_MAX];
    if (s->json) {
        char *text;
        if (lb_retreat_path_json(s->st, s->start, path, n, &text) != LB_OK) {
            s->nomem = 1;
            return 1;
        }
        printf("%s\n    %s", s->printed ? "," : "", text);
        free(text);
    } else {
        printf("  %s", lb_map_label(lb_state_map(s->st), s->start, label));
        for (int i = 0; i < n; i++)
            printf(" %s", lb_map_label(lb_state_map(s->st), path[i], label));
        printf("\n");
    }
    s->printed++;
    return 0;
}

/* --json --all: the answer (rc and its text, as lb_retreat_json gave them) with every path
 * streamed in place of PATHS_PLACE. */
static int print_json_all(const lb_state *st, int rc, char *compact, const lb_retreat *r)
{
    json_t *answer = cli_answer_json(rc, compact);
    char *text = answer ? json_dumps(answer, JSON_INDENT(2) | JSON_ENSURE_ASCII) : NULL;
    json_decref(answer);
    if (!text)
        return cli_invalid("out of memory");
    char *at = strstr(text, "\"" PATHS_PLACE "\"");
    streamer s = {st, r->start, 0, 1, 0};
    rc = LB_OK;
    if (at) {
        fwrite(text, 1, (size_t)(at - text), stdout);
        printf("[");
        rc = lb_retreat_each(r, stream_path, &s);
        if (rc == LB_OK && s.nomem)
            rc = LB_NOMEM;
        printf("%s]%s\n", s.printed ? "\n  " : "", at + strlen("\"" PATHS_PLACE "\""));
    }
    free(text);
    return rc == LB_OK ? CLI_OK : cli_invalid("%s", lb_err_str(rc));
}

static void mark(const lb_map *m, unsigned char *marks, lb_hex h, int what)
{
    int c = lb_map_cell(m, h);
    if (marks[c] < what)
        marks[c] = (unsigned char)what;
}

static void print_path(const lb_state *st, lb_hex start, const lb_hex *p, int n)
{
    char label[LB_HEX_LABEL_MAX];
    printf(" %s", lb_map_label(lb_state_map(st), start, label));
    for (int i = 0; i < n; i++)
        printf(" %s", lb_map_label(lb_state_map(st), p[i], label));
    printf("\n");
}

/* The count in words: exact, or "at least 2^64 - 1" (R-RET-12). */
static void print_count(const lb_retreat *r)
{
    if (r->count_saturated)
        printf("at least %llu optimal paths (more than 64 bits hold)", r->count);
    else
        printf("%llu optimal path%s", r->count, r->count == 1 ? "" : "s");
    printf(" of %d hex%s, cost %d, %d friendly hex%s on the way\n", r->hexes,
           r->hexes == 1 ? "" : "es", r->cost, r->friendly, r->friendly == 1 ? "" : "es");
}

static void print_leaders(const lb_state *st, int unit, const lb_retreat *r)
{
    char a[LB_HEX_LABEL_MAX], b[LB_HEX_LABEL_MAX];
    for (int i = 0; i < r->nleaders; i++) {
        const lb_retreat_leader *l = &r->leaders[i];
        if (l->captured)
            printf("leader %s, alone with %s in %s: captured with it (R-RET-15)\n", l->id,
                   lb_state_unit(st, unit)->id, lb_map_label(lb_state_map(st), l->hex, a));
        else
            printf("leader %s would be left alone in %s: goes with %s to %s (automatic choice) "
                   "or stays (R-RET-15)\n",
                   l->id, lb_map_label(lb_state_map(st), l->hex, a), lb_state_unit(st, unit)->id,
                   lb_map_label(lb_state_map(st), r->choice[r->hexes - 1], b));
    }
}

/* R-RET-8: whether an end means surrender later. */
static int any_surrender_later(const lb_retreat *r)
{
    for (int k = 0; r->end_surrenders && k < r->nends; k++)
        if (r->end_surrenders[k])
            return 1;
    return 0;
}

/* R-RET-8: whether some ends mean surrender later and others do not. */
static int mixed_surrender_later(const lb_retreat *r)
{
    int later = 0;
    for (int k = 0; r->end_surrenders && k < r->nends; k++)
        later += r->end_surrenders[k] != 0;
    return later > 0 && later < r->nends;
}

/* R-RET-8: what "surrender later" says, once, when an end is so marked. */
static void print_surrender_later(const lb_retreat *r)
{
    if (any_surrender_later(r))
        printf("\n(surrender later: from that end a failed recovery, a %s, would have no "
               "complete path: the unit would surrender, R-RET-8)",
               r->kind == LB_RETREAT_DISORDER ? "rout" : "flight");
}

/* The paths found: their count, the marks of the map, the ends and the automatic choice. */
static void print_found(const lb_state *st, const lb_retreat *r, int auto_map,
                        unsigned char *marks)
{
    const lb_map *m = lb_state_map(st);
    char label[LB_HEX_LABEL_MAX];
    print_count(r);
    for (int k = 0; auto_map && k < r->hexes; k++)
        mark(m, marks, r->choice[k], k == r->hexes - 1 ? MARK_END : MARK_PATH);
    for (int k = 0; !auto_map && k < r->nvia; k++)
        mark(m, marks, r->via[k], MARK_PATH);
    for (int k = 0; !auto_map && k < r->nends; k++)
        mark(m, marks, r->ends[k], MARK_END);
    printf("end hexes:");
    for (int k = 0; k < r->nends; k++)
        printf(" %s%s", lb_map_label(m, r->ends[k], label),
               r->end_surrenders && r->end_surrenders[k] ? " (surrender later)" : "");
    print_surrender_later(r);
    printf("\npaths below are written h0 … hn: the start %s, then the %d hex%s entered "
           "(R-RET-14)",
           lb_map_label(m, r->start, label), r->hexes, r->hexes == 1 ? "" : "es");
    printf("\nautomatic choice (R-RET-4 e: every end at distance %d; f: the first in label "
           "order%s):",
           r->choice_distance, mixed_surrender_later(r) ? " of those that do not mean surrender "
                                                        "later, R-RET-8"
                                                      : "");
    print_path(st, r->start, r->choice, r->hexes);
}

/* Every path (all) or the first kept ones, in label order. */
static int print_paths(const lb_state *st, const lb_retreat *r, int all)
{
    if (r->count && all) {
        printf("\nevery path, in label order:\n");
        streamer s = {st, r->start, 0, 0, 0};
        return lb_retreat_each(r, stream_path, &s);
    }
    if (!r->count)
        return LB_OK;
    int shown = r->npaths < TEXT_PATHS ? r->npaths : TEXT_PATHS;
    printf("\nthe first %d path%s in label order:\n", shown, shown == 1 ? "" : "s");
    for (int i = 0; i < shown; i++) {
        printf(" ");
        print_path(st, r->start, r->paths + (size_t)i * (size_t)r->hexes, r->hexes);
    }
    if (r->count_saturated)
        printf("  … and more than 64 bits count (--all lists them all)\n");
    else if (r->count > (unsigned long long)shown)
        printf("  … %llu more (--all lists every one)\n", r->count - (unsigned long long)shown);
    return LB_OK;
}

static int print_text(const lb_state *st, int unit, const lb_retreat *r, int auto_map, int all,
                      const lb_trace *t)
{
    const lb_map *m = lb_state_map(st);
    char label[LB_HEX_LABEL_MAX];
    printf("%s of %s from %s (%s: %s %d %s)", lb_retreat_kind_name(r->kind),
           lb_state_unit(st, unit)->id, lb_map_label(m, r->start, label),
           lb_edition_name(lb_state_rules(st)), r->by_hexes ? "exactly" : "at most", r->length,
           r->by_hexes ? "hexes" : "movement points");
    if (r->start_distance >= 0)
        printf(", %d hex%s from the nearest enemy", r->start_distance,
               r->start_distance == 1 ? "" : "es");
    printf("\n");
    unsigned char *marks = calloc((size_t)m->cols * (size_t)m->rows, 1);
    if (!marks)
        return cli_invalid("out of memory");
    mark(m, marks, r->start, MARK_START);
    if (r->stays)
        printf("no enemy formation counts and no refuge to head for (or it stands in one): the "
               "unit stays (R-RET-19)\n");
    else if (r->surrender)
        printf("no legal path: the unit surrenders\n");
    else
        print_found(st, r, auto_map, marks);
    print_leaders(st, unit, r);
    printf("\n");
    cli_map_print(st, marks, mark_chars,
                  auto_map ? "@ start, + the automatic choice, * its end"
                           : "@ start, + on an optimal path, * end hex");
    free(marks);
    int rc = print_paths(st, r, all);
    printf("\ntrace:\n");
    cli_trace_print(t);
    return rc == LB_OK ? CLI_OK : cli_invalid("%s", lb_err_str(rc));
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
    int given, auto_map, all;
    const char *die = cli_option_value(args, "die", &given);
    if (given) {
        if (!die[0] || die[1] || die[0] < '1' || die[0] > '6')
            return cli_usage(args, "--die: expected one die 1-6, found \"%s\"", die);
        if (req.kind != LB_RETREAT_ROUT)
            return cli_usage(args, "--die is the length of a premier-2017 charge-caused rout; "
                                   "it needs --kind rout");
        req.die = die[0] - '0';
    }
    cli_option_value(args, "auto", &auto_map);
    cli_option_value(args, "all", &all);
    if (all)
        req.max_paths = 1; /* every path is streamed */
    else if (!args->json)
        req.max_paths = TEXT_PATHS;
    lb_state *st = cli_load(args, args->positional[0]);
    if (!st)
        return CLI_INVALID;
    const char *id = args->positional[1];
    int unit = lb_state_unit_index(st, id), rc;
    if (unit < 0 || !lb_unit_is_combat(lb_state_unit(st, unit))) {
        rc = unit < 0 ? cli_unknown_unit(st, "", id)
                      : cli_invalid("\"%s\" is a leader: only combat units retreat", id);
        lb_state_free(st);
        return rc;
    }
    lb_trace t;
    lb_trace_init(&t);
    lb_retreat r;
    int lrc = lb_retreat_paths(st, unit, &req, &r, &t);
    if (lrc == LB_OK)
        lb_retreat_checks(st, unit, &r, &t); /* R-MOR-16 */
    if (lrc != LB_OK)
        rc = cli_invalid("%s", lb_err_str(lrc));
    else if (args->json) {
        char *text;
        int jrc = lb_retreat_json(st, unit, &r, all ? PATHS_PLACE : NULL, &t, &text);
        rc = all ? print_json_all(st, jrc, text, &r) : cli_print_answer(jrc, text);
    } else {
        rc = print_text(st, unit, &r, auto_map, all, &t);
    }
    if (lrc == LB_OK)
        lb_retreat_release(&r);
    lb_trace_release(&t);
    lb_state_free(st);
    return rc;
}
