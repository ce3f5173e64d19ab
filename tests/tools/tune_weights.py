#!/usr/bin/env python3
# The evaluation's weights tuned by SPSA (issue 29): the quick level against the scripted baseline on both sides of both demos, each weight perturbed at once on a log scale, every step written as a JSON line.
"""Usage: tune_weights.py PROGRAM --log FILE [--steps K] [--games N] [--seed S] [--jobs J]
                         [--start W]

Simultaneous perturbation stochastic approximation (Spall 1998): at step k every weight w_i is
multiplied by exp(+c_k d_i) and exp(-c_k d_i), d_i = +-1 drawn by the step's own generator; the
two sets each play N games on each of the four sides (the quick level as the French and as the
second side of the demo and of the Prusse demo, the baseline the other side, `PROGRAM selfplay
SCENARIO --SIDE quick --OTHER baseline --weights W --games N --seed S_k --json`, both sets on the
same seeds S_k = S + k * N); a game scores 1 won, 1/2 drawn, 0 lost, and the set's score is the
mean over the four sides. The log weights move by a_k (y+ - y-) / (2 c_k d_i), within a factor
4 of the defaults. a_k = A / (k + 1 + 10)^0.602, c_k = C / (k + 1)^0.101. Deterministic for a
given program, seed and steps. Each line of FILE: the step, the two scores, the weights after."""
import argparse
import json
import math
import random
import subprocess
from concurrent.futures import ThreadPoolExecutor

# The weights tuned and their defaults (src/ai/weights.c).
DEFAULTS = {"hope": 0.5, "mass": 0.25, "guard": 0.35, "waiting": 0.6, "threat": 0.8,
            "melee": 0.5, "charge": 0.5, "fresh": 0.08, "moving": 0.3, "assault": 0.1}
# (scenario file or None for the demo, the quick level's side, the baseline's side)
SIDES = [(None, "french", "austrian"), (None, "austrian", "french"),
         ("data/scenarios/prusse-1806-demo.json", "french", "prussian"),
         ("data/scenarios/prusse-1806-demo.json", "prussian", "french")]
A, C, STABILITY, ALPHA, GAMMA = 2.0, 0.25, 10, 0.602, 0.101
BOUND = math.log(4.0)


def weights_text(theta):
    return ",".join(f"{k}={DEFAULTS[k] * math.exp(theta[k]):.4f}" for k in DEFAULTS)


def side_score(program, scenario, mine, theirs, text, games, seed):
    cmd = [program, "selfplay"] + ([scenario] if scenario else [])
    cmd += [f"--{mine}", "quick", f"--{theirs}", "baseline", "--weights", text,
            "--games", str(games), "--seed", str(seed), "--json"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode not in (0, 1) or not out.stdout.strip():
        raise RuntimeError(f"{' '.join(cmd)}: exit {out.returncode}: {out.stderr[-400:]}")
    points = 0.0
    for g in json.loads(out.stdout)["games"]:
        points += 1.0 if g["winner"] == mine else 0.5 if g["winner"] is None else 0.0
    return points / games


def scores(pool, program, texts, games, seed):
    """Each weights text's score and its four sides' (all run at once, the longest first)."""
    runs = [[pool.submit(side_score, program, s, m, t, text, games, seed) for s, m, t in SIDES]
            for text in texts]
    per_side = [[r.result() for r in one] for one in runs]
    return [(sum(p) / len(p), p) for p in per_side]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("program")
    ap.add_argument("--log", required=True)
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    theta = {k: 0.0 for k in DEFAULTS}
    rng = random.Random(args.seed)
    with ThreadPoolExecutor(args.jobs) as pool, open(args.log, "a") as log:
        for k in range(args.steps):
            a_k = A / (k + 1 + STABILITY) ** ALPHA
            c_k = C / (k + 1) ** GAMMA
            delta = {w: rng.choice((-1, 1)) for w in DEFAULTS}
            plus = {w: theta[w] + c_k * delta[w] for w in DEFAULTS}
            minus = {w: theta[w] - c_k * delta[w] for w in DEFAULTS}
            seed = args.seed + k * args.games
            (y_plus, sides_plus), (y_minus, sides_minus) = scores(
                pool, args.program, [weights_text(plus), weights_text(minus)], args.games, seed)
            for w in DEFAULTS:
                step = a_k * (y_plus - y_minus) / (2 * c_k * delta[w])
                theta[w] = max(-BOUND, min(BOUND, theta[w] + step))
            line = {"step": k, "seed": seed, "plus": round(y_plus, 4),
                    "minus": round(y_minus, 4), "sides_plus": sides_plus,
                    "sides_minus": sides_minus, "weights": weights_text(theta)}
            log.write(json.dumps(line) + "\n")
            log.flush()
            print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
