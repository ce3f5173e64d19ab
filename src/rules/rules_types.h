/* Private to the library: the rules' own types — facings, formation changes, and the requests, chances, results and events of morale, fire, melee and movement. */
#ifndef LB_RULES_TYPES_H
#define LB_RULES_TYPES_H

#include <stddef.h>

#include "lb/rules.h"
#include "state_types.h"

/* ---- facing.h: Orientation (13): the front, flank and rear hexsides of every formation, read the same way by every rule. */

/*
 * R-FORM-1. A combat unit faces a clock hour (R-GRID-3): column, general order, road march,
 * masse and artillery face a hexside (an even hour), line and skirmish order a vertex (an odd
 * hour); a carré faces every way. Each hexside of each hex the unit stands in is front, flank or
 * rear of it — or its own, when the unit stands on both sides (the inner hexside of a line).
 * Fronts are exactly R-FIRE-8's, for every arm; flanks and rears follow (13):
 *   - facing a hexside: the faced hexside and its two neighbours are front, the next two flank,
 *     the opposite one rear (3/2/1); general order (any arm) has five fronts and one rear; light
 *     cavalry (printed MP 13 or more) in column or road march has no flank: three fronts (R-FIRE-8)
 *     and three rears (3/0/3);
 *   - facing a vertex: line has the two hexsides at the vertex front, the two at its ends flank,
 *     the two behind rear (2/2/2 in one hex; a line over several hexes has one flank hexside at
 *     each end); skirmish order has the four hexsides nearest the vertex front, and of the two
 *     behind, each one next to an outer end of the screen is flank, the others rear (4/2/0 in
 *     one hex, 6/2/2 over two);
 *   - a carré, or a unit whose facing was never given, has six fronts.
 * Leaders have no orientation (every hexside reads as front).
 */

typedef enum lb_side_class { LB_SIDE_FRONT, LB_SIDE_FLANK, LB_SIDE_REAR, LB_SIDE_OWN } lb_side_class;

/* ---- formation.h: Tactical organisation (15), (16): the formations each arm takes, where, in which hexes, at what cost, and the limber roll. */

/*
 * R-FORM-2..9. Infantry: column, line (one or two hexes), carré, skirmish order (one or two
 * hexes by increments), road march; cavalry: column, line (one hex per 4 increments or more),
 * skirmish (light cavalry, two hexes), road march; artillery: limbered or unlimbered. General
 * order is never chosen: column and road march (off a road) take it in general-order terrain
 * and leave it outside, at no cost (T15-17). These functions say what a change is and costs;
 * whether the unit has the MP, and what its new hexes hold, is the move action's (move.h).
 */

/* A formation change asked for: the formation, the facing after (0: R-FORM-9's default) and the
 * hexes after (nhexes 0: the fewest it needs, from the unit's first hex, extended to the
 * right of the facing). */
typedef struct lb_formation_req {
    lb_formation to;
    int facing;
    lb_hex hexes[LB_UNIT_MAX_HEXES];
    int nhexes;
} lb_formation_req;

/* The answer: legal or not (rule, why), and what the unit becomes. */
typedef struct lb_formation_change {
    int legal;
    const char *rule;
    const char *section;
    lb_said why;                        /* why not, when not legal (lb_said_fmt) */
    int cost;                           /* half MP */
    lb_formation to;
    int facing;
    lb_hex hexes[LB_UNIT_MAX_HEXES];
    int nhexes;
    int roll_needed;                    /* limber or unlimber with a chart range (R-FORM-8) */
    int lo, hi;                         /* the die range */
    int modifier;                       /* limber_modifiers */
    lb_frac p_success;                  /* 1 without a roll */
} lb_formation_change;

/* ---- morale.h: Morale checks (31): exact odds with every modifier, the roll, the state that follows (30). */

/*
 * A check passes iff the modified roll is strictly greater than the unit's morale (R-MOR-1);
 * modifiers are added in base-6 steps (R-DICE-2). lb_morale_odds enumerates the 36 rolls;
 * lb_morale_resolve rolls; lb_morale_apply changes the unit in a state. Strings in modifiers are
 * literals or owned by the caller and must outlive the result. An outcome names its unit by id and
 * the generation of the state it was worked out on: lb_morale_apply refuses it once the state
 * has changed (LB_STALE), so work out the outcome again.
 */

#define LB_MORALE_MODS_MAX 16

/* One modifier to the roll, in base-6 steps. */
typedef struct lb_morale_mod {
    const char *rule;   /* ruling id ("R-MOR-1"), or "caller" */
    const char *reason; /* "leader fr-ldr-oudinot", "disordered", … */
    int value;
} lb_morale_mod;

typedef struct lb_morale_chance {
    int morale;                          /* the unit's morale value, 11..66 */
    lb_morale_mod mods[LB_MORALE_MODS_MAX];
    int nmods;
    int modifier;                        /* sum of mods */
    int leader;                          /* unit index of the leader whose bonus counts, or -1 */
    int need;                            /* lowest natural roll that passes by the modifiers
                                          * alone, 0 when none does */
    int auto_pass, auto_fail;            /* natural rolls that always pass / fail (0: none) */
    unsigned char passes[36];            /* by roll index: 1 when that natural roll passes */
    lb_frac p_pass;                      /* passing rolls / 36 */
} lb_morale_chance;

/* Ordinary check (R-MOR-7) or the Morale Recovery Segment's check (R-MOR-8). */
typedef enum lb_morale_kind { LB_CHECK_ORDINARY, LB_CHECK_RECOVERY } lb_morale_kind;

/* What a check leads to, for one unit of one generation of the state (lb_state_touch). */
typedef struct lb_morale_outcome {
    const char *unit;       /* id of the unit checked (the state's string) */
    unsigned long long generation; /* the state's when the outcome was worked out */
    int passed;
    lb_morale_state from, to;
    lb_formation formation; /* the formation after (R-MOR-13) */
    int moves;              /* 1 when a retreat, rout or flight follows */
    lb_retreat_kind move;
} lb_morale_outcome;

typedef struct lb_morale_result {
    lb_morale_chance odds;
    int roll;          /* natural roll 11..66 */
    int modified;      /* roll + modifier (R-DICE-2) */
    int automatic;     /* 1: the chart's automatic pass, -1: automatic fail, 0: neither */
    lb_morale_outcome outcome;
} lb_morale_result;

/* ---- fire.h: Fire (21)-(28): one unit or several at one hex: fire value, defence, odds, outcomes, roll, effects. */

/*
 * A fire request names the kind of fire (offensive, defensive, opportunity: (27), (28)), the
 * target hex and the units that fire at it together, the first one leading (R-FIRE-1..8 and the
 * project's R-FIRE-9..27, docs/rulings.md). lb_fire_check answers for one unit: may it fire at
 * the hex, with what value. lb_fire_group_check answers for a request: may each firer fire, may
 * they fire together (21), (25), and the value they sum to. lb_fire_odds adds the target's fire
 * defence, the odds column and the exact distribution over the 36 rolls of the increments the
 * hex loses, of each unit's fire-loss morale check and of a leader casualty; lb_fire_resolve
 * rolls the fire, the morale checks (lb_morale_resolve) and the leader casualty dice, in that
 * order; lb_fire_apply changes the state. A fire that may not be made is an answer (allowed = 0
 * with the ruling and the reason), not an error.
 *
 * Memory: lb_fire_value is a plain value. A group, a chance and a result own arrays sized by the
 * request and by the target hex (any number of firers, any number of units in the hex); the
 * function that fills one overwrites it, so release the previous answer first, and release each
 * with its _release function, also after an error (releasing a zeroed or released one does
 * nothing). Column and trigger pointers point into the state's charts. Units are named by id
 * (the state's strings) and, for the reader's convenience, by their index in the state as it was
 * when the answer was worked out. A result records that state's generation (lb_state_touch):
 * lb_fire_apply refuses it once the state has changed (LB_STALE), and finds its units by id.
 */

#define LB_FIRE_REASON_MAX 320 /* a buffer that holds any reason or breakdown in words */

/* Units firing together at one hex (R-FIRE-23); a single fire is a request of one firer. */
typedef struct lb_fire_request {
    lb_fire_kind kind;
    lb_hex target;
    const int *firers;   /* unit indexes, the first one leads; owned by the caller */
    int nfirers;         /* at least 1 */
} lb_fire_request;

/* One hex of a firing unit (R-FIRE-3, R-FIRE-6, R-FIRE-8). */
typedef struct lb_fire_hex {
    lb_hex hex;
    int increments;   /* the unit's increments in this hex: as even as possible, odd ones first */
    int distance;     /* to the target */
    int in_range;
    int front;        /* the sight line leaves through the front (R-FIRE-8); 0 when not asked */
    int exit[2];      /* the hexside(s) it leaves by: one, or the two at the corner it passes */
    int nexit;
    int los;          /* sees the target (rule 23); 0 when not asked */
    lb_hex blocked_at;/* where the sight line was blocked, when in range and front but no LOS */
    int fires;
    int firing;       /* increments that fire from this hex */
    int capped;       /* firing was held below the unit's density by a group rule (R-FIRE-24) */
    int halved;       /* skirmish fire at 2 hexes or more (R-FIRE-4) */
    lb_frac value;    /* this hex's part of the fire value (multiples) */
} lb_fire_hex;

/* May one unit fire at a hex, and with what value. */
typedef struct lb_fire_value {
    int allowed;
    const char *rule;                /* the ruling behind a refusal; NULL when allowed */
    lb_said why;                     /* why not (lb_said_fmt); nothing said when allowed */
    const char *id;                  /* the firing unit's id */
    int unit;                        /* its index */
    lb_hex target;
    lb_fire_kind kind;
    int printed;                     /* fires its printed value (R-FIRE-2, R-FIRE-5, R-FIRE-9) */
    int per_hex;                     /* increments per hex (multiples) */
    lb_frac multiple;                /* 0 when printed */
    int range;                       /* hexes (R-FIRE-19) */
    int battery;                     /* unlimbered artillery: (25), (26) apply */
    int distance;                    /* from its nearest firing hex to the target */
    int canister;                    /* a battery within its close range (R-FIRE-20) */
    int long_range;                  /* a battery at long range (R-FIRE-20) */
    int in_carre;                    /* a battery stacked with a friendly carré (R-FIRE-25) */
    lb_frac times;                   /* long range and carré multipliers together; 1 if none */
    int has_nearer;                  /* refused for a nearer legal target (R-FIRE-21) */
    lb_hex nearer;                   /* that target, when has_nearer */
    lb_fire_hex hexes[LB_UNIT_MAX_HEXES];
    int nhexes;
    int increments_firing;           /* increments that fire (printed: all the unit has) */
    lb_frac value;                   /* the fire value, exact or rounded down once (R-MOR-9) */
    lb_frac exact;                   /* the value before that rounding */
    lb_frac sum;                     /* multiples: the hexes' values summed, before times */
    /* what its breakdown (lb_fire_value_breakdown) shows of the unit: */
    lb_formation formation;
    const char *troop[2];            /* its nation's and class's names (the charts', else the
                                      * ids; the arm when no nation, NULL when no class) */
    int fire, losses, increments;    /* printed fire value, increments lost, increments */
    int disordered;
} lb_fire_value;

/* May the units of a request fire together at the hex, and with what value (R-FIRE-23..27). */
typedef struct lb_fire_group {
    int allowed;
    const char *rule;                /* the ruling behind a refusal; NULL when allowed */
    lb_said why;                     /* why not (lb_said_fmt); nothing said when allowed */
    lb_fire_kind kind;
    lb_hex target;
    int side;                        /* the firing side */
    lb_fire_value *firers;           /* one per firer of the request, in its order (owned) */
    int nfirers;
    lb_frac value;                   /* the fire value: the firers' values summed */
    int increments_firing;
    int batteries;                   /* firing batteries */
    int canister;                    /* columns the odds move right (R-FIRE-20); 0: none */
    const char *leader_id;           /* the leader whose artillery bonus modifies the roll, NULL */
    int leader;                      /* his index, -1 */
    int leader_modifier;             /* that bonus (R-FIRE-27); 0 when none */
} lb_fire_group;

/* The target hex's fire defence (R-FIRE-7, R-FIRE-10, R-FIRE-11). */
typedef struct lb_fire_defence {
    const char *id;    /* the defending unit whose formation is read */
    int unit;          /* its index */
    int terrain;       /* terrain type of the target hex */
    const char *read;  /* "road", "flank", "disordered", "routed" or the formation read */
    int flank;         /* a firing hex's sight line enters through a flank hexside */
    int base;          /* the value read */
    int artillery;     /* with_artillery delta added (infantry with artillery), 0 when none */
    int value;         /* base + artillery, at least 1 */
} lb_fire_defence;

/* What the fire does to one combat unit of the target hex, by the increments the hex loses. */
typedef struct lb_fire_target {
    const char *id;
    int unit;                                    /* its index */
    int strength;                                /* its increments before the fire */
    int in_hex;                                  /* of them in the target hex (R-FIRE-12) */
    const lb_fire_trigger *trigger;              /* its fire-loss trigger; NULL: every loss */
    unsigned char loss[LB_FIRE_LOSS_MAX + 1];    /* increments it loses (R-FIRE-13) */
    unsigned char check[LB_FIRE_LOSS_MAX + 1];   /* 1: a fire-loss morale check (R-FIRE-14) */
    lb_frac p_check;                             /* over the 36 rolls */
    lb_frac p_eliminated;
} lb_fire_target;

/* Everything fire decides before the dice, with the exact distribution (R-DICE-4). */
typedef struct lb_fire_chance {
    int allowed;
    const char *rule;
    lb_said why;                       /* why not (lb_said_fmt); nothing said when allowed */
    lb_fire_group fire;                /* the firers and the fire value (owned) */
    lb_fire_defence defence;
    const lb_fire_column *read;        /* the column the ratio reads; NULL: below, no effect */
    const lb_fire_column *column;      /* after the canister shift; NULL when no effect */
    int below;                         /* the ratio is below the lowest column */
    int above;                         /* the ratio is above the highest column (read there) */
    int target_increments;             /* every increment in the target hex (R-FIRE-12) */
    int massed;                        /* roll modifier for a massed target (22) */
    int modifier;                      /* massed + the artillery leader's bonus (R-FIRE-27) */
    unsigned char loss[36];            /* by natural roll index: increments the hex loses */
    lb_frac p_loss[LB_FIRE_LOSS_MAX + 1]; /* the hex's loss, as the fire table reads it */
    int max_loss;
    unsigned char taken[LB_FIRE_LOSS_MAX + 1]; /* by hex loss: increments its units take in all */
    lb_frac p_taken[LB_FIRE_LOSS_MAX + 1]; /* what its units lose in all (R-FIRE-13): less than
                                            * the hex's loss when lone unlimbered guns take only
                                            * its even-numbered increments or it is beyond the
                                            * hex's strength */
    int max_taken;
    lb_fire_target *units;             /* combat units of the target hex, top first (owned) */
    int nunits;
    int *leaders;                      /* leaders in the target hex (owned) */
    int nleaders;
    lb_frac p_casualty;                /* a natural roll calls for a leader casualty check */
    lb_frac p_casualty_each;           /* each leader's chance to be its one casualty (R-CAS-1):
                                        * p_casualty / nleaders */
} lb_fire_chance;

/* A leader casualty rolled on the one-die table (R-FIRE-15). */
typedef struct lb_fire_casualty {
    const char *leader_id;
    int leader;                       /* his index */
    int die;                          /* the die that stands */
    int rerolls;                      /* dice re-rolled because of reroll_if_fire */
    const lb_casualty_entry *entry;
    int hours;                        /* hours out of play */
    int nchecks;                      /* the first nchecks of odds.units (all or none) must
                                         check morale (7), not rolled here */
} lb_fire_casualty;

/* What the fire did to one combat unit of the target hex. */
typedef struct lb_fire_hit {
    const char *id;
    int unit;                  /* its index */
    int loss;
    int eliminated;
    int check;                 /* a fire-loss morale check is due (R-FIRE-14) */
    lb_morale_result morale;   /* its roll and outcome when check */
} lb_fire_hit;

typedef struct lb_fire_result {
    unsigned long long generation; /* the state's when the fire was resolved */
    lb_fire_chance odds;       /* owned */
    int roll;                  /* natural fire roll 11..66; 0 when not allowed */
    int modified;              /* with the roll modifiers (R-DICE-2) */
    int loss;                  /* increments the hex loses */
    lb_fire_hit *hits;         /* one per unit of odds.units (owned) */
    int nhits;
    int casualty;              /* the natural roll called for a leader casualty check */
    lb_fire_casualty *casualties; /* the one leader of odds.leaders who takes it, when casualty
                                   * (R-CAS-1; owned) */
    int ncasualties;
} lb_fire_result;

/* ---- melee.h: Melee (29), (32)-(34): the assault, retreat before melee, pre-melee morale, values, exact odds, and the resolve as a machine that stops for decisions. */

#define LB_MELEE_DEFENDERS_MAX 12
#define LB_MELEE_UNITS_MAX (LB_MELEE_ATTACKERS_MAX + LB_MELEE_DEFENDERS_MAX)
#define LB_MELEE_TIMES_MAX 16
#define LB_MELEE_CHECKS_MAX 10 /* pre-melee checks the exact odds enumerate (R-MEL-23) */
#define LB_MELEE_OUTCOMES_MAX 48
#define LB_MELEE_TEXT_MAX 320
#define LB_MELEE_SUMMARY_MAX 256

/*
 * An assault names its attacking units by id and the hex they attack (R-MEL-1). lb_melee_odds
 * answers whether it may be made and, before any die, every unit's part: the increments it
 * counts for the pre-melee odds, its melee value with each multiplier, whether it checks morale
 * and its chance; the odds column; and the exact probability of every way the melee can end,
 * the pre-melee checks folded in (R-MEL-23). A melee that may not be made is an answer
 * (allowed = 0, the ruling, the reason), not an error.
 *
 * lb_melee_resolve plays it: the defender's retreats before melee, the pre-melee checks, the
 * matrix roll and its results, every retreat and advance. It stops whenever a side must decide
 * (LB_MELEE_DECIDE: read lb_melee_pending, answer with lb_melee_answer, resolve again) — a
 * retreat before melee, a path, melee at one third to keep readiness, which attacker advances —
 * and nothing is chosen for a player except by a standing answer or in automatic mode
 * (R-MEL-22). As the charge does, each pass replays the melee's journal of decisions and dice on
 * a fresh copy of the state given to lb_melee_new (taken when the melee is made: that state may
 * change afterwards, but its map, charts and strings are borrowed and it must outlive the
 * melee), so a loaded journal rebuilds the same melee. Nothing changes until lb_melee_apply,
 * which finds every unit by id and refuses a result whose units have changed since (R-MEL-24).
 */

/* What multiplies a unit's melee value. */
typedef enum lb_melee_factor {
    LB_MELEE_BY_LOSSES,    /* the increments it lost (R-MOR-10) */
    LB_MELEE_BY_DISORDER,  /* disordered (R-MOR-3, R-MOR-6) */
    LB_MELEE_BY_ROUT,      /* routed (R-MOR-4, R-MOR-5) */
    LB_MELEE_BY_SHARE,     /* the increments taking part (R-MEL-13) */
    LB_MELEE_BY_LINE,      /* the lance bonus, once for each hex of the line (R-MEL-14) */
    LB_MELEE_BY_CHARGE,    /* the charge's melee multiplier (R-CHG-16) */
    LB_MELEE_BY_CHART      /* a multiplier of the charts (6.2) */
} lb_melee_factor;

/* One factor of a unit's melee value. */
typedef struct lb_melee_times {
    const char *rule;      /* "R-MOR-10", "R-MEL-13", "R-CHG-16", or "melee_multipliers" */
    lb_melee_factor factor;
    const char *what;      /* LB_MELEE_BY_CHART: the chart entry's id; else NULL (what it is in
                            * words: lb_melee_times_what) */
    lb_frac times;
    int lance;             /* multiplies the lance bonus, not the value */
    const char *uncertain; /* a chart mark, or NULL */
} lb_melee_times;

/* Why a unit makes no pre-melee check (R-MEL-11): lb_melee_exemption_name says it. */
typedef enum lb_melee_exemption {
    LB_MELEE_NOT_EXEMPT,                    /* it checks */
    LB_MELEE_EXEMPT_PASSED,                 /* it stood against the charge (38.2) */
    LB_MELEE_EXEMPT_CAVALRY,                /* cavalry (35.2) */
    LB_MELEE_EXEMPT_GENERAL_ORDER,          /* a defender in general order (33.6) */
    LB_MELEE_EXEMPT_ATTACKING_WITH_CAVALRY, /* infantry with cavalry (33.6) */
    LB_MELEE_EXEMPT_DEFENDING_WITH_CAVALRY,
    LB_MELEE_EXEMPT_ATTACKERS_PASS          /* the pre-melee chart lets the attackers pass (6.3) */
} lb_melee_exemption;

/* One unit's part in the melee. */
typedef struct lb_melee_unit {
    int unit;                  /* index in the state */
    lb_melee_side side;
    lb_side_class through;     /* attackers: the hexside class of the defender it comes through
                                * (front, flank or rear, R-MEL-6) */
    lb_hex from;               /* attackers: the hex it assaults from (the target for cavalry
                                * inside a carré's hex) */
    int increments;            /* increments taking part (R-MEL-13) */
    int counted;               /* increments counted for the pre-melee odds (32.3, R-MEL-9) */
    lb_frac base;              /* printed melee after losses and morale state (R-MOR-3..10) */
    lb_frac lance;             /* the lance bonus part of the value (R-MEL-14) */
    lb_frac value;             /* the unit's melee value, rounded down once when asked */
    lb_melee_times times[LB_MELEE_TIMES_MAX];
    int ntimes;
    int preserve;              /* melees at one third to keep its readiness (36.5) */
    int checks;                /* makes a pre-melee check (33.6, R-MEL-11) */
    lb_melee_exemption exempt; /* why not; LB_MELEE_NOT_EXEMPT when it checks */
    const char *exempt_rule;
    int chart_mod;             /* the pre-melee chart's modifiers to its roll (R-MEL-10) */
    lb_morale_chance chance;   /* its check, when it checks */
} lb_melee_unit;

typedef struct lb_melee_outcome {
    char result[24];           /* a matrix result ("DD", "1/2*"), or "DEFENDER_FAILS",
                                * "ATTACKER_FAILS" (R-MEL-23) */
    lb_frac p;
} lb_melee_outcome;

/* Everything before the dice. */
/* A leader who may take a melee's leader casualty, and the chance he does (R-CAS-1): the
 * casualty check's chance times his share of it. */
typedef struct lb_melee_casualty {
    int leader;         /* his index */
    lb_melee_side side; /* the side whose band the roll falls in */
    lb_frac p;
} lb_melee_casualty;

typedef struct lb_melee_chance {
    int allowed;
    const char *rule;
    lb_said why;               /* why not, as the melee rules say it (lb_said_fmt); nothing said
                                * when allowed or when the game refused the key */
    char refused[LB_MELEE_TEXT_MAX]; /* lb_game_melee_odds: why the game itself refuses the
                                      * assault's key (its records, a key it cannot read), in
                                      * the game's words; "" otherwise */
    lb_hex target;
    lb_melee_unit units[LB_MELEE_UNITS_MAX]; /* the attackers in request order, then the
                                              * defenders top first */
    int nunits;
    int nattackers;
    lb_side_class through;     /* the worst class any attacker brings the defender (R-MEL-6) */
    int increments_attacking, increments_defending; /* counted (32.3) */
    const lb_premelee_column *premelee;
    int premelee_below, premelee_above;
    int attackers_pass;        /* a situation lets every attacker pass (6.3) */
    lb_frac attack, defence;   /* every attacker as if it passed; every defender */
    const lb_melee_column *column;
    int below, above;
    int modifier;              /* to the melee roll: leaders' melee bonuses (R-MEL-16) */
    int attacker_leader, defender_leader; /* the leaders whose bonus counts, -1 */
    lb_melee_outcome outcomes[LB_MELEE_OUTCOMES_MAX]; /* most likely first */
    int noutcomes;
    lb_frac p_melee;           /* a melee is fought (both sides still there) */
    lb_frac p_attacker_casualty, p_defender_casualty; /* a leader casualty check (33.12) */
    lb_melee_casualty casualty[LB_MELEE_UNITS_MAX]; /* the leaders who may be the one casualty,
                                                     * attackers' then defenders' (R-CAS-1) */
    int ncasualty;
} lb_melee_chance;

/* ---- the machine ----------------------------------------------------------------------- */

typedef enum lb_melee_status { LB_MELEE_REFUSED, LB_MELEE_DECIDE, LB_MELEE_DONE } lb_melee_status;

/* One thing that happened, in order. `kind` is a stable name: "retire", "retreat", "rout",
 * "surrender", "check", "roll", "result", "loss", "eliminated", "advance", "casualty",
 * "readiness", "no-melee". What the result says (an event's said, a refusal's why) names units
 * by the melee's own copies of their ids: it is written while the melee lives (LB_MELEE_TEXT_MAX
 * bytes hold any of it). */
typedef struct lb_melee_event {
    const char *kind;
    const char *rule;
    char unit[LB_SUBJECT_MAX];
    char other[LB_SUBJECT_MAX];
    lb_hex hex;
    int value;                 /* the roll, die, increments or hexes, per kind */
    lb_said said;              /* what happened: lb_said_fmt writes it */
} lb_melee_event;

typedef struct lb_melee_result {
    const char *rule;              /* REFUSED: the ruling that refuses */
    lb_said why;                   /* REFUSED: the reason (lb_said_fmt) */
    lb_melee_event *events;
    int nevents;
    int fought;                    /* the matrix was rolled */
    int roll, modified;            /* the melee roll and with the leaders' modifier */
    char column[16];               /* the odds column read, "" when not fought */
    char cell[24];                 /* the result read ("DD", "1/2*"), "" when not fought */
    lb_frac attack, defence;       /* the values the melee was fought with */
    char summary[LB_MELEE_SUMMARY_MAX]; /* the branch taken in short codes */
} lb_melee_result;

typedef struct lb_melee lb_melee;

/* ---- move.h: Movement (18): step costs, the allowance, each action checked, resolved and applied, whole plans, and every hex a unit can reach. */

/*
 * A unit moves in its side's Movement segment one action at a time (R-MOV-1): a step to the next
 * hex, a facing change, a formation change (limber and unlimber among them), a prolonge, a
 * leader attaching to or leaving a unit, a force-march declaration. The game engine asks
 * lb_move_options what the unit may do, checks an action (lb_move_action_check: no dice), offers
 * the opportunity fire its events name, then resolves it (lb_move_action_resolve: the limber
 * roll, the force-march check) and applies it (lb_move_action_apply), which updates the unit's
 * record (unit.h, lb_move_record). A unit disordered or routed by that fire takes no further
 * action (R-MOV-9). lb_move_check runs a whole plan on a copy. Every function but the appliers
 * takes the state const; answers name units by id and record the generation of the state they
 * were worked out on: an applier refuses an answer once the state has changed (LB_STALE).
 *
 * MP are counted in halves (R-MOV-2): a cost of 3 is 6, road march's 1/2 is 1.
 *
 * The cost of a step is the terrain cost of the hex entered plus the added cost of the hexside
 * crossed (R-RET-1): the feature listed on the map, and, where the two hexes differ in elevation,
 * the charts' elevation change hexside (docs/charts-format.md 4.3: a slope), counted once even
 * when the map also lists it. LB_MOVE_PROHIBITED when any part is closed to the arm or the hex
 * entered is off the map. This is lb_move_step_cost, which retreat and charge read as well; a
 * unit's own step adds road march, the cavalry screen's drag and the carré's rule (R-MOV-4).
 */

typedef enum lb_move_event_kind {
    LB_EVENT_FIRE,    /* opportunity fire may be taken by `units` on the mover in `hex` (R-ZOI-4) */
    LB_EVENT_CAPTURE, /* the enemy leaders `units` in `hex` are captured (R-MOV-15) */
    LB_EVENT_CARRE,   /* the cavalry entered the enemy carré `units`: ending there, it must melee
                       * it (R-MOV-8) */
    LB_EVENT_FOLLOW   /* the attached leaders `units` move with the unit (R-MOV-14) */
} lb_move_event_kind;

#define LB_MOVE_EVENT_UNITS 16
#define LB_MOVE_EVENTS_MAX 12

typedef struct lb_move_event {
    lb_move_event_kind kind;
    const char *rule;
    lb_hex hex;
    const char *units[LB_MOVE_EVENT_UNITS]; /* ids */
    int nunits;
} lb_move_event;

/* The longest reason the answers write (lb_said_fmt into a buffer this size cuts it there). */
#define LB_MOVE_REASON_MAX 240

/* One action's answer. */
typedef struct lb_move_outcome {
    const char *unit;                /* id */
    unsigned long long generation;   /* the state's when the action was checked */
    lb_move_action action;
    int legal;                       /* the action may be taken (a roll: attempted) */
    const char *rule;                /* the ruling that refused it, or that it follows */
    const char *section;             /* its rule section, "(18)" */
    lb_said why;                     /* the reason it is refused or may be taken (lb_said_fmt);
                                      * nothing said in the quiet answers of lb_move_options */
    int first;                       /* the unit's first action of the segment */
    int allowance;                   /* its MP this segment, in halves */
    int spent_before, cost, spent_after; /* halves */
    lb_hex from[LB_UNIT_MAX_HEXES], to[LB_UNIT_MAX_HEXES];
    int nfrom, nto;
    lb_formation formation_before, formation;
    int facing_before, facing;
    int stop;                        /* it has entered an enemy zone: no further step (R-ZOI-2) */
    int roll_needed;                 /* a limber roll or a force-march check follows */
    lb_frac p_success;               /* its exact chance (1 without a roll) */
    int rolled, roll, success;       /* after resolve: the die (limber) or roll (force march) */
    lb_move_event events[LB_MOVE_EVENTS_MAX];
    int nevents;
} lb_move_outcome;

/* A whole plan, checked on a copy of the state. */
typedef struct lb_move_plan {
    const char *unit;                /* id */
    int legal;
    int refused;                     /* index of the action refused, n when the end is, -1 none */
    const char *rule;
    const char *section;
    lb_said why;                     /* why it is refused (lb_said_fmt) */
    int allowance;                   /* halves */
    int cost;                        /* halves, the actions taken (up to the one refused) */
    int stop;                        /* index of the action after which it had to stop, or -1 */
    lb_move_outcome *actions;        /* the answers, up to and including the refused one */
    int nactions;
} lb_move_plan;

/* A hex the unit can reach with its first hex, at its least cost. */
typedef struct lb_move_reach {
    lb_hex hex;
    int cost;        /* halves */
    int prev;        /* index of the hex before it on one cheapest path; -1 for the start */
    int dir;         /* the step into it */
    int stop;        /* entering it ends the move (R-ZOI-2) */
    int end;         /* the unit may end its move here (R-MOV-12) */
} lb_move_reach;

typedef struct lb_move_choices {
    const char *unit;                /* id */
    int allowance, spent;            /* halves */
    int may_step;                    /* when 0: rule and why say why */
    const char *rule;
    lb_said why;
    lb_move_reach *reach;            /* reach[0] is the start, the others by increasing cost */
    int nreach;
    lb_move_outcome *changes;        /* the facing changes, formation changes (each layout, at
                                      * R-FORM-9's default facing: ask the action for another),
                                      * prolonge, attach, detach and force march open now; quiet
                                      * answers without reasons */
    int nchanges;
} lb_move_choices;

#define LB_MOVE_ENTRY_ALTERNATIVES 24

/* R-MOV-17 (45): a reinforcement entering the map. */
typedef struct lb_move_entry {
    unsigned long long generation;   /* the state's when the entry was checked */
    int legal;
    const char *rule;
    const char *section;
    lb_said why;                     /* why it is refused (lb_said_fmt) */
    lb_hex hex;
    int cost;                        /* halves: the entry hex's cost, its first step */
    int allowance;                   /* halves */
    lb_formation formation;          /* the formation it enters in */
    lb_hex alternatives[LB_MOVE_ENTRY_ALTERNATIVES]; /* when the hex is blocked: open edge hexes */
    int nalternatives;
    int delayed;                     /* they lie in the wider band: the entry waits a turn */
} lb_move_entry;

#endif
