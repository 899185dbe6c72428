/// The outcome of signing in through a provider.
public struct ProviderSignIn: Sendable {
    public var account: ProfileView
    public var tokens: IssuedTokens
    /// True when this sign-in created the account.
    public var created: Bool
}
