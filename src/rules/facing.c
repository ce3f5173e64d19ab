/* Orientation (13): the class of each hexside of a unit's hexes, and the facings each formation takes. */
#include <stdlib.h>

#include "rules_types.h"
#include "hex_int.h"
#include "unit_int.h"
#include "facing_int.h"

static const char *const class_names[] = {"front", "flank", "rear", "own"};

const char *lb_side_class_name(lb_side_class c)
{
    return class_names[c];
}

int lb_facing_kind(lb_formation f)
{
    switch (f) {
    case LB_FORM_LINE:
    case LB_FORM_SKIRMISH: return 1;
    case LB_FORM_CARRE:
    case LB_FORM_NONE: return -1;
    default: return 0;
    }
}

int lb_facing_valid(lb_formation f, int facing)
{
    if (facing < 1 || facing > 12)
        return 0;
    int kind = lb_facing_kind(f);
    return kind < 0 || facing % 2 == kind;
}

int lb_facing_default(lb_formation f, int facing)
{
    if (facing <= 0 || lb_facing_valid(f, facing))
        return facing;
    return facing % 12 + 1;
}

void lb_facing_axis(int facing, int *left, int *right)
{
    /* the hexsides three hours either side of the vertex (R-FORM-1: a line's flanks) */
    *right = lb_hex_clock_dir((facing + 3 - 1) % 12 + 1);
    *left = lb_hex_clock_dir((facing + 9 - 1) % 12 + 1);
}

/* Hours (0..6) between a facing and the clock hour of hexside dir. */
static int hours_off(int facing, int dir)
{
    int a = abs(facing - lb_hex_dir_clock(dir)) % 12;
    return a > 6 ? 12 - a : a;
}

static int own_side(const lb_unit *u, int k, int dir)
{
    return u->nhexes > 1 && lb_unit_in_hex(u, lb_hex_neighbor(u->hexes[k], dir));
}

/* R-FORM-1: light cavalry (printed MP 13 or more) in column or road march: (13) gives it five
 * fronts and a rear, no flank. */
static int light_column(const lb_unit *u)
{
    return u->arm == LB_ARM_CAVALRY && u->movement >= 13 &&
           (u->formation == LB_FORM_COLUMN || u->formation == LB_FORM_ROAD);
}

/* R-FORM-1: (13)'s classes; the fronts are R-FIRE-8's but for a light cavalry column's five */
lb_side_class lb_facing_side(const lb_unit *u, int k, int dir)
{
    if (own_side(u, k, dir))
        return LB_SIDE_OWN;
    if (!lb_unit_is_combat(u) || u->facing <= 0 || u->formation == LB_FORM_CARRE)
        return LB_SIDE_FRONT;
    int a = hours_off(u->facing, dir);
    if (u->facing % 2 == 0) {
        if (u->formation == LB_FORM_GENERAL)
            return a <= 4 ? LB_SIDE_FRONT : LB_SIDE_REAR;
        if (light_column(u))
            return a <= 4 ? LB_SIDE_FRONT : LB_SIDE_REAR;
        return a <= 2 ? LB_SIDE_FRONT : a == 4 ? LB_SIDE_FLANK : LB_SIDE_REAR;
    }
    if (u->formation != LB_FORM_SKIRMISH)
        return a == 1 ? LB_SIDE_FRONT : a == 3 ? LB_SIDE_FLANK : LB_SIDE_REAR;
    if (a <= 3)
        return LB_SIDE_FRONT;
    /* a skirmish screen's back hexside is flank when the end hexside next to it is open (the
     * screen ends there), rear when the screen goes on across it */
    int beside = hours_off(u->facing, (dir + 1) % 6) == 3 ? (dir + 1) % 6 : (dir + 5) % 6;
    return own_side(u, k, beside) ? LB_SIDE_REAR : LB_SIDE_FLANK;
}

/* R-FIRE-8: the hexsides a unit fires through. Its own hexsides lead into its other hexes;
 * they are among R-FIRE-8's fronts where every hexside is (no facing) and for a skirmish screen
 * (the four hexsides nearest the vertex hold the screen's inner one), never for a line (its
 * inner hexside is at its end). */
unsigned lb_facing_fire_sides(const lb_unit *u, int k)
{
    unsigned front = 0;
    for (int d = 0; d < LB_DIR_COUNT; d++) {
        lb_side_class c = lb_facing_side(u, k, d);
        /* R-FIRE-8 names column without arms: a light cavalry column fires through the faced
         * hexside and its two neighbours only, though (13) gives it five fronts */
        if (c == LB_SIDE_FRONT && light_column(u) && hours_off(u->facing, d) > 2)
            continue;
        if (c == LB_SIDE_FRONT ||
            (c == LB_SIDE_OWN && (u->facing <= 0 || u->formation == LB_FORM_SKIRMISH)))
            front |= 1u << d;
    }
    return front;
}

void lb_facing_arcs(const lb_unit *u, int k, unsigned *front, unsigned *flank, unsigned *rear)
{
    unsigned bits[4] = {0, 0, 0, 0};
    for (int d = 0; d < LB_DIR_COUNT; d++)
        bits[lb_facing_side(u, k, d)] |= 1u << d;
    if (front)
        *front = bits[LB_SIDE_FRONT];
    if (flank)
        *flank = bits[LB_SIDE_FLANK];
    if (rear)
        *rear = bits[LB_SIDE_REAR];
}
