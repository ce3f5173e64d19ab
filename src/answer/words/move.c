/* The words of movement (18), formations (15), zones of influence (14) and reinforcements (45): the sentence of each event of src/rules/move/move_events.h, and the reasons a formation is refused. */
#include "rules_types.h"
#include "move_int.h"
#include "words.h"
#include "formation_words_int.h"

/* Lists given as the first arguments (move_events.h): hexes, units, a whole step's hexes. */
#define HEXES "{0}{1?, {1}}{2?, {2}}{3?, {3}}{4?, {4}}{5?, {5}}{6?, {6}}{7?, {7}}"
#define UNITS                                                                                   \
    "{0}{1?, {1}}{2?, {2}}{3?, {3}}{4?, {4}}{5?, {5}}{6?, {6}}{7?, {7}}{8?, {8}}{9?, {9}}"      \
    "{10?, {10}}{11?, {11}}{12?, {12}}{13?, {13}}{14?, {14}}{15?, {15}}"
#define WHOLE_MP                                                                                \
    "{0} to {1} {2} MP{3?, {3} to {4} {5} MP}{6?, {6} to {7} {8} MP}{9?, {9} to {10} {11} MP}"  \
    "{12?, {12} to {13} {14} MP}{15?, {15} to {16} {17} MP}{18?, {18} to {19} {20} MP}"         \
    "{21?, {21} to {22} {23} MP}"
#define WHOLE                                                                                   \
    "{0} to {1}{2?, {2} to {3}}{4?, {4} to {5}}{6?, {6} to {7}}{8?, {8} to {9}}"                \
    "{10?, {10} to {11}}{12?, {12} to {13}}{14?, {14} to {15}}"

#define S(kind) [LBI_EVENT_INDEX(kind)]

static const char *const sentences[] = {
    /* formations */
    S(EV_MOVE_FORM_NOT_ALLOWED) = "{0} may not take {1}: {2}",
    S(EV_MOVE_FORM_SHAKEN) = "{0} is {1}: it is in column or general order by its terrain and "
                             "changes no formation (R-MOR-3)",
    S(EV_MOVE_FORM_MARCHING) = "{0} is force-marching: no formation change (44)",
    S(EV_MOVE_FACING_KIND) =
        "{0} faces {1?a vertex (an odd hour)|a hexside (an even hour)}, not clock hour {2} "
        "(R-GRID-3)",
    S(EV_MOVE_FORM_CAVALRY_WEAK) = "a cavalry line needs at least 4 increments a hex; {0} has {1}",
    S(EV_MOVE_FORM_SPAN) =
        "{0} with {1} increments stands in {2} in {3} to {4} hex{4#|es}, not {5}",
    S(EV_MOVE_FORM_OFF_MAP) = "the {0} would run off the map",
    S(EV_MOVE_FORM_NO_FACING) = "a {0} in several hexes needs a facing",
    S(EV_MOVE_FORM_LAYOUT) = "the hexes of a {0} start at the unit's first hex {1} and run one way "
                             "along its axis (three hours either side of the facing)",
    S(EV_MOVE_FORM_TERRAIN) = "{0} in {1}: {2}",
    S(EV_MOVE_FORM_ROAD) = "road march is formed on a road",
    S(EV_MOVE_FORM_LINE_FULL) = "a line holds at most 18 increments a hex (T15-4); {0} has {1}",
    S(EV_MOVE_FORM_ALREADY) = "{0} is in {1} in these hexes already{2?: change its facing}",
    S(EV_MOVE_FORM_LINE_HEXES) =
        "{8?a cavalry|an infantry} line of {9} increments stands in {10} to {11} hex{11#|es}: "
        HEXES ", from its first hex along its axis (T15-4, T15-23)",
    S(EV_MOVE_FORM_SCREEN_HEXES) =
        "{8} skirmishes ({9?light cavalry with a fire value, K20-1|a skirmish fire multiple in "
        "the charts, K19-1}); {9?a cavalry screen|an infantry screen} stands in {9?two hexes "
        "always|{10?two hexes with 4 increments or more|one hex with 3 increments or fewer}}: "
        HEXES,
    S(EV_MOVE_FORM_CARRE) =
        "{0}, infantry in good order of {1} increments (any strength), forms carré outside "
        "general-order terrain; it keeps its facing value {2}, which no rule reads (T15-10, "
        "T15-16)",
    S(EV_MOVE_FORM_FACING_KEPT) = "no facing named: {0} keeps its facing {1}, which suits {2}",
    S(EV_MOVE_FORM_FACING_TURNED) = "no facing named: {0}'s facing {1} does not suit {2}, which "
                                    "faces {3?a vertex|a hexside}: one hour clockwise, {4}",
    S(EV_MOVE_FORM_COST) = "{0} from {1} to {2}{3? in two hexes, 1 MP more (T15-6)}: {4} MP{5? (general order "
                           "comes and goes free, T16-2)}",
    S(EV_MOVE_LIMBER_NO_RANGE) = "no limber range for {2?{0}|?} {3?{1}|?} in the charts: no roll",
    S(EV_MOVE_LIMBER_ODDS) = "limber roll: one die {0+} within {1}-{2}, {3} chances in 6",
    S(EV_MOVE_LIMBER_ROLL) = "limber roll {0} {1+} = {2}: {3?the battery changes formation|it "
                             "fails (the MP are spent)}",
    /* zones of influence */
    S(EV_MOVE_ZOI_NONE) = "{0} is next to {1} ({2}), which is {3?in carré|routed}: it projects no "
                          "zone (A14-2, A14-3)",
    S(EV_MOVE_ZOI_PROHIBITED) = "{0} lies across a front hexside of {1} ({2}), a hexside "
                                "prohibited to {3}: no zone crosses it",
    S(EV_MOVE_ZOI_HEXSIDE) = "{0} lies across the {1} {2} hexside of {3} ({4} in {5}, {6?facing "
                             "{6}|no facing}): {7?in its zone{8?, a cavalry zone}|outside its "
                             "zone (R-ZOI-1: fronts only)}",
    /* the allowance */
    S(EV_MOVE_WHY) = "{0}",
    S(EV_MOVE_ALLOWANCE_ZERO) = "{0}: allowance 0",
    S(EV_MOVE_LEADER_MP) = "leader {0}: {1} MP ({2?its counter|the charts' leader allowance})",
    S(EV_MOVE_HELD_NEXT) = "{0} is held in its side's next Movement segment (hold_next), not in "
                           "this one",
    S(EV_MOVE_PRINTED) = "{0}: printed {1} MP",
    S(EV_MOVE_MARCH_MP) = "force march: {0} times its printed MP, {1}",
    S(EV_MOVE_LINE_START) = "it began the segment in line: {0} MP less (T15-7)",
    S(EV_MOVE_DISORDERED_HALF) = "disordered: half its movement (R-MOR-3)",
    S(EV_MOVE_CARRE_START) = "it began the segment in carré: one hex (1 MP) unless its first "
                             "action is a formation change (T15-12)",
    S(EV_MOVE_HALVES) = "{0}: {1} MP, kept exactly in halves (`fractions` rounds fire and melee "
                        "values, not movement)",
    /* one step judged */
    S(EV_MOVE_SHAKEN) = "{0} is {1} since the segment began: it takes no further action",
    S(EV_MOVE_STOPPED) = "{0} entered an enemy zone of influence this segment: it moves no "
                         "further (14)",
    S(EV_MOVE_UNLIMBERED) = "unlimbered artillery moves only by prolonge (15)",
    S(EV_MOVE_RODE) = "leader {0} moved with its unit this segment: it moves no more on its own",
    S(EV_MOVE_LEADER_NO_ENEMY) = "{0} holds enemy units: a leader never enters them",
    S(EV_MOVE_LEADERS_ALONE) = "{0} holds enemy leaders alone: only cavalry enters (and captures "
                               "them)",
    S(EV_MOVE_ENEMY_HEX) = "{0} holds enemy units",
    S(EV_MOVE_PASS_SCREENS) = "{0}: skirmishers pass through any friends, and any friends through "
                              "skirmishers, whatever the limits (K19-7)",
    S(EV_MOVE_PASS_CAVALRY) = "{0}: cavalry passes through friendly cavalry, carrés, skirmishers "
                              "and limbered guns, whatever the limits (T16-3)",
    S(EV_MOVE_NO_PASS_CAVALRY) = "{0} holds friends cavalry does not pass: it passes only "
                                 "cavalry, carrés, skirmishers and limbered guns (T16-3)",
    S(EV_MOVE_FRIENDLY_CAVALRY) = "{0} holds friendly cavalry: infantry and unlimbered guns never "
                                  "stack with it (T16-4)",
    S(EV_MOVE_CAVALRY_END) = "{0} holds friendly infantry or unlimbered guns: cavalry never ends "
                             "its move with them (T16-4)",
    S(EV_MOVE_PASS_WITHIN) = "{0}: it passes the friends there within the stacking limit (T16-6)",
    S(EV_MOVE_STACK_AT) = "{0}: {1>}",
    S(EV_MOVE_MARCH_END) = "force-marching, it may not end next to the enemy {0} in {1} (44)",
    S(EV_MOVE_OFF_MAP) = "the step {0} leaves the map",
    S(EV_MOVE_FOES) = "{0} is disordered: no step may bring it nearer to any of {1} enemy "
                      "formation{1#|s} (not routed, within 15 hexes)",
    S(EV_MOVE_CLOSER) = "{0} is disordered: it never moves closer to the enemy ({2} is {3} "
                        "hexes away, {4} from {1})",
    S(EV_MOVE_CARRE_MOVED) = "a carré moves one hex a segment, and {0} has moved",
    S(EV_MOVE_CARRE_OPEN) = "a carré moves only from clear terrain to clear terrain (T15-12)",
    S(EV_MOVE_HELD) = "{0} stands in an enemy zone of influence: it leaves it only as its first "
                      "action of the segment (14)",
    S(EV_MOVE_PROHIBITED) = "the step into {0} is prohibited to {1} (its terrain or the hexside "
                            "crossed)",
    /* one action checked */
    S(EV_MOVE_REFUSED) = "{0} {1} refused: {2>}",
    S(EV_MOVE_FIRE) = "{16}'s {17}, taken in {18} within the reach of " UNITS ", raises "
                      "opportunity fire (28.1, 28.5)",
    S(EV_MOVE_CAPTURE) = "{16} enters {18}, held by enemy leaders alone, captures " UNITS
                         " and goes on (L7-8)",
    S(EV_MOVE_CARRE_ENTERED) = "{16} enters {18}, the hex of the enemy carré " UNITS " (T16-3): "
                               "ending its move there, it must melee it (T15-14)",
    S(EV_MOVE_FOLLOW) = UNITS ", attached to {16}, moves with it, spending none of its own MP",
    S(EV_MOVE_TOO_DEAR) = "it costs {0} MP and {1} has {2} left of its {3}",
    S(EV_MOVE_WHOLE_STEP) = "{24} steps {25} as a whole: " WHOLE_MP "; the step costs the "
                            "dearest, {26} MP (T15-23)",
    S(EV_MOVE_WHOLE_TRIED) = "{16} steps {17} as a whole: " WHOLE ", each hex allowed (T15-23)",
    S(EV_MOVE_FLANK_STEP) = "{0} steps {1} across a {2} hexside: outside a charge a step crosses "
                            "any hexside, and it keeps its facing {3} (T16-2)",
    S(EV_MOVE_ZONE_LEFT) = "{0} leaves an enemy zone of influence {1?freely: cavalry and horse "
                           "artillery leave after any action (A14-1)|as its first action of the "
                           "segment (Z14-5)}",
    S(EV_MOVE_DRAG) = "an enemy cavalry screen within two hexes adds {0} MP to the step into {1} "
                      "(the higher of the two hexes' drags, once: K20-2)",
    S(EV_MOVE_NO_DRAG) = "an enemy cavalry screen is within two hexes of {0}: its drag slows "
                         "infantry only, {1} pays none",
    S(EV_MOVE_TERRAIN_FORMATION) = "{0} takes {1} in {2}: column and general order follow the "
                                   "terrain, at no cost (T15-17)",
    S(EV_MOVE_SKIRMISH_ONLY) = "{0} holds infantry in skirmish order only, which {1} is in "
                               "(T15-0)",
    S(EV_MOVE_CARRE_ONTO_CAVALRY) = "{0}, a carré making its one step, enters {1}, held by enemy "
                                    "cavalry alone (T16-5)",
    S(EV_MOVE_ZONE_STOP) = "{0} enters an enemy zone of influence in {1} and stops there: no "
                           "further step this segment, facing and formation changes remain open "
                           "(Z14-4)",
    S(EV_MOVE_ZONE_PASS) = "{0} enters an enemy infantry zone in {1} and goes on: cavalry and "
                           "horse artillery stop only in an enemy cavalry zone (Z14-6)",
    S(EV_MOVE_NO_FIRE_ENTERING) = "entering {0} raises no opportunity fire: only an action taken "
                                  "in an enemy zone, leaving it included, does (28.1)",
    S(EV_MOVE_ENTERS) = "{0} enters {1} for {2} MP{3?, in {3}}",
    S(EV_MOVE_FACE_LEADER) = "a leader has no facing",
    S(EV_MOVE_FACE_CARRE) = "a carré faces every way",
    S(EV_MOVE_FACE_ALREADY) = "{0} faces {1} already",
    S(EV_MOVE_FACE_ABOUT) = "a {0} in {1} hexes only faces about (to {2}); to face otherwise it "
                            "forms anew (R-FORM-4)",
    S(EV_MOVE_FACES) = "{0} faces {1} instead of {2} for {3} MP (T16-2)",
    S(EV_MOVE_FORMS) = "{0} forms {1}{2? in several hexes} for {3} MP{4?, if the limber roll "
                       "succeeds (R-FORM-8)}{5?; its first action, so a carré keeps its full "
                       "allowance (T15-12)}",
    S(EV_MOVE_PROLONGE_UNLIMBERED) = "only unlimbered artillery moves by prolonge",
    S(EV_MOVE_PROLONGE_HEAVY) = "{0} guns ({1}) are too heavy to prolonge",
    S(EV_MOVE_PROLONGE_ACTED) = "the prolonge is the battery's whole move in a segment, and {0} "
                                "has acted",
    S(EV_MOVE_PROLONGE_CLOSED) = "the step into {0} is off the map or prohibited",
    S(EV_MOVE_PROLONGE_OPEN) = "a prolonge goes from clear or slope terrain to clear or slope "
                               "terrain",
    S(EV_MOVE_PROLONGES) = "{0} prolonges into {1}: its whole move",
    S(EV_MOVE_ATTACH_COMBAT) = "only leaders attach to units",
    S(EV_MOVE_DETACH_NONE) = "{0} is attached to no unit",
    S(EV_MOVE_DETACHES) = "{0} leaves {1}",
    S(EV_MOVE_ATTACH_NONE) = "{2?{0}|(none)} is no friendly combat unit in {1}'s hex",
    S(EV_MOVE_ATTACH_ALREADY) = "{0} is attached to {1} already",
    S(EV_MOVE_ATTACHES) = "{0} attaches to {1}: it moves with it",
    S(EV_MOVE_MARCH_FORMATION) = "only infantry in good order in column or road march "
                                 "force-marches; {0} is {1} in {2}",
    S(EV_MOVE_MARCH_LATE) = "a force march is declared before any other action of the segment, "
                            "once",
    S(EV_MOVE_MARCH_NO_CHECK) = "{0} cannot check morale",
    S(EV_MOVE_MARCH_DIVISION_ACTED) = "{0}'s division {1} force-marches as a whole (F44-2): every "
                                      "battalion attempts it before any acts, and {2} has acted "
                                      "this segment",
    S(EV_MOVE_MARCH_LEVEL) = "only infantry whose organisation is on Morale Level 0 "
                             "force-marches (F44-1); {0}'s stands on Level {1}",
    S(EV_MOVE_MARCH_LEVEL_ZERO) = "{0}'s organisation stands on Morale Level 0: it may "
                                  "force-march (F44-1)",
    S(EV_MOVE_MARCHES) = "{0} declares a force march (its turn {1} in a row: {2+} to the check), "
                         "passing {3} of the time: then {4} times its printed MP, no formation "
                         "change, not ending next to the enemy",
    S(EV_MOVE_NO_DIR) = "a step goes to a hex next to the unit's first hex",
    S(EV_MOVE_NO_ACTION) = "no such action",
    S(EV_MOVE_MARCH_CHECK) = "force-march check {0}: {1?it marches|it stands still this segment}",
    /* every hex in reach, whole plans */
    S(EV_MOVE_HELD_ACTED) = "{0} stands in an enemy zone of influence and has acted: it leaves "
                            "only as its first action (14)",
    S(EV_MOVE_RECORD) = "{0}'s movement record this segment: {1} MP spent, {2} action{2#|s}, {3} "
                        "step{3#|s} taken",
    S(EV_MOVE_ROAD_MARCH) = "{0} is in road march: a step from a hex with a road-march rate into "
                            "another pays that rate instead of the terrain (1/2 on a road), the "
                            "hexside still added",
    S(EV_MOVE_REACH) = "{0}: {1} hex{1#|es} reachable, {2} where it may end; {3} other actions "
                       "open",
    S(EV_MOVE_END_STACKED) = "{0} ends its move in {1} with {2} friendly combat unit{2#|s}: the "
                             "stacking limits hold there for every unit, skirmishers included "
                             "(T16-4)",
    S(EV_MOVE_NO_END) = "{0} may not end its move there: {1>}",
    S(EV_MOVE_NO_PATH) = "no path within {0}'s allowance ends at {1}",
    /* reinforcements */
    S(EV_MOVE_ENTRY_EDGE) = "{0} enters at a hex on the map's edge, not {1}",
    S(EV_MOVE_ENTRY_DEPLOYED) = "{0} enters in one hex: a {1} deploys once on the map",
    S(EV_MOVE_ENTRY_BLOCKED) = "{0} holds the enemy or lies in an enemy zone of influence: {1} "
                               "enters within {2} hexes of it{3?, a turn later}",
    S(EV_MOVE_ENTRY_PROHIBITED) = "{0} is prohibited to {1}",
    S(EV_MOVE_ENTRY_FORMATION) = "{0} in {1}: {2} (45)",
    S(EV_MOVE_ENTRY_SPAN) = "{0} enters in one hex: a {1} of {2} increments stands in {3}, so it "
                            "deploys once on the map",
    S(EV_MOVE_ENTRY_DEAR) = "entering {0} costs {1}/2 MP and {2} has {3}/2",
    S(EV_MOVE_ENTERS_MAP) = "{0} enters the map at {1} in {2}, its first step: {3}/2 MP",
};

static const char *const not_allowed[] = {
    [MOVE_FORM_ALLOWED] = "",
    [MOVE_FORM_LEADER] = "a leader takes no formation",
    [MOVE_FORM_MASSE] = "masse is in the charts only: no unit takes it yet",
    [MOVE_FORM_ARTILLERY] = "artillery is limbered or unlimbered",
    [MOVE_FORM_LIMBER] = "only artillery limbers and unlimbers",
    [MOVE_FORM_CAVALRY_CARRE] = "cavalry forms no carré",
    [MOVE_FORM_INFANTRY_SCREEN] =
        "only infantry with a skirmish fire multiple in the charts skirmishes (K19-1)",
    [MOVE_FORM_CAVALRY_SCREEN] =
        "only light cavalry (13 MP or more) with a fire value skirmishes (K20-1)",
};

static const char *const terrain[] = {
    [MOVE_TERRAIN_OK] = "",
    [MOVE_TERRAIN_OFF_MAP] = "off the map",
    [MOVE_TERRAIN_PROHIBITED] = "its terrain is prohibited to the unit's arm",
    [MOVE_TERRAIN_SKIRMISH_ONLY] = "infantry stands there only in skirmish order",
    [MOVE_TERRAIN_LINE] = "a line stands only in clear terrain (T15-5, T15-23)",
    [MOVE_TERRAIN_CARRE] = "no carré in general-order terrain",
    [MOVE_TERRAIN_COLUMN] = "in general-order terrain the unit is in general order (T15-17)",
    [MOVE_TERRAIN_GENERAL] = "general order only in general-order terrain (T15-17)",
    [MOVE_TERRAIN_ROAD] = "road march stays on the road (no road runs through the hex)",
};

static const char *const no_allowance[] = {
    [MOVE_ZERO_ROUTED] =
        "routed: it moves only in flight, in the Morale Recovery Segment (R-MOR-4, R-MOR-5)",
    [MOVE_ZERO_RETREATED] =
        "it retreated before melee: it does not move in this Movement segment (29), (18)",
    [MOVE_ZERO_CHARGE] = ("a charge holds it: it does not move voluntarily in this Movement "
                          "segment (R-CHG-4, R-CHG-19)"),
    [MOVE_ZERO_CHARGED] = "it charged this turn: cavalry charges or moves, never both (35.1)",
    [MOVE_ZERO_MARCH_FAILED] = "it failed its force-march check: it stands (44)",
    [MOVE_ZERO_NO_MP] = "no movement points",
};

static const char *const no_march[] = {
    [LB_ARM_INFANTRY] = "",
    [LB_ARM_CAVALRY] = "cavalry never force-marches",
    [LB_ARM_ARTILLERY] = ("artillery force-marches only with its division, which scenarios do "
                          "not name yet"),
    [LB_ARM_LEADER] = "a leader does not force-march",
};

static const char *const entry[] = {
    [MOVE_ENTRY_LIMBERED] = "artillery enters limbered",
    [MOVE_ENTRY_GENERAL] = "in general-order terrain it enters in general order or skirmish order",
    [MOVE_ENTRY_ROAD] = "on a road it enters in column, carré or road march",
    [MOVE_ENTRY_OPEN] = ("off the roads it enters in any formation but road march and general "
                         "order"),
};

#define LIST(a) {a, (int)(sizeof a / sizeof a[0])}

static const lbi_phrases phrases[] = {
    [LBI_EVENT_INDEX(MOVE_PH_NOT_ALLOWED)] = LIST(not_allowed),
    [LBI_EVENT_INDEX(MOVE_PH_TERRAIN)] = LIST(terrain),
    [LBI_EVENT_INDEX(MOVE_PH_NO_ALLOWANCE)] = LIST(no_allowance),
    [LBI_EVENT_INDEX(MOVE_PH_NO_MARCH)] = LIST(no_march),
    [LBI_EVENT_INDEX(MOVE_PH_ENTRY)] = LIST(entry),
};

const lbi_words lbi_words_move = {sentences, LBI_EVENT_INDEX(EV_MOVE_END), phrases,
                                  LBI_EVENT_INDEX(MOVE_PH_END)};

const char *lb_formation_allowed(const lb_state *st, const lb_unit *u, lb_formation f,
                                 const char **rule)
{
    enum move_not_allowed no = lbi_formation_not_allowed(st, u, f, rule);
    return no == MOVE_FORM_ALLOWED ? NULL : not_allowed[no];
}

const char *lb_formation_terrain(const lb_state *st, const lb_unit *u, lb_formation f, lb_hex h,
                                 const char **rule)
{
    enum move_terrain no = lbi_formation_bad_terrain(st, u, f, h, rule);
    return no == MOVE_TERRAIN_OK ? NULL : terrain[no];
}
