#!/usr/bin/env python3
"""Writes the seed inputs of fuzz/corpus/scenario_cli: big stacks, a big map, many carre offers.

Each input is a command line (one argument a line, "@" for the scenario), an empty line, then
the scenario. Run from the project root: python3 tests/tools/make_fuzz_seeds.py
"""
import copy
import json
import os

OUT = "fuzz/corpus/scenario_cli"
DEMO = json.load(open("data/scenarios/demo.json"))


def write(name, args, scenario):
    text = "\n".join(args) + "\n\n" + json.dumps(scenario, ensure_ascii=False, indent=1) + "\n"
    with open(os.path.join(OUT, "seed-" + name), "w") as f:
        f.write(text)


def infantry(uid, side, nation, cls, hexes, formation="column", facing=None, **kw):
    u = {"id": uid, "side": side, "arm": "infantry", "nation": nation, "class": cls,
         "increments": 6, "losses": 0, "fire": 6, "melee": 18, "movement": 6, "morale": "35",
         "formation": formation, "state": "good", "hexes": hexes}
    if facing:
        u["facing"] = facing
    u.update(kw)
    return u


def stack40():
    """The demo with 40 French battalions stacked in 0809, next to the Austrian line in 0910."""
    s = copy.deepcopy(DEMO)
    for i in range(1, 41):
        s["units"].append(infantry("fr-stk-%d" % i, "french", "french", "ligne", ["0809"],
                                   facing=4))
    return s


def open99():
    """A 99x99 open map: a routed cavalry of movement 60 in the middle, 50 enemies around it."""
    rows = ["." * 99] * 99
    units = [{"id": "cav", "side": "french", "arm": "cavalry", "nation": "french",
              "class": "hussar", "increments": 6, "losses": 0, "fire": 0, "melee": 12,
              "movement": 60, "morale": "33", "formation": "column", "state": "routed",
              "readiness": "fresh", "facing": 2, "hexes": ["5050"]}]
    k = 0
    for col in range(30, 71, 10):
        for row in range(20, 81, 6):
            if (col, row) == (50, 50) or k == 50:
                continue
            units.append(infantry("au-%d" % k, "austrian", "austrian", "linie",
                                  ["%02d%02d" % (col, row)]))
            k += 1
    return {"format": "labataille-scenario/1", "title": "open 99x99", "game": "deutsch-wagram-1809",
            "rules": "premier-2018", "turn": {"time": "13:00", "phasing": "austrian",
                                              "segment": "morale_recovery"},
            "sides": ["french", "austrian"],
            "map": {"columns": 99, "rows": 99, "terrain": rows, "legend": {".": "clear"}},
            "units": units}


def carre(pairs):
    """A French cuirassier regiment charges down column 10 past Austrian battalions in line, in
    pairs on either side within 4 hexes of its path (up to 5 pairs): a carre offer to each, and
    one to the battalion at the end of the path."""
    rows = ["." * 20] * 30
    units = [{"id": "fr-cuir", "side": "french", "arm": "cavalry", "nation": "french",
              "class": "cuirassier", "increments": 8, "losses": 0, "fire": 0, "melee": 24,
              "movement": 14, "morale": "32", "formation": "column", "state": "good",
              "readiness": "fresh", "facing": 12, "hexes": ["1028"]}]
    for i in range(pairs):
        row = 24 - 3 * i
        units.append(infantry("au-w%d" % i, "austrian", "austrian", "linie", ["%02d%02d" % (8, row)],
                              formation="line", facing=3))
        units.append(infantry("au-e%d" % i, "austrian", "austrian", "linie", ["%02d%02d" % (12, row)],
                              formation="line", facing=9))
    units.append(infantry("au-goal", "austrian", "austrian", "linie", ["1012"], formation="line",
                          facing=5))
    return {"format": "labataille-scenario/1", "title": "ten carre offers",
            "game": "deutsch-wagram-1809", "rules": "premier-2018",
            "turn": {"time": "13:00", "phasing": "french", "segment": "charge"},
            "sides": ["french", "austrian"],
            "map": {"columns": 20, "rows": 30, "terrain": rows, "legend": {".": "clear"}},
            "units": units}


def main():
    os.makedirs(OUT, exist_ok=True)
    s = stack40()
    write("stack40-check", ["check", "@"], s)
    write("stack40-show", ["show", "@", "--json"], s)
    write("stack40-fire-at", ["fire", "@", "au-ir4-1", "0809", "--seed", "1", "--json"], s)
    write("stack40-fire-from", ["fire", "@", "fr-stk-1", "0910", "--seed", "2"], s)
    write("stack40-los", ["los", "@", "au-art-brig", "0809", "--json"], s)
    write("stack40-visible", ["visible", "@", "fr-stk-40"], s)
    write("stack40-morale", ["morale", "@", "fr-stk-40", "--dice", "43"], s)
    write("stack40-retreat", ["retreat", "@", "fr-stk-1", "--kind", "rout", "--json"], s)
    # the hussars ride round the French line to 0710, next to the stack: 42 carre offers
    write("stack40-charge", ["charge", "@", "au-hus4", "--path", "1115,1014,0914,0813,0812,0712,"
                             "0711,0710", "--auto", "--seed", "3", "--json"], s)
    b = open99()
    write("open99-flight", ["retreat", "@", "cav", "--kind", "flight", "--json"], b)
    write("open99-rout", ["retreat", "@", "cav", "--kind", "rout", "--auto"], b)
    write("open99-visible", ["visible", "@", "cav", "--json"], b)
    write("open99-show", ["show", "@"], b)
    path = ",".join("10%02d" % r for r in range(27, 12, -1))
    write("carre11-charge", ["charge", "@", "fr-cuir", "--path", path, "--auto", "--seed", "4",
                             "--json"], carre(5))
    # --odds follows every carre result of every offer: 3^offers branches today (5 offers take
    # 14 s under the sanitizers, 11 about an hour), so the corpus holds a small one
    write("carre5-odds", ["charge", "@", "fr-cuir", "--path", path, "--target", "au-goal",
                          "--response", "stand", "--auto", "--odds", "--json"], carre(2))


if __name__ == "__main__":
    main()
