#!/usr/bin/env python3
"""Writes the rule cases of the `reactions` list of `labataille move` and `labataille charge`
(tests/cases/move-R-OCH-10-*.json, charge-R-RCH-8-*.json): the opportunity-charge cases' 10 x 12
clear map with Austrian cavalry in 0503 and a French mover or charger coming north up column 05;
each description works the answer by hand. Run from the project root with the test build made;
it checks each case it writes with the case runner."""
import json
import subprocess
import sys

def unit(id, side, arm, hexes, **kw):
    u = {"id": id, "side": side, "arm": arm, "nation": side}
    if arm == "infantry":
        u.update(**{"class": "ligne"}, increments=8, fire=8, melee=24, movement=6, morale="35", formation="column", state="good", facing=12)
    else:
        u.update(**{"class": "kuirassier"}, increments=4, fire=0, melee=16, movement=10, morale="44", formation="column", state="good", facing=6)
    u["hexes"] = hexes
    u.update(kw)
    return u

def scen(units, segment):
    return {"format": "labataille-scenario/1", "title": "reactions", "game": "deutsch-wagram-1809",
            "rules": "premier-2018", "turn": {"time": "13:00", "phasing": "french", "segment": segment},
            "sides": ["french", "austrian"],
            "map": {"columns": 10, "rows": 12, "terrain": ["." * 10] * 12, "legend": {".": "clear"}},
            "units": units}

FR = unit("fr-a", "french", "infantry", ["0510"])
FRCAV = unit("fr-cav", "french", "cavalry", ["0510"], **{"class": "hussar", "movement": 14, "melee": 12, "facing": 12})
HVY = lambda **kw: unit("au-hvy", "austrian", "cavalry", ["0503"], **kw)
LT = unit("au-lt", "austrian", "cavalry", ["0503"], **{"class": "hussar", "movement": 14, "melee": 12})
G = ("Flat-topped hexes in columns (R-GRID-2): column 05 runs due north-south, so 0503 to 05NN is NN - 3 hexes. "
     "Austrian cavalry in 0503 facing 6 (S) has the S, SE and SW hexsides as its fronts ((13), R-FORM-1): the hexes due south lie in front (R-RCH-4) and, the map clear and empty between, are seen. "
     "Heavy cavalry (printed MP under 13) reaches 4 hexes, light (13 or more) 6 (R-RCH-1, R-RCH-4). ")
CASES = [
    dict(name="move-R-OCH-10-heavy-zone-on-the-path", ruling="R-OCH-10",
         description=G + "fr-a, a French infantry column in 0510, plans the path 0509, 0508, 0507, 0506 (1 MP each, 4 of its 6). au-hvy, heavy: 0509 is 6 hexes away and 0508 5, beyond 4; 0507 is 4, within, in front, seen: it is listed once, at 0507, the first hex of the path in its zone (0506, 3 hexes, is in it too), kind opportunity (40, R-OCH-1).",
         scenario=scen([FR, HVY()], "movement"),
         args=["move", "{scenario}", "fr-a", "--path", "0509,0508,0507,0506", "--json"],
         json={"/legal": True, "/reactions": [{"unit": "au-hvy", "at": "0507", "kind": "opportunity"}]}),
    dict(name="move-R-OCH-10-behind-the-fronts-none", ruling="R-OCH-10",
         description=G + "Here au-hvy faces 12 (N): its fronts are the N, NE and NW hexsides, and the hexes due south are behind them. fr-a's path 0509, 0508, 0507, 0506 passes within 4 hexes of it (0507, 0506) but never in front: no enemy cavalry is listed, and the trace says so.",
         scenario=scen([FR, HVY(facing=12)], "movement"),
         args=["move", "{scenario}", "fr-a", "--path", "0509,0508,0507,0506", "--json"],
         json={"/legal": True, "/reactions": []},
         stdout_has=["no enemy cavalry could charge in opportunity fr-a along the path"]),
    dict(name="move-R-OCH-10-text", ruling="R-OCH-10",
         description=G + "As move-R-OCH-10-heavy-zone-on-the-path, in text: the plan is followed by `reactions:` and a line for au-hvy at 0507, opportunity, citing the ruling.",
         scenario=scen([FR, HVY()], "movement"),
         args=["move", "{scenario}", "fr-a", "--path", "0509,0508,0507,0506"],
         stdout_has=["reactions:\n  au-hvy       at 0507   opportunity  [R-OCH-10]"]),
    dict(name="charge-R-RCH-8-heavy-zone-on-the-path", ruling="R-RCH-8",
         description=G + "fr-cav, French light cavalry in 0510 facing 12, charges along 0509, 0508, 0507 (3 clear MP of 14 + 5; 0507 is 4 hexes from 0503, beyond the 2 of a declaration, so the charge runs with no decision and no contact). au-hvy, heavy: 0509 (6 hexes) and 0508 (5) lie beyond 4; 0507 (4) is within, in front, seen: listed at 0507, kind reaction (39, R-RCH-1).",
         scenario=scen([FRCAV, HVY()], "charge"),
         args=["charge", "{scenario}", "fr-cav", "--path", "0509,0508,0507", "--json"],
         json={"/summary": "no-contact", "/reactions": [{"unit": "au-hvy", "at": "0507", "kind": "reaction"}]}),
    dict(name="charge-R-RCH-8-light-zone-on-the-path", ruling="R-RCH-8",
         description=G + "The same charge of fr-cav along 0509, 0508, 0507, with au-lt, Austrian light cavalry (hussars, printed MP 14), in 0503 facing 6: its zone reaches 6 hexes, so 0509, the first hex entered, 6 hexes away, is already in it: listed at 0509, kind reaction.",
         scenario=scen([FRCAV, LT], "charge"),
         args=["charge", "{scenario}", "fr-cav", "--path", "0509,0508,0507", "--json"],
         json={"/summary": "no-contact", "/reactions": [{"unit": "au-lt", "at": "0509", "kind": "reaction"}]}),
    dict(name="charge-R-RCH-8-text", ruling="R-RCH-8",
         description=G + "As charge-R-RCH-8-light-zone-on-the-path, in text: `reactions:` then au-lt at 0509, reaction, citing the ruling.",
         scenario=scen([FRCAV, LT], "charge"),
         args=["charge", "{scenario}", "fr-cav", "--path", "0509,0508,0507"],
         stdout_has=["reactions:\n  au-lt        at 0509   reaction  [R-RCH-8]"]),
]

if __name__ == '__main__':
    only = sys.argv[1:]
    for c in CASES:
        if only and c['name'] not in only:
            continue
        name = c.pop('name')
        path = 'tests/cases/%s.json' % name
        json.dump(c, open(path, 'w'), indent=2, ensure_ascii=False)
        open(path, 'a').write('\n')
        r = subprocess.run(['build-test/case_runner', 'build-test/labataille', path], capture_output=True, text=True)
        print(('PASS ' if r.returncode == 0 else 'FAIL ') + path)
        if r.returncode:
            print(r.stderr[:2500])
