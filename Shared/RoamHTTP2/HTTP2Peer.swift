import NIOCore

/// A peer as grpc-swift names it in contexts: "ipv4:127.0.0.1:50051".
enum HTTP2Peer {
    static func describe(_ address: SocketAddress?) -> String {
        guard let address, let ip = address.ipAddress, let port = address.port else { return "unknown" }
        return address.protocol == .inet6 ? "ipv6:[\(ip)]:\(port)" : "ipv4:\(ip):\(port)"
    }
}
