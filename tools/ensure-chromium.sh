#!/usr/bin/env bash
# Makes sure Debian's Chromium is there for Playwright: `npx playwright install` cannot
# download browsers on these machines, so the e2e tests drive the system Chromium
# (or CHROMIUM_PATH, another Chromium or Chrome binary).
set -euo pipefail
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] && exit 0
exec bash "$(dirname "$0")/ensure-debian.sh" chromium chromium
