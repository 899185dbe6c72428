import Foundation

/// The provider identities that sign users in. One identity belongs to one account, and an account
/// has at most one identity per provider.
public protocol IdentityRepository: Sendable {
    func identity(issuer: String, subject: String) async throws -> LinkedIdentity?
    /// The account's identities, oldest first.
    func identities(of userID: UUID) async throws -> [LinkedIdentity]
    /// Creates an account and its first identity in one step; throws `AccountsError.emailTaken`,
    /// `.usernameTaken` or `.identityTaken`.
    func createAccount(_ user: User, with identity: LinkedIdentity) async throws
    /// Throws `AccountsError.identityTaken` when the identity is another account's, and
    /// `.providerAlreadyLinked` when the account has another identity at that provider.
    func link(_ identity: LinkedIdentity) async throws
    /// Unlinks unless that would leave the account with no way to sign in (decided in the same step).
    func unlink(provider: String, from userID: UUID) async throws -> UnlinkOutcome
}
