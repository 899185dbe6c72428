import Foundation

/// An account mail, queued with what it tells of (the one-time token its link carries, the changed
/// address) and sent by the mail worker from its kind's templates.
public struct Mail: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case verifyEmail
        case resetPassword
        case changeEmail
        case emailChanged
        /// Someone asked to use an address that already has an account: its owner is told instead of
        /// the asker (who hears what any change request hears).
        case emailInUse
        /// A moderator suspended the account: why, and until when (`until` absent: until lifted).
        case accountSuspended
        /// The suspension was lifted.
        case accountReinstated
    }

    public var id: UUID
    public var userID: UUID
    public var kind: Kind
    public var to: String
    /// A BCP 47 tag, or empty for English.
    public var language: String
    /// What the templates fill in: `username`, `link`, `token`, `newEmail`, `requester`, `reason`, `until`.
    public var fields: [String: String]
    public var createdAt: Date

    public init(id: UUID, userID: UUID, kind: Kind, to: String, language: String, fields: [String: String], createdAt: Date) {
        self.id = id
        self.userID = userID
        self.kind = kind
        self.to = to
        self.language = language
        self.fields = fields
        self.createdAt = createdAt
    }

    /// The secret its link carries (empty for a notice); emptied once the mail is sent.
    public var token: String { fields["token"] ?? "" }
}
