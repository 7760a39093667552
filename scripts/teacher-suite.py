#!/usr/bin/env python3
"""A search setting judged move by move on a fixed suite of positions, by a teacher engine.

Games against a stronger engine are the final word, but 60 of them carry an error bar of
about +-11% of score: a setting worth a few percent cannot be told from the default. Here
every setting plays one move on each position of a suite (our search at a fixed node
budget, deterministic), and a teacher engine scores the position after that move. Two
settings that choose the same move score the same, so only the positions where they differ
carry noise, and the comparison is paired position by position.

  scripts/teacher-suite.py make RULE DIR [--every 4] [--first 8] [--last 60] > SUITE
      positions from a match's records (`game-*.sgf` in DIR): every 4th ply from the 8th
      to the 60th (and at least 6 plies before the game's end), one `RULE x,y ...` line each.

  scripts/teacher-suite.py run TEACHER SUITE [--setting "K=V,K=V"]... [--nodes 800000]
      [--teacher-nodes 1000000] [--ours target/release/fiveinrow] [--workers 2]
      [--cache FILE] [--limit N]
      the first --setting is the baseline (default: none, the engine's defaults; "" for
      it explicitly). Prints per setting how often its move was the teacher's own choice,
      the mean drop of the teacher's evaluation from the position to the one after our move
      (in the teacher's units, clipped to +-1500, a proven result as +-1500), how many
      moves dropped 150 or more, and against the baseline: the positions where the moves
      differ, the mean gain after our move with its 95% error bar (positive: better), and
      the same as the teacher's win chance (its score through a sigmoid, --scale).

TEACHER is a Gomocup engine that answers `INFO MAX_NODE` and prints `MESSAGE ... Eval N`
(as scripts/teacher-scores.py needs; Rapfi does). Our moves come from `OURS analyze POS
--rule RULE --nodes N --param K=V`. Both are deterministic at fixed nodes on one thread, so
--cache (a JSON file) keeps every answer for the next run: our moves keyed by the binary's
size and modification time, the teacher's by its command and node budget.
"""
import argparse
import glob
import importlib.util
import json
import math
import os
import re
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
# The engine driver lives in teacher-scores.py (one owner); its name has a dash.
_spec = importlib.util.spec_from_file_location(
    "teacher_scores", os.path.join(HERE, "teacher-scores.py"))
teacher_scores = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(teacher_scores)

CLIP = 1500


def make(a):
    if not glob.glob(os.path.join(a.dir, "game-*.sgf")):
        sys.exit(f"no game-*.sgf records in {a.dir}")
    seen = set()
    # The records are read by teacher-scores.py's reader (one owner of the SGF parsing).
    for moves, _ in teacher_scores.read_games([a.dir], a.rule):
        for k in range(a.first, min(a.last, len(moves) - 6) + 1, a.every):
            line = " ".join("%d,%d" % m for m in moves[:k])
            if line not in seen:
                seen.add(line)
                print(f"{a.rule} {line}")


def read_suite(path):
    try:
        text = open(path).read()
    except OSError as e:
        sys.exit(f"cannot read the suite: {e}")
    out = []
    for line in text.splitlines():
        parts = line.split()
        if not parts or parts[0].startswith("#"):
            continue
        if parts[0] not in teacher_scores.RULE_FLAG:
            sys.exit(f"{path}: a line starts with {parts[0]!r}, not a rule")
        moves = []
        for m in parts[1:]:
            try:
                x, y = (int(v) for v in m.split(","))
            except ValueError:
                sys.exit(f"{path}: bad move {m!r}")
            moves.append((x, y))
        out.append((parts[0], moves))
    return out


def clipped(ev):
    """A teacher's `Eval` as a number in +-CLIP (a proven result as +-CLIP), or None."""
    if ev is None:
        return None
    if ev.startswith("+M"):
        return CLIP
    if ev.startswith("-M"):
        return -CLIP
    return max(-CLIP, min(CLIP, int(ev)))


def our_move(ours, rule, moves, nodes, setting):
    pos = " ".join("%d,%d" % m for m in moves)
    cmd = [ours, "analyze", pos, "--rule", rule, "--nodes", str(nodes)]
    for kv in filter(None, setting.split(",")):
        cmd += ["--param", kv.strip()]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    m = re.search(r"^bestmove \S+ \((\d+),(\d+)\)", out.stdout, re.M)
    if not m:
        sys.exit(f"no bestmove from {' '.join(cmd)}:\n{out.stdout}{out.stderr}")
    return int(m.group(1)), int(m.group(2))


def mean_err(d):
    """Mean of `d` and its 95% error bar."""
    n = len(d)
    if n < 2:
        return (d[0] if d else 0.0), 0.0
    mean = sum(d) / n
    var = sum((g - mean) ** 2 for g in d) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def run(a):
    suite = read_suite(a.suite)[: a.limit or None]
    settings = a.setting if a.setting else [""]
    if not os.path.isfile(a.ours):
        sys.exit(f"no engine at {a.ours} (cargo build --release, or --ours PATH)")
    st = os.stat(a.ours)
    ours_id = f"{os.path.abspath(a.ours)}:{st.st_size}:{int(st.st_mtime)}"
    cache = {}
    if a.cache and os.path.exists(a.cache):
        cache = json.load(open(a.cache))
    lock = threading.Lock()

    def cached(key, compute):
        with lock:
            if key in cache:
                return cache[key]
        value = compute()
        with lock:
            cache[key] = value
        return value

    def key_pos(rule, moves):
        return rule + " " + " ".join("%d,%d" % m for m in moves)

    # Our moves first (each a separate process), then the teacher's verdicts.
    jobs = [(s, rule, moves) for s in settings for rule, moves in suite]

    def ours_job(job):
        s, rule, moves = job
        key = f"ours|{ours_id}|{a.nodes}|{s}|{key_pos(rule, moves)}"
        return cached(key, lambda: list(our_move(a.ours, rule, moves, a.nodes, s)))

    with ThreadPoolExecutor(a.workers) as pool:
        chosen = list(pool.map(ours_job, jobs))
    print(f"{len(suite)} positions, {len(settings)} settings: our moves done", file=sys.stderr)

    # Every position, and every position after a chosen move, scored once by the teacher.
    asks = {}
    for (s, rule, moves), mv in zip(jobs, chosen):
        asks[key_pos(rule, moves)] = (rule, moves)
        after = moves + [tuple(mv)]
        asks[key_pos(rule, after)] = (rule, after)
    todo = [(k, v) for k, v in asks.items()
            if f"teacher|{a.teacher}|{a.teacher_nodes}|{k}" not in cache]
    print(f"{len(todo)} positions for the teacher", file=sys.stderr)
    rules = sorted({rule for rule, _ in suite})

    def teacher_job(share):
        teachers = {r: teacher_scores.Teacher(a.teacher, r, a.teacher_nodes) for r in rules}
        for n, (k, (rule, moves)) in enumerate(todo):
            if n % a.workers != share:
                continue
            ev, best = teachers[rule].ask(moves)
            with lock:
                cache[f"teacher|{a.teacher}|{a.teacher_nodes}|{k}"] = [ev, best]
        for t in teachers.values():
            t.close()

    with ThreadPoolExecutor(a.workers) as pool:
        list(pool.map(teacher_job, range(a.workers)))
    if a.cache:
        json.dump(cache, open(a.cache, "w"))

    def verdict(rule, moves):
        return cache.get(f"teacher|{a.teacher}|{a.teacher_nodes}|{key_pos(rule, moves)}",
                         [None, None])

    # Per setting and position: (same as the teacher's move, drop, value after our move
    # from our view), None where the teacher gave no score.
    rows = {s: [] for s in settings}
    for (s, rule, moves), mv in zip(jobs, chosen):
        ev0, best = verdict(rule, moves)
        ev1, _ = verdict(rule, moves + [tuple(mv)])
        before, after = clipped(ev0), clipped(ev1)
        if before is None or after is None:
            rows[s].append(None)
            continue
        rows[s].append(("%d,%d" % tuple(mv) == best, before + after, -after, tuple(mv),
                        1.0 / (1.0 + math.exp(after / a.scale))))

    print(f"{len(suite)} positions from {a.suite}; ours at {a.nodes} nodes, "
          f"teacher at {a.teacher_nodes}")
    base = rows[settings[0]]
    for s in settings:
        r = [x for x in rows[s] if x]
        same = 100.0 * sum(x[0] for x in r) / max(len(r), 1)
        drop = sum(x[1] for x in r) / max(len(r), 1)
        big = sum(1 for x in r if x[1] >= 150)
        line = (f"{s or '(default)':40} teacher's move {same:5.1f}%  mean drop {drop:7.1f}  "
                f">=150: {big}")
        if s != settings[0]:
            pairs = [(x, y) for x, y in zip(rows[s], base) if x and y]
            differ = sum(1 for x, y in pairs if x[3] != y[3])
            gain, gerr = mean_err([x[2] - y[2] for x, y in pairs])
            share, serr = mean_err([100.0 * (x[4] - y[4]) for x, y in pairs])
            line += (f"\n{'':40} moves differ on {differ}; gain {gain:+.1f} +- {gerr:.1f} units, "
                     f"expected score {share:+.2f}% +- {serr:.2f}% a move")
        print(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("make")
    m.add_argument("rule", choices=sorted(teacher_scores.RULE_FLAG))
    m.add_argument("dir")
    m.add_argument("--every", type=int, default=4)
    m.add_argument("--first", type=int, default=8)
    m.add_argument("--last", type=int, default=60)
    r = sub.add_parser("run")
    r.add_argument("teacher")
    r.add_argument("suite")
    r.add_argument("--setting", action="append",
                   help='"K=V,K=V" (repeatable; the first is the baseline)')
    r.add_argument("--nodes", type=int, default=800000)
    r.add_argument("--teacher-nodes", type=int, default=1000000)
    r.add_argument("--ours", default=os.path.join(HERE, "..", "target", "release", "fiveinrow"))
    r.add_argument("--workers", type=int, default=2)
    r.add_argument("--cache")
    r.add_argument("--limit", type=int, default=0, help="only the first N positions")
    r.add_argument("--scale", type=float, default=200.0,
                   help="the teacher's units per e-fold of odds (its score s as a win "
                        "chance 1/(1+exp(-s/scale)); Rapfi-classical: about 200)")
    a = ap.parse_args()
    if a.cmd == "make":
        make(a)
    else:
        run(a)


if __name__ == "__main__":
    main()
