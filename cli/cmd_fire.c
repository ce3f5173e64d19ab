/* labataille fire FILE UNIT TARGET [--with U2,U3] [--kind K] [--dice R]: may UNIT (with U2, U3) fire at TARGET, with what result. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lb/fire.h"

static void print_hexes(const lb_state *st, const lb_fire_value *v)
{
    for (int k = 0; k < v->nhexes; k++) {
        const lb_fire_hex *h = &v->hexes[k];
        char l[LB_HEX_LABEL_MAX], vb[32];
        printf("    %s: %d increment%s, %d hex%s away: ", lb_map_label(lb_state_map(st), h->hex, l),
               h->increments, h->increments == 1 ? "" : "s", h->distance,
               h->distance == 1 ? "" : "es");
        if (!h->in_range)
            printf("out of range (range %d)\n", v->range);
        else if (!h->front)
            printf("not in front (R-FIRE-8)\n");
        else if (!h->los)
            printf("no line of sight\n");
        else if (v->printed)
            printf("fires\n");
        else
            printf("%d fire%s, %s\n", h->firing, h->halved ? " (halved at 2 hexes)" : "",
                   lb_frac_fmt(h->value, vb, sizeof vb));
    }
}

static void print_odds(const lb_state *st, const lb_fire_chance *o)
{
    const lb_fire_defence *d = &o->defence;
    char vb[32], pb[32];
    printf("  fire defence %d: %s (%s) in %s", d->value, lb_state_unit(st, d->unit)->id, d->read,
           lb_state_charts(st)->terrain[d->terrain].id);
    if (d->flank)
        printf(", fired on through a flank hexside");
    if (d->artillery)
        printf(", %d %+d with artillery", d->base, d->artillery);
    printf("\n  odds %s : %d -> %s%s\n", lb_frac_fmt(o->fire.value, vb, sizeof vb), d->value,
           o->read ? o->read->label : "no effect (below the lowest column)",
           o->read && o->below ? " (below the lowest column)"
           : o->above          ? " (above the highest column)"
                               : "");
    if (o->fire.canister)
        printf("  canister: %d column%s right -> %s\n", o->fire.canister,
               o->fire.canister == 1 ? "" : "s", o->column ? o->column->label : "no effect");
    printf("  target hex: %d increments, roll modifier %+d (massed target)", o->target_increments,
           o->massed);
    if (o->modifier != o->massed)
        printf(", %+d in all", o->modifier);
    printf("\n");
    /* R-FIRE-13: what the units lose, and the hex's loss when they take less of it */
    printf("  increments lost:\n");
    for (int l = 0; l <= o->max_taken; l++)
        if (o->p_taken[l].num)
            printf("    %2d  %-7s %5.1f%%\n", l, lb_frac_fmt(o->p_taken[l], pb, sizeof pb),
                   100.0 * lb_frac_double(o->p_taken[l]));
    if (lb_fire_chance_takes_less(o)) {
        printf("  the hex's loss by the fire table, of which its units take less (R-FIRE-13):\n");
        for (int l = 0; l <= o->max_loss; l++)
            if (o->p_loss[l].num)
                printf("    %2d  %-7s %5.1f%%  its units take %d\n", l,
                       lb_frac_fmt(o->p_loss[l], pb, sizeof pb),
                       100.0 * lb_frac_double(o->p_loss[l]), o->taken[l]);
    }
    for (int j = 0; j < o->nunits; j++) {
        const lb_fire_target *tu = &o->units[j];
        const lb_unit *u = lb_state_unit(st, tu->unit);
        printf("  %s (%d lost before): morale check on %s loss%s: %s; eliminated: %s\n", u->id,
               u->losses, tu->trigger ? lb_fire_trigger_name(tu->trigger->on) : "every",
               tu->trigger && tu->trigger->from > 1 ? " (from a later one)" : "",
               lb_frac_fmt(tu->p_check, pb, sizeof pb),
               lb_frac_fmt(tu->p_eliminated, vb, sizeof vb));
    }
    if (o->nleaders == 1)
        printf("  leader casualty check (1 leader in the hex): %s\n",
               lb_frac_fmt(o->p_casualty, pb, sizeof pb));
    else if (o->nleaders) {
        char each[32];
        printf("  leader casualty check (%d leaders in the hex): %s, one of them, each %s "
               "(R-CAS-1)\n", o->nleaders, lb_frac_fmt(o->p_casualty, pb, sizeof pb),
               lb_frac_fmt(o->p_casualty_each, each, sizeof each));
    }
}

static void print_rolled(const lb_state *st, const lb_fire_result *r, uint64_t seed, int scripted)
{
    const lb_fire_chance *o = &r->odds;
    if (!scripted)
        printf("  seed %llu\n", (unsigned long long)seed);
    printf("  roll %d %+d = %d in column %s: %d increment%s lost\n", r->roll, o->modifier,
           r->modified, o->column ? o->column->label : "none", r->loss, r->loss == 1 ? "" : "s");
    for (int i = 0; i < r->nhits; i++) {
        const lb_fire_hit *h = &r->hits[i];
        if (!h->loss)
            continue;
        printf("    %s loses %d%s", lb_state_unit(st, h->unit)->id, h->loss,
               h->eliminated ? ": eliminated" : "");
        if (h->check) {
            const lb_morale_result *m = &h->morale;
            printf("; morale check: roll %d %+d = %d, %s -> %s", m->roll, m->odds.modifier,
                   m->modified, m->outcome.passed ? "passed" : "failed",
                   lb_morale_state_name(m->outcome.to));
            if (m->outcome.moves)
                printf(", then %s", lb_retreat_kind_name(m->outcome.move));
        }
        printf("\n");
    }
    for (int i = 0; i < r->ncasualties; i++) {
        const lb_fire_casualty *c = &r->casualties[i];
        printf("    leader %s: die %d, %s%s%s", lb_state_unit(st, c->leader)->id, c->die,
               lb_casualty_kind_name(c->entry->result), c->entry->wound ? ", " : "",
               c->entry->wound ? c->entry->wound : "");
        if (c->hours)
            printf(", out %d hours", c->hours);
        if (c->nchecks)
            printf("; the units of his hex must check morale");
        printf("\n");
    }
}

/* R-FIRE-22: a target unit stands for the one of its hexes the fire may be made at; when it may
 * be made at several, or at none, the player names the hex (a usage error listing them). */
static int pick_hex(const cli_args *args, const lb_state *st, lb_fire_request *rq, int tunit,
                    lb_trace *t)
{
    int n;
    int lrc = lb_fire_target_hex(st, rq, tunit, &rq->target, &n, t);
    if (lrc == LB_OK)
        return CLI_OK;
    if (lrc != LB_USAGE)
        return cli_invalid("%s", lb_err_str(lrc));
    const lb_unit *u = lb_state_unit(st, tunit);
    char hexes[LB_UNIT_MAX_HEXES * (LB_HEX_LABEL_MAX + 2)] = "", l[LB_HEX_LABEL_MAX];
    size_t used = 0;
    for (int k = 0; k < u->nhexes; k++)
        used += (size_t)snprintf(hexes + used, sizeof hexes - used, "%s%s",
                                 k == 0 ? "" : k == u->nhexes - 1 ? " and " : ", ",
                                 lb_map_label(lb_state_map(st), u->hexes[k], l));
    const char *which = n == 0 ? (u->nhexes == 2 ? "neither" : "none of them")
                        : n == u->nhexes ? (u->nhexes == 2 ? "both" : "all of them")
                                         : "several of them";
    char who[512] = "";
    used = 0;
    for (int i = 0; i < rq->nfirers && used < sizeof who; i++)
        used += (size_t)snprintf(who + used, sizeof who - used, "%s%s",
                                 i == 0 ? "" : i == 1 ? " with " : ", ",
                                 lb_state_unit(st, rq->firers[i])->id);
    return cli_usage(args, "%s stands in %s and %s may fire at %s: give the hex to fire at "
                     "(R-FIRE-22)", u->id, hexes, who, which);
}

/* UNIT and the units of --with U2,U3: the firers of one fire (R-FIRE-23). NULL after printing an
 * error (*rc says which). */
static int *firers_of(const lb_state *st, int unit, const char *with, int *n, int *rc)
{
    size_t len = with ? strlen(with) : 0, count = 1;
    for (size_t i = 0; i < len; i++)
        count += with[i] == ',';
    int *f = calloc(count + 1, sizeof *f);
    char *copy = with ? strdup(with) : NULL;
    if (!f || (with && !copy)) {
        free(f);
        free(copy);
        *rc = cli_invalid("%s", lb_err_str(LB_NOMEM));
        return NULL;
    }
    f[0] = unit;
    *n = 1;
    char *save = NULL;
    for (char *id = copy ? strtok_r(copy, ",", &save) : NULL; id; id = strtok_r(NULL, ",", &save)) {
        f[*n] = lb_state_unit_index(st, id);
        if (f[*n] < 0) {
            *rc = cli_invalid("unknown unit \"%s\" (--with)", id);
            free(copy);
            free(f);
            return NULL;
        }
        (*n)++;
    }
    free(copy);
    return f;
}

int cmd_fire(const cli_args *args)
{
    if (args->npositional != 3)
        return cli_usage(args, "expected a scenario file, a unit id and a target hex or unit");
    const char *kind_text = cli_option_value(args, "kind", NULL);
    int kind = kind_text ? lb_fire_kind_parse(kind_text) : LB_FIRE_OFFENSIVE;
    if (kind < 0)
        return cli_usage(args, "--kind: expected offensive, defensive or opportunity, found \"%s\"",
                         kind_text);
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
    const char *id = args->positional[1];
    int unit = lb_state_unit_index(st, id), tunit;
    lb_hex target;
    if (unit < 0) {
        rc = cli_unknown_unit(st, "", id);
        lb_state_free(st);
        return rc;
    }
    if (cli_hex_or_unit(st, args->positional[2], &target, &tunit) != 0) {
        lb_state_free(st);
        return CLI_INVALID;
    }
    int nfirers;
    int *firers = firers_of(st, unit, cli_option_value(args, "with", NULL), &nfirers, &rc);
    if (!firers) {
        lb_state_free(st);
        return rc;
    }
    lb_fire_request rq = {(lb_fire_kind)kind, target, firers, nfirers};
    lb_trace t;
    lb_trace_init(&t);
    if (tunit >= 0 && (rc = pick_hex(args, st, &rq, tunit, &t)) != CLI_OK) {
        lb_trace_release(&t);
        free(firers);
        lb_state_free(st);
        return rc;
    }
    target = rq.target;
    lb_fire_result *r = calloc(1, sizeof *r);
    if (!r) {
        lb_trace_release(&t);
        free(firers);
        lb_state_free(st);
        return cli_invalid("%s", lb_err_str(LB_NOMEM));
    }
    int lrc = rolled ? lb_fire_resolve(st, &rq, &dice, r, &t) : lb_fire_odds(st, &rq, &r->odds, &t);
    rc = CLI_OK;
    if (lrc == LB_DICE) {
        rc = cli_usage(args, "--dice: expected a two-dice roll 11-66 for the fire, then one for "
                             "each morale check, then single dice for leader casualties");
    } else if (lrc != LB_OK) {
        rc = cli_invalid("%s", lb_err_str(lrc));
    } else if (args->json) {
        char *text;
        int jrc = lb_fire_json(st, r, rolled, seed, scripted, &t, &text);
        rc = cli_print_answer(jrc, text);
    } else {
        const lb_fire_chance *o = &r->odds;
        const lb_fire_group *g = &o->fire;
        char tl[LB_HEX_LABEL_MAX];
        printf("%s fires at %s%s%s%s: %s\n", id, lb_map_label(lb_state_map(st), target, tl),
               g->kind != LB_FIRE_OFFENSIVE ? " (" : "",
               g->kind != LB_FIRE_OFFENSIVE ? lb_fire_kind_name(g->kind) : "",
               g->kind != LB_FIRE_OFFENSIVE ? " fire)" : "",
               o->allowed ? "allowed" : "not allowed");
        char said[LB_FIRE_REASON_MAX];
        for (int i = 0; i < g->nfirers; i++) {
            const lb_fire_value *v = &g->firers[i];
            if (v->allowed)
                lb_fire_value_breakdown(v, said, sizeof said);
            else
                lb_said_fmt(&v->why, said, sizeof said);
            if (g->nfirers > 1)
                printf("  %s: %s\n", lb_state_unit(st, v->unit)->id, said);
            else if (v->allowed)
                printf("  %s\n", said);
            if (v->allowed)
                print_hexes(st, v);
        }
        if (g->allowed && g->nfirers > 1) {
            lb_fire_group_breakdown(g, said, sizeof said);
            printf("  together: %s\n", said);
        }
        if (!o->allowed) {
            lb_said_fmt(&o->why, said, sizeof said);
            printf("  %s [%s]\n", said, o->rule);
        }
        if (o->allowed) {
            print_odds(st, o);
            if (rolled)
                print_rolled(st, r, seed, scripted);
            else
                printf("  (give --dice ROLL or --seed N to roll)\n");
        }
        printf("trace:\n");
        cli_trace_print(&t);
    }
    lb_trace_release(&t);
    lb_fire_result_release(r);
    free(r);
    free(firers);
    lb_state_free(st);
    return rc;
}
