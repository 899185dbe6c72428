import Synchronization

/// Holds a test's reader before it takes each message until the test opens it: a reader slower than
/// any sender, however loaded the machine is.
final class ReaderGate: Sendable {
    private let open = Mutex(false)

    func release() {
        open.withLock { $0 = true }
    }

    func pass() async throws {
        while !open.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(20)) }
    }
}
