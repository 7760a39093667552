#!/usr/bin/env python3
"""Balanced openings for matches between builds: each base opening (Gomocup offset
format, one a line) gets extra stones, placed at random near the stones already there,
and a candidate is kept when the engine scores the side to move within a margin of zero
(no forced win found). Prints the kept openings in the same offset format.

With ENGINE `-` nothing is scored and every distinct candidate is kept: openings for
games of a teacher engine against itself (`data/teacher/`), where variety matters and
balance does not (base file: one line `0,0`; `--add` may be a range, `2-5`).

  scripts/make-openings.py ENGINE RULE BASE_FILE [--add 2|MIN-MAX] [--per-base 2] [--seed 1]
      [--margin 150] [--time 300] [--tries 40]

ENGINE is a fiveinrow binary (its `analyze` command scores the candidates). The output
is deterministic for a seed and an engine build.
"""
import argparse
import random
import re
import subprocess
import sys

CENTRE = 7


def parse_offsets(line):
    nums = [int(t) for t in re.findall(r"-?\d+", line)]
    return [(CENTRE + nums[i], CENTRE + nums[i + 1]) for i in range(0, len(nums) - 1, 2)]


def score(engine, rule, stones, ms):
    """The engine's score for the side to move, or None (illegal, or a win/loss)."""
    pos = " ".join(f"{x},{y}" for x, y in stones)
    out = subprocess.run([engine, "analyze", pos, "--rule", rule, "--time", str(ms)],
                         capture_output=True, text=True)
    m = re.search(r"^bestmove \S+ \(\S+\) score (\S+)", out.stdout, re.M)
    if out.returncode != 0 or not m:
        return None
    try:
        return int(m.group(1))
    except ValueError:
        return None  # "win in N" / "loss in N"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("rule")
    ap.add_argument("base")
    ap.add_argument("--add", default="2")
    ap.add_argument("--per-base", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--margin", type=int, default=150)
    ap.add_argument("--time", type=int, default=300)
    ap.add_argument("--tries", type=int, default=40)
    a = ap.parse_args()
    add_min, _, add_max = a.add.partition("-")
    add_min = int(add_min)
    add_max = int(add_max) if add_max else add_min
    unchecked = a.engine == "-"
    rng = random.Random(a.seed)
    bases = [parse_offsets(l) for l in open(a.base)
             if l.strip() and not l.startswith("#")]
    kept = []
    for base in bases:
        found, seen = 0, set()
        for _ in range(a.tries):
            if found >= a.per_base:
                break
            stones = list(base)
            add = rng.randint(add_min, add_max)
            while len(stones) < len(base) + add:
                ax, ay = rng.choice(stones)
                x, y = ax + rng.randint(-2, 2), ay + rng.randint(-2, 2)
                if (x, y) not in stones and abs(x - CENTRE) <= 4 and abs(y - CENTRE) <= 4:
                    stones.append((x, y))
            key = tuple(stones)
            if key in seen:
                continue
            seen.add(key)
            s = 0 if unchecked else score(a.engine, a.rule, stones, a.time)
            if s is not None and abs(s) <= a.margin:
                kept.append((stones, s))
                found += 1
        print(f"base {base}: {found} kept", file=sys.stderr)
    kind = "Random" if unchecked else "Balanced"
    print(f"# {kind} {a.rule} openings, 15x15, Gomocup offset format (dx,dy from the centre).")
    engine, checks = ("-", "") if unchecked else ("ENGINE", f" --margin {a.margin} --time {a.time}")
    print(f"# scripts/make-openings.py {engine} {a.rule} {a.base.split('/')[-1]} --add {a.add} "
          f"--per-base {a.per_base} --tries {a.tries} --seed {a.seed}{checks}")
    if unchecked:
        print(f"# Not scored: every distinct candidate kept; {len(kept)} openings.")
    else:
        print(f"# Kept when the engine's score for the side to move is within +-{a.margin}; "
              f"{len(kept)} openings, scores {min(s for _, s in kept)}..{max(s for _, s in kept)}.")
    for stones, _ in kept:
        print(", ".join(f"{x - CENTRE},{y - CENTRE}" for x, y in stones))


if __name__ == "__main__":
    main()
