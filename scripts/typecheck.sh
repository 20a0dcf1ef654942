#!/usr/bin/env bash
# `npm run typecheck`: the server's, the web app's and the E2E tests' TypeScript projects at once. tsc
# uses one core, so on two cores this takes about the time of the largest instead of the sum. Each
# project's errors are printed together; the exit code is non-zero if any project failed.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
projects=(server web e2e)
pids=()
for project in "${projects[@]}"; do
  node_modules/.bin/tsc -p "tsconfig.$project.json" --noEmit >"$logs/$project.log" 2>&1 &
  pids+=($!)
done
status=0
for i in "${!projects[@]}"; do
  wait "${pids[$i]}" || status=1
  cat "$logs/${projects[$i]}.log"
done
exit $status
