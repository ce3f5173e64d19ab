/* The words of stacking (T15-19, T16-1, W31-3): the sentence of each event of src/rules/stack/stack_events.h. */
#include "stack_events.h"
#include "words.h"

static const char *const sentences[] = {
    [LBI_EVENT_INDEX(EV_STACK_FORMATIONS)] = "a hex holds one formation, not {0} and {1} (T16-1)",
    [LBI_EVENT_INDEX(EV_STACK_ROAD_OVER)] =
        "{0} holds at most {1} increments in road march, not {2} in {3} units",
    [LBI_EVENT_INDEX(EV_STACK_CAVALRY_OVER)] = "{0} holds never more than {1} cavalry units, not {2}",
    [LBI_EVENT_INDEX(EV_STACK_OVER)] =
        "{0} would hold {1?{1} infantry unit{1#|s} ({4} increments)}{2?{1?, }{2} cavalry "
        "unit{2#|s} ({5} increments)}{3?{1?, |{2?, }}{3} artillery unit{3#|s} ({6} increments)}, "
        "over its limit ({7?{7}|the stacking chart})",
    [LBI_EVENT_INDEX(EV_STACK_AT)] = "{0}: {1>}",
    [LBI_EVENT_INDEX(EV_STACK_OVER_CHECK)] =
        "{0} is over its stacking limit ({1}: {2>}): one roll, each unit checks it with its own "
        "modifiers",
};

const lbi_words lbi_words_stack = {sentences, LBI_EVENT_INDEX(EV_STACK_END), NULL, 0};
