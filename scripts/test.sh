#!/usr/bin/env bash
# The project's test command: formatting, lints, then every test of the workspace.
# CI (.ci/run) runs exactly this; so does a newcomer. Needs the Rust toolchain; installs
# Debian's chromium for the browser test when it is missing (scripts/install-browser.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo fmt --check"
cargo fmt --all -- --check

echo "== cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

echo "== browser for the web app's end-to-end test"
./scripts/install-browser.sh

echo "== cargo test"
cargo test --workspace --locked

echo "== all tests passed"
