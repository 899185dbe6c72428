import Foundation
import RoamCore

/// A deleted account leaves the queue and the audit log: what it reported and what it made are
/// forgotten; what moderators did stays on record, without the account's words.
extension ModerationService: Purgeable {
    public func purge(user: UUID) async throws -> [String: Int] {
        let forgotten = try await cases.forget(user: user)
        let redacted = try await audit.redact(user: user)
        return ["reports": forgotten.reports, "cases": forgotten.cases, "snapshots": forgotten.snapshots, "audit_entries": redacted]
            .filter { $0.value > 0 }
    }
}
