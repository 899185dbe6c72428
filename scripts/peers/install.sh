#!/usr/bin/env bash
# Installs the peers of `roam-bench gateway` under .build/peers, leaving the system's packages alone:
# Debian's node-pg (with the modules it needs) unpacked for the Node peer, whose node comes from the
# machine, and a virtualenv with FastAPI, uvicorn, asyncpg and PyJWT for the Python one.
set -euo pipefail
cd "$(dirname "$0")/../.."
peers=.build/peers
if [ ! -f "$peers/node/usr/share/nodejs/pg/package.json" ]; then
  mkdir -p "$peers/debs" && (cd "$peers/debs" && apt-get download -q node-pg node-split2 node-readable-stream node-xtend \
    node-inherits node-string-decoder node-safe-buffer node-util-deprecate 2>/dev/null)
  for deb in "$peers"/debs/*.deb; do dpkg -x "$deb" "$peers/node"; done
fi
if [ ! -x "$peers/venv/bin/uvicorn" ] || ! "$peers/venv/bin/python" -c "import uvloop, httptools" 2>/dev/null; then
  python3 -m venv "$peers/venv"
  "$peers/venv/bin/pip" install -q fastapi "uvicorn[standard]" asyncpg pyjwt cryptography
fi
command -v h2load >/dev/null || { apt-get install -y -qq nghttp2-client >/dev/null; }
echo "peers: node-pg in $peers/node, FastAPI in $peers/venv, h2load at $(command -v h2load)"
