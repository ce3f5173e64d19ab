/* Best label and exact count of every retreat state, component by component up the DAG. */
#include <stdlib.h>
#include <string.h>

#include "lb/core.h"
#include "retreat_int.h"

/* R-RET-3: the first hex is always affordable; a hex count spends one hex per step. */
int lbi_rs_first_level(const rsearch *S, int d)
{
    const rcell *c = &S->startcell;
    if (!(c->legal & (1u << d)) || c->nbr[d] < 0)
        return -1;
    int left = S->budget - c->spend[d];
    return left > 0 ? left : 0;
}

/* Counts of a search this small live in one array; larger ones per component, while needed. */
#define COUNTS_AT_ONCE (1L << 20)

/* Keeps E's labels and largest end distances for good, its counts while needed. */
static int store(rsearch *S, int comp, const rtables *T, uint64_t *all)
{
    rcomp *k = &S->comps[comp];
    size_t lv = (size_t)S->lv;
    k->cnt = all ? all + (size_t)k->first * lv : malloc((size_t)k->n * lv * sizeof *k->cnt);
    if (!k->cnt)
        return LB_NOMEM;
    for (int p = 0; p < k->n; p++) {
        size_t cell = (size_t)S->comp_cells[k->first + p], o = (size_t)p * lv;
        memcpy(S->ekey + cell * lv, T->e.key + o, lv * sizeof *S->ekey);
        memcpy(S->emaxd + cell * lv, T->e.maxd + o, lv * sizeof *S->emaxd);
        memcpy(k->cnt + o, T->e.count + o, lv * sizeof *k->cnt);
    }
    return LB_OK;
}

/* Counts of the components comp climbs to are no longer needed once all their climbers are
 * valued (the start's first steps keep theirs until the end). */
static void release_counts(rsearch *S, int comp, const uint8_t *keep)
{
    if (!keep)
        return; /* all in one array */
    const rcomp *k = &S->comps[comp];
    for (int p = 0; p < k->n; p++) {
        const rcell *c = &S->cells[S->comp_cells[k->first + p]];
        for (int d = 0; d < LB_DIR_COUNT; d++) {
            if (!(c->legal & ~c->same & (1u << d)) || c->nbr[d] < 0)
                continue;
            int to = S->cells[c->nbr[d]].comp;
            if (--S->comps[to].waiting == 0 && !keep[to]) {
                free(S->comps[to].cnt);
                S->comps[to].cnt = NULL;
            }
        }
    }
}

/* A component of one hex: its E straight into place (no walk in it). */
static int value_lone(rsearch *S, int comp, uint64_t *all)
{
    rcomp *k = &S->comps[comp];
    size_t cell = (size_t)S->comp_cells[k->first], lv = (size_t)S->lv;
    k->cnt = all ? all + (size_t)k->first * lv : malloc(lv * sizeof *k->cnt);
    if (!k->cnt)
        return LB_NOMEM;
    lbi_rtables_lone(S, comp, (rrow){S->ekey + cell * lv, k->cnt, S->emaxd + cell * lv});
    return LB_OK;
}

/* R-RET-4: the value of the start, the best of its first steps. */
static void value_start(rsearch *S)
{
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        int level = lbi_rs_first_level(S, d);
        if (level < 0)
            continue;
        int b = S->startcell.nbr[d];
        const rcell *cb = &S->cells[b];
        rkey k = rs_ekey(S, b, level);
        if (k == RKEY_NONE)
            continue;
        uint32_t delta = rkey_step(S->startcell.cost[d], (cb->flags & CELL_FRIEND) != 0);
        ragg_add(&S->root, k + delta, S->comps[cb->comp].cnt[(size_t)cb->pos * (size_t)S->lv +
                                                           (size_t)level],
                 rs_emaxd(S, b, level));
    }
}

int lbi_rsearch_count(rsearch *S)
{
    size_t states = (size_t)S->ncells * (size_t)S->lv;
    S->root = ragg_none();
    if (states > (size_t)RSEARCH_MAX_STATES)
        return LB_NOMEM;
    S->ekey = malloc((states + 1) * sizeof *S->ekey);
    S->emaxd = malloc((states + 1) * sizeof *S->emaxd);
    uint64_t *all = states <= (size_t)COUNTS_AT_ONCE ? malloc(states * sizeof *all + 1) : NULL;
    uint8_t *keep = all ? NULL : calloc((size_t)S->ncomps + 1, 1);
    if (!S->ekey || !S->emaxd || (!all && !keep)) {
        free(all);
        free(keep);
        return LB_NOMEM;
    }
    for (int d = 0; d < LB_DIR_COUNT && keep; d++)
        if (S->startcell.nbr[d] >= 0)
            keep[S->cells[S->startcell.nbr[d]].comp] = 1;
    int rc = LB_OK;
    rtables T = {.counting = 1};
    for (int i = 0; i < S->ncomps && rc == LB_OK; i++) {
        int comp = S->order[i];
        if (S->comps[comp].n == 1) {
            rc = value_lone(S, comp, all);
        } else {
            rc = lbi_rtables_fill(S, comp, &T, &S->trie_nodes);
            for (int w = 0; w < 2 && rc == LB_OK; w++)
                rc = lbi_rtables_way(S, comp, w, &T);
            if (rc == LB_OK)
                rc = store(S, comp, &T, all);
        }
        if (rc == LB_OK)
            release_counts(S, comp, keep);
    }
    lbi_rtables_release(&T);
    if (rc == LB_OK)
        value_start(S);
    for (int i = 0; i < S->ncomps; i++) {
        if (!all)
            free(S->comps[i].cnt);
        S->comps[i].cnt = NULL;
    }
    free(all);
    free(keep);
    return rc;
}
