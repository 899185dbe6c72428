import Foundation

/// Email verification, email change and password reset tokens, stored as digests, usable once before
/// they expire.
public protocol OneTimeTokenRepository: Sendable {
    /// Stores the token and queues `mail`, which carries it, in one transaction: a token is never
    /// issued without its mail, nor a mail queued for a token that is not there. `detail` is what the
    /// token stands for beyond its user (the new address of an email change).
    func issue(digest: [UInt8], userID: UUID, purpose: OneTimeTokenPurpose, detail: String, expiresAt: Date, mailing mail: Mail) async throws
    /// Marks the token used and returns it, or nil when it is unknown, used, expired or for none of
    /// `purposes`.
    func consume(digest: [UInt8], purposes: Set<OneTimeTokenPurpose>, at time: Date) async throws -> UsedToken?
    /// The token as `consume` would return it, left unused.
    func peek(digest: [UInt8], purposes: Set<OneTimeTokenPurpose>, at time: Date) async throws -> UsedToken?
}

extension OneTimeTokenRepository {
    public func issue(digest: [UInt8], userID: UUID, purpose: OneTimeTokenPurpose, expiresAt: Date, mailing mail: Mail) async throws {
        try await issue(digest: digest, userID: userID, purpose: purpose, detail: "", expiresAt: expiresAt, mailing: mail)
    }

    /// The user of a used token of `purpose`.
    public func consume(digest: [UInt8], purpose: OneTimeTokenPurpose, at time: Date) async throws -> UUID? {
        try await consume(digest: digest, purposes: [purpose], at: time)?.userID
    }
}
