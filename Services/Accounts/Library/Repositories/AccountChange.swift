import Foundation

/// What an operator's or moderator's change did to an account: the audit log's before and after.
public struct AccountChange: Sendable, Equatable {
    public var before: User
    public var after: User
    /// Sessions the change ended.
    public var sessionsEnded: Int

    public init(before: User, after: User, sessionsEnded: Int = 0) {
        self.before = before
        self.after = after
        self.sessionsEnded = sessionsEnded
    }
}
