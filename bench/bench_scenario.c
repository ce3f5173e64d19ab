/* Benchmark: loading and validating scenarios — a monster game, a huge stack, and the error report of a broken big map (CPU time). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common.h"
#include "json_read.h"
#include "lb/data.h"
#include "lb/lb.h"
#include "state_int.h"
#include "hex_int.h"

#define COLS 100
#define ROWS 100
#define UNITS 2000
#define STACK 40000     /* units in one hex (issue 11.6) */
#define BROKEN_SIDE 300 /* a 300x300 map with a misspelled game (issue 11.5) */

/* A cols x rows battle of `units` infantry units, with woods, villages, three levels of ground
 * and a stream down one column (the monster game is 100x100 with 2000 units). */
static void build_monster(bench_text *t, int cols, int rows, int units)
{
    char line[512], label[LB_HEX_LABEL_MAX], *row = malloc((size_t)cols + 8);
    int cd, rd;
    if (!row)
        exit(1);
    lb_hex_label_digits(cols, rows, &cd, &rd);
    bench_put(t, "{\n\"format\": \"labataille-scenario/1\", \"title\": \"monster\",\n"
           "\"sides\": [\"french\", \"austrian\"],\n\"charts\": {\"terrain\": {\n"
           "\"clear\": {\"move\": {\"infantry\": 1, \"cavalry\": 1, \"artillery\": 1}},\n"
           "\"woods\": {\"move\": {\"infantry\": 3, \"cavalry\": 5, \"artillery\": null}, \"los\": \"blocks\"},\n"
           "\"village\": {\"move\": {\"infantry\": 3, \"cavalry\": 3, \"artillery\": 3}, \"los\": \"dwelling\"}},\n"
           "\"hexsides\": {\"stream\": {\"move\": {\"infantry\": 1, \"cavalry\": 2, \"artillery\": 3}}}},\n");
    snprintf(line, sizeof line, "\"map\": {\"columns\": %d, \"rows\": %d,\n\"terrain\": [\n", cols, rows);
    bench_put(t, line);
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++)
            row[c] = (r * 7 + c * 13) % 17 == 0 ? 'W' : (r * 3 + c * 5) % 41 == 0 ? 'V' : '.';
        row[cols] = '\0';
        bench_put(t, "\"");
        bench_put(t, row);
        bench_put(t, r + 1 < rows ? "\",\n" : "\"\n");
    }
    bench_put(t, "],\n\"legend\": {\".\": \"clear\", \"W\": \"woods\", \"V\": \"village\"},\n\"elevation\": [\n");
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++)
            row[c] = (char)('0' + (r / 10 + c / 10) % 3);
        row[cols] = '\0';
        bench_put(t, "\"");
        bench_put(t, row);
        bench_put(t, r + 1 < rows ? "\",\n" : "\"\n");
    }
    free(row);
    bench_put(t, "],\n\"hexsides\": [\n");
    for (int r = 1; r <= rows; r++) {
        lb_hex_label_fmt((lb_hex){cols / 2, r}, cd, rd, label, sizeof label);
        snprintf(line, sizeof line, "{\"hex\": \"%s\", \"side\": \"NE\", \"type\": \"stream\"},\n", label);
        bench_put(t, line);
    }
    lb_hex_label_fmt((lb_hex){1, 1}, cd, rd, label, sizeof label);
    snprintf(line, sizeof line, "{\"hex\": \"%s\", \"side\": \"N\", \"type\": \"stream\"}]},\n\"units\": [\n", label);
    bench_put(t, line);
    /* infantry in clear hexes: French in the west half, Austrians in the east */
    int placed = 0;
    for (int c = 1; c <= cols && placed < units; c++)
        for (int r = 1; r <= rows && placed < units; r++) {
            if ((r * 7 + (c - 1) * 13) % 17 == 0 || ((r - 1) * 3 + (c - 1) * 5) % 41 == 0 ||
                (r - 1 + c) % 4)
                continue;
            int french = c <= cols / 2;
            lb_hex_label_fmt((lb_hex){c, r}, cd, rd, label, sizeof label);
            snprintf(line, sizeof line,
                     "{\"id\": \"u%d\", \"side\": \"%s\", \"arm\": \"infantry\", \"increments\": 8, "
                     "\"fire\": 8, \"melee\": 24, \"movement\": 6, \"morale\": \"34\", "
                     "\"formation\": \"column\", \"state\": \"good\", \"hexes\": [\"%s\"], "
                     "\"facing\": 2}%s\n",
                     placed, french ? "french" : "austrian", label,
                     placed + 1 < units ? "," : "");
            bench_put(t, line);
            placed++;
        }
    bench_put(t, "]\n}\n");
}

/* A cols x rows map of clear terrain, `game` named or the terrain inline, and n French infantry
 * units all in hex 0505. */
static void build_plain(bench_text *t, const char *game, int cols, int rows, int n)
{
    char line[512];
    bench_put(t, "{\"format\": \"labataille-scenario/1\", \"sides\": [\"french\", \"austrian\"],\n");
    if (game) {
        snprintf(line, sizeof line, "\"game\": \"%s\",\n", game);
        bench_put(t, line);
    } else {
        bench_put(t, "\"charts\": {\"terrain\": {\"clear\": {\"move\": {\"infantry\": 1, "
                     "\"cavalry\": 1, \"artillery\": 1}}}},\n");
    }
    snprintf(line, sizeof line, "\"map\": {\"columns\": %d, \"rows\": %d, \"legend\": {\".\": "
             "\"clear\"}, \"terrain\": [\n", cols, rows);
    bench_put(t, line);
    char *row = malloc((size_t)cols + 8);
    if (!row)
        exit(1);
    for (int r = 0; r < rows; r++) {
        row[0] = '"';
        memset(row + 1, '.', (size_t)cols);
        snprintf(row + cols + 1, 7, "\"%s\n", r + 1 < rows ? "," : "");
        bench_put(t, row);
    }
    free(row);
    bench_put(t, "]},\n\"units\": [\n");
    for (int i = 0; i < n; i++) {
        snprintf(line, sizeof line,
                 "{\"id\": \"u%d\", \"side\": \"french\", \"arm\": \"infantry\", \"increments\": 8, "
                 "\"fire\": 8, \"melee\": 24, \"movement\": 6, \"morale\": \"34\", "
                 "\"formation\": \"column\", \"state\": \"good\", \"hexes\": \"0505\"}%s\n",
                 i, i + 1 < n ? "," : "");
        bench_put(t, line);
    }
    bench_put(t, "]}\n");
}

/* The best time of one call of load on text (the least disturbed by the machine's other jobs),
 * over at least a second of processor time. */
static double per_load(const bench_text *t, const lb_load_opts *opts, int *runs, int *errors)
{
    double spent = 0, best = 0;
    *runs = 0;
    long want = bench_runs();
    while (bench_more(want, *runs, spent, 1.0)) {
        lb_errlist errs = {0};
        lb_state *st = NULL;
        double start = bench_cpu_now();
        lb_scenario_load("bench.json", t->buf, t->len, opts, &st, &errs);
        double took = bench_cpu_now() - start;
        *errors = errs.count;
        lb_state_free(st);
        lb_errlist_release(&errs);
        best = *runs == 0 || took < best ? took : best;
        spent += took;
        (*runs)++;
    }
    return best;
}

/* The best of several times, each in turn. */
typedef struct best_times {
    double load;         /* lb_scenario_load */
    double read;         /* the loader's parse alone: yajl into jansson's tree (lbi_json_read) */
    double read_free;    /* that and the freeing of the tree (the floor of any load) */
    double jansson;      /* jansson's own parse (json_loadb), which the loader falls back on */
    double jansson_free; /* that and the freeing of its tree */
} best_times;

static void keep_best(double *best, double took, int first)
{
    *best = first || took < *best ? took : *best;
}

/* The best times of a load of text, of the loader's parse alone of it, with the freeing of what
 * it built, and of jansson's own parse, taken in turn so that the machine's other jobs weigh on
 * them alike. */
static void load_and_parse(const bench_text *t, best_times *best, int *runs)
{
    double spent = 0;
    long want = bench_runs();
    for (*runs = 0; bench_more(want, *runs, spent, 3.0); (*runs)++) {
        lb_errlist errs = {0};
        lb_state *st = NULL;
        double start = bench_cpu_now();
        lb_scenario_load("bench.json", t->buf, t->len, NULL, &st, &errs);
        double loaded = bench_cpu_now();
        lb_state_free(st);
        lb_errlist_release(&errs);
        double begun = bench_cpu_now();
        json_t *root = lbi_json_read(t->buf, t->len);
        double read = bench_cpu_now();
        json_decref(root);
        double read_freed = bench_cpu_now();
        json_error_t jerr;
        root = json_loadb(t->buf, t->len, JSON_REJECT_DUPLICATES, &jerr);
        double parsed = bench_cpu_now();
        json_decref(root);
        double freed = bench_cpu_now();
        keep_best(&best->load, loaded - start, *runs == 0);
        keep_best(&best->read, read - begun, *runs == 0);
        keep_best(&best->read_free, read_freed - begun, *runs == 0);
        keep_best(&best->jansson, parsed - read_freed, *runs == 0);
        keep_best(&best->jansson_free, freed - read_freed, *runs == 0);
        spent += freed - start;
    }
}

/* A battle of `units` units on a cols x rows map loaded and validated: its processor time. */
static double monster_load(int cols, int rows, int units, int detail)
{
    bench_text t = {0};
    build_monster(&t, cols, rows, units);
    lb_errlist errs = {0};
    lb_state *st = NULL;
    if (lb_scenario_load("monster.json", t.buf, t.len, NULL, &st, &errs) != LB_OK) {
        char msg[1200];
        lb_err_fmt(&errs.items[0], msg, sizeof msg);
        fprintf(stderr, "monster scenario refused (%d errors): %s\n", errs.count, msg);
        exit(1);
    }
    int loaded = st->nunits, runs, errors;
    lb_state_free(st);
    lb_errlist_release(&errs);
    double load;
    if (detail) {
        best_times best = {0};
        load_and_parse(&t, &best, &runs);
        load = best.load;
        printf("scenario load+validate, %dx%d map, %d units, %zu KB: %.2f ms of processor time "
               "per load (best of %d runs); its parse alone (yajl into jansson's tree) %.2f ms, "
               "and with freeing what it built %.2f ms, so %.2f ms (%.0f%%) is the loader's own; "
               "jansson's own parse %.2f ms, %.2f ms with freeing\n",
               cols, rows, loaded, t.len / 1024, load * 1e3, runs, best.read * 1e3,
               best.read_free * 1e3, (load - best.read_free) * 1e3,
               100 * (load - best.read_free) / load, best.jansson * 1e3,
               best.jansson_free * 1e3);
    } else {
        load = per_load(&t, NULL, &runs, &errors);
        printf("growth: load+validate %dx%d map, %d units, %zu KB: %.2f ms (%.2f us per unit, "
               "%.1f ns per byte)\n", cols, rows, loaded, t.len / 1024, load * 1e3,
               1e6 * load / loaded, 1e9 * load / (double)t.len);
    }
    free(t.buf);
    return load;
}

static void monster(void)
{
    monster_load(COLS, ROWS, UNITS, 1);
    if (bench_runs())
        return; /* counting instructions: no extras */
    /* growth: the map's side doubled with units in proportion, the units alone, the map alone
     * (a map holds about as many units as a quarter of its hexes) */
    static const int sizes[][3] = {{50, 50, 500},   {100, 100, 2000}, {200, 200, 8000},
                                   {200, 200, 500}, {200, 200, 2000}, {100, 100, 500}};
    for (int i = 0; i < 6; i++)
        monster_load(sizes[i][0], sizes[i][1], sizes[i][2], 0);
}

/* Loads STACK units in one hex in a child process: its time, and its peak memory (the text
 * included). */
static void stack(void)
{
    int pipefd[2];
    if (pipe(pipefd) != 0)
        exit(1);
    pid_t pid = fork();
    if (pid == 0) {
        bench_text t = {0};
        build_plain(&t, NULL, 10, 10, STACK);
        double start = bench_cpu_now();
        lb_errlist errs = {0};
        lb_state *st = NULL;
        int rc = lb_scenario_load("stack.json", t.buf, t.len, NULL, &st, &errs);
        double took = bench_cpu_now() - start;
        const int *idx;
        int n = rc == LB_OK ? lb_state_units_at(st, (lb_hex){5, 5}, &idx) : -1;
        char report[200];
        snprintf(report, sizeof report, "%d %.3f %zu", n, took, t.len);
        if (write(pipefd[1], report, strlen(report) + 1) < 0)
            _exit(1);
        _exit(0);
    }
    close(pipefd[1]);
    char report[200] = "";
    ssize_t got = read(pipefd[0], report, sizeof report - 1);
    close(pipefd[0]);
    int status;
    struct rusage ru;
    waitpid(pid, &status, 0);
    getrusage(RUSAGE_CHILDREN, &ru);
    int n = -1;
    double took = 0;
    size_t len = 0;
    if (got <= 0 || sscanf(report, "%d %lf %zu", &n, &took, &len) != 3 || n != STACK) {
        fprintf(stderr, "the %d-unit stack did not load (%s)\n", STACK, report);
        exit(1);
    }
    printf("%d units in one hex, %zu KB: loaded in %.0f ms; peak memory %.0f MB, the %.1f MB "
           "text included\n", n, len / 1024, took * 1e3, ru.ru_maxrss / 1024.0, len / 1048576.0);
}

/* The error report of a BROKEN_SIDE-square map whose game is misspelled, and of one whose every
 * cell is missing from the legend (the report stops at 1000 problems). */
static void broken(void)
{
    int nmodules, runs, errors;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules};
    bench_text t = {0};
    build_plain(&t, "deutsch-wagram-1808", BROKEN_SIDE, BROKEN_SIDE, 10);
    double misspelled = per_load(&t, &opts, &runs, &errors);
    printf("error report, %dx%d map with a misspelled game, %zu KB: %.3f ms, %d line%s (%d runs)\n",
           BROKEN_SIDE, BROKEN_SIDE, t.len / 1024, misspelled * 1e3, errors,
           errors == 1 ? "" : "s", runs);
    free(t.buf);
    t = (bench_text){0};
    build_plain(&t, NULL, BROKEN_SIDE, BROKEN_SIDE, 0);
    for (size_t i = 0; i + 1 < t.len; i++)
        if (t.buf[i] == '.' && t.buf[i - 1] != '"' && t.buf[i + 1] != '"')
            t.buf[i] = 'x'; /* every cell but the first and last of each row */
    double every = per_load(&t, NULL, &runs, &errors);
    printf("error report, %dx%d map with %d bad cells, %zu KB: %.2f ms, %d lines (%d runs)\n",
           BROKEN_SIDE, BROKEN_SIDE, BROKEN_SIDE * (BROKEN_SIDE - 2), t.len / 1024, every * 1e3,
           errors, runs);
    free(t.buf);
}

int main(void)
{
    if (!bench_runs())
        stack(); /* first: the child's peak memory is its own */
    monster();
    if (!bench_runs())
        broken();
    return 0;
}
