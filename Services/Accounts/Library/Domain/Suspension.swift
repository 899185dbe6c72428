import Foundation

/// A moderator's or operator's hold on an account: while it lasts the account cannot sign in, its
/// sessions are over and its public content is hidden everywhere.
public struct Suspension: Sendable, Equatable {
    public var suspendedAt: Date
    /// Nil: until lifted.
    public var until: Date?
    public var reason: String
    /// Who suspended it, as the audit log names them (`user:<id>`, `operator:<name>`).
    public var suspendedBy: String

    public init(suspendedAt: Date, until: Date?, reason: String, suspendedBy: String) {
        self.suspendedAt = suspendedAt
        self.until = until
        self.reason = reason
        self.suspendedBy = suspendedBy
    }

    /// Whether it still holds at `time`.
    public func holds(at time: Date) -> Bool { until.map { $0 > time } ?? true }
}
