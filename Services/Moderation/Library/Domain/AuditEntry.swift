import Foundation

/// One moderator action: who, what, on what, when, why, and the subject before and after (JSON).
public struct AuditEntry: Sendable, Equatable {
    public var id: UUID
    public var at: Date
    public var actor: String
    public var action: AuditAction
    public var subject: Subject
    public var reason: String
    public var before: String
    public var after: String

    public init(id: UUID, at: Date, actor: String, action: AuditAction, subject: Subject, reason: String, before: String, after: String) {
        self.id = id
        self.at = at
        self.actor = actor
        self.action = action
        self.subject = subject
        self.reason = reason
        self.before = before
        self.after = after
    }
}
