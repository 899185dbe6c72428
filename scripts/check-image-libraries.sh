#!/usr/bin/env bash
# Proves the image's runtime stage can run what its build stage makes, without a container engine: builds
# the release binaries as compose/Dockerfile does (same flags, same distribution: CI runs Debian bookworm,
# the image's build stage is Swift's bookworm image), then checks that every shared library each one
# loads comes from a package the runtime stage installs or that debian:bookworm-slim has (the
# packages of priority required), counting what those depend on. Also checks that the build stage copies
# exactly the package's executables. About 32 minutes from a clean checkout (the release build), seconds
# after it.
#   scripts/check-image-libraries.sh [--no-build]
#   scripts/check-image-libraries.sh --debug   the debug binaries a test run built, at once (what CI runs)
# --debug: the debug binaries load the same system libraries (the linker settings do not depend on the
# configuration) and, besides, the toolchain's Swift runtime, which the image's binaries carry inside
# (--static-swift-stdlib); those toolchain libraries are the only ones it lets pass.
set -euo pipefail
cd "$(dirname "$0")/.."
dockerfile=compose/Dockerfile

# The runtime stage: everything after the last FROM.
runtime="$(awk '/^FROM /{stage=""} {stage=stage $0 "\n"} END{printf "%s", stage}' "$dockerfile")"
base="$(printf '%s' "$runtime" | awk '/^FROM /{print $2; exit}')"
base="${base%@sha256:*}"  # pinned by digest (scripts/pin-base-images.sh) or not, the same distribution
[ "$base" = "debian:bookworm-slim" ] || { echo "the runtime stage is $base, not debian:bookworm-slim" >&2; exit 1; }
packages="$(printf '%s' "$runtime" | tr '\\' ' ' | tr '\n' ' ' | grep -o 'apt-get install [^&]*' \
  | sed 's/apt-get install//' | tr ' ' '\n' | grep -v '^-' | grep -v '^$' | sort -u)"
[ -n "$packages" ] || { echo "found no apt-get install in the runtime stage" >&2; exit 1; }

# The executables the build stage copies, against the package's executable products.
copied="$(grep -o '"\$bin/[a-z-]*"' "$dockerfile" | sed 's/"\$bin\///; s/"//' | sort -u)"
products="$(swift package describe --type json 2>/dev/null | python3 -c '
import json, sys
print("\n".join(sorted(p["name"] for p in json.load(sys.stdin)["products"] if "executable" in p["type"])))')"
# Not shipped: the benchmark tool, and roam-diary (RoamClient's example, an app's side).
products="$(printf '%s\n' "$products" | grep -vx -e roam-bench -e roam-diary || true)"
if [ "$copied" != "$products" ]; then
  echo "the image copies [$(echo $copied)] but the package's executables are [$(echo $products)]" >&2
  exit 1
fi

toolchain="" kind=release
case "${1:-}" in
  --debug)
    bin="$(swift build --show-bin-path)" kind=debug
    toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift/"
    ;;
  --no-build) bin="$(swift build -c release --static-swift-stdlib -Xlinker --no-export-dynamic --show-bin-path)" ;;
  *)
    swift build -c release --static-swift-stdlib -Xlinker --no-export-dynamic >/dev/null
    bin="$(swift build -c release --static-swift-stdlib -Xlinker --no-export-dynamic --show-bin-path)"
    ;;
esac

# What the runtime has: its packages and the required ones, with all they depend on.
required="$(dpkg-query -W -f='${Package} ${Priority} ${Essential}\n' | awk '$2 == "required" || $3 == "yes" {print $1}')"
provided="$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces --no-enhances \
  $packages $required 2>/dev/null | grep -v '^ ' | grep -v '^<' | sed 's/:.*//' | sort -u)"

failed=0
for name in $copied; do
  binary="$bin/$name"
  [ -x "$binary" ] || { echo "$name: not built at $binary" >&2; failed=1; continue; }
  if ldd "$binary" | grep -q "not found"; then
    echo "$name: $(ldd "$binary" | grep 'not found' | tr '\n' ' ')" >&2
    failed=1
  fi
  for library in $(ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}'); do
    [ -n "$toolchain" ] && [[ "$library" == "$toolchain"* ]] && continue
    owner=""
    for path in "$library" "/usr${library#/usr}" "$(readlink -f "$library")"; do
      owner="$(dpkg -S "$path" 2>/dev/null | head -1 | cut -d: -f1)" && [ -n "$owner" ] && break
    done
    if [ -z "$owner" ]; then
      echo "$name: $library belongs to no package" >&2
      failed=1
    elif ! grep -qx "$owner" <<<"$provided"; then
      echo "$name: $library comes from $owner, which the runtime stage does not install" >&2
      failed=1
    fi
  done
done
[ "$failed" = 0 ] || exit 1
echo "image: the runtime stage ($base + $(echo $packages)) provides every library of $(echo $copied | wc -w) ${kind} binaries"
