import Foundation
import GRPCCore
import GRPCInProcessTransport
import RoamProto
import RoamRuntime
import RoamTesting
import ServiceLifecycle
import Synchronization
import Testing

@testable import Gateway

/// How the gateway answers when a service fails, is slow, or is not there at all.
@Suite struct GatewayFailureTests {
    static func withScripted(
        _ service: ScriptedProfileService, settings: [String: String] = [:],
        _ body: @Sendable (HTTPTestClient) async throws -> Void
    ) async throws {
        let verifier = try await TestTokens().verifier()
        let anonymous: Set<MethodDescriptor> = [Roam_Accounts_V1_AccountsService.Method.GetProfile.descriptor]
        try await GatewayHarness.run(
            [service], anonymousMethods: anonymous, verifier: verifier,
            settings: try GatewayHarness.settings(settings), body)
    }

    @Test(arguments: [
        (RPCError.Code.invalidArgument, 400), (.unauthenticated, 401), (.permissionDenied, 403), (.notFound, 404),
        (.alreadyExists, 409), (.aborted, 409), (.failedPrecondition, 409), (.resourceExhausted, 429),
        (.unavailable, 503), (.deadlineExceeded, 504), (.internalError, 500), (.unknown, 500),
    ])
    func serviceErrorsBecomeHTTPStatuses(code: RPCError.Code, status: Int) async throws {
        try await Self.withScripted(ScriptedProfileService(error: RPCError(code: code, message: "scripted"))) { http in
            let reply = try await http.send("GET", "/v1/users/someone")
            #expect(reply.status == status)
            #expect(reply.header("Content-Type") == "application/problem+json")
            if status == 429 || status == 503 { #expect(reply.header("Retry-After") != nil) }
            if status == 500 { #expect(try reply.json()["detail"] as? String == "internal error") }
        }
    }

    @Test func slowServicesAreCutOffWith504() async throws {
        // The service would answer after 2 minutes; the gateway gives up after 200 ms. The bound leaves
        // room for a loaded machine (a CI run saw 3.2 s under a load of 14, and stalls of 10 s happened)
        // while still telling the two apart.
        let slow = ScriptedProfileService(delay: .seconds(120))
        try await Self.withScripted(slow, settings: ["UPSTREAM_TIMEOUT": "200ms"]) { http in
            let started = ContinuousClock.now
            let reply = try await http.send("GET", "/v1/users/someone")
            #expect(reply.status == 504)
            #expect(ContinuousClock.now - started < .seconds(60))
        }
    }

    @Test func aServiceThatIsDownIs503AndNotReady() async throws {
        let verifier = try await TestTokens().verifier()
        let settings = try GatewayHarness.settings(["METRICS_PORT": String(FreePort.next())])
        // Nothing listens on this port. The refusal comes at once; the long deadline keeps a loaded
        // machine from turning it into a timeout (504).
        let accounts = try Upstream(name: "accounts", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(10))
        let events = try Upstream(name: "events", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(10))
        let feed = try Upstream(name: "feed", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(10))
        let media = try Upstream(name: "media", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(10))
        let trips = try Upstream(name: "trips", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(10))
        let budget = try Upstream(name: "budget", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(10))
        let bucketLists = try Upstream(name: "bucketlists", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(10))
        let notifications = try Upstream(name: "notifications", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(10))
        let moderation = try Upstream(name: "moderation", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(10))
        try await GatewayHarness.withGateway(
            upstreams: GatewayUpstreams(
                accounts: accounts, events: events, feed: feed, media: media, trips: trips,
                budget: budget, bucketLists: bucketLists, notifications: notifications, moderation: moderation), verifier: verifier,
            settings: settings
        ) { http in
            let profile = try await http.send("GET", "/v1/users/someone")
            #expect(profile.status == 503)
            #expect(try await http.send("GET", "/readyz").status == 503)
            let ready = try await HTTPTestClient(port: settings.metricsAddress.port).send("GET", "/readyz")
            #expect(ready.status == 503)
            // Refused at once, or, on a machine too loaded to hear the refusal within readiness's 2 s, timed out.
            let accounts = ((try ready.json()["services"] as? [String: Any])?["accounts"] as? [String: Any])?["status"] as? String
            #expect(accounts == "unavailable" || accounts == "timeout")
            #expect(try await http.send("GET", "/healthz").status == 200)
        }
    }

    /// A service whose database is away says so, and `/readyz` names it and the reason; the gateway
    /// itself stays live.
    @Test func readinessNamesTheServiceThatIsNotServingAndWhy() async throws {
        let verifier = try await TestTokens().verifier()
        let settings = try GatewayHarness.settings(["METRICS_PORT": String(FreePort.next())])
        let (servers, upstreams) = GatewayHarness.healthOnlyUpstreams(
            verifier: verifier, settings: settings, notServing: ["trips": "DATABASE_UNAVAILABLE: connection refused"])
        try await GatewayHarness.withGateway(upstreams: upstreams, verifier: verifier, settings: settings, extraServices: servers) { http in
            let operatorPort = HTTPTestClient(port: settings.metricsAddress.port)
            // A loaded machine may not answer within readiness's 2 s: ask until every service has answered.
            let answer = Mutex<HTTPTestClient.Reply?>(nil)
            #expect(
                await eventually(timeout: .seconds(30)) {
                    guard let ready = try? await operatorPort.send("GET", "/readyz"),
                        let services = (try? ready.json()["services"]) as? [String: [String: Any]],
                        !services.values.contains(where: { $0["status"] as? String == "timeout" })
                    else { return false }
                    answer.withLock { $0 = ready }
                    return true
                })
            let ready = try #require(answer.withLock { $0 })
            let services = try #require(try ready.json()["services"] as? [String: [String: Any]])
            #expect(ready.status == 503)
            #expect(services["trips"]?["status"] as? String == "unavailable")
            #expect(services["trips"]?["reason"] as? String == "DATABASE_UNAVAILABLE: connection refused")
            #expect(services["accounts"]?["status"] as? String == "ok")
            #expect(try await http.send("GET", "/healthz").status == 200)
        }
    }
}
