/* labataille charge FILE CAVALRY --path H1,H2,…: parses the charge's question and asks it, answering each decision from the options or the terminal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "lb/ask.h"

#define ANSWERS_MAX 64

typedef struct answers {
    char *buf;                     /* a copy of --answers, cut at the commas */
    const char *keys[ANSWERS_MAX];
    int n, next;
} answers;

static int parse_path(const cli_args *args, const lb_state *st, lb_hex *path, int *npath)
{
    const char *list = cli_option_value(args, "path", NULL);
    if (!list)
        return cli_usage(args,
                         "--path H1,H2,... is required: the hexes the cavalry plans to enter");
    int bad = 0;
    *npath = lb_map_parse_labels(lb_state_map(st), list, path, LB_ASK_CHARGE_PATH_MAX, &bad);
    if (*npath < 0 && bad == LB_ASK_CHARGE_PATH_MAX)
        return cli_usage(args, "--path: at most %d hexes", LB_ASK_CHARGE_PATH_MAX);
    if (*npath < 0)
        return cli_invalid("--path: expected hex labels of the %s map, found \"%s\" (entry %d)",
                           cli_map_size(st, (char[CLI_MAP_SIZE_MAX]){0}), list, bad + 1);
    return *npath ? CLI_OK : cli_usage(args, "--path: expected at least one hex");
}

static int parse_answers(const cli_args *args, answers *a)
{
    const char *list = cli_option_value(args, "answers", NULL);
    memset(a, 0, sizeof *a);
    if (!list)
        return CLI_OK;
    a->buf = strdup(list);
    if (!a->buf)
        return cli_invalid("out of memory");
    for (char *p = a->buf; *p;) {
        if (a->n == ANSWERS_MAX)
            return cli_usage(args, "--answers: at most %d answers", ANSWERS_MAX);
        a->keys[a->n++] = p;
        p += strcspn(p, ",");
        if (*p)
            *p++ = '\0';
    }
    return CLI_OK;
}

/* Who answers the charge's decisions: --answers in order, else --auto, else the terminal. */
typedef struct decider {
    const cli_args *args;
    answers *a;
    int rc; /* CLI_OK, or the error printed when it stopped */
} decider;

/* The option typed at the terminal for d (lb_question's decide), or LB_ASK_STOP at the end of
 * the input. */
static int typed(decider *w, const lb_state *st, const lb_decision *d)
{
    char line[256];
    for (;;) {
        cli_decision_print(stderr, st, d);
        fprintf(stderr, "choice (number or key): ");
        fflush(stderr);
        if (!fgets(line, (int)sizeof line, stdin)) {
            w->rc = cli_usage(w->args, "no answer: end of input");
            return LB_ASK_STOP;
        }
        line[strcspn(line, "\r\n")] = '\0';
        char *end;
        long k = strtol(line, &end, 10);
        if (*line && !*end && k >= 1 && k <= d->noptions)
            return (int)k - 1;
        int found = lb_decision_find(d, line);
        if (found >= 0)
            return found;
        char quoted[160]; /* what was typed, its control characters escaped */
        fprintf(stderr, "%s is not an option\n", lb_err_quote(line, quoted, sizeof quoted));
    }
}

/* Answers the pending decision d (lb_question's decide): --answers in order, else --auto, else
 * at the terminal. */
static int decide(void *ctx, const lb_state *st, const lb_decision *d)
{
    decider *w = ctx;
    answers *a = w->a;
    int automatic;
    cli_option_value(w->args, "auto", &automatic);
    if (a->next < a->n) {
        const char *key = a->keys[a->next++];
        int k = lb_decision_find(d, key);
        if (k >= 0)
            return k;
        cli_decision_print(stderr, st, d);
        w->rc = cli_usage(w->args, "--answers: \"%s\" is not one of the options above (R-CHG-7)",
                          key);
        return LB_ASK_STOP;
    }
    if (automatic)
        return LB_ASK_AUTOMATIC;
    if (!isatty(STDIN_FILENO)) {
        cli_decision_print(stderr, st, d);
        w->rc = cli_usage(w->args,
                          "a decision is needed and no answer was given (R-CHG-7: answer it with "
                          "--answers KEY[,KEY...], --target, --response, or take the "
                          "automatic choices with --auto)");
        return LB_ASK_STOP;
    }
    return typed(w, st, d);
}

int cmd_charge(const cli_args *args)
{
    if (args->npositional != 2)
        return cli_usage(args, "expected a scenario file and the charging cavalry's id");
    const char *response = cli_option_value(args, "response", NULL);
    if (response && strcmp(response, "stand") != 0 && strcmp(response, "carre") != 0)
        return cli_usage(args, "--response: expected stand or carre, found \"%s\"", response);
    lb_dice dice;
    int want_odds;
    cli_option_value(args, "odds", &want_odds);
    lb_question q = {.kind = LB_ASK_CHARGE, .dice = &dice, .response = response,
                     .odds = want_odds, .scripted = cli_option_value(args, "dice", NULL) != NULL};
    int rc = cli_dice(args, &dice, &q.seed);
    if (rc != CLI_OK)
        return rc;
    answers a;
    if ((rc = parse_answers(args, &a)) != CLI_OK) {
        free(a.buf);
        return rc;
    }
    lb_state *st = cli_load(args, args->positional[0]);
    if (!st) {
        free(a.buf);
        return CLI_INVALID;
    }
    const char *cavalry = args->positional[1], *target = cli_option_value(args, "target", NULL);
    lb_hex path[LB_ASK_CHARGE_PATH_MAX];
    q.unit = lb_state_unit_index(st, cavalry);
    q.to_unit = target ? lb_state_unit_index(st, target) : -1;
    if (q.unit < 0)
        rc = cli_unknown_unit(st, "", cavalry);
    else if (target && q.to_unit < 0)
        rc = cli_unknown_unit(st, "--target: ", target);
    else
        rc = parse_path(args, st, path, &q.npath);
    q.path = path;
    q.answers = a.keys; /* the odds follow them too (R-CHG-25) */
    q.nanswers = a.n;
    decider w = {args, &a, CLI_OK};
    q.decide = decide;
    q.decide_ctx = &w;
    if (rc == CLI_OK)
        rc = cli_ask_decided(args, st, &q, &w.rc);
    lb_state_free(st);
    free(a.buf);
    return rc;
}
