/* The words of line of sight (23): the sentence of each event of src/rules/los/los_events.h, and the names of its verdicts. */
#include "los_int.h"
#include "los_events.h"
#include "words.h"

static const char *const sentences[] = {
    [LBI_EVENT_INDEX(EV_LOS_LINE)] = "sight line {0} to {1}: {2} hexes, elevations {3} and {4}",
    [LBI_EVENT_INDEX(EV_LOS_NO_SIDE)] = "no combat unit in {0}: no friendly unit",
    [LBI_EVENT_INDEX(EV_LOS_SIDE_GIVEN)] = "firer's side: {0} (the firing unit)",
    [LBI_EVENT_INDEX(EV_LOS_SIDE_OF_TOP)] = "firer's side: {0} (top combat unit {1} of {2})",
    [LBI_EVENT_INDEX(EV_LOS_HEXSIDE)] = "hexside {0}|{1} ({2}): {3}",
    [LBI_EVENT_INDEX(EV_LOS_EDGE_ITEM)] =
        "edge {0}|{1}, hex {0} ({2}, elevation {3}{4?, unit {4}}{6?, {5} {6} does not block}): "
        "{7}, {8} from F, {9} from T",
    [LBI_EVENT_INDEX(EV_LOS_HEX_ITEM)] =
        "hex {0} ({1}, elevation {2}{3?, unit {3}}{5?, {4} {5} does not block}): {6}, {7} from F, "
        "{8} from T",
    [LBI_EVENT_INDEX(EV_LOS_ABOVE_ONE_END)] =
        "{0} at elevation {1} is above {2?F|T} ({3}) but not {2?T|F} ({4}): only ground higher "
        "than both ends blocks",
    [LBI_EVENT_INDEX(EV_LOS_DWELLING)] = "{0}: a dwelling is never seen over",
    [LBI_EVENT_INDEX(EV_LOS_LEVEL_ENDS)] = "{0}: F and T both at elevation {1}: no exception",
    [LBI_EVENT_INDEX(EV_LOS_TIE)] = "{0}: {1} from F and {2} from T, a tie: no exception",
    [LBI_EVENT_INDEX(EV_LOS_NEARER_LOWER)] =
        "{0}: {1} from F and {2} from T, nearer the lower end ({3?F|T}): not seen over",
    [LBI_EVENT_INDEX(EV_LOS_PAIR)] =
        "edge pair {0}|{1} judged hex by hex: {0} {2}, {1} {3}; the pair blocks if either does",
    [LBI_EVENT_INDEX(EV_LOS_ADJACENT)] = "{0} and {1} are adjacent: they always see each other",
    [LBI_EVENT_INDEX(EV_LOS_SELF)] = "{0} is {1}: a hex sees itself",
    [LBI_EVENT_INDEX(EV_LOS_CLEAR)] = "{0} sees {1}: nothing on the line blocks",
    [LBI_EVENT_INDEX(EV_LOS_BLOCKED)] = "{0} does not see {1}: {2} at {3}{4?{|}{4}}",
    [LBI_EVENT_INDEX(EV_LOS_IN_CARRE)] =
        "{0} stands in an enemy carre's hex in {1}: not a target for other units' fire until it "
        "leaves that hex",
    [LBI_EVENT_INDEX(EV_LOS_MAP_LINES)] =
        "sight lines from {0} to each of the {1} hexes of the map, elevation {2} at {0}",
    [LBI_EVENT_INDEX(EV_LOS_MAP_SIDE)] = "firer's side: {0}",
    [LBI_EVENT_INDEX(EV_LOS_MAP_NEAR)] = "{0} and its {1} neighbours on the map: always seen",
    [LBI_EVENT_INDEX(EV_LOS_MAP_PLAIN)] =
        "{0} {0#hex|hexes} seen: nothing on the line blocks (first {1})",
    [LBI_EVENT_INDEX(EV_LOS_MAP_SEEN_PAST)] = "{0} {0#hex|hexes} seen past {1} (first {2})",
    [LBI_EVENT_INDEX(EV_LOS_MAP_HIDDEN)] = "{0} {0#hex|hexes} hidden: {1} on the line (first {2})",
};

static const char *const verdicts[] = {
    [LB_LOS_OPEN] = "clear",
    [LB_LOS_OFF_MAP] = "off the map",
    [LB_LOS_BLOCK_DWELLING] = "dwelling",
    [LB_LOS_BLOCK_HIGHER] = "higher ground",
    [LB_LOS_BLOCK_TERRAIN] = "blocking terrain",
    [LB_LOS_BLOCK_UNIT] = "combat unit",
    [LB_LOS_BLOCK_WALL] = "wall",
    [LB_LOS_BLOCK_FRIENDLY] = "friendly unit next to the target",
    [LB_LOS_SEEN_OVER] = "seen over",
    [LB_LOS_OWN_SIDE] = "hexside of F or T",
    [LB_LOS_CORNER] = "touched at a corner",
};

static const char *const passives[] = {
    [LB_LOS_PASSIVE_NONE] = "",
    [LB_LOS_PASSIVE_ROUTED] = "routed",
    [LB_LOS_PASSIVE_LEADER] = "leader",
    [LB_LOS_PASSIVE_IN_F] = "in F",
    [LB_LOS_PASSIVE_IN_T] = "in T",
};

static const char *const side_hows[] = {
    [LOS_SIDE_BLOCKS] = "crossed or run along: blocks",
    [LOS_SIDE_OWN] = "a hexside of F or T, not a screen",
    [LOS_SIDE_CORNER] = "only its end corner is touched: not crossed",
    [LOS_SIDE_OPEN] = "does not block",
    [LOS_SIDE_BOTH] = "walls on both sides of the line at the corner it passes: crossed, blocks",
};

static const char *const seen_pasts[] = {
    [LOS_PAST_OVER] = "a blocker seen over from the higher end",
    [LOS_PAST_CORNER] = "a wall touched only at an end corner",
    [LOS_PAST_OWN_SIDE] = "a wall on a hexside of F or T",
    [LOS_PAST_UNIT] = "a unit that does not block (routed, a leader, or in F or T)",
};

#define LIST(a) {a, (int)(sizeof a / sizeof a[0])}

static const lbi_phrases phrases[] = {
    [LBI_EVENT_INDEX(LOS_PH_VERDICT)] = LIST(verdicts),
    [LBI_EVENT_INDEX(LOS_PH_PASSIVE)] = LIST(passives),
    [LBI_EVENT_INDEX(LOS_PH_SIDE_HOW)] = LIST(side_hows),
    [LBI_EVENT_INDEX(LOS_PH_SEEN_PAST)] = LIST(seen_pasts),
};

const lbi_words lbi_words_los = {sentences, LBI_EVENT_INDEX(EV_LOS_END), phrases,
                                 LBI_EVENT_INDEX(LOS_PH_END)};

const char *lb_los_verdict_name(lb_los_verdict v)
{
    return (unsigned)v < sizeof verdicts / sizeof verdicts[0] ? verdicts[v] : "?";
}

const char *lb_los_passive_name(lb_los_passive p)
{
    return (unsigned)p < sizeof passives / sizeof passives[0] ? passives[p] : "?";
}
