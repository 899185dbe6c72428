// Generated protobuf messages and gRPC stubs for every Roam contract live beside this file.
// Regenerate with scripts/generate-proto.sh; never edit the *.pb.swift / *.grpc.swift files by hand.
