#!/usr/bin/env bash
# Makes sure Debian's Chromium is there for Playwright: `npx playwright install` cannot
# download browsers on these machines, so the e2e tests drive the system Chromium.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package (needs network to the Debian mirror)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  [ -x "$CHROMIUM" ] && { echo "Chromium installed at $CHROMIUM."; exit 0; }
fi
cat >&2 <<MSG
The end-to-end tests need Chromium at $CHROMIUM and it is not installed.
Install it as root with:    apt-get install -y chromium
or point CHROMIUM_PATH at another Chromium or Chrome binary, then run the tests again.
MSG
exit 1
