#!/usr/bin/env bash
# Builds in release and prints the benchmarks: accounts over gRPC (log-in, get-profile, token
# verification, memory) and the gateway's read path next to pgbench -S on the same PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
swift build -c release
.build/release/roam-bench accounts "${ACCOUNTS_CONCURRENCY:-16}" "${SECONDS_PER_FIGURE:-5}"
echo
.build/release/roam-bench gateway "${GATEWAY_CONNECTIONS:-32}" "${SECONDS_PER_FIGURE:-10}"
