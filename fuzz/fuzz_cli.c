/* Fuzz target: the command line, any arguments to any subcommand, on a file holding the demo. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_input.h"
#include "lb/data.h"

int cli_main(int argc, char **argv);
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The demo written once to a file, so that "@" in the input can name a scenario file. */
static const char *demo_file(void)
{
    static char path[64];
    if (!path[0]) {
        snprintf(path, sizeof path, "/tmp/lb-fuzz-cli-%ld.json", (long)getpid());
        size_t len;
        const char *name;
        const char *text = lb_data_demo(&len, &name);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0)
            abort();
    }
    return path;
}

static void remove_demo(void)
{
    unlink(demo_file());
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    demo_file();
    atexit(remove_demo);
    fuzz_enter_scratch();
    return 0;
}

/* A --budget the command would accept (1 to 600000 ms per decision) is held to 1000: the
 * computer thinks as long as it is told, so a long budget is a long run by design, not a fault
 * of the input (values outside the range stay as they are, to be refused). */
static void hold_budget(fuzz_cmdline *c)
{
    for (int i = 1; i + 1 < c->argc; i++) {
        char *end;
        long ms = strtol(c->argv[i + 1], &end, 10);
        if (strcmp(c->argv[i], "--budget") == 0 && *end == '\0' && ms > 1000 && ms <= 600000)
            snprintf(c->argv[i + 1], FUZZ_ARG_LEN, "1000");
    }
}

/* The input is the arguments after the program name, one per line; "@" stands for the demo.
 * Left out: `selfplay`, which plays as many whole games as it is asked, each a minute or more at
 * the full level under the fuzzer's instrumentation, so its run time is set by its arguments, not
 * by bad input (its options are tested by the cases and tests/game); and `serve`, which serves
 * until it is stopped (its requests are fuzz_http's input, its options tested by tests/api and the cases). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fuzz_cmdline c;
    fuzz_cmdline_read(&c, data, size, 0, demo_file());
    if (c.argc > 1 && (strcmp(c.argv[1], "selfplay") == 0 || strcmp(c.argv[1], "serve") == 0))
        return 0;
    hold_budget(&c);
    cli_main(c.argc, c.argv);
    return 0;
}
