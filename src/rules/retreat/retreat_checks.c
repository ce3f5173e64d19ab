/* The checks a retreat sets off, as its answer shows them (R-MOR-16, W31-2, R30-18): the good-order friends where the unit begins and where its automatic choice goes. */
#include <stdlib.h>
#include <string.h>

#include "rules_types.h"
#include "retreat.h"
#include "retreat_events.h"
#include "retreat_int.h"
#include "state_int.h"
#include "trace_int.h"
#include "unit_int.h"
#include "morale_int.h"

/* Has unit index v been named already among the hexes before k? */
static int named(const lb_state *s, const lb_hex *hexes, int k, int v)
{
    for (int j = 0; j < k; j++)
        if (lb_unit_in_hex(&s->units[v], hexes[j]))
            return 1;
    return 0;
}

/* R-MOR-16 */
void lb_retreat_checks(const lb_state *s, int unit, const lb_retreat *r, lb_trace *t)
{
    if (!t || r->surrender || r->stays || !r->choice || r->hexes < 1)
        return;
    const lb_unit *u = &s->units[unit];
    int n = u->nhexes + r->hexes;
    lb_hex *hexes = malloc((size_t)n * sizeof *hexes);
    if (!hexes) {
        t->failed = 1;
        return;
    }
    memcpy(hexes, u->hexes, (size_t)u->nhexes * sizeof *hexes);
    memcpy(hexes + u->nhexes, r->choice, (size_t)r->hexes * sizeof *hexes);
    for (int k = 0; k < n; k++) {
        const int *idx;
        int m = lb_state_units_at(s, hexes[k], &idx);
        for (int i = 0; i < m; i++) {
            const lb_unit *v = &s->units[idx[i]];
            lb_morale_chance c;
            if (idx[i] == unit || v->side != u->side || !lb_unit_is_combat(v) ||
                v->state != LB_STATE_GOOD || named(s, hexes, k, idx[i]) ||
                lb_morale_odds(s, idx[i], NULL, 0, &c, NULL) != LB_OK)
                continue;
            LBI_EVENT(t, "R-MOR-16", "(30), (31)", EV_RET_CHECKS, ev_unit_id(v->id),
                      ev_ret_hex(&s->map, hexes[k]), ev_unit_id(u->id),
                      ev_int((long long)(c.p_pass.num * 36 / c.p_pass.den)));
            lb_trace_text(t, "checks", v->id);
        }
    }
    free(hexes);
}
