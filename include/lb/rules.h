/* The rules' values a question carries or a decision offers: decisions and journals, and the kinds and requests of the questions on morale, fire, melee and movement. */
#ifndef LB_RULES_H
#define LB_RULES_H

#include <stddef.h>

#include "core.h"
#include "state.h"

/*
 * Who owns, who frees, which errors:
 * Types only, but for the decisions' and journals' few functions: the rules themselves are
 * asked through lb_ask (ask.h). A question's requests (lb_melee_req, lb_move_action) are the
 * caller's, borrowed by the library while it answers; a journal the caller copies it owns and
 * releases (lb_journal_release); a decision read from a game is the game's.
 */

/* ---- decision.h: Decisions and the journal: what a side must decide, its legal options, standing answers, and the replayable log of choices and dice. */

/*
 * The game engine is a state machine that advances until a side must decide (R-CHG-7). It then
 * offers an lb_decision: which side decides, what kind of choice, about which unit, a prompt, and
 * the legal options, each with a stable key ("stand", "carre", a hex label, a unit id, a number
 * of movement points) and a description. The caller answers
 * with a key. Nothing is chosen for a player except by a standing answer the caller gave (the
 * command line's --target, --response) or in an explicit automatic mode, which takes the option
 * the rule marks as `auto_choice` and says so.
 *
 * The journal is the append-only list of what happened: each decision taken (kind, subject, key,
 * and whether a player, a standing answer or the automatic mode chose it) and each die rolled
 * (kind, value, purpose), in order. Feeding the journal back (decisions as answers, rolls as
 * dice) rebuilds the same result bit for bit (R-CHG-26); lb_journal_to_json and
 * lb_journal_from_json make it text for a saved game.
 *
 * Everything here is plain data. A decision owns its options (lb_decision_release); a journal
 * owns its entries (lb_journal_release).
 */

#define LB_OPTION_KEY_MAX 128
#define LB_OPTION_TEXT_MAX 200
#define LB_DECISION_PROMPT_MAX 320
#define LB_SUBJECT_MAX 64
#define LB_PURPOSE_MAX 48

/* What a decision is about; names are stable ("target", "response", …). */
typedef enum lb_decision_kind {
    LB_DECIDE_TARGET,   /* is this formation the charge's target: "target", "not-target" */
    LB_DECIDE_CARRE,    /* a formation that is not the target may attempt carré: "carre", "wait" */
    LB_DECIDE_RESPONSE, /* the declared target's response: "stand", "carre" */
    LB_DECIDE_FOLLOW,   /* after a recall: "follow", "continue", "halt" */
    LB_DECIDE_TRAMPLE,  /* movement points spent trampling: "0", "2", "4", … */
    LB_DECIDE_PATH,     /* where a retreat or rout ends: a hex label */
    LB_DECIDE_STEP,     /* the next hex of a forced move: a hex label */
    LB_DECIDE_ENGAGE,   /* which enemy met at once is attacked: a unit id */
    LB_DECIDE_RETIRE,   /* a defender may retreat before the melee (29): "retreat", "stand" */
    LB_DECIDE_PRESERVE, /* cavalry melees at one third to keep its readiness (36.5): "preserve",
                         * "full" */
    LB_DECIDE_ADVANCE,  /* which attacker enters the vacated hex: a unit id, or "none" */
    LB_DECIDE_ACTION,   /* the game: the next action of a segment ("end", "fire:UNIT:HEX", …) */
    LB_DECIDE_OPPORTUNITY, /* the game: fire at a unit in a zone of influence now, or "pass" */
    LB_DECIDE_CONCEDE,  /* the game: a side gives up the battle: "concede" */
    LB_DECIDE_REACTION, /* the enemy's charge entered the zone of a cavalry unit (39): "react:UNIT"
                         * or "pass" */
    LB_DECIDE_NEVER_ASK, /* the game: a side is never asked again about its cavalry unit (the
                          * subject) in the enemy's turn, R-OCH-13: "never"; no answer of a
                          * pending decision, a journal entry of its own */
    LB_DECIDE_COUNT
} lb_decision_kind;

/* Who took a journalled decision. */
typedef enum lb_decided_by { LB_BY_PLAYER, LB_BY_STANDING, LB_BY_AUTO } lb_decided_by;

/* An option. A parameterised option (param != NULL) stands for a family too large to list: its
 * key is a prefix ("charge:fr-8chs") to which the answer adds ":" and the parameter, whose shape
 * param names ("path": hex labels H1,H2,…); the rule that offers it checks the whole answer. */
typedef struct lb_option {
    char key[LB_OPTION_KEY_MAX];
    char text[LB_OPTION_TEXT_MAX];
    const char *param;                /* NULL, or a literal naming the parameter */
} lb_option;

/* A slot of a decision's index of keys: the key's hash and its option + 1 (0: empty), so that
 * a key that is not an option is told without reading the options. */
typedef struct lb_key_slot {
    unsigned hash;
    int option;
} lb_key_slot;

typedef struct lb_decision {
    lb_decision_kind kind;
    int side;                         /* index of the side that decides */
    char subject[LB_SUBJECT_MAX];     /* id of the unit the decision is about */
    const char *rule;                 /* the ruling that offers it (a literal) */
    char prompt[LB_DECISION_PROMPT_MAX];
    lb_option *options;
    int noptions;
    int cap;
    int auto_choice;                  /* the option the automatic mode takes */
    struct lb_key_slot *slots;        /* index of the keys once there are many options; NULL
                                       * before */
    int nslots;
    int unindexed;                    /* options are being added unchecked, their index and
                                       * duplicates left to the end (lbi_decision_defer) */
    int max;                          /* options past which an add fails with LB_LIMIT (0:
                                       * none; a served game's limit, R-WEB-6) */
    lb_said said;                     /* the prompt as an event, when the rules made it so
                                       * (lb_decision_words writes prompt from it) */
    lb_said *option_said;             /* each option's text as an event, or NULL: none */
    int said_cap;
    struct lb_action *actions;        /* each option's action (action.h), or NULL: none (a
                                       * decision of the rules' own, before the game reads it) */
    int actions_cap;
} lb_decision;

/* A standing answer: decisions of this kind (about this subject, or any when subject is NULL)
 * take this key when it is one of their options. */
typedef struct lb_standing {
    lb_decision_kind kind;
    const char *subject;
    const char *key;
} lb_standing;

/* A decision, a die, or an undo: the game's journal only grows; an undo entry takes the game
 * back to the first `value` effective entries (the entries an undo did not take back). */
typedef enum lb_entry_kind { LB_ENTRY_DECISION, LB_ENTRY_ROLL, LB_ENTRY_UNDO } lb_entry_kind;

typedef struct lb_journal_entry {
    lb_entry_kind kind;
    /* LB_ENTRY_DECISION */
    lb_decision_kind decision;
    int side;
    char subject[LB_SUBJECT_MAX];
    char key[LB_OPTION_KEY_MAX];
    lb_decided_by by;
    /* LB_ENTRY_ROLL; LB_ENTRY_UNDO: side, and value the effective entries kept */
    lb_die_kind die;
    int value;                        /* 1..6, or 11..66 */
    char purpose[LB_PURPOSE_MAX];
} lb_journal_entry;

typedef struct lb_journal {
    lb_journal_entry *entries;
    int count;
    int cap;
} lb_journal;

/* Index of the parameterised option whose key followed by ":" begins answer, or -1. */
int lb_decision_find_param(const lb_decision *d, const char *answer);
/* Index of the option with this key, or -1. */
int lb_decision_find(const lb_decision *d, const char *key);

/* Frees the entries. */
void lb_journal_release(lb_journal *j);
/* A copy of src into *dst (dst is overwritten, not released); LB_OK or LB_NOMEM. */
int lb_journal_copy(lb_journal *dst, const lb_journal *src);
/* The journal as one JSON object {"format": "labataille-journal/1", "entries": […]}, in a
 * malloc'd NUL-terminated string the caller frees; LB_OK or LB_NOMEM. */
int lb_journal_to_json(const lb_journal *j, char **out);
/* One entry as a compact JSON object in a malloc'd string (the caller frees); LB_OK or LB_NOMEM. */
int lb_journal_entry_to_json(const lb_journal_entry *e, char **out);

/* ---- morale.h: Morale (31): the move a change of morale state calls for. */

/* R-MOR-13: the move a change of morale state calls for. Morale names it in its outcome;
 * retreat (lb/retreat.h) takes it as the kind of path to find. The one edge between the two
 * runs from retreat to morale, never back (tests/scripts/circles.py --folders). */
typedef enum lb_retreat_kind {
    LB_RETREAT_DISORDER, /* on becoming disordered: 3 MP, at least one hex */
    LB_RETREAT_ROUT,     /* on becoming routed */
    LB_RETREAT_FLIGHT    /* a routed unit's flight in the Morale Recovery Segment */
} lb_retreat_kind;

/* ---- fire.h: Fire (21)-(28): the kind of fire a question asks about. */

/* The kind of fire: it sets the range of every unit (R-FIRE-19) and the closest-target rule. */
typedef enum lb_fire_kind { LB_FIRE_OFFENSIVE, LB_FIRE_DEFENSIVE, LB_FIRE_OPPORTUNITY } lb_fire_kind;

/* ---- melee.h: Melee (29), (32)-(34): the assault a question asks about. */

#define LB_MELEE_ATTACKERS_MAX 12
#define LB_MELEE_PASSED_MAX 16

/* One attacking unit, with what the earlier segments of the turn left it. */
typedef struct lb_melee_attacker {
    const char *id;
    int fired;            /* it fired in this turn, at fired_at (32.5) */
    lb_hex fired_at;
    int fire_loss;        /* increments it lost to defensive fire in this turn (pre-melee chart) */
    int charge_straight;  /* its charge ended straight and facing the defender (37.7): the
                           * charge obligation's charge_bonus */
    lb_frac times;        /* the charge obligation's melee_times (R-CHG-16: x1/2); den 0 = 1 */
    int charged;          /* this melee is the one its charge owes: exhausted after (38.10) */
} lb_melee_attacker;

typedef struct lb_melee_req {
    lb_hex target;                                       /* the hex assaulted */
    lb_melee_attacker attackers[LB_MELEE_ATTACKERS_MAX]; /* in the order they are listed */
    int nattackers;
    const char *passed[LB_MELEE_PASSED_MAX]; /* units that count as having passed their
                                              * pre-melee check: a stand against the charge
                                              * (38.2, the charge's passed_premelee) */
    int npassed;
    int automatic;                 /* undecided choices take their automatic option */
    const lb_standing *standing;   /* standing answers (borrowed; they outlive the melee) */
    int nstanding;
} lb_melee_req;

/* ---- move.h: Movement (18): the action a question asks about. */

typedef enum lb_move_kind {
    LB_ACT_STEP,     /* one hex across hexside dir; a unit in several hexes moves each of them */
    LB_ACT_FACE,     /* a new facing */
    LB_ACT_FORM,     /* a new formation (facing, hexes): line, carré, limber, … */
    LB_ACT_PROLONGE, /* unlimbered artillery moves one hex across hexside dir */
    LB_ACT_ATTACH,   /* a leader attaches to the unit `with` in its hex */
    LB_ACT_DETACH,   /* a leader leaves its unit */
    LB_ACT_MARCH     /* an infantry unit declares a force march (44) */
} lb_move_kind;

typedef struct lb_move_action {
    lb_move_kind kind;
    int dir;                 /* STEP, PROLONGE: hexside direction 0..5 (hex.h) */
    int facing;              /* FACE: the new facing; FORM: the facing after (0: default) */
    lb_formation formation;  /* FORM */
    lb_hex hexes[LB_UNIT_MAX_HEXES]; /* FORM: the hexes after (formation.h, lb_formation_req) */
    int nhexes;
    const char *with;        /* ATTACH: the unit's id */
} lb_move_action;

#endif
