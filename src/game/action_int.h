/* Keys read into actions (private): the action and, when the key does not read whole, the part of it that failed, for the game to refuse the answer with the right reason. */
#ifndef LB_ACTION_INT_H
#define LB_ACTION_INT_H

#include "action.h"
#include "lbi.h"

/* The part of a key that did not read. */
typedef enum key_part {
    KEY_WHOLE,        /* none: it read whole */
    KEY_LENGTH,       /* LB_OPTION_KEY_MAX characters or more */
    KEY_VERB,         /* no verb, word or value the decision reads */
    KEY_UNIT,         /* the unit after the verb: missing, empty, or too long for an id */
    KEY_SHAPE,        /* a fire's parameter without both its units and its hex */
    KEY_HEX,
    KEY_HEXES,        /* an entry of a list of hexes */
    KEY_UNITS,        /* an entry of a list of units */
    KEY_NUMBER,
    KEY_FORMATION,    /* a formation change's F[:N][@H1+H2…] */
    KEY_OTHER_UNIT,   /* the unit a leader attaches to */
    KEY_TRAILING      /* text after a key that has ended */
} key_part;

/* An answer's key as read: the action (whole, or the parts before `bad`) and where it failed. */
typedef struct parsed {
    lb_action act;
    const char *key;  /* the key as given */
    key_part bad;     /* KEY_WHOLE, or the part that did not read */
    int entry;        /* KEY_HEXES, KEY_UNITS: the entry, from 0 */
    const char *found; /* where that part begins in key (or where it should: key's end) */
    int found_len;    /* its length, to its separator or the key's end */
    int missing;      /* the key ended before that part's separator */
    int followed;     /* text follows that part after its separator */
    int param;        /* the key has text where its option's parameter goes (after "fire:",
                       * "path:UNIT:", "charge:UNIT:", "melee:HEX:") */
} parsed;

/* Reads key as an answer to a decision of kind on st's map into *p: LB_OK when it reads whole,
 * else LB_INVALID with p->bad and where. */
LBI int lbi_action_read(const lb_state *st, lb_decision_kind kind, const char *key, parsed *p);

/* The library's own, not offered by the API (declared in include/lb/action.h before). */

/* Unit i's id, or NULL past the last. */
LBI const char *lb_action_unit(const lb_action *a, int i);

/* The verb's name as keys write it ("fire", "not-target"), or the kind of value it is ("hex",
 * "unit", "number") for the answers that are a value alone. */
LBI const char *lb_verb_name(lb_verb v);

/* Do a and b say the same (verb, units, hexes, number, formation)? */
LBI int lb_action_eq(const lb_action *a, const lb_action *b);

/* Reads key as an answer to a decision of kind on st's map into *out: LB_OK, or LB_INVALID with
 * err saying which part of the key (err->col, from 1), what was expected there and what was
 * found; *out then holds the parts read before it. */
LBI int lb_action_parse(const lb_state *st, lb_decision_kind kind, const char *key, lb_action *out,
                        lb_err *err);

/* Writes a's key into buf (n bytes, NUL-terminated): LB_OK, LB_LIMIT when it does not fit, or
 * LB_INVALID when a is no key (no verb, or a part its verb needs missing). */
LBI int lb_action_fmt(const lb_state *st, const lb_action *a, char *buf, size_t n);

/* The library's own, not offered by the API (declared in include/lb/action.h before). */

/* An empty action of verb (no units, no hexes, number 0). */
LBI void lb_action_init(lb_action *a, lb_verb verb);
/* Appends a unit: LB_OK, LB_INVALID (an empty id, or one of LB_SUBJECT_MAX bytes or more),
 * LB_LIMIT (no room). */
LBI int lb_action_add_unit(lb_action *a, const char *id);
/* Appends a hex: LB_OK or LB_LIMIT. */
LBI int lb_action_add_hex(lb_action *a, lb_hex h);

#endif
