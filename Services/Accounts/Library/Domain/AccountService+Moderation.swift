import Foundation
import RoamCore

/// What operators and moderators do with accounts: find one, look at it, suspend it and lift the
/// suspension; and (operators only) grant and take roles. Each returns the account before and after,
/// for the audit log the caller keeps.
extension AccountService {
    /// The longest reason kept with a suspension.
    static let suspensionReasonLimit = 500

    /// Accounts whose username, display name or address starts with `query` (an id finds its account).
    public func findAccounts(_ query: String, page: PageRequest, by moderator: Moderator) async throws -> Page<User> {
        let query = query.trimmingWhitespace()
        if let id = UUID(uuidString: query) {
            return Page(items: try await users.user(id: id).map { [$0] } ?? [], nextCursor: nil)
        }
        return try await users.find(prefix: query.hasPrefix("@") ? String(query.dropFirst()) : query, page: page)
    }

    /// The account `reference` names (an id, an address, or a username with or without `@`), and its
    /// live sessions.
    public func describeAccount(_ reference: String, by moderator: Moderator) async throws -> (User, [Session]) {
        let user = try await account(reference)
        return (user, try await sessions.sessions(userID: user.id, at: now()))
    }

    /// Suspends the account until `until` (nil: until lifted): its sessions end at once, sign-in is
    /// refused, and its owner is mailed. Suspending it again replaces the reason and the end.
    public func suspend(_ reference: String, until: Date?, reason: String, by moderator: Moderator) async throws -> AccountChange {
        let reason = reason.trimmingWhitespace()
        let time = now()
        var validation = Validation()
        validation.require(!reason.isEmpty, "reason", "is required")
        validation.require(reason.count <= Self.suspensionReasonLimit, "reason", "is longer than \(Self.suspensionReasonLimit) characters")
        if let until { validation.require(until > time, "until", "must be in the future") }
        try validation.check()
        let user = try await account(reference)
        try checkMay(moderator, act: "suspend", on: user)
        let suspension = Suspension(suspendedAt: time, until: until, reason: reason, suspendedBy: moderator.name)
        var fields = ["reason": reason]
        fields["until"] = until.map(RFC3339.string(from:))
        let notice = user.email.isEmpty ? nil : mail(.accountSuspended, to: user.email, of: user, fields: fields)
        guard let change = try await users.suspend(userID: user.id, suspension, notifying: notice) else { throw AccountsError.userNotFound }
        return change
    }

    /// Lifts the account's suspension and tells its owner; an account not suspended is left as it is.
    public func liftSuspension(_ reference: String, by moderator: Moderator) async throws -> AccountChange {
        let user = try await account(reference)
        try checkMay(moderator, act: "lift the suspension of", on: user)
        guard user.suspension != nil else { return AccountChange(before: user, after: user) }
        let notice = user.email.isEmpty ? nil : mail(.accountReinstated, to: user.email, of: user, fields: [:])
        guard let change = try await users.liftSuspension(userID: user.id, notifying: notice) else { throw AccountsError.userNotFound }
        return change
    }

    /// Grants or takes a role; only an operator may. Taking one ends the account's sessions, so no
    /// access token keeps it.
    public func setRole(_ role: Role, granted: Bool, on reference: String, by moderator: Moderator) async throws -> AccountChange {
        guard moderator.isOperator else {
            throw RoamError.permissionDenied("roles are granted and taken by an operator only (roam users grant|revoke)")
        }
        let user = try await account(reference)
        guard user.roles.contains(role) != granted else { return AccountChange(before: user, after: user) }
        guard let change = try await users.setRole(role, granted: granted, userID: user.id) else { throw AccountsError.userNotFound }
        return change
    }

    /// The account an id, an address or a username names.
    func account(_ reference: String) async throws -> User {
        let reference = reference.trimmingWhitespace()
        guard !reference.isEmpty else { throw RoamError.invalidField("user", "is required") }
        let found: User? =
            if let id = UUID(uuidString: reference) {
                try await users.user(id: id)
            } else if reference.contains("@"), !reference.hasPrefix("@") {
                try await users.user(email: reference.lowercased())
            } else {
                try await users.user(username: AccountRules.folded(username: String(reference.trimmingPrefix("@"))))
            }
        guard let found else { throw AccountsError.userNotFound }
        return found
    }

    /// Nobody acts on their own account this way; a moderator does not act on another role holder's
    /// (an admin or an operator does), and only an operator on an admin's.
    private func checkMay(_ moderator: Moderator, act: String, on user: User) throws(RoamError) {
        if moderator.userID == user.id { throw RoamError.permissionDenied("you cannot \(act) your own account") }
        if moderator.isOperator { return }
        if user.roles.contains(.admin) || (!user.roles.isEmpty && !moderator.roles.contains(.admin)) {
            throw RoamError.permissionDenied("only \(user.roles.contains(.admin) ? "an operator" : "an admin") may \(act) @\(user.username)")
        }
    }
}

/// An account as something reported: what a reporter may see of it (a suspended account, or one
/// blocked either way, is not there for them), or anything for a moderator or a service.
extension AccountService {
    public func reportableAccount(_ id: UUID, caller: Caller) async throws -> User {
        guard let user = try await users.user(id: id) else { throw AccountsError.userNotFound }
        if case .user(let viewer) = caller, !viewer.roles.canModerate, viewer.id != user.id {
            if user.suspension(at: now()) != nil { throw AccountsError.userNotFound }
            if try await graph.eitherBlocks(viewer.id, user.id) { throw AccountsError.userNotFound }
        }
        return user
    }
}
