import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Notes that SIGINT or SIGTERM arrived instead of letting it kill the process, so `roam up` can stop
/// its children and PostgreSQL in order first.
// @unchecked: the dispatch sources are only held to keep them alive; the flag is atomic.
final class SignalWatcher: @unchecked Sendable {
    private let flag = Atomic<Bool>(false)
    private let sources: [any DispatchSourceSignal]

    init(signals: [Int32]) {
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            sources.append(DispatchSource.makeSignalSource(signal: number, queue: .global()))
        }
        self.sources = sources
        for source in sources {
            source.setEventHandler { [self] in flag.store(true, ordering: .relaxed) }
            source.resume()
        }
    }

    var received: Bool { flag.load(ordering: .relaxed) }
}

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
}
