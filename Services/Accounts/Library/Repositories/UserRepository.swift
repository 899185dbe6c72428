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
    /// Users whose username or display name starts with `prefix` (case-insensitive), by username;
    /// suspended accounts are left out.
    func search(prefix: String, page: PageRequest) async throws -> Page<User>
    /// Every account whose username, display name or address (current or pending) starts with `prefix`
    /// (case-insensitive), suspended ones included, by username: what an operator looks through.
    func find(prefix: String, page: PageRequest) async throws -> Page<User>
    /// Suspends the account, ends every session it has and queues `notice`, in one step; nil for an
    /// unknown account. Returns the account before and after, and how many sessions ended.
    func suspend(userID: UUID, _ suspension: Suspension, notifying notice: Mail?) async throws -> AccountChange?
    /// Lifts the account's suspension and queues `notice`; nil for an unknown account.
    func liftSuspension(userID: UUID, notifying notice: Mail?) async throws -> AccountChange?
    /// Grants a role, or takes it away and ends every session (so no token keeps it), in one step; nil
    /// for an unknown account.
    func setRole(_ role: Role, granted: Bool, userID: UUID) async throws -> AccountChange?
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
