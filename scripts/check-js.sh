#!/usr/bin/env bash
# Type-checks the page's JavaScript (web/js, JSDoc types, web/tsconfig.json) with the
# TypeScript compiler pinned in web/package.json and web/package-lock.json. Installs it
# with `npm ci` into web/node_modules the first time; emits nothing.
set -euo pipefail
cd "$(dirname "$0")/../web"

for tool in node npm; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "error: '$tool' is not installed; the JavaScript type check needs Node.js and npm" >&2
        echo "       (Debian/Ubuntu: apt-get install nodejs npm)" >&2
        exit 1
    fi
done

pinned=$(node -p 'require("./package.json").devDependencies.typescript')
if [ ! -x node_modules/.bin/tsc ] \
    || [ "$(node -p 'require("./node_modules/typescript/package.json").version')" != "$pinned" ]; then
    echo "== npm ci (typescript $pinned into web/node_modules)"
    npm ci --no-audit --no-fund --loglevel=error
fi

node_modules/.bin/tsc --version
node_modules/.bin/tsc --noEmit -p tsconfig.json
echo "web/js type-checks"
