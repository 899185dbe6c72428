import Foundation
import RoamRuntime
import RoamTesting
import Synchronization
import Testing

@testable import Gateway

/// What the gateway does with bad requests, tokens, bursts and request ids, before any service is involved.
@Suite struct GatewayEdgeTests {
    @Test func malformedAndWrongBodiesAreClientErrors() async throws {
        try await GatewayHarness.withAccounts { http in
            let json = ["Content-Type": "application/json"]
            let malformed = try await http.send("POST", "/v1/auth/login", body: Data("{\"identifier\":".utf8), headers: json)
            #expect(malformed.status == 400)
            #expect(malformed.reason == "MALFORMED_JSON")

            let missing = try await http.send("POST", "/v1/auth/login", json: ["identifier": "ada"])
            #expect(missing.status == 400)
            #expect(missing.problemFields == ["password"])

            let wrongType = try await http.send("POST", "/v1/auth/login", json: ["identifier": ["ada"], "password": "x"])
            #expect(wrongType.status == 400)
            #expect(wrongType.problemFields == ["identifier"])

            let notAnObject = try await http.send("POST", "/v1/auth/login", body: Data("[1,2]".utf8), headers: json)
            #expect(notAnObject.status == 400)

            let empty = try await http.send("POST", "/v1/auth/refresh", body: Data(), headers: json)
            #expect(empty.status == 400)

            let form = try await http.send(
                "POST", "/v1/auth/login", body: Data("a=b".utf8),
                headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(form.status == 415)

            let badPage = try await http.send("GET", "/v1/users/someone/followers?pageSize=1000")
            #expect(badPage.status == 400)
            #expect(badPage.problemFields == ["pageSize"])
        }
    }

    @Test func oversizeBodiesAreRefusedWith413() async throws {
        let settings = try GatewayHarness.settings(["MAX_BODY_BYTES": "2048"])
        try await GatewayHarness.withAccounts(settings: settings) { http in
            let reply = try await http.send("POST", "/v1/auth/login", json: ["identifier": String(repeating: "a", count: 4096), "password": "x"])
            #expect(reply.status == 413)
            #expect(reply.reason == "BODY_TOO_LARGE")
        }
    }

    @Test func unknownRoutesAreProblemDocuments() async throws {
        try await GatewayHarness.withAccounts { http in
            let reply = try await http.send("GET", "/v1/nowhere")
            #expect(reply.status == 404)
            #expect(reply.reason == "ROUTE_NOT_FOUND")
            #expect(reply.header("Content-Type") == "application/problem+json")
        }
    }

    @Test func missingBadAndExpiredTokensAre401() async throws {
        try await GatewayHarness.withAccounts { http in
            #expect(try await http.send("GET", "/v1/me").status == 401)
            let garbage = try await http.send("GET", "/v1/me", token: "not.a.token")
            #expect(garbage.status == 401)
            #expect(garbage.reason == "INVALID_TOKEN")
            #expect(try await http.send("GET", "/v1/me", headers: ["Authorization": "Basic abc"]).status == 401)
            // Signed by a key the gateway does not trust.
            let stranger = try await TestTokens().userToken(UUID())
            #expect(try await http.send("GET", "/v1/me", token: stranger).status == 401)
            // A service credential is not a user.
            let service = try await TestTokens().serviceToken()
            #expect(try await http.send("GET", "/v1/me", token: service).status == 401)
        }
    }

    @Test func expiredTokensAre401() async throws {
        let tokens = await TestTokens()
        let verifier = try await tokens.verifier()
        try await GatewayHarness.run([], anonymousMethods: [], verifier: verifier, settings: try GatewayHarness.settings()) { http in
            let expired = try await tokens.userToken(UUID(), expiresIn: -60)
            let reply = try await http.send("GET", "/v1/me", token: expired)
            #expect(reply.status == 401)
        }
    }

    @Test func burstsOverTheAddressLimitGet429WithRetryAfter() async throws {
        let settings = try GatewayHarness.settings(["RATE_LIMIT_PER_ADDRESS": "1", "RATE_LIMIT_PER_ADDRESS_BURST": "3"])
        try await GatewayHarness.withAccounts(settings: settings) { http in
            // Twenty at once: the burst of 3 passes, and the rest arrive well within the second that would
            // earn one more (sent one by one, a loaded machine can take that second between two).
            let replies = try await Self.sendAtOnce(20) { try await http.send("GET", "/healthz") }
            let statuses = replies.map(\.status)
            #expect(statuses.count { $0 == 200 } >= 3, "\(statuses)")
            #expect(statuses.count { $0 == 429 } >= 1, "\(statuses)")
            #expect(Set(statuses).isSubset(of: [200, 429]), "\(statuses)")
            let refused = try #require(replies.first { $0.status == 429 })
            #expect(refused.reason == "RATE_LIMITED")
            #expect(Int(refused.header("Retry-After") ?? "") ?? 0 >= 1)
        }
    }

    @Test func eachUserHasTheirOwnLimit() async throws {
        let settings = try GatewayHarness.settings(["RATE_LIMIT_PER_USER": "1", "RATE_LIMIT_PER_USER_BURST": "2"])
        try await GatewayHarness.withAccounts(settings: settings) { http in
            let ada = try await GatewayAccountsTests.signUp(http)
            let bo = try await GatewayAccountsTests.signUp(http)
            // Ada spends her burst of 2 and more, all at once.
            let statuses = try await Self.sendAtOnce(12) { try await http.send("GET", "/v1/me", token: ada.access) }.map(\.status)
            #expect(statuses.count { $0 == 200 } >= 2, "\(statuses)")
            #expect(statuses.count { $0 == 429 } >= 1, "\(statuses)")
            #expect(Set(statuses).isSubset(of: [200, 429]), "\(statuses)")
            #expect(try await http.send("GET", "/v1/me", token: bo.access).status == 200)
        }
    }

    /// The replies to `count` requests sent at the same time.
    static func sendAtOnce(
        _ count: Int, _ send: @escaping @Sendable () async throws -> HTTPTestClient.Reply
    ) async throws -> [HTTPTestClient.Reply] {
        try await withThrowingTaskGroup(of: HTTPTestClient.Reply.self) { group in
            for _ in 0..<count { group.addTask { try await send() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test func requestIDsAreEchoedOrGenerated() async throws {
        try await GatewayHarness.withAccounts { http in
            let given = try await http.send("GET", "/healthz", headers: ["X-Request-ID": "trace-123"])
            #expect(given.header("X-Request-ID") == "trace-123")
            let generated = try await http.send("GET", "/healthz")
            #expect((generated.header("X-Request-ID") ?? "").count >= 32)
            let unsafe = try await http.send("GET", "/healthz", headers: ["X-Request-ID": "bad id\u{7f}"])
            #expect(unsafe.header("X-Request-ID") != "bad id\u{7f}")
            let problem = try await http.send("GET", "/v1/me", headers: ["X-Request-ID": "trace-456"])
            #expect(try problem.json()["requestId"] as? String == "trace-456")
        }
    }

    @Test func corsAllowsOnlyConfiguredOrigins() async throws {
        let settings = try GatewayHarness.settings(["CORS_ALLOWED_ORIGINS": "https://app.example.com"])
        try await GatewayHarness.withAccounts(settings: settings) { http in
            let preflight = try await http.send(
                "OPTIONS", "/v1/me",
                headers: [
                    "Origin": "https://app.example.com",
                    "Access-Control-Request-Method": "GET",
                ])
            #expect(preflight.status == 204)
            #expect(preflight.header("Access-Control-Allow-Origin") == "https://app.example.com")
            #expect(preflight.header("Access-Control-Allow-Methods")?.contains("PATCH") == true)
            // A browser may send keyed creates and speak tus, and read tus's answers.
            let allowed = Set(
                (preflight.header("Access-Control-Allow-Headers") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            #expect(allowed.isSuperset(of: ["Idempotency-Key", "Tus-Resumable", "Upload-Length", "Upload-Offset", "Upload-Metadata"]))
            let answer = try await http.send("GET", "/healthz", headers: ["Origin": "https://app.example.com"])
            #expect(answer.header("Access-Control-Expose-Headers")?.contains("Upload-Offset") == true)
            #expect(answer.header("Access-Control-Expose-Headers")?.contains("Location") == true)
            let other = try await http.send("GET", "/healthz", headers: ["Origin": "https://evil.example.com"])
            #expect(other.header("Access-Control-Allow-Origin") == nil)
        }
    }

    @Test func readinessReportsEveryServiceToTheOperatorAndOnlyItsStatusToThePublic() async throws {
        let settings = try GatewayHarness.settings(["METRICS_PORT": String(FreePort.next())])
        try await GatewayHarness.withAccounts(settings: settings) { http in
            let operatorPort = HTTPTestClient(port: settings.metricsAddress.port)
            // Each probe has two seconds; on a machine busy with other tests one may miss them, so ask
            // as a load balancer does, again, until the services answer.
            let answer = Mutex<HTTPTestClient.Reply?>(nil)
            #expect(
                await eventually(timeout: .seconds(30)) {
                    let reply = try? await operatorPort.send("GET", "/readyz")
                    answer.withLock { $0 = reply }
                    return reply?.status == 200
                })
            let ready = try #require(answer.withLock { $0 })
            let services = try #require(try ready.json()["services"] as? [String: [String: Any]], "\(ready.text)")
            #expect(services["accounts"]?["status"] as? String == "ok", "\(ready.text)")
            #expect(services["revocations"]?["status"] as? String == "ok", "\(ready.text)")
            #expect(try ready.json()["version"] as? String == RoamVersion.current, "the operator sees which release answers")
            // The public port says ready or not, and nothing of what lies behind it.
            let seenByAll = try await http.send("GET", "/readyz")
            let body = try seenByAll.json() as NSDictionary
            #expect(seenByAll.status == 200 && body == ["status": "ready"], "\(seenByAll.text)")
            #expect(try await http.send("GET", "/healthz").status == 200)
        }
    }

    /// A request head HTTP cannot parse (a header line without a colon, a folded line) gets an answer or
    /// a closed connection, never a connection left hanging.
    @Test func unparseableRequestHeadsDoNotHangTheConnection() async throws {
        try await GatewayHarness.withAccounts { http in
            let port = try #require(http.base.port)
            for head in ["GET /healthz HTTP/1.1\nHost: x\nX-Thing: a\nb\n", "GET /healthz HTTP/1.1\nHost: x\nX-Thing: a\n  \"folded\" : {\n"] {
                let (received, closed) = try await RawHTTPExchange.exchange(port: port, head)
                #expect(closed, "the connection hung after \(received.count) bytes")
                if let reply = try? RawHTTPExchange.parse(received) { #expect(reply.status == 400) }
            }
            // The gateway still serves.
            #expect(try await http.send("GET", "/healthz").status == 200)
        }
    }
}
