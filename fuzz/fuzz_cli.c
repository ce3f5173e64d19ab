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

/* The input is the arguments after the program name, one per line; "@" stands for the demo.
 * Left out: the commands whose run time their arguments set (fuzz_cmdline_runs_by_design). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fuzz_cmdline c;
    fuzz_cmdline_read(&c, data, size, 0, demo_file());
    if (fuzz_cmdline_runs_by_design(&c))
        return 0;
    fuzz_cmdline_hold_budget(&c);
    cli_main(c.argc, c.argv);
    return 0;
}
