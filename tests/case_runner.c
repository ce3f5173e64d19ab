/* Rule-case runner: runs the real labataille program on one case file and compares its answer. */
#define _GNU_SOURCE
#include <jansson.h>
#include "json_pointer.h"
#include <fcntl.h>
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * A case (tests/cases/NAME.json) is one object:
 *   "ruling"        the ruling it tests ("R-LOS-4"), required;
 *   "scenario"      an inline scenario object, or "scenario_file" a path from the project root;
 *   "args"          the command line after the program name; "{scenario}" stands for the file;
 *   "exit"          the expected exit status (default 0);
 *   "json"          {JSON-Pointer: value}: fields of the --json answer on stdout (numbers that
 *                   are not integers compare within 1e-12);
 *   "json_sets"     {JSON-Pointer: [..]}: lists compared as sets (order-independent);
 *   "stderr"        the exact lines expected on stderr, in order;
 *   "stdout_has", "stderr_has"  substrings that must appear.
 */

extern char **environ;

static int failures;

static void fail(const char *casefile, const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "%s: ", casefile);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    failures++;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return strdup("");
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    size_t got = fread(buf, 1, (size_t)n, f);
    buf[got] = '\0';
    fclose(f);
    return buf;
}


static int same(json_t *a, json_t *b)
{
    if (json_is_number(a) && json_is_number(b) && (json_is_real(a) || json_is_real(b)))
        return fabs(json_number_value(a) - json_number_value(b)) <= 1e-12;
    if (json_is_array(a) && json_is_array(b)) {
        if (json_array_size(a) != json_array_size(b))
            return 0;
        for (size_t i = 0; i < json_array_size(a); i++)
            if (!same(json_array_get(a, i), json_array_get(b, i)))
                return 0;
        return 1;
    }
    return json_equal(a, b);
}

static int same_set(json_t *want, json_t *got)
{
    if (!json_is_array(want) || !json_is_array(got) || json_array_size(want) != json_array_size(got))
        return 0;
    for (size_t i = 0; i < json_array_size(want); i++) {
        int found = 0;
        for (size_t j = 0; j < json_array_size(got) && !found; j++)
            found = same(json_array_get(want, i), json_array_get(got, j));
        if (!found)
            return 0;
    }
    return 1;
}

static char *dumps(json_t *v)
{
    return v ? json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY) : strdup("(missing)");
}

static void compare_fields(const char *casefile, json_t *expected, json_t *answer, int as_sets)
{
    const char *ptr;
    json_t *want;
    json_object_foreach(expected, ptr, want) {
        json_t *got = json_pointer_get(answer, ptr);
        if (got && (as_sets ? same_set(want, got) : same(want, got)))
            continue;
        char *w = dumps(want), *g = dumps(got);
        char msg[512];
        snprintf(msg, sizeof msg, "%s: expected %s, got %%s", ptr, w);
        fail(casefile, msg, g, "");
        free(w);
        free(g);
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: case_runner PROGRAM CASE.json\n");
        return 2;
    }
    const char *program = argv[1], *casefile = argv[2];
    json_error_t jerr;
    json_t *c = json_load_file(casefile, JSON_REJECT_DUPLICATES, &jerr);
    if (!json_is_object(c) || !json_is_string(json_object_get(c, "ruling")) ||
        !json_is_array(json_object_get(c, "args"))) {
        fprintf(stderr, "%s:%d:%d: not a case (needs ruling and args): %s\n", casefile, jerr.line,
                jerr.column, jerr.text);
        return 1;
    }
    char dir[] = "/tmp/lb-case-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    char scen[512], out[512], err[512];
    snprintf(out, sizeof out, "%s/stdout", dir);
    snprintf(err, sizeof err, "%s/stderr", dir);
    json_t *sf = json_object_get(c, "scenario_file");
    if (json_is_string(sf)) {
        snprintf(scen, sizeof scen, "%s", json_string_value(sf));
    } else {
        snprintf(scen, sizeof scen, "%s/scenario.json", dir);
        json_dump_file(json_object_get(c, "scenario"), scen, JSON_INDENT(2));
    }

    json_t *args = json_object_get(c, "args");
    size_t n = json_array_size(args);
    char **av = calloc(n + 2, sizeof *av);
    av[0] = (char *)program;
    for (size_t i = 0; i < n; i++) {
        const char *a = json_string_value(json_array_get(args, i));
        av[i + 1] = (char *)(a && strcmp(a, "{scenario}") == 0 ? scen : a ? a : "");
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    pid_t pid;
    int status = 0;
    if (posix_spawn(&pid, program, &fa, NULL, av, environ) != 0 || waitpid(pid, &status, 0) < 0) {
        perror(program);
        return 1;
    }
    posix_spawn_file_actions_destroy(&fa);
    free(av);
    char *so = slurp(out), *se = slurp(err);

    json_t *ex = json_object_get(c, "exit");
    int want_exit = ex ? (int)json_integer_value(ex) : 0;
    char a[32], b[32];
    if (!WIFEXITED(status)) {
        snprintf(a, sizeof a, "%d", WIFSIGNALED(status) ? WTERMSIG(status) : -1);
        fail(casefile, "the program died (signal %s)%s", a, "");
    } else if (WEXITSTATUS(status) != want_exit) {
        snprintf(a, sizeof a, "%d", want_exit);
        snprintf(b, sizeof b, "%d", WEXITSTATUS(status));
        fail(casefile, "expected exit %s, got %s", a, b);
    }
    json_t *fields = json_object_get(c, "json"), *sets = json_object_get(c, "json_sets");
    if (fields || sets) {
        json_t *answer = json_loads(so, 0, &jerr);
        if (!answer)
            fail(casefile, "stdout is not JSON: %s%s", jerr.text, "");
        if (answer && fields)
            compare_fields(casefile, fields, answer, 0);
        if (answer && sets)
            compare_fields(casefile, sets, answer, 1);
        json_decref(answer);
    }
    json_t *lines = json_object_get(c, "stderr");
    if (lines) {
        char *p = se;
        for (size_t i = 0; i < json_array_size(lines); i++) {
            const char *want = json_string_value(json_array_get(lines, i));
            char *nl = strchr(p, '\n');
            size_t len = nl ? (size_t)(nl - p) : strlen(p);
            char got[1024];
            snprintf(got, sizeof got, "%.*s", (int)len, p);
            if (!want || strcmp(want, got) != 0)
                fail(casefile, "stderr line expected\n  %s\ngot\n  %s", want ? want : "?", got);
            p = nl ? nl + 1 : p + len;
        }
        if (*p)
            fail(casefile, "more on stderr than expected:\n%s%s", p, "");
    }
    const char *streams[2] = {"stdout_has", "stderr_has"};
    const char *texts[2] = {so, se};
    for (int s = 0; s < 2; s++) {
        json_t *subs = json_object_get(c, streams[s]);
        for (size_t i = 0; i < json_array_size(subs); i++) {
            const char *want = json_string_value(json_array_get(subs, i));
            if (want && !strstr(texts[s], want))
                fail(casefile, "expected to find \"%s\" in %s", want, streams[s] + 0);
        }
    }
    if (failures) {
        fprintf(stderr, "--- stdout:\n%s--- stderr:\n%s", so, se);
    }
    free(so);
    free(se);
    unlink(out);
    unlink(err);
    if (!json_is_string(sf))
        unlink(scen);
    rmdir(dir);
    json_decref(c);
    return failures ? 1 : 0;
}
