#!/usr/bin/env bash
# Installs Debian's headless browser, its WebDriver and a font with Chinese characters
# for the web app's end-to-end test (crates/cli/tests/suite/web_browser.rs). Does nothing when
# they are already there. Uses sudo only when not run as root.
set -euo pipefail

CJK_FONT=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc

if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] && [ -f "$CJK_FONT" ]; then
    echo "chromium, chromedriver and a CJK font are installed"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi

echo "== installing chromium, chromium-driver and fonts-wqy-microhei"
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    chromium chromium-driver fonts-wqy-microhei

for f in /usr/bin/chromium /usr/bin/chromedriver; do
    if [ ! -x "$f" ]; then
        echo "error: $f is still missing after apt-get install" >&2
        exit 1
    fi
done
echo "chromium, chromedriver and a CJK font are installed"
