#!/usr/bin/env bash
# Makes the evaluation's fitted tables from the teacher data kept in data/teacher/
# (data/README.md says how each file was made): first freestyle's linear weights from
# zero (crates/engine/src/eval/weights.rs), then both rules' networks on top of the
# linear weights (crates/engine/src/eval/net_weights.rs). The one command behind the
# evaluation in use. Renju's linear weights are kept as they are: fitted from zero on
# renju's files here they lost games (README, "Signature and strength"); they came from
# fits on files no longer kept, each starting from the weights before it.
# About 5 minutes of fitting in release on two cores, plus the builds.
#
#   scripts/regen-eval.sh            rewrite weights.rs and net_weights.rs
#   scripts/regen-eval.sh --check    make both again and compare with the files in the
#                                    tree, which are left as they were; exit 1 when
#                                    either differs
#
# The fits are deterministic (full-batch steps in a fixed order, the network's start
# from its own seeded generator), so the check expects the same files, less a stray
# last-bit rounding of libm between CPUs (see below). .ci/run runs the check.
set -euo pipefail
cd "$(dirname "$0")/.."

WEIGHTS=crates/engine/src/eval/weights.rs
NET=crates/engine/src/eval/net_weights.rs
T=data/teacher
FREESTYLE=$T/freestyle-selfplay-95.scored.xz+$T/freestyle-rapfi-games.scored.xz+$T/freestyle-rapfi-games-2.scored.xz
RENJU=$T/renju-selfplay-97.scored.xz+$T/renju-rapfi-games.scored.xz
# Freestyle's linear weights: a change per line pattern and combo from zero, then a
# weight per cell shape pulled toward it; a long, wide descent (from zero the fours'
# weights travel thousands of units). Both freestyle steps fit at the units the
# teacher's scores were put in (1012), the units the search's margins are written in.
WEIGHT_FLAGS=(--scored-only --lambda=0.3 --from-zero --linear --steps=1500 --lr=30 --cosine
    --shapes-l2=1e-10 --scale=1012)
# The networks. Renju's first-layer sums grow larger: a stronger weight decay keeps
# them in 16 bits; its network sees the coarse line patterns only (the finer ones
# lowered its held-out loss but lost games) and is fitted at the scale that suits its
# linear weights best. Freestyle's has no cell pairs (they did not win games there).
NET_FLAGS=(--l2=1.5e-4 --freestyle-pairs=0 --freestyle-scale=1012 --renju-l2=2e-3
    --steps=400 --renju-fine=0)

if ! command -v xz > /dev/null; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    echo "== installing xz-utils (the teacher data is xz-compressed)"
    $SUDO apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq xz-utils
fi

fit_eval() {
    # `cargo run` builds the example against the weights.rs in the tree: the networks
    # are fitted on top of the weights the first step wrote.
    cargo run --release --locked -q -p fiveinrow-engine --example fit_eval -- "$@"
}

if [ "${1:-}" != "--check" ]; then
    fit_eval fit "$FREESTYLE" - "${WEIGHT_FLAGS[@]}"
    fit_eval net "$FREESTYLE" "$RENJU" "${NET_FLAGS[@]}"
    exit 0
fi

kept=$(mktemp -d)
trap 'cp "$kept/weights.rs" "$WEIGHTS"; cp "$kept/net_weights.rs" "$NET"; rm -rf "$kept"' EXIT
cp "$WEIGHTS" "$kept/weights.rs"
cp "$NET" "$kept/net_weights.rs"

# Compares a file made again with the one kept from the tree. Not byte for byte: the
# fits' floating point is the same on every x86-64 machine except libm's exp and log,
# whose last bit may differ between CPUs (glibc picks an FMA version where the CPU has
# one); a weight sitting on a rounding boundary may then move by one stored unit. Any
# other difference (other data, other settings, another fit) moves most numbers by far
# more, so the check allows that much and no more.
same() {
    local old=$1 new=$2
    if cmp -s "$old" "$new"; then
        echo "$new: made again from data/teacher/, identical"
        return 0
    fi
    if python3 - "$old" "$new" <<'PY'
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
        echo "$new: made again from data/teacher/, the same but for rounding"
        return 0
    fi
    echo "error: $new differs from what data/teacher/ makes (scripts/regen-eval.sh):" >&2
    diff -u "$old" "$new" | head -40 >&2
    return 1
}

fit_eval fit "$FREESTYLE" - "${WEIGHT_FLAGS[@]}" > /dev/null
same "$kept/weights.rs" "$WEIGHTS"
fit_eval net "$FREESTYLE" "$RENJU" "${NET_FLAGS[@]}" > /dev/null
same "$kept/net_weights.rs" "$NET"
