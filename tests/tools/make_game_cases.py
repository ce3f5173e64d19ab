#!/usr/bin/env python3
"""Writes the scenarios of the game's rule cases (tests/cases/game-R-*.json) that need a map of
their own; the expected answers are worked out by hand in each case's description and filled in
by tests/tools/fill_game_cases.py from a run, then checked against that description."""
import copy
import json
import sys

MODULE = json.load(open("data/games/deutsch-wagram-1809.json"))


def scenario(title, units, columns=8, rows=8, extra=None, fire_multiples=None):
    s = {
        "format": "labataille-scenario/1",
        "title": title,
        "game": "deutsch-wagram-1809",
        "rules": "premier-2018",
        "turn": {"time": "13:00", "phasing": "french", "segment": "charge"},
        "sides": ["french", "austrian"],
        "map": {"columns": columns, "rows": rows, "terrain": ["." * columns] * rows,
                "legend": {".": "clear"}},
        "units": units,
    }
    if fire_multiples is not None:
        s["charts"] = {"fire_multiples": fire_multiples}
    s.update(extra or {})
    return s


def column(uid, side, hexes, facing, nation=None, cls=None, increments=8, state="good"):
    return {"id": uid, "side": side, "arm": "infantry",
            "nation": nation or side, "class": cls or ("ligne" if side == "french" else "linie"),
            "increments": increments, "fire": increments, "melee": 3 * increments,
            "movement": 6, "morale": "35", "formation": "column", "state": state,
            "hexes": hexes, "facing": facing}


def battery(uid, side, hexes, facing):
    return {"id": uid, "side": side, "arm": "artillery", "nation": side,
            "class": "a_pied" if side == "french" else "brigade", "increments": 2, "fire": 8,
            "melee": 2, "movement": 4, "morale": "44", "formation": "unlimbered",
            "state": "good", "hexes": hexes, "facing": facing}


def ranged_multiples():
    fm = copy.deepcopy(MODULE["fire_multiples"])
    for e in fm:
        if e.get("nation") == "french" and e.get("class") == "a_pied" and \
                e.get("formation") == "unlimbered":
            e["range"] = 3
    return fm


CASES = {
    "game-R-GAME-6-closest-target": {
        "ruling": "R-GAME-6",
        "args": ["play", "{scenario}", "--seed", "1", "--script",
                 "tests/game/scripts/closest.txt", "--json"],
        "scenario": scenario(
            "closest target", [
                battery("fr-art", "french", ["0404"], 6),
                column("au-near", "austrian", ["0406"], 12),
                column("au-far", "austrian", ["0507"], 12),
            ], fire_multiples=ranged_multiples()),
    },
    "game-R-GAME-9-reinforcements": {
        "ruling": "R-GAME-9",
        "args": ["play", "{scenario}", "--seed", "1", "--script",
                 "tests/game/scripts/reinforce.txt", "--json"],
        "scenario": scenario(
            "reinforcements", [
                column("fr-a", "french", ["0101"], 6),
                column("fr-block", "french", ["0808"], 6),
                column("au-a", "austrian", ["0801"], 6),
                column("au-late", "austrian", ["0805"], 10),
                column("au-blocked", "austrian", ["0808"], 10),
            ], extra={
                "reinforcements": [{"time": "13:20", "units": ["au-late"]},
                                   {"time": "13:40", "units": ["au-blocked"]}],
                "victory": {"last_turn": "13:40"},
            }),
    },
    "game-R-VIC-4-objective-margin": {
        "ruling": "R-VIC-4",
        "args": ["play", "{scenario}", "--seed", "1", "--script",
                 "tests/game/scripts/four-ends.txt", "--json"],
        "scenario": scenario(
            "victory", [
                column("fr-a", "french", ["0202"], 6),
                column("au-a", "austrian", ["0707"], 12),
            ], extra={
                "victory": {
                    "last_turn": "13:20",
                    "objectives": [{"hex": "0202", "points": 10, "holder": "austrian"},
                                   {"hex": "0505", "points": 3, "holder": "austrian"}],
                    "margins": {"marginal": 3, "substantive": 7, "decisive": 20}},
            }),
    },
}

def hussars(uid, side, hexes, facing):
    return {"id": uid, "side": side, "arm": "cavalry", "nation": side, "class": "hussar",
            "increments": 6, "fire": 0, "melee": 12, "movement": 14, "morale": "34",
            "formation": "column", "state": "good", "readiness": "fresh", "hexes": hexes,
            "facing": facing}


CASES["game-R-GAME-18-owed-melee"] = {
    "ruling": "R-GAME-18",
    "args": ["play", "{scenario}", "--seed", "1", "--script",
             "tests/game/scripts/owed-melee.txt", "--json"],
    "scenario": scenario("owed melee", [hussars("fr-hus", "french", ["0403"], 6),
                                        hussars("au-hus", "austrian", ["0406"], 12)]),
}

OPPORTUNITY = scenario("opportunity fire", [
    column("fr-a", "french", ["0404"], 12),
    column("au-a", "austrian", ["0403"], 6),
])

CASES.update({
    "game-R-GAME-17-opportunity-offered": {
        "ruling": "R-GAME-17",
        "args": ["play", "{scenario}", "--seed", "1", "--script",
                 "tests/game/scripts/opportunity.txt", "--json"],
        "scenario": OPPORTUNITY,
    },
    "game-R-GAME-17-opportunity-fired": {
        "ruling": "R-GAME-17",
        "args": ["play", "{scenario}", "--seed", "1", "--script",
                 "tests/game/scripts/opportunity-fire.txt", "--json"],
        "scenario": OPPORTUNITY,
    },
})


# A battery with a column next to the nearer Austrian column, a farther one behind it, and a
# second battery two hexes west of the first (not adjacent to it).
GROUP = scenario(
    "fire together", [
        battery("fr-art", "french", ["0404"], 6),
        column("fr-col", "french", ["0306"], 4),
        battery("fr-art2", "french", ["0604"], 8),
        column("au-near", "austrian", ["0406"], 12),
        column("au-far", "austrian", ["0507"], 12),
    ], fire_multiples=ranged_multiples())


def group_case(ruling, script, **more):
    case = {"ruling": ruling,
            "args": ["play", "{scenario}", "--seed", "1", "--script",
                     "tests/game/scripts/%s.txt" % script, "--json"],
            "scenario": GROUP}
    case.update(more)
    return case


CASES.update({
    "game-R-GAME-5-group-fire": group_case("R-GAME-5", "group-fire"),
    "game-R-GAME-5-group-refused": group_case("R-GAME-5", "group-refused", exit=1),
    "game-R-GAME-5-defensive-adjacent": group_case("R-GAME-5", "defensive-adjacent"),
    "game-R-GAME-5-group-odds": {
        "ruling": "R-GAME-5",
        "args": ["play", "{scenario}", "--seed", "1", "--script",
                 "tests/game/scripts/group-odds.txt"],
        "scenario": GROUP},
    "game-R-GAME-6-farther-refused": group_case("R-GAME-6", "farther-refused", exit=1),
    "game-R-GAME-6-closest-fired-at": group_case("R-GAME-6", "closest-fired-at"),
})


def check_case(ruling, extra, strict=False):
    args = ["check", "{scenario}"] + (["--strict"] if strict else [])
    return {"ruling": ruling, "args": args, "exit": 1,
            "scenario": scenario("battle keys", [column("fr-a", "french", ["0101"], 6),
                                                 column("au-a", "austrian", ["0808"], 12)],
                                 extra=extra)}


CASES.update({
    "check-R-GAME-1-last-turn-off-the-clock":
        check_case("R-GAME-1", {"victory": {"last_turn": "13:30"}}),
    "check-R-GAME-9-reinforcement-unknown-unit":
        check_case("R-GAME-9", {"reinforcements": [{"time": "13:20", "units": ["nobody"]}]}),
    "check-R-GAME-9-reinforcement-twice":
        check_case("R-GAME-9", {"reinforcements": [{"time": "13:20", "units": ["au-a"]},
                                                   {"time": "13:40", "units": ["au-a"]}]}),
    "check-R-GAME-11-organisation-enemy-unit":
        check_case("R-GAME-11", {"organisation": [{"id": "c", "side": "french",
                                                   "units": ["fr-a", "au-a"]}]}),
    "check-R-VIC-2-objective-off-the-map":
        check_case("R-VIC-2", {"victory": {"last_turn": "14:00",
                                           "objectives": [{"hex": "0909", "points": 5}]}}),
    "check-R-VIC-4-margins-not-rising":
        check_case("R-VIC-4", {"victory": {"last_turn": "14:00", "margins": {
            "marginal": 5, "substantive": 3, "decisive": 10}}}),
    "check-R-GAME-2-strict-unknown-key":
        check_case("R-GAME-2", {"victory": {"last_turn": "14:00", "bonus": 3}}, strict=True),
})

if __name__ == "__main__":
    for name, case in CASES.items():
        path = "tests/cases/%s.json" % name
        try:
            old = json.load(open(path))
        except FileNotFoundError:
            old = {}
        case = dict(case)
        for key in ("description", "json", "exit", "stderr", "stderr_has", "stdout_has"):
            if key in old:
                case[key] = old[key]
        ordered = {"ruling": case.pop("ruling")}
        if "description" in case:
            ordered["description"] = case.pop("description")
        ordered.update(case)
        open(path, "w").write(json.dumps(ordered, indent=2, ensure_ascii=False) + "\n")
        print(path, file=sys.stderr)
