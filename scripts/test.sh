#!/usr/bin/env bash
# Every test layer, in the order that fails fastest: lint, types, unit+integration, browser journeys.
# Runs on the embedded PGlite by default; with DATABASE_URL set, the same suites run on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."

# JOURNEYS=off skips the production build and the browser journeys (CI runs them once, on PostgreSQL).
JOURNEYS="${JOURNEYS:-on}"
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ "$JOURNEYS" != "off" ] && [ ! -x "$CHROMIUM_PATH" ]; then
  echo "Chromium is missing at $CHROMIUM_PATH: the browser journeys need it." >&2
  echo "Install it with 'apt-get install -y chromium' (or point CHROMIUM_PATH at a Chromium binary)." >&2
  exit 1
fi
export CHROMIUM_PATH

if [ -n "${DATABASE_URL:-}" ]; then db="PostgreSQL"; else db="PGlite (embedded)"; fi

# STATIC_CHECKS=off skips lint, types and boundaries (CI runs them once, on the first engine).
if [ "${STATIC_CHECKS:-on}" != "off" ]; then
  echo "== lint"
  npx eslint .
  echo "== decision files (Date, Status, index)"
  node scripts/decisions-index.mjs --check
  echo "== module boundaries"
  node scripts/check-boundaries.mjs
  echo "== type-check"
  npm run --silent typecheck
fi
rm -rf test-results && mkdir -p test-results
echo "== unit and integration tests on $db"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
if [ "$JOURNEYS" != "off" ]; then
  echo "== production build"
  npm run --silent build > /dev/null
  echo "== browser journeys (Chromium) on $db"
  PLAYWRIGHT_JSON_OUTPUT_FILE=test-results/playwright.json npx playwright test --reporter=list,json
fi
echo "== summary ($db)"
node scripts/summarize-tests.mjs
