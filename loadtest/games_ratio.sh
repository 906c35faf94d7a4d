#!/usr/bin/env bash
# games_ratio.sh [build-dir]: games_bench's ratio "engine alone / (engine +
# projections + state hash)" counted in instructions instead of time, so that
# it does not move with the machine's load (timing runs of games_bench on the
# shared 2-core VM varied by up to 11% between a binary and a copy of itself).
#
# For each configuration, callgrind counts the instructions of one whole game
# (play_random and everything under it, the same seeded game in both modes):
# once with one repetition and once with two, and takes the difference, so
# that what runs only once per process (static tables, protobuf descriptors)
# is left out. Prints per configuration the instructions of a game in
# BM_EngineOnly and in BM_WithStateHash and their ratio (the issue's goal is
# >= 0.5). Needs valgrind (Debian package valgrind) and a release build of
# games_bench (deploy/dev/build.sh release games_bench).
set -euo pipefail

SRC="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${1:-}"
[ -n "$BUILD" ] || BUILD="$("$SRC/deploy/dev/build.sh" release games_bench | tail -n1)"
BENCH="$BUILD/tests/bench/games_bench"
[ -x "$BENCH" ] || { echo "games_ratio: no $BENCH" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "games_ratio: needs valgrind" >&2; exit 1; }
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# instructions <filter> <repetitions>: callgrind's total inside play_random
instructions() {
  local out="$WORK/cg.$BASHPID"
  valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect='*play_random*' \
    "$BENCH" --benchmark_filter="$1" --benchmark_min_time=0.000001 --benchmark_repetitions="$2" \
    >/dev/null 2>&1
  callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }'
  rm -f "$out"
}

# per_game <filter>: the instructions of one game, without the first one's start-up
per_game() {
  local once twice
  once="$(instructions "$1" 1)"
  twice="$(instructions "$1" 2)"
  if [ -z "$once" ] || [ -z "$twice" ]; then
    echo "games_ratio: callgrind gave no count for $1" >&2
    return 1
  fi
  echo $((twice - once))
}

# name  engine filter  with filter
CONFIGS=(
  "EVE, 2 seats, no spectators|BM_EngineOnly/game:0/seats:2\$|BM_WithStateHash/game:0/seats:2/spectators:0\$"
  "EVE, 2 seats, spectators|BM_EngineOnly/game:0/seats:2\$|BM_WithStateHash/game:0/seats:2/spectators:1\$"
  "EverZone, 2 seats, no spectators|BM_EngineOnly/game:1/seats:2\$|BM_WithStateHash/game:1/seats:2/spectators:0\$"
  "EverZone, 2 seats, spectators|BM_EngineOnly/game:1/seats:2\$|BM_WithStateHash/game:1/seats:2/spectators:1\$"
  "EverZone, 3 seats, no spectators|BM_EngineOnly/game:1/seats:3\$|BM_WithStateHash/game:1/seats:3/spectators:0\$"
  "EverZone, 3 seats, spectators|BM_EngineOnly/game:1/seats:3\$|BM_WithStateHash/game:1/seats:3/spectators:1\$"
)

echo "| configuration | engine alone (instructions per game) | + projections + state hash | ratio |"
echo "|---|---|---|---|"
for config in "${CONFIGS[@]}"; do
  IFS='|' read -r name engine with <<<"$config"
  # The two modes of a configuration run side by side (two cores).
  per_game "$engine" >"$WORK/engine" &
  engine_pid=$!
  per_game "$with" >"$WORK/with"
  wait "$engine_pid"
  e="$(cat "$WORK/engine")" w="$(cat "$WORK/with")"
  printf '| %s | %s | %s | %s |\n' "$name" "$e" "$w" "$(awk -v e="$e" -v w="$w" 'BEGIN { printf "%.3f", e / w }')"
done
