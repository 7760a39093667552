#!/usr/bin/env python3
"""Positions scored by a teacher engine, for `fit_eval fit ... --scored-only`.

Reads finished games (SGF records as the match runner writes them, or `fit_eval games`
lines), takes every 3rd position from ply 6 to three plies before the end or ply 100
(each position once), asks a Gomocup engine for its evaluation there at a fixed node budget, and prints
one `fit_eval` games line per position: the game's moves up to two plies past the
position, the scored move written `x,y,score` (the score from the side to move's view,
in our evaluation's units).

  scripts/teacher-scores.py ENGINE RULE OUR_SCALE SOURCE... [--nodes 40000]
      [--workers 2] [--last --teacher-scale S] [--best-move] > FILE

With --best-move it prints the teacher's chosen move instead, `RULE MOVES... -> x,y` a
position, for `fit_policy` (the move-ordering fit); OUR_SCALE is then not used.

With --last only the position three moves before each line's end is scored: the lines
of `fit_eval walks` (positions off the game, the way the search's leaves look), which
have no result, so the teacher's scale is given (--teacher-scale, as printed by a run
over games from the same source and node budget). Give it too when adding a second set of
games to a first: the scale fitted to the results depends on the games (Rapfi at 30,000
nodes: 200 over our low-node self-play games, 117 over our 1 s games against Rapfi, where
a score decides more), and one teacher score should mean one target in a fit.

ENGINE is a Gomocup engine command that answers the Yixin-Board `INFO MAX_NODE` key and
prints its evaluation in `MESSAGE ... Eval N ...` lines (a proven result as `+M..`/`-M..`);
a time limit of 1.5 s a position bounds the ones that ignore the node budget. RULE is
freestyle or renju. SOURCE is a folder of `game-*.sgf` records or a `fit_eval games` file.
OUR_SCALE is the scale `fit_eval fit` prints for the current weights on these positions;
the teacher's own scale is fitted here to the game results (its scores through a sigmoid),
so a teacher score converts as score * OUR_SCALE / TEACHER_SCALE. Proven results become
+-30000, as `fit_eval games` writes them.
"""
import argparse
import glob
import math
import os
import queue
import re
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

RULE_FLAG = {"freestyle": 0, "standard": 1, "renju": 4}
WIN_SCORE = 30000
# Seconds without a line from the teacher before it counts as hung: the position is
# skipped and the teacher restarted (one teacher, Rapfi, was seen to stop answering).
SILENCE = 10


def read_games(sources, rule):
    games = []
    for src in sources:
        if os.path.isdir(src):
            for f in sorted(glob.glob(os.path.join(src, "game-*.sgf"))):
                text = open(f).read()
                if f"RU[{rule}]" not in text:
                    continue
                moves = [(ord(a) - 97, ord(b) - 97)
                         for a, b in re.findall(r";[BW]\[([a-o])([a-o])\]", text)]
                result = "B" if "RE[B+" in text else ("W" if "RE[W+" in text else "D")
                games.append((moves, result))
        else:
            for line in open(src):
                parts = line.split()
                if len(parts) < 3 or parts[0] != rule:
                    continue
                moves = [tuple(int(v) for v in m.split(",")[:2]) for m in parts[2:]]
                games.append((moves, parts[1]))
    return games


def positions(games, last=False):
    seen, out = set(), []
    for g, (moves, _) in enumerate(games):
        # Past ply 100 the games left are long draws on a filling board (where one
        # teacher, Rapfi, was seen to hang): nothing to learn there.
        ks = range(6, min(len(moves) - 2, 100), 3)
        if last:
            # A line from `fit_eval walks`: only its end (three moves before the end).
            ks = [len(moves) - 3] if 6 <= len(moves) - 3 < 100 else []
        for k in ks:
            key = (frozenset(moves[0:k:2]), frozenset(moves[1:k:2]))
            if key not in seen:
                seen.add(key)
                out.append((g, k))
    return out


class Teacher:
    def __init__(self, engine, rule, nodes):
        self.args = (engine, rule, nodes)
        self.p = subprocess.Popen(engine, shell=True, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1,
                                  start_new_session=True)
        # A reader thread, so that a silent teacher is noticed instead of waited on.
        self.lines = queue.Queue()
        threading.Thread(target=self.read, args=(self.p.stdout, self.lines),
                         daemon=True).start()
        for line in ["START 15", f"INFO rule {RULE_FLAG[rule]}", "INFO timeout_turn 1500",
                     "INFO timeout_match 0", f"INFO MAX_NODE {nodes}", "INFO thread_num 1"]:
            self.send(line)
        if not self.wait_for(lambda line: line.strip() == "OK", restart=False):
            sys.exit(f"the teacher `{engine}` did not answer START with OK")

    def wait_for(self, wanted, restart=True, timeout=SILENCE):
        """Reads lines up to one that is `wanted`; False if the engine went away or
        silent for `timeout` s (then, with `restart`, it is restarted)."""
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                if not restart:
                    return False
                print(f"teacher silent for {SILENCE} s: position skipped, teacher restarted",
                      file=sys.stderr)
                self.restart()
                return False
            if not line:
                return False
            if wanted(line):
                return True

    @staticmethod
    def read(stream, lines):
        for line in stream:
            lines.put(line)
        lines.put("")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def restart(self):
        """Kills a hung teacher (its whole process group) and starts a fresh one."""
        try:
            os.killpg(self.p.pid, 9)
        except ProcessLookupError:
            pass
        self.p.wait()
        self.__init__(*self.args)

    def score(self, moves):
        """The teacher's last reported evaluation for the side to move, or None."""
        return self.ask(moves)[0]

    def ask(self, moves):
        """The teacher's last reported evaluation for the side to move and its move
        (`x,y`), each None where it gave none."""
        me = len(moves) % 2
        # A fresh exchange first: ABOUT, until it is answered. Rapfi drops a command
        # that comes just after its move (sent at once, the next position's BOARD line
        # got "ERROR Unknown command" for every stone, the replies out of step for good;
        # a RESTART there went unanswered). ABOUT is answered only once the engine reads
        # commands again, and its wait drains whatever an earlier position left unread.
        # BOARD sets up a whole new position by itself (no RESTART needed).
        for _ in range(40):
            self.send("ABOUT")
            if self.wait_for(lambda line: "name=" in line, restart=False, timeout=0.25):
                break
        else:
            print("teacher does not answer ABOUT: position skipped, teacher restarted",
                  file=sys.stderr)
            self.restart()
            return None, None
        board = [f"{x},{y},{1 if j % 2 == me else 2}" for j, (x, y) in enumerate(moves)]
        self.send("\n".join(["BOARD"] + board + ["DONE"]))
        ev = None
        while True:
            try:
                line = self.lines.get(timeout=SILENCE)
            except queue.Empty:
                print(f"teacher silent for {SILENCE} s: position skipped, teacher restarted",
                      file=sys.stderr)
                self.restart()
                return None, None
            if not line:
                return None, None
            line = line.strip()
            if re.fullmatch(r"\d+,\d+", line):
                return ev, line
            if line.startswith("ERROR"):
                return ev, None
            # A score or a proven result; anything else (Rapfi once printed `VAL_NONE`)
            # is no evaluation.
            m = re.search(r"Eval ([+-]M\d+|[+-]?\d+)\b", line)
            if m:
                ev = m.group(1)

    def close(self):
        try:
            self.send("END")
            self.p.wait(timeout=10)
        except (BrokenPipeError, subprocess.TimeoutExpired):
            os.killpg(self.p.pid, 9)


def fitted_scale(samples):
    """The scale s for which sigmoid(score / s) best predicts the results (mates and
    draws left out), by golden-section search."""
    pts = [(v, y) for v, y in samples]

    def loss(s):
        total = 0.0
        for v, y in pts:
            q = min(max(1 / (1 + math.exp(-v / s)), 1e-9), 1 - 1e-9)
            total -= y * math.log(q) + (1 - y) * math.log(1 - q)
        return total / len(pts)

    lo, hi = 10.0, 5000.0
    for _ in range(60):
        a, b = lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618
        if loss(a) < loss(b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("rule", choices=sorted(RULE_FLAG))
    ap.add_argument("our_scale", type=float)
    ap.add_argument("sources", nargs="+")
    ap.add_argument("--nodes", type=int, default=40000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--teacher-scale", type=float,
                    help="the teacher's scale, when the lines have no results to fit it "
                         "to (as `fit_eval walks` lines) or to match another set's")
    ap.add_argument("--best-move", action="store_true",
                    help="print the teacher's move instead of its score, one "
                         "`RULE MOVES... -> x,y` line a position (for `fit_policy`; "
                         "OUR_SCALE is not used)")
    ap.add_argument("--last", action="store_true",
                    help="score only the position three moves before each line's end "
                         "(the lines of `fit_eval walks`)")
    args = ap.parse_args()

    games = read_games(args.sources, args.rule)
    todo = positions(games, args.last)
    print(f"{len(games)} games, {len(todo)} positions", file=sys.stderr)

    def work(share):
        teacher = Teacher(args.engine, args.rule, args.nodes)
        out = []
        for n, (g, k) in enumerate(todo):
            if n % args.workers == share:
                ev, move = teacher.ask(games[g][0][:k])
                out.append((g, k, move if args.best_move else ev))
                if share == 0 and len(out) % 500 == 0:
                    print(f"{n + 1} of {len(todo)} positions", file=sys.stderr)
        teacher.close()
        return out

    with ThreadPoolExecutor(args.workers) as pool:
        scored = [x for part in pool.map(work, range(args.workers)) for x in part]

    if args.best_move:
        for g, k, move in scored:
            if move is not None:
                line = " ".join(f"{x},{y}" for x, y in games[g][0][:k])
                print(f"{args.rule} {line} -> {move}")
        return
    if args.teacher_scale:
        scale = args.teacher_scale
    else:
        plain = []
        for g, k, ev in scored:
            moves, result = games[g]
            if ev is None or ev[1:2] == "M" or result not in ("B", "W"):
                continue
            mover = "B" if k % 2 == 0 else "W"
            plain.append((int(ev), 1.0 if result == mover else 0.0))
        if not plain:
            sys.exit("no decided game to fit the teacher's scale to: give --teacher-scale")
        scale = fitted_scale(plain)
        print(f"teacher scale {scale:.0f} over {len(plain)} positions", file=sys.stderr)

    for g, k, ev in scored:
        if ev is None:
            continue
        moves, result = games[g]
        if ev.startswith("+M"):
            s = WIN_SCORE
        elif ev.startswith("-M"):
            s = -WIN_SCORE
        else:
            s = round(int(ev) * args.our_scale / scale)
        line = [f"{x},{y}" for x, y in moves[:k]]
        line.append(f"{moves[k][0]},{moves[k][1]},{s}")
        line += [f"{x},{y}" for x, y in moves[k + 1:k + 3]]
        print(f"{args.rule} {result} {' '.join(line)}")


if __name__ == "__main__":
    main()
