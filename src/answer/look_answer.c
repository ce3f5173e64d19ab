/* The interactive game's looks (labataille play's los, odds, unit and Movement status): a question asked for play's short words, worked out, written and freed. */
#include <stdlib.h>
#include <string.h>

#include "answer_int.h"
#include "ask_int.h"
#include "fire_int.h"
#include "frac_int.h"
#include "los_int.h"
#include "melee_int.h"
#include "move_int.h"
#include "state_int.h"
#include "charge_int.h"
#include "unit_int.h"

/* ---- los ----------------------------------------------------------------------------------- */

/* R-LOS-7 as play reads it: the unit named as FROM gives the firer's side, else the top combat
 * unit of FROM does. */
static int los_ask(lb_answer *a)
{
    const lb_state *st = a->st;
    const lb_question *q = &a->q;
    if (!lb_map_contains(lb_state_map(st), q->from) || !lb_map_contains(lb_state_map(st), q->to))
        return LB_USAGE;
    if (q->unit < -1 || q->unit >= lb_state_unit_count(st))
        return LB_INVALID;
    int top = q->unit >= 0 ? q->unit : lb_state_top_combat(st, q->from);
    return lb_los_check(st, q->from, q->to, top >= 0 ? lb_state_unit(st, top)->side : -1,
                        &a->u.los, &a->trace);
}

static int los_text(const lb_answer *a, FILE *out)
{
    char fl[LB_HEX_LABEL_MAX], tl[LB_HEX_LABEL_MAX];
    fprintf(out, "%s %s %s\n", lb_map_label(lb_state_map(a->st), a->q.from, fl),
            a->u.los.visible ? "sees" : "does not see",
            lb_map_label(lb_state_map(a->st), a->q.to, tl));
    lb_trace_print(out, &a->trace);
    return LB_OK;
}

/* ---- fire ---------------------------------------------------------------------------------- */

/* R-FIRE-22: a target unit stands for the one of its hexes the fire may be made at; refused in
 * play's words when it may be made at several, or at none. */
static int fire_target(lb_answer *a, const lb_fire_request *rq, lb_err *err)
{
    const lb_state *st = a->st;
    int count = 0;
    int rc = lb_fire_target_hex(st, rq, a->q.to_unit, &a->u.fire.target, &count, NULL);
    if (rc != LB_USAGE)
        return rc;
    const lb_unit *u = lb_state_unit(st, a->q.to_unit);
    char hexes[LB_UNIT_MAX_HEXES * (LB_HEX_LABEL_MAX + 1)] = "", label[LB_HEX_LABEL_MAX];
    for (int k = 0; k < u->nhexes; k++) {
        strcat(hexes, k ? " " : "");
        strcat(hexes, lb_map_label(lb_state_map(st), u->hexes[k], label));
    }
    return lb_err_set(err, LB_USAGE, "%s stands in %s, and the fire may be made at %s of them: "
                      "give the hex (R-FIRE-22)", u->id, hexes, count ? "several" : "none");
}

static int fire_ask(lb_answer *a, lb_err *err)
{
    const lb_state *st = a->st;
    const lb_question *q = &a->q;
    int checked = lbi_fire_question_check(a);
    if (checked != LB_OK)
        return checked;
    lb_fire_request rq = {(lb_fire_kind)q->fire_kind, q->to, q->units, q->nunits};
    a->u.fire.target = q->to;
    int rc = q->to_unit >= 0 ? fire_target(a, &rq, err) : LB_OK;
    if (rc != LB_OK || q->look == LB_LOOK_TARGET)
        return rc;
    rq.target = a->u.fire.target;
    if (!(a->u.fire.r = calloc(1, sizeof *a->u.fire.r)))
        return LB_NOMEM;
    rc = lb_fire_odds(st, &rq, &a->u.fire.r->odds, &a->trace);
    if (rc != LB_OK)
        lbi_fire_release(a);
    return rc;
}

/* R-FIRE-13: what the units lose; the hex's loss when they take less of it */
static void fire_losses_text(FILE *out, const lb_fire_chance *o)
{
    char pb[32];
    for (int l = 0; l <= o->max_taken; l++)
        if (o->p_taken[l].num)
            fprintf(out, "  %d lost: %s (%.1f%%)\n", l, lb_frac_fmt(o->p_taken[l], pb, sizeof pb),
                    100 * lb_frac_double(o->p_taken[l]));
    for (int l = 0; l <= o->max_loss; l++)
        if (o->p_loss[l].num && o->taken[l] != l)
            fprintf(out, "  (the fire table's %d lost: %s (%.1f%%), of which the units take %d, "
                    "R-FIRE-13)\n", l, lb_frac_fmt(o->p_loss[l], pb, sizeof pb),
                    100 * lb_frac_double(o->p_loss[l]), o->taken[l]);
}

static int fire_text(const lb_answer *a, FILE *out)
{
    const lb_state *st = a->st;
    const lb_question *q = &a->q;
    char label[LB_HEX_LABEL_MAX], who[512] = "", said[LB_FIRE_REASON_MAX];
    lb_map_label(lb_state_map(st), a->u.fire.target, label);
    if (q->look == LB_LOOK_TARGET) {
        fputs(label, out);
        return LB_OK;
    }
    const lb_fire_chance *o = &a->u.fire.r->odds;
    const char *kind = lb_fire_kind_name((lb_fire_kind)q->fire_kind);
    int n = q->nunits;
    size_t used = 0;
    for (int i = 0; i < n && used < sizeof who; i++)
        used += (size_t)snprintf(who + used, sizeof who - used, "%s%s",
                                 i == 0 ? "" : i == n - 1 ? " and " : ", ",
                                 lb_state_unit(st, q->units[i])->id);
    if (!o->allowed) {
        lb_said_fmt(&o->why, said, sizeof said);
        fprintf(out, "%s may not fire at %s (%s fire): %s [%s]\n", who, label, kind, said,
                o->rule);
    } else {
        lb_fire_group_breakdown(&o->fire, said, sizeof said);
        fprintf(out, "%s fire%s at %s (%s fire): %s; fire defence %d; odds %s\n", who,
                n > 1 ? "" : "s", label, kind, said, o->defence.value,
                o->column ? o->column->label : "none");
        fire_losses_text(out, o);
    }
    lb_trace_print(out, &a->trace);
    return LB_OK;
}

/* ---- move ---------------------------------------------------------------------------------- */

static int move_ask(lb_answer *a)
{
    if (a->q.unit < 0 || a->q.unit >= lb_state_unit_count(a->st))
        return LB_INVALID;
    a->u.move.at = a->st;
    a->u.move.unit = a->q.unit;
    return lb_move_options(a->st, lb_state_unit(a->st, a->q.unit)->id, &a->u.move.ch, NULL);
}

/* Half movement points as text: "3", "2.5". */
static const char *mp_text(int halves, char *buf, size_t n)
{
    snprintf(buf, n, "%d%s", halves / 2, halves % 2 ? ".5" : "");
    return buf;
}

/* The hexes where the unit may end its move, by cost, those where it must stop marked *. */
static void ends_text(FILE *out, const lb_state *st, const lb_move_choices *ch, int maxcost)
{
    char a[16];
    for (int cost = 1; cost <= maxcost; cost++) {
        int any = 0;
        for (int i = 1; i < ch->nreach; i++) {
            if (ch->reach[i].cost != cost || !ch->reach[i].end)
                continue;
            char label[LB_HEX_LABEL_MAX];
            if (!any)
                fprintf(out, "    %4s MP:", mp_text(cost, a, sizeof a));
            fprintf(out, " %s%s", lb_map_label(lb_state_map(st), ch->reach[i].hex, label),
                    ch->reach[i].stop ? "*" : "");
            any = 1;
        }
        if (any)
            fprintf(out, "\n");
    }
}

/* The hexes the unit may pass but not end in. */
static void passes_text(FILE *out, const lb_state *st, const lb_move_choices *ch)
{
    fprintf(out, "  may pass but not end in:");
    for (int i = 1; i < ch->nreach; i++) {
        char label[LB_HEX_LABEL_MAX];
        if (!ch->reach[i].end)
            fprintf(out, " %s", lb_map_label(lb_state_map(st), ch->reach[i].hex, label));
    }
    fprintf(out, "\n");
}

/* The map, the unit's hexes and those it may reach marked. */
static int reach_map(FILE *out, const lb_state *st, const lb_unit *u, const lb_move_choices *ch)
{
    const lb_map *m = lb_state_map(st);
    unsigned char *marks = calloc((size_t)(m->cols * m->rows) + 1, 1);
    if (!marks)
        return LB_NOMEM;
    for (int i = 1; i < ch->nreach; i++)
        marks[lb_map_cell(m, ch->reach[i].hex)] =
            (unsigned char)(!ch->reach[i].end ? 4 : ch->reach[i].stop ? 3 : 2);
    for (int k = 0; k < u->nhexes; k++)
        marks[lb_map_cell(m, u->hexes[k])] = 1;
    lb_map_print(out, st, marks, " @+*o", "@ the unit, + may end, * must stop there, o pass only");
    free(marks);
    return LB_OK;
}

/* Where the unit may move in this Movement segment: its allowance, the hexes where it may end by
 * cost (those where it must stop marked *), those it may only pass, or why it may not move. */
static int unit_text(const lb_answer *a, FILE *out)
{
    const lb_state *st = a->st;
    const lb_move_choices *ch = &a->u.move.ch;
    const lb_unit *u = lb_state_unit(st, a->q.unit);
    char x[16], y[16], why[LB_MOVE_REASON_MAX];
    fprintf(out, "  movement: %s of %s MP left", mp_text(ch->allowance - ch->spent, x, sizeof x),
            mp_text(ch->allowance, y, sizeof y));
    if (!ch->may_step) {
        lb_said_fmt(&ch->why, why, sizeof why);
        fprintf(out, "; it may not move: %s [%s]", why, ch->rule ? ch->rule : "");
    }
    fprintf(out, "\n");
    int maxcost = 0, ends = 0, passes = 0;
    for (int i = 1; i < ch->nreach && ch->may_step; i++) {
        maxcost = ch->reach[i].cost > maxcost ? ch->reach[i].cost : maxcost;
        ends += ch->reach[i].end;
        passes += !ch->reach[i].end;
    }
    if (ends) {
        fprintf(out, "  may end its move in %d hex%s (`move %s HEX`; * it must stop there, "
                "in an enemy zone):\n", ends, ends == 1 ? "" : "es", u->id);
        ends_text(out, st, ch, maxcost);
    }
    if (passes)
        passes_text(out, st, ch);
    return ends && a->q.look == LB_LOOK_UNIT_MAP ? reach_map(out, st, u, ch) : LB_OK;
}

static int move_text(const lb_answer *a, FILE *out)
{
    const lb_move_choices *ch = &a->u.move.ch;
    const lb_question *q = &a->q;
    if (q->look != LB_LOOK_LINE)
        return unit_text(a, out);
    char left[16], all[16], why[LB_MOVE_REASON_MAX];
    fprintf(out, "%s of %s MP left", mp_text(ch->allowance - ch->spent, left, sizeof left),
            mp_text(ch->allowance, all, sizeof all));
    if (q->look_moves)
        fprintf(out, "; moves to %d hex%s%s", q->look_moves, q->look_moves == 1 ? "" : "es",
                q->look_path ? " (or a path)" : "");
    else if (!ch->may_step) {
        lb_said_fmt(&ch->why, why, sizeof why);
        fprintf(out, "; may not move: %s", why);
    }
    return LB_OK;
}

/* ---- charge -------------------------------------------------------------------------------- */

/* Why the charge may not be made: the charge rules' refusal into why, or "". */
static void charge_refused(const lb_state *st, const lb_charge_req *req, char *why, size_t n)
{
    lb_charge *ch = NULL;
    lb_err err = {0};
    why[0] = '\0';
    if (lb_charge_new(st, req, &ch, &err) != LB_OK) {
        snprintf(why, n, "%s", err.msg);
        return;
    }
    lb_dice dice;
    lb_dice_init_seed(&dice, 1); /* a refusal comes before any roll */
    if (lb_charge_resolve(ch, &dice) == LB_OK && lb_charge_status_of(ch) == LB_CHARGE_REFUSED) {
        const lb_charge_result *r = lb_charge_result_of(ch);
        char reason[LB_CHARGE_TEXT_MAX];
        lb_said_fmt(&r->why, reason, sizeof reason);
        snprintf(why, n, "%s [%s]", reason, r->rule);
    }
    lb_charge_free(ch);
}

/* The odds of every end, the decisions automatic (R-CHG-25), then whether the rules refuse the
 * charge. */
static int charge_ask(lb_answer *a, lb_err *err)
{
    const lb_question *q = &a->q;
    lb_charge_req *req = &a->u.charge.req;
    if (q->npath < 1 || q->npath > LB_CHARGE_PATH_MAX || q->unit < 0 ||
        q->unit >= lb_state_unit_count(a->st) || !q->look_path_text)
        return LB_USAGE;
    req->cavalry = lb_state_unit(a->st, q->unit)->id;
    memcpy(req->path, q->path, (size_t)q->npath * sizeof *q->path);
    req->npath = q->npath;
    a->u.charge.with_odds = 1;
    int rc = lb_charge_odds(a->st, req, &a->u.charge.odds);
    if (rc != LB_OK) {
        lb_err_set(err, rc, "%s: %s", lb_err_str(rc), a->u.charge.odds.error.msg);
        lbi_charge_release(a);
        return rc;
    }
    charge_refused(a->st, req, a->u.charge.refused, sizeof a->u.charge.refused);
    return LB_OK;
}

static int charge_text(const lb_answer *a, FILE *out)
{
    const lb_charge_outcomes *o = &a->u.charge.odds;
    const char *unit = a->u.charge.req.cavalry, *path = a->q.look_path_text;
    if (a->u.charge.refused[0]) {
        fprintf(out, "%s may not charge along %s: %s\n", unit, path, a->u.charge.refused);
        return LB_OK;
    }
    fprintf(out, "%s charges along %s (automatic choices, R-CHG-25): %d outcome%s\n", unit, path,
            o->n, o->n == 1 ? "" : "s");
    for (int i = 0; i < o->n; i++) {
        char pb[48];
        fprintf(out, "  %-8s %5.1f%%  %s\n", lb_frac_fmt(o->outcomes[i].p, pb, sizeof pb),
                100 * lb_frac_double(o->outcomes[i].p), o->outcomes[i].summary);
    }
    if (!o->exact) {
        char stopped[LB_CHARGE_TEXT_MAX];
        lb_said_fmt(&o->stopped, stopped, sizeof stopped);
        fprintf(out, "  not exact: %s\n", stopped);
    }
    return LB_OK;
}

/* ---- melee --------------------------------------------------------------------------------- */

static int melee_ask(lb_answer *a)
{
    if (!a->q.melee)
        return LB_USAGE;
    a->u.melee.c = calloc(1, sizeof *a->u.melee.c);
    int rc = a->u.melee.c ? lb_melee_odds(a->st, a->q.melee, a->u.melee.c, NULL) : LB_NOMEM;
    if (rc != LB_OK)
        lbi_melee_release(a);
    return rc;
}

int lbi_melee_look(const lb_state *st, const lb_question *q, lb_melee_chance *c, lb_answer **out)
{
    lb_answer *a = *out = calloc(1, sizeof *a);
    if (!a) {
        free(c);
        return LB_NOMEM;
    }
    a->st = st;
    a->q = *q;
    lb_trace_init(&a->trace);
    a->u.melee.c = c;
    return LB_OK;
}

/* ---- the looks ----------------------------------------------------------------------------- */

int lbi_look_ask(lb_answer *a, lb_err *err)
{
    int look = a->q.look;
    switch (a->q.kind) {
    case LB_ASK_LOS:
        return look == LB_LOOK_WORDS ? los_ask(a) : LB_USAGE;
    case LB_ASK_FIRE:
        return look == LB_LOOK_WORDS || look == LB_LOOK_TARGET ? fire_ask(a, err) : LB_USAGE;
    case LB_ASK_MOVE:
        return look >= LB_LOOK_LINE && look <= LB_LOOK_UNIT_MAP ? move_ask(a) : LB_USAGE;
    case LB_ASK_CHARGE:
        return look == LB_LOOK_WORDS ? charge_ask(a, err) : LB_USAGE;
    case LB_ASK_MELEE:
        return look == LB_LOOK_WORDS ? melee_ask(a) : LB_USAGE;
    default:
        return LB_USAGE;
    }
}

void lbi_look_release(lb_answer *a)
{
    switch (a->q.kind) {
    case LB_ASK_LOS:
        lbi_los_release(a);
        break;
    case LB_ASK_FIRE:
        lbi_fire_release(a);
        break;
    case LB_ASK_MOVE:
        lb_move_choices_release(&a->u.move.ch);
        break;
    case LB_ASK_CHARGE:
        lbi_charge_release(a);
        break;
    default:
        lbi_melee_release(a);
        break;
    }
}

int lbi_look_text(const lb_answer *a, FILE *out)
{
    switch (a->q.kind) {
    case LB_ASK_LOS:
        return los_text(a, out);
    case LB_ASK_FIRE:
        return fire_text(a, out);
    case LB_ASK_MOVE:
        return move_text(a, out);
    case LB_ASK_CHARGE:
        return charge_text(a, out);
    default:
        lb_melee_chance_print(out, a->st, a->u.melee.c);
        return LB_OK;
    }
}

json_t *lbi_look_json(const lb_answer *a)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    int rc = lbi_look_text(a, f);
    json_t *j = fclose(f) == 0 && rc == LB_OK ? json_pack("{s:s}", "look", text) : NULL;
    free(text);
    return j;
}
