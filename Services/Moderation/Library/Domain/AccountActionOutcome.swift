import Foundation

/// What accounts answered: the account before and after (as JSON, for the audit log), the sessions
/// ended, and who accounts says acted.
public struct AccountActionOutcome: Sendable, Equatable {
    public var userID: UUID
    public var before: String
    public var after: String
    public var sessionsEnded: Int
    public var actor: String

    public init(userID: UUID, before: String, after: String, sessionsEnded: Int, actor: String) {
        self.userID = userID
        self.before = before
        self.after = after
        self.sessionsEnded = sessionsEnded
        self.actor = actor
    }
}
