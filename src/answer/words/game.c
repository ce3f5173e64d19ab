/* The words of the game's turn, segments, results and dice: the sentence of each event of src/game/game_events.h. */
#include "game_events.h"
#include "words.h"

#define S(kind) [LBI_EVENT_INDEX(EV_GAME_##kind)]
/* "RETREAT of UNIT" as side, unit, kind from argument 0 */
#define WHOSE_RETREAT "{1}'s {2}"

static const char *const sentences[] = {
    S(COMMAND_STEP) = "{0:02}:{1:02}: the mutual Command step of turn {2}",
    S(SEGMENT) = "{0:02}:{1:02}: {2}, {3} segment",
    S(COMMAND_OVER) = "the Command step is over",
    S(NOTHING_TO_DO) = "{0} has nothing to do in the {1} segment: it ends",
    S(IDLE_TURN) = "a whole turn passed with nothing to decide and the scenario has no last turn: "
                   "the battle ends",
    S(LAST_TURN) = "the last turn ({0:02}:{1:02}) is over: the battle ends",
    S(CONCEDES) = "{0} concedes the battle",
    S(TAKES_BACK) = "{0} takes back the game to entry {1}",
    S(TIME_ALLOWANCE) = "{0}: movement time allowance {1} s",
    S(ANSWER) = "{0}: {1}",
    S(ANSWERS) = "{0} answers {1}: {2}",
    S(NOTE) = "{0}",
    S(MORALE_LEVEL) = "{0}: {1} of {2} infantry routed or gone: Morale Level {3}, {4+} to its "
                      "units' morale checks",
    S(DUE) = "{0} ({1}) is due this turn at {2}",
    S(ENTERS) = "{0} enters at {1}",
    S(LEADER_LOST) = "leader {0} is lost to {1}",
    S(SURRENDERS) = "{0} surrenders to {1}",
    S(LOSES) = "{0} loses {1} increment{1#|s}{2? and is eliminated}",
    S(OBJECTIVE) = "{0} takes the objective {1} ({2} points)",
    S(LEVEL_AWARD) = "{0} is on Morale Level {1}: {2?counted|not reached} for Level {3}: {4} "
                     "points to {5}",
    S(DRAW) = "{0} {1}, {2} {3}: a margin of {4}, below the marginal victory's {5}: a draw",
    S(VICTORY) = "{0} {1}, {2} {3}: a margin of {4} (marginal from {5}, substantive from {6}, "
                 "decisive from {7}): a {8} victory of {9}",
    S(RETREATS) = "{0} {1} to {2}{3?| (the automatic choice)}",
    S(RETREAT_ASKED) = "{0} chooses where " WHOSE_RETREAT " ends: {3} ends, each along the first "
                       "optimal path to it in label order, or the automatic choice",
    S(RETREAT_AUTOMATIC) = "{0} leaves the end of " WHOSE_RETREAT " to the automatic choice",
    S(RETREAT_CHOSEN) = "{0} chooses where " WHOSE_RETREAT " ends: {3}, along the first optimal "
                        "path to it in label order",
    S(MORALE_CHECK) = "{0} checks morale: roll {1} {2+} = {3}, {4?passed|failed}: {5}"
                      "{6? (morale {7}: {8} of 36 rolls pass)}",
    S(CHECK_PASSED) = "{0} is in good order in a hex where {1}, {2}, began, passed or ended its "
                      "move: {0} checks morale (W31-2)",
    S(CHECK_FAILED) = "{0} failed a morale check: {1}, of its stack, checks morale (W31-13)",
    S(LEADER_GOES) = "{0} goes with {1} from {2} to {3}{4}",
    S(LEADER_STAYS) = "{0} stays at {1} without {2}{3}",
    S(LEADER_ASKED) = "{0} chooses whether {1} goes with {2} to {3} or stays at {4}",
    S(CLOSEST) = "{0} fires at its closest target, {1} (R-FIRE-21): not at{2}{3?; that hex was "
                 "fired at in this segment, so it fires at no other}",
    S(FIRE_OFFER) = "{0}, {1} fire: the fire rules allow {2} fire{2#|s} of {3} unit{3#|s} at the "
                    "hexes not yet fired at in this segment (each unit fires once, each hex is "
                    "fired at once)",
    S(FIRE_LOST) = "{0} fire{1?|s} at {2}: roll {3}, {4} increment{4#|s} lost",
    S(FIRE_TAKEN) = "{0} fire{1?|s} at {2}: roll {3}, a loss of {4} increment{4#|s} of which the "
                    "hex takes {5}",
    S(FIRED) = "{0} fired at {1}: no more fire from {2?them|it} nor at {1} in this segment",
    S(OPP_FIRE_OFFER) = "before {0}'s {1} is applied, {2} may fire at it in opportunity fire: {3} "
                        "unit{3#|s} the fire rules allow, or pass",
    S(NO_FORCE_MARCH) = "{0}, of the division {1}, does not force-march with it: {2}",
    S(FORCE_MARCH) = "{0} force-marches with its division {1}, declared by {2} (F44-2)",
    S(MARCHES) = "{0}: {1?it marches|it stands still this segment}",
    S(MOVE_ACTION) = "{0} {1}: {2}{3?.5} MP ({4}{5?.5} spent)",
    S(MOVE_STOPS) = "{0} stops: {1}",
    S(OVERSTACKED) = "{0} is over its stacking limit at the end of the Movement segment ({1}): "
                     "one roll for its {2} units, {3} (W31-3, V18-7)",
    S(OVERSTACK_CHECK) = "{0}: morale {1}, modifier {2+}: {3?fails|stands}",
    S(OVERSTACK_MOVES) = "{0} is still over its stacking limit ({1}): {2}, the last of its units "
                         "listed that has a hex to go to, moves one hex away from the enemy to "
                         "{3} (W31-3)",
    S(OVERSTACK_WITHIN) = "{0} is within its stacking limit: no unit of it has to move away "
                          "(W31-3)",
    S(OVERSTACK_STAYS) = "{0} stays over its stacking limit ({1}): none of its units has a hex to "
                         "go to away from the enemy (W31-3)",
    S(OPP_CHARGE_ILLEGAL) = "{0} may not charge: {1}",
    S(OPP_CHARGE_REFUSED) = "{0}",
    S(CHARGED_NO_MELEE) = "{0} charged but did not melee: it stays {1}",
    S(ROUTS_IN_PLACE) = "{0} routs in place: its recall failed",
    S(OWED_MELEE_LAPSES) = "{0} may not melee {1} at {2}: the melee its opportunity charge owes "
                           "lapses",
    S(OWED_MELEE_NOW) = "{0}'s melee with {1} is owed by {0}'s side: it is fought now, in {2}'s "
                        "Movement segment",
    S(OWED_MELEE_ASSAULTED) = "{0}'s melee with {1} at {2} lapses: the hex was assaulted in this "
                              "segment",
    S(REACTOR_EXHAUSTED) = "{0} reacted and meleed: exhausted, not tired",
    S(MELEE_OVER) = "the melee at {0} is over ({1})",
    S(ONE_ASSAULT) = "{0} charges owe their melees at {1}: they are one assault",
    S(NEVER_ASK) = "{0} is never asked again about {1}: no reaction or opportunity charge of it is "
                   "asked (a question pending now stays)",
    S(NEVER_ASKED) = "{0} is never asked about {1} (\"never ask me\"): no opportunity charge",
    S(NEVER_ASKED_IN_PLAY) = "{0} said in play never to be asked about {1} (\"don't ask me "
                             "again\"): no opportunity charge",
    S(OPP_CHARGE_OFFER) = "{0} may charge {1} in opportunity: {2} cavalry unit{2#|s}, or pass",
    S(OPP_CHARGE_CHECK) = "{0} checks morale to charge (40.1): roll {1} {2+} = {3}, {4?greater "
                          "than|not greater than} morale {5} (passes with chance {6})",
    S(OPP_CHARGE_FAILS) = "{0} fails: it stays where it is, in good order, {1}",
    S(OPP_CHARGE_PASSES) = "{0} passes: it charges {1} at once; {1} stops where it is",
    S(ROLL) = "{0}: {1}",
    S(ROLL_JOURNAL) = "{0}: {1} (from the journal)",
};

static const char *const flights[] = {
    [GAME_RETREATS] = "retreats",
    [GAME_ROUTS] = "routs",
    [GAME_FLEES] = "flees",
};

static const char *const leader_hows[] = {
    [GAME_LEADER_NO_UNIT] = " (his unit is not there to go with)",
    [GAME_LEADER_AUTOMATIC] = " (the automatic choice)",
    [GAME_LEADER_CHOSEN] = " (his side's choice)",
};

#define LIST(a) {a, (int)(sizeof a / sizeof a[0])}

static const lbi_phrases phrases[] = {
    [LBI_EVENT_INDEX(GAME_PH_FLIGHT)] = LIST(flights),
    [LBI_EVENT_INDEX(GAME_PH_LEADER)] = LIST(leader_hows),
};

const lbi_words lbi_words_game = {sentences, LBI_EVENT_INDEX(EV_GAME_END), phrases,
                                  LBI_EVENT_INDEX(GAME_PH_END)};
