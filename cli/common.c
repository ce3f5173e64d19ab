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

/* " (did you mean \"fr-6le-1\"?)" for text that names no unit (nor hex, when hexes), or "". */
static const char *suggestion(const lb_state *st, const char *s, int hexes, char *buf, size_t n)
{
    char quoted[80], label[LB_HEX_LABEL_MAX];
    int near = lb_state_suggest_unit(st, s);
    lb_hex h;
    buf[0] = '\0';
    if (near >= 0)
        snprintf(buf, n, " (did you mean %s?)",
                 lb_err_quote(st->units[near].id, quoted, sizeof quoted));
    else if (hexes && lb_map_suggest_label(&st->map, s, &h) == 0)
        snprintf(buf, n, " (did you mean %s?)", lb_map_label(&st->map, h, label));
    return buf;
}

int cli_unknown_unit(const lb_state *st, const char *prefix, const char *id)
{
    char quoted[80], near[120];
    return cli_invalid("%sunknown unit %s%s", prefix, lb_err_quote(id, quoted, sizeof quoted),
                       suggestion(st, id, 0, near, sizeof near));
}

int cli_hex_or_unit(const lb_state *st, const char *s, lb_hex *hex, int *unit)
{
    *unit = lb_state_unit_index(st, s);
    if (*unit >= 0) {
        *hex = st->units[*unit].hexes[0];
        return 0;
    }
    if (lb_map_parse_label(&st->map, s, hex) == 0 && lb_map_contains(&st->map, *hex))
        return 0;
    char quoted[80], near[120];
    fprintf(stderr, "labataille: expected a hex label of the %dx%d map or a unit id, found %s%s\n",
            st->map.cols, st->map.rows, lb_err_quote(s, quoted, sizeof quoted),
            suggestion(st, s, 1, near, sizeof near));
    return -1;
}

static json_t *value_json(const lb_trace_value *v)
{
    switch (v->kind) {
    case LB_TV_INT:
    case LB_TV_ROLL:
    case LB_TV_DIE: return json_integer(v->num);
    case LB_TV_BOOL: return json_boolean(v->num);
    case LB_TV_TEXT: return json_string(v->text);
    case LB_TV_FRAC:
        if (v->den == 1)
            return json_integer(v->num);
        return json_pack("{s:I,s:I}", "num", (json_int_t)v->num, "den", (json_int_t)v->den);
    }
    return json_null();
}

json_t *cli_hexes_json(const lb_state *st, const lb_hex *h, int n)
{
    json_t *a = json_array();
    char label[LB_HEX_LABEL_MAX];
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_string(lb_map_label(&st->map, h[i], label)));
    return a;
}

json_t *cli_trace_json(const lb_trace *t)
{
    json_t *steps = json_array();
    for (int i = 0; i < t->count; i++) {
        const lb_trace_step *s = &t->steps[i];
        json_t *values = json_object();
        json_t *dice = json_array();
        for (int j = 0; j < s->nvalues; j++) {
            const lb_trace_value *v = &s->values[j];
            if (v->kind == LB_TV_ROLL || v->kind == LB_TV_DIE)
                json_array_append_new(dice, json_pack("{s:s,s:s,s:I}", "purpose", v->key, "kind",
                                                      v->kind == LB_TV_ROLL ? "roll" : "die",
                                                      "value", (json_int_t)v->num));
            json_object_set_new(values, v->key, value_json(v));
        }
        json_t *step = json_pack("{s:s,s:s,s:s,s:o}", "rule", s->rule, "section", s->section,
                                 "text", s->text, "values", values);
        if (json_array_size(dice))
            json_object_set_new(step, "dice", dice);
        else
            json_decref(dice);
        json_array_append_new(steps, step);
    }
    return steps;
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
