import Foundation

/// Runs blocking `work` (a child process waited for, `initdb`, an RSA key made) on a thread of its
/// own and waits for it without holding one. The test process has one concurrency thread per core
/// (two here): two tests blocking both stopped every other test's timers, for 10 s seen in CI.
public func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try work() })
        }
    }
}
