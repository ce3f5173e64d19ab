/* Chart conditions and modifier entries (docs/charts-format.md 10): unit predicates, conditions and modifier tables, compiled and read. */
#ifndef LB_MODIFIERS_H
#define LB_MODIFIERS_H

#include "state.h"
#include "trace.h"

/*
 * Tables such as carre_modifiers, stand_modifiers and recall_modifiers are objects of entries
 * {when, mod, per, replaces}. The loader compiles each into an lb_modifier_table (in the state's
 * arena); a rule reads one with lb_modifiers_read, giving the situation (which unit plays the
 * attacker and the defender, the hexside at contact, the flags of 10.1). The modifier of a roll
 * is the sum of every entry that applies, after `replaces` (10.3). A table that the charts do not
 * give has `present` 0: the rule that needs it answers with an error naming the key.
 */

/* Roles a condition may name (a bit set: which ones a table allows). */
enum { LB_ROLE_ATTACKER = 1, LB_ROLE_DEFENDER = 2, LB_ROLE_UNIT = 4 };

/* A unit predicate (10.2). Absent keys hold for every unit. */
typedef struct lb_predicate {
    unsigned arms;               /* bit per lb_arm; 0: any */
    const char **nations;
    int nnations;
    const char **classes;
    int nclasses;
    unsigned formations;         /* bit per lb_formation; 0: any */
    unsigned states;             /* bit per lb_morale_state; 0: any */
    unsigned readiness;          /* bit per lb_readiness; 0: any */
    const int *terrain;          /* terrain type indexes */
    int nterrain;
    int weight;                  /* 0 any, 1 light, 2 heavy (rules-combat 35.4) */
    int lance;
    int preserve_readiness;
    int morale_lo, morale_hi;    /* a roll range, 0 when none */
    int losses_num, losses_den;  /* losses_den 0 when none */
    int fire_loss;
    int leader;                  /* a friendly leader in the unit's hex */
    const char *leader_key;      /* … whose bonus has this key, non-zero; NULL: any */
    const char *leader_named;
    const char *leader_rank;
} lb_predicate;

/* A condition (10.1). */
typedef struct lb_condition {
    const lb_predicate *attacker, *defender, *unit; /* NULL: no condition on that role */
    int through;                 /* 0 none, 1 flank, 2 rear */
    unsigned across;             /* bit per hexside type; 0: none */
    int uphill;
    int charge_straight;
    int recall_failed;
} lb_condition;

typedef enum lb_modifier_per {
    LB_PER_NONE,
    LB_PER_DEFENDER_LEVEL,
    LB_PER_ATTACKER_LEVEL,
    LB_PER_ATTACKER_FIRE_LOSS,
    LB_PER_DEFENDER_FIRE_LOSS
} lb_modifier_per;

#define LB_MODIFIERS_MAX 64 /* entries of one table: `replaces` is a bit set */

/* A modifier entry (10.3). */
typedef struct lb_modifier {
    const char *id;
    lb_condition when;
    int mod;
    lb_modifier_per per;
    unsigned long long replaces; /* bit i: entry i of the same table */
    const char *uncertain;       /* the entry's "uncertain" mark, or NULL */
} lb_modifier;

typedef struct lb_modifier_table {
    int present;                 /* the charts give the table */
    const char *key;             /* its key in the charts ("stand_modifiers") */
    lb_modifier *entries;
    int n;
} lb_modifier_table;

/* The situation a table is read in. */
typedef struct lb_modifier_ctx {
    int attacker, defender, unit; /* unit indexes, -1 when the role is empty */
    int contact;                 /* the attacker is at its hexside of contact with the defender */
    int through;                 /* at contact: 0 front, 1 flank, 2 rear of the defender */
    unsigned across;             /* at contact: bit per hexside type crossed, listed or implicit */
    int uphill;
    int charge_straight;
    int recall_failed;
    int attacker_level, defender_level;         /* organisation morale levels (9.1) */
    int attacker_fire_loss, defender_fire_loss; /* increments lost to defensive fire */
    int attacker_preserve, defender_preserve;   /* melees at one third to keep readiness (36.5) */
} lb_modifier_ctx;

/* An entry that applied, with its value after `per`. */
typedef struct lb_modifier_hit {
    const lb_modifier *entry;
    int value;
} lb_modifier_hit;


#endif
