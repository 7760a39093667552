#!/usr/bin/env bash
# The project's test command: formatting, lints, the page's JavaScript type check, then
# every test of the workspace.
# CI (.ci/run) runs exactly this; so does a newcomer. Needs the Rust toolchain; installs
# Debian's chromium for the browser test when it is missing (scripts/install-browser.sh);
# the JavaScript check needs Node.js and npm (scripts/check-js.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo fmt --check"
cargo fmt --all -- --check

echo "== cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

echo "== javascript type check"
./scripts/check-js.sh

echo "== browser for the web app's end-to-end test"
./scripts/install-browser.sh

echo "== cargo test"
cargo test --workspace --locked

echo "== all tests passed"
