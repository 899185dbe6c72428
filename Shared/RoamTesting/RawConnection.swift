import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain TCP connection a test holds open to play a client that sends nothing, or a little at a time,
/// and to see when the server closes it. `from` picks the loopback address it comes from (Linux routes
/// all of 127.0.0.0/8 to the loopback), so one test can be many clients. Blocking calls run off the
/// pool.
public final class RawConnection: Sendable {
    let descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        closeDescriptor(descriptor)
    }

    /// `count` connections to `port` on 127.0.0.1 from `source`, opened in turn.
    public static func open(_ count: Int = 1, port: Int, from source: String = "127.0.0.1") async throws -> [RawConnection] {
        try await offThePool { try (0..<count).map { _ in try opening(port: port, from: source) } }
    }

    static func opening(port: Int, from source: String) throws -> RawConnection {
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, stream, 0)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let connection = RawConnection(descriptor: descriptor)
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var remote = local
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        guard bound == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EADDRNOTAVAIL) }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, length) }
        }
        guard connected == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED) }
        return connection
    }

    /// Ends the connection from this side (the descriptor itself is closed with the object).
    public func hangUp() {
        shutDown(descriptor)
    }

    /// Writes `text` (`\n` sent as `\r\n` when `lines`); false once the server has closed the connection.
    @discardableResult
    public func send(_ text: String, lines: Bool = false) -> Bool {
        let bytes = Array((lines ? text.replacingOccurrences(of: "\n", with: "\r\n") : text).utf8)
        return sendBytes(descriptor, bytes)
    }

    /// The server's answer: read until it is whole, the connection closes, or `timeout` passes.
    public func reply(within timeout: Duration = .seconds(30)) async throws -> HTTPTestClient.Reply {
        let descriptor = self.descriptor
        return try await offThePool {
            let deadline = ContinuousClock.now + timeout
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            var entry = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            while !RawHTTPExchange.isComplete(received), ContinuousClock.now < deadline {
                guard poll(&entry, 1, 100) >= 0 else { break }
                guard entry[0].revents != 0 else { continue }
                let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { break }
                if count > 0 { received += buffer[0..<count] }
            }
            return try RawHTTPExchange.parse(received)
        }
    }

    /// Whether the server closes this connection within `timeout` (what it sends first is read and dropped).
    public func isClosed(within timeout: Duration) async -> Bool {
        await Self.closed([self], within: timeout) == 1
    }

    /// How many of `connections` the server closes within `timeout`, all watched at once.
    public static func closed(_ connections: [RawConnection], within timeout: Duration) async -> Int {
        let descriptors = connections.map(\.descriptor)
        return (try? await offThePool { watch(descriptors, within: timeout) }) ?? 0
    }

    static func watch(_ descriptors: [Int32], within timeout: Duration) -> Int {
        let deadline = ContinuousClock.now + timeout
        var open = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var closed = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !open.isEmpty {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            let milliseconds = Int32(min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000, 1000))
            guard poll(&open, nfds_t(open.count), max(milliseconds, 1)) >= 0 else { break }
            open.removeAll { entry in
                guard entry.revents != 0 else { return false }
                // Read what is there: 0 bytes (or an error such as a reset) means the server closed it.
                let count = recv(entry.fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if count > 0 { return false }
                if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return false }
                closed += 1
                return true
            }
            for index in open.indices { open[index].revents = 0 }
        }
        return closed
    }
}

// Free functions, so the class's own `send` does not shadow the system's.
private func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}

private func shutDown(_ descriptor: Int32) {
    shutdown(descriptor, Int32(SHUT_RDWR))
}

private func sendBytes(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count
}
