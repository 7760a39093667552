#!/usr/bin/env bash
# Makes the evaluation network (crates/engine/src/eval/net_weights.rs) from the teacher
# data kept in data/teacher/ (data/README.md says how each file was made): the one
# command behind the networks in use. About 150 s of fitting in release, one core.
#
#   scripts/regen-net.sh            rewrite net_weights.rs
#   scripts/regen-net.sh --check    make it again and compare with the file in the tree,
#                                   which is left as it was; exit 1 when they differ
#
# The fit is deterministic (its own seeded generator, one thread, no CPU-specific code),
# so the check holds on any x86-64 machine. .ci/run runs the check.
set -euo pipefail
cd "$(dirname "$0")/.."

NET=crates/engine/src/eval/net_weights.rs
FREESTYLE=data/teacher/freestyle-selfplay-95.scored.xz+data/teacher/freestyle-rapfi-games.scored.xz
RENJU=data/teacher/renju-selfplay-97.scored.xz+data/teacher/renju-rapfi-games.scored.xz
# Renju's first-layer sums grow larger: a stronger weight decay keeps them in 16 bits.
FLAGS=(--l2=1.5e-4 --renju-l2=2e-3 --steps=400)

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
else
    echo "error: $NET differs from what data/teacher/ makes (scripts/regen-net.sh):" >&2
    diff -u "$kept" "$NET" | head -40 >&2
    exit 1
fi
