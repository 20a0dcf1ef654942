#!/usr/bin/env bash
# `npm test`: everything a fresh machine needs, set-up included. Every step runs even after an earlier
# one failed, so one run shows all problems; the exit code is non-zero if any step failed. The last
# line is the total "N passed, N failed" over Vitest and Playwright, read from their JSON reports.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

REPORT_DIR=test-results
VITEST_JSON="$REPORT_DIR/vitest.json"
# Overrides the per-port path of playwright.config.ts, so the summary finds it whatever E2E_PORT is.
export PLAYWRIGHT_JSON_OUTPUT_FILE="$REPORT_DIR/e2e-report.json"
PLAYWRIGHT_JSON="$PLAYWRIGHT_JSON_OUTPUT_FILE"
mkdir -p "$REPORT_DIR"
# Stale reports from an earlier run must not be counted if a runner dies before writing its own.
rm -f "$VITEST_JSON" "$PLAYWRIGHT_JSON"

failed_steps=()
step_times=()
start_all=$SECONDS

header() {
  printf '\n\033[1m==> %s\033[0m\n' "$1"
}

# run_step "Title" command...: runs the command, reports its time, remembers a failure, never exits.
run_step() {
  local title=$1
  shift
  header "$title"
  local start=$SECONDS
  local status=0
  "$@" || status=$?
  if [[ $status -eq 0 ]]; then
    echo "--- $title: OK ($((SECONDS - start)) s)"
  else
    echo "--- $title: FALLÓ (código $status, $((SECONDS - start)) s)"
    failed_steps+=("$title")
  fi
  step_times+=("$(printf '%5d s  %s' $((SECONDS - start)) "$title")")
  return 0
}

# run_side_by_side "Title" "command" "Title" "command"...: runs the steps at once (each one process that
# leaves a core idle most of the time: tsc is single-threaded), each into its own log, then shows each
# log and result in order as run_step does.
run_side_by_side() {
  local dir
  dir=$(mktemp -d)
  local titles=() pids=()
  local i=0
  while [[ $# -gt 0 ]]; do
    titles+=("$1")
    (
      start=$SECONDS
      status=0
      bash -c "$2" >"$dir/$i.log" 2>&1 || status=$?
      echo "$status $((SECONDS - start))" >"$dir/$i.result"
    ) &
    pids+=($!)
    i=$((i + 1))
    shift 2
  done
  wait "${pids[@]}" || true
  for i in "${!titles[@]}"; do
    local title=${titles[$i]}
    local status=1 took=0
    read -r status took <"$dir/$i.result" || true
    header "$title"
    cat "$dir/$i.log"
    if [[ $status -eq 0 ]]; then
      echo "--- $title: OK ($took s)"
    else
      echo "--- $title: FALLÓ (código $status, $took s)"
      failed_steps+=("$title")
    fi
    step_times+=("$(printf '%5d s  %s' "$took" "$title")")
  done
  rm -rf "$dir"
}

# Without a browser the E2E step cannot run; say how to fix it (one line) and stop here.
header "Chromium"
if ! bash scripts/ensure-chromium.sh; then
  echo "0 passed, 0 failed" # no test ran
  exit 1
fi
echo "--- Chromium: $(/usr/bin/chromium --version 2>/dev/null || echo '/usr/bin/chromium')"

run_side_by_side \
  "Typecheck" "npm run --silent typecheck" \
  "Lint" "npm run --silent lint" \
  "Compilación web (Vite)" "npx vite build --logLevel warn"
if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  echo "(TEST_DATABASE_URL definido: las pruebas de API también corren en PostgreSQL)"
fi
run_step "Pruebas unitarias y de API (Vitest)" \
  npx vitest run --reporter=default --reporter=json "--outputFile.json=$VITEST_JSON"
run_step "Presupuesto de JavaScript de /login (150 KB gzip)" node scripts/check-login-budget.mjs
run_step "Pruebas E2E (Playwright, Chromium)" npx playwright test

# Sums passed and failed tests from both JSON reports. A missing report (runner crashed) adds nothing
# here; its step is already counted as failed above.
FAILURES_TXT="$REPORT_DIR/failures.txt"
counts=$(node - "$VITEST_JSON" "$PLAYWRIGHT_JSON" 2>"$FAILURES_TXT" <<'EOF'
const fs = require('node:fs');
const read = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};
const [vitestFile, playwrightFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
// The failing tests' names, to stderr: a CI log often keeps only its last lines, so they are repeated
// beside the totals instead of being findable only far above.
const failures = [];
const vitest = read(vitestFile);
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  for (const file of vitest.testResults ?? []) {
    const bad = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    const name = file.name.replace(`${process.cwd()}/`, '');
    for (const test of bad) failures.push(`${name} > ${test.fullName}`);
    if (bad.length === 0 && file.status === 'failed') failures.push(`${name}: ${file.message ?? ''}`);
  }
}
const playwright = read(playwrightFile);
if (playwright?.stats) {
  // A flaky test passed on retry: it counts as passed, as Playwright's own summary does.
  passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  failed += playwright.stats.unexpected ?? 0;
  skipped += playwright.stats.skipped ?? 0;
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') failures.push(`${spec.file} > ${[...path, spec.title].join(' > ')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of playwright.suites ?? []) walk(suite, []);
}
for (const failure of failures) console.error(`FALLÓ: ${failure.split('\n')[0].slice(0, 300)}`);
console.log(`${passed} ${failed} ${skipped}`);
EOF
)
read -r passed failed skipped <<<"$counts"

header "Resumen ($((SECONDS - start_all)) s)"
# Each phase's time together at the end, so a slow phase shows without scrolling back.
printf '%s\n' "${step_times[@]}"
if [[ ${#failed_steps[@]} -gt 0 ]]; then
  echo "Pasos con errores: ${failed_steps[*]}"
fi
# A skipped test hides whatever it would have caught: the run fails until it runs again or is removed.
if [[ $skipped -gt 0 ]]; then
  echo "Pruebas omitidas: $skipped (una prueba omitida no comprueba nada; ejecútala o elimínala)"
fi
cat "$FAILURES_TXT"
echo "$passed passed, $failed failed"

if [[ ${#failed_steps[@]} -gt 0 || $failed -gt 0 || $skipped -gt 0 ]]; then
  exit 1
fi
