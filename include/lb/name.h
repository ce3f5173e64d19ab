/* Names of the API's enum values: one lookup for every kind of value a front-end writes or reads as a word. */
#ifndef LB_NAME_H
#define LB_NAME_H

/*
 * lb_name gives the stable word of a value (as scenarios, saved games, the journal and the HTTP
 * API write it); lb_name_parse reads one back. The strings are static: never freed, valid for
 * the program's life. The value must be one of its kind's enum (an LB_... constant of the type
 * named beside each kind below); an unknown kind answers NULL (lb_name) or -1 (lb_name_parse).
 */
typedef enum lb_name_kind {
    LB_NAME_AI_LEVEL,       /* lb_ai_level: "quick", "full", "baseline"; parsed */
    LB_NAME_ARM,            /* lb_arm: "infantry", "cavalry", … */
    LB_NAME_DECIDED_BY,     /* lb_decided_by: who chose a journal's decision */
    LB_NAME_DECISION_KIND,  /* lb_decision_kind */
    LB_NAME_EDITION,        /* lb_edition, as scenarios write it; parsed */
    LB_NAME_ERR,            /* an LB_ code: "LB_INVALID"; "LB_UNKNOWN" for no code */
    LB_NAME_FIRE_KIND,      /* lb_fire_kind: "offensive", "defensive", "opportunity"; parsed */
    LB_NAME_FORMATION,      /* lb_formation, as scenarios write it; parsed */
    LB_NAME_HEX_DIR,        /* a hexside direction 0..5: "N" … "NW"; "?" for another number */
    LB_NAME_MORALE_STATE,   /* lb_morale_state */
    LB_NAME_OUTCOME,        /* lb_outcome: "draw", "marginal", … */
    LB_NAME_READINESS,      /* lb_readiness */
    LB_NAME_RETREAT_KIND,   /* lb_retreat_kind: "disorder", "rout", "flight"; parsed only */
    LB_NAME_SEGMENT,        /* lb_segment, as scenarios write it */
    LB_NAME_VERDICT,        /* lb_verdict: "accepted", "stale", "not-yours", "illegal", … */
    LB_NAME_VERIFY_VERDICT  /* lb_verify_verdict: "verified", "not verified", "not yet" */
} lb_name_kind;

/* The word of value, a value of kind; NULL for an unknown kind or one that is parsed only. */
const char *lb_name(lb_name_kind kind, int value);
/* The value whose word is text, for the kinds marked "parsed" above; -1 when text names none
 * of them, or for any other kind. */
int lb_name_parse(lb_name_kind kind, const char *text);

#endif
