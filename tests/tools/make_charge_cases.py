# Writes tests/cases/charge-*.json: rule cases of the cavalry charge (R-CHG-1..26) on small inline
# scenarios with inline charts, so no module value matters. Every expected value is worked out by
# hand in the case's "description" (hex geometry per R-GRID-2, roll arithmetic per R-DICE-2),
# never copied from the program. Run from the project root: python3 tests/tools/make_charge_cases.py
import copy, json, os

from fan_map import TO_0412, fan_map

OUT = 'tests/cases/'

def bands(spec):
    return [{"lo": lo, "hi": hi, "result": r} for lo, hi, r in spec]

# The carré table of the Prusse 1806 French chart (rules-charts.md section 5), for Austrians here.
CARRE = {"t": {"nations": ["austrian"],
  "column": {"1": bands([("11", "31", "CARRE"), ("32", "54", "DD"), ("55", "66", "PGD")]),
             "2": bands([("11", "43", "CARRE"), ("44", "61", "DD"), ("62", "66", "PGD")]),
             "3": bands([("11", "56", "CARRE"), ("61", "66", "DD")]),
             "4": bands([("11", "66", "CARRE")])},
  "line":   {"1": bands([("11", "22", "CARRE"), ("23", "53", "DD"), ("54", "66", "PGD")]),
             "2": bands([("11", "32", "CARRE"), ("33", "55", "DD"), ("56", "66", "PGD")]),
             "3": bands([("11", "45", "CARRE"), ("46", "61", "DD"), ("62", "66", "PGD")]),
             "4": bands([("11", "64", "CARRE"), ("65", "66", "DD")])}}}

def mv(i, c, a):
    return {"move": {"infantry": i, "cavalry": c, "artillery": a}}

CHARTS = {
    "terrain": {
        "clear": dict(mv(1, 1, 1), los="clear", general_order=False),
        "rough": dict(mv(2, 2, 2), los="clear", general_order=False),
        "heavy": dict(mv(3, 3, 3), los="clear", general_order=False),
        "marsh": dict(mv(4, 4, 4), los="clear", general_order=False),
        "woods": dict(mv(2, 3, None), los="blocks", general_order=True),
        "river": dict(mv(None, None, None), los="clear", general_order=False)},
    "hexsides": {"stream": dict(mv(1, 2, 3), los="clear")},
    "carre_table": CARRE,
    "carre_modifiers": {
        "light_cavalry": {"when": {"attacker": {"weight": "light"}}, "mod": 3},
        "leader": {"when": {"defender": {"leader": True}}, "mod": -6}},
    "stand_modifiers": {
        "line": {"when": {"defender": {"formation": "line"}}, "mod": 3},
        "flank": {"when": {"through": "flank"}, "mod": -12},
        "heavy_cavalry": {"when": {"attacker": {"weight": "heavy"}}, "mod": -3}},
    "recall": {"french": {"default": {"lo": 3, "hi": 6}}},
    "recall_modifiers": {"leader": {"when": {"attacker": {"leader": True}}, "mod": 1}}}

LEGEND = {".": "clear", "R": "river", "W": "woods", "r": "rough", "h": "heavy", "H": "marsh"}

def corridor(rows=22, cells=None):
    """Column 3 is open ground, every other hex a river (prohibited): moves and routs follow it.
    cells: {(col, row): char} overrides."""
    cells = cells or {}
    t = []
    for r in range(1, rows + 1):
        t.append(''.join(cells.get((c, r), '.' if c == 3 else 'R') for c in range(1, 6)))
    return {"columns": 5, "rows": rows, "terrain": t, "legend": LEGEND}

def open_map(cols=8, rows=8, cells=None):
    cells = cells or {}
    t = [''.join(cells.get((c, r), '.') for c in range(1, cols + 1)) for r in range(1, rows + 1)]
    return {"columns": cols, "rows": rows, "terrain": t, "legend": LEGEND}

def cav(hexes, movement=10, **kw):
    u = {"id": "fr-cav", "side": "french", "arm": "cavalry", "nation": "french", "class": "hussar",
         "increments": 6, "fire": 0, "melee": 12, "movement": movement, "morale": "33",
         "formation": "column", "state": "good", "facing": 12, "hexes": hexes}
    u.update(kw)
    return u

def inf(id="au-inf", hexes=("0312",), **kw):
    u = {"id": id, "side": "austrian", "arm": "infantry", "nation": "austrian", "class": "linie",
         "increments": 8, "fire": 8, "melee": 24, "movement": 5, "morale": "44",
         "formation": "column", "state": "good", "facing": 6, "hexes": list(hexes)}
    u.update(kw)
    return u

def gun(id="au-gun", hexes=("0312",), **kw):
    u = {"id": id, "side": "austrian", "arm": "artillery", "nation": "austrian", "class": "brigade",
         "increments": 2, "fire": 8, "melee": 2, "movement": 4, "morale": "44",
         "formation": "unlimbered", "state": "good", "facing": 6, "hexes": list(hexes)}
    u.update(kw)
    return u

def scenario(units, rules="premier-2018", mapd=None):
    return {"format": "labataille-scenario/1", "title": "charge case", "rules": rules,
            "sides": ["french", "austrian"],
            "turn": {"time": "13:00", "phasing": "french", "segment": "charge"},
            "map": mapd or corridor(), "charts": copy.deepcopy(CHARTS), "units": units}

cases = []

def case(name, ruling, desc, scen, args, json_fields=None, exit=0, stdout_has=None,
         stderr_has=None, use_json=True, command="charge"):
    c = {"ruling": ruling, "description": desc, "scenario": scen,
         "args": [command, "{scenario}"] + args + (["--json"] if use_json else [])}
    if exit:
        c["exit"] = exit
    if json_fields:
        c["json"] = json_fields
    if stdout_has:
        c["stdout_has"] = stdout_has
    if stderr_has:
        c["stderr_has"] = stderr_has
    cases.append((name, c))

def rule(r):
    return '"rule": "%s"' % r

# Geometry used throughout (R-GRID-2, column 3 is odd): the neighbours of 03RR are N 03(RR-1),
# S 03(RR+1), NE 04(RR-1), SE 04RR, NW 02(RR-1), SW 02RR; moving north from 03RR a cavalry unit
# facing 12 turns no hexside; hex distance along the column is the row difference.
# Heavy cavalry: printed 10 MP (<= 12), a charge has 10 + 5 = 15 (R-CHG-1); light: 14 + 5 = 19.
# Roll arithmetic (R-DICE-2): index(tu) = 6(t-1) + (u-1).

# ---- eligibility (R-CHG-8, R-CHG-9) --------------------------------------------------------
case('charge-R-CHG-8-refused-tired', 'R-CHG-8',
     'Tired cavalry may not charge in the Charge segment (36.3): allowed false, ruling R-CHG-8, '
     'nothing moves.',
     scenario([cav(["0318"], readiness="tired"), inf()]), ["fr-cav", "--path", "0317"],
     {"/allowed": False, "/rule": "R-CHG-8", "/summary": "refused", "/units": []},
     stdout_has=[rule("R-CHG-8"), "tired"])

case('charge-R-CHG-8-refused-routed', 'R-CHG-8',
     'Routed cavalry is not in good order (37.1): allowed false, ruling R-CHG-8.',
     scenario([cav(["0318"], state="routed"), inf()]), ["fr-cav", "--path", "0317"],
     {"/allowed": False, "/rule": "R-CHG-8"}, stdout_has=["only cavalry in good order"])

case('charge-R-MEL-8-held-after-retreat', 'R-MEL-8',
     'fr-cav retreated more than one hex before a melee in the enemy\'s phase (its move record\'s '
     'hold_next: retreated): it may not move in its side\'s next Movement segment (V18-4), nor '
     'charge in the Charge segment before it, a charge being a move (R-CHG-1): allowed false, '
     'ruling R-MEL-8, nothing moves.',
     scenario([cav(["0318"], move_record={"hold_next": "retreated"}), inf()]),
     ["fr-cav", "--path", "0317"],
     {"/allowed": False, "/rule": "R-MEL-8", "/summary": "refused", "/units": []},
     stdout_has=["retreated more than one hex before a melee"])

case('charge-R-FORM-2-leaves-general-order', 'R-FORM-2',
     'fr-cav stands in woods (0318, general-order terrain) in general order. It may charge out of '
     'them (only entering general-order terrain is barred, 37.8): on entering 0317, clear, it is '
     'in column, as every unit leaving general-order terrain (R-FORM-2), and never charges on in '
     'general order in the open.',
     scenario([cav(["0318"], formation="general"), inf()], mapd=corridor(cells={(3, 18): 'W'})),
     ["fr-cav", "--path", "0317", "--auto", "--seed", "3"],
     {"/allowed": True, "/summary": "no-contact", "/units/0/id": "fr-cav",
      "/units/0/before/formation": "general", "/units/0/after/formation": "column",
      "/units/0/after/hexes": ["0317"]},
     )

case('charge-R-CHG-9-refused-general-order', 'R-CHG-9',
     '0316 is woods, general-order terrain: no charge into it (37.8); refused at the second hex '
     'of the path.',
     scenario([cav(["0318"]), inf()], mapd=corridor(cells={(3, 16): 'W'})),
     ["fr-cav", "--path", "0317,0316"],
     {"/allowed": False, "/rule": "R-CHG-9",
      "/reason": "0316 is general-order terrain (woods): no charge into it (37.8)"})

case('charge-R-CHG-9-refused-cost', 'R-CHG-9',
     'Heavy cavalry, 10 + 5 = 15 MP. Rows 14-17 of the corridor are rough (cavalry 2). Path '
     'north from 0318: 0317, 0316, 0315, 0314 cost 2 each = 8, then 0313..0307 cost 1 each: '
     '9, 10, 11, 12, 13, 14, 15, and 0306 makes 16 > 15: refused there.',
     scenario([cav(["0318"])], mapd=corridor(cells={(3, r): 'r' for r in range(14, 18)})),
     ["fr-cav", "--path", "0317,0316,0315,0314,0313,0312,0311,0310,0309,0308,0307,0306"],
     {"/allowed": False, "/rule": "R-CHG-9",
      "/reason": "the path costs 16 movement points by 0306; the charge has 15 (printed 10 + 5)"})

case('charge-R-CHG-9-refused-heavy-turn', 'R-CHG-9',
     'Heavy cavalry at 0404 faces 12 (N). 0505 is the SE neighbour of 0404 (even column: SE = '
     '(c+1, r+1)); facing SE (4 o\'clock) from 12 is 4 hours = 2 hexsides, more than the 1 a heavy '
     'unit may turn in one hex (37.4).',
     scenario([cav(["0404"])], mapd=open_map()), ["fr-cav", "--path", "0505"],
     {"/allowed": False, "/rule": "R-CHG-9",
      "/reason": "entering 0505 needs 2 hexsides of facing change in 0404; heavy cavalry turns at "
                 "most 1 per hex (37.4)"})

case('charge-R-CHG-9-light-turns-two', 'R-CHG-9',
     'Light cavalry (printed 14 >= 13) may turn 2 hexsides in a hex: 0404 -> 0505 costs 2 x 2 '
     '(facing) + 1 (clear) = 5; 0505 -> 0605 is SE again (odd column: SE = (c+1, r)), no turn, 1. '
     'Spent 6 of 14 + 5 = 19; no enemy on the map: no contact; 6 < 14 so no rout in place.',
     scenario([cav(["0404"], movement=14)], mapd=open_map()), ["fr-cav", "--path", "0505,0605"],
     {"/allowed": True, "/mp_total": 19, "/mp_spent": 6, "/summary": "no-contact",
      "/units/0/after/hexes": ["0605"], "/units/0/after/facing": 4},
     stdout_has=[rule("R-CHG-9")])

case('charge-R-CHG-1-plus-five', 'R-CHG-1',
     'A charge has the printed movement + 5: heavy 10 + 5 = 15. Path 0317..0313 in clear: 5 MP; '
     'no enemy: no contact; 5 < 10 printed: the cavalry stays in good order.',
     scenario([cav(["0318"])]), ["fr-cav", "--path", "0317,0316,0315,0314,0313"],
     {"/mp_total": 15, "/mp_spent": 5, "/summary": "no-contact",
      "/units/0/after/state": "good"}, stdout_has=[rule("R-CHG-1")])

case('charge-R-CHG-23-routed-in-place', 'R-CHG-23',
     '38.10: rows 13-17 rough (2 MP). Path 0317, 0316, 0315, 0314, 0313: 5 x 2 = 10 MP = the whole '
     'printed 10 without contact: the cavalry routs in its final hex 0313.',
     scenario([cav(["0318"])], mapd=corridor(cells={(3, r): 'r' for r in range(13, 18)})),
     ["fr-cav", "--path", "0317,0316,0315,0314,0313"],
     {"/mp_spent": 10, "/summary": "routed-in-place", "/units/0/after/state": "routed",
      "/units/0/after/hexes": ["0313"]}, stdout_has=[rule("R-CHG-23")])

# ---- declaration (R-CHG-1, R-CHG-10) -------------------------------------------------------
case('charge-R-CHG-1-declare-within-2', 'R-CHG-1',
     'Saxon infantry has no carré table, so nothing is offered before: from 0315 (3 hexes) the '
     'cavalry enters 0314, 2 hexes from 0312, and must declare; with no answer and no terminal '
     'the command stops with exit 2 and the two options.',
     scenario([cav(["0315"]), inf(nation="saxon")]), ["fr-cav", "--path", "0314,0313"],
     exit=2, use_json=False,
     stderr_has=["fr-cav comes within 2 hexes of au-inf, which it sees: is it the charge's target?",
                 "target", "not-target"])

case('charge-R-CHG-10-one-target', 'R-CHG-10',
     'au-inf (0312) and the cavalry au-hus in the side hex 0412 are both 2 hexes from 0314 '
     '(0412: cube x=3, z=11-1=10; 0314: x=2, z=12; max(1, 2, 1) = 2). au-inf, listed first, is '
     'declared the target; au-hus is then not the target without a decision (one target). au-inf '
     'stands (Saxon: no carré table). At 0313 the stand check: morale 44, heavy cavalry -3; roll '
     '52: index 25 - 3 = 22 = 45 > 44, passes.',
     scenario([cav(["0315"]), inf(nation="saxon"),
               {"id": "au-hus", "side": "austrian", "arm": "cavalry", "nation": "austrian",
                "class": "hussar", "increments": 6, "fire": 0, "melee": 12, "movement": 14,
                "morale": "34", "formation": "column", "state": "good", "facing": 10,
                "hexes": ["0412"]}],
              mapd=corridor(cells={(4, 12): '.'})),
     ["fr-cav", "--path", "0314,0313", "--target", "au-inf", "--dice", "52"],
     {"/target": "au-inf", "/summary": "target:au-inf stand:pass melee:au-inf",
      "/events/1/kind": "declare", "/events/2/kind": "response", "/events/3/kind": "declare",
      "/events/3/other": "au-hus"},
     stdout_has=["au-hus: not the target (au-inf is), one target per charge", rule("R-CHG-10")])

case('charge-R-CHG-10-not-target-no-melee', 'R-CHG-10',
     'Declared not the target at 0314, au-inf may not be attacked this turn: the plan ends next '
     'to it at 0313 with no melee; 2 MP, no contact.',
     scenario([cav(["0315"]), inf(nation="saxon")]),
     ["fr-cav", "--path", "0314,0313", "--answers", "not-target"],
     {"/target": None, "/obligations": [], "/summary": "no-contact", "/mp_spent": 2,
      "/decisions/0/key": "not-target"}, stdout_has=[rule("R-CHG-1")])

case('charge-R-CHG-10-unseen-no-declaration', 'R-CHG-10',
     'Woods in 0203 and 0204 hide au-inf (0304) from the cavalry moving north in column 1: from '
     '0105 the sight line passes the centre of 0204, from 0104 it runs along the edge 0203/0204, '
     'from 0103 through the centre of 0203 (R-LOS-3, R-LOS-4). 0105, 0104, 0103 are 2 hexes '
     'from 0304, 0106 and 0102 are 3: no visible formation within 2, no declaration.',
     scenario([cav(["0107"]), inf(hexes=("0304",), nation="saxon")],
              mapd=open_map(cells={(2, 3): 'W', (2, 4): 'W'})),
     ["fr-cav", "--path", "0106,0105,0104,0103,0102"],
     {"/decisions": [], "/summary": "no-contact", "/mp_spent": 5})

# ---- the carré roll (R-CHG-2, R-CHG-11) ----------------------------------------------------
case('charge-R-CHG-3-carre-target', 'R-CHG-3',
     'From 0315 (3 hexes) au-inf declines carré ("wait"); at 0314 it is declared the target and '
     'attempts carré 2 hexes away: column row 2, heavy cavalry, no modifier; roll 43 is in 11-43: '
     'CARRE. The cavalry must close and move onto the carré: 0313 (2 MP), 0312 (3 MP); its '
     'movement ends; the carré fires, then the melee; the last three steps are all north, facing '
     'the carré: charge bonus.',
     scenario([cav(["0315"]), inf()]),
     ["fr-cav", "--path", "0314,0313", "--answers", "wait", "--target", "au-inf", "--response",
      "carre", "--dice", "43"],
     {"/summary": "target:au-inf carre:CARRE melee:au-inf", "/mp_spent": 3,
      "/obligations/0/kind": "defensive_fire", "/obligations/0/unit": "au-inf",
      "/obligations/1/kind": "melee", "/obligations/1/other": "au-inf",
      "/obligations/1/charge_bonus": True, "/obligations/2/kind": "exhausted",
      "/units/0/after/hexes": ["0312"], "/units/1/after/formation": "carre"},
     stdout_has=[rule("R-CHG-3"), rule("R-CHG-2")])

case('charge-R-CHG-11-carre-modifiers', 'R-CHG-11',
     'Light cavalry (+3) against infantry with a leader in its hex (-6): modifier -3. Roll 46: '
     'index 23 - 3 = 20 = 43, in CARRE 11-43 of column row 2 (46 alone would be DD).',
     scenario([cav(["0315"], movement=14), inf(),
               {"id": "au-ldr", "side": "austrian", "arm": "leader", "bonus": {"morale": 1},
                "hexes": ["0312"]}]),
     ["fr-cav", "--path", "0314,0313", "--answers", "wait", "--target", "au-inf", "--response",
      "carre", "--dice", "46"],
     {"/summary": "target:au-inf carre:CARRE melee:au-inf"},
     stdout_has=["at 2 hexes (column rows): roll 46 -3 = 43: CARRE",
                 "carre_modifiers.light_cavalry applies: +3", "carre_modifiers.leader applies: -6"])

case('charge-R-CHG-11-no-carre-in-general-order', 'R-CHG-11',
     'au-inf stands in general order in woods (0312): no carré there, so nothing is offered at 4 or '
     '3 hexes and as the target it may only stand. Stand check at 0313: roll 52 - 3 = 45 > 44, '
     'passes.',
     scenario([cav(["0316"]), inf(formation="general")], mapd=corridor(cells={(3, 12): 'W'})),
     ["fr-cav", "--path", "0315,0314,0313", "--target", "au-inf", "--dice", "52"],
     {"/summary": "target:au-inf stand:pass melee:au-inf", "/decisions/0/decision": "target",
      "/mp_spent": 3})

case('charge-R-CHG-2-distance-at-attempt', 'R-CHG-2',
     'The row is the distance when the attempt is made: declined at 4 hexes (0316), attempted at '
     '3 (0315): column row 3, roll 56 in 11-56: CARRE (not the target). It rolled while not the '
     'target, so at 0314 it is declared not the target without a decision (R-CHG-4) and the plan '
     'ends there: 3 MP, no contact.',
     scenario([cav(["0317"]), inf()]),
     ["fr-cav", "--path", "0316,0315,0314", "--answers", "wait,carre", "--target", "au-inf",
      "--dice", "56"],
     {"/summary": "carre[au-inf]:CARRE no-contact", "/mp_spent": 3, "/target": None},
     stdout_has=["at 3 hexes (column rows): roll 56 +0 = 56: CARRE", rule("R-CHG-11")])

case('charge-R-CHG-2-line-rows-dd-trample', 'R-CHG-4',
     'Infantry in line (facing 7) forms from line: line row 2, roll 33 in DD 33-55. A declared '
     'target that disorders is contacted: 0313, 2 MP spent, 13 left; trample at 3 MP an increment: '
     'at most min(13 div 3, 8) = 4; the player spends 12: 4 increments destroyed; 14 MP spent. '
     'Neither unit moves in the Movement segment; defensive fire and melee follow.',
     scenario([cav(["0315"]), inf(formation="line", facing=7)]),
     ["fr-cav", "--path", "0314,0313", "--answers", "wait,12", "--target", "au-inf",
      "--response", "carre", "--dice", "33"],
     {"/summary": "target:au-inf carre:DD trample:4 melee:au-inf", "/mp_spent": 14,
      "/units/1/after/state": "disordered", "/units/1/after/formation": "column",
      "/units/1/after/losses": 4, "/obligations/0/kind": "no_movement",
      "/obligations/1/kind": "no_movement", "/obligations/1/unit": "au-inf",
      "/obligations/2/kind": "defensive_fire", "/obligations/3/kind": "melee"},
     stdout_has=[rule("R-CHG-4"), "line rows"])

case('charge-R-CHG-11-non-target-offer', 'R-CHG-11',
     'premier-2018: infantry that is not (yet) the target may attempt carré when the cavalry, in '
     'its sight, comes within 4 hexes. At the start (0316, 4 hexes) au-inf in line attempts: line '
     'row 4, heavy cavalry, roll 65 in DD 65-66: it disorders in place (not the target, R-CHG-4). '
     'It rolled while not the target: at 0314 it is declared not the target without a decision '
     '(R-CHG-4) and never attacked; the plan into its hex 0312 stops at 0313 (the cavalry may not '
     'move on or through it): 3 MP, no contact.',
     scenario([cav(["0316"]), inf(formation="line", facing=7)]),
     ["fr-cav", "--path", "0315,0314,0313,0312,0311", "--answers", "carre", "--dice", "65"],
     {"/summary": "carre[au-inf]:DD no-contact", "/mp_spent": 3,
      "/units/0/after/hexes": ["0313"], "/units/1/after/state": "disordered",
      "/units/1/after/hexes": ["0312"], "/events/0/kind": "carre-roll"},
     stdout_has=["may not move on or through", rule("R-CHG-11")])

# ---- premier-2018 results (R-CHG-3, R-CHG-4, R-CHG-5) --------------------------------------
case('charge-R-CHG-3-not-target-pass-over', 'R-CHG-3',
     'At 0316 (4 hexes) au-inf attempts carré: column row 4 is all CARRE (roll 66). At 0314 it is '
     'declared not the target without a decision, though --target names it (it rolled while not '
     'the target, R-CHG-4); the plan passes over the carré in 0312 (R-CHG-3) and ends in 0310, '
     'accepting its defensive fire: 6 MP, no melee.',
     scenario([cav(["0316"]), inf()]),
     ["fr-cav", "--path", "0315,0314,0313,0312,0311,0310", "--answers", "carre", "--target",
      "au-inf", "--dice", "66"],
     {"/summary": "carre[au-inf]:CARRE no-contact", "/mp_spent": 6,
      "/obligations/0/kind": "defensive_fire", "/obligations/0/unit": "au-inf",
      "/units/0/after/hexes": ["0310"]},
     stdout_has=["passing over it in 0312", rule("R-CHG-3")])

case('charge-R-CHG-4-carre-roll-keeps-non-target', 'R-CHG-4',
     'au-inf forms carré at 4 hexes (roll 66) while not the target. At 0314, 2 hexes away, it is '
     'declared not the target without a decision (the standing --target au-inf does not apply): '
     'the only decision is the carré offer. The plan ends at 0314: 2 MP, no contact, no melee.',
     scenario([cav(["0316"]), inf()]),
     ["fr-cav", "--path", "0315,0314", "--answers", "carre", "--target", "au-inf", "--dice",
      "66"],
     {"/summary": "carre[au-inf]:CARRE no-contact", "/mp_spent": 2, "/target": None,
      "/obligations": [], "/units/0/after/hexes": ["0314"],
      "/decisions": [{"decision": "carre", "side": "austrian", "subject": "au-inf",
                      "key": "carre", "by": "player"}],
      "/events/3/kind": "declare", "/events/3/rule": "R-CHG-4"},
     stdout_has=["roll while not the target; it stays a non-target for the rest of this charge"])

case('charge-R-CHG-4-dd-non-target-no-trample', 'R-CHG-4',
     'Issue 10.5: in line (facing 7) au-inf takes the automatic offer at 4 hexes (0316): line row '
     '4, heavy cavalry, roll 65 in DD 65-66: it disorders in place while not the target. The '
     'plan ends next to it at 0313 and --target names it, but it stays a non-target: declared '
     'not the target at 0314 without a decision, never contacted, never trampled (before, it was '
     'declared the target and trampled with every point left). 3 MP, no contact, no losses; '
     '3 < 10 printed: no rout in place.',
     scenario([cav(["0316"]), inf(formation="line", facing=7)]),
     ["fr-cav", "--path", "0315,0314,0313", "--target", "au-inf", "--auto", "--dice", "65"],
     {"/summary": "carre[au-inf]:DD no-contact", "/mp_spent": 3, "/contact": False,
      "/target": None, "/obligations": [], "/units/0/after/hexes": ["0313"],
      "/units/1/after/state": "disordered", "/units/1/after/losses": 0,
      "/units/1/after/hexes": ["0312"]},
     stdout_has=[rule("R-CHG-4"), "stays a non-target for the rest of this charge"])

H = {(3, r): 'h' for r in range(14, 18)}
case('charge-R-CHG-4-dd-contact-no-points', 'R-CHG-4',
     'Rows 13-17 cost 3. Path 0317, 0316, 0315, 0314: 12 MP; offers at 4 and 3 hexes declined; '
     'declared the target at 0314, au-inf rolls 44: DD (column row 2, 44-61). The cavalry contacts '
     'it at 0313 for 3 more: 15 of 15, nothing left to trample (the charge ends all the same).',
     scenario([cav(["0318"]), inf()], mapd=corridor(cells={**H, (3, 13): 'h'})),
     ["fr-cav", "--path", "0317,0316,0315,0314", "--answers", "wait,wait", "--target", "au-inf",
      "--response", "carre", "--dice", "44"],
     {"/summary": "target:au-inf carre:DD melee:au-inf", "/mp_spent": 15, "/contact": True},
     stdout_has=["has 0 movement points left: too few to trample"])

case('charge-R-CHG-4-dd-out-of-points', 'R-CHG-4',
     'As before but 0313 costs 4: the cavalry has 15 - 12 = 3 left and cannot contact the '
     'disordered target; it spent 12 >= its printed 10 without contact: routed in place in 0314 '
     '(38.10).',
     scenario([cav(["0318"]), inf()], mapd=corridor(cells={**H, (3, 13): 'H'})),
     ["fr-cav", "--path", "0317,0316,0315,0314", "--answers", "wait,wait", "--target", "au-inf",
      "--response", "carre", "--dice", "44"],
     {"/summary": "target:au-inf carre:DD routed-in-place", "/mp_spent": 12,
      "/units/0/after/state": "routed", "/units/0/after/hexes": ["0314"]})

case('charge-R-CHG-5-not-target-routs-10', 'R-CHG-5',
     'Declined at 4 hexes, attempted at 3 in line: line row 3, roll 62 in PGD 62-66: not the '
     'target, it routs exactly 10 hexes up the corridor, 0311..0302 (R-RET-3); no recall. The '
     'cavalry goes on through the empty 0312 to 0311: 5 MP, no contact.',
     scenario([cav(["0316"]), inf(formation="line", facing=7)]),
     ["fr-cav", "--path", "0315,0314,0313,0312,0311", "--answers", "wait,carre", "--dice", "62"],
     {"/summary": "carre[au-inf]:PGD no-contact", "/mp_spent": 5,
      "/units/1/after/hexes": ["0302"], "/units/1/after/state": "routed",
      "/events/2/kind": "rout", "/events/2/value": 10}, stdout_has=[rule("R-CHG-5")])

case('charge-R-CHG-5-recalled-follow-trample', 'R-CHG-5',
     'Light cavalry (+3 on the carré roll). Roll 56: index 29 + 3 = 32 = 63, PGD. au-inf routs '
     '10 hexes to 0302. Recall: die 4 in 3-6: recalled; it follows: 0313 .. 0303 is 11 hexes, 1 + '
     '11 = 12 MP spent, 7 left; trample one increment per 2 MP: at most 3; the player spends 6: '
     '3 increments; 18 of 19 spent; then the melee.',
     scenario([cav(["0315"], movement=14), inf()]),
     ["fr-cav", "--path", "0314,0313", "--answers", "wait,follow,6", "--target", "au-inf",
      "--response", "carre", "--dice", "56,4"],
     {"/summary": "target:au-inf carre:PGD recall:yes follow trample:3 melee:au-inf",
      "/mp_spent": 18, "/units/0/after/hexes": ["0303"], "/units/1/after/hexes": ["0302"],
      "/units/1/after/losses": 3, "/obligations/0/kind": "melee"},
     stdout_has=["rolls recall: 4 +0 = 4, range 3-6: recalled", rule("R-CHG-17")])

case('charge-R-CHG-5-recall-failed-5mp', 'R-CHG-5',
     'Roll 62: PGD; it routs to 0302. Recall die 2, not in 3-6. The cavalry (in 0314, 1 MP spent) '
     'must go to the hex au-inf left, 0312 (0313, 0312: 3 MP), then at most 5 more toward it: '
     '0311..0307, 8 MP in all; no enemy met; 8 < 10 printed: no rout in place.',
     scenario([cav(["0315"]), inf()]),
     ["fr-cav", "--path", "0314,0313", "--answers", "wait", "--target", "au-inf", "--response",
      "carre", "--dice", "62,2"],
     {"/summary": "target:au-inf carre:PGD recall:no no-contact", "/mp_spent": 8,
      "/units/0/after/hexes": ["0307"], "/units/0/after/state": "good"},
     stdout_has=["at most 5 more movement points", rule("R-CHG-15")])

case('charge-R-CHG-5-recall-leader', 'R-CHG-5',
     'A French leader in the cavalry\'s hex rides with it (R-CHG-8) and adds the chart\'s +1 '
     '(recall_modifiers.leader): die 2 + 1 = 3, in 3-6: recalled (die 2 alone fails). The player '
     'halts in 0314.',
     scenario([cav(["0315"]), inf(),
               {"id": "fr-ldr", "side": "french", "arm": "leader", "bonus": {"morale": 1},
                "hexes": ["0315"]}]),
     ["fr-cav", "--path", "0314,0313", "--answers", "wait,halt", "--target", "au-inf",
      "--response", "carre", "--dice", "62,2"],
     {"/summary": "target:au-inf carre:PGD recall:yes halt no-contact",
      "/units/0/after/hexes": ["0314"], "/units/2/id": "fr-ldr",
      "/units/2/after/hexes": ["0314"]},
     stdout_has=["rolls recall: 2 +1 = 3, range 3-6: recalled", "recall_modifiers.leader applies: +1"])

case('charge-R-CHG-15-first-enemy-met', 'R-CHG-15',
     'Guns au-gun stand in the side hex 0409 (cube x=3, z=8-1=7; 03RR is x=2, z=RR-2: distance '
     'max(1, |RR-9|, |RR-10|)). Roll 62: PGD, au-inf routs up the corridor; recall die 2 fails. '
     'The pursuit: 0313, 0312 (the hex left), 0311, 0310; 0310 is next to 0409 (distance 1): the '
     'first enemy met, attacked: defensive fire and melee; 5 MP spent.',
     scenario([cav(["0315"]), inf(), gun(hexes=("0409",))],
              mapd=corridor(cells={(4, 9): '.'})),
     ["fr-cav", "--path", "0314,0313", "--answers", "wait", "--target", "au-inf", "--response",
      "carre", "--dice", "62,2"],
     {"/summary": "target:au-inf carre:PGD recall:no engage:au-gun melee:au-gun",
      "/mp_spent": 5, "/units/0/after/hexes": ["0310"],
      "/obligations/0/kind": "defensive_fire", "/obligations/0/unit": "au-gun",
      "/obligations/1/kind": "melee", "/obligations/1/melee_times": "1"},
     stdout_has=["not recalled, meets au-gun and attacks it"])

case('charge-R-CHG-12-stand-pass-2018', 'R-CHG-12',
     'Saxon infantry (no carré table) can only stand. At contact (0313) it checks morale: 44, '
     'heavy cavalry -3, front hexside; roll 52: index 25 - 3 = 22 = 45 > 44: passes. The charge '
     'is halted; the infantry counts as having passed its pre-melee check.',
     scenario([cav(["0315"]), inf(nation="saxon")]),
     ["fr-cav", "--path", "0314,0313", "--target", "au-inf", "--dice", "52"],
     {"/summary": "target:au-inf stand:pass melee:au-inf", "/mp_spent": 2,
      "/obligations/0/kind": "passed_premelee", "/obligations/1/kind": "defensive_fire",
      "/obligations/2/kind": "melee", "/obligations/3/kind": "exhausted"},
     stdout_has=["roll 52 -3 = 45 against 44: passes", rule("R-CHG-12")])

case('charge-R-CHG-12-stand-fail-2018', 'R-CHG-12',
     'Roll 51: index 24 - 3 = 21 = 44, not above 44: fails; PGD. Before it leaves the cavalry '
     '(2 MP spent, 13 left) tramples at 2 MP an increment: the player spends 4, 2 increments. It '
     'routs 10 hexes to 0302; recall die 2 fails: to 0312 (7 MP), then 5 more: 0311..0307, 12 '
     'MP. It made contact, so no rout in place.',
     scenario([cav(["0315"]), inf(nation="saxon")]),
     ["fr-cav", "--path", "0314,0313", "--target", "au-inf", "--answers", "4", "--dice", "51,2"],
     {"/summary": "target:au-inf stand:fail trample:2 recall:no", "/mp_spent": 12,
      "/units/0/after/hexes": ["0307"], "/units/0/after/state": "good",
      "/units/1/after/hexes": ["0302"], "/units/1/after/losses": 2,
      "/units/1/after/state": "routed"})

case('charge-R-CHG-12-carre-stands', 'R-CHG-12',
     'Infantry already in carré may only stand (no decision); roll 51 fails by the arithmetic '
     'above (44), roll 52 passes: here 52, halted, melee.',
     scenario([cav(["0315"]), inf(formation="carre")]),
     ["fr-cav", "--path", "0314,0313", "--target", "au-inf", "--dice", "52"],
     {"/summary": "target:au-inf stand:pass melee:au-inf", "/decisions/0/decision": "target"},
     stdout_has=["it stands (R-CHG-12)"])

# ---- premier-2017 (R-CHG-6, R-CHG-16, R-CHG-20) ---------------------------------------------
case('charge-R-CHG-6-stand-pass-2017', 'R-CHG-6',
     'premier-2017 stand: the same check at contact, roll 52 -> 45 > 44: it stays in place; melee.',
     scenario([cav(["0315"]), inf()], rules="premier-2017"),
     ["fr-cav", "--path", "0314,0313", "--target", "au-inf", "--response", "stand", "--dice",
      "52"],
     {"/summary": "target:au-inf stand:pass melee:au-inf", "/units/0/id": "fr-cav",
      "/obligations/2/kind": "melee"}, stdout_has=[rule("R-CHG-12")])

case('charge-R-CHG-6-stand-fail-dd-2017', 'R-CHG-6',
     'Roll 51 -> 44: fails; good order becomes DD and retreats 3 MP (R-MOR-7): 0311, 0310, 0309 '
     '(1 MP each). It may not move voluntarily in its next Movement segment. The cavalry is not '
     'bound to follow: its plan ends at 0313.',
     scenario([cav(["0315"]), inf()], rules="premier-2017"),
     ["fr-cav", "--path", "0314,0313", "--target", "au-inf", "--response", "stand", "--dice",
      "51"],
     {"/summary": "target:au-inf stand:fail", "/units/1/after/hexes": ["0309"],
      "/units/1/after/state": "disordered", "/obligations/0/kind": "no_voluntary_move",
      "/obligations/0/unit": "au-inf"}, stdout_has=[rule("R-CHG-6")])

case('charge-R-CHG-6-stand-fail-pgd-2017', 'R-CHG-6',
     'Already disordered: stand only; modifiers -3 (heavy cavalry) and -3 (disordered, R-MOR-3); '
     'roll 53: index 26 - 6 = 20 = 43, fails: PGD; a charge rout of one die of hexes: 4, to '
     '0308. Recall die 5: recalled; it follows: 0312, 0311, 0310, 0309 = 4 hexes to contact: one '
     'increment per hex, 4 lost; then the melee; 2 + 4 = 6 MP.',
     scenario([cav(["0315"]), inf(state="disordered")], rules="premier-2017"),
     ["fr-cav", "--path", "0314,0313", "--target", "au-inf", "--answers", "follow", "--dice",
      "53,4,5"],
     {"/summary": "target:au-inf stand:fail rout:4 recall:yes follow trample:4 melee:au-inf",
      "/mp_spent": 6, "/units/1/after/hexes": ["0308"], "/units/1/after/losses": 4,
      "/units/0/after/hexes": ["0309"], "/obligations/0/kind": "no_voluntary_move"})

case('charge-R-CHG-6-carre-dd-three-hexes', 'R-CHG-6',
     'premier-2017 carré roll at 2 hexes, roll 44: DD; it moves exactly 3 hexes away (0309) and '
     'stays DD. The cavalry carries on with its plan (R-CHG-20): 0313, 0312, 0311, 0310 next to '
     '0309: contact, melee; 5 MP.',
     scenario([cav(["0315"]), inf()], rules="premier-2017"),
     ["fr-cav", "--path", "0314,0313,0312,0311,0310", "--target", "au-inf", "--response",
      "carre", "--dice", "44"],
     {"/summary": "target:au-inf carre:DD melee:au-inf", "/mp_spent": 5,
      "/units/1/after/hexes": ["0309"], "/units/1/after/state": "disordered",
      "/obligations/0/kind": "no_voluntary_move"}, stdout_has=["exactly 3 hexes"])

case('charge-R-CHG-6-charge-rout-die-follow', 'R-CHG-6',
     'Roll 62: PGD; rout die 3: 0311, 0310, 0309. Recall die 6: recalled; follow: 0313, 0312, '
     '0311, 0310 = 4 hexes to contact: 4 increments eliminated (one per hex moved to contact).',
     scenario([cav(["0315"]), inf()], rules="premier-2017"),
     ["fr-cav", "--path", "0314,0313", "--target", "au-inf", "--response", "carre", "--answers",
      "follow", "--dice", "62,3,6"],
     {"/summary": "target:au-inf carre:PGD rout:3 recall:yes follow trample:4 melee:au-inf",
      "/mp_spent": 5, "/units/1/after/hexes": ["0309"], "/units/1/after/losses": 4},
     stdout_has=["routs one die of hexes: 3"])

case('charge-R-CHG-16-recall-failed-half-melee', 'R-CHG-16',
     'Roll 62: PGD; rout die 2: to 0310. Recall die 1 fails: the cavalry must get next to it: '
     '0313, 0312, 0311 (next to 0310) and melee it at x1/2; after all melees it is PGD in place.',
     scenario([cav(["0315"]), inf()], rules="premier-2017"),
     ["fr-cav", "--path", "0314,0313", "--target", "au-inf", "--response", "carre", "--dice",
      "62,2,1"],
     {"/summary": "target:au-inf carre:PGD rout:2 recall:no engage:au-inf melee:au-inf",
      "/mp_spent": 4, "/obligations/0/kind": "no_voluntary_move",
      "/obligations/1/kind": "rout_in_place", "/obligations/2/kind": "melee",
      "/obligations/2/melee_times": "1/2", "/obligations/3/kind": "exhausted"},
     stdout_has=[rule("R-CHG-16")])

case('charge-R-CHG-20-carre-2017', 'R-CHG-20',
     'premier-2017 carré roll 43: CARRE; as in R-CHG-3 the cavalry closes and enters: 3 MP.',
     scenario([cav(["0315"]), inf()], rules="premier-2017"),
     ["fr-cav", "--path", "0314,0313", "--target", "au-inf", "--response", "carre", "--dice",
      "43"],
     {"/summary": "target:au-inf carre:CARRE melee:au-inf", "/mp_spent": 3,
      "/units/0/after/hexes": ["0312"]})

# ---- recall clauses (42): R-CHG-5, R-CHG-6, R-CHG-15..17 ----------------------------------
case('charge-R-CHG-17-recalled-moves-on-2018', 'R-CHG-17',
     'Seed 001: "If the cavalry recalls, it may move on". At 0315 the offer (3 hexes) is declined; '
     'at 0314 (1 MP) au-inf is declared the target and attempts carré: column row 2, roll 62 in '
     'PGD 62-66; it routs 10 hexes, 0311..0302. Recall die 4 in 3-6: recalled. The player goes '
     'on with the plan: 0313, 0312, 0311 (1 MP each): 4 MP in all, 9 hexes from the routed unit: '
     'no contact, no trample; 4 < 10 printed: no rout in place.',
     scenario([cav(["0315"]), inf()]),
     ["fr-cav", "--path", "0314,0313,0312,0311", "--answers", "wait,continue", "--target",
      "au-inf", "--response", "carre", "--dice", "62,4"],
     {"/summary": "target:au-inf carre:PGD recall:yes continue no-contact", "/mp_spent": 4,
      "/contact": False, "/obligations": [], "/units/0/after/hexes": ["0311"],
      "/units/1/after/hexes": ["0302"], "/units/1/after/losses": 0,
      "/decisions/3/decision": "follow", "/decisions/3/key": "continue"},
     stdout_has=["recalled fr-cav: continue", rule("R-CHG-17")])

case('charge-R-CHG-17-recalled-discretion-2017', 'R-CHG-17',
     'Seed 002: recalled, the cavalry "may expend remaining movement points at the phasing '
     'player\'s discretion including moving adjacent to the routing infantry", eliminating one '
     'increment "for every hex while moving to contact". premier-2017, at 0314 (1 MP): carré roll '
     '62, PGD; rout die 2: 0311, 0310. Recall die 5: recalled. The player goes on with the plan '
     '(not "follow"): 0313, 0312, 0311 = 3 hexes since the recall; 0311 is next to 0310: contact, '
     '3 increments eliminated (8 - 3 = 5 left), then the melee (no defensive fire from a routed '
     'unit); 4 MP spent.',
     scenario([cav(["0315"]), inf()], rules="premier-2017"),
     ["fr-cav", "--path", "0314,0313,0312,0311", "--answers", "continue", "--target", "au-inf",
      "--response", "carre", "--dice", "62,2,5"],
     {"/summary": "target:au-inf carre:PGD rout:2 recall:yes continue trample:3 melee:au-inf",
      "/mp_spent": 4, "/contact": True, "/units/0/after/hexes": ["0311"],
      "/units/1/after/hexes": ["0310"], "/units/1/after/losses": 3,
      "/units/1/after/strength": 5, "/obligations/0/kind": "no_voluntary_move",
      "/obligations/1/kind": "melee", "/obligations/1/other": "au-inf",
      "/obligations/2/kind": "exhausted"},
     stdout_has=["one increment of au-inf destroyed for every hex moved to contact: 3"])

case('charge-R-CHG-16-recall-failed-other-enemy-first', 'R-CHG-16',
     'premier-2017, the guns au-gun in the side hex 0409 (03RR to 0409: max(1, |RR-9|, |RR-10|) '
     'hexes). At 0314 (1 MP): carré roll 62, PGD; rout die 6: 0311..0306. Recall die 1, not in '
     '3-6: the cavalry must get next to au-inf (no cap) and melee the first enemy it comes next '
     'to: 0313 (4 hexes from 0409), 0312 (3), 0311 (2), 0310 (1): au-gun, met before au-inf '
     '(0310 is 4 hexes from 0306). It attacks the guns at x1/2; the guns (front hexside S, fire '
     '8) fire first; after all melees the cavalry is PGD in place. 5 MP.',
     scenario([cav(["0315"]), inf(), gun(hexes=("0409",))], rules="premier-2017",
              mapd=corridor(cells={(4, 9): '.'})),
     ["fr-cav", "--path", "0314,0313", "--target", "au-inf", "--response", "carre", "--dice",
      "62,6,1"],
     {"/summary": "target:au-inf carre:PGD rout:6 recall:no engage:au-gun melee:au-gun",
      "/mp_spent": 5, "/units/0/after/hexes": ["0310"], "/units/1/after/hexes": ["0306"],
      "/obligations/0/kind": "no_voluntary_move", "/obligations/1/kind": "rout_in_place",
      "/obligations/1/unit": "fr-cav", "/obligations/2/kind": "defensive_fire",
      "/obligations/2/unit": "au-gun", "/obligations/3/kind": "melee",
      "/obligations/3/other": "au-gun", "/obligations/3/melee_times": "1/2",
      "/obligations/4/kind": "exhausted"},
     stdout_has=["not recalled, meets au-gun and attacks it", rule("R-CHG-16")])

case('charge-R-CHG-5-recall-only-once', 'R-CHG-5',
     'Seed 001: "Cavalry may attempt to recall only once during the charge". Roll 62: PGD, au-inf '
     'routs to 0302; recall die 2 fails. The dice hold a third value, 6, which a second attempt '
     'would take (and pass): none is made. The journal holds the declined offer, the two '
     'standing answers (sides by index), the carré roll and one recall die; the pursuit ends as in the 5 MP case '
     '(0307, 8 MP).',
     scenario([cav(["0315"]), inf()]),
     ["fr-cav", "--path", "0314,0313", "--answers", "wait", "--target", "au-inf", "--response",
      "carre", "--dice", "62,2,6"],
     {"/summary": "target:au-inf carre:PGD recall:no no-contact", "/mp_spent": 8,
      "/units/0/after/hexes": ["0307"],
      "/journal/entries": [
          {"decision": "carre", "side": 1, "subject": "au-inf", "key": "wait",
           "by": "player"},
          {"decision": "target", "side": 0, "subject": "au-inf", "key": "target",
           "by": "standing"},
          {"decision": "response", "side": 1, "subject": "au-inf", "key": "carre",
           "by": "standing"},
          {"die": "roll", "value": 62, "purpose": "carre roll"},
          {"die": "die", "value": 2, "purpose": "recall"}]},
     stdout_has=["rolls recall: 2 +0 = 2, range 3-6: not recalled"])

case('charge-R-MOR-5-routed-cavalry-minus-6', 'R-MOR-5',
     'Cavalry routed by a charge (in place after a failed premier-2017 recall, R-CHG-16, or after '
     'spending its printed MP without contact, R-CHG-23) checks morale at -6. Morale 33: passes '
     'when index(roll) - 6 > index(33) = 14, i.e. index >= 21 = roll 44: indexes 21..35, 15 of '
     '36 = 5/12. Roll 43: 20 - 6 = 14 = 33, not greater: fails; it stays routed.',
     scenario([cav(["0315"], state="routed"), inf()]),
     ["fr-cav", "--dice", "43"],
     {"/modifier": -6, "/modifiers": [{"rule": "R-MOR-5", "reason": "routed", "value": -6}],
      "/need": 44, "/p_pass_exact": "5/12", "/modified": 33, "/passed": False,
      "/new_state": "routed"},
     command="morale")

# ---- leaders and a charge (R-CHG-27) -------------------------------------------------------
def ldr(id="au-ldr", hexes=("0312",), side="austrian"):
    return {"id": id, "side": side, "arm": "leader", "bonus": {"morale": 1}, "hexes": list(hexes)}

case('charge-R-CHG-27-left-alone-then-captured', 'R-CHG-27',
     'Saxon infantry (no carré table) with its leader au-ldr (+1 morale) stands. At contact '
     '(0313, 2 MP) the check: morale 44, heavy cavalry -3, leader +1: -2; roll 46: index 23 - 2 = '
     '21 = 44, not above 44: fails, PGD. No trample (the player answers 0). It routs 10 hexes to '
     '0302; its leader stays in 0312, alone (a leader never retreats before a charge). Recall die '
     '2 fails: the cavalry must go to the hex the routed unit left, 0312 (3 MP), where it captures '
     'the unescorted leader, then 5 more: 0311..0307, 8 MP.',
     scenario([cav(["0315"]), inf(nation="saxon"), ldr()]),
     ["fr-cav", "--path", "0314,0313", "--target", "au-inf", "--answers", "0", "--dice", "46,2"],
     {"/summary": "target:au-inf stand:fail alone:au-ldr recall:no captured:au-ldr",
      "/mp_spent": 8, "/units/0/after/hexes": ["0307"], "/units/1/after/hexes": ["0302"],
      "/units/2/id": "au-ldr", "/units/2/eliminated": True},
     stdout_has=["au-ldr is left alone in 0312: its units moved away",
                 "au-ldr, unescorted in 0312, is captured as fr-cav enters his hex (7)",
                 rule("R-CHG-27")])

case('charge-R-CHG-27-units-eliminated-leader-moves', 'R-CHG-27',
     'A routed target with 2 increments left (8, 6 lost) and its leader. Contact at 0313 (2 MP, '
     '13 left): the player tramples 4 MP, 2 increments: eliminated. Its leader, alone, moves to '
     'the nearest hex free of the enemy and its zones of influence: 0312 itself is in the zone of '
     'the cavalry (0313 faces 12: its front hexsides N, NE, NW lead to 0312, 0412, 0212); at one '
     'hex, 0311 is clear and outside it, 0313 holds the cavalry, the others are river: 0311, no '
     'choice. No melee (the target is gone); 6 MP.',
     scenario([cav(["0315"]), inf(state="routed", losses=6), ldr()]),
     ["fr-cav", "--path", "0314,0313", "--target", "au-inf", "--answers", "4"],
     {"/summary": "target:au-inf trample:2 eliminated:au-inf alone:au-ldr moves:au-ldr:0311",
      "/mp_spent": 6, "/obligations": [], "/units/1/eliminated": True,
      "/units/2/id": "au-ldr", "/units/2/after/hexes": ["0311"]},
     stdout_has=["au-ldr moves from 0312 to 0311, the nearest hex free of the enemy"])

case('charge-R-CHG-27-surrender-captures-leader', 'R-CHG-27',
     'Light cavalry (14 MP; +3 on the carré roll) and a leader with the infantry (-6): -3. The '
     'corridor is closed at 0306 (river): from 0312 only 5 hexes lead away. Offer at 4 hexes '
     'declined; at 3 hexes in line: line row 3, roll 65: index 34 - 3 = 31 = 62, PGD 62-66, not '
     'the target: a rout of exactly 10 hexes, impossible: it surrenders (R-RET-5), and its '
     'leader is captured with it. The plan goes on to 0314: 2 MP, no contact.',
     scenario([cav(["0316"], movement=14), inf(formation="line", facing=7), ldr()],
              mapd=corridor(cells={(3, 6): 'R'})),
     ["fr-cav", "--path", "0315,0314", "--answers", "wait,carre", "--dice", "65"],
     {"/summary": "carre[au-inf]:PGD surrender:au-inf alone:au-ldr captured:au-ldr no-contact",
      "/mp_spent": 2, "/units/1/eliminated": True, "/units/2/eliminated": True},
     stdout_has=["au-ldr, in 0312, is captured: his units surrendered (7)"])

case('charge-R-CHG-27-lone-leader-does-not-stop', 'R-CHG-27',
     'An Austrian leader stands alone in 0313 before the charge: no formation, so no declaration '
     'and no stop; the cavalry entering his hex captures him (7) and goes on to 0312: 3 MP.',
     scenario([cav(["0315"]), ldr(hexes=("0313",))]),
     ["fr-cav", "--path", "0314,0313,0312"],
     {"/summary": "captured:au-ldr no-contact", "/mp_spent": 3, "/decisions": [],
      "/units/0/after/hexes": ["0312"], "/units/1/eliminated": True})

# ---- artillery alone (R-CHG-21) ------------------------------------------------------------
case('charge-R-CHG-21-guns-front-pass', 'R-CHG-21',
     'Lone unlimbered guns facing 6 (S); the cavalry reaches 0313, their S neighbour: a front '
     'hexside. Morale check, no chart modifiers: roll 45 > 44 passes: defensive fire, then melee.',
     scenario([cav(["0315"]), gun()]),
     ["fr-cav", "--path", "0314,0313", "--target", "au-gun", "--dice", "45"],
     {"/summary": "target:au-gun guns:pass melee:au-gun", "/obligations/0/kind": "defensive_fire",
      "/obligations/1/kind": "melee"}, stdout_has=["through a front hexside"])

case('charge-R-CHG-21-guns-flank-no-fire', 'R-CHG-21',
     'Guns facing 2 (NE): the S hexside is 4 hours from 2: a flank (front = the faced hexside and '
     'its neighbours). Roll 45 passes: melee only, no defensive fire (41).',
     scenario([cav(["0315"]), gun(facing=2)]),
     ["fr-cav", "--path", "0314,0313", "--target", "au-gun", "--dice", "45"],
     {"/summary": "target:au-gun guns:pass melee:au-gun", "/obligations/0/kind": "melee",
      "/obligations/1/kind": "exhausted"}, stdout_has=["through a flank hexside"])

case('charge-R-CHG-21-guns-fail-eliminated', 'R-CHG-21',
     'Roll 44, not above 44: the guns fail and are eliminated; the charge goes on over their hex '
     '0312 to 0311 (4 MP), having made contact: no rout in place, no melee.',
     scenario([cav(["0315"]), gun()]),
     ["fr-cav", "--path", "0314,0313,0312,0311", "--target", "au-gun", "--dice", "44"],
     {"/summary": "target:au-gun guns:fail eliminated:au-gun", "/mp_spent": 4,
      "/contact": True, "/units/1/eliminated": True, "/units/0/after/hexes": ["0311"]})

case('charge-R-CHG-21-limbered-stands', 'R-CHG-21',
     'Limbered guns alone are charged as infantry without the carré: they stand (no decision); '
     'stand check roll 52: 25 - 3 = 22 = 45 > 44, passes; limbered guns give no defensive fire.',
     scenario([cav(["0315"]), gun(formation="limbered")]),
     ["fr-cav", "--path", "0314,0313", "--target", "au-gun", "--dice", "52"],
     {"/summary": "target:au-gun stand:pass melee:au-gun", "/obligations/0/kind": "passed_premelee",
      "/obligations/1/kind": "melee"}, stdout_has=["lone limbered guns stand as infantry"])

case('charge-R-CHG-22-skirmishers-rout', 'R-CHG-22',
     'Skirmishers neither stand nor form carré: at contact (0313, 2 MP) the cavalry may trample '
     'first (2 MP an increment; the player spends 2: 1 increment), then they rout 10 hexes to 0302; '
     'no recall; the plan is over.',
     scenario([cav(["0315"]), inf(id="au-skr", formation="skirmish", facing=7, increments=4,
                                  fire=4, melee=8)]),
     ["fr-cav", "--path", "0314,0313", "--target", "au-skr", "--answers", "2"],
     {"/summary": "target:au-skr trample:1", "/mp_spent": 4, "/units/1/after/losses": 1,
      "/units/1/after/hexes": ["0302"], "/obligations": []})

case('charge-R-CHG-22-cavalry-target', 'R-CHG-22',
     'Enemy cavalry as the target makes no stand check (38.11): contact at 0313, then the melee; '
     'cavalry with fire 0 owes no defensive fire; 2 MP.',
     scenario([cav(["0315"]),
               {"id": "au-hus", "side": "austrian", "arm": "cavalry", "nation": "austrian",
                "class": "hussar", "increments": 6, "fire": 0, "melee": 12, "movement": 14,
                "morale": "34", "formation": "column", "state": "good", "facing": 6,
                "hexes": ["0312"]}]),
     ["fr-cav", "--path", "0314,0313", "--target", "au-hus"],
     {"/summary": "target:au-hus melee:au-hus", "/mp_spent": 2, "/obligations/0/kind": "melee",
      "/obligations/1/kind": "exhausted"}, stdout_has=["cavalry does not check to stand against a charge"])

case('charge-R-CHG-12-routed-target', 'R-CHG-12',
     'A target routed before the charge is not offered carré and makes no check: at contact '
     '(0313, 2 MP, 13 left) the cavalry may trample it at 2 MP an increment; the player spends 6: '
     '3 increments; then the melee (a routed unit gives no defensive fire).',
     scenario([cav(["0315"]), inf(state="routed")]),
     ["fr-cav", "--path", "0314,0313", "--target", "au-inf", "--answers", "6"],
     {"/summary": "target:au-inf trample:3 melee:au-inf", "/mp_spent": 8,
      "/units/1/after/losses": 3, "/obligations/0/kind": "melee"},
     stdout_has=["routed already: no check"])

# ---- rout paths and decisions (R-CHG-24, R-CHG-25, R-CHG-7) -----------------------------------
FORK = corridor(cells={(2, 2): '.', (4, 2): '.'})
case('charge-R-CHG-24-rout-end-choice', 'R-CHG-24',
     'A fork at the end of the corridor: from 0303 (the 9th hex) the 10th may be 0302, 0202 (NW) '
     'or 0402 (NE); each is 12 hexes from the cavalry in 0315, so all are optimal. The owner '
     'chooses where the rout ends: the options are those three hexes.',
     scenario([cav(["0316"]), inf(formation="line", facing=7)], mapd=FORK),
     ["fr-cav", "--path", "0315,0314", "--answers", "wait,carre", "--dice", "62"],
     exit=2, use_json=False,
     stderr_has=["where does it end?", ") 0202", ") 0302", ") 0402"])

case('charge-R-CHG-24-rout-end-chosen', 'R-CHG-24',
     'The same rout; its owner answers 0402: au-inf ends there.',
     scenario([cav(["0316"]), inf(formation="line", facing=7)], mapd=FORK),
     ["fr-cav", "--path", "0315,0314", "--answers", "wait,carre,0402", "--dice", "62"],
     {"/units/1/after/hexes": ["0402"], "/decisions/2/decision": "path",
      "/decisions/2/key": "0402"})

FAN = scenario([cav(["1807"], facing=10), inf(hexes=("1407",), facing=4)],
               mapd=fan_map(LEGEND, 'R', 'cliff', cols=18, also={(15, 7), (16, 7), (17, 7),
                                                                  (18, 7)}))
FAN["charts"]["hexsides"]["cliff"] = dict(mv(None, None, None), los="clear")
case('charge-R-CHG-24-rout-end-past-kept-paths', 'R-CHG-24',
     'The fan (tests/tools/fan_map.py), with row 7 open east of 1407 to 1807: fr-cav in 1807 '
     '(facing 10) charges along 1707 (NW), 1607 (SW). au-inf in 1407 (column) sees it 4 and 3 '
     'hexes away and waits; at 1607, 2 hexes away, fr-cav declares it the target and it attempts '
     'carre: roll 62 on the column row at 2 hexes: PGD. au-inf routs 10 hexes into the fan, '
     'away from fr-cav in 1607 (the fan lies in its cone too: each step is one hex farther, every '
     'end 12 hexes away): 1024 optimal paths, ends 0402 to 0412, all offered. The owner answers '
     '0412, whose only path is the 1024th in label order: au-inf goes SW ten times, ' +
     ' '.join(TO_0412) + ', facing 8 (its last step, R-RET-11). Recall die 3 (range 3-6): '
     'recalled, fr-cav halts in 1607.',
     FAN, ["fr-cav", "--path", "1707,1607", "--answers", "wait,wait,target,carre,0412,halt",
           "--dice", "62,3"],
     {"/summary": "target:au-inf carre:PGD recall:yes halt no-contact",
      "/units/1/after/hexes": ["0412"], "/units/1/after/facing": 8,
      "/units/1/after/state": "routed", "/decisions/4/decision": "path",
      "/decisions/4/key": "0412"})
case('charge-R-CHG-24-rout-end-past-kept-paths-offered', 'R-CHG-24',
     'The rout of rout-end-past-kept-paths unanswered: the options are the eleven ends of its '
     '1024 optimal paths, 0402 (the automatic choice: all ends are 12 hexes from fr-cav, the '
     'first path in label order ends there) to 0412. No answer: exit 2.',
     FAN, ["fr-cav", "--path", "1707,1607", "--answers", "wait,wait,target,carre",
           "--dice", "62,3"], exit=2, use_json=False,
     stderr_has=["au-inf rout: 10 hexes along one of 1024 best paths; where does it end?",
                 "1) 0402         end in 0402  (auto)", "11) 0412         end in 0412"])

case('charge-R-CHG-7-decision-needed', 'R-CHG-7',
     'premier-2018: from 0315 the infantry 3 hexes away may attempt carré; nobody answered and '
     'stdin is no terminal: exit 2 with the options.',
     scenario([cav(["0315"]), inf()]), ["fr-cav", "--path", "0314,0313"], exit=2, use_json=False,
     stderr_has=["au-inf sees fr-cav 3 hexes away and is not its target: attempt carré now?",
                 ") carre", ") wait"])

case('charge-R-CHG-7-bad-answer', 'R-CHG-7',
     'An answer that is not an option is a usage error.',
     scenario([cav(["0315"]), inf()]), ["fr-cav", "--path", "0314,0313", "--answers", "maybe"],
     exit=2, use_json=False, stderr_has=['"maybe" is not one of the options above'])

case('charge-R-CHG-25-auto-declares', 'R-CHG-25',
     'In --auto mode the declaration takes the formation the plan ends next to (0313 is next to '
     '0312): target; the response takes carré; roll 43: CARRE.',
     scenario([cav(["0314"]), inf()]), ["fr-cav", "--path", "0313", "--auto", "--dice", "43"],
     {"/decisions/0/decision": "target", "/decisions/0/key": "target", "/decisions/0/by": "auto",
      "/decisions/1/key": "carre", "/summary": "target:au-inf carre:CARRE melee:au-inf"},
     stdout_has=[rule("R-CHG-25")])

case('charge-R-CHG-26-journal', 'R-CHG-26',
     'The journal lists the decisions and rolls in order: the offer declined, the declaration, the '
     'response, the carré roll 43.',
     scenario([cav(["0315"]), inf()]),
     ["fr-cav", "--path", "0314,0313", "--answers", "wait,target,carre", "--dice", "43"],
     {"/journal/format": "labataille-journal/1", "/journal/entries/0/decision": "carre",
      "/journal/entries/0/key": "wait", "/journal/entries/1/decision": "target",
      "/journal/entries/2/decision": "response", "/journal/entries/3/die": "roll",
      "/journal/entries/3/value": 43, "/journal/entries/3/purpose": "carre roll"})

# ---- exact odds (R-DICE-4) -----------------------------------------------------------------
case('charge-R-DICE-4-odds-carre-row', 'R-DICE-4',
     'From 0314 (2 hexes) au-inf is declared the target and attempts carré (column row 2, no '
     'modifier). CARRE 11-43: 3 x 6 + 3 = 21 rolls = 21/36 = 7/12. DD 44-61: 3 + 6 + 1 = 10 = '
     '5/18 (contact at 0313 with 14 MP left, automatic trample of min(14 div 3, 8) = 4). PGD '
     '62-66: 5/36, then recall 3-6 = 4/6: 5/36 x 2/3 = 5/54 (follow 0313..0303, 11 MP, 4 left: '
     'trample 2), or 2/6: 5/108 (pursuit 0313, 0312, then 5 MP: 7 MP, no contact). Sum 63 + 30 + '
     '10 + 5 = 108/108.',
     scenario([cav(["0314"]), inf()]),
     ["fr-cav", "--path", "0313", "--target", "au-inf", "--response", "carre", "--auto", "--odds",
      "--dice", "43"],
     {"/odds/by_summary/target:au-inf carre:CARRE melee:au-inf": "7/12",
      "/odds/by_summary/target:au-inf carre:DD trample:4 melee:au-inf": "5/18",
      "/odds/by_summary/target:au-inf carre:PGD recall:yes follow trample:2 melee:au-inf": "5/54",
      "/odds/by_summary/target:au-inf carre:PGD recall:no no-contact": "5/108",
      "/odds/outcomes/0/p": "7/12"})

case('charge-R-DICE-4-odds-stand', 'R-DICE-4',
     'Stand check at 0313: morale 44, modifier -3: passes when roll - 3 > 44, natural 52 or more '
     '(52 - 3 = 45): 52..56 and 61..66 = 5 + 6 = 11 rolls: 11/36. Fail 25/36: trample automatic '
     'maximum, min((15 - 1) div 2, 8) = 7; rout to 0302; recall 4/6 (25/54) or 2/6 (25/108); either '
     'way no MP is left to move. 33 + 50 + 25 = 108/108.',
     scenario([cav(["0314"]), inf(nation="saxon")]),
     ["fr-cav", "--path", "0313", "--target", "au-inf", "--auto", "--odds", "--dice", "52"],
     {"/odds/by_summary/target:au-inf stand:pass melee:au-inf": "11/36",
      "/odds/by_summary/target:au-inf stand:fail trample:7 recall:yes follow": "25/54",
      "/odds/by_summary/target:au-inf stand:fail trample:7 recall:no": "25/108"})

case('charge-R-DICE-4-odds-2017-rout-die', 'R-DICE-4',
     'premier-2017 carré from 0314: CARRE 7/12; DD 5/18 (3 hexes away to 0309, the plan ends at '
     '0313, no contact); PGD 5/36 splits by the rout die d (1/6 each) and the recall (4/6, 2/6). '
     'd = 1: to 0311; recalled, it follows 0313, 0312: 2 hexes, trample 2: 5/36 x 1/6 x 4/6 = '
     '20/1296 = 5/324; not recalled it engages it at x1/2: 5/36 x 1/6 x 2/6 = 5/648. d = 6: to '
     '0306, follow 0313..0307 = 7 hexes, trample 7: 5/324.',
     scenario([cav(["0314"]), inf()], rules="premier-2017"),
     ["fr-cav", "--path", "0313", "--target", "au-inf", "--response", "carre", "--auto",
      "--odds", "--dice", "43"],
     {"/odds/by_summary/target:au-inf carre:CARRE melee:au-inf": "7/12",
      "/odds/by_summary/target:au-inf carre:DD no-contact": "5/18",
      "/odds/by_summary/target:au-inf carre:PGD rout:1 recall:yes follow trample:2 melee:au-inf":
          "5/324",
      "/odds/by_summary/target:au-inf carre:PGD rout:1 recall:no engage:au-inf melee:au-inf":
          "5/648",
      "/odds/by_summary/target:au-inf carre:PGD rout:6 recall:yes follow trample:7 melee:au-inf":
          "5/324"})

# ---- unit ids a charge cannot record (R-CHG-26) ------------------------------------------------
LONG = 'fr-cav-' + 'x' * 63  # 70 characters
case('charge-R-CHG-26-unit-id-too-long', 'R-CHG-26',
     'A charge records unit ids in events, decisions and its journal in at most 63 characters '
     '(R-CHG-26); the loader refuses longer ids with their path (scenario-format limits), so the '
     'charge of a 70-character id never starts: the scenario is refused, exit 1, with the id\'s '
     'path and the limit. It used to load and then say "out of memory".',
     scenario([cav(["0315"], id=LONG), inf()]), [LONG, "--path", "0314"], exit=1, use_json=False,
     stderr_has=['/units/0/id: expected a unit id of at most 63 bytes'])

# ---- odds that merge branches, odds that cannot be exact (R-CHG-28) -------------------------
case('charge-R-CHG-28-odds-merged-branches', 'R-CHG-28',
     'premier-2017; the corridor is closed at 0308, so from 0312 only 0311, 0310, 0309 lead away. '
     'Carré roll at 0314: CARRE 11-43 = 21/36 = 7/12; DD 44-61 = 10/36 = 5/18 (3 hexes away to '
     '0309; the plan ends at 0313, 4 hexes off: no contact); PGD 62-66 = 5/36, then the rout die, '
     '1/6 each: d = 1..3 routs d hexes; d = 4, 5, 6 finds no path of d hexes: it surrenders. The '
     'three surrenders leave the same state at the recall roll (au-inf gone, the cavalry in 0314): '
     'one node, explored once, 2 branches merged. Recall 3-6 = 4/6: 5/36 x 1/6 x 4/6 = 5/324 (the '
     'routed unit gone, the plan goes on to 0313); 2/6: 5/648. Passes: 1 to the carré roll, 3 '
     'from it, 6 from the rout die, 2 from the recall for each of d = 1, 2, 3 and the surrender: '
     '1 + 3 + 6 + 8 = 18. Sum 21/36 + 10/36 + 5/36 = 1: exact.',
     scenario([cav(["0315"]), inf()], rules="premier-2017", mapd=corridor(cells={(3, 8): 'R'})),
     ["fr-cav", "--path", "0314,0313", "--target", "au-inf", "--response", "carre", "--auto",
      "--odds", "--dice", "43"],
     {"/odds/exact": True, "/odds/stopped": None, "/odds/covered": "1", "/odds/runs": 18,
      "/odds/merged": 2,
      "/odds/by_summary/target:au-inf carre:CARRE melee:au-inf": "7/12",
      "/odds/by_summary/target:au-inf carre:DD no-contact": "5/18",
      "/odds/by_summary/target:au-inf carre:PGD rout:4 surrender:au-inf recall:yes continue "
      "no-contact": "5/324",
      "/odds/by_summary/target:au-inf carre:PGD rout:6 surrender:au-inf recall:no no-contact":
          "5/648",
      "/odds/by_summary/target:au-inf carre:PGD rout:3 recall:yes follow trample:4 melee:au-inf":
          "5/324"})

# ---- chart errors, placed in the file (docs/charts-format.md 11, R-SCN-7) ----------------------
# Each bad file is a charge scenario with one defect in its inline charts; the expected
# FILE:LINE:COL is found here from where the defect was put (the value's first character).
BAD = 'tests/scenarios/bad/'
bad_files = []

def pos(text, anchor, off, after=None):
    start = text.index(after) if after else 0
    assert after or text.count(anchor) == 1, anchor
    i = text.index(anchor, start) + off
    line = text.count('\n', 0, i) + 1
    return line, i - (text.rfind('\n', 0, i) + 1) + 1

def bad_case(name, desc, edit, anchor, off, path, msg, after=None):
    scen = scenario([cav(["0315"]), inf()])
    edit(scen["charts"])
    text = json.dumps(scen, indent=2, ensure_ascii=False) + '\n'
    line, col = pos(text, anchor, off, after)
    fname = BAD + name + '.json'
    bad_files.append((fname, text))
    cases.append(('check-' + name, {
        "ruling": "R-SCN-7", "description": desc, "scenario_file": fname,
        "args": ["check", "{scenario}"], "exit": 1,
        "stderr": ["%s:%d:%d: %s: %s" % (fname, line, col, path, msg)]}))

def gap(ch):
    ch["carre_table"]["t"]["column"]["2"][1]["lo"] = "51"
bad_case('charge-carre-bands-gap', 'A carré band list must cover 11-66, each band starting just '
         'after the one before (charts-format 2.2): column row 2 jumps from 43 to 51.', gap,
         '"lo": "51"', 6, '/charts/carre_table/t/column/2/1/lo',
         'expected the band to start at "44", just after the one before, found "51"')

def recall_hi(ch):
    ch["recall"]["french"]["default"]["hi"] = 7
bad_case('charge-recall-die-range', 'A recall range is a die range 1-6 (charts-format 7.4).',
         recall_hi, '"hi": 7', 6, '/charts/recall/french/default/hi',
         'expected an integer from 1 to 6, found 7')

def replaces(ch):
    ch["stand_modifiers"]["line"]["replaces"] = ["nope"]
bad_case('charge-replaces-unknown', '`replaces` names entries of the same table '
         '(charts-format 10.3).', replaces, '"nope"', 0, '/charts/stand_modifiers/line/replaces/0',
         'expected an entry id of stand_modifiers, found "nope"')

def role(ch):
    ch["recall_modifiers"]["leader"]["when"] = {"defender": {"leader": True}}
bad_case('charge-recall-role', 'recall_modifiers have one role, the attacker (the cavalry, '
         'charts-format 7.4).', role, '"defender": {', 12,
         '/charts/recall_modifiers/leader/when/defender',
         'expected a role of this table (attacker), found "defender"', after='"recall_modifiers"')

# The demo with 31 more battalions like au-ir20-3 stacked in its hex 1204 (issue 11.1).
STACK = 'tests/scenarios/charge-demo-32-battalions.json'
def stack_scenario():
    with open('data/scenarios/demo.json') as f:
        demo = json.load(f)
    model = next(u for u in demo["units"] if u["id"] == "au-ir20-3")
    for k in range(31):
        u = copy.deepcopy(model)
        u["id"] = "au-ir20-3-%d" % k
        demo["units"].append(u)
    demo["title"] = demo["title"] + ", 32 battalions in 1204"
    return json.dumps(demo, indent=2, ensure_ascii=False) + '\n'
bad_files.append((STACK, stack_scenario()))
cases.append(('charge-R-CHG-28-odds-not-exact-32-battalions', {
    "ruling": "R-CHG-28",
    "description": "Issue 11.1: 32 battalions in 1204 are each offered carré at 4 hexes by the "
                   "automatic mode (the demo's chart, light cavalry +3: CARRE 27/36 = 3/4, PGD "
                   "6/36, DD 3/36). The likeliest branch, every one a carré, weighs (3/4)^32 = "
                   "3^32/2^64: its denominator does not fit 64 bits (it aborted under UBSan "
                   "before). 3^32 branches are far more than the budget: the enumeration stops "
                   "after 3000 passes. The answer says so, exit 0.",
    "scenario_file": STACK,
    "args": ["charge", "{scenario}", "fr-8chs", "--path", "0802,0903,1003,1104", "--target",
             "au-ir20-3", "--response", "carre", "--auto", "--odds", "--seed", "7", "--json"],
    "json": {"/odds/exact": False, "/odds/runs": 3000, "/allowed": True},
    "stdout_has": ["their probability needs more than 64-bit fractions",
                   "the enumeration stopped at its budget of 3000 passes or ends"]}))

if __name__ == '__main__':
    for fname, text in bad_files:
        with open(fname, 'w') as f:
            f.write(text)
    names = set()
    for name, c in cases:
        assert name not in names, name
        names.add(name)
        with open(os.path.join(OUT, name + '.json'), 'w') as f:
            json.dump(c, f, indent=2, ensure_ascii=False)
            f.write('\n')
    print(len(cases), 'cases')
