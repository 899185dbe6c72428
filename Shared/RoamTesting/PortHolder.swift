import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A listening socket on a loopback port, for tests of what a process does when its port is taken.
public final class PortHolder: Sendable {
    public let port: Int
    private let descriptor: Int32

    public init() throws {
        let port = FreePort.next()
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = FreePort.loopback(port: port)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard bound, listen(descriptor, 1) == 0 else {
            close(descriptor)
            throw TestFailure("cannot hold port \(port)")
        }
        self.port = port
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }
}
