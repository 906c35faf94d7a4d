#!/usr/bin/env bash
# Installs every Debian 12 package Concord needs to build, test and run.
# Run as root on a fresh Debian 12 machine. Idempotent.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config git
  libboost1.81-dev libboost-program-options1.81-dev
  libprotobuf-dev protobuf-compiler
  libspdlog-dev libfmt-dev
  libpqxx-dev libpq-dev
  libssl-dev openssl curl
  libsodium-dev
  googletest libgtest-dev libgmock-dev libbenchmark-dev
  postgresql-15 postgresql-client-15
  clang-14 libfuzzer-14-dev
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
