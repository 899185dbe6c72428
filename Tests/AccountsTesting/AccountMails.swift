import Accounts

/// The account mails a service queued, so tests can follow verification, email-change and reset links
/// without a mail server (the mail tests send them to a real one).
public struct AccountMails: Sendable {
    let outgoing: any OutgoingMailRepository

    public init(_ repositories: Repositories) {
        outgoing = QueuedOutgoingMail(queue: repositories.mailQueue)
    }

    public init(_ store: InMemoryAccountsStore) {
        outgoing = QueuedOutgoingMail(queue: store.mailQueue)
    }

    /// Every mail queued for `address`, newest first.
    public func all(to address: String) async throws -> [Mail] {
        try await outgoing.mails(to: address)
    }

    /// The last mail of `kind` queued for `address`.
    public func last(_ kind: Mail.Kind, to address: String) async throws -> Mail? {
        try await outgoing.mails(to: address).first { $0.kind == kind }
    }
}
