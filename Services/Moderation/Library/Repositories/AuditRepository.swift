import Foundation
import RoamCore

/// Every moderator action, kept for the retention time.
public protocol AuditRepository: Sendable {
    func record(_ entry: AuditEntry) async throws
    /// Newest first.
    func entries(_ filter: AuditFilter, page: PageRequest) async throws -> Page<AuditEntry>
    /// Blanks the before and after of entries about a deleted account or what it made (who acted, what,
    /// when and why stay); returns how many.
    func redact(user: UUID) async throws -> Int
    /// Forgets entries older than `time`; returns how many.
    func forget(before time: Date) async throws -> Int
}
