/* The scenario loader's parts (private): its state, its problem list, its limits and its steps. */
#ifndef LB_SCENARIO_INT_H
#define LB_SCENARIO_INT_H

#include <jansson.h>
#include <stdarg.h>

#include "chart_json.h"
#include "state_types.h"
#include "lbi.h"

/*
 * A load runs in steps, each in its own file: scenario_parse.c (text to JSON), scenario.c (entry
 * points, header and turn), scenario_charts.c (the merged charts), scenario_map.c and
 * scenario_units.c. Every step reads values with the shared chart readers (chart_json.h) and
 * reports problems to the loader's list (scenario_problems.c), which holds at most
 * SCN_PROBLEMS_MAX of them, places them all in one walk over each text at the end, and sorts them.
 * The limits are stated in docs/scenario-format.md ("Limits").
 */

#define SCN_PROBLEMS_MAX 1000     /* problems listed; the others are counted */
#define SCN_UNITS_MAX 50000
#define SCN_ID_BYTES_MAX 63
#define SCN_NAME_BYTES_MAX 255    /* names, nations, classes, sides, the title */
#define SCN_MAP_SIDE_MAX 999
#define SCN_HEXSIDES_MAX 100000   /* map.hexsides entries */
#define SCN_TERRAIN_TYPES_MAX 254
#define SCN_HEXSIDE_TYPES_MAX 32  /* cancels is a bit set */
#define SCN_FIRE_MULTIPLES_MAX 1000
#define SCN_NAMES_SHOWN 8         /* names listed in "expected one of …" */

typedef enum lbi_scn_source { SCN_SCENARIO, SCN_MODULE } lbi_scn_source;

typedef struct lbi_scn_text {
    const char *file;
    const char *text; /* NULL for a module when the scenario names no game */
    size_t len;
} lbi_scn_text;

typedef struct lbi_scn_entry {
    lb_err e;         /* file, path, message; line and column once placed */
    lbi_scn_source in;
    int k;            /* the k-th character of the string at the path, or -1 */
    int placed;       /* line and column known when reported (syntax errors) */
} lbi_scn_entry;

typedef struct loader {
    lbi_scn_text scenario;
    lbi_scn_text module;
    json_t *root;
    json_t *module_root;
    json_t *inline_charts; /* the scenario's "charts", or NULL */
    json_t *charts;        /* the merged charts, read while loading, released at the end */
    int strict;
    int whole_battle; /* victory.last_turn required (R-GAME-4) */
    lb_state *st;
    cj doc;                /* readers reporting at scenario paths */
    cj chart;              /* readers reporting at merged-chart paths, placed by R-SCN-7 */
    lbi_scn_entry *problems;
    int nproblems;
    int cap;
    long found;            /* problems found, listed or not */
    char **reported;       /* paths of values reported while parsing (numbers beyond range) */
    int nreported;
    int reported_cap;
    int reported_sorted;
    int nomem;
    int indexed;           /* the state's hex index is up to date (the placement checks made it) */
} loader;

/* ---- scenario_problems.c ----------------------------------------------------------------- */

/* Sets up the two readers once the state exists. */
LBI void lbi_scn_readers_init(loader *L);
/* A problem at scenario path (its deepest existing parent when the value is missing). */
LBI void lbi_scn_problem(loader *L, const char *path, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));
/* A problem at path in the game module's text. */
LBI void lbi_scn_problem_module(loader *L, const char *path, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));
/* A problem at the k-th character of the string at scenario path. */
LBI void lbi_scn_problem_char(loader *L, const char *path, int k, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));
/* A problem at merged-chart path cpath ("/terrain/woods/move"), placed in the scenario's inline
 * charts when they hold it, else in the module (R-SCN-7). */
LBI void lbi_scn_problem_chart(loader *L, const char *cpath, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));
/* A problem whose position is known already (a syntax error), with its code. */
LBI void lbi_scn_problem_placed(loader *L, lbi_scn_source in, int code, int line, int col,
                                const char *path, const char *msg);
/* A problem of the whole file (no line), with its code. */
LBI void lbi_scn_problem_file(loader *L, lbi_scn_source in, int code, const char *msg);
/* True while problems are still listed: callers may skip building messages when not. */
LBI int lbi_scn_listing(const loader *L);
/* Lets no further problem be reported at path: its value was reported while parsing. */
LBI void lbi_scn_mark_reported(loader *L, const char *path);
/* Places every problem (one walk per text), appends them to errs sorted by position, then a last
 * line when some were not listed; frees the list. LB_OK or LB_NOMEM. */
LBI int lbi_scn_problems_finish(loader *L, lb_errlist *errs);
/* Report callbacks for the chart compilers: ctx is the loader, path a merged-chart path. */
LBI void lbi_scn_report_chart(void *ctx, const char *path, const char *msg);
/* Report callback at a scenario path: ctx is the loader. */
LBI void lbi_scn_report_doc(void *ctx, const char *path, const char *msg);

/* ---- scenario_parse.c -------------------------------------------------------------------- */

/* Parses one text (a UTF-8 byte-order mark already skipped) into *out; reports syntax errors and
 * numbers beyond range (those at their path, then the parse goes on). 0, or -1 when refused. */
LBI int lbi_scn_parse(loader *L, lbi_scn_source in, json_t **out);

/* ---- scenario_charts.c, scenario_map.c, scenario_units.c ---------------------------------- */

/* Merges the module and the inline charts and compiles every table into the state's charts. */
LBI void lbi_scn_load_charts(loader *L);
/* The map: size, legend, terrain, elevation and hexsides; 0, or -1 when it cannot be used. */
LBI int lbi_scn_load_map(loader *L);
/* The units, then (when they are sound) their placement (R-SCN-4, R-SCN-5). */
LBI void lbi_scn_load_units(loader *L);

/* ---- scenario_read.c: shared readers ------------------------------------------------------ */

/* A copy of s in the state's arena (NULL for NULL), noting when memory runs out. */
LBI char *lbi_scn_dup(loader *L, const char *s);
/* n zeroed elements in the state's arena (at least one), noting when memory runs out. */
LBI void *lbi_scn_alloc(loader *L, size_t n, size_t size);
/* In strict mode, reports every key of obj (an object at scenario path base) not in known. */
LBI void lbi_scn_unknown_keys(loader *L, const json_t *obj, const char *base,
                              const char *const *known, int nknown);
/* True when s holds a control character: U+0000-U+001F, U+007F-U+009F (11.9). */
LBI int lbi_scn_has_control(const char *s);
/* A name the loader keeps (a side, a title, a unit's name, nation or class): a non-empty string
 * of at most max bytes without control characters (11.9); 0, 1 absent and optional, -1 reported. */
LBI int lbi_scn_name(loader *L, const json_t *obj, const char *base, const char *key, int required,
                     const char *what, size_t max, const char **out);
/* The same read of v, the value at key of the object at base (NULL: absent). */
LBI int lbi_scn_name_value(loader *L, const json_t *v, const char *base, const char *key,
                           int required, const char *what, size_t max, const char **out);
/* The same read of the value v at path (NULL is missing): 0, or -1 reported. */
LBI int lbi_scn_name_at(loader *L, const json_t *v, const char *path, const char *what, size_t max,
                        const char **out);

#endif
