import Foundation
import OpenAPIRuntime

/// One user's sign-in to a Roam gateway: its tokens kept in a `TokenStore`, the access token refreshed
/// shortly before it expires and once after a 401, one refresh at a time however many calls wait for
/// it (the refresh token is rotated on every refresh, and one used twice ends the session), and
/// `client`, whose calls carry the token.
public actor RoamSession {
    public nonisolated let gateway: URL
    private nonisolated let middlewares: [any ClientMiddleware]
    private let store: any TokenStore
    private let refreshMargin: TimeInterval
    /// Sign-up, log-in, refresh and log-out: calls that carry no access token.
    private let auth: Client
    private var tokens: Components.Schemas.Tokens?
    private var loaded = false
    private var refreshing: Task<Components.Schemas.Tokens, any Error>?

    /// - Parameters:
    ///   - refreshMargin: how long before it expires an access token is refreshed.
    ///   - middlewares: run around every call, the session's own included (logging, metrics).
    public init(
        gateway: URL, store: any TokenStore = InMemoryTokenStore(), refreshMargin: TimeInterval = 30,
        middlewares: [any ClientMiddleware] = []
    ) {
        self.gateway = gateway
        self.store = store
        self.refreshMargin = refreshMargin
        self.middlewares = middlewares
        self.auth = Client(roam: gateway, middlewares: middlewares)
    }

    /// Calls as this session's user. A call made once the session has ended (its refresh token
    /// refused) throws a `ClientError` whose `underlyingError` is `RoamClientError.signedOut`.
    public nonisolated var client: Client {
        // The session's own first, so the others see each request as sent, token and retry included.
        Client(roam: gateway, middlewares: [SessionMiddleware(session: self)] + middlewares)
    }

    /// Whether tokens are kept (they may still turn out to be revoked).
    public var isSignedIn: Bool {
        get async throws { try await current() != nil }
    }

    /// Creates an account and signs in as it; other answers (a taken username, a refused password) are
    /// returned as the contract lists them.
    @discardableResult
    public func signUp(_ request: Components.Schemas.SignUpRequest) async throws -> Operations.SignUp.Output {
        let output = try await auth.signUp(body: .json(request))
        if case .created(let created) = output { try await keep(try created.body.json.tokens) }
        return output
    }

    /// Signs in with an email or username and a password.
    @discardableResult
    public func logIn(_ request: Components.Schemas.LogInRequest) async throws -> Operations.LogIn.Output {
        let output = try await auth.logIn(body: .json(request))
        if case .ok(let ok) = output { try await keep(try ok.body.json.tokens) }
        return output
    }

    /// Signs in with an OpenID Connect provider's ID token (Sign in with Apple, Google, …; `nonce` is the
    /// one the app gave the provider), creating the account on first use.
    @discardableResult
    public func signIn(withProvider request: Components.Schemas.ProviderSignInRequest) async throws -> Operations.SignInWithProvider.Output {
        let output = try await auth.signInWithProvider(body: .json(request))
        if case .ok(let ok) = output { try await keep(try ok.body.json.tokens) }
        return output
    }

    /// Ends the session at the gateway and forgets its tokens (here even when the gateway cannot be reached).
    public func logOut() async throws {
        guard let tokens = try await current() else { return }
        try await keep(nil)
        _ = try? await auth.logOut(body: .json(.init(refreshToken: tokens.refreshToken)))
    }

    /// A token for the next call: the kept one, or a fresh one when it is about to expire; nil when
    /// signed out.
    func accessToken() async throws -> String? {
        guard let tokens = try await current() else { return nil }
        if tokens.accessTokenExpiresAt.timeIntervalSinceNow > refreshMargin { return tokens.accessToken }
        return try await refreshed(replacing: tokens.accessToken)?.accessToken
    }

    /// After a 401 for a call that carried `token`: a token to try once more with, refreshing unless
    /// another call already has; nil when there is none to try.
    func token(afterRefusalOf token: String) async throws -> String? {
        guard let tokens = try await current() else { return nil }
        if tokens.accessToken != token { return tokens.accessToken }
        return try await refreshed(replacing: token)?.accessToken
    }

    /// The tokens kept now (for tests).
    func currentTokens() async throws -> Components.Schemas.Tokens? { try await current() }

    private func current() async throws -> Components.Schemas.Tokens? {
        if !loaded {
            tokens = try await store.load()
            loaded = true
        }
        return tokens
    }

    private func keep(_ tokens: Components.Schemas.Tokens?) async throws {
        self.tokens = tokens
        loaded = true
        try await store.save(tokens)
    }

    /// New tokens in place of those whose access token is `token`: one refresh, whoever asks while it runs.
    private func refreshed(replacing token: String) async throws -> Components.Schemas.Tokens? {
        if let refreshing { return try await refreshing.value }
        guard let tokens, tokens.accessToken == token else { return self.tokens }
        // Not the caller's task: a caller that gives up must not cancel the refresh the others wait on.
        let refresh = Task { try await self.refresh(with: tokens.refreshToken) }
        refreshing = refresh
        defer { refreshing = nil }
        return try await refresh.value
    }

    private func refresh(with refreshToken: String) async throws -> Components.Schemas.Tokens {
        switch try await auth.refresh(body: .json(.init(refreshToken: refreshToken))) {
        case .ok(let ok):
            let fresh = try ok.body.json
            try await keep(fresh)
            return fresh
        case .unauthorized(let refused):
            try await keep(nil)
            throw RoamClientError.signedOut(reason: (try? refused.body.applicationProblemJson.reason) ?? "UNAUTHENTICATED")
        // The session may still be good: the refresh is tried again on the next call.
        case .badRequest(let problem): throw RoamClientError.refreshFailed(status: 400, reason: try? problem.body.applicationProblemJson.reason)
        case .tooManyRequests(let problem): throw RoamClientError.refreshFailed(status: 429, reason: try? problem.body.applicationProblemJson.reason)
        case .internalServerError(let problem):
            throw RoamClientError.refreshFailed(status: 500, reason: try? problem.body.applicationProblemJson.reason)
        case .serviceUnavailable(let problem):
            throw RoamClientError.refreshFailed(status: 503, reason: try? problem.body.applicationProblemJson.reason)
        case .gatewayTimeout(let problem): throw RoamClientError.refreshFailed(status: 504, reason: try? problem.body.applicationProblemJson.reason)
        case .undocumented(let status, _): throw RoamClientError.refreshFailed(status: status, reason: nil)
        }
    }
}
