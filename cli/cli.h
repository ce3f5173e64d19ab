/* The command-line program's shared parts: parsed arguments, scenario loading, output helpers. */
#ifndef LB_CLI_H
#define LB_CLI_H

#include <jansson.h>
#include <stdio.h>
#include <stdint.h>

#include "lb/ask.h"
#include "lb/lb.h"

/* Exit statuses (cli.md): answered, invalid input, usage error. */
enum { CLI_OK = 0, CLI_INVALID = 1, CLI_USAGE = 2 };

/* Seeds are 0..2^63-1: every JSON reader that holds 64-bit integers (jansson's are signed)
 * reads them back exactly, and they print the same signed or unsigned. */
#define CLI_SEED_MAX ((uint64_t)INT64_MAX)
/* Arguments echoed in messages are cut to this many bytes (a 90 KB --dice list is not echoed). */
#define CLI_SHORT_MAX 48

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

/* The value of option name, or NULL; *given (when not NULL) says whether it was given. */
const char *cli_option_value(const cli_args *args, const char *name, int *given);
/* The whole file at path into *text (malloc'd, not NUL-terminated; the caller frees) and *len:
 * 0, or -1 with errno set. */
int cli_read_file(const char *path, char **text, size_t *len);
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
/* Opens the store a command only reads (games, replay): a SQLite file that does not exist is
 * refused (CLI_INVALID, with the reason), not made empty; CLI_OK with *out. */
int cli_store_open_existing(const char *where, lb_store **out);
/* s, or its first bytes and "..." in buf when it is longer than CLI_SHORT_MAX - 1. */
const char *cli_short(const char *s, char buf[CLI_SHORT_MAX]);
/* Sets up dice from --dice or --seed (a seed is chosen and returned in *seed when neither is
 * given); returns CLI_OK or a usage error: a bad or 257th die, a seed out of 0..CLI_SEED_MAX. */
int cli_dice(const cli_args *args, lb_dice *dice, uint64_t *seed);
/* Prints "PREFIXunknown unit "ID"", with the nearest unit id when one is near
 * (lb_state_suggest_unit), and returns CLI_INVALID. */
int cli_unknown_unit(const lb_state *st, const char *prefix, const char *id);
/* A hex label or a unit id (the unit's first hex); -1 with an error printed when neither, naming
 * the nearest unit id or hex label when one is near. */
int cli_hex_or_unit(const lb_state *st, const char *s, lb_hex *hex, int *unit);
/* Unit i of st as it stands (all zero, id NULL, when i is out of range). */
lb_unit_info cli_unit(const lb_state *st, int i);
/* The map's size as messages give it, "20x18", into buf; returns buf. */
#define CLI_MAP_SIZE_MAX 24
const char *cli_map_size(const lb_state *st, char buf[CLI_MAP_SIZE_MAX]);
/* A library answer's JSON text, as an lb_…_json function of lb/answer.h gave it (rc, and text,
 * malloc'd: freed here), as a JSON value: a new reference, or NULL when rc is not LB_OK. */
json_t *cli_answer_json(int rc, char *text);
/* Prints that answer as cli_print_json does: CLI_OK, or CLI_INVALID with the error printed. */
int cli_print_answer(int rc, char *text);
/* Prints an answer of lb_ask: as JSON (indented, as cli_print_answer) with --json, else as
 * text. CLI_OK, or CLI_INVALID with the error printed. */
int cli_print_asked(const cli_args *args, const lb_answer *a);
/* Asks q on st, whose decisions a decider of the command takes (charge, melee), and prints the
 * answer (cli_print_asked). When lb_ask fails, the decider's own error (*decider_rc as the
 * decider left it during lb_ask, when not CLI_OK: already printed) wins; else a --dice problem
 * is a usage error and any other CLI_INVALID with lb_ask's message. */
int cli_ask_decided(const cli_args *args, const lb_state *st, const lb_question *q,
                    const int *decider_rc);
/* The trace as JSON (a new reference). */
json_t *cli_trace_json(const lb_trace *t);
/* Prints the trace as indented text lines. */
void cli_trace_print(const lb_trace *t);
/* The same on out. */
void cli_trace_fprint(FILE *out, const lb_trace *t);
/* What s says, into buf (n bytes, cut short when too small); returns buf. */
const char *cli_said(const lb_said *s, char *buf, size_t n);
/* Prints the pending decision d of a rule command (charge, melee) on out: its side, kind,
 * subject and rule, its prompt, and each option numbered with its key, "(auto)" on the rules'
 * automatic choice. */
void cli_decision_print(FILE *out, const lb_state *st, const lb_decision *d);
/* Prints obj as JSON on stdout and releases it. */
void cli_print_json(json_t *obj);

/* Prints the map as text on stdout (lb_map_print). */
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
int cmd_explain(const cli_args *args);

/* explain.c: the ruling what ("R-FIRE-7", any case) printed whole with its section, or every
 * ruling of an area ("fire", "R-FIRE") by its first line: 0; or -1 with the reason in why (n
 * bytes), which names what does exist. */
int cli_explain(FILE *out, const char *what, char *why, size_t n);
/* The areas of the rulings (the sections of docs/rulings.md). */
void cli_explain_areas(FILE *out);
int cmd_replay(const cli_args *args);
int cmd_melee(const cli_args *args);
int cmd_move(const cli_args *args);
int cmd_selfplay(const cli_args *args);
int cmd_serve(const cli_args *args);
int cmd_verify(const cli_args *args);

#endif
