/* The events of the game's turn, segments, results and dice: what src/game records; their sentences are in src/answer/words/game.c. */
#ifndef LB_GAME_EVENTS_H
#define LB_GAME_EVENTS_H

#include "event.h"
#include "state_int.h"

#define GAME_EV(i) LBI_EVENT_KIND(LBI_EVA_GAME, i)

/*
 * Arguments are listed from 0. A side is its name (text), a hex its label; "hours, minutes" is
 * a time of day. A text the game got from elsewhere (an answer's key, a reason already said, an
 * AI's note, a dice roll's purpose) is a text argument, written as it is.
 */
enum game_event {
    /* the turn and its segments (R-GAME-1, R-GAME-2, R-GAME-4, R-GAME-14, R-VIC-1, R-VIC-5) */
    EV_GAME_COMMAND_STEP = GAME_EV(1), /* hours, minutes, turn */
    EV_GAME_SEGMENT,                   /* hours, minutes, phasing side, segment */
    EV_GAME_COMMAND_OVER,              /* (none) */
    EV_GAME_NOTHING_TO_DO,             /* side, segment */
    EV_GAME_IDLE_TURN,                 /* (none) */
    EV_GAME_LAST_TURN,                 /* hours, minutes of the last turn */
    EV_GAME_CONCEDES,                  /* side */
    EV_GAME_TAKES_BACK,                /* side, journal entry */
    EV_GAME_TIME_ALLOWANCE,            /* side, seconds */
    /* answers (R-GAME-3, R-GAME-17, R-OCH-4, R-CHG-7, R-MEL-22) and an AI's note */
    EV_GAME_ANSWER,                    /* side, key */
    EV_GAME_ANSWERS,                   /* side, decision kind, key */
    EV_GAME_NOTE,                      /* the note */
    /* the Command step (R-GAME-9, R-GAME-11) */
    EV_GAME_MORALE_LEVEL,              /* organisation, infantry routed or gone, infantry,
                                        * Morale Level, its modifier */
    EV_GAME_DUE,                       /* reinforcement, side, hex */
    EV_GAME_ENTERS,                    /* reinforcement, hex */
    /* results (R-VIC-2, R-VIC-3, R-VIC-4, R-VIC-6) */
    EV_GAME_LEADER_LOST,               /* leader, side */
    EV_GAME_SURRENDERS,                /* unit, side */
    EV_GAME_LOSES,                     /* unit, increments, eliminated (1) or not */
    EV_GAME_OBJECTIVE,                 /* side, hex, points */
    EV_GAME_LEVEL_AWARD,               /* organisation, Morale Level, counted (1) or not, the
                                        * award's level, points, side */
    EV_GAME_DRAW,                      /* side, points, other side, points, margin, marginal
                                        * victory's margin */
    EV_GAME_VICTORY,                   /* side, points, other side, points, margin, marginal,
                                        * substantive and decisive margins, outcome, winner */
    /* retreats and morale checks (R-GAME-7, R-RET-4, R-MOR-7, R-MOR-8, R-MOR-16, R-MOR-17) */
    EV_GAME_RETREATS,                  /* unit, how (GAME_PH_FLIGHT), hex, chosen (1) or the
                                        * automatic choice */
    EV_GAME_RETREAT_ASKED,             /* side, unit, retreat kind, ends */
    EV_GAME_RETREAT_AUTOMATIC,         /* side, unit, retreat kind */
    EV_GAME_RETREAT_CHOSEN,            /* side, unit, retreat kind, hex */
    EV_GAME_MORALE_CHECK,              /* unit, roll, modifier, modified, passed (1) or failed,
                                        * morale state, set off by the rules (1) or not, morale,
                                        * rolls of 36 that pass */
    EV_GAME_CHECK_PASSED,              /* unit, unit out of good order, its morale state */
    EV_GAME_CHECK_FAILED,              /* unit that failed, stack-mate */
    /* leaders left alone (R-RET-22) */
    EV_GAME_LEADER_GOES,               /* leader, unit, hex from, hex to, how (GAME_PH_LEADER) */
    EV_GAME_LEADER_STAYS,              /* leader, hex, unit, how (GAME_PH_LEADER) */
    EV_GAME_LEADER_ASKED,              /* side, leader, unit, hex there, hex here */
    /* fire (R-GAME-5, R-GAME-6, R-FIRE-7, R-FIRE-13) */
    EV_GAME_CLOSEST,                   /* battery, closest hex, the hexes refused (a text),
                                        * closest fired at (1) or not */
    EV_GAME_FIRE_OFFER,                /* side, fire kind, fires, units */
    EV_GAME_FIRE_LOST,                 /* firers (a text), several (1) or one, hex, roll,
                                        * increments lost */
    EV_GAME_FIRE_TAKEN,                /* firers (a text), several (1) or one, hex, roll, loss,
                                        * increments the hex takes */
    EV_GAME_FIRED,                     /* firers (a text), hex, several (1) or one */
    /* movement (R-GAME-17, R-MOV-1, R-MOV-16, R-MOV-19) */
    EV_GAME_OPP_FIRE_OFFER,            /* unit, move kind, side, fires */
    EV_GAME_NO_FORCE_MARCH,            /* unit, division, why (a text) */
    EV_GAME_FORCE_MARCH,               /* unit, division, declaring unit */
    EV_GAME_MARCHES,                   /* unit, marches (1) or stands still */
    EV_GAME_MOVE_ACTION,               /* unit, the action (a text), whole movement points,
                                        * half (1) or not, whole points spent, half (1) or not */
    EV_GAME_MOVE_STOPS,                /* unit, why (a text) */
    /* over-stacking at the end of the Movement segment (R-STACK-6..8) */
    EV_GAME_OVERSTACKED,               /* hex, why (a text), units, roll */
    EV_GAME_OVERSTACK_CHECK,           /* unit, morale, modifier, fails (1) or stands */
    EV_GAME_OVERSTACK_MOVES,           /* hex, why (a text), unit, hex it moves to */
    EV_GAME_OVERSTACK_WITHIN,          /* hex */
    EV_GAME_OVERSTACK_STAYS,           /* hex, why (a text) */
    /* charges and melees (R-GAME-10, R-GAME-18, R-GAME-20, R-GAME-25, R-OCH-*, R-RCH-7) */
    EV_GAME_OPP_CHARGE_ILLEGAL,        /* cavalry, why (a text) */
    EV_GAME_OPP_CHARGE_REFUSED,        /* why (a text) */
    EV_GAME_CHARGED_NO_MELEE,          /* cavalry, readiness */
    EV_GAME_ROUTS_IN_PLACE,            /* cavalry */
    EV_GAME_OWED_MELEE_LAPSES,         /* cavalry, unit, hex */
    EV_GAME_OWED_MELEE_NOW,            /* cavalry, unit, phasing side */
    EV_GAME_OWED_MELEE_ASSAULTED,      /* cavalry, unit, hex */
    EV_GAME_REACTOR_EXHAUSTED,         /* cavalry */
    EV_GAME_MELEE_OVER,                /* hex, summary (a text) */
    EV_GAME_ONE_ASSAULT,               /* charges, hex */
    EV_GAME_NEVER_ASK,                 /* side, cavalry */
    EV_GAME_NEVER_ASKED,               /* side, cavalry */
    EV_GAME_NEVER_ASKED_IN_PLAY,       /* side, cavalry */
    EV_GAME_OPP_CHARGE_OFFER,          /* side, mover, cavalry units asked */
    EV_GAME_OPP_CHARGE_CHECK,          /* cavalry, roll, modifier, modified, passed (1) or not,
                                        * morale, chance of passing */
    EV_GAME_OPP_CHARGE_FAILS,          /* cavalry, readiness */
    EV_GAME_OPP_CHARGE_PASSES,         /* cavalry, mover */
    /* the dice (R-DICE-3) */
    EV_GAME_ROLL,                      /* purpose, value */
    EV_GAME_ROLL_JOURNAL,              /* purpose, value */
    EV_GAME_END
};

/* Phrase lists. */
enum game_phrases {
    GAME_PH_FLIGHT = GAME_EV(1), /* how a unit leaves (enum game_flight) */
    GAME_PH_LEADER,              /* why a leader goes or stays (enum game_leader_how) */
    GAME_PH_END
};

enum game_flight { GAME_RETREATS, GAME_ROUTS, GAME_FLEES };
enum game_leader_how { GAME_LEADER_NO_UNIT, GAME_LEADER_AUTOMATIC, GAME_LEADER_CHOSEN };

/* A hex as an event's argument: its label on the state's map. */
static inline lb_event_arg ev_game_hex(const lb_state *st, lb_hex h)
{
    char label[LB_HEX_LABEL_MAX];
    return lbi_ev_label(lb_map_label(&st->map, h, label));
}

#endif
