/* Undo policy (R-GAME-14): hot-seat back to any decision; between two players a side takes back its own decisions while the next decision is its own and no die came since; against the computer back to a decision while no die came since; nothing once the battle is over. */
#include <stdio.h>

#include "game_int.h"
#include "game_events.h"
#include "state_int.h"
#include "decision_int.h"

/* The last effective decision by side (-1: anyone's), or -1. */
static int last_decision(const lb_game *g, int side)
{
    for (int i = g->eff.count - 1; i >= 0; i--) {
        const lb_journal_entry *e = &g->eff.entries[i];
        if (e->kind == LB_ENTRY_DECISION && (side < 0 || e->side == side))
            return i;
    }
    return -1;
}

void lb_game_set_undo_policy(lb_game *g, lb_undo_policy p)
{
    g->settings.undo = p;
}

/* May role take the effective journal back to entry *keep (-1: role's last decision) now?
 * 1, with *keep the entry; or 0 with the refusal in out. */
static int allowed(const lb_game *g, int role, int *keep, lb_game_answer *out)
{
    lb_undo_policy policy = g->settings.undo;
    int two = policy == LB_UNDO_TWO_PLAYERS, no_dice = two || policy == LB_UNDO_COMPUTER;
    if (role == LB_ROLE_SPECTATOR || (two && role < 0)) {
        lbi_game_refuse(out, LB_REFUSED_NOT_YOURS, "R-GAME-14", "%s", two
                        ? "between two players only a side takes back its own decisions"
                        : "a spectator takes nothing back");
        return 0;
    }
    /* R-VIC-1: the battle is over, a concession at once; its dice secret is revealed then */
    if (g->over) {
        lbi_game_refuse(out, LB_REFUSED_NONE, "R-GAME-14", "the battle is over%s: "
                        "nothing is taken back", g->conceded >= 0 ? " (conceded)" : "");
        return 0;
    }
    if (*keep < 0)
        *keep = last_decision(g, role);
    if (*keep < 0) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-14", "there is no decision to take back");
        return 0;
    }
    if (*keep >= g->eff.count || g->eff.entries[*keep].kind != LB_ENTRY_DECISION) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-14", "undo goes back to a decision; "
                        "entry %d is %s", *keep + 1, *keep >= g->eff.count ? "not there" : "a die");
        return 0;
    }
    for (int i = *keep; no_dice && i < g->eff.count; i++) {
        const lb_journal_entry *e = &g->eff.entries[i];
        if (e->kind == LB_ENTRY_ROLL) {
            lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-14", "a die was rolled since "
                            "(entry %d, %s): %s", i + 1, e->purpose,
                            two ? "dice are never taken back between two players"
                                : "dice are never taken back against the computer");
            return 0;
        }
        if (two && e->side != role) {
            lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-14", "%s decided since (entry "
                            "%d): only your own decisions are taken back",
                            g->st->sides[e->side], i + 1);
            return 0;
        }
    }
    /* R-GAME-14 (revised 12-02): between two players a side's undo ends when the decision
     * passes to the other side */
    if (two && g->has_pending && g->pending.side != role) {
        lbi_game_refuse(out, LB_REFUSED_ILLEGAL, "R-GAME-14", "the decision has passed to %s: "
                        "between two players a side takes back its decisions only while the "
                        "next one is still its own", g->st->sides[g->pending.side]);
        return 0;
    }
    return 1;
}

int lbi_game_may_undo(const lb_game *g, int role)
{
    lb_game_answer scratch;
    int keep = -1;
    return allowed(g, role, &keep, &scratch);
}

int lb_game_undo(lb_game *g, int role, int seq, int keep, lb_game_answer *out)
{
    if (lbi_game_answer_stale(g, seq, out))
        return LB_OK;
    if (!allowed(g, role, &keep, out))
        return LB_OK;
    int side = role >= 0 ? role : g->eff.entries[keep].side;
    int before = g->journal.count;
    int rc = lb_journal_undo(&g->journal, side, keep);
    if (rc != LB_OK)
        return rc;
    lb_journal_truncate(&g->eff, keep);
    /* the dice stay past every roll drawn, those taken back too (lbi_dice_sync): fresh ones
     * follow (R-GAME-14) */
    rc = lbi_game_rebuild(g);
    if (rc != LB_OK)
        return lbi_game_roll_back(g, before, rc);
    lb_trace_release(&g->trace);
    lb_trace_init(&g->trace);
    LBI_EVENT(g->tr, "R-GAME-14", "(2)", EV_GAME_TAKES_BACK, ev_text(g->st->sides[side]),
              ev_int(keep));
    out->seq_after = g->journal.count;
    return LB_OK;
}
