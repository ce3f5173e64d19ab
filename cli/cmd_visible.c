/* labataille visible FILE FROM: every hex FROM sees, as a list and drawn on the map. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

int cmd_visible(const cli_args *args)
{
    if (args->npositional != 2)
        return cli_usage(args, "expected a scenario file and FROM (a hex label or a unit id)");
    lb_state *st = cli_load(args, args->positional[0]);
    if (!st)
        return CLI_INVALID;
    lb_hex from;
    int unit;
    if (cli_hex_or_unit(st, args->positional[1], &from, &unit)) {
        lb_state_free(st);
        return CLI_INVALID;
    }
    const lb_map *m = lb_state_map(st);
    /* R-LOS-7: a combat unit named as FROM gives the firer's side, else the top combat unit of
     * FROM does (a leader gives none) */
    int side = unit >= 0 && lb_unit_is_combat(lb_state_unit(st, unit))
                   ? lb_state_unit(st, unit)->side
                   : -1;
    if (side < 0) {
        int top = lb_state_top_combat(st, from);
        side = top >= 0 ? lb_state_unit(st, top)->side : -1;
    }
    unsigned char *visible = malloc((size_t)m->cols * (size_t)m->rows);
    lb_trace trace;
    lb_trace_init(&trace);
    if (!visible || lb_los_visible(st, from, side, visible) != LB_OK ||
        lb_los_visible_trace(st, from, side, &trace) != LB_OK) {
        free(visible);
        lb_trace_release(&trace);
        lb_state_free(st);
        return cli_invalid("out of memory");
    }
    int rc = CLI_OK;
    if (args->json) {
        char *text;
        int jrc = lb_visible_json(st, from, side, visible, &trace, &text);
        rc = cli_print_answer(jrc, text);
    } else {
        char fl[LB_HEX_LABEL_MAX];
        int count = 0;
        for (int c = 0; c < m->cols * m->rows; c++)
            count += visible[c] != 0;
        printf("%s sees %d of %d hexes (firer's side %s; the hex itself and its neighbours "
               "always, R-LOS-2)\n\n", lb_map_label(m, from, fl), count, m->cols * m->rows,
               side >= 0 ? lb_state_side_name(st, side) : "none");
        visible[lb_map_cell(m, from)] = 2; /* drawn as '@' */
        cli_map_print(st, visible, " +@", "@ FROM, + seen, blank: not seen");
        printf("\ntrace:\n");
        cli_trace_print(&trace);
        printf("\nfor the reasons behind one hex (R-LOS-8): labataille los FILE %s HEX\n",
               args->positional[1]);
    }
    lb_trace_release(&trace);
    free(visible);
    lb_state_free(st);
    return rc;
}
