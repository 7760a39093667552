#!/usr/bin/env python3
"""Where a match was lost: a teacher engine's verdict on every move of the games.

Reads the match runner's records (`game-*.sgf` in a folder), asks a Gomocup engine for its
evaluation of each position from ply FIRST to ply LAST (the side to move's view, at a
fixed node budget), and scores each move by how much it dropped the mover's evaluation:
drop = eval before the move + eval after it (the second from the opponent's view), the
evaluations clipped to +-CLIP and a proven win or loss counted as +-CLIP. Prints, per game,
the moves that dropped CLIP/10 or more, then for each side (ours: the engine whose name in
the record contains --ours; theirs: the other) the moves, how often the move was the
teacher's own choice, the mean drop, and how many dropped 150 and 400 or more, by phase.

  scripts/teacher-drops.py ENGINE RULE DIR [--ours self:] [--nodes 100000]
      [--plies 4-24] [--lost-only] [--wins FILE] [--clip 1500] [--openings FILE]

With --openings (the match's opening file, Gomocup offsets from the centre) each game's
opening stones are left out: a game scores from the first move after the longest opening
of the file that its record starts with. Without it every ply from FIRST counts as a
move of the player whose turn it was, opening stones included (a 5-stone opening's 5th
stone then shows as a move of black's engine at ply 4).

With --wins the positions after our moves where the teacher proves a win for the side to
move (our move lost by force) are written to FILE, one `x,y` list a line: a suite of
forced wins we did not see, to run our own search on (`fiveinrow analyze "POS" --rule RULE
--nodes N` says when the win first shows). The teacher's scores are in its own units.

ENGINE is a Gomocup engine command that answers the Yixin-Board `INFO MAX_NODE` key and
prints `MESSAGE ... Eval N ...` lines (as scripts/teacher-scores.py needs; ours and Rapfi
do). RULE is freestyle or renju.
"""
import argparse
import glob
import importlib.util
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# The engine driver lives in teacher-scores.py (one owner); its name has a dash.
_spec = importlib.util.spec_from_file_location(
    "teacher_scores", os.path.join(HERE, "teacher-scores.py"))
teacher_scores = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(teacher_scores)

PHASES = [(0, 9), (10, 15), (16, 24), (25, 999)]


def read_record(path, ours):
    """(moves, our colour 0 black / 1 white / None, result 'B'/'W'/'D') of one SGF record."""
    text = open(path).read()
    moves = [(ord(a) - 97, ord(b) - 97)
             for a, b in re.findall(r";[BW]\[([a-o])([a-o])\]", text)]
    black = re.search(r"PB\[([^\]]*)\]", text)
    white = re.search(r"PW\[([^\]]*)\]", text)
    side = None
    if black and ours in black.group(1):
        side = 0
    elif white and ours in white.group(1):
        side = 1
    result = "B" if "RE[B+" in text else ("W" if "RE[W+" in text else "D")
    return moves, side, result


def read_openings(path, size=15):
    """The openings of a Gomocup offset file as lists of (x, y) on a `size` board."""
    centre = size // 2
    out = []
    for line in open(path):
        line = line.split("#")[0].strip()
        if not line:
            continue
        nums = [int(v) for v in line.replace(",", " ").split()]
        out.append([(centre + nums[i], centre + nums[i + 1]) for i in range(0, len(nums) - 1, 2)])
    return out


def opening_length(moves, openings):
    """How many of `moves` the longest opening they start with placed (0: none)."""
    return max((len(o) for o in openings if moves[:len(o)] == o), default=0)


def value(ev, clip):
    """A teacher's `Eval` field as a clipped number (a proven result as +-clip), and
    whether it is a proven win for the side to move."""
    if ev is None:
        return None, False
    if ev.startswith("+M"):
        return clip, True
    if ev.startswith("-M"):
        return -clip, False
    try:
        return max(-clip, min(clip, int(float(ev)))), False
    except ValueError:
        return None, False


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("engine")
    ap.add_argument("rule", choices=["freestyle", "renju"])
    ap.add_argument("dir")
    ap.add_argument("--ours", default="self:",
                    help="text in our engine's name in the records (default self:)")
    ap.add_argument("--nodes", type=int, default=100000)
    ap.add_argument("--plies", default="4-24", help="FIRST-LAST plies scored (default 4-24)")
    ap.add_argument("--lost-only", action="store_true", help="only the games we lost")
    ap.add_argument("--wins", help="write the forced wins after our moves to this file")
    ap.add_argument("--clip", type=int, default=1500)
    ap.add_argument("--openings", help="the match's opening file: its stones are not moves")
    a = ap.parse_args()
    openings = read_openings(a.openings) if a.openings else []
    try:
        first, last = (int(v) for v in a.plies.split("-"))
    except ValueError:
        sys.exit(f"--plies: {a.plies!r} is not FIRST-LAST")
    files = sorted(glob.glob(os.path.join(a.dir, "game-*.sgf")))
    if not files:
        sys.exit(f"no game-*.sgf records in {a.dir}")

    teacher = teacher_scores.Teacher(a.engine, a.rule, a.nodes)
    rows = []  # (side 'ours'/'theirs', ply, same as the teacher's, drop)
    wins = []
    games = 0
    for path in files:
        moves, side, result = read_record(path, a.ours)
        if side is None:
            continue
        lost = result == ("W" if side == 0 else "B")
        if a.lost_only and not lost:
            continue
        games += 1
        start = max(first, opening_length(moves, openings))
        plies = range(start, min(last, len(moves) - 1) + 1)
        asked = {}
        for k in list(plies) + [plies.stop] if len(plies) else []:
            ev, best = teacher.ask(moves[:k])
            asked[k] = (*value(ev, a.clip), best)
        shown = []
        for k in plies:
            before, _, best = asked[k]
            after, won_after, _ = asked.get(k + 1, (None, False, None))
            if before is None or after is None:
                continue
            drop = before + after
            who = "ours" if k % 2 == side else "theirs"
            move = "%d,%d" % moves[k]
            rows.append((who, k, move == best, drop))
            if who == "ours" and won_after and before > -a.clip:
                wins.append(" ".join("%d,%d" % m for m in moves[:k + 1]))
            if drop >= a.clip // 10:
                shown.append(f"  ply {k:3} {who:6} played {move:6} teacher {best or '-':6} "
                             f"eval {before:6} drop {drop:6}")
        colour = "black" if side == 0 else "white"
        print(f"{os.path.basename(path)} ours {colour}, {'lost' if lost else result}")
        for line in shown:
            print(line)
    teacher.close()

    print(f"\n{games} games, plies {first}-{last}, teacher at {a.nodes} nodes, clip {a.clip}")
    for who in ["ours", "theirs"]:
        for lo, hi in [(0, 999)] + PHASES:
            r = [x for x in rows if x[0] == who and lo <= x[1] <= hi]
            if not r:
                continue
            where = "all plies" if hi == 999 and lo == 0 else f"plies {lo}-{hi}"
            mean = sum(x[3] for x in r) / len(r)
            same = 100.0 * sum(1 for x in r if x[2]) / len(r)
            print(f"{who:6} {where:12} {len(r):5} moves, teacher's move {same:5.1f}%, "
                  f"mean drop {mean:7.1f}, >=150: {sum(1 for x in r if x[3] >= 150):4}, "
                  f">=400: {sum(1 for x in r if x[3] >= 400):4}")
    if a.wins:
        with open(a.wins, "w") as f:
            f.write("".join(w + "\n" for w in wins))
        print(f"{len(wins)} forced wins after our moves written to {a.wins}")


if __name__ == "__main__":
    main()
