import Foundation
import RoamCore

/// Email verification and password reset, both through one-time tokens whose mail is queued with them.
extension AccountService {
    /// Follows the link of a verification email or of an email change.
    public func verifyEmail(token: String) async throws {
        guard !token.isEmpty else { throw RoamError.invalidField("token", "is required") }
        guard let used = try await oneTimeTokens.consume(digest: tokens.digest(token), purposes: [.verifyEmail, .changeEmail], at: now()) else {
            throw AccountsError.invalidOneTimeToken
        }
        if used.purpose == .changeEmail {
            try await completeEmailChange(used)
        } else {
            try await users.markEmailVerified(userID: used.userID)
        }
    }

    /// What a verification or email-change link would confirm, for the page it opens to name the
    /// account asking before anyone confirms: (whether it is a change, the account's username, the address).
    public func describeEmailLink(token: String) async throws -> (change: Bool, username: String, email: String) {
        guard !token.isEmpty else { throw RoamError.invalidField("token", "is required") }
        guard let link = try await oneTimeTokens.peek(digest: tokens.digest(token), purposes: [.verifyEmail, .changeEmail], at: now()),
            let user = try await users.user(id: link.userID)
        else { throw AccountsError.invalidOneTimeToken }
        let change = link.purpose == .changeEmail
        return (change, user.username, change ? link.detail : user.email)
    }

    public func resendVerificationEmail(to caller: AuthenticatedUser) async throws {
        guard let user = try await users.user(id: caller.id) else { throw AccountsError.userNotFound }
        // An address another account has: answered as if sent (its owner was told at sign-up).
        if user.email.isEmpty, let pending = user.pendingEmail {
            guard try await mayMail(.verifyEmail, .emailInUse, to: pending) else { throw RoamError.tooManyAttempts(retryAfter: .seconds(3600)) }
            try await tellOwner(of: pending, thatItWasAskedForBy: user)
            return
        }
        guard !user.email.isEmpty else {
            throw RoamError(.failedPrecondition, reason: "NO_EMAIL", message: "the account has no email address; add one with an email change")
        }
        guard !user.emailVerified else {
            throw RoamError(.failedPrecondition, reason: "ALREADY_VERIFIED", message: "the email address is already verified")
        }
        guard try await mayMail(.verifyEmail, to: user.email) else { throw RoamError.tooManyAttempts(retryAfter: .seconds(3600)) }
        try await sendVerificationEmail(to: user)
    }

    /// Answers the same whether or not the address has an account, and whether or not it has had its
    /// share of mails this hour.
    public func requestPasswordReset(email: String) async throws {
        let email = email.trimmingWhitespace().lowercased()
        var validation = Validation()
        AccountRules.checkEmail(email, into: &validation)
        try validation.check()
        guard let user = try await users.user(email: email), try await mayMail(.resetPassword, to: user.email) else { return }
        let token = tokens.generate()
        try await oneTimeTokens.issue(
            digest: tokens.digest(token), userID: user.id, purpose: .resetPassword,
            expiresAt: now().adding(policy.resetTokenLifetime),
            mailing: mail(.resetPassword, to: user.email, of: user, fields: link("reset-password", token)))
    }

    /// Sets a new password and signs the account out everywhere.
    public func resetPassword(token: String, newPassword: String) async throws {
        var validation = Validation()
        validation.require(!token.isEmpty, "token", "is required")
        AccountRules.checkPassword(newPassword, field: "new_password", into: &validation)
        try validation.check()
        guard let userID = try await oneTimeTokens.consume(digest: tokens.digest(token), purpose: .resetPassword, at: now()) else {
            throw AccountsError.invalidOneTimeToken
        }
        try await users.setPasswordHash(userID: userID, try await hasher.hash(newPassword), keepingSession: nil)
        // Whoever could reset the password controls the mailbox, so the address is verified too, and
        // what others guessed at the account no longer holds them back.
        try await users.markEmailVerified(userID: userID)
        try await attempts.clear(key: "account:\(userID.lowercasedString)")
    }

    func sendVerificationEmail(to user: User) async throws {
        let token = tokens.generate()
        try await oneTimeTokens.issue(
            digest: tokens.digest(token), userID: user.id, purpose: .verifyEmail,
            expiresAt: now().adding(policy.verificationTokenLifetime),
            mailing: mail(.verifyEmail, to: user.email, of: user, fields: link("verify-email", token)))
    }

    /// Mails the account that has `address` that `requester` asked for it (at sign-up or in an email
    /// change): the asker hears what any request hears, so nobody learns whose address is registered.
    func tellOwner(of address: String, thatItWasAskedForBy requester: User) async throws {
        guard let owner = try await users.user(email: address) else { return }
        try await outgoingMail.queue(mail(.emailInUse, to: address, of: owner, fields: ["requester": requester.username]))
    }

    /// Whether `address` may get one more mail of these kinds this hour.
    func mayMail(_ kinds: Mail.Kind..., to address: String) async throws -> Bool {
        var sent = 0
        for kind in kinds { sent += try await outgoingMail.count(of: kind, to: address, since: now().addingTimeInterval(-3600)) }
        return sent < policy.mailsPerHour
    }

    func mail(_ kind: Mail.Kind, to address: String, of user: User, fields: [String: String]) -> Mail {
        let time = now()
        return Mail(
            id: .v7(at: time), userID: user.id, kind: kind, to: address, language: user.profile.language,
            fields: fields.merging(["username": user.username]) { mine, _ in mine }, createdAt: time)
    }

    /// A page of the sign-in pages with the token, as the mail's link.
    func link(_ page: String, _ token: String) -> [String: String] {
        ["link": "\(policy.emailLinkBase)/\(page)?token=\(token)", "token": token]
    }
}

/// Changing the email address: the new address proves itself through a link before anything changes,
/// the old one is told once it has, and the account stays signed in throughout. An address that already
/// has an account gets the same answer (no one learns whose address is registered): its owner is told
/// by mail instead.
extension AccountService {
    public func requestEmailChange(of caller: AuthenticatedUser, to requested: String, password: String) async throws {
        let email = requested.trimmingWhitespace().lowercased()
        var validation = Validation()
        AccountRules.checkEmail(email, field: "new_email", into: &validation)
        try validation.check()
        guard let user = try await users.user(id: caller.id) else { throw AccountsError.userNotFound }
        try await confirmIdentity(of: user, caller: caller, password: password)
        guard email != user.email else {
            throw RoamError(
                .failedPrecondition, reason: "SAME_EMAIL", message: "this is already the account's address",
                violations: [.init(field: "new_email", description: "is already the account's address")])
        }
        // One count for both answers, so asking again and again meets the same 429 either way.
        guard try await mayMail(.changeEmail, .emailInUse, to: email) else { throw RoamError.tooManyAttempts(retryAfter: .seconds(3600)) }
        if try await users.user(email: email) != nil {
            try await tellOwner(of: email, thatItWasAskedForBy: user)
            return
        }
        let token = tokens.generate()
        try await oneTimeTokens.issue(
            digest: tokens.digest(token), userID: user.id, purpose: .changeEmail, detail: email,
            expiresAt: now().adding(policy.verificationTokenLifetime),
            mailing: mail(.changeEmail, to: email, of: user, fields: link("verify-email", token)))
    }

    /// The change an email-change token asked for; the old address is told in the same transaction.
    func completeEmailChange(_ token: UsedToken) async throws {
        guard let before = try await users.user(id: token.userID) else { throw AccountsError.invalidOneTimeToken }
        let notice =
            before.email.isEmpty || before.email == token.detail
            ? nil : mail(.emailChanged, to: before.email, of: before, fields: ["newEmail": token.detail])
        guard try await users.changeEmail(userID: token.userID, to: token.detail, notifying: notice) != nil else {
            throw AccountsError.invalidOneTimeToken
        }
    }
}
