# Writes tests/cases/melee-R-MEL-*.json: rule cases of the melee (R-MEL-1..25) on small inline
# scenarios with inline charts, so no module value matters. Every expected value is worked out by
# hand in the case's "description" (hex geometry per R-GRID-2, roll arithmetic per R-DICE-2),
# never copied from the program. Run from the project root: python3 tests/tools/make_melee_cases.py
#
# The test charts:
#   melee matrix (rolls in the 36-roll order, R-DICE-2):
#     1:2  11-26 AR (12 rolls), 31-66 NE (24)
#     1:1  11-16 AD (6), 21-46 NE (18), 51 "1/1", 52 "0/1*", 53 "1*/0", 54 "2*/2*", 55-56 NE (2),
#          61-66 DD (6)
#     2:1  11-16 AD (6), 21-36 NE (12), 41-56 DD (12), 61-66 DR (6)
#     3:1  11-26 NE (12), 31-56 DD (18), 61-64 DR (4), 65-66 DS (2)
#   pre-melee odds (attacker / defender): 1:2 -6/+6, 1:1 -3/+3, 2:1 0/0, 3:1 +3/-3;
#   situations: flank +12/-12, rear 0/-6, defender skirmish 0/-6 (attackers pass), defender line
#   0/-3, defender carré 0/+6, uphill across a slope -3/+3, attacker's fire losses -3 each.
#   multipliers: flank x2, rear x3/2, skirmishers x1/2 (either side), heavy cavalry against light
#   x2, tired x1/2, exhausted x1/3, at one third by choice x1/3 (either side), cavalry against a
#   carré x1/3, infantry against a carré x3/2, charge straight x2, lancers in line: lance x2,
#   across a stream x2/3, cavalry attacking into general order x1/3.
#   leader casualty: attacker's leaders on a natural 11-12, defender's on 64-66; die 1-2 killed,
#   3-4 wounded one die of hours, 5 captured, 6 a flesh wound (no hours); killed or wounded: the
#   hex checks morale.
# A morale check passes when roll index + modifier > the morale's index (R-MOR-1, R-DICE-2):
# morale 44 is index 21, so with modifier m it passes on 35 - 21 + m = 14 + m of the 36 rolls.
#
# Geometry (R-GRID-2): the defender stands in 0505 (column 5 is odd). Its neighbours: N 0504,
# NE 0604, SE 0605, S 0506, SW 0405, NW 0404. From each back to 0505: 0504 S (facing 6), 0604 SW
# (8), 0605 NW (10), 0506 N (12), 0405 NE (2), 0404 SE (4). A defender in column facing 12 has
# N, NE, NW front, SE, SW flank, S rear (13).
import copy, json, os

from fan_map import TO_0412, fan_map

OUT = 'tests/cases/'

ROLLS = [str(t * 10 + u) for t in range(1, 7) for u in range(1, 7)]


def column(att, den, spec):
    """spec: list of (lo, hi, cell); every roll from 11 to 66 once."""
    rolls = {}
    for lo, hi, cell in spec:
        for r in ROLLS[ROLLS.index(lo):ROLLS.index(hi) + 1]:
            rolls[r] = cell
    assert len(rolls) == 36
    return {"att": att, "def": den, "rolls": rolls}


def loss(a, d, check=None):
    c = {"att": a, "def": d}
    if check:
        c["check"] = check
    return c


def mv(i, c, a):
    return {"move": {"infantry": i, "cavalry": c, "artillery": a}}


def mult(side, when, num, den, **kw):
    m = {"side": side, "when": when, "times": {"num": num, "den": den}}
    m.update(kw)
    return m


CHARTS = {
    "terrain": {
        "clear": dict(mv(1, 1, 1), los="clear", general_order=False),
        "woods": dict(mv(2, 3, None), los="blocks", general_order=True),
        "river": dict(mv(None, None, None), los="clear", general_order=False)},
    "hexsides": {"stream": dict(mv(1, 2, 3), los="clear"),
                 "wall": dict(mv(1, None, None), los="clear"),
                 "slope": dict(mv(1, 1, 1), los="clear")},
    "elevation": {"change_hexside": "slope"},
    "melee_table": {"below_lowest": "lowest", "above_highest": "highest", "columns": {
        "1:2": column(1, 2, [("11", "26", "AR"), ("31", "66", "NE")]),
        "1:1": column(1, 1, [("11", "16", "AD"), ("21", "46", "NE"), ("51", "51", loss(1, 1)),
                             ("52", "52", loss(0, 1, "defender")),
                             ("53", "53", loss(1, 0, "attacker")),
                             ("54", "54", loss(2, 2, "both")), ("55", "56", "NE"),
                             ("61", "66", "DD")]),
        "2:1": column(2, 1, [("11", "16", "AD"), ("21", "36", "NE"), ("41", "56", "DD"),
                             ("61", "66", "DR")]),
        "3:1": column(3, 1, [("11", "26", "NE"), ("31", "56", "DD"), ("61", "64", "DR"),
                             ("65", "66", "DS")])}},
    "premelee_morale": {
        "odds": {"1:2": {"att": 1, "def": 2, "attacker_mod": -6, "defender_mod": 6},
                 "1:1": {"att": 1, "def": 1, "attacker_mod": -3, "defender_mod": 3},
                 "2:1": {"att": 2, "def": 1, "attacker_mod": 0, "defender_mod": 0},
                 "3:1": {"att": 3, "def": 1, "attacker_mod": 3, "defender_mod": -3}},
        "situations": {
            "flank": {"when": {"through": "flank"}, "attacker_mod": 12, "defender_mod": -12},
            "rear": {"when": {"through": "rear"}, "attacker_mod": 0, "defender_mod": -6},
            "skirmish": {"when": {"defender": {"formation": "skirmish"}}, "attacker_mod": 0,
                         "defender_mod": -6, "attacker_passes": True},
            "line": {"when": {"defender": {"formation": "line"}}, "attacker_mod": 0,
                     "defender_mod": -3},
            "carre": {"when": {"defender": {"formation": "carre"}}, "attacker_mod": 0,
                      "defender_mod": 6},
            "uphill": {"when": {"across": "slope", "uphill": True}, "attacker_mod": -3,
                       "defender_mod": 3},
            "fire_loss": {"when": {"attacker": {"fire_loss": True}}, "attacker_mod": -3,
                          "defender_mod": 0, "per": "attacker_fire_loss"}}},
    "melee_multipliers": {
        "flank": mult("attacker", {"through": "flank"}, 2, 1),
        "rear": mult("attacker", {"through": "rear"}, 3, 2),
        "attacker_skirmish": mult("attacker", {"attacker": {"formation": "skirmish"}}, 1, 2),
        "defender_skirmish": mult("defender", {"defender": {"formation": "skirmish"}}, 1, 2),
        "heavy_vs_light": mult("attacker", {"attacker": {"arm": "cavalry", "weight": "heavy"},
                                            "defender": {"arm": "cavalry", "weight": "light"}},
                               2, 1),
        "attacker_tired": mult("attacker", {"attacker": {"readiness": "tired"}}, 1, 2),
        "attacker_exhausted": mult("attacker", {"attacker": {"readiness": "exhausted"}}, 1, 3),
        "attacker_preserve": mult("attacker", {"attacker": {"preserve_readiness": True}}, 1, 3),
        "defender_tired": mult("defender", {"defender": {"readiness": "tired"}}, 1, 2),
        "defender_exhausted": mult("defender", {"defender": {"readiness": "exhausted"}}, 1, 3),
        "defender_preserve": mult("defender", {"defender": {"preserve_readiness": True}}, 1, 3),
        "cavalry_vs_carre": mult("attacker", {"attacker": {"arm": "cavalry"},
                                              "defender": {"formation": "carre"}}, 1, 3),
        "infantry_vs_carre": mult("attacker", {"attacker": {"arm": "infantry"},
                                               "defender": {"formation": "carre"}}, 3, 2),
        "charge_straight": mult("attacker", {"attacker": {"arm": "cavalry"},
                                             "charge_straight": True}, 2, 1),
        "lancers_in_line": mult("attacker", {"attacker": {"lance": True, "formation": "line"}},
                                2, 1, applies_to="lance_bonus"),
        "across_stream": mult("attacker", {"across": "stream"}, 2, 3),
        "cavalry_into_general": mult("attacker", {"attacker": {"arm": "cavalry"},
                                                  "defender": {"formation": "general"}}, 1, 3)},
    "leader_casualty": {
        "melee_attacker": {"lo": "11", "hi": "12"},
        "melee_defender": {"lo": "64", "hi": "66"},
        "table": [
            {"lo": 1, "hi": 2, "result": "killed", "hex_morale_check": True},
            {"lo": 3, "hi": 4, "result": "wounded", "hours_out_dice": 1, "hex_morale_check": True},
            {"lo": 5, "hi": 5, "result": "captured"},
            {"lo": 6, "hi": 6, "result": "wounded", "wound": "flesh"}]}}

LEGEND = {".": "clear", "W": "woods", "R": "river"}


def open_map(cols=8, rows=8, cells=None, elevation=None, hexsides=None):
    cells = cells or {}
    m = {"columns": cols, "rows": rows,
         "terrain": [''.join(cells.get((c, r), '.') for c in range(1, cols + 1))
                     for r in range(1, rows + 1)],
         "legend": LEGEND}
    if elevation:
        m["elevation"] = [''.join(str(elevation.get((c, r), 0)) for c in range(1, cols + 1))
                          for r in range(1, rows + 1)]
    if hexsides:
        m["hexsides"] = hexsides
    return m


def unit(id, side, arm, hexes, **kw):
    u = {"id": id, "side": side, "arm": arm, "nation": side, "increments": 6, "fire": 6,
         "melee": 18, "movement": 6 if arm != "cavalry" else 12, "morale": "44",
         "formation": "column", "state": "good", "facing": 12, "hexes": list(hexes)}
    u.update(kw)
    return u


def fr(id="fr-1", hexes=("0504",), arm="infantry", facing=6, **kw):
    return unit(id, "french", arm, hexes, facing=facing, **kw)


def au(id="au-1", hexes=("0505",), arm="infantry", facing=12, **kw):
    return unit(id, "austrian", arm, hexes, facing=facing, **kw)


def leader(id, side, hexes, **bonus):
    return {"id": id, "side": side, "arm": "leader", "bonus": bonus, "hexes": list(hexes)}


def scenario(units, rules="premier-2018", mapd=None, fractions="exact"):
    return {"format": "labataille-scenario/1", "title": "melee case", "rules": rules,
            "fractions": fractions, "sides": ["french", "austrian"],
            "turn": {"time": "13:00", "phasing": "french", "segment": "melee"},
            "map": mapd or open_map(), "charts": copy.deepcopy(CHARTS), "units": units}


cases = []


def case(name, ruling, desc, scen, args, json_fields=None, exit=0, stdout_has=None,
         stderr_has=None, use_json=True, sets=None):
    c = {"ruling": ruling, "description": desc, "scenario": scen,
         "args": ["melee", "{scenario}"] + args + (["--json"] if use_json else [])}
    if exit:
        c["exit"] = exit
    if json_fields:
        c["json"] = json_fields
    if sets:
        c["json_sets"] = sets
    if stdout_has:
        c["stdout_has"] = stdout_has
    if stderr_has:
        c["stderr_has"] = stderr_has
    cases.append(('melee-%s-%s' % (ruling, name), c))  # "usage": melee-usage-NAME


BASE = [fr(), au()]

LEGEND["r"] = "rough"
CHARTS["terrain"]["rough"] = dict(mv(2, 2, 2), los="clear", general_order=False)


def corridor(rows=8, cells=None):
    """Column 5 is open ground, every other hex a river (prohibited): retreats follow it."""
    cells = dict(cells or {})
    for r in range(1, rows + 1):
        cells.setdefault((5, r), '.')
    t = [''.join(cells.get((c, r), 'R') for c in range(1, 9)) for r in range(1, rows + 1)]
    return {"columns": 8, "rows": rows, "terrain": t, "legend": LEGEND}


P = '/played/'

# ---- R-MEL-1: who may assault what ---------------------------------------------------------

case('front-hexsides-only', 'R-MEL-1',
     'fr-1 in 0504 faces 12: its front hexsides are NW, N and NE; 0505 lies S of it, its rear. '
     'Melee only through the front hexsides (32.2): refused.',
     scenario([fr(facing=12), au()]), ['fr-1', '0505'],
     {'/allowed': False, '/rule': 'R-MEL-1',
      '/reason': 'fr-1 is next to 0505 only through its flank or rear: melee only through the '
                 'front hexsides'})
case('not-adjacent', 'R-MEL-1', 'fr-1 in 0503 is two hexes from 0505: it may not assault it.',
     scenario([fr(hexes=("0503",)), au()]), ['fr-1', '0505'],
     {'/allowed': False, '/rule': 'R-MEL-1', '/reason': 'fr-1 is not next to 0505'})
case('routed-attacker', 'R-MEL-1', 'A routed unit melees only in defence (R-MOR-4): refused.',
     scenario([fr(state="routed"), au()]), ['fr-1', '0505'],
     {'/allowed': False, '/rule': 'R-MEL-1',
      '/reason': 'fr-1 is routed: it melees only in defence'})
case('empty-target', 'R-MEL-1', '0605 holds no unit: there is nothing to assault.',
     scenario(BASE), ['fr-1', '0605'],
     {'/allowed': False, '/rule': 'R-MEL-1', '/reason': '0605 holds no enemy combat unit'})
case('one-side', 'R-MEL-1', 'au-2 is Austrian, the side of the defender: one side assaults.',
     scenario([fr(), au(), au(id="au-2", hexes=("0303",))]), ['fr-1', 'au-2', '0505'],
     {'/allowed': False, '/rule': 'R-MEL-1',
      '/reason': 'au-2 is not of the side of fr-1: one side assaults'})
case('leader-not-formation', 'R-MEL-1', 'A leader is not a combat formation and does not assault.',
     scenario([fr(), leader("fr-ldr", "french", ["0504"], melee=1), au()]),
     ['fr-1', 'fr-ldr', '0505'],
     {'/allowed': False, '/rule': 'R-MEL-1',
      '/reason': 'fr-ldr is a leader, not a combat formation'})
case('target-as-unit', 'R-MEL-1',
     'TARGET may be a unit id: au-1 stands for its hex 0505. Front attack, 18 : 18 in column 1:1.',
     scenario(BASE), ['fr-1', 'au-1'],
     {'/allowed': True, '/target': '0505', '/attack_value': 18, '/defence_value': 18,
      '/odds': '1:1'})
case('force-marched', 'R-MEL-1',
     'A unit that force-marched this turn may not melee as the attacker (44).',
     scenario([fr(move_record={"force_march": "marching", "actions": 1, "steps": 1}), au()]),
     ['fr-1', '0505'],
     {'/allowed': False, '/rule': 'R-MEL-1',
      '/reason': 'fr-1 force-marched this turn: it may not melee as the attacker'})
case('unknown-attacker', 'R-MEL-1', 'An attacker id the scenario does not have is invalid input.',
     scenario(BASE), ['fr-9', '0505'], exit=1, use_json=False,
     stderr_has=['unknown unit "fr-9"'])
case('line-one-hex-takes-part', 'R-MEL-1',
     'fr-1 is a 10-increment line in 0403 and 0404 facing 3 (fronts NE and SE). 0404 is next '
     'to 0505 (its SE hexside); 0403 is not. So 5 increments take part: melee 30 x 5/10 = 15 '
     '(R-MEL-13), and as an attacking line it counts 4 of them (32.3). 15 : 18 is below 1:1, '
     'read 1:2; pre-melee 4 : 6 is below 1:1, read 1:2.',
     scenario([fr(hexes=("0403", "0404"), formation="line", facing=3, increments=10, melee=30),
               au()]), ['fr-1', '0505'],
     {'/attack_value': 15, '/units/0/increments': 5, '/units/0/counted': 4,
      '/units/0/from': '0404', '/units/0/multipliers/0/rule': 'R-MEL-13',
      '/units/0/multipliers/0/times': '1/2', '/odds': '1:2', '/premelee/odds': '1:2'})

# ---- R-MEL-2, 3, 4, 5 -----------------------------------------------------------------------

case('fired-elsewhere', 'R-MEL-2', 'fr-1 fired at 0604 this turn: it may melee only 0604 (32.5).',
     scenario(BASE), ['fr-1', '0505', '--fired', 'fr-1@0604'],
     {'/allowed': False, '/rule': 'R-MEL-2',
      '/reason': 'fr-1 fired at 0604 this turn: it may melee only that hex, not 0505'})
case('fired-at-target', 'R-MEL-2', 'fr-1 fired at 0505 this turn: it may melee 0505.',
     scenario(BASE), ['fr-1', '0505', '--fired', 'fr-1@0505'], {'/allowed': True})
WALL = [{"hex": "0504", "side": "S", "type": "wall"}]
case('cavalry-across-wall', 'R-MEL-3',
     'A wall on the hexside 0504-0505 is prohibited to cavalry (move null): no melee across it '
     '(32.7).',
     scenario([fr(id="fr-cav", arm="cavalry"), au()], mapd=open_map(hexsides=WALL)),
     ['fr-cav', '0505'],
     {'/allowed': False, '/rule': 'R-MEL-3',
      '/reason': 'fr-cav may not enter 0505 from 0504 (prohibited terrain or hexside): no melee '
                 'into it'})
case('infantry-across-wall', 'R-MEL-3', 'Infantry may cross the wall (+1): it may melee across it.',
     scenario([fr(), au()], mapd=open_map(hexsides=WALL)), ['fr-1', '0505'], {'/allowed': True})
case('carre-never-assaults', 'R-MEL-4', 'A carré never assaults (32.9).',
     scenario([fr(formation="carre"), au()]), ['fr-1', '0505'],
     {'/allowed': False, '/rule': 'R-MEL-4', '/reason': 'fr-1 is in carré: a carré never assaults'})
case('cavalry-next-to-carre', 'R-MEL-4',
     'Cavalry assaults a carré only from inside its hex (32.9); fr-cav is next to it: refused.',
     scenario([fr(id="fr-cav", arm="cavalry"), au(formation="carre")]), ['fr-cav', '0505'],
     {'/allowed': False, '/rule': 'R-MEL-4',
      '/reason': 'fr-cav may assault the carré in 0505 only from inside its hex, after its '
                 'defensive fire'})
case('cavalry-inside-carre', 'R-MEL-4',
     'fr-cav stands in the carré\'s hex 0505 (R-SCN-4): melee 12 x 1/3 = 4 (cavalry against a '
     'carré). 4 : 18 is below the lowest column: 1:2. Cavalry makes no check; the carré checks '
     'with 1:1 (6 : 6) +3 and carré +6: 14 + 9 = 23 of 36 rolls pass. DEFENDER_FAILS 13/36; '
     'melee 23/36: 1:2 gives AR on 12 rolls (23/36 x 1/3 = 23/108) and NE on 24 (23/54).',
     scenario([fr(id="fr-cav", arm="cavalry", hexes=("0505",), melee=12),
               au(formation="carre")]), ['fr-cav', '0505'],
     {'/allowed': True, '/attack_value': 4, '/units/0/through': 'front', '/odds': '1:2',
      '/odds_below': True, '/units/0/checks': False, '/units/1/p_pass': '23/36',
      '/outcomes/DEFENDER_FAILS': '13/36', '/outcomes/AR': '23/108', '/outcomes/NE': '23/54'})
case('infantry-against-carre', 'R-MEL-4',
     'Infantry assaults a carré from next to it at x3/2: 18 x 3/2 = 27; 27 : 18 = 1.5, read 1:1. '
     'The carré checks at +3 +6: 23/36; fr-1 at -3: 11/36.',
     scenario([fr(), au(formation="carre")]), ['fr-1', '0505'],
     {'/attack_value': 27, '/units/0/multipliers/0/rule': 'melee_multipliers.infantry_vs_carre',
      '/units/0/multipliers/0/times': '3/2', '/odds': '1:1', '/units/1/p_pass': '23/36',
      '/units/0/p_pass': '11/36'})
case('cavalry-melee-no-infantry', 'R-MEL-5',
     'Every defender is cavalry and fr-cav attacks: fr-1 may not join (35.9).',
     scenario([fr(id="fr-cav", arm="cavalry"), fr(hexes=("0604",), facing=8),
               au(id="au-cav", arm="cavalry")]), ['fr-cav', 'fr-1', '0505'],
     {'/allowed': False, '/rule': 'R-MEL-5',
      '/reason': 'other arms may not join a melee of cavalry against cavalry'})
case('cavalry-against-cavalry', 'R-MEL-5',
     'Cavalry against cavalry, 12 : 12 in column 1:1; neither side checks (35.2), so every roll '
     'is a melee: AD 6/36 = 1/6, NE 20/36 = 5/9, DD 1/6, each loss cell 1/36.',
     scenario([fr(id="fr-cav", arm="cavalry", melee=12),
               au(id="au-cav", arm="cavalry", melee=12)]), ['fr-cav', '0505'],
     {'/allowed': True, '/odds': '1:1', '/p_melee': 1, '/outcomes/AD': '1/6',
      '/outcomes/NE': '5/9', '/outcomes/DD': '1/6', '/outcomes/2*~12*': '1/36'})

# ---- R-MEL-6: front, flank, rear -------------------------------------------------------------

case('flank', 'R-MEL-6',
     'fr-1 in 0605 faces 10 and attacks 0505 through its NW front hexside; the defender faces 12, '
     'so its SE hexside is a flank. Melee 18 x 2 = 36; 36 : 18 = 2:1. Pre-melee 6 : 6 = 1:1 '
     'with flank: fr-1 -3 +12 = +9, 23/36; au-1 +3 -12 = -9, 5/36. DEFENDER_FAILS 31/36; '
     'ATTACKER_FAILS 5/36 x 13/36 = 65/1296; melee 5/36 x 23/36 = 115/1296: AD 6 rolls 115/7776, '
     'NE 12 and DD 12 rolls 115/3888 each, DR 6 rolls 115/7776.',
     scenario([fr(hexes=("0605",), facing=10), au()]), ['fr-1', '0505'],
     {'/units/0/through': 'flank', '/through': 'flank', '/attack_value': 36,
      '/units/0/multipliers/0/rule': 'melee_multipliers.flank', '/odds': '2:1',
      '/units/0/p_pass': '23/36', '/units/1/p_pass': '5/36', '/outcomes/DEFENDER_FAILS': '31/36',
      '/outcomes/ATTACKER_FAILS': '65/1296', '/outcomes/AD': '115/7776',
      '/outcomes/NE': '115/3888', '/outcomes/DD': '115/3888', '/outcomes/DR': '115/7776'})
case('rear', 'R-MEL-6',
     'fr-1 in 0506 faces 12 and attacks the defender\'s S hexside, its rear: melee 18 x 3/2 = 27, '
     'read 1:1. Pre-melee 1:1 with rear: fr-1 -3 (11/36), au-1 +3 -6 = -3 (11/36).',
     scenario([fr(hexes=("0506",), facing=12), au()]), ['fr-1', '0505'],
     {'/units/0/through': 'rear', '/attack_value': 27, '/units/0/multipliers/0/times': '3/2',
      '/odds': '1:1', '/units/0/p_pass': '11/36', '/units/1/p_pass': '11/36'})
case('defender-reads-worst', 'R-MEL-6',
     'fr-1 attacks the front from 0504, fr-2 the flank from 0605. Values 18 + 36 = 54, 54 : 18 = '
     '3:1. Pre-melee 12 : 6 = 2:1 (0/0). The defender reads the flank: 0 -12, 2/36 = 1/18; fr-1 '
     '(front) 0: 14/36 = 7/18; fr-2 (flank) +12: 26/36 = 13/18.',
     scenario([fr(), fr(id="fr-2", hexes=("0605",), facing=10), au()]),
     ['fr-1', 'fr-2', '0505'],
     {'/through': 'flank', '/units/0/through': 'front', '/units/1/through': 'flank',
      '/attack_value': 54, '/odds': '3:1', '/units/2/p_pass': '1/18', '/units/0/p_pass': '7/18',
      '/units/1/p_pass': '13/18'})
case('line-takes-best-class', 'R-MEL-6',
     'fr-1, a 10-increment line in 0404 and 0405 facing 3 (fronts NE and SE), is next to 0505 '
     'from both: from 0404 through the defender\'s NW (front), from 0405 through its SW (flank). '
     'All 10 increments take part; the unit comes through the flank: 30 x 2 = 60, 60 : 18 = '
     '3.3, read 3:1. It counts 4 (a line): 4 : 6 is 1:2, so fr-1 -6 +12 = +6 (20/36 = 5/9) and '
     'au-1 +6 -12 = -6 (8/36 = 2/9).',
     scenario([fr(hexes=("0404", "0405"), formation="line", facing=3, increments=10, melee=30),
               au()]), ['fr-1', '0505'],
     {'/units/0/through': 'flank', '/units/0/from': '0405', '/units/0/increments': 10,
      '/units/0/counted': 4, '/attack_value': 60, '/odds': '3:1', '/units/0/p_pass': '5/9',
      '/units/1/p_pass': '2/9'})

# ---- R-MEL-7, 8: retreat before melee -------------------------------------------------------
# On the corridor (column 5 open, the rest river) a unit in 0505 attacked from 0504 can only go
# south: 0506, 0507, 0508 (3 MP of clear, R-MEL-8), one path, so no path decision.

SKIRM = dict(formation="skirmish", facing=11, increments=3, melee=6)
case('skirmishers-before-infantry', 'R-MEL-7',
     'Skirmishers assaulted by infantry may retreat before the melee (29): au-1 retreats 3 MP '
     'down the corridor to 0508, in good order, in column (R-RET-11). The attacker may follow '
     'into 0505 and chooses not to (--answers none). No die is rolled.',
     scenario([fr(), au(**SKIRM)], mapd=corridor()),
     ['fr-1', '0505', '--retire', 'au-1', '--dice', '11', '--answers', 'none'],
     {P + 'summary': 'retire:au-1 stay', P + 'events/0/kind': 'retreat', P + 'events/0/hex': '0508',
      P + 'changed/0/id': 'au-1', P + 'changed/0/after/hexes': ['0508'],
      P + 'changed/0/after/state': 'good', P + 'changed/0/after/formation': 'column',
      P + 'changed/0/after/hold_next': 'retreated', P + 'fought': False})
case('skirmishers-before-cavalry', 'R-MEL-7',
     'Skirmishers may not retreat before cavalry (29): the standing answer is not asked. au-1 '
     'checks: 6 : 3 is 2:1 (0), skirmish -6: roll 66 passes; cavalry makes no check. fr-cav 12 '
     'against 6 x 1/2 = 3: 4:1, read 3:1 (the highest); roll 11: NE. fr-cav, fresh, is tired.',
     scenario([fr(id="fr-cav", arm="cavalry", melee=12), au(**SKIRM)], mapd=corridor()),
     ['fr-cav', '0505', '--retire', 'au-1', '--dice', '66,11', '--answers', 'full'],
     {P + 'summary': 'result:NE tired:fr-cav', P + 'result': 'NE', P + 'column': '3:1'},
     stdout_has=['au-1 may not retreat before the melee: skirmishers retreat before infantry '
                 'only, and cavalry assaults them'])
case('cavalry-before-infantry', 'R-MEL-7',
     'Cavalry assaulted by infantry may retreat whatever its readiness (29, 36): exhausted au-cav '
     'retreats 3 MP to 0508.',
     scenario([fr(), au(id="au-cav", arm="cavalry", readiness="exhausted")], mapd=corridor()),
     ['fr-1', '0505', '--retire', 'au-cav', '--dice', '11', '--answers', 'none'],
     {P + 'summary': 'retire:au-cav stay', P + 'changed/0/after/hexes': ['0508']})
case('cavalry-two-faster', 'R-MEL-7',
     'au-cav (14 MP) is 2 MP faster than fr-cav (12 MP): it may retreat before it (29).',
     scenario([fr(id="fr-cav", arm="cavalry"), au(id="au-cav", arm="cavalry", movement=14)],
              mapd=corridor()),
     ['fr-cav', '0505', '--retire', 'au-cav', '--dice', '11', '--answers', 'none'],
     {P + 'summary': 'retire:au-cav stay'})
case('cavalry-not-faster', 'R-MEL-7',
     'au-cav (13 MP) is only 1 MP faster than fr-cav (12 MP): it may not retreat. Cavalry against '
     'cavalry: no check; 18 : 18 in 1:1, roll 21: NE. Both fresh units are tired after it.',
     scenario([fr(id="fr-cav", arm="cavalry"), au(id="au-cav", arm="cavalry", movement=13)],
              mapd=corridor()),
     ['fr-cav', '0505', '--retire', 'au-cav', '--dice', '21', '--answers', 'full,full'],
     {P + 'summary': 'result:NE tired:fr-cav tired:au-cav'},
     stdout_has=['cavalry retreats before cavalry only with 2 movement points more than every '
                 'attacker'])
case('exhausted-before-fresh', 'R-MEL-7',
     'Exhausted cavalry may not retreat before fresh cavalry (36.4), even 2 MP faster. au-cav '
     'melees at 18 x 1/3 = 6; fr-cav 18 : 6 = 3:1, roll 11: NE. fr-cav is tired; au-cav stays '
     'exhausted.',
     scenario([fr(id="fr-cav", arm="cavalry"),
               au(id="au-cav", arm="cavalry", movement=14, readiness="exhausted")],
              mapd=corridor()),
     ['fr-cav', '0505', '--retire', 'au-cav', '--dice', '11', '--answers', 'full,full'],
     {P + 'summary': 'result:NE tired:fr-cav', '/defence_value': 6},
     stdout_has=['exhausted cavalry may not retreat before fresh cavalry (36.4)'])
case('exhausted-before-tired', 'R-MEL-7',
     'Against tired cavalry, exhausted au-cav (14 MP, 2 faster) may retreat (36.4 forbids it '
     'only before fresh cavalry).',
     scenario([fr(id="fr-cav", arm="cavalry", readiness="tired"),
               au(id="au-cav", arm="cavalry", movement=14, readiness="exhausted")],
              mapd=corridor()),
     ['fr-cav', '0505', '--retire', 'au-cav', '--dice', '11', '--answers', 'none'],
     {P + 'summary': 'retire:au-cav stay'})
HORSE = scenario([fr(), au(id="au-gun", arm="artillery", formation="limbered", movement=8,
                          increments=2, melee=2, **{"class": "a_cheval"})], mapd=corridor())
HORSE["charts"]["movement"] = {"horse_artillery": ["a_cheval"]}
case('limbered-guns', 'R-MEL-7',
     'Limbered horse artillery (class a_cheval, listed in the charts\' movement.horse_artillery) '
     'with 8 MP against infantry with 6 has the 2 MP advantage: it may retreat (29.2 b).',
     HORSE, ['fr-1', '0505', '--retire', 'au-gun', '--dice', '11', '--answers', 'none'],
     {P + 'summary': 'retire:au-gun stay'})
FOOT = copy.deepcopy(HORSE)
FOOT["units"][1]["class"] = "a_pied"
case('foot-guns-may-not', 'R-MEL-7',
     'The same guns of class a_pied, not listed as horse artillery: 29.2 b lets cavalry and '
     'limbered HORSE artillery retreat, so the standing answer is not asked, though they have the '
     '2 MP advantage. The melee goes on: the guns check at 6 : 2 = 3:1, -3: 14 - 3 = 11 rolls '
     'pass (index over 24, 53 up), 66 passes; fr-1 checks at +3 (17 rolls, index over 18, 44 up), '
     '66 passes. Melee 18 : 2 = 9, above the highest column: 3:1; roll 21: NE.',
     FOOT, ['fr-1', '0505', '--retire', 'au-gun', '--dice', '66,66,21'],
     {P + 'summary': 'result:NE', P + 'column': '3:1'},
     stdout_has=['au-gun may not retreat before the melee: of limbered artillery only horse '
                 'artillery retreats before a melee (29.2 b)'])
case('no-path-not-offered', 'R-MEL-7',
     'The corridor is cut below 0505 (0506 river): au-cav, cavalry assaulted by infantry, may '
     'retreat before the melee (29.2 c) but no path is open: from 0505 every step but back to '
     '0504, the attacker\'s hex, is prohibited, so it has no legal retreat of even one hex '
     '(R-RET-5). 29.2 d and L7-7 make the retreat an option "if a path is open": it is not '
     'offered (the standing answer is not asked, no surrender). Cavalry makes no check (35.2); '
     'fr-1 checks at 6 : 4, 1:1, -3: 11 rolls pass, 66 passes. Melee 18 : 12 = 1.5, 1:1; roll '
     '21: NE; au-cav fought at full value and is tired (R-MEL-20).',
     scenario([fr(), au(id="au-cav", arm="cavalry", increments=4, melee=12)],
              mapd=corridor(cells={(5, 6): 'R', (5, 7): 'R', (5, 8): 'R'})),
     ['fr-1', '0505', '--retire', 'au-cav', '--dice', '66,21', '--answers', 'full'],
     {P + 'summary': 'result:NE tired:au-cav'},
     stdout_has=['au-cav may not retreat before the melee: no path is open (29.2 d, L7-7)'])
case('column-may-not', 'R-MEL-7',
     'Infantry in column may not retreat before a melee. Both check (1:1): 66 and 66 pass; '
     '18 : 18 in 1:1, roll 21: NE.',
     scenario(BASE, mapd=corridor()),
     ['fr-1', '0505', '--retire', 'au-1', '--dice', '66,66,21'],
     {P + 'summary': 'result:NE'},
     stdout_has=['only skirmishers, cavalry, limbered horse artillery and leaders may retreat '
                 'before a melee'])
case('one-hex-no-hold', 'R-MEL-8',
     'Rough ground south (2 MP a hex): the skirmishers retreat before the melee into 0506 (the '
     'first hex is always affordable) and cannot pay 2 more: one hex, so they may move in their '
     'next Movement segment (V18-4 holds only a unit that retreated more than one hex).',
     scenario([fr(), au(**SKIRM)], mapd=corridor(cells={(5, 6): 'r', (5, 7): 'r'})),
     ['fr-1', '0505', '--retire', 'au-1', '--dice', '11', '--answers', 'none'],
     {P + 'changed/0/after/hexes': ['0506'], P + 'changed/0/after/hold_next': 'none'})
case('hold-after-retreat', 'R-MEL-8',
     'The skirmishers retreated 3 hexes before the melee (0506, 0507, 0508): more than one, so '
     'they may not move in their side\'s next Movement segment (V18-4).',
     scenario([fr(), au(**SKIRM)], mapd=corridor()),
     ['fr-1', '0505', '--retire', 'au-1', '--dice', '11', '--answers', 'none'],
     {P + 'events/1/kind': 'hold', P + 'changed/0/after/hold_next': 'retreated'})
case('leader-goes-with', 'R-MEL-8',
     'au-ldr stands with the skirmishers; when they retreat before the melee to 0508 and leave '
     'no Austrian combat unit in 0505, the leader goes with them (L7-7).',
     scenario([fr(), au(**SKIRM), leader("au-ldr", "austrian", ["0505"], morale=1)],
              mapd=corridor()),
     ['fr-1', '0505', '--retire', 'au-1', '--dice', '11', '--answers', 'none'],
     {P + 'changed/1/id': 'au-ldr', P + 'changed/1/after/hexes': ['0508']})
case('pursuit', 'R-MEL-8',
     'Every defender retreated before the melee: the attacker may advance into 0505 (33.3) and '
     'does (--answers fr-1); the assault ends there.',
     scenario([fr(), au(**SKIRM)], mapd=corridor()),
     ['fr-1', '0505', '--retire', 'au-1', '--dice', '11', '--answers', 'fr-1'],
     {P + 'summary': 'retire:au-1 advance:fr-1', P + 'changed/0/id': 'fr-1',
      P + 'changed/0/after/hexes': ['0505'], P + 'fought': False})

POCKET = corridor(rows=20, cells={(4, 5): '.', (3, 6): '.', (3, 7): '.'})
case('before-melee-end-surrender-later', 'R-RET-8',
     'The corridor, 20 rows, with a pocket west of 0505: 0405, 0306, 0307 (every other hex off the '
     'corridor a river). The skirmishers retreat before the melee 3 MP: south 0506 0507 0508, or '
     'west 0405 0306 0307, both ends 4 hexes from fr-1 in 0504 (R-RET-4 e ties): two ends, the '
     'owner\'s choice. From 0307 a failed recovery (the rout that follows a disorder, 10 hexes) '
     'would have no legal step: its only open neighbour, 0306, is 3 hexes from fr-1, closer; so '
     '0307 means surrender later (R-RET-8) and its option says so. From 0508 the rout goes on '
     'south to 0518. The automatic choice is the first end in label order that does not: 0508.',
     scenario([fr(), au(**SKIRM)], mapd=POCKET),
     ['fr-1', '0505', '--retire', 'au-1', '--dice', '11'], exit=2, use_json=False,
     stderr_has=['1) 0307         end in 0307; surrender later: a failed recovery there would '
                 'have no complete path (R-RET-8)\n', '2) 0508         end in 0508  (auto)'])

# ---- R-MEL-27: the melee after a pursuit (33.3) ------------------------------------------------
ROUGH_SOUTH = corridor(cells={(5, 6): 'r', (5, 7): 'r'})
case('pursuit-melees', 'R-MEL-27',
     'Rough ground south (2 MP a hex): the skirmishers retreat before the melee one hex, into '
     '0506 (the first hex is always affordable). 0505 is empty: fr-1 pursues into it (--answers '
     'fr-1, 33.3) and is again next to au-1, in 0506, through its front (fr-1 faces 6, S). The '
     'melee goes on, against au-1 in 0506: no second retreat before melee, the pre-melee check. '
     'au-1 now stands in column facing 6, its last step S (R-RET-11), so fr-1 comes from the N, '
     'through its rear hexside: au-1 -6, fr-1 x3/2. Counted 6 : 3 = 2:1 (0/0): au-1 passes on '
     '14 - 6 = 8 rolls (index over 27, 55 up), 66 passes; fr-1 on 14 (index over 21), 66 passes. '
     'Melee 18 x 3/2 = 27 against 6 (a column: the skirmishers\' halving is gone): 4.5, above the '
     'highest column, 3:1; roll 21: NE.',
     scenario([fr(), au(**SKIRM)], mapd=ROUGH_SOUTH),
     ['fr-1', '0505', '--retire', 'au-1', '--dice', '66,66,21', '--answers', 'fr-1'],
     {P + 'summary': 'retire:au-1 advance:fr-1 pursuit:0506 result:NE', P + 'fought': True,
      P + 'column': '3:1', P + 'melee_attack': 27, P + 'melee_defence': 6})
case('pursuit-apart', 'R-MEL-27',
     'On the open corridor the skirmishers retreat before the melee 3 MP, to 0508; fr-1 pursues '
     'into 0505 (--answers fr-1) and is three hexes from them: no defender that retreated is '
     'next to it, so the assault ends there (33.3) and no die is rolled.',
     scenario([fr(), au(**SKIRM)], mapd=corridor()),
     ['fr-1', '0505', '--retire', 'au-1', '--dice', '11', '--answers', 'fr-1'],
     use_json=False,
     stdout_has=['fr-1 advances into 0505', 'fr-1 pursued into 0505 and is next to no defender '
                 'that retreated: the assault ends'])
case('no-pursuit-no-melee', 'R-MEL-27',
     'As pursuit-melees, but the attacker does not pursue (--answers none): only an attacker that '
     'advanced in pursuit melees again (33.3), and au-1 in 0506 is two hexes from fr-1 in 0504 '
     'anyway: the assault ends, no die is rolled.',
     scenario([fr(), au(**SKIRM)], mapd=ROUGH_SOUTH),
     ['fr-1', '0505', '--retire', 'au-1', '--dice', '11', '--answers', 'none'],
     {P + 'summary': 'retire:au-1 stay', P + 'fought': False})

# ---- R-MEL-28: a leader's own retreat before melee (L7-7) ---------------------------------------
LDR = leader("au-ldr", "austrian", ["0505"], morale=2, melee=1)
case('leader-retreats-alone', 'R-MEL-28',
     'au-ldr stands with au-1 (infantry in column, which may not retreat) and retreats before the '
     'melee on his own (--retire au-ldr; L7-7: leaders always may, if a path is open). His '
     'refuge: the nearest hex in no enemy zone reached through hexes without enemies on terrain '
     'some arm may stand on: fr-1 in 0504 faces 6, its zone 0405, 0505, 0605; 0404 and 0604 are '
     'river; 0506 is the only hex one step away, the only refuge, no decision. au-1 fights '
     'without him: no leader bonus to its check or to the melee roll. au-1 1:1 +3: 17 rolls '
     '(index over 18, 44 up), 66 passes; fr-1 -3: 11 rolls, 66 passes; 18 : 18, 1:1, roll 21 +0: '
     'NE.',
     scenario([fr(), au(), LDR], mapd=corridor()),
     ['fr-1', '0505', '--retire', 'au-ldr', '--dice', '66,66,21'],
     {P + 'summary': 'retire:au-ldr result:NE', P + 'modified': 21,
      P + 'changed/0/id': 'au-ldr', P + 'changed/0/after/hexes': ['0506']})
case('leader-stands', 'R-MEL-28',
     'The same, au-ldr stands (--answers stand): he adds his morale bonus 2 to au-1\'s check '
     '(R-MOR-1) and his melee bonus 1 is subtracted from the roll (R-MEL-16): 21 -1 = 16, read '
     'AD in 1:1 (11-16).',
     scenario([fr(), au(), LDR], mapd=corridor()),
     ['fr-1', '0505', '--dice', '66,66,21', '--answers', 'stand', '--auto'],
     {P + 'result': 'AD', P + 'modified': 16})
case('leader-no-path', 'R-MEL-28',
     'The corridor is cut below 0505 (0506 river): au-ldr\'s only open neighbour holds the enemy, '
     'so no path is open (L7-7) and he is not asked; 0503, behind fr-1, could only be reached '
     'through its hex.',
     scenario([fr(), au(), LDR], mapd=corridor(cells={(5, 6): 'R'})),
     ['fr-1', '0505', '--retire', 'au-ldr', '--dice', '66,66,21'],
     {P + 'result': 'AD'},
     stdout_has=['au-ldr may not retreat before the melee: no path is open (29.2 d, L7-7)'])
case('leader-attached-stays', 'R-MEL-28',
     'As leader-retreats-alone, but au-ldr is attached to au-1 (R-MOV-14): he moves with it, and '
     'it stands, so he is not asked (--retire au-ldr is not taken). His bonuses count: au-1 '
     'checks at +3 and his +2, 66 passes; fr-1 -3, 66 passes; roll 21 -1 = 16: AD.',
     scenario([fr(), au(), dict(LDR, attached_to="au-1")], mapd=corridor()),
     ['fr-1', '0505', '--retire', 'au-ldr', '--dice', '66,66,21', '--auto'],
     {P + 'result': 'AD', P + 'modified': 16},
     stdout_has=['au-ldr may not retreat before the melee: an attached leader moves with his '
                 'unit, which stands (R-MOV-14)'])
case('leader-not-before-charge', 'R-MEL-28',
     'fr-cav melees as its charge owes (--charged): a leader never retreats before a charge '
     '(L7-7), and this melee is the charge\'s (38.10), so au-ldr is not asked though a path is '
     'open. fr-cav makes no check (35.2); au-1 at 6 : 6, 1:1, +3 and his +2: 19 rolls, 66 '
     'passes. 18 : 18, 1:1, roll 31 -1 = 26: NE. fr-cav, charged, is exhausted (R-MEL-20).',
     scenario([fr(id="fr-cav", arm="cavalry"), au(), LDR], mapd=corridor()),
     ['fr-cav', '0505', '--charged', 'fr-cav', '--retire', 'au-ldr', '--dice', '66,31',
      '--answers', 'full'],
     {P + 'summary': 'result:NE exhausted:fr-cav'},
     stdout_has=['au-ldr may not retreat before the melee: a leader never retreats before a '
                 'charge'])

# ---- R-MEL-9, 10, 11: the pre-melee checks ---------------------------------------------------

case('line-counts-four', 'R-MEL-9',
     'fr-1, 8 increments in line in 0504 facing 5 (fronts SE and S), counts its top four (32.3); '
     'au-1, a 6-increment line, counts all 6: 4 : 6 is 1:2. fr-1 -6: 14 - 6 = 8/36 = 2/9; au-1 '
     '+6, line -3: 17/36. Melee 24 : 18 = 1.33, read 1:1.',
     scenario([fr(formation="line", facing=5, increments=8, melee=24),
               au(formation="line", facing=11)]), ['fr-1', '0505'],
     {'/premelee/attacking': 4, '/premelee/defending': 6, '/premelee/odds': '1:2',
      '/units/0/p_pass': '2/9', '/units/1/p_pass': '17/36', '/odds': '1:1'})
case('column-counts-all', 'R-MEL-9',
     'An attacker in column counts all its increments (32.3): 8 : 6 = 1.33, read 1:1: fr-1 -3 '
     '(11/36), au-1 +3 (17/36).',
     scenario([fr(increments=8, melee=24), au()]), ['fr-1', '0505'],
     {'/premelee/attacking': 8, '/premelee/odds': '1:1', '/units/0/p_pass': '11/36',
      '/units/1/p_pass': '17/36'})
case('uphill-and-leader', 'R-MEL-10',
     '0505 is one level higher than 0504: the assault crosses the implicit slope uphill (charts '
     '4.3), fr-1 -3, au-1 +3. au-ldr (morale bonus 2) stands in 0505 (R-MOR-1). au-1: 1:1 +3, '
     'uphill +3, leader +2 = +8: 22/36 = 11/18; fr-1: -3 -3 = -6: 8/36 = 2/9.',
     scenario([fr(), au(), leader("au-ldr", "austrian", ["0505"], morale=2)],
              mapd=open_map(elevation={(5, 5): 1})), ['fr-1', '0505'],
     {'/units/1/p_pass': '11/18', '/units/1/chart_modifier': 6, '/units/1/modifier': 8,
      '/units/0/p_pass': '2/9', '/units/0/chart_modifier': -6})
case('fire-loss-each', 'R-MEL-10',
     'fr-1 lost 2 increments to defensive fire this turn: -3 each (the chart\'s per), with 1:1 '
     '-3: -9, 14 - 9 = 5/36.',
     scenario(BASE), ['fr-1', '0505', '--fire-loss', 'fr-1=2'],
     {'/units/0/chart_modifier': -9, '/units/0/p_pass': '5/36'})
case('disordered-defender', 'R-MEL-10',
     'A disordered defender takes R-MOR-1\'s -3 on its check (the chart has no entry of its own '
     'here): 1:1 +3 -3 = 0, 14/36 = 7/18; it melees at half (R-MOR-3): 9, and 18 : 9 = 2:1.',
     scenario([fr(), au(state="disordered")]), ['fr-1', '0505'],
     {'/units/1/modifier': 0, '/units/1/p_pass': '7/18', '/defence_value': 9, '/odds': '2:1',
      '/units/1/multipliers/0/rule': 'R-MOR-3', '/units/1/multipliers/0/times': '1/2'})
case('general-order-defender', 'R-MEL-11',
     'au-1 defends in woods, in general order: no check (33.6). fr-1 checks at 1:1 -3: 11/36. '
     'ATTACKER_FAILS 25/36, a melee 11/36.',
     scenario([fr(), au(formation="general")], mapd=open_map(cells={(5, 5): 'W'})),
     ['fr-1', '0505'],
     {'/units/1/checks': False,
      '/units/1/exempt': 'a defender in general order makes no pre-melee check (33.6)',
      '/outcomes/ATTACKER_FAILS': '25/36', '/p_melee': '11/36'})
case('cavalry-attacker-no-check', 'R-MEL-11',
     'Cavalry makes no pre-melee check (35.2): only au-1 checks, 1:1 +3, 17/36.',
     scenario([fr(id="fr-cav", arm="cavalry"), au()]), ['fr-cav', '0505'],
     {'/units/0/checks': False, '/units/0/exempt': 'cavalry makes no pre-melee check (35.2)',
      '/units/1/p_pass': '17/36', '/outcomes/DEFENDER_FAILS': '19/36', '/p_melee': '17/36'})
case('infantry-with-cavalry', 'R-MEL-11',
     'fr-1 attacks together with fr-cav (from 0604, facing 8): infantry with cavalry makes no '
     'check (33.6). au-1: 12 : 6 = 2:1, 0: 14/36 = 7/18.',
     scenario([fr(), fr(id="fr-cav", arm="cavalry", hexes=("0604",), facing=8), au()]),
     ['fr-1', 'fr-cav', '0505'],
     {'/units/0/checks': False,
      '/units/0/exempt': 'infantry attacking together with cavalry makes no check (33.6)',
      '/units/2/p_pass': '7/18', '/p_melee': '7/18'})
case('passed-before', 'R-MEL-11',
     'au-1 stood against a charge and passed: it counts as having passed (38.2, --passed). Only '
     'fr-1 checks: 11/36.',
     scenario(BASE), ['fr-1', '0505', '--passed', 'au-1'],
     {'/units/1/checks': False,
      '/units/1/exempt': 'it counts as having passed its pre-melee check (38.2)',
      '/p_melee': '11/36'})
case('skirmish-defender-attackers-pass', 'R-MEL-11',
     'Skirmishers defend: the chart lets the attackers pass (attacker_passes). au-1 checks at '
     '6 : 3 = 2:1 (0) and skirmish -6: 8/36 = 2/9.',
     scenario([fr(), au(**SKIRM)]), ['fr-1', '0505'],
     {'/premelee/attackers_pass': True, '/units/0/checks': False, '/units/1/p_pass': '2/9',
      '/p_melee': '2/9'})

# ---- R-MEL-12: a failed pre-melee check ------------------------------------------------------

case('defender-fails', 'R-MEL-12',
     'au-1 rolls 11 for its check (needs 17 of 36 at +3: fails): it disorders and retreats 3 MP '
     'to 0508, losing nothing (no melee was fought). The hex is empty: fr-1 may occupy it and '
     'does (--answers fr-1).',
     scenario(BASE, mapd=corridor()), ['fr-1', '0505', '--dice', '11', '--answers', 'fr-1'],
     {P + 'summary': 'fails:au-1 DEFENDER_FAILS advance:fr-1', P + 'fought': False,
      P + 'changed/0/id': 'fr-1', P + 'changed/0/after/hexes': ['0505'],
      P + 'changed/1/id': 'au-1', P + 'changed/1/after/state': 'disordered',
      P + 'changed/1/after/hexes': ['0508'], P + 'changed/1/after/losses': 0})
case('attacker-fails', 'R-MEL-12',
     'au-1 passes (66); fr-1 rolls 11 and fails: it disorders and retreats north, 0503, 0502, '
     '0501. No attacker is left: no melee.',
     scenario(BASE, mapd=corridor()), ['fr-1', '0505', '--dice', '66,11'],
     {P + 'summary': 'fails:fr-1 ATTACKER_FAILS', P + 'fought': False,
      P + 'changed/0/after/hexes': ['0501'], P + 'changed/0/after/state': 'disordered'})
case('routed-defender-stays', 'R-MEL-12',
     'A routed defender checks at 1:1 +3 and routed -6 = -3 (11/36); it rolls 11 and fails, stays '
     'routed where it is (R-MOR-14) and fights on at 18 x 1/3 = 6 (R-MOR-4). fr-1 passes (66); '
     '18 : 6 = 3:1, roll 21: NE.',
     scenario([fr(), au(state="routed")], mapd=corridor()), ['fr-1', '0505', '--dice',
                                                             '11,66,21'],
     {P + 'summary': 'fails:au-1 result:NE', P + 'column': '3:1', P + 'changed': []})

# ---- R-MEL-13, 14, 15: values and the column ----------------------------------------------------

case('losses-share', 'R-MEL-13',
     'fr-1 has lost 2 of its 6 increments: melee 18 x 4/6 = 12 (R-MOR-10).',
     scenario([fr(losses=2), au()]), ['fr-1', '0505'],
     {'/attack_value': 12, '/units/0/multipliers/0/rule': 'R-MOR-10',
      '/units/0/multipliers/0/times': '2/3'})
case('disordered-attacker', 'R-MEL-13', 'A disordered attacker melees at half: 18 x 1/2 = 9.',
     scenario([fr(state="disordered"), au()]), ['fr-1', '0505'],
     {'/attack_value': 9, '/units/0/multipliers/0/rule': 'R-MOR-3'})
case('routed-cavalry-defender', 'R-MEL-13',
     'Routed cavalry defends at a quarter (R-MOR-5): 12 x 1/4 = 3.',
     scenario([fr(), au(id="au-cav", arm="cavalry", melee=12, state="routed")]),
     ['fr-1', '0505'],
     {'/defence_value': 3, '/units/1/multipliers/0/rule': 'R-MOR-5',
      '/units/1/multipliers/0/times': '1/4'})
case('exact-fraction', 'R-MEL-13',
     'Values stay exact (R-MOR-9): a disordered fr-1 with melee 17 has 17/2.',
     scenario([fr(state="disordered", melee=17), au()]), ['fr-1', '0505'],
     {'/attack_value': '17/2', '/units/0/value': '17/2'})
case('round-down', 'R-MEL-13',
     'With "fractions": "round-down" each unit\'s value is rounded down once, after all its '
     'factors: 17/2 becomes 8; fr-2 (same) 8 too, so the attack is 16, not 17.',
     scenario([fr(state="disordered", melee=17),
               fr(id="fr-2", hexes=("0604",), facing=8, state="disordered", melee=17), au()],
              fractions="round-down"), ['fr-1', 'fr-2', '0505'],
     {'/attack_value': 16, '/units/0/value': 8, '/units/1/value': 8})
case('charge-times', 'R-MEL-13',
     'The charge owes this melee at x1/2 (R-CHG-16, a failed premier-2017 recall, --times): '
     'fr-cav 12 x 1/2 = 6.',
     scenario([fr(id="fr-cav", arm="cavalry", melee=12), au()], rules="premier-2017"),
     ['fr-cav', '0505', '--times', 'fr-cav=1/2'],
     {'/attack_value': 6, '/units/0/multipliers/0/rule': 'R-CHG-16',
      '/units/0/multipliers/0/times': '1/2'})
case('tired-and-exhausted', 'R-MEL-13',
     'Tired cavalry melees at half (36.3), exhausted at a third (36.4): 12 x 1/2 = 6 and 12 x 1/3 '
     '= 4, 10 in all.',
     scenario([fr(id="fr-cav", arm="cavalry", melee=12, readiness="tired"),
               fr(id="fr-cav2", arm="cavalry", melee=12, readiness="exhausted",
                  hexes=("0604",), facing=8), au()]), ['fr-cav', 'fr-cav2', '0505'],
     {'/units/0/value': 6, '/units/1/value': 4, '/attack_value': 10})
case('preserve-one-third', 'R-MEL-13',
     'fr-cav chooses to melee at one third to keep its readiness (36.5, --preserve): 12 x 1/3 = 4.',
     scenario([fr(id="fr-cav", arm="cavalry", melee=12), au()]),
     ['fr-cav', '0505', '--preserve', 'fr-cav'],
     {'/units/0/preserve': True, '/attack_value': 4,
      '/units/0/multipliers/0/rule': 'melee_multipliers.attacker_preserve'})
case('heavy-against-light', 'R-MEL-13',
     'Heavy cavalry (12 MP) against light (14 MP) melees at x2 (35.4): 12 x 2 = 24.',
     scenario([fr(id="fr-cav", arm="cavalry", melee=12),
               au(id="au-cav", arm="cavalry", melee=12, movement=14)]), ['fr-cav', '0505'],
     {'/attack_value': 24, '/units/0/multipliers/0/rule': 'melee_multipliers.heavy_vs_light'})
case('across-stream', 'R-MEL-13',
     'A stream on the hexside 0504-0505: x2/3, 18 x 2/3 = 12.',
     scenario(BASE, mapd=open_map(hexsides=[{"hex": "0504", "side": "S", "type": "stream"}])),
     ['fr-1', '0505'], {'/attack_value': 12})
case('cavalry-into-general-order', 'R-MEL-13',
     'Cavalry attacking into general-order terrain melees at a third (32.10): au-1 is in woods, '
     'in general order; fr-cav 12 x 1/3 = 4.',
     scenario([fr(id="fr-cav", arm="cavalry", melee=12), au(formation="general")],
              mapd=open_map(cells={(5, 5): 'W'})), ['fr-cav', '0505'],
     {'/attack_value': 4,
      '/units/0/multipliers/0/rule': 'melee_multipliers.cavalry_into_general'})
case('defender-part-of-line', 'R-MEL-13',
     'au-1 is a 10-increment line in 0505 and 0405 (melee 30): the 5 increments in 0505 defend, '
     '30 x 5/10 = 15, and count 5 for the pre-melee odds.',
     scenario([fr(), au(hexes=("0505", "0405"), formation="line", facing=11, increments=10,
                       melee=30)]), ['fr-1', '0505'],
     {'/defence_value': 15, '/units/1/increments': 5, '/premelee/defending': 5})
case('lance-line', 'R-MEL-14',
     'fr-lan, lancers (bonus 3) in a line over 0404 and 0405 facing 3, attacks from both hexes, '
     'the flank hexside best (R-MEL-6): melee 16 x 2 = 32; the lance bonus 3 x 2 (in line) x 2 '
     '(two hexes of the line) = 12 is not doubled for the flank. 32 + 12 = 44.',
     scenario([fr(id="fr-lan", arm="cavalry", hexes=("0404", "0405"), formation="line",
                  facing=3, increments=8, melee=16, lance=3), au()]), ['fr-lan', '0505'],
     {'/attack_value': 44, '/units/0/lance': 12, '/units/0/through': 'flank'})
case('lance-column', 'R-MEL-14', 'Lancers in column have no lance bonus (15/16): 16.',
     scenario([fr(id="fr-lan", arm="cavalry", melee=16, lance=3), au()]), ['fr-lan', '0505'],
     {'/attack_value': 16, '/units/0/lance': 0})
case('lance-against-carre', 'R-MEL-14',
     'Lancers in line inside a carré\'s hex: 16 x 1/3 = 16/3, and the lance bonus 3 x 2 = 6 is '
     'never divided by 3 (35.7): 16/3 + 6 = 34/3.',
     scenario([fr(id="fr-lan", arm="cavalry", hexes=("0505",), formation="line", facing=1,
                  increments=8, melee=16, lance=3), au(formation="carre")]), ['fr-lan', '0505'],
     {'/attack_value': '34/3', '/units/0/lance': 6})
case('rounds-down', 'R-MEL-15', '30 : 12 = 2.5 has no column: read 2:1, the greatest not above.',
     scenario([fr(melee=30), au(melee=12)]), ['fr-1', '0505'],
     {'/odds': '2:1', '/odds_below': False, '/odds_above': False})
case('above-highest', 'R-MEL-15', '90 : 18 = 5 is above 3:1, the highest: read 3:1.',
     scenario([fr(melee=90), au()]), ['fr-1', '0505'], {'/odds': '3:1', '/odds_above': True})
case('zero-defence', 'R-MEL-15', 'A defence of 0 reads the highest column: 3:1.',
     scenario([fr(), au(melee=0)]), ['fr-1', '0505'],
     {'/defence_value': 0, '/odds': '3:1', '/odds_above': True})

# ---- R-MEL-16: leaders -------------------------------------------------------------------------

case('leader-bonus', 'R-MEL-16',
     'fr-ldr (melee 1) leads the attack, au-ldr (melee 2) is with the defender: -1 on the roll. '
     'In 1:1 a roll of index i reads cell i - 1 (floor 0): AD on 7 rolls (11-21), DD on 5 '
     '(62-66). p_melee = 17/36 x 11/36 = 187/1296; AD 187/1296 x 7/36 = 1309/46656. Casualty '
     'checks: attacker 11-12, 2/36 of 187/1296 = 187/23328; defender 64-66, 3/36: 187/15552.',
     scenario([fr(), leader("fr-ldr", "french", ["0504"], melee=1), au(),
               leader("au-ldr", "austrian", ["0505"], melee=2)]), ['fr-1', '0505'],
     {'/roll_modifier': -1, '/p_melee': '187/1296', '/outcomes/AD': '1309/46656',
      '/outcomes/DD': '935/46656', '/p_attacker_casualty': '187/23328',
      '/p_defender_casualty': '187/15552'})
case('casualty', 'R-MEL-16',
     'fr-ldr (morale 2) leads fr-1. Dice: au-1 66 passes; fr-1 (+2 from the leader) 66 passes; '
     'melee 11: a natural 11, the attacking leader rolls the casualty die, 1: killed (33.12). '
     'fr-1 checks at once less his bonus 2 (7): 66 passes. The roll 11 reads AD in 1:1: fr-1 '
     'disorders and retreats north to 0501, losing the increment of the first hex left (Z14-9).',
     scenario([fr(), leader("fr-ldr", "french", ["0504"], morale=2), au()], mapd=corridor()),
     ['fr-1', '0505', '--dice', '66,66,11,1,66'],
     {P + 'summary': 'result:AD casualty:fr-ldr', P + 'changed/0/id': 'fr-1',
      P + 'changed/0/after/state': 'disordered', P + 'changed/0/after/losses': 1,
      P + 'changed/1/id': 'fr-ldr', P + 'changed/1/removed': True})

# ---- R-MEL-17..19: results, zones, the advance ------------------------------------------------
# SOUTH: the attacker in 0506 faces 12 and attacks 0505 from the south; the defender faces 6.
SOUTH = [fr(hexes=("0506",), facing=12), au(facing=6)]

case('losses-shared', 'R-MEL-17',
     'fr-1 and fr-2 (0404, facing 4) against au-1 and au-2 stacked in 0505: 36 : 36, 1:1; '
     'pre-melee 12 : 12, 1:1. Dice: the defenders 66, 66; the attackers 66, 66; melee 54 = "2*/2*": '
     'each side loses 2, one increment from each unit in turn, then every unit checks morale: '
     '66 x 4, all pass.',
     scenario([fr(), fr(id="fr-2", hexes=("0404",), facing=4), au(),
               au(id="au-2", facing=12)]), ['fr-1', 'fr-2', '0505', '--dice',
                                           '66,66,66,66,54,66,66,66,66'],
     {P + 'result': '2*/2*', P + 'changed/0/after/losses': 1, P + 'changed/1/after/losses': 1,
      P + 'changed/2/after/losses': 1, P + 'changed/3/after/losses': 1})
case('result-check-fails', 'R-MEL-17',
     'Melee 52 = "0/1*": au-1 loses 1 and checks; it rolls 11 and fails: it disorders and '
     'retreats 3 MP to 0508, a retreat the result caused: one increment more for the first hex '
     'left (Z14-9), 2 lost in all. The hex was emptied by a check, so fr-1 may occupy it and '
     'does not (--answers none).',
     scenario(BASE, mapd=corridor()), ['fr-1', '0505', '--dice', '66,66,52,11', '--answers',
                                       'none'],
     {P + 'summary': 'result:0/1* stay', P + 'changed/0/after/state': 'disordered',
      P + 'changed/0/after/losses': 2, P + 'changed/0/after/hexes': ['0508']})
case('attacker-routs', 'R-MEL-17',
     'fr-1 (melee 9) against 18: 1:2. Dice 66, 66, then 11: AR. fr-1 routs 10 hexes south down '
     'the corridor, 0507 to 0516, losing 1 for the first hex left (au-1\'s zone: it faces 6); '
     'the hexes after are in no zone.',
     scenario([fr(hexes=("0506",), facing=12, melee=9), au(facing=6)], mapd=corridor(18)),
     ['fr-1', '0505', '--dice', '66,66,11'],
     {P + 'result': 'AR', P + 'changed/0/after/state': 'routed',
      P + 'changed/0/after/hexes': ['0516'], P + 'changed/0/after/losses': 1})
case('cavalry-routs-on-AD', 'R-MEL-17',
     'Cavalry is never disordered (35.8): fr-cav (18) given AD in 1:1 (roll 11) routs, its '
     'printed 12 MP south: 0507 to 0518, losing 1 (Z14-9).',
     scenario([fr(id="fr-cav", arm="cavalry", hexes=("0506",), facing=12), au(facing=6)],
              mapd=corridor(18)), ['fr-cav', '0505', '--dice', '66,11', '--answers', 'full'],
     {P + 'result': 'AD', P + 'changed/0/after/state': 'routed',
      P + 'changed/0/after/hexes': ['0518'], P + 'changed/0/after/losses': 1})
case('defender-disorders', 'R-MEL-17',
     'Roll 61 in 1:1: DD. au-1 disorders and retreats 3 MP north, 0504, 0503, 0502, losing the '
     'increment of the first hex left. The hex is empty after a DD: the attacker must advance '
     '(33.10); fr-1 is the only one, so no choice is asked.',
     scenario(SOUTH, mapd=corridor()), ['fr-1', '0505', '--dice', '66,66,61'],
     {P + 'summary': 'result:DD advance:fr-1', P + 'changed/0/id': 'fr-1',
      P + 'changed/0/after/hexes': ['0505'], P + 'changed/1/after/state': 'disordered',
      P + 'changed/1/after/hexes': ['0502'], P + 'changed/1/after/losses': 1})
case('disordered-given-dd-routs', 'R-MEL-17',
     'au-1 is disordered already (9, and 14/36 to pass). 18 : 9 = 2:1; roll 41: DD routs it '
     '(R-MOR-7). A rout is 10 hexes; the corridor north has 4: it cannot make its full rout and '
     'surrenders (R-RET-5). fr-1 must advance.',
     scenario([fr(hexes=("0506",), facing=12), au(facing=6, state="disordered")],
              mapd=corridor()), ['fr-1', '0505', '--dice', '66,66,41'],
     {P + 'summary': 'result:DD surrender:au-1 advance:fr-1', P + 'changed/1/removed': True})
CARRE_MAP = corridor(cells={(5, 4): 'r'})
case('carre-dd-premier-2018', 'R-MEL-17',
     'A carré given DD reverts to column and retreats (32.9); in premier-2018 3 MP: 0504 is rough '
     '(2 MP, the first hex is always affordable), 0503 clear (1): 3 MP, end 0503. 27 : 18 (x3/2 '
     'against the carré) reads 1:1; dice 66, 66, 61: DD. Loss 1 (Z14-9).',
     scenario([fr(hexes=("0506",), facing=12), au(facing=6, formation="carre")],
              mapd=CARRE_MAP), ['fr-1', '0505', '--dice', '66,66,61'],
     {P + 'changed/1/after/formation': 'column', P + 'changed/1/after/hexes': ['0503'],
      P + 'changed/1/after/state': 'disordered', P + 'changed/1/after/losses': 1})
case('carre-dd-premier-2017', 'R-MEL-17',
     'The same in premier-2017: the carré retreats exactly 3 hexes whatever the terrain (32.9): '
     '0504, 0503, 0502.',
     scenario([fr(hexes=("0506",), facing=12), au(facing=6, formation="carre")],
              mapd=CARRE_MAP, rules="premier-2017"), ['fr-1', '0505', '--dice', '66,66,61'],
     {P + 'changed/1/after/formation': 'column', P + 'changed/1/after/hexes': ['0502']})
case('surrender-captures-leader', 'R-MEL-17',
     'fr-1 (54) against 18: 3:1. Dice 66, 66, then 65: a natural 65 puts au-ldr to the casualty '
     'die (64-66): 6, a flesh wound, he stays. 65 reads DS: au-1 surrenders, au-ldr, left alone, '
     'is captured; fr-1 must advance. (au-ldr might have retreated before the melee, L7-7: he '
     'stands.)',
     scenario([fr(melee=54), au(), leader("au-ldr", "austrian", ["0505"], morale=1)]),
     ['fr-1', '0505', '--dice', '66,66,65,6', '--answers', 'stand'],
     {P + 'summary': 'result:DS advance:fr-1', P + 'changed/1/removed': True,
      P + 'changed/2/id': 'au-ldr', P + 'changed/2/removed': True})
case('leader-escapes', 'R-MEL-17',
     'au-1 has one increment left (6 printed, 5 lost): 18 x 1/6 = 3; fr-1 (melee 3) 3 : 3, 1:1. '
     'Pre-melee 6 : 1 is above 3:1: au-1 -3 (11/36), fr-1 +3; both roll 66. Melee 52 = "0/1*": '
     'au-1 loses its last increment and is eliminated. au-ldr, alone in 0505, goes to the nearest '
     'hex free of enemies and of their zones (L7-6): fr-1 in 0504 faces 6, its zone covers 0405, '
     '0505 and 0605, so 0404, 0506 and 0604 are the nearest; the Austrian chooses 0506. The '
     'defender was eliminated: fr-1 must advance (33.10). (Before the melee au-ldr might have '
     'retreated, L7-7: he stands.)',
     scenario([fr(melee=3), au(losses=5), leader("au-ldr", "austrian", ["0505"], morale=1)]),
     ['fr-1', '0505', '--dice', '66,66,52', '--answers', 'stand,0506'],
     {P + 'summary': 'result:0/1* eliminated:au-1 advance:fr-1', P + 'changed/1/removed': True,
      P + 'changed/2/id': 'au-ldr', P + 'changed/2/after/hexes': ['0506']})
case('cavalry-leaves-carre', 'R-MEL-17',
     'fr-cav inside the carré\'s hex (0515 of a long corridor): 4 : 18, 1:2. Dice: the carré 66; '
     'melee 11: AR. The cavalry routs out of the carré\'s hex, 12 hexes (its 12 MP) north or '
     'south; --auto takes the end sorting first, 0503. Loss 1 (the carré has no zone).',
     scenario([fr(id="fr-cav", arm="cavalry", hexes=("0515",), melee=12),
               au(hexes=("0515",), formation="carre")], mapd=corridor(30)),
     ['fr-cav', '0515', '--dice', '66,11', '--auto'],
     {P + 'result': 'AR', P + 'changed/0/after/state': 'routed',
      P + 'changed/0/after/hexes': ['0503'], P + 'changed/0/after/losses': 1})
ZONE_MAP = corridor(cells={(4, 4): '.'})
case('zone-losses', 'R-MEL-18',
     'fr-2 stands in 0404 facing 2: its front hexsides N, NE, SE put 0403, 0504 and 0505 in its '
     'zone (Z14-1). au-1, given DD (61) by fr-1 from 0506, retreats 0504, 0503, 0502: 1 for the '
     'first hex left and 1 for 0504, left while in fr-2\'s zone, with no Austrian there: 2.',
     scenario([fr(hexes=("0506",), facing=12), fr(id="fr-2", hexes=("0404",), facing=2),
               au(facing=6)], mapd=ZONE_MAP), ['fr-1', '0505', '--dice', '66,66,61'],
     {P + 'changed/1/id': 'au-1', P + 'changed/1/after/losses': 2,
      P + 'changed/1/after/state': 'disordered', P + 'changed/1/after/hexes': ['0502']})
case('cavalry-zone-routs', 'R-MEL-18',
     'As zone-losses, but fr-2 is cavalry: infantry retreating through an enemy cavalry zone '
     'routs (Z14-10). au-1 ends in 0502 routed, having lost 2.',
     scenario([fr(hexes=("0506",), facing=12),
               fr(id="fr-2", arm="cavalry", hexes=("0404",), facing=2), au(facing=6)],
              mapd=ZONE_MAP), ['fr-1', '0505', '--dice', '66,66,61'],
     {P + 'changed/1/after/losses': 2, P + 'changed/1/after/state': 'routed',
      P + 'summary': 'result:DD routed:au-1 advance:fr-1'})
case('zone-with-friend', 'R-MEL-18',
     'As zone-losses, with au-2 in 0504: a hex of the zone holding a friendly combat unit costs '
     'nothing (Z14-9). au-1 loses 1.',
     scenario([fr(hexes=("0506",), facing=12), fr(id="fr-2", hexes=("0404",), facing=2),
               au(facing=6), au(id="au-2", hexes=("0504",), facing=6)], mapd=ZONE_MAP),
     ['fr-1', '0505', '--dice', '66,66,61'],
     {P + 'changed/1/id': 'au-1', P + 'changed/1/after/losses': 1})
FAN = scenario([fr(hexes=("1407",), facing=2, melee=9), au(hexes=("1507",), facing=8)],
               mapd=fan_map(LEGEND, 'R', 'cliff', also={(15, 7)}))
FAN["charts"]["hexsides"]["cliff"] = dict(mv(None, None, None), los="clear")
case('end-past-kept-paths-offered', 'R-MEL-18',
     'The rout of end-past-kept-paths unanswered: every end of its 1024 optimal paths is offered, '
     '0402 to 0412 (eleven), each losing the one increment of the first hex left (Z14-9); 0412, '
     'reached only by the 1024th path in label order, is the eleventh; the prompt says each end '
     'goes by its path that does not rout, then loses least. Every end lies in column 04, the '
     'fan\'s last, against the prohibited columns 01-03: a routed unit that fails its recovery '
     'there flees and has no step west, and every step east comes closer to au-1, so it would '
     'have no complete path: each end says it means surrender later (R-RET-8). No answer: exit 2.',
     FAN, ['fr-1', '1507', '--dice', '66,66,11'], exit=2, use_json=False,
     stderr_has=['where does it end? Each end by its path that does not rout, then loses least '
                 '(R-MEL-18).', '1) 0402         end in 0402, losing 1 increment; surrender '
                 'later: a failed recovery there would have no complete path (R-RET-8)  (auto)',
                 '10) 0411         end in 0411, losing 1 increment; surrender later',
                 '11) 0412         end in 0412, losing 1 increment; surrender later'])
case('end-past-kept-paths', 'R-MEL-18',
     'The fan (tests/tools/fan_map.py): fr-1 in 1407 faces 2 (NE, au-1 in 1507 is in its front); '
     'au-1 faces 8 (SW), its zone 1407 and the prohibited 1406, 1508. fr-1 (melee 9) against 18: '
     '1:2; dice 66, 66, then 11: AR, fr-1 routs 10 hexes into the fan: 1024 optimal paths, '
     'eleven ends 0402 to 0412, all 11 hexes from au-1. The owner is offered every end, 0412 '
     'too, though its only path is the 1024th in label order (the first 1000 kept paths end '
     'at 0402 to 0411 only), and answers 0412: fr-1 goes SW ten times, ' + ' '.join(TO_0412) +
     ', and faces 8 (its last step SW, R-RET-11). Each end costs the one increment of the '
     'first hex left (Z14-9); no other hex of a path lies in a zone.',
     FAN, ['fr-1', '1507', '--dice', '66,66,11', '--answers', '0412'],
     {P + 'result': 'AR', P + 'changed/0/after/state': 'routed',
      P + 'changed/0/after/hexes': ['0412'], P + 'changed/0/after/facing': 8,
      P + 'changed/0/after/losses': 1})
TWO = [fr(hexes=("0506",), facing=12), fr(id="fr-2", hexes=("0405",), facing=2), au(facing=6)]
TWO_MAP = corridor(cells={(4, 5): '.'})
case('advance-choice', 'R-MEL-19',
     'fr-1 (0506) and fr-2 (0405, facing 2) against au-1: 36 : 18, 2:1; pre-melee 12 : 6, 2:1 '
     '(0). Dice 66, 66, 66, then 41: DD. au-1 retreats north. Both attackers may enter 0505: the '
     'attacker chooses fr-2.',
     scenario(TWO, mapd=TWO_MAP), ['fr-1', 'fr-2', '0505', '--dice', '66,66,66,41', '--answers',
                                   'fr-2'],
     {P + 'summary': 'result:DD advance:fr-2', P + 'changed/0/id': 'fr-2',
      P + 'changed/0/after/hexes': ['0505']})
case('advance-compulsory', 'R-MEL-19',
     'After a DD the advance is compulsory (33.10): "none" is not an option.',
     scenario(TWO, mapd=TWO_MAP), ['fr-1', 'fr-2', '0505', '--dice', '66,66,66,41', '--answers',
                                   'none'], exit=2, use_json=False,
     stderr_has=['"none" is not one of the options above'])

# ---- R-MEL-26: the formation after the advance ---------------------------------------------

GENERAL = [fr(hexes=("0506",), facing=12), fr(id="fr-2", hexes=("0405",), facing=2,
                                               formation="general"), au(facing=6)]
case('advance-general-to-column', 'R-MEL-26',
     'As advance-choice, but fr-2 stands in woods (0405) in general order: 36 : 18, 2:1; dice 66, '
     '66, 66, then 41: DD. fr-2 advances into 0505, clear ground: it stands there in column, '
     'as a unit leaving general-order terrain does (R-FORM-2), never in general order in the '
     'open.',
     scenario(GENERAL, mapd=corridor(cells={(4, 5): 'W'})),
     ['fr-1', 'fr-2', '0505', '--dice', '66,66,66,41', '--answers', 'fr-2'],
     {P + 'summary': 'result:DD advance:fr-2', P + 'changed/0/id': 'fr-2',
      P + 'changed/0/after/hexes': ['0505'], P + 'changed/0/after/formation': 'column'})


# ---- R-MEL-20: readiness -----------------------------------------------------------------------

CAV = [fr(id="fr-cav", arm="cavalry"), au()]
case('fresh-to-tired', 'R-MEL-20',
     'fr-cav (18) fights au-1 (18) in 1:1: au-1 passes (66), roll 21: NE. A fresh unit that '
     'meleed is tired (36.3).',
     scenario(CAV), ['fr-cav', '0505', '--dice', '66,21', '--answers', 'full'],
     {P + 'summary': 'result:NE tired:fr-cav', P + 'changed/0/after/readiness': 'tired'})
case('charged-exhausted', 'R-MEL-20',
     'The melee its own charge owes exhausts the cavalry at once (38.10, --charged).',
     scenario(CAV), ['fr-cav', '0505', '--charged', 'fr-cav', '--dice', '66,21', '--answers',
                     'full'],
     {P + 'summary': 'result:NE exhausted:fr-cav',
      P + 'changed/0/after/readiness': 'exhausted'})
case('preserve-keeps', 'R-MEL-20',
     'Meleeing at one third keeps readiness (36.5): --answers preserve; 6 : 18 is 1:2, roll 31: '
     'NE; fr-cav stays fresh.',
     scenario(CAV), ['fr-cav', '0505', '--dice', '66,31', '--answers', 'preserve'],
     {P + 'summary': 'result:NE', P + 'melee_attack': 6, P + 'changed': []})
case('tired-to-exhausted', 'R-MEL-20',
     'A tired unit that melees is exhausted (36.4): 9 : 18, 1:2, roll 31: NE.',
     scenario([fr(id="fr-cav", arm="cavalry", readiness="tired"), au()]),
     ['fr-cav', '0505', '--dice', '66,31', '--answers', 'full'],
     {P + 'summary': 'result:NE exhausted:fr-cav'})
case('no-melee-no-change', 'R-MEL-20',
     'au-1 fails its check (11) and leaves: no melee was fought, fr-cav stays fresh; it does not '
     'occupy the hex (--answers none).',
     scenario(CAV, mapd=corridor()), ['fr-cav', '0505', '--dice', '11', '--answers',
                                      'full,none'],
     {P + 'summary': 'fails:au-1 DEFENDER_FAILS stay', P + 'fought': False})

# ---- R-MEL-22, 23, 25 --------------------------------------------------------------------------

case('decision-asked', 'R-MEL-22',
     'With no answer and no terminal the retreat before melee is asked and the command stops '
     '(exit 2), listing the options.',
     scenario([fr(), au(**SKIRM)], mapd=corridor()), ['fr-1', '0505', '--dice', '11'],
     exit=2, use_json=False,
     stderr_has=['decision for austrian (retire about au-1) [R-MEL-7]', '1) stand',
                 '2) retreat'])
case('auto-stands', 'R-MEL-22',
     '--auto takes "stand" for a retreat before melee: au-1 (skirmishers) checks at 2:1 (0) and '
     'skirmish -6, rolls 66: passes; the attackers pass (attacker_passes); fr-1 18 : 3, read '
     '3:1; roll 11: NE.',
     scenario([fr(), au(**SKIRM)], mapd=corridor()), ['fr-1', '0505', '--dice', '66,11', '--auto'],
     {P + 'summary': 'result:NE'})
case('exact-distribution', 'R-MEL-23',
     'Front, 18 : 18 in 1:1, pre-melee 6 : 6, 1:1. au-1 passes on 17/36, so DEFENDER_FAILS 19/36. '
     'fr-1 passes on 11/36: ATTACKER_FAILS 17/36 x 25/36 = 425/1296, a melee 187/1296. Then AD '
     '6 rolls: 187/7776; NE 20 rolls: 935/11664; DD 187/7776; each loss cell 187/46656.',
     scenario(BASE), ['fr-1', '0505'],
     {'/outcomes/DEFENDER_FAILS': '19/36', '/outcomes/ATTACKER_FAILS': '425/1296',
      '/p_melee': '187/1296', '/outcomes/AD': '187/7776', '/outcomes/NE': '935/11664',
      '/outcomes/DD': '187/7776', '/outcomes/1~11': '187/46656', '/outcomes/0~11*': '187/46656',
      '/outcomes/1*~10': '187/46656', '/outcomes/2*~12*': '187/46656'})
case('charge-straight', 'R-MEL-25',
     'The charge owed ends straight and facing (--straight): x2, fr-cav 12 x 2 = 24.',
     scenario([fr(id="fr-cav", arm="cavalry", melee=12), au()]),
     ['fr-cav', '0505', '--straight', 'fr-cav'],
     {'/attack_value': 24, '/units/0/multipliers/0/rule': 'melee_multipliers.charge_straight'})
case('target', 'usage', 'A scenario, an attacker and a target are needed (R-MEL-1): exit 2.',
     scenario(BASE), ['fr-1'], exit=2, use_json=False,
     stderr_has=['expected a scenario file, one or more attacking unit ids and a target hex or '
                 'unit'])

# ---- the demo, on the game module --------------------------------------------------------------

cases.append(('melee-R-MEL-13-demo', {
    "ruling": "R-MEL-13",
    "description": "The demo: fr-26le-1, a 10-increment legere line in 0810-0811 facing 3, "
                   "assaults au-ir4-1, a 10-increment line in 0910-0911, from 0810 only (0811 is "
                   "not next to 0910): 5 increments of 10 take part, 30 x 1/2 = 15; au-ir4-1 has "
                   "5 in 0910: 15. 15 : 15, 1:1. Pre-melee: fr-26le-1 counts 4 (a line), au-ir4-1 "
                   "5: 4 : 5 is 1:2 (Wagram: -6 / +6). fr-26le-1 (34, index 15) with Legrand's "
                   "morale 2: -4, 35 - 15 - 4 = 16/36 = 4/9; au-ir4-1 (44, index 21) +6 and in "
                   "line -3: 14 + 3 = 17/36. Legrand's melee 1: +1 on the melee roll.",
    "scenario_file": "data/scenarios/demo.json",
    "args": ["melee", "{scenario}", "fr-26le-1", "0910", "--json"],
    "json": {"/attack_value": 15, "/defence_value": 15, "/odds": "1:1", "/premelee/odds": "1:2",
             "/units/0/p_pass": "4/9", "/units/1/p_pass": "17/36", "/roll_modifier": 1}}))

# ---- chart errors, placed in the file (docs/charts-format.md 11, R-SCN-7) ----------------------
BAD = 'tests/scenarios/bad/'
bad_files = []


def pos(text, anchor, off, after=None):
    start = text.index(after) if after else 0
    assert after or text.count(anchor) == 1, anchor
    i = text.index(anchor, start) + off
    return text.count('\n', 0, i) + 1, i - (text.rfind('\n', 0, i) + 1) + 1


def bad_case(name, desc, edit, anchor, off, path, msg, after=None):
    scen = scenario(BASE)
    edit(scen["charts"])
    text = json.dumps(scen, indent=2, ensure_ascii=False) + '\n'
    line, col = pos(text, anchor, off, after)
    fname = BAD + name + '.json'
    bad_files.append((fname, text))
    cases.append(('check-' + name, {
        "ruling": "R-SCN-7", "description": desc, "scenario_file": fname,
        "args": ["check", "{scenario}"], "exit": 1,
        "stderr": ["%s:%d:%d: %s: %s" % (fname, line, col, path, msg)]}))


def bad_code(ch):
    ch["melee_table"]["columns"]["2:1"]["rolls"]["33"] = "XX"
bad_case('melee-bad-code', 'A melee cell is a code or a loss object (charts-format 6.1).', bad_code,
         '"XX"', 0, '/charts/melee_table/columns/2:1/rolls/33',
         'expected a result code (NE, AR, AD, DR, DD, DS) or a loss object {"att", "def", '
         '"check"}, found "XX"')


def missing_roll(ch):
    del ch["melee_table"]["columns"]["3:1"]["rolls"]["44"]
    ch["melee_table"]["columns"]["3:1"]["note"] = "roll 44 left out"
bad_case('melee-missing-roll', 'A melee column has exactly the 36 rolls (charts-format 6.1).',
         missing_roll, '"rolls": {', 9, '/charts/melee_table/columns/3:1/rolls/44',
         'expected the result of roll 44, found nothing', after='"3:1": {')


def same_ratio(ch):
    ch["melee_table"]["columns"]["2:2"] = copy.deepcopy(ch["melee_table"]["columns"]["1:1"])
    ch["melee_table"]["columns"]["2:2"]["att"] = 2
    ch["melee_table"]["columns"]["2:2"]["def"] = 2
bad_case('melee-same-ratio', 'Two odds columns may not have the same ratio (charts-format 2.3).',
         same_ratio, '"2:2": {', 7, '/charts/melee_table/columns/2:2',
         'expected a ratio no other column has, found 2:2, the ratio of column "1:1"')


def bad_side(ch):
    ch["melee_multipliers"]["flank"]["side"] = "each"
bad_case('melee-multiplier-side', 'A multiplier is for the attacker or the defender '
         '(charts-format 6.2).', bad_side, '"each"', 0, '/charts/melee_multipliers/flank/side',
         'expected "attacker" or "defender", found "each"')


def bad_passes(ch):
    ch["premelee_morale"]["situations"]["skirmish"]["attacker_passes"] = False
bad_case('premelee-passes-true', '`attacker_passes` takes only true (charts-format 6.3).',
         bad_passes, '"attacker_passes": false', 19,
         '/charts/premelee_morale/situations/skirmish/attacker_passes',
         'expected true (leave the key out for no condition), found false')

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
