import Foundation

/// Revocations as a verifier receives them, and the feed position they bring it to.
public struct RevocationBatch: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var userID: UUID
        /// Nil when the account was deleted.
        public var sessionID: UUID?
        /// When every token this refuses has expired anyway.
        public var forgetAfter: Date

        public init(userID: UUID, sessionID: UUID?, forgetAfter: Date) {
            self.userID = userID
            self.sessionID = sessionID
            self.forgetAfter = forgetAfter
        }
    }

    /// A follow or block between two users made or taken back.
    public struct RelationChange: Sendable, Equatable {
        public var users: [UUID]
        public var at: Date

        public init(users: [UUID], at: Date) {
            self.users = users
            self.at = at
        }
    }

    public var entries: [Entry]
    public var position: Int64
    public var relationChanges: [RelationChange]
    /// Every account suspended now, with the end of each suspension (nil: until lifted), when the batch
    /// lists them (a stream's first, and each after a change); nil when they did not change.
    public var suspendedAccounts: [UUID: Date?]?

    public init(entries: [Entry], position: Int64, relationChanges: [RelationChange] = [], suspendedAccounts: [UUID: Date?]? = nil) {
        self.entries = entries
        self.position = position
        self.relationChanges = relationChanges
        self.suspendedAccounts = suspendedAccounts
    }
}
