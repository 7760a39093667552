#!/usr/bin/env bash
# A short smoke run of every fuzz target (fuzz/, libFuzzer through cargo-fuzz): about
# SECONDS_EACH seconds each. cargo-fuzz needs nightly-only compiler flags; the stable
# toolchain accepts them with RUSTC_BOOTSTRAP=1. Longer runs: the same command with a
# bigger number, e.g. `scripts/fuzz-smoke.sh 600`.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
SECONDS_EACH="${1:-20}"

if ! command -v cargo-fuzz >/dev/null 2>&1; then
    echo "== installing cargo-fuzz"
    cargo install --locked cargo-fuzz
fi

export RUSTC_BOOTSTRAP=1
echo "== building fuzz targets"
cargo fuzz build -O
for target in records protocol rules http; do
    echo "== fuzzing $target for ${SECONDS_EACH}s"
    mkdir -p "corpus/$target"
    # Start from the kept regression inputs; a crash fails the run and leaves its input
    # in fuzz/artifacts/$target/ to be added to fuzz/regressions/$target/.
    cargo fuzz run -O "$target" "corpus/$target" "regressions/$target" -- \
        -max_total_time="$SECONDS_EACH" -max_len=4096 -print_final_stats=1 2>&1 \
        | grep -E "^(Done|stat::number_of_executed_units|==[0-9]+==|thread .* panicked|SUMMARY)" || true
    # grep ate the exit status: a crash leaves an artifact.
    if ls "artifacts/$target"/crash-* >/dev/null 2>&1; then
        echo "fuzz target $target crashed: see fuzz/artifacts/$target/" >&2
        exit 1
    fi
done
echo "== fuzz smoke run passed"
