import RoamRuntime

#if canImport(Glibc)
import Glibc
#endif

/// Plain TCP and HTTP checks, for waiting on the gateway and for container health checks.
enum PortProbe {
    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    static func isListening(port: Int) -> Bool {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { return false }
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// Whether a plain `http://host:port/path` URL answers 200 (no TLS, no redirects), for container
    /// health checks in an image without curl.
    static func answersOK(_ url: String) -> Bool {
        let rest = url.dropFirst("http://".count)
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        guard let address = HostAndPort(String(rest[..<slash])) else { return false }
        let path = slash == rest.endIndex ? "/" : String(rest[slash...])
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { return false }
        defer { close(socketFD) }
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = in_port_t(UInt16(address.port).bigEndian)
        socketAddress.sin_addr.s_addr = inet_addr(address.host == "localhost" ? "127.0.0.1" : address.host)
        let connected = withUnsafePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else { return false }
        let request = Array("GET \(path) HTTP/1.0\r\nHost: \(address.host)\r\n\r\n".utf8)
        guard send(socketFD, request, request.count, 0) == request.count else { return false }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = recv(socketFD, &buffer, buffer.count, 0)
        guard count > 12 else { return false }
        let statusLine = String(decoding: buffer[0..<count], as: UTF8.self)
        return statusLine.hasPrefix("HTTP/1.1 200") || statusLine.hasPrefix("HTTP/1.0 200")
    }
}
