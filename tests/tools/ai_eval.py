#!/usr/bin/env python3
# The computer's strength table (make ai-eval, issue 29): selfplay of every level against the random player, the scripted baseline (R-AI-7) and each other, on every bundled scenario, both sides, printed as a Markdown table with a 95% interval of each first player's decisive win rate.
"""Usage: ai_eval.py PROGRAM [--jobs N] [--scale F] [--only SCENARIO]

Each row is one `PROGRAM selfplay SCENARIO --players A,B --alternate --games N --seed 1`: A plays
the first side in the even games and the second in the odd ones. N is the row's count times
--scale (at least 2). At most --jobs (2) selfplay processes run at once, each under nice 10."""
import argparse
import json
import math
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

SCENARIOS = [
    ("demo", None),
    ("Prusse demo", "data/scenarios/prusse-1806-demo.json"),
    ("Russbach battle", "data/scenarios/wagram-russbach-1809.json"),
]
# (first player, second player, games on the demos, games on the Russbach battle)
PAIRS = [
    ("baseline", "random", 20, 2),
    ("quick", "random", 20, 2),
    ("full", "random", 10, 2),
    ("quick", "baseline", 400, 4),
    ("full", "baseline", 100, 2),
    ("full", "quick", 40, 2),
]

# Issue 29's goal: the share of the decisive games a level wins against the baseline, on every
# scenario and side.
GOALS = {("quick", "baseline"): 0.60, ("full", "baseline"): 0.80}


def wilson(won, n, z=1.96):
    """The 95% Wilson interval of a share won of n."""
    if n == 0:
        return (0.0, 1.0)
    p = won / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def run(program, scenario, first, second, games):
    cmd = ["nice", "-n", "10", program, "selfplay"]
    if scenario:
        cmd.append(scenario)
    cmd += ["--players", f"{first},{second}", "--alternate", "--games", str(games),
            "--seed", "1", "--json"]
    start = time.monotonic()
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode not in (0, 1) or not out.stdout.strip():
        raise RuntimeError(f"{' '.join(cmd)}: exit {out.returncode}: {out.stderr[-400:]}")
    return json.loads(out.stdout), time.monotonic() - start


def share(won, lost):
    """A decisive win rate with its 95% interval, as the table prints it."""
    if won + lost == 0:
        return "-"
    lo, hi = wilson(won, won + lost)
    return f"{100 * won / (won + lost):.0f}% ({100 * lo:.0f}-{100 * hi:.0f}%)"


def verdict(goal, won, lost):
    """Whether the goal is met as each side, or "-" for a row without a goal."""
    if goal is None:
        return "-"
    sides = (f"{'met' if w + l and w / (w + l) >= goal else 'not met'} as the {name}"
             for w, l, name in zip(won, lost, ("first", "second")))
    return f"{100 * goal:.0f}%: {', '.join(sides)}"


def tally(result, first):
    """Wins of the first player by side, its losses, the draws."""
    sides = result["sides"]
    won, lost, drawn = [0, 0], [0, 0], 0
    for g in result["games"]:
        mine = 0 if g["players"][sides[0]] == "ai:" + first or \
            g["players"][sides[0]] == first else 1
        if not g.get("winner"):
            drawn += 1
        elif g["winner"] == sides[mine]:
            won[mine] += 1
        else:
            lost[mine] += 1
    return won, lost, drawn


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("program")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--only", help="one scenario of the table, by its name")
    a = ap.parse_args()
    rows = []
    for name, path in SCENARIOS:
        if a.only and a.only != name:
            continue
        for first, second, small, big in PAIRS:
            n = max(2, int(round((big if path and "russbach" in path else small) * a.scale)))
            rows.append((name, path, first, second, n))
    began = time.monotonic()
    with ThreadPoolExecutor(max_workers=a.jobs) as pool:
        futures = [pool.submit(run, a.program, p, f, s, n) for _, p, f, s, n in rows]
        results = [f.result() for f in futures]
    print("| scenario | player | against | games | won (first side, second side) "
          "| lost (first side, second side) | drawn | decisive won, 95% interval "
          "| as the first side | as the second side | goal | p99 ms | wall s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for (name, _, first, second, n), (res, wall) in zip(rows, results):
        won, lost, drawn = tally(res, first)
        shares = [share(won[s], lost[s]) for s in (0, 1)]
        print(f"| {name} | {first} | {second} | {n} | {sum(won)} ({won[0]}, {won[1]}) "
              f"| {sum(lost)} ({lost[0]}, {lost[1]}) | {drawn} | {share(sum(won), sum(lost))} "
              f"| {shares[0]} | {shares[1]} | {verdict(GOALS.get((first, second)), won, lost)} "
              f"| {res['ai_decisions']['p99_ms']:.0f} | {wall:.0f} |")
    print(f"\n{len(rows)} runs, {sum(r[4] for r in rows)} games, "
          f"{time.monotonic() - began:.0f} s of wall time with {a.jobs} jobs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
