/* labataille los FILE FROM TO: can FROM see TO; each intervening hex and the rule behind it. */
#include <stdio.h>

#include "cli.h"

/* What an item holds, as words: terrain or hexside type, the unit counted, the one that is not. */
static void holds_text(const lb_state *st, const lb_los_item *it, char *buf, size_t n)
{
    const char *what = lb_los_item_feature(st, it);
    int len = snprintf(buf, n, "%s", what ? what : "off the map");
    if (it->unit >= 0 && len >= 0 && (size_t)len < n)
        len += snprintf(buf + len, n - (size_t)len, ", %s", lb_state_unit(st, it->unit)->id);
    if (it->passive >= 0 && len >= 0 && (size_t)len < n)
        snprintf(buf + len, n - (size_t)len, ", %s (%s)", lb_state_unit(st, it->passive)->id,
                 lb_los_passive_name(it->passive_why));
}

static void print_answer(const lb_state *st, const lb_los_result *r, const lb_trace *trace)
{
    char fl[LB_HEX_LABEL_MAX], tl[LB_HEX_LABEL_MAX];
    lb_map_label(lb_state_map(st), r->from, fl);
    lb_map_label(lb_state_map(st), r->to, tl);
    if (r->visible) {
        printf("%s sees %s\n", fl, tl);
    } else {
        const lb_los_item *b = &r->items[r->blocked_by];
        char bl[LB_HEX_LABEL_MAX], pl[LB_HEX_LABEL_MAX];
        printf("%s does not see %s: %s at %s%s%s (%s)\n", fl, tl, lb_los_verdict_name(b->verdict),
               lb_map_label(lb_state_map(st), b->hex, bl), b->kind == LB_LOS_ITEM_SIDE ? "|" : "",
               b->kind == LB_LOS_ITEM_SIDE ? lb_map_label(lb_state_map(st), b->pair, pl) : "",
               b->rule);
    }
    if (r->not_target >= 0)
        printf("but %s stands in an enemy carre's hex: not a target until it leaves it (R-LOS-7)\n",
               lb_state_unit(st, r->not_target)->id);
    printf("distance %d, elevation %d to %d, firer's side %s\n", lb_hex_distance(r->from, r->to),
           lb_state_map(st)->elevation[lb_map_cell(lb_state_map(st), r->from)],
           lb_state_map(st)->elevation[lb_map_cell(lb_state_map(st), r->to)],
           r->firer_side >= 0 ? lb_state_side_name(st, r->firer_side) : "none");
    if (r->adjacent) {
        printf("no intervening hex (R-LOS-2)\n");
    } else {
        printf("\nintervening (F = %s, T = %s), what each holds and does (R-LOS-8):\n", fl, tl);
        printf("  %-8s %-*s %-*s %-36s %4s %3s %3s  %-34s %s\n", "kind", LB_HEX_LABEL_MAX - 4,
               "hex", LB_HEX_LABEL_MAX - 4, "pair", "holds", "elev", "dF", "dT", "verdict", "rule");
        for (int i = 0; i < r->nitems; i++) {
            const lb_los_item *it = &r->items[i];
            char a[LB_HEX_LABEL_MAX], b[LB_HEX_LABEL_MAX], holds[160], verdict[64];
            lb_map_label(lb_state_map(st), it->hex, a);
            if (it->kind == LB_LOS_ITEM_HEX)
                b[0] = '\0';
            else
                lb_map_label(lb_state_map(st), it->pair, b);
            holds_text(st, it, holds, sizeof holds);
            snprintf(verdict, sizeof verdict, "%s%s", lb_los_verdict_name(it->verdict),
                     lb_los_blocks(it->verdict) ? ": BLOCKS" : "");
            if (it->kind == LB_LOS_ITEM_SIDE)
                printf("  %-8s %-*s %-*s %-36s %4s %3s %3s  %-34s %s\n", "hexside",
                       LB_HEX_LABEL_MAX - 4, a, LB_HEX_LABEL_MAX - 4, b, holds, "", "", "",
                       verdict, it->rule);
            else
                printf("  %-8s %-*s %-*s %-36s %4d %3d %3d  %-34s %s\n",
                       it->kind == LB_LOS_ITEM_HEX ? "hex" : "edge", LB_HEX_LABEL_MAX - 4, a,
                       LB_HEX_LABEL_MAX - 4, b, holds, it->elevation, it->dist_from, it->dist_to,
                       verdict, it->rule);
        }
    }
    printf("\ntrace:\n");
    cli_trace_print(trace);
}

int cmd_los(const cli_args *args)
{
    if (args->npositional != 3)
        return cli_usage(args, "expected a scenario file, FROM and TO (hex labels or unit ids)");
    lb_state *st = cli_load(args, args->positional[0]);
    if (!st)
        return CLI_INVALID;
    lb_hex from, to;
    int unit_from, unit_to;
    if (cli_hex_or_unit(st, args->positional[1], &from, &unit_from) ||
        cli_hex_or_unit(st, args->positional[2], &to, &unit_to)) {
        lb_state_free(st);
        return CLI_INVALID;
    }
    /* R-LOS-7: a combat unit named as FROM is the firer and gives its side; a leader fires
     * nothing, so FROM then stands for its hex (the top combat unit's side, if any) */
    int side = unit_from >= 0 && lb_unit_is_combat(lb_state_unit(st, unit_from))
                   ? lb_state_unit(st, unit_from)->side : -1;
    lb_trace trace;
    lb_trace_init(&trace);
    lb_los_result r;
    int rc = lb_los_check(st, from, to, side, &r, &trace);
    if (rc != LB_OK) {
        lb_trace_release(&trace);
        lb_state_free(st);
        return cli_invalid("out of memory");
    }
    rc = CLI_OK;
    if (args->json) {
        char *text;
        int jrc = lb_los_json(st, &r, &trace, &text);
        rc = cli_print_answer(jrc, text);
    } else {
        print_answer(st, &r, &trace);
    }
    lb_los_result_release(&r);
    lb_trace_release(&trace);
    lb_state_free(st);
    return rc;
}
