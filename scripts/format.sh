#!/usr/bin/env bash
# Formats every hand-written Swift file with swift-format and `.swift-format` (Hummingbird's settings,
# fitted). `scripts/format.sh --check` changes nothing and fails when a file is not formatted or
# breaks one of the rules `.swift-format` turns on (`swift format lint --strict`, about 3 s).
set -euo pipefail
cd "$(dirname "$0")/.."
# Tracked and new files alike, as they are on disk (a file deleted but not yet committed is left out).
files=$(git ls-files --cached --others --exclude-standard '*.swift' | grep -v -e '/Generated/' -e '^Shared/RoamProto/' |
  while read -r file; do [[ -f "$file" ]] && echo "$file"; done)
if [[ "${1:-}" == "--check" ]]; then
  # Formats a copy and compares it with the files as they are.
  copy=$(mktemp -d)
  trap 'rm -rf "$copy"' EXIT
  # shellcheck disable=SC2086
  tar -cf - $files .swift-format | tar -xf - -C "$copy"
  (cd "$copy" && swift format format --in-place --parallel $files)
  unformatted=$(for file in $files; do cmp -s "$file" "$copy/$file" || echo "$file"; done)
  if [[ -n "$unformatted" ]]; then
    echo "not formatted (run scripts/format.sh):" >&2
    echo "$unformatted" >&2
    exit 1
  fi
  # shellcheck disable=SC2086
  swift format lint --strict --parallel $files
  echo "every Swift file is formatted and keeps the lint rules"
else
  # shellcheck disable=SC2086
  swift format format --in-place --parallel $files
fi
