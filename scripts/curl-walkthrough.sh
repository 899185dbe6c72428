#!/usr/bin/env bash
# The README's API walk-through, runnable: sign up → log in → me → an event (create, find it from
# inside, yours, end it) → a story (post, nearby, search, save) → a photo → a trip → a bucket list and an
# activity → refresh → log out → refresh fails.
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

echo "4. host an event where you stand, find it from inside its area, end it"
EVENT=$(curl -sf -X POST "$ROAM/v1/events" -H "Authorization: Bearer $ACCESS" -H 'Content-Type: application/json' \
  -H "Idempotency-Key: picnic-$NAME" \
  -d '{"name":"Picnic","center":{"latitude":59.3326,"longitude":18.0649},"radiusMeters":150,"capacity":20,"durationSeconds":7200}')
EVENT_ID=$(echo "$EVENT" | field eventId)
curl -sf "$ROAM/v1/events/nearby?lat=59.3330&lng=18.0650&accuracy=10" -H "Authorization: Bearer $ACCESS" | grep -q "$EVENT_ID"
curl -sf "$ROAM/v1/me/events" -H "Authorization: Bearer $ACCESS" | grep -q "$EVENT_ID"
curl -sf -X DELETE "$ROAM/v1/events/$EVENT_ID" -H "Authorization: Bearer $ACCESS"

echo "5. pin a story to a place, find it nearby and by search, save it"
STORY=$(curl -sf -X POST "$ROAM/v1/stories" -H "Authorization: Bearer $ACCESS" -H 'Content-Type: application/json' \
  -d '{"text":"Fika in the old town #stockholm","place":{"latitude":59.3251,"longitude":18.0711,"name":"Gamla stan"}}')
STORY_ID=$(echo "$STORY" | field postId)
curl -sf "$ROAM/v1/stories/nearby?lat=59.3250&lng=18.0710&radius=500" -H "Authorization: Bearer $ACCESS" | grep -q "$STORY_ID"
curl -sf "$ROAM/v1/stories/search?tag=stockholm" -H "Authorization: Bearer $ACCESS" | grep -q "$STORY_ID"
curl -sf -X PUT "$ROAM/v1/posts/$STORY_ID/save" -H "Authorization: Bearer $ACCESS" | grep -q '"savedByMe":true'

echo "5b. upload a photo, show it on a story, read it through its signed link without a token"
PHOTO=$(mktemp --suffix=.png)
python3 - "$PHOTO" <<'PY'
import struct, sys, zlib
width, height = 64, 48
rows = b"".join(b"\0" + b"".join(bytes((x * 4 % 256, y * 5 % 256, 128)) for x in range(width)) for y in range(height))
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
open(sys.argv[1], "wb").write(png)
PY
MEDIA_ID=$(curl -sf -X POST "$ROAM/v1/media?attachmentOnly=true" -H "Authorization: Bearer $ACCESS" -H 'Content-Type: image/png' \
  --data-binary "@$PHOTO" | field mediaId)
rm -f "$PHOTO"
PHOTO_STORY=$(curl -sf -X POST "$ROAM/v1/stories" -H "Authorization: Bearer $ACCESS" -H 'Content-Type: application/json' \
  -d "{\"text\":\"Harbour\",\"mediaIds\":[\"$MEDIA_ID\"],\"place\":{\"latitude\":59.3251,\"longitude\":18.0711,\"name\":\"Skeppsholmen\"}}")
THUMBNAIL=$(echo "$PHOTO_STORY" | sed -E 's/.*"thumbnail":"([^"]+)".*/\1/' | sed 's|\\/|/|g')
curl -sf -o /dev/null "$ROAM$THUMBNAIL"
STATUS=$(curl -s -o /dev/null -w '%{http_code}' "$ROAM/v1/media/$MEDIA_ID/content")
[ "$STATUS" = 404 ] || { echo "expected 404 for the photo without a token or link, got $STATUS"; exit 1; }

echo "5c. plan a trip, see it on the calendar, and get a problem document for a bad one"
TRIP_ID=$(curl -sf -X POST "$ROAM/v1/trips" -H "Authorization: Bearer $ACCESS" -H 'Content-Type: application/json' \
  -H 'Idempotency-Key: walkthrough-trip' \
  -d '{"title":"Lisbon","destination":{"name":"Lisbon"},"startDate":"2031-06-10","endDate":"2031-06-17","timeZone":"Europe/Lisbon","homeCurrency":"EUR"}' \
  | field id)
curl -sf "$ROAM/v1/me/calendar?month=2031-06" -H "Authorization: Bearer $ACCESS" | grep -q "$TRIP_ID"
BAD=$(curl -s -X POST "$ROAM/v1/trips" -H "Authorization: Bearer $ACCESS" -H 'Content-Type: application/json' \
  -d '{"title":" ","destination":{"name":"Lisbon"},"startDate":"2031-06-10","endDate":"2031-06-01","timeZone":"Europe/Lisbon","homeCurrency":"EUR"}')
echo "$BAD" | grep -q '"endDate"' || { echo "expected a problem naming endDate, got $BAD"; exit 1; }

echo "5d. a bucket list: add an item, tick it off; suggest an activity, vote on it, add it to the list"
LIST_ID=$(curl -sf -X POST "$ROAM/v1/lists" -H "Authorization: Bearer $ACCESS" -H 'Content-Type: application/json' \
  -d '{"title":"Stockholm","visibility":"followers"}' | field id)
ITEM_ID=$(curl -sf -X POST "$ROAM/v1/lists/$LIST_ID/items" -H "Authorization: Bearer $ACCESS" -H 'Content-Type: application/json' \
  -d '{"title":"Swim in the city","place":{"point":{"latitude":59.3245,"longitude":18.0775},"name":"Strömmen"}}' | field id)
curl -sf -X PUT "$ROAM/v1/items/$ITEM_ID/completion" -H "Authorization: Bearer $ACCESS" -H 'Content-Type: application/json' \
  -d '{"note":"Cold!"}' >/dev/null
curl -sf "$ROAM/v1/me/completed" -H "Authorization: Bearer $ACCESS" | grep -q "$ITEM_ID"
ACTIVITY_ID=$(curl -sf -X POST "$ROAM/v1/activities" -H "Authorization: Bearer $ACCESS" -H 'Content-Type: application/json' \
  -d '{"name":"Kayak at sunset","tags":["water"],"place":{"point":{"latitude":59.3270,"longitude":18.0830},"name":"Skeppsholmen"}}' | field id)
curl -sf -X PUT "$ROAM/v1/activities/$ACTIVITY_ID/vote" -H "Authorization: Bearer $ACCESS" -H 'Content-Type: application/json' \
  -d '{"vote":"up"}' | grep -q '"score":1'
curl -sf "$ROAM/v1/activities?lat=59.3250&lng=18.0710&radius=2000&sort=distance" -H "Authorization: Bearer $ACCESS" | grep -q "$ACTIVITY_ID"
curl -sf -X POST "$ROAM/v1/activities/$ACTIVITY_ID/lists" -H "Authorization: Bearer $ACCESS" -H 'Content-Type: application/json' \
  -d "{\"listId\":\"$LIST_ID\"}" | grep -q "\"activityId\":\"$ACTIVITY_ID\""
curl -sf "$ROAM/v1/users/$NAME" | grep -q '"bucketLists":0'  # signed out: the followers-only list is not counted

echo "6. refresh (the refresh token rotates)"
REFRESH=$(curl -sf -X POST "$ROAM/v1/auth/refresh" -H 'Content-Type: application/json' \
  -d "{\"refreshToken\":\"$REFRESH\"}" | field refreshToken)

echo "7. log out"
curl -sf -X POST "$ROAM/v1/auth/logout" -H 'Content-Type: application/json' -d "{\"refreshToken\":\"$REFRESH\"}"

echo "8. the old refresh token no longer works"
STATUS=$(curl -s -o /dev/null -w '%{http_code}' -X POST "$ROAM/v1/auth/refresh" -H 'Content-Type: application/json' \
  -d "{\"refreshToken\":\"$REFRESH\"}")
[ "$STATUS" = 401 ] || { echo "expected 401 after log-out, got $STATUS"; exit 1; }
echo "walk-through OK"
