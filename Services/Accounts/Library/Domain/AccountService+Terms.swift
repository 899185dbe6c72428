import Foundation
import RoamCore

/// The terms of service: accepted at sign-up, and again at sign-in when the operator publishes a new version.
extension AccountService {
    /// Records the acceptance of the current version by a signed-in user.
    public func acceptTerms(of caller: AuthenticatedUser, version: String) async throws -> ProfileView {
        guard !policy.termsVersion.isEmpty else {
            throw RoamError(.failedPrecondition, reason: "NO_TERMS", message: "this deployment has no terms of service to accept")
        }
        guard let user = try await users.user(id: caller.id) else { throw AccountsError.userNotFound }
        return ProfileView(user: try await checkTerms(of: user, accepting: version, always: true), isOwner: true)
    }

    /// The acceptance a sign-up records: the current version must be the one accepted, when there is one.
    func termsAcceptedAtSignUp(_ version: String, at time: Date) throws(RoamError) -> TermsAcceptance? {
        guard !policy.termsVersion.isEmpty else {
            return version.isEmpty ? nil : TermsAcceptance(version: version, acceptedAt: time)
        }
        guard version == policy.termsVersion else { throw termsNotAccepted(field: "terms_version") }
        return TermsAcceptance(version: version, acceptedAt: time)
    }

    /// Lets a user whose accepted version is not the current one sign in only when they accept it now
    /// (`accepting`), and records it. `always` checks even where the operator does not require it.
    func checkTerms(of user: User, accepting version: String, always: Bool = false) async throws -> User {
        guard !policy.termsVersion.isEmpty, always || policy.termsRequiredAtSignIn,
            user.acceptedTerms?.version != policy.termsVersion
        else { return user }
        guard version.trimmingWhitespace() == policy.termsVersion else {
            throw termsNotAccepted(field: always ? "version" : "accept_terms_version")
        }
        let acceptance = TermsAcceptance(version: policy.termsVersion, acceptedAt: now())
        try await users.acceptTerms(userID: user.id, acceptance)
        var accepted = user
        accepted.acceptedTerms = acceptance
        return accepted
    }

    private func termsNotAccepted(field: String) -> RoamError {
        RoamError(
            .failedPrecondition, reason: "TERMS_NOT_ACCEPTED",
            message: "accept the terms of service, version \"\(policy.termsVersion)\", to go on",
            violations: [.init(field: field, description: "must be \"\(policy.termsVersion)\", the current terms")])
    }
}
