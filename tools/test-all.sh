#!/usr/bin/env bash
# The whole test suite, as `npm test` and CI run it. Stops at the first failing step.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp

step() { printf '\n=== %s ===\n' "$*"; }

step "lint and format (Biome), import boundaries (dependency-cruiser)"
npx biome ci .
npx depcruise --config .dependency-cruiser.cjs contract server src sw

step "knip (dead files, exports and dependencies)"
npx knip

step "translations (Lingui catalogs complete in German and English)"
# A file the extractor cannot read is only logged, and its texts silently drop out of the catalogs.
extract_log="$(npx lingui extract --clean 2>&1)"
if grep -q "Cannot process file" <<<"$extract_log"; then
  grep -A2 "Cannot process file" <<<"$extract_log"
  exit 1
fi
node tools/check-catalogs.mjs

step "build (PWA and server)"
npm run build

step "typecheck"
npm run typecheck

step "unit and server tests (PGlite${TEST_DATABASE_URL:+ and PostgreSQL})"
[ -z "${TEST_DATABASE_URL:-}" ] || bash tools/ensure-nginx.sh # tests/server/nginx.test.ts, PostgreSQL only
bash tools/ensure-debian.sh pdftotext poppler-utils # PDFs read back in tests (tests/server/helpers/pdf-text.ts)
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json

# The size budget loads the sign-in page in Chromium as well, so the browser comes first.
step "browser (Debian's Chromium for the size budget and the end-to-end tests)"
bash tools/ensure-chromium.sh

step "size budget"
node tools/bench/size.mjs

step "end-to-end tests (Playwright in Chromium)"
npx playwright test

node tools/test-summary.mjs
