# Writes tests/cases/move-*.json, form-*.json, zoi-*.json and stack-*.json: rule cases of movement
# (R-MOV), formations and facing (R-FORM), zones of influence (R-ZOI) and stacking (R-STACK) on
# small inline scenarios with inline charts, so no module value matters. Every expected value is
# worked out by hand in the case's "description" (neighbours per R-GRID-2: odd columns N (c,r-1),
# NE (c+1,r-1), SE (c+1,r), S (c,r+1), SW (c-1,r), NW (c-1,r-1); even columns NE (c+1,r),
# SE (c+1,r+1), SW (c-1,r+1), NW (c-1,r); roll arithmetic per R-DICE-2), never copied from the
# program. Run from the project root: python3 tests/tools/make_move_cases.py
import copy, json, os

OUT = 'tests/cases/'

def mv(i, c, a):
    return {"move": {"infantry": i, "cavalry": c, "artillery": a}}

CLEAR_STACK = {"infantry_increments": 18, "cavalry_increments": 18, "artillery_increments": 6,
               "infantry_regiments": 1, "cavalry_regiments": 1,
               "combined": [{"infantry_increments": 12, "batteries": 1}],
               "cavalry_regiments_max": 3}

CHARTS = {
    "terrain": {
        "clear": dict(mv(1, 1, 1), los="clear", general_order=False, open=True,
                      stacking=CLEAR_STACK),
        "slope": dict(mv(1, 1, 1), los="clear", general_order=False, open=True,
                      stacking=CLEAR_STACK),
        "rough": dict(mv(2, 2, 2), los="clear", general_order=False, stacking=CLEAR_STACK),
        "woods": dict(mv(3, 5, None), los="blocks", general_order=True,
                      stacking={"infantry_battalions": 1, "cavalry_regiments": 1}),
        "village": dict(mv(3, 3, 3), los="dwelling", general_order=True,
                        road_march_move={"num": 2, "den": 1},
                        stacking={"infantry_battalions": 1, "cavalry_regiments": 1, "batteries": 1,
                                  "combined": [{"infantry_battalions": 1, "batteries": 1}]}),
        "road": dict(mv(1, 1, 1), los="clear", general_order=False, open=True,
                     road_march_move={"num": 1, "den": 2},
                     stacking=dict(CLEAR_STACK, road_march_increments=4)),
        "swamp": dict(mv(4, None, None), los="clear", general_order=False, skirmish_only=True),
        "lake": dict(mv(None, None, None), los="clear", general_order=False),
        "plain": dict(mv(1, 1, 1), los="clear", general_order=False, open=True)},
    "hexsides": {
        "stream": dict(mv(1, 2, 3), los="clear"),
        "slope": dict(mv(2, 3, 4), los="clear"),
        "wall": dict(mv(2, None, None), los="blocks"),
        "bridge": dict(mv(0, 0, 0), los="clear", cancels=["stream"]),
        "ford": dict(mv(0, 1, 2), los="clear", cancels=["stream"])},
    "elevation": {"change_hexside": "slope"},
    "fire_multiples": [
        {"nation": "french", "class": "legere", "formation": "skirmish", "per_hex": 3, "multiple": 3}],
    "limber": {"french": {"a_pied": {"lo": 4, "hi": 6}, "a_cheval": {"lo": 2, "hi": 6},
                          "position": {"lo": 5, "hi": 6}}},
    "limber_modifiers": {"artillery_leader": {"when": {"unit": {"leader": "artillery"}}, "mod": 1}},
    "movement": {"horse_artillery": ["a_cheval"], "no_prolonge": ["position"]}}

LEGEND = {".": "clear", "s": "slope", "r": "rough", "W": "woods", "V": "village", "R": "road",
          "M": "swamp", "L": "lake", "p": "plain"}

def grid(cols, rows, cells=None, fill='.'):
    cells = cells or {}
    return [''.join(cells.get((c, r), fill) for c in range(1, cols + 1)) for r in range(1, rows + 1)]

def mapof(cols=8, rows=8, cells=None, fill='.', elevation=None, hexsides=None):
    m = {"columns": cols, "rows": rows, "terrain": grid(cols, rows, cells, fill), "legend": LEGEND}
    if elevation:
        m["elevation"] = grid(cols, rows, elevation, '0')
    if hexsides:
        m["hexsides"] = [{"hex": h, "side": s, "type": t} for h, s, t in hexsides]
    return m

def unit(id, arm, hexes, side="french", **kw):
    base = {"infantry": dict(nation="french", **{"class": "ligne"}, increments=8, fire=8, melee=24,
                             movement=6, morale="34", formation="column", state="good", facing=12),
            "cavalry": dict(nation="french", **{"class": "hussar"}, increments=6, fire=0, melee=12,
                            movement=12, morale="33", formation="column", state="good", facing=12),
            "artillery": dict(nation="french", **{"class": "a_pied"}, increments=2, fire=6, melee=2,
                              movement=4, morale="44", formation="limbered", state="good",
                              facing=12),
            "leader": {}}[arm]
    u = {"id": id, "side": side, "arm": arm}
    u.update(base)
    if side == "austrian" and arm != "leader":
        u["nation"] = "austrian"
        u["class"] = {"infantry": "linie", "cavalry": "hussar", "artillery": "brigade"}[arm]
    u["hexes"] = list(hexes) if isinstance(hexes, (list, tuple)) else [hexes]
    u.update(kw)
    return u

def inf(id="fr-inf", hexes="0404", **kw):
    return unit(id, "infantry", hexes, **kw)

def cav(id="fr-cav", hexes="0404", **kw):
    return unit(id, "cavalry", hexes, **kw)

def gun(id="fr-gun", hexes="0404", **kw):
    return unit(id, "artillery", hexes, **kw)

def ldr(id="fr-ldr", hexes="0404", **kw):
    return unit(id, "leader", hexes, **kw)

def scenario(units, m=None, charts=None, **kw):
    s = {"format": "labataille-scenario/1", "title": "rule case", "rules": "premier-2018",
         "sides": ["french", "austrian"], "map": m or mapof(),
         "charts": charts or copy.deepcopy(CHARTS), "units": units}
    s.update(kw)
    return s

CASES = []

def case(name, ruling, description, units, args, m=None, json_=None, sets=None, exit=0,
         stderr=None, stderr_has=None, stdout_has=None, charts=None, **kw):
    c = {"ruling": ruling, "description": description,
         "scenario": scenario(units, m, charts, **kw), "args": ["move", "{scenario}"] + args}
    if exit:
        c["exit"] = exit
    if json_ is not None:
        c["args"].append("--json")
        c["json"] = json_
    if sets:
        c["json_sets"] = sets
    if stderr is not None:
        c["stderr"] = stderr
    if stderr_has:
        c["stderr_has"] = stderr_has
    if stdout_has:
        c["stdout_has"] = stdout_has
    CASES.append((name, c))

ROW = lambda s: mapof(len(s), 1, {(i + 1, 1): ch for i, ch in enumerate(s)})

# ---- R-MOV-1 -----------------------------------------------------------------------------------

case("move-R-MOV-1-not-adjacent", "R-MOV-1",
     "fr-inf stands in 0404; 0406 is two hexes south (0404 S 0405 S 0406), not next to it: the "
     "step is refused with R-MOV-1 before any MP is spent.",
     [inf()], ["fr-inf", "--path", "0406"],
     json_={"/legal": False, "/rule": "R-MOV-1", "/refused": 0, "/cost": 0})
case("move-R-MOV-1-unknown-unit", "R-MOV-1",
     "No unit is named nobody: invalid input, exit 1, the reason on stderr.",
     [inf()], ["nobody"], exit=1, stderr=['labataille: unknown unit "nobody"'])
case("move-R-MOV-1-bad-label", "R-MOV-1",
     "0909 is off the 8x8 map: the second entry of --path is not a hex of the map; exit 1.",
     [inf()], ["fr-inf", "--path", "0405,0909"], exit=1,
     stderr=["labataille: --path: expected hex labels of the 8x8 map separated by commas; entry 2 "
             "is not one"])

# ---- R-MOV-2 -----------------------------------------------------------------------------------

case("move-R-MOV-2-spent-record", "R-MOV-2",
     "move_record spent 5/2 of 6 MP leaves 7/2. South over clear (1 each): 0405 total 1, 0406 "
     "total 2, 0407 total 3; 0408 costs 1 with 1/2 left: refused (index 3), cost 3.",
     [inf(move_record={"spent": "5/2", "actions": 1, "steps": 1})],
     ["fr-inf", "--path", "0405,0406,0407,0408"],
     json_={"/legal": False, "/refused": 3, "/rule": "R-MOV-4", "/cost": 3, "/spent": "5/2",
            "/steps/2/total": 3})
case("move-R-MOV-2-halves-kept-round-down", "R-MOV-2",
     "A disordered unit of 5 MP has 5/2 MP (R-MOV-3); \"fractions\": \"round-down\" rounds fire and "
     "melee values only (R-MOR-9), so the allowance stays 5/2. Two clear hexes cost 2: legal.",
     [inf(state="disordered", movement=5)], ["fr-inf", "--path", "0405,0406"],
     json_={"/allowance": "5/2", "/legal": True, "/cost": 2}, fractions="round-down")

# ---- R-MOV-3 -----------------------------------------------------------------------------------

case("move-R-MOV-3-line-minus-two", "R-MOV-3",
     "A 6 MP unit that begins in line (one hex, facing 1) has 6 - 2 = 4 MP even after it leaves "
     "line (T15-7): column costs 1 (total 1), 0405, 0406, 0407 cost 1 each (total 4); 0408 has 0 MP "
     "left: refused at index 4, cost 4.",
     [inf(formation="line", facing=1)], ["fr-inf", "--form", "column", "--path", "0405,0406,0407,0408"],
     json_={"/allowance": 4, "/legal": False, "/refused": 4, "/cost": 4, "/steps/0/facing": 2})
case("move-R-MOV-3-disordered-half", "R-MOV-3",
     "Disordered, 5 printed MP: 5/2 (R-MOR-3). 0405 (1) and 0406 (1) spend 2; 0407 costs 1 with "
     "1/2 left: refused at index 2.",
     [inf(state="disordered", movement=5)], ["fr-inf", "--path", "0405,0406,0407"],
     json_={"/allowance": "5/2", "/legal": False, "/refused": 2, "/cost": 2,
            "/reason": "it costs 1 MP and fr-inf has 1/2 left of its 5/2"})
case("move-R-MOV-3-routed-infantry", "R-MOV-3",
     "A routed unit moves only in flight (R-MOR-4): allowance 0, no step, the path is refused.",
     [inf(state="routed")], ["fr-inf", "--path", "0405"],
     json_={"/allowance": 0, "/may_step": False, "/no_step/rule": "R-MOV-3", "/legal": False,
            "/rule": "R-MOV-3"})
case("move-R-MOV-3-routed-cavalry", "R-MOV-3",
     "Routed cavalry too has 0 MP in the Movement segment (cli.md); its printed rate is its rout "
     "budget (R-RET-3).",
     [cav(state="routed")], ["fr-cav"],
     json_={"/allowance": 0, "/may_step": False, "/no_step/rule": "R-MOV-3", "/reachable_count": 0})
case("move-R-MOV-3-carre-one-hex", "R-MOV-3",
     "A unit that begins in carré has 1 MP (T15-12): it reaches the six clear hexes around 0404 "
     "(even column: N 0403, NE 0504, SE 0505, S 0405, SW 0305, NW 0304), each for 1, and no more.",
     [inf(formation="carre")], ["fr-inf"],
     json_={"/allowance": 1, "/reachable_count": 6, "/reachable/0403": 1, "/reachable/0504": 1,
            "/reachable/0505": 1, "/reachable/0405": 1, "/reachable/0305": 1, "/reachable/0304": 1})
case("move-R-MOV-3-carre-first-formation-change", "R-MOV-3",
     "A carré whose first action is a formation change gets its full 6 MP (T15-12): column facing "
     "12 costs 1, then 0403, 0402, 0401 north cost 3: total 4, legal, allowance 6.",
     [inf(formation="carre", facing=12)], ["fr-inf", "--form", "column:12", "--path", "0403,0402,0401"],
     json_={"/legal": True, "/cost": 4, "/allowance": 6, "/steps/0/cost": 1, "/steps/3/total": 4})

# ---- R-MOV-4 -----------------------------------------------------------------------------------

case("move-R-MOV-4-terrain-costs", "R-MOV-4",
     "One row: 0101 clear, 0201 clear, 0301 rough, 0401 woods. Steps east alternate SE (odd "
     "column) and NE (even): 0201 costs 1, 0301 rough 2, 0401 woods 3 (the column takes general "
     "order there, R-FORM-2): total 6 = its 6 MP, legal.",
     [inf(hexes="0101", facing=4)], ["fr-inf", "--path", "0201,0301,0401"], m=ROW("..rW"),
     json_={"/legal": True, "/cost": 6, "/steps/1/cost": 2, "/steps/2/cost": 3,
            "/steps/2/formation": "general"})
case("move-R-MOV-4-hexside-and-slope", "R-MOV-4",
     "A stream on 0101 SE (+1) and elevation 0, 0, 1, 1: 0101 to 0201 is clear 1 + stream 1 = 2; "
     "0201 to 0301 climbs from 0 to 1, the charts' change hexside slope +2: 1 + 2 = 3; total 5.",
     [inf(hexes="0101", facing=4)], ["fr-inf", "--path", "0201,0301"],
     m=mapof(4, 1, elevation={(3, 1): '1', (4, 1): '1'}, hexsides=[("0101", "SE", "stream")]),
     json_={"/legal": True, "/steps/0/cost": 2, "/steps/1/cost": 3, "/cost": 5})
case("move-R-MOV-4-prohibited-terrain", "R-MOV-4",
     "0201 is a lake, prohibited to every arm: the step is refused with R-MOV-4.",
     [inf(hexes="0101")], ["fr-inf", "--path", "0201"], m=ROW(".L"),
     json_={"/legal": False, "/rule": "R-MOV-4", "/refused": 0})
case("move-R-MOV-4-prohibited-hexside", "R-MOV-4",
     "A wall on 0101 SE is closed to cavalry (null): the hussars may not cross into 0201.",
     [cav(hexes="0101")], ["fr-cav", "--path", "0201"],
     m=mapof(3, 1, hexsides=[("0101", "SE", "wall")]),
     json_={"/legal": False, "/rule": "R-MOV-4", "/refused": 0})
case("move-R-MOV-4-ford-and-bridge", "R-MOV-4",
     "Cavalry: 0101 SE is a ford (+1 for cavalry): 1 + 1 = 2; 0201 NE is a bridge (+0): 1; total "
     "3.",
     [cav(hexes="0101")], ["fr-cav", "--path", "0201,0301"],
     m=mapof(3, 1, hexsides=[("0101", "SE", "ford"), ("0201", "NE", "bridge")]),
     json_={"/legal": True, "/steps/0/cost": 2, "/steps/1/cost": 1, "/cost": 3})
case("move-R-MOV-4-road-march", "R-MOV-4",
     "Road march along the road: road to road 1/2 each (0201, 0301, 0401: total 3/2); the village "
     "0501 on the road at its road-march rate 2 (total 7/2); into clear 0601, off the road, the "
     "terrain's 1: total 9/2. The unit stays in road march.",
     [inf(hexes="0101", formation="road", facing=4)], ["fr-inf", "--path", "0201,0301,0401,0501,0601"],
     m=ROW("RRRRV."),
     json_={"/legal": True, "/steps/0/cost": "1/2", "/steps/2/total": "3/2", "/steps/3/cost": 2,
            "/steps/3/formation": "road", "/steps/4/cost": 1, "/cost": "9/2"})
case("move-R-MOV-4-road-march-reach", "R-MOV-4",
     "The same road: road march reaches 0201 for 1/2, 0301 for 1, 0401 for 3/2 (exact halves).",
     [inf(hexes="0101", formation="road", facing=4)], ["fr-inf"], m=ROW("RRRR"),
     json_={"/reachable/0201": "1/2", "/reachable/0301": 1, "/reachable/0401": "3/2"})
case("move-R-MOV-4-no-minimum-move", "R-MOV-4",
     "A 2 MP unit may not enter woods costing 3: no minimum move (R-MOV-4).",
     [inf(hexes="0101", movement=2)], ["fr-inf", "--path", "0201"], m=ROW(".W"),
     json_={"/legal": False, "/rule": "R-MOV-4", "/reason": "it costs 3 MP and fr-inf has 2 left of its 2"})

# ---- R-MOV-5 -----------------------------------------------------------------------------------

for hold, what in (("retreated", "it retreated before melee"), ("charge", "a charge holds it")):
    case("move-R-MOV-5-hold-" + hold, "R-MOV-5",
         "move_record hold \"%s\": %s, so this segment's allowance is 0 and no step is taken." % (hold, what),
         [inf(move_record={"hold": hold})], ["fr-inf", "--path", "0405"],
         json_={"/allowance": 0, "/may_step": False, "/no_step/rule": "R-MOV-5", "/legal": False,
                "/rule": "R-MOV-5"})
case("move-R-MOV-5-charged-cavalry", "R-MOV-5",
     "Cavalry that charged this turn does not move too (35.1): hold \"charged\", allowance 0.",
     [cav(move_record={"hold": "charged"})], ["fr-cav"],
     json_={"/allowance": 0, "/no_step/rule": "R-MOV-5"})
case("move-R-MOV-5-hold-next-later", "R-MOV-5",
     "hold_next holds the side's next segment, not this one: 6 MP, 0405 costs 1.",
     [inf(move_record={"hold_next": "retreated"})], ["fr-inf", "--path", "0405"],
     json_={"/allowance": 6, "/legal": True, "/cost": 1})

# ---- R-MOV-6 -----------------------------------------------------------------------------------

case("move-R-MOV-6-face-costs-one", "R-MOV-6",
     "Facing 12 to 6 costs 1 MP (T16-2), then 0405 costs 1: total 2.",
     [inf()], ["fr-inf", "--face", "6", "--path", "0405"],
     json_={"/legal": True, "/steps/0/action": "face", "/steps/0/cost": 1, "/steps/0/facing": 6,
            "/cost": 2})
case("move-R-MOV-6-move-without-facing", "R-MOV-6",
     "A column facing 12 steps south twice (away from its front) for 1 each, keeping facing 12.",
     [inf()], ["fr-inf", "--path", "0405,0406"],
     json_={"/legal": True, "/cost": 2, "/steps/1/facing": 12})
case("move-R-MOV-6-wrong-kind", "R-MOV-6",
     "A column faces a hexside (an even hour): facing 3, a vertex, is refused.",
     [inf()], ["fr-inf", "--face", "3"], json_={"/legal": False, "/rule": "R-MOV-6"})
case("move-R-MOV-6-line-faces-about", "R-MOV-6",
     "A line in 0404 and 0505 (even column 0404 SE is 0505: the axis of facing 1) faces about to "
     "7 for 1 MP.",
     [inf(formation="line", facing=1, hexes=["0404", "0505"], increments=10)], ["fr-inf", "--face", "7"],
     json_={"/legal": True, "/cost": 1, "/steps/0/facing": 7})
case("move-R-MOV-6-line-no-wheel", "R-MOV-6",
     "The same two-hex line may not face 3: only about (7); otherwise it forms anew.",
     [inf(formation="line", facing=1, hexes=["0404", "0505"], increments=10)], ["fr-inf", "--face", "3"],
     json_={"/legal": False, "/rule": "R-MOV-6"})
case("move-R-MOV-6-carre-faces-all", "R-MOV-6",
     "A carré faces every way: a facing change is refused.",
     [inf(formation="carre")], ["fr-inf", "--face", "6"], json_={"/legal": False, "/rule": "R-MOV-6"})

# ---- R-MOV-7 -----------------------------------------------------------------------------------

case("move-R-MOV-7-line-steps-whole", "R-MOV-7",
     "A line in 0404 and 0505 (10 increments, 6 MP, began in line: 4) steps north: 0404 to 0403 "
     "clear 1; 0505 to 0504 climbs from 0 to 1 (slope +2): 3. The step costs the dearer, 3, and "
     "the line stands in 0403 and 0504.",
     [inf(formation="line", facing=1, hexes=["0404", "0505"], increments=10)], ["fr-inf", "--path", "0403"],
     m=mapof(elevation={(5, 4): '1'}, cells={(5, 4): 's'}),
     json_={"/legal": True, "/allowance": 4, "/steps/0/cost": 3, "/steps/0/hexes": ["0403", "0504"]})
case("move-R-MOV-7-line-open-only", "R-MOV-7",
     "The same line stepping north would put its second hex in rough 0504: a line stands only in "
     "open terrain (R-FORM-2).",
     [inf(formation="line", facing=1, hexes=["0404", "0505"], increments=10)], ["fr-inf", "--path", "0403"],
     m=mapof(cells={(5, 4): 'r'}), json_={"/legal": False, "/rule": "R-FORM-2"})

# ---- R-MOV-8 -----------------------------------------------------------------------------------

case("move-R-MOV-8-enemy-hex", "R-MOV-8",
     "au-inf in 0403 faces 12 (fronts N, NE, NW: 0404 is behind it, outside its zone); fr-inf may "
     "not enter 0403, which holds an enemy.",
     [inf(), inf("au-inf", "0403", side="austrian")], ["fr-inf", "--path", "0403"],
     json_={"/legal": False, "/rule": "R-MOV-8", "/refused": 0})
case("move-R-MOV-8-cavalry-onto-carre", "R-MOV-8",
     "Cavalry may enter an enemy carré's hex (T16-3) and end there to melee it: leaving 0404, next "
     "to the carré in 0403, raises the carré's opportunity fire (R-ZOI-4), entering raises the "
     "carré event; 1 MP, legal.",
     [cav(), inf("au-inf", "0403", side="austrian", formation="carre")], ["fr-cav", "--path", "0403"],
     json_={"/legal": True, "/cost": 1, "/steps/0/events/0/kind": "opportunity_fire",
            "/steps/0/events/0/units": ["au-inf"], "/steps/0/events/1/kind": "carre",
            "/steps/0/events/1/hex": "0403"})
case("move-R-MOV-8-carre-onto-cavalry", "R-MOV-8",
     "A carré making its one step may enter a hex of enemy cavalry (T16-5); au-cav in 0403 faces "
     "12, so 0404 behind it is in no zone. 1 MP, legal.",
     [inf(formation="carre"), cav("au-cav", "0403", side="austrian")], ["fr-inf", "--path", "0403"],
     json_={"/legal": True, "/cost": 1})

# ---- R-MOV-9 -----------------------------------------------------------------------------------

case("move-R-MOV-9-disordered-during-move", "R-MOV-9",
     "fr-inf began the segment in good order (move_record) and is disordered now (opportunity "
     "fire): it takes no further action.",
     [inf(state="disordered", move_record={"start_state": "good", "actions": 1, "steps": 1, "spent": 1})],
     ["fr-inf", "--path", "0405"], json_={"/legal": False, "/rule": "R-MOV-9"})

case("move-R-MOV-9-routed-during-move", "R-MOV-9",
     "fr-inf began in good order and is routed now: not even a facing change.",
     [inf(state="routed", move_record={"start_state": "good", "actions": 1, "steps": 1, "spent": 1})],
     ["fr-inf", "--face", "6"], json_={"/legal": False, "/rule": "R-MOV-9"})

# ---- R-MOV-10 ----------------------------------------------------------------------------------

case("move-R-MOV-10-unlimbered-no-step", "R-MOV-10",
     "Unlimbered guns take no ordinary step.",
     [gun(formation="unlimbered")], ["fr-gun", "--path", "0405"],
     json_={"/legal": False, "/rule": "R-MOV-10", "/may_step": False})
case("move-R-MOV-10-prolonge", "R-MOV-10",
     "Prolonge into clear 0405 from clear 0404: the battery's whole move, all its 4 MP.",
     [gun(formation="unlimbered")], ["fr-gun", "--plan", "prolonge=0405"],
     json_={"/legal": True, "/cost": 4, "/steps/0/action": "prolonge", "/steps/0/hex": "0405"})
case("move-R-MOV-10-prolonge-heavy", "R-MOV-10",
     "Batteries of the class \"position\" are in movement.no_prolonge: refused.",
     [gun(formation="unlimbered", **{"class": "position"})], ["fr-gun", "--plan", "prolonge=0405"],
     json_={"/legal": False, "/rule": "R-MOV-10"})
case("move-R-MOV-10-prolonge-only-action", "R-MOV-10",
     "After a facing change (1 MP) the prolonge, which must be its only action, is refused.",
     [gun(formation="unlimbered")], ["fr-gun", "--plan", "face=6,prolonge=0405"],
     json_={"/legal": False, "/refused": 1, "/rule": "R-MOV-10", "/cost": 1})
case("move-R-MOV-10-prolonge-open-only", "R-MOV-10",
     "0405 is rough: a prolonge goes from clear or slope to clear or slope only.",
     [gun(formation="unlimbered")], ["fr-gun", "--plan", "prolonge=0405"], m=mapof(cells={(4, 5): 'r'}),
     json_={"/legal": False, "/rule": "R-MOV-10"})

# ---- R-MOV-11 ----------------------------------------------------------------------------------

case("move-R-MOV-11-carre-one-step", "R-MOV-11",
     "A carré steps to 0403 (1 MP) and may not step again this segment.",
     [inf(formation="carre")], ["fr-inf", "--path", "0403,0402"],
     json_={"/legal": False, "/refused": 1, "/rule": "R-MOV-11", "/cost": 1})
case("move-R-MOV-11-carre-clear-to-clear", "R-MOV-11",
     "0403 is rough: a carré moves only from clear to clear terrain.",
     [inf(formation="carre")], ["fr-inf", "--path", "0403"], m=mapof(cells={(4, 3): 'r'}),
     json_={"/legal": False, "/rule": "R-MOV-11"})
case("move-R-MOV-11-carre-flat-cost", "R-MOV-11",
     "A stream on 0404 N would make the step 1 + 1 = 2; the carré's one hex costs 1 whatever "
     "the terrain and hexside.",
     [inf(formation="carre")], ["fr-inf", "--path", "0403"], m=mapof(hexsides=[("0404", "N", "stream")]),
     json_={"/legal": True, "/cost": 1})

# ---- R-MOV-12 ----------------------------------------------------------------------------------

case("move-R-MOV-12-to-cheapest", "R-MOV-12",
     "From 0102 to 0302 two paths of two hexes: via 0202 (rough, 2 + 1 = 3) or via 0201 (odd "
     "column 0102 NE is 0201; even 0201 SE is 0302: 1 + 1 = 2). --to takes the cheaper, cost 2.",
     [inf(hexes="0102")], ["fr-inf", "--to", "0302"], m=mapof(3, 3, {(2, 2): 'r'}),
     json_={"/legal": True, "/cost": 2, "/steps/0/hex": "0201", "/steps/1/hex": "0302",
            "/reachable/0302": 2})
case("move-R-MOV-12-to-unreachable", "R-MOV-12",
     "A 2 MP unit in 0101 cannot reach 0104, three clear hexes south.",
     [inf(hexes="0101", movement=2)], ["fr-inf", "--to", "0104"], m=mapof(1, 4),
     json_={"/legal": False, "/rule": "R-MOV-12"})
case("move-R-MOV-12-pass-only", "R-MOV-12",
     "Friendly skirmishers (légère, 3 increments) in 0405: the column may pass through them "
     "(K19-7) but not end there in another formation (R-STACK-2): 0405 is pass-only, and a move "
     "ending there is refused at its end (refused = 1, the number of actions).",
     [inf(), inf("fr-vlt", "0405", formation="skirmish", facing=1, increments=3, **{"class": "legere"})],
     ["fr-inf", "--path", "0405"],
     json_={"/legal": False, "/refused": 1, "/rule": "R-STACK-2", "/reachable/0406": 2},
     sets={"/pass_only": ["0405"]})

# ---- R-MOV-13 ----------------------------------------------------------------------------------

case("move-R-MOV-13-leader-rides", "R-MOV-13",
     "A leader without movement has the charts' 12 MP and pays cavalry costs: woods 0201 costs 5, "
     "then six clear hexes 0301 to 0801, 1 each: total 11. au-inf in 0402 faces 12, so 0401 is in "
     "its zone, which does not stop a leader.",
     [ldr(hexes="0101"), inf("au-inf", "0402", side="austrian")],
     ["fr-ldr", "--path", "0201,0301,0401,0501,0601,0701,0801"], m=mapof(8, 2, {(2, 1): 'W'}),
     json_={"/allowance": 12, "/legal": True, "/cost": 11, "/stop": None, "/steps/0/cost": 5})
case("move-R-MOV-13-leader-counter", "R-MOV-13",
     "A leader whose scenario entry gives movement 6 has 6 MP.",
     [ldr(movement=6)], ["fr-ldr"], json_={"/allowance": 6})
case("move-R-MOV-13-leader-no-enemy", "R-MOV-13",
     "A leader never enters a hex holding enemy units.",
     [ldr(), inf("au-inf", "0403", side="austrian")], ["fr-ldr", "--path", "0403"],
     json_={"/legal": False, "/rule": "R-MOV-13"})

# ---- R-MOV-14 ----------------------------------------------------------------------------------

case("move-R-MOV-14-attached-follows", "R-MOV-14",
     "fr-ldr is attached to fr-inf in 0404: the column's step to 0405 takes it along (event "
     "follow naming fr-ldr).",
     [inf(), ldr(attached_to="fr-inf")], ["fr-inf", "--path", "0405"],
     json_={"/legal": True, "/steps/0/events/0/kind": "follow", "/steps/0/events/0/units": ["fr-ldr"]})
case("move-R-MOV-14-attach", "R-MOV-14",
     "The leader attaches to the column in its hex at no cost.",
     [inf(), ldr()], ["fr-ldr", "--plan", "attach=fr-inf"],
     json_={"/legal": True, "/cost": 0, "/steps/0/action": "attach", "/steps/0/with": "fr-inf"})
case("move-R-MOV-14-attach-elsewhere", "R-MOV-14",
     "fr-inf stands in 0405, not in the leader's 0404: no attachment.",
     [inf(hexes="0405"), ldr()], ["fr-ldr", "--plan", "attach=fr-inf"],
     json_={"/legal": False, "/rule": "R-MOV-14"})
case("move-R-MOV-14-rode-no-own-move", "R-MOV-14",
     "A leader that moved with its unit this segment (rode) moves no more on its own.",
     [ldr(move_record={"rode": True})], ["fr-ldr", "--path", "0405"],
     json_={"/legal": False, "/rule": "R-MOV-14", "/may_step": False})

# ---- R-MOV-15 ----------------------------------------------------------------------------------

case("move-R-MOV-15-capture", "R-MOV-15",
     "au-ldr stands alone in 0403: the hussars enter (1 MP), capture him (event capture) and go "
     "on to 0402 (1 MP): total 2.",
     [cav(), ldr("au-ldr", "0403", side="austrian")], ["fr-cav", "--path", "0403,0402"],
     json_={"/legal": True, "/cost": 2, "/steps/0/events/0/kind": "capture",
            "/steps/0/events/0/units": ["au-ldr"]})
case("move-R-MOV-15-infantry-no-capture", "R-MOV-15",
     "Infantry does not enter a hex of enemy leaders alone.",
     [inf(), ldr("au-ldr", "0403", side="austrian")], ["fr-inf", "--path", "0403"],
     json_={"/legal": False, "/rule": "R-MOV-15"})

# ---- R-MOV-16 ----------------------------------------------------------------------------------

COLUMN_MAP = mapof(1, 14)
PATH12 = ",".join("01%02d" % r for r in range(2, 14))
case("move-R-MOV-16-march-pass", "R-MOV-16",
     "Force march, first turn: -6. Morale 34 (index 15); roll 55 is index 28, -6 = 22 (roll 45) > "
     "15: passes. Passing rolls: index - 6 > 15, index 22..35: 14 of 36 = 7/18. Then 2 x 6 = 12 "
     "MP: twelve clear hexes south, 0102 to 0113, cost 12, legal.",
     [inf(hexes="0101", facing=6)], ["fr-inf", "--plan", "march," + PATH12, "--dice", "55"], m=COLUMN_MAP,
     json_={"/legal": True, "/cost": 12, "/allowance": 12, "/steps/0/p_success": "7/18",
            "/steps/0/roll": 55, "/steps/0/success": True})
case("move-R-MOV-16-march-fail", "R-MOV-16",
     "Roll 35 (index 16) - 6 = 10, not above 15: it fails and stands: allowance 0, the step is "
     "refused.",
     [inf(hexes="0101", facing=6)], ["fr-inf", "--plan", "march,0102", "--dice", "35"], m=COLUMN_MAP,
     json_={"/legal": False, "/refused": 1, "/rule": "R-MOV-16", "/steps/0/success": False})
case("move-R-MOV-16-march-second-turn", "R-MOV-16",
     "A second consecutive turn (force_march_turns 1): -12. Passing: index - 12 > 15, index "
     "28..35: 8 of 36 = 2/9. Roll 55 (index 28) - 12 = 16 > 15: passes.",
     [inf(hexes="0101", facing=6, move_record={"force_march_turns": 1})],
     ["fr-inf", "--plan", "march", "--dice", "55"], m=COLUMN_MAP,
     json_={"/legal": True, "/steps/0/p_success": "2/9", "/steps/0/success": True})
case("move-R-MOV-16-march-column-only", "R-MOV-16",
     "A unit in line does not force-march (column or road march only).",
     [inf(formation="line", facing=1)], ["fr-inf", "--plan", "march", "--dice", "66"],
     json_={"/legal": False, "/rule": "R-MOV-16"})
case("move-R-MOV-16-march-end-by-enemy", "R-MOV-16",
     "Marching (move_record): au-inf in 0407 faces 6, so 0406 north of it is behind it (no zone). "
     "0405 and 0406 cost 2, but the march may not end next to the enemy: refused at the end "
     "(refused = 2).",
     [inf(move_record={"force_march": "marching"}), inf("au-inf", "0407", side="austrian", facing=6)],
     ["fr-inf", "--path", "0405,0406"],
     json_={"/legal": False, "/refused": 2, "/rule": "R-MOV-16", "/cost": 2})
case("move-R-MOV-16-cavalry-never", "R-MOV-16",
     "Cavalry never force-marches.",
     [cav()], ["fr-cav", "--plan", "march", "--dice", "66"], json_={"/legal": False, "/rule": "R-MOV-16"})

# ---- R-MOV-17 ----------------------------------------------------------------------------------

case("move-R-MOV-17-entry", "R-MOV-17",
     "fr-inf enters at edge hex 0101 (clear: 1 MP of its 6, its first step), then steps to 0102 "
     "(1 MP): spent 1 before the path, path cost 1.",
     [inf()], ["fr-inf", "--enter", "0101", "--path", "0102"],
     json_={"/entry/legal": True, "/entry/cost": 1, "/spent": 1, "/legal": True, "/cost": 1,
            "/start": "0101"})
case("move-R-MOV-17-entry-blocked", "R-MOV-17",
     "One row of 12. au-inf in 0601 faces 4 (fronts NE, SE, S; even column NE is 0701): 0701 is in "
     "its zone, refused. Open edge hexes within 5, nearest first then by column: 0801 (1), 0501 "
     "and 0901 (2), 0401 and 1001 (3), 0301 and 1101 (4), 0201 and 1201 (5); 0601 holds the enemy.",
     [inf(hexes="0101"), inf("au-inf", "0601", side="austrian", facing=4)], ["fr-inf", "--enter", "0701"],
     m=mapof(12, 1),
     json_={"/legal": False, "/rule": "R-MOV-17", "/entry/delayed": False,
            "/entry/alternatives": ["0801", "0501", "0901", "0401", "1001", "0301", "1101", "0201",
                                    "1201"]})
case("move-R-MOV-17-entry-edge-only", "R-MOV-17",
     "0404 is not on the edge of the 8x8 map.",
     [inf(hexes="0101")], ["fr-inf", "--enter", "0404"], json_={"/legal": False, "/rule": "R-MOV-17"})
case("move-R-MOV-17-entry-road-formations", "R-MOV-17",
     "On a road a unit enters in column, carré or road march (RF45-3): a line is refused.",
     [inf(hexes="0404", formation="line", facing=1)], ["fr-inf", "--enter", "0101"],
     m=mapof(cells={(1, 1): 'R'}), json_={"/legal": False, "/rule": "R-MOV-17"})
case("move-R-MOV-17-entry-screen-one-hex", "R-MOV-17",
     "Skirmishers of 8 increments (listed in one hex) stand in two hexes (R-FORM-5): they do not enter in skirmish "
     "order at 0101 (woods, where skirmish order is allowed), since an entry is one hex.",
     [inf(hexes="0404", formation="skirmish", facing=1, **{"class": "legere"})],
     ["fr-inf", "--enter", "0101"], m=mapof(cells={(1, 1): 'W'}),
     json_={"/legal": False, "/rule": "R-MOV-17"})
case("move-R-MOV-17-entry-woods", "R-MOV-17",
     "Entering woods 0101 the column is in general order, for 3 MP.",
     [inf(hexes="0404")], ["fr-inf", "--enter", "0101"], m=mapof(cells={(1, 1): 'W'}),
     json_={"/entry/legal": True, "/entry/formation": "general", "/entry/cost": 3, "/spent": 3})

# ---- R-FORM ------------------------------------------------------------------------------------

case("form-R-FORM-1-column-front-zone", "R-FORM-1",
     "au-inf column in 0404 faces 12: fronts N (0403), NE (0504), NW (0304); flanks SE (0505), SW "
     "(0305); rear S (0405). fr-inf from 0406: 0405 (rear: no zone), 0505 (flank: none), 0504 "
     "(front: zone, it stops, R-ZOI-2), then 0503 is refused: cost 3, stop 0504.",
     [inf(hexes="0406"), inf("au-inf", "0404", side="austrian")], ["fr-inf", "--path", "0405,0505,0504,0503"],
     json_={"/legal": False, "/refused": 3, "/rule": "R-ZOI-2", "/stop": "0504", "/cost": 3})
case("form-R-FORM-1-light-cavalry-five-fronts", "R-FORM-1",
     "au-cav light (14 MP) in column faces 12 with five fronts (13): 0505, its SE, is in its "
     "(cavalry) zone; fr-cav from 0506 stops in 0505 and may not go on to 0605.",
     [cav(hexes="0506"), cav("au-cav", "0404", side="austrian", movement=14)], ["fr-cav", "--path", "0505,0605"],
     json_={"/legal": False, "/refused": 1, "/stop": "0505", "/rule": "R-ZOI-2"})
case("form-R-FORM-1-heavy-cavalry-flank", "R-FORM-1",
     "au-cav heavy (12 MP) in column faces 12: 0505 (SE) is a flank, outside its zone: fr-cav goes "
     "through 0505 to 0605 for 2.",
     [cav(hexes="0506"), cav("au-cav", "0404", side="austrian", movement=12)], ["fr-cav", "--path", "0505,0605"],
     json_={"/legal": True, "/cost": 2, "/stop": None})
case("form-R-FORM-2-line-open-only", "R-FORM-2",
     "0404 is rough: no line there.",
     [inf()], ["fr-inf", "--form", "line:1"], m=mapof(cells={(4, 4): 'r'}),
     json_={"/legal": False, "/rule": "R-FORM-2"})
case("form-R-FORM-2-no-carre-in-woods", "R-FORM-2",
     "In woods the unit is in general order; no carré in general-order terrain.",
     [inf(formation="general")], ["fr-inf", "--form", "carre"], m=mapof(cells={(4, 4): 'W'}),
     json_={"/legal": False, "/rule": "R-FORM-2"})
case("form-R-FORM-2-skirmish-only-swamp", "R-FORM-2",
     "The swamp takes infantry only in skirmish order: the column may not enter 0405.",
     [inf()], ["fr-inf", "--path", "0405"], m=mapof(cells={(4, 5): 'M'}),
     json_={"/legal": False, "/rule": "R-FORM-2"})
case("form-R-FORM-2-skirmishers-in-swamp", "R-FORM-2",
     "Skirmishers (légère, 3 increments) enter the swamp for 4 MP.",
     [inf(formation="skirmish", facing=1, increments=3, **{"class": "legere"})], ["fr-inf", "--path", "0405"],
     m=mapof(cells={(4, 5): 'M'}), json_={"/legal": True, "/cost": 4})
case("form-R-FORM-2-no-cavalry-carre", "R-FORM-2",
     "Cavalry forms no carré.",
     [cav()], ["fr-cav", "--form", "carre"], json_={"/legal": False, "/rule": "R-FORM-2"})
case("form-R-FORM-2-road-march-on-road", "R-FORM-2",
     "0404 is clear, not a road: road march is formed on a road.",
     [inf()], ["fr-inf", "--form", "road"], json_={"/legal": False, "/rule": "R-FORM-2"})
case("form-R-FORM-2-road-march-off-road-woods", "R-FORM-2",
     "Road march enters general-order terrain only along the road: woods 0201 is off it.",
     [inf(hexes="0101", formation="road", facing=4)], ["fr-inf", "--path", "0201"], m=ROW("RW"),
     json_={"/legal": False, "/rule": "R-FORM-2"})
case("form-R-FORM-3-line-costs-one", "R-FORM-3",
     "Infantry into a one-hex line facing 1: 1 MP.",
     [inf()], ["fr-inf", "--form", "line:1"], json_={"/legal": True, "/cost": 1, "/steps/0/hexes": ["0404"]})
case("form-R-FORM-3-two-hex-line", "R-FORM-3",
     "Into a line of two hexes facing 1 (0404 and its SE 0505, the axis): 1 + 1 for the second "
     "hex = 2 MP (T15-6).",
     [inf()], ["fr-inf", "--form", "line:1@0404+0505"],
     json_={"/legal": True, "/cost": 2, "/steps/0/hexes": ["0404", "0505"]})
case("form-R-FORM-3-cavalry-three", "R-FORM-3",
     "A cavalry formation change costs 3 MP (T16-2): column to a one-hex line.",
     [cav()], ["fr-cav", "--form", "line:1"], json_={"/legal": True, "/cost": 3})
case("form-R-FORM-4-two-hexes-need-five", "R-FORM-4",
     "A 4-increment unit stands in line in one hex only (T15-4).",
     [inf(increments=4)], ["fr-inf", "--form", "line:1@0404+0505"], json_={"/legal": False, "/rule": "R-FORM-4"})
case("form-R-FORM-4-axis", "R-FORM-4",
     "Facing 1, the axis runs NW-SE; 0403 (N of 0404) is in front, not on the axis: refused.",
     [inf()], ["fr-inf", "--form", "line:1@0404+0403"], json_={"/legal": False, "/rule": "R-FORM-4"})
case("form-R-FORM-4-cavalry-line-hexes", "R-FORM-4",
     "8 cavalry increments make a line of at most 8 / 4 = 2 hexes: 0404, 0505 (SE) costs 3 + 1 = "
     "4; three hexes would need 12.",
     [cav(increments=8)], ["fr-cav", "--form", "line:1@0404+0505"], json_={"/legal": True, "/cost": 4})
case("form-R-FORM-4-cavalry-line-too-long", "R-FORM-4",
     "8 increments do not make a line of three hexes (0404, 0505, 0605: 12 needed).",
     [cav(increments=8)], ["fr-cav", "--form", "line:1@0404+0505+0605"],
     json_={"/legal": False, "/rule": "R-FORM-4"})
case("form-R-FORM-5-no-skirmish-multiple", "R-FORM-5",
     "Ligne has no skirmish fire multiple in the charts: no skirmish order (K19-1).",
     [inf()], ["fr-inf", "--form", "skirmish:1"], json_={"/legal": False, "/rule": "R-FORM-5"})
case("form-R-FORM-5-screen-two-hexes", "R-FORM-5",
     "Légère of 8 increments skirmishes in two hexes (K19-2): facing 1, from 0404 to its SE 0505: "
     "1 + 1 = 2 MP.",
     [inf(**{"class": "legere"})], ["fr-inf", "--form", "skirmish:1"],
     json_={"/legal": True, "/cost": 2, "/steps/0/hexes": ["0404", "0505"]})
case("form-R-FORM-5-screen-not-one-hex", "R-FORM-5",
     "The same 8 increments may not skirmish in one hex.",
     [inf(**{"class": "legere"})], ["fr-inf", "--form", "skirmish:1@0404"],
     json_={"/legal": False, "/rule": "R-FORM-5"})
case("form-R-FORM-5-cavalry-screen", "R-FORM-5",
     "Light cavalry (14 MP) with fire 2 skirmishes, always in two hexes: 3 + 1 = 4 MP.",
     [cav(movement=14, fire=2)], ["fr-cav", "--form", "skirmish:1"],
     json_={"/legal": True, "/cost": 4, "/steps/0/hexes": ["0404", "0505"]})
case("form-R-FORM-7-disordered", "R-FORM-7",
     "A disordered unit changes no formation.",
     [inf(state="disordered")], ["fr-inf", "--form", "line:1"], json_={"/legal": False, "/rule": "R-FORM-7"})
case("form-R-FORM-7-force-march", "R-FORM-7",
     "A force-marching unit changes no formation (44).",
     [inf(move_record={"force_march": "marching"})], ["fr-inf", "--form", "line:1"],
     json_={"/legal": False, "/rule": "R-FORM-7"})
case("form-R-FORM-8-limber-success", "R-FORM-8",
     "French à pied limber on 4-6: 3 chances in 6 = 1/2. Die 4: limbered, 2 MP.",
     [gun(formation="unlimbered")], ["fr-gun", "--form", "limbered", "--dice", "4"],
     json_={"/legal": True, "/cost": 2, "/steps/0/p_success": "1/2", "/steps/0/roll": 4,
            "/steps/0/success": True, "/steps/0/formation": "limbered"})
case("form-R-FORM-8-limber-fail", "R-FORM-8",
     "Die 3 fails: the 2 MP are spent, the guns stay unlimbered, and the step to 0405 that follows "
     "is refused (R-MOV-10).",
     [gun(formation="unlimbered")], ["fr-gun", "--plan", "form=limbered,0405", "--dice", "3"],
     json_={"/legal": False, "/refused": 1, "/rule": "R-MOV-10", "/cost": 2,
            "/steps/0/success": False, "/steps/0/formation": "unlimbered"})
case("form-R-FORM-8-leader-bonus", "R-FORM-8",
     "A leader with an artillery bonus in the hex: +1 (limber_modifiers). Die 3 + 1 = 4 succeeds; "
     "dice 3..6 succeed: 4 of 6 = 2/3.",
     [gun(formation="unlimbered"), ldr(bonus={"artillery": 1})], ["fr-gun", "--form", "limbered", "--dice", "3"],
     json_={"/steps/0/p_success": "2/3", "/steps/0/success": True})
case("form-R-FORM-8-no-range-no-roll", "R-FORM-8",
     "Austrian brigade guns have no limber range in these charts: they limber without a roll (the "
     "scripted die 1, which would fail any range, is not used).",
     [gun(side="austrian", formation="unlimbered")], ["fr-gun", "--form", "limbered", "--dice", "1"],
     json_={"/legal": True, "/steps/0/formation": "limbered", "/cost": 2})
case("form-R-FORM-8-unlimber-in-zone", "R-FORM-8",
     "fr-gun (foot, limbered) steps north into 0403 (1 MP). au-inf in 0402 faces 6: its fronts "
     "are S 0403, SE 0503, SW 0303 (even column), so 0403 is in its zone and the guns stop there. "
     "They may still unlimber (Z14-4): 2 MP, total 3, under opportunity fire naming au-inf; die "
     "5 lies in 4-6: success.",
     [gun(), inf("au-inf", "0402", side="austrian", facing=6)],
     ["fr-gun", "--plan", "0403,form=unlimbered", "--dice", "5"],
     json_={"/legal": True, "/cost": 3, "/stop": "0403", "/steps/1/events/0/units": ["au-inf"],
            "/steps/1/formation": "unlimbered"})
case("form-R-FORM-9-carre-to-column", "R-FORM-9",
     "A carré with facing 3 forms column without a facing: one hour clockwise, 4.",
     [inf(formation="carre", facing=3)], ["fr-inf", "--form", "column"],
     json_={"/legal": True, "/steps/0/facing": 4})

case("form-R-FORM-6-carre-any-strength", "R-FORM-6",
     "Two increments of good-order infantry form carré in clear 0404 for 1 MP; the carré keeps the "
     "facing value 12.",
     [inf(increments=2)], ["fr-inf", "--form", "carre"],
     json_={"/legal": True, "/cost": 1, "/steps/0/formation": "carre", "/steps/0/facing": 12})
case("form-R-FORM-9-column-to-line", "R-FORM-9",
     "A column facing 12 forms line without a facing: a line faces a vertex, so one hour "
     "clockwise, 1.",
     [inf()], ["fr-inf", "--form", "line"], json_={"/legal": True, "/steps/0/facing": 1})

# ---- R-ZOI -------------------------------------------------------------------------------------

case("zoi-R-ZOI-1-no-zone-from-carre", "R-ZOI-1",
     "An enemy carré in 0404 projects no zone: fr-inf goes 0405, 0505, 0605 (odd 0505 SE is 0605) "
     "for 3 without stopping. Leaving 0405 and 0505, both next to the carré, raises its "
     "opportunity fire (28.5); leaving 0406, two hexes away, does not.",
     [inf(hexes="0406"), inf("au-inf", "0404", side="austrian", formation="carre")],
     ["fr-inf", "--path", "0405,0505,0605"],
     json_={"/legal": True, "/cost": 3, "/stop": None, "/steps/0/events": [],
            "/steps/1/events/0/units": ["au-inf"], "/steps/2/events/0/hex": "0505"})
case("zoi-R-ZOI-1-no-zone-from-routed", "R-ZOI-1",
     "A routed enemy facing 6 in 0404 projects no zone: 0405 south of it does not stop fr-inf.",
     [inf(hexes="0406"), inf("au-inf", "0404", side="austrian", facing=6, state="routed")],
     ["fr-inf", "--path", "0405,0305"], json_={"/legal": True, "/stop": None, "/cost": 2})
case("zoi-R-ZOI-1-not-across-wall", "R-ZOI-1",
     "au-cav in 0404 faces 6; its S hexside is a wall, prohibited to cavalry: no zone crosses it, "
     "so 0405 is outside its zone and fr-cav passes (0405, then back 0406) for 2.",
     [cav(hexes="0406"), cav("au-cav", "0404", side="austrian", facing=6)],
     ["fr-cav", "--path", "0405,0406"], m=mapof(hexsides=[("0404", "S", "wall")]),
     json_={"/legal": True, "/stop": None, "/cost": 2})
case("zoi-R-ZOI-2-cavalry-passes-infantry-zone", "R-ZOI-2",
     "au-inf in 0404 faces 12: 0403 is in its zone. fr-cav from 0402 enters 0403 (no stop: an "
     "infantry zone) and leaves for 0303 (even 0403 NW): the exit raises opportunity fire naming "
     "au-inf. Cost 2.",
     [cav(hexes="0402"), inf("au-inf", "0404", side="austrian")], ["fr-cav", "--path", "0403,0303"],
     json_={"/legal": True, "/cost": 2, "/stop": None, "/steps/1/events/0/kind": "opportunity_fire",
            "/steps/1/events/0/hex": "0403", "/steps/1/events/0/units": ["au-inf"]})
case("zoi-R-ZOI-2-horse-artillery", "R-ZOI-2",
     "Horse artillery (a_cheval) moves through the infantry zone like cavalry: 0403 then 0303.",
     [gun(hexes="0402", **{"class": "a_cheval"}), inf("au-inf", "0404", side="austrian")],
     ["fr-gun", "--path", "0403,0303"], json_={"/legal": True, "/stop": None})
case("zoi-R-ZOI-2-foot-artillery", "R-ZOI-2",
     "Foot artillery (a_pied) stops in 0403, in the infantry zone: the step to 0303 is refused.",
     [gun(hexes="0402"), inf("au-inf", "0404", side="austrian")], ["fr-gun", "--path", "0403,0303"],
     json_={"/legal": False, "/refused": 1, "/stop": "0403", "/rule": "R-ZOI-2"})
case("zoi-R-ZOI-2-face-after-stop", "R-ZOI-2",
     "fr-inf stops in 0403 (au-inf's zone) and may still change facing: 1 MP, under opportunity "
     "fire naming au-inf. Total 2.",
     [inf(hexes="0402"), inf("au-inf", "0404", side="austrian")], ["fr-inf", "--plan", "0403,face=6"],
     json_={"/legal": True, "/cost": 2, "/stop": "0403", "/steps/1/events/0/units": ["au-inf"]})
case("zoi-R-ZOI-3-leave-first", "R-ZOI-3",
     "fr-inf begins in 0403, in au-inf's zone, and leaves north to 0402 as its first action: "
     "legal, under opportunity fire from au-inf.",
     [inf(hexes="0403"), inf("au-inf", "0404", side="austrian")], ["fr-inf", "--path", "0402"],
     json_={"/legal": True, "/steps/0/events/0/units": ["au-inf"]})
case("zoi-R-ZOI-3-leave-not-first", "R-ZOI-3",
     "After a facing change as its first action, fr-inf may not leave the zone.",
     [inf(hexes="0403"), inf("au-inf", "0404", side="austrian")], ["fr-inf", "--plan", "face=6,0402"],
     json_={"/legal": False, "/refused": 1, "/rule": "R-ZOI-3", "/cost": 1})
case("zoi-R-ZOI-3-cavalry-leaves-freely", "R-ZOI-3",
     "Cavalry in an infantry zone leaves whenever: face 6 (1) then 0402 (1), total 2.",
     [cav(hexes="0403"), inf("au-inf", "0404", side="austrian")], ["fr-cav", "--plan", "face=6,0402"],
     json_={"/legal": True, "/cost": 2})
case("zoi-R-ZOI-3-cavalry-leaves-cavalry-zone", "R-ZOI-3",
     "fr-cav begins in 0403, in the zone of au-cav (0404, facing 12: front N 0403); after a facing "
     "change it still leaves (only infantry and foot artillery are held): 1 + 1 = 2, and the exit "
     "raises opportunity fire naming au-cav.",
     [cav(hexes="0403"), cav("au-cav", "0404", side="austrian")], ["fr-cav", "--plan", "face=6,0402"],
     json_={"/legal": True, "/cost": 2, "/steps/1/events/0/units": ["au-cav"]})
case("zoi-R-ZOI-4-two-owners", "R-ZOI-4",
     "au-a in 0403 faces 6 (front S: 0404) and au-b in 0405 faces 12 (front N: 0404): a facing "
     "change in 0404 raises opportunity fire naming both, in scenario order.",
     [inf(), inf("au-a", "0403", side="austrian", facing=6), inf("au-b", "0405", side="austrian")],
     ["fr-inf", "--face", "6"], json_={"/legal": True, "/steps/0/events/0/units": ["au-a", "au-b"]})
case("zoi-R-ZOI-4-entering-no-event", "R-ZOI-4",
     "fr-inf steps from 0402 into 0403, in au-inf's zone (0404 faces 12): entering raises no "
     "opportunity fire (only leaving or spending MP inside does).",
     [inf(hexes="0402"), inf("au-inf", "0404", side="austrian")], ["fr-inf", "--path", "0403"],
     json_={"/legal": True, "/stop": "0403", "/steps/0/events": []})
case("zoi-R-ZOI-5-drag", "R-ZOI-5",
     "One row of 9; enemy light cavalry screen in 0701 and 0801 (facing 1, axis SE). fr-inf from "
     "0101: 0201, 0301, 0401 cost 1 each (4 or more hexes from the screen); 0501 is 2 hexes from "
     "0701: +2, 3 (total 6 = its MP); 0601 is next to 0701: 1 + 3 = 4, refused.",
     [inf(hexes="0101", facing=4),
      cav("au-vlt", ["0701", "0801"], side="austrian", formation="skirmish", facing=1, movement=14, fire=2)],
     ["fr-inf", "--path", "0201,0301,0401,0501,0601"], m=mapof(9, 1),
     json_={"/legal": False, "/refused": 4, "/cost": 6, "/steps/3/cost": 3,
            "/reason": "it costs 4 MP and fr-inf has 0 left of its 6"})
case("zoi-R-ZOI-5-cavalry-no-drag", "R-ZOI-5",
     "The screen's drag slows infantry only: fr-cav pays 1 a hex to 0501.",
     [cav(hexes="0101", facing=4),
      cav("au-vlt", ["0701", "0801"], side="austrian", formation="skirmish", facing=1, movement=14, fire=2)],
     ["fr-cav", "--path", "0201,0301,0401,0501"], m=mapof(9, 1),
     json_={"/legal": True, "/cost": 4})

# ---- R-STACK -----------------------------------------------------------------------------------

case("stack-R-STACK-1-clear-limit", "R-STACK-1",
     "A friendly column of 12 in 0405; fr-inf (8) entering makes two units of 20 increments: not "
     "one regiment, over 18, not 12 + a battery: refused while passing (T16-6).",
     [inf(), inf("fr-b", "0405", increments=12)], ["fr-inf", "--path", "0405,0406"],
     json_={"/legal": False, "/refused": 0, "/rule": "R-STACK-1"})
case("stack-R-STACK-1-within-limit", "R-STACK-1",
     "A friendly column of 10 in 0405: 10 + 8 = 18 fits; fr-inf may end there (1 MP).",
     [inf(), inf("fr-b", "0405", increments=10)], ["fr-inf", "--path", "0405"],
     json_={"/legal": True, "/reachable/0405": 1})
case("stack-R-STACK-1-village-battery", "R-STACK-1",
     "A village holds one battalion and one battery: fr-inf joins the limbered battery in 0405 "
     "(village, 3 MP), in general order.",
     [inf(), gun("fr-gun", "0405")], ["fr-inf", "--path", "0405"], m=mapof(cells={(4, 5): 'V'}),
     json_={"/legal": True, "/cost": 3, "/steps/0/formation": "general"})
case("stack-R-STACK-1-village-one-battalion", "R-STACK-1",
     "A second battalion in the village 0405 is over its limit.",
     [inf(), inf("fr-b", "0405", formation="general")], ["fr-inf", "--path", "0405"],
     m=mapof(cells={(4, 5): 'V'}), json_={"/legal": False, "/rule": "R-STACK-1"})
case("stack-R-STACK-1-three-cavalry", "R-STACK-1",
     "Three cavalry units of 2 in 0405: a fourth may pass (cavalry through cavalry ignores the "
     "limits, R-STACK-4) but not end there (never more than 3): refused at the end.",
     [cav(increments=2), cav("fr-b", "0405", increments=2), cav("fr-c", "0405", increments=2),
      cav("fr-d", "0405", increments=2)], ["fr-cav", "--path", "0405"],
     json_={"/legal": False, "/refused": 1, "/rule": "R-STACK-1"})
case("stack-R-STACK-1-no-chart", "R-STACK-1",
     "Plain has no stacking chart: no limit; fr-inf (8) joins a column of 12 in 0405.",
     [inf(), inf("fr-b", "0405", increments=12)], ["fr-inf", "--path", "0405"], m=mapof(fill='p'),
     json_={"/legal": True})
case("stack-R-STACK-2-one-formation", "R-STACK-2",
     "A friendly line in 0405: a column may not enter (one formation per hex, T16-1).",
     [inf(), inf("fr-b", "0405", formation="line", facing=1, increments=4)], ["fr-inf", "--path", "0405"],
     json_={"/legal": False, "/refused": 0, "/rule": "R-STACK-2"})
case("stack-R-STACK-2-guns-with-any", "R-STACK-2",
     "A limbered battery (2) in 0405 stands with a column of 8: 8 infantry increments and one "
     "battery fit the clear alternative 12 + 1 battery, and artillery joins any formation.",
     [inf(), gun("fr-gun", "0405")], ["fr-inf", "--path", "0405"], json_={"/legal": True, "/cost": 1})
case("stack-R-STACK-5-skirmishers-end", "R-STACK-5",
     "Skirmishers pass a friendly column but may not end with it in another formation (K19-7): "
     "refused at the end with the one-formation rule.",
     [inf(formation="skirmish", facing=1, increments=3, **{"class": "legere"}), inf("fr-b", "0405")],
     ["fr-inf", "--path", "0405"], json_={"/legal": False, "/refused": 1, "/rule": "R-STACK-2"})
case("stack-R-STACK-6-within-limit", "R-STACK-6",
     "One column of 8 in clear 0404 is within the limit: no check is due.",
     [inf()], ["fr-inf"], json_={"/stacking/over": False, "/stacking/units": []})
case("stack-R-STACK-3-road-march", "R-STACK-3",
     "Road march units of 3 and 2 on one road hex: 5 increments, over the 4 of the road: refused.",
     [inf(hexes="0101", formation="road", increments=3, facing=4),
      inf("fr-b", "0201", formation="road", increments=2, facing=4)], ["fr-inf", "--path", "0201"],
     m=ROW("RRR"), json_={"/legal": False, "/rule": "R-STACK-3"})
case("stack-R-STACK-3-alone", "R-STACK-3",
     "One unit of 8 in road march alone on the road fits (its counter heads its column).",
     [inf(hexes="0101", formation="road", facing=4)], ["fr-inf", "--path", "0201"], m=ROW("RRR"),
     json_={"/legal": True, "/cost": "1/2"})
case("stack-R-STACK-4-skirmishers-pass", "R-STACK-4",
     "Skirmishers (3) pass through a friendly column in 0405 to 0406 (K19-7): 2 MP.",
     [inf(formation="skirmish", facing=1, increments=3, **{"class": "legere"}), inf("fr-b", "0405")],
     ["fr-inf", "--path", "0405,0406"], json_={"/legal": True, "/cost": 2})
case("stack-R-STACK-4-cavalry-through-carre", "R-STACK-4",
     "Cavalry passes through a friendly carré (0405) and limbered guns (0406) to 0407: 3 MP.",
     [cav(), inf("fr-b", "0405", formation="carre"), gun("fr-gun", "0406")],
     ["fr-cav", "--path", "0405,0406,0407"], json_={"/legal": True, "/cost": 3})
case("stack-R-STACK-4-cavalry-not-through-column", "R-STACK-4",
     "Cavalry does not pass through a friendly infantry column.",
     [cav(), inf("fr-b", "0405")], ["fr-cav", "--path", "0405,0406"],
     json_={"/legal": False, "/refused": 0, "/rule": "R-STACK-4"})
case("stack-R-STACK-4-infantry-not-into-cavalry", "R-STACK-4",
     "Infantry never enters a hex of friendly cavalry (T16-4).",
     [inf(), cav("fr-cav", "0405")], ["fr-inf", "--path", "0405,0406"],
     json_={"/legal": False, "/refused": 0, "/rule": "R-STACK-4"})
case("stack-R-STACK-5-cavalry-not-on-carre", "R-STACK-5",
     "Cavalry may pass a friendly carré but never ends with infantry: refused at the end.",
     [cav(), inf("fr-b", "0405", formation="carre")], ["fr-cav", "--path", "0405"],
     json_={"/legal": False, "/refused": 1, "/rule": "R-STACK-5"}, sets={"/pass_only": ["0405"]})
case("stack-R-STACK-6-overstacked", "R-STACK-6",
     "Two columns of 10 in clear 0404: 20 increments, over the limit. One roll for both: morale "
     "34 (index 15) fails on indexes 0..15, 16/36 = 4/9; morale 44 (index 21) on 0..21, 22/36 = "
     "11/18.",
     [inf(increments=10), inf("fr-b", "0404", increments=10, morale="44")], ["fr-inf"],
     json_={"/stacking/over": True, "/stacking/rule": "R-STACK-1", "/stacking/units/0/p_fail": "4/9",
            "/stacking/units/1/p_fail": "11/18"})


# ---- bad input: the loader's errors for the movement keys --------------------------------------

def check_case(name, ruling, description, scen, stderr_has):
    CASES.append((name, {"ruling": ruling, "description": description, "scenario": scen,
                         "args": ["check", "{scenario}"], "exit": 1, "stderr_has": stderr_has}))

bad_record = scenario([inf(hexes="0101", move_record={"spent": "5/3", "hold": "later", "steps": 2,
                                                      "actions": 1})], mapof(3, 3))
check_case("move-R-MOV-2-check-bad-record", "R-MOV-2",
           "A move_record with spent \"5/3\" (not halves), hold \"later\" (no such hold) and 2 "
           "steps for 1 action: three located errors, the scenario refused.", bad_record,
           ['/units/0/move_record/spent: expected movement points: an integer or halves as "N/2", '
            'found "5/3"',
            '/units/0/move_record/hold: expected "none", "retreated", "charge" or "charged", found '
            '"later"',
            '/units/0/move_record/actions: expected at least 2 actions (one per step taken, one '
            'when MP are spent), found 1'])
bad_charts = copy.deepcopy(CHARTS)
bad_charts["terrain"]["clear"]["stacking"] = {"infantry_increments": "x", "combined": [{}]}
bad_charts["movement"] = {"facing_change": -1}
check_case("stack-R-STACK-1-check-bad-chart", "R-STACK-1",
           "A stacking chart with a text count and an empty combined alternative, and a negative "
           "facing change: each reported at its chart path.",
           scenario([inf(hexes="0101")], mapof(3, 3), bad_charts),
           ['/charts/terrain/clear/stacking/infantry_increments: expected an integer from 0 to '
            '999, found "x"',
            '/charts/terrain/clear/stacking/combined/0: expected at least one stacking key',
            '/charts/movement/facing_change: expected an integer from 0 to 99, found -1'])
check_case("move-R-MOV-14-check-attached-elsewhere", "R-MOV-14",
           "A leader in 0202 attached to fr-inf, which stands in 0101: refused.",
           scenario([inf(hexes="0101"), ldr(hexes="0202", attached_to="fr-inf")], mapof(3, 3)),
           ['/units/1/attached_to: expected a friendly combat unit in the leader\'s hex, found '
            '"fr-inf"'])


def main():
    names = set()
    for name, c in CASES:
        assert name not in names, name
        names.add(name)
        with open(os.path.join(OUT, name + '.json'), 'w') as f:
            json.dump(c, f, indent=2, ensure_ascii=False)
            f.write('\n')
    print(len(CASES), "cases")


if __name__ == '__main__':
    main()
