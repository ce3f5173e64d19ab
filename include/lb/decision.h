/* Decisions and the journal: what a side must decide, its legal options, standing answers, and the replayable log of choices and dice. */
#ifndef LB_DECISION_H
#define LB_DECISION_H

#include <stddef.h>

#include "dice.h"
#include "err.h"
#include "trace.h"

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

#endif
