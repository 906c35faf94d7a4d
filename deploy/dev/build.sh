#!/usr/bin/env bash
# Configures and builds Concord. Usage: deploy/dev/build.sh [release|sanitize] [target...]
# (no targets = everything, tests included)
# Build folders live outside the clone (CONCORD_BUILD_ROOT, default
# /var/tmp/concord-build/<hash of the source path>) and use ccache.
# Prints the build folder on the last line.
set -euo pipefail

KIND="${1:-release}"
shift || true
SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
ROOT="${CONCORD_BUILD_ROOT:-/var/tmp/concord-build/$(echo -n "$SRC" | sha256sum | cut -c1-12)}"
DIR="$ROOT/$KIND"
export CCACHE_DIR="${CCACHE_DIR:-/var/tmp/concord-ccache}"
export CCACHE_BASEDIR="$SRC"
export CCACHE_NOHASHDIR=1
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-5G}"

case "$KIND" in
  release)  FLAGS=(-DCMAKE_BUILD_TYPE=RelWithDebInfo) ;;
  sanitize) FLAGS=(-DCMAKE_BUILD_TYPE=Debug -DCONCORD_SANITIZE=ON -DCONCORD_BUILD_BENCHMARKS=OFF) ;;
  *) echo "build.sh: unknown build kind '$KIND' (release|sanitize)" >&2; exit 2 ;;
esac

mkdir -p "$DIR"
cmake -S "$SRC" -B "$DIR" -G Ninja "${FLAGS[@]}" >/dev/null
TARGETS=()
for t in "$@"; do TARGETS+=(--target "$t"); done
cmake --build "$DIR" -j "$(nproc)" "${TARGETS[@]}" >&2
echo "$DIR"
