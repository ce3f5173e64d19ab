/* The enemy cavalry that watches a planned path (R-RCH-8, R-OCH-10): each cavalry unit whose reaction or opportunity-charge zone holds a hex of the path, and the first such hex. */
#include "charge_zone_int.h"

#include "state_int.h"

/* Is cavalry c listed in out (n) already? */
static int listed(const lbi_watcher *out, int n, int c)
{
    for (int i = 0; i < n; i++)
        if (out[i].cav == c)
            return 1;
    return 0;
}

int lbi_charge_watchers(const lb_state *st, int unit, const lb_hex *path, int npath,
                        lbi_zone_kind kind, lbi_watcher *out, int max, int *n)
{
    const lb_unit *m = &st->units[unit];
    *n = 0;
    /* R-RCH-8, R-OCH-10: step by step, as the game asks after each step that enters a zone;
     * no game records here, so no unit counts as having reacted or charged already */
    for (int s = 0; s < npath; s++)
        for (int c = 0; c < st->nunits && *n < max; c++) {
            const lb_unit *u = &st->units[c];
            if (u->side == m->side || u->arm != LB_ARM_CAVALRY || listed(out, *n, c))
                continue;
            lbi_zone z;
            if (lbi_charge_zone(st, c, path[s], m->side, kind, 0, &z, NULL) != LB_OK)
                return LB_NOMEM;
            if (z.in)
                out[(*n)++] = (lbi_watcher){c, path[s], s, z.distance};
        }
    return LB_OK;
}
