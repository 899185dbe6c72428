import RoamAPI

/// Tokens kept for as long as the process runs.
public actor InMemoryTokenStore: TokenStore {
    private var tokens: Components.Schemas.Tokens?
    private var deviceToken: String?

    public init(_ tokens: Components.Schemas.Tokens? = nil) {
        self.tokens = tokens
    }

    public func load() -> Components.Schemas.Tokens? { tokens }

    public func save(_ tokens: Components.Schemas.Tokens?) { self.tokens = tokens }

    public func loadDeviceToken() -> String? { deviceToken }

    public func saveDeviceToken(_ token: String) { deviceToken = token }
}
