/* Scenario loading: JSON text in, a validated lb_state out, or every problem with its position. */
#ifndef LB_SCENARIO_H
#define LB_SCENARIO_H

#include <stddef.h>
#include "err.h"
#include "state.h"

/*
 * A scenario (docs/scenario-format.md) names a game module; the caller supplies the modules it
 * knows (the CLI passes the ones embedded from data/games/). A scenario that breaks any rule is
 * refused whole: *out stays NULL and errs lists every problem as FILE:LINE:COL: PATH: expected
 * …, found … (positions in the scenario, or in the module when the problem is there), sorted by
 * position; past the first 1000 problems the others are only counted, in a last line. The limits
 * (size, map, units, ids, lists) are those of docs/scenario-format.md; a UTF-8 byte-order mark at
 * the start is skipped.
 */

/* The largest scenario text read, in bytes (32 MiB). */
#define LB_SCENARIO_BYTES_MAX ((size_t)32 << 20)

typedef struct lb_module {
    const char *id;   /* "deutsch-wagram-1809" */
    const char *file; /* name used in error messages ("data/games/deutsch-wagram-1809.json") */
    const char *text;
    size_t len;
} lb_module;

typedef struct lb_load_opts {
    const lb_module *modules;
    int nmodules;
    int strict;       /* unknown keys are errors */
    int whole_battle; /* `check --strict`: the scenario must say its last turn
                       * (`victory.last_turn`, R-GAME-4) */
    int options_max;  /* a game's action decisions list at most this many options (0: no limit):
                       * an answer leading to a longer one is refused (R-WEB-6, lb/game.h) */
} lb_load_opts;

/* Loads from text; file names the source in messages. LB_OK, LB_SYNTAX, LB_INVALID, LB_LIMIT (the
 * text is over LB_SCENARIO_BYTES_MAX) or LB_NOMEM. */
int lb_scenario_load(const char *file, const char *text, size_t len, const lb_load_opts *opts,
                     lb_state **out, lb_errlist *errs);
/* Reads a file then loads it; LB_IO (with one error) when it cannot be read or is a directory,
 * LB_LIMIT when it holds more than LB_SCENARIO_BYTES_MAX bytes (a device or a pipe is read only
 * that far). */
int lb_scenario_load_file(const char *path, const lb_load_opts *opts, lb_state **out,
                          lb_errlist *errs);

#endif
