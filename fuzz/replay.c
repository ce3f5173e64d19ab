/* Replays a fuzz corpus (files or folders) through a fuzz target, for the normal test run. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lb/core.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Optional, as in libFuzzer: called once before the first input. */
__attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv);

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    int cap = 0, len = 0;
    uint8_t *buf = NULL;
    size_t got = 1;
    while (got > 0) {
        uint8_t *grown = lb_grow(buf, &cap, len + 4096, 1);
        if (!grown) {
            free(buf);
            fclose(f);
            return -1;
        }
        buf = grown;
        got = fread(buf + len, 1, (size_t)(cap - len), f);
        len += (int)got;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(buf, (size_t)len);
    free(buf);
    return 0;
}

static int replay(const char *path, int *count)
{
    struct stat sb;
    if (stat(path, &sb) != 0) {
        perror(path);
        return -1;
    }
    if (!S_ISDIR(sb.st_mode)) {
        (*count)++;
        return replay_file(path);
    }
    DIR *d = opendir(path);
    if (!d) {
        perror(path);
        return -1;
    }
    int rc = 0;
    struct dirent *e;
    while ((e = readdir(d)) && rc == 0) {
        if (e->d_name[0] == '.')
            continue;
        char sub[4096];
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        rc = replay(sub, count);
    }
    closedir(d);
    return rc;
}

int main(int argc, char **argv)
{
    int count = 0;
    /* the paths are resolved first: a target's set-up may change the working folder */
    char **paths = calloc((size_t)argc, sizeof *paths);
    for (int i = 1; paths && i < argc; i++)
        if (!(paths[i] = realpath(argv[i], NULL))) {
            perror(argv[i]);
            return 1;
        }
    if (!paths)
        return 1;
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    int rc = 0;
    for (int i = 1; i < argc && rc == 0; i++)
        rc = replay(paths[i], &count);
    for (int i = 1; i < argc; i++)
        free(paths[i]);
    free(paths);
    if (rc)
        return 1;
    printf("replayed %d inputs\n", count);
    return count ? 0 : 1;
}
