#!/usr/bin/env bash
# Runs fuzz targets on their committed corpus for a fixed time each.
# Usage: tests/fuzz/run.sh <fuzz build dir> <seconds per target> [target...]
# (no targets = every target with a corpus folder). New inputs go to a work
# folder (FUZZ_WORK, default a temporary one), never into the committed
# corpus; a crash leaves its input there and fails the run. Prints one line
# per target: executions, executions per second, corpus growth.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BUILD="${1:?usage: run.sh <fuzz build dir> <seconds> [target...]}"
SECONDS_EACH="${2:?usage: run.sh <fuzz build dir> <seconds> [target...]}"
shift 2
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
  for d in "$HERE"/corpus/*/; do TARGETS+=("$(basename "$d")"); done
fi
WORK="${FUZZ_WORK:-$(mktemp -d /tmp/concord-fuzz.XXXXXX)}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1}:detect_leaks=1"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

failed=0
for t in "${TARGETS[@]}"; do
  bin="$BUILD/tests/fuzz/fuzz_$t"
  [ -x "$bin" ] || { echo "fuzz: $bin is not built" >&2; exit 2; }
  mkdir -p "$WORK/$t/corpus" "$WORK/$t/artifacts"
  log="$WORK/$t/log"
  if "$bin" "$WORK/$t/corpus" "$HERE/corpus/$t" -max_total_time="$SECONDS_EACH" -timeout=10 \
      -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$WORK/$t/artifacts/" >"$log" 2>&1; then
    status=ok
  else
    status=FAILED
    failed=1
  fi
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n1)
  added=$(find "$WORK/$t/corpus" -type f | wc -l)
  printf 'fuzz %-18s %-6s %10s execs %7s exec/s %5s new inputs\n' "$t" "$status" "${execs:-?}" "${rate:-?}" "$added"
  if [ "$status" = FAILED ]; then
    grep -E 'INVARIANT VIOLATED|ERROR: |SUMMARY: |runtime error' "$log" | head -n 20 >&2 || true
    echo "fuzz: $t failed; log $log, input(s) in $WORK/$t/artifacts/" >&2
  fi
done
exit "$failed"
