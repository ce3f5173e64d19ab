/* Melee charts read: the column of a melee's odds, the pre-melee column, a result cell as the chart writes it. */
#include <stdio.h>

#include "chart_codes.h"
#include "state_types.h"
#include "frac_int.h"
#include "melee_charts_int.h"

const char *const lbi_melee_codes[6] = {"NE", "AR", "AD", "DR", "DD", "DS"};

char *lb_melee_cell_fmt(const lb_melee_cell *c, char *buf, int n)
{
    if (c->code != LB_MELEE_LOSS)
        snprintf(buf, (size_t)n, "%s", lbi_melee_codes[c->code]);
    else
        snprintf(buf, (size_t)n, "%d%s/%d%s", c->att, c->att_check ? "*" : "", c->def,
                 c->def_check ? "*" : "");
    return buf;
}

/* True when the column ratio ca:cd is not above a : d (exact, a and d >= 0). */
static int not_above(int ca, int cd, lb_frac a, lb_frac d)
{
    return (__int128)ca * d.num * a.den <= (__int128)cd * a.num * d.den;
}

/* 2.3: the index of the greatest of n sorted ratios att[i]:def[i] not above a : d; -1 below
 * them all with below_none. An attack of 0 is below every column, a defence of 0 above. */
static int pick(int n, const int *att, const int *def, lb_frac a, lb_frac d, int below_none,
                int *below, int *above)
{
    *below = *above = 0;
    if (n == 0)
        return -1;
    if (a.num > 0 && d.num == 0) {
        *above = 1;
        return n - 1;
    }
    int best = -1;
    for (int i = 0; i < n && a.num > 0; i++)
        if (not_above(att[i], def[i], a, d))
            best = i;
    if (best < 0) {
        *below = 1;
        return below_none ? -1 : 0;
    }
    *above = best == n - 1 &&
             (__int128)att[best] * d.num * a.den < (__int128)def[best] * a.num * d.den;
    return best;
}

const lb_melee_column *lb_melee_charts_column(const lb_melee_charts *mc, lb_frac attack,
                                              lb_frac defence, int *below, int *above)
{
    *below = *above = 0;
    if (!mc || !mc->has_table)
        return NULL;
    int att[LB_MELEE_COLUMNS_MAX], def[LB_MELEE_COLUMNS_MAX];
    for (int i = 0; i < mc->ncolumns; i++) {
        att[i] = mc->columns[i].att;
        def[i] = mc->columns[i].def;
    }
    int i = pick(mc->ncolumns, att, def, attack, defence, mc->below_none, below, above);
    return i < 0 ? NULL : &mc->columns[i];
}

const lb_premelee_column *lb_melee_charts_premelee(const lb_melee_charts *mc, int attacking,
                                                   int defending, int *below, int *above)
{
    *below = *above = 0;
    if (!mc || !mc->has_premelee)
        return NULL;
    int att[LB_MELEE_COLUMNS_MAX], def[LB_MELEE_COLUMNS_MAX];
    for (int i = 0; i < mc->nodds; i++) {
        att[i] = mc->odds[i].att;
        def[i] = mc->odds[i].def;
    }
    int i = pick(mc->nodds, att, def, lb_frac_int(attacking), lb_frac_int(defending),
                 mc->odds_below_none, below, above);
    return i < 0 ? NULL : &mc->odds[i];
}
