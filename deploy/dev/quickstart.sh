#!/usr/bin/env bash
# One command from a fresh Debian 12 machine (as root) to a running server:
# installs packages, builds, starts a project-local PostgreSQL and runs
# concord-server on port ${CONCORD_PORT:-8080} in the foreground.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

"$HERE/install-deps.sh"
BUILD="$("$HERE/build.sh" release concord-server concord-cli concord-load | tail -n1)"
CONNINFO="$("$HERE/postgres.sh" start | tail -n1)"
export CONCORD_DATABASE="${CONCORD_DATABASE:-$CONNINFO}"
echo "quickstart: concord-server on ws://127.0.0.1:${CONCORD_PORT:-8080}/ws (database: $CONCORD_DATABASE)"
echo "quickstart: a terminal client: $BUILD/loadtest/concord-cli --port ${CONCORD_PORT:-8080}"
exec "$BUILD/server/concord-server" "$@"
