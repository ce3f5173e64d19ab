/* The words of a cavalry charge (35)-(42): the sentence of each event of src/rules/charge/charge_events.h and the phrases they choose among. */
#include "charge_events.h"
#include "charge_charts.h"
#include "charge_zone_int.h"
#include "words.h"

#define S(ev) [LBI_EVENT_INDEX(EV_CHARGE_##ev)]
#define REFUSED "{0?the charge may not be made: }"
#define OBLIGATION "{0?obligation {0}: }"
#define ANSWER "{0?: {0}}"

static const char *const sentences[] = {
    S(DECIDED_BY) = "{0} decision about {1} taken {2?automatically|by a standing answer}: {3}",
    S(JOURNAL) = "the journal holds the charge's {0} decisions and rolls, in order: replaying it "
                 "rebuilds this answer",
    S(REFUSED_ARM) = REFUSED "{1} is {2}: only cavalry charges (35)",
    S(REFUSED_STATE) = REFUSED "{1} is {2}: only cavalry in good order charges (37.1)",
    S(REFUSED_READINESS) = REFUSED "{1} is {2}: tired or exhausted cavalry may not charge in the "
                                   "Charge segment (36.3, 36.4)",
    S(REFUSED_HEXES) = REFUSED "{1} stands in {2} hexes: a charging unit stands in one",
    S(REFUSED_HELD) = REFUSED "{1} retreated more than one hex before a melee: it may not move "
                              "in its side's next Movement segment, nor charge before it (V18-4)",
    S(RIDES) = "leader {0} rides with {1}",
    S(MAY_CHARGE) = "{0} may charge: cavalry in good order and fresh; {1?light, turns up to 2 "
                    "hexsides a hex|heavy, turns 1 hexside a hex} (printed movement {2})",
    S(MP) = "a charge has the printed {0} movement points + 5 = {1}",
    S(REFUSED_OFF_MAP) = REFUSED "hex {1} of the path is off the map",
    S(REFUSED_NOT_NEXT) = REFUSED "hex {1} of the path is not next to {2}",
    S(REFUSED_BACK_TO_START) = REFUSED "the path comes back to the start hex {1}",
    S(REFUSED_TWICE) = REFUSED "the path enters {1} twice",
    S(REFUSED_GENERAL_ORDER) = REFUSED "{1} is general-order terrain ({2}): no charge into it "
                                       "(37.8)",
    S(REFUSED_PROHIBITED) = REFUSED "cavalry may not enter {1} from {2} (terrain or hexside "
                                    "prohibited)",
    S(REFUSED_TURNS) = REFUSED "entering {1} needs {2} hexsides of facing change in {3}; "
                               "{4?light|heavy} cavalry turns at most {5} per hex (37.4)",
    S(REFUSED_ENDS_ON_ENEMY) = REFUSED "the path ends in {1}, which holds the enemy: a charge is "
                                       "never planned onto an enemy (the rules take it onto a "
                                       "carré it must attack, R-CHG-3)",
    S(REFUSED_FRIENDLY) = REFUSED "{1} holds friendly {2}, which cavalry may not pass (35.10)",
    S(REFUSED_COST) = REFUSED "the path costs {1} movement points by {2}; the charge has {3} "
                              "(printed {4} + 5)",
    S(PLAN_LEGAL) = "the planned path of {0} hexes is legal: {1} of {2} movement points, facing "
                    "changes included",
    S(PLAN_STOPPED) = "planned step into {0} not made: {1}",
    S(PLAN_NOT_NEARER) = "the planned step into {0} does not bring the cavalry nearer: the rest "
                         "of the plan is set aside",
    S(NO_STEP) = "no affordable, legal step brings {0} nearer from {1}",
    S(ASK_STEP) = "{1} must move nearer ({2} more hex{2#|es}): which hex next?" ANSWER,
    S(STEP_OPTION) = "{0}, {1} movement points",
    S(MOVE) = "{0} enters {1}: {2} MP (turns {3} x 2, terrain {4}, hexside {5}); {6} of {7} spent",
    S(LEAVES_GENERAL_ORDER) = "{0} leaves general-order terrain in {1}",
    S(OBLIGE_PASSING_FIRE) = OBLIGATION "carré {1} fires on {2} passing over it in {3}",
    S(UNSEEN) = "{0} is {1} hex{1#|es} from {2} but not in its sight: no declaration",
    S(DECLARE_ASIDE) = "{0} comes within {1} hexes of {2}: not the target, since it made its "
                       "carré roll while not the target; it stays a non-target for the rest of "
                       "this charge",
    S(DECLARE_ONE_TARGET) = "{0} comes within {1} hexes of {2}: not the target ({3} is), one "
                            "target per charge",
    S(ASK_TARGET) = "{1} comes within {2} hex{2#|es} of {3}, which it sees: is it the charge's "
                    "target?" ANSWER,
    S(TARGET_OPTION) = "{0} is the target of the charge",
    S(NOT_TARGET_OPTION) = "{0} is not the target and may not be attacked by {1} this turn",
    S(DECLARED_TARGET) = "{0} declares {1} its target",
    S(DECLARED_NOT_TARGET) = "{0} declares {1} not its target: it may not attack it in this "
                             "charge",
    S(RESPONSE_RULED) = "{0}: {1}",
    S(ASK_RESPONSE) = "{1} is the declared target of {2}, {3} hex{3#|es} away: stand or attempt "
                      "carré?" ANSWER,
    S(STAND_OPTION) = "stand: a morale check with the stand modifiers when the cavalry reaches "
                      "it",
    S(CARRE_OPTION) = "attempt carré now: the Carré table, {0?line|column} rows, {1} hexes",
    S(NO_CARRE_TABLE) = "{0}'s nation has no carré table: it may only stand",
    S(MAY_NOT_CARRE) = "{0} may not attempt carré (its formation or terrain, or no sight of the "
                       "cavalry): it may only stand",
    S(RESPONDS) = "{0} {1?attempts carré|stands}",
    S(ASK_CARRE) = "{1} sees {2} {3} hex{3#|es} away and is not its target: attempt carré now?"
                   ANSWER,
    S(WAIT_OPTION) = "not now",
    S(CARRE_ATTEMPT) = "{0} attempts carré: table \"{1}\", forming from {2} ({3?line|column} "
                       "rows), the cavalry {4} hexes away",
    S(CARRE_ROLL) = "carré roll {0} {1+} = {2} on the {3?line|column} row at {4} hexes: {5}",
    S(CARRE_ROLLED) = "{0}{1?, the target,|, not the target,} attempts carré at {2} hexes "
                      "({3?line|column} rows): roll {4} {5+} = {6}: {7}",
    S(ASIDE_RESULT) = "{0} was not the declared target: {1}",
    S(STAYS_ASIDE) = "{0} made its carré roll while not the target: it stays a non-target for "
                     "the rest of this charge (never declared the target, never trampled)",
    S(2017_AFTER_CARRE) = "premier-2017 says nothing of the cavalry after a carré: it closes on "
                          "it and enters as in R-CHG-3",
    S(TARGET_FORMS_CARRE) = "the declared target forms carré: {0} must advance next to it, then "
                            "onto its hex, and take its fire",
    S(TARGET_DISORDERS) = "the declared target disorders in place: {0} contacts it if it has the "
                          "points and a way",
    S(TARGET_ROUTS) = "the declared target routs: {0} must roll recall",
    S(FORMS_CARRE) = "{0} takes carré formation in {1}{2?, its first hex}",
    S(STANDS) = "{0} stands: a morale check when {1} reaches it, with the stand modifiers and "
                "the usual ones (R-MOR-1)",
    S(STAND_CHECK) = "{0} checks morale to stand: roll {1} {2+} = {3} against {4}: "
                     "{5?passes|fails}",
    S(HALTED) = "the charge is halted next to {0}",
    S(GUNS_CHECK) = "{0}, charged through a {1} hexside, checks morale: roll {2} {3+} = {4} "
                    "against {5}: {6?passes|fails}",
    S(ONTO_CARRE) = "{0} moves onto the carré {1} in {2}: its charge movement ends",
    S(CONTACTS_DISORDERED) = "{0} contacts the disordered {1}: the charge ends",
    S(REACHES_SKIRMISHERS) = "{0} reaches the skirmishers {1}",
    S(CONTACTS) = "{0} contacts {1}",
    S(NO_CONTACT_ACROSS) = "{0} is next to {1} only across a hexside or into terrain closed to "
                           "cavalry: no contact there, as no melee may cross it (R-MEL-3)",
    S(REACHES_ROUTED) = "{0} reaches the routed {1}",
    S(TOO_FEW_TO_TRAMPLE) = "{0} has {1} movement points left: too few to trample {2} ({3} per "
                            "increment)",
    S(TRAMPLE_CHOICE) = "trample is {0}'s choice: 0 to {1} increments of {2} at {3} movement "
                        "points each ({4} points left, {5} increments)",
    S(ASK_TRAMPLE) = "{1} may trample {2}: one increment per {3} movement points ({4} left)"
                     ANSWER,
    S(TRAMPLE_OPTION) = "spend {0} movement points: destroy {1} increment{1#|s}",
    S(TRAMPLED) = "{0} spends {1} movement points trampling {2}: {3} increment{3#|s} destroyed "
                  "({4} of {5} spent)",
    S(TRAMPLED_PER_HEX) = "one increment of {0} destroyed for every hex moved to contact: {1}",
    S(ELIMINATED) = "{0} has no increment left: eliminated",
    S(STAYS) = "{0} has no enemy formation to move away from and no refuge to head for: it "
               "stays",
    S(SURRENDERS) = "{0} has no legal {1?rout|disorder} path: it surrenders",
    S(ASK_END) = "{1} {2?rout|disorder}: {3} hexes along one of {4} best paths; where does it "
                 "end?" ANSWER,
    S(END_OPTION) = "end in {0}{1?: surrender later (a failed recovery there finds no complete "
                    "path, R-RET-8)}",
    S(MOVES_AWAY) = "{0} {1?routs|retreats} {2} hexes from {3} to {4}",
    S(ROUT_LENGTH) = "{0} routs one die of hexes: {1}",
    S(NO_RECALL_RANGE) = "the recall chart has no range for {0?{0}|(no nation)} cavalry: {1} "
                         "cannot be recalled",
    S(RECALL_ROLL) = "{0} rolls recall: {1} {2+} = {3}, range {4}-{5}: {6?recalled|not recalled}",
    S(ASK_FOLLOW) = "{1} is recalled with {2} movement points left: follow the routed unit, go on "
                    "with the plan, or halt?" ANSWER,
    S(FOLLOW_OPTION) = "follow {0} to contact and trample it",
    S(CONTINUE_OPTION) = "go on along the planned path",
    S(HALT_OPTION) = "halt in {0}",
    S(RECALLED) = "recalled {0}: {1}",
    S(NOTHING_TO_PURSUE) = "the routed unit is gone: {0} has nothing to pursue",
    S(OUT_OF_CONTROL) = "{0} is out of control: the rest of its planned path is set aside",
    S(PURSUES_2018) = "{0} must move toward {1} and attack the first enemy it meets, with at most "
                      "5 more movement points from {2}, the hex it left",
    S(PURSUES_2017) = "{0} must spend its points to get next to {1} and melee the first enemy it "
                      "meets, at x1/2",
    S(PURSUIT_CAP) = "{0} is in {1}, the hex the routed unit left: at most 5 more movement points",
    S(ASK_ENGAGE) = "{1} meets several enemies at once: which one does it attack?" ANSWER,
    S(ENGAGE_OPTION) = "attack {0}",
    S(ENGAGES) = "{0}, not recalled, meets {1} and attacks it",
    S(ROUTS_IN_PLACE) = "{0} spent {1} movement points, its whole printed {2}, without contact: "
                        "it routs in place (38.10)",
    S(FIRE_PREVIEW) = "defensive fire of {0} on {1} in {2}: fire value {3}, at least one "
                      "increment lost with probability {4}",
    S(FIRE_REFUSED) = "defensive fire of {0} on {1}: the fire rules answer no: {2>}",
    S(OBLIGE_DEFENSIVE_FIRE) = OBLIGATION "{1} fires on {2} in the Defensive Fire segment "
                                          "(through its front hexsides, 27.1)",
    S(OBLIGE_MELEE) = OBLIGATION "{1} melees {2} in the Melee segment{3?, with the charge bonus "
                                 "(straight 3 hexes, 37.7)}{4? at x{5}}",
    S(OBLIGE_MELEE_GUNS) = OBLIGATION "{1} melees {2} in the Melee segment; guns charged from a "
                                      "flank or the rear give no defensive fire (41)",
    S(OBLIGE_MELEE_NOW) = OBLIGATION "{1} melees {2} now, in the Movement segment (an "
                                     "opportunity charge's melee is fought at once){3?, with the "
                                     "charge bonus (straight 3 hexes, 37.7)}{4? at x{5}}",
    S(OBLIGE_MELEE_GUNS_NOW) = OBLIGATION "{1} melees {2} now, in the Movement segment (an "
                                          "opportunity charge's melee is fought at once); guns "
                                          "charged from a flank or the rear give no defensive "
                                          "fire (41)",
    S(OBLIGE_PASSED_PREMELEE) = OBLIGATION "{1} counts as having passed its pre-melee check "
                                           "(38.2)",
    S(OBLIGE_NO_MOVEMENT) = OBLIGATION "{1} may not move in the Movement segment",
    S(OBLIGE_ROUTED_HOLD) = OBLIGATION "{1}, routed by a charge, may not move voluntarily in its "
                                       "side's next Movement segment",
    S(OBLIGE_DISORDERED_HOLD) = OBLIGATION "{1}, disordered by a charge, may not move "
                                           "voluntarily in its side's next Movement segment",
    S(OBLIGE_EXHAUSTED) = OBLIGATION "{1} charged and melees: exhausted at the end of the charge "
                                     "and its melee",
    S(OBLIGE_ROUT_IN_PLACE) = OBLIGATION "{1}, not recalled, becomes PGD in place once all "
                                         "melees are over",
    S(LEFT_ALONE) = "{0} is left alone in {1}: {2}",
    S(LEADER_STAYS) = "{0} stays in {1}, unescorted: a leader never retreats before a charge; "
                      "enemy cavalry entering his hex captures him",
    S(CAPTURED_ENTERED) = "{0}, unescorted in {1}, is captured as {2} enters his hex (7)",
    S(CAPTURED_SURROUNDED) = "{0}, alone in {1}, is captured: every hex around him holds the "
                             "enemy or is off the map (7)",
    S(CAPTURED_NO_SAFE_HEX) = "{0}, alone in {1}, is captured: no hex of the map is free of the "
                              "enemy and its zones (7)",
    S(CAPTURED_SURRENDERED) = "{0}, in {1}, is captured: his units surrendered (7)",
    S(ASK_LEADER_HEX) = "{1}'s units are eliminated: he moves to the nearest hex free of the "
                        "enemy and its zones of influence, {2} hex{2#|es} away; which one?" ANSWER,
    S(LEADER_HEX_OPTION) = "move to {0}",
    S(LEADER_MOVES) = "{0} moves from {1} to {2}, the nearest hex free of the enemy and its zones "
                      "of influence (7)",
    S(FACES) = "{0} turns in place to face {1} in {2}, as its melee needs a front hexside: "
               "{3} hexside{3#|s}, {4} MP; {5} of {6} spent",
    S(ODDS_COUNTED) = "odds: every roll of every branch enumerated (36 or 6 values), {0} passes, "
                      "{1} ends of the charge, {2} branches merged",
    S(ODDS_DECISIONS) = "the odds fix the decisions given as standing answers{0?, then by the {0} "
                        "answer{0#|s} given in order in each branch,} and take the automatic "
                        "choice for the others",
    S(ODDS_STOPPED) = "{0?not exact: }{1?{2} branch{2#|es} and {3} end{3#|s} left out: their "
                      "probability needs more than 64-bit fractions}{4?{1?; }{4} branch{4#|es} "
                      "left out: more than {5} rolls with more than one result}{6?{1?; |{4?; }}"
                      "the enumeration stopped at its budget of {7} passes or ends}",
    S(ODDS_EXACT) = "exact: each roll split into the groups of values that lead to one result, "
                    "{0} stop{0#|s} in a state already met enumerated once, {1} of at most {2} "
                    "passes, every probability a 64-bit fraction",
    S(ZONE_IN) = "{1} is in the {2} zone of {0}: {3?light|heavy} cavalry reaches {5} hexes, "
                 "{1} is {4} away, in front of its front hexsides and in its sight",
    S(ASK_REACTION) = "{1} enters {2}, in the zone of {3} cavalry unit{3#|s} of yours: does one "
                      "react (39)?" ANSWER,
    S(REACT_OPTION) = "{0} reacts: its morale check (31) passes with chance {1}",
    S(NO_REACTION_OPTION) = "no reaction charge",
    S(REACT_CHECK) = "{0} checks morale to react (39.2): roll {1} {2+} = {3} against {4}: "
                     "{5?passes|fails} (chance {6})",
    S(REACT_FAILED) = "{0} stays where it is, in good order and {1}: no readiness change",
    S(REACT_MOVES) = "{0} reacts: it moves to {1} by the cheapest path ({2} of its {3} movement "
                     "points), next to {4} and facing it; both charges end there (39)",
    S(REACT_NO_WAY) = "{0} passes but no free hex next to {1} is within its {2} movement points: "
                      "it stays where it is, and the charge goes on",
    S(REACT_NO_BONUS) = "{0} melees {1} without its x2 straight-line bonus (39.4); a lancer keeps "
                        "its lance bonus (39.5)",
    S(OBLIGE_REACTOR_EXHAUSTED) = OBLIGATION "{1} reacted: it is exhausted once its melee is over "
                                             "(36)",
    S(NEVER_ASKED) = "{1} is in the reaction charge zone of {0}, whose owner is never asked about "
                     "it (\"never ask me\")",
    S(OPPORTUNITY_NO_RECALL) = "{0} rolls no recall after an opportunity charge (42): its charge "
                               "ends here, and it is tired (40.3)",
    S(MAY_CHARGE_OPPORTUNITY) = "{0} may charge in opportunity: cavalry in good order, {1} "
                                "(tired may, exhausted may not: 40.2); {2?light, turns up to 2 "
                                "hexsides a hex|heavy, turns 1 hexside a hex} (printed movement "
                                "{3})",
    S(ZONE_OUT) = "{1} is not in the {2} zone of {0}: {3} ({4} hex{4#|es} away, extent {5})",
    S(WATCHER) = "{0} could {1?react to|charge in opportunity} {2} at {3}, step {4} of the path "
                 "({5} hexes away, in its zone, seen, in front)",
    S(NO_WATCHER) = "no enemy cavalry could {0?react to|charge in opportunity} {1} along the path",
};

static const char *const seeds[] = {
    [CHARGE_SEED_2018_FORMED] = "001_f47f61f911107fc6 (premier-2018), the results of the Carre "
                                "Roll: Infantry Formed Carre",
    [CHARGE_SEED_2018_DISORDERED] = "001_f47f61f911107fc6 (premier-2018), the results of the "
                                    "Carre Roll: Infantry Disordered (DD)",
    [CHARGE_SEED_2018_ROUTED] = "001_f47f61f911107fc6 (premier-2018), the results of the Carre "
                                "Roll: Infantry Routed (PGD)",
    [CHARGE_SEED_2017_RECALL] = "002_beb0105db6df484d (premier-2017), Cavalry Recall (42)",
};

static const char *const plan_stops[] = {
    [CHARGE_PLAN_OFF_START] = "the plan no longer starts from the cavalry's hex",
    [CHARGE_PLAN_ENEMY] = ("the hex now holds an enemy unit it may not move on or through "
                           "(R-CHG-4)"),
    [CHARGE_PLAN_FRIENDLY] = "the hex now holds a friendly unit the cavalry may not pass (35.10)",
    [CHARGE_PLAN_UNPAID] = "the movement points left do not pay for it",
};

static const char *const responses[] = {
    [CHARGE_RESPONSE_CAVALRY] = "cavalry does not check to stand against a charge (38.11)",
    [CHARGE_RESPONSE_ROUTED] = "routed already: no check; the cavalry contacts it (R-CHG-12)",
    [CHARGE_RESPONSE_UNLIMBERED] = "lone unlimbered guns check morale when the cavalry comes "
                                   "next to them (41)",
    [CHARGE_RESPONSE_LIMBERED] = "lone limbered guns stand as infantry, without the carré (41)",
    [CHARGE_RESPONSE_SKIRMISHERS] = "skirmishers neither stand nor form carré: they rout at "
                                    "contact (38.12, R-CHG-22)",
    [CHARGE_RESPONSE_IN_CARRE] = "already in carré: it stands (R-CHG-12)",
    [CHARGE_RESPONSE_DISORDERED] = "disordered: it can only stand (R-CHG-11)",
};

static const char *const asides[] = {
    [LB_CARRE_FORMED] = "it forms carré; the cavalry may charge others, pass over it accepting "
                        "its fire, move elsewhere or halt",
    [LB_CARRE_DD] = "it disorders in place; the cavalry may move next to it or elsewhere, never "
                    "onto or through it",
    [LB_CARRE_PGD] = "it routs 10 hexes",
};

static const char *const throughs[] = {"front", "flank", "rear"};

static const char *const lefts[] = {
    [LD_MOVED_AWAY] = "its units moved away",
    [LD_ELIMINATED] = "its units were eliminated",
    [LD_SURRENDERED] = "its units surrendered",
};

static const char *const zone_kinds[] = {
    [LBI_ZONE_REACTION] = "reaction charge (39)",
    [LBI_ZONE_OPPORTUNITY] = "opportunity charge (40)",
};

static const char *const zone_whys[] = {
    [LBI_ZONE_IN] = "it is",
    [LBI_ZONE_NOT_CAVALRY] = "only combat cavalry of the other side charges in the enemy's turn",
    [LBI_ZONE_NOT_GOOD] = "only cavalry in good order has the extended zone (39.1)",
    [LBI_ZONE_EXHAUSTED] = "exhausted cavalry may not react or charge; tired may (39.3, 40.2)",
    [LBI_ZONE_USED] = "it reacted in this segment, or charged in this player turn, already",
    [LBI_ZONE_HEXES] = "it stands in more than one hex: a charge is made from one (R-CHG-8)",
    [LBI_ZONE_FAR] = "beyond its extent (heavy cavalry 4 hexes, light 6)",
    [LBI_ZONE_BEHIND] = "not in front of its front hexsides",
    [LBI_ZONE_UNSEEN] = "it has no line of sight to it (R-LOS)",
};

#define LIST(a) {a, (int)(sizeof a / sizeof a[0])}
#define P(list) [LBI_EVENT_INDEX(CHARGE_PH_##list)]

static const lbi_phrases phrases[] = {
    P(SEED) = LIST(seeds),         P(PLAN_STOP) = LIST(plan_stops),
    P(RESPONSE) = LIST(responses), P(ASIDE) = LIST(asides),
    P(THROUGH) = LIST(throughs),   P(LEFT) = LIST(lefts),
    P(ZONE_KIND) = LIST(zone_kinds), P(ZONE_WHY) = LIST(zone_whys),
};

const lbi_words lbi_words_charge = {sentences, LBI_EVENT_INDEX(EV_CHARGE_END), phrases,
                                    LBI_EVENT_INDEX(CHARGE_PH_END)};
