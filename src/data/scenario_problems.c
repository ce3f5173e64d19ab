/* The scenario loader's problem list: bounded, placed in one walk per text at the end, sorted by position. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonpos.h"
#include "lb/core.h"
#include "scenario_int.h"
#include "state_int.h"

void lbi_scn_report_doc(void *ctx, const char *path, const char *msg)
{
    lbi_scn_problem(ctx, path, "%s", msg);
}

void lbi_scn_report_chart(void *ctx, const char *path, const char *msg)
{
    lbi_scn_problem_chart(ctx, path, "%s", msg);
}

void lbi_scn_readers_init(loader *L)
{
    cj base = {.charts = &L->st->charts, .arena = L->st->arena, .strict = L->strict, .ctx = L};
    L->doc = base;
    L->doc.report = lbi_scn_report_doc;
    L->chart = base;
    L->chart.report = lbi_scn_report_chart;
}

int lbi_scn_listing(const loader *L)
{
    return L->nproblems < SCN_PROBLEMS_MAX;
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void lbi_scn_mark_reported(loader *L, const char *path)
{
    char *copy = strdup(path);
    char **paths = copy ? lb_grow(L->reported, &L->reported_cap, L->nreported + 1, sizeof *paths)
                        : NULL;
    if (!paths) {
        free(copy);
        L->nomem = 1;
        return;
    }
    L->reported = paths;
    paths[L->nreported++] = copy;
    L->reported_sorted = 0;
}

/* True when a problem at path follows from a value reported while parsing. */
static int already_reported(loader *L, const char *path)
{
    if (!L->nreported)
        return 0;
    if (!L->reported_sorted) {
        qsort(L->reported, (size_t)L->nreported, sizeof *L->reported, by_text);
        L->reported_sorted = 1;
    }
    return bsearch(&path, L->reported, (size_t)L->nreported, sizeof *L->reported, by_text) != NULL;
}

/* A new entry of the list at path (as written: "" is the whole document), or NULL when the
 * problem is only counted (or was reported while parsing). */
static lbi_scn_entry *add(loader *L, lbi_scn_source in, int code, const char *path)
{
    if (already_reported(L, path))
        return NULL;
    L->found++;
    if (!lbi_scn_listing(L))
        return NULL;
    lbi_scn_entry *list = lb_grow(L->problems, &L->cap, L->nproblems + 1, sizeof *list);
    if (!list) {
        L->nomem = 1;
        return NULL;
    }
    L->problems = list;
    lbi_scn_entry *p = &list[L->nproblems++];
    memset(p, 0, sizeof *p);
    p->e.code = code;
    p->in = in;
    p->k = -1;
    snprintf(p->e.file, sizeof p->e.file, "%s", in == SCN_MODULE ? L->module.file : L->scenario.file);
    snprintf(p->e.path, sizeof p->e.path, "%s", path);
    return p;
}

static void vproblem(loader *L, lbi_scn_source in, const char *path, int k, const char *fmt,
                     va_list ap)
{
    lbi_scn_entry *p = add(L, in, LB_INVALID, path);
    if (!p)
        return;
    vsnprintf(p->e.msg, sizeof p->e.msg, fmt, ap);
    p->k = k;
}

void lbi_scn_problem(loader *L, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vproblem(L, SCN_SCENARIO, path, -1, fmt, ap);
    va_end(ap);
}

void lbi_scn_problem_module(loader *L, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vproblem(L, SCN_MODULE, path, -1, fmt, ap);
    va_end(ap);
}

void lbi_scn_problem_char(loader *L, const char *path, int k, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vproblem(L, SCN_SCENARIO, path, k, fmt, ap);
    va_end(ap);
}

/* How many segments of pointer ptr exist in doc (all of them when *complete). */
static int existing_depth(const json_t *doc, const char *ptr, int *complete)
{
    int depth = 0;
    *complete = 0;
    if (!doc)
        return -1;
    const json_t *v = doc;
    while (*ptr == '/') {
        char seg[CJ_PATH];
        size_t n = 0;
        for (ptr++; *ptr && *ptr != '/'; ptr++) {
            char ch = *ptr;
            if (ch == '~' && (ptr[1] == '0' || ptr[1] == '1'))
                ch = *++ptr == '0' ? '~' : '/';
            if (n + 1 < sizeof seg)
                seg[n++] = ch;
        }
        seg[n] = '\0';
        const json_t *next = NULL;
        if (json_is_object(v)) {
            next = json_object_get(v, seg);
        } else if (json_is_array(v)) {
            char *end;
            long i = strtol(seg, &end, 10);
            next = *seg && !*end && i >= 0 ? json_array_get(v, (size_t)i) : NULL;
        }
        if (!next)
            return depth;
        v = next;
        depth++;
    }
    *complete = 1;
    return depth;
}

void lbi_scn_problem_chart(loader *L, const char *cpath, const char *fmt, ...)
{
    char spath[CJ_PATH + 8];
    snprintf(spath, sizeof spath, "/charts%s", cpath);
    int in_scenario, in_module;
    int scenario_depth = existing_depth(L->inline_charts, cpath, &in_scenario);
    int module_depth = L->module.text ? existing_depth(L->module_root, cpath, &in_module) : -1;
    if (!L->module.text)
        in_module = 0;
    /* R-SCN-7: where the value is written; for a missing one, the file that holds more of its
     * parents (the scenario on a tie, as its charts override) */
    int module = !in_scenario && (in_module || (L->module.text && module_depth > scenario_depth));
    va_list ap;
    va_start(ap, fmt);
    if (module)
        vproblem(L, SCN_MODULE, cpath, -1, fmt, ap);
    else
        vproblem(L, SCN_SCENARIO, spath, -1, fmt, ap);
    va_end(ap);
}

void lbi_scn_problem_placed(loader *L, lbi_scn_source in, int code, int line, int col,
                            const char *path, const char *msg)
{
    lbi_scn_entry *p = add(L, in, code, path[0] ? path : "/"); /* "/" shows the whole document */
    if (!p)
        return;
    p->e.line = line;
    p->e.col = col;
    p->placed = 1;
    snprintf(p->e.msg, sizeof p->e.msg, "%s", msg);
}

void lbi_scn_problem_file(loader *L, lbi_scn_source in, int code, const char *msg)
{
    lbi_scn_entry *p = add(L, in, code, "");
    if (!p)
        return;
    p->placed = 1; /* no line: the file as a whole */
    snprintf(p->e.msg, sizeof p->e.msg, "%s", msg);
}

/* Places the problems of one text in one walk. */
static int place(loader *L, lbi_scn_source in)
{
    const lbi_scn_text *t = in == SCN_MODULE ? &L->module : &L->scenario;
    const char **ptrs = malloc((size_t)L->nproblems * sizeof *ptrs + 1);
    int *which = malloc((size_t)L->nproblems * sizeof *which + 1);
    int n = 0;
    for (int i = 0; ptrs && which && i < L->nproblems; i++)
        if (L->problems[i].in == in && !L->problems[i].placed) {
            which[n] = i;
            ptrs[n++] = L->problems[i].e.path;
        }
    jsonpos *at = ptrs && which ? malloc((size_t)n * sizeof *at + 1) : NULL;
    if (!at || (n && lbi_jsonpos_locate_all(t->text, t->len, ptrs, n, at) != 0)) {
        free(ptrs);
        free(which);
        free(at);
        return LB_NOMEM;
    }
    for (int j = 0; j < n; j++) {
        lbi_scn_entry *p = &L->problems[which[j]];
        jsonpos pos = at[j];
        if (p->k >= 0 && pos.complete)
            pos = lbi_jsonpos_string_char(t->text, t->len, pos, p->k);
        p->e.line = pos.line;
        p->e.col = pos.col;
        if (!p->e.path[0])
            snprintf(p->e.path, sizeof p->e.path, "/"); /* "/" shows the whole document */
    }
    free(ptrs);
    free(which);
    free(at);
    return LB_OK;
}

int lbi_scn_problems_finish(loader *L, lb_errlist *errs)
{
    int rc = place(L, SCN_SCENARIO);
    if (rc == LB_OK && L->module.text)
        rc = place(L, SCN_MODULE);
    int first = errs->count;
    for (int i = 0; rc == LB_OK && i < L->nproblems; i++)
        rc = lb_errlist_push(errs, &L->problems[i].e);
    if (errs->count > first) {
        lb_errlist added = {errs->items + first, errs->count - first, 0};
        lb_errlist_sort(&added);
    }
    if (rc == LB_OK && L->found > L->nproblems) {
        lb_err e;
        lb_err_set(&e, LB_LIMIT, "expected at most %d problems, found %ld: the first %d found are "
                   "listed", SCN_PROBLEMS_MAX, L->found, SCN_PROBLEMS_MAX);
        snprintf(e.file, sizeof e.file, "%s", L->scenario.file);
        rc = lb_errlist_push(errs, &e);
    }
    free(L->problems);
    L->problems = NULL;
    L->nproblems = L->cap = 0;
    for (int i = 0; i < L->nreported; i++)
        free(L->reported[i]);
    free(L->reported);
    L->reported = NULL;
    L->nreported = L->reported_cap = 0;
    return rc;
}
