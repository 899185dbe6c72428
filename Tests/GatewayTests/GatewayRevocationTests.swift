import Foundation
import Gateway
import RoamLocal
import RoamTesting
import Testing

/// An ended session's access token stops working at once, not when it expires: the gateway follows
/// accounts' revocation feed, refuses the token, and closes the session's open streams with a reason.
@Suite struct GatewayRevocationTests {
    /// Calls `GET /v1/me` with `token` until it is refused, and how long that took.
    static func refusedWithin(_ http: HTTPTestClient, _ token: String) async throws -> (reason: String?, after: Duration) {
        let started = ContinuousClock.now
        while ContinuousClock.now - started < .seconds(10) {
            let reply = try await http.send("GET", "/v1/me", token: token)
            if reply.status == 401 { return (reply.reason, ContinuousClock.now - started) }
            try await Task.sleep(for: .milliseconds(20))
        }
        return (nil, ContinuousClock.now - started)
    }

    static func logIn(
        _ http: HTTPTestClient, _ username: String, password: String = "correct horse battery"
    ) async throws -> (access: String, refresh: String) {
        let reply = try await http.send("POST", "/v1/auth/login", json: ["identifier": username, "password": password])
        let tokens = try #require(try reply.json()["tokens"] as? [String: Any])
        return (try #require(tokens["accessToken"] as? String), try #require(tokens["refreshToken"] as? String))
    }

    /// Frequent calls (the delay is measured to 20 ms) and a quick heartbeat.
    static func settings() throws -> GatewaySettings {
        try GatewayHarness.settings(["STREAM_HEARTBEAT": "1s", "RATE_LIMIT_PER_USER": "1000", "RATE_LIMIT_PER_USER_BURST": "1000"])
    }

    @Test func loggingOutEndsThatSessionsAccessTokenAndStreamWithinASecond() async throws {
        try await GatewayHarness.withAccounts(settings: try Self.settings()) { http in
            let phone = try await GatewayAccountsTests.signUp(http)
            let laptop = try await Self.logIn(http, phone.username)
            #expect(try await http.send("GET", "/v1/me", token: phone.access).status == 200)
            let lines = LineSink()
            let curl = try ChildProcess(
                name: "curl", executable: "/usr/bin/curl",
                arguments: ["-sN", "-H", "Authorization: Bearer \(phone.access)", "\(http.base.absoluteString)/v1/me/notifications/stream"],
                environment: [:]
            ) { lines.append($0) }
            defer { curl.terminate() }
            #expect(await lines.waitFor { $0.hasPrefix("event:") || $0.hasPrefix(":") })

            #expect(try await http.send("POST", "/v1/auth/logout", json: ["refreshToken": phone.refresh]).status == 204)
            let (reason, after) = try await Self.refusedWithin(http, phone.access)
            #expect(reason == "SESSION_REVOKED")
            // Within a second here; two seconds allowed for a machine the whole suite loads.
            #expect(after < .seconds(2), "the logged-out token still worked for \(after)")
            print("revocation delay (log-out → 401 at the gateway): \(after)")
            #expect(await lines.waitFor { $0 == "event: closed" })
            #expect(await lines.waitFor { $0.hasPrefix("data: ") && $0.contains("SESSION_REVOKED") })
            // The other device's session goes on.
            #expect(try await http.send("GET", "/v1/me", token: laptop.access).status == 200)
        }
    }

    @Test func aPasswordChangeEndsTheOtherSessionsAndDeletionEndsThemAll() async throws {
        try await GatewayHarness.withAccounts(settings: try Self.settings()) { http in
            let here = try await GatewayAccountsTests.signUp(http)
            let elsewhere = try await Self.logIn(http, here.username)
            let changed = try await http.send(
                "POST", "/v1/me/password",
                json: [
                    "currentPassword": "correct horse battery",
                    "newPassword": "a new and better one",
                ], token: here.access)
            #expect(changed.status == 204)
            #expect(try await Self.refusedWithin(http, elsewhere.access).reason == "SESSION_REVOKED")
            #expect(try await http.send("GET", "/v1/me", token: here.access).status == 200)

            #expect(try await http.send("DELETE", "/v1/me", json: ["password": "a new and better one"], token: here.access).status == 204)
            let deleted = try await Self.refusedWithin(http, here.access)
            #expect(deleted.reason == "ACCOUNT_DELETED" || deleted.reason == "SESSION_REVOKED")
            #expect(deleted.after < .seconds(2))
            // Writes are refused too, not only reads.
            let write = try await http.send("PATCH", "/v1/me", json: ["bio": "still here?"], token: here.access)
            #expect(write.status == 401)
        }
    }

    @Test func aUserHoldsAtMostTheirLimitOfStreamsAndTheOldestIsClosed() async throws {
        var settings = try Self.settings()
        settings.streamsPerUser = 2
        try await GatewayHarness.withAccounts(settings: settings) { http in
            let walker = try await GatewayAccountsTests.signUp(http)
            var streams: [(LineSink, ChildProcess)] = []
            defer { for (_, curl) in streams { curl.terminate() } }
            for _ in 0..<3 {
                let lines = LineSink()
                let curl = try ChildProcess(
                    name: "curl", executable: "/usr/bin/curl",
                    arguments: ["-sN", "-H", "Authorization: Bearer \(walker.access)", "\(http.base.absoluteString)/v1/me/notifications/stream"],
                    environment: [:]
                ) { lines.append($0) }
                streams.append((lines, curl))
                #expect(await lines.waitFor { $0.hasPrefix("event:") || $0.hasPrefix(":") })
            }
            #expect(await streams[0].0.waitFor { $0.hasPrefix("data: ") && $0.contains("TOO_MANY_STREAMS") })
            #expect(!streams[1].0.all.contains("event: closed") && !streams[2].0.all.contains("event: closed"))
        }
    }
}
