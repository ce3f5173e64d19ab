/* labataille move FILE UNIT [--to HEX | --path H1,H2,… | --plan A,B,…] [--form F] [--face N]: a move checked step by step, and every hex within reach. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lb/move.h"

#define PLAN_MAX 64

enum { MARK_NONE, MARK_PASS, MARK_REACH, MARK_STOP, MARK_PATH, MARK_END, MARK_START };

static const char mark_chars[] = " o+s=*@";

static const char *mp_text(int halves, char *buf, size_t n)
{
    if (halves % 2)
        snprintf(buf, n, "%d/2", halves);
    else
        snprintf(buf, n, "%d", halves / 2);
    return buf;
}

static const char *label(const lb_state *st, lb_hex h, char *buf)
{
    return lb_map_label(lb_state_map(st), h, buf);
}

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
    int f = lb_formation_parse(name);
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
            return cli_invalid("--form: expected hexes of the %dx%d map after '@', found \"%s\"",
                               lb_state_map(st)->cols, lb_state_map(st)->rows, p + 1);
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
    return cli_invalid("expected a hex label of the %dx%d map, found \"%s\"",
                       lb_state_map(st)->cols, lb_state_map(st)->rows, s);
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

/* ---- the answer -------------------------------------------------------------------------------- */

static void print_events(const lb_state *st, const lb_move_outcome *o)
{
    char buf[LB_HEX_LABEL_MAX];
    for (int i = 0; i < o->nevents; i++) {
        const lb_move_event *e = &o->events[i];
        printf("       %s at %s:", lb_move_event_name(e->kind), label(st, e->hex, buf));
        for (int k = 0; k < e->nunits; k++)
            printf(" %s", e->units[k]);
        printf(" [%s]\n", e->rule);
    }
}

static void mark(const lb_map *m, unsigned char *marks, lb_hex h, int what)
{
    if (lb_map_contains(m, h) && marks[lb_map_cell(m, h)] < what)
        marks[lb_map_cell(m, h)] = (unsigned char)what;
}

static unsigned char *marks_of(const lb_move_answer *A)
{
    const lb_map *m = lb_state_map(A->st);
    unsigned char *marks = calloc((size_t)m->cols * (size_t)m->rows, 1);
    if (!marks)
        return NULL;
    for (int i = 1; i < A->ch->nreach; i++) {
        const lb_move_reach *r = &A->ch->reach[i];
        mark(m, marks, r->hex, r->stop && r->end ? MARK_STOP : r->end ? MARK_REACH : MARK_PASS);
    }
    for (int i = 0; A->pl && i < A->pl->nactions; i++)
        if (A->pl->actions[i].legal)
            mark(m, marks, A->pl->actions[i].to[0],
                 i == A->pl->nactions - 1 && A->pl->legal ? MARK_END : MARK_PATH);
    mark(m, marks, lb_state_unit(A->st, A->unit)->hexes[0], MARK_START);
    return marks;
}

static int print_text(const lb_move_answer *A, const lb_trace *t)
{
    const lb_state *st = A->st;
    const lb_unit *u = lb_state_unit(st, A->unit);
    const lb_move_choices *ch = A->ch;
    char buf[LB_HEX_LABEL_MAX], mp[24], mp2[24], why[LB_MOVE_REASON_MAX];
    printf("move of %s (%s, %s", u->id, lb_arm_name(u->arm), lb_formation_name(u->formation));
    if (u->facing)
        printf(", facing %d", u->facing);
    printf(") from %s: allowance %s MP, %s spent\n", label(st, u->hexes[0], buf),
           mp_text(ch->allowance, mp, sizeof mp), mp_text(ch->spent, mp2, sizeof mp2));
    if (A->entry)
        printf("entry at %s: %s\n", label(st, A->entry->hex, buf),
               A->entry->legal ? "legal" : cli_said(&A->entry->why, why, sizeof why));
    if (!ch->may_step)
        printf("no step: %s [%s]\n", cli_said(&ch->why, why, sizeof why), ch->rule);
    const lb_move_plan *pl = A->pl;
    if (pl) {
        int total = 0;
        printf("\nplan:\n");
        for (int i = 0; i < pl->nactions; i++) {
            const lb_move_outcome *o = &pl->actions[i];
            total += o->legal ? o->cost : 0;
            printf("  %2d. %-8s %-6s %5s MP  total %5s  %s [%s]\n", i + 1,
                   lb_move_kind_name(o->action.kind), label(st, o->to[0], buf),
                   mp_text(o->cost, mp, sizeof mp), mp_text(total, mp2, sizeof mp2),
                   o->legal ? "ok" : "REFUSED", o->rule ? o->rule : "");
            if (o->rolled)
                printf("       roll %d: %s\n", o->roll, o->success ? "success" : "failure");
            print_events(st, o);
        }
        printf("%s, cost %s MP", pl->legal ? "legal" : "illegal", mp_text(pl->cost, mp, sizeof mp));
        if (pl->stop >= 0)
            printf("; it must stop at %s (an enemy zone of influence)",
                   label(st, pl->actions[pl->stop].to[0], buf));
        printf("\n");
        if (!pl->legal)
            printf("refused: %s [%s]\n", cli_said(&pl->why, why, sizeof why),
                   pl->rule ? pl->rule : "");
        if (A->rolled)
            printf("dice seed %llu\n", A->seed);
    }
    int ends = 0;
    for (int i = 1; i < ch->nreach; i++)
        ends += ch->reach[i].end;
    printf("\n%d hex%s where %s may end its move (%d more it may only pass)\n\n", ends,
           ends == 1 ? "" : "es", u->id, ch->nreach - 1 - ends);
    unsigned char *marks = marks_of(A);
    if (!marks)
        return cli_invalid("out of memory");
    cli_map_print(st, marks, mark_chars,
                  "@ start, + may end, s must stop there, o pass only, = plan, * plan's end");
    free(marks);
    if (ch->nchanges) {
        printf("\nother actions open now:\n");
        for (int i = 0; i < ch->nchanges; i++) {
            const lb_move_outcome *o = &ch->changes[i];
            printf("  %-8s %-10s", lb_move_kind_name(o->action.kind),
                   o->action.kind == LB_ACT_FORM ? lb_formation_name(o->formation) : "");
            if (o->facing)
                printf(" facing %2d", o->facing);
            for (int k = 0; o->action.kind == LB_ACT_FORM && k < o->nto; k++)
                printf("%s%s", k ? "+" : " in ", label(st, o->to[k], buf));
            if (o->action.kind == LB_ACT_PROLONGE || o->action.kind == LB_ACT_ATTACH)
                printf(" %s",
                       o->action.kind == LB_ACT_ATTACH ? o->action.with : label(st, o->to[0], buf));
            printf("  %s MP", mp_text(o->cost, mp, sizeof mp));
            if (o->roll_needed) {
                char p[48];
                printf(", succeeds %s", lb_frac_fmt(o->p_success, p, sizeof p));
            }
            if (o->nevents)
                printf(", opportunity fire");
            printf("\n");
        }
    }
    printf("\ntrace:\n");
    cli_trace_print(t);
    return CLI_OK;
}

static int write_svg(const lb_move_answer *A, const char *path)
{
    unsigned char *marks = marks_of(A);
    if (!marks)
        return cli_invalid("out of memory");
    for (int c = 0; c < lb_state_map(A->st)->cols * lb_state_map(A->st)->rows; c++)
        marks[c] = marks[c] != MARK_NONE;
    char *svg = lb_svg_map(A->st, marks);
    free(marks);
    FILE *f = svg ? fopen(path, "w") : NULL;
    int ok = f && fputs(svg, f) >= 0;
    if (f && fclose(f) != 0)
        ok = 0;
    free(svg);
    return ok ? CLI_OK : cli_invalid("cannot write the picture to %s", path);
}

/* ---- the command ------------------------------------------------------------------------------- */

/* R-MOV-17: --enter HEX takes the unit off the map and brings it in at HEX as its first step. */
static lb_state *enter(const lb_state *st, int unit, lb_hex at, lb_move_entry *e, lb_trace *t)
{
    lb_state *w = lb_state_clone(st);
    if (!w)
        return NULL;
    lb_unit u = *lb_state_unit(w, unit);
    if (lb_state_remove_unit(w, unit) != LB_OK || lb_move_entry_check(w, &u, at, e, t) != LB_OK ||
        (e->legal && lb_move_entry_apply(w, &u, e) != LB_OK)) {
        lb_state_free(w);
        return NULL;
    }
    return w;
}

/* The plan from --plan, or from --form, --face and then --path / --to. */
static int build_plan(const cli_args *args, const lb_state *st, int unit, const lb_move_choices *ch,
                      plan *p, int *unreachable)
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
    lb_hex at = lb_state_unit(st, unit)->hexes[0];
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
            return cli_invalid("--path: expected hex labels of the %dx%d map separated by commas; "
                               "entry %d is not one",
                               lb_state_map(st)->cols, lb_state_map(st)->rows, bad + 1);
        for (int i = 0; i < n; i++)
            if (add(p, step_to(LB_ACT_STEP, &at, hexes[i])))
                return cli_usage(args, "a plan of at most %d actions", PLAN_MAX);
    }
    if (to) {
        lb_hex h;
        if ((rc = parse_hex(st, to, &h)) != CLI_OK)
            return rc;
        int target = -1;
        for (int i = 1; i < ch->nreach && target < 0; i++)
            if (lb_hex_eq(ch->reach[i].hex, h))
                target = i;
        if (target < 0) {
            *unreachable = 1;
            return CLI_OK;
        }
        int dirs[PLAN_MAX], n = lb_move_choices_path(ch, target, dirs, PLAN_MAX);
        for (int i = 0; i < n && i < PLAN_MAX; i++)
            add(p, (lb_move_action){.kind = LB_ACT_STEP, .dir = dirs[i]});
    }
    return CLI_OK;
}

static int answer_move(const cli_args *args, const lb_state *st, int unit,
                       const lb_move_entry *entry, lb_trace *t)
{
    lb_move_choices ch;
    const char *id = lb_state_unit(st, unit)->id;
    if (lb_move_options(st, id, &ch, t) != LB_OK)
        return cli_invalid("out of memory");
    plan *pp = calloc(1, sizeof *pp);
    if (!pp) {
        lb_move_choices_release(&ch);
        return cli_invalid("out of memory");
    }
    plan p = *pp;
    free(pp);
    int unreachable = 0, rc = build_plan(args, st, unit, &ch, &p, &unreachable);
    lb_move_plan pl;
    memset(&pl, 0, sizeof pl);
    int has_plan = p.n > 0 || unreachable || cli_option_value(args, "to", NULL) ||
                   (entry && !entry->legal);
    if (entry && !entry->legal) {
        /* R-MOV-17: a refused entry is the answer; the unit stays off the map */
        p.n = 0;
        p.rolls = 0;
        unreachable = 0;
        pl.unit = id;
        pl.refused = 0;
        pl.stop = -1;
        pl.rule = entry->rule;
        pl.section = entry->section;
        pl.why = entry->why;
    }
    lb_dice dice;
    uint64_t seed = 0;
    if (rc == CLI_OK && p.rolls)
        rc = cli_dice(args, &dice, &seed);
    if (rc == CLI_OK && has_plan && !unreachable && !(entry && !entry->legal)) {
        int lrc = lb_move_check(st, id, p.a, p.n, p.rolls ? &dice : NULL, &pl, t);
        if (lrc == LB_DICE)
            rc = cli_invalid("the scripted dice do not fit the rolls asked for");
        else if (lrc != LB_OK)
            rc = cli_invalid("%s", lb_err_str(lrc));
    } else if (rc == CLI_OK && unreachable) {
        lb_move_plan_unreached(id, cli_option_value(args, "to", NULL), ch.allowance, &pl, t);
    }
    if (rc == CLI_OK) {
        lb_stack_check stack;
        if (args->json)
            lb_stack_overstack_odds(st, lb_state_unit(st, unit)->hexes[0], &stack, t);
        lb_move_answer A = {st, unit, &ch, has_plan ? &pl : NULL, entry, &stack,
                            p.rolls && has_plan, seed};
        const char *svg = cli_option_value(args, "svg", NULL);
        if (svg)
            rc = write_svg(&A, svg);
        if (rc == CLI_OK) {
            char *text;
            if (args->json) {
                int jrc = lb_move_json(&A, t, &text);
                rc = cli_print_answer(jrc, text);
            } else {
                rc = print_text(&A, t);
            }
        }
    }
    lb_move_plan_release(&pl);
    lb_move_choices_release(&ch);
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
    lb_trace t;
    lb_trace_init(&t);
    const char *enter_at = cli_option_value(args, "enter", NULL);
    lb_move_entry entry;
    lb_state *w = NULL;
    if (enter_at) {
        lb_hex h;
        rc = parse_hex(st, enter_at, &h);
        if (rc == CLI_OK && !(w = enter(st, unit, h, &entry, &t)))
            rc = cli_invalid("out of memory");
        if (rc == CLI_OK && !entry.legal) {
            /* the answer is the refusal: the unit stands where the scenario put it */
            lb_state_free(w);
            w = NULL;
        }
    } else {
        rc = CLI_OK;
    }
    if (rc == CLI_OK) {
        const lb_state *from = w ? w : st;
        rc = answer_move(args, from, lb_state_unit_index(from, id), enter_at ? &entry : NULL, &t);
    }
    lb_state_free(w);
    lb_trace_release(&t);
    lb_state_free(st);
    return rc;
}
