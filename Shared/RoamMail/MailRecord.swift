import Foundation

/// What the operator sees of a mail (`roam mail`): never its fields, which may hold a link's secret.
public struct MailRecord: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable {
        case pending
        case sent
        case failed
    }

    public var id: UUID
    public var kind: String
    public var recipient: String
    public var status: Status
    public var attempts: Int
    public var createdAt: Date
    /// When it was sent, or when it failed for good.
    public var settledAt: Date?
    /// The server's last refusal or the last error, if any.
    public var lastError: String?

    public init(
        id: UUID, kind: String, recipient: String, status: Status, attempts: Int, createdAt: Date, settledAt: Date?, lastError: String?
    ) {
        self.id = id
        self.kind = kind
        self.recipient = recipient
        self.status = status
        self.attempts = attempts
        self.createdAt = createdAt
        self.settledAt = settledAt
        self.lastError = lastError
    }
}
