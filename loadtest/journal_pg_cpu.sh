#!/usr/bin/env bash
# PostgreSQL CPU per accepted command with the journal on. Starts one
# concord-test-server on the project-local cluster (CONCORD_PG_DIR /
# CONCORD_PG_PORT, as deploy/dev/postgres.sh) with a fresh database, plays
# ROOMS rooms of the trivial High Card Duel in closed loop with concord-load,
# and reads utime+stime from /proc/<pid>/stat of the cluster's postmaster
# (with its reaped children) and of every live backend before and after the
# load, and of the journal's backend (its application_name) after it; the
# server's own CPU likewise.
# Usage: loadtest/journal_pg_cpu.sh [build-dir] [rooms] [matches-per-room] [server-binary]
# (server-binary: e.g. a concord-test-server built from an older commit, to compare)
set -euo pipefail
SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${1:-$("$SRC/deploy/dev/build.sh" release | tail -n1)}"
ROOMS="${2:-20}"
MATCHES="${3:-5}"
SERVER="${4:-$BUILD/tests/support/concord-test-server}"
ADMIN="$("$SRC/deploy/dev/postgres.sh" start | tail -n1)"
PG_DIR="${CONCORD_PG_DIR:-/var/tmp/concord-pg}"
POSTMASTER="$(head -n1 "$PG_DIR/data/postmaster.pid")"
PORT=18291
DECK="$(mktemp)"
printf 'game test_highcard\nname bench\n[cards]\n' > "$DECK"
for i in 1 2 3 4 5 6 7 8 9; do echo "3 c$i" >> "$DECK"; done
SERVER_PID=""
cleanup() { [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null; rm -f "$DECK"; }
trap cleanup EXIT

# Fields after "(comm) ": index 11 utime, 12 stime, 13 cutime, 14 cstime (clock ticks).
ticks() {  # pid [with-children]
  local f
  read -r -a f < <(sed 's/^.*) //' "/proc/$1/stat") || { echo 0; return; }
  if [ "${2:-}" = children ]; then echo $((f[11] + f[12] + f[13] + f[14])); else echo $((f[11] + f[12])); fi
}
pg_ticks() {
  local total child
  total=$(ticks "$POSTMASTER" children)
  for child in $(pgrep -P "$POSTMASTER"); do total=$((total + $(ticks "$child"))); done
  echo "$total"
}

psql "$ADMIN" -q -c "DROP DATABASE IF EXISTS concord_pg_cpu WITH (FORCE)" -c "CREATE DATABASE concord_pg_cpu" >/dev/null
"$SERVER" --address 127.0.0.1 --port "$PORT" --database "${ADMIN/dbname=concord/dbname=concord_pg_cpu}" \
  --rate 1000000 --burst 1000000 --log-level warn &
SERVER_PID=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break; sleep 0.1; done

PG0=$(pg_ticks); SV0=$(ticks "$SERVER_PID")
OUT="$("$BUILD/loadtest/concord-load" --port "$PORT" --game test_highcard --deck-file "$DECK" --rooms "$ROOMS" \
  --seats 2 --matches-per-room "$MATCHES" --option rounds=20 --option hand_size=5 --duration-limit 300 --seed 7)"
PG1=$(pg_ticks); SV1=$(ticks "$SERVER_PID")
# The journal's own backend (connected when the journal first writes or probes): all its CPU.
JPID="$(psql "$ADMIN" -tAc "SELECT pid FROM pg_stat_activity WHERE datname = 'concord_pg_cpu' AND application_name = 'concord-journal'")"
JT=$(ticks "$JPID")
COMMANDS="$(awk '/^commands accepted:/ {print $3}' <<<"$OUT")"
HZ="$(getconf CLK_TCK)"
awk -v pg=$((PG1 - PG0)) -v sv=$((SV1 - SV0)) -v j="$JT" -v n="$COMMANDS" -v hz="$HZ" -v rooms="$ROOMS" 'BEGIN {
  printf "%d rooms, %d commands accepted\n", rooms, n
  printf "PostgreSQL CPU %.2f s (journal backend %.2f s), server CPU %.2f s, PostgreSQL/server %.2f\n", pg / hz, j / hz, sv / hz, pg / sv
  printf "PostgreSQL CPU per command: %.1f us in all (accounts, decks, match starts included), %.1f us in the journal backend\n", pg / hz / n * 1e6, j / hz / n * 1e6
}'
