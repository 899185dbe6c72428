import Foundation
import RoamCore

/// Email verification and password reset, both through one-time tokens sent by the mail sender.
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

    public func resendVerificationEmail(to caller: AuthenticatedUser) async throws {
        guard let user = try await users.user(id: caller.id) else { throw AccountsError.userNotFound }
        guard !user.email.isEmpty else {
            throw RoamError(.failedPrecondition, reason: "NO_EMAIL", message: "the account has no email address; add one with an email change")
        }
        guard !user.emailVerified else {
            throw RoamError(.failedPrecondition, reason: "ALREADY_VERIFIED", message: "the email address is already verified")
        }
        try await sendVerificationEmail(to: user)
    }

    /// Answers the same whether or not the address has an account.
    public func requestPasswordReset(email: String) async throws {
        let email = email.trimmingWhitespace().lowercased()
        var validation = Validation()
        AccountRules.checkEmail(email, into: &validation)
        try validation.check()
        guard let user = try await users.user(email: email) else { return }
        let token = tokens.generate()
        try await oneTimeTokens.issue(
            digest: tokens.digest(token), userID: user.id, purpose: .resetPassword,
            expiresAt: now().adding(policy.resetTokenLifetime))
        try await mailer.send(
            Mail(
                kind: .resetPassword, to: user.email, subject: "Reset your Roam password",
                body: "Set a new password: \(policy.emailLinkBase)/reset-password?token=\(token)\nThe link works once, for one hour.",
                token: token))
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
        // Whoever could reset the password controls the mailbox, so the address is verified too.
        try await users.markEmailVerified(userID: userID)
    }

    func sendVerificationEmail(to user: User) async throws {
        let token = tokens.generate()
        try await oneTimeTokens.issue(
            digest: tokens.digest(token), userID: user.id, purpose: .verifyEmail,
            expiresAt: now().adding(policy.verificationTokenLifetime))
        try await mailer.send(
            Mail(
                kind: .verifyEmail, to: user.email, subject: "Activate your Roam account",
                body: "Confirm your address: \(policy.emailLinkBase)/verify-email?token=\(token)",
                token: token))
    }
}

/// Changing the email address: the new address proves itself through a link before anything changes,
/// the old one is told once it has, and the account stays signed in throughout.
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
        if try await users.user(email: email) != nil {
            throw RoamError.alreadyExists(field: "new_email", reason: "EMAIL_TAKEN", message: "an account with this email already exists")
        }
        let token = tokens.generate()
        try await oneTimeTokens.issue(
            digest: tokens.digest(token), userID: user.id, purpose: .changeEmail, detail: email,
            expiresAt: now().adding(policy.verificationTokenLifetime))
        try await mailer.send(
            Mail(
                kind: .changeEmail, to: email, subject: "Confirm your new Roam address",
                body:
                    "Use this address for your Roam account: \(policy.emailLinkBase)/verify-email?token=\(token)\nNothing changes until you follow the link.",
                token: token))
    }

    /// The change an email-change token asked for; tells the old address.
    func completeEmailChange(_ token: UsedToken) async throws {
        guard let before = try await users.user(id: token.userID) else { throw AccountsError.invalidOneTimeToken }
        guard let after = try await users.changeEmail(userID: token.userID, to: token.detail) else { throw AccountsError.invalidOneTimeToken }
        guard !before.email.isEmpty, before.email != after.email else { return }
        try await mailer.send(
            Mail(
                kind: .emailChanged, to: before.email, subject: "Your Roam address was changed",
                body:
                    "Your Roam account @\(after.username) now uses \(after.email). If you did not ask for this, reset your password and write to support.",
                token: ""))
    }
}
