#!/usr/bin/env bash
# Runs every fuzz target longer than CI does (default 10 minutes each), after
# building them: tests/fuzz/run_long.sh [seconds per target] [target...]
# Inputs found are kept in FUZZ_WORK (default /var/tmp/concord-fuzz-work):
# minimize the interesting ones and commit them under tests/fuzz/corpus/
# (README.md). One target at a time, one core.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SECONDS_EACH="${1:-600}"
shift || true
DIR="$(bash "$HERE/../../deploy/dev/build.sh" fuzz | tail -n1)"
export FUZZ_WORK="${FUZZ_WORK:-/var/tmp/concord-fuzz-work}"
exec bash "$HERE/run.sh" "$DIR" "$SECONDS_EACH" "$@"
