/* Fuzz target: a command line run on a scenario that the input carries too (big stacks, big
 * maps, odd scenarios), in a scratch folder. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli_input.h"

int cli_main(int argc, char **argv);
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The scenario's file, in the scratch folder: "@" in the command line names it. */
#define SCENARIO_FILE "scenario.json"

static void remove_scenario(void)
{
    unlink(SCENARIO_FILE);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_enter_scratch();
    /* registered after the folder's removal, so it runs first */
    atexit(remove_scenario);
    return 0;
}

/*
 * The input: the arguments after the program name, one per line, then an empty line, then the
 * scenario file's bytes. For example "retreat\n@\nu1\n--kind\nrout\n\n{...}". Left out, as in
 * fuzz_cli: the commands whose run time their arguments set (fuzz_cmdline_runs_by_design).
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fuzz_cmdline c;
    size_t used = fuzz_cmdline_read(&c, data, size, 1, SCENARIO_FILE);
    if (fuzz_cmdline_runs_by_design(&c))
        return 0;
    fuzz_cmdline_hold_budget(&c);
    FILE *f = fopen(SCENARIO_FILE, "wb");
    if (!f || fwrite(data + used, 1, size - used, f) != size - used || fclose(f) != 0)
        abort();
    cli_main(c.argc, c.argv);
    return 0;
}
