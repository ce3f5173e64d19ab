# Writes tests/cases/fire-R-FIRE-*.json: inline scenarios with inline charts (so no case depends on
# a game module's values), each with the answer worked out by hand in its "description".
# Run from the project root: python3 tests/tools/make_fire_cases.py
#
# The test charts: a small fire table whose bands are easy to count (36-roll order, R-DICE-2):
#   1:2  61-66 -> 1                      (6 rolls)
#   1:1  51-66 -> 1                      (12 rolls)
#   2:1  41-56 -> 1, 61-66 -> 2          (12, 6; 18 rolls 11-36 no loss)
#   3:1  31-46 -> 1, 51-66 -> 2          (12, 12; 12 rolls 11-26 no loss)
#   4:1  21-36 -> 1, 41-56 -> 2, 61-66 -> 3  (12, 12, 6; 6 rolls 11-16 no loss)
# Clear is open terrain (several batteries of a hex fire, 25.1); woods are not.
# Fire defence in clear: column 6, line 9, carre 4, skirmish 12, general 10, disordered/routed 14,
# limbered 6, unlimbered 8; woods: general 10, skirmish 12, disordered/routed 16.
# fire_defence rules: flank 5, road 4, infantry with artillery -2 except in carre.
# Multiples: French legere line 4 x 3, skirmish 3 x 3, carre 8 x 3; Austrian line 4 x 2,
# skirmish 3 x 2; column, general order and unlimbered artillery fire their printed value.
# Massed target: +1 per increment above 9. Leader casualty on a natural 65-66.
# Fire-loss triggers: French legere even, French garde every third, Austrian linie odd, Austrian
# jaeger every loss from the 2nd, Austrian artillery every loss; others every loss.
import copy, json, os

CHARTS = {
    "nations": {
        "french": {"name": "French", "classes": {
            "legere": {"name": "légère", "arm": "infantry"},
            "garde": {"name": "garde", "arm": "infantry"},
            "chasseur": {"name": "chasseurs", "arm": "cavalry"}}},
        "austrian": {"name": "Austrian", "classes": {
            "linie": {"name": "Linie", "arm": "infantry"},
            "jaeger": {"name": "Jäger", "arm": "infantry"},
            "brigade": {"name": "brigade battery", "arm": "artillery"}}},
        "saxon": {"name": "Saxon", "classes": {"linie": {"name": "Linie", "arm": "infantry"}}},
    },
    "terrain": {
        "clear": {"move": {"infantry": 1, "cavalry": 1, "artillery": 1}, "los": "clear",
                  "general_order": False, "open": True,
                  "fire_defence": {"column": 6, "masse": 5, "line": 9, "carre": 4, "skirmish": 12,
                                   "general": 10, "disordered": 14, "routed": 14,
                                   "limbered": 6, "unlimbered": 8}},
        "woods": {"move": {"infantry": 2, "cavalry": 3, "artillery": None}, "los": "blocks",
                  "general_order": True,
                  "fire_defence": {"general": 10, "skirmish": 12, "disordered": 16,
                                   "routed": 16}},
    },
    "hexsides": {},
    "fire_multiples": [
        {"nation": "french", "class": "legere", "formation": "line", "per_hex": 4, "multiple": 3},
        {"nation": "french", "class": "legere", "formation": "skirmish", "per_hex": 3,
         "multiple": 3},
        {"nation": "french", "class": "legere", "formation": "carre", "per_hex": 8, "multiple": 3},
        {"nation": "austrian", "formation": "line", "per_hex": 4, "multiple": 2},
        {"nation": "austrian", "formation": "skirmish", "per_hex": 3, "multiple": 2},
        {"formation": "column", "printed": True},
        {"formation": "general", "printed": True},
        {"formation": "unlimbered", "printed": True},
    ],
    "fire_defence": {"flank": {"value": 5}, "road": {"value": 4},
                     "with_artillery": {"delta": -2, "except": ["carre"]}},
    "fire_table": {"below_lowest": "lowest", "above_highest": "highest", "columns": {
        "1:2": {"att": 1, "def": 2, "bands": [{"lo": "61", "hi": "66", "loss": 1}]},
        "1:1": {"att": 1, "def": 1, "bands": [{"lo": "51", "hi": "66", "loss": 1}]},
        "2:1": {"att": 2, "def": 1, "bands": [{"lo": "41", "hi": "56", "loss": 1},
                                              {"lo": "61", "hi": "66", "loss": 2}]},
        "3:1": {"att": 3, "def": 1, "bands": [{"lo": "31", "hi": "46", "loss": 1},
                                              {"lo": "51", "hi": "66", "loss": 2}]},
        "4:1": {"att": 4, "def": 1, "bands": [{"lo": "21", "hi": "36", "loss": 1},
                                              {"lo": "41", "hi": "56", "loss": 2},
                                              {"lo": "61", "hi": "66", "loss": 3}]}}},
    "massed_target": {"above": 9, "per_increment": 1},
    "fire_morale_checks": {
        "french": {"classes": {"legere": {"on": "even"}, "garde": {"on": "third"}}},
        "austrian": {"classes": {"linie": {"on": "odd"}, "jaeger": {"on": "every", "from": 2}},
                     "arms": {"artillery": {"on": "every"}}},
    },
    "leader_casualty": {"fire": {"lo": "65", "hi": "66"}, "table": [
        {"lo": 1, "hi": 1, "result": "killed", "wound": "head", "hex_morale_check": True},
        {"lo": 2, "hi": 3, "result": "wounded", "wound": "leg", "hours_out_dice": 2,
         "hex_morale_check": True},
        {"lo": 4, "hi": 4, "result": "captured", "reroll_if_fire": True},
        {"lo": 5, "hi": 6, "result": "wounded", "wound": "flesh"}]},
}


def unit(uid, side, nation, cls, incr, fire, formation, hexes, facing=None, state="good",
         losses=0, arm="infantry", morale="44", movement=6):
    u = {"id": uid, "side": side, "arm": arm, "nation": nation, "class": cls,
         "increments": incr, "losses": losses, "fire": fire, "melee": 3 * incr,
         "movement": movement, "morale": morale, "formation": formation, "state": state,
         "hexes": hexes}
    if facing is not None:
        u["facing"] = facing
    return u


def leader(uid, side, hexes, morale=1, **bonus):
    return {"id": uid, "side": side, "arm": "leader", "bonus": dict({"morale": morale}, **bonus),
            "hexes": hexes}


def scenario(units, terrain=None, charts=None, fractions="exact", rules="premier-2018"):
    rows = terrain or ["........"] * 8
    c = copy.deepcopy(CHARTS)
    for k, v in (charts or {}).items():
        if v is None:
            del c[k]
        else:
            c[k] = v
    return {"format": "labataille-scenario/1", "title": "fire case", "rules": rules,
            "fractions": fractions, "sides": ["french", "austrian"],
            "map": {"columns": 8, "rows": 8, "terrain": rows,
                    "legend": {".": "clear", "W": "woods"}},
            "charts": c, "units": units}


# Units used again and again.
FR_LINE_2 = unit("fr-le-1", "french", "french", "legere", 10, 10, "line", ["0505", "0506"], 3)
AU_COL = unit("au-ir-1", "austrian", "austrian", "linie", 6, 6, "column", ["0605"], 10)

cases = []


def case(name, ruling, desc, units, target="0605", firer="fr-le-1", json_fields=None,
         dice=None, stdout_has=None, exit=0, text=False, json_sets=None, extra=None, **kw):
    args = ["fire", "{scenario}", firer, target] + (extra or [])
    if dice:
        args += ["--dice", dice]
    if not text:
        args.append("--json")
    c = {"ruling": ruling, "description": desc, "scenario": scenario(units, **kw), "args": args,
         "exit": exit}
    if json_fields:
        c["json"] = json_fields
    if json_sets:
        c["json_sets"] = json_sets
    if stdout_has:
        c["stdout_has"] = stdout_has
    cases.append(("fire-%s-%s" % (ruling, name), c))  # "usage": fire-usage-NAME


def outcomes(d):
    """d: {loss: (rolls, "exact")} -> the json fields for outcomes and outcomes_exact."""
    f = {}
    for loss, (rolls, exact) in d.items():
        f["/outcomes/%d" % loss] = rolls / 36
        f["/outcomes_exact/%d" % loss] = exact
    return f


FOUR_TO_ONE = outcomes({0: (6, "1/6"), 1: (12, "1/3"), 2: (12, "1/3"), 3: (6, "1/6")})
THREE_TO_ONE = outcomes({0: (12, "1/3"), 1: (12, "1/3"), 2: (12, "1/3")})
TWO_TO_ONE = outcomes({0: (18, "1/2"), 1: (12, "1/3"), 2: (6, "1/6")})
ONE_TO_ONE = outcomes({0: (24, "2/3"), 1: (12, "1/3")})
ONE_TO_TWO = outcomes({0: (30, "5/6"), 1: (6, "1/6")})

# ---- R-FIRE-3: line ----------------------------------------------------------------------------
case("seed-line-two-hexes", "R-FIRE-3",
     "Seed 004's example: a 10-increment French legere battalion in line over 0505 and 0506, facing "
     "3 (front NE and SE), fires at the Austrian column in 0605 (SE of 0505, NE of 0506). Its 10 "
     "increments split 5 + 5; at most 4 fire per hex: 4 + 4 = 8 increments x 3 = 24. Column in "
     "clear: fire defence 6; 24:6 = 4 -> column 4:1. 4:1: 11-16 no loss (6 rolls), 21-36 one (12), "
     "41-56 two (12), 61-66 three (6): 1/6, 1/3, 1/3, 1/6. 6 increments in the hex: no massed "
     "modifier. Austrian linie checks on odd losses: any loss gives it its 1st, so 30/36 = 5/6.",
     [FR_LINE_2, AU_COL],
     json_fields=dict({"/allowed": True, "/fire_value": 24, "/fire_value_exact": "24",
                       "/increments_firing": 8, "/multiple": 3, "/per_hex": 4, "/range": 1,
                       "/fire_defense": 6, "/odds": "4:1", "/massed_modifier": 0,
                       "/target_increments": 6, "/hexes/0/firing": 4, "/hexes/1/firing": 4,
                       "/units/0/p_check_exact": "5/6", "/p_leader_casualty_exact": "0"},
                      **FOUR_TO_ONE))
case("seed-line-text", "R-FIRE-3",
     "The same fire as fire-R-FIRE-3-seed-line-two-hexes in the text form: the breakdown line "
     "4 + 4 increments x 3 = 24, the defence, the column and the distribution.",
     [FR_LINE_2, AU_COL], text=True,
     stdout_has=["fr-le-1 fires at 0605: allowed",
                 "line, 2 hexes: 4 + 4 increments × 3 (French légère, line) = 24",
                 "fire defence 6: au-ir-1 (column) in clear", "odds 24 : 6 -> 4:1",
                 "1/6", "1/3", "[R-FIRE-3 (24)]", "[R-FIRE-7 (21)]"])
case("seed-line-prusse-multiple", "R-FIRE-3",
     "The seed's line with the Prusse module's French legere line multiple 4 instead of 3 (inline "
     "chart): 4 + 4 = 8 increments x 4 = 32. 32:6 = 5.33 -> above the highest column (4:1), read "
     "in 4:1: 1/6, 1/3, 1/3, 1/6.",
     [FR_LINE_2, AU_COL],
     charts={"fire_multiples": [
         {"nation": "french", "class": "legere", "formation": "line", "per_hex": 4,
          "multiple": 4},
         {"formation": "column", "printed": True}]},
     json_fields=dict({"/fire_value": 32, "/multiple": 4, "/increments_firing": 8,
                       "/odds": "4:1", "/odds_above": True}, **FOUR_TO_ONE))
case("decimal-multiple", "R-FIRE-3",
     "Issue 10.8: a fire multiple written 1.5 is read from its text, exactly 3/2 (charts-format "
     "5.1). The seed's line: 4 + 4 = 8 increments x 3/2 = 12. 12:6 = 2 -> 2:1: 1/2, 1/3, 1/6.",
     [FR_LINE_2, AU_COL],
     charts={"fire_multiples": [
         {"nation": "french", "class": "legere", "formation": "line", "per_hex": 4,
          "multiple": 1.5},
         {"formation": "column", "printed": True}]},
     json_fields=dict({"/fire_value": 12, "/multiple": 1.5, "/multiple_exact": "3/2",
                       "/breakdown": "line, 2 hexes: 4 + 4 increments × 3/2 (French légère, line) "
                                     "= 12", "/odds": "2:1"}, **TWO_TO_ONE))
case("one-hex-line", "R-FIRE-3",
     "A 6-increment French legere line in one hex (0505, facing 3) fires at the column in 0605 "
     "(SE): at most 4 of its 6 increments fire, 4 x 3 = 12. 12:6 = 2 -> 2:1: 11-36 no loss "
     "(18 rolls), 41-56 one (12), 61-66 two (6): 1/2, 1/3, 1/6.",
     [unit("fr-le-1", "french", "french", "legere", 6, 6, "line", ["0505"], 3), AU_COL],
     json_fields=dict({"/fire_value": 12, "/increments_firing": 4, "/hexes/0/increments": 6,
                       "/odds": "2:1"}, **TWO_TO_ONE))
case("odd-split", "R-FIRE-3",
     "A 7-increment line over 0505 and 0506 splits 4 + 3, the odd increment in its first hex; "
     "both hexes are adjacent to 0605 and fire all they have (4 and 3, under the limit of 4): "
     "7 x 3 = 21. 21:6 = 3.5, rounded down to the listed column 3:1: 11-26 no loss (12), 31-46 one "
     "(12), 51-66 two (12): 1/3 each.",
     [unit("fr-le-1", "french", "french", "legere", 7, 7, "line", ["0505", "0506"], 3), AU_COL],
     json_fields=dict({"/fire_value": 21, "/increments_firing": 7, "/hexes/0/increments": 4,
                       "/hexes/1/increments": 3, "/odds": "3:1", "/odds_above": False,
                       "/odds_below": False}, **THREE_TO_ONE))
case("only-hexes-in-range-fire", "R-FIRE-3",
     "The 10-increment line in 0505 and 0506 (facing 3) fires at 0604: 1 hex from 0505 (its NE "
     "neighbour, a front hexside) but 2 from 0506, out of range. Only 0505 fires: 4 of its 5 "
     "increments, 4 x 3 = 12. The column in 0604 faces 8 (SW): the fire enters through its SW "
     "hexside, a front one, so no flank: defence 6. 12:6 -> 2:1: 1/2, 1/3, 1/6.",
     [FR_LINE_2, unit("au-ir-1", "austrian", "austrian", "linie", 6, 6, "column", ["0604"], 8)],
     target="0604",
     json_fields=dict({"/fire_value": 12, "/increments_firing": 4, "/hexes/0/fires": True,
                       "/hexes/1/fires": False, "/hexes/1/in_range": False,
                       "/hexes/1/distance": 2, "/odds": "2:1"}, **TWO_TO_ONE))

# ---- R-FIRE-2: column --------------------------------------------------------------------------
STACK = [unit("fr-a", "french", "french", "legere", 8, 8, "column", ["0505"], 4),
         unit("fr-b", "french", "french", "legere", 6, 6, "column", ["0505"], 4), AU_COL]
case("column-top-fires", "R-FIRE-2",
     "Two French columns stacked in 0505 (facing 4, SE); fr-a is listed first, so on top, and "
     "fires its printed value 8 at 0605 (its SE neighbour). 8:6 = 1.33 -> 1:1: 51-66 one loss "
     "(12 rolls): 2/3 none, 1/3 one.",
     STACK, firer="fr-a",
     json_fields=dict({"/allowed": True, "/printed": True, "/fire_value": 8,
                       "/increments_firing": 8, "/multiple": None, "/odds": "1:1"}, **ONE_TO_ONE))
case("column-second-refused", "R-FIRE-2",
     "The second column of the stack (fr-b, under fr-a) asks to fire: in column only the top unit "
     "of the hex fires. An answer, exit 0.",
     STACK, firer="fr-b",
     json_fields={"/allowed": False, "/rule": "R-FIRE-2",
                  "/reason": "in column only the top unit of hex 0505 fires, and fr-a is on top",
                  "/fire_value": None, "/outcomes": None})

case("column-one-increment-left", "R-FIRE-2",
     "A French column of 8 increments that has lost 7: (12) halves an infantry battalion's "
     "printed fire when one increment is left: 8 / 2 = 4. 4:6 = 0.67 -> 1:2: 5/6 none, 1/6 one.",
     [unit("fr-le-1", "french", "french", "legere", 8, 8, "column", ["0505"], 4, losses=7),
      AU_COL],
     json_fields=dict({"/fire_value": 4, "/increments_firing": 1, "/odds": "1:2",
                       "/breakdown": "column: printed fire value 8, 7 of 8 increments lost (12) "
                                     "= 4"}, **ONE_TO_TWO))

# ---- R-FIRE-4: skirmish ------------------------------------------------------------------------
SKIRM = unit("fr-le-1", "french", "french", "legere", 3, 3, "skirmish", ["0505"], 3)
case("skirmish-adjacent", "R-FIRE-4",
     "3 French legere skirmishers in 0505 facing 3 (front N, NE, SE, S) fire at the adjacent "
     "0605: 3 x 3 = 9, not halved. 9:6 = 1.5 -> 1:1: 2/3 none, 1/3 one.",
     [SKIRM, AU_COL],
     json_fields=dict({"/fire_value": 9, "/increments_firing": 3, "/multiple": 3, "/range": 2,
                       "/hexes/0/halved": False, "/odds": "1:1"}, **ONE_TO_ONE))
AU_COL_0705 = unit("au-ir-1", "austrian", "austrian", "linie", 6, 6, "column", ["0705"], 10)
case("skirmish-two-hexes-half", "R-FIRE-4",
     "The same skirmishers fire at 0705, 2 hexes east: the sight line leaves 0505 through its E "
     "corner, between the NE and SE hexsides, both front hexsides of a screen facing 3, and runs "
     "along the clear edge 0604/0605. At 2 hexes the value is halved: 3 x 3 / 2 = 9/2, kept "
     "exact. 9/2 : 6 = 0.75 -> 1:2 (rounded down; 1:1 is too high): 61-66 one loss, 1/6.",
     [SKIRM, AU_COL_0705], target="0705",
     json_fields=dict({"/fire_value": 4.5, "/fire_value_exact": "9/2", "/hexes/0/halved": True,
                       "/hexes/0/distance": 2, "/odds": "1:2"}, **ONE_TO_TWO))
case("skirmish-two-hexes-round-down", "R-MOR-9",
     "As fire-R-FIRE-4-skirmish-two-hexes-half but with \"fractions\": \"round-down\": the final "
     "fire value 9/2 is rounded down once, to 4. 4:6 = 0.67 -> 1:2: 5/6 none, 1/6 one.",
     [SKIRM, AU_COL_0705], target="0705", fractions="round-down",
     json_fields=dict({"/fire_value": 4, "/fire_value_exact": "4", "/odds": "1:2"}, **ONE_TO_TWO))

SKIRM_6 = unit("fr-le-1", "french", "french", "legere", 6, 6, "skirmish", ["0505"], 3)
for rules in ("premier-2018", "premier-2017"):
    case("six-in-one-hex-fire-three-" + rules[-4:], "R-FIRE-4",
         "Issue 10.6 (%s): a screen of 6 French legere increments stands in the one hex 0505 "
         "(facing 3). Only three increments fire from a hex in skirmish order (seed 004, (24)): "
         "3 of its 6, x 3 = 9, at the adjacent column in 0605. 9:6 = 1.5 -> 1:1: 2/3 none, 1/3 "
         "one." % rules,
         [SKIRM_6, AU_COL], rules=rules,
         json_fields=dict({"/fire_value": 9, "/increments_firing": 3, "/hexes/0/increments": 6,
                           "/hexes/0/firing": 3, "/per_hex": 3,
                           "/breakdown": "skirmish, 1 hex: 3 increments × 3 (French légère, "
                                         "skirmish) = 9"}, **ONE_TO_ONE))
case("six-in-one-hex-two-hexes-away", "R-FIRE-4",
     "The same 6-increment screen in one hex fires at 0705, 2 hexes east: still 3 increments, "
     "halved at 2 hexes: 3 x 3 / 2 = 9/2. 9/2 : 6 = 0.75 -> 1:2: 5/6 none, 1/6 one.",
     [SKIRM_6, AU_COL_0705], target="0705",
     json_fields=dict({"/fire_value_exact": "9/2", "/increments_firing": 3,
                       "/hexes/0/halved": True, "/odds": "1:2"}, **ONE_TO_TWO))

case("screen-two-hexes-mixed", "R-FIRE-16",
     "A 6-increment screen in 0505 and 0506 (3 + 3, facing 3: front N, NE, SE, S) fires at the "
     "column in 0604: 1 hex from 0505 (its NE neighbour), 2 from 0506, whose sight line leaves "
     "by the corner of its N and NE hexsides (both front) and runs along the edge 0505/0605 (0505 "
     "is the firer's own hex, which never blocks; 0605 is empty). Each hex on its own distance: "
     "3 x 3 = 9 from 0505, 3 x 3 / 2 = 9/2 from 0506: 27/2. The column faces 8 (front S, SW, NW): "
     "the fire enters through its SW hexside and the corner of its S and SW hexsides, no flank: "
     "defence 6. 27/2 : 6 = 2.25 -> 2:1: 1/2, 1/3, 1/6.",
     [unit("fr-le-1", "french", "french", "legere", 6, 6, "skirmish", ["0505", "0506"], 3),
      unit("au-ir-1", "austrian", "austrian", "linie", 6, 6, "column", ["0604"], 8)],
     target="0604",
     json_fields=dict({"/fire_value_exact": "27/2", "/fire_value": 13.5,
                       "/breakdown": "skirmish, 2 hexes: 3 × 3 + 3 × 3 ÷ 2 (French légère, "
                                     "skirmish; halved at 2 hexes) = 27/2",
                       "/hexes/0/halved": False, "/hexes/1/halved": True,
                       "/hexes/1/value_exact": "9/2", "/fire_defense": 6, "/odds": "2:1"},
                      **TWO_TO_ONE))

# ---- R-FIRE-19: the kind of fire sets the range ---------------------------------------------
case("defensive-skirmish-range-1", "R-FIRE-19",
     "Defensive fire reaches the adjacent hex only (27): the skirmishers that may fire at 0705, 2 "
     "hexes away, offensively (fire-R-FIRE-4-skirmish-two-hexes-half) have range 1 in defensive "
     "fire and are refused: out of range.",
     [SKIRM, AU_COL_0705], target="0705", extra=["--kind", "defensive"],
     json_fields={"/kind": "defensive", "/allowed": False, "/rule": "R-FIRE-6", "/range": 1,
                  "/reason": "out of range: 0705 is 2 hexes from 0505, range 1"})
case("opportunity-skirmish-adjacent", "R-FIRE-19",
     "Opportunity fire at the adjacent 0605 (28): range 1, the skirmishers fire as offensively "
     "there, 3 x 3 = 9, 9:6 -> 1:1.",
     [SKIRM, AU_COL], extra=["--kind", "opportunity"],
     json_fields=dict({"/kind": "opportunity", "/allowed": True, "/range": 1, "/fire_value": 9,
                       "/odds": "1:1"}, **ONE_TO_ONE))

# ---- R-FIRE-19..21: batteries at range -------------------------------------------------------
# The test batteries: French a_pied, range 5, canister (close range) to 2 hexes, long range from 4
# hexes at half value; canister moves the odds one column right.
ART = {"canister": {"shift": 1}, "long_range": {"times": {"num": 1, "den": 2}},
       "batteries": {"french": {"a_pied": {"range": 5, "canister": 2, "long_range": 4}}}}


def battery(uid, side, nation, cls, incr, fire, formation, hexes, facing=None, **kw):
    return unit(uid, side, nation, cls, incr, fire, formation, hexes, facing, arm="artillery",
                movement=4, **kw)


BTY = battery("fr-bty", "french", "french", "a_pied", 2, 8, "unlimbered", ["0104"])


def au_col(uid, hexes, facing=10, **kw):
    return unit(uid, "austrian", "austrian", "linie", 6, 6, "column", hexes, facing, **kw)


def bty_case(name, ruling, desc, units, target, json_fields, **kw):
    kw.setdefault("charts", {"artillery_fire": ART})
    case(name, ruling, desc, units, target=target, firer=kw.pop("firer", "fr-bty"),
         json_fields=json_fields, **kw)


bty_case("battery-class-range", "R-FIRE-19",
         "A French a_pied battery (printed fire 8, no range on its counter, no facing: it fires "
         "every way) in 0104 fires at the Austrian column in 0404, 3 hexes east along the row. Its "
         "range is its class's in the charts' artillery_fire: 5. 3 hexes is neither close (to 2) "
         "nor long range (from 4): printed 8. 8:6 = 1.33 -> 1:1: 2/3 none, 1/3 one.",
         [BTY, au_col("au-a", ["0404"])], "0404",
         dict({"/allowed": True, "/range": 5, "/fire_value": 8, "/firers/0/battery": True,
               "/firers/0/distance": 3, "/firers/0/canister": False,
               "/firers/0/long_range": False, "/canister_shift": 0, "/odds": "1:1"}, **ONE_TO_ONE))
bty_case("battery-canister", "R-FIRE-20",
         "The battery fires at 0304, 2 hexes away: close range (canister to 2). 8:6 reads 1:1; "
         "canister moves it one column right, to 2:1: 1/2 none, 1/3 one, 1/6 two.",
         [BTY, au_col("au-a", ["0304"])], "0304",
         dict({"/firers/0/canister": True, "/odds_read": "1:1", "/canister_shift": 1,
               "/odds": "2:1"}, **TWO_TO_ONE))
bty_case("battery-long-range", "R-FIRE-20",
         "The battery fires at 0504, 4 hexes away: long range (from 4), its value x 1/2: 8 x 1/2 "
         "= 4. 4:6 = 0.67 -> 1:2: 5/6 none, 1/6 one.",
         [BTY, au_col("au-a", ["0504"])], "0504",
         dict({"/firers/0/long_range": True, "/firers/0/times_exact": "1/2", "/fire_value": 4,
               "/breakdown": "unlimbered: printed fire value 8 × 1/2 (long range) = 4",
               "/odds": "1:2"}, **ONE_TO_TWO))
bty_case("battery-long-range-round-down", "R-MOR-9",
         "A battery of printed fire 7 at long range with \"fractions\": \"round-down\": 7 x 1/2 "
         "= 7/2, rounded down once, at the end, to 3. 3:6 -> 1:2.",
         [battery("fr-bty", "french", "french", "a_pied", 2, 7, "unlimbered", ["0104"]),
          au_col("au-a", ["0504"])], "0504",
         dict({"/fire_value": 3, "/fire_value_exact": "3", "/odds": "1:2"}, **ONE_TO_TWO),
         fractions="round-down")
bty_case("battery-out-of-range", "R-FIRE-6",
         "At 0704, 6 hexes away, beyond the class's range 5: refused.",
         [BTY, au_col("au-a", ["0704"])], "0704",
         {"/allowed": False, "/rule": "R-FIRE-6", "/range": 5,
          "/reason": "out of range: 0704 is 6 hexes from 0104, range 5"})
bty_case("battery-printed-range", "R-FIRE-19",
         "The same battery with \"range\": 7 on its counter: the printed range wins over the "
         "class's 5. At 0704 (6 hexes): long range (from 4), 8 x 1/2 = 4; 4:6 -> 1:2.",
         [dict(BTY, range=7), au_col("au-a", ["0704"])], "0704",
         dict({"/allowed": True, "/range": 7, "/fire_value": 4, "/odds": "1:2"}, **ONE_TO_TWO))
bty_case("battery-class-not-charted", "R-FIRE-19",
         "A French a_cheval battery: artillery_fire has no entry for its class and its counter "
         "gives no range, so the fire multiple's range stands: 1. 0304 is 2 hexes away: refused.",
         [battery("fr-bty", "french", "french", "a_cheval", 2, 8, "unlimbered", ["0104"]),
          au_col("au-a", ["0304"])], "0304",
         {"/allowed": False, "/range": 1, "/rule": "R-FIRE-6",
          "/reason": "out of range: 0304 is 2 hexes from 0104, range 1"})
bty_case("battery-defensive-adjacent", "R-FIRE-19",
         "Defensive fire at the adjacent 0204: range 1 whatever the battery's; 1 hex is close "
         "range, so canister: 8:6 reads 1:1, moved to 2:1.",
         [BTY, au_col("au-a", ["0204"])], "0204",
         dict({"/kind": "defensive", "/range": 1, "/firers/0/canister": True, "/odds": "2:1"},
              **TWO_TO_ONE), extra=["--kind", "defensive"])
bty_case("battery-defensive-two-hexes", "R-FIRE-19",
         "Defensive fire at 0304, 2 hexes away: range 1, refused (offensively it may, "
         "fire-R-FIRE-20-battery-canister).",
         [BTY, au_col("au-a", ["0304"])], "0304",
         {"/allowed": False, "/rule": "R-FIRE-6", "/range": 1,
          "/reason": "out of range: 0304 is 2 hexes from 0104, range 1"},
         extra=["--kind", "defensive"])
bty_case("closest-refuses-farther", "R-FIRE-21",
         "Two Austrian columns: 0102, 2 hexes north of the battery, and 0404, 3 hexes east; the "
         "battery sees both (clear, nothing between). A battery fires at the closest target (26): "
         "0404 is refused and the answer names 0102.",
         [BTY, au_col("au-a", ["0102"]), au_col("au-b", ["0404"])], "0404",
         {"/allowed": False, "/rule": "R-FIRE-21", "/firers/0/nearer": "0102",
          "/reason": "a battery fires at the closest target it may fire at: 0102 is 2 hexes from "
                     "0104, nearer than 0404 (3)", "/outcomes": None})
bty_case("closest-fires-at-nearer", "R-FIRE-21",
         "The same two columns: 0102 is the closest; close range (2): 8:6 reads 1:1, canister 2:1.",
         [BTY, au_col("au-a", ["0102"]), au_col("au-b", ["0404"])], "0102",
         dict({"/allowed": True, "/firers/0/nearer": None, "/odds": "2:1"}, **TWO_TO_ONE))
bty_case("closest-equally-close", "R-FIRE-21",
         "Columns in 0102 and 0304, both 2 hexes away: equally close, the player chooses: 0304 is "
         "allowed (canister, 2:1).",
         [BTY, au_col("au-a", ["0102"]), au_col("au-b", ["0304"])], "0304",
         dict({"/allowed": True, "/odds": "2:1"}, **TWO_TO_ONE))
bty_case("closest-nearer-unseen", "R-FIRE-21",
         "Woods in 0103 hide the column in 0102 from the battery (no line of sight: not a target "
         "it may fire at), so 0404 is the closest target it may fire at: allowed, 1:1.",
         [BTY, au_col("au-a", ["0102"]), au_col("au-b", ["0404"])], "0404",
         dict({"/allowed": True, "/odds": "1:1"}, **ONE_TO_ONE),
         terrain=["........", "........", "W.......", "........", "........", "........",
                  "........", "........"])
bty_case("closest-nearer-behind", "R-FIRE-21",
         "The battery faces 4 (front NE, SE, S): the column in 0102, to the north, is behind its "
         "front and not a target it may fire at; 0404 (3 hexes; the sight line leaves by its SE "
         "hexside, a front one) is the closest one: allowed, 1:1.",
         [dict(BTY, facing=4), au_col("au-a", ["0102"]), au_col("au-b", ["0404"])], "0404",
         dict({"/allowed": True, "/odds": "1:1", "/hexes/0/front": True}, **ONE_TO_ONE))
bty_case("closest-cavalry-on-carre", "R-FIRE-21",
         "The nearer hex 0102 holds a French carré with Austrian cavalry on top of it: that "
         "cavalry is not a target for the battery (R-LOS-12), so 0404 is the closest: allowed.",
         [BTY, unit("fr-c", "french", "french", "legere", 6, 6, "carre", ["0102"]),
          unit("au-hus", "austrian", "austrian", "hussar", 6, 0, "column", ["0102"], 6,
               arm="cavalry", movement=14), au_col("au-b", ["0404"])], "0404",
         dict({"/allowed": True, "/odds": "1:1"}, **ONE_TO_ONE))
bty_case("closest-not-in-defensive-fire", "R-FIRE-21",
         "The closest-target rule is offensive fire's (26): in defensive fire (range 1) at 0204 "
         "with another column at 0105 (also adjacent) the battery fires at either: canister, "
         "2:1.",
         [BTY, au_col("au-a", ["0105"]), au_col("au-b", ["0204"])], "0204",
         dict({"/allowed": True, "/odds": "2:1"}, **TWO_TO_ONE), extra=["--kind", "defensive"])

def module_case(name, ruling, desc, game, rules, sides, units, firer, target, json_fields,
                extra=None):
    """A case on a shipped game module's charts (no inline charts)."""
    sc = {"format": "labataille-scenario/1", "title": "fire case, module charts", "game": game,
          "rules": rules, "sides": sides,
          "map": {"columns": 8, "rows": 8, "terrain": ["........"] * 8, "legend": {".": "clear"}},
          "units": units}
    c = {"ruling": ruling, "description": desc, "scenario": sc,
         "args": ["fire", "{scenario}", firer, target] + (extra or []) + ["--json"], "exit": 0,
         "json": json_fields}
    cases.append(("fire-%s-%s" % (ruling, name), c))  # "usage": fire-usage-NAME


PR_FUSS = battery("pr-bty", "prussian", "prussian", "fuss", 2, 8, "unlimbered", ["0104"])
FR_COL = unit("fr-c", "french", "french", "ligne", 6, 6, "column", ["0404"], 10)
module_case("prusse-module-canister", "R-FIRE-20",
            "premier-2017, the prusse-1806 module: a Prussian Fussbatterie (range 8, canister to 3, "
            "long range from 6 in the module's artillery_fire, all marked uncertain) with printed "
            "fire 8 fires at a French ligne column 3 hexes away: close range. Column in clear: "
            "defence 6. 8:6 = 1.33 reads 1:1; canister moves it to 1.5:1, where 42-66 loses one "
            "increment: 42-46, 51-56, 61-66 = 17 rolls: 17/36, none 19/36.",
            "prusse-1806", "premier-2017", ["french", "prussian"], [PR_FUSS, FR_COL], "pr-bty",
            "0404", {"/allowed": True, "/range": 8, "/firers/0/canister": True,
                     "/odds_read": "1:1", "/odds": "1.5:1", "/outcomes_exact/0": "19/36",
                     "/outcomes_exact/1": "17/36"})
module_case("prusse-module-long-range", "R-FIRE-20",
            "The same battery at 0704, 6 hexes away: long range (from 6), 8 x 1/2 = 4. 4:6 is "
            "exactly 2:3, the 1:1.5 column (att 2, def 3: 2 x 6 <= 3 x 4), where 55-66 loses one: "
            "55, 56, 61-66 = 8 rolls: 2/9, none 7/9.",
            "prusse-1806", "premier-2017", ["french", "prussian"],
            [PR_FUSS, dict(FR_COL, hexes=["0704"])], "pr-bty", "0704",
            {"/allowed": True, "/firers/0/long_range": True, "/fire_value": 4, "/odds": "1:1.5",
             "/outcomes_exact/0": "7/9", "/outcomes_exact/1": "2/9"})
FR_CHEVAL = battery("fr-bty", "french", "french", "a_cheval", 2, 6, "unlimbered", ["0104"])
AU_LINIE = unit("au-a", "austrian", "austrian", "linie", 6, 6, "column", ["0304"], 10)
module_case("wagram-module-canister", "R-FIRE-20",
            "premier-2018, the deutsch-wagram-1809 module: a French horse battery (a_cheval: range "
            "6, canister to 2, long range from 5) with printed fire 6 fires at an Austrian column 2 "
            "hexes away: close range. 6:6 reads 1:1; canister: 1.5:1, 42-66 one loss: 17/36.",
            "deutsch-wagram-1809", "premier-2018", ["french", "austrian"], [FR_CHEVAL, AU_LINIE],
            "fr-bty", "0304", {"/allowed": True, "/range": 6, "/odds": "1.5:1",
                               "/outcomes_exact/1": "17/36"})
module_case("wagram-module-long-range", "R-FIRE-20",
            "The horse battery at 0604, 5 hexes away: long range, 6 x 1/2 = 3; 3:6 is exactly the "
            "1:2 column, 62-66 one loss: 5/36.",
            "deutsch-wagram-1809", "premier-2018", ["french", "austrian"],
            [FR_CHEVAL, dict(AU_LINIE, hexes=["0604"])], "fr-bty", "0604",
            {"/allowed": True, "/fire_value": 3, "/odds": "1:2", "/outcomes_exact/1": "5/36"})
module_case("wagram-module-out-of-range", "R-FIRE-19",
            "The horse battery's range is 6: 0804, 7 hexes away, is out of range.",
            "deutsch-wagram-1809", "premier-2018", ["french", "austrian"],
            [FR_CHEVAL, dict(AU_LINIE, hexes=["0804"])], "fr-bty", "0804",
            {"/allowed": False, "/rule": "R-FIRE-6",
             "/reason": "out of range: 0804 is 7 hexes from 0104, range 6"})

# ---- R-FIRE-23..27: several units fire together at one hex ---------------------------------
def group(name, ruling, desc, units, firer, with_, target="0605", json_fields=None, dice=None,
          kind=None, **kw):
    extra = ["--with", ",".join(with_)] + (["--kind", kind] if kind else [])
    case(name, ruling, desc, units, target=target, firer=firer, json_fields=json_fields,
         dice=dice, extra=extra, **kw)


COL_A = unit("fr-a", "french", "french", "legere", 4, 4, "column", ["0604"], 6)
COL_B = unit("fr-b", "french", "french", "legere", 5, 5, "column", ["0505"], 4)
group("two-columns-one-roll", "R-FIRE-23",
      "Issue 13: a French column of printed fire 4 in 0604 (facing 6: front SE, S, SW) and one of "
      "5 in 0505 (facing 4: front NE, SE, S) fire together at the Austrian column in 0605 (facing "
      "10: front SW, NW, N; both fires enter by front hexsides, defence 6). Alone each would read "
      "1:2 (4:6, 5:6); together one fire: 4 + 5 = 9, one column, one roll: 9:6 = 1.5 -> 1:1, 2/3 "
      "none, 1/3 one.",
      [COL_A, COL_B, AU_COL], "fr-a", ["fr-b"],
      json_fields=dict({"/allowed": True, "/unit": "fr-a", "/fire_value": 9,
                        "/increments_firing": 9, "/breakdown": "fr-a 4 + fr-b 5 = 9",
                        "/firers/0/unit": "fr-a", "/firers/0/fire_value": 4,
                        "/firers/1/unit": "fr-b", "/firers/1/fire_value": 5,
                        "/fire_defense": 6, "/odds": "1:1"}, **ONE_TO_ONE))
group("two-columns-rolled", "R-FIRE-23",
      "The same fire rolled once: 51 in 1:1 (51-66) takes one increment, the Austrian column's 1st "
      "(odd: it checks, rolling 55 > 44: passes). Two dice in all: one fire roll for the two "
      "firers.",
      [COL_A, COL_B, AU_COL], "fr-a", ["fr-b"], dice="51,55",
      json_fields={"/roll": 51, "/loss": 1, "/hits/0/loss": 1, "/hits/0/morale/passed": True})
group("one-side", "R-FIRE-23",
      "A fire is one side's: an Austrian unit listed with --with is refused.",
      [COL_A, AU_COL, au_col("au-b", ["0705"])], "fr-a", ["au-b"],
      json_fields={"/allowed": False, "/rule": "R-FIRE-23",
                   "/reason": "a fire is one side's: au-b is austrian, fr-a french"})
group("listed-twice", "R-FIRE-23",
      "Each firer once: fr-a --with fr-b,fr-a is refused.",
      [COL_A, COL_B, AU_COL], "fr-a", ["fr-b", "fr-a"],
      json_fields={"/allowed": False, "/rule": "R-FIRE-23", "/reason": "fr-a is listed twice"})
group("one-firer-refused", "R-FIRE-23",
      "Every firer must be allowed on its own: fr-far in 0101 is out of range of 0605, so the "
      "fire is refused with its reason; fr-a's own answer stands in firers.",
      [COL_A, unit("fr-far", "french", "french", "legere", 4, 4, "column", ["0101"], 6), AU_COL],
      "fr-a", ["fr-far"],
      json_fields={"/allowed": False, "/rule": "R-FIRE-6",
                   "/reason": "fr-far: out of range: 0605 is 7 hexes from 0101, range 1",
                   "/firers/0/allowed": True, "/firers/0/fire_value": 4,
                   "/firers/1/allowed": False, "/outcomes": None})

LINE_6 = unit("fr-l", "french", "french", "legere", 6, 6, "line", ["0505"], 3)
GUN = battery("fr-bty", "french", "french", "a_pied", 2, 8, "unlimbered", ["0505"], 4)
group("line-with-battery", "R-FIRE-24",
      "25.3: a French line of 6 (facing 3) and a battery (printed 8, facing 4) stacked in 0505 fire "
      "together at 0605: the line fires 4 increments (its density, and at most 4 with a battery) "
      "x 3 = 12, the battery 8: 20. The hex holds infantry with artillery, but that is the "
      "target's -2; the target is the Austrian column, 6. 20:6 = 3.33 -> 3:1: 1/3 each of 0, 1, "
      "2 (the line alone: 12:6, 2:1).",
      [LINE_6, GUN, AU_COL], "fr-l", ["fr-bty"],
      json_fields=dict({"/allowed": True, "/fire_value": 20, "/breakdown": "fr-l 12 + fr-bty 8 = 20",
                        "/firers/0/increments_firing": 4, "/odds": "3:1"}, **THREE_TO_ONE))
group("line-with-battery-2017", "R-FIRE-24",
      "The same fire in premier-2017: the Prusse rules give infantry with one battery the same "
      "limits (25): 12 + 8 = 20, 3:1.",
      [LINE_6, GUN, AU_COL], "fr-l", ["fr-bty"], rules="premier-2017",
      json_fields=dict({"/allowed": True, "/fire_value": 20, "/odds": "3:1"}, **THREE_TO_ONE))
group("two-lines-with-battery", "R-FIRE-24",
      "25.3: up to four infantry increments fire with one battery: a second line fr-m (3) under "
      "fr-l in 0505 finds the hex's four already firing (fr-l's, top first): refused.",
      [LINE_6, unit("fr-m", "french", "french", "legere", 3, 3, "line", ["0505"], 3), GUN, AU_COL],
      "fr-l", ["fr-m", "fr-bty"],
      json_fields={"/allowed": False, "/rule": "R-FIRE-24",
                   "/reason": "fr-m: the infantry of 0505 already fires its 4 increments with the "
                              "battery"})
group("two-batteries-with-infantry", "R-FIRE-24",
      "25.3: infantry fires with ONE battery: a line with two batteries of its hex is refused.",
      [LINE_6, GUN, dict(GUN, id="fr-bty2"), AU_COL], "fr-l", ["fr-bty", "fr-bty2"],
      json_fields={"/allowed": False, "/rule": "R-FIRE-24",
                   "/reason": "infantry fires with one battery only: 2 batteries fire from 0505 "
                              "with its infantry"})
group("two-batteries-clear-hex", "R-FIRE-24",
      "25.1: in clear (open) terrain every battery of a hex fires: two batteries of 8 in 0505, "
      "16. 16:6 = 2.67 -> 2:1: 1/2, 1/3, 1/6.",
      [GUN, dict(GUN, id="fr-bty2"), AU_COL], "fr-bty", ["fr-bty2"],
      json_fields=dict({"/allowed": True, "/fire_value": 16, "/odds": "2:1"}, **TWO_TO_ONE))
CLOSED = copy.deepcopy(CHARTS["terrain"])
CLOSED["clear"]["open"] = False
case("second-battery-not-open", "R-FIRE-24",
     "25.1: outside open terrain only the top battery of a hex fires: with clear made not open, "
     "the second battery of 0505 is refused on its own.",
     [GUN, dict(GUN, id="fr-bty2"), AU_COL], firer="fr-bty2", charts={"terrain": CLOSED},
     json_fields={"/allowed": False, "/rule": "R-FIRE-24",
                  "/reason": "outside clear terrain only the top battery of hex 0505 fires, and "
                             "fr-bty is on top"})
COL_TOP = unit("fr-c", "french", "french", "legere", 6, 5, "column", ["0505"], 4)
case("battery-under-column", "R-FIRE-2",
     "25.6: infantry and artillery stacked in column: only the top formation fires. The battery "
     "under the column in 0505 is refused on its own.",
     [COL_TOP, GUN, AU_COL], firer="fr-bty",
     json_fields={"/allowed": False, "/rule": "R-FIRE-2",
                  "/reason": "in column only the top unit of hex 0505 fires, and fr-c is on top"})
group("column-with-its-battery", "R-FIRE-2",
      "25.6: the column on top may fire, but not with the battery under it: the fire is refused "
      "for the battery.",
      [COL_TOP, GUN, AU_COL], "fr-c", ["fr-bty"],
      json_fields={"/allowed": False, "/rule": "R-FIRE-2",
                   "/reason": "fr-bty: in column only the top unit of hex 0505 fires, and fr-c is "
                              "on top", "/firers/0/allowed": True})

CARRE_6 = unit("fr-k", "french", "french", "legere", 6, 6, "carre", ["0505"], 12)
GUN_9 = battery("fr-bty", "french", "french", "a_pied", 2, 9, "unlimbered", ["0505"], 12)
case("battery-in-carre-all-round", "R-FIRE-25",
     "(16), (25): a battery stacked with a French carré in 0505 fires all round, at 1/3: it faces "
     "12 (front NW, N, NE) yet fires across its S hexside at the column in 0506: 9 x 1/3 = 3. "
     "3:6 -> 1:2: 5/6, 1/6.",
     [CARRE_6, GUN_9, au_col("au-a", ["0506"])], target="0506", firer="fr-bty",
     json_fields=dict({"/allowed": True, "/firers/0/in_carre": True,
                       "/firers/0/times_exact": "1/3", "/fire_value": 3,
                       "/breakdown": "unlimbered: printed fire value 9 × 1/3 (in a carré) = 3",
                       "/odds": "1:2"}, **ONE_TO_TWO))
group("carre-with-battery", "R-FIRE-25",
      "25.4, 25.5: the carré (6 increments, density 8: all 6 fire, x 3 = 18) with its battery at "
      "1/3 (9 x 1/3 = 3): 21. 21:6 = 3.5 -> 3:1.",
      [CARRE_6, GUN_9, au_col("au-a", ["0506"])], "fr-k", ["fr-bty"], target="0506",
      json_fields=dict({"/allowed": True, "/fire_value": 21, "/breakdown": "fr-k 18 + fr-bty 3 = 21",
                        "/odds": "3:1"}, **THREE_TO_ONE))
group("two-carres-with-battery-12", "R-FIRE-25",
      "25.4: in a carré a battery fires with up to 12 infantry increments: carrés of 8 and 6 "
      "(density 8 each) stacked with the battery in 0505 fire 8 + 4 (of 6): 12 x 3 = 36, the guns "
      "3: 39. 39:6 -> 4:1 (the highest).",
      [unit("fr-k", "french", "french", "legere", 8, 8, "carre", ["0505"], 12),
       unit("fr-k2", "french", "french", "legere", 6, 6, "carre", ["0505"], 12), GUN_9,
       au_col("au-a", ["0506"])], "fr-k", ["fr-k2", "fr-bty"], target="0506",
      json_fields=dict({"/allowed": True, "/fire_value": 39, "/firers/0/increments_firing": 8,
                        "/firers/1/increments_firing": 4, "/firers/1/hexes/0/capped": True,
                        "/firers/1/fire_value": 12, "/odds": "4:1"}, **FOUR_TO_ONE))
group("carre-with-battery-round-down", "R-MOR-9",
      "With \"fractions\": \"round-down\" each firer's value is rounded down once, after its "
      "own multipliers: a battery of 8 in the carré, 8/3, becomes 2; the carré 18: 20. 20:6 = "
      "3.33 -> 3:1.",
      [CARRE_6, dict(GUN_9, fire=8), au_col("au-a", ["0506"])], "fr-k", ["fr-bty"],
      target="0506", fractions="round-down",
      json_fields=dict({"/fire_value": 20, "/firers/1/fire_value": 2, "/odds": "3:1"},
                       **THREE_TO_ONE))

# 25.7: batteries of several hexes, all adjacent to the target 0605 (no facing: every way)
B1 = battery("fr-b1", "french", "french", "a_pied", 2, 4, "unlimbered", ["0505"])
B2 = battery("fr-b2", "french", "french", "a_pied", 2, 4, "unlimbered", ["0604"])
B3 = battery("fr-b3", "french", "french", "a_pied", 2, 4, "unlimbered", ["0705"])
B4 = battery("fr-b4", "french", "french", "a_pied", 2, 4, "unlimbered", ["0706"])
ARTY_LDR = leader("fr-ldr", "french", ["0604"], artillery=1)
group("adjacent-batteries-need-leader", "R-FIRE-26",
      "25.7: batteries in the adjacent hexes 0505 and 0604 fire at one hex only with a leader "
      "with an artillery bonus in one of them: none here, refused.",
      [B1, B2, AU_COL], "fr-b1", ["fr-b2"],
      json_fields={"/allowed": False, "/rule": "R-FIRE-26",
                   "/reason": "batteries in the adjacent hexes 0505 and 0604 fire together only "
                              "with a leader with an artillery bonus in one of them"})
group("adjacent-batteries-with-leader", "R-FIRE-26",
      "The same batteries with fr-ldr (artillery bonus +1) in 0604: they fire together, 4 + 4 = "
      "8; 8:6 -> 1:1 (51-66 one). The leader is stacked with firing guns, so his bonus is added "
      "to the fire roll (R-FIRE-27): natural index i reads i + 1; 50 and up (index 23 and up) "
      "lose one: 13 rolls, 13/36; none 23/36.",
      [B1, B2, ARTY_LDR, AU_COL], "fr-b1", ["fr-b2"],
      json_fields={"/allowed": True, "/fire_value": 8, "/odds": "1:1", "/roll_modifier": 1,
                   "/massed_modifier": 0, "/artillery_leader": "fr-ldr", "/leader_modifier": 1,
                   "/outcomes_exact/0": "23/36",
                   "/outcomes_exact/1": "13/36"})
group("batteries-not-adjacent", "R-FIRE-26",
      "Batteries in 0505 and 0705, 2 hexes apart, may not fire together, leader or not.",
      [B1, B3, dict(ARTY_LDR, hexes=["0505"]), AU_COL], "fr-b1", ["fr-b3"],
      json_fields={"/allowed": False, "/rule": "R-FIRE-26",
                   "/reason": "batteries in 0505 and 0705, hexes that are not adjacent, may not "
                              "fire together"})
group("three-hexes-need-special", "R-FIRE-26",
      "Three hexes of batteries (0505, 0604, 0705) need a leader of special ability next to all "
      "three; fr-ldr has an artillery bonus only: refused.",
      [B1, B2, B3, ARTY_LDR, AU_COL], "fr-b1", ["fr-b2", "fr-b3"],
      json_fields={"/allowed": False, "/rule": "R-FIRE-26",
                   "/reason": "batteries in three hexes, 0505, 0604 and 0705, fire together only "
                              "with a leader of special ability in or next to each of them"})
group("three-hexes-with-special", "R-FIRE-26",
      "fr-sp, a leader of special ability (bonus artillery_special) with an artillery bonus of 2, "
      "in 0604, which is 0505's and 0705's neighbour: the three batteries fire together, 4 x 3 = "
      "12; 12:6 -> 2:1 (41-56 one, 61-66 two); his +2 moves every roll two steps: none for "
      "natural 11-34 (16), one for 35-54 (12), two for 55-66 (8).",
      [B1, B2, B3, leader("fr-sp", "french", ["0604"], artillery=2, artillery_special=1),
       AU_COL], "fr-b1", ["fr-b2", "fr-b3"],
      json_fields=dict({"/allowed": True, "/fire_value": 12, "/odds": "2:1",
                        "/roll_modifier": 2},
                       **outcomes({0: (16, "4/9"), 1: (12, "1/3"), 2: (8, "2/9")})))
group("four-hexes-refused", "R-FIRE-26",
      "Batteries in four hexes may not fire together, whoever leads them.",
      [B1, B2, B3, B4, leader("fr-sp", "french", ["0604"], artillery=2, artillery_special=1),
       AU_COL], "fr-b1", ["fr-b2", "fr-b3", "fr-b4"],
      json_fields={"/allowed": False, "/rule": "R-FIRE-26",
                   "/reason": "batteries fire together from three hexes at most"})
group("infantry-other-hex-joins", "R-FIRE-23",
      "Infantry of another hex joins a battery's fire (one roll): the column fr-a in 0604 with "
      "the battery fr-b1 in 0505: 4 + 4 = 8, 1:1. No leader: no roll modifier.",
      [COL_A, B1, AU_COL], "fr-a", ["fr-b1"],
      json_fields=dict({"/allowed": True, "/fire_value": 8, "/roll_modifier": 0,
                        "/odds": "1:1"}, **ONE_TO_ONE))
case("leader-with-lone-battery", "R-FIRE-27",
     "(7): a leader's artillery bonus modifies the roll of artillery fire he is stacked with: "
     "fr-ldr (+1) with the battery fr-b2 in 0604: 4:6 -> 1:2 (61-66 one); +1: natural 56 and "
     "up: 7 rolls, 7/36.",
     [B2, ARTY_LDR, AU_COL], firer="fr-b2",
     json_fields={"/allowed": True, "/roll_modifier": 1, "/outcomes_exact/1": "7/36"})
group("leader-with-infantry-only", "R-FIRE-27",
      "(7): the bonus helps infantry fire only with artillery and with the leader stacked with "
      "that artillery: fr-ldr stands with the column fr-a in 0604, not with the battery in 0505: "
      "no modifier. 8:6 -> 1:1.",
      [COL_A, dict(ARTY_LDR), B1, AU_COL], "fr-a", ["fr-b1"],
      json_fields=dict({"/allowed": True, "/roll_modifier": 0, "/artillery_leader": None,
                        "/odds": "1:1"}, **ONE_TO_ONE))
group("leader-with-infantry-and-guns", "R-FIRE-27",
      "The leader stacked with the battery that fires with the line of its hex: the line's 12 "
      "and the guns' 8 (20:6, 3:1: 31-46 one, 51-66 two) take his +1: none natural 11-25 (11), "
      "one 26-45 (12), two 46-66 (13).",
      [LINE_6, GUN, leader("fr-ldr", "french", ["0505"], artillery=1), AU_COL], "fr-l",
      ["fr-bty"],
      json_fields=dict({"/allowed": True, "/roll_modifier": 1, "/odds": "3:1"},
                       **outcomes({0: (11, "11/36"), 1: (12, "1/3"), 2: (13, "13/36")})))
group("canister-every-battery", "R-FIRE-20",
      "A fire's odds move right for canister when every battery in it is at close range: the "
      "line and battery of 0505 fire at 0605 (1 hex, close range to 2): 12 + 8 = 20, 20:6 reads "
      "3:1, canister 4:1.",
      [LINE_6, GUN, AU_COL], "fr-l", ["fr-bty"], charts={"artillery_fire": ART},
      json_fields=dict({"/allowed": True, "/odds_read": "3:1", "/canister_shift": 1,
                        "/odds": "4:1"}, **FOUR_TO_ONE))

# ---- R-FIRE-5, R-FIRE-9: disordered and routed ------------------------------------------------
case("disordered-half", "R-FIRE-5",
     "A disordered French column (printed fire 15, 10 increments, none lost) in 0505 facing 4 "
     "fires at 0605: half its printed value, 15/2, exact (R-FIRE-9: it fires as a column). "
     "15/2 : 6 = 1.25 -> 1:1: 2/3 none, 1/3 one.",
     [unit("fr-le-1", "french", "french", "legere", 10, 15, "column", ["0505"], 4,
           state="disordered"), AU_COL],
     json_fields=dict({"/allowed": True, "/printed": True, "/fire_value": 7.5,
                       "/fire_value_exact": "15/2", "/odds": "1:1",
                       "/breakdown": "column: printed fire value 15, halved (disordered) = 15/2"},
                      **ONE_TO_ONE))
case("disordered-limbered-refused", "R-FIRE-9",
     "Issue 10.4: a disordered limbered French battery in 0505 facing 4. Disorder leaves artillery "
     "in its own formation (R-MOR-6, R-MOR-13); limbered guns have no fire_multiples entry, so "
     "they may not fire in good order (fire-R-FIRE-16-limbered-refused) and disorder does not "
     "give them fire: refused.",
     [battery("fr-bty", "french", "french", "a_pied", 2, 6, "limbered", ["0505"], 4,
              state="disordered"), AU_COL], firer="fr-bty",
     json_fields={"/allowed": False, "/rule": "R-FIRE-9",
                  "/reason": "disordered, fr-bty is in limbered, in which the charts give French "
                             "a_pied no fire (charts fire_multiples)", "/fire_value": None})
case("limbered-refused", "R-FIRE-16",
     "The same limbered battery in good order: no fire_multiples entry for limbered, no fire.",
     [battery("fr-bty", "french", "french", "a_pied", 2, 6, "limbered", ["0505"], 4), AU_COL],
     firer="fr-bty",
     json_fields={"/allowed": False, "/rule": "R-FIRE-16",
                  "/reason": "the charts give French a_pied no fire multiple in limbered (charts "
                             "fire_multiples)"})
case("disordered-unlimbered-half", "R-FIRE-9",
     "A disordered unlimbered battery (printed fire 6, 2 increments) in 0505 facing 4 fires across "
     "its SE hexside at the column in 0605: unlimbered guns fire, so disordered they fire their "
     "printed value halved: 3. 3:6 = 1:2: 61-66 one loss, 1/6.",
     [battery("fr-bty", "french", "french", "a_pied", 2, 6, "unlimbered", ["0505"], 4,
              state="disordered"), AU_COL], firer="fr-bty",
     json_fields=dict({"/allowed": True, "/printed": True, "/fire_value": 3,
                       "/breakdown": "unlimbered: printed fire value 6, halved (disordered) = 3",
                       "/odds": "1:2"}, **ONE_TO_TWO))
case("disordered-guns-never-below-1", "R-FIRE-9",
     "A disordered unlimbered battery of printed fire 1: half is 1/2, but disordered artillery is "
     "never below 1 (R-MOR-6): 1. 1:6 is below the lowest column 1:2, read there: 1/6.",
     [battery("fr-bty", "french", "french", "a_pied", 1, 1, "unlimbered", ["0505"], 4,
              state="disordered"), AU_COL], firer="fr-bty",
     json_fields=dict({"/fire_value": 1, "/fire_value_exact": "1", "/odds": "1:2",
                       "/odds_below": True}, **ONE_TO_TWO))
case("routed-refused", "R-FIRE-5",
     "A routed unit may not initiate fire: an answer with the reason, exit 0.",
     [unit("fr-le-1", "french", "french", "legere", 10, 15, "column", ["0505"], 4,
           state="routed"), AU_COL],
     json_fields={"/allowed": False, "/rule": "R-FIRE-5",
                  "/reason": "fr-le-1: routed: may not initiate fire", "/outcomes": None})

# ---- R-FIRE-6: range and LOS -------------------------------------------------------------------
case("out-of-range", "R-FIRE-6",
     "The line in 0505 and 0506 fires at 0705: 2 hexes from both its hexes, range 1 (not "
     "skirmishers).",
     [FR_LINE_2, AU_COL_0705], target="0705",
     json_fields={"/allowed": False, "/rule": "R-FIRE-6",
                  "/reason": "out of range: 0705 is 2 hexes from 0505, range 1"})
case("no-los", "R-FIRE-6",
     "The skirmishers in 0505 fire at 0705, 2 hexes east; the sight line runs along the edge "
     "between 0604 and 0605 and 0604 is woods: either hex of the pair blocks (R-LOS-4), so there "
     "is no line of sight.",
     [SKIRM, AU_COL_0705], target="0705",
     terrain=["........", "........", "........", ".....W..", "........", "........",
              "........", "........"],
     json_fields={"/allowed": False, "/rule": "R-FIRE-6",
                  "/reason": "no line of sight from 0505 to 0705: blocked at 0604",
                  "/hexes/0/los": False, "/hexes/0/front": True})
case("no-enemy-in-target", "R-FIRE-10",
     "0605 is empty: the target must be a hex holding an enemy combat unit.",
     [FR_LINE_2, AU_COL_0705],
     json_fields={"/allowed": False, "/rule": "R-FIRE-10",
                  "/reason": "hex 0605 holds no enemy combat unit"})

# ---- R-FIRE-8: front hexsides ------------------------------------------------------------------
def arc(name, desc, firer_unit, target, allowed, reason=None, extra=None):
    fields = {"/allowed": allowed}
    if reason:
        fields["/rule"] = "R-FIRE-8"
        fields["/reason"] = reason
    fields.update(extra or {})
    t_unit = unit("au-ir-1", "austrian", "austrian", "linie", 6, 6, "column", [target], 10)
    case(name, "R-FIRE-8", desc, [firer_unit, t_unit], target=target, json_fields=fields)


arc("column-behind", "A column in 0505 facing 12 (N) has front hexsides NW, N, NE; 0605 is across "
    "its SE hexside, behind its front.",
    unit("fr-le-1", "french", "french", "legere", 8, 8, "column", ["0505"], 12), "0605", False,
    "0605 is not in front of 0505: the sight line leaves by the SE hexside, not through the front "
    "of column facing 12")
arc("column-front", "A column in 0505 facing 2 (NE) has front hexsides N, NE, SE: 0605 across its "
    "SE hexside is in front. Printed 8 : 6 -> 1:1.",
    unit("fr-le-1", "french", "french", "legere", 8, 8, "column", ["0505"], 2), "0605", True,
    extra={"/fire_value": 8, "/hexes/0/front": True})
arc("line-behind", "A line in 0505 facing 1 has front hexsides N and NE only; 0605 is across its "
    "SE hexside.",
    unit("fr-le-1", "french", "french", "legere", 4, 4, "line", ["0505"], 1), "0605", False,
    "0605 is not in front of 0505: the sight line leaves by the SE hexside, not through the front "
    "of line facing 1")
arc("skirmish-behind", "A screen in 0505 facing 1 has the four hexsides nearest that corner as "
    "front: NW, N, NE, SE; 0506 is across its S hexside.",
    unit("fr-le-1", "french", "french", "legere", 3, 3, "skirmish", ["0505"], 1), "0506", False,
    "0506 is not in front of 0505: the sight line leaves by the S hexside, not through the front "
    "of skirmish facing 1")
arc("skirmish-corner-front", "A screen in 0505 facing 1 (front NW, N, NE, SE) fires at 0705, 2 "
    "hexes east: the sight line leaves through the corner between NE and SE, both front "
    "hexsides, so it may fire: 3 x 3 / 2 = 9/2.",
    unit("fr-le-1", "french", "french", "legere", 3, 3, "skirmish", ["0505"], 1), "0705", True,
    extra={"/fire_value_exact": "9/2", "/hexes/0/front": True})
arc("skirmish-corner-half-front", "A screen in 0505 facing 11 (front SW, NW, N, NE) fires at 0705: "
    "the sight line leaves by the corner between NE (front) and SE (not front): only a corner "
    "between two front hexsides will do.",
    unit("fr-le-1", "french", "french", "legere", 3, 3, "skirmish", ["0505"], 11), "0705", False,
    "0705 is not in front of 0505: the sight line leaves by the corner of its NE and SE hexsides, "
    "not through the front of skirmish facing 11")
arc("general-behind", "General order in 0505 facing 12: every hexside but the one opposite (S) is a "
    "front hexside; 0506 is across the S hexside.",
    unit("fr-le-1", "french", "french", "legere", 8, 8, "general", ["0505"], 12), "0506", False,
    "0506 is not in front of 0505: the sight line leaves by the S hexside, not through the front "
    "of general facing 12")
arc("general-side", "General order in 0505 facing 12 fires across its SE hexside (a front one): "
    "printed 8.",
    unit("fr-le-1", "french", "french", "legere", 8, 8, "general", ["0505"], 12), "0605", True,
    extra={"/fire_value": 8})
arc("carre-all-round", "A carré of 8 increments in 0505 (facing 12) fires across its S hexside: "
    "all six hexsides of a carré are front. 8 (at most 8 per hex) x 3 = 24.",
    unit("fr-le-1", "french", "french", "legere", 8, 8, "carre", ["0505"], 12), "0506", True,
    extra={"/fire_value": 24, "/increments_firing": 8})
arc("no-facing-all-round", "A column with no facing in the scenario fires every way: 0506 across "
    "its S hexside. Printed 8.",
    unit("fr-le-1", "french", "french", "legere", 8, 8, "column", ["0505"]), "0506", True,
    extra={"/fire_value": 8})

# ---- R-FIRE-7: odds columns --------------------------------------------------------------------
case("below-lowest-lowest", "R-FIRE-7",
     "A column of printed fire 2 fires at an Austrian line (defence 9): 2:9 is below the lowest "
     "column 1:2; below_lowest \"lowest\" reads 1:2: 61-66 one loss, 1/6.",
     [unit("fr-le-1", "french", "french", "legere", 2, 2, "column", ["0505"], 4),
      unit("au-ir-1", "austrian", "austrian", "linie", 4, 4, "line", ["0605"], 9)],
     json_fields=dict({"/fire_value": 2, "/fire_defense": 9, "/odds": "1:2",
                       "/odds_below": True}, **ONE_TO_TWO))
NONE_TABLE = copy.deepcopy(CHARTS["fire_table"])
NONE_TABLE["below_lowest"] = "none"
case("below-lowest-none", "R-FIRE-7",
     "As fire-R-FIRE-7-below-lowest-lowest with below_lowest \"none\": no column, no effect: no "
     "loss on all 36 rolls.",
     [unit("fr-le-1", "french", "french", "legere", 2, 2, "column", ["0505"], 4),
      unit("au-ir-1", "austrian", "austrian", "linie", 4, 4, "line", ["0605"], 9)],
     charts={"fire_table": NONE_TABLE},
     json_fields={"/allowed": True, "/odds": None, "/odds_below": True, "/outcomes": {"0": 1},
                  "/outcomes_exact": {"0": "1"}})
case("above-highest", "R-FIRE-7",
     "The seed's line (24) fires at an Austrian carré (defence 4): 24:4 = 6, above the highest "
     "column 4:1, read in 4:1: 1/6, 1/3, 1/3, 1/6.",
     [FR_LINE_2, unit("au-ir-1", "austrian", "austrian", "linie", 6, 6, "carre", ["0605"], 10)],
     json_fields=dict({"/fire_defense": 4, "/odds": "4:1", "/odds_above": True}, **FOUR_TO_ONE))
case("no-fire-table", "R-FIRE-7",
     "Charts without a fire table: the scenario is valid, the fire value is worked out (24), but "
     "the fire is not allowed.",
     [FR_LINE_2, AU_COL], charts={"fire_table": None},
     json_fields={"/allowed": False, "/rule": "R-FIRE-7",
                  "/reason": "the charts have no fire table", "/fire_value": 24})
case("road-march-defence", "R-FIRE-7",
     "An Austrian column in road march formation in 0605: the fire_defence road value, 4, in any "
     "terrain. 24:4 = 6 -> 4:1 (the highest).",
     [FR_LINE_2, unit("au-ir-1", "austrian", "austrian", "linie", 6, 6, "road", ["0605"], 10)],
     json_fields=dict({"/fire_defense": 4, "/fire_defense_detail/read": "road"}, **FOUR_TO_ONE))

# ---- R-FIRE-11: flank ---------------------------------------------------------------------------
case("flank-column", "R-FIRE-11",
     "An Austrian column in 0605 facing 12 has front NW, N, NE, flank SE and SW, rear S. A "
     "6-increment French line in 0506 facing 1 fires at 0605, its NE neighbour: the sight line "
     "enters 0605 through its SW hexside, a flank: the chart's flank value 5 replaces the column's "
     "6. 4 x 3 = 12; 12:5 = 2.4 -> 2:1: 1/2, 1/3, 1/6.",
     [unit("fr-le-1", "french", "french", "legere", 6, 6, "line", ["0506"], 1),
      unit("au-ir-1", "austrian", "austrian", "linie", 6, 6, "column", ["0605"], 12)],
     json_fields=dict({"/fire_defense": 5, "/fire_defense_detail/flank": True,
                       "/fire_defense_detail/read": "flank", "/odds": "2:1"}, **TWO_TO_ONE))
case("rear-column", "R-FIRE-11",
     "The same column fired on from 0606, its S neighbour, through its rear hexside: the terrain "
     "value 6 (no flank). A line in 0606 facing 11 (front NW, N) fires 4 x 3 = 12; 12:6 -> 2:1.",
     [unit("fr-le-1", "french", "french", "legere", 6, 6, "line", ["0606"], 11),
      unit("au-ir-1", "austrian", "austrian", "linie", 6, 6, "column", ["0605"], 12)],
     json_fields=dict({"/fire_defense": 6, "/fire_defense_detail/flank": False, "/odds": "2:1"},
                      **TWO_TO_ONE))
case("flank-line", "R-FIRE-11",
     "An Austrian line in 0605 facing 9 (front SW, NW) has its flank hexsides at its ends, N and "
     "S. A French column in 0604 facing 6 fires its printed 8 across 0605's N hexside: flank value "
     "5. 8:5 = 1.6 -> 1:1: 2/3, 1/3.",
     [unit("fr-le-1", "french", "french", "legere", 8, 8, "column", ["0604"], 6),
      unit("au-ir-1", "austrian", "austrian", "linie", 4, 4, "line", ["0605"], 9)],
     json_fields=dict({"/fire_defense": 5, "/fire_defense_detail/flank": True, "/odds": "1:1"},
                      **ONE_TO_ONE))

# ---- R-FIRE-12: massed target ------------------------------------------------------------------
MASS = [FR_LINE_2,
        unit("au-ir-1", "austrian", "austrian", "linie", 8, 8, "column", ["0605"], 10),
        unit("au-ir-2", "austrian", "austrian", "linie", 4, 4, "column", ["0605"], 10)]
case("massed-12", "R-FIRE-12",
     "Two Austrian columns of 8 and 4 increments in 0605: 12 increments, 3 above 9, +3 to the roll "
     "(three steps of the 36-roll order). The seed's line, 24:6 -> 4:1. Natural index i reads "
     "index min(i+3, 35): no loss for modified 11-16, i.e. natural 11-13 (3 rolls); one for "
     "modified 21-36, natural 14-33 (12); two for modified 41-56, natural 34-53 (12); three for "
     "modified 61-66, natural 54-66 (9): 1/12, 1/3, 1/3, 1/4. Losses go one at a time top first, "
     "by turns: 1 -> au-ir-1; 2 -> one each; 3 -> au-ir-1 two, au-ir-2 one. Linie checks on odd "
     "losses: au-ir-1 whenever the hex loses any (33/36 = 11/12), au-ir-2 when it loses 2 or more "
     "(21/36 = 7/12).",
     MASS,
     json_fields=dict({"/massed_modifier": 3, "/target_increments": 12,
                       "/units/0/p_check_exact": "11/12", "/units/1/p_check_exact": "7/12",
                       "/units/0/by_outcome/3/loss": 2, "/units/1/by_outcome/3/loss": 1},
                      **outcomes({0: (3, "1/12"), 1: (12, "1/3"), 2: (12, "1/3"),
                                  3: (9, "1/4")})))
case("massed-12-rolled", "R-FIRE-12",
     "The massed target rolled: natural 43 + 3 = 46 (R-DICE-2: three steps of the 36-roll order "
     "from 43 are 44, 45, 46), in 4:1 (41-56) two increments: one each to au-ir-1 and au-ir-2, their 1st "
     "losses, odd: both check, top first: au-ir-1 rolls 55 > 44 and passes, au-ir-2 rolls 22, "
     "not above 44: it fails and disorders, then retreats.",
     MASS, dice="43,55,22",
     json_fields={"/roll": 43, "/modified": 46, "/loss": 2, "/hits/0/loss": 1,
                  "/hits/0/check": True, "/hits/0/morale/roll": 55,
                  "/hits/0/morale/passed": True, "/hits/1/loss": 1,
                  "/hits/1/morale/roll": 22, "/hits/1/morale/passed": False,
                  "/hits/1/morale/new_state": "disordered", "/hits/1/morale/then": "disorder"})

FORTY = [FR_LINE_2] + [unit("au-%02d" % k, "austrian", "austrian", "linie", 1, 1, "column",
                            ["0605"], 10) for k in range(1, 41)]
case("forty-units-in-the-hex", "R-FIRE-12",
     "Issue 11.4: 40 one-increment Austrian columns stacked in 0605 (no limit on the units of a "
     "target hex). The top one, au-01 in column, gives the defence 6; the seed's line fires 24: "
     "4:1. 40 increments, 31 above 9: +31 to the roll. Natural 11 (index 0) reads index 31 (62), "
     "and every roll reads 62-66: three increments lost on all 36 rolls. Losses go one at a time "
     "by turns, top first: au-01, au-02, au-03 lose their only increment and are eliminated "
     "(p_eliminated 1, no check); au-04 .. au-40 lose nothing (0).",
     FORTY,
     json_fields={"/allowed": True, "/target_increments": 40, "/massed_modifier": 31,
                  "/roll_modifier": 31, "/odds": "4:1", "/outcomes_exact/3": "1",
                  "/units/0/unit": "au-01", "/units/0/p_eliminated_exact": "1",
                  "/units/0/p_check_exact": "0", "/units/2/unit": "au-03",
                  "/units/2/p_eliminated_exact": "1", "/units/3/p_eliminated_exact": "0",
                  "/units/39/unit": "au-40", "/units/39/by_outcome/3/loss": 0})
case("forty-units-rolled", "R-FIRE-12",
     "The 40-unit hex rolled: natural 11 + 31 = 62 (31 steps of the 36-roll order), in 4:1 "
     "(61-66) three increments: au-01, au-02 and au-03 are eliminated; nobody checks morale, so "
     "the one die of the script is all the fire needs.",
     FORTY, dice="11",
     json_fields={"/roll": 11, "/modified": 62, "/loss": 3, "/hits/0/eliminated": True,
                  "/hits/2/eliminated": True, "/hits/3/loss": 0, "/hits/39/loss": 0})

# ---- R-FIRE-13: artillery ----------------------------------------------------------------------
GUNS = [FR_LINE_2,
        unit("au-ir-1", "austrian", "austrian", "linie", 6, 6, "column", ["0605"], 10),
        unit("au-bty", "austrian", "austrian", "brigade", 2, 6, "unlimbered", ["0605"], 10,
             arm="artillery")]
case("infantry-with-guns", "R-FIRE-13",
     "Austrian infantry (column, 6) with an unlimbered battery (2) in 0605: the defence is the "
     "infantry's column 6, -2 with artillery = 4. 24:4 = 6 -> 4:1 (the highest). 8 increments: no "
     "massed modifier. Loss 1 -> infantry; 2 -> infantry 1, guns 1; 3 -> infantry 2, guns 1 (odd "
     "increments to the infantry, even ones to the guns). Infantry checks on its odd losses: any "
     "loss (5/6); the guns check on every loss: 2 or 3 lost, 18/36 = 1/2.",
     GUNS,
     json_fields=dict({"/fire_defense": 4, "/fire_defense_detail/base": 6,
                       "/fire_defense_detail/with_artillery": -2, "/odds": "4:1",
                       "/units/0/by_outcome/3/loss": 2, "/units/1/by_outcome/3/loss": 1,
                       "/units/1/by_outcome/1/loss": 0, "/units/0/p_check_exact": "5/6",
                       "/units/1/p_check_exact": "1/2"}, **FOUR_TO_ONE))
case("infantry-with-guns-rolled", "R-FIRE-13",
     "Rolled: 61 in 4:1, three increments: the infantry takes the 1st and 3rd, the guns the 2nd. "
     "Both check (infantry odd, guns every loss): the infantry rolls 55 and passes (> 44), the "
     "guns 62 and pass.",
     GUNS, dice="61,55,62",
     json_fields={"/loss": 3, "/hits/0/unit": "au-ir-1", "/hits/0/loss": 2,
                  "/hits/1/unit": "au-bty", "/hits/1/loss": 1, "/hits/1/check": True,
                  "/hits/1/morale/roll": 62, "/hits/1/morale/passed": True})
case("guns-on-top", "R-FIRE-10",
     "The battery is listed first in 0605, so it is the top unit, but a hex of infantry and "
     "artillery is read for its top infantry: column 6, -2 with artillery = 4 (as in "
     "fire-R-FIRE-13-infantry-with-guns). 24:4 -> 4:1 (the highest).",
     [FR_LINE_2, GUNS[2], GUNS[1]],
     json_fields=dict({"/fire_defense": 4, "/fire_defense_detail/unit": "au-ir-1",
                       "/fire_defense_detail/read": "column"}, **FOUR_TO_ONE))
case("carre-with-guns", "R-FIRE-10",
     "Austrian infantry in carré with an unlimbered battery: carré is in the chart's except list, "
     "so the carré's 4 stands (no -2). 24:4 = 6 -> 4:1.",
     [FR_LINE_2, unit("au-ir-1", "austrian", "austrian", "linie", 6, 6, "carre", ["0605"], 10),
      GUNS[2]],
     json_fields=dict({"/fire_defense": 4, "/fire_defense_detail/with_artillery": 0,
                       "/fire_defense_detail/read": "carre"}, **FOUR_TO_ONE))
case("guns-alone", "R-FIRE-13",
     "An unlimbered battery of 2 alone in 0605 (defence unlimbered 8): 24:8 = 3 -> 3:1: the hex "
     "loses 0, 1 or 2, 1/3 each; lone guns lose only the even-numbered increments: 1 -> 0, "
     "2 -> 1. They check on every loss: only when the hex loses 2, 1/3.",
     [FR_LINE_2, unit("au-bty", "austrian", "austrian", "brigade", 2, 6, "unlimbered", ["0605"], 10,
                      arm="artillery")],
     json_fields=dict({"/fire_defense": 8, "/odds": "3:1", "/units/0/by_outcome/1/loss": 0,
                       "/units/0/by_outcome/2/loss": 1, "/units/0/p_check_exact": "1/3",
                       "/units/0/p_eliminated_exact": "0"}, **THREE_TO_ONE))

# ---- R-FIRE-14: fire-loss morale checks --------------------------------------------------------
AU_LINE_FIRER = unit("au-l", "austrian", "austrian", "linie", 8, 8, "line", ["0505", "0506"], 3)


def trigger_case(name, desc, target_unit, expected, firer=None):
    fu = firer or FR_LINE_2
    fid = fu["id"]
    case(name, "R-FIRE-14", desc, [fu, target_unit], firer=fid,
         json_fields={"/units/0/p_check_exact": expected})


trigger_case("even-no-prior",
             "Austrian line, 8 increments in 0505/0506 (4 + 4, x 2 = 16), fires at a French legere "
             "column (no losses yet): 16:6 = 2.67 -> 2:1: one loss 12/36, two 6/36. Legere checks "
             "on even losses: one loss is its 1st (odd, no check), two are its 1st and 2nd (check): "
             "6/36 = 1/6.",
             unit("fr-c", "french", "french", "legere", 8, 8, "column", ["0605"], 10), "1/6",
             firer=AU_LINE_FIRER)
trigger_case("even-with-prior",
             "As fire-R-FIRE-14-even-no-prior but the column has lost 1 increment already: any new "
             "loss is its 2nd: (12 + 6)/36 = 1/2.",
             unit("fr-c", "french", "french", "legere", 8, 8, "column", ["0605"], 10, losses=1),
             "1/2", firer=AU_LINE_FIRER)
trigger_case("odd-with-prior",
             "The seed's line (24) at an Austrian linie column (odd losses) that has lost 1 already: "
             "4:1; one new loss is its 2nd (no check); two or three reach its 3rd: (12 + 6)/36 = 1/2.",
             unit("au-ir-1", "austrian", "austrian", "linie", 6, 6, "column", ["0605"], 10,
                  losses=1), "1/2")
trigger_case("every-from-second",
             "An Austrian Jäger column checks on every loss from its 2nd: with none lost before, "
             "a single loss (12/36) does not check; two or three do: 18/36 = 1/2.",
             unit("au-j", "austrian", "austrian", "jaeger", 6, 6, "column", ["0605"], 10), "1/2")
trigger_case("third-with-prior",
             "A French garde column checks on every third loss; it has lost 2, so any new loss is "
             "its 3rd. Austrian line 16 : 6 -> 2:1: a loss on 18 of 36 rolls, 1/2.",
             unit("fr-g", "french", "french", "garde", 8, 8, "column", ["0605"], 10, losses=2),
             "1/2", firer=AU_LINE_FIRER)
trigger_case("third-not-yet",
             "The same garde column with 0 lost: 2:1 takes at most 2 increments, never a 3rd: "
             "no check, 0.",
             unit("fr-g", "french", "french", "garde", 8, 8, "column", ["0605"], 10), "0",
             firer=AU_LINE_FIRER)
trigger_case("default-every",
             "A Saxon column: the charts' fire_morale_checks name no Saxon class or arm, so every "
             "loss checks (charts-format 5.5). The seed line at 4:1: a loss on 30 of 36 rolls, 5/6.",
             unit("sx-1", "austrian", "saxon", "linie", 6, 6, "column", ["0605"], 10), "5/6")
case("eliminated-no-check", "R-FIRE-14",
     "An Austrian linie column of 2 increments: 4:1 (24 : 6). Losing 1 is its 1st (odd: check, "
     "12/36); losing 2 or 3 eliminates it, and an eliminated unit makes no check: p_check 1/3, "
     "p_eliminated 18/36 = 1/2.",
     [FR_LINE_2, unit("au-ir-1", "austrian", "austrian", "linie", 2, 2, "column", ["0605"], 10)],
     json_fields={"/units/0/p_check_exact": "1/3", "/units/0/p_eliminated_exact": "1/2"})

# ---- R-FIRE-15: leader casualty ----------------------------------------------------------------
LDR = [FR_LINE_2, AU_COL, leader("au-ldr", "austrian", ["0605"], morale=1)]
case("leader-odds", "R-FIRE-15",
     "An Austrian leader in the target hex: a natural 65 or 66 calls for his casualty check, "
     "2/36 = 1/18, whatever the loss.",
     LDR, json_fields={"/leaders": ["au-ldr"], "/p_leader_casualty_exact": "1/18"})
case("leader-casualty-rolled", "R-FIRE-15",
     "Natural 65: in 4:1 (61-66) three increments lost; the column's 1st-3rd losses, odd: it "
     "checks first, rolling 55 (+1 for the leader = 56 > 44, passes). Then the leader's casualty "
     "die: 4, captured, which a fire casualty rolls again; then 2, a leg wound with 2 dice of "
     "hours out: 3 + 4 = 7. A wounded leader's hex checks morale: listed, not rolled.",
     LDR, dice="65,55,4,2,3,4",
     json_fields={"/roll": 65, "/loss": 3, "/leader_casualty": True,
                  "/hits/0/morale/roll": 55, "/hits/0/morale/modifier": 1,
                  "/hits/0/morale/passed": True, "/leader_casualties/0/leader": "au-ldr",
                  "/leader_casualties/0/die": 2, "/leader_casualties/0/rerolls": 1,
                  "/leader_casualties/0/result": "wounded", "/leader_casualties/0/wound": "leg",
                  "/leader_casualties/0/hours": 7,
                  "/leader_casualties/0/morale_checks_pending": ["au-ir-1"]})
case("leader-no-casualty-on-64", "R-FIRE-15",
     "Natural 64 is not in 65-66: three increments lost (4:1, 61-66), the column checks (roll 55), "
     "no casualty die is rolled.",
     LDR, dice="64,55",
     json_fields={"/roll": 64, "/loss": 3, "/leader_casualty": False,
                  "/leader_casualties": []})

case("seventeen-leaders", "R-FIRE-15",
     "Issue 11.4: 17 Austrian leaders stacked with the column in 0605 (no limit on the leaders of "
     "a target hex): all 17 are listed, and a natural 65 or 66 calls for their casualty checks, "
     "2/36 = 1/18. The fire itself is the seed's 4:1.",
     [FR_LINE_2, AU_COL] + [leader("au-ldr-%02d" % k, "austrian", ["0605"]) for k in range(1, 18)],
     json_fields={"/odds": "4:1", "/leaders/0": "au-ldr-01", "/leaders/16": "au-ldr-17",
                  "/p_leader_casualty_exact": "1/18"},
     json_sets={"/leaders": ["au-ldr-%02d" % k for k in range(1, 18)]})

# ---- R-FIRE-16: who may fire -------------------------------------------------------------------
case("no-multiple-road", "R-FIRE-16",
     "A French legere battalion in road march: the charts give it no fire multiple in road, so it "
     "may not fire.",
     [unit("fr-le-1", "french", "french", "legere", 8, 8, "road", ["0505"], 4), AU_COL],
     json_fields={"/allowed": False, "/rule": "R-FIRE-16",
                  "/reason": "the charts give French légère no fire multiple in road (charts "
                             "fire_multiples)"})
case("fire-zero", "R-FIRE-16",
     "French chasseurs in column with a printed fire of 0: no fire factor, no fire.",
     [unit("fr-ch", "french", "french", "chasseur", 8, 0, "column", ["0505"], 4, arm="cavalry",
           movement=14), AU_COL], firer="fr-ch",
     json_fields={"/allowed": False, "/rule": "R-FIRE-16",
                  "/reason": "fr-ch has a fire value of 0"})

# ---- the command line --------------------------------------------------------------------------
def raw(name, ruling, desc, units, args, exit, stderr=None, stdout_has=None, json_fields=None,
        stderr_has=None, **kw):
    c = {"ruling": ruling, "description": desc, "scenario": scenario(units, **kw), "args": args,
         "exit": exit}
    if stderr is not None:
        c["stderr"] = stderr
    if stderr_has:
        c["stderr_has"] = stderr_has
    if stdout_has:
        c["stdout_has"] = stdout_has
    if json_fields:
        c["json"] = json_fields
    cases.append(("fire-%s-%s" % (ruling, name), c))  # "usage": fire-usage-NAME


raw("cli-target-unit-id", "R-FIRE-6",
    "TARGET may be a unit id; a unit in one hex stands for it: au-ir-1 is in 0605, so this is the seed's "
    "fire at 0605 (24 : 6 -> 4:1).",
    [FR_LINE_2, AU_COL], ["fire", "{scenario}", "fr-le-1", "au-ir-1", "--json"], 0,
    json_fields={"/target": "0605", "/fire_value": 24, "/odds": "4:1"})
AU_LINE_2 = unit("au-l", "austrian", "austrian", "linie", 8, 8, "line", ["0605", "0606"], 9)
raw("target-unit-one-hex-fires", "R-FIRE-22",
    "Issue 10.7: TARGET is the Austrian line au-l in 0605 and 0606 (4 + 4, facing 9). A French "
    "column in 0604 facing 6 (front SE, S, SW) is next to 0605 only (0606 is 2 hexes away, range "
    "1): the answer is for 0605, the one hex it may fire at. Printed 8; the fire enters 0605 "
    "across its N hexside, an end of a line facing 9: a flank, value 5. 8:5 = 1.6 -> 1:1.",
    [unit("fr-c", "french", "french", "legere", 8, 8, "column", ["0604"], 6), AU_LINE_2],
    ["fire", "{scenario}", "fr-c", "au-l", "--json"], 0,
    json_fields={"/target": "0605", "/allowed": True, "/fire_value": 8, "/fire_defense": 5,
                 "/odds": "1:1"})
raw("target-unit-both-hexes", "R-FIRE-22",
    "The seed's line in 0505 and 0506 (facing 3, front NE and SE in each hex) has 0605 across "
    "the SE hexside of 0505 and 0606 across the SE hexside of 0506: it may fire at both hexes of "
    "au-l, so the player must name one: a usage error listing both (exit 2).",
    [FR_LINE_2, AU_LINE_2], ["fire", "{scenario}", "fr-le-1", "au-l", "--json"], 2,
    stderr=["labataille fire: au-l stands in 0605 and 0606 and fr-le-1 may fire at both: give "
            "the hex to fire at (R-FIRE-22)", "(see labataille fire --help)"])
raw("target-unit-neither-hex", "R-FIRE-22",
    "A French column in 0101, far from both hexes of au-l: neither may be fired at; the player "
    "names one to see why (exit 2).",
    [unit("fr-c", "french", "french", "legere", 8, 8, "column", ["0101"], 6), AU_LINE_2],
    ["fire", "{scenario}", "fr-c", "au-l"], 2,
    stderr=["labataille fire: au-l stands in 0605 and 0606 and fr-c may fire at neither: give "
            "the hex to fire at (R-FIRE-22)", "(see labataille fire --help)"])
raw("target-unit-hex-named", "R-FIRE-3",
    "Naming the hex instead of the unit answers for that hex: the seed's line at 0606, across "
    "0506's SE hexside: 4 increments fire from 0506 (0505 is 2 hexes away), 4 x 3 = 12 against "
    "the line's 9 (the fire enters 0606 by its NW hexside, a front of a line facing 9): 12:9 -> "
    "1:1.",
    [FR_LINE_2, AU_LINE_2], ["fire", "{scenario}", "fr-le-1", "0606", "--json"], 0,
    json_fields={"/target": "0606", "/fire_value": 12, "/fire_defense": 9, "/odds": "1:1"})
raw("cli-refusal-text", "R-FIRE-2",
    "A refusal in the text form: not allowed, the reason and its ruling; exit 0.",
    STACK, ["fire", "{scenario}", "fr-b", "0605"], 0,
    stdout_has=["fr-b fires at 0605: not allowed",
                "in column only the top unit of hex 0505 fires, and fr-a is on top [R-FIRE-2]"])
raw("cli-unknown-unit", "R-FIRE-6", "An unknown unit id is invalid input: exit 1.",
    [FR_LINE_2, AU_COL], ["fire", "{scenario}", "nobody", "0605"], 1,
    stderr=["labataille: unknown unit \"nobody\""])
raw("cli-bad-target", "R-FIRE-6", "A target that is neither a hex of the map nor a unit: exit 1.",
    [FR_LINE_2, AU_COL], ["fire", "{scenario}", "fr-le-1", "0909"], 1,
    stderr=["labataille: expected a hex label of the 8x8 map or a unit id, found \"0909\""])
raw("missing-target", "usage", "FIRE needs a scenario, a unit and a target: exit 2.",
    [FR_LINE_2, AU_COL], ["fire", "{scenario}", "fr-le-1"], 2,
    stderr=["labataille fire: expected a scenario file, a unit id and a target hex or unit",
            "(see labataille fire --help)"])
raw("bad-kind", "usage", "--kind takes offensive, defensive or opportunity (R-FIRE-19): exit 2.",
    [FR_LINE_2, AU_COL], ["fire", "{scenario}", "fr-le-1", "0605", "--kind", "sideways"], 2,
    stderr=["labataille fire: --kind: expected offensive, defensive or opportunity, found "
            "\"sideways\"", "(see labataille fire --help)"])
raw("scenario-range-on-infantry", "R-FIRE-19",
    "Only a battery's counter prints a range: \"range\" on an infantry unit is refused (exit 1).",
    [dict(FR_LINE_2, range=3), AU_COL], ["check", "{scenario}"], 1,
    stderr_has=["/units/0/range: expected no range for infantry (only artillery counters print "
                "one), found 3"])
raw("scenario-range-zero", "R-FIRE-19",
    "A battery's range is 1 to 99 hexes: 0 is refused (exit 1).",
    [dict(battery("fr-bty", "french", "french", "a_pied", 2, 8, "unlimbered", ["0104"]), range=0),
     AU_COL], ["check", "{scenario}"], 1,
    stderr_has=["/units/0/range: expected an integer from 1 to 99, found 0"])
raw("cli-with-unknown-unit", "R-FIRE-23", "An unknown unit in --with is invalid input: exit 1.",
    [COL_A, AU_COL], ["fire", "{scenario}", "fr-a", "0605", "--with", "nobody"], 1,
    stderr=["labataille: unknown unit \"nobody\" (--with)"])
raw("cli-group-text", "R-FIRE-23",
    "A group fire in the text form: each firer's breakdown, then the sum.",
    [COL_A, COL_B, AU_COL], ["fire", "{scenario}", "fr-a", "0605", "--with", "fr-b"], 0,
    stdout_has=["fr-a fires at 0605: allowed", "  fr-a: column: printed fire value 4 = 4",
                "  fr-b: column: printed fire value 5 = 5", "  together: fr-a 4 + fr-b 5 = 9",
                "[R-FIRE-23 (21)]"])
raw("target-unit-group-one-hex", "R-FIRE-22",
    "A group at a unit of two hexes: the seed's line with the column fr-a (0604) may fire at "
    "0605 only when all of them may; fr-a is 2 hexes from 0606. The fire may be made at 0605 "
    "alone, so it is.",
    [FR_LINE_2, COL_A, AU_LINE_2],
    ["fire", "{scenario}", "fr-le-1", "au-l", "--with", "fr-a", "--json"], 0,
    json_fields={"/target": "0605", "/allowed": True, "/firers/1/unit": "fr-a"})
raw("dice-short", "usage",
    "Natural 43 in 4:1 takes two increments, the column's 1st and 2nd: its check (odd losses, "
    "R-FIRE-14) needs a second roll, and the script has none: a usage error, exit 2.",
    [FR_LINE_2, AU_COL], ["fire", "{scenario}", "fr-le-1", "0605", "--dice", "43"], 2,
    stderr=["labataille fire: --dice: expected a two-dice roll 11-66 for the fire, then one for "
            "each morale check, then single dice for leader casualties",
            "(see labataille fire --help)"])


def write():
    for name, c in cases:
        with open(os.path.join("tests/cases", name + ".json"), "w") as f:
            json.dump(c, f, ensure_ascii=False, indent=2)
            f.write("\n")
    print("wrote %d cases" % len(cases))


write()
