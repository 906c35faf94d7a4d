#!/usr/bin/env bash
# The peer benchmark: Counter Duel (tests/support/counterduel) played on
# Concord, on Colyseus and on boardgame.io (loadtest/peers), closed loop and
# paced, each scenario on a fresh server pinned to one core with its load
# generator on the other; prints one markdown table with the ratios. See
# loadtest/README.md ("peer_bench.sh") for what it measures and how.
#
# Usage: loadtest/peer_bench.sh [--build DIR] [--measure S] [--warmup S] [--think S]
#          [--closed "1 10 100"] [--paced "500 2000"] [--skip-peers] [--skip-threads]
#          [--skip-journal-off] [--concord-client node|cpp] [--server-args "FLAGS"] [--out FILE]
#          [--client-node-flags "FLAGS"] [--latency-dir DIR] [--keep-logs DIR]
# --concord-client: what drives Concord: `node` (default), the Node client of
# loadtest/peers/concord, one event loop like the peers' clients; `cpp`,
# concord-load (a thread per match slot, blocking sockets).
# --server-args: more flags for Concord's journal-on runs, e.g.
# "--journal-block-runs 0" to compare a setting side by side.
# --client-node-flags: V8 flags of the Node load clients (all three systems),
# default "--single-threaded-gc": the client has one core, on which V8's
# parallel collector threads only take turns (4 ms each, 20 ms stalls seen
# by `perf sched timehist`); see loadtest/README.md.
# --latency-dir: each Node client writes DIR/<scenario>.latency, a line
# "<send time, Unix ms> <latency ms>" per measured move. --keep-logs: copy
# the servers' and clients' logs to DIR.
# PostgreSQL: the project-local cluster of deploy/dev/postgres.sh
# (CONCORD_PG_DIR, CONCORD_PG_PORT), database concord_peer_bench; the bots'
# accounts and sessions are seeded there (tokens in $CONCORD_BENCH_STATE).
set -euo pipefail
SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="" MEASURE=20 WARMUP=5 THINK=2 CLOSED="1 10 100" PACED="500 2000" OUT=""
PEERS=1 THREADS=1 JOURNAL_OFF=1 CONCORD_CLIENT=node SERVER_ARGS=""
CLIENT_NODE_FLAGS="--single-threaded-gc" LATENCY_DIR="" KEEP_LOGS=""
while [ $# -gt 0 ]; do
  case "$1" in
    --build) BUILD="$2"; shift 2 ;;
    --measure) MEASURE="$2"; shift 2 ;;
    --warmup) WARMUP="$2"; shift 2 ;;
    --think) THINK="$2"; shift 2 ;;
    --closed) CLOSED="$2"; shift 2 ;;
    --paced) PACED="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    --skip-peers) PEERS=0; shift ;;
    --skip-threads) THREADS=0; shift ;;
    --skip-journal-off) JOURNAL_OFF=0; shift ;;
    --concord-client) CONCORD_CLIENT="$2"; shift 2 ;;
    --server-args) SERVER_ARGS="$2"; shift 2 ;;
    --client-node-flags) CLIENT_NODE_FLAGS="$2"; shift 2 ;;
    --latency-dir) LATENCY_DIR="$2"; shift 2 ;;
    --keep-logs) KEEP_LOGS="$2"; shift 2 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1' "$0"; exit 0 ;;
    *) echo "peer_bench.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -n "$BUILD" ] || BUILD="$("$SRC/deploy/dev/build.sh" release concord-test-server concord-load concord-echo | tail -n1)"
STATE="${CONCORD_BENCH_STATE:-/var/tmp/concord-peer-bench}"
mkdir -p "$STATE"
LOGS="$(mktemp -d)"
[ -z "$LATENCY_DIR" ] || mkdir -p "$LATENCY_DIR"
SERVER_CORE=0 LOAD_CORE=1
PORT_CONCORD=18311 PORT_COLYSEUS=18312 PORT_BGIO=18313 PORT_ECHO=18314
ulimit -n 20000 2>/dev/null || true
log() { echo "peer_bench: $*" >&2; }

# --- PostgreSQL: one database for every Concord scenario, accounts kept ----------
ADMIN="$("$SRC/deploy/dev/postgres.sh" start | tail -n1)"
DB=concord_peer_bench
CONNINFO="${ADMIN/dbname=concord/dbname=$DB}"
if ! psql "$ADMIN" -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1; then
  psql "$ADMIN" -q -c "CREATE DATABASE $DB" >/dev/null
fi
PG_DATA="${CONCORD_PG_DIR:-/var/tmp/concord-pg}/data"
PG_PID="$(head -n1 "$PG_DATA/postmaster.pid")"

# Bench accounts pbr<slot>s<seat> with a session each, seeded straight into
# the benchmark's own database: registering 4,000 accounts through the server
# costs 8,000 Argon2id hashes (over an hour on a busy 2-core machine). The
# token of each is the hex SHA-256 of 'pbtoken-<username>' (a server accepts
# only 64 lowercase hex characters as a token; it stores the token's own
# SHA-256); the password hash is one no password matches (password login is
# disabled for these accounts on purpose), so the bots can only resume
# (concord-load --token-file). Needs the server's schema (players,
# sessions), so a server has run once on the database first.
seed_accounts() {  # <largest match count>
  local slots="$1"
  psql "$CONNINFO" -q -v ON_ERROR_STOP=1 >/dev/null <<SQL
INSERT INTO players (username, username_lower, password_hash)
  SELECT 'pbr' || s || 's' || t, 'pbr' || s || 's' || t, '!seeded-by-peer-bench'
  FROM generate_series(0, $slots - 1) s, generate_series(0, 1) t
  ON CONFLICT (username_lower) DO NOTHING;
INSERT INTO sessions (token_hash, player_id)
  SELECT encode(sha256(encode(sha256(('pbtoken-' || username)::bytea), 'hex')::bytea), 'hex'), id FROM players
  WHERE username_lower ~ '^pbr[0-9]+s[01]\$'
  ON CONFLICT (token_hash) DO UPDATE SET revoked_at = NULL;
SQL
  psql "$CONNINFO" -At -F ' ' -v ON_ERROR_STOP=1 -c \
    "SELECT username, encode(sha256(('pbtoken-' || username)::bytea), 'hex') FROM players
     WHERE username_lower ~ '^pbr[0-9]+s[01]\$' ORDER BY username" >"$STATE/tokens"
}

# --- npm packages (only here: CI never installs them) ---------------------------
NODE_PACKAGES=""
[ "$PEERS" = 1 ] && NODE_PACKAGES="colyseus boardgameio"
[ "$CONCORD_CLIENT" = node ] && NODE_PACKAGES="$NODE_PACKAGES concord"
case "$CONCORD_CLIENT" in node|cpp) ;; *) echo "peer_bench.sh: --concord-client node|cpp" >&2; exit 2 ;; esac
if [ -n "$NODE_PACKAGES" ]; then
  for peer in $NODE_PACKAGES; do
    dir="$SRC/loadtest/peers/$peer"
    if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
      log "npm ci in loadtest/peers/$peer"
      (cd "$dir" && npm ci --no-audit --no-fund >&2)
    fi
  done
fi

SERVER_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  SERVER_PID=""
}
cleanup() {
  stop_server
  if [ -n "$KEEP_LOGS" ]; then mkdir -p "$KEEP_LOGS" && cp -r "$LOGS"/. "$KEEP_LOGS"/; fi
  rm -rf "$LOGS"
}
trap cleanup EXIT

wait_port() {  # port
  for _ in $(seq 300); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.1; done
  log "nothing listens on port $1"; return 1
}

# start_server <pin: yes|no> <port> <log> <command...>: sets SERVER_PID
start_server() {
  local pin="$1" port="$2" logfile="$3"; shift 3
  if [ "$pin" = yes ]; then
    taskset -c "$SERVER_CORE" "$@" >"$logfile" 2>&1 &
  else
    "$@" >"$logfile" 2>&1 &
  fi
  SERVER_PID=$!
  wait_port "$port"
}

# Forget the previous scenario's matches (accounts and sessions stay).
reset_matches() { psql "$CONNINFO" -q -c "TRUNCATE matches, match_command_batches CASCADE" >/dev/null 2>&1 || true; }

# mode_flags <closed|paced>: think time of the mode
think_of() { [ "$1" = paced ] && echo "$THINK" || echo 0; }

# show_failure <label> <what>: a load client that exited non-zero may still
# have printed its bench line; its own lines (why it failed) and the
# server's last ones go to stderr, as the logs are deleted at exit.
show_failure() {
  log "$1: $2; the load client's last lines, then the server's:"
  grep -v '^bench:' "$LOGS/$1.load.log" | tail -n 20 >&2 || true
  tail -n 20 "$LOGS/$1.server.log" >&2 || true
}

# node_client <label> <peer dir> <port> <mode> <matches> <more client flags...>:
# runs a Node load client on the load core, its output in $LOGS/<label>.load.log.
node_client() {
  local label="$1" peer="$2" port="$3" mode="$4" matches="$5"; shift 5
  local latency=()
  [ -n "$LATENCY_DIR" ] && latency=(--latency-file "$LATENCY_DIR/$label.latency")
  # shellcheck disable=SC2086  # CLIENT_NODE_FLAGS: several flags
  taskset -c "$LOAD_CORE" node --max-old-space-size=4096 $CLIENT_NODE_FLAGS "$SRC/loadtest/peers/$peer/client.js" \
    --port "$port" --matches "$matches" --think-time "$(think_of "$mode")" --warmup "$WARMUP" \
    --measure "$MEASURE" --server-pid "$SERVER_PID" "${latency[@]}" "$@" \
    >"$LOGS/$label.load.log" 2>&1 || show_failure "$label" "load client exit status $?"
}

# run_concord <label> <mode> <matches> <pin> <server flags...>: prints the bench line.
# Every bot connects from 127.0.0.1, so the per-address connection cap is off
# (the peers have none); the rate limits are lifted for the same reason.
run_concord() {
  local label="$1" mode="$2" matches="$3" pin="$4"; shift 4
  reset_matches
  start_server "$pin" "$PORT_CONCORD" "$LOGS/$label.server.log" "$BUILD/tests/support/concord-test-server" \
    --address 127.0.0.1 --port "$PORT_CONCORD" --database "$CONNINFO" --rate 1000000 --burst 1000000 \
    --max-connections-per-address 0 --log-level warn "$@"
  if [ "$CONCORD_CLIENT" = node ]; then
    node_client "$label" concord "$PORT_CONCORD" "$mode" "$matches" --pg-pid "$PG_PID" --token-file "$STATE/tokens"
  else
    taskset -c "$LOAD_CORE" "$BUILD/loadtest/concord-load" --port "$PORT_CONCORD" --game test_counterduel \
      --rooms "$matches" --think-time "$(think_of "$mode")" --warmup "$WARMUP" --measure "$MEASURE" \
      --server-pid "$SERVER_PID" --pg-pid "$PG_PID" --account-prefix "pb" --token-file "$STATE/tokens" \
      --stall-timeout 60 >"$LOGS/$label.load.log" 2>&1 || show_failure "$label" "concord-load exit status $?"
  fi
  stop_server
  grep '^bench:' "$LOGS/$label.load.log" || { log "$label failed:"; cat "$LOGS/$label.load.log" >&2; echo "bench: failed"; }
}

# run_peer <peer dir> <port> <label> <mode> <matches>: prints the bench line
run_peer() {
  local peer="$1" port="$2" label="$3" mode="$4" matches="$5"
  start_server yes "$port" "$LOGS/$label.server.log" node "$SRC/loadtest/peers/$peer/server.js" --port "$port"
  node_client "$label" "$peer" "$port" "$mode" "$matches"
  stop_server
  grep '^bench:' "$LOGS/$label.load.log" || { log "$label failed:"; cat "$LOGS/$label.load.log" >&2; echo "bench: failed"; }
}

# --- accounts: a server creates the schema, then the accounts are seeded ------------
MAX_MATCHES="$(echo $CLOSED $PACED | tr ' ' '\n' | sort -n | tail -n1)"
start_server no "$PORT_CONCORD" "$LOGS/schema.server.log" "$BUILD/tests/support/concord-test-server" \
  --address 127.0.0.1 --port "$PORT_CONCORD" --database "$CONNINFO" --log-level warn
stop_server
seed_accounts "$MAX_MATCHES"

# --- the scenarios -----------------------------------------------------------------
declare -A RESULT
SCENARIOS=()
for n in $CLOSED; do SCENARIOS+=("closed:$n"); done
for n in $PACED; do SCENARIOS+=("paced:$n"); done
for scenario in "${SCENARIOS[@]}"; do
  mode="${scenario%%:*}" n="${scenario##*:}"
  log "$mode $n: Concord (journal on)"
  # shellcheck disable=SC2086  # SERVER_ARGS: several flags
  RESULT["$scenario:concord"]="$(run_concord "concord-$mode-$n" "$mode" "$n" yes $SERVER_ARGS)"
  if [ "$PEERS" = 1 ]; then
    log "$mode $n: Colyseus"
    RESULT["$scenario:colyseus"]="$(run_peer colyseus "$PORT_COLYSEUS" "colyseus-$mode-$n" "$mode" "$n")"
    log "$mode $n: boardgame.io"
    RESULT["$scenario:bgio"]="$(run_peer boardgameio "$PORT_BGIO" "bgio-$mode-$n" "$mode" "$n")"
  fi
done
OFF_N="$(echo "$CLOSED" | awk '{print $NF}')"
if [ "$JOURNAL_OFF" = 1 ]; then
  log "closed $OFF_N: Concord (journal off)"
  RESULT["closed:$OFF_N:concord_off"]="$(run_concord "concord-off-$OFF_N" closed "$OFF_N" yes --journal false)"
fi
if [ "$THREADS" = 1 ]; then
  for t in 1 2; do
    for scenario in "closed:$OFF_N" "paced:$(echo "$PACED" | awk '{print $NF}')"; do
      mode="${scenario%%:*}" n="${scenario##*:}"
      log "$mode $n: Concord, --threads $t, server not pinned"
      RESULT["$scenario:threads$t"]="$(run_concord "concord-threads$t-$mode-$n" "$mode" "$n" no --threads "$t")"
    done
  done
fi
log "Beast echo (transport limit)"
start_server yes "$PORT_ECHO" "$LOGS/echo.server.log" "$BUILD/loadtest/concord-echo" server --port "$PORT_ECHO"
ECHO="$(taskset -c "$LOAD_CORE" "$BUILD/loadtest/concord-echo" client --port "$PORT_ECHO" --connections 100 \
  --warmup 2 --measure "$MEASURE" --server-pid "$SERVER_PID" | grep '^bench:' || echo "bench: failed")"
stop_server

# --- the table -----------------------------------------------------------------------
field() { echo "$1" | tr ' ' '\n' | awk -F= -v k="$2" '$1 == k {print $2}'; }
# per_cpu <line> [with_pg]: moves per CPU-second
per_cpu() {
  local moves cpu pg
  moves="$(field "$1" moves)" cpu="$(field "$1" server_cpu_s)" pg="$(field "$1" pg_cpu_s)"
  [ -n "$moves" ] && [ -n "$cpu" ] && [ "$cpu" != "-" ] || { echo "-"; return; }
  if [ "${2:-}" = with_pg ]; then [ "$pg" = "-" ] && pg=0; cpu="$(awk -v a="$cpu" -v b="$pg" 'BEGIN{print a+b}')"; fi
  awk -v m="$moves" -v c="$cpu" 'BEGIN { if (c > 0) printf "%.0f", m / c; else print "-" }'
}
rss_per_match() {
  local idle end n
  idle="$(field "$1" rss_idle_kib)" end="$(field "$1" rss_end_kib)" n="$(field "$1" live_matches)"
  [ -n "$idle" ] && [ "$idle" != "-" ] && [ -n "$end" ] && [ "$end" != "-" ] || { echo "-"; return; }
  awk -v i="$idle" -v e="$end" -v n="$n" 'BEGIN { printf "%.1f", (e - i) / n }'
}
# us_per_move <line>: server CPU per move in microseconds, and in parentheses the kernel's part of it
us_per_move() {
  local moves cpu sys
  moves="$(field "$1" moves)" cpu="$(field "$1" server_cpu_s)" sys="$(field "$1" server_sys_s)"
  [ -n "$moves" ] && [ "$moves" != 0 ] && [ -n "$cpu" ] && [ "$cpu" != "-" ] || { echo "-"; return; }
  [ -n "$sys" ] && [ "$sys" != "-" ] || sys=""
  awk -v m="$moves" -v c="$cpu" -v s="$sys" 'BEGIN { printf "%.1f", 1e6 * c / m; if (s != "") printf " (%.1f)", 1e6 * s / m }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a != "-" && b != "-" && b > 0) printf "%.2f", a / b; else print "-" }'; }
row() {  # <scenario label> <system> <line>
  local line="$3"
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$1" "$2" "$(field "$line" moves_per_s)" \
    "$(per_cpu "$line")" "$(per_cpu "$line" with_pg)" "$(us_per_move "$line")" "$(field "$line" p50_ms)" \
    "$(field "$line" p99_ms)" "$(rss_per_match "$line")"
}
{
  echo "Counter Duel, ${MEASURE} s window after ${WARMUP} s warm-up per scenario; server on core $SERVER_CORE, load on core $LOAD_CORE; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end; Concord driven by the $CONCORD_CLIENT client"
  echo
  echo "| scenario | system | moves/s | moves per server CPU-s | moves per CPU-s incl. PostgreSQL | server CPU us per move (kernel) | p50 ms | p99 ms | RSS KiB per live match |"
  echo "|---|---|---|---|---|---|---|---|---|"
  for scenario in "${SCENARIOS[@]}"; do
    label="${scenario%%:*} ${scenario##*:}"
    [ "${scenario%%:*}" = paced ] && label="$label (think ${THINK} s)"
    row "$label" "Concord (journal on)" "${RESULT[$scenario:concord]}"
    [ -n "${RESULT[$scenario:concord_off]:-}" ] && row "$label" "Concord (journal off)" "${RESULT[$scenario:concord_off]}"
    if [ "$PEERS" = 1 ]; then
      row "$label" "Colyseus" "${RESULT[$scenario:colyseus]}"
      row "$label" "boardgame.io" "${RESULT[$scenario:bgio]}"
    fi
  done
  if [ "$PEERS" = 1 ]; then
    echo
    echo "| scenario | Concord/Colyseus per server CPU-s | incl. PostgreSQL | Concord/boardgame.io per server CPU-s | incl. PostgreSQL | p99 Concord / Colyseus / boardgame.io ms |"
    echo "|---|---|---|---|---|---|"
    for scenario in "${SCENARIOS[@]}"; do
      c="${RESULT[$scenario:concord]}" y="${RESULT[$scenario:colyseus]}" b="${RESULT[$scenario:bgio]}"
      printf '| %s | %s | %s | %s | %s | %s / %s / %s |\n' "${scenario/:/ }" \
        "$(ratio "$(per_cpu "$c")" "$(per_cpu "$y")")" "$(ratio "$(per_cpu "$c" with_pg)" "$(per_cpu "$y")")" \
        "$(ratio "$(per_cpu "$c")" "$(per_cpu "$b")")" "$(ratio "$(per_cpu "$c" with_pg)" "$(per_cpu "$b")")" \
        "$(field "$c" p99_ms)" "$(field "$y" p99_ms)" "$(field "$b" p99_ms)"
    done
  fi
  if [ "$THREADS" = 1 ]; then
    echo
    echo "Concord --threads 1 vs 2 (journal on, server not pinned, PostgreSQL and the load on the same 2 cores):"
    echo
    echo "| scenario | threads | moves/s | moves per server CPU-s | moves per CPU-s incl. PostgreSQL | server CPU us per move (kernel) | p50 ms | p99 ms | RSS KiB per live match |"
    echo "|---|---|---|---|---|---|---|---|---|"
    for t in 1 2; do
      for scenario in "closed:$OFF_N" "paced:$(echo "$PACED" | awk '{print $NF}')"; do
        row "${scenario/:/ }" "$t" "${RESULT[$scenario:threads$t]}"
      done
    done
  fi
  echo
  echo "Transport limit (Beast echo, 100 connections, 64-byte frames, one server thread): $(field "$ECHO" round_trips_per_cpu_s | awk '{printf "%.0f", $1}') round trips per server CPU-second ($(field "$ECHO" server_sys_s) of its $(field "$ECHO" server_cpu_s) CPU-seconds in the kernel)"
} | tee ${OUT:+"$OUT"}
