/* The command-line program's shared parts: parsed arguments, scenario loading, output helpers. */
#ifndef LB_CLI_H
#define LB_CLI_H

#include <jansson.h>
#include <stdint.h>

#include "lb/lb.h"

/* Exit statuses (cli.md): answered, invalid input, usage error. */
enum { CLI_OK = 0, CLI_INVALID = 1, CLI_USAGE = 2 };

#define CLI_MAX_POSITIONAL 8
#define CLI_MAX_OPTIONS 16

typedef struct cli_option {
    char name[32];     /* without "--" */
    const char *value; /* NULL for a flag */
} cli_option;

typedef struct cli_args {
    const char *command;
    const char *positional[CLI_MAX_POSITIONAL];
    int npositional;
    cli_option options[CLI_MAX_OPTIONS];
    int noptions;
    int json;
    int strict;
} cli_args;

typedef struct cli_command {
    const char *name;
    int (*run)(const cli_args *args);
    const char *options; /* command options: "kind=,mod=,auto" ('=' takes a value) */
    const char *usage;
    const char *help;
} cli_command;

/* The value of option name, or NULL; *given (when not NULL) says whether it was given. */
const char *cli_option_value(const cli_args *args, const char *name, int *given);
/* Loads the scenario FILE (or the embedded demo when file is NULL); prints every error to
 * stderr and returns NULL when it is refused. */
lb_state *cli_load(const cli_args *args, const char *file);
/* Loads like cli_load but collects the errors in errs instead of printing them. */
lb_state *cli_load_keep(const cli_args *args, const char *file, lb_errlist *errs);
/* Prints every error on stderr as FILE:LINE:COL: PATH: message. */
void cli_print_errors(const lb_errlist *errs);
/* Prints a usage error for a command and returns CLI_USAGE. */
int cli_usage(const cli_args *args, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prints an invalid-input error and returns CLI_INVALID. */
int cli_invalid(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Sets up dice from --dice or --seed (a seed is chosen and returned in *seed when neither is
 * given); returns CLI_OK or a usage error. */
int cli_dice(const cli_args *args, lb_dice *dice, uint64_t *seed);
/* A hex label or a unit id (the unit's first hex); -1 with an error printed when neither. */
int cli_hex_or_unit(const lb_state *st, const char *s, lb_hex *hex, int *unit);
/* The trace as JSON (a new reference). */
json_t *cli_trace_json(const lb_trace *t);
/* Prints the trace as indented text lines. */
void cli_trace_print(const lb_trace *t);
/* Prints obj as JSON on stdout and releases it. */
void cli_print_json(json_t *obj);

/* Side marks for text maps: the sides' initials in capitals, or 1 and 2 when they clash. */
void cli_side_marks(const lb_state *st, char marks[2]);
/* Prints the map as text (R-GRID-2 staggered columns) and its key; with marks (one per cell), a
 * fourth character per hex shows mark_chars[marks[cell]], explained by mark_key. */
void cli_map_print(const lb_state *st, const unsigned char *marks, const char *mark_chars,
                   const char *mark_key);

/* Runs the program on argv (argv[0] the program, argv[1] the subcommand); the exit status. */
int cli_main(int argc, char **argv);

/* The subcommands, one file each. */
int cmd_check(const cli_args *args);
int cmd_show(const cli_args *args);
int cmd_morale(const cli_args *args);
int cmd_retreat(const cli_args *args);
int cmd_los(const cli_args *args);
int cmd_visible(const cli_args *args);
int cmd_fire(const cli_args *args);
int cmd_charge(const cli_args *args);
int cmd_play(const cli_args *args);
int cmd_games(const cli_args *args);
int cmd_replay(const cli_args *args);
int cmd_melee(const cli_args *args);
int cmd_move(const cli_args *args);
int cmd_selfplay(const cli_args *args);

#endif
