/* The words of stacking (10), (15), (16), (31): the sentence of each event of src/rules/stack/stack_events.h. */
#include "stack_events.h"
#include "words.h"

/* Why a hex does not fit, each with its arguments from 0. */
#define TWO_FORMATIONS "a hex holds one formation, not {0} and {1} (T16-1)"
#define ROAD_FULL "{0} holds at most {1} increments in road march, not {2} in {3} unit{3#|s}"
#define CAVALRY_FULL "{0} holds never more than {1} cavalry units, not {2}"
/* What a hex holds: units and increments of each arm, from argument 1. */
#define HELD                                                                                       \
    "{1?{1} infantry unit{1#|s} ({2} increments)}"                                                 \
    "{3?{1?, }{3} cavalry unit{3#|s} ({4} increments)}"                                            \
    "{5?{1?, |{3?, }}{5} artillery unit{5#|s} ({6} increments)}"
#define OVER_LIMIT "{0} would hold " HELD ", over its limit ({7?{7}|the stacking chart})"
/* The limit a hex meets: by arm its units, units capped, increments capped, increments, from
 * argument 8 ("18 infantry increments", "1 infantry unit and 1 artillery unit"). */
#define ALT                                                                                        \
    "{8?{9?{8} infantry unit{8#|s}{10? of {11} increments}|"                                       \
    "{10?{11} infantry increments|any infantry}}}"                                                 \
    "{12?{8? and }{13?{12} cavalry unit{12#|s}{14? of {15} increments}|"                           \
    "{14?{15} cavalry increments|any cavalry}}}"                                                   \
    "{16?{8? and |{12? and }}{17?{16} artillery unit{16#|s}{18? of {19} increments}|"              \
    "{18?{19} artillery increments|any artillery}}}"

/* A reason at its hex, and as the over-stacking check's first step. */
#define AT(hex, why) "{" hex "}: " why
#define OVERSTACKED(hex, rule, why)                                                                \
    "{" hex "} is over its stacking limit ({" rule "}: " why "): one roll, each unit checks it "  \
    "with its own modifiers"

static const char *const sentences[] = {
    [LBI_EVENT_INDEX(EV_STACK_TWO_FORMATIONS)] = TWO_FORMATIONS,
    [LBI_EVENT_INDEX(EV_STACK_ROAD_FULL)] = ROAD_FULL,
    [LBI_EVENT_INDEX(EV_STACK_CAVALRY_FULL)] = CAVALRY_FULL,
    [LBI_EVENT_INDEX(EV_STACK_OVER_LIMIT)] = OVER_LIMIT,
    [LBI_EVENT_INDEX(EV_STACK_AT_TWO_FORMATIONS)] = AT("2", TWO_FORMATIONS),
    [LBI_EVENT_INDEX(EV_STACK_AT_ROAD_FULL)] = AT("4", ROAD_FULL),
    [LBI_EVENT_INDEX(EV_STACK_AT_CAVALRY_FULL)] = AT("3", CAVALRY_FULL),
    [LBI_EVENT_INDEX(EV_STACK_AT_OVER_LIMIT)] = AT("8", OVER_LIMIT),
    [LBI_EVENT_INDEX(EV_STACK_OVERSTACKED_TWO_FORMATIONS)] = OVERSTACKED("2", "3", TWO_FORMATIONS),
    [LBI_EVENT_INDEX(EV_STACK_OVERSTACKED_ROAD_FULL)] = OVERSTACKED("4", "5", ROAD_FULL),
    [LBI_EVENT_INDEX(EV_STACK_OVERSTACKED_CAVALRY_FULL)] = OVERSTACKED("3", "4", CAVALRY_FULL),
    [LBI_EVENT_INDEX(EV_STACK_OVERSTACKED_OVER_LIMIT)] = OVERSTACKED("8", "9", OVER_LIMIT),
    [LBI_EVENT_INDEX(EV_STACK_ONE_FORMATION)] =
        "{0}: its infantry and cavalry stand in one formation, {1}{2?; artillery stands with "
        "any} (T16-1)",
    [LBI_EVENT_INDEX(EV_STACK_NO_CHART)] = "{0}: {1} has no stacking chart: no limit",
    [LBI_EVENT_INDEX(EV_STACK_ROAD_WITHIN)] =
        "{0}: {1} increments in road march in {2} unit{2#|s}, within {3} (N10-2, T15-20)",
    [LBI_EVENT_INDEX(EV_STACK_WITHIN)] = "{7}: {0} holds " HELD ", within its limit (" ALT ")",
    [LBI_EVENT_INDEX(EV_STACK_NO_CHECK)] = "{0} is within its stacking limit: no check",
    [LBI_EVENT_INDEX(EV_STACK_ROLL)] = "the over-stacking roll: {0}",
};

const lbi_words lbi_words_stack = {sentences, LBI_EVENT_INDEX(EV_STACK_END), NULL, 0};
