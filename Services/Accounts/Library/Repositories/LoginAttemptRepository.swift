import Foundation

/// Failed log-in attempts per key (an account, a client network, the two together, a known device),
/// for throttling.
public protocol LoginAttemptRepository: Sendable {
    func recordFailure(keys: [String], at time: Date) async throws
    /// How many failures each key had since `since`, and when the latest of them was; keys with none are left out.
    func failures(keys: [String], since: Date) async throws -> [String: (count: Int, latest: Date?)]
    func clear(key: String) async throws
}

extension LoginAttemptRepository {
    /// One key's failures since `since`.
    public func failures(key: String, since: Date) async throws -> (count: Int, latest: Date?) {
        try await failures(keys: [key], since: since)[key] ?? (0, nil)
    }
}
