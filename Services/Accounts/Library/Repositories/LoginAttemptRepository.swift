import Foundation

/// Failed log-in attempts per key (an account, a client address, or the two together), for throttling.
public protocol LoginAttemptRepository: Sendable {
    func recordFailure(keys: [String], at time: Date) async throws
    /// How many failures `key` had since `since`, and when the latest of them was.
    func failures(key: String, since: Date) async throws -> (count: Int, latest: Date?)
    func clear(key: String) async throws
}
