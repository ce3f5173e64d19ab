/* labataille move FILE UNIT [--to HEX | --path H1,H2,… | --plan A,B,…] [--form F] [--face N]: a move checked step by step, and every hex within reach. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lb/rules.h"

#define PLAN_MAX 64

/* ---- the plan from the options --------------------------------------------------------------- */

typedef struct plan {
    lb_move_action a[PLAN_MAX];
    char with[PLAN_MAX][64]; /* the ids attach names */
    int n;
    int rolls;               /* some action rolls dice */
} plan;

static int add(plan *p, lb_move_action a)
{
    if (p->n == PLAN_MAX)
        return -1;
    p->rolls |= a.kind == LB_ACT_MARCH ||
                (a.kind == LB_ACT_FORM &&
                 (a.formation == LB_FORM_LIMBERED || a.formation == LB_FORM_UNLIMBERED));
    p->a[p->n++] = a;
    return 0;
}

/* A step (or prolonge) into hex `to` from the unit's first hex *at: direction -1 when the hex
 * is not next to it (the rules refuse it, R-MOV-1). */
static lb_move_action step_to(lb_move_kind kind, lb_hex *at, lb_hex to)
{
    lb_move_action a = {.kind = kind, .dir = lb_hex_dir_to(*at, to)};
    *at = to;
    return a;
}

/* "F", "F:N" or "F:N@H1+H2": formation, facing, hexes. */
static int parse_form(const cli_args *args, const lb_state *st, const char *s, lb_move_action *a)
{
    char name[32];
    size_t len = strcspn(s, ":@");
    snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), s);
    int f = lb_name_parse(LB_NAME_FORMATION, name);
    if (f < 0 || len >= sizeof name)
        return cli_usage(args, "--form: expected a formation (column, line, carre, skirmish, "
                               "general, road, limbered, unlimbered), found \"%s\"", s);
    *a = (lb_move_action){.kind = LB_ACT_FORM, .formation = (lb_formation)f};
    const char *p = s + len;
    if (*p == ':') {
        char *end;
        long facing = strtol(p + 1, &end, 10);
        if (end == p + 1 || facing < 1 || facing > 12)
            return cli_usage(args, "--form: expected a facing 1-12 after ':', found \"%s\"", p + 1);
        a->facing = (int)facing;
        p = end;
    }
    if (*p == '@') {
        char list[128];
        snprintf(list, sizeof list, "%s", p + 1);
        for (char *c = list; *c; c++)
            if (*c == '+')
                *c = ',';
        int bad = 0,
            n = lb_map_parse_labels(lb_state_map(st), list, a->hexes, LB_UNIT_MAX_HEXES, &bad);
        if (n < 1)
            return cli_invalid("--form: expected hexes of the %s map after '@', found \"%s\"",
                               cli_map_size(st, (char[CLI_MAP_SIZE_MAX]){0}), p + 1);
        a->nhexes = n;
    } else if (*p) {
        return cli_usage(args, "--form: unexpected \"%s\"", p);
    }
    return CLI_OK;
}

static int parse_face(const cli_args *args, const char *s, lb_move_action *a)
{
    char *end;
    long f = strtol(s, &end, 10);
    if (!*s || *end || f < 1 || f > 12)
        return cli_usage(args, "expected a facing, a clock hour 1-12, found \"%s\"", s);
    *a = (lb_move_action){.kind = LB_ACT_FACE, .facing = (int)f};
    return CLI_OK;
}

static int parse_hex(const lb_state *st, const char *s, lb_hex *h)
{
    if (lb_map_parse_label(lb_state_map(st), s, h) == 0 && lb_map_contains(lb_state_map(st), *h))
        return CLI_OK;
    return cli_invalid("expected a hex label of the %s map, found \"%s\"",
                       cli_map_size(st, (char[CLI_MAP_SIZE_MAX]){0}), s);
}

/* --plan: hex labels (steps), face=N, form=F[:N][@H+H], prolonge=HEX, attach=ID, detach, march. */
static int parse_plan(const cli_args *args, const lb_state *st, const char *list, lb_hex *at,
                      plan *p)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        lb_move_action a;
        int rc = CLI_OK;
        lb_hex h;
        if (strncmp(tok, "face=", 5) == 0) {
            rc = parse_face(args, tok + 5, &a);
        } else if (strncmp(tok, "form=", 5) == 0) {
            rc = parse_form(args, st, tok + 5, &a);
        } else if (strncmp(tok, "prolonge=", 9) == 0) {
            rc = parse_hex(st, tok + 9, &h);
            a = step_to(LB_ACT_PROLONGE, at, h);
        } else if (strncmp(tok, "attach=", 7) == 0 && p->n < PLAN_MAX) {
            snprintf(p->with[p->n], sizeof p->with[0], "%s", tok + 7);
            a = (lb_move_action){.kind = LB_ACT_ATTACH, .with = p->with[p->n]};
        } else if (strcmp(tok, "detach") == 0) {
            a = (lb_move_action){.kind = LB_ACT_DETACH};
        } else if (strcmp(tok, "march") == 0) {
            a = (lb_move_action){.kind = LB_ACT_MARCH};
        } else {
            rc = parse_hex(st, tok, &h);
            a = step_to(LB_ACT_STEP, at, h);
        }
        if (rc != CLI_OK)
            return rc;
        if (add(p, a))
            return cli_usage(args, "a plan of at most %d actions", PLAN_MAX);
    }
    return CLI_OK;
}

/* The plan from --plan, or from --form, --face and then --path; --to into q (the path there is
 * the answer's). The steps start at `at`, the unit's first hex (or where it enters). */
static int build_plan(const cli_args *args, const lb_state *st, lb_hex at, plan *p,
                      lb_question *q)
{
    const char *list = cli_option_value(args, "plan", NULL);
    const char *path = cli_option_value(args, "path", NULL);
    const char *to = cli_option_value(args, "to", NULL);
    const char *form = cli_option_value(args, "form", NULL);
    const char *face = cli_option_value(args, "face", NULL);
    if ((list != NULL) + (path != NULL) + (to != NULL) > 1)
        return cli_usage(args, "give one of --to, --path and --plan");
    if (list && (form || face))
        return cli_usage(args, "--plan holds its own formation and facing changes");
    if (list)
        return parse_plan(args, st, list, &at, p);
    lb_move_action a;
    int rc;
    if (form && ((rc = parse_form(args, st, form, &a)) != CLI_OK || add(p, a)))
        return rc;
    if (face && ((rc = parse_face(args, face, &a)) != CLI_OK || add(p, a)))
        return rc;
    if (path) {
        lb_hex hexes[PLAN_MAX];
        int bad = 0, n = lb_map_parse_labels(lb_state_map(st), path, hexes, PLAN_MAX, &bad);
        if (n < 0)
            return cli_invalid("--path: expected hex labels of the %s map separated by commas; "
                               "entry %d is not one",
                               cli_map_size(st, (char[CLI_MAP_SIZE_MAX]){0}), bad + 1);
        for (int i = 0; i < n; i++)
            if (add(p, step_to(LB_ACT_STEP, &at, hexes[i])))
                return cli_usage(args, "a plan of at most %d actions", PLAN_MAX);
    }
    if (to && (rc = parse_hex(st, to, &q->to)) != CLI_OK)
        return rc;
    q->to_label = to;
    return CLI_OK;
}

static int write_svg(const lb_answer *a, const char *path)
{
    char *svg;
    FILE *f = lb_answer_svg(a, &svg) == LB_OK ? fopen(path, "w") : NULL;
    int ok = f && fputs(svg, f) >= 0;
    if (f && fclose(f) != 0)
        ok = 0;
    free(svg);
    return ok ? CLI_OK : cli_invalid("cannot write the picture to %s", path);
}

/* Asks q and prints the answer (and its picture, --svg, first). */
static int answer_move(const cli_args *args, const lb_state *st, const lb_question *q)
{
    lb_answer *a;
    int lrc = lb_ask(st, q, &a, NULL), rc = CLI_OK;
    if (lrc == LB_DICE)
        return cli_invalid("the scripted dice do not fit the rolls asked for");
    if (lrc != LB_OK)
        return cli_invalid("%s", lb_err_str(lrc));
    const char *svg = cli_option_value(args, "svg", NULL);
    if (svg)
        rc = write_svg(a, svg);
    if (rc == CLI_OK)
        rc = cli_print_asked(args, a);
    lb_answer_free(a);
    return rc;
}

int cmd_move(const cli_args *args)
{
    if (args->npositional != 2)
        return cli_usage(args, "expected a scenario file and a unit id");
    lb_state *st = cli_load(args, args->positional[0]);
    if (!st)
        return CLI_INVALID;
    const char *id = args->positional[1];
    int unit = lb_state_unit_index(st, id), rc;
    if (unit < 0) {
        rc = cli_invalid("unknown unit \"%s\"", id);
        lb_state_free(st);
        return rc;
    }
    lb_question q = {.kind = LB_ASK_MOVE, .unit = unit};
    const char *enter_at = cli_option_value(args, "enter", NULL);
    /* R-MOV-17: --enter HEX brings the unit in at HEX as its first step */
    rc = enter_at ? parse_hex(st, enter_at, &q.from) : CLI_OK;
    q.enter = enter_at != NULL;
    plan *p = calloc(1, sizeof *p);
    if (rc == CLI_OK && !p)
        rc = cli_invalid("out of memory");
    if (rc == CLI_OK)
        rc = build_plan(args, st, enter_at ? q.from : cli_unit(st, unit).hexes[0], p, &q);
    lb_dice dice;
    if (rc == CLI_OK && p->rolls &&
        (rc = cli_dice(args, &dice, &q.seed)) == CLI_OK) {
        q.dice = &dice;
        q.scripted = cli_option_value(args, "dice", NULL) != NULL;
    }
    if (rc == CLI_OK) {
        q.actions = p->a;
        q.nactions = p->n;
        rc = answer_move(args, st, &q);
    }
    free(p);
    lb_state_free(st);
    return rc;
}
