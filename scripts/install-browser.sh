#!/usr/bin/env bash
# Installs Debian's headless browser, its WebDriver, a font with Chinese characters and a
# QR code reader (zbarimg, which reads back the invitation's QR code) for the web app's
# end-to-end tests (crates/cli/tests/suite/web_*.rs). Does nothing when they are already
# there. Uses sudo only when not run as root.
set -euo pipefail

CJK_FONT=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc

if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] && [ -f "$CJK_FONT" ] \
    && [ -x /usr/bin/zbarimg ]; then
    echo "chromium, chromedriver, a CJK font and zbarimg are installed"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi

echo "== installing chromium, chromium-driver, fonts-wqy-microhei and zbar-tools"
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    chromium chromium-driver fonts-wqy-microhei zbar-tools

for f in /usr/bin/chromium /usr/bin/chromedriver /usr/bin/zbarimg; do
    if [ ! -x "$f" ]; then
        echo "error: $f is still missing after apt-get install" >&2
        exit 1
    fi
done
echo "chromium, chromedriver, a CJK font and zbarimg are installed"
