/* Fuzz target: a play script (the input, the answers of `labataille play --script FILE` one per line) on the demo, saved in a store in memory: every line answered or refused with its line number, never a crash. */
#define _GNU_SOURCE /* memmem */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_input.h"

int cli_main(int argc, char **argv);
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_enter_scratch();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* `save FILE` writes where FILE says: kept out, so that nothing lands outside the scratch
     * folder (the export it writes is fuzzed by fuzz_export) */
    if (memmem(data, size, "save ", 5))
        return 0;
    FILE *f = fopen("script.txt", "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    char *argv[] = {"labataille", "play", "--db", ":memory:", "--seed", "1", "--script",
                    "script.txt", NULL};
    cli_main(8, argv);
    unlink("script.txt");
    return 0;
}
