#!/usr/bin/env python3
"""Runs a Gomocup engine with a node limit per move, for fixed-node matches.

    scripts/engine-at-nodes.py NODES ENGINE [ARGS...]

Forwards the manager's lines to ENGINE and its answers back, adding `INFO MAX_NODE NODES`
(the Yixin-Board extension, docs/PROTOCOL.md) after START, RESTART and every INFO
timeout line, so the limit holds whatever the manager sends. Give the match a long
`--tc-move` so that the node limit, not the clock, ends each search: a fixed-node match
against another engine is then deterministic on both sides, and a busy machine slows it
down without changing a move. Used to screen search settings against a sparring partner
(README, "Strength"); the engine must understand MAX_NODE (ours and Rapfi do).
"""

import subprocess
import sys


def main() -> int:
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    limit = f"INFO MAX_NODE {sys.argv[1]}\n".encode()
    engine = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=sys.stdout)
    try:
        for line in sys.stdin.buffer:
            engine.stdin.write(line)
            word = line.strip().upper()
            if word.startswith(b"START") or word.startswith(b"RESTART") or word.startswith(b"INFO TIMEOUT"):
                engine.stdin.write(limit)
            engine.stdin.flush()
            if word == b"END":
                break
        engine.stdin.close()
    except BrokenPipeError:
        pass  # the engine has gone; its exit status says why
    return engine.wait()


if __name__ == "__main__":
    sys.exit(main())
