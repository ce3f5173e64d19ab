/* The melee machine (33): passes over the journal, the procedure from the declaration to the last advance, and apply by unit id. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "readiness.h"
#include "fire_charts_int.h"
#include "lb/core.h"
#include "casualty_int.h"
#include "melee_int.h"
#include "replay.h"
#include "decision_int.h"
#include "dice_int.h"
#include "frac_int.h"
#include "trace_int.h"
#include "melee_charts_int.h"
#include "state_int.h"
#include "unit_int.h"
#include "hex_int.h"

/* ---- the procedure ------------------------------------------------------------------------ */

static int refused(mrun *R, const lb_melee_chance *c)
{
    R->res->rule = c->rule;
    R->res->why = c->why;
    snprintf(R->res->summary, sizeof R->res->summary, "refused");
    return MEL_STOP_REFUSED;
}

static int preserving(const mrun *R, const char *id)
{
    for (int i = 0; i < R->npreserve; i++)
        if (strcmp(R->preserve[i], id) == 0)
            return 1;
    return 0;
}

/* The assault of req as the working state stands (R-MEL-1..6), traced when t is given. */
static int declare(mrun *R, const lb_melee_req *req, lb_melee_chance *c, lb_trace *t)
{
    memset(c, 0, sizeof *c);
    return lbi_mel_declare(R->st, req, c, t);
}

/* The chance on the working state for req: its values with the preserve answers (R-MEL-13) and
 * the pre-melee checks (R-MEL-9..11); the declaration was traced before. */
static int assess(mrun *R, const lb_melee_req *req, lb_melee_chance *c)
{
    int rc = declare(R, req, c, NULL);
    if (rc != LB_OK || !c->allowed)
        return rc;
    for (int i = 0; i < c->nunits; i++)
        c->units[i].preserve = preserving(R, R->st->units[c->units[i].unit].id);
    lbi_mel_values(R->st, req, c, R->t);
    return lbi_mel_premelee(R->st, req, c, R->t);
}

/* R-MEL-7, R-MEL-8 (29): each defender that may, chooses to retreat before the melee; then, with
 * a defending combat unit left, each defending leader (R-MEL-28). The ids of the combat units that
 * retreated into gone, how many in *ngone. */
static int retire(mrun *R, const lb_melee_req *req, lb_melee_chance *c, int side,
                  char gone[][LB_SUBJECT_MAX], int *ngone)
{
    char ids[LB_MELEE_DEFENDERS_MAX][LB_SUBJECT_MAX];
    int n = 0;
    *ngone = 0;
    for (int i = c->nattackers; i < c->nunits && n < LB_MELEE_DEFENDERS_MAX; i++)
        snprintf(ids[n++], LB_SUBJECT_MAX, "%s", R->st->units[c->units[i].unit].id);
    for (int k = 0; k < n; k++) {
        /* a retreat moved a unit (and its leaders): read the assault again, silently */
        if (*ngone) {
            int rc = declare(R, req, c, NULL);
            if (rc != LB_OK || !c->allowed)
                return rc;
        }
        int i = c->nattackers;
        while (i < c->nunits && strcmp(R->st->units[c->units[i].unit].id, ids[k]) != 0)
            i++;
        if (i == c->nunits)
            continue;
        int rc, why = lbi_mel_may_retire(R->st, c, i, &rc);
        if (rc != LB_OK)
            return rc;
        const lb_unit *u = &R->st->units[c->units[i].unit];
        if (why != MEL_MAY_RETIRE) {
            LBI_EVENT(R->t, "R-MEL-7", "(29)", EV_MEL_NO_RETIRE, ev_unit_id(u->id),
                      ev_phrase(MEL_PH_NO_RETIRE, why));
            continue;
        }
        lb_decision d;
        MR_ASK(&d, LB_DECIDE_RETIRE, u->side, ids[k], "R-MEL-7", EV_MEL_ASK_RETIRE,
               ev_unit_id(lbi_mr_id(R, ids[k])));
        if (lbi_mr_option(&d, "stand", EV_MEL_OPT_STAND, NULL, 0) != LB_OK ||
            lbi_mr_option(&d, "retreat", EV_MEL_OPT_RETIRE, NULL, 0) != LB_OK) {
            lb_decision_release(&d);
            return LB_NOMEM;
        }
        d.auto_choice = 0;
        int choice;
        if ((rc = lbi_mr_decide(R, &d, &choice)) != LB_OK)
            return rc;
        if (choice == 0)
            continue;
        mr_move how = {.kind = LB_RETREAT_DISORDER, .keep_state = 1, .rule = "R-MEL-8"};
        if ((rc = lbi_mr_retreat(R, ids[k], &how, NULL)) != LB_OK)
            return rc;
        lbi_mr_summary(R, "retire:%s", ids[k]);
        snprintf(gone[(*ngone)++], LB_SUBJECT_MAX, "%s", ids[k]);
        if (lb_state_top_enemy(R->st, c->target, side) < 0)
            return LB_OK;
    }
    int charge = 0;
    for (int a = 0; a < req->nattackers; a++)
        charge |= req->attackers[a].charged;
    return lbi_mr_leaders_retire(R, c->target, side, charge);
}

/* R-MEL-20, R-MEL-22 (36.5): each cavalry unit of the melee chooses its full value or one third
 * to keep its readiness. */
static int ask_preserve(mrun *R, const lb_melee_chance *c)
{
    for (int i = 0; i < c->nunits; i++) {
        const lb_unit *u = &R->st->units[c->units[i].unit];
        if (u->arm != LB_ARM_CAVALRY || R->npreserve == LB_MELEE_UNITS_MAX)
            continue;
        lb_decision d;
        MR_ASK(&d, LB_DECIDE_PRESERVE, u->side, u->id, "R-MEL-20", EV_MEL_ASK_PRESERVE,
               ev_unit_id(lbi_mr_id(R, u->id)), ev_text(lb_readiness_name(u->readiness)));
        if (lbi_mr_option(&d, "full", EV_MEL_OPT_FULL, NULL, 0) != LB_OK ||
            lbi_mr_option(&d, "preserve", EV_MEL_OPT_PRESERVE, NULL, 0) != LB_OK) {
            lb_decision_release(&d);
            return LB_NOMEM;
        }
        d.auto_choice = 0;
        int choice, rc = lbi_mr_decide(R, &d, &choice);
        if (rc != LB_OK)
            return rc;
        if (choice == 1)
            snprintf(R->preserve[R->npreserve++], LB_SUBJECT_MAX, "%s", u->id);
    }
    return LB_OK;
}

/* A unit of the melee by id, with its value before the checks. */
typedef struct valued {
    char id[LB_SUBJECT_MAX];
    lb_frac value;
} valued;

/* R-MEL-11, R-MEL-12 (33.4-33.7): the checks of one side, rolled in order; the ids of the units
 * that stay in the melee (exempt or passed) into keep. The units are named by `named` (c's units
 * in order, taken before any check): a unit that failed and was eliminated leaves the state's
 * indexes, so c's indexes no longer name the units after it. */
static int checks(mrun *R, const lb_melee_chance *c, const valued *named, lb_melee_side side,
                  char keep[][LB_SUBJECT_MAX], int *nkeep)
{
    char ids[LB_MELEE_UNITS_MAX][LB_SUBJECT_MAX];
    int who[LB_MELEE_UNITS_MAX], n = 0;
    for (int i = 0; i < c->nunits; i++)
        if (c->units[i].side == side) {
            who[n] = i;
            snprintf(ids[n++], LB_SUBJECT_MAX, "%s", named[i].id);
        }
    *nkeep = 0;
    for (int k = 0; k < n; k++) {
        const lb_melee_unit *mu = &c->units[who[k]];
        if (!mu->checks) {
            snprintf(keep[(*nkeep)++], LB_SUBJECT_MAX, "%s", ids[k]);
            continue;
        }
        int roll, rc = lbi_mr_roll(R, LB_DIE_TWO, "pre-melee check", &roll);
        if (rc != LB_OK)
            return rc;
        int passed = mu->chance.passes[lb_roll_index(roll)];
        MR_EVENT(R, "check", "R-MEL-12", "(33)", ids[k], NULL, c->target, roll,
                 EV_MEL_PREMELEE_CHECK, ev_int(side == LB_MELEE_ATTACKER),
                 ev_unit_id(lbi_mr_id(R, ids[k])), ev_roll(roll), ev_int(mu->chance.modifier),
                 ev_roll(lb_roll_add(roll, mu->chance.modifier)), ev_int(mu->chance.morale),
                 ev_int(passed));
        lb_trace_roll(R->t, "pre-melee check", roll);
        lb_trace_bool(R->t, "passed", passed);
        if (passed) {
            snprintf(keep[(*nkeep)++], LB_SUBJECT_MAX, "%s", ids[k]);
            continue;
        }
        lbi_mr_summary(R, "fails:%s", ids[k]);
        rc = lbi_mr_failed(R, ids[k], 0, "R-MEL-12");
        if (rc != LB_OK)
            return rc;
    }
    return LB_OK;
}

/* 33.12, R-MEL-16: the leaders of the side whose natural roll band came up, into idx; how many;
 * *side gets that side. */
static int leaders_in_band(const mrun *R, const lb_melee_chance *c, const lb_fire_charts *fc,
                           int roll, int *idx, lb_melee_side *side)
{
    int ri = lb_roll_index(roll);
    for (int s = 0; s < 2; s++) {
        int lo = s ? fc->casualty_defender_lo : fc->casualty_attacker_lo;
        int hi = s ? fc->casualty_defender_hi : fc->casualty_attacker_hi;
        if (!lo || ri < lb_roll_index(lo) || ri > lb_roll_index(hi))
            continue;
        *side = (lb_melee_side)s;
        return lbi_mel_leaders_of(R->st, c, (lb_melee_side)s, idx, LB_MELEE_UNITS_MAX);
    }
    return 0;
}

/* R-CAS-1: the melee's dice for the victim: one die (0..5) or two dice (0..35). */
static int victim_roll(void *ctx, int two, int *value)
{
    mrun *R = ctx;
    int v, rc = lbi_mr_roll(R, two ? LB_DIE_TWO : LB_DIE_ONE, "leader casualty victim", &v);
    if (rc != LB_OK)
        return rc;
    *value = two ? lb_roll_index(v) : v - 1;
    if (two)
        lb_trace_roll(R->t, "leader casualty victim", v);
    else
        lb_trace_die(R->t, "leader casualty victim", v);
    return LB_OK;
}

/* R-MEL-16: a leader's roll on the casualty table: its entry (NULL: none), the die and the
 * hours he is out. */
static int casualty_roll(mrun *R, const lb_fire_charts *fc, const lb_casualty_entry **entry,
                         int *die, int *hours)
{
    int rc = lbi_mr_roll(R, LB_DIE_ONE, "leader casualty", die);
    if (rc != LB_OK)
        return rc;
    const lb_casualty_entry *e = NULL;
    for (int j = 0; j < fc->ncasualty; j++)
        if (*die >= fc->casualty[j].lo && *die <= fc->casualty[j].hi)
            e = &fc->casualty[j];
    *entry = e;
    *hours = 0;
    for (int j = 0; e && j < e->hours_out_dice; j++) {
        int h;
        if ((rc = lbi_mr_roll(R, LB_DIE_ONE, "leader hours out", &h)) != LB_OK)
            return rc;
        *hours += h;
    }
    return LB_OK;
}

/* R-MEL-16 (7): leader id's casualty roll after the natural melee roll `roll`; a fallen leader
 * leaves play and the units of his hex check morale when the table says so. */
static int leader_casualty(mrun *R, const lb_fire_charts *fc, int roll, const char *id)
{
    const lb_casualty_entry *e;
    int die, hours, rc = casualty_roll(R, fc, &e, &die, &hours);
    if (rc != LB_OK)
        return rc;
    const lb_unit *l = &R->st->units[lbi_mr_unit(R, id)];
    lb_hex hex = l->hexes[0];
    int side = l->side, bonus = lb_unit_bonus(l, "morale");
    MR_EVENT(R, "casualty", "R-MEL-16", "(7)", id, NULL, hex, die, EV_MEL_CASUALTY, ev_roll(roll),
             ev_unit_id(lbi_mr_id(R, id)), ev_roll(die),
             ev_text(e ? lb_casualty_kind_name(e->result) : ""),
             ev_text(e && e->wound ? e->wound : ""), ev_int(hours));
    if (!e || (e->result == LB_CASUALTY_WOUNDED && hours == 0))
        return LB_OK;
    if ((rc = lbi_mr_remove(R, id)) != LB_OK)
        return rc;
    lbi_mr_summary(R, "casualty:%s", id);
    if (e->hex_morale_check)
        return lbi_mr_hex_checks(R, hex, side, -bonus, "R-MEL-16");
    return LB_OK;
}

/* 33.12, R-MEL-16, R-CAS-1: one leader of the side whose natural roll band came up rolls on the
 * casualty table: the one whose bonus was used on 1-3 of a die, else one of the others at
 * random (no bonus used: any of them at random). */
static int casualties(mrun *R, const lb_melee_chance *c, int roll)
{
    const lb_fire_charts *fc = R->st->charts.fire;
    if (!fc || !fc->has_casualty)
        return LB_OK;
    int idx[LB_MELEE_UNITS_MAX];
    lb_melee_side side = LB_MELEE_ATTACKER;
    int n = leaders_in_band(R, c, fc, roll, idx, &side);
    if (!n)
        return LB_OK;
    int used = lbi_mel_used_leader(R->st, c, side, idx, n), k;
    int rc = lbi_casualty_victim(n, used, victim_roll, R, &k);
    if (rc != LB_OK)
        return rc;
    char id[LB_SUBJECT_MAX];
    snprintf(id, sizeof id, "%s", R->st->units[idx[k]].id);
    if (n > 1)
        LBI_EVENT(R->t, "R-CAS-1", "(7)", EV_MEL_CASUALTY_VICTIM, ev_unit_id(lbi_mr_id(R, id)),
                  ev_int(n), ev_int(used >= 0),
                  ev_unit_id(used >= 0 ? lbi_mr_id(R, R->st->units[idx[used]].id) : ""));
    return leader_casualty(R, fc, roll, id);
}

/* R-MEL-20: the cavalry that fought changes its readiness once the melee is over. */
static void readiness(mrun *R, const lb_melee_req *req)
{
    for (int k = 0; k < R->nfought; k++) {
        int i = lbi_mr_unit(R, R->fought[k]);
        if (i < 0 || R->st->units[i].arm != LB_ARM_CAVALRY)
            continue;
        lb_unit *u = &R->st->units[i];
        int charged = 0;
        for (int a = 0; a < req->nattackers; a++)
            charged |= req->attackers[a].charged && strcmp(req->attackers[a].id, u->id) == 0;
        lb_readiness was = u->readiness;
        u->readiness = lb_readiness_after_melee(u, charged, preserving(R, u->id), R->t);
        if (u->readiness != was)
            lbi_mr_summary(R, "%s:%s", lb_readiness_name(u->readiness), u->id);
    }
}

/* The attackers of req that are in keep, in req's order. */
static void keep_attackers(const lb_melee_req *req, char keep[][LB_SUBJECT_MAX], int nkeep,
                           lb_melee_req *out)
{
    *out = *req;
    out->nattackers = 0;
    for (int a = 0; a < req->nattackers; a++)
        for (int k = 0; k < nkeep; k++)
            if (strcmp(req->attackers[a].id, keep[k]) == 0)
                out->attackers[out->nattackers++] = req->attackers[a];
}

/* R-MEL-30: cavalry that stands in the target hex, whose carré broke before the roll, fights
 * the units left there from inside, said in the trace (the declaration is read again silently). */
static void inside_broken_carre(mrun *R, const lb_melee_chance *c)
{
    for (int i = c->nattackers; i < c->nunits; i++)
        if (R->st->units[c->units[i].unit].formation == LB_FORM_CARRE)
            return;
    for (int i = 0; i < c->nattackers; i++) {
        const lb_unit *u = &R->st->units[c->units[i].unit];
        if (u->arm == LB_ARM_CAVALRY && lb_hex_eq(c->units[i].from, c->target))
            LBI_EVENT(R->t, "R-MEL-30", "(32)", EV_MEL_BROKEN_CARRE_INSIDE,
                      ev_unit_id(lbi_mr_id(R, u->id)), ev_hex(R->st, c->target));
    }
}

/* R-MEL-15, R-MEL-16: the matrix roll and what it reads. The values are those the units had
 * before the checks (`before`, by id; R-MEL-23: the odds use the same); only the units still in
 * the melee count (32.4). */
static int fight(mrun *R, const lb_melee_req *req, const valued *before, int nbefore,
                 lb_melee_chance *c)
{
    int rc = declare(R, req, c, NULL);
    if (rc != LB_OK)
        return rc;
    if (!c->allowed)
        return refused(R, c);
    inside_broken_carre(R, c);
    c->attack = c->defence = lb_frac_int(0);
    for (int i = 0; i < c->nunits; i++) {
        const char *id = R->st->units[c->units[i].unit].id;
        for (int j = 0; j < nbefore; j++)
            if (strcmp(before[j].id, id) == 0)
                c->units[i].value = before[j].value;
        lb_frac *sum = c->units[i].side == LB_MELEE_ATTACKER ? &c->attack : &c->defence;
        *sum = lb_frac_add(*sum, c->units[i].value);
    }
    const lb_melee_charts *mc = R->st->charts.melee;
    c->column = lb_melee_charts_column(mc, c->attack, c->defence, &c->below, &c->above);
    lbi_mel_leaders(R->st, c, R->t);
    for (int i = 0; i < c->nunits && R->nfought < LB_MELEE_UNITS_MAX; i++)
        snprintf(R->fought[R->nfought++], LB_SUBJECT_MAX, "%s", R->st->units[c->units[i].unit].id);
    R->nfought_attackers = c->nattackers;
    int roll;
    if ((rc = lbi_mr_roll(R, LB_DIE_TWO, "melee", &roll)) != LB_OK)
        return rc;
    int m = lb_roll_index(roll) + c->modifier;
    m = m < 0 ? 0 : m > 35 ? 35 : m;
    lb_melee_cell ne = {.code = LB_MELEE_NE};
    const lb_melee_cell *cell = c->column ? &c->column->cell[m] : &ne;
    lb_melee_result *res = R->res;
    res->fought = 1;
    res->roll = roll;
    res->modified = lb_roll_from_index(m);
    res->attack = c->attack;
    res->defence = c->defence;
    snprintf(res->column, sizeof res->column, "%s", c->column ? c->column->label : "");
    lb_melee_cell_fmt(cell, res->cell, sizeof res->cell);
    MR_EVENT(R, "roll", "R-MEL-15", "(34)", NULL, NULL, c->target, roll, EV_MEL_ROLL,
             ev_exact(c->attack), ev_exact(c->defence),
             ev_text(c->column ? c->column->label : ""), ev_roll(roll), ev_int(c->modifier),
             ev_roll(res->modified), ev_text(res->cell));
    lb_trace_roll(R->t, "melee", roll);
    lb_trace_text(R->t, "result", res->cell);
    if (cell->uncertain)
        lb_trace_text(R->t, "uncertain", cell->uncertain);
    lbi_mr_summary(R, "result:%s", res->cell);
    if ((rc = casualties(R, c, roll)) != LB_OK)
        return rc;
    return lbi_mr_result(R, c->target, cell);
}

/* The attackers of req by id, for the advance (R-MEL-19); how many. */
static int attacker_ids(const lb_melee_req *req, char ids[][LB_SUBJECT_MAX])
{
    for (int i = 0; i < req->nattackers; i++)
        snprintf(ids[i], LB_SUBJECT_MAX, "%s", req->attackers[i].id);
    return req->nattackers;
}

/* R-MEL-9..22 (33.4-33.12): the assault req once the retreats before it are over: the preserve
 * answers, the pre-melee checks, the melee roll and its results. */
static int fight_on(mrun *R, const lb_melee_req *req, lb_melee_chance *c)
{
    lb_hex target = req->target;
    char ids[LB_MELEE_ATTACKERS_MAX][LB_SUBJECT_MAX];
    int nids = attacker_ids(req, ids), rc;
    if ((rc = ask_preserve(R, c)) != LB_OK)
        return rc;
    if ((rc = assess(R, req, c)) != LB_OK)
        return rc;
    if (!c->allowed)
        return refused(R, c);

    valued before[LB_MELEE_UNITS_MAX];
    for (int i = 0; i < c->nunits; i++) {
        snprintf(before[i].id, LB_SUBJECT_MAX, "%s", R->st->units[c->units[i].unit].id);
        before[i].value = c->units[i].value;
    }
    int nbefore = c->nunits;
    char keep[LB_MELEE_UNITS_MAX][LB_SUBJECT_MAX];
    int nkeep;
    if ((rc = checks(R, c, before, LB_MELEE_DEFENDER, keep, &nkeep)) != LB_OK)
        return rc;
    if (lb_state_top_enemy(R->st, target, R->side) < 0) {
        lbi_mr_event(R, "no-melee", "R-MEL-12", "(33)", NULL, NULL, target, 0,
                     EV_MEL_DEFENDERS_LEFT, NULL, 0);
        lbi_mr_summary(R, "DEFENDER_FAILS");
        return lbi_mr_advance(R, target, ids, nids, 0, MEL_ADVANCE_MAY_DEFENDERS);
    }
    if ((rc = checks(R, c, before, LB_MELEE_ATTACKER, keep, &nkeep)) != LB_OK)
        return rc;
    if (nkeep == 0) {
        lbi_mr_event(R, "no-melee", "R-MEL-12", "(33)", NULL, NULL, target, 0,
                     EV_MEL_ATTACKERS_FAILED, NULL, 0);
        lbi_mr_summary(R, "ATTACKER_FAILS");
        return LB_OK;
    }
    lb_melee_req fighting;
    keep_attackers(req, keep, nkeep, &fighting);
    lb_melee_chance *now = malloc(sizeof *now);
    if (!now)
        return LB_NOMEM;
    rc = fight(R, &fighting, before, nbefore, now);
    free(now);
    if (rc != LB_OK)
        return rc;
    readiness(R, req);
    return LB_OK;
}

/* R-MEL-27: the hexes, next to `from`, of the defenders in gone that retreated before the melee,
 * into out in label order; how many. */
static int pursued_hexes(const mrun *R, lb_hex from, char gone[][LB_SUBJECT_MAX], int ngone,
                         lb_hex *out)
{
    int n = 0;
    for (int k = 0; k < ngone; k++) {
        int u = lbi_mr_unit(R, gone[k]);
        if (u < 0 || lb_hex_distance(R->st->units[u].hexes[0], from) != 1)
            continue;
        lb_hex h = R->st->units[u].hexes[0];
        int j = 0;
        while (j < n && (out[j].col < h.col || (out[j].col == h.col && out[j].row < h.row)))
            j++;
        if (j < n && lb_hex_eq(out[j], h))
            continue;
        memmove(out + j + 1, out + j, (size_t)(n - j) * sizeof *out);
        out[j] = h;
        n++;
    }
    return n;
}

/* R-MEL-27: which of the n hexes the pursuer melees: the only one, or its side's choice. */
static int pursuit_hex(mrun *R, const lb_unit *p, lb_hex from, const lb_hex *hexes, int n,
                       int *choice)
{
    *choice = 0;
    if (n == 1)
        return LB_OK;
    char label[LB_HEX_LABEL_MAX];
    lb_decision d;
    MR_ASK(&d, LB_DECIDE_PATH, p->side, p->id, "R-MEL-27", EV_MEL_ASK_PURSUIT,
           ev_unit_id(lbi_mr_id(R, p->id)), ev_hex(R->st, from));
    for (int k = 0; k < n; k++)
        if (MR_OPTION(&d, lb_map_label(&R->st->map, hexes[k], label), EV_MEL_OPT_MELEE,
                      ev_hex(R->st, hexes[k])) != LB_OK) {
            lb_decision_release(&d);
            return LB_NOMEM;
        }
    d.auto_choice = 0;
    return lbi_mr_decide(R, &d, choice);
}

/* R-MEL-27 (33.3): the attacker that advanced in pursuit into the hex the defenders left melees,
 * when it is again next to a defender that retreated before the melee, that defender's hex: its
 * pre-melee check and the melee go on, with no second retreat before melee and no second
 * pursuit. */
static int pursuit(mrun *R, const lb_melee_req *req, lb_hex from, char gone[][LB_SUBJECT_MAX],
                   int ngone, lb_melee_chance *c)
{
    int a = 0, u = -1;
    for (; a < req->nattackers; a++) {
        u = lbi_mr_unit(R, req->attackers[a].id);
        if (u >= 0 && lb_unit_in_hex(&R->st->units[u], from))
            break;
    }
    if (a == req->nattackers) {
        LBI_EVENT(R->t, "R-MEL-27", "(33)", EV_MEL_PURSUIT_NONE, ev_hex(R->st, from));
        return LB_OK;
    }
    const lb_unit *p = &R->st->units[u];
    lb_hex hexes[LB_MELEE_DEFENDERS_MAX];
    int n = pursued_hexes(R, from, gone, ngone, hexes), choice, rc;
    if (n == 0) {
        LBI_EVENT(R->t, "R-MEL-27", "(33)", EV_MEL_PURSUIT_APART, ev_unit_id(lbi_mr_id(R, p->id)),
                  ev_hex(R->st, from));
        return LB_OK;
    }
    if ((rc = pursuit_hex(R, p, from, hexes, n, &choice)) != LB_OK)
        return rc;
    lb_melee_req next = *req;
    next.target = hexes[choice];
    next.nattackers = 1;
    next.attackers[0] = req->attackers[a];
    next.attackers[0].fired = 0; /* the assault it fired for goes on (33.3) */
    if ((rc = declare(R, &next, c, R->t)) != LB_OK)
        return rc;
    if (!c->allowed) {
        LBI_EVENT(R->t, "R-MEL-27", "(33)", EV_MEL_PURSUIT_BARRED, ev_unit_id(lbi_mr_id(R, p->id)),
                  ev_hex(R->st, next.target));
        return LB_OK;
    }
    for (int i = c->nattackers; i < c->nunits; i++) {
        const char *id = R->st->units[c->units[i].unit].id;
        MR_EVENT(R, "pursuit", "R-MEL-27", "(33)", p->id, id, next.target, 0, EV_MEL_PURSUIT,
                 ev_unit_id(lbi_mr_id(R, p->id)), ev_unit_id(lbi_mr_id(R, id)),
                 ev_hex(R->st, next.target));
    }
    char label[LB_HEX_LABEL_MAX];
    lbi_mr_summary(R, "pursuit:%s", lb_map_label(&R->st->map, next.target, label));
    return fight_on(R, &next, c);
}

/* R-MEL-1..28: the whole procedure of (33). */
static int procedure(mrun *R, lb_melee_chance *c)
{
    const lb_melee_req *req = &R->m->req;
    int rc = declare(R, req, c, R->t);
    if (rc != LB_OK)
        return rc;
    if (!c->allowed)
        return refused(R, c);
    const lb_melee_charts *mc = R->st->charts.melee;
    if (!mc || !mc->has_table) {
        lbi_mel_refuse(c, "R-MEL-15", "(34)", NULL, EV_MEL_NO_TABLE, NULL, 0);
        return refused(R, c);
    }
    int side = R->side = R->st->units[c->units[0].unit].side, ngone;
    lb_hex target = c->target;
    char gone[LB_MELEE_DEFENDERS_MAX][LB_SUBJECT_MAX];
    if ((rc = retire(R, req, c, side, gone, &ngone)) != LB_OK)
        return rc;
    if (lb_state_top_enemy(R->st, target, side) < 0) {
        lbi_mr_event(R, "no-melee", "R-MEL-8", "(29)", NULL, NULL, target, 0, EV_MEL_ALL_RETIRED,
                     NULL, 0);
        char ids[LB_MELEE_ATTACKERS_MAX][LB_SUBJECT_MAX];
        int nids = attacker_ids(req, ids);
        if ((rc = lbi_mr_advance(R, target, ids, nids, 0, MEL_ADVANCE_PURSUIT)) != LB_OK)
            return rc;
        return pursuit(R, req, target, gone, ngone, c);
    }
    if (ngone && (rc = declare(R, req, c, NULL)) != LB_OK)
        return rc;
    return fight_on(R, req, c);
}

/* ---- passes and the public machine -------------------------------------------------------- */

static void reset_result(lb_melee *m)
{
    lb_melee_event *events = m->result.events;
    memset(&m->result, 0, sizeof m->result);
    m->result.events = events;
    lb_trace_release(&m->trace);
    lb_trace_init(&m->trace);
    m->err = (lb_err){.code = LB_OK};
    lb_decision_release(&m->pending);
    lbi_passed_clear(&m->passed);
}

/* One pass: a fresh copy of the state, the journal replayed, the procedure to its next stop. */
static int pass(lb_melee *m, lb_dice *dice)
{
    reset_result(m);
    lb_state_free(m->work);
    m->work = lb_state_clone(m->start);
    lb_melee_chance *c = malloc(sizeof *c);
    mrun *R = calloc(1, sizeof *R);
    if (!m->work || !c || !R) {
        free(c);
        free(R);
        return LB_NOMEM;
    }
    *R = (mrun){.m = m, .st = m->work, .dice = dice, .t = &m->trace, .res = &m->result};
    m->oom = 0;
    int rc = procedure(R, c);
    int cursor = R->cursor;
    free(c);
    free(R);
    if (m->oom || m->trace.failed)
        return LB_NOMEM;
    if (rc == MEL_STOP_DECIDE) {
        m->status = LB_MELEE_DECIDE;
        return LB_OK;
    }
    if (rc == MEL_STOP_REFUSED) {
        m->status = LB_MELEE_REFUSED;
        return LB_OK;
    }
    if (rc != LB_OK)
        return rc;
    if (cursor < m->journal.count) {
        return lb_err_set(&m->err, LB_INVALID,
                          "the journal holds %d entries more than the melee uses",
                          m->journal.count - cursor);
    }
    m->status = LB_MELEE_DONE;
    return LB_OK;
}

int lb_melee_new(const lb_state *s, const lb_melee_req *req, lb_melee **out)
{
    *out = NULL;
    if (req->nattackers < 1 || req->nattackers > LB_MELEE_ATTACKERS_MAX ||
        req->npassed < 0 || req->npassed > LB_MELEE_PASSED_MAX)
        return LB_INVALID;
    for (int i = 0; i < req->nattackers; i++)
        if (!req->attackers[i].id || strlen(req->attackers[i].id) >= LB_SUBJECT_MAX ||
            lb_state_unit_index(s, req->attackers[i].id) < 0)
            return LB_INVALID;
    for (int i = 0; i < req->npassed; i++)
        if (!req->passed[i] || strlen(req->passed[i]) >= LB_SUBJECT_MAX)
            return LB_INVALID;
    lb_melee *m = calloc(1, sizeof *m);
    if (!m)
        return LB_NOMEM;
    m->start = lb_state_clone(s);
    if (!m->start) {
        free(m);
        return LB_NOMEM;
    }
    m->req = *req;
    for (int i = 0; i < req->nattackers; i++) {
        snprintf(m->ids[i], LB_SUBJECT_MAX, "%s", req->attackers[i].id);
        m->req.attackers[i].id = m->ids[i];
    }
    for (int i = 0; i < req->npassed; i++) {
        snprintf(m->ids[LB_MELEE_ATTACKERS_MAX + i], LB_SUBJECT_MAX, "%s", req->passed[i]);
        m->req.passed[i] = m->ids[LB_MELEE_ATTACKERS_MAX + i];
    }
    lb_journal_init(&m->journal);
    lb_trace_init(&m->trace);
    *out = m;
    return LB_OK;
}

void lb_melee_free(lb_melee *m)
{
    if (!m)
        return;
    lb_journal_release(&m->journal);
    lb_decision_release(&m->pending);
    lb_state_free(m->work);
    lb_state_free(m->start);
    lb_trace_release(&m->trace);
    free(m->result.events);
    lbi_passed_release(&m->passed);
    free(m);
}

const lbi_passed_log *lbi_melee_passed(const lb_melee *m)
{
    return &m->passed;
}

int lb_melee_resolve(lb_melee *m, lb_dice *dice)
{
    int rc = pass(m, dice);
    if (rc != LB_OK && m->err.code == LB_OK)
        lb_err_set(&m->err, rc, "%s", lb_err_str(rc));
    return rc;
}

lb_melee_status lb_melee_status_of(const lb_melee *m)
{
    return m->status;
}

const lb_decision *lb_melee_pending(const lb_melee *m)
{
    return m->status == LB_MELEE_DECIDE ? &m->pending : NULL;
}

int lb_melee_answer(lb_melee *m, const char *key)
{
    if (m->status != LB_MELEE_DECIDE || !m->pending.noptions)
        return LB_INVALID;
    int k = lb_decision_find(&m->pending, key);
    if (k < 0)
        return LB_INVALID;
    if (lb_journal_decision(&m->journal, &m->pending, k, LB_BY_PLAYER) != LB_OK)
        return LB_NOMEM;
    lb_decision_release(&m->pending);
    return LB_OK;
}

int lb_melee_answer_auto(lb_melee *m)
{
    if (m->status != LB_MELEE_DECIDE || !m->pending.noptions)
        return LB_INVALID;
    if (lb_journal_decision(&m->journal, &m->pending, m->pending.auto_choice, LB_BY_AUTO) !=
        LB_OK)
        return LB_NOMEM;
    lb_decision_release(&m->pending);
    return LB_OK;
}

const lb_melee_result *lb_melee_result_of(const lb_melee *m)
{
    return &m->result;
}

const lb_trace *lb_melee_trace(const lb_melee *m)
{
    return &m->trace;
}

const lb_journal *lb_melee_journal(const lb_melee *m)
{
    return &m->journal;
}

int lb_melee_load_journal(lb_melee *m, const lb_journal *j)
{
    lb_journal copy;
    if (lb_journal_copy(&copy, j) != LB_OK)
        return LB_NOMEM;
    lb_journal_release(&m->journal);
    m->journal = copy;
    return LB_OK;
}

const lb_state *lb_melee_state(const lb_melee *m)
{
    return m->work;
}

const char *lb_melee_error(const lb_melee *m)
{
    return m->err.msg;
}

const lb_err *lb_melee_err(const lb_melee *m)
{
    return &m->err;
}

/* ---- apply by id -------------------------------------------------------------------------- */

/* The fields a melee reads and changes: two units are the same when all agree. */
static int same_unit(const lb_unit *a, const lb_unit *b)
{
    if (a->side != b->side || a->losses != b->losses || a->state != b->state ||
        a->formation != b->formation || a->facing != b->facing || a->readiness != b->readiness ||
        a->nhexes != b->nhexes || a->move.hold_next != b->move.hold_next)
        return 0;
    for (int k = 0; k < a->nhexes; k++)
        if (!lb_hex_eq(a->hexes[k], b->hexes[k]))
            return 0;
    return 1;
}

/* R-MEL-24 */
int lb_melee_apply(const lb_melee *m, lb_state *s)
{
    if (m->status != LB_MELEE_DONE || !m->work)
        return LB_INVALID;
    const lb_state *o = m->start, *w = m->work;
    /* every unit the melee changed or removed must be in s as it was in the origin */
    for (int i = 0; i < o->nunits; i++) {
        const lb_unit *before = &o->units[i];
        int wi = lb_state_unit_index(w, before->id);
        if (wi >= 0 && same_unit(before, &w->units[wi]))
            continue;
        int si = lb_state_unit_index(s, before->id);
        if (si < 0 || !same_unit(before, &s->units[si]))
            return LB_STALE;
    }
    for (int i = 0; i < o->nunits; i++) {
        const lb_unit *before = &o->units[i];
        int wi = lb_state_unit_index(w, before->id), si = lb_state_unit_index(s, before->id);
        if (wi >= 0 && !same_unit(before, &w->units[wi])) {
            lb_unit *u = &s->units[si];
            const lb_unit *after = &w->units[wi];
            u->losses = after->losses;
            u->state = after->state;
            u->formation = after->formation;
            u->facing = after->facing;
            u->readiness = after->readiness;
            u->move.hold_next = after->move.hold_next;
            u->nhexes = after->nhexes;
            memcpy(u->hexes, after->hexes, sizeof u->hexes);
        } else if (wi < 0) {
            int rc = lb_state_remove_unit(s, si);
            if (rc != LB_OK)
                return rc;
        }
    }
    lb_state_touch(s);
    return lb_state_reindex(s);
}
