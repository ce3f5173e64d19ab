/* Private to the library: what an answer of lb_ask holds, and each question's own functions. */
#ifndef LB_ASK_INT_H
#define LB_ASK_INT_H

#include <jansson.h>
#include <stdio.h>

#include "lb/ask.h"
#include "charge.h"
#include "rules_types.h"
#include "los.h"
#include "retreat.h"
#include "stacking.h"
#include "lb/core.h"
#include "lbi.h"

/* The most standing answers of a charge question (a target, not-target, a response). */
#define LB_CHARGE_STANDING_MAX 3

/* An answer: the question, its trace and the rules' result of its kind. */
struct lb_answer {
    const lb_state *st; /* borrowed */
    lb_question q;
    lb_trace trace;
    union {
        lb_los_result los;
        struct {
            int side;            /* the firer's side, -1: none (R-LOS-7) */
            unsigned char *seen; /* one byte per cell, 1: seen; owned */
        } visible;
        struct {
            lb_morale_kind kind;
            lb_morale_result r;
        } morale;
        lb_retreat retreat;
        struct {
            lb_hex target;     /* the hex fired at (R-FIRE-22) */
            lb_fire_result *r; /* owned */
        } fire;
        struct {
            lb_state *entered;   /* owned: the state with the unit brought in (q.enter), NULL
                                  * when not entering or refused */
            const lb_state *at;  /* the state the move starts from: entered, or st */
            int unit;            /* the unit's index in it */
            int planned;         /* a plan was asked: pl is its answer */
            int rolled;          /* the plan rolled q.dice */
            int text_steps;      /* the trace's steps the text shows: the stacking check's, last,
                                  * are the JSON's alone */
            lb_move_choices ch;
            lb_move_plan pl;
            lb_move_entry entry; /* when q.enter */
            lb_stack_check stack; /* the unit's hex against its limit (R-STACK-6) */
        } move;
        struct {
            lb_melee_chance *c; /* owned */
            lb_melee *m;        /* owned: the melee played, NULL: not played */
        } melee;
        struct {
            lb_charge_req req;  /* its standing answers in standing */
            lb_standing standing[LB_CHARGE_STANDING_MAX];
            lb_charge *ch;      /* owned: the charge run to its end */
            lb_charge_outcomes odds;
            int with_odds;      /* odds was counted */
            char refused[LB_ERR_MSG_MAX + LB_CHARGE_TEXT_MAX]; /* a look: why the rules refuse
                                                                * it, "": they do not */
        } charge;
    } u;
};

/* Each question has four functions, side by side in src/answer/<question>_answer.c: ask (the
 * rules' result and trace into a, a->st and a->q set: LB_OK or the rules' error, with nothing
 * left to release; err, when the error has words of its own, says them), release (what ask
 * kept), text (the command line's answer: LB_OK or LB_NOMEM) and json (the document: a new
 * reference, NULL when out of memory). */

LBI int lbi_los_ask(lb_answer *a, lb_err *err);
LBI void lbi_los_release(lb_answer *a);
LBI int lbi_los_text(const lb_answer *a, FILE *out);
LBI json_t *lbi_los_json(const lb_answer *a);

LBI int lbi_visible_ask(lb_answer *a, lb_err *err);
LBI void lbi_visible_release(lb_answer *a);
LBI int lbi_visible_text(const lb_answer *a, FILE *out);
LBI json_t *lbi_visible_json(const lb_answer *a);

LBI int lbi_morale_ask(lb_answer *a, lb_err *err);
LBI int lbi_morale_text(const lb_answer *a, FILE *out);
LBI json_t *lbi_morale_json(const lb_answer *a);

LBI int lbi_retreat_ask(lb_answer *a, lb_err *err);
LBI void lbi_retreat_release(lb_answer *a);
LBI int lbi_retreat_text(const lb_answer *a, FILE *out);
LBI json_t *lbi_retreat_json(const lb_answer *a);
/* The retreat's document as lb_answer_json_print writes it, every path streamed in its place
 * when the question asked for all. */
LBI int lbi_retreat_json_print(const lb_answer *a, FILE *out);

/* The fire question's own checks, before any rule: LB_USAGE for no firer, a kind out of range
 * or no target; LB_INVALID for a unit index out of range; else LB_OK. */
LBI int lbi_fire_question_check(const lb_answer *a);
LBI int lbi_fire_ask(lb_answer *a, lb_err *err);
LBI void lbi_fire_release(lb_answer *a);
LBI int lbi_fire_text(const lb_answer *a, FILE *out);
LBI json_t *lbi_fire_json(const lb_answer *a);

LBI int lbi_move_ask(lb_answer *a, lb_err *err);
LBI void lbi_move_release(lb_answer *a);
LBI int lbi_move_text(const lb_answer *a, FILE *out);
LBI json_t *lbi_move_json(const lb_answer *a);
/* The map as SVG, the move's hexes ringed (lb_answer_svg). */
LBI int lbi_move_svg(const lb_answer *a, char **out);

LBI int lbi_melee_ask(lb_answer *a, lb_err *err);
LBI void lbi_melee_release(lb_answer *a);
LBI int lbi_melee_text(const lb_answer *a, FILE *out);
LBI json_t *lbi_melee_json(const lb_answer *a);

LBI int lbi_charge_ask(lb_answer *a, lb_err *err);
LBI void lbi_charge_release(lb_answer *a);
LBI int lbi_charge_text(const lb_answer *a, FILE *out);
LBI json_t *lbi_charge_json(const lb_answer *a);

/* The looks (q.look set, look_answer.c): the same four for every kind that has one. A look's
 * JSON is its text, {"look": TEXT}. */
LBI int lbi_look_ask(lb_answer *a, lb_err *err);
LBI void lbi_look_release(lb_answer *a);
LBI int lbi_look_text(const lb_answer *a, FILE *out);
LBI json_t *lbi_look_json(const lb_answer *a);
/* A melee look of q on st whose odds c (malloc'd, taken: freed with the answer, or now when out
 * of memory) the game worked out (lb_game_ask): LB_OK with *out, or LB_NOMEM. */
LBI int lbi_melee_look(const lb_state *st, const lb_question *q, lb_melee_chance *c,
                       lb_answer **out);

/* The library's own, not offered by the API (declared in include/lb/answer.h before). */

/* Writes the assault's values, pre-melee checks and exact odds on out as labataille melee
 * does (its first lines). */
LBI void lb_melee_chance_print(FILE *out, const lb_state *st, const lb_melee_chance *c);

#endif
