/* Game state: freeing, the units-by-hex index, lookups, near ids, and removing a unit. */
#include <stdlib.h>
#include <string.h>

#include "lb/core.h"
#include "state_types.h"
#include "names.h"
#include "nearest_int.h"
#include "state_int.h"
#include "arena_int.h"

static const char *const segment_names[] = {"command",        "charge",         "movement",
                                            "defensive_fire", "offensive_fire", "melee",
                                            "morale_recovery"};
static const char *const edition_names[] = {"premier-2018", "premier-2017"};

void lb_state_free(lb_state *s)
{
    if (!s)
        return;
    free(s->hex_first);
    free(s->hex_units);
    lb_arena *arena = s->arena;
    lb_arena_free(arena); /* s itself lives in the arena */
}

lb_state *lb_state_clone(const lb_state *s)
{
    lb_arena *arena = lb_arena_new();
    lb_state *c = arena ? lb_arena_alloc(arena, sizeof *c) : NULL;
    lb_unit *units = c ? lb_arena_calloc(arena, s->nunits ? (size_t)s->nunits : 1, sizeof *units)
                       : NULL;
    if (!units) {
        lb_arena_free(arena);
        return NULL;
    }
    *c = *s;
    c->arena = arena;
    c->hex_first = c->hex_units = NULL;
    memcpy(units, s->units, (size_t)s->nunits * sizeof *units);
    c->units = units;
    if (lb_state_reindex(c) != LB_OK) {
        lb_state_free(c);
        return NULL;
    }
    return c;
}

void lb_state_touch(lb_state *s)
{
    s->generation++;
}

int lb_state_reindex(lb_state *s)
{
    int cells = s->map.cols * s->map.rows;
    int *first = calloc((size_t)cells + 1, sizeof *first);
    int total = 0;
    for (int i = 0; i < s->nunits; i++)
        total += s->units[i].nhexes;
    int *units = malloc(((size_t)total + 1) * sizeof *units);
    if (!first || !units) {
        free(first);
        free(units);
        return LB_NOMEM;
    }
    for (int i = 0; i < s->nunits; i++)
        for (int k = 0; k < s->units[i].nhexes; k++)
            if (lb_map_contains(&s->map, s->units[i].hexes[k]))
                first[lb_map_cell(&s->map, s->units[i].hexes[k]) + 1]++;
    for (int c = 0; c < cells; c++)
        first[c + 1] += first[c];
    int *fill = calloc((size_t)cells + 1, sizeof *fill);
    if (!fill) {
        free(first);
        free(units);
        return LB_NOMEM;
    }
    for (int i = 0; i < s->nunits; i++)
        for (int k = 0; k < s->units[i].nhexes; k++) {
            lb_hex h = s->units[i].hexes[k];
            if (!lb_map_contains(&s->map, h))
                continue;
            int c = lb_map_cell(&s->map, h);
            units[first[c] + fill[c]++] = i;
        }
    free(fill);
    free(s->hex_first);
    free(s->hex_units);
    s->hex_first = first;
    s->hex_units = units;
    return LB_OK;
}

int lb_state_unit_index(const lb_state *s, const char *id)
{
    for (int i = 0; i < s->nunits; i++)
        if (strcmp(s->units[i].id, id) == 0)
            return i;
    return -1;
}

int lb_state_suggest_unit(const lb_state *s, const char *id)
{
    size_t len = strlen(id);
    int limit = lbi_slip_limit(len);
    int best = -1, best_distance = limit + 1;
    for (int i = 0; limit >= 0 && i < s->nunits; i++) {
        size_t other = strlen(s->units[i].id);
        if ((other > len ? other - len : len - other) > (size_t)limit)
            continue;
        int d = lbi_edit_distance(id, s->units[i].id);
        if (d < best_distance) {
            best = i;
            best_distance = d;
        }
    }
    return best;
}

int lb_state_remove_unit(lb_state *s, int unit)
{
    if (unit < 0 || unit >= s->nunits)
        return LB_INVALID;
    memmove(&s->units[unit], &s->units[unit + 1],
            (size_t)(s->nunits - unit - 1) * sizeof *s->units);
    s->nunits--;
    return lb_state_reindex(s);
}

int lb_state_units_at(const lb_state *s, lb_hex h, const int **idx)
{
    if (!lb_map_contains(&s->map, h)) {
        *idx = NULL;
        return 0;
    }
    int c = lb_map_cell(&s->map, h);
    *idx = s->hex_units + s->hex_first[c];
    return s->hex_first[c + 1] - s->hex_first[c];
}

int lb_state_top_combat(const lb_state *s, lb_hex h)
{
    const int *idx;
    int n = lb_state_units_at(s, h, &idx);
    for (int i = 0; i < n; i++)
        if (lb_unit_is_combat(&s->units[idx[i]]))
            return idx[i];
    return -1;
}

int lb_state_top_enemy(const lb_state *s, lb_hex h, int side)
{
    const int *idx;
    int n = lb_state_units_at(s, h, &idx);
    for (int i = 0; i < n; i++)
        if (lb_unit_is_combat(&s->units[idx[i]]) && s->units[idx[i]].side != side)
            return idx[i];
    return -1;
}

int lb_state_side(const lb_state *s, const char *name)
{
    for (int i = 0; i < 2; i++)
        if (s->sides[i] && strcmp(s->sides[i], name) == 0)
            return i;
    return -1;
}

const char *lb_segment_name(lb_segment seg)
{
    return segment_names[seg];
}

int lb_segment_parse(const char *s)
{
    return lbi_name_index(s, segment_names, (int)(sizeof segment_names / sizeof *segment_names));
}

const char *lb_edition_name(lb_edition e)
{
    return edition_names[e];
}

int lb_edition_parse(const char *s)
{
    return lbi_name_index(s, edition_names, 2);
}
