import RoamAPI

/// Where a session keeps its tokens between launches: in memory, in a file, or (on Apple platforms)
/// wherever the app wants them, such as the Keychain.
public protocol TokenStore: Sendable {
    /// The tokens last saved, or nil when signed out.
    func load() async throws -> Components.Schemas.Tokens?
    /// Keeps `tokens`; nil forgets them (signed out).
    func save(_ tokens: Components.Schemas.Tokens?) async throws
    /// The token the gateway gave this device at its last sign-in, kept across sign-outs: sent with a
    /// log-in, it marks the device as one the account knows, which guessing elsewhere never holds back.
    func loadDeviceToken() async throws -> String?
    func saveDeviceToken(_ token: String) async throws
}
