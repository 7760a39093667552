#!/usr/bin/env bash
# The project's test command: formatting, lints, then every test of the workspace.
# CI (.ci/run) runs exactly this; so does a newcomer. Needs only the Rust toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo fmt --check"
cargo fmt --all -- --check

echo "== cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

echo "== cargo test"
cargo test --workspace --locked

echo "== all tests passed"
