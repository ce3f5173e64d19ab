/* The words of retreats, routs and flights (30): the sentence of each event of src/rules/retreat/retreat_events.h. */
#include "retreat.h"
#include "retreat_events.h"
#include "words.h"

static const char *const sentences[] = {
    [LBI_EVENT_INDEX(EV_RET_LENGTH_GIVEN)] =
        "{0} of exactly {1} hexes, as the rule that causes it says",
    [LBI_EVENT_INDEX(EV_RET_LENGTH_DISORDER)] =
        "disorder retreat: {0} movement points, at least one hex",
    [LBI_EVENT_INDEX(EV_RET_LENGTH_FLIGHT)] =
        "flight in the Morale Recovery Segment: {0} movement points",
    [LBI_EVENT_INDEX(EV_RET_DIE_ANY_ARM)] = "premier-2017: the rout die applies to {0} as to any arm",
    [LBI_EVENT_INDEX(EV_RET_LENGTH_DIE)] =
        "premier-2017 charge-caused rout: one die of hexes, exactly {0}",
    [LBI_EVENT_INDEX(EV_RET_LENGTH_CAVALRY)] = "cavalry rout: its printed {0} movement points",
    [LBI_EVENT_INDEX(EV_RET_LENGTH_2018)] =
        "premier-2018 rout: exactly {0} hexes; terrain cost does not shorten it",
    [LBI_EVENT_INDEX(EV_RET_DIE_UNUSED)] = "premier-2018: the rout die is not used",
    [LBI_EVENT_INDEX(EV_RET_LENGTH_2017)] = "premier-2017 rout: {0} movement points",
    [LBI_EVENT_INDEX(EV_RET_FROM_FIRST_HEX)] = "{0} stands in {1} hexes and retreats from its first",
    [LBI_EVENT_INDEX(EV_RET_MUST_BE_COMPLETE)] =
        "a rout or flight on {0} MP must be complete: it stops only when no MP is left or every "
        "step R-RET-1 allows costs more than what is left",
    [LBI_EVENT_INDEX(EV_RET_TOO_LARGE)] =
        "{0} hexes reached times {1} levels is more than this search holds",
    [LBI_EVENT_INDEX(EV_RET_START_DISTANCE)] =
        "D(start) = {0}: hex distance to the nearest of {1} enemy formations; no step may come "
        "closer to any formation",
    [LBI_EVENT_INDEX(EV_RET_END_HEXES)] =
        "a path may end only further than the start from every enemy formation (D(start) = {0}), "
        "in a hex with no other combat unit: {1} of the {2} hexes legal steps reach ({3} no "
        "further, {4} with a friendly combat unit)",
    [LBI_EVENT_INDEX(EV_RET_ZERO_STEPS)] =
        "{0} step{0#|s} cost{0#s|} 0 movement points (the first into {1}): each spends 1, so a "
        "path enters at most one hex per movement point, {2} hexes at most",
    [LBI_EVENT_INDEX(EV_RET_OPTIMUM)] =
        "{0?{0}|{1}{2}} optimal path{0#|s} of {3} hex{3#|es}: terrain cost {4}, {5} "
        "hex{5#|es} with friendly units, {6} end hex{6#|es}",
    [LBI_EVENT_INDEX(EV_RET_OPTIMUM_SATURATED)] =
        "at least 18446744073709551615 (2^64 - 1) optimal paths of {0} hex{0#|es}: terrain cost "
        "{1}, {2} hex{2#|es} with friendly units, {3} end hex{3#|es}",
    [LBI_EVENT_INDEX(EV_RET_COUNT_EXACT)] =
        "the count, {0?{0}|{1}{2}}, is exact, worked out over {3} hexes times {4} levels "
        "without listing a path; the first {5} in label order kept{6?, the others streamed on "
        "request}; every end hex ({7}) and every hex on an optimal path ({8}) given",
    [LBI_EVENT_INDEX(EV_RET_COUNT_SATURATED)] =
        "the count does not fit in 64 bits: reported as at least 2^64 - 1, never wrapped; worked "
        "out over {0} hexes times {1} levels without listing a path; the first {2} in label order "
        "kept, the others streamed on request; every end hex ({3}) and every hex on an optimal "
        "path ({4}) given",
    [LBI_EVENT_INDEX(EV_RET_CHOICE)] =
        "every optimal path ends at distance {0}; automatic choice (f): the first path in label "
        "order",
    [LBI_EVENT_INDEX(EV_RET_SURRENDER_HEXES)] =
        "no legal path of exactly {0} hexes: the unit surrenders",
    [LBI_EVENT_INDEX(EV_RET_SURRENDER_COMPLETE)] =
        "no complete legal path (one that stops only for want of movement points, budget {0} "
        "MP): the unit surrenders",
    [LBI_EVENT_INDEX(EV_RET_SURRENDER_DISORDER)] =
        "no legal path of even one hex (budget {0} MP): the unit surrenders",
    [LBI_EVENT_INDEX(EV_RET_LEADER_ESCORTED)] =
        "{0} is not left alone in {1}: {2} stays there with him; he is not concerned",
    [LBI_EVENT_INDEX(EV_RET_LEADER_CAPTURED)] =
        "{0} stands alone with {1} in {2}: captured when it surrenders (L7-6)",
    [LBI_EVENT_INDEX(EV_RET_LEADER_LEFT)] =
        "{0} would be left alone in {1}: he may go with {2} to its end hex {3} (the automatic "
        "choice) or stay there unescorted",
    [LBI_EVENT_INDEX(EV_RET_CHECKS)] =
        "{0}, in good order in {1}, checks morale once {2} has moved along the automatic choice "
        "(W31-2): {3} of 36 rolls pass",
    [LBI_EVENT_INDEX(EV_RET_LEADER_ATTACHED)] =
        "{0}, attached to {2}, goes with it from {1} to its end hex {3}",
    [LBI_EVENT_INDEX(EV_RET_EXACT_PATH_EXISTS)] =
        "a legal path of exactly {0} hexes exists: no surrender",
    [LBI_EVENT_INDEX(EV_RET_FIRST_OVER_COMPLETE)] =
        "the first hex {0} costs {1} movement points, more than the {2} of the budget: it is "
        "always affordable (R-RET-3) and leaves none, so a path that stops there is complete",
    [LBI_EVENT_INDEX(EV_RET_FIRST_OVER)] =
        "the first hex {0} costs {1} movement points, more than the {2} of the budget: the first "
        "hex is always affordable",
    [LBI_EVENT_INDEX(EV_RET_DISORDER_LONGEST)] =
        "a disorder retreat surrenders only when it has no legal path of one hex: it takes its "
        "longest legal paths, of {0} hex{0#|es}; the automatic choice leaves {1} of its {2} "
        "movement points",
    [LBI_EVENT_INDEX(EV_RET_COMPLETE_NONE_LEFT)] =
        "complete: the automatic choice stops in {0} with no movement point left",
    [LBI_EVENT_INDEX(EV_RET_COMPLETE_LEFT)] =
        "complete: the automatic choice stops in {0} with {1} movement point{1#|s} left, and every "
        "step R-RET-1 allows from there costs more: {2?{2*2:{0} ({1} MP)|, }|none}",
    [LBI_EVENT_INDEX(EV_RET_STEPS_BACK)] =
        "from {0} the step{1#|s} back to {1*1:{0}|, }, already on the path, {1#is|are} no step "
        "R-RET-1 allows (no hex repeats): the path is complete all the same",
    [LBI_EVENT_INDEX(EV_RET_NO_ONE_HEX)] =
        "no legal path of exactly one hex ({1*2:{0} {1}|; }), but legal paths of {0} hexes go on "
        "through such a first hex: the unit retreats along them and does not surrender",
    [LBI_EVENT_INDEX(EV_RET_PATH)] =
        "the automatic choice written h0 … hn, the start then the {0} hex{0#|es} entered: "
        "{1*1:{0}| }",
    [LBI_EVENT_INDEX(EV_RET_COSTS)] =
        "each step costs the terrain entered plus the hexside crossed and the slope where "
        "elevations differ, counted once: the automatic choice costs {0}, terrain {1}, hexsides "
        "and slopes {2} ({3*4:{0} {1} = terrain {2} + {3}|, })",
    [LBI_EVENT_INDEX(EV_RET_NOT_COUNTED)] =
        "not counted as enemy formations: {0} routed enemy combat unit{0#|s} and {1} further "
        "than {2} hexes from the start",
    [LBI_EVENT_INDEX(EV_RET_NEAREST_ONLY)] =
        "no path of the disorder retreat ends further from every enemy formation: it may end "
        "further from the nearest than D(start) = {0} ({1} hex{1#|es})",
    [LBI_EVENT_INDEX(EV_RET_PREFER_COVER)] =
        "(d) {0} of the {1} end hexes of the best paths are woods or built-up: only those remain",
    [LBI_EVENT_INDEX(EV_RET_PREFER_FARTHEST)] =
        "(e) the largest distance at the end, {0}: {1} of {2} end hex{2#|es} remain{1#s|}",
    [LBI_EVENT_INDEX(EV_RET_NONE_COUNTED_DISORDER)] =
        "no enemy formation counts: the disorder retreat takes any legal path of up to {0} "
        "movement points, least cost, fewest friendly hexes, then furthest from every enemy",
    [LBI_EVENT_INDEX(EV_RET_IN_REFUGE)] =
        "no enemy formation counts and {0} is already woods or built-up, 15 or more hexes from "
        "every enemy combat unit: the unit stays",
    [LBI_EVENT_INDEX(EV_RET_NO_REFUGE)] =
        "no enemy formation counts and no woods or built-up hex 15 or more hexes from every enemy "
        "combat unit can be reached: the unit stays; it never surrenders for want of an enemy",
    [LBI_EVENT_INDEX(EV_RET_REFUGE)] =
        "no enemy formation counts: the unit heads for the nearest woods or built-up hex 15 or "
        "more hexes from every enemy combat unit, {0}, {1} hex{1#|es} away; its move takes it "
        "{2} hex{2#|es} along the way",
    [LBI_EVENT_INDEX(EV_RET_ENDS_SURRENDER)] =
        "a failed recovery ({0}) would have no complete path from {1#this end|these ends}: "
        "{1*1:{0}|, } mean{1#s|} surrender later",
    [LBI_EVENT_INDEX(EV_RET_CHOICE_AVOIDS)] =
        "the automatic choice keeps to an end that does not mean surrender later: it ends in {0}",
    [LBI_EVENT_INDEX(EV_RET_COSTS_TERRAIN)] =
        "each step costs the terrain entered plus the hexside crossed and the slope where "
        "elevations differ: none adds to the automatic choice, which costs its terrain, {0}",
};

static const char *const kinds[] = {
    [LB_RETREAT_DISORDER] = "disorder",
    [LB_RETREAT_ROUT] = "rout",
    [LB_RETREAT_FLIGHT] = "flight",
};

static const char *const refused[] = {
    [RET_REFUSED_FRIEND] = "holds a friendly combat unit",
    [RET_REFUSED_NO_FURTHER] = "is no further from the enemy",
};

#define LIST(a) {a, (int)(sizeof a / sizeof a[0])}

static const lbi_phrases phrases[] = {
    [LBI_EVENT_INDEX(RET_PH_KIND)] = LIST(kinds),
    [LBI_EVENT_INDEX(RET_PH_REFUSED)] = LIST(refused),
};

const lbi_words lbi_words_retreat = {sentences, LBI_EVENT_INDEX(EV_RET_END), phrases,
                                     LBI_EVENT_INDEX(RET_PH_END)};
