import Foundation
import RoamCore

/// Email verification and password reset, both through one-time tokens sent by the mail sender.
extension AccountService {
    public func verifyEmail(token: String) async throws {
        guard !token.isEmpty else { throw RoamError.invalidField("token", "is required") }
        guard let userID = try await oneTimeTokens.consume(digest: tokens.digest(token), purpose: .verifyEmail, at: now()) else {
            throw AccountsError.invalidOneTimeToken
        }
        try await users.markEmailVerified(userID: userID)
    }

    public func resendVerificationEmail(to caller: AuthenticatedUser) async throws {
        guard let user = try await users.user(id: caller.id) else { throw AccountsError.userNotFound }
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
        try await oneTimeTokens.issue(digest: tokens.digest(token), userID: user.id, purpose: .resetPassword,
                                      expiresAt: now().adding(policy.resetTokenLifetime))
        try await mailer.send(Mail(kind: .resetPassword, to: user.email, subject: "Reset your Roam password",
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
        try await oneTimeTokens.issue(digest: tokens.digest(token), userID: user.id, purpose: .verifyEmail,
                                      expiresAt: now().adding(policy.verificationTokenLifetime))
        try await mailer.send(Mail(kind: .verifyEmail, to: user.email, subject: "Activate your Roam account",
                                   body: "Confirm your address: \(policy.emailLinkBase)/verify-email?token=\(token)",
                                   token: token))
    }
}
