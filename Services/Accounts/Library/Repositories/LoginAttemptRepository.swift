import Foundation

/// Failed log-in attempts per key (an account or a client address), for throttling.
public protocol LoginAttemptRepository: Sendable {
    func recordFailure(keys: [String], at time: Date) async throws
    /// How many failures `key` had since `since`, and when the oldest of them was.
    func failures(key: String, since: Date) async throws -> (count: Int, oldest: Date?)
    func clear(key: String) async throws
}
