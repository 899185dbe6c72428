import Foundation

/// Email verification and password reset tokens, stored as digests, usable once before they expire.
public protocol OneTimeTokenRepository: Sendable {
    func issue(digest: [UInt8], userID: UUID, purpose: OneTimeTokenPurpose, expiresAt: Date) async throws
    /// Marks the token used and returns its user, or nil when it is unknown, used, expired or for
    /// another purpose.
    func consume(digest: [UInt8], purpose: OneTimeTokenPurpose, at time: Date) async throws -> UUID?
}
