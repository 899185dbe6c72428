#!/usr/bin/env bash
# Builds in release and prints the benchmarks: accounts over gRPC (log-in, get-profile, token
# verification, memory), the gateway's read path next to pgbench -S and its Node and FastAPI peers on the
# same PostgreSQL, one gRPC call's server CPU (h2load), what traces cost, and the
# events service with a million live events (BENCH_EVENTS and BENCH_MEMBERS change the sizes), and
# the feed (posts, an event's feed, stories nearby, top, trending and searched, a hot post's likes, live
# chat to 1,000 subscribers), media, trips (reads, pins, a day of 50,000 track points simplified and as GPX),
# and a trip day summary through the gateway next to each of its parts alone. First of all `roam-bench all`:
# every figure of the speed targets in one run, next to pgbench -S of that run.
# Built as the image builds them (--static-swift-stdlib, --no-export-dynamic), so memory figures are those of what ships.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
# The peers GET /v1/me is compared with (Node, FastAPI) and h2load, under .build/peers.
scripts/peers/install.sh
swift build -c release --static-swift-stdlib -Xlinker --no-export-dynamic
.build/release/roam-bench all "${SECONDS_PER_FIGURE:-10}"
echo
.build/release/roam-bench accounts "${ACCOUNTS_CONCURRENCY:-16}" "${SECONDS_PER_FIGURE:-5}"
echo
.build/release/roam-bench gateway "${GATEWAY_CONNECTIONS:-32}" "${SECONDS_PER_FIGURE:-10}"
echo
.build/release/roam-bench transport "${TRANSPORT_STREAMS:-4}" "${SECONDS_PER_FIGURE:-10}"
echo
.build/release/roam-bench tracing "${GATEWAY_CONNECTIONS:-32}" "${SECONDS_PER_FIGURE:-10}"
echo
.build/release/roam-bench events "${EVENTS_CONCURRENCY:-16}" "${SECONDS_PER_FIGURE:-10}"
echo
.build/release/roam-bench feed "${FEED_CONCURRENCY:-16}" "${SECONDS_PER_FIGURE:-10}"
echo
.build/release/roam-bench media "${MEDIA_CONCURRENCY:-8}" "${SECONDS_PER_FIGURE:-10}"
echo
.build/release/roam-bench trips "${TRIPS_CONCURRENCY:-16}" "${SECONDS_PER_FIGURE:-10}"
echo
.build/release/roam-bench summary "${SUMMARY_CONCURRENCY:-16}" "${SECONDS_PER_FIGURE:-10}"
echo
.build/release/roam-bench bucketlists "${BUCKETLISTS_CONCURRENCY:-16}" "${SECONDS_PER_FIGURE:-10}"
echo
.build/release/roam-bench walks "${WALKS_CONCURRENCY:-16}" "${SECONDS_PER_FIGURE:-10}"
