#!/usr/bin/env bash
# Pins every base image by digest: compose/Dockerfile's FROM lines and compose's third-party images,
# each `name:tag` becoming `name:tag@sha256:…` (the digest of the tag's manifest list, so every
# platform stays pullable). Needs a registry and skopeo (Debian's package); run before a release.
# Again later, it moves each pin to what its tag names now (the tag stays, for people to read).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v skopeo >/dev/null || { echo "pin-base-images: needs skopeo (apt-get install skopeo)" >&2; exit 1; }
digest() { skopeo inspect --raw "docker://$1" | sha256sum | cut -d' ' -f1; }
pin() { # file, sed pattern prefix, image
  local file=$1 image=${2%@*} sum
  sum=$(digest "$image")
  sed -i -E "s#(${3})${image//./\\.}(@sha256:[0-9a-f]{64})?#\\1${image}@sha256:${sum}#" "$file"
  echo "$image -> sha256:$sum"
}
for image in $(sed -n -E 's/^FROM ([^ ]+).*/\1/p' compose/Dockerfile); do pin compose/Dockerfile "$image" "^FROM "; done
for image in $(sed -n -E 's/^ +image: *([^ ]+)/\1/p' compose/docker-compose.yml | grep -v '^roam:'); do
  pin compose/docker-compose.yml "$image" "image: "
done
