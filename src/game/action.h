/* Actions: a decision's answer as typed data (a verb, its units, hexes and numbers), read from its key text by one parser and written back by one formatter. */
#ifndef LB_ACTION_H
#define LB_ACTION_H

#include <stddef.h>

#include "rules_types.h"
#include "lb/core.h"
#include "state_types.h"

/*
 * An answer to a decision is a key, text ("fire:au-ir4-1:0810"), because a journal, a saved game
 * and the HTTP API carry it as text. The game reads each key once, at its edge, into an
 * lb_action; everything after works on the action. lb_action_fmt writes the key back, exactly:
 * for every key that lb_action_parse accepts, formatting its action gives the key again, and
 * parsing that gives the same action (a key has one written form).
 *
 * What a key means depends on the decision it answers ("0811" is where a retreat ends, "4" the
 * movement points a charge spends trampling), so it is parsed for a decision kind:
 *
 *   action (LB_DECIDE_ACTION)
 *     end                     the segment ends
 *     fire:U1+U2+…:HEX        units fire at a hex together, the first leading; the option
 *                             "fire" stands for every such fire (no units, no hex)
 *     move:UNIT:HEX           the unit moves to HEX by a cheapest path
 *     path:UNIT:H1,H2,…       the unit moves along the hexes it enters; the option "path:UNIT"
 *     face:UNIT:N             the unit faces clock hour N (1..12)
 *     form:UNIT:F[:N][@H1+H2…] the unit changes to formation F, facing N, in those hexes
 *     prolonge:UNIT:HEX       the battery moves by prolonge to HEX
 *     attach:LEADER:UNIT      the leader attaches to the unit
 *     detach:LEADER, march:UNIT
 *     enter:UNIT:HEX          the reinforcement enters at HEX
 *     charge:UNIT:H1,H2,…     the cavalry charges along its path; the option "charge:UNIT"
 *     melee:HEX:U1+U2+…       the units assault HEX; the option "melee:HEX"
 *   opportunity               fire:UNIT:HEX, charge:UNIT, pass
 *   reaction                  react:UNIT, pass
 *   concede                   concede
 *   path                      HEX (where it ends), auto (the automatic choice)
 *   target                    target, not-target
 *   carre                     carre, wait
 *   response                  stand, carre
 *   follow                    follow, continue, halt
 *   trample                   N (movement points)
 *   step                      HEX
 *   engage                    UNIT
 *   retire                    retreat, stand
 *   preserve                  preserve, full
 *   advance                   UNIT, none
 *
 * Numbers are written in decimal without a leading zero or a sign; hexes as the map labels them;
 * a unit by its id, which holds no ':' where another part follows it and no '+' in a list of
 * units. A key has fewer than LB_OPTION_KEY_MAX characters, which bounds the lists below.
 */

typedef enum lb_verb {
    LB_VERB_NONE,       /* no action */
    LB_VERB_END,        /* the segment's action decision: */
    LB_VERB_FIRE,
    LB_VERB_MOVE,
    LB_VERB_PATH,
    LB_VERB_FACE,
    LB_VERB_FORM,
    LB_VERB_PROLONGE,
    LB_VERB_ATTACH,
    LB_VERB_DETACH,
    LB_VERB_MARCH,
    LB_VERB_ENTER,
    LB_VERB_CHARGE,
    LB_VERB_MELEE,
    LB_VERB_PASS,       /* no opportunity fire */
    LB_VERB_CONCEDE,
    LB_VERB_END_AT,     /* where a retreat, a rout or a leader's move ends: one hex */
    LB_VERB_AUTO,       /* the automatic choice of that end */
    LB_VERB_TARGET,     /* the charge's decisions: */
    LB_VERB_NOT_TARGET,
    LB_VERB_CARRE,
    LB_VERB_WAIT,
    LB_VERB_STAND,      /* also the melee's, before it */
    LB_VERB_FOLLOW,
    LB_VERB_CONTINUE,
    LB_VERB_HALT,
    LB_VERB_TRAMPLE,    /* number: movement points */
    LB_VERB_STEP,       /* one hex */
    LB_VERB_ENGAGE,     /* one unit */
    LB_VERB_RETIRE,     /* the melee's decisions: "retreat" before it */
    LB_VERB_PRESERVE,
    LB_VERB_FULL,
    LB_VERB_ADVANCE,    /* one unit */
    LB_VERB_STAY,       /* "none": no attacker advances */
    LB_VERB_REACT,      /* one unit: the reaction charge's (39) */
    LB_VERB_COUNT
} lb_verb;

/* A key of LB_OPTION_KEY_MAX - 1 characters holds at most 40 hexes (labels of 2 digits at least,
 * each after a separator: "path:U:H1,H2,…") and 60 units ("fire:U1+U2+…:HEX"). */
#define LB_ACTION_HEXES_MAX 40
#define LB_ACTION_UNITS_MAX 60

typedef struct lb_action {
    lb_verb verb;
    int number;               /* face: the clock hour; form: its facing, 0 none; trample: MP */
    lb_formation formation;   /* form */
    int nunits;
    int nhexes;
    unsigned char unit_at[LB_ACTION_UNITS_MAX]; /* where each unit's id begins in ids */
    char ids[LB_OPTION_KEY_MAX];                /* the units' ids, each ended by a NUL */
    lb_hex hexes[LB_ACTION_HEXES_MAX];
} lb_action;


#endif
