#!/usr/bin/env bash
# Project-local PostgreSQL 15 cluster for development and tests.
#
#   deploy/dev/postgres.sh start|stop|status|conninfo
#
# Never touches system-wide configuration (the Debian "main" cluster, if any,
# is left alone). Everything lives under $CONCORD_PG_DIR:
#   data/          the cluster (its own postgresql.conf / pg_hba.conf)
#   socket/        unix socket directory (unless CONCORD_PG_SOCKET_DIR is set)
#   postgres.log   server log
# Listens on 127.0.0.1 only, trust auth for local and 127.0.0.1 connections.
# Run as root, the cluster belongs to the `postgres` OS user (initdb refuses
# root); run as anyone else, it belongs to that user.
#
# `start` is idempotent and prints the conninfo on stdout (progress goes to
# stderr), so `CONNINFO=$(deploy/dev/postgres.sh start)` works.
set -euo pipefail

PG_BIN=${CONCORD_PG_BIN:-/usr/lib/postgresql/15/bin}
PG_DIR=${CONCORD_PG_DIR:-/var/tmp/concord-pg}
PG_PORT=${CONCORD_PG_PORT:-55432}
SOCKET_DIR=${CONCORD_PG_SOCKET_DIR:-$PG_DIR/socket}
DATA_DIR=$PG_DIR/data
LOG_FILE=$PG_DIR/postgres.log
DB_ROLE=concord
DB_NAME=concord
SUPERUSER=postgres  # bootstrap superuser name inside the cluster

if [[ $(id -u) -eq 0 ]]; then OWNER=postgres; else OWNER=$(id -un); fi

log() { echo "postgres.sh: $*" >&2; }
die() { log "error: $*"; exit 1; }

conninfo() { echo "host=127.0.0.1 port=$PG_PORT dbname=$DB_NAME user=$DB_ROLE"; }

# Runs a command as the cluster owner, from a directory it can read.
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    (cd / && runuser -u "$OWNER" -- "$@")
  else
    (cd / && "$@")
  fi
}

psql_admin() {
  as_owner "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$SOCKET_DIR" -p "$PG_PORT" \
    -U "$SUPERUSER" -d postgres "$@"
}

check_binaries() {
  [[ -x $PG_BIN/initdb && -x $PG_BIN/pg_ctl ]] ||
    die "PostgreSQL 15 binaries not found in $PG_BIN (apt-get install postgresql-15)"
  if [[ $(id -u) -eq 0 ]]; then
    getent passwd "$OWNER" >/dev/null || die "OS user '$OWNER' missing (install postgresql-15)"
  fi
}

make_dir() {  # make_dir DIR MODE: create (if needed) and hand it to the owner
  mkdir -p "$1"
  if [[ $(id -u) -eq 0 ]]; then chown "$OWNER:" "$1"; fi
  chmod "$2" "$1"
  as_owner test -w "$1" || die "$1 is not writable by OS user '$OWNER' (check parent permissions)"
}

# True if lock file $1 (postmaster.pid, or a socket's .lock) names a live
# postgres process whose command line contains $2. After a crash or a reboot
# the PID in a leftover lock file may belong to an unrelated process (or a
# zombie, whose command line is empty), which must not count.
lock_is_live() {
  local pid cmdline
  pid=$(head -n 1 "$1" 2>/dev/null) || return 1
  pid=${pid#-}
  [[ $pid =~ ^[0-9]+$ && -r /proc/$pid/cmdline ]] || return 1
  cmdline=$(tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline") || return 1
  [[ $cmdline == *postgres*"$2"* ]]
}

is_running() { lock_is_live "$DATA_DIR/postmaster.pid" "-D $DATA_DIR"; }

# PostgreSQL itself replaces a lock file whose PID is dead (checking for
# orphaned backends first), but refuses to start while that PID is alive.
# Remove a lock file only when its PID now belongs to something else.
remove_stale_locks() {
  local lock pid
  for lock in "$DATA_DIR/postmaster.pid" "$SOCKET_DIR/.s.PGSQL.$PG_PORT.lock"; do
    pid=$(head -n 1 "$lock" 2>/dev/null) || continue
    pid=${pid#-}
    [[ $pid =~ ^[0-9]+$ && -d /proc/$pid ]] || continue
    if ! lock_is_live "$lock" ""; then
      log "removing stale $lock"
      rm -f "$lock"
    fi
  done
}

locale_args() {
  if locale -a 2>/dev/null | grep -qiE '^c\.utf-?8$'; then
    echo "--locale=C.UTF-8"
  else
    echo "--no-locale"
  fi
}

init_cluster() {
  [[ -f $DATA_DIR/PG_VERSION ]] && return 0
  log "initializing cluster in $DATA_DIR"
  # shellcheck disable=SC2046
  as_owner "$PG_BIN/initdb" -D "$DATA_DIR" -U "$SUPERUSER" -E UTF8 $(locale_args) \
    --auth-local=trust --auth-host=trust >"$PG_DIR/initdb.log" 2>&1 ||
    { cat "$PG_DIR/initdb.log" >&2; die "initdb failed"; }
  as_owner tee -a "$DATA_DIR/postgresql.conf" >/dev/null <<'CONF'

# Concord dev settings, rewritten on every start by deploy/dev/postgres.sh
include_if_exists 'concord.conf'
CONF
}

write_config() {  # rewritten on every start so CONCORD_PG_* overrides apply
  as_owner tee "$DATA_DIR/concord.conf" >/dev/null <<EOF
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = '$SOCKET_DIR'
fsync = on
# After a crash, sync the data directory with one syncfs() instead of an
# fsync per file (many test databases make the latter slow).
recovery_init_sync_method = syncfs
max_connections = 200
EOF
  as_owner tee "$DATA_DIR/pg_hba.conf" >/dev/null <<EOF
# TYPE  DATABASE  USER  ADDRESS        METHOD
local   all       all                  trust
host    all       all   127.0.0.1/32   trust
EOF
}

wait_ready() {
  local i
  for ((i = 0; i < 120; i++)); do
    if "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT" -U "$SUPERUSER" -d postgres; then
      return 0
    fi
    sleep 0.5
  done
  tail -n 30 "$LOG_FILE" >&2 || true
  die "server on port $PG_PORT did not become ready"
}

ensure_role_and_db() {
  local has_role has_db
  has_role=$(psql_admin -tAc "SELECT 1 FROM pg_roles WHERE rolname = '$DB_ROLE'")
  if [[ $has_role != 1 ]]; then
    log "creating role $DB_ROLE"
    psql_admin -c "CREATE ROLE $DB_ROLE LOGIN SUPERUSER"
  fi
  has_db=$(psql_admin -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB_NAME'")
  if [[ $has_db != 1 ]]; then
    log "creating database $DB_NAME"
    psql_admin -c "CREATE DATABASE $DB_NAME OWNER $DB_ROLE"
  fi
}

cmd_start() {
  check_binaries
  make_dir "$PG_DIR" 0755
  exec 9>>"$PG_DIR/.lock"  # serialize concurrent starts
  flock 9
  make_dir "$SOCKET_DIR" 0755
  init_cluster
  if is_running; then
    log "already running ($DATA_DIR)"
  else
    remove_stale_locks
    write_config
    log "starting on 127.0.0.1:$PG_PORT (log: $LOG_FILE)"
    as_owner touch "$LOG_FILE"
    as_owner "$PG_BIN/pg_ctl" -D "$DATA_DIR" -l "$LOG_FILE" -w -t 60 start >/dev/null 9>&- ||
      { tail -n 30 "$LOG_FILE" >&2 || true; die "pg_ctl start failed"; }
  fi
  wait_ready
  ensure_role_and_db
  conninfo
}

cmd_stop() {
  check_binaries
  if is_running; then
    as_owner "$PG_BIN/pg_ctl" -D "$DATA_DIR" -m fast -w -t 60 stop >/dev/null
    log "stopped"
  else
    log "not running"
  fi
}

cmd_status() {
  if is_running; then
    echo "running: $DATA_DIR on 127.0.0.1:$PG_PORT ($(conninfo))"
  else
    echo "stopped: $DATA_DIR"
    return 3
  fi
}

case "${1:-}" in
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  conninfo) conninfo ;;
  *)
    echo "usage: $0 start|stop|status|conninfo" >&2
    exit 2
    ;;
esac
