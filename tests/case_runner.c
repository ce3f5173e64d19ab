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
 * A case (tests/cases/NAME.json, or a golden case tests/golden/NAME.json) is one object:
 *   "ruling"        what it tests, required: a ruling id defined in docs/rulings.md ("R-LOS-4"),
 *                   or "usage" for a usage error, or "cli" for the program shell itself (help,
 *                   version, seeds, output errors);
 *   "scenario"      an inline scenario object, or "scenario_file" a path from the project root;
 *   "args"          the command line after the program name; "{scenario}" stands for the file;
 *   "exit"          the expected exit status (default 0);
 *   "json"          {JSON-Pointer: value}: fields of the --json answer on stdout (numbers that
 *                   are not integers compare within 1e-12);
 *   "json_sets"     {JSON-Pointer: [..]}: lists compared as sets (order-independent);
 *   "answer"        the whole --json answer, compared whole (golden traces); with the
 *                   environment variable LB_GOLDEN_UPDATE=1 the runner writes the program's
 *                   answer here instead (review the diff before committing it);
 *   "stderr"        the exact lines expected on stderr, in order;
 *   "stdout_has", "stderr_has"  substrings that must appear;
 *   "stdout_lacks", "stderr_lacks"  substrings that must not (a raw escape byte: "\u001b").
 *
 * The ruling is checked against the answer (rule -> code -> test, by machine):
 *   - a ruling id must be defined in docs/rulings.md ("- R-AREA-n." at the start of a line; the
 *     runner runs from the project root);
 *   - "usage" only with exit status 2 (usage errors cite no ruling); a ruling with exit 2 (a
 *     decision left open, such as charge's) must appear on stderr as a whole id;
 *   - exit 0, a JSON answer with a "trace": some trace step's "rule" is the ruling; for play,
 *     whose "trace" is only the last answer's, a step of any answer the game accepted in the
 *     run, the "trace" of one of its "traces" (every command keeps its own "trace" checked);
 *   - exit 0, a text answer: the ruling appears in stdout as a whole id (text answers print
 *     their trace), except for check and show, whose answers carry no trace;
 *   - exit 1 (input refused): errors carry no ruling, so the case must assert the message
 *     ("stderr" or "stderr_has").
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

/* Is id defined in docs/rulings.md, as a line "- ID." ? */
static int ruling_defined(const char *id)
{
    char *text = slurp("docs/rulings.md");
    char want[64];
    snprintf(want, sizeof want, "\n- %s.", id);
    int found = strstr(text, want) != NULL;
    free(text);
    return found;
}

/* Does text hold id as a whole id (not R-LOS-1 inside R-LOS-12)? */
static int has_id(const char *text, const char *id)
{
    size_t n = strlen(id);
    for (const char *p = strstr(text, id); p; p = strstr(p + 1, id))
        if ((p == text || p[-1] != '-') && !(p[n] >= '0' && p[n] <= '9'))
            return 1;
    return 0;
}

/* Commands whose answers carry no trace (a validity line, a map). */
static int untraced(const char *command)
{
    return strcmp(command, "check") == 0 || strcmp(command, "show") == 0;
}

/* Has some step of trace (an array of steps) the rule ruling? */
static int trace_has_rule(json_t *trace, const char *ruling)
{
    for (size_t i = 0; i < json_array_size(trace); i++) {
        const char *rule = json_string_value(json_object_get(json_array_get(trace, i), "rule"));
        if (rule && strcmp(rule, ruling) == 0)
            return 1;
    }
    return 0;
}

/* The ruling of the case against its answer (see the header). */
static void check_ruling(const char *casefile, json_t *c, int want_exit, const char *so,
                         const char *se)
{
    const char *ruling = json_string_value(json_object_get(c, "ruling"));
    const char *command = json_string_value(json_array_get(json_object_get(c, "args"), 0));
    if (strcmp(ruling, "usage") == 0) {
        if (want_exit != 2)
            fail(casefile, "ruling \"usage\" but the expected exit is not 2%s%s", "", "");
        return;
    }
    if (strcmp(ruling, "cli") == 0)
        return;
    if (strncmp(ruling, "R-", 2) != 0 || !ruling_defined(ruling)) {
        fail(casefile, "ruling \"%s\" is not defined in docs/rulings.md%s", ruling, "");
        return;
    }
    if (want_exit == 2) {
        if (!has_id(se, ruling))
            fail(casefile, "exit 2 with ruling %s: a usage error names \"usage\"; a decision "
                           "left open must cite its ruling on stderr%s", ruling, "");
        return;
    }
    if (want_exit == 1) {
        if (!json_object_get(c, "stderr") && !json_object_get(c, "stderr_has"))
            fail(casefile, "a refusal of %s must assert its message (stderr or stderr_has)%s",
                 ruling, "");
        return;
    }
    if (want_exit != 0 || !command || untraced(command))
        return;
    json_t *answer = json_loads(so, 0, NULL);
    json_t *trace = json_object_get(answer, "trace");
    json_t *traces = json_object_get(answer, "traces");
    int whole_game = strcmp(command, "play") == 0;
    if (answer && (!json_is_array(trace) || (whole_game && !json_is_array(traces)))) {
        fail(casefile, "the JSON answer has no trace to show %s%s", ruling, whole_game ?
             " (play: \"trace\" and \"traces\")" : "");
    } else if (answer) {
        int found = trace_has_rule(trace, ruling);
        for (size_t i = 0; whole_game && i < json_array_size(traces) && !found; i++)
            found = trace_has_rule(json_object_get(json_array_get(traces, i), "trace"), ruling);
        if (!found)
            fail(casefile, "no trace step of the answer has rule %s%s", ruling,
                 whole_game ? " (in none of the game's traces)" : "");
    } else if (!has_id(so, ruling)) {
        fail(casefile, "the text answer does not cite %s%s", ruling, "");
    }
    json_decref(answer);
}

/* The first place where got differs from want, as a JSON Pointer into buf. */
static int first_difference(json_t *want, json_t *got, char *buf, size_t n)
{
    size_t len = strlen(buf);
    if (json_is_object(want) && json_is_object(got)) {
        const char *key;
        json_t *w;
        json_object_foreach(want, key, w) {
            snprintf(buf + len, n - len, "/%s", key);
            if (first_difference(w, json_object_get(got, key), buf, n))
                return 1;
        }
        json_object_foreach(got, key, w) {
            snprintf(buf + len, n - len, "/%s", key);
            if (!json_object_get(want, key))
                return 1;
        }
        buf[len] = '\0';
        return 0;
    }
    if (json_is_array(want) && json_is_array(got)) {
        size_t nw = json_array_size(want), ng = json_array_size(got);
        for (size_t i = 0; i < nw || i < ng; i++) {
            snprintf(buf + len, n - len, "/%zu", i);
            if (i >= nw || i >= ng || first_difference(json_array_get(want, i),
                                                       json_array_get(got, i), buf, n))
                return 1;
        }
        buf[len] = '\0';
        return 0;
    }
    return !(want && got && json_equal(want, got));
}

/* "answer": the whole JSON answer, or with LB_GOLDEN_UPDATE=1 the answer written into the case. */
static void check_answer(const char *casefile, json_t *c, const char *so)
{
    json_t *want = json_object_get(c, "answer");
    if (!want)
        return;
    json_error_t jerr;
    json_t *got = json_loads(so, 0, &jerr);
    if (!got) {
        fail(casefile, "stdout is not JSON: %s%s", jerr.text, "");
        return;
    }
    const char *update = getenv("LB_GOLDEN_UPDATE");
    if (update && strcmp(update, "1") == 0) {
        json_object_set(c, "answer", got);
        if (json_dump_file(c, casefile, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0)
            fail(casefile, "cannot write the case%s%s", "", "");
        else
            fprintf(stderr, "%s: answer updated\n", casefile);
    } else {
        char where[1024] = "";
        if (first_difference(want, got, where, sizeof where)) {
            json_t *w = json_pointer_get(want, where), *g = json_pointer_get(got, where);
            char *ws = dumps(w), *gs = dumps(g);
            char msg[1400];
            snprintf(msg, sizeof msg, "answer differs at %s: expected %.600s, got %%s",
                     where[0] ? where : "(the whole)", ws);
            fail(casefile, msg, gs, "");
            free(ws);
            free(gs);
        }
    }
    json_decref(got);
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
    check_answer(casefile, c, so);
    check_ruling(casefile, c, want_exit, so, se);
    const char *streams[4] = {"stdout_has", "stderr_has", "stdout_lacks", "stderr_lacks"};
    const char *texts[2] = {so, se};
    for (int s = 0; s < 4; s++) {
        json_t *subs = json_object_get(c, streams[s]);
        for (size_t i = 0; i < json_array_size(subs); i++) {
            const char *want = json_string_value(json_array_get(subs, i));
            if (want && s < 2 && !strstr(texts[s], want))
                fail(casefile, "expected to find \"%s\" in %s", want, streams[s]);
            else if (want && s >= 2 && strstr(texts[s - 2], want))
                fail(casefile, "expected not to find \"%s\" in %s", want, streams[s]);
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
