#!/usr/bin/env bash
# One command from a fresh Debian 12 machine (as root) to every test passing:
# installs packages, builds the release and the sanitizer (ASan+UBSan) builds,
# starts a project-local PostgreSQL and runs the whole suite in both builds,
# then runs every fuzz target briefly (its own clang-14 build; skipped with
# CONCORD_FUZZ_SECONDS=0).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
START=$(date +%s)

"$HERE/install-deps.sh"
"$HERE/postgres.sh" start >/dev/null

run_suite() {
  local kind="$1" dir
  dir="$("$HERE/build.sh" "$kind" | tail -n1)"
  echo "== $kind tests ($dir)"
  (cd "$dir" && ctest --output-on-failure --timeout 600 -j 2)
}

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# A leak inside libpqxx 6.4 on broken connections (see lsan.supp).
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$HERE/lsan.supp}"
run_suite release
CONCORD_SANITIZED=1 run_suite sanitize

# Fuzzing (tests/fuzz/README.md): the libFuzzer targets, built with clang-14
# (a third build, tests/fuzz/README.md has its warm and cold times), each for
# CONCORD_FUZZ_SECONDS (default 10) on its committed corpus; any crash,
# sanitizer report or violated invariant fails the run.
# CONCORD_FUZZ_SECONDS=0 skips the fuzz build and run (the committed corpora
# are still replayed in both gcc builds above: ctest fuzz_corpus_*).
FUZZ_SECONDS="${CONCORD_FUZZ_SECONDS:-10}"
if [ "$FUZZ_SECONDS" != 0 ]; then
  echo "== fuzz targets (${FUZZ_SECONDS}s each)"
  fuzz_dir="$("$HERE/build.sh" fuzz | tail -n1)"
  "$HERE/../../tests/fuzz/run.sh" "$fuzz_dir" "$FUZZ_SECONDS"
else
  echo "== fuzz targets skipped (CONCORD_FUZZ_SECONDS=0)"
fi
echo "test-all: everything passed in $(( $(date +%s) - START ))s"
