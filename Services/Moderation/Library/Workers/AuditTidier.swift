import Foundation
import Logging
import RoamRuntime
import ServiceLifecycle

/// Forgets audit entries older than the log keeps them (`AUDIT_RETENTION`), every hour.
public struct AuditTidier: Service {
    let audit: any AuditRepository
    let keep: Duration
    let logger: Logger

    public init(audit: any AuditRepository, keep: Duration, logger: Logger) {
        self.audit = audit
        self.keep = keep
        self.logger = logger
    }

    public func run() async throws {
        await BackgroundLoop.every(.seconds(3600), logger: logger, failure: "tidying the audit log failed") {
            let forgotten = try await audit.forget(before: Date().addingTimeInterval(-keep.seconds))
            if forgotten > 0 { logger.info("forgot old audit entries", metadata: ["count": "\(forgotten)"]) }
        }
    }
}
