/* Fuzz targets' command lines: arguments one per line, answers to /dev/null, a scratch folder. */
#ifndef LB_FUZZ_CLI_INPUT_H
#define LB_FUZZ_CLI_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FUZZ_ARGS_MAX 16
#define FUZZ_ARG_LEN 256

/* A command line read from fuzz input: argv[0] is the program, argv[argc] NULL. */
typedef struct fuzz_cmdline {
    char args[FUZZ_ARGS_MAX][FUZZ_ARG_LEN];
    char *argv[FUZZ_ARGS_MAX + 2];
    int argc;
} fuzz_cmdline;

/* At exit: the scratch folder goes when the commands left it empty. */
static inline void fuzz_leave_scratch(void)
{
    char here[256];
    if (getcwd(here, sizeof here) && chdir("/") == 0)
        rmdir(here);
}

/* Answers go nowhere and no prompt waits for a terminal (messages on stderr stay: libFuzzer
 * reports there too, run it with -close_fd_mask=2 to silence the program's); whatever a command
 * writes lands in a fresh folder under /tmp, never in the project. */
static inline void fuzz_enter_scratch(void)
{
    if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "r", stdin))
        abort();
    char scratch[] = "/tmp/lb-fuzz-cli-XXXXXX";
    if (!mkdtemp(scratch) || chdir(scratch) != 0)
        abort();
    atexit(fuzz_leave_scratch);
}

/*
 * Reads arguments, one per line (a NUL also ends one), from data: all of it, or with
 * stop_at_blank up to the first empty line. An argument "@" becomes at_file; pictures go to
 * /dev/null (--svg OUT, --svg=OUT). Returns the bytes used, the empty line included.
 */
static inline size_t fuzz_cmdline_read(fuzz_cmdline *c, const uint8_t *data, size_t size,
                                int stop_at_blank, const char *at_file)
{
    c->argv[0] = "labataille";
    c->argc = 1;
    size_t i = 0;
    while (i <= size && c->argc <= FUZZ_ARGS_MAX) {
        char *arg = c->args[c->argc - 1];
        size_t n = 0;
        while (i < size && data[i] != '\n' && data[i] != '\0') {
            if (n + 1 < FUZZ_ARG_LEN)
                arg[n++] = (char)data[i];
            i++;
        }
        arg[n] = '\0';
        i++;
        if (stop_at_blank && n == 0)
            break;
        if (strncmp(arg, "--svg=", 6) == 0)
            snprintf(arg, FUZZ_ARG_LEN, "--svg=/dev/null");
        else if (c->argc > 1 && strcmp(c->argv[c->argc - 1], "--svg") == 0)
            snprintf(arg, FUZZ_ARG_LEN, "/dev/null");
        c->argv[c->argc++] = strcmp(arg, "@") == 0 ? (char *)at_file : arg;
    }
    c->argv[c->argc] = NULL;
    return i < size ? i : size;
}

/* Commands whose run time their arguments set by design, not a fault of the input: `selfplay`
 * plays as many whole games as it is asked, each a minute or more at the full level under the
 * fuzzer's instrumentation (its options are tested by the cases and tests/game), and `serve`
 * serves until it is stopped (its requests are fuzz_http's input, its options tested by tests/api
 * and the cases). The fuzz targets leave them out. */
static inline int fuzz_cmdline_runs_by_design(const fuzz_cmdline *c)
{
    return c->argc > 1 && (strcmp(c->argv[1], "selfplay") == 0 || strcmp(c->argv[1], "serve") == 0);
}

/* A --budget the command would accept (1 to 600000 ms per decision) is held to 1000: the
 * computer thinks as long as it is told, so a long budget is a long run by design, not a fault
 * of the input (values outside the range stay as they are, to be refused). */
static inline void fuzz_cmdline_hold_budget(fuzz_cmdline *c)
{
    for (int i = 1; i + 1 < c->argc; i++) {
        char *end;
        long ms = strtol(c->argv[i + 1], &end, 10);
        if (strcmp(c->argv[i], "--budget") == 0 && *end == '\0' && ms > 1000 && ms <= 600000)
            snprintf(c->argv[i + 1], FUZZ_ARG_LEN, "1000");
    }
}

#endif
