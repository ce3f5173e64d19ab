/* labataille melee FILE ATTACKER... TARGET [--dice R | --seed N]: the assault's values, pre-melee checks and exact odds; the melee played with dice. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "lb/rules.h"

#define LIST_MAX 64

/* A comma-separated option value cut into its entries. */
typedef struct list {
    char *buf;
    char *items[LIST_MAX];
    int n;
} list;

static int split(const cli_args *args, const char *name, list *l)
{
    memset(l, 0, sizeof *l);
    const char *v = cli_option_value(args, name, NULL);
    if (!v)
        return CLI_OK;
    l->buf = strdup(v);
    if (!l->buf)
        return cli_invalid("out of memory");
    for (char *p = l->buf; *p;) {
        if (l->n == LIST_MAX)
            return cli_usage(args, "--%s: at most %d entries", name, LIST_MAX);
        l->items[l->n++] = p;
        p += strcspn(p, ",");
        if (*p)
            *p++ = '\0';
    }
    return CLI_OK;
}

/* The attacker of req named id, or NULL after an error. */
static lb_melee_attacker *attacker(const cli_args *args, lb_melee_req *req, const char *opt,
                                   const char *id)
{
    for (int i = 0; i < req->nattackers; i++)
        if (strcmp(req->attackers[i].id, id) == 0)
            return &req->attackers[i];
    cli_usage(args, "--%s: \"%s\" is not one of the attackers", opt, id);
    return NULL;
}

/* What earlier segments left the units (the request's facts), and standing answers. */
typedef enum fact {
    F_FIRED, F_FIRE_LOSS, F_STRAIGHT, F_CHARGED, F_TIMES, /* about an attacker */
    F_PASSED, F_PRESERVE, F_RETIRE,                       /* about any unit */
    F_COUNT
} fact;

static const struct {
    const char *option, *shape;
    char sep; /* what separates the unit from its value, 0: no value */
} facts[F_COUNT] = {
    {"fired", "UNIT@HEX", '@'}, {"fire-loss", "UNIT=N", '='}, {"straight", "UNIT", 0},
    {"charged", "UNIT", 0},     {"times", "UNIT=N/D", '='},   {"passed", "UNIT", 0},
    {"preserve", "UNIT", 0},    {"retire", "UNIT", 0},
};

/* One attacker fact with its value (NULL for a flag). */
static int attacker_fact(const cli_args *args, const lb_state *st, lb_melee_attacker *a, fact f,
                         const char *val)
{
    char *end;
    long n, d = 1;
    switch (f) {
    case F_FIRED:
        a->fired = 1;
        if (lb_map_parse_label(lb_state_map(st), val, &a->fired_at) != 0 ||
            !lb_map_contains(lb_state_map(st), a->fired_at))
            return cli_invalid("--fired: expected a hex of the map, found \"%s\"", val);
        return CLI_OK;
    case F_FIRE_LOSS:
        n = strtol(val, &end, 10);
        if (*end || n < 0 || n > 99)
            return cli_usage(args, "--fire-loss: expected increments 0-99, found \"%s\"", val);
        a->fire_loss = (int)n;
        return CLI_OK;
    case F_STRAIGHT: a->charge_straight = 1; return CLI_OK;
    case F_CHARGED: a->charged = 1; return CLI_OK;
    case F_TIMES:
        n = strtol(val, &end, 10);
        if (*end == '/')
            d = strtol(end + 1, &end, 10);
        if (*end || n < 1 || d < 1 || n > 99 || d > 99)
            return cli_usage(args, "--times: expected a fraction N/D, found \"%s\"", val);
        a->times = lb_frac_make(n, d);
        return CLI_OK;
    default: return CLI_OK;
    }
}

/* One fact about any unit: it passed its check, or a standing answer about it. */
static int unit_fact(const cli_args *args, lb_melee_req *req, lb_standing *standing, fact f,
                     const char *id)
{
    if (f == F_PASSED) {
        if (req->npassed == LB_MELEE_PASSED_MAX)
            return cli_usage(args, "--passed: at most %d units", LB_MELEE_PASSED_MAX);
        req->passed[req->npassed++] = id;
    } else {
        int preserve = f == F_PRESERVE;
        standing[req->nstanding++] = (lb_standing){preserve ? LB_DECIDE_PRESERVE : LB_DECIDE_RETIRE,
                                                   id, preserve ? "preserve" : "retreat"};
    }
    return CLI_OK;
}

/* --fired U@HEX, --fire-loss U=N, --straight U, --charged U, --times U=N/D, --passed U,
 * --preserve U, --retire U, each a comma-separated list (l: one list per fact). */
static int parse_facts(const cli_args *args, const lb_state *st, lb_melee_req *req, list *l,
                       lb_standing *standing)
{
    int rc = CLI_OK;
    for (int f = 0; f < F_COUNT && rc == CLI_OK; f++) {
        if ((rc = split(args, facts[f].option, &l[f])) != CLI_OK)
            break;
        for (int k = 0; k < l[f].n && rc == CLI_OK; k++) {
            char *id = l[f].items[k], *val = facts[f].sep ? strchr(id, facts[f].sep) : NULL;
            if (val)
                *val++ = '\0';
            if ((facts[f].sep != 0) != (val != NULL))
                return cli_usage(args, "--%s: expected %s, found \"%s\"", facts[f].option,
                                 facts[f].shape, id);
            if (f >= F_PASSED) {
                rc = lb_state_unit_index(st, id) < 0
                         ? cli_invalid("--%s: unknown unit \"%s\"", facts[f].option, id)
                         : unit_fact(args, req, standing, (fact)f, id);
                continue;
            }
            lb_melee_attacker *a = attacker(args, req, facts[f].option, id);
            rc = a ? attacker_fact(args, st, a, (fact)f, val) : CLI_USAGE;
        }
    }
    return rc;
}

/* ---- decisions ---------------------------------------------------------------------------- */

/* Who answers the melee's decisions: --answers in order, else --auto, else the terminal. */
typedef struct decider {
    const cli_args *args;
    list answers;
    int next;
    int rc; /* CLI_OK, or the error printed when it stopped */
} decider;

/* Answers the pending decision d (lb_question's decide): --answers in order, else --auto, else
 * at the terminal. */
static int decide(void *ctx, const lb_state *st, const lb_decision *d)
{
    decider *w = ctx;
    const cli_args *args = w->args;
    int automatic, k;
    cli_option_value(args, "auto", &automatic);
    if (w->next < w->answers.n) {
        const char *key = w->answers.items[w->next++];
        if ((k = lb_decision_find(d, key)) >= 0)
            return k;
        cli_decision_print(stderr, st, d);
        w->rc = cli_usage(args, "--answers: \"%s\" is not one of the options above (R-MEL-22)",
                          key);
        return LB_ASK_STOP;
    }
    if (automatic)
        return LB_ASK_AUTOMATIC;
    if (!isatty(STDIN_FILENO)) {
        cli_decision_print(stderr, st, d);
        w->rc = cli_usage(args, "a decision is needed and no answer was given (R-MEL-22: answer "
                                "it with --answers KEY[,KEY...] or take the automatic choices "
                                "with --auto)");
        return LB_ASK_STOP;
    }
    char line[128];
    for (;;) {
        cli_decision_print(stderr, st, d);
        fprintf(stderr, "choice (number or key): ");
        fflush(stderr);
        if (!fgets(line, sizeof line, stdin)) {
            w->rc = cli_usage(args, "no answer: end of input");
            return LB_ASK_STOP;
        }
        line[strcspn(line, "\r\n")] = '\0';
        char *end;
        long n = strtol(line, &end, 10);
        const char *key = *line && !*end && n >= 1 && n <= d->noptions ? d->options[n - 1].key
                                                                       : line;
        if ((k = lb_decision_find(d, key)) >= 0)
            return k;
        char quoted[160]; /* what was typed, its control characters escaped */
        fprintf(stderr, "%s is not an option\n", lb_err_quote(line, quoted, sizeof quoted));
    }
}

int cmd_melee(const cli_args *args)
{
    if (args->npositional < 3)
        return cli_usage(args, "expected a scenario file, one or more attacking unit ids and a "
                               "target hex or unit");
    int rolled = cli_option_value(args, "dice", NULL) || cli_option_value(args, "seed", NULL);
    lb_dice dice;
    lb_question q = {.kind = LB_ASK_MELEE, .dice = rolled ? &dice : NULL,
                     .scripted = cli_option_value(args, "dice", NULL) != NULL};
    int rc;
    if (rolled && (rc = cli_dice(args, &dice, &q.seed)) != CLI_OK)
        return rc;
    lb_state *st = cli_load(args, args->positional[0]);
    if (!st)
        return CLI_INVALID;
    lb_melee_req req = {0};
    lb_standing standing[2 * LIST_MAX];
    list lists[F_COUNT] = {0};
    decider w = {.args = args};
    int tunit;
    rc = CLI_OK;
    req.nattackers = args->npositional - 2;
    for (int i = 0; i < req.nattackers && rc == CLI_OK; i++) {
        req.attackers[i].id = args->positional[i + 1];
        if (lb_state_unit_index(st, req.attackers[i].id) < 0)
            rc = cli_invalid("unknown unit \"%s\"", req.attackers[i].id);
    }
    if (rc == CLI_OK && cli_hex_or_unit(st, args->positional[args->npositional - 1], &req.target,
                                        &tunit) != 0)
        rc = CLI_INVALID;
    if (rc == CLI_OK)
        rc = parse_facts(args, st, &req, lists, standing);
    req.standing = standing;
    if (rc == CLI_OK && rolled)
        rc = split(args, "answers", &w.answers);
    q.melee = &req;
    q.decide = decide;
    q.decide_ctx = &w;
    if (rc == CLI_OK)
        rc = cli_ask_decided(args, st, &q, &w.rc);
    for (int f = 0; f < F_COUNT; f++)
        free(lists[f].buf);
    free(w.answers.buf);
    lb_state_free(st);
    return rc;
}
