#!/usr/bin/env bash
# Runs the README's run command as a user would: `swift run roam up` brings the stack up, the curl
# walk-through and a Python gRPC client generated from proto/ work against it, and Ctrl-C (SIGINT to
# the whole process group) stops everything, PostgreSQL included.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -c 'import grpc_tools' 2>/dev/null || pip3 install -q grpcio-tools

log=$(mktemp)
setsid swift run roam up >"$log" 2>&1 &
leader=$!
cleanup() { kill -KILL -"$leader" 2>/dev/null || true; }
trap cleanup EXIT

for _ in $(seq 1 600); do
  curl -sf http://localhost:8080/readyz >/dev/null 2>&1 && break
  kill -0 "$leader" 2>/dev/null || { cat "$log"; echo "roam up exited early"; exit 1; }
  sleep 1
done
curl -sf http://localhost:8080/readyz >/dev/null || { cat "$log"; echo "the stack did not become ready"; exit 1; }

scripts/curl-walkthrough.sh
python3 scripts/python-client/accounts_client.py 127.0.0.1:50051

kill -INT -"$leader"
for _ in $(seq 1 60); do kill -0 "$leader" 2>/dev/null || break; sleep 1; done
if kill -0 "$leader" 2>/dev/null; then cat "$log"; echo "roam up did not stop on Ctrl-C"; exit 1; fi
wait "$leader" || { status=$?; cat "$log"; echo "roam up exited with $status"; exit 1; }
grep -q "PostgreSQL stopped" "$log" || { cat "$log"; echo "PostgreSQL was not stopped"; exit 1; }
for port in 8080 50051 54329; do
  if (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null; then
    cat "$log"; echo "something still listens on port $port"; exit 1
  fi
done
echo "roam up: started, served the walk-through and the Python client, stopped cleanly"
