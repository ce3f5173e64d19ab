/* The computer player's insides (private): the context of one decision and the functions its files share. */
#ifndef LB_AI_INT_H
#define LB_AI_INT_H

#include <stddef.h>

#include "lb/ai.h"
#include "lb/lb.h"
#include "action.h"
#include "charge.h"
#include "lbi.h"

#define AI_FAR 100000            /* movement points: out of reach */
#define AI_OBJECTIVES_MAX 64     /* objectives the player weighs (the first of the scenario's) */
#define AI_CALIBRATION_UNITS 16  /* R-AI-6: the units of the demo the rollouts' rate was measured
                                  * on (14 to 16 over a game), with room */
#define AI_NEIGHBOURHOOD 8       /* R-AI-25: hexes around the unit whose changes are compared */

/*
 * Everything is valued in the scenario's victory points (R-VIC-3): an increment eliminated is
 * worth `per_increment` points to the side that eliminates it, and a little more while the
 * battle has long to run (what it can still do). Values are always "for side me": positive is
 * good for the side deciding.
 */
/* R-AI-16: the options a decision valued while choosing, kept for the coach: the best few by
 * value (distinct keys), in the order of their value then of their noting. */
#define AI_RANK_KEEP 8
typedef struct ai_rank {
    lb_ai_option v[AI_RANK_KEEP];
    int n;
} ai_rank;

/* The evaluation's weights (weights.c, docs/ai.md "Values"): the defaults, or a tuning's. */
typedef struct ai_weights {
    double hope;    /* a turn's share of an objective's swing one unit can hope for */
    double mass;    /* each unit that can reach an objective: this share of its points */
    double guard;   /* the danger to an objective left when its holder stands in it */
    double waiting; /* a unit's prospects when its side does not move next (1 when it does) */
    double threat;  /* what a unit is exposed to */
    double melee;   /* a unit's best melee among its prospects */
    double charge;  /* the charge a cavalry unit threatens among its prospects */
    double fresh;   /* an increment's worth more per Movement segment to come (at most 6) */
    double moving;  /* a move gains more than this, or the Movement segment ends */
    double assault; /* a melee gains more than this, or none is made */
} ai_weights;

/* A unit's reach of an objective in the state kept by lbi_ai_reach_keep: its turns to get there
 * (-1 for a unit that does not count), its chance of getting there in the Movement segments its
 * side counts, its side. */
typedef struct ai_kept_reach {
    double turns, chance;
    int side;
} ai_kept_reach;

/* Each side's reach of one objective in that state, summed: the two fewest turns and the unit of
 * the fewest, the units on it, and the units whose chance is not 0 (their order the sum's). */
typedef struct ai_kept_sum {
    double near[2][2];
    int near_unit[2];
    int on[2];
    int *live;                   /* unit indexes, ascending, into the context's kept_live */
    int nlive;
} ai_kept_sum;

/* R-AI-22: the quick level's answer for side to g's pending decision into key (ai.c's
 * lbi_ai_quick_answer), for the look-ahead's own Movement. */
typedef int (*ai_answer_fn)(const lb_game *g, int side, const lb_ai_settings *s, char *key);

typedef struct ai_ctx {
    const lb_game *g;
    const lb_state *st;          /* the game's state */
    lb_state *work;              /* a copy to try positions on: every unit's facing relaxed (0) */
    int me, foe;
    lb_ai_settings set;
    ai_weights w;                /* the evaluation's weights: the settings', the baseline the
                                  * defaults */
    lb_pcg32 rng;                /* the player's own dice (R-AI-2, R-AI-3) */
    double inc_worth;            /* one increment, in points */
    double leader_worth;         /* one leader, in points */
    int nobj;                    /* objectives weighed, at most AI_OBJECTIVES_MAX */
    int horizon;                 /* R-AI-21: Movement segments a side's reach of the objectives
                                  * is counted over, at most */
    int *holder;                 /* per objective: the side holding it now, -1 */
    struct ai_kept_reach *kept;  /* [objective][unit] of the state kept by lbi_ai_reach_keep */
    int kept_holders[AI_OBJECTIVES_MAX]; /* that state's holders */
    ai_kept_sum kept_sum[AI_OBJECTIVES_MAX]; /* kept summed per objective */
    int *kept_live;              /* [objective][unit]: the lists of kept_sum */
    int *dist;                   /* [objective][arm][cell]: MP from the cell to the objective */
    int cells;
    lb_fire_chance *fire;        /* scratch answers (large) */
    lb_melee_chance *melee;
    int rollouts;                /* rollouts the budget allows this decision */
    int scaled;                  /* R-AI-6: more units than the calibration's: the rollouts
                                  * shared out among them, and the budget holds */
    int sparse;                  /* set by lbi_ai_rollouts: the policy takes no walk (R-AI-20),
                                  * so the copies list Movement sparsely, the policy asking the
                                  * units that may step onto an objective for their moves */
    ai_rank *rank;               /* R-AI-16: where the options valued are noted, or NULL */
    ai_answer_fn own_movement;   /* R-AI-22: answers the deciding side's Movement in the
                                  * rollouts at the calibration's scale; NULL: its units stand */
    int around;                  /* R-AI-25: the rollouts value the neighbourhood of this unit
                                  * (an index of st), -1: the whole position */
} ai_ctx;

/* cost_heap.c */
/* The open list of a search: (cost, state) pairs, costs and states non-negative; v holds as
 * many as will be pushed. */
typedef struct ai_heap {
    long long *v; /* cost << 32 | state */
    int n;
} ai_heap;
LBI void lbi_ai_heap_push(ai_heap *h, int cost, int state);
/* The cheapest pair (the lowest state among equals) taken off h (not empty): its state, its
 * cost into *cost. */
LBI int lbi_ai_heap_pop(ai_heap *h, int *cost);

/* weights.c */
/* The defaults, then text's overrides ("name=value,...", NULL or empty: none) into w; LB_OK, or
 * LB_INVALID with what was wrong in err (n bytes). */
LBI int lbi_ai_weights_read(const char *text, ai_weights *w, char *err, size_t n);

/* answers.c */
/* Option i of d as an action: the one it carries, or (a decision of the rules machines') the
 * one its key reads as, in read; NULL when it reads as none. */
LBI const lb_action *lbi_ai_option_action(const lb_state *st, const lb_decision *d, int i,
                                          lb_action *read);
/* Option i of d, when it is the fire of one unit at one hex ("fire:UNIT:HEX"): the unit's index
 * in st and the hex; 0, or -1. */
LBI int lbi_ai_fire_option(const lb_state *st, const lb_decision *d, int i, int *unit,
                           lb_hex *hex);
/* Would g accept key now? Tried on a copy (parameterised answers). 1 yes, 0 no, -1 error. */
LBI int lbi_ai_try(const ai_ctx *c, const char *key);
/* R-AI-1, R-RET-22: a leader left alone by a retreating unit goes with it, where a friendly
 * combat unit escorts him, unless he stays with one; the key in key, why in why. LB_OK. */
LBI int lbi_ai_leader_decision(const ai_ctx *c, const lb_decision *d, char *key, char *why);

/* rank.c */
/* R-AI-16: option key valued at value for me, its reason printf-like, noted in c->rank (nothing
 * when c->rank is NULL); a key noted again keeps its higher value. */
LBI void lbi_ai_note(ai_ctx *c, const char *key, double value, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* worth.c */
/* What unit u is worth to its side, in points (increments by morale state and arm; leaders). */
LBI double lbi_ai_unit_worth(const ai_ctx *c, const lb_unit *u);

/* eval.c: the position */
LBI int lbi_ai_ctx_init(ai_ctx *c, const lb_game *g, int side, const lb_ai_settings *s);
LBI void lbi_ai_ctx_release(ai_ctx *c);
/* The objective holders after the units of st moved (R-VIC-2, from the game's holders). */
LBI void lbi_ai_holders(const ai_ctx *c, const lb_state *st, int *holders);
/* Movement points from hex h to objective k for the arm (its cheapest path, AI_FAR off the map
 * or out of reach). */
LBI int lbi_ai_objective_mp(const ai_ctx *c, const lb_state *st, lb_arm arm, int k, lb_hex h);
/* The objectives for me: points held, and the chance of taking or losing each in the turns left
 * (who can reach it, who stands on it). */
LBI double lbi_ai_objectives(const ai_ctx *c, const lb_state *st, const int *holders);
/* Keeps st's reach of the objectives (every unit's turns to each) and its holders for
 * lbi_ai_objectives_moved, st's lbi_ai_objectives into *value; LB_OK, LB_NOMEM. */
LBI int lbi_ai_reach_keep(ai_ctx *c, const lb_state *st, double *value);
/* lbi_ai_objectives of st (the state kept) with unit i standing at hexes (n) in formation f
 * instead, the holders following; the same value as on a copy so changed, without the copy. */
LBI double lbi_ai_objectives_moved(const ai_ctx *c, const lb_state *st, int i,
                                   const lb_hex *hexes, int n, lb_formation f);
/* Material for me: what my units are worth less what the enemy's are. */
LBI double lbi_ai_material(const ai_ctx *c, const lb_state *st);
/* Unit i's prospects for its side in st (facing relaxed): the best fire, melee and charge it can
 * make next, less the fire, melee and charges it is exposed to. */
LBI double lbi_ai_tactical(ai_ctx *c, const lb_state *st, int i);
/* The whole position for me, cheaply (a rollout's end): the score as it stands in g (tallies),
 * objectives and material of its state; when c->around is a unit (R-AI-25), the objectives and
 * the units that stood within AI_NEIGHBOURHOOD hexes of it, as they are in g. */
LBI double lbi_ai_position(const ai_ctx *c, const lb_game *g);

/* odds.c: the immediate value of an option from its exact odds */
/* Fire of unit at target in st, of this kind (R-FIRE-19): *value for the firer's side (0 when
 * not allowed); why gets
 * "fires at 0910: 11/36 no loss, expected 0.8 increments, 1/6 au-ir4-1 fails its check". Returns
 * 1 when the fire is allowed, 0 when not, -1 out of memory. */
LBI int lbi_ai_fire_value(ai_ctx *c, const lb_state *st, int unit, lb_hex target,
                          lb_fire_kind kind, double *value, char *why, size_t n);
/* The same for the units firers[0..nfirers) firing together at target, the first leading
 * (R-FIRE-23): allowed as one fire by the fire rules, or 0. */
LBI int lbi_ai_fire_group_value(ai_ctx *c, const lb_state *st, const int *firers, int nfirers,
                                lb_hex target, lb_fire_kind kind, double *value, char *why,
                                size_t n);
/* A melee's exact odds valued for the attackers' side; why (may be NULL) says how likely the
 * main results are. */
LBI double lbi_ai_melee_value(const ai_ctx *c, const lb_state *st, const lb_melee_chance *m,
                              char *why, size_t n);
/* A charge's exact ends valued for the cavalry's side; why (may be NULL) summarises them. */
LBI double lbi_ai_charge_value(const ai_ctx *c, const lb_state *st, int cavalry,
                               const lb_charge_outcomes *o, char *why, size_t n);

/* charge_plan.c */
/* The best charge of cavalry i of st against its `targets` nearest enemy formations, by the
 * exact odds of each (a path of empty hexes to the hex next to each), into key ("charge:ID:…")
 * with its value and, when line is not NULL, its reason; with `checked`, only a charge the game
 * accepts (tried on a copy). LB_OK, LB_NOT_FOUND (none), LB_NOMEM. */
LBI int lbi_ai_charge_plan(ai_ctx *c, const lb_state *st, int i, int targets, int checked,
                           char *key, double *value, char *line, size_t n);

/* fire_groups.c */
/* R-AI-24: the units offered fire alone in g's pending decision (a fire segment's
 * "fire:UNIT:HEX") shared among their hexes so that the groups fired together (R-FIRE-23) sum
 * to the most; the group worth most: its key (its one option's, or "fire:U1+U2+…:HEX"), its
 * value and (why not NULL) its reason. LB_OK,
 * LB_NOT_FOUND (no group worth anything), LB_NOMEM, LB_INVALID. */
LBI int lbi_ai_fire_groups(ai_ctx *c, const lb_game *g, char *key, double *value, char *why,
                           size_t n);

/* segments.c: the decisions outside Movement */
LBI int lbi_ai_fire_decision(ai_ctx *c, const lb_decision *d, char *key, char *why);
LBI int lbi_ai_melee_decision(ai_ctx *c, const lb_decision *d, char *key, char *why);
LBI int lbi_ai_charge_decision(ai_ctx *c, const lb_decision *d, char *key, char *why);
LBI int lbi_ai_path_decision(ai_ctx *c, const lb_decision *d, char *key, char *why);
LBI int lbi_ai_other_decision(const lb_decision *d, char *key, char *why);
/* cavalry_watch.c: R-AI-4, R-AI-5: a reaction charge or an opportunity charge (decision kinds
 * reaction, opportunity with "charge:UNIT" options), or pass, with the reason. LB_OK. */
LBI int lbi_ai_watch_decision(ai_ctx *c, const lb_decision *d, char *key, char *why);

/* movement.c */
LBI int lbi_ai_movement_decision(ai_ctx *c, const lb_decision *d, char *key, char *why);

/* walk.c: the baseline's walk in game g's Movement decision d (R-AI-7, R-AI-20): a
 * reinforcement entering, else the step of the unit of d's side that gets most movement points
 * nearer the nearest objective its side does not hold (the nearest held one when it holds all),
 * units on an objective or next to an enemy staying; -1 when none gets nearer. *gain: the
 * points nearer (1 to enter). */
LBI int lbi_ai_walk(const ai_ctx *c, const lb_game *g, const lb_decision *d, int *gain);

/* baseline.c: the scripted baseline (R-AI-7) */
/* An action of the baseline in the segment the game is in (Movement, fire, melee, charge). */
LBI int lbi_ai_baseline_action(ai_ctx *c, const lb_decision *d, char *key, char *why);
/* An opportunity fire of the baseline: the most increments expected, or pass. */
LBI int lbi_ai_baseline_opportunity(ai_ctx *c, const lb_decision *d, char *key, char *why);

/* rollout.c */
/* The value for me of answering key now, in each of `runs` rollouts on the dice seeds[0..runs)
 * into values: the rest of the turn and the enemy's reply played by the cheap policy. LB_OK or
 * LB_NOMEM. */
LBI int lbi_ai_rollouts(ai_ctx *c, const char *key, const uint64_t *seeds, int runs,
                        double *values);
/* The mean of a[r] - b[r] (rollouts on the same dice) and its standard error. */
LBI void lbi_ai_paired(const double *a, const double *b, int runs, double *mean, double *se);
/* How many standard errors make a gain over `runs` paired rollouts sure: Student's t at 95%
 * (two-sided) for runs - 1 degrees of freedom, 2 from 31 runs. */
LBI double lbi_ai_sure(int runs);
/* The standard errors c's look-ahead asks of a gain over `runs` paired rollouts: lbi_ai_sure,
 * or one past the calibration's units (R-AI-25). */
LBI double lbi_ai_bar(const ai_ctx *c, int runs);
/* The rollouts of each of *arms arms compared on the same dice; at a larger scale than the
 * calibration's (R-AI-6) fewer arms (*arms lowered) so that each has two, and 0 when not even
 * two arms have (no rollouts then). */
LBI int lbi_ai_runs(const ai_ctx *c, int *arms);
/* `runs` dice seeds from the player's own generator, malloc'd; LB_OK or LB_NOMEM. */
LBI int lbi_ai_seeds(ai_ctx *c, int runs, uint64_t **seeds);
/* A choice the rollouts overturn: their gain, less lbi_ai_bar times its standard error, passes
 * this. */
#define AI_ROLLOUT_MARGIN 0.5
/* The cheap policy's answer for the pending decision of g (a copy), into key; *walks: the
 * enemy's walking steps left in this Movement segment (R-AI-20), one spent on a step; the
 * deciding side's own Movement by c->own_movement when set, at the calibration's scale
 * (R-AI-22). */
LBI int lbi_ai_policy(ai_ctx *c, const lb_game *g, int *walks, char *key);
/* R-AI-20: the enemy's walking steps a Movement segment of the rollouts: six, shared out past
 * the calibration's units (6 x 16 / units, rounded down). */
LBI int lbi_ai_walk_steps(const ai_ctx *c);

/* ai.c */
/* R-AI-22: the quick level's answer (settings s but for the level) for side to g's pending
 * decision into key; its reason dropped. LB_OK, or what lb_ai_choose returns. */
LBI int lbi_ai_quick_answer(const lb_game *g, int side, const lb_ai_settings *s, char *key);

/* "quick", "full", "baseline", and back (-1 when unknown). */
LBI const char *lb_ai_level_name(lb_ai_level level);
LBI int lb_ai_level_parse(const char *s);

#endif
