import Accounts
import Foundation
import HTTPTypes
import OpenAPIRuntime
import RoamAPI
import RoamTesting
import Synchronization
import Testing

@testable import RoamClient

/// RoamClient's session against the real gateway and accounts service: tokens refreshed once however
/// many calls wait, after they expire and after a 401, kept in a file across sessions, and a rotated
/// refresh token used twice ending the session.
@Suite(.timeLimit(.minutes(2))) struct RoamSessionTests {
    /// Counts the answers each operation had, by status. A try the network lost (which the session's
    /// retries send again, and a loaded machine sometimes causes) had no answer and is not counted.
    final class Calls: ClientMiddleware, Sendable {
        private let counts = Mutex<[String: [Int: Int]]>([:])

        /// The answers `operation` had, whatever their status.
        subscript(operation: String) -> Int { counts.withLock { $0[operation, default: [:]].values.reduce(0, +) } }

        /// The answers `operation` had with `status`.
        subscript(operation: String, status status: Int) -> Int { counts.withLock { $0[operation]?[status] ?? 0 } }

        func intercept(
            _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
            next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
        ) async throws -> (HTTPResponse, HTTPBody?) {
            let answer = try await next(request, body, baseURL)
            counts.withLock { $0[operationID, default: [:]][answer.0.status.code, default: 0] += 1 }
            return answer
        }
    }

    static let ada = Components.Schemas.SignUpRequest(
        displayName: "Ada", email: "ada@example.com", password: "correct horse battery", username: "ada")

    /// Twenty reads at once, each answered for Ada.
    static func twentyReads(_ session: RoamSession) async throws {
        try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await session.client.getMe().ok.body.json.profile.username } }
            for try await username in group { #expect(username == "ada") }
        }
    }

    /// Why `call` found the session ended, or nil when it did not throw that.
    static func signedOutReason(_ call: () async throws -> some Any) async -> String? {
        do {
            _ = try await call()
        } catch let error as ClientError {
            if case .signedOut(let reason)? = error.underlyingError as? RoamClientError { return reason }
        } catch {}
        return nil
    }

    /// Ada's tokens, signed up through a session of their own.
    static func signedUp(at gateway: URL) async throws -> Components.Schemas.Tokens {
        let first = RoamSession(gateway: gateway)
        try await first.signUp(Self.ada)
        return try #require(try await first.currentTokens())
    }

    @Test func twentyCallsOnAnExpiredTokenRefreshItOnce() async throws {
        try await GatewayHarness.withAccounts { http in
            var kept = try await Self.signedUp(at: http.base)
            kept.accessTokenExpiresAt = Date().addingTimeInterval(-1)
            let calls = Calls()
            let session = RoamSession(gateway: http.base, store: InMemoryTokenStore(kept), refreshMargin: 0, middlewares: [calls])
            try await Self.twentyReads(session)
            #expect(calls["refresh"] == 1)
            #expect(calls["getMe", status: 200] == 20)
            #expect(calls["getMe", status: 401] == 0, "none refused")
        }
    }

    @Test func twentyCallsRefusedWithA401RefreshOnceAndAreSentAgainAndTheFileKeepsTheNewTokens() async throws {
        try await GatewayHarness.withAccounts { http in
            let first = RoamSession(gateway: http.base)
            try await first.signUp(Self.ada)
            var kept = try #require(try await first.currentTokens())
            // A token the gateway refuses though it has not expired, as after a key rotation.
            kept.accessToken = "refused"
            kept.accessTokenExpiresAt = Date().addingTimeInterval(3_600)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("roam-tokens-\(UUID()).json")
            defer { try? FileManager.default.removeItem(at: file) }
            try await FileTokenStore(url: file).save(kept)

            let calls = Calls()
            let session = RoamSession(gateway: http.base, store: FileTokenStore(url: file), middlewares: [calls])
            try await Self.twentyReads(session)
            #expect(calls["refresh"] == 1)
            #expect(calls["getMe", status: 401] == 20, "each refused once")
            #expect(calls["getMe", status: 200] == 20, "then sent again")

            let later = Calls()
            let relaunched = RoamSession(gateway: http.base, store: FileTokenStore(url: file), middlewares: [later])
            #expect(try await relaunched.isSignedIn)
            #expect(try await relaunched.client.getMe().ok.body.json.profile.username == "ada")
            #expect(later["refresh"] == 0 && later["getMe"] == 1)
        }
    }

    @Test func aRefreshTokenUsedTwiceEndsTheSessionEverywhere() async throws {
        try await GatewayHarness.withAccounts { http in
            let kept = try await Self.signedUp(at: http.base)
            // A copy of the tokens (a restored backup) refreshes first, rotating the refresh token.
            var copied = kept
            copied.accessToken = "refused"
            let copy = RoamSession(gateway: http.base, store: InMemoryTokenStore(copied))
            #expect(try await copy.client.getMe().ok.body.json.profile.username == "ada")

            // The original's access token expires: its refresh sends the refresh token already used.
            var expired = kept
            expired.accessTokenExpiresAt = Date().addingTimeInterval(-1)
            let phone = RoamSession(gateway: http.base, store: InMemoryTokenStore(expired))
            #expect(await Self.signedOutReason { try await phone.client.getMe() } == "REFRESH_TOKEN_REUSED")
            #expect(try await !phone.isSignedIn)
            // The gateway ended the whole session: once the revocation reaches it (its feed from accounts),
            // the copy's next call is refused, and its refresh too.
            #expect(await eventually { await Self.signedOutReason { try await copy.client.getMe() } != nil })
            #expect(try await !copy.isSignedIn)
        }
    }

    @Test func loggingOutEndsTheSessionAtTheGatewayAndForgetsTheTokens() async throws {
        try await GatewayHarness.withAccounts { http in
            let store = InMemoryTokenStore()
            let session = RoamSession(gateway: http.base, store: store)
            try await session.signUp(Self.ada)
            let before = try #require(try await session.currentTokens())
            try await session.logOut()
            #expect(await store.load() == nil)
            #expect(try await !session.isSignedIn)
            let reused = try await Client(roam: http.base).refresh(body: .json(.init(refreshToken: before.refreshToken)))
            guard case .unauthorized = reused else {
                Issue.record("a logged-out refresh token still works: \(reused)")
                return
            }
            // Signed out, calls go without a token, and the gateway refuses those that need one.
            await #expect { try await session.client.getMe() } throws: { $0.roamProblem?.status == 401 }
        }
    }

    /// The device token the gateway gives at sign-up is kept (owner-only, beside the tokens) across a
    /// sign-out and sent with the next log-in, which the gateway recognises: it answers with the same one.
    @Test func theDeviceTokenOutlivesASignOutAndMarksTheNextLogIn() async throws {
        try await GatewayHarness.withAccounts { http in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roam-device-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = FileTokenStore(url: folder.appendingPathComponent("tokens.json"))
            let session = RoamSession(gateway: http.base, store: store)
            let signedUp = try await session.signUp(Self.ada)
            let device = try #require(signedUp.deviceToken)
            let kept = try await store.loadDeviceToken()
            #expect(kept == device, "kept \(kept ?? "nothing"), given \(device)")
            let mode = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("tokens.json.device").path)[.posixPermissions]
            #expect((mode as? NSNumber)?.intValue == 0o600)
            try await session.logOut()
            #expect(try await store.load() == nil)
            #expect(try await store.loadDeviceToken() == device, "signing out keeps the device's token")
            let loggedIn = try await session.logIn(.init(identifier: "ada", password: "correct horse battery"))
            #expect(loggedIn.deviceToken == device, "a known device keeps its token")
        }
    }

    @Test func signsInWithAProvidersIDToken() async throws {
        try await LocalIssuer.with { issuer in
            let provider = IdentityProvider(name: "acme", issuers: [issuer.url], clientIDs: ["roam-app"])
            try await GatewayHarness.withAccounts(providers: [provider]) { http in
                let session = RoamSession(gateway: http.base)
                let nonce = "n-\(UUID().uuidString)"
                let token = try await issuer.idToken(
                    subject: UUID().uuidString, audience: "roam-app", nonce: nonce, email: "oda@example.com", emailVerified: true,
                    name: "Oda Nilsen")
                let signedIn = try await session.signIn(withProvider: .init(provider: "acme", idToken: token, nonce: nonce))
                #expect(signedIn.created)
                #expect(try await session.client.getMe().ok.body.json.email == "oda@example.com")

                // A replayed token is refused with its reason, and that session stays signed out.
                let replay = RoamSession(gateway: http.base)
                await #expect {
                    try await replay.signIn(withProvider: .init(provider: "acme", idToken: token, nonce: nonce))
                } throws: { $0.roamProblem?.status == 401 && $0.roamProblem?.reason == "NONCE_REUSED" }
                #expect(try await !replay.isSignedIn)
            }
        }
    }
}
