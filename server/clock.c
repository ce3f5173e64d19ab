/* Timed movement (17): the phasing side's Movement segment runs on a wall clock, standing while the other side answers, and the server ends it when the allowance is spent (R-GAME-2, R-WEB-2, R-OCH-11). */
#include <stdio.h>
#include <string.h>

#include "server_int.h"

/* The phasing side's allowance in the segment now, in seconds; 0 untimed or another segment. */
static int allowance(const lb_game *g)
{
    const lb_state *st = lb_game_state(g);
    if (lb_game_pending(g) == NULL || lb_state_turn(st).segment != LB_SEG_MOVEMENT)
        return 0;
    lb_battle_info b;
    lb_state_battle_info(st, &b);
    return b.time_limit_s[lb_state_turn(st).phasing];
}

/* Which Movement segment this is: turn and phasing side. */
static void mark_of(const lb_game *g, char *mark, size_t n)
{
    const lb_state *st = lb_game_state(g);
    snprintf(mark, n, "%d:%d", lb_game_turn_number(g), lb_state_turn(st).phasing);
}

/* R-OCH-11: is the pending decision the other side's (an opportunity fire or charge, the melee
 * such a charge owes, or a decision inside them), so that the phasing side's clock stands? */
static int others_turn(const lb_game *g)
{
    const lb_decision *d = lb_game_pending(g);
    return d && d->side != lb_state_turn(lb_game_state(g)).phasing;
}

/* R-OCH-11: the clock stands from the moment the other side's decision is first seen until the
 * first request that sees the phasing side's again. */
static void pause_note(slot *sl, long long now)
{
    int stands = others_turn(sl->g);
    if (stands && !sl->clock_pause_from)
        sl->clock_pause_from = now;
    else if (!stands && sl->clock_pause_from) {
        sl->clock_paused_ms += now - sl->clock_pause_from;
        sl->clock_pause_from = 0;
    }
}

/* Notes when the segment now began and the time it stood; returns its allowance. */
static int note(slot *sl)
{
    int limit = allowance(sl->g);
    if (!limit) {
        sl->clock_mark[0] = '\0';
        return 0;
    }
    char mark[sizeof sl->clock_mark];
    mark_of(sl->g, mark, sizeof mark);
    long long now = now_ms();
    if (strcmp(mark, sl->clock_mark) != 0) {
        snprintf(sl->clock_mark, sizeof sl->clock_mark, "%s", mark);
        sl->clock_started_ms = now;
        sl->clock_paused_ms = sl->clock_pause_from = 0;
    }
    pause_note(sl, now);
    return limit;
}

long long clock_left_ms(slot *sl)
{
    int limit = note(sl);
    if (!limit)
        return -1;
    long long now = now_ms(), stood = sl->clock_paused_ms;
    if (sl->clock_pause_from)
        stood += now - sl->clock_pause_from;
    long long left = sl->clock_started_ms + stood + 1000LL * limit - now;
    return left > 0 ? left : 0;
}

json_t *clock_json(slot *sl)
{
    long long left = clock_left_ms(sl);
    if (left < 0)
        return NULL;
    const lb_state *st = lb_game_state(sl->g);
    return json_pack("{s:s,s:i,s:I,s:b}", "side",
                     lb_state_side_name(st, lb_state_turn(st).phasing), "limit_s",
                     allowance(sl->g), "left_ms", (json_int_t)left, "paused",
                     sl->clock_pause_from != 0);
}

int clock_run(lb_server *s, slot *sl)
{
    if (clock_left_ms(sl) != 0)
        return LB_OK;
    /* R-WEB-2: the time is up; a move under way (its opportunity fire) finishes first, then the
     * segment ends at the phasing side's next action decision */
    const lb_decision *d = lb_game_pending(sl->g);
    const lb_state *st = lb_game_state(sl->g);
    if (d->kind != LB_DECIDE_ACTION || d->side != lb_state_turn(st).phasing)
        return LB_OK;
    int seq = lb_game_seq(sl->g), side = d->side;
    lb_game_answer a;
    int rc = lb_game_decide(sl->g, side, seq, "end", &a);
    if (rc != LB_OK || a.verdict != LB_ACCEPTED) {
        fprintf(stderr, "labataille serve: game %lld: the movement clock could not end the "
                "segment: %s (%s)\n", sl->id, rc != LB_OK ? lb_game_error(sl->g) : a.reason,
                lb_name(LB_NAME_ERR, rc != LB_OK ? rc : LB_INVALID));
        return rc;
    }
    traces_record(sl, side, "end", "clock");
    lb_err err = {0};
    rc = slot_changed(s, sl, seq, &err);
    if (rc != LB_OK)
        fprintf(stderr, "labataille serve: game %lld: %s\n", sl->id, err.msg);
    return rc;
}
