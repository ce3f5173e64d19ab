/* The words of fire (21)-(28): the sentence of each event of src/rules/fire/fire_events.h, a fire value's breakdown among them. */
#include "fire_events.h"
#include "words.h"

/* A refusal's frame (arguments 0 and 1), then what it says. */
#define REFUSAL(why) "{0?{0}: }{1?{1}: }" why
/* A troop: its nation and its class when it has one. */
#define TROOP(nation, cls) "{" nation "}{" cls "? {" cls "}}"
/* One hexside, or the corner of two. */
#define SIDES(side, corner)                                                                        \
    "{" corner "?the corner of its {" side "} and {" corner "} hexsides|the {" side "} hexside}"

/* The breakdowns' end (arguments 8 to 14): the multiplier, the value, its rounding. */
#define MULTIPLIER "{10?long range}{10?{11?, }}{11?in a carré}"
#define ROUNDED "{13?, rounded down to {14}}"
/* The k-th hex of a unit's breakdown (arguments 15 + 3k on), each after the first with a plus. */
#define HEX(listed, firing, halved)                                                                \
    "{" listed "? + {" firing "}{2? × {3}{" halved "? ÷ 2}}}"
#define HEXES                                                                                      \
    "{16}{2? × {3}{17? ÷ 2}}" HEX("18", "19", "20") HEX("21", "22", "23") HEX("24", "25", "26")    \
        HEX("27", "28", "29") HEX("30", "31", "32") HEX("33", "34", "35") HEX("36", "37", "38")
/* The firers of a sum after the first (arguments 5 on, two each). */
#define FIRER(unit, value) "{" unit "? + {" unit "} {" value "}}"
#define FIRERS                                                                                     \
    FIRER("5", "6") FIRER("7", "8") FIRER("9", "10") FIRER("11", "12") FIRER("13", "14")           \
    FIRER("15", "16") FIRER("17", "18") FIRER("19", "20") FIRER("21", "22") FIRER("23", "24")      \
    FIRER("25", "26") FIRER("27", "28") FIRER("29", "30") FIRER("31", "32") FIRER("33", "34")      \
    FIRER("35", "36") FIRER("37", "38") FIRER("39", "40") FIRER("41", "42") FIRER("43", "44")      \
    FIRER("45", "46") FIRER("47", "48") FIRER("49", "50")

static const char *const sentences[] = {
    [LBI_EVENT_INDEX(EV_FIRE_NOT_TOP)] =
        REFUSAL("in {2?disorder|{3}} only the top unit of hex {4} fires, and {5} is on top"),
    [LBI_EVENT_INDEX(EV_FIRE_NOT_TOP_BATTERY)] =
        REFUSAL("outside clear terrain only the top battery of hex {2} fires, and {3} is on top"),
    [LBI_EVENT_INDEX(EV_FIRE_UNABLE)] = REFUSAL("{2}: {3}"),
    [LBI_EVENT_INDEX(EV_FIRE_NO_ENEMY)] = REFUSAL("hex {2} holds no enemy combat unit"),
    [LBI_EVENT_INDEX(EV_FIRE_CAVALRY_IN_CARRE)] =
        REFUSAL("hex {2} holds cavalry standing in a carré: it is not a target for other units' "
                "fire until it leaves the carré's hex"),
    [LBI_EVENT_INDEX(EV_FIRE_DISORDER_NO_FIRE)] =
        REFUSAL("disordered, {2} is in {3}, in which the charts give " TROOP("4", "5")
                " no fire (charts fire_multiples)"),
    [LBI_EVENT_INDEX(EV_FIRE_NO_MULTIPLE)] =
        REFUSAL("the charts give " TROOP("2", "3") " no fire multiple in {4} (charts "
                "fire_multiples)"),
    [LBI_EVENT_INDEX(EV_FIRE_NEARER)] =
        REFUSAL("a battery fires at the closest target it may fire at: {2} is {3} hex{3#|es} "
                "from {4}, nearer than {5} ({6})"),
    [LBI_EVENT_INDEX(EV_FIRE_OUT_OF_RANGE)] =
        REFUSAL("out of range: {2} is {3} hex{3#|es} from {4}, range {5}"),
    [LBI_EVENT_INDEX(EV_FIRE_NOT_IN_FRONT)] =
        REFUSAL("{2} is not in front of {3}: the sight line leaves by " SIDES("4", "5")
                ", not through the front of {6} facing {7}"),
    [LBI_EVENT_INDEX(EV_FIRE_NO_LOS)] =
        REFUSAL("no line of sight from {2} to {3}: blocked at {4}"),
    [LBI_EVENT_INDEX(EV_FIRE_ZERO)] = REFUSAL("{2} has a fire value of 0"),
    [LBI_EVENT_INDEX(EV_FIRE_OTHER_SIDE)] = REFUSAL("a fire is one side's: {2} is {3}, {4} {5}"),
    [LBI_EVENT_INDEX(EV_FIRE_TWICE)] = REFUSAL("{2} is listed twice"),
    [LBI_EVENT_INDEX(EV_FIRE_GUNS_WITH_INFANTRY)] =
        REFUSAL("infantry fires with one battery only: {2} batteries fire from {3} with its "
                "infantry"),
    [LBI_EVENT_INDEX(EV_FIRE_INFANTRY_FULL)] =
        REFUSAL("{2}: the infantry of {3} already fires its {4} increments with the battery"),
    [LBI_EVENT_INDEX(EV_FIRE_THREE_HEXES_MAX)] =
        REFUSAL("batteries fire together from three hexes at most"),
    [LBI_EVENT_INDEX(EV_FIRE_NOT_ADJACENT)] =
        REFUSAL("batteries in {2} and {3}, hexes that are not adjacent, may not fire together"),
    [LBI_EVENT_INDEX(EV_FIRE_NO_ARTILLERY_LEADER)] =
        REFUSAL("batteries in the adjacent hexes {2} and {3} fire together only with a leader "
                "with an artillery bonus in one of them"),
    [LBI_EVENT_INDEX(EV_FIRE_NO_SPECIAL_LEADER)] =
        REFUSAL("batteries in three hexes, {2}, {3} and {4}, fire together only with a leader "
                "of special ability in or next to each of them"),
    [LBI_EVENT_INDEX(EV_FIRE_NO_ROAD_DEFENCE)] =
        REFUSAL("the charts give no fire defence for road march (fire_defence.road)"),
    [LBI_EVENT_INDEX(EV_FIRE_NO_DEFENCE)] =
        REFUSAL("the charts give no fire defence for {2} in {3} (terrain.{3}.fire_defence.{2})"),
    [LBI_EVENT_INDEX(EV_FIRE_NO_TABLE)] = REFUSAL("the charts have no fire table"),

    [LBI_EVENT_INDEX(EV_FIRE_FIRER)] =
        "{0} (" TROOP("1", "2") ", {3}, {4}, {5} of {6} increments, {7} side) fires at hex {8} "
        "({9} fire)",
    [LBI_EVENT_INDEX(EV_FIRE_TOP)] = "{0} is the top unit of hex {1}",
    [LBI_EVENT_INDEX(EV_FIRE_BATTERIES_OPEN)] =
        "{0} holds {1} other batter{1#y|ies} of {2}'s side: in open terrain every battery of a "
        "hex fires (25.1)",
    [LBI_EVENT_INDEX(EV_FIRE_TOP_BATTERY)] =
        "outside clear terrain only the top battery of hex {0} fires: {1} is on top",
    [LBI_EVENT_INDEX(EV_FIRE_CARRE_ON_CAVALRY)] =
        "{0} fires from its carré at the enemy cavalry on top of it in {1}",
    [LBI_EVENT_INDEX(EV_FIRE_RANGE)] =
        "{0} to {1}: {2} hex{2#|es}, range {3}: {4?in range|out of range}",
    [LBI_EVENT_INDEX(EV_FIRE_LEAVES_CARRE)] =
        "the sight line leaves {0} by " SIDES("1", "2") ": a battery in a carré fires all round",
    [LBI_EVENT_INDEX(EV_FIRE_LEAVES)] =
        "the sight line leaves {0} by " SIDES("1", "2") ": {3?through the front|not through the "
        "front} of {4} facing {5}",
    [LBI_EVENT_INDEX(EV_FIRE_LEAVES_NO_FACING)] =
        "the sight line leaves {0} by " SIDES("1", "2") "; no facing: every hexside is a front "
        "hexside",
    [LBI_EVENT_INDEX(EV_FIRE_NONE_NEARER)] =
        "{0}: no enemy hex nearer than {1} ({2} hex{2#|es}) that it may fire at",
    [LBI_EVENT_INDEX(EV_FIRE_RANGE_ADJACENT)] = "{0} fire: range 1 (the adjacent hex)",
    [LBI_EVENT_INDEX(EV_FIRE_RANGE_PRINTED)] = "{0}: range {1}, printed on the counter",
    [LBI_EVENT_INDEX(EV_FIRE_RANGE_CHARTS)] =
        "{0}: range {1}, the charts' range of {2} {3} batteries (artillery_fire)",
    [LBI_EVENT_INDEX(EV_FIRE_RANGE_DEFAULT)] =
        "{0}: range {1}; the counter gives none, nor do the charts for its class",
    [LBI_EVENT_INDEX(EV_FIRE_CANISTER_RANGE)] =
        "{0} at {1} hex{1#|es}: close range (canister to {2})",
    [LBI_EVENT_INDEX(EV_FIRE_LONG_RANGE)] =
        "{0} at {1} hexes: long range (from {2}), its value × {3}",
    [LBI_EVENT_INDEX(EV_FIRE_MIDDLE_RANGE)] =
        "{0} at {1} hex{1#|es}: neither close (to {2}) nor long range",
    [LBI_EVENT_INDEX(EV_FIRE_HALF)] = "disordered: fires at half its fire value",
    [LBI_EVENT_INDEX(EV_FIRE_AS_DISORDERED)] =
        "disordered: fires as a unit in {0}, at its printed value halved, range {1}",
    [LBI_EVENT_INDEX(EV_FIRE_PRINTED)] =
        TROOP("0", "1") " in {2}: fires its printed value, range {3}",
    [LBI_EVENT_INDEX(EV_FIRE_MULTIPLE)] =
        TROOP("0", "1") " in {2}: fire multiple ×{3}, at most {4} increments per hex, range {5}",
    [LBI_EVENT_INDEX(EV_FIRE_IN_CARRE)] =
        "{0} stands in a carré in {1}: it fires all round, at 1/3 of its value",
    [LBI_EVENT_INDEX(EV_FIRE_NOT_OFFENSIVE)] =
        "{0}: {1} fire reaches the adjacent hex only: the closest-target rule is offensive fire's",
    [LBI_EVENT_INDEX(EV_FIRE_HEX_VALUE)] =
        "{0}: {1} of its {2} increments fire (at most {3} per hex{4?, fewer with the guns of the "
        "hex (R-FIRE-24)}) × {5}{6?, halved at 2 hexes} = {7}",
    [LBI_EVENT_INDEX(EV_FIRE_SCREEN_MIXED)] =
        "each hex of the screen is judged on its own distance: only the hexes 2 or more hexes "
        "away fire at half value",
    [LBI_EVENT_INDEX(EV_FIRE_TIMES)] = "{0}: {1} × {2}{3?, long range}{4?, in a carré} = {5}",
    [LBI_EVENT_INDEX(EV_FIRE_ROUND_DOWN)] = "fractions round down: fire value {0} becomes {1}",
    [LBI_EVENT_INDEX(EV_FIRE_BREAKDOWN)] =
        "{0}, {1} hex{1#|es}: " HEXES "{2?| increments × {3}{4? ÷ 2}} (" TROOP("5", "6")
        ", {0}{4?; halved at 2 hexes}) = {7}{8?, × {9} (" MULTIPLIER ") = {12}}" ROUNDED,
    [LBI_EVENT_INDEX(EV_FIRE_BREAKDOWN_PRINTED)] =
        "{0}: printed fire value {1}{2?, {2} of {3} increments lost (12)}{4?, halved "
        "(disordered)}{8? × {9} (" MULTIPLIER ")} = {12}" ROUNDED,
    [LBI_EVENT_INDEX(EV_FIRE_INFANTRY_WITH_GUNS)] =
        "{0} fires from {1} with at most {2} increments of its {3?carré's }infantry",
    [LBI_EVENT_INDEX(EV_FIRE_TWO_HEXES)] =
        "batteries in {0} and {1} fire together: {2}, with an artillery bonus, is in {3}",
    [LBI_EVENT_INDEX(EV_FIRE_THREE_HEXES)] =
        "batteries in {0}, {1} and {2} fire together: {3}, a leader of special ability, is next "
        "to all three (in {4})",
    [LBI_EVENT_INDEX(EV_FIRE_SUM)] =
        "{0?{0} units fire together, one roll: }{3} {4}" FIRERS "{2? + {2} more} = {1}",
    [LBI_EVENT_INDEX(EV_FIRE_CANISTER)] =
        "canister: every battery of the fire is at close range: the odds move {0} column{0#|s} "
        "right",
    [LBI_EVENT_INDEX(EV_FIRE_NO_CANISTER)] =
        "no canister: {0} of the fire's {1} batter{1#y is|ies are} at close range",
    [LBI_EVENT_INDEX(EV_FIRE_LEADER_ASIDE)] =
        "{0} stands with infantry only ({1}), not with a firing battery: he lends nothing to the "
        "fire roll",
    [LBI_EVENT_INDEX(EV_FIRE_NO_LEADER)] =
        "no friendly leader with an artillery bonus stands with a firing battery: no modifier to "
        "the fire roll",
    [LBI_EVENT_INDEX(EV_FIRE_LEADER)] =
        "{0}, with the guns in {1}, lends his artillery bonus to the fire roll: {2+}",
    [LBI_EVENT_INDEX(EV_FIRE_REFUSED_TOGETHER)] =
        "every firer must be allowed to fire at the hex on its own, and {0} is not ({1}): the "
        "fire of the {2} units is refused",
    [LBI_EVENT_INDEX(EV_FIRE_TARGET_HEX)] =
        "the target {0} stands in {1} hexes and the fire may be made at one of them only: it is "
        "made at {2}",
    [LBI_EVENT_INDEX(EV_FIRE_TARGET_HEXES)] =
        "the target {0} stands in {1} hexes and the fire may be made at {2} of them: the player "
        "names the hex",
    [LBI_EVENT_INDEX(EV_FIRE_DEFENDER)] =
        "hex {0} ({1}): {2} gives the fire defence ({3}, {4}{5?; the top infantry of a hex with "
        "artillery|; the top combat unit})",
    [LBI_EVENT_INDEX(EV_FIRE_FLANK)] =
        "the fire from {0} enters {1} by " SIDES("2", "3") ", a flank of {4} facing {5}",
    [LBI_EVENT_INDEX(EV_FIRE_NO_FLANK)] = "no fire enters {0} through a flank hexside of {1}",
    [LBI_EVENT_INDEX(EV_FIRE_DEFENCE)] = "fire defence {0} ({1}{2? in {2}})",
    [LBI_EVENT_INDEX(EV_FIRE_WITH_ARTILLERY)] =
        "infantry with artillery in the hex: {0+}, fire defence {1}",
    [LBI_EVENT_INDEX(EV_FIRE_LOSS_ODDS)] =
        "{0} increment{0#|s} lost: {1} of 36 rolls = {2}{3?; its units take {4} (R-FIRE-13)}",
    [LBI_EVENT_INDEX(EV_FIRE_TAKEN_ODDS)] =
        "the units of the hex lose {0} increment{0#|s} in all: {1} of 36 rolls = {2}",
    [LBI_EVENT_INDEX(EV_FIRE_LONE_GUNS)] =
        "lone unlimbered artillery takes only the even-numbered increments of the hex's loss",
    [LBI_EVENT_INDEX(EV_FIRE_GUNS_TAKE_EVEN)] =
        "the hex's loss is taken one increment at a time: odd-numbered ones by the other units, "
        "even-numbered ones by the artillery, top first within each",
    [LBI_EVENT_INDEX(EV_FIRE_IN_TURN)] =
        "the hex's loss is taken one increment at a time, by the units in turn, top first",
    [LBI_EVENT_INDEX(EV_FIRE_TRIGGER)] =
        "{0} ({1} lost before) checks morale on {2?{2}|every} loss{3? from the {3}{4}}: a check "
        "{5} of the time, eliminated {6}",
    [LBI_EVENT_INDEX(EV_FIRE_BELOW)] =
        "odds {0} : {1} are below the lowest column {2}: no effect",
    [LBI_EVENT_INDEX(EV_FIRE_COLUMN)] = "odds {0} : {1} read in column {2} ({3})",
    [LBI_EVENT_INDEX(EV_FIRE_CANISTER_SHIFT)] =
        "canister: column {0?{0}|none} becomes {1?{1}|none}",
    [LBI_EVENT_INDEX(EV_FIRE_MASSED)] =
        "{0} increments in the target hex{1?| (the charts have no massed_target)}: {2+} to the "
        "roll",
    [LBI_EVENT_INDEX(EV_FIRE_MODIFIERS)] = "roll modifier {0+} (massed) {1+} ({2}) = {3+}",
    [LBI_EVENT_INDEX(EV_FIRE_CASUALTY_ODDS)] =
        "{0} leader{0#|s} in the hex: a natural {1}-{2} calls for a leader casualty check, "
        "{3}{0#|; one of them takes it, each {4} (R-CAS-1)}",
    [LBI_EVENT_INDEX(EV_FIRE_ROLL)] =
        "fire roll {0} {1+} = {2} in column {3?{3}|none}: {4} increment{4#|s} lost",
    [LBI_EVENT_INDEX(EV_FIRE_HIT)] =
        "{0} loses {1} increment{1#|s} ({2} to {3}){4?: eliminated|{5?: a morale check}}",
    [LBI_EVENT_INDEX(EV_FIRE_CASUALTY_VICTIM)] =
        "one of the {1} leaders in the hex takes the casualty, at random (none lent a bonus to "
        "the roll): {0}",
    [LBI_EVENT_INDEX(EV_FIRE_CASUALTY)] = "leader casualty die for {0}: {1}, {2}{3? ({3})}",
    [LBI_EVENT_INDEX(EV_FIRE_REROLL)] = "a casualty from fire rolls again on {0}",
    [LBI_EVENT_INDEX(EV_FIRE_HOURS_OUT)] = "{0} is out for {1} hours",
    [LBI_EVENT_INDEX(EV_FIRE_HEX_CHECKS)] =
        "{0} unit{0#|s} of his hex check{0#s|} morale, less his morale bonus {1} (left to the "
        "leader casualty rule)",
};

static const char *const frames[] = {
    [FIRE_UNFRAMED] = "",
    [FIRE_MAY_NOT] = "may not fire",
    [FIRE_MAY_NOT_TOGETHER] = "may not fire together",
};

static const char *const ordinals[] = {[FIRE_TH] = "th", [FIRE_ND] = "nd", [FIRE_RD] = "rd"};

static const char *const columns[] = {
    [FIRE_COLUMN_BELOW] = "below the lowest column: the lowest",
    [FIRE_COLUMN_ABOVE] = "above the highest column: the highest",
    [FIRE_COLUMN_LISTED] = "the highest listed column not above the ratio",
};

#define LIST(a) {a, (int)(sizeof a / sizeof a[0])}

static const lbi_phrases phrases[] = {
    [LBI_EVENT_INDEX(FIRE_PH_FRAME)] = LIST(frames),
    [LBI_EVENT_INDEX(FIRE_PH_ORDINAL)] = LIST(ordinals),
    [LBI_EVENT_INDEX(FIRE_PH_COLUMN)] = LIST(columns),
};

const lbi_words lbi_words_fire = {sentences, LBI_EVENT_INDEX(EV_FIRE_END), phrases,
                                  LBI_EVENT_INDEX(FIRE_PH_END)};
