import Foundation
import RoamCore

/// Every moderator action, kept for the retention time.
public protocol AuditRepository: Sendable {
    func record(_ entry: AuditEntry) async throws
    /// Newest first.
    func entries(_ filter: AuditFilter, page: PageRequest) async throws -> Page<AuditEntry>
    /// Forgets entries older than `time`; returns how many.
    func forget(before time: Date) async throws -> Int
}
