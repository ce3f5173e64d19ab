/* The words of morale checks (30), (31): the sentence of each event of src/rules/morale/morale_events.h, and why the rules add their own modifiers. */
#include "retreat.h"
#include "morale_events.h"
#include "words.h"

static const char *const sentences[] = {
    [LBI_EVENT_INDEX(EV_MOR_LEADER)] =
        "leader {0} with the unit: the best morale bonus of {1} friendly leader{1#|s}",
    [LBI_EVENT_INDEX(EV_MOR_MODIFIER)] = "{0}: {1+} to the roll",
    [LBI_EVENT_INDEX(EV_MOR_AUTO_PASS)] = "the charts make a natural {0} always pass",
    [LBI_EVENT_INDEX(EV_MOR_AUTO_FAIL)] = "the charts make a natural {0} always fail",
    [LBI_EVENT_INDEX(EV_MOR_NEED)] =
        "passes when the roll {0+} is greater than morale {1}: natural {2} or more; {3} of 36 "
        "rolls pass",
    [LBI_EVENT_INDEX(EV_MOR_NO_NEED)] =
        "no roll {0+} is greater than morale {1}; {2} of 36 rolls pass",
    [LBI_EVENT_INDEX(EV_MOR_NOT_PHASING)] =
        "{0} is not of the phasing side: in {1}'s Morale Recovery segment its check is an "
        "ordinary one",
    [LBI_EVENT_INDEX(EV_MOR_OUTCOME)] =
        "{0} {1} check {2?passed|failed}: {3} -> {4} in {5}{6?, then {7}}",
    [LBI_EVENT_INDEX(EV_MOR_NATURAL)] = "natural {0}: {1?passes|fails} whatever the modifiers",
    [LBI_EVENT_INDEX(EV_MOR_ROLL)] =
        "roll {0} {1+} = {2}, {3?greater than|not greater than} morale {4}: {3?passes|fails}",
    [LBI_EVENT_INDEX(EV_MOR_STEPS)] =
        "{0} {1+} in steps of the 36 rolls: index {2} {1+} = {3}, clamped to 0..35: {4}",
};

static const char *const causes[] = {
    [MOR_LEADER] = "leader's morale bonus",
    [MOR_DISORDERED] = "disordered",
    [MOR_ROUTED] = "routed",
    [MOR_LEVEL] = "its organisation's Morale Level (43)",
};

static const char *const moves[] = {
    [LB_RETREAT_DISORDER] = "disorder",
    [LB_RETREAT_ROUT] = "rout",
    [LB_RETREAT_FLIGHT] = "flight",
};

#define LIST(a) {a, (int)(sizeof a / sizeof a[0])}

static const lbi_phrases phrases[] = {
    [LBI_EVENT_INDEX(MOR_PH_CAUSE)] = LIST(causes),
    [LBI_EVENT_INDEX(MOR_PH_MOVE)] = LIST(moves),
};

const lbi_words lbi_words_morale = {sentences, LBI_EVENT_INDEX(EV_MOR_END), phrases,
                                    LBI_EVENT_INDEX(MOR_PH_END)};
