/* The words of melee (29), (32)-(35): the sentence of each event of src/rules/melee/melee_events.h, and what the melee's answers name in words. */
#include "rules_types.h"
#include "melee_events.h"
#include "words.h"

#define S(e) [LBI_EVENT_INDEX(EV_MEL_##e)]
/* the lead of a reason: the trace says the melee may not be made, the why only the reason */
#define REFUSED "{0?the melee may not be made: }"
/* the leads of a prompt: the trace adds the key answered and how it was taken */
#define TAKEN "{0?: {0}{1}}"
#define ASK_END(length)                                                                          \
    "{2} {3} from {4} ({5} " length ", {6} hex{6#|es}): where does it end?{7? Each end by its "  \
    "path that does not rout, then loses least (R-MEL-18).}" TAKEN

static const char *const sentences[] = {
    S(LISTED_TWICE) = REFUSED "{1} is listed twice",
    S(LEADER) = REFUSED "{1} is a leader, not a combat formation",
    S(OTHER_SIDE) = REFUSED "{1} is not of the side of {2}: one side assaults",
    S(ROUTED) = REFUSED "{1} is routed: it melees only in defence",
    S(IN_CARRE) = REFUSED "{1} is in carré: a carré never assaults",
    S(FORCE_MARCHED) = REFUSED "{1} force-marched this turn: it may not melee as the attacker",
    S(FIRED_ELSEWHERE) = REFUSED "{1} fired at {2} this turn: it may melee only that hex, not {3}",
    S(CARRE_FROM_OUTSIDE) =
        REFUSED "{1} may assault the carré in {2} only from inside its hex, after its defensive "
                "fire",
    S(STANDS_IN_TARGET) = REFUSED "{1} stands in {2} itself",
    S(PROHIBITED) =
        REFUSED "{1} may not enter {2} from {3} (prohibited terrain or hexside): no melee into it",
    S(TOO_MANY) = REFUSED "more than {1} units in the melee",
    S(NO_DEFENDER) = REFUSED "{1} holds no enemy combat unit",
    S(FLANK_ONLY) =
        REFUSED "{1} is next to {2} only through its flank or rear: melee only through the front "
                "hexsides",
    S(NOT_NEXT) = REFUSED "{1} is not next to {2}",
    S(CAVALRY_JOINED) = REFUSED "other arms may not join a melee of cavalry against cavalry",
    S(NO_TABLE) = REFUSED "the charts have no melee_table",
    S(NO_PREMELEE_CHART) =
        REFUSED "a pre-melee check is due and the charts have no premelee_morale",

    S(FIRED_AT) = "{0} fired at {1} this turn: it may melee that hex only, and does",
    S(CARRE_INSIDE) = "{0} assaults the carré from inside its hex {1}",
    S(BROKEN_CARRE_INSIDE) = "{0} stands in {1}, where it entered to melee a carré: it assaults "
                             "the units there from inside the hex, through the front",
    S(NOT_IN_FRONT) = "{0} in {1}: {2} is not in front of it",
    S(THROUGH) = "{0} assaults {1} from {2} through a {3} hexside of {4}",
    S(MAY_STEP) = "{0} may step into {1} from {3}{4?, {4}}{5?, {5}}{6?, {6}}{7?, {7}}{8?, {8}}: "
                  "neither its terrain nor the hexside crossed is prohibited to {2}",
    S(CARRE_NEXT) = "{0} assaults the carré from next to it",
    S(CAVALRY_ONLY) = "every defender is cavalry and cavalry attacks: other arms may not join "
                      "(35.9), and none does",
    S(DECLARED) = "{0} attacker{0#|s} against {1} defender{1#|s} in {2}; the defender is "
                  "assaulted through its {3}",
    S(CHARGE_OWES) = "{0} melees as its charge owes: {1?straight and facing (the chart's "
                     "charge_straight)}{2?{1?; }melee x{3} (R-CHG-16)}{4?{1?; |{2?; }}exhausted "
                     "after it (R-MEL-20)}",
    S(STOOD) = "{0} stood against the charge and passed its check: it counts as having passed "
               "its pre-melee check (38.2)",

    S(LANCE) = "{0}, lancers assaulting in good order in {1}: lance bonus {2}, after losses and "
               "its own multipliers {3}, added after the melee value's multipliers, which never "
               "touch it (35.7)",
    S(NO_LANCE) = "{0}, lancers (bonus {1}), {2}: no lance bonus (35.6)",
    S(TIMES) = "{0}: {1?lance bonus|melee} x{2} ({3}: {4})",
    S(TIMES_CHART) = "{0}: {1?lance bonus|melee} x{2} (melee_multipliers.{3})",
    S(VALUE) = "{0?attacker|defender} {1}: melee {2}{3?, lance bonus {4}}",
    S(ROUND_DOWN) = "fractions round down: {0}'s melee {1} becomes {2}",
    S(ATTACK_DEFENCE) = "attack {0} (every attacker as if it passed), defence {1}",
    S(LEADERS) = "leaders' melee bonuses: attacker {0+}{1? from {1}}, defender {2+}{3? from {3}}: "
                 "{4+} to the melee roll",

    S(COUNTED) = "increments counted: {0} attacking, {1} defending",
    S(NO_CHECKS) = "no unit makes a pre-melee check",
    S(PREMELEE_ODDS) = "pre-melee odds {0} : {1} read in column {2?{2}|none (no modifier)}",
    S(ATTACKERS_PASS) = "premelee_morale.situations.{0}: the attackers pass without a check",
    S(NO_CHECK) = "{0}: no check, {1}",
    S(CHECKS) = "{0?attacker|defender} {1} checks: chart modifier {2+}",
    S(FAILS_IN_PLACE) = "{0} is {1}: a failed check leaves it in place and it fights on, so the "
                        "odds count it either way",

    S(ODDS) = "odds {0} : {1} read in column {2?{2}|none (no effect)}{3? (below the lowest "
              "column)|{4? (above the highest)}}",
    S(OUTCOME) = "{0}: {1}",

    S(NO_RETIRE) = "{0} may not retreat before the melee: {1}",
    S(PREMELEE_CHECK) = "{0?attacker|defender} {1}'s pre-melee check: roll {2} {3+} = {4} against "
                        "morale {5}: {6?passes|fails}",
    S(CASUALTY) =
        "natural {0}: leader casualty for {1}, die {2}: {3?{3}|none}{4? ({4})}, {5} hours out",
    S(ROLL) = "melee {0} : {1} in column {2?{2}|none}, roll {3} {4+} = {5}: {6}",
    S(ALL_RETIRED) = "every defender retreated before the melee",
    S(DEFENDERS_LEFT) = "the defenders failed their pre-melee checks and left the hex",
    S(ATTACKERS_FAILED) = "every attacker failed its pre-melee check",
    S(LEADER_CAPTURED) = "leader {0}, left alone in {1}, is captured",
    S(LEADER_MOVES) = "leader {0} {1?goes with the last unit to leave|escapes from} {2}, to {3}",
    S(NO_PATH) = "{0} has no legal path from {1} and surrenders",
    S(RETREAT) = "{0} {1} from {2} to {3} ({4} hex{4#|es})",
    S(HOLD) = "{0} retreated {1} hexes before the melee: it may not move in its side's next "
              "Movement segment",
    S(ZONE_ROUT) = "{0} retreated through an enemy cavalry zone of influence: routed (Z14-10)",
    S(ZONE_LOSS) = "{0} loses {1} increment{1#|s} leaving enemy zones of influence "
                   "(Z14-9){2?: eliminated}",
    S(FAILED) = "{0}: {1} -> {2}{3?, then {4}}",
    S(MORALE_CHECK) = "{0} checks morale ({1}): roll {2} {3+} = {4} against {5}: {6?passes|fails}",
    S(LOSS) = "{0} loses {1} increment{1#|s}{2?: eliminated}",
    S(HIT) = "{0}: {1} -> {2}{3?, the carré reverts to column}",
    S(SURRENDERS) = "{0} surrenders",
    S(ALREADY_IN) = "{0} already stands in {1}",
    S(NO_ADVANCE) = "no attacker is able to enter {0}",
    S(ADVANCES) = "{0} advances into {1}",
    S(ADVANCE_FORMATION) = "{0} stands in {1} in {2} (was {3})",
    S(DECIDED_BY) = "{0} decision about {1} taken {2?automatically|by a standing answer}: {3}",
    S(LEADER_RETIRES) = "leader {0} retreats before the melee from {1} to {2}",
    S(PURSUIT) = "{0}, pursuing, is again next to {1} in {2}: {1}'s pre-melee check and the "
                 "melee go on (33.3)",
    S(PURSUIT_NONE) = "no attacker pursued into {0}: the assault ends (33.3)",
    S(PURSUIT_APART) = "{0} pursued into {1} and is next to no defender that retreated: the "
                       "assault ends",
    S(PURSUIT_BARRED) = "{0} is next to {1} but may not melee it: the assault ends",

    S(ASK_RETIRE) = "{2} may retreat before the melee (29): retreat or stand?" TAKEN,
    S(ASK_PRESERVE) =
        "{2} ({3}): melee at full value, or at one third to keep its readiness (36.5)?" TAKEN,
    S(ASK_LEADER) = "leader {2}, left alone in {3}: where does he go?" TAKEN,
    S(ASK_END) = ASK_END("movement points"),
    S(ASK_END_HEXES) = ASK_END("hexes"),
    S(ASK_ADVANCE) = "{2}: which attacker enters {3}?" TAKEN,
    S(ASK_LEADER_TO) = "leader {2} retreats before the melee from {3}: where does he go?" TAKEN,
    S(ASK_PURSUIT) = "{2} pursued into {3}: which hex of the defenders that retreated does it "
                     "melee (33.3)?" TAKEN,
    S(OPT_STAND) = "stand and fight",
    S(OPT_RETIRE) = "retreat 3 movement points before the melee",
    S(OPT_FULL) = "full value; readiness worsens after the melee",
    S(OPT_PRESERVE) = "one third; readiness kept",
    S(OPT_TO) = "to {0}",
    S(OPT_END) = "end in {0}{1?, losing {1} increment{1#|s}}{2?, routed by an enemy cavalry zone}"
                 "{3?; surrender later: a failed recovery there would have no complete path "
                 "(R-RET-8)}",
    S(OPT_ENTER) = "{0} enters {1}",
    S(OPT_STAY) = "stay where they are",
    S(OPT_LEADER_RETIRE) = "retreat before the melee to the nearest hex free of enemies and "
                           "their zones (L7-6)",
    S(OPT_MELEE) = "melee {0}",
    S(ATTACHED_ADVANCES) = "leader {0}, attached to {1}, advances with it into {2}",
    S(CASUALTY_VICTIM) = "one of {1} leaders takes the casualty{2?: {3}, whose bonus was used, on "
                         "1-3 of a die, else one of the others at random|, at random}: {0}",
    S(CARRE_REPULSES) = "{0}, repulsed by the carré, leaves its hex for an adjacent one (32.9): "
                        "a rout of 1 hex",
};

static const char *const taken[] = {
    [MEL_TAKEN_BY_PLAYER] = "",
    [MEL_TAKEN_ONLY] = " (the only option)",
    [MEL_TAKEN_AUTO] = " (automatic choice)",
    [MEL_TAKEN_STANDING] = " (standing answer)",
};

static const char *const no_lance[] = {
    [MEL_LANCE_DEFENDS] = "defends",
    [MEL_LANCE_NOT_GOOD] = "is not in good order",
    [MEL_LANCE_IN_COLUMN] = "assaults in column",
};

static const char *const factors[] = {
    [LB_MELEE_BY_LOSSES] = "increments lost",
    [LB_MELEE_BY_DISORDER] = "disordered",
    [LB_MELEE_BY_ROUT] = "routed",
    [LB_MELEE_BY_SHARE] = "increments taking part",
    [LB_MELEE_BY_LINE] = "lance bonus, each hex of the line",
    [LB_MELEE_BY_CHARGE] = "the charge's melee multiplier",
    [LB_MELEE_BY_CHART] = "a multiplier of the charts",
};

static const char *const exemptions[] = {
    [LB_MELEE_NOT_EXEMPT] = "it checks",
    [LB_MELEE_EXEMPT_PASSED] = "it counts as having passed its pre-melee check (38.2)",
    [LB_MELEE_EXEMPT_CAVALRY] = "cavalry makes no pre-melee check (35.2)",
    [LB_MELEE_EXEMPT_GENERAL_ORDER] = "a defender in general order makes no pre-melee check (33.6)",
    [LB_MELEE_EXEMPT_ATTACKING_WITH_CAVALRY] =
        "infantry attacking together with cavalry makes no check (33.6)",
    [LB_MELEE_EXEMPT_DEFENDING_WITH_CAVALRY] =
        "infantry defending together with cavalry makes no check (33.6)",
    [LB_MELEE_EXEMPT_ATTACKERS_PASS] = "the pre-melee chart lets the attackers pass (6.3)",
};

static const char *const no_retire[] = {
    [MEL_MAY_RETIRE] = "it may",
    [MEL_RETIRE_ROUTED] = "a routed unit does not move by choice (30)",
    [MEL_RETIRE_SKIRMISHERS] =
        "skirmishers retreat before infantry only, and cavalry assaults them",
    [MEL_RETIRE_NOT_MOUNTED] = "only skirmishers, cavalry, limbered horse artillery and leaders "
                               "may retreat before a melee",
    [MEL_RETIRE_CAVALRY_SLOWER] = "cavalry retreats before cavalry only with 2 movement points "
                                  "more than every attacker",
    [MEL_RETIRE_GUNS_SLOWER] = "limbered horse artillery retreats only with 2 movement points "
                               "more than every attacker",
    [MEL_RETIRE_EXHAUSTED] = "exhausted cavalry may not retreat before fresh cavalry (36.4)",
    [MEL_RETIRE_FOOT_GUNS] = "of limbered artillery only horse artillery retreats before a melee "
                             "(29.2 b)",
    [MEL_RETIRE_NO_PATH] =
        "no path is open (29.2 d, L7-7): it has no legal retreat of even one hex",
    [MEL_RETIRE_LEADER_CHARGE] = "a leader never retreats before a charge, and this melee is the "
                                 "one a charge owes (L7-7)",
    [MEL_RETIRE_LEADER_ATTACHED] =
        "an attached leader moves with his unit, which stands (R-MOV-14)",
};

static const char *const check_whys[] = {
    [MEL_CHECK_LEADER_FELL] = "its leader fell",
    [MEL_CHECK_BY_RESULT] = "the melee result calls for it",
};

static const char *const advance_whys[] = {
    [MEL_ADVANCE_PURSUIT] = "pursuit into the hex the defenders left (33.3)",
    [MEL_ADVANCE_MAY_DEFENDERS] = "the attacker may occupy the hex the defenders left (33.8)",
    [MEL_ADVANCE_MUST] = "the attacker must advance into the hex the defender left (33.10)",
    [MEL_ADVANCE_MAY] = "the attacker may occupy the hex the defender left",
};

static const char *const movings[] = {
    [MEL_MOVING_RETREATS] = "retreats",
    [MEL_MOVING_BEFORE_MELEE] = "retreats before the melee",
};

#define LIST(a) {a, (int)(sizeof a / sizeof a[0])}

static const lbi_phrases phrases[] = {
    [LBI_EVENT_INDEX(MEL_PH_TAKEN)] = LIST(taken),
    [LBI_EVENT_INDEX(MEL_PH_NO_LANCE)] = LIST(no_lance),
    [LBI_EVENT_INDEX(MEL_PH_FACTOR)] = LIST(factors),
    [LBI_EVENT_INDEX(MEL_PH_EXEMPT)] = LIST(exemptions),
    [LBI_EVENT_INDEX(MEL_PH_NO_RETIRE)] = LIST(no_retire),
    [LBI_EVENT_INDEX(MEL_PH_CHECK_WHY)] = LIST(check_whys),
    [LBI_EVENT_INDEX(MEL_PH_ADVANCE_WHY)] = LIST(advance_whys),
    [LBI_EVENT_INDEX(MEL_PH_MOVING)] = LIST(movings),
};

const lbi_words lbi_words_melee = {sentences, LBI_EVENT_INDEX(EV_MEL_END), phrases,
                                   LBI_EVENT_INDEX(MEL_PH_END)};

const char *lb_melee_times_what(const lb_melee_times *f)
{
    if (f->what)
        return f->what;
    return (unsigned)f->factor < sizeof factors / sizeof *factors ? factors[f->factor] : "?";
}

const char *lb_melee_exemption_name(lb_melee_exemption e)
{
    return (unsigned)e < sizeof exemptions / sizeof *exemptions ? exemptions[e] : "?";
}
