/* Chart compilers' shared helpers (private): problems at chart paths, typed reads of JSON values, strict key checks. */
#ifndef LB_CHART_JSON_H
#define LB_CHART_JSON_H

#include <jansson.h>

#include "lb/arena.h"
#include "lb/charts.h"
#include "lb/err.h"

/*
 * A chart compiler reads one part of the merged charts document (docs/charts-format.md) and
 * reports every problem at its JSON Pointer into the charts ("/carre_table/french/line/2/0/lo");
 * the scenario loader places it in the scenario or the module (R-SCN-7). Readers return 0 with
 * the value, or -1 after reporting; optional keys that are absent return 1 (or -2 for enums).
 */

#define CJ_PATH LB_ERR_PATH_MAX

/* Reports one problem at chart path (same shape as lb_fire_charts_report). */
typedef void (*cj_report_fn)(void *ctx, const char *path, const char *msg);

typedef struct cj {
    const lb_charts *charts;
    lb_arena *arena;
    int strict;
    cj_report_fn report;
    void *ctx;
    int failed;   /* something was reported */
    int nomem;
} cj;

/* Reports a problem at path and marks the compiler failed. */
void cj_problem(cj *C, const char *path, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The JSON text of v for "found …", shortened into buf; "nothing" for NULL. */
const char *cj_found(const json_t *v, char *buf, size_t n);
/* base + "/" + key (escaped per RFC 6901) into out (CJ_PATH bytes). */
void cj_path_key(char *out, const char *base, const char *key);
/* base + "/" + i into out. */
void cj_path_index(char *out, const char *base, size_t i);
/* n zeroed elements in the arena (at least one), NULL with nomem set. */
void *cj_alloc(cj *C, size_t n, size_t size);
/* A copy of s in the arena. */
const char *cj_dup(cj *C, const char *s);
/* A mark or display text (docs/charts-format.md 2.4) allowed on every object. */
int cj_is_mark(const char *key, const json_t *v);
/* In strict mode, reports every key of obj that is neither in known nor a mark. */
void cj_check_keys(cj *C, const json_t *obj, const char *base, const char *const *known,
                   int nknown);
/* v when it is an object, else reports "expected what" at path and returns NULL. */
const json_t *cj_object(cj *C, const json_t *v, const char *path, const char *what);
/* An integer in [min, max] at key of obj. */
int cj_int(cj *C, const json_t *obj, const char *base, const char *key, int required, int min,
           int max, int *out);
/* One of names at key: its index, -1 reported, -2 absent and optional. */
int cj_enum(cj *C, const json_t *obj, const char *base, const char *key, int required,
            const char *const *names, int count);
/* A roll "11".."66" at key: its value, 0 absent and optional, -1 reported. */
int cj_roll(cj *C, const json_t *obj, const char *base, const char *key, int required);
/* A roll range {"lo", "hi"} at path into *lo, *hi. */
int cj_roll_range(cj *C, const json_t *v, const char *path, int *lo, int *hi);
/* A die range {"lo", "hi"} (1 <= lo <= hi <= 6) at path into *lo, *hi. */
int cj_die_range(cj *C, const json_t *v, const char *path, int *lo, int *hi);
/* A rational {"num", "den"} (num >= 0, den >= 1) at path into *num, *den. */
int cj_rational(cj *C, const json_t *v, const char *path, int *num, int *den);
/* A string or a list of strings (ids) at path into an arena array; *n gets the count. */
int cj_ids(cj *C, const json_t *v, const char *path, const char *what, const char ***out, int *n);

/* Compiles the condition (10.1) at path, allowing the roles in `roles` (LB_ROLE_* bits), into
 * *out; 0, or -1 after reporting. Implemented in modifiers.c. */
struct lb_condition;
int cj_condition(cj *C, const json_t *v, const char *base, unsigned roles,
                 struct lb_condition *out);

/* Compiles the modifier table at charts key `key` (10.3) into *out, allowing the roles in
 * `roles` (LB_ROLE_* bits) and the `per` counts in `pers` (bit per lb_modifier_per). An absent
 * table leaves out->present 0. Implemented in modifiers.c. */
struct lb_modifier_table;
void cj_modifiers(cj *C, const json_t *doc, const char *key, unsigned roles, unsigned pers,
                  struct lb_modifier_table *out);

#endif
