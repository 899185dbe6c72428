import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP/1.1 exchange over a plain socket, for requests URLSession will not send as written (a
/// WebSocket upgrade's `Connection`/`Upgrade` headers). Reads until the server closes the connection.
public enum RawHTTPExchange {
    public static func send(port: Int, _ head: String) async throws -> HTTPTestClient.Reply {
        try parse(await exchange(port: port, head).received)
    }

    /// Sends `head` as written and reads until the server closes the connection, it has answered in
    /// whole, or 10 seconds pass without a byte (`closedByServer` false: the connection hung). The
    /// socket blocks, so it is read on a thread of its own: a server in this process needs the pool.
    public static func exchange(port: Int, _ head: String) async throws -> (received: [UInt8], closedByServer: Bool) {
        try await offThePool { try blockingExchange(port: port, head) }
    }

    static func blockingExchange(port: Int, _ head: String) throws -> (received: [UInt8], closedByServer: Bool) {
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let connection = socket(AF_INET, stream, 0)
        guard connection >= 0 else { throw POSIXError(.EIO) }
        defer { close(connection) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        let request = Array(head.replacingOccurrences(of: "\n", with: "\r\n").utf8) + Array("\r\n".utf8)
        guard write(connection, request, request.count) == request.count else { throw POSIXError(.EIO) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(connection, &buffer, buffer.count)
            if count == 0 { return (received, true) }
            if count < 0 { return (received, false) }
            received += buffer[0..<count]
            if isComplete(received) { return (received, true) }
        }
    }

    /// A whole response: a `101` head (the socket is then the server's), or a head and its `Content-Length`.
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        guard let reply = try? parse(bytes) else { return false }
        if reply.status == 101 { return true }
        guard let length = reply.header("Content-Length").flatMap(Int.init) else { return false }
        return reply.body.count >= length
    }

    public static func parse(_ bytes: [UInt8]) throws -> HTTPTestClient.Reply {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw POSIXError(.EBADMSG) }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") else {
            throw POSIXError(.EBADMSG)
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPTestClient.Reply(status: status, headers: headers, body: Data(text[split.upperBound...].utf8))
    }
}
