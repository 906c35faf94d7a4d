#!/usr/bin/env bash
# server_instructions.sh [--build DIR] [--matches N] [--warmup S] [--measure S]:
# the userland instructions concord-test-server executes per accepted move of
# Counter Duel at closed loop, counted by callgrind (valgrind), so that two
# builds can be compared without the run-to-run noise of CPU-seconds on a
# shared VM. The server runs under callgrind, driven by the peer benchmark's
# Node client (loadtest/peers/concord); after the warm-up the counters are
# zeroed (callgrind_control -z), after the window they are dumped, and the
# server's accepted-command counter (/metrics) gives the moves in between.
# Prints the instructions per move of every thread, of the I/O thread alone
# and of the others (the journal's, the database workers'), and leaves the
# profile for callgrind_annotate.
# Needs: valgrind, node, and one run of loadtest/peer_bench.sh before (its
# database concord_peer_bench, its seeded accounts and tokens, npm packages).
# The kernel's part of a move (system calls, TCP) is not counted.
set -euo pipefail
SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="" MATCHES=20 WARMUP=25 MEASURE=30 PORT=18315
while [ $# -gt 0 ]; do
  case "$1" in
    --build) BUILD="$2"; shift 2 ;;
    --matches) MATCHES="$2"; shift 2 ;;
    --warmup) WARMUP="$2"; shift 2 ;;
    --measure) MEASURE="$2"; shift 2 ;;
    *) echo "server_instructions.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -n "$BUILD" ] || BUILD="$("$SRC/deploy/dev/build.sh" release concord-test-server | tail -n1)"
STATE="${CONCORD_BENCH_STATE:-/var/tmp/concord-peer-bench}"
for need in valgrind callgrind_control node curl; do
  command -v "$need" >/dev/null || { echo "server_instructions.sh: needs $need" >&2; exit 1; }
done
[ -s "$STATE/tokens" ] || { echo "server_instructions.sh: run loadtest/peer_bench.sh once first" >&2; exit 1; }
ADMIN="$("$SRC/deploy/dev/postgres.sh" start | tail -n1)"
CONNINFO="${ADMIN/dbname=concord/dbname=concord_peer_bench}"
PG_PID="$(head -n1 "${CONCORD_PG_DIR:-/var/tmp/concord-pg}/data/postmaster.pid")"
psql "$CONNINFO" -q -c "TRUNCATE matches, match_command_batches CASCADE" >/dev/null 2>&1
OUT="$(mktemp -d)"
ulimit -n 20000 2>/dev/null || true

SERVER="" LOAD=""
# Whatever happens, no server or load client is left running.
stop() {
  [ -z "$LOAD" ] || kill "$LOAD" 2>/dev/null || true
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  LOAD="" SERVER=""
}
trap stop EXIT

valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.out" "$BUILD/tests/support/concord-test-server" \
  --address 127.0.0.1 --port "$PORT" --database "$CONNINFO" --rate 1000000 --burst 1000000 \
  --max-connections-per-address 0 --log-level warn >"$OUT/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 600); do (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && break; sleep 0.2; done
node "$SRC/loadtest/peers/concord/client.js" --port "$PORT" --matches "$MATCHES" --think-time 0 \
  --warmup "$WARMUP" --measure $((MEASURE + 60)) --server-pid "$SERVER" --pg-pid "$PG_PID" \
  --token-file "$STATE/tokens" >"$OUT/load.log" 2>&1 &
LOAD=$!
accepted() { curl -s "http://127.0.0.1:$PORT/metrics" | awk '/^concord_commands_accepted_total/ {print $2}'; }
sleep "$WARMUP"
before="$(accepted)"
callgrind_control -z "$SERVER" >/dev/null 2>&1
sleep "$MEASURE"
callgrind_control -d "$SERVER" >/dev/null 2>&1
after="$(accepted)"
stop
PROFILE="$OUT/callgrind.out.1"
# (awk reads to the end: leaving early would end the pipe with SIGPIPE)
total="$(callgrind_annotate "$PROFILE" | awk '/PROGRAM TOTALS/ && !n++ { gsub(",", "", $1); print $1 }')"
threads="$(callgrind_annotate --inclusive=yes --threshold=100 "$PROFILE" |
  awk '/pthread_create.c:start_thread / && !n++ { gsub(",", "", $1); print $1 }')"
moves=$((after - before))
[ "$moves" -gt 0 ] || { echo "server_instructions.sh: no moves in the window" >&2; exit 1; }
echo "moves $moves; instructions per move: all $((total / moves)), I/O thread $(((total - ${threads:-0}) / moves)), other threads $((${threads:-0} / moves))"
echo "profile: $PROFILE (callgrind_annotate --inclusive=yes $PROFILE)"
