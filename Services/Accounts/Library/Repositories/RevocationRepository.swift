import Foundation

/// Every ended session and deleted account, recorded in the same transaction as the change itself, so
/// the feed verifiers follow can never miss one.
public protocol RevocationRepository: Sendable {
    /// Revocations after `position` made since `since` (older ones cover no live token), oldest first.
    func revocations(after position: Int64, since: Date, limit: Int) async throws -> [Revocation]
    /// The accounts suspended at `time`, each with the end of its suspension (nil: until lifted).
    func suspendedAccounts(at time: Date) async throws -> [UUID: Date?]
    /// The position of the newest revocation; 0 when there is none.
    func latestPosition() async throws -> Int64
    /// Forgets revocations made before `time`, whose tokens have all expired.
    func forget(before time: Date) async throws
}
