/* labataille charge FILE CAVALRY --path H1,H2,…: runs a cavalry charge step by step, asking each decision (or taking it from the options), with exact odds. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "lb/charge.h"

#define ANSWERS_MAX 64

typedef struct answers {
    char *buf;                     /* a copy of --answers, cut at the commas */
    const char *keys[ANSWERS_MAX];
    int n, next;
} answers;

static int parse_path(const cli_args *args, const lb_state *st, lb_charge_req *req)
{
    const char *list = cli_option_value(args, "path", NULL);
    if (!list)
        return cli_usage(args,
                         "--path H1,H2,... is required: the hexes the cavalry plans to enter");
    int bad = 0;
    req->npath = lb_map_parse_labels(lb_state_map(st), list, req->path, LB_CHARGE_PATH_MAX, &bad);
    if (req->npath < 0 && bad == LB_CHARGE_PATH_MAX)
        return cli_usage(args, "--path: at most %d hexes", LB_CHARGE_PATH_MAX);
    if (req->npath < 0)
        return cli_invalid("--path: expected hex labels of the %dx%d map, found \"%s\" (entry %d)",
                           lb_state_map(st)->cols, lb_state_map(st)->rows, list, bad + 1);
    return req->npath ? CLI_OK : cli_usage(args, "--path: expected at least one hex");
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

/* The charge's decision d in words: its prompt (option -1) or an option's text, said as an
 * event (lb_said) or written already. */
static const char *decision_words(const lb_decision *d, int option, char *buf, size_t n)
{
    const lb_said *said = option < 0 ? &d->said
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

/* What s says, as long as the charge's texts are (LB_CHARGE_TEXT_MAX), into buf. */
static const char *said_text(const lb_said *s, char buf[LB_CHARGE_TEXT_MAX])
{
    lb_said_fmt(s, buf, LB_CHARGE_TEXT_MAX);
    return buf;
}

/* The answer to d: from --answers, else typed at the terminal; NULL (with the reason printed and
 * *rc set) when there is none. */
static const char *answer_for(const cli_args *args, const lb_state *st, const lb_decision *d,
                              answers *a, char *line, size_t n, int *rc)
{
    if (a->next < a->n) {
        const char *key = a->keys[a->next++];
        if (lb_decision_find(d, key) >= 0)
            return key;
        print_options(stderr, st, d);
        *rc = cli_usage(args, "--answers: \"%s\" is not one of the options above (R-CHG-7)", key);
        return NULL;
    }
    if (!isatty(STDIN_FILENO)) {
        print_options(stderr, st, d);
        *rc =
            cli_usage(args, "a decision is needed and no answer was given (R-CHG-7: answer it with "
                            "--answers KEY[,KEY...], --target, --response, or take the "
                            "automatic choices with --auto)");
        return NULL;
    }
    for (;;) {
        print_options(stderr, st, d);
        fprintf(stderr, "choice (number or key): ");
        fflush(stderr);
        if (!fgets(line, (int)n, stdin)) {
            *rc = cli_usage(args, "no answer: end of input");
            return NULL;
        }
        line[strcspn(line, "\r\n")] = '\0';
        char *end;
        long k = strtol(line, &end, 10);
        if (*line && !*end && k >= 1 && k <= d->noptions)
            return d->options[k - 1].key;
        if (lb_decision_find(d, line) >= 0)
            return line;
        char quoted[160]; /* what was typed, its control characters escaped */
        fprintf(stderr, "%s is not an option\n", lb_err_quote(line, quoted, sizeof quoted));
    }
}

static void print_unit(const lb_state *st, const lb_unit *u)
{
    char label[LB_HEX_LABEL_MAX];
    printf("%s %s %s", lb_map_label(lb_state_map(st), u->hexes[0], label),
           lb_formation_name(u->formation), lb_morale_state_name(u->state));
    if (u->nhexes > 1)
        printf(" (+%d hexes)", u->nhexes - 1);
    printf(" %d/%d increments", lb_unit_strength(u), u->increments);
    if (u->arm == LB_ARM_CAVALRY)
        printf(" %s", lb_readiness_name(u->readiness));
}

static void print_text(const lb_state *st, const lb_charge *ch, const lb_charge_req *req,
                       const lb_charge_outcomes *odds, uint64_t seed, int scripted)
{
    const lb_charge_result *r = lb_charge_result_of(ch);
    const lb_state *after = lb_charge_state(ch);
    char label[LB_HEX_LABEL_MAX], buf[64], text[LB_CHARGE_TEXT_MAX];
    printf("charge of %s (%s), path", req->cavalry, lb_edition_name(lb_state_rules(st)));
    for (int i = 0; i < req->npath; i++)
        printf("%s%s", i ? "," : " ", lb_map_label(lb_state_map(st), req->path[i], label));
    printf("\n");
    if (!scripted)
        printf("  seed %llu\n", (unsigned long long)seed);
    if (lb_charge_status_of(ch) == LB_CHARGE_REFUSED) {
        printf("not allowed [%s]: %s\n", r->rule, said_text(&r->why, text));
    } else {
        printf("movement points: %d spent of %d\n", r->mp_spent, r->mp_total);
        printf("events:\n");
        for (int i = 0; i < r->nevents; i++)
            printf("  %2d. %-15s %s  [%s]\n", i + 1, r->events[i].kind,
                   said_text(&r->events[i].said, text), r->events[i].rule);
        printf("obligations:%s\n", r->nobligations ? "" : " none");
        for (int i = 0; i < r->nobligations; i++) {
            const lb_charge_obligation *o = &r->obligations[i];
            printf("  - %-17s %s  [%s]\n", lb_obligation_kind_name(o->kind),
                   said_text(&o->said, text), o->rule);
            if (o->fire_known && o->fire_allowed)
                printf("    %-17s fire value %s; at least one increment lost: %s\n", "",
                       lb_frac_fmt(o->fire_value, buf, sizeof buf),
                       lb_frac_fmt(o->p_hit, label, sizeof label));
            else if (o->fire_known)
                printf("    %-17s the fire rules answer no: %s\n", "",
                       said_text(&o->fire_why, text));
        }
        printf("units changed:\n");
        for (int i = 0; after && i < lb_state_unit_count(st); i++) {
            const lb_unit *u = lb_state_unit(st, i);
            int j = lb_state_unit_index(after, u->id);
            if (j >= 0 && lb_charge_unit_same(u, lb_state_unit(after, j)))
                continue;
            printf("  %-12s ", u->id);
            print_unit(st, u);
            printf("  ->  ");
            if (j >= 0)
                print_unit(after, lb_state_unit(after, j));
            else
                printf("eliminated");
            printf("\n");
        }
        const lb_journal *jr = lb_charge_journal(ch);
        printf("decisions:\n");
        for (int i = 0; i < jr->count; i++) {
            const lb_journal_entry *e = &jr->entries[i];
            if (e->kind == LB_ENTRY_DECISION)
                printf("  %-8s %-10s about %-12s %-14s (%s)\n", lb_state_side_name(st, e->side),
                       lb_decision_kind_name(e->decision), e->subject, e->key,
                       lb_decided_by_name(e->by));
            else
                printf("  dice     %-10s %d\n", e->purpose, e->value);
        }
    }
    printf("summary: %s\n", r->summary);
    if (odds) {
        printf("odds (every dice branch; decisions as given, the others automatic; %d passes, "
               "%d branches merged):\n",
               odds->runs, odds->merged);
        if (!odds->exact)
            printf("  not exact: %s; the ends below cover %s\n", said_text(&odds->stopped, text),
                   lb_frac_ok(odds->covered) ? lb_frac_fmt(odds->covered, buf, sizeof buf)
                                              : "more than 64-bit fractions can say");
        for (int i = 0; i < odds->n; i++)
            printf("  %9s  %5.1f%%  %s\n", lb_frac_fmt(odds->outcomes[i].p, buf, sizeof buf),
                   100.0 * lb_frac_double(odds->outcomes[i].p), odds->outcomes[i].summary);
    }
    lb_reactions_print(stdout, st, req->cavalry, req->path, req->npath, 1); /* R-RCH-8 */
    printf("trace:\n");
    cli_trace_print(lb_charge_trace(ch));
    if (odds) {
        lb_trace ot;
        lb_trace_init(&ot);
        lb_charge_odds_trace(odds, &ot);
        cli_trace_print(&ot);
        lb_trace_release(&ot);
    }
}

/* Runs the charge to its end, answering each decision; CLI_OK or an exit status. */
static int drive(const cli_args *args, const lb_state *st, lb_charge *ch, lb_dice *dice,
                 answers *a)
{
    char line[256];
    for (;;) {
        int lrc = lb_charge_resolve(ch, dice);
        if (lrc == LB_DICE)
            return cli_usage(args, "--dice: %s", lb_charge_error(ch));
        if (lrc != LB_OK)
            return cli_invalid("%s",
                               lb_charge_error(ch)[0] ? lb_charge_error(ch) : lb_err_str(lrc));
        if (lb_charge_status_of(ch) != LB_CHARGE_DECIDE)
            return CLI_OK;
        int rc = CLI_OK, automatic;
        cli_option_value(args, "auto", &automatic);
        if (a->next >= a->n && automatic) {
            /* every decision left takes its automatic option: one more run to the end */
            lb_charge_set_automatic(ch);
            continue;
        }
        const char *key = answer_for(args, st, lb_charge_pending(ch), a, line, sizeof line, &rc);
        if (!key)
            return rc;
        lb_charge_answer(ch, key);
    }
}

int cmd_charge(const cli_args *args)
{
    if (args->npositional != 2)
        return cli_usage(args, "expected a scenario file and the charging cavalry's id");
    const char *response = cli_option_value(args, "response", NULL);
    if (response && strcmp(response, "stand") != 0 && strcmp(response, "carre") != 0)
        return cli_usage(args, "--response: expected stand or carre, found \"%s\"", response);
    lb_dice dice;
    uint64_t seed = 0;
    int scripted = cli_option_value(args, "dice", NULL) != NULL;
    int rc = cli_dice(args, &dice, &seed);
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
    lb_charge_req req = {.cavalry = args->positional[1]};
    lb_standing standing[LB_CHARGE_STANDING_MAX];
    const char *target = cli_option_value(args, "target", NULL);
    req.nstanding = lb_charge_standing(target, response, standing);
    req.standing = standing;
    req.answers = a.keys; /* the odds follow them too (R-CHG-25) */
    req.nanswers = a.n;
    lb_charge *ch = NULL;
    lb_charge_outcomes odds = {0};
    int want_odds;
    cli_option_value(args, "odds", &want_odds);
    int cav = lb_state_unit_index(st, req.cavalry);
    if (cav < 0)
        rc = cli_unknown_unit(st, "", req.cavalry);
    else if (target && lb_state_unit_index(st, target) < 0)
        rc = cli_unknown_unit(st, "--target: ", target);
    else
        rc = parse_path(args, st, &req);
    lb_err err;
    if (rc == CLI_OK && lb_charge_new(st, &req, &ch, &err) != LB_OK)
        rc = cli_invalid("%s", err.msg);
    if (rc == CLI_OK)
        rc = drive(args, st, ch, &dice, &a);
    if (rc == CLI_OK && want_odds) {
        int lrc = lb_charge_odds(st, &req, &odds);
        if (lrc != LB_OK)
            rc = cli_invalid("odds: %s", odds.error.msg[0] ? odds.error.msg : lb_err_str(lrc));
    }
    if (rc == CLI_OK) {
        if (args->json) {
            char *text;
            int jrc = lb_charge_json(st, ch, &req, want_odds ? &odds : NULL, seed, scripted, &text);
            rc = cli_print_answer(jrc, text);
        } else {
            print_text(st, ch, &req, want_odds ? &odds : NULL, seed, scripted);
        }
    }
    lb_charge_outcomes_release(&odds);
    lb_charge_free(ch);
    lb_state_free(st);
    free(a.buf);
    return rc;
}
