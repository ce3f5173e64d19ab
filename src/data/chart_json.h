/* Chart compilers' shared helpers (private): problems at chart paths, typed reads of JSON values, strict key checks. */
#ifndef LB_CHART_JSON_H
#define LB_CHART_JSON_H

#include <jansson.h>

#include "arena_int.h"
#include "charge_charts.h"
#include "state_types.h"
#include "lb/core.h"
#include "lbi.h"

/*
 * A chart compiler reads one part of the merged charts document (docs/charts-format.md) and
 * reports every problem at its JSON Pointer into the charts ("/carre_table/french/line/2/0/lo");
 * the scenario loader places it in the scenario or the module (R-SCN-7). Readers return 0 with
 * the value, or -1 after reporting; optional keys that are absent return 1 (or -2 for enums).
 */

#define CJ_PATH LB_ERR_PATH_MAX

/* The loader's one report callback: one problem (msg, "expected …, found …") at a JSON Pointer
 * into the merged charts or into the scenario, as the caller says; ctx is the caller's. */
typedef void (*lbi_report)(void *ctx, const char *path, const char *msg);

typedef struct cj {
    const lb_charts *charts;
    lb_arena *arena;
    int strict;
    lbi_report report;
    void *ctx;
    int failed;   /* something was reported */
    int nomem;
} cj;

/* Reports a problem at path and marks the compiler failed. */
LBI void lbi_cj_problem(cj *C, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The JSON text of v for "found …", shortened into buf; "nothing" for NULL. */
LBI const char *lbi_cj_found(const json_t *v, char *buf, size_t n);
/* base + "/" + key (escaped per RFC 6901) into out (CJ_PATH bytes); out may be base. */
LBI void lbi_cj_path_key(char *out, const char *base, const char *key);
/* base + "/" + i into out. */
LBI void lbi_cj_path_index(char *out, const char *base, size_t i);
/* n zeroed elements in the arena (at least one), NULL with nomem set. */
LBI void *lbi_cj_alloc(cj *C, size_t n, size_t size);
/* A copy of s in the arena. */
LBI const char *lbi_cj_dup(cj *C, const char *s);
/* A mark or display text (docs/charts-format.md 2.4) allowed on every object. */
LBI int lbi_cj_is_mark(const char *key, const json_t *v);
/* In strict mode, reports every key of obj that is neither in known nor a mark. */
LBI void lbi_cj_check_keys(cj *C, const json_t *obj, const char *base, const char *const *known,
                   int nknown);
/* v when it is an object, else reports "expected what" at path and returns NULL. */
LBI const json_t *lbi_cj_object(cj *C, const json_t *v, const char *path, const char *what);
/* An integer in [min, max] at key of obj. */
LBI int lbi_cj_int(cj *C, const json_t *obj, const char *base, const char *key, int required,
                   int min, int max, int *out);
/* The same read of v, the value at key of the object at base (NULL: absent). */
LBI int lbi_cj_int_value(cj *C, const json_t *v, const char *base, const char *key, int required,
                         int min, int max, int *out);
/* One of names at key: its index, -1 reported, -2 absent and optional. */
LBI int lbi_cj_enum(cj *C, const json_t *obj, const char *base, const char *key, int required,
            const char *const *names, int count);
/* The same read, reported as "expected one of a, b, c, found …" (the scenario's own keys). */
LBI int lbi_cj_one_of(cj *C, const json_t *obj, const char *base, const char *key, int required,
              const char *const *names, int count);
/* The same read of v, the value at key of the object at base (NULL: absent). */
LBI int lbi_cj_one_of_value(cj *C, const json_t *v, const char *base, const char *key,
                            int required, const char *const *names, int count);
/* "a, b, c" of the first `shown` names into buf, then ", ..." when there are more. */
LBI void lbi_cj_join(char *buf, size_t n, const char *const *names, int count, int shown);
/* A non-empty string at key into *out (not copied): 0, 1 absent and optional, -1 reported as
 * "expected <what>, found …". */
LBI int lbi_cj_string(cj *C, const json_t *obj, const char *base, const char *key, int required,
              const char *what, const char **out);
/* The same read of the value v at path (NULL is missing): 0, or -1 reported. */
LBI int lbi_cj_string_at(cj *C, const json_t *v, const char *path, const char *what,
                         const char **out);
/* true or false at key into *out (0 when absent and optional): 0, 1 absent, -1 reported. */
LBI int lbi_cj_bool(cj *C, const json_t *obj, const char *base, const char *key, int *out);
/* The value of a roll "11".."66" (R-DICE-1), or 0 when v is not one. */
LBI int lbi_cj_roll_value(const json_t *v);
/* A roll "11".."66" at key: its value, 0 absent and optional, -1 reported. */
LBI int lbi_cj_roll(cj *C, const json_t *obj, const char *base, const char *key, int required);
/* A roll range {"lo", "hi"} at path into *lo, *hi. */
LBI int lbi_cj_roll_range(cj *C, const json_t *v, const char *path, int *lo, int *hi);
/* A die range {"lo", "hi"} (1 <= lo <= hi <= 6) at path into *lo, *hi. */
LBI int lbi_cj_die_range(cj *C, const json_t *v, const char *path, int *lo, int *hi);
/* A rational {"num", "den"} (num >= 0, den >= 1) at path into *num, *den. */
LBI int lbi_cj_rational(cj *C, const json_t *v, const char *path, int *num, int *den);
/* A string or a list of strings (ids) at path into an arena array; *n gets the count. */
LBI int lbi_cj_ids(cj *C, const json_t *v, const char *path, const char *what, const char ***out,
                   int *n);

/* Compiles the condition (10.1) at path, allowing the roles in `roles` (LB_ROLE_* bits), into
 * *out; 0, or -1 after reporting. Implemented in modifiers.c. */
struct lb_condition;
LBI int lbi_cj_condition(cj *C, const json_t *v, const char *base, unsigned roles,
                 struct lb_condition *out);

/* Compiles the modifier table at charts key `key` (10.3) into *out, allowing the roles in
 * `roles` (LB_ROLE_* bits) and the `per` counts in `pers` (bit per lb_modifier_per). An absent
 * table leaves out->present 0. Implemented in modifiers.c. */
struct lb_modifier_table;
LBI void lbi_cj_modifiers(cj *C, const json_t *doc, const char *key, unsigned roles, unsigned pers,
                  struct lb_modifier_table *out);

/* ---- the compilers the loader runs, each into the state's arena --------------------------- */

/* Compile the fire (charts-format 4.1, 5.2-5.6, 8.2), charge (7), melee (6) and movement (4.1,
 * 4.5, 8.1) tables of the merged document doc for charts c (terrain and hexside types compiled
 * already) into *out, in arena. Problems go to report at chart paths; strict also reports keys
 * the format does not define. LB_OK, LB_INVALID (something was reported) or LB_NOMEM. */
LBI int lbi_fire_charts_compile(const json_t *doc, const lb_charts *c, lb_arena *arena, int strict,
                                lbi_report report, void *ctx, lb_fire_charts **out);
LBI int lbi_charge_charts_compile(const json_t *doc, const lb_charts *c, lb_arena *arena,
                                  int strict, lbi_report report, void *ctx,
                                  lb_charge_charts **out);
LBI int lbi_melee_charts_compile(const json_t *doc, const lb_charts *c, lb_arena *arena,
                                 int strict, lbi_report report, void *ctx, lb_melee_charts **out);
LBI int lbi_move_charts_compile(const json_t *doc, const lb_charts *c, lb_arena *arena, int strict,
                                lbi_report report, void *ctx, lb_move_charts **out);

#endif
