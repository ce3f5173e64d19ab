/* The Movement segment (18), (28), (45): the legal actions of the phasing side, a move carried out one action at a time with the opportunity fire each action allows, and reinforcements entering. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "game_events.h"
#include "rules_types.h"
#include "state_int.h"
#include "decision_int.h"
#include "trace_int.h"
#include "action_int.h"
#include "fire_int.h"
#include "move_int.h"
#include "hex_int.h"
#include "unit_int.h"

/* ---- actions ------------------------------------------------------------------------------- */

/* A reason of the movement rules in words, into buf (LB_MOVE_REASON_MAX bytes). */
static const char *said(const lb_said *s, char *buf)
{
    lb_said_fmt(s, buf, LB_MOVE_REASON_MAX);
    return buf;
}

/* "F", "F:N", "F:N@H1+H2" from an action (the syntax of labataille move --plan). */
static void form_spec(const lb_state *st, const lb_move_action *a, char *out, size_t n)
{
    size_t used = (size_t)snprintf(out, n, "%s", lb_formation_name(a->formation));
    if (a->facing && used < n)
        used += (size_t)snprintf(out + used, n - used, ":%d", a->facing);
    for (int k = 0; k < a->nhexes && used < n; k++) {
        char label[LB_HEX_LABEL_MAX];
        used += (size_t)snprintf(out + used, n - used, "%s%s", k ? "+" : "@",
                                 lb_map_label(&st->map, a->hexes[k], label));
    }
}

/* The action of a change the movement rules list as open (face, form, prolonge, …) into *act,
 * and what it is after the unit in words ("4", "line:5@0715+0814", "" for none) into what. */
static void change_action(const lb_state *st, const char *id, const lb_move_outcome *o,
                          lb_action *act, char *what, size_t n)
{
    const lb_move_action *a = &o->action;
    static const lb_verb verbs[] = {[LB_ACT_FACE] = LB_VERB_FACE, [LB_ACT_FORM] = LB_VERB_FORM,
                                    [LB_ACT_PROLONGE] = LB_VERB_PROLONGE,
                                    [LB_ACT_ATTACH] = LB_VERB_ATTACH,
                                    [LB_ACT_DETACH] = LB_VERB_DETACH,
                                    [LB_ACT_MARCH] = LB_VERB_MARCH};
    lb_action_init(act, (unsigned)a->kind < sizeof verbs / sizeof *verbs ? verbs[a->kind]
                                                                          : LB_VERB_NONE);
    lb_action_add_unit(act, id);
    what[0] = '\0';
    switch (a->kind) {
    case LB_ACT_FACE:
        act->number = a->facing;
        snprintf(what, n, "%d", a->facing);
        break;
    case LB_ACT_FORM:
        act->formation = a->formation;
        act->number = a->facing;
        for (int k = 0; k < a->nhexes; k++)
            lb_action_add_hex(act, a->hexes[k]);
        form_spec(st, a, what, n);
        break;
    case LB_ACT_PROLONGE:
        lb_action_add_hex(act, o->to[0]);
        lb_map_label(&st->map, o->to[0], what);
        break;
    case LB_ACT_ATTACH:
        lb_action_add_unit(act, a->with ? a->with : "");
        snprintf(what, n, "%s", a->with ? a->with : "");
        break;
    default:
        break;
    }
}

/* ---- options ------------------------------------------------------------------------------- */

/* For a unit in several hexes, where all its hexes end when its first reaches reach[i] (each
 * step moves every hex the same way, R-MOV-7): "0811+0812, "; "" for a unit in one hex. */
static void hexes_after(const lb_state *st, const lb_unit *u, const lb_move_choices *ch, int i,
                        char *out, size_t n)
{
    int dirs[64], len = u->nhexes > 1 ? lb_move_choices_path(ch, i, dirs, 64) : 0;
    size_t used = 0;
    out[0] = '\0';
    for (int k = 0; k < u->nhexes && len > 0 && len <= 64 && used < n; k++) {
        lb_hex h = u->hexes[k];
        for (int s = 0; s < len; s++)
            h = lb_hex_neighbor(h, dirs[s]);
        char label[LB_HEX_LABEL_MAX];
        used += (size_t)snprintf(out + used, n - used, "%s%s", k ? "+" : "",
                                 lb_map_label(&st->map, h, label));
    }
    if (used && used < n)
        snprintf(out + used, n - used, ", ");
}

/* An option's text written piece by piece (the listing writes 20,000 of them in a big battle:
 * no printf), cut as snprintf would to its room. */
typedef struct line {
    char buf[LB_OPTION_TEXT_MAX];
    size_t used;
} line;

static void put(line *l, const char *s)
{
    while (*s && l->used + 1 < sizeof l->buf)
        l->buf[l->used++] = *s++;
    l->buf[l->used] = '\0';
}

/* Movement points from half points: "3", "1.5". */
static void put_mp(line *l, int half)
{
    char digits[16], *p = digits + sizeof digits;
    unsigned v = half < 0 ? 0u - (unsigned)half : (unsigned)half;
    *--p = '\0';
    if (v % 2) {
        *--p = '5';
        *--p = '.';
    }
    v /= 2;
    do
        *--p = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    if (half < 0 && half / 2 != 0)
        *--p = '-';
    put(l, p);
}

/* The options of unit u the movement rules' choices ch offer (some may be offered already). */
static int choices_options(const lb_game *g, const lb_unit *u, const lb_move_choices *ch,
                           lb_decision *d)
{
    const lb_state *st = g->st;
    int rc = LB_OK;
    char label[LB_HEX_LABEL_MAX], where[96], what[96];
    lb_action a;
    line l;
    lb_action_init(&a, LB_VERB_MOVE);
    lb_action_add_unit(&a, u->id);
    for (int i = 1; i < ch->nreach && rc == LB_OK && ch->may_step; i++) {
        if (!ch->reach[i].end)
            continue;
        lb_map_label(&st->map, ch->reach[i].hex, label);
        a.nhexes = 0; /* the unit's move to this hex */
        lb_action_add_hex(&a, ch->reach[i].hex);
        hexes_after(st, u, ch, i, where, sizeof where);
        l.used = 0; /* "%s moves to %s (%s%s MP%s)" */
        put(&l, u->id);
        put(&l, " moves to ");
        put(&l, label);
        put(&l, " (");
        put(&l, where);
        put_mp(&l, ch->reach[i].cost);
        put(&l, ch->reach[i].stop ? " MP, stops in an enemy zone)" : " MP)");
        rc = lbi_offer_text(d, st, &a, NULL, l.buf);
        if (rc == LB_INVALID)
            rc = LB_OK; /* already offered */
    }
    if (rc == LB_OK && ch->may_step && ch->nreach > 1) {
        lb_action_init(&a, LB_VERB_PATH);
        lb_action_add_unit(&a, u->id);
        rc = lbi_offer(d, st, &a, "path", "%s moves along a path H1,H2,… (the hexes it enters)",
                       u->id);
    }
    for (int i = 0; i < ch->nchanges && rc == LB_OK; i++) {
        const lb_move_outcome *o = &ch->changes[i];
        if (!o->legal)
            continue;
        change_action(st, u->id, o, &a, what, sizeof what);
        l.used = 0; /* "%s: %s%s%s (%s MP)" */
        put(&l, u->id);
        put(&l, ": ");
        put(&l, lb_move_kind_name(o->action.kind));
        put(&l, what[0] ? " " : "");
        put(&l, what);
        put(&l, " (");
        put_mp(&l, o->cost);
        put(&l, " MP)");
        rc = lbi_offer_text(d, st, &a, NULL, l.buf);
        if (rc == LB_INVALID)
            rc = LB_OK;
    }
    return rc;
}

/* At most how many options choices ch offer (a move to each hex it may end in, a path, each
 * legal change). */
static int choices_count(const lb_move_choices *ch)
{
    int n = ch->may_step && ch->nreach > 1;
    for (int i = 1; i < ch->nreach && ch->may_step; i++)
        n += ch->reach[i].end != 0;
    for (int i = 0; i < ch->nchanges; i++)
        n += ch->changes[i].legal != 0;
    return n;
}

static int unit_options(const lb_game *g, const lb_unit *u, lb_decision *d)
{
    lb_move_choices ch;
    int rc = lb_move_options(g->st, u->id, &ch, NULL);
    if (rc == LB_OK)
        rc = choices_options(g, u, &ch, d);
    lb_move_choices_release(&ch);
    return rc;
}

/* Every unit of the deciding side listed whole: each unit's choices first, so that the options
 * (20,000 of a side in the Russbach battle) are allocated once at their number, not regrown. */
static int side_options(const lb_game *g, lb_decision *d)
{
    const lb_state *st = g->st;
    lb_move_choices *all = calloc((size_t)(st->nunits ? st->nunits : 1), sizeof *all);
    if (!all)
        return LB_NOMEM;
    int rc = LB_OK, n = d->noptions + 1; /* and "end" */
    for (int i = 0; i < st->nunits && rc == LB_OK; i++)
        if (st->units[i].side == d->side && (rc = lb_move_options(st, st->units[i].id, &all[i],
                                                                  NULL)) == LB_OK)
            n += choices_count(&all[i]);
    /* none: nothing allocated (a decision without options is not released); within the room
     * reserved no add is refused, so the keys are checked and indexed once, at the end */
    int deferred = rc == LB_OK && n > d->noptions + 1 && (d->max <= 0 || n <= d->max);
    if (deferred) {
        lbi_decision_defer(d);
        rc = lbi_decision_reserve(d, n);
    }
    for (int i = 0; i < st->nunits && rc == LB_OK; i++)
        if (st->units[i].side == d->side)
            rc = choices_options(g, &st->units[i], &all[i], d);
    if (deferred) {
        int irc = lbi_decision_index(d);
        rc = rc == LB_OK ? irc : rc;
    }
    for (int i = 0; i < st->nunits; i++)
        lb_move_choices_release(&all[i]);
    free(all);
    return rc;
}

/* R-GAME-9, R-MOV-17: each reinforcement due may enter at its entry hex, or where the movement
 * rules say when that is refused; none when its entry waits a turn. */
static int entry_options(const lb_game *g, lb_decision *d, const opt_scope *sc)
{
    const lb_state *st = g->st;
    const lb_battle *b = &g->origin->battle;
    int rc = LB_OK;
    for (int k = 0; k < b->nreinforcements && rc == LB_OK; k++) {
        const lb_reinforcement *r = &b->reinforcements[k];
        if (g->entered[k] || r->minutes > st->turn.minutes || r->unit.side != d->side ||
            (sc->unit && strcmp(sc->unit, r->unit.id) != 0))
            continue;
        lb_move_entry e;
        if ((rc = lb_move_entry_check(st, &r->unit, r->unit.hexes[0], &e, NULL)) != LB_OK)
            return rc;
        lb_hex at[LB_MOVE_ENTRY_ALTERNATIVES + 1];
        int n = 0;
        if (e.legal)
            at[n++] = r->unit.hexes[0];
        for (int i = 0; !e.legal && !e.delayed && i < e.nalternatives; i++)
            at[n++] = e.alternatives[i];
        for (int i = 0; i < n && rc == LB_OK; i++) {
            char label[LB_HEX_LABEL_MAX];
            lb_action a;
            lb_action_init(&a, LB_VERB_ENTER);
            lb_action_add_unit(&a, r->unit.id);
            lb_action_add_hex(&a, at[i]);
            rc = lbi_offer(d, st, &a, NULL, "%s (reinforcement) enters at %s", r->unit.id,
                           lb_map_label(&st->map, at[i], label));
        }
    }
    return rc;
}

int lbi_move_options(const lb_game *g, lb_decision *d, const opt_scope *sc)
{
    const lb_state *st = g->st;
    int rc = entry_options(g, d, sc);
    if (rc == LB_OK && !sc->any && !sc->unit)
        return side_options(g, d);
    for (int i = 0; i < st->nunits && rc == LB_OK && !(sc->any && d->noptions); i++)
        if (st->units[i].side == d->side && (!sc->unit || strcmp(sc->unit, st->units[i].id) == 0))
            rc = unit_options(g, &st->units[i], d);
    return rc;
}

/* ---- answers ------------------------------------------------------------------------------- */

static int job_start(lb_game *g, const char *id, const lb_move_action *a, int n)
{
    move_job *j = &g->job;
    memset(j, 0, sizeof *j);
    if (n > JOB_ACTIONS_MAX)
        return LB_INVALID;
    j->active = 1;
    snprintf(j->unit, sizeof j->unit, "%s", id);
    memcpy(j->actions, a, (size_t)n * sizeof *a);
    j->nactions = n;
    return LB_OK;
}

/* move UNIT HEX: the steps of one cheapest path the movement rules give to `to`. */
static int start_move(lb_game *g, const char *id, lb_hex to)
{
    lb_move_choices ch;
    int rc = lb_move_options(g->st, id, &ch, NULL);
    if (rc != LB_OK)
        return rc;
    int dirs[JOB_ACTIONS_MAX], n = -1;
    for (int i = 1; i < ch.nreach && n < 0; i++)
        if (lb_hex_eq(ch.reach[i].hex, to))
            n = lb_move_choices_path(&ch, i, dirs, JOB_ACTIONS_MAX);
    lb_move_choices_release(&ch);
    if (n < 1 || n > JOB_ACTIONS_MAX)
        return LB_INVALID;
    lb_move_action a[JOB_ACTIONS_MAX];
    for (int i = 0; i < n; i++)
        a[i] = (lb_move_action){.kind = LB_ACT_STEP, .dir = dirs[i]};
    return job_start(g, id, a, n);
}

/* The first entry of a path (the hexes of a, then `entry` when it did not read whole, -1 when it
 * did) that is not a hex of the map or one too many, from 0; -1 when there is none. */
static int path_fault(const lb_state *st, const lb_action *a, int entry)
{
    for (int i = 0; i < a->nhexes; i++)
        if (i == JOB_ACTIONS_MAX || !lb_map_contains(&st->map, a->hexes[i]))
            return i;
    return entry >= JOB_ACTIONS_MAX ? JOB_ACTIONS_MAX : entry;
}

/* R-MOV-1: refuses a path whose entry bad (from 0) is not a hex of the map; returns LB_OK. */
static int refuse_path(lb_game_answer *out, int bad)
{
    return lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MOV-1", "the path's entry %d is not a hex "
                       "of the map (at most %d hexes)", bad + 1, JOB_ACTIONS_MAX);
}

int lbi_path_refuse(const lb_game *g, const parsed *p, lb_game_answer *out)
{
    return refuse_path(out, path_fault(g->st, &p->act, p->entry));
}

/* path UNIT H1,H2,…: checked whole by the movement rules before the first step (R-MOV-12). */
static int start_path(lb_game *g, const lb_action *p, lb_game_answer *out)
{
    char why[LB_MOVE_REASON_MAX];
    const lb_state *st = g->st;
    const char *id = lb_action_unit(p, 0);
    int u = lb_state_unit_index(st, id), bad = path_fault(st, p, -1);
    if (u < 0 || bad >= 0)
        return refuse_path(out, u < 0 ? 0 : bad);
    int n = p->nhexes;
    lb_move_action a[JOB_ACTIONS_MAX];
    lb_hex at = st->units[u].hexes[0];
    for (int i = 0; i < n; i++) {
        int dir = lb_hex_dir_to(at, p->hexes[i]);
        if (dir < 0) {
            char entry[LB_HEX_LABEL_MAX], before[LB_HEX_LABEL_MAX];
            lb_map_label(&st->map, p->hexes[i], entry);
            lb_map_label(&st->map, at, before);
            return lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MOV-1", "the path's entry %d, %s, is "
                                   "not next to %s, the hex before it%s", i + 1, entry, before,
                                   i == 0 && lb_hex_eq(at, p->hexes[0])
                                       ? " (a path lists the hexes the unit enters, not its own)"
                                       : i == 0 ? " (where the unit stands)" : "");
        }
        a[i] = (lb_move_action){.kind = LB_ACT_STEP, .dir = dir};
        at = p->hexes[i];
    }
    lb_move_plan plan;
    int rc = lb_move_check(st, id, a, n, NULL, &plan, NULL);
    if (rc != LB_OK)
        return rc;
    if (!plan.legal)
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, plan.rule ? plan.rule : "R-MOV-12", "%s",
                        said(&plan.why, why));
    lb_move_plan_release(&plan);
    return out->verdict == LB_ACCEPTED ? job_start(g, id, a, n) : LB_OK;
}

/* The reinforcement id due now, or -1 (R-GAME-9). */
static int due(const lb_game *g, const char *id)
{
    const lb_battle *b = &g->origin->battle;
    for (int k = 0; k < b->nreinforcements; k++)
        if (!g->entered[k] && strcmp(b->reinforcements[k].unit.id, id) == 0 &&
            b->reinforcements[k].minutes <= g->st->turn.minutes)
            return k;
    return -1;
}

/* Refuses the entry of id, which is not due now: when it arrives, or that it is none. */
static void not_due(const lb_game *g, const char *id, lb_game_answer *out)
{
    const lb_battle *b = &g->origin->battle;
    for (int k = 0; k < b->nreinforcements; k++)
        if (strcmp(b->reinforcements[k].unit.id, id) == 0) {
            int m = b->reinforcements[k].minutes;
            lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-9", g->entered[k]
                        ? "%s has entered the map already" : "%s arrives at %02d:%02d", id,
                        m / 60, m % 60);
            return;
        }
    lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-9", "%s is not a reinforcement", id);
}

/* enter UNIT HEX: a reinforcement comes onto the map (R-GAME-9, R-MOV-17); refused with the
 * movement rules' reason when it may not enter there. */
static int enter(lb_game *g, const char *id, lb_hex at, lb_game_answer *out)
{
    char why[LB_MOVE_REASON_MAX];
    lb_state *st = g->st;
    char hex[LB_HEX_LABEL_MAX];
    lb_map_label(&st->map, at, hex);
    int k = due(g, id);
    if (k < 0) {
        not_due(g, id, out);
        return LB_OK;
    }
    if (!lb_map_contains(&st->map, at))
        return lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MOV-17", "\"%s\" is not a hex of the "
                           "map", hex);
    const lb_unit *u = &g->origin->battle.reinforcements[k].unit;
    lb_move_entry e;
    int rc = lb_move_entry_check(st, u, at, &e, g->tr);
    if (rc == LB_OK && !e.legal)
        return lbi_game_refuse(out, LB_REFUSED_ILLEGAL, e.rule ? e.rule : "R-MOV-17", "%s",
                               said(&e.why, why));
    if (rc == LB_OK)
        rc = lb_move_entry_apply(st, u, &e);
    if (rc == LB_OK)
        g->entered[k] = 1;
    LBI_EVENT(g->tr, "R-GAME-9", "(45)", EV_GAME_ENTERS, ev_unit_id(id), lbi_ev_label(hex));
    if (rc == LB_OK && lbi_opp_charge_offer(g, id) < 0) /* R-OCH-1 */
        rc = LB_NOMEM;
    return rc;
}

/* Refuses the answer p as no movement action; returns -1. */
static int not_a_move(const parsed *p, lb_game_answer *out)
{
    lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-3", "\"%s\" is not a movement action (move, "
                "path, face, form, prolonge, attach, detach, march, enter)", p->key);
    return -1;
}

/* The part of p that did not read, as text into buf (n bytes). */
static const char *found(const parsed *p, char *buf, size_t n)
{
    snprintf(buf, n, "%.*s", p->found_len, p->found);
    return buf;
}

/* The movement rules' action of the answer p (face, form, prolonge, attach, detach, march) for
 * unit u into *m (with: room for an attach's unit, LB_OPTION_KEY_MAX bytes): 0, or -1 with the
 * refusal in out when p did not read as one. */
static int move_action_of(const lb_state *st, const parsed *p, int u, lb_move_action *m,
                          char *with, lb_game_answer *out)
{
    const lb_action *a = &p->act;
    char text[LB_OPTION_KEY_MAX];
    memset(m, 0, sizeof *m);
    if (p->missing || p->bad == KEY_TRAILING)
        return not_a_move(p, out);
    switch (a->verb) {
    case LB_VERB_FACE:
        if (p->bad != KEY_WHOLE) {
            lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GRID-3", "expected face:UNIT:N, a clock "
                        "hour from 1 to 12, found \"%s\"", found(p, text, sizeof text));
            return -1;
        }
        *m = (lb_move_action){.kind = LB_ACT_FACE, .facing = a->number};
        return 0;
    case LB_VERB_FORM:
        if (p->bad != KEY_WHOLE) {
            lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-FORM-2", "expected form:UNIT:FORMATION[:N]"
                        "[@H1+H2…] (column, line, carre, skirmish, road_march, limbered, "
                        "unlimbered), found \"%s\"", found(p, text, sizeof text));
            return -1;
        }
        *m = (lb_move_action){.kind = LB_ACT_FORM, .formation = a->formation,
                              .facing = a->number, .nhexes = a->nhexes};
        memcpy(m->hexes, a->hexes, (size_t)a->nhexes * sizeof *a->hexes);
        return 0;
    case LB_VERB_PROLONGE: {
        int dir = p->bad == KEY_WHOLE ? lb_hex_dir_to(st->units[u].hexes[0], a->hexes[0]) : -1;
        if (dir < 0) {
            if (p->bad == KEY_WHOLE)
                lb_map_label(&st->map, a->hexes[0], text);
            else
                found(p, text, sizeof text);
            lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MOV-1", "a prolonge moves one hex: %s is "
                        "not next to the battery", text);
            return -1;
        }
        *m = (lb_move_action){.kind = LB_ACT_PROLONGE, .dir = dir};
        return 0;
    }
    case LB_VERB_ATTACH:
        /* the unit it attaches to as given, for the movement rules to refuse when none */
        if (p->bad == KEY_WHOLE)
            snprintf(with, LB_OPTION_KEY_MAX, "%s", lb_action_unit(a, 1));
        else
            found(p, with, LB_OPTION_KEY_MAX);
        *m = (lb_move_action){.kind = LB_ACT_ATTACH, .with = with};
        return 0;
    case LB_VERB_DETACH:
        *m = (lb_move_action){.kind = LB_ACT_DETACH};
        return 0;
    case LB_VERB_MARCH:
        *m = (lb_move_action){.kind = LB_ACT_MARCH};
        return 0;
    default:
        return not_a_move(p, out);
    }
}

/* The steps of the most direct way from the unit's first hex to `to`: each step to the
 * neighbour nearest to `to` (the first in direction order on a tie); returns how many. */
static int direct_way(lb_hex from, lb_hex to, lb_move_action *a, int max)
{
    int n = 0;
    while (!lb_hex_eq(from, to) && n < max) {
        int best = -1, bd = 0;
        for (int dir = 0; dir < LB_DIR_COUNT; dir++) {
            int d = lb_hex_distance(lb_hex_neighbor(from, dir), to);
            if (best < 0 || d < bd) {
                best = dir;
                bd = d;
            }
        }
        a[n++] = (lb_move_action){.kind = LB_ACT_STEP, .dir = best};
        from = lb_hex_neighbor(from, best);
    }
    return n;
}

/* Why moving id to `to` (NULL: no hex; hex: its text as given) is not an option: the unit may
 * not move, the hex is not on the map, the cheapest path reaches it but the move may not end
 * there, or no path of its allowance reaches it (with the movement rules' reason on the most
 * direct way). Refused in out. */
static void explain_move(const lb_game *g, const char *id, const lb_hex *at, const char *hex,
                         lb_game_answer *out)
{
    char why[LB_MOVE_REASON_MAX];
    const lb_state *st = g->st;
    if (!at || !lb_map_contains(&st->map, *at)) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MOV-1", "\"%s\" is not a hex of the map", hex);
        return;
    }
    lb_hex to = *at;
    lb_move_choices ch;
    if (lb_move_options(st, id, &ch, NULL) != LB_OK) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MOV-1", "%s has no movement options", id);
        return;
    }
    lb_move_action a[JOB_ACTIONS_MAX];
    int n = -1, reached = 0;
    for (int i = 1; i < ch.nreach; i++)
        if (lb_hex_eq(ch.reach[i].hex, to)) {
            int dirs[JOB_ACTIONS_MAX];
            reached = 1;
            n = lb_move_choices_path(&ch, i, dirs, JOB_ACTIONS_MAX);
            for (int k = 0; k < n && k < JOB_ACTIONS_MAX; k++)
                a[k] = (lb_move_action){.kind = LB_ACT_STEP, .dir = dirs[k]};
        }
    int u = lb_state_unit_index(st, id);
    if (!ch.may_step)
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, ch.rule ? ch.rule : "R-MOV-3", "%s may not move: %s",
                    id, said(&ch.why, why));
    else if (lb_hex_eq(to, st->units[u].hexes[0]))
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MOV-1", "%s is in %s already", id, hex);
    else if (!reached)
        n = direct_way(st->units[u].hexes[0], to, a, JOB_ACTIONS_MAX);
    if (ch.may_step && n > 0 && n <= JOB_ACTIONS_MAX) {
        lb_move_plan plan;
        memset(&plan, 0, sizeof plan);
        char mp[16];
        snprintf(mp, sizeof mp, "%d%s", (ch.allowance - ch.spent) / 2,
                 (ch.allowance - ch.spent) % 2 ? ".5" : "");
        if (lb_move_check(st, id, a, n, NULL, &plan, NULL) == LB_OK && !plan.legal && reached)
            lbi_game_refuse(out, LB_REFUSED_ILLEGAL, plan.rule ? plan.rule : "R-MOV-12", "%s",
                        said(&plan.why, why));
        else if (!plan.legal && plan.why.event)
            lbi_game_refuse(out, LB_REFUSED_ILLEGAL, plan.rule ? plan.rule : "R-MOV-12",
                        "%s may not reach %s: on the most direct way, %s", id, hex,
                        said(&plan.why, why));
        else
            lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MOV-12", "%s may not reach %s: no path of "
                        "its %s MP left leads there", id, hex, mp);
        lb_move_plan_release(&plan);
    }
    lb_move_choices_release(&ch);
}

/* R-GAME-9: why the entry p, which the options do not list, is refused. */
static void explain_entry(const lb_game *g, const parsed *p, lb_game_answer *out)
{
    char why[LB_MOVE_REASON_MAX];
    const char *id = lb_action_unit(&p->act, 0);
    int k = due(g, id);
    lb_move_entry e;
    if (k < 0)
        not_due(g, id, out);
    else if (p->bad != KEY_WHOLE)
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MOV-17", "expected enter:UNIT:HEX");
    else if (lb_move_entry_check(g->st, &g->origin->battle.reinforcements[k].unit,
                                 p->act.hexes[0], &e, NULL) == LB_OK && !e.legal)
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, e.rule ? e.rule : "R-MOV-17", "%s", said(&e.why, why));
    else
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-9", "%s enters at its entry hex, or "
                    "where the movement rules say when that is refused", id);
}

int lbi_move_check(const lb_game *g, const parsed *p, lb_game_answer *out)
{
    char why[LB_MOVE_REASON_MAX];
    const lb_state *st = g->st;
    const lb_action *a = &p->act;
    if (a->nunits == 0) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-3", "expected VERB:UNIT…, found \"%s\"",
                    p->key);
        return 0;
    }
    const char *id = lb_action_unit(a, 0);
    if (a->verb == LB_VERB_ENTER) {
        explain_entry(g, p, out);
        return 0;
    }
    int u = lb_state_unit_index(st, id);
    if (u < 0) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-3", "no unit \"%s\" on the map", id);
        return 0;
    }
    if (st->units[u].side != st->turn.phasing) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-1", "%s is %s's: %s moves now", id,
                    st->sides[st->units[u].side], st->sides[st->turn.phasing]);
        return 0;
    }
    if (a->verb == LB_VERB_MOVE || a->verb == LB_VERB_PATH) {
        char hex[LB_OPTION_KEY_MAX] = "";
        int whole = a->verb == LB_VERB_MOVE && p->bad == KEY_WHOLE;
        if (whole)
            lb_map_label(&st->map, a->hexes[0], hex);
        else if (a->verb == LB_VERB_MOVE)
            found(p, hex, sizeof hex);
        explain_move(g, id, whole ? &a->hexes[0] : NULL, hex, out);
        return 0;
    }
    lb_move_action m;
    char with[LB_OPTION_KEY_MAX];
    if (move_action_of(st, p, u, &m, with, out) != 0)
        return 0;
    lb_move_outcome o;
    if (lb_move_action_check(st, id, &m, &o, NULL) != LB_OK) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-MOV-1", "%s has no movement options", id);
        return 0;
    }
    if (o.legal)
        return 1; /* R-GAME-3: a facing, layout or formation the options leave to be asked */
    lbi_game_refuse(out, LB_REFUSED_ILLEGAL, o.rule ? o.rule : "R-MOV-1", "%s may not %s: %s", id,
                lb_move_kind_name(m.kind), said(&o.why, why));
    return 0;
}

int lbi_move_run(lb_game *g, const lb_action *a, lb_game_answer *out)
{
    char why[LB_MOVE_REASON_MAX];
    const lb_state *st = g->st;
    const char *id = lb_action_unit(a, 0);
    if (a->verb == LB_VERB_ENTER)
        return enter(g, id, a->hexes[0], out);
    if (a->verb == LB_VERB_MOVE)
        return start_move(g, id, a->hexes[0]);
    if (a->verb == LB_VERB_PATH)
        return a->nhexes ? start_path(g, a, out) : LB_INVALID;
    int u = lb_state_unit_index(st, id);
    if (u < 0)
        return lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-3", "no unit \"%s\" on the map",
                           id);
    parsed p = {.act = *a, .key = "", .bad = KEY_WHOLE};
    lb_move_action m;
    char with[LB_OPTION_KEY_MAX];
    if (move_action_of(st, &p, u, &m, with, out) != 0)
        return LB_OK;
    /* checked before it starts: an action the rules refuse is refused with their reason */
    lb_move_outcome o;
    int rc = lb_move_action_check(st, id, &m, &o, NULL);
    if (rc != LB_OK)
        return rc;
    if (!o.legal)
        return lbi_game_refuse(out, LB_REFUSED_ILLEGAL, o.rule ? o.rule : "R-MOV-1", "%s may not "
                           "%s: %s", id, lb_move_kind_name(m.kind), said(&o.why, why));
    rc = job_start(g, id, &m, 1);
    if (rc == LB_OK && m.kind == LB_ACT_ATTACH)
        snprintf(g->job.with, sizeof g->job.with, "%s", with);
    return rc;
}

/* ---- one action at a time, with opportunity fire ------------------------------------------- */

static int was_fired(const move_job *j, const char *id)
{
    for (int i = 0; i < j->nfired; i++)
        if (strcmp(j->fired[i], id) == 0)
            return 1;
    return 0;
}

/* R-GAME-17, (28), R-ZOI-4: the fire the action's events allow, before it is applied: each
 * enemy unit named, once per action, at the hex named, one hex away (28.4), as the fire rules
 * allow; its owner fires unit by unit or passes. 1 when a decision is now pending. */
static int offer_fire(lb_game *g, const lb_move_outcome *o)
{
    const lb_state *st = g->st;
    move_job *j = &g->job;
    lb_decision d;
    int side = -1, rc = LB_OK;
    lb_fire_value *v = malloc(sizeof *v);
    if (!v)
        return -1;
    for (int e = 0; e < o->nevents && rc == LB_OK; e++) {
        const lb_move_event *ev = &o->events[e];
        if (ev->kind != LB_EVENT_FIRE)
            continue;
        char label[LB_HEX_LABEL_MAX];
        lb_map_label(&st->map, ev->hex, label);
        for (int k = 0; k < ev->nunits && rc == LB_OK; k++) {
            int f = lb_state_unit_index(st, ev->units[k]);
            if (f < 0 || was_fired(j, ev->units[k]))
                continue;
            /* 28.4: range 1, the fire rules' for opportunity fire (R-FIRE-19) */
            if (lb_fire_check(st, f, ev->hex, LB_FIRE_OPPORTUNITY, v, NULL) != LB_OK ||
                !v->allowed)
                continue;
            if (side < 0) {
                side = st->units[f].side;
                lb_decision_init(&d, LB_DECIDE_OPPORTUNITY, side, j->unit, "R-GAME-17",
                                 "%s: opportunity fire at %s, before its %s (28)?", st->sides[side],
                                 j->unit, lb_move_kind_name(o->action.kind));
            }
            lb_action a;
            lb_action_init(&a, LB_VERB_FIRE);
            lb_action_add_unit(&a, ev->units[k]);
            lb_action_add_hex(&a, ev->hex);
            rc = lbi_offer(&d, st, &a, NULL, "%s fires at %s", ev->units[k], label);
            if (rc == LB_INVALID)
                rc = LB_OK;
        }
    }
    free(v);
    if (side < 0)
        return rc == LB_OK ? 0 : -1;
    lb_action pass;
    lb_action_init(&pass, LB_VERB_PASS);
    if (rc == LB_OK)
        rc = lbi_offer(&d, st, &pass, NULL, "no opportunity fire");
    if (rc != LB_OK) {
        lb_decision_release(&d);
        return -1;
    }
    d.auto_choice = d.noptions - 1;
    int fires = d.noptions - 1;
    LBI_EVENT(g->tr, "R-GAME-17", "(28)", EV_GAME_OPP_FIRE_OFFER, ev_unit_id(j->unit),
              ev_text(lb_move_kind_name(o->action.kind)), ev_text(st->sides[side]), ev_int(fires));
    lb_trace_int(g->tr, "fires", fires);
    lb_decision_move(&g->pending, &d);
    g->has_pending = 1;
    return 1;
}

/* What an applied action did, in words: "steps to 0714", "faces 4", "forms line in
 * 0715+0814 facing 5". */
static void describe(const lb_state *st, const lb_move_outcome *o, char *out, size_t n)
{
    char label[LB_HEX_LABEL_MAX];
    size_t used = 0;
    switch (o->action.kind) {
    case LB_ACT_STEP:
    case LB_ACT_PROLONGE:
        snprintf(out, n, "%s to %s", o->action.kind == LB_ACT_STEP ? "steps" : "moves by prolonge",
                 lb_map_label(&st->map, o->to[0], label));
        break;
    case LB_ACT_FACE:
        snprintf(out, n, "faces %d", o->facing);
        break;
    case LB_ACT_FORM:
        used = (size_t)snprintf(out, n, "forms %s in ", lb_formation_name(o->formation));
        for (int k = 0; k < o->nto && used < n; k++)
            used += (size_t)snprintf(out + used, n - used, "%s%s", k ? "+" : "",
                                     lb_map_label(&st->map, o->to[k], label));
        if (used < n)
            snprintf(out + used, n - used, " facing %d", o->facing);
        break;
    default:
        snprintf(out, n, "%s", lb_move_kind_name(o->action.kind));
    }
}

/* R-MOR-16, R-MOR-19: a disordered or routed unit that left a hex for another in its own move
 * makes the good-order friends of both check, once in the move (one event). */
static int disordered_moved(lb_game *g, const lb_unit *was)
{
    const lb_state *st = g->st;
    int u = lb_state_unit_index(st, was->id);
    if (u < 0 || was->state == LB_STATE_GOOD || lb_hex_eq(st->units[u].hexes[0], was->hexes[0]))
        return LB_OK;
    if (!g->job.event)
        g->job.event = lbi_event_new(g);
    lb_hex hexes[2] = {was->hexes[0], st->units[u].hexes[0]};
    int at = g->ntasks;
    return lbi_checks_passed(g, was->id, was->side, hexes, 2, g->job.event, &at);
}

/* Resolves and applies a (legal) force-march declaration of unit id: its morale check rolled. */
static int march_one(lb_game *g, const char *id, lb_move_outcome *o)
{
    lb_move_action m = {.kind = LB_ACT_MARCH};
    lb_dice dice;
    lbi_dice_begin(g, &dice);
    int rc = lb_move_action_resolve(g->st, id, &m, &dice, o, g->tr);
    int drc = lbi_dice_end(g, &dice);
    if (rc == LB_OK && drc != LB_OK)
        rc = drc;
    snapshot s;
    if (rc == LB_OK && (rc = lbi_snapshot_take(g, &s)) == LB_OK) {
        rc = lb_move_action_apply(g->st, o);
        lbi_snapshot_settle(g, &s, NULL, 0, 0);
    }
    return rc;
}

/* R-MOV-19 (F44-2): once a battalion of a division declares a force march, every other infantry
 * battalion of that division that may force-march attempts it too, in the division's order,
 * each with its own check; those the movement rules refuse (disordered, not in column or road
 * march) are traced and do not. */
static int march_division(lb_game *g, const char *declared)
{
    const lb_battle *b = &g->origin->battle;
    const lb_org *div = NULL;
    for (int k = 0; k < b->norgs && !div; k++)
        for (int i = 0; i < b->orgs[k].nunits && !div; i++)
            if (b->orgs[k].division && strcmp(b->orgs[k].units[i], declared) == 0)
                div = &b->orgs[k];
    int rc = LB_OK;
    for (int i = 0; div && rc == LB_OK && i < div->nunits; i++) {
        const char *id = div->units[i];
        int u = lb_state_unit_index(g->st, id);
        if (u < 0 || strcmp(id, declared) == 0 || g->st->units[u].arm != LB_ARM_INFANTRY ||
            g->st->units[u].move.march != LB_MARCH_NONE)
            continue;
        lb_move_action m = {.kind = LB_ACT_MARCH};
        lb_move_outcome o;
        char why[LB_MOVE_REASON_MAX];
        if ((rc = lb_move_action_check(g->st, id, &m, &o, NULL)) != LB_OK)
            break;
        if (!o.legal) {
            LBI_EVENT(g->tr, "R-MOV-19", "(44)", EV_GAME_NO_FORCE_MARCH, ev_unit_id(id),
                      ev_text(div->id), ev_text(said(&o.why, why)));
            continue;
        }
        LBI_EVENT(g->tr, "R-MOV-19", "(44)", EV_GAME_FORCE_MARCH, ev_unit_id(id),
                  ev_text(div->id), ev_unit_id(declared));
        if ((rc = march_one(g, id, &o)) == LB_OK)
            LBI_EVENT(g->tr, "R-MOV-16", "(44)", EV_GAME_MARCHES, ev_unit_id(id),
                      ev_int(o.success));
    }
    return rc;
}

/* After the move job's action o is applied: its trace, the next action, and what the action
 * sets off (a division's force march, R-MOV-19; an opportunity charge, R-OCH-1). */
static int action_done(lb_game *g, const lb_move_outcome *o)
{
    move_job *j = &g->job;
    char what[128];
    describe(g->st, o, what, sizeof what);
    LBI_EVENT(g->tr, o->rule ? o->rule : "R-MOV-1", o->section ? o->section : "(18)",
              EV_GAME_MOVE_ACTION, ev_unit_id(j->unit), ev_text(what), ev_int(o->cost / 2),
              ev_int(o->cost % 2), ev_int(o->spent_after / 2), ev_int(o->spent_after % 2));
    j->next++;
    j->nfired = 0;
    j->passed = 0;
    if (j->next >= j->nactions)
        j->active = 0;
    if (o->action.kind == LB_ACT_MARCH)
        return march_division(g, j->unit);
    if (o->action.kind == LB_ACT_STEP || o->action.kind == LB_ACT_PROLONGE)
        return lbi_opp_charge_offer(g, j->unit) < 0 ? LB_NOMEM : LB_OK; /* R-OCH-1 */
    return LB_OK;
}

int lbi_job_run(lb_game *g)
{
    char why[LB_MOVE_REASON_MAX];
    lb_state *st = g->st;
    move_job *j = &g->job;
    lb_move_action *a = &j->actions[j->next];
    if (lb_state_unit_index(st, j->unit) < 0 || j->next >= j->nactions) {
        j->active = 0;
        return LB_OK;
    }
    if (a->kind == LB_ACT_ATTACH)
        a->with = j->with;
    lb_move_outcome o;
    int rc = lb_move_action_check(st, j->unit, a, &o, NULL);
    if (rc != LB_OK)
        return rc;
    if (!o.legal) {
        LBI_EVENT(g->tr, o.rule ? o.rule : "R-MOV-1", o.section ? o.section : "(18)",
                  EV_GAME_MOVE_STOPS, ev_unit_id(j->unit), ev_text(said(&o.why, why)));
        j->active = 0;
        return LB_OK;
    }
    if (!j->passed) {
        int offered = offer_fire(g, &o);
        if (offered)
            return offered < 0 ? LB_NOMEM : LB_OK;
    }
    lb_dice dice;
    lbi_dice_begin(g, &dice);
    rc = lb_move_action_resolve(st, j->unit, a, &dice, &o, g->tr);
    int drc = lbi_dice_end(g, &dice);
    if (rc == LB_OK && drc != LB_OK)
        rc = drc;
    snapshot s;
    lb_unit was = st->units[lb_state_unit_index(st, j->unit)];
    if (rc == LB_OK && (rc = lbi_snapshot_take(g, &s)) == LB_OK) {
        rc = lb_move_action_apply(st, &o);
        lbi_snapshot_settle(g, &s, NULL, 0, 0);
    }
    if (rc == LB_OK)
        rc = disordered_moved(g, &was);
    return rc == LB_OK ? action_done(g, &o) : rc;
}

int lbi_job_answer(lb_game *g, const lb_decision *cur, const lb_action *a, lb_game_answer *out)
{
    move_job *j = &g->job;
    char key[LB_OPTION_KEY_MAX];
    if (lb_action_fmt(g->st, a, key, sizeof key) != LB_OK)
        return LB_INVALID;
    if (strcmp(cur->rule, "R-OCH-4") == 0)
        return lbi_opp_charge_answer(g, cur, a, out);
    if (strcmp(cur->rule, "R-OCH-8") == 0) /* the melee an opportunity charge owes */
        return lbi_melee_start(g, a, out);
    LBI_EVENT(g->tr, "R-GAME-17", "(28)", EV_GAME_ANSWER, ev_text(g->st->sides[cur->side]),
              ev_text(key));
    if (a->verb == LB_VERB_PASS) {
        j->passed = 1;
        return LB_OK;
    }
    if (a->verb != LB_VERB_FIRE || a->nunits != 1 || j->nfired == LB_MOVE_EVENT_UNITS)
        return LB_INVALID;
    int rc = lbi_fire_run(g, a, LB_FIRE_OPPORTUNITY, cur->side, out);
    if (rc == LB_OK && out->verdict == LB_ACCEPTED)
        snprintf(j->fired[j->nfired++], sizeof j->fired[0], "%s", lb_action_unit(a, 0));
    return rc;
}
