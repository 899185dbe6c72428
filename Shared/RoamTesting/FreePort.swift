#if canImport(Glibc)
import Glibc
#endif

/// A TCP port on 127.0.0.1 that nothing listens on right now, for a child process to bind.
public enum FreePort {
    public static func next() -> Int {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                _ = bind(socketFD, socketAddress, length)
                _ = getsockname(socketFD, socketAddress, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
