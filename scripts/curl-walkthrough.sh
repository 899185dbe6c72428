#!/usr/bin/env bash
# The README's API walk-through, runnable: sign up → log in → me → refresh → log out → refresh fails.
# Needs a running stack (`swift run roam up`); ROAM_URL defaults to http://localhost:8080.
set -euo pipefail
ROAM=${ROAM_URL:-http://localhost:8080}
NAME=${1:-ada$RANDOM}
field() { sed -E "s/.*\"$1\":\"([^\"]+)\".*/\1/"; }

echo "1. sign up as $NAME"
curl -sf -X POST "$ROAM/v1/auth/signup" -H 'Content-Type: application/json' \
  -d "{\"email\":\"$NAME@example.com\",\"username\":\"$NAME\",\"password\":\"correct horse battery\",\"displayName\":\"Ada\"}" >/dev/null

echo "2. log in"
LOGIN=$(curl -sf -X POST "$ROAM/v1/auth/login" -H 'Content-Type: application/json' \
  -d "{\"identifier\":\"$NAME\",\"password\":\"correct horse battery\"}")
ACCESS=$(echo "$LOGIN" | field accessToken)
REFRESH=$(echo "$LOGIN" | field refreshToken)

echo "3. who am I"
curl -sf "$ROAM/v1/me" -H "Authorization: Bearer $ACCESS" | grep -q "\"username\":\"$NAME\""

echo "4. refresh (the refresh token rotates)"
REFRESH=$(curl -sf -X POST "$ROAM/v1/auth/refresh" -H 'Content-Type: application/json' \
  -d "{\"refreshToken\":\"$REFRESH\"}" | field refreshToken)

echo "5. log out"
curl -sf -X POST "$ROAM/v1/auth/logout" -H 'Content-Type: application/json' -d "{\"refreshToken\":\"$REFRESH\"}"

echo "6. the old refresh token no longer works"
STATUS=$(curl -s -o /dev/null -w '%{http_code}' -X POST "$ROAM/v1/auth/refresh" -H 'Content-Type: application/json' \
  -d "{\"refreshToken\":\"$REFRESH\"}")
[ "$STATUS" = 401 ] || { echo "expected 401 after log-out, got $STATUS"; exit 1; }
echo "walk-through OK"
