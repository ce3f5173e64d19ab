/* Game charts: lookups in the compiled terrain, hexside and fire-multiple tables, and in the registry of nations. */
#include <string.h>

#include "chart_names.h"
#include "state_types.h"
#include "charts_int.h"

/* charts-format 3.1: the nations registry's entry for nation, or NULL. */
static const lbi_nation_names *nation_entry(const lb_charts *c, const char *nation)
{
    for (int i = 0; nation && c->nations && i < c->nations->count; i++)
        if (strcmp(c->nations->list[i].id, nation) == 0)
            return &c->nations->list[i];
    return NULL;
}

const char *lb_charts_nation_name(const lb_charts *c, const char *nation)
{
    const lbi_nation_names *n = nation_entry(c, nation);
    return n ? n->name : NULL;
}

const char *lb_charts_class_name(const lb_charts *c, const char *nation, const char *cls)
{
    const lbi_nation_names *n = nation_entry(c, nation);
    for (int i = 0; n && cls && i < n->nclasses; i++)
        if (strcmp(n->classes[i].id, cls) == 0)
            return n->classes[i].name;
    return NULL;
}

int lb_charts_terrain(const lb_charts *c, const char *id)
{
    for (int i = 0; i < c->nterrain; i++)
        if (strcmp(c->terrain[i].id, id) == 0)
            return i;
    return -1;
}

int lb_charts_hexside(const lb_charts *c, const char *id)
{
    for (int i = 0; i < c->nhexsides; i++)
        if (strcmp(c->hexsides[i].id, id) == 0)
            return i;
    return -1;
}

static int same(const char *entry, const char *want)
{
    return want && strcmp(entry, want) == 0;
}

/* Scenario contract, charts.fire_multiples: the most specific entry wins, nation first. */
const lb_fire_multiple *lb_charts_fire_multiple(const lb_charts *c, const char *nation,
                                                const char *cls, lb_formation formation)
{
    const lb_fire_multiple *best = NULL;
    int best_score = -1;
    for (int i = 0; i < c->nfire_multiples; i++) {
        const lb_fire_multiple *m = &c->fire_multiples[i];
        if (m->formation != formation)
            continue;
        if ((m->nation && !same(m->nation, nation)) || (m->cls && !same(m->cls, cls)))
            continue;
        int score = (m->nation ? 2 : 0) + (m->cls ? 1 : 0) + (m->nation && m->cls ? 1 : 0);
        if (score > best_score) {
            best = m;
            best_score = score;
        }
    }
    return best;
}
