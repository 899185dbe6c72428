/// Checks an ID token from a provider: its signature against the provider's published keys, its issuer,
/// its audience (one of the provider's client ids), its expiry, and that it carries the nonce the app
/// asked the provider for (as it is, or as its SHA-256 in hex, which Apple's and Facebook's SDKs send).
public protocol IDTokenVerifier: Sendable {
    /// Throws `AccountsError.invalidIDToken` for a token that fails any check.
    func verify(_ idToken: String, from provider: IdentityProvider, nonce: String) async throws -> ProviderClaims
}
