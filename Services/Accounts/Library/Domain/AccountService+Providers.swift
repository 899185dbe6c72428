import Foundation
import RoamCore

/// Signing in with an OpenID Connect provider (Google, Apple, Facebook Limited Login, or any issuer the
/// operator names), and linking or unlinking providers on an account.
extension AccountService {
    /// The names of the providers this deployment accepts.
    public var providerNames: [String] { providers.map(\.name) }

    /// The terms of service users accept now ("" when there are none).
    public var termsVersion: String { policy.termsVersion }

    /// Signs in the person the ID token names: the account linked to that provider account, else the
    /// account with the same verified email (linking it) when the provider is trusted with emails and
    /// the address came with that account (not through an email change), else a new account.
    public func signIn(
        provider name: String, idToken: String, nonce: String, acceptingTerms: String = "",
        device: DeviceInfo, clientAddress: String
    ) async throws -> ProviderSignIn {
        let (provider, claims) = try await verifiedClaims(provider: name, idToken: idToken, nonce: nonce)
        let time = now()
        let email = claims.email?.trimmingWhitespace().lowercased() ?? ""
        if let linked = try await identities.identity(issuer: provider.issuer, subject: claims.subject) {
            guard let user = try await users.user(id: linked.userID) else { throw AccountsError.invalidIDToken }
            return try await signedIn(user, acceptingTerms: acceptingTerms, created: false, device: device, clientAddress: clientAddress)
        }
        if provider.linksByEmail, claims.emailVerified, !email.isEmpty, let owner = try await users.user(email: email),
            owner.emailChangedAt == nil
        {
            guard owner.emailVerified else { throw AccountsError.emailInUseUnverified }
            try await identities.link(identity(of: owner.id, at: provider, claims: claims, email: email, time: time))
            return try await signedIn(owner, acceptingTerms: acceptingTerms, created: false, device: device, clientAddress: clientAddress)
        }
        do {
            let user = try await createAccount(at: provider, claims: claims, email: email, acceptingTerms: acceptingTerms, time: time)
            return try await signedIn(user, acceptingTerms: acceptingTerms, created: true, device: device, clientAddress: clientAddress)
        } catch let error as RoamError where error == AccountsError.identityTaken {
            // The same person's first sign-in twice at once (an app that sent it again): the other one made
            // the account, and this one signs in to it.
            guard let linked = try await identities.identity(issuer: provider.issuer, subject: claims.subject),
                let user = try await users.user(id: linked.userID)
            else { throw error }
            return try await signedIn(user, acceptingTerms: acceptingTerms, created: false, device: device, clientAddress: clientAddress)
        }
    }

    /// Links a provider account to the caller's account.
    public func linkProvider(of caller: AuthenticatedUser, provider name: String, idToken: String, nonce: String) async throws -> LinkedIdentity {
        let (provider, claims) = try await verifiedClaims(provider: name, idToken: idToken, nonce: nonce)
        guard try await users.user(id: caller.id) != nil else { throw AccountsError.userNotFound }
        let identity = identity(
            of: caller.id, at: provider, claims: claims,
            email: claims.email?.trimmingWhitespace().lowercased() ?? "", time: now())
        try await identities.link(identity)
        return try await identities.identity(issuer: identity.issuer, subject: identity.subject) ?? identity
    }

    public func linkedProviders(of caller: AuthenticatedUser) async throws -> [LinkedIdentity] {
        try await identities.identities(of: caller.id)
    }

    /// Refused when it is the account's last way to sign in.
    public func unlinkProvider(of caller: AuthenticatedUser, provider name: String) async throws {
        switch try await identities.unlink(provider: name.lowercased(), from: caller.id) {
        case .unlinked: return
        case .notLinked: throw RoamError.notFound("provider")
        case .lastWayToSignIn: throw AccountsError.lastWayToSignIn
        }
    }

    private func verifiedClaims(provider name: String, idToken: String, nonce: String) async throws -> (IdentityProvider, ProviderClaims) {
        var validation = Validation()
        validation.require(!name.isEmpty, "provider", "is required")
        validation.require(!idToken.isEmpty, "id_token", "is required")
        validation.require((8...512).contains(nonce.count), "nonce", "must be the 8 to 512 characters the app gave the provider")
        try validation.check()
        guard let provider = providers.first(where: { $0.name == name.lowercased() }), let idTokens else {
            throw AccountsError.unknownProvider
        }
        let claims = try await idTokens.verify(idToken, from: provider, nonce: nonce)
        // One sign-in per nonce, whatever its form: the token carries the app's nonce or its SHA-256, so
        // both the token's value and its hash are remembered until the token expires. Any two sign-ins
        // with one nonce, in either form, share one of them.
        var fresh = true
        for form in claims.nonceForms.isEmpty ? [claims.nonce ?? nonce] : claims.nonceForms {
            if !(try await nonces.use(tokens.digest("\(provider.issuer)\n\(form)"), until: claims.expiresAt, at: now())) { fresh = false }
        }
        guard fresh else { throw AccountsError.nonceReused }
        return (provider, claims)
    }

    private func identity(of userID: UUID, at provider: IdentityProvider, claims: ProviderClaims, email: String, time: Date) -> LinkedIdentity {
        LinkedIdentity(userID: userID, provider: provider.name, issuer: provider.issuer, subject: claims.subject, email: email, linkedAt: time)
    }

    private func signedIn(
        _ user: User, acceptingTerms: String, created: Bool, device: DeviceInfo, clientAddress: String
    ) async throws -> ProviderSignIn {
        let user = created ? user : try await checkTerms(of: user, accepting: acceptingTerms)
        let tokens = try await startSession(for: user, device: device, clientAddress: clientAddress)
        return ProviderSignIn(account: ProfileView(user: user, isOwner: true), tokens: tokens, created: created)
    }

    /// A new account for the provider's person: a username made from their name and made unique, their
    /// email when it is free (verified when the provider says so), and no password.
    private func createAccount(
        at provider: IdentityProvider, claims: ProviderClaims, email: String, acceptingTerms: String,
        time: Date
    ) async throws -> User {
        let terms = try termsAcceptedAtSignUp(acceptingTerms, at: time)
        let emailTaken = email.isEmpty ? false : try await users.user(email: email) != nil
        let freeEmail = emailTaken ? "" : email
        let base = UsernameSuggestion.base(name: claims.name, email: email)
        for attempt in 0..<20 {
            let username = UsernameSuggestion.candidate(base, attempt: attempt)
            guard try await users.user(username: username) == nil else { continue }
            let user = User(
                id: .v7(at: time), email: freeEmail, username: username, passwordHash: nil,
                emailVerified: claims.emailVerified && !freeEmail.isEmpty,
                profile: ProfileDetails(displayName: UsernameSuggestion.displayName(claims.name, fallback: username)),
                createdAt: time, acceptedTerms: terms)
            do {
                try await identities.createAccount(user, with: identity(of: user.id, at: provider, claims: claims, email: email, time: time))
            } catch let error as RoamError where error == AccountsError.usernameTaken {
                continue  // taken meanwhile by someone else: try the next candidate
            }
            if !user.email.isEmpty, !user.emailVerified { try await sendVerificationEmail(to: user) }
            return user
        }
        throw RoamError(.unavailable, reason: "USERNAME_UNAVAILABLE", message: "no free username could be made; try again")
    }
}
