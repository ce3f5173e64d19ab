/* The command-line program's shared parts: options, loading, dice, hex or unit names, traces. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "lb/data.h"

const char *cli_option_value(const cli_args *args, const char *name, int *given)
{
    for (int i = args->noptions - 1; i >= 0; i--)
        if (strcmp(args->options[i].name, name) == 0) {
            if (given)
                *given = 1;
            return args->options[i].value;
        }
    if (given)
        *given = 0;
    return NULL;
}

int cli_usage(const cli_args *args, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "labataille %s: ", args->command);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n(see labataille --help)\n");
    va_end(ap);
    return CLI_USAGE;
}

int cli_invalid(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "labataille: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    return CLI_INVALID;
}

lb_state *cli_load_keep(const cli_args *args, const char *file, lb_errlist *errs)
{
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules, .strict = args->strict};
    lb_state *st = NULL;
    if (file) {
        lb_scenario_load_file(file, &opts, &st, errs);
    } else {
        size_t len;
        const char *name;
        const char *text = lb_data_demo(&len, &name);
        lb_scenario_load(name, text, len, &opts, &st, errs);
    }
    if (!st && errs->count == 0) {
        lb_err e;
        lb_err_set(&e, LB_NOMEM, "out of memory");
        snprintf(e.file, sizeof e.file, "%s", file ? file : "demo");
        lb_errlist_push(errs, &e);
    }
    return st;
}

void cli_print_errors(const lb_errlist *errs)
{
    for (int i = 0; i < errs->count; i++) {
        char line[LB_ERR_FILE_MAX + LB_ERR_PATH_MAX + LB_ERR_MSG_MAX + 64];
        lb_err_fmt(&errs->items[i], line, sizeof line);
        fprintf(stderr, "%s\n", line);
    }
}

lb_state *cli_load(const cli_args *args, const char *file)
{
    lb_errlist errs = {0};
    lb_state *st = cli_load_keep(args, file, &errs);
    cli_print_errors(&errs);
    lb_errlist_release(&errs);
    return st;
}

int cli_dice(const cli_args *args, lb_dice *dice, uint64_t *seed)
{
    const char *list = cli_option_value(args, "dice", NULL);
    const char *seed_text = cli_option_value(args, "seed", NULL);
    if (list) {
        int bad = 0;
        if (lb_dice_init_script(dice, list, &bad))
            return cli_usage(args, "--dice: expected rolls 11-66 or dice 1-6 separated by commas, "
                                   "found \"%s\" (at character %d)", list, bad + 1);
        *seed = 0;
        return CLI_OK;
    }
    if (seed_text) {
        char *end;
        unsigned long long v = strtoull(seed_text, &end, 10);
        if (!*seed_text || *end)
            return cli_usage(args, "--seed: expected a whole number, found \"%s\"", seed_text);
        *seed = v;
    } else {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        *seed = ((uint64_t)ts.tv_sec * 1000003u) ^ (uint64_t)ts.tv_nsec;
    }
    lb_dice_init_seed(dice, *seed);
    return CLI_OK;
}

int cli_hex_or_unit(const lb_state *st, const char *s, lb_hex *hex, int *unit)
{
    if (lb_answer_hex_or_unit(st, s, hex, unit) == 0)
        return 0;
    fprintf(stderr, "labataille: expected a hex label of the %dx%d map or a unit id, found \"%s\"\n",
            st->map.cols, st->map.rows, s);
    return -1;
}

json_t *cli_trace_json(const lb_trace *t)
{
    return lb_trace_json(t);
}

void cli_trace_print(const lb_trace *t)
{
    for (int i = 0; i < t->count; i++)
        printf("  [%s %s] %s\n", t->steps[i].rule, t->steps[i].section, t->steps[i].text);
}

void cli_print_json(json_t *obj)
{
    json_dumpf(obj, stdout, JSON_INDENT(2) | JSON_ENSURE_ASCII);
    fputc('\n', stdout);
    json_decref(obj);
}
