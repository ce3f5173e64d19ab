# Writes tests/scenarios/bad/*.json and their check cases from tests/scenarios/checks-base.json:
# each bad file is the base with one defect, and the expected FILE:LINE:COL of each error is
# worked out here from where the defect was put, independently of the C locator.
# Run from the project root: python3 tests/tools/make_bad_scenarios.py
import json, os
root = '.'
base = open(os.path.join(root, 'tests/scenarios/checks-base.json')).read()
F = 'tests/scenarios/bad/'

def pos(text, anchor, off=0, nth=0):
    i = -1
    for _ in range(nth + 1):
        i = text.index(anchor, i + 1)
    i += off
    line = text.count('\n', 0, i) + 1
    ls = text.rfind('\n', 0, i) + 1
    col = len(text[ls:i]) + 1   # code points
    return line, col

cases = []
def case(name, ruling, repl, expect, args=None, strict=False, desc=''):
    cases.append((name, ruling, repl, expect, args, strict, desc))

# (anchor, offset, path, message); anchor located in the MODIFIED text
case('syntax-trailing-comma', 'R-SCN-7', [('"sides": ["french", "austrian"]', '"sides": ["french", "austrian",]')],
     [('"austrian",]', 11, '/sides/2', "expected a JSON value, found ']'")], desc='a comma before ] (RFC 8259 has no trailing commas); the error points at the ] and names the element being read')
case('syntax-truncated', 'R-SCN-7', [(base[base.index('    { "id": "au-bty-1"'):], '    { "id": "au-bty-1", "side": "aus')],
     [('au-bty-1", "side": "aus', 19, '/units/2/side', "expected more JSON, found the end of the file after '\"aus'")], desc='the file ends inside a string')
case('syntax-duplicate-key', 'R-SCN-7', [('"title": "Checks: a small field by a stream",', '"title": "Checks: a small field by a stream",\n  "title": "again",')],
     [('"title": "again"', 0, '/', "expected a key not used before in this object, found '\"title\"'")], desc='JSON objects here may not repeat a key')
case('not-an-object', 'R-SCN-7', [(base, '[1, 2, 3]\n')], [('[1', 0, '/', 'expected a scenario object, found [1,2,3]')])
case('format-wrong', 'R-SCN-7', [('"labataille-scenario/1"', '"labataille-scenario/2"')],
     [('"labataille-scenario/2"', 0, '/format', 'expected "labataille-scenario/1", found "labataille-scenario/2"')])
case('format-missing', 'R-SCN-7', [('  "format": "labataille-scenario/1",\n', '')],
     [('{', 0, '/format', 'expected "labataille-scenario/1", found nothing')], desc='a missing key is reported at the object that lacks it')
case('rules-unknown', 'R-SCN-7', [('"premier-2018"', '"premier-2019"')],
     [('"premier-2019"', 0, '/rules', 'expected one of premier-2018, premier-2017, found "premier-2019"')])
case('fractions-unknown', 'R-MOR-9', [('"rules": "premier-2018",', '"rules": "premier-2018",\n  "fractions": "round-up",')],
     [('"round-up"', 0, '/fractions', 'expected one of exact, round-down, found "round-up"')])
case('sides-one', 'R-SCN-7', [('["french", "austrian"]', '["french"]')],
     [('["french"]', 0, '/sides', 'expected a list of two side names, found ["french"]')],
     desc='without two sides, the phasing side and the units\' sides cannot be checked, so only the sides are reported')
case('sides-duplicate', 'R-SCN-7', [('["french", "austrian"]', '["french", "french"]')],
     [('"french"]', 0, '/sides/1', 'expected a name other than the first side\'s, found "french"'),
      ('"side": "austrian", "arm": "cavalry"', 8, '/units/1/side', 'expected one of the sides (french, french), found "austrian"'),
      ('"side": "austrian", "arm": "artillery"', 8, '/units/2/side', 'expected one of the sides (french, french), found "austrian"')])
case('turn-time', 'R-SCN-7', [('"13:00"', '"25:00"')],
     [('"25:00"', 0, '/turn/time', 'expected a time of day "HH:MM", found "25:00"')])
case('turn-phasing-unknown', 'R-SCN-7', [('"phasing": "french"', '"phasing": "prussian"')],
     [('"prussian"', 0, '/turn/phasing', 'expected one of the sides (french, austrian), found "prussian"')])
case('map-columns-zero', 'R-GRID-1', [('"columns": 6', '"columns": 0')],
     [('0, "rows"', 0, '/map/columns', 'expected an integer from 1 to 999, found 0')])
case('terrain-row-count', 'R-SCN-7', [('      "......",\n      "SSSS.."', '      "SSSS.."')],
     [('"terrain": [', 11, '/map/terrain', 'expected 4 rows, found 3')])
case('terrain-row-length', 'R-SCN-7', [('"..WV.."', '"..WV."')],
     [('"..WV."', 0, '/map/terrain/1', 'expected a row of 6 characters, found 5')])
case('legend-unknown-character', 'R-SCN-7', [('"..WV.."', '"..WX.."')],
     [('"..WX.."', 4, '/map/terrain/1', 'expected a character of map.legend (., W, V, S), found "X" at hex 0402')],
     desc='X is the 4th character of row 2: column 4, row 2 = hex 0402; the column points at the X inside the string')
case('legend-unknown-terrain', 'R-SCN-7', [('"W": "woods"', '"W": "forest"')],
     [('"forest"', 0, '/map/legend/W', 'expected a terrain type of the charts (clear, woods, village, slope), found "forest"'),
      ('"..WW.."', 3, '/map/terrain/0', 'expected a character of map.legend (., V, S), found "W" at hex 0301'),
      ('"..WW.."', 4, '/map/terrain/0', 'expected a character of map.legend (., V, S), found "W" at hex 0401'),
      ('"..WV.."', 3, '/map/terrain/1', 'expected a character of map.legend (., V, S), found "W" at hex 0302')],
     desc='a legend entry naming an unknown terrain type, and then every map character that used it')
case('legend-key-two-characters', 'R-SCN-7', [('"S": "slope" }', '"S": "slope", "SS": "slope" }')],
     [('"SS": "slope"', 6, '/map/legend/SS', 'expected a key of one printable ASCII character, found "SS"')])
case('elevation-letter', 'R-SCN-7', [('"111100"', '"1111a0"')],
     [('"1111a0"', 5, '/map/elevation/3', 'expected an elevation digit 0-9, found "a" at hex 0504')])
case('hexside-off-map', 'R-GRID-1', [('"hex": "0302"', '"hex": "0705"')],
     [('"0705"', 0, '/map/hexsides/0/hex', 'expected a hex of the 6x4 map (2+2 digits), found "0705"')])
case('hexside-bad-side', 'R-GRID-3', [('"side": "SE"', '"side": "E"')],
     [('"E"', 0, '/map/hexsides/0/side', 'expected a hexside (N, NE, SE, S, SW, NW), found "E"')],
     desc='E (3 o\'clock) is a vertex of a flat-topped hex, not a hexside')
case('hexside-unknown-type', 'R-SCN-7', [('"type": "stream"', '"type": "moat"')],
     [('"moat"', 0, '/map/hexsides/0/type', 'expected a hexside type of the charts (stream), found "moat"')])
case('hexside-twice', 'R-SCN-7', [('{ "hex": "0302", "side": "SE", "type": "stream" }', '{ "hex": "0302", "side": "SE", "type": "stream" },\n      { "hex": "0402", "side": "NW", "type": "stream" }')],
     [('{ "hex": "0402"', 0, '/map/hexsides/1', 'expected one feature per hexside, found a second on 0402/0302 (stream already)')],
     desc='0302 is in an odd column: its SE neighbour is 0402 (R-GRID-2), whose NW side is the same hexside')
case('roads-off-map', 'R-FORM-2', [('"hexsides": [', '"roads": ["0402", "0705"],\n    "hexsides": [')],
     [('"0705"', 0, '/map/roads/1', 'expected a hex of the 6x4 map (2+2 digits), found "0705"')],
     desc='map.roads names the built-up hexes a road runs through; 0705 is off the 6x4 map')
case('roads-twice', 'R-FORM-2', [('"hexsides": [', '"roads": ["0402", "0402"],\n    "hexsides": [')],
     [('"0402"]', 0, '/map/roads/1', 'expected each hex once, found "0402" a second time')],
     desc='map.roads names each hex once')
case('charts-move-not-number', 'R-SCN-7', [('"cavalry": 5,', '"cavalry": "five",')],
     [('"five"', 0, '/charts/terrain/woods/move/cavalry', 'expected movement points 0-99 or null (prohibited), found "five"'),
      ('"..WW.."', 3, '/map/terrain/0', 'expected a character of map.legend (., V, S), found "W" at hex 0301'),
      ('"..WW.."', 4, '/map/terrain/0', 'expected a character of map.legend (., V, S), found "W" at hex 0401'),
      ('"..WV.."', 3, '/map/terrain/1', 'expected a character of map.legend (., V, S), found "W" at hex 0302'),
      ('"W": "woods"', 5, '/map/legend/W', 'expected a terrain type of the charts (clear, village, slope), found "woods"')],
     desc='a broken terrain type is left out of the charts, so the legend and map then report it too (errors sorted by position)')
case('charts-los-bad', 'R-LOS-3', [('"los": "dwelling"', '"los": "opaque"')],
     [('"opaque"', 0, '/charts/terrain/village/los', 'expected "clear", "blocks" or "dwelling", found "opaque"'),
      ('"V": "village"', 5, '/map/legend/V', 'expected a terrain type of the charts (clear, woods, slope), found "village"'),
      ('"..WV.."', 4, '/map/terrain/1', 'expected a character of map.legend (., W, S), found "V" at hex 0402')])
case('game-unknown', 'R-SCN-7', [('"rules": "premier-2018",', '"game": "austerlitz-1805",\n  "rules": "premier-2018",')],
     [('"austerlitz-1805"', 0, '/game', 'expected a known game (deutsch-wagram-1809, prusse-1806), found "austerlitz-1805"')])
case('unit-duplicate-id', 'R-SCN-7', [('"id": "au-bty-1"', '"id": "au-hus-3"')],
     [('"au-hus-3", "side": "austrian", "arm": "artillery"', 0, '/units/2/id', 'expected a unique id, found "au-hus-3" (already used by /units/1)')])
case('unit-off-map', 'R-GRID-1', [('"hexes": ["0601"]', '"hexes": ["0705"]')],
     [('"0705"', 0, '/units/1/hexes/0', 'expected a hex on the 6x4 map, found "0705"')])
case('unit-label-malformed', 'R-GRID-1', [('"hexes": ["0601"]', '"hexes": "61"')],
     [('"61"', 0, '/units/1/hexes', 'expected a hex label of 2+2 digits, found "61"')])
case('unit-morale-70', 'R-DICE-1', [('"morale": "33"', '"morale": "70"')],
     [('"70"', 0, '/units/1/morale', 'expected a roll 11-66, found "70"')], desc='the example of scenario-format.md: 7 is not a die face')
case('unit-morale-number', 'R-DICE-1', [('"morale": "33"', '"morale": 33')],
     [('33,', 0, '/units/1/morale', 'expected a roll 11-66, found 33')], desc='morale is a roll written as a string')
case('unit-side-missing', 'R-SCN-7', [('{ "id": "au-hus-3", "side": "austrian", ', '{ "id": "au-hus-3", ')],
     [('{ "id": "au-hus-3"', 0, '/units/1/side', 'expected one of the sides (french, austrian), found nothing')])
case('unit-side-unknown', 'R-SCN-7', [('"id": "au-hus-3", "side": "austrian"', '"id": "au-hus-3", "side": "russian"')],
     [('"russian"', 0, '/units/1/side', 'expected one of the sides (french, austrian), found "russian"')])
case('unit-arm-unknown', 'R-SCN-7', [('"arm": "cavalry"', '"arm": "dragoons"')],
     [('"dragoons"', 0, '/units/1/arm', 'expected one of infantry, cavalry, artillery, leader, found "dragoons"')])
case('unit-increments-zero', 'R-SCN-1', [('"increments": 8', '"increments": 0')],
     [('"increments": 0', 14, '/units/1/increments', 'expected an integer from 1 to 999, found 0')])
case('unit-losses-all', 'R-SCN-1', [('"losses": 0', '"losses": 10')],
     [('"losses": 10', 10, '/units/0/losses', "expected fewer losses than the unit's 10 increments, found 10")],
     desc='increments is the printed strength; a unit that lost them all is off the map')
case('unit-cavalry-carre', 'R-GRID-3', [('"formation": "column"', '"formation": "carre"')],
     [('"carre"', 0, '/units/1/formation', 'expected a formation of cavalry (column, line, skirmish, general or road), found "carre"')])
case('unit-artillery-line', 'R-SCN-7', [('"formation": "limbered"', '"formation": "line"')],
     [('"line", "state": "good",\n      "hexes": ["0504"]', 0, '/units/2/formation', 'expected a formation of artillery (limbered or unlimbered), found "line"')])
case('unit-cavalry-disordered', 'R-MOR-2', [('"morale": "33", "formation": "column", "state": "good"', '"morale": "33", "formation": "column", "state": "disordered"')],
     [('"state": "disordered"', 9, '/units/1/state', 'expected "good" or "routed" for cavalry (it never disorders), found "disordered"')])
case('unit-line-facing-hexside', 'R-GRID-3', [('"facing": 1 }', '"facing": 2 }')],
     [('"facing": 2', 10, '/units/0/facing', 'expected an odd clock hour (a vertex) for line, found 2')], desc='a line faces a vertex (odd hour)')
case('unit-column-facing-vertex', 'R-GRID-3', [('"facing": 8 }', '"facing": 9 }')],
     [('"facing": 9', 10, '/units/1/facing', 'expected an even clock hour (a hexside) for column, found 9')])
case('unit-facing-13', 'R-GRID-3', [('"facing": 8 }', '"facing": 13 }')],
     [('"facing": 13', 10, '/units/1/facing', 'expected an integer from 1 to 12, found 13')])
case('unit-line-not-adjacent', 'R-SCN-3', [('["0203", "0303"]', '["0203", "0403"]')],
     [('"0403"', 0, '/units/0/hexes/1', 'expected a hex adjacent to 0203, found "0403"')])
case('unit-line-repeats-hex', 'R-SCN-3', [('["0203", "0303"]', '["0203", "0203"]')],
     [('"0203", "0203"]', 8, '/units/0/hexes/1', 'expected a hex not already listed, found "0203"')])
case('unit-column-two-hexes', 'R-SCN-3', [('"hexes": ["0601"]', '"hexes": ["0601", "0602"]')],
     [('"hexes": ["0601"', 9, '/units/1/hexes', 'expected one hex for a unit in column (only lines and skirmishers spread), found 2')])
case('enemy-stacked', 'R-SCN-4', [('"hexes": ["0601"]', '"hexes": ["0303"]')],
     [('"hexes": ["0303"]', 10, '/units/1/hexes/0', 'expected no enemy unit in the hex, found 0303 holding fr-6le-1 (french)')],
     desc='the hussars are put in the second hex of the French line')
case('leader-with-enemy', 'R-SCN-4', [('"hexes": ["0504"]', '"hexes": ["0204"]'), ('"bonus": { "morale": 2, "melee": 1 }, "hexes": ["0203"]', '"bonus": { "morale": 2, "melee": 1 }, "hexes": ["0204"]')],
     [('"hexes": ["0204"] }', 10, '/units/3/hexes/0', 'expected no enemy unit in the hex, found 0204 holding au-bty-1 (austrian)')],
     desc='a leader may not share a hex with enemy units either')
case('artillery-in-woods', 'R-SCN-5', [('"hexes": ["0504"]', '"hexes": ["0401"]')],
     [('"hexes": ["0401"]', 10, '/units/2/hexes/0', 'expected terrain open to artillery, found woods at 0401 (prohibited)')])
case('strict-unknown-key', 'R-SCN-7', [('"fire": 0, "melee": 16', '"colour": "white", "fire": 0, "melee": 16')],
     [('"white"', 0, '/units/1/colour', 'expected one of the keys id, name, side, arm, nation, class, increments, losses, ..., found "colour"')],
     strict=True, desc='--strict refuses keys the format does not know')
case('several-errors-sorted', 'R-SCN-7', [('"morale": "33"', '"morale": "7"'), ('"premier-2018"', '"premier"'), ('"losses": 0', '"losses": -1')],
     [('"premier"', 0, '/rules', 'expected one of premier-2018, premier-2017, found "premier"'),
      ('"losses": -1', 10, '/units/0/losses', 'expected an integer from 0 to 999, found -1'),
      ('"7"', 0, '/units/1/morale', 'expected a roll 11-66, found "7"')],
     desc='every problem is listed, in file order')

for name, ruling, repl, expect, args, strict, desc in cases:
    text = base
    for old, new in repl:
        assert text.count(old) >= 1, (name, old)
        text = text.replace(old, new, 1)
    path = F + name + '.json'
    open(os.path.join(root, path), 'w').write(text)
    found = []
    for anchor, off, jp, msg in expect:
        assert anchor == '{' or text.count(anchor) == 1, (name, anchor)
        l, c = pos(text, anchor, off)
        found.append((l, c, f'{path}:{l}:{c}: {jp}: {msg}'))
    found.sort(key=lambda t: (t[0], t[1]))
    lines = [t[2] for t in found]
    cargs = ['check', '{scenario}'] + (['--strict'] if strict else [])
    obj = {'ruling': ruling, 'description': desc or name.replace('-', ' '), 'scenario_file': path,
           'args': cargs, 'exit': 1, 'stderr': lines}
    open(os.path.join(root, 'tests/cases', f'check-{ruling}-{name}.json'), 'w').write(json.dumps(obj, indent=2) + '\n')
print(len(cases))
