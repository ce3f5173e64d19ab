/* Leaders and a charge (7), R-CHG-27: leaders of the charged side left alone by it, moved off when their units are eliminated, captured when the cavalry enters their hex. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "charge_leaders.h"
#include "charge_move.h"

/* A combat unit of `side` stands in h. */
static int escorted(const lb_state *s, lb_hex h, int side)
{
    const int *idx;
    int n = lb_state_units_at(s, h, &idx);
    for (int k = 0; k < n; k++)
        if (s->units[idx[k]].side == side && lb_unit_is_combat(&s->units[idx[k]]))
            return 1;
    return 0;
}

/* A leader of `side` alone in h, or -1; `unnamed`: only one not yet named alone. */
static int lone_leader(const run *R, lb_hex h, int side, int unnamed)
{
    const lb_state *s = R->st;
    if (escorted(s, h, side))
        return -1;
    const int *idx;
    int n = lb_state_units_at(s, h, &idx);
    for (int k = 0; k < n; k++)
        if (s->units[idx[k]].side == side && s->units[idx[k]].arm == LB_ARM_LEADER &&
            !(unnamed && R->us[idx[k]].alone))
            return idx[k];
    return -1;
}

/* Leader i is captured (7): named, then removed. */
static int capture(run *R, int i, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int capture(run *R, int i, const char *fmt, ...)
{
    char text[LB_CHARGE_TEXT_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    lbi_ch_event(R, "captured", "R-CHG-27", i, R->cav, R->st->units[i].hexes[0], 0, "%s", text);
    lbi_ch_summary(R, "captured:%s", R->st->units[i].id);
    return lbi_ch_remove(R, i);
}

int lbi_ld_capture_at(run *R, lb_hex h)
{
    char a[LB_HEX_LABEL_MAX];
    int i, rc = LB_OK, enemy = 1 - R->side;
    while (rc == LB_OK && (i = lone_leader(R, h, enemy, 0)) >= 0)
        rc = capture(R, i, "%s, unescorted in %s, is captured as %s enters his hex (7)",
                     R->st->units[i].id, lbi_ch_label(R, h, a), R->st->units[R->cav].id);
    return rc;
}

/* Terrain some arm may stand on (leaders have no costs of their own). */
static int standable(const lb_state *s, lb_hex h)
{
    const int *move = s->charts.terrain[s->map.terrain[lb_map_cell(&s->map, h)]].move;
    for (int a = 0; a < LB_MOVE_ARMS; a++)
        if (move[a] != LB_MOVE_PROHIBITED)
            return 1;
    return 0;
}

/* Per cell: 1 when a leader of `side` may go there: terrain some arm may stand on, no enemy
 * unit, in no enemy zone of influence. NULL when out of memory. */
static unsigned char *safe_cells(const run *R, int side)
{
    const lb_state *s = R->st;
    const lb_map *m = &s->map;
    unsigned char *safe = malloc((size_t)m->cols * (size_t)m->rows);
    if (!safe)
        return NULL;
    for (int c = 1; c <= m->cols; c++)
        for (int r = 1; r <= m->rows; r++) {
            lb_hex h = {c, r};
            const int *idx;
            int n = lb_state_units_at(s, h, &idx),
                ok = standable(s, h) && !lbi_mv_in_zoi(s, h, 1 - side);
            for (int k = 0; k < n && ok; k++)
                ok = s->units[idx[k]].side == side;
            safe[lb_map_cell(m, h)] = (unsigned char)ok;
        }
    return safe;
}

/* Every hex next to h is off the map or holds the enemy of `side`. */
static int surrounded(const lb_state *s, lb_hex h, int side)
{
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        lb_hex n = lb_hex_neighbor(h, d);
        if (!lb_map_contains(&s->map, n))
            continue;
        const int *idx;
        int k = lb_state_units_at(s, n, &idx), enemy = 0;
        for (int j = 0; j < k && !enemy; j++)
            enemy = s->units[idx[j]].side != side;
        if (!enemy)
            return 0;
    }
    return 1;
}

typedef struct place {
    char label[LB_HEX_LABEL_MAX];
    lb_hex hex;
} place;

static int by_label(const void *a, const void *b)
{
    return strcmp(((const place *)a)->label, ((const place *)b)->label);
}

/* (7): the leader of units eliminated moves to the nearest safe hex, his own included, or is
 * captured when surrounded or when no hex is safe; ties are his owner's decision. */
static int move_off(run *R, int i)
{
    const lb_state *s = R->st;
    const lb_map *m = &s->map;
    lb_hex from = s->units[i].hexes[0];
    int side = s->units[i].side;
    char a[LB_HEX_LABEL_MAX];
    if (surrounded(s, from, side))
        return capture(R, i, "%s, alone in %s, is captured: every hex around him holds the enemy "
                             "or is off the map (7)",
                       s->units[i].id, lbi_ch_label(R, from, a));
    unsigned char *safe = safe_cells(R, side);
    place *near = safe ? malloc((size_t)m->cols * (size_t)m->rows * sizeof *near) : NULL;
    if (!near) {
        free(safe);
        return LB_NOMEM;
    }
    int best = -1, n = 0;
    for (int c = 1; c <= m->cols; c++)
        for (int r = 1; r <= m->rows; r++) {
            lb_hex h = {c, r};
            int d = lb_hex_distance(from, h);
            if (!safe[lb_map_cell(m, h)] || (best >= 0 && d > best))
                continue;
            if (best < 0 || d < best)
                n = 0;
            best = d;
            near[n].hex = h;
            lbi_ch_label(R, h, near[n++].label);
        }
    free(safe);
    if (n == 0) {
        free(near);
        return capture(R, i, "%s, alone in %s, is captured: no hex of the map is free of the "
                             "enemy and its zones (7)",
                       s->units[i].id, lbi_ch_label(R, from, a));
    }
    qsort(near, (size_t)n, sizeof *near, by_label);
    lb_decision dec;
    lb_decision_init(&dec, LB_DECIDE_PATH, side, s->units[i].id, "R-CHG-27",
                     "%s's units are eliminated: he moves to the nearest hex free of the enemy and "
                     "its zones of influence, %d hex%s away; which one?", s->units[i].id, best,
                     best == 1 ? "" : "es");
    int rc = LB_OK, k = 0;
    for (int j = 0; j < n && rc == LB_OK; j++)
        rc = lb_decision_add(&dec, near[j].label, "move to %s", near[j].label);
    dec.auto_choice = 0;
    if (rc != LB_OK || (rc = lbi_ch_decide(R, &dec, &k)) != LB_OK) {
        lb_decision_release(&dec);
        free(near);
        return rc;
    }
    lb_unit *u = &R->st->units[i];
    u->hexes[0] = near[k].hex;
    u->nhexes = 1;
    lbi_ch_event(R, "leader-moves", "R-CHG-27", i, R->cav, near[k].hex, best,
                 "%s moves from %s to %s, the nearest hex free of the enemy and its zones of "
                 "influence (7)",
                 u->id, lbi_ch_label(R, from, a), near[k].label);
    lbi_ch_summary(R, "moves:%s:%s", u->id, near[k].label);
    free(near);
    return lb_state_reindex(R->st);
}

int lbi_ld_left(run *R, int side, const lb_hex *hexes, int n, ld_how how)
{
    static const char *const why[] = {"its units moved away", "its units were eliminated",
                                      "its units surrendered"};
    char a[LB_HEX_LABEL_MAX];
    int rc = LB_OK;
    for (int k = 0; k < n && rc == LB_OK; k++) {
        int i;
        /* one leader at a time: captures change the indexes */
        while (rc == LB_OK && (i = lone_leader(R, hexes[k], side, 1)) >= 0) {
            R->us[i].alone = 1;
            lbi_ch_event(R, "leader-alone", "R-CHG-27", i, R->cav, hexes[k], (int)how,
                         "%s is left alone in %s: %s", R->st->units[i].id,
                         lbi_ch_label(R, hexes[k], a), why[how]);
            lbi_ch_summary(R, "alone:%s", R->st->units[i].id);
            if (how == LD_SURRENDERED)
                rc = capture(R, i, "%s, in %s, is captured: his units surrendered (7)",
                             R->st->units[i].id, a);
            else if (how == LD_ELIMINATED)
                rc = move_off(R, i);
            else
                lb_trace_add(R->t, "R-CHG-27", "(7)", "%s stays in %s, unescorted: a leader never "
                                                      "retreats before a charge; enemy cavalry "
                                                      "entering his hex captures him",
                             R->st->units[i].id, a);
        }
    }
    return rc;
}
