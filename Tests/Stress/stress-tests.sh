#!/usr/bin/env bash
# make stress-tests: the whole suite, built with code coverage (slower code, other timings), run
# RUNS times in a row (10), then LOADED_RUNS times (3) pinned to one core while a busy loop
# competes for it. Every run must pass; the script names the tests that failed in each run.
#
# Tests that wait on real time, or that race effects on other threads, fail here first.
set -uo pipefail
cd "$(dirname "$0")/../.."

runs=${RUNS:-10}
loaded_runs=${LOADED_RUNS:-3}
scratch_path=.build-coverage
swift=${SWIFT:-swift}

work=$(mktemp -d)
busy=""
cleanup() {
  [ -n "$busy" ] && kill "$busy" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# The names of the tests a run's log says failed: Swift Testing's and XCTest's.
failed_tests() {
  {
    sed -n 's/^.*✘ Test \(.*\) failed after.*$/\1/p' "$1"
    sed -n "s/^Test Case '\(.*\)' failed.*$/\1/p" "$1"
  } | sort -u
}

failures=0
run_suite() {
  local label=$1
  shift
  local log="$work/$label.log" tmp="$work/tmp-$label" start status
  mkdir -p "$tmp"
  start=$(date +%s)
  TMPDIR="$tmp" LLVM_PROFILE_FILE="$work/%p.profraw" \
    "$@" "$swift" test --skip-build --scratch-path "$scratch_path" >"$log" 2>&1
  status=$?
  local names
  names=$(failed_tests "$log")
  if [ "$status" -eq 0 ] && [ -z "$names" ]; then
    echo "$label: passed ($(($(date +%s) - start)) s)"
  else
    failures=$((failures + 1))
    echo "$label: FAILED (exit $status, $(($(date +%s) - start)) s)"
    if [ -n "$names" ]; then
      echo "$names" | sed 's/^/    /'
    else
      tail -20 "$log" | sed 's/^/    /'
    fi
    cp "$log" ".build/stress-$label.log" 2>/dev/null && echo "    log: .build/stress-$label.log"
  fi
  rm -f "$work"/*.profraw
}

mkdir -p .build
for i in $(seq 1 "$runs"); do
  run_suite "run-$i-of-$runs"
done

if [ "$loaded_runs" -gt 0 ]; then
  taskset -c 0 sh -c 'while :; do :; done' &
  busy=$!
  for i in $(seq 1 "$loaded_runs"); do
    run_suite "one-core-loaded-$i-of-$loaded_runs" taskset -c 0
  done
fi

total=$((runs + loaded_runs))
if [ "$failures" -gt 0 ]; then
  echo "stress-tests: $failures of $total runs failed"
  exit 1
fi
echo "stress-tests: all $total runs passed"
