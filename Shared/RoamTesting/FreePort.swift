import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A TCP port on 127.0.0.1 that nothing listens on right now, for a child process to bind.
///
/// Drawn below the kernel's range for outgoing connections (32768 and up here): a test often picks a
/// port seconds before the process it starts binds it, and a port from that range could meanwhile be
/// taken by any connection the test makes.
public enum FreePort {
    static let range = 20_000..<32_000
    /// Ports handed out by this process, never handed out twice.
    static let given = Mutex<Set<Int>>([])

    public static func next() -> Int {
        for _ in 0..<200 {
            let port = Int.random(in: range)
            guard given.withLock({ $0.insert(port).inserted }) else { continue }
            if isFree(port) { return port }
        }
        return kernelChosen()
    }

    static func isFree(_ port: Int) -> Bool {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketFD) }
        var address = loopback(port: port)
        return withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// Any free port, as the kernel picks it.
    static func kernelChosen() -> Int {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketFD) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                _ = bind(socketFD, socketAddress, length)
                _ = getsockname(socketFD, socketAddress, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
