/// Random bearer secrets (refresh, verification and reset tokens) and the digests stored in their
/// place. The runtime's `OpaqueToken` makes them with swift-crypto.
public protocol SecretTokens: Sendable {
    /// A new unguessable token.
    func generate() -> String
    /// What is stored instead of the token, so a leaked database hands out no working tokens.
    func digest(_ token: String) -> [UInt8]
}
