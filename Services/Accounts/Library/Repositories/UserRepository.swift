import Foundation
import RoamRuntime

/// Stores accounts. Emails and usernames are unique case-insensitively (they are stored lowercased).
public protocol UserRepository: Sendable {
    /// Throws `AccountsError.emailTaken` or `.usernameTaken`.
    func create(_ user: User) async throws
    func user(id: UUID) async throws -> User?
    func user(email: String) async throws -> User?
    func user(username: String) async throws -> User?
    /// Up to `limit` accounts whose sign-up gave `email` while another account had it, newest first.
    func users(awaitingEmail email: String, limit: Int) async throws -> [User]
    /// The users with these ids that exist, in no particular order.
    func users(ids: [UUID]) async throws -> [User]
    func updateProfile(userID: UUID, _ changes: ProfileChanges) async throws -> User?
    func markEmailVerified(userID: UUID) async throws
    /// Sets a new, verified email address and queues `notice` (to the old one) in the same transaction;
    /// throws `AccountsError.emailTaken`.
    func changeEmail(userID: UUID, to email: String, notifying notice: Mail?) async throws -> User?
    /// Sets a new username unless it was last changed after `cutoff` (then nil, as for an unknown user);
    /// throws `AccountsError.usernameTaken`.
    func changeUsername(userID: UUID, to username: String, at time: Date, ifUnchangedSince cutoff: Date) async throws -> User?
    func acceptTerms(userID: UUID, _ acceptance: TermsAcceptance) async throws
    /// Sets a new password hash and revokes every session but `keepingSession`, in one step.
    func setPasswordHash(userID: UUID, _ hash: String, keepingSession: UUID?) async throws
    /// Deletes the account, its sessions, follows and blocks, and records a `UserDeleted` outbox
    /// event for other services, in one step.
    /// Deletes the account and records `userDeleted` for the other services, delivered from `purgeFrom`.
    func delete(userID: UUID, at time: Date, purgeFrom: Date) async throws
    /// Users whose username or display name starts with `prefix` (case-insensitive), by username.
    func search(prefix: String, page: PageRequest) async throws -> Page<User>
}

extension UserRepository {
    public func changeEmail(userID: UUID, to email: String) async throws -> User? {
        try await changeEmail(userID: userID, to: email, notifying: nil)
    }

    /// Deletes the account; the other services are told at once.
    public func delete(userID: UUID, at time: Date) async throws {
        try await delete(userID: userID, at: time, purgeFrom: time)
    }
}
