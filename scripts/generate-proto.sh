#!/usr/bin/env bash
# Regenerates Shared/RoamProto from proto/ with protoc and the Swift plugins built from the mirrored
# swift-protobuf and grpc-swift-protobuf packages. Run after editing a .proto file and commit the result.
#   scripts/generate-proto.sh           regenerate
#   scripts/generate-proto.sh --check   fail if the committed code differs from what the .proto files give
set -euo pipefail
cd "$(dirname "$0")/.."
command -v protoc >/dev/null || { echo "protoc missing: apt-get install -y protobuf-compiler" >&2; exit 1; }

swift build --product protoc-gen-swift >/dev/null
swift build --product protoc-gen-grpc-swift-2 >/dev/null
bin=$(swift build --show-bin-path)

out=$PWD/Shared/RoamProto
if [ "${1:-}" = "--check" ]; then out=$(mktemp -d); trap 'rm -rf "$out"' EXIT; fi
find "$out" -name '*.swift' ! -name 'RoamProto.swift' -delete

protos=$(cd proto && find . -name '*.proto' | sed 's|^\./||' | sort)
(cd proto && protoc \
  --plugin=protoc-gen-swift="$bin/protoc-gen-swift" \
  --plugin=protoc-gen-grpc-swift="$bin/protoc-gen-grpc-swift-2" \
  --swift_out="$out" --swift_opt=Visibility=Public,FileNaming=PathToUnderscores \
  --grpc-swift_out="$out" \
  --grpc-swift_opt=Visibility=Public,Server=true,Client=true,FileNaming=PathToUnderscores \
  $protos)

if [ "${1:-}" = "--check" ]; then
  if ! diff -r -x RoamProto.swift "$out" Shared/RoamProto; then
    echo "Shared/RoamProto is stale: run scripts/generate-proto.sh and commit the result." >&2
    exit 1
  fi
  echo "generated code matches proto/"
fi
