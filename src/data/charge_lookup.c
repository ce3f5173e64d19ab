/* Charge charts read: a nation's carré table, its recall numbers, the codes of carré results. */
#include <string.h>

#include "chart_codes.h"
#include "charge_charts.h"

const char *const lbi_carre_result_codes[3] = {"CARRE", "DD", "PGD"};

const char *lb_carre_result_name(lb_carre_result r)
{
    return lbi_carre_result_codes[r];
}

const lb_carre_table *lb_charge_charts_carre(const lb_charge_charts *cc, const char *nation)
{
    for (int k = 0; cc && cc->has_carre && nation && k < cc->ncarre; k++)
        for (int j = 0; j < cc->carre[k].nnations; j++)
            if (strcmp(cc->carre[k].nations[j], nation) == 0)
                return &cc->carre[k];
    return NULL;
}

int lb_charge_charts_recall(const lb_charge_charts *cc, const char *nation, const char *cls,
                            int *lo, int *hi)
{
    for (int k = 0; cc && cc->has_recall && nation && k < cc->nrecall; k++) {
        const lb_recall_entry *r = &cc->recall[k];
        if (strcmp(r->nation, nation) != 0)
            continue;
        *lo = r->lo;
        *hi = r->hi;
        for (int i = 0; cls && i < r->nclasses; i++)
            if (strcmp(r->classes[i].cls, cls) == 0) {
                *lo = r->classes[i].lo;
                *hi = r->classes[i].hi;
            }
        return 1;
    }
    return 0;
}
