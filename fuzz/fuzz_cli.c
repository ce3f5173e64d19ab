/* Fuzz target: the command line, any arguments to any subcommand, on a file holding the demo. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lb/data.h"

int cli_main(int argc, char **argv);
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define ARGS_MAX 16
#define ARG_LEN 256

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

/* At exit: the demo file and the scratch folder go (the folder only if the commands left it
 * empty). */
static void clean_up(void)
{
    char here[256];
    unlink(demo_file());
    if (getcwd(here, sizeof here) && chdir("/") == 0)
        rmdir(here);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* answers go nowhere and no prompt waits for a terminal; messages on stderr stay (libFuzzer
     * reports there too: run it with -close_fd_mask=2 to silence the program's) */
    if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "r", stdin))
        abort();
    demo_file();
    /* whatever a command writes lands in a scratch folder, never in the project */
    char scratch[] = "/tmp/lb-fuzz-cli-XXXXXX";
    if (!mkdtemp(scratch) || chdir(scratch) != 0)
        abort();
    atexit(clean_up);
    return 0;
}

/* The input is the arguments after the program name, one per line; "@" stands for the demo. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char args[ARGS_MAX][ARG_LEN];
    char *argv[ARGS_MAX + 2] = {"labataille"};
    int argc = 1;
    size_t i = 0;
    while (i <= size && argc <= ARGS_MAX) {
        size_t n = 0;
        while (i < size && data[i] != '\n' && data[i] != '\0') {
            if (n + 1 < ARG_LEN)
                args[argc - 1][n++] = (char)data[i];
            i++;
        }
        args[argc - 1][n] = '\0';
        /* pictures go to /dev/null (--svg OUT, --svg=OUT), never over the demo or elsewhere */
        if (strncmp(args[argc - 1], "--svg=", 6) == 0)
            snprintf(args[argc - 1], ARG_LEN, "--svg=/dev/null");
        else if (argc > 1 && strcmp(argv[argc - 1], "--svg") == 0)
            snprintf(args[argc - 1], ARG_LEN, "/dev/null");
        argv[argc] = strcmp(args[argc - 1], "@") == 0 ? (char *)demo_file() : args[argc - 1];
        argc++;
        i++;
    }
    argv[argc] = NULL;
    cli_main(argc, argv);
    return 0;
}
