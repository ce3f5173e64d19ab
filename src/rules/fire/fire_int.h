/* Fire's insides (private): hexside geometry, text and the two stages of one unit's answer, shared by fire.c, fire_group.c and fire_odds.c. */
#ifndef LB_FIRE_INT_H
#define LB_FIRE_INT_H

#include <stddef.h>

#include "lb/fire.h"
#include "lbi.h"

/* Bit of hexside direction dir (taken modulo 6). */
LBI unsigned lbi_fi_bit(int dir);
/* The hex label of h in buf (LB_HEX_LABEL_MAX); returns buf. */
LBI char *lbi_fi_label(const lb_state *s, lb_hex h, char *buf);
/* Appends to a fixed buffer of n bytes, cutting what does not fit. */
LBI void lbi_fi_append(char *buf, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A fraction as a trace value. */
LBI void lbi_fi_trace_frac(lb_trace *t, const char *key, lb_frac v);
/* R-FIRE-3, R-FIRE-12: a unit's increments in its k-th hex, as even as possible, the odd ones
 * in its first hexes. */
LBI int lbi_fi_share(const lb_unit *u, int k);
/* The index of h among u's hexes, or -1. */
LBI int lbi_fi_hex_of(const lb_unit *u, lb_hex h);
/* The hexsides of a through which the line from a's centre to b's leaves a: one, or the two
 * that meet at the corner it passes; returns how many. */
LBI int lbi_fi_exit_sides(lb_hex a, lb_hex b, int sides[2]);
/* "the N hexside" or "the corner of its N and NE hexsides". */
LBI void lbi_fi_sides_text(const int *sides, int n, char *buf, size_t len);
/* True when the terrain of h is `open` in the charts (charts-format 4.1): clear for the rules
 * that demand clear terrain. */
LBI int lbi_fi_open_terrain(const lb_state *s, lb_hex h);
/* "French Légère" from the charts' nations registry, else the ids. */
LBI void lbi_fi_troop_name(const lb_state *s, const lb_unit *u, char *buf, size_t n);

/* The first stage of one unit's answer: may it fire at all, from which hexes (range, front,
 * LOS) and with what multiple; v->allowed is 1 when nothing refused it so far. LB_OK, LB_INVALID,
 * LB_NOMEM. */
LBI int lbi_fi_unit_judge(const lb_state *s, int unit, lb_hex target, lb_fire_kind kind,
                          lb_fire_value *v, lb_trace *t);
/* The second stage: the value of a judged unit. caps (one per hex of the unit, or NULL) holds
 * the increments a group rule lets fire from each hex, -1 for no limit (R-FIRE-24). Refuses a
 * unit whose value is 0 (R-FIRE-16). */
LBI void lbi_fi_unit_value(const lb_state *s, lb_fire_value *v, const int *caps, lb_trace *t);

#endif
