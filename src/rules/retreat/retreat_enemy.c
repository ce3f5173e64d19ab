/* Enemy formations seen from a hex: D, and the steps that come closer to or go away from any. */
#include <limits.h>
#include <stdlib.h>

#include "lb/core.h"
#include "retreat_int.h"
#include "hex_int.h"

/*
 * Cube coordinates: x = col - 1, z = (row - 1) - (x - (x & 1)) / 2, y = -x - z. The directions
 * N, NE, SE, S, SW, NW are (0,1,-1), (1,0,-1), (1,-1,0), (0,-1,1), (-1,0,1), (-1,1,0): each
 * adds 1 to one coordinate i and takes 1 from another j. For a target hex at offset t from h,
 * that step takes the distance down by one when t_i >= 1 and t_j <= -1, up by one when t_i <= 0
 * and t_j >= 0, and leaves it otherwise. So for a single-hex formation only the signs of t
 * matter: the target lies on one of 6 rays or in one of 6 open sextants round h, and whether
 * any enemy does is a question about two coordinates, answered from prefix tables in O(1).
 * A formation of several hexes counts as one (R-RET terms): the step comes closer to it when it
 * comes closer to one of its nearest hexes; those are worked out hex by hex.
 */

/* The 12 places a single-hex enemy can lie in, as signs of its (x, y, z) offset from h. */
enum {
    P_S1, P_S2, P_S3, P_S4, P_S5, P_S6, /* sextants (+,-,-) (-,+,+) (-,+,-) (+,-,+) (-,-,+) (+,+,-) */
    P_RXP, P_RXM, P_RYP, P_RYM, P_RZP, P_RZM, /* rays (0,+,-) (0,-,+) (+,0,-) (-,0,+) (+,-,0) (-,+,0) */
    P_COUNT
};
/* By place, the directions (bit d) that come closer to an enemy there (coordinate i of d's
 * sign > 0, j's < 0) and that go away from it (i's <= 0, j's >= 0), with d = N, NE, SE, S, SW,
 * NW raising coordinate i = y, x, x, z, z, y and lowering j = z, z, y, y, x, x (see above). */
static const uint8_t place_closer[P_COUNT] = {0x06, 0x30, 0x21, 0x0c, 0x18, 0x03,
                                              0x01, 0x08, 0x02, 0x10, 0x04, 0x20};
static const uint8_t place_away[P_COUNT] = {0x30, 0x06, 0x0c, 0x21, 0x03, 0x18,
                                            0x1c, 0x23, 0x38, 0x07, 0x31, 0x0e};

void lbi_renemy_cube(lb_hex h, int c[3])
{
    int x = h.col - 1;
    c[0] = x;
    c[2] = (h.row - 1) - (x - (x & 1)) / 2;
    c[1] = -x - c[2];
}

/* The hex distance: the largest coordinate difference, which is half their sum (the three
 * differences add up to zero). */
static int cube_dist(const int a[3], const int b[3])
{
    return (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2])) / 2;
}

/* The range of cube coordinate k over the hexes of columns a.col .. b.col, rows a.row ..
 * b.row: every coordinate is monotone along rows and columns, so its extremes are at the
 * corners of the two column parities. */
static void coord_range(lb_hex a, lb_hex b, int k, int *lo, int *hi)
{
    int c[3];
    *lo = 1 << 30;
    *hi = -(1 << 30);
    int cols[4] = {a.col, a.col < b.col ? a.col + 1 : a.col, b.col, a.col < b.col ? b.col - 1 : b.col};
    int rows[2] = {a.row, b.row};
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 2; j++) {
            lbi_renemy_cube((lb_hex){cols[i], rows[j]}, c);
            *lo = c[k] < *lo ? c[k] : *lo;
            *hi = c[k] > *hi ? c[k] : *hi;
        }
}

/* The table index of coordinate value v: values beyond the box's range share the end slots. */
static int slot(const renemy_table *t, int v)
{
    int i = v - t->lo;
    return i < 0 ? 0 : i >= t->n ? t->n - 1 : i;
}

/* The hex distance from h to v's nearest hex. */
static int unit_distance(const lb_unit *v, lb_hex h)
{
    int d = INT_MAX;
    for (int j = 0; j < v->nhexes; j++) {
        int e = lb_hex_distance(h, v->hexes[j]);
        d = e < d ? e : d;
    }
    return d;
}

int lbi_renemy_counts(const lb_unit *v, int side, lb_hex start)
{
    return v->side != side && lb_unit_is_combat(v) && v->state != LB_STATE_ROUTED &&
           unit_distance(v, start) <= LBI_RENEMY_RANGE;
}

/* R-RET-7: the enemy formations of `side`'s opponents that count into E->formations, the enemy
 * combat units that do not (routed, or further than LBI_RENEMY_RANGE) into E->routed and E->far;
 * their hexes into *total, the formations of several hexes into *multi. */
static void count_enemies(renemy *E, const lb_state *s, int side, lb_hex start, int *total,
                          int *multi)
{
    for (int i = 0; i < s->nunits; i++) {
        const lb_unit *v = &s->units[i];
        if (lbi_renemy_counts(v, side, start)) {
            *total += v->nhexes;
            *multi += v->nhexes > 1;
            E->formations++;
        } else if (v->side != side && lb_unit_is_combat(v)) {
            E->routed += v->state == LB_STATE_ROUTED;
            E->far += v->state != LB_STATE_ROUTED;
        }
    }
}

/* One block: the enemy hexes twice (nh each: as found, then sorted), the hexes of formations of
 * several hexes, those formations, the twelve tables (6 sextants, 6 rays: min and max on each
 * line family, over the coordinate ranges from lo of n slots) and the sort's `keys` counts. Lays
 * it out, mins starting high and maxes low; the sorted hexes into *sorted. Returns the room of
 * the sort's counts (just past the tables), or NULL. */
static int *lay_out_block(renemy *E, const int lo[3], const int n[3], size_t nh, int multi,
                          size_t keys, renemy_hex **sorted)
{
    static const int coord[12] = {1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 2, 2};
    size_t cells = 0;
    for (int k = 0; k < 12; k++)
        cells += (size_t)n[coord[k]];
    E->block = malloc(3 * nh * sizeof *E->hexes + ((size_t)multi + 1) * sizeof *E->multi +
                      (cells + keys) * sizeof *E->store);
    if (!E->block)
        return NULL;
    E->hexes = E->block;
    *sorted = E->hexes + nh;
    E->mhex = *sorted + nh;
    E->multi = (renemy_multi *)(E->mhex + nh);
    E->store = (int *)(E->multi + multi + 1);
    int *p = E->store;
    for (int k = 0; k < 12; k++) {
        int tn = n[coord[k]];
        E->t[k] = (renemy_table){lo[coord[k]] - 1, tn, p};
        int init = (k % 2 == 0) ? (1 << 30) : -(1 << 30);
        for (int j = 0; j < tn; j++)
            p[j] = init;
        p += tn;
    }
    return p;
}

static void keep_min(int *t, int v)
{
    *t = v < *t ? v : *t;
}

static void keep_max(int *t, int v)
{
    *t = v > *t ? v : *t;
}

/* A single-hex enemy at cube c: in its sextant buckets, the second coordinate at the first
 * one's slot; on each line through the box (no other line holds a box hex, lo .. hi), its rays'
 * extremes. */
static void bucket(renemy *E, const int c[3], const int lo[3], const int hi[3])
{
    renemy_table *t = E->t;
    keep_min(t[0].v + slot(&t[0], c[1]), c[2]); /* S1: y<, z<: min z by y */
    keep_max(t[1].v + slot(&t[1], c[1]), c[2]); /* S2: y>, z>: max z by y */
    keep_min(t[2].v + slot(&t[2], c[0]), c[2]); /* S3: x<, z<: min z by x */
    keep_max(t[3].v + slot(&t[3], c[0]), c[2]); /* S4: x>, z>: max z by x */
    keep_min(t[4].v + slot(&t[4], c[0]), c[1]); /* S5: x<, y<: min y by x */
    keep_max(t[5].v + slot(&t[5], c[0]), c[1]); /* S6: x>, y>: max y by x */
    if (c[0] >= lo[0] && c[0] <= hi[0]) {
        keep_min(t[6].v + slot(&t[6], c[0]), c[1]); /* line x: min y */
        keep_max(t[7].v + slot(&t[7], c[0]), c[1]); /* line x: max y */
    }
    if (c[1] >= lo[1] && c[1] <= hi[1]) {
        keep_min(t[8].v + slot(&t[8], c[1]), c[0]); /* line y: min x */
        keep_max(t[9].v + slot(&t[9], c[1]), c[0]); /* line y: max x */
    }
    if (c[2] >= lo[2] && c[2] <= hi[2]) {
        keep_min(t[10].v + slot(&t[10], c[2]), c[0]); /* line z: min x */
        keep_max(t[11].v + slot(&t[11], c[2]), c[0]); /* line z: max x */
    }
}

/* Every enemy combat hex, keyed by its formation's distance from the start (a lower bound is all
 * the scan needs: capped below `keys`, the sort's counts, for off-map hexes); the hexes of
 * formations of several hexes apart, the single ones bucketed. */
static void gather(renemy *E, const lb_state *s, int side, lb_hex start, int keys,
                   const int lo[3], const int hi[3])
{
    int c0[3];
    lbi_renemy_cube(start, c0);
    for (int i = 0; i < s->nunits; i++) {
        const lb_unit *v = &s->units[i];
        if (!lbi_renemy_counts(v, side, start))
            continue;
        int key = 1 << 30, first = E->nhexes;
        for (int j = 0; j < v->nhexes; j++) {
            renemy_hex *h = &E->hexes[E->nhexes++];
            lbi_renemy_cube(v->hexes[j], h->c);
            h->form = E->formations_gathered;
            int d = cube_dist(c0, h->c);
            key = d < key ? d : key;
        }
        key = key < keys - 2 ? key : keys - 2;
        for (int j = first; j < E->nhexes; j++)
            E->hexes[j].key = key;
        E->formations_gathered++;
        if (v->nhexes > 1) {
            E->multi[E->nmulti++] = (renemy_multi){E->nmhex, v->nhexes};
            for (int j = first; j < E->nhexes; j++)
                E->mhex[E->nmhex++] = E->hexes[j];
        } else {
            bucket(E, E->hexes[first].c, lo, hi);
        }
    }
}

/* The sextant buckets made prefix tables: entry v of a "less" table holds the best over first
 * coordinates below v, of a "greater" table over first coordinates above v. */
static void prefix_sextants(renemy *E)
{
    for (int k = 0; k < 6; k++) {
        renemy_table *tb = &E->t[k];
        int less = k % 2 == 0, best = less ? (1 << 30) : -(1 << 30);
        if (less) {
            for (int j = 0; j < tb->n; j++) {
                int here = tb->v[j];
                tb->v[j] = best;
                best = here < best ? here : best;
            }
        } else {
            for (int j = tb->n - 1; j >= 0; j--) {
                int here = tb->v[j];
                tb->v[j] = best;
                best = here > best ? here : best;
            }
        }
    }
}

/* The enemy hexes into `sorted` by their formation's distance from the start, a counting sort
 * (keys are small) with `at` its counts, and a sentinel that ends every scan after them. */
static void sort_by_distance(renemy *E, renemy_hex *sorted, int *at)
{
    int most = 0;
    for (int i = 0; i < E->nhexes; i++)
        most = E->hexes[i].key > most ? E->hexes[i].key : most;
    for (int k = 0; k <= most + 1; k++)
        at[k] = 0;
    for (int i = 0; i < E->nhexes; i++)
        at[E->hexes[i].key + 1]++;
    for (int k = 0; k <= most; k++)
        at[k + 1] += at[k];
    for (int i = 0; i < E->nhexes; i++)
        sorted[at[E->hexes[i].key]++] = E->hexes[i];
    sorted[E->nhexes].key = 1 << 30;
    E->gathered = E->hexes;
    E->hexes = sorted;
}

/* The steps that come closer to (go away from) an enemy in each set of places among the
 * sextants (the rays). */
static void place_sets(renemy *E)
{
    for (int half = 0; half < 2; half++) {
        E->closer[half][0] = E->away[half][0] = 0;
        for (int k = 0; k < 6; k++) /* the sets whose highest place is k */
            for (unsigned set = 1u << k; set < 2u << k; set++) {
                unsigned rest = set - (1u << k);
                E->closer[half][set] = E->closer[half][rest] | place_closer[6 * half + k];
                E->away[half][set] = E->away[half][rest] | place_away[6 * half + k];
            }
    }
}

int lbi_renemy_init(renemy *E, const lb_state *s, int side, lb_hex start, lb_hex box_lo,
                    lb_hex box_hi)
{
    *E = (renemy){0};
    int lo[3], hi[3], n[3];
    for (int k = 0; k < 3; k++) {
        coord_range(box_lo, box_hi, k, &lo[k], &hi[k]);
        n[k] = hi[k] - lo[k] + 3; /* and one slot each side for the values beyond */
    }
    int total = 0, multi = 0;
    count_enemies(E, s, side, start, &total, &multi);
    /* a distance on the map is below cols + rows */
    size_t keys = (size_t)s->map.cols + (size_t)s->map.rows + 2;
    renemy_hex *sorted;
    int *at = lay_out_block(E, lo, n, (size_t)total + 1, multi, keys, &sorted);
    if (!at) {
        lbi_renemy_release(E);
        return LB_NOMEM;
    }
    gather(E, s, side, start, (int)keys, lo, hi);
    prefix_sextants(E);
    sort_by_distance(E, sorted, at);
    place_sets(E);
    return LB_OK;
}

/* The entry of coordinate value v of a hex of the box: always within the table's range. */
static int at(const renemy_table *t, int v)
{
    return t->v[v - t->lo];
}

/* R-RET-1: the directions from h (a hex of the box) in which a step comes closer to some enemy
 * formation, and those in which it goes further from some. */
void lbi_renemy_steps(const renemy *E, lb_hex h, uint8_t *closer, uint8_t *away)
{
    int c[3];
    lbi_renemy_cube(h, c);
    int x = c[0], y = c[1], z = c[2];
    unsigned in = 0;
    in |= (unsigned)(at(&E->t[0], y) < z) << P_S1;
    in |= (unsigned)(at(&E->t[1], y) > z) << P_S2;
    in |= (unsigned)(at(&E->t[2], x) < z) << P_S3;
    in |= (unsigned)(at(&E->t[3], x) > z) << P_S4;
    in |= (unsigned)(at(&E->t[4], x) < y) << P_S5;
    in |= (unsigned)(at(&E->t[5], x) > y) << P_S6;
    in |= (unsigned)(at(&E->t[7], x) > y) << P_RXP;
    in |= (unsigned)(at(&E->t[6], x) < y) << P_RXM;
    in |= (unsigned)(at(&E->t[9], y) > x) << P_RYP;
    in |= (unsigned)(at(&E->t[8], y) < x) << P_RYM;
    in |= (unsigned)(at(&E->t[11], z) > x) << P_RZP;
    in |= (unsigned)(at(&E->t[10], z) < x) << P_RZM;
    uint8_t cl = E->closer[0][in & 63] | E->closer[1][in >> 6];
    uint8_t aw = E->away[0][in & 63] | E->away[1][in >> 6];
    /* formations of several hexes: distance to the nearest hex */
    static const int step[LB_DIR_COUNT][3] = {{0, 1, -1}, {1, 0, -1}, {1, -1, 0},
                                              {0, -1, 1}, {-1, 0, 1}, {-1, 1, 0}};
    for (int f = 0; f < E->nmulti; f++) {
        const renemy_hex *hx = E->mhex + E->multi[f].first;
        int dn[LB_DIR_COUNT], d = 1 << 30;
        for (int k = 0; k < LB_DIR_COUNT; k++)
            dn[k] = 1 << 30;
        for (int j = 0; j < E->multi[f].n; j++) {
            int e = cube_dist(c, hx[j].c);
            d = e < d ? e : d;
            for (int k = 0; k < LB_DIR_COUNT; k++) {
                int nb[3] = {x + step[k][0], y + step[k][1], z + step[k][2]};
                int en = cube_dist(nb, hx[j].c);
                dn[k] = en < dn[k] ? en : dn[k];
            }
        }
        for (int k = 0; k < LB_DIR_COUNT; k++) {
            if (dn[k] < d)
                cl |= (uint8_t)(1u << k);
            if (dn[k] > d)
                aw |= (uint8_t)(1u << k);
        }
    }
    *closer = cl;
    *away = aw;
}

/* D(h) for a hex reached from the start by R-RET-1 steps: the enemy hexes are sorted by their
 * formation's distance from the start, which no such hex is nearer to, so the scan stops as soon
 * as that distance reaches the best found. */
int lbi_renemy_distance(const renemy *E, lb_hex h)
{
    int c[3], best = 1 << 30;
    lbi_renemy_cube(h, c);
    for (int i = 0; E->hexes[i].key < best; i++) { /* the sentinel's key is never below best */
        int d = cube_dist(c, E->hexes[i].c);
        best = d < best ? d : best;
    }
    return best;
}

/* R-RET-2: the gathered hexes lie formation after formation, each keyed by its formation's
 * distance from the start. */
int lbi_renemy_farther_all(const renemy *E, lb_hex h)
{
    int c[3];
    lbi_renemy_cube(h, c);
    for (int i = 0; i < E->nhexes;) {
        int f = E->gathered[i].form, d = INT_MAX, key = E->gathered[i].key;
        for (; i < E->nhexes && E->gathered[i].form == f; i++) {
            int e = cube_dist(c, E->gathered[i].c);
            d = e < d ? e : d;
        }
        if (d <= key)
            return 0;
    }
    return 1;
}

void lbi_renemy_release(renemy *E)
{
    free(E->block);
    *E = (renemy){0};
}
