/* The command-line program's shared parts: options, loading, dice, hex or unit names, traces. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "lb/data.h"
#include "lb/store.h"

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

/* The message after prefix on stderr, as printable text (lb/printable.h): a message may quote an
 * argument, a file's name, what a store or its server said. */
static void print_message(const char *prefix, const char *fmt, va_list ap)
{
    char msg[2048], shown[4096];
    vsnprintf(msg, sizeof msg, fmt, ap);
    fprintf(stderr, "%s%s\n", prefix, lb_printable(msg, strlen(msg), shown, sizeof shown));
}

int cli_usage(const cli_args *args, const char *fmt, ...)
{
    char prefix[64];
    snprintf(prefix, sizeof prefix, "labataille %s: ", args->command);
    va_list ap;
    va_start(ap, fmt);
    print_message(prefix, fmt, ap);
    va_end(ap);
    fprintf(stderr, "(see labataille %s --help)\n", args->command);
    return CLI_USAGE;
}

int cli_invalid(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    print_message("labataille: ", fmt, ap);
    va_end(ap);
    return CLI_INVALID;
}

int cli_read_file(const char *path, char **text, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t cap = 0;
    *len = 0;
    *text = NULL;
    for (size_t got = 1; got;) {
        if (*len == cap) {
            char *more = realloc(*text, cap = cap ? 2 * cap : 65536);
            if (!more) {
                free(*text);
                fclose(f);
                errno = ENOMEM;
                return -1;
            }
            *text = more;
        }
        got = fread(*text + *len, 1, cap - *len, f);
        *len += got;
    }
    fclose(f);
    return 0;
}

lb_state *cli_load_keep(const cli_args *args, const char *file, lb_errlist *errs)
{
    int nmodules;
    const lb_module *modules = lb_data_modules(&nmodules);
    /* R-GAME-4: `check --strict` also holds the scenario to be a whole battle */
    lb_load_opts opts = {.modules = modules, .nmodules = nmodules, .strict = args->strict,
                         .whole_battle = args->strict && strcmp(args->command, "check") == 0};
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

const char *cli_short(const char *s, char buf[CLI_SHORT_MAX])
{
    size_t n = strlen(s);
    if (n < CLI_SHORT_MAX)
        return s;
    /* cut on a character boundary of UTF-8, then mark the cut */
    size_t keep = CLI_SHORT_MAX - 4;
    while (keep > 0 && ((unsigned char)s[keep] & 0xC0) == 0x80)
        keep--;
    snprintf(buf, CLI_SHORT_MAX, "%.*s...", (int)keep, s);
    return buf;
}

/* A --dice list refused by lb_dice_init_script at offset bad: too many entries, or a bad one. */
static int dice_error(const cli_args *args, const char *list, int bad)
{
    int entry = 1, total = 1;
    for (const char *p = list; *p; p++) {
        entry += p < list + bad && *p == ',';
        total += *p == ',';
    }
    if (entry > LB_DICE_SCRIPT_MAX)
        return cli_usage(args, "--dice: at most %d dice, found %d", LB_DICE_SCRIPT_MAX, total);
    char text[CLI_SHORT_MAX + 1], buf[CLI_SHORT_MAX];
    snprintf(text, sizeof text, "%.*s", (int)strcspn(list + bad, ","), list + bad);
    return cli_usage(args, "--dice: expected a roll 11-66 or a die 1-6, found \"%s\" (entry %d, "
                           "at character %d)", cli_short(text, buf), entry, bad + 1);
}

/* --seed N: a whole number 0..CLI_SEED_MAX, digits only (no sign, no space). */
static int parse_seed(const cli_args *args, const char *text, uint64_t *seed)
{
    char buf[CLI_SHORT_MAX];
    uint64_t v = 0;
    const char *p = text;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (v > (CLI_SEED_MAX - (uint64_t)(*p - '0')) / 10) {
            v = CLI_SEED_MAX + 1;
            break;
        }
        v = v * 10 + (uint64_t)(*p - '0');
    }
    if (p == text || *p || v > CLI_SEED_MAX)
        return cli_usage(args, "--seed: expected a whole number from 0 to %llu, found \"%s\"",
                         (unsigned long long)CLI_SEED_MAX, cli_short(text, buf));
    *seed = v;
    return CLI_OK;
}

int cli_dice(const cli_args *args, lb_dice *dice, uint64_t *seed)
{
    const char *list = cli_option_value(args, "dice", NULL);
    const char *seed_text = cli_option_value(args, "seed", NULL);
    if (list) {
        int bad = 0;
        if (lb_dice_init_script(dice, list, &bad))
            return dice_error(args, list, bad);
        *seed = 0;
        return CLI_OK;
    }
    if (seed_text) {
        int rc = parse_seed(args, seed_text, seed);
        if (rc != CLI_OK)
            return rc;
    } else {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        *seed = (((uint64_t)ts.tv_sec * 1000003u) ^ (uint64_t)ts.tv_nsec) & CLI_SEED_MAX;
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
                 lb_err_quote(cli_unit(st, near).id, quoted, sizeof quoted));
    else if (hexes && lb_map_suggest_label(lb_state_map(st), s, &h) == 0)
        snprintf(buf, n, " (did you mean %s?)", lb_map_label(lb_state_map(st), h, label));
    return buf;
}

int cli_unknown_unit(const lb_state *st, const char *prefix, const char *id)
{
    char quoted[80], near[120];
    return cli_invalid("%sunknown unit %s%s", prefix, lb_err_quote(id, quoted, sizeof quoted),
                       suggestion(st, id, 0, near, sizeof near));
}

lb_unit_info cli_unit(const lb_state *st, int i)
{
    lb_unit_info u = {0};
    lb_state_unit_info(st, i, &u);
    return u;
}

const char *cli_map_size(const lb_state *st, char buf[CLI_MAP_SIZE_MAX])
{
    int cols, rows;
    lb_map_size(lb_state_map(st), &cols, &rows);
    snprintf(buf, CLI_MAP_SIZE_MAX, "%dx%d", cols, rows);
    return buf;
}

int cli_hex_or_unit(const lb_state *st, const char *s, lb_hex *hex, int *unit)
{
    if (lb_answer_hex_or_unit(st, s, hex, unit) == 0)
        return 0;
    char quoted[80], near[120];
    fprintf(stderr, "labataille: expected a hex label of the %s map or a unit id, found %s%s\n",
            cli_map_size(st, (char[CLI_MAP_SIZE_MAX]){0}), lb_err_quote(s, quoted, sizeof quoted),
            suggestion(st, s, 1, near, sizeof near));
    return -1;
}

json_t *cli_answer_json(int rc, char *text)
{
    json_t *j = rc == LB_OK && text ? json_loads(text, 0, NULL) : NULL;
    free(text);
    return j;
}

int cli_print_answer(int rc, char *text)
{
    json_t *j = cli_answer_json(rc, text);
    if (!j)
        return cli_invalid("%s", lb_err_str(rc != LB_OK ? rc : LB_NOMEM));
    cli_print_json(j);
    return CLI_OK;
}

int cli_print_asked(const cli_args *args, const lb_answer *a)
{
    int rc = args->json ? lb_answer_json_print(a, stdout) : lb_answer_text(a, stdout);
    return rc == LB_OK ? CLI_OK : cli_invalid("%s", lb_err_str(rc));
}

json_t *cli_trace_json(const lb_trace *t)
{
    char *text;
    int rc = lb_trace_json(t, &text);
    return cli_answer_json(rc, text);
}

void cli_trace_fprint(FILE *out, const lb_trace *t)
{
    lb_trace_print(out, t);
}

const char *cli_said(const lb_said *s, char *buf, size_t n)
{
    lb_said_fmt(s, buf, n);
    return buf;
}

/* The decision d in words: its prompt (option -1) or an option's text, said as an event
 * (lb_said) or written already. */
static const char *decision_words(const lb_decision *d, int option, char *buf, size_t n)
{
    const lb_said *said = option < 0      ? &d->said
                          : d->option_said ? &d->option_said[option]
                                           : NULL;
    if (said && said->event)
        return cli_said(said, buf, n);
    return option < 0 ? d->prompt : d->options[option].text;
}

void cli_decision_print(FILE *out, const lb_state *st, const lb_decision *d)
{
    char prompt[LB_DECISION_PROMPT_MAX], text[LB_OPTION_TEXT_MAX];
    fprintf(out, "decision for %s (%s about %s) [%s]:\n  %s\n", lb_state_side_name(st, d->side),
            lb_name(LB_NAME_DECISION_KIND, d->kind), d->subject, d->rule,
            decision_words(d, -1, prompt, sizeof prompt));
    for (int i = 0; i < d->noptions; i++)
        fprintf(out, "  %d) %-12s %s%s\n", i + 1, d->options[i].key,
                decision_words(d, i, text, sizeof text), i == d->auto_choice ? "  (auto)" : "");
}

void cli_map_print(const lb_state *st, const unsigned char *marks, const char *mark_chars,
                   const char *mark_key)
{
    lb_map_print(stdout, st, marks, mark_chars, mark_key);
}

void cli_trace_print(const lb_trace *t)
{
    cli_trace_fprint(stdout, t);
}

void cli_print_json(json_t *obj)
{
    json_dumpf(obj, stdout, JSON_INDENT(2) | JSON_ENSURE_ASCII);
    fputc('\n', stdout);
    json_decref(obj);
}

int cli_store_open_existing(const char *where, lb_store **out)
{
    int uri = strncmp(where, "postgresql://", 13) == 0 || strncmp(where, "postgres://", 11) == 0;
    if (!uri && access(where, F_OK) != 0) {
        char shown[256];
        return cli_invalid("%s: %s (no store there: `play --db FILE` or `serve --db FILE` makes "
                           "one)", lb_store_printable(where, shown, sizeof shown),
                           strerror(errno));
    }
    lb_err err = {0};
    if (lb_store_open(where, out, &err) != LB_OK)
        return cli_invalid("%s", err.msg);
    return CLI_OK;
}
