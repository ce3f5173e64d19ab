/* POST /api/scenario/check: a scenario text checked as `labataille check --strict` and a posted game check it, each problem with its position and, where it has one, its hex (R-WEB-12). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_int.h"

/* Decimal digits of n (n >= 1). */
static int digits_of(long long n)
{
    int d = 1;
    while (n >= 10) {
        n /= 10;
        d++;
    }
    return d;
}

/* The label of column col, row row on the scenario's map (R-GRID-1: two digits each, more when
 * the map's side needs them) into buf; 0, or -1 when the map has no such hex. */
static int hex_label(const json_t *sc, long long col, long long row, char *buf, size_t n)
{
    const json_t *map = json_object_get(sc, "map");
    json_t *cols = json_object_get(map, "columns"), *rows = json_object_get(map, "rows");
    if (!json_is_integer(cols) || !json_is_integer(rows) || col < 1 || row < 1 ||
        col > json_integer_value(cols) || row > json_integer_value(rows) ||
        json_integer_value(cols) > 999 || json_integer_value(rows) > 999)
        return -1;
    int cd = digits_of(json_integer_value(cols)), rd = digits_of(json_integer_value(rows));
    snprintf(buf, n, "%0*lld%0*lld", cd < 2 ? 2 : cd, col, rd < 2 ? 2 : rd, row);
    return 0;
}

/* Is label a hex of the scenario's map? */
static int on_map(const json_t *sc, const char *label)
{
    const json_t *map = json_object_get(sc, "map");
    json_t *cols = json_object_get(map, "columns"), *rows = json_object_get(map, "rows");
    if (!json_is_integer(cols) || !json_is_integer(rows) || json_integer_value(cols) > 999 ||
        json_integer_value(rows) > 999)
        return 0;
    int cd = digits_of(json_integer_value(cols)), rd = digits_of(json_integer_value(rows));
    cd = cd < 2 ? 2 : cd;
    rd = rd < 2 ? 2 : rd;
    if (strlen(label) != (size_t)(cd + rd))
        return 0;
    long long col = 0, row = 0;
    for (int i = 0; i < cd; i++)
        col = col * 10 + (label[i] - '0');
    for (int i = cd; i < cd + rd; i++)
        row = row * 10 + (label[i] - '0');
    return col >= 1 && row >= 1 && col <= json_integer_value(cols) &&
           row <= json_integer_value(rows);
}

/* The value at a JSON Pointer of the scenario's own keys (no "~" escapes: every key that locates
 * a hex is plain), or NULL. */
static const json_t *at_pointer(const json_t *root, const char *path)
{
    const json_t *v = root;
    while (v && *path == '/') {
        char key[LB_ERR_PATH_MAX];
        size_t len = strcspn(path + 1, "/");
        snprintf(key, sizeof key, "%.*s", (int)len, path + 1);
        if (json_is_object(v)) {
            v = json_object_get(v, key);
        } else if (json_is_array(v)) {
            char *end;
            unsigned long i = strtoul(key, &end, 10);
            v = *key && !*end ? json_array_get(v, i) : NULL;
        } else {
            v = NULL;
        }
        path += 1 + len;
    }
    return v;
}

/* A string that reads as a hex label ("0302", "10307"): digits only, 4 to 6 of them. */
static const char *label_text(const json_t *v)
{
    const char *s = json_string_value(v);
    size_t n = s ? strlen(s) : 0;
    return n >= 4 && n <= 6 && strspn(s, "0123456789") == n ? s : NULL;
}

/* A character of a row of the terrain or elevation grid: its column, from the problem's column
 * (in characters) less that of the row string's opening quote on the problem's line of text; 0
 * when that line holds no such quote before it. */
static long long grid_column(const char *text, size_t len, const lb_err *e)
{
    const char *line = text, *end = text + len;
    for (int l = 1; l < e->line && line < end; l++) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        line = nl ? nl + 1 : end;
    }
    long long quote = 0, c = 1;
    /* columns count characters: the bytes that do not continue a UTF-8 sequence */
    for (const char *p = line; p < end && *p != '\n' && c < e->col; p++) {
        if (((unsigned char)*p & 0xC0) == 0x80)
            continue;
        if (*p == '"')
            quote = c;
        c++;
    }
    return quote ? e->col - quote : 0;
}

/* The hex a problem is about, into buf ("" when none): the label it names (a unit's hexes, an
 * objective's or a hexside's hex), the first hex of the unit, objective or hexside whose value
 * it is about, or the cell of the terrain or elevation grid it points into. */
static void problem_hex(const json_t *sc, const char *text, size_t len, const lb_err *e,
                        char *buf, size_t n)
{
    static const char *const owners[] = {"/units/", "/victory/objectives/", "/map/hexsides/"};
    buf[0] = '\0';
    if (strcmp(e->file, "scenario") != 0) /* a problem of the game module */
        return;
    const char *named = label_text(at_pointer(sc, e->path));
    if (named) {
        if (on_map(sc, named))
            snprintf(buf, n, "%s", named);
        return;
    }
    long long row;
    int at;
    if ((sscanf(e->path, "/map/terrain/%lld%n", &row, &at) == 1 ||
         sscanf(e->path, "/map/elevation/%lld%n", &row, &at) == 1) && e->path[at] == '\0') {
        if (hex_label(sc, grid_column(text, len, e), row + 1, buf, n) != 0)
            buf[0] = '\0';
        return;
    }
    for (size_t k = 0; k < sizeof owners / sizeof *owners; k++) {
        size_t plen = strlen(owners[k]);
        unsigned long i;
        if (strncmp(e->path, owners[k], plen) != 0 || sscanf(e->path + plen, "%lu", &i) != 1)
            continue;
        const json_t *owner = at_pointer(sc, owners[k][1] == 'u' ? "/units" : owners[k][1] == 'v'
                                                  ? "/victory/objectives" : "/map/hexsides");
        const json_t *item = json_array_get(owner, i);
        const json_t *hexes = json_object_get(item, "hexes");
        const char *first = label_text(json_is_array(hexes) ? json_array_get(hexes, 0) : hexes);
        if (!first)
            first = label_text(json_object_get(item, "hex"));
        if (first && on_map(sc, first))
            snprintf(buf, n, "%s", first);
        return;
    }
}

/* One problem of the answer. */
static json_t *problem_json(const json_t *sc, const char *text, size_t len, const lb_err *e)
{
    char hex[24];
    problem_hex(sc, text, len, e, hex, sizeof hex);
    json_t *p = json_pack("{s:s,s:i,s:i,s:s}", "path", e->path, "line", e->line, "col", e->col,
                          "message", e->msg);
    if (p && hex[0])
        json_object_set_new(p, "hex", json_string(hex));
    return p;
}

/* A limit of a scenario sent to the server it goes past (served.c), as one more problem: a
 * scenario the editor may play must load and fit. */
static json_t *served_problem(const lb_server *s, const json_t *sc, size_t len)
{
    lb_http_response scratch = {0};
    if (served_scenario(s, sc, "", len, &scratch) == 0)
        return NULL;
    json_t *answer = scratch.body ? json_loadb(scratch.body, scratch.len, 0, NULL) : NULL;
    free(scratch.body);
    json_t *err = json_object_get(answer, "error"), *path = json_object_get(err, "path");
    json_t *msg = json_object_get(err, "message");
    json_t *p = json_pack("{s:s,s:i,s:i,s:s}", "path", json_is_string(path) ? json_string_value(path)
                          : "", "line", 0, "col", 0, "message", json_is_string(msg)
                          ? json_string_value(msg) : "over a limit of the server");
    json_decref(answer);
    return p;
}

void route_check(lb_server *s, const lb_http_request *rq, lb_http_response *rs)
{
    const char *text = rq->body ? rq->body : "";
    size_t len = rq->body ? rq->body_len : 0;
    lb_load_opts opts = s->opts;
    opts.strict = 1;       /* as a posted game reads it */
    opts.whole_battle = 1; /* as `check --strict`: a battle says its last turn */
    lb_state *st = NULL;
    lb_errlist errs = {0};
    int rc = lb_scenario_load("scenario", text, len, &opts, &st, &errs);
    lb_state_free(st);
    if (rc == LB_NOMEM) {
        lb_errlist_release(&errs);
        reply_bytes(rs, 500, NULL, 0, NULL);
        return;
    }
    json_t *sc = json_loadb(text, len, 0, NULL), *problems = json_array();
    for (int i = 0; i < errs.count; i++)
        json_array_append_new(problems, problem_json(sc, text, len, &errs.items[i]));
    lb_errlist_release(&errs);
    json_t *over = rc == LB_OK && json_is_object(sc) ? served_problem(s, sc, len) : NULL;
    int ok = rc == LB_OK && !over; /* the verdict is the loader's and the limits', never the
                                    * list's length */
    if (over)
        json_array_append_new(problems, over);
    json_decref(sc);
    reply_json(rs, 200, json_pack("{s:b,s:o}", "ok", ok, "problems", problems));
}
