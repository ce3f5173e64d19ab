/* lb_ask: one entry for the rules' questions, each answered, written and freed by its own file. */
#include <stdlib.h>
#include <string.h>

#include "answer_int.h"
#include "ask_int.h"

typedef struct question_ops {
    int (*ask)(lb_answer *a, lb_err *err);
    void (*release)(lb_answer *a); /* NULL: nothing to release */
    int (*text)(const lb_answer *a, FILE *out);
    json_t *(*json)(const lb_answer *a);
    int (*json_print)(const lb_answer *a, FILE *out); /* NULL: the document, indented */
    int (*svg)(const lb_answer *a, char **out);       /* NULL: no picture */
} question_ops;

static const question_ops *ops_of(lb_question_kind kind)
{
    static const question_ops ops[] = {
        [LB_ASK_LOS] = {lbi_los_ask, lbi_los_release, lbi_los_text, lbi_los_json, NULL, NULL},
        [LB_ASK_VISIBLE] = {lbi_visible_ask, lbi_visible_release, lbi_visible_text,
                            lbi_visible_json, NULL, NULL},
        [LB_ASK_MORALE] = {lbi_morale_ask, NULL, lbi_morale_text, lbi_morale_json, NULL, NULL},
        [LB_ASK_RETREAT] = {lbi_retreat_ask, lbi_retreat_release, lbi_retreat_text,
                            lbi_retreat_json, lbi_retreat_json_print, NULL},
        [LB_ASK_FIRE] = {lbi_fire_ask, lbi_fire_release, lbi_fire_text, lbi_fire_json, NULL, NULL},
        [LB_ASK_MOVE] = {lbi_move_ask, lbi_move_release, lbi_move_text, lbi_move_json, NULL,
                         lbi_move_svg},
        [LB_ASK_MELEE] = {lbi_melee_ask, lbi_melee_release, lbi_melee_text, lbi_melee_json, NULL,
                          NULL},
        [LB_ASK_CHARGE] = {lbi_charge_ask, lbi_charge_release, lbi_charge_text, lbi_charge_json,
                           NULL, NULL},
    };
    return (unsigned)kind < sizeof ops / sizeof *ops ? &ops[kind] : NULL;
}

/* The functions of q's answer: its kind's, or a look's. */
static const question_ops *ops_for(const lb_question *q)
{
    static const question_ops look = {lbi_look_ask, lbi_look_release, lbi_look_text,
                                      lbi_look_json, NULL, NULL};
    const question_ops *ops = ops_of(q->kind);
    return ops && q->look ? &look : ops;
}

int lb_ask(const lb_state *st, const lb_question *q, lb_answer **out, lb_err *err)
{
    *out = NULL;
    const question_ops *ops = ops_for(q);
    if (!ops)
        return lb_err_set(err, LB_USAGE, "no question of kind %d", (int)q->kind);
    lb_answer *a = calloc(1, sizeof *a);
    if (!a)
        return lb_err_set(err, LB_NOMEM, "%s", lb_err_str(LB_NOMEM));
    a->st = st;
    a->q = *q;
    lb_trace_init(&a->trace);
    lb_err said = {0};
    int rc = ops->ask(a, &said);
    if (rc != LB_OK) {
        lb_trace_release(&a->trace);
        free(a);
        if (!said.msg[0])
            lb_err_set(&said, rc, "%s", lb_err_str(rc));
        if (err)
            *err = said;
        return rc;
    }
    *out = a;
    return LB_OK;
}

void lb_answer_free(lb_answer *a)
{
    if (!a)
        return;
    const question_ops *ops = ops_for(&a->q);
    if (ops->release)
        ops->release(a);
    lb_trace_release(&a->trace);
    free(a);
}

int lb_answer_text(const lb_answer *a, FILE *out)
{
    return ops_for(&a->q)->text(a, out);
}

int lb_answer_svg(const lb_answer *a, char **out)
{
    const question_ops *ops = ops_for(&a->q);
    if (ops->svg)
        return ops->svg(a, out);
    *out = NULL;
    return LB_USAGE;
}

int lb_answer_hex(const lb_answer *a, lb_hex *hex)
{
    if (a->q.kind != LB_ASK_FIRE)
        return LB_USAGE;
    *hex = a->u.fire.target;
    return LB_OK;
}

int lb_answer_json(const lb_answer *a, char **out)
{
    return lbi_answer_text(ops_for(&a->q)->json(a), out);
}

int lb_answer_json_print(const lb_answer *a, FILE *out)
{
    const question_ops *ops = ops_for(&a->q);
    if (ops->json_print)
        return ops->json_print(a, out);
    json_t *j = ops->json(a);
    if (!j)
        return LB_NOMEM;
    /* a write error is the stream's: the caller finds it with ferror or fflush */
    json_dumpf(j, out, JSON_INDENT(2) | JSON_ENSURE_ASCII);
    json_decref(j);
    fputc('\n', out);
    return LB_OK;
}
