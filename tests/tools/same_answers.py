#!/usr/bin/env python3
# Runs every rule case, golden case and scripted game through two builds of the program and lists each answer that differs, byte for byte: the check of a change that must change no answer.
"""usage: same_answers.py OLD_PROGRAM NEW_PROGRAM [--keep DIR]

For each case of tests/cases and tests/golden the command line is run as written and, when it
has --json, once more without it (the text answer); for each script of tests/game and
tests/game/scripts, `play --seed 7 --script` on the demo (text and --json); then `selfplay` of a
few seeded games. stdout, stderr and the exit status of both programs must be the same, but for
the processor times that selfplay reports and the seed a command draws when given none (both are
blanked); a game on secret dice, whose every roll differs by design, by its exit status alone. Exit 0 when every answer is the same, 1 listing the ones that are not."""
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def case_runs(tmp):
    """(name, argv) for every case, with its scenario written to a file."""
    runs = []
    for folder in ("tests/cases", "tests/golden"):
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(ROOT, folder, name), encoding="utf-8") as f:
                case = json.load(f)
            scenario = case.get("scenario_file")
            if "scenario" in case:
                scenario = os.path.join(tmp, name)
                with open(scenario, "w", encoding="utf-8") as out:
                    json.dump(case["scenario"], out)
            args = [scenario if a == "{scenario}" else a for a in case["args"]]
            runs.append((name, args))
            if "--json" in args:
                runs.append((name + " (text)", [a for a in args if a != "--json"]))
    return runs


def game_runs():
    runs = []
    for folder in ("tests/game", "tests/game/scripts"):
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            if name.endswith(".txt"):
                script = os.path.join(folder, name)
                runs.append((script, ["play", "--seed", "7", "--script", script]))
                runs.append((script + " (json)",
                             ["play", "--seed", "7", "--script", script, "--json"]))
    for players in ("quick,random", "random,random", "quick,quick"):
        for form in ([], ["--json"]):
            runs.append(("selfplay " + players + " ".join(form),
                         ["selfplay", "--players", players, "--games", "2", "--seed", "3"] + form))
    return runs


TIMES = re.compile(rb'("(?:cpu_seconds|median_ms|p99_ms)": )[0-9.e-]+|(, )[0-9.]+ s$|(processor time ).*$',
                   re.M)
SEED = re.compile(rb'("seed": "?|  seed )[0-9]+')
SECRET = re.compile(rb'secret dice, commitment [0-9a-f]{64}')


def run(program, argv):
    try:
        p = subprocess.run([program] + argv, cwd=ROOT, capture_output=True, timeout=600)
        out = p.stdout
        if argv[0] == "selfplay":
            out = TIMES.sub(lambda m: (m.group(1) or m.group(2) or m.group(3)) + b"T", out)
        if "--seed" not in argv and "--dice" not in argv:  # a seed drawn by the program
            out = SEED.sub(lambda m: m.group(1) + b"S", out)
            if SECRET.search(out):  # secret dice: every roll differs by design; the status stays
                return p.returncode, b"(secret dice)", b"(secret dice)"
        return p.returncode, out, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", b"", b""


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    old, new = os.path.abspath(args[0]), os.path.abspath(args[1])
    keep = args[3] if len(args) > 3 and args[2] == "--keep" else None
    differ = 0
    with tempfile.TemporaryDirectory() as tmp:
        runs = case_runs(tmp) + game_runs()
        with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
            answers = list(pool.map(lambda r: (run(old, r[1]), run(new, r[1])), runs))
        for (name, argv), (a, b) in zip(runs, answers):
            if a != b:
                differ += 1
                what = [k for k, x, y in zip(("exit", "stdout", "stderr"), a, b) if x != y]
                print(f"differs ({', '.join(what)}): {name}: {' '.join(argv)}")
                if keep:
                    os.makedirs(keep, exist_ok=True)
                    base = os.path.join(keep, name.replace("/", "_").replace(" ", "_"))
                    for tag, res in (("old", a), ("new", b)):
                        with open(f"{base}.{tag}", "wb") as f:
                            f.write(b"exit %s\n--- stdout\n" % str(res[0]).encode() + res[1]
                                    + b"\n--- stderr\n" + res[2])
    print(f"{len(runs) - differ} of {len(runs)} answers the same")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
