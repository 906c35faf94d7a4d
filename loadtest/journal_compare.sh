#!/usr/bin/env bash
# Measures accepted commands per second through ROOMS rooms (default one) with
# the journal on (group-commit window 2 ms and 0 ms) versus off, side by side in
# one run: three concord-test-server processes on loopback, concord-load
# alternating between them.
# Usage: loadtest/journal_compare.sh [build-dir] [rounds] [rooms]
# Prints each run's commands/second and the ratios of the medians.
set -euo pipefail
SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$("$SRC/deploy/dev/build.sh" release | tail -n1)}"
ROUNDS="${2:-3}"
ROOMS="${3:-1}"
ADMIN="$("$SRC/deploy/dev/postgres.sh" start | tail -n1)"
DECK="$(mktemp)"
printf 'game test_highcard\nname bench\n[cards]\n' > "$DECK"
for i in 1 2 3 4 5 6 7 8 9; do echo "3 c$i" >> "$DECK"; done

PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; rm -f "$DECK"; }
trap cleanup EXIT

start_server() {  # name port extra-args...
  local name="$1" port="$2"; shift 2
  psql "$ADMIN" -q -c "DROP DATABASE IF EXISTS $name" -c "CREATE DATABASE $name" >/dev/null
  local conninfo="${ADMIN/dbname=concord/dbname=$name}"
  "$BUILD/tests/support/concord-test-server" --address 127.0.0.1 --port "$port" --database "$conninfo" \
    --rate 1000000 --burst 1000000 --log-level warn "$@" &
  PIDS+=($!)
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && return; sleep 0.1; done
  echo "server $name did not start" >&2; exit 1
}

run_load() {  # port -> commands/second
  "$BUILD/loadtest/concord-load" --port "$1" --game test_highcard --deck-file "$DECK" --rooms "$ROOMS" --seats 2 \
    --matches-per-room 10 --option rounds=20 --option hand_size=5 --duration-limit 120 --seed 7 \
    | awk '/^commands\/second:/ {print $2}'
}

start_server concord_bench_journal_w2 18181 --journal-window-ms 2
start_server concord_bench_journal_w0 18183 --journal-window-ms 0
start_server concord_bench_journal_off 18182 --journal=false
W2=(); W0=(); OFF=()
for r in $(seq "$ROUNDS"); do
  W2+=("$(run_load 18181)")
  W0+=("$(run_load 18183)")
  OFF+=("$(run_load 18182)")
  echo "round $r: journal on (2 ms window) ${W2[-1]}, journal on (0 ms window) ${W0[-1]}, journal off ${OFF[-1]} cmd/s"
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
M2="$(median "${W2[@]}")"; M0="$(median "${W0[@]}")"; MOFF="$(median "${OFF[@]}")"
echo "median accepted commands/second, $ROOMS room(s): journal on (2 ms) $M2, journal on (0 ms) $M0, journal off $MOFF"
awk -v a="$M2" -v b="$M0" -v off="$MOFF" 'BEGIN { printf "ratio on/off: 2 ms window %.2f, 0 ms window %.2f\n", a / off, b / off }'
