import Foundation

/// A mail waiting in a service's mail outbox: written in the same transaction as what it tells (a
/// one-time token, a changed address), sent by `MailDelivery`.
public struct QueuedMail: Sendable, Equatable {
    public var id: UUID
    /// Whose mail it is: it goes when the account does.
    public var userID: UUID?
    /// The templates' name (`verifyEmail`).
    public var kind: String
    public var recipient: String
    /// A BCP 47 tag (`sv-SE`), or empty for English.
    public var language: String
    /// What the templates fill in (`link`, `username`). Emptied once the mail is sent or has failed,
    /// so a link's secret stays in the database no longer than it must.
    public var fields: [String: String]
    public var createdAt: Date
    /// Tries so far, this one included once claimed.
    public var attempts: Int

    public init(
        id: UUID, userID: UUID?, kind: String, recipient: String, language: String, fields: [String: String], createdAt: Date, attempts: Int = 0
    ) {
        self.id = id
        self.userID = userID
        self.kind = kind
        self.recipient = recipient
        self.language = language
        self.fields = fields
        self.createdAt = createdAt
        self.attempts = attempts
    }
}
