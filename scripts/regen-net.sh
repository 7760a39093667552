#!/usr/bin/env bash
# Makes the evaluation network (crates/engine/src/eval/net_weights.rs) from the teacher
# data kept in data/teacher/ (data/README.md says how each file was made): the one
# command behind the networks in use. About 2 minutes of fitting in release on two cores
# (the rules fit side by side, a thread each).
#
#   scripts/regen-net.sh            rewrite net_weights.rs
#   scripts/regen-net.sh --check    make it again and compare with the file in the tree,
#                                   which is left as it was; exit 1 when they differ
#
# The fit is deterministic (its own seeded generator, one thread), so the check expects
# the same file, less a stray last-bit rounding of libm between CPUs (see below).
# .ci/run runs the check.
set -euo pipefail
cd "$(dirname "$0")/.."

NET=crates/engine/src/eval/net_weights.rs
FREESTYLE=data/teacher/freestyle-selfplay-95.scored.xz+data/teacher/freestyle-rapfi-games.scored.xz
RENJU=data/teacher/renju-selfplay-97.scored.xz+data/teacher/renju-rapfi-games.scored.xz
# Renju's first-layer sums grow larger: a stronger weight decay keeps them in 16 bits.
# Freestyle's too once the cell pairs came in (at 1.5e-4 they reached 32,169 of 32,767;
# at 3e-4 23,270, under the fit's three-quarter limit).
# Renju's network sees the coarse line patterns only: the finer ones lowered its
# held-out loss (0.5265 -> 0.5157) but lost games (README, "Signature and strength").
FLAGS=(--l2=1.5e-4 --freestyle-pairs=0 --renju-l2=2e-3 --steps=400 --renju-fine=0)

if ! command -v xz > /dev/null; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    echo "== installing xz-utils (the teacher data is xz-compressed)"
    $SUDO apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq xz-utils
fi

fit() {
    cargo run --release --locked -q -p fiveinrow-engine --example fit_eval -- \
        net "$FREESTYLE" "$RENJU" "${FLAGS[@]}"
}

if [ "${1:-}" != "--check" ]; then
    fit
    exit 0
fi

kept=$(mktemp)
trap 'cp "$kept" "$NET"; rm -f "$kept"' EXIT
cp "$NET" "$kept"
fit > /dev/null
if cmp -s "$kept" "$NET"; then
    echo "$NET: made again from data/teacher/, identical"
    exit 0
fi
# Not byte for byte. The fit's floating point is the same on every x86-64 machine except
# libm's exp and log, whose last bit may differ between CPUs (glibc picks an FMA version
# where the CPU has one); a weight sitting on a rounding boundary may then move by one
# stored unit. Any other difference (other data, other settings, another fit) moves
# most weights by far more, so the check allows that much and no more.
if python3 - "$kept" "$NET" <<'PY'
import re, sys
a, b = (open(f).read() for f in sys.argv[1:3])
num = r"-?\d+"
if re.sub(num, "N", a) != re.sub(num, "N", b):
    sys.exit(1)
pairs = list(zip(map(int, re.findall(num, a)), map(int, re.findall(num, b))))
off = [(x, y) for x, y in pairs if x != y]
if any(abs(x - y) > 1 for x, y in off) or len(off) > len(pairs) // 1000:
    sys.exit(1)
print(f"{len(off)} of {len(pairs)} numbers differ by one stored unit (libm rounding)")
PY
then
    echo "$NET: made again from data/teacher/, the same but for rounding"
else
    echo "error: $NET differs from what data/teacher/ makes (scripts/regen-net.sh):" >&2
    diff -u "$kept" "$NET" | head -40 >&2
    exit 1
fi
