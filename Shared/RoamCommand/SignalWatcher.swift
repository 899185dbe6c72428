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
