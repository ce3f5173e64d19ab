/* Retreat, rout and flight answers (labataille retreat) as text and JSON: the optimal paths and their exact count, the end hexes, the automatic choice, the leaders left, or surrender. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "answer_int.h"
#include "ask_int.h"
#include "retreat_int.h"
#include "state_int.h"

/* Paths written in the text form without all (R-RET-12: the count is always given). */
#define TEXT_PATHS 5
/* Where the streamed paths go in the JSON text of an answer with all. */
#define PATHS_PLACE "@paths@"

enum { MARK_NONE, MARK_PATH, MARK_END, MARK_START };

static const char mark_chars[] = " +*@";

json_t *lbi_retreat_path_json(const lb_state *st, lb_hex start, const lb_hex *h, int n)
{
    char label[LB_HEX_LABEL_MAX];
    json_t *a = lbi_hexes_json(st, h, n);
    json_array_insert_new(a, 0, json_string(lb_map_label(&st->map, start, label)));
    return a;
}

json_t *lbi_retreat_count_json(const lb_retreat *r)
{
    if (r->count <= (unsigned long long)LLONG_MAX)
        return json_integer((json_int_t)r->count);
    char buf[32];
    snprintf(buf, sizeof buf, "%llu", r->count);
    return json_string(buf);
}

/* R-RET-15: the leaders the unit leaves alone, and where the automatic choice takes them. */
static json_t *leaders_json(const lb_state *st, const lb_retreat *r)
{
    json_t *a = json_array();
    char label[LB_HEX_LABEL_MAX], to[LB_HEX_LABEL_MAX];
    for (int i = 0; i < r->nleaders; i++) {
        const lb_retreat_leader *l = &r->leaders[i];
        json_t *o = json_pack("{s:s,s:s,s:b}", "id", l->id, "hex",
                              lb_map_label(&st->map, l->hex, label), "captured", l->captured);
        json_object_set_new(o, "to", l->captured ? json_null()
                                                 : json_string(lb_map_label(
                                                       &st->map, r->choice[r->hexes - 1], to)));
        json_array_append_new(a, o);
    }
    return a;
}

/* R-RET-8: the ends from which a failed recovery would have no complete path, in label order. */
static json_t *surrender_later_json(const lb_state *st, const lb_retreat *r)
{
    char label[LB_HEX_LABEL_MAX];
    json_t *a = json_array();
    for (int k = 0; r->end_surrenders && k < r->nends; k++)
        if (r->end_surrenders[k])
            json_array_append_new(a, json_string(lb_map_label(&st->map, r->ends[k], label)));
    return a;
}

static json_t *retreat_answer(const lb_state *st, int unit, const lb_retreat *r,
                              const char *paths_place, const lb_trace *t)
{
    char label[LB_HEX_LABEL_MAX];
    json_t *paths;
    int all = paths_place != NULL;
    if (all) {
        paths = json_string(paths_place);
    } else {
        paths = json_array();
        for (int i = 0; i < r->npaths; i++)
            json_array_append_new(paths, lbi_retreat_path_json(st, r->start,
                                                   r->paths + (size_t)i * (size_t)r->hexes,
                                                   r->hexes));
    }
    json_t *j = json_pack("{s:s,s:s,s:s,s:s,s:i,s:s,s:b,s:o,s:o}", "unit", st->units[unit].id,
                          "kind", lb_retreat_kind_name(r->kind), "rules",
                          lb_edition_name(st->rules), "by", r->by_hexes ? "hexes" : "mp",
                          "length", r->length, "start", lb_map_label(&st->map, r->start, label),
                          "surrender", r->surrender, "paths", paths, "end_hexes",
                          lbi_hexes_json(st, r->ends, r->nends));
    json_object_set_new(j, "start_distance",
                        r->start_distance >= 0 ? json_integer(r->start_distance) : json_null());
    json_object_set_new(j, "stays", json_boolean(r->stays));
    json_object_set_new(j, "end_hexes_surrender_later", surrender_later_json(st, r));
    json_object_set_new(j, "cost", r->count ? json_integer(r->cost) : json_null());
    json_object_set_new(j, "hexes", json_integer(r->hexes));
    json_object_set_new(j, "friendly", json_integer(r->friendly));
    json_object_set_new(j, "path_count", lbi_retreat_count_json(r));
    json_object_set_new(j, "path_count_saturated", json_boolean(r->count_saturated));
    json_object_set_new(j, "path_hexes", lbi_hexes_json(st, r->via, r->nvia));
    json_object_set_new(j, "paths_truncated",
                        json_boolean(!all && (r->count_saturated ||
                                              (unsigned long long)r->npaths < r->count)));
    json_object_set_new(j, "choice", r->count ? lbi_retreat_path_json(st, r->start, r->choice, r->hexes)
                                              : json_null());
    json_object_set_new(j, "choice_distance",
                        r->count ? json_integer(r->choice_distance) : json_null());
    json_object_set_new(j, "leaders", leaders_json(st, r));
    json_object_set_new(j, "trace", lbi_trace_json(t));
    return j;
}

json_t *lbi_retreat_json(const lb_answer *a)
{
    return retreat_answer(a->st, a->q.unit, &a->u.retreat, a->q.all ? PATHS_PLACE : NULL,
                          &a->trace);
}

typedef struct streamer {
    FILE *out;
    const lb_state *st;
    lb_hex start;
    long printed;
    int json;
    int nomem; /* a path's text could not be made: the stream stopped */
} streamer;

/* One streamed path: a JSON array on its own line, or a text line (R-RET-14). */
static int stream_path(void *ctx, const lb_hex *path, int n)
{
    streamer *s = ctx;
    char label[LB_HEX_LABEL_MAX];
    if (s->json) {
        char *text;
        if (lbi_answer_text(lbi_retreat_path_json(s->st, s->start, path, n), &text) != LB_OK) {
            s->nomem = 1;
            return 1;
        }
        fprintf(s->out, "%s\n    %s", s->printed ? "," : "", text);
        free(text);
    } else {
        fprintf(s->out, "  %s", lb_map_label(lb_state_map(s->st), s->start, label));
        for (int i = 0; i < n; i++)
            fprintf(s->out, " %s", lb_map_label(lb_state_map(s->st), path[i], label));
        fprintf(s->out, "\n");
    }
    s->printed++;
    return 0;
}

int lbi_retreat_json_print(const lb_answer *a, FILE *out)
{
    json_t *answer = lbi_retreat_json(a);
    if (answer && !a->q.all) { /* as lb_answer_json_print writes any other document */
        json_dumpf(answer, out, JSON_INDENT(2) | JSON_ENSURE_ASCII);
        json_decref(answer);
        fputc('\n', out);
        return LB_OK;
    }
    char *text = answer ? json_dumps(answer, JSON_INDENT(2) | JSON_ENSURE_ASCII) : NULL;
    json_decref(answer);
    if (!text)
        return LB_NOMEM;
    char *at = strstr(text, "\"" PATHS_PLACE "\"");
    const lb_retreat *r = &a->u.retreat;
    streamer s = {out, a->st, r->start, 0, 1, 0};
    int rc = LB_OK;
    if (at) {
        fwrite(text, 1, (size_t)(at - text), out);
        fprintf(out, "[");
        rc = lb_retreat_each(r, stream_path, &s);
        if (rc == LB_OK && s.nomem)
            rc = LB_NOMEM;
        fprintf(out, "%s]%s\n", s.printed ? "\n  " : "", at + strlen("\"" PATHS_PLACE "\""));
    }
    free(text);
    return rc;
}

static void mark(const lb_map *m, unsigned char *marks, lb_hex h, int what)
{
    int c = lb_map_cell(m, h);
    if (marks[c] < what)
        marks[c] = (unsigned char)what;
}

static void path_text(FILE *out, const lb_state *st, lb_hex start, const lb_hex *p, int n)
{
    char label[LB_HEX_LABEL_MAX];
    fprintf(out, " %s", lb_map_label(lb_state_map(st), start, label));
    for (int i = 0; i < n; i++)
        fprintf(out, " %s", lb_map_label(lb_state_map(st), p[i], label));
    fprintf(out, "\n");
}

/* The count in words: exact, or "at least 2^64 - 1" (R-RET-12). */
static void count_text(FILE *out, const lb_retreat *r)
{
    if (r->count_saturated)
        fprintf(out, "at least %llu optimal paths (more than 64 bits hold)", r->count);
    else
        fprintf(out, "%llu optimal path%s", r->count, r->count == 1 ? "" : "s");
    fprintf(out, " of %d hex%s, cost %d, %d friendly hex%s on the way\n", r->hexes,
            r->hexes == 1 ? "" : "es", r->cost, r->friendly, r->friendly == 1 ? "" : "es");
}

static void leaders_text(FILE *out, const lb_state *st, int unit, const lb_retreat *r)
{
    char a[LB_HEX_LABEL_MAX], b[LB_HEX_LABEL_MAX];
    for (int i = 0; i < r->nleaders; i++) {
        const lb_retreat_leader *l = &r->leaders[i];
        if (l->captured)
            fprintf(out, "leader %s, alone with %s in %s: captured with it (R-RET-15)\n", l->id,
                    lb_state_unit(st, unit)->id, lb_map_label(lb_state_map(st), l->hex, a));
        else
            fprintf(out, "leader %s would be left alone in %s: goes with %s to %s (automatic "
                    "choice) or stays (R-RET-15)\n",
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
static void surrender_later_text(FILE *out, const lb_retreat *r)
{
    if (any_surrender_later(r))
        fprintf(out, "\n(surrender later: from that end a failed recovery, a %s, would have no "
                "complete path: the unit would surrender, R-RET-8)",
                r->kind == LB_RETREAT_DISORDER ? "rout" : "flight");
}

/* The paths found: their count, the marks of the map, the ends and the automatic choice. */
static void found_text(FILE *out, const lb_state *st, const lb_retreat *r, int auto_map,
                       unsigned char *marks)
{
    const lb_map *m = lb_state_map(st);
    char label[LB_HEX_LABEL_MAX];
    count_text(out, r);
    for (int k = 0; auto_map && k < r->hexes; k++)
        mark(m, marks, r->choice[k], k == r->hexes - 1 ? MARK_END : MARK_PATH);
    for (int k = 0; !auto_map && k < r->nvia; k++)
        mark(m, marks, r->via[k], MARK_PATH);
    for (int k = 0; !auto_map && k < r->nends; k++)
        mark(m, marks, r->ends[k], MARK_END);
    fprintf(out, "end hexes:");
    for (int k = 0; k < r->nends; k++)
        fprintf(out, " %s%s", lb_map_label(m, r->ends[k], label),
                r->end_surrenders && r->end_surrenders[k] ? " (surrender later)" : "");
    surrender_later_text(out, r);
    fprintf(out, "\npaths below are written h0 … hn: the start %s, then the %d hex%s entered "
            "(R-RET-14)",
            lb_map_label(m, r->start, label), r->hexes, r->hexes == 1 ? "" : "es");
    fprintf(out, "\nautomatic choice (R-RET-4 e: every end at distance %d; f: the first in label "
            "order%s):",
            r->choice_distance, mixed_surrender_later(r) ? " of those that do not mean surrender "
                                                         "later, R-RET-8"
                                                       : "");
    path_text(out, st, r->start, r->choice, r->hexes);
}

/* Every path (all) or the first kept ones, in label order. */
static int paths_text(FILE *out, const lb_state *st, const lb_retreat *r, int all)
{
    if (r->count && all) {
        fprintf(out, "\nevery path, in label order:\n");
        streamer s = {out, st, r->start, 0, 0, 0};
        return lb_retreat_each(r, stream_path, &s);
    }
    if (!r->count)
        return LB_OK;
    int shown = r->npaths < TEXT_PATHS ? r->npaths : TEXT_PATHS;
    fprintf(out, "\nthe first %d path%s in label order:\n", shown, shown == 1 ? "" : "s");
    for (int i = 0; i < shown; i++) {
        fprintf(out, " ");
        path_text(out, st, r->start, r->paths + (size_t)i * (size_t)r->hexes, r->hexes);
    }
    if (r->count_saturated)
        fprintf(out, "  … and more than 64 bits count (--all lists them all)\n");
    else if (r->count > (unsigned long long)shown)
        fprintf(out, "  … %llu more (--all lists every one)\n",
                r->count - (unsigned long long)shown);
    return LB_OK;
}

int lbi_retreat_text(const lb_answer *a, FILE *out)
{
    const lb_state *st = a->st;
    const lb_retreat *r = &a->u.retreat;
    int unit = a->q.unit, auto_map = a->q.automatic;
    const lb_map *m = lb_state_map(st);
    char label[LB_HEX_LABEL_MAX];
    fprintf(out, "%s of %s from %s (%s: %s %d %s)", lb_retreat_kind_name(r->kind),
            lb_state_unit(st, unit)->id, lb_map_label(m, r->start, label),
            lb_edition_name(lb_state_rules(st)), r->by_hexes ? "exactly" : "at most", r->length,
            r->by_hexes ? "hexes" : "movement points");
    if (r->start_distance >= 0)
        fprintf(out, ", %d hex%s from the nearest enemy", r->start_distance,
                r->start_distance == 1 ? "" : "es");
    fprintf(out, "\n");
    unsigned char *marks = calloc((size_t)m->cols * (size_t)m->rows, 1);
    if (!marks)
        return LB_NOMEM;
    mark(m, marks, r->start, MARK_START);
    if (r->stays)
        fprintf(out, "no enemy formation counts and no refuge to head for (or it stands in one): "
                "the unit stays (R-RET-19)\n");
    else if (r->surrender)
        fprintf(out, "no legal path: the unit surrenders\n");
    else
        found_text(out, st, r, auto_map, marks);
    leaders_text(out, st, unit, r);
    fprintf(out, "\n");
    lb_map_print(out, st, marks, mark_chars,
                 auto_map ? "@ start, + the automatic choice, * its end"
                          : "@ start, + on an optimal path, * end hex");
    free(marks);
    int rc = paths_text(out, st, r, a->q.all);
    fprintf(out, "\ntrace:\n");
    lb_trace_print(out, &a->trace);
    return rc;
}

int lbi_retreat_ask(lb_answer *a, lb_err *err)
{
    (void)err; /* its errors have no words of their own */
    const lb_question *q = &a->q;
    if (q->unit < 0 || q->unit >= lb_state_unit_count(a->st) || q->retreat_kind < 0 ||
        q->retreat_kind > LB_RETREAT_FLIGHT || q->die < 0 || q->die > 6)
        return LB_INVALID;
    lb_retreat_req req = {.kind = (lb_retreat_kind)q->retreat_kind, .die = q->die};
    req.max_paths = q->all ? 1 : q->paths; /* with all, every path is streamed */
    int rc = lb_retreat_paths(a->st, q->unit, &req, &a->u.retreat, &a->trace);
    if (rc == LB_OK)
        lb_retreat_checks(a->st, q->unit, &a->u.retreat, &a->trace); /* R-MOR-16 */
    return rc;
}

void lbi_retreat_release(lb_answer *a)
{
    lb_retreat_release(&a->u.retreat);
}
