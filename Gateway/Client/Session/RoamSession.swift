import Foundation
import HTTPTypes
import OpenAPIRuntime
import RoamAPI

/// One user's sign-in to a Roam gateway, and `client`, whose calls carry its token:
/// - its tokens kept in a `TokenStore`, the access token refreshed shortly before it expires and once
///   after a 401, one refresh at a time however many calls wait for it (the refresh token is rotated
///   on every refresh, and one used twice ends the session);
/// - every 4xx and 5xx thrown as a `RoamProblem`;
/// - every create that takes an `Idempotency-Key` given one, and calls that are safe to repeat sent
///   again after a network failure or a `Retry-After` (`RetryPolicy`);
/// - with a `PendingWriteStore`, creates made while the gateway cannot be reached kept in order and
///   sent, each exactly once, when it answers again (`pendingWrites`).
public actor RoamSession {
    public nonisolated let gateway: URL
    /// The creates kept while the gateway could not be reached; nil when the session keeps none.
    public nonisolated let pendingWrites: PendingWrites?
    /// The answers of reads kept to show offline; nil when the session keeps none.
    public nonisolated let readCache: (any ReadCache)?
    /// The reads `readCache` keeps, by operation id.
    nonisolated let cachedOperations: Set<String>
    /// The app's own, run around every call.
    nonisolated let middlewares: [any ClientMiddleware]
    nonisolated let retryPolicy: RetryPolicy
    private let store: any TokenStore
    private let refreshMargin: TimeInterval
    /// Sign-up, log-in, refresh and log-out: calls that carry no access token.
    private let auth: Client
    private var tokens: Components.Schemas.Tokens?
    private var loaded = false
    private var refreshing: Task<Components.Schemas.Tokens, any Error>?
    /// Why the last session ended, for `states()`.
    private var endReason: String?
    private var stateListeners: [UUID: AsyncStream<SessionState>.Continuation] = [:]
    private var lastState: SessionState?
    /// While someone listens to `states()`: the notification stream, whose `closed` event says at once
    /// that the gateway ended the session.
    private var watcher: (id: UUID, task: Task<Void, Never>)?

    /// - Parameters:
    ///   - gateway: the gateway's URL (`http://localhost:8080` for `roam up`).
    ///   - store: where the tokens are kept (`KeychainTokenStore` on Apple platforms, `FileTokenStore`).
    ///   - refreshMargin: how long before it expires an access token is refreshed.
    ///   - retryPolicy: how calls that are safe to repeat are sent again.
    ///   - pendingWrites: where to keep creates made while the gateway cannot be reached; nil to keep
    ///     none (such a create then throws its network failure).
    ///   - readCache: where to keep the answers of reads the app shows offline (`FileReadCache`); a read
    ///     the gateway cannot be reached for is then answered from it, marked `Roam-Cache: stale`.
    ///   - cachedOperations: which reads it keeps (by operation id); nil for trips, their days,
    ///     calendars, journals, pins, itinerary, saved places, bucket lists and the account.
    ///   - middlewares: run around every call, the session's own included (logging, metrics).
    public init(
        gateway: URL, store: any TokenStore = InMemoryTokenStore(), refreshMargin: TimeInterval = 30,
        retryPolicy: RetryPolicy = .standard, pendingWrites: (any PendingWriteStore)? = nil,
        readCache: (any ReadCache)? = nil, cachedOperations: Set<String>? = nil, middlewares: [any ClientMiddleware] = []
    ) {
        self.readCache = readCache
        self.cachedOperations = cachedOperations ?? ReadCacheMiddleware.defaultOperations
        self.gateway = gateway
        self.store = store
        self.refreshMargin = refreshMargin
        self.retryPolicy = retryPolicy
        self.pendingWrites = pendingWrites.map { PendingWrites(store: $0) }
        self.middlewares = middlewares
        self.auth = Client(roam: gateway, middlewares: [ProblemMiddleware()] + middlewares)
    }

    /// Calls as this session's user. What a call throws, besides the transport's own errors, is found
    /// with `error.roamProblem` (the gateway's answer) and `error.roamClientError` (the session ended,
    /// or the create was kept for later).
    public nonisolated var client: Client {
        // The key before the queue and the retries, so every try carries the same one; the session's
        // token last but the app's own, so those see each request as sent.
        let offline = pendingWrites.map { [OfflineWritesMiddleware(writes: $0, session: self)] as [any ClientMiddleware] } ?? []
        // Outside the retries: a read is answered from the cache only once they are spent.
        let cache = readCache.map { [ReadCacheMiddleware(cache: $0, session: self, operations: cachedOperations)] as [any ClientMiddleware] } ?? []
        let session: [any ClientMiddleware] = [RetryMiddleware(policy: retryPolicy), SessionMiddleware(session: self)]
        return Client(roam: gateway, middlewares: [ProblemMiddleware(), IdempotencyKeyMiddleware()] + offline + cache + session + middlewares)
    }

    /// Whether tokens are kept (they may still turn out to be revoked).
    public var isSignedIn: Bool {
        get async throws { try await current() != nil }
    }

    /// Creates an account and signs in as it. A refusal (a taken username, a weak password) throws its
    /// `RoamProblem`.
    @discardableResult
    public func signUp(_ request: Components.Schemas.SignUpRequest) async throws -> Components.Schemas.SignedIn {
        try await keep(signedIn: auth.signUp(body: .json(request)).created.body.json)
    }

    /// Signs in with an email or username and a password.
    @discardableResult
    public func logIn(_ request: Components.Schemas.LogInRequest) async throws -> Components.Schemas.SignedIn {
        var request = request
        // The device the store remembers: guessing at the account elsewhere never holds it back.
        if request.deviceToken == nil { request.deviceToken = try await store.loadDeviceToken() }
        return try await keep(signedIn: auth.logIn(body: .json(request)).ok.body.json)
    }

    /// Signs in with an OpenID Connect provider's ID token (Sign in with Apple, Google, …; `nonce` is the
    /// one the app gave the provider), creating the account on first use.
    @discardableResult
    public func signIn(withProvider request: Components.Schemas.ProviderSignInRequest) async throws -> Components.Schemas.ProviderSignedIn {
        let signedIn = try await auth.signInWithProvider(body: .json(request)).ok.body.json
        try await keep(signedIn.tokens)
        return signedIn
    }

    /// Ends the session at the gateway and forgets its tokens and the writes not sent yet (here even
    /// when the gateway cannot be reached).
    public func logOut() async throws {
        guard let tokens = try await current() else { return }
        try await keep(nil, endedBecause: SessionState.loggedOut)
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

    /// The account the kept tokens are for (their access token's subject), nil when signed out.
    func signedInUserID() async throws -> String? {
        try await current().flatMap { Self.subject(of: $0.accessToken) }
    }

    /// A JWT's `sub`, read without checking the signature: the gateway checks that; this only tells
    /// whose writes are whose on this device.
    static func subject(of token: String) -> String? {
        let parts = token.split(separator: ".")
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            let claims = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return claims["sub"] as? String
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

    private func keep(signedIn: Components.Schemas.SignedIn) async throws -> Components.Schemas.SignedIn {
        try await keep(signedIn.tokens)
        if let deviceToken = signedIn.deviceToken { try await store.saveDeviceToken(deviceToken) }
        return signedIn
    }

    func keep(_ tokens: Components.Schemas.Tokens?, endedBecause reason: String? = nil) async throws {
        let before = try await current().flatMap { Self.subject(of: $0.accessToken) }
        self.tokens = tokens
        loaded = true
        endReason = tokens == nil ? reason : nil
        publishState()
        try await store.save(tokens)
        // However the session ended (a log-out, a refused refresh) or changed hands, what waits was
        // the previous account's.
        if tokens == nil || before != tokens.flatMap({ Self.subject(of: $0.accessToken) }) && before != nil {
            try await pendingWrites?.discardAll()
            await readCache?.removeAll()
        }
    }

    /// New tokens in place of those whose access token is `token`: one refresh, whoever asks while it runs.
    private func refreshed(replacing token: String) async throws -> Components.Schemas.Tokens? {
        if let refreshing { return try await refreshing.value }
        guard let tokens, tokens.accessToken == token else { return self.tokens }
        // Not the caller's task: a caller that gives up must not cancel the refresh the others wait on.
        let refresh = Task { try await self.refresh(with: tokens.refreshToken) }
        refreshing = refresh
        publishState()
        defer {
            refreshing = nil
            publishState()
        }
        return try await refresh.value
    }

    private func refresh(with refreshToken: String) async throws -> Components.Schemas.Tokens {
        do {
            let fresh = try await auth.refresh(body: .json(.init(refreshToken: refreshToken))).ok.body.json
            try await keep(fresh)
            return fresh
        } catch let error where error.roamProblem?.status == 401 {
            let reason = error.roamProblem?.reason.rawValue ?? "UNAUTHENTICATED"
            try await keep(nil, endedBecause: reason)
            throw RoamClientError.signedOut(reason: reason)
        } catch let error {
            // The session may still be good: the refresh is tried again on the next call.
            guard let problem = error.roamProblem else { throw error }
            throw RoamClientError.refreshFailed(status: problem.status, reason: problem.reason.rawValue)
        }
    }

    /// Where the session stands now.
    var state: SessionState {
        guard let user = tokens.flatMap({ Self.subject(of: $0.accessToken) }) else { return .signedOut(reason: endReason) }
        return refreshing == nil ? .signedIn(userID: user) : .refreshing(userID: user)
    }

    func addStateListener(_ id: UUID, _ continuation: AsyncStream<SessionState>.Continuation) async {
        _ = try? await current()
        stateListeners[id] = continuation
        continuation.yield(state)
        lastState = state
        updateWatcher()
    }

    func removeStateListener(_ id: UUID) {
        stateListeners[id] = nil
        updateWatcher()
    }

    /// Tells the listeners when the state changed.
    private func publishState() {
        let now = state
        guard now != lastState else { return }
        lastState = now
        for listener in stateListeners.values { listener.yield(now) }
        updateWatcher()
    }

    /// Watches the gateway's word on the session while someone listens and there is one.
    private func updateWatcher() {
        let wanted = !stateListeners.isEmpty && tokens != nil
        if wanted, watcher == nil {
            let id = UUID()
            watcher = (id, Task { await self.watch(id) })
        } else if !wanted, let running = watcher {
            running.task.cancel()
            watcher = nil
        }
    }

    private func watch(_ id: UUID) async {
        do {
            for try await _ in notifications() {}
        } catch let problem as RoamProblem where problem.status == 401 {
            // The gateway closed the stream: the session was revoked, or the account deleted.
            if watcher?.id == id { try? await keep(nil, endedBecause: problem.reason.rawValue) }
        } catch {
            // Signed out on the way (the session already said so), cancelled, or refused for another
            // reason (too many streams): the state stands.
        }
        if watcher?.id == id { watcher = nil }
    }

    /// Sends a request as it is, with the session's token (a pending write; the app's middlewares see it too).
    func send(_ request: HTTPRequest, body: HTTPBody?, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        try await MiddlewareChain(middlewares: [SessionMiddleware(session: self)] + middlewares).send(
            request, body: body, baseURL: gateway, operationID: operationID)
    }

    /// Sends a request to a link the gateway signed, without the session's token (the signature is the
    /// permission, and the link may point elsewhere), sent again after a network failure.
    nonisolated func send(signed request: HTTPRequest, to baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        try await MiddlewareChain(middlewares: [ProblemMiddleware(), RetryMiddleware(policy: retryPolicy)] + middlewares).send(
            request, body: nil, baseURL: baseURL, operationID: operationID)
    }
}
