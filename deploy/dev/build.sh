#!/usr/bin/env bash
# Configures and builds Concord. Usage: deploy/dev/build.sh [release|sanitize|fuzz] [target...]
# (no targets = everything, tests included; for `fuzz`, every fuzz target and
# only the libraries they need, built with clang-14: tests/fuzz/README.md)
# Build folders live outside the clone (CONCORD_BUILD_ROOT, default
# /var/tmp/concord-build) and use ccache. The sources are first mirrored into
# $ROOT/src (only changed files are copied), so every clone, wherever it is,
# compiles from the same paths: ccache and ninja then reuse earlier work.
# One build at a time per CONCORD_BUILD_ROOT; CONCORD_JOBS sets the parallel
# jobs (default: every core).
# Prints the build folder on the last line.
set -euo pipefail

KIND="${1:-release}"
shift || true
CLONE="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
ROOT="${CONCORD_BUILD_ROOT:-/var/tmp/concord-build}"
SRC="$ROOT/src"
DIR="$ROOT/$KIND"
export CCACHE_DIR="${CCACHE_DIR:-/var/tmp/concord-ccache}"
export CCACHE_BASEDIR="$ROOT"
export CCACHE_NOHASHDIR=1
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-5G}"

# Mirrors the clone (without .git) into $SRC: copies files whose content
# differs (stamped with the copy time, so ninja always sees them as newer
# than any object built before: keeping the clone's mtime missed edits made
# while an earlier build of the old copy was running) and deletes files the
# clone no longer has. Unchanged files keep their old mtime.
mirror_sources() {
  mkdir -p "$SRC"
  (cd "$CLONE" && find . -path ./.git -prune -o -type f -print0) |
    while IFS= read -r -d '' f; do
      if ! cmp -s "$CLONE/$f" "$SRC/$f"; then
        mkdir -p "$SRC/$(dirname "$f")"
        cp "$CLONE/$f" "$SRC/$f"
      fi
    done
  (cd "$SRC" && find . -type f -print0) |
    while IFS= read -r -d '' f; do
      [ -e "$CLONE/$f" ] || rm -f "$SRC/$f"
    done
}

if [ "$CLONE" != "$SRC" ]; then mirror_sources; fi

case "$KIND" in
  release)  FLAGS=(-DCMAKE_BUILD_TYPE=RelWithDebInfo) ;;
  sanitize) FLAGS=(-DCMAKE_BUILD_TYPE=Debug -DCONCORD_SANITIZE=ON -DCONCORD_BUILD_BENCHMARKS=OFF) ;;
  fuzz)     FLAGS=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DCONCORD_FUZZ=ON -DCONCORD_BUILD_TESTS=OFF
                   -DCONCORD_BUILD_BENCHMARKS=OFF -DCMAKE_CXX_COMPILER=clang++-14) ;;
  *) echo "build.sh: unknown build kind '$KIND' (release|sanitize|fuzz)" >&2; exit 2 ;;
esac
if [ "$KIND" = fuzz ] && [ $# -eq 0 ]; then set -- concord_fuzzers; fi

mkdir -p "$DIR"
cmake -S "$SRC" -B "$DIR" -G Ninja "${FLAGS[@]}" >/dev/null
TARGETS=()
for t in "$@"; do TARGETS+=(--target "$t"); done
cmake --build "$DIR" -j "${CONCORD_JOBS:-$(nproc)}" "${TARGETS[@]}" >&2
echo "$DIR"
