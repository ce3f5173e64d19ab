/* The game's state machine: the Chronology of Battle (2) segment by segment, the pending decision, answers, and replay of the journal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_int.h"
#include "game_events.h"
#include "state_int.h"
#include "decision_int.h"
#include "action_int.h"
#include "game_dice_int.h"
#include "move_int.h"
#include "melee_int.h"
#include "charge_int.h"

/* One side's sequence (2), after the mutual Command step. */
static const lb_segment sequence[] = {LB_SEG_CHARGE,         LB_SEG_MOVEMENT, LB_SEG_DEFENSIVE_FIRE,
                                      LB_SEG_OFFENSIVE_FIRE, LB_SEG_MELEE,    LB_SEG_MORALE_RECOVERY};
#define NSEQUENCE ((int)(sizeof sequence / sizeof *sequence))

void lb_game_settings_init(lb_game_settings *s)
{
    memset(s, 0, sizeof *s);
    s->seed = 1;
    s->rules = -1;
    s->undo = LB_UNDO_HOTSEAT;
}

/* ---- segments ------------------------------------------------------------------------------ */

static int enter_segment(lb_game *g, lb_segment seg)
{
    lb_state *st = g->st;
    st->turn.segment = seg;
    int hours = st->turn.minutes / 60, minutes = st->turn.minutes % 60;
    if (seg == LB_SEG_COMMAND)
        LBI_EVENT(g->tr, "R-GAME-1", "(2)", EV_GAME_COMMAND_STEP, ev_int(hours), ev_int(minutes),
                  ev_int(g->turn_index + 1));
    else
        LBI_EVENT(g->tr, "R-GAME-1", "(2)", EV_GAME_SEGMENT, ev_int(hours), ev_int(minutes),
                  ev_text(st->sides[st->turn.phasing]), ev_text(lb_segment_name(seg)));
    int rc = LB_OK;
    if (seg == LB_SEG_COMMAND)
        rc = lbi_command_step(g);
    else if (seg == LB_SEG_MOVEMENT)
        lb_move_segment_begin(st, st->turn.phasing); /* R-MOV-2 */
    else if (seg == LB_SEG_MORALE_RECOVERY)
        rc = lbi_recovery_begin(g);
    lb_state_touch(st); /* R-GAME-19: the segment and what its start changed */
    return rc;
}

/* R-GAME-1: the segment after this one, the other side's sequence, the next turn, or the end. */
static int end_segment(lb_game *g)
{
    lb_state *st = g->st;
    lb_segment seg = st->turn.segment;
    int rc = seg == LB_SEG_MELEE      ? lbi_charge_after_melee(g)
             : seg == LB_SEG_MOVEMENT ? lbi_overstack_end_movement(g)
                                      : LB_OK;
    if (rc != LB_OK)
        return rc;
    if (seg == LB_SEG_COMMAND) {
        g->half = 0;
        st->turn.phasing = 0;
        return enter_segment(g, LB_SEG_CHARGE);
    }
    if (seg != LB_SEG_MORALE_RECOVERY) {
        for (int i = 0; i < NSEQUENCE - 1; i++)
            if (sequence[i] == seg)
                return enter_segment(g, sequence[i + 1]);
        return LB_INVALID;
    }
    if (g->half == 0) {
        g->half = 1;
        st->turn.phasing = 1;
        return enter_segment(g, LB_SEG_CHARGE);
    }
    int last = st->battle.victory.last_turn;
    if (last >= 0 && st->turn.minutes >= last) {
        g->over = 1;
        LBI_EVENT(g->tr, "R-VIC-1", "(2)", EV_GAME_LAST_TURN, ev_int(last / 60),
                  ev_int(last % 60));
        return LB_OK;
    }
    g->turn_index++;
    st->turn.minutes += TURN_MINUTES;
    g->half = 0;
    st->turn.phasing = 0;
    return enter_segment(g, LB_SEG_COMMAND);
}

/* The segment's action decision in scope sc (see opt_scope). */
static int action_options(const lb_game *g, lb_decision *d, const opt_scope *sc)
{
    const lb_state *st = g->st;
    lb_segment seg = st->turn.segment;
    int side = seg == LB_SEG_DEFENSIVE_FIRE ? 1 - st->turn.phasing : st->turn.phasing;
    lb_decision_init(d, LB_DECIDE_ACTION, side, "", "R-GAME-3",
                     "%s, %s segment: choose an action, or end the segment", st->sides[side],
                     lb_segment_name(seg));
    d->max = g->options_max; /* R-WEB-6: listing stops there, the game refuses to go on */
    int rc = LB_OK, compulsory = 0;
    if (g->over)
        return LB_OK;
    if (seg == LB_SEG_CHARGE)
        rc = lbi_charge_options(g, d, sc);
    else if (seg == LB_SEG_MOVEMENT)
        rc = lbi_move_options(g, d, sc);
    else if (seg == LB_SEG_DEFENSIVE_FIRE || seg == LB_SEG_OFFENSIVE_FIRE)
        rc = lbi_fire_options(g, d, sc);
    else if (seg == LB_SEG_MELEE)
        rc = lbi_melee_options(g, d, sc, &compulsory);
    lb_action end;
    lb_action_init(&end, LB_VERB_END);
    if (rc == LB_OK && d->noptions && !compulsory)
        rc = lbi_offer(d, st, &end, NULL, "end the %s segment", lb_segment_name(seg));
    if (rc == LB_OK)
        d->auto_choice = d->noptions - 1;
    else
        lb_decision_release(d);
    return rc;
}

int lb_game_action_options(const lb_game *g, lb_decision *d)
{
    opt_scope all = {NULL, 0, NULL};
    return action_options(g, d, &all);
}

int lb_game_unit_actions(const lb_game *g, const char *id, lb_decision *d)
{
    opt_scope one = {id, 0, NULL};
    return action_options(g, d, &one);
}

void lb_game_sparse_movement(lb_game *g)
{
    g->sparse_movement = g->whatif;
}

/* R-GAME-3, R-GAME-4: the phasing (Defensive Fire: the other) side's choice of action, or the
 * segment's end when nothing but "end" is possible. */
static int segment_decision(lb_game *g)
{
    lb_state *st = g->st;
    lb_segment seg = st->turn.segment;
    lb_decision d;
    /* replay lists the options an answer needs only; an offer says why (R-GAME-5, R-GAME-6) */
    int lazy = g->replaying || (g->sparse_movement && seg == LB_SEG_MOVEMENT);
    opt_scope scope = {NULL, lazy, g->tr};
    int rc = action_options(g, &d, &scope), side = d.side;
    if (rc != LB_OK)
        return rc;
    if (d.noptions == 0) {
        lb_decision_release(&d); /* room may have been made ahead */
        if (seg == LB_SEG_COMMAND)
            LBI_EVENT0(g->tr, "R-GAME-1", "(2)", EV_GAME_COMMAND_OVER);
        else
            LBI_EVENT(g->tr, "R-GAME-4", "(2)", EV_GAME_NOTHING_TO_DO, ev_text(st->sides[side]),
                      ev_text(lb_segment_name(seg)));
        return end_segment(g);
    }
    lb_decision_move(&g->pending, &d);
    g->has_pending = 1;
    g->pending_lazy = lazy;
    return LB_OK;
}

int lbi_game_advance(lb_game *g)
{
    int rc = LB_OK, start = lbi_game_step(g), was_over = g->over;
    while (rc == LB_OK && !g->over && !g->has_pending) {
        /* R-GAME-4: with no last turn, a whole game turn in which nobody could decide anything
         * ends the battle (nothing can change any more) */
        if (lbi_game_step(g) - start > STEPS_PER_TURN && g->st->battle.victory.last_turn < 0) {
            g->over = 1;
            LBI_EVENT0(g->tr, "R-GAME-4", "(2)", EV_GAME_IDLE_TURN);
            break;
        }
        if (g->charge)
            rc = lbi_charge_resume(g);
        else if (g->melee)
            rc = lbi_melee_resume(g);
        else if (g->ntasks)
            rc = lbi_task_run(g);
        else if (g->job.active)
            rc = lbi_job_run(g);
        else
            rc = segment_decision(g);
    }
    lbi_victory_update(g);
    if (rc == LB_OK && g->over && !was_over)
        lbi_victory_result(g);
    return rc;
}

/* ---- answers ------------------------------------------------------------------------------- */

/* R-GAME-3: a parameter that did not read, of an option that stands for it, refused with the
 * reason of the part that failed. */
static int refuse_param(lb_game *g, const parsed *p, int side, lb_game_answer *out)
{
    switch (p->act.verb) {
    case LB_VERB_FIRE: return lbi_fire_refuse(g, p, lbi_fire_segment_kind(g), side, out);
    case LB_VERB_PATH: return lbi_path_refuse(g, p, out);
    case LB_VERB_CHARGE: return lbi_charge_refuse(g, p, out);
    default: return lbi_melee_refuse(g, p, out);
    }
}

/* What an answer does, the pending decision `cur` taken out of the game. */
static int perform(lb_game *g, const lb_decision *cur, const parsed *p, lb_game_answer *out)
{
    const lb_action *a = &p->act;
    if (g->charge)
        return lbi_charge_answer(g, cur, a);
    if (g->melee)
        return lbi_melee_answer(g, cur, a);
    if (cur->kind == LB_DECIDE_OPPORTUNITY)
        return lbi_job_answer(g, cur, a, out);
    if (cur->kind != LB_DECIDE_ACTION)
        return lbi_task_answer(g, cur, a);
    LBI_EVENT(g->tr, "R-GAME-3", "(2)", EV_GAME_ANSWER, ev_text(g->st->sides[cur->side]),
              ev_text(p->key));
    if (p->bad != KEY_WHOLE)
        return refuse_param(g, p, cur->side, out);
    switch (a->verb) {
    case LB_VERB_END: return end_segment(g);
    case LB_VERB_FIRE: return lbi_fire_run(g, a, lbi_fire_segment_kind(g), cur->side, out);
    case LB_VERB_CHARGE: return lbi_charge_start(g, a, out);
    case LB_VERB_MELEE: return lbi_melee_start(g, a, out);
    default: return lbi_move_run(g, a, out);
    }
}

/* The option that stands for a with its parameter: a without its units (fire, melee) or hexes
 * (path, charge); LB_VERB_NONE when a is no such answer (a whole action without them is the
 * option itself). */
static void family_of(const lb_action *a, int whole, lb_action *f)
{
    lb_verb v = a->verb;
    int units = v == LB_VERB_FIRE || v == LB_VERB_MELEE;
    int hexes = v == LB_VERB_PATH || v == LB_VERB_CHARGE;
    lb_action_init(f, LB_VERB_NONE);
    if ((!units && !hexes) || (whole && (units ? a->nunits : a->nhexes) == 0))
        return;
    *f = *a;
    if (units)
        f->nunits = 0;
    if (v == LB_VERB_FIRE || hexes)
        f->nhexes = 0;
}

/* Is the answer p (an option's key when read whole) or its parameter's option among the
 * options of d? */
static int among(const lb_game *g, const lb_decision *d, const parsed *p)
{
    int whole = p->bad == KEY_WHOLE;
    if (whole && lb_decision_find(d, p->key) >= 0)
        return 1;
    lb_action f;
    char fkey[LB_OPTION_KEY_MAX];
    family_of(&p->act, whole, &f);
    if (f.verb == LB_VERB_NONE || lb_action_fmt(g->st, &f, fkey, sizeof fkey) != LB_OK)
        return 0;
    int i = lb_decision_find(d, fkey);
    return i >= 0 && d->options[i].param;
}

/* Is the answer p an option of the pending decision, or a parameter of the option that stands
 * for it (p read in part: the option read, and text where its parameter goes)? Replay lists the
 * options of the unit it names only (melees and fires of several units against the whole
 * list). */
static int offered(const lb_game *g, const parsed *p)
{
    const lb_action *a = &p->act;
    if (p->bad != KEY_WHOLE && !p->param)
        return 0;
    /* Movement has no compulsory action: "end" is listed whenever anything is */
    if (!g->pending_lazy || (a->verb == LB_VERB_END && g->st->turn.segment == LB_SEG_MOVEMENT))
        return among(g, &g->pending, p);
    int one = a->nunits && a->verb != LB_VERB_MELEE && !(a->verb == LB_VERB_FIRE && a->nunits > 1);
    opt_scope scope = {one ? lb_action_unit(a, 0) : NULL, 0, NULL};
    lb_decision d;
    if (action_options(g, &d, &scope) != LB_OK)
        return 0;
    int ok = among(g, &d, p);
    lb_decision_release(&d);
    return ok;
}

/* The segment in which a verb acts (R-GAME-1), -2 for a fire (either fire segment), -1 for one
 * that is no action of a segment; *what names the action. */
static int verb_segment(lb_verb v, const char **what)
{
    static const struct {
        lb_verb verb;
        const char *what;
        int segment;
    } verbs[] = {{LB_VERB_CHARGE, "a charge", LB_SEG_CHARGE},
                 {LB_VERB_MOVE, "a move", LB_SEG_MOVEMENT},
                 {LB_VERB_PATH, "a move", LB_SEG_MOVEMENT},
                 {LB_VERB_FACE, "a facing change", LB_SEG_MOVEMENT},
                 {LB_VERB_FORM, "a formation change", LB_SEG_MOVEMENT},
                 {LB_VERB_PROLONGE, "a prolonge", LB_SEG_MOVEMENT},
                 {LB_VERB_ATTACH, "a leader's attaching", LB_SEG_MOVEMENT},
                 {LB_VERB_DETACH, "a leader's leaving", LB_SEG_MOVEMENT},
                 {LB_VERB_MARCH, "a force march", LB_SEG_MOVEMENT},
                 {LB_VERB_ENTER, "a reinforcement's entry", LB_SEG_MOVEMENT},
                 {LB_VERB_MELEE, "a melee", LB_SEG_MELEE},
                 {LB_VERB_FIRE, "a fire", -2}};
    for (size_t i = 0; i < sizeof verbs / sizeof *verbs; i++)
        if (verbs[i].verb == v) {
            *what = verbs[i].what;
            return verbs[i].segment;
        }
    return -1;
}

/* R-GAME-3: an answer to the action decision that it does not list: accepted (1) when it is a
 * facing, layout or assault the rules allow and the options leave to be asked (a formation at
 * another facing, several attackers), else refused (0) with the rule that bars it: the
 * segment, the game's records, or the rules of the segment. */
static int action_check(const lb_game *g, const parsed *p, lb_game_answer *out)
{
    lb_segment seg = g->st->turn.segment;
    const char *what = "", *now = lb_segment_name(seg);
    int vs = verb_segment(p->act.verb, &what);
    if (p->act.verb == LB_VERB_END && seg == LB_SEG_MELEE)
        return lbi_melee_check(g, p, out);
    if (vs == -1) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-3", "\"%s\" is not one of the %d options "
                    "of the %s segment", p->key, g->pending.noptions, now);
        return 0;
    }
    if (vs == -2 ? seg != LB_SEG_DEFENSIVE_FIRE && seg != LB_SEG_OFFENSIVE_FIRE : (int)seg != vs) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-1", "%s is made in the %s segment%s; "
                    "this is the %s segment", what,
                    vs == -2 ? "defensive_fire" : lb_segment_name((lb_segment)vs),
                    vs == -2 ? " or the offensive_fire" : "", now);
        return 0;
    }
    if (seg == LB_SEG_MOVEMENT)
        return lbi_move_check(g, p, out);
    if (seg == LB_SEG_MELEE)
        return lbi_melee_check(g, p, out);
    if (seg == LB_SEG_CHARGE)
        return lbi_charge_check(g, p, out);
    lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-5", "\"%s\" is not a fire that may be made "
                "now", p->key);
    return 0;
}

/* Is the answer p an option of the pending decision (or an action the rules allow that it
 * leaves to be asked)? The reason when not. */
static int legal(const lb_game *g, const parsed *p, lb_game_answer *out)
{
    if (p->bad == KEY_LENGTH) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-3", "a key has at most %d characters, "
                    "not %d", LB_OPTION_KEY_MAX - 1, p->found_len);
        return 0;
    }
    if (offered(g, p))
        return 1;
    if (g->pending.kind == LB_DECIDE_ACTION)
        return action_check(g, p, out);
    lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-3", "\"%s\" is not one of the %d options of "
                "the %s decision", p->key, g->pending.noptions,
                lb_decision_kind_name(g->pending.kind));
    return 0;
}

/* Takes the pending decision and answers it; on a refusal the decision is put back. */
static int answer(lb_game *g, const parsed *p, lb_game_answer *out)
{
    lb_decision cur;
    memset(&cur, 0, sizeof cur);
    lb_decision_move(&cur, &g->pending);
    int lazy = g->pending_lazy;
    g->has_pending = g->pending_lazy = 0;
    int rc = perform(g, &cur, p, out);
    if (rc == LB_OK && out->verdict != LB_ACCEPTED) {
        lb_decision_move(&g->pending, &cur);
        g->has_pending = 1;
        g->pending_lazy = lazy;
        return LB_OK;
    }
    lb_decision_release(&cur);
    return rc == LB_OK ? lbi_game_advance(g) : rc;
}

int lb_game_may_decide(const lb_game *g, int role)
{
    return g->has_pending && !g->over &&
           (role == LB_ROLE_BOTH || (role >= 0 && role == g->pending.side));
}

int lbi_game_roll_back(lb_game *g, int journal_count, int rc)
{
    char error[LB_GAME_REASON_MAX];
    snprintf(error, sizeof error, "%s", g->error);
    lb_journal_truncate(&g->journal, journal_count);
    int eff = 0;
    for (int i = 0; i < g->journal.count; i++)
        eff = g->journal.entries[i].kind == LB_ENTRY_UNDO ? g->journal.entries[i].value : eff + 1;
    lb_journal_truncate(&g->eff, eff);
    lbi_dice_sync(g);
    int rb = lbi_game_rebuild(g);
    snprintf(g->error, sizeof g->error, "%s", error);
    return rb == LB_OK ? rc : rb;
}

/* Reads the answer to the pending decision: the key as given (parsed once), or the action's
 * key (a is NULL for a key). 0, or -1 with the refusal in out when a has no key that reads as
 * it. */
static int read_answer(const lb_game *g, const char *key, const lb_action *a, char *buf,
                       parsed *p, lb_game_answer *out)
{
    if (!a) {
        lbi_action_read(g->st, g->pending.kind, key, p);
        return 0;
    }
    if (lb_action_fmt(g->st, a, buf, LB_OPTION_KEY_MAX) == LB_OK &&
        lbi_action_read(g->st, g->pending.kind, buf, p) == LB_OK && lb_action_eq(&p->act, a))
        return 0;
    lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-3", "the action has no key that the %s "
                "decision reads as it", lb_decision_kind_name(g->pending.kind));
    return -1;
}

/* lb_game_decide (key) and lb_game_act (a), the decider's reason (when note is not NULL) the
 * first step of its trace. */
static int decide(lb_game *g, int role, int seq, const char *key, const lb_action *a,
                  const char *rule, const char *note, lb_game_answer *out)
{
    if (lbi_game_answer_stale(g, seq, out))
        return LB_OK;
    if (g->over || !g->has_pending)
        return lbi_game_refuse(out, LB_REFUSED_NONE, "R-GAME-3", "the game is over");
    if (!lb_game_may_decide(g, role))
        return lbi_game_refuse(out, LB_REFUSED_NOT_YOURS, "R-GAME-12", "the pending decision is "
                           "%s's", g->st->sides[g->pending.side]);
    size_t len = key ? strlen(key) : 0;
    if (len >= LB_OPTION_KEY_MAX)
        return lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-22", "the answer is %zu bytes "
                               "long, and the journal keeps an answer of at most %d (its key "
                               "and parameter)", len, LB_OPTION_KEY_MAX - 1);
    parsed p;
    char buf[LB_OPTION_KEY_MAX];
    if (read_answer(g, key, a, buf, &p, out) != 0 || !legal(g, &p, out))
        return LB_OK;
    lb_trace_release(&g->trace);
    lb_trace_init(&g->trace);
    if (note && g->tr)
        LBI_EVENT(g->tr, rule, "ai", EV_GAME_NOTE, ev_text(note));
    int before = g->journal.count, eff_before = g->eff.count, draws = g->draws;
    lb_pcg32 rng = g->rng;
    const lb_decision *d = &g->pending;
    int rc = lb_journal_answer(&g->journal, d->kind, d->side, d->subject, p.key, LB_BY_PLAYER);
    if (rc == LB_OK)
        rc = lb_journal_push(&g->eff, &g->journal.entries[g->journal.count - 1]);
    if (rc == LB_OK)
        rc = answer(g, &p, out);
    if (rc == LB_OK && out->verdict != LB_ACCEPTED) {
        lb_journal_truncate(&g->journal, before);
        lb_journal_truncate(&g->eff, eff_before);
        g->rng = rng;
        g->draws = draws;
        return LB_OK;
    }
    if (rc == LB_LIMIT) {
        /* R-WEB-6: the decision the answer leads to would list more options than the game's
         * limit: the answer is refused, the game back as it was */
        rc = lbi_game_roll_back(g, before, LB_OK);
        g->error[0] = '\0';
        return rc != LB_OK ? rc
                           : lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-WEB-6", "\"%s\" leads to "
                                             "a decision of more than %d options, past this "
                                             "game's limit", key, g->options_max);
    }
    if (rc != LB_OK)
        return lbi_game_roll_back(g, before, rc);
    out->seq_after = g->journal.count;
    return LB_OK;
}

int lb_game_decide(lb_game *g, int role, int seq, const char *key, lb_game_answer *out)
{
    return decide(g, role, seq, key, NULL, NULL, NULL, out);
}

int lb_game_act(lb_game *g, int role, int seq, const lb_action *a, lb_game_answer *out)
{
    return decide(g, role, seq, NULL, a, NULL, NULL, out);
}

int lb_game_decide_noted(lb_game *g, int role, int seq, const char *key, const char *rule,
                         const char *note, lb_game_answer *out)
{
    return decide(g, role, seq, key, NULL, rule, note, out);
}

/* R-VIC-5: conceding ends the battle at once. */
static void concede(lb_game *g, int side)
{
    g->over = 1;
    g->conceded = side;
    g->has_pending = g->pending_lazy = 0;
    lb_decision_release(&g->pending);
    lb_charge_free(g->charge);
    g->charge = NULL;
    lb_melee_free(g->melee);
    g->melee = NULL;
    g->ntasks = 0;
    g->job.active = 0;
    lbi_task_forget(g);
    LBI_EVENT(g->tr, "R-VIC-5", "(2)", EV_GAME_CONCEDES, ev_text(g->st->sides[side]));
}

int lb_game_concede(lb_game *g, int role, int seq, lb_game_answer *out)
{
    if (lbi_game_answer_stale(g, seq, out))
        return LB_OK;
    if (g->over)
        return lbi_game_refuse(out, LB_REFUSED_NONE, "R-VIC-5", "the game is over");
    int side = role >= 0 ? role : role == LB_ROLE_BOTH && g->has_pending ? g->pending.side : -1;
    if (side < 0)
        return lbi_game_refuse(out, LB_REFUSED_NOT_YOURS, "R-VIC-5", "only a side may concede");
    lb_trace_release(&g->trace);
    lb_trace_init(&g->trace);
    int rc = lb_journal_answer(&g->journal, LB_DECIDE_CONCEDE, side, "", "concede", LB_BY_PLAYER);
    if (rc == LB_OK)
        rc = lb_journal_push(&g->eff, &g->journal.entries[g->journal.count - 1]);
    if (rc != LB_OK)
        return lbi_game_roll_back(g, out->seq_before, rc);
    concede(g, side);
    out->seq_after = g->journal.count;
    return LB_OK;
}

/* R-OCH-13: a side's "don't ask me again", a journal entry of its own. */
int lb_game_never_ask(lb_game *g, int role, int seq, const char *unit, lb_game_answer *out)
{
    if (lbi_game_answer_stale(g, seq, out))
        return LB_OK;
    int side;
    if (!lbi_never_ask_allowed(g, role, unit, &side, out))
        return LB_OK;
    lb_trace_release(&g->trace);
    lb_trace_init(&g->trace);
    int rc = lb_journal_answer(&g->journal, LB_DECIDE_NEVER_ASK, side, unit, "never",
                               LB_BY_PLAYER);
    if (rc == LB_OK)
        rc = lb_journal_push(&g->eff, &g->journal.entries[g->journal.count - 1]);
    if (rc != LB_OK)
        return lbi_game_roll_back(g, out->seq_before, rc);
    lbi_never_ask_add(g, side, unit);
    out->seq_after = g->journal.count;
    return LB_OK;
}

/* ---- replay -------------------------------------------------------------------------------- */

static void reset(lb_game *g)
{
    lbi_task_forget(g);
    lb_melee_free(g->melee);
    g->melee = NULL;
    lb_charge_free(g->charge);
    g->charge = NULL;
    lb_decision_release(&g->pending);
    g->has_pending = g->pending_lazy = 0;
    g->ntasks = g->nobligations = g->events = 0;
    memset(&g->job, 0, sizeof g->job);
    g->over = 0;
    g->conceded = -1;
    g->nnever_play = 0;
    memset(g->entered, 0, (size_t)g->origin->battle.nreinforcements + 1);
    g->turn_index = 0;
    g->half = g->origin->turn.phasing;
    memset(g->tally_increments, 0, sizeof g->tally_increments);
    memset(g->tally_surrendered, 0, sizeof g->tally_surrendered);
    memset(g->tally_leaders, 0, sizeof g->tally_leaders);
    const lb_battle *b = &g->origin->battle;
    for (int k = 0; k < b->victory.nobjectives; k++)
        g->holder[k] = b->victory.objectives[k].holder;
    memset(g->org_level, 0, (size_t)(b->norgs ? b->norgs : 1) * sizeof *g->org_level);
    int cells = g->origin->map.cols * g->origin->map.rows;
    for (int c = 0; c < cells; c++)
        g->targeted[c] = g->assaulted[c] = -1;
    for (int i = 0; i < g->nrecs; i++) {
        unit_rec *r = &g->recs[i];
        r->fired_step = r->fired_half = r->df_loss_half = r->charged_step = r->meleed_step =
            r->fought_step = r->fire_loss_step = r->retired_step = r->rested_step =
                r->reacted_step = -1;
        r->df_loss = r->checked_event = 0;
        r->fired_at = (lb_hex){0, 0};
    }
}

/* Replays effective entry k (a decision) on the pending decision. */
static int replay_entry(lb_game *g, int k)
{
    const lb_journal_entry *e = &g->eff.entries[k];
    if (e->kind != LB_ENTRY_DECISION) {
        snprintf(g->error, sizeof g->error, "entry %d is a die no rule asked for", k + 1);
        return LB_INVALID;
    }
    g->cursor = k + 1;
    if (e->decision == LB_DECIDE_NEVER_ASK) /* R-OCH-13: a side's own entry, no answer */
        return lbi_never_ask_replay(g, e, k);
    if (e->decision == LB_DECIDE_CONCEDE) {
        if (g->over) {
            snprintf(g->error, sizeof g->error, "entry %d concedes a battle that is over", k + 1);
            return LB_INVALID;
        }
        concede(g, e->side);
        return LB_OK;
    }
    const lb_decision *p = &g->pending;
    if (!g->has_pending || p->kind != e->decision || p->side != e->side ||
        strcmp(p->subject, e->subject) != 0) {
        snprintf(g->error, sizeof g->error, "entry %d (%s %s by side %d) does not answer the "
                 "pending decision (%s)", k + 1, lb_decision_kind_name(e->decision), e->key,
                 e->side, g->has_pending ? lb_decision_kind_name(p->kind) : "none");
        return LB_INVALID;
    }
    lb_game_answer out;
    lbi_game_answer_init(g, &out);
    parsed key;
    lbi_action_read(g->st, p->kind, e->key, &key); /* the journal's key, read once */
    if (!legal(g, &key, &out)) {
        snprintf(g->error, sizeof g->error, "entry %d: %s", k + 1, out.reason);
        return LB_INVALID;
    }
    int rc = answer(g, &key, &out);
    if (rc == LB_OK && out.verdict != LB_ACCEPTED) {
        snprintf(g->error, sizeof g->error, "entry %d (%s) is refused: %s", k + 1, e->key,
                 out.reason);
        return LB_INVALID;
    }
    if (rc == LB_DICE) {
        snprintf(g->error, sizeof g->error, "entry %d (%s): the journal holds fewer dice than "
                 "the rules roll", k + 1, e->key);
        return LB_INVALID;
    }
    if (rc != LB_OK && !g->error[0])
        snprintf(g->error, sizeof g->error, "entry %d (%s): %s", k + 1, e->key, lb_err_str(rc));
    return rc;
}

int lbi_game_rebuild(lb_game *g)
{
    g->error[0] = '\0';
    lb_state_free(g->st);
    g->st = lb_state_clone(g->origin);
    if (!g->st)
        return LB_NOMEM;
    if (g->settings.rules >= 0)
        g->st->rules = (lb_edition)g->settings.rules;
    reset(g);
    lb_trace_release(&g->trace);
    lb_trace_init(&g->trace);
    g->replaying = 1;
    g->tr = NULL; /* replay records no reasons: it only rebuilds */
    g->cursor = 0;
    int rc = g->st->turn.segment == LB_SEG_COMMAND ? lbi_command_step(g) : LB_OK;
    if (rc == LB_OK && g->st->turn.segment == LB_SEG_MORALE_RECOVERY)
        rc = lbi_recovery_begin(g);
    if (rc == LB_OK)
        rc = lbi_game_advance(g);
    while (rc == LB_OK && g->cursor < g->eff.count)
        rc = replay_entry(g, g->cursor);
    g->replaying = 0;
    g->tr = &g->trace;
    if (rc == LB_OK && g->pending_lazy) { /* the decision the replay stops at, listed whole */
        lb_decision d;
        rc = lb_game_action_options(g, &d);
        if (rc == LB_OK)
            lb_decision_move(&g->pending, &d);
        g->pending_lazy = 0;
    }
    if (rc != LB_OK && !g->error[0])
        snprintf(g->error, sizeof g->error, "%s", lb_err_str(rc));
    return rc;
}

/* The effective journal of a whole journal (undo entries applied). */
static int effective_of(const lb_journal *j, lb_journal *eff, lb_err *err)
{
    lb_journal_init(eff);
    for (int i = 0; i < j->count; i++) {
        const lb_journal_entry *e = &j->entries[i];
        if (e->kind == LB_ENTRY_UNDO) {
            if (e->value > eff->count) {
                lb_journal_release(eff);
                return lb_err_set(err, LB_INVALID, "entry %d undoes to %d entries, but only %d "
                                  "are in effect", i + 1, e->value, eff->count);
            }
            lb_journal_truncate(eff, e->value);
        } else if (lb_journal_push(eff, e) != LB_OK) {
            lb_journal_release(eff);
            return LB_NOMEM;
        }
    }
    return LB_OK;
}

int lb_game_load_journal(lb_game *g, const lb_journal *j, lb_err *err)
{
    lb_journal copy, eff;
    if (lb_journal_copy(&copy, j) != LB_OK)
        return lb_err_set(err, LB_NOMEM, "out of memory");
    int rc = effective_of(&copy, &eff, err);
    if (rc != LB_OK) {
        lb_journal_release(&copy);
        return rc;
    }
    lb_journal_release(&g->journal);
    lb_journal_release(&g->eff);
    g->journal = copy;
    g->eff = eff;
    lbi_dice_sync(g);
    rc = lbi_game_rebuild(g);
    if (rc == LB_OK)
        return LB_OK;
    lb_err_set(err, rc, "the journal does not replay: %s", g->error);
    lb_journal_release(&g->journal);
    lb_journal_release(&g->eff);
    lbi_dice_sync(g);
    lbi_game_rebuild(g);
    return rc;
}

/* ---- life ---------------------------------------------------------------------------------- */

static int add_recs(lb_game *g)
{
    const lb_state *o = g->origin;
    int n = o->nunits + o->battle.nreinforcements;
    g->recs = calloc((size_t)n + 1, sizeof *g->recs);
    if (!g->recs)
        return LB_NOMEM;
    for (int i = 0; i < o->nunits; i++)
        g->recs[g->nrecs++].id = o->units[i].id;
    for (int i = 0; i < o->battle.nreinforcements; i++)
        g->recs[g->nrecs++].id = o->battle.reinforcements[i].unit.id;
    return LB_OK;
}

int lb_game_new(const char *name, const char *text, size_t len, const lb_load_opts *opts,
                const lb_game_settings *settings, lb_game **out, lb_errlist *errs)
{
    *out = NULL;
    char commitment[LB_DICE_HEX_MAX];
    lb_dice_commitment(settings->secret, commitment);
    if (settings->dice == LB_DICE_SECRET && strcmp(commitment, settings->commitment) != 0) {
        lb_err e;
        lb_err_set(&e, LB_INVALID, "the game cannot start: its dice secret is not the one its "
                   "commitment %.64s names (R-DICE-3)", settings->commitment);
        snprintf(e.file, sizeof e.file, "%s", name);
        lb_errlist_push(errs, &e);
        return LB_INVALID;
    }
    lb_state *origin = NULL;
    int rc = lb_scenario_load(name, text, len, opts, &origin, errs);
    if (rc != LB_OK)
        return rc;
    lb_game *g = calloc(1, sizeof *g);
    if (!g) {
        lb_state_free(origin);
        return LB_NOMEM;
    }
    g->origin = origin;
    if (origin->turn.minutes < 0)
        origin->turn.minutes = 0;
    g->settings = *settings;
    g->options_max = opts->options_max;
    if (settings->movement_time_limit_s > 0)
        origin->battle.time_limit_s[0] = origin->battle.time_limit_s[1] =
            settings->movement_time_limit_s;
    g->name = strdup(name);
    g->text = malloc(len + 1);
    int nobj = origin->battle.victory.nobjectives, norgs = origin->battle.norgs;
    g->holder = calloc((size_t)nobj + 1, sizeof *g->holder);
    g->org_level = calloc((size_t)norgs + 1, sizeof *g->org_level);
    g->targeted = calloc((size_t)(origin->map.cols * origin->map.rows) + 1, sizeof *g->targeted);
    g->assaulted = calloc((size_t)(origin->map.cols * origin->map.rows) + 1, sizeof *g->assaulted);
    g->entered = calloc((size_t)origin->battle.nreinforcements + 1, 1);
    lb_journal_init(&g->journal);
    lb_journal_init(&g->eff);
    lb_trace_init(&g->trace);
    if (!g->name || !g->text || !g->holder || !g->org_level || !g->targeted || !g->entered ||
        !g->assaulted ||
        add_recs(g) != LB_OK) {
        lb_game_free(g);
        return LB_NOMEM;
    }
    memcpy(g->text, text, len);
    g->text[len] = '\0';
    g->len = len;
    lbi_dice_sync(g);
    rc = lbi_game_rebuild(g);
    if (rc != LB_OK) {
        lb_err e;
        lb_err_set(&e, rc, "the game cannot start: %s", g->error);
        snprintf(e.file, sizeof e.file, "%s", name);
        lb_errlist_push(errs, &e);
        lb_game_free(g);
        return rc;
    }
    *out = g;
    return LB_OK;
}

void lb_game_free(lb_game *g)
{
    if (!g)
        return;
    lbi_task_forget(g);
    lb_melee_free(g->melee);
    lb_charge_free(g->charge);
    lb_decision_release(&g->pending);
    lb_trace_release(&g->trace);
    lb_journal_release(&g->journal);
    lb_journal_release(&g->eff);
    lb_state_free(g->st);
    lb_state_free(g->origin);
    free(g->recs);
    free(g->holder);
    free(g->org_level);
    free(g->targeted);
    free(g->assaulted);
    free(g->entered);
    free(g->name);
    free(g->text);
    free(g);
}

/* ---- accessors ----------------------------------------------------------------------------- */

int lb_game_seq(const lb_game *g)
{
    return g->journal.count;
}

const lb_journal *lb_game_journal(const lb_game *g)
{
    return &g->journal;
}

const lb_journal *lb_game_effective(const lb_game *g)
{
    return &g->eff;
}

const lb_state *lb_game_state(const lb_game *g)
{
    return g->st;
}

const lb_decision *lb_game_pending(const lb_game *g)
{
    return g->has_pending && !g->over ? &g->pending : NULL;
}

const lb_trace *lb_game_trace(const lb_game *g)
{
    return &g->trace;
}

int lb_game_turn_number(const lb_game *g)
{
    return g->turn_index + 1;
}

const lb_game_settings *lb_game_settings_of(const lb_game *g)
{
    return &g->settings;
}

void lb_game_set_player(lb_game *g, int side, const char *name)
{
    if (side == 0 || side == 1)
        snprintf(g->settings.players[side], sizeof g->settings.players[side], "%s", name);
}

const char *lb_game_scenario(const lb_game *g, size_t *len, const char **name)
{
    if (len)
        *len = g->len;
    if (name)
        *name = g->name;
    return g->text;
}

int lb_game_org_level(const lb_game *g, int k)
{
    return k >= 0 && k < g->origin->battle.norgs ? g->org_level[k] : 0;
}

const char *lb_game_error(const lb_game *g)
{
    return g->error;
}
