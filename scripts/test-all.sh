#!/usr/bin/env bash
# `npm test`: every check and suite, each run even when an earlier one failed, then one closing
# line `N passed, N failed` summed over all of them (scripts/summarize.mjs).
set -uo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
export ELECTRON_OVERRIDE_DIST_PATH=/nonexistent
out=test-results/reports
rm -rf test-results && mkdir -p "$out"
steps="$out/steps.tsv"
: >"$steps"

step() {
  local name=$1 t0
  shift
  echo "::: $name"
  t0=$(date +%s)
  if "$@"; then printf '%s\tpass\n' "$name" >>"$steps"; else printf '%s\tfail\n' "$name" >>"$steps"; fi
  # Each step's time, so the 20-minute CI budget can be spent where it is seen.
  echo "::: $name took $(($(date +%s) - t0)) s"
}

step "format" npx prettier --check --log-level warn .
step "lint" npm run --silent lint
step "typecheck" npm run --silent typecheck
step "build" npx electron-vite build
step "xml parser floor" node scripts/check-versions.mjs
step "security scan" npm run --silent security:scan
step "package check" npm run --silent package:check
# The stall benchmark's smoke run: the built host under load answers every call (numbers: npm run bench:stalls).
step "stall smoke" npx tsx bench/stalls.ts --smoke

# Unit and integration suites, inside a private D-Bus session with an unlocked throwaway keyring.
STUDBOOK_REQUIRE_KEYRING=${CI:+1} scripts/with-keyring.sh npx vitest run \
  --reporter=default --reporter=json --outputFile.json="$out/unit.json"
# End to end: the built browser host in Debian Chromium.
npx vitest run -c vitest.e2e.config.mts \
  --reporter=default --reporter=json --outputFile.json="$out/e2e.json"

echo "::: tests took $(($(date +%s) - started)) s"
node scripts/summarize.mjs "$steps" "$out/unit.json" "$out/e2e.json"
