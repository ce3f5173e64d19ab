/* The words of the pieces the areas share (12), (30), (36): the sentence of each event of src/rules/rules_events.h. */
#include "rules_events.h"
#include "words.h"

static const char *const sentences[] = {
    [LBI_EVENT_INDEX(EV_RULES_LOSSES)] =
        "{0} {1?unchanged|reduced} after {2} of {3} increments lost",
    [LBI_EVENT_INDEX(EV_RULES_HALF)] = "disordered: half its {0}",
    [LBI_EVENT_INDEX(EV_RULES_HALF_FLOOR)] =
        "disordered artillery: half its {0}, but never below 1",
    [LBI_EVENT_INDEX(EV_RULES_ROUND_DOWN)] = "fractions round down: {0} {1} becomes {2}",
    [LBI_EVENT_INDEX(EV_RULES_UNABLE)] = "{0}",
    [LBI_EVENT_INDEX(EV_RULES_GOOD)] = "{0} order: {1} {2}",
    [LBI_EVENT_INDEX(EV_RULES_ROUTED_CAVALRY_MELEE)] = "routed cavalry: melee at one quarter",
    [LBI_EVENT_INDEX(EV_RULES_ROUTED_MELEE)] = "routed: melee at one third, in defence only",
    [LBI_EVENT_INDEX(EV_RULES_ROUTED_CAVALRY_MOVES)] = "routed cavalry: moves at its printed rate",
    [LBI_EVENT_INDEX(EV_RULES_ROUTED_FLEES)] =
        "routed: flees with 10 movement points in the Morale Recovery Segment",
    [LBI_EVENT_INDEX(EV_RULES_READINESS_KEPT)] =
        "{0} fought at one third to keep its readiness: still {1}",
    [LBI_EVENT_INDEX(EV_RULES_READINESS_SPENT)] =
        "{0} {1?charged and meleed (38.10)|meleed}: {2} -> {3}",
    [LBI_EVENT_INDEX(EV_RULES_READINESS_STAYS)] = "{0} stays {1}: {2}",
    [LBI_EVENT_INDEX(EV_RULES_READINESS_RESTED)] =
        "{0} rested a full turn {1?without moving (two steps)|moving at most half (one step)}: "
        "{2} -> {3}",
};

static const char *const values[] = {
    [RULES_FIRE] = "fire",
    [RULES_MELEE] = "melee",
    [RULES_LANCE] = "lance",
    [RULES_MOVEMENT] = "movement",
};

static const char *const unable[] = {
    [RULES_LEADER_NO_FIRE] = "a leader is not a combat unit and does not fire",
    [RULES_ROUTED_NO_FIRE] = "routed: may not initiate fire",
    [RULES_LEADER_NO_MELEE] = "a leader is not a combat unit and does not melee",
    [RULES_ROUTED_DEFENCE_ONLY] = "routed: melees only in defence",
    [RULES_ROUTED_NO_MOVE] =
        "routed: does not move in the Movement phase; it flees in the Morale Recovery Segment",
};

static const char *const no_rest[] = {
    [RULES_NO_FULL_TURN] = "a full turn has not passed since its combat",
    [RULES_FOUGHT] = "it fought in that turn",
    [RULES_FIRE_LOSS] = "it lost an increment to fire in that turn",
    [RULES_RETIRED] = "it retreated before a melee with cavalry",
    [RULES_MOVED] = "it moved more than half its movement points",
};

#define LIST(a) {a, (int)(sizeof a / sizeof a[0])}

static const lbi_phrases phrases[] = {
    [LBI_EVENT_INDEX(RULES_PH_VALUE)] = LIST(values),
    [LBI_EVENT_INDEX(RULES_PH_UNABLE)] = LIST(unable),
    [LBI_EVENT_INDEX(RULES_PH_NO_REST)] = LIST(no_rest),
};

const lbi_words lbi_words_rules = {sentences, LBI_EVENT_INDEX(EV_RULES_END), phrases,
                                   LBI_EVENT_INDEX(RULES_PH_END)};
