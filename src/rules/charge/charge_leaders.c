/* Leaders and a charge (7), R-CHG-27: leaders of the charged side left alone by it, moved off when their units are eliminated, captured when the cavalry enters their hex. */
#include <stdlib.h>
#include <string.h>

#include "charge_leaders.h"
#include "charge_move.h"
#include "decision_int.h"
#include "hex_int.h"
#include "state_int.h"

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

/* Leader i is captured (7): named (the sentence ev: the leader, where, the cavalry), then
 * removed. */
static int capture(run *R, int i, int ev, lb_hex where)
{
    CH_EVENT(R, "captured", "R-CHG-27", i, R->cav, R->st->units[i].hexes[0], 0, ev, ch_unit(R, i),
             ch_hex(R, where), ch_unit(R, R->cav));
    lbi_ch_summary(R, "captured:%s", R->st->units[i].id);
    return lbi_ch_remove(R, i);
}

int lbi_ld_capture_at(run *R, lb_hex h)
{
    int i, rc = LB_OK, enemy = 1 - R->side;
    while (rc == LB_OK && (i = lone_leader(R, h, enemy, 0)) >= 0)
        rc = capture(R, i, EV_CHARGE_CAPTURED_ENTERED, h);
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
    if (surrounded(s, from, side))
        return capture(R, i, EV_CHARGE_CAPTURED_SURROUNDED, from);
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
        return capture(R, i, EV_CHARGE_CAPTURED_NO_SAFE_HEX, from);
    }
    qsort(near, (size_t)n, sizeof *near, by_label);
    lb_decision dec;
    CH_ASK(R, &dec, LB_DECIDE_PATH, side, s->units[i].id, "R-CHG-27", EV_CHARGE_ASK_LEADER_HEX,
           ch_unit(R, i), ev_int(best));
    int rc = LB_OK, k = 0;
    for (int j = 0; j < n && rc == LB_OK; j++)
        rc = CH_OPTION(R, &dec, near[j].label, EV_CHARGE_LEADER_HEX_OPTION,
                       lbi_ev_label(near[j].label));
    dec.auto_choice = 0;
    if (rc != LB_OK || (rc = lbi_ch_decide(R, &dec, &k)) != LB_OK) {
        lb_decision_release(&dec);
        free(near);
        return rc;
    }
    lb_unit *u = &R->st->units[i];
    u->hexes[0] = near[k].hex;
    u->nhexes = 1;
    CH_EVENT(R, "leader-moves", "R-CHG-27", i, R->cav, near[k].hex, best,
             EV_CHARGE_LEADER_MOVES, ch_unit(R, i), ch_hex(R, from), lbi_ev_label(near[k].label));
    lbi_ch_summary(R, "moves:%s:%s", u->id, near[k].label);
    free(near);
    return lb_state_reindex(R->st);
}

int lbi_ld_left(run *R, int side, const lb_hex *hexes, int n, ld_how how)
{
    int rc = LB_OK;
    for (int k = 0; k < n && rc == LB_OK; k++) {
        int i;
        /* one leader at a time: captures change the indexes */
        while (rc == LB_OK && (i = lone_leader(R, hexes[k], side, 1)) >= 0) {
            R->us[i].alone = 1;
            CH_EVENT(R, "leader-alone", "R-CHG-27", i, R->cav, hexes[k], (int)how,
                     EV_CHARGE_LEFT_ALONE, ch_unit(R, i), ch_hex(R, hexes[k]),
                     ev_phrase(CHARGE_PH_LEFT, (int)how));
            lbi_ch_summary(R, "alone:%s", R->st->units[i].id);
            if (how == LD_SURRENDERED)
                rc = capture(R, i, EV_CHARGE_CAPTURED_SURRENDERED, hexes[k]);
            else if (how == LD_ELIMINATED)
                rc = move_off(R, i);
            else
                LBI_EVENT(R->t, "R-CHG-27", "(7)", EV_CHARGE_LEADER_STAYS, ch_unit(R, i),
                          ch_hex(R, hexes[k]));
        }
    }
    return rc;
}
