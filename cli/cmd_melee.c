/* labataille melee FILE ATTACKER... TARGET [--dice R | --seed N]: the assault's values, pre-melee checks and exact odds; the melee played with dice. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "lb/melee.h"

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

/* ---- text --------------------------------------------------------------------------------- */

/* What s says, as long as the melee's texts are (LB_MELEE_TEXT_MAX), into buf. */
static const char *said_text(const lb_said *s, char buf[LB_MELEE_TEXT_MAX])
{
    lb_said_fmt(s, buf, LB_MELEE_TEXT_MAX);
    return buf;
}

void cli_melee_print_chance(FILE *out, const lb_state *st, const lb_melee_chance *c)
{
    char tl[LB_HEX_LABEL_MAX], vb[32], db[32], why[LB_MELEE_TEXT_MAX];
    fprintf(out, "melee on %s: %s\n", lb_map_label(lb_state_map(st), c->target, tl),
           c->allowed ? "allowed" : "not allowed");
    if (!c->allowed) {
        fprintf(out, "  %s [%s]\n", c->why.event ? said_text(&c->why, why) : c->refused, c->rule);
        return;
    }
    for (int i = 0; i < c->nunits; i++) {
        const lb_melee_unit *mu = &c->units[i];
        const lb_unit *u = lb_state_unit(st, mu->unit);
        fprintf(out, "  %-8s %-14s %2d incr (%d counted) melee %s", mu->side == LB_MELEE_ATTACKER
               ? "attacker" : "defender", u->id, mu->increments, mu->counted,
               lb_frac_fmt(mu->value, vb, sizeof vb));
        if (mu->side == LB_MELEE_ATTACKER)
            fprintf(out, " through the %s", lb_side_class_name(mu->through));
        fprintf(out, "\n");
        for (int k = 0; k < mu->ntimes; k++)
            fprintf(out, "      x%s %s%s%s\n", lb_frac_fmt(mu->times[k].times, vb, sizeof vb),
                   mu->times[k].lance ? "(lance bonus) " : "", lb_melee_times_what(&mu->times[k]),
                   mu->times[k].uncertain ? " (uncertain)" : "");
        if (mu->checks)
            fprintf(out, "      pre-melee check: morale %d, modifier %+d (chart %+d), passes %s\n",
                   mu->chance.morale, mu->chance.modifier, mu->chart_mod,
                   lb_frac_fmt(mu->chance.p_pass, vb, sizeof vb));
        else
            fprintf(out, "      no pre-melee check: %s\n", lb_melee_exemption_name(mu->exempt));
    }
    fprintf(out, "  pre-melee odds %d : %d -> %s\n", c->increments_attacking,
            c->increments_defending, c->premelee ? c->premelee->label : "none");
    fprintf(out, "  melee %s : %s -> %s, roll modifier %+d\n",
            lb_frac_fmt(c->attack, vb, sizeof vb), lb_frac_fmt(c->defence, db, sizeof db),
            c->column ? c->column->label : "no effect", c->modifier);
    fprintf(out, "  outcomes:\n");
    for (int i = 0; i < c->noutcomes; i++)
        fprintf(out, "    %-16s %-10s %5.1f%%\n", c->outcomes[i].result,
               lb_frac_fmt(c->outcomes[i].p, vb, sizeof vb),
               100.0 * lb_frac_double(c->outcomes[i].p));
}

static void print_played(const lb_state *st, const lb_melee *m)
{
    const lb_melee_result *r = lb_melee_result_of(m);
    char text[LB_MELEE_TEXT_MAX];
    if (lb_melee_status_of(m) == LB_MELEE_REFUSED) {
        printf("  refused: %s [%s]\n", said_text(&r->why, text), r->rule);
        return;
    }
    printf("played:\n");
    for (int i = 0; i < r->nevents; i++)
        printf("  %-10s %s [%s]\n", r->events[i].kind, said_text(&r->events[i].said, text),
               r->events[i].rule);
    const lb_state *after = lb_melee_state(m);
    for (int i = 0; after && i < lb_state_unit_count(st); i++) {
        const lb_unit *u = lb_state_unit(st, i);
        int j = lb_state_unit_index(after, u->id);
        if (j < 0) {
            printf("  %s: removed\n", u->id);
            continue;
        }
        const lb_unit *a = lb_state_unit(after, j);
        char hl[LB_HEX_LABEL_MAX];
        int moved = !lb_hex_eq(a->hexes[0], u->hexes[0]);
        if (!lb_unit_is_combat(u) && moved)
            printf("  %s: in %s\n", u->id, lb_map_label(lb_state_map(after), a->hexes[0], hl));
        else if (a->losses != u->losses || a->state != u->state || moved ||
                 a->readiness != u->readiness)
            printf("  %s: %s, %s, %d lost, %s, in %s\n", u->id, lb_morale_state_name(a->state),
                   lb_formation_name(a->formation), a->losses, lb_readiness_name(a->readiness),
                   lb_map_label(lb_state_map(after), a->hexes[0], hl));
    }
}

/* ---- decisions ---------------------------------------------------------------------------- */

/* The melee's decision d in words: its prompt (option -1) or an option's text, said as an
 * event or written already. */
static const char *decision_words(const lb_decision *d, int option, char *buf, size_t n)
{
    const lb_said *said = option < 0      ? &d->said
                          : d->option_said ? &d->option_said[option]
                                           : NULL;
    if (said && said->event) {
        lb_said_fmt(said, buf, n);
        return buf;
    }
    return option < 0 ? d->prompt : d->options[option].text;
}

static void print_options(FILE *out, const lb_state *st, const lb_decision *d)
{
    char prompt[LB_DECISION_PROMPT_MAX], text[LB_OPTION_TEXT_MAX];
    fprintf(out, "decision for %s (%s about %s) [%s]:\n  %s\n", lb_state_side_name(st, d->side),
            lb_decision_kind_name(d->kind), d->subject, d->rule,
            decision_words(d, -1, prompt, sizeof prompt));
    for (int i = 0; i < d->noptions; i++)
        fprintf(out, "  %d) %-12s %s%s\n", i + 1, d->options[i].key,
                decision_words(d, i, text, sizeof text), i == d->auto_choice ? "  (auto)" : "");
}

/* Answers the pending decision: --answers in order, else --auto, else at the terminal. */
static int answer(const cli_args *args, const lb_state *st, lb_melee *m, const list *answers,
                  int *next)
{
    const lb_decision *d = lb_melee_pending(m);
    int automatic;
    cli_option_value(args, "auto", &automatic);
    if (*next < answers->n) {
        const char *key = answers->items[(*next)++];
        if (lb_melee_answer(m, key) == LB_OK)
            return CLI_OK;
        print_options(stderr, st, d);
        return cli_usage(args, "--answers: \"%s\" is not one of the options above (R-MEL-22)",
                         key);
    }
    if (automatic)
        return lb_melee_answer_auto(m) == LB_OK ? CLI_OK : cli_invalid("out of memory");
    if (!isatty(STDIN_FILENO)) {
        print_options(stderr, st, d);
        return cli_usage(args, "a decision is needed and no answer was given (R-MEL-22: answer it "
                               "with --answers KEY[,KEY...] or take the automatic choices with "
                               "--auto)");
    }
    char line[128];
    for (;;) {
        print_options(stderr, st, d);
        fprintf(stderr, "choice (number or key): ");
        fflush(stderr);
        if (!fgets(line, sizeof line, stdin))
            return cli_usage(args, "no answer: end of input");
        line[strcspn(line, "\r\n")] = '\0';
        char *end;
        long k = strtol(line, &end, 10);
        const char *key = *line && !*end && k >= 1 && k <= d->noptions ? d->options[k - 1].key
                                                                       : line;
        if (lb_melee_answer(m, key) == LB_OK)
            return CLI_OK;
        char quoted[160]; /* what was typed, its control characters escaped */
        fprintf(stderr, "%s is not an option\n", lb_err_quote(line, quoted, sizeof quoted));
    }
}

/* Plays the melee to its end, answering each decision. */
static int play(const cli_args *args, const lb_state *st, const lb_melee_req *req, lb_dice *dice,
                lb_melee **out)
{
    list answers;
    int rc = split(args, "answers", &answers), next = 0;
    if (rc != CLI_OK) {
        free(answers.buf);
        return rc;
    }
    if (lb_melee_new(st, req, out) != LB_OK) {
        free(answers.buf);
        return cli_invalid("%s", lb_err_str(LB_NOMEM));
    }
    for (;;) {
        int lrc = lb_melee_resolve(*out, dice);
        if (lrc == LB_DICE)
            rc = cli_usage(args, "--dice: %s", lb_melee_error(*out));
        else if (lrc != LB_OK)
            rc = cli_invalid("%s", *lb_melee_error(*out) ? lb_melee_error(*out) : lb_err_str(lrc));
        if (lrc != LB_OK || lb_melee_status_of(*out) != LB_MELEE_DECIDE)
            break;
        if ((rc = answer(args, st, *out, &answers, &next)) != CLI_OK)
            break;
    }
    free(answers.buf);
    return rc;
}

int cmd_melee(const cli_args *args)
{
    if (args->npositional < 3)
        return cli_usage(args, "expected a scenario file, one or more attacking unit ids and a "
                               "target hex or unit");
    int rolled = cli_option_value(args, "dice", NULL) || cli_option_value(args, "seed", NULL);
    int scripted = cli_option_value(args, "dice", NULL) != NULL;
    lb_dice dice;
    uint64_t seed = 0;
    int rc;
    if (rolled && (rc = cli_dice(args, &dice, &seed)) != CLI_OK)
        return rc;
    lb_state *st = cli_load(args, args->positional[0]);
    if (!st)
        return CLI_INVALID;
    lb_melee_req req = {0};
    lb_standing standing[2 * LIST_MAX];
    list lists[F_COUNT] = {0};
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
    lb_melee_chance *c = rc == CLI_OK ? calloc(1, sizeof *c) : NULL;
    lb_melee *m = NULL;
    lb_trace t;
    lb_trace_init(&t);
    if (rc == CLI_OK && !c)
        rc = cli_invalid("%s", lb_err_str(LB_NOMEM));
    int lrc = rc == CLI_OK ? lb_melee_odds(st, &req, c, &t) : LB_OK;
    if (rc == CLI_OK && lrc != LB_OK)
        rc = cli_invalid("%s", lrc == LB_INVALID ? "more pre-melee checks than the exact odds "
                                                   "enumerate"
                                                 : lb_err_str(lrc));
    if (rc == CLI_OK && rolled && c->allowed)
        rc = play(args, st, &req, &dice, &m);
    if (rc == CLI_OK && args->json) {
        char *text;
        int jrc = lb_melee_json(st, c, m, seed, scripted, &t, &text);
        rc = cli_print_answer(jrc, text);
    } else if (rc == CLI_OK) {
        cli_melee_print_chance(stdout, st, c);
        if (m) {
            if (!scripted)
                printf("  seed %llu\n", (unsigned long long)seed);
            print_played(st, m);
        } else if (c->allowed) {
            printf("  (give --dice ROLLS or --seed N to play it)\n");
        }
        printf("trace:\n");
        cli_trace_print(m ? lb_melee_trace(m) : &t);
    }
    for (int f = 0; f < F_COUNT; f++)
        free(lists[f].buf);
    lb_melee_free(m);
    lb_trace_release(&t);
    free(c);
    lb_state_free(st);
    return rc;
}
