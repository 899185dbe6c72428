import Foundation
@testable import Gateway
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

/// How the gateway answers when a service fails, is slow, or is not there at all.
@Suite struct GatewayFailureTests {
    static func withScripted(_ service: ScriptedProfileService, settings: [String: String] = [:],
                             _ body: @Sendable (HTTPTestClient) async throws -> Void) async throws {
        let verifier = try await TestTokens().verifier()
        let anonymous: Set<MethodDescriptor> = [Roam_Accounts_V1_AccountsService.Method.GetProfile.descriptor]
        try await GatewayHarness.run([service], anonymousMethods: anonymous, verifier: verifier,
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
            if status == 429 { #expect(reply.header("Retry-After") != nil) }
            if status == 500 { #expect(try reply.json()["detail"] as? String == "internal error") }
        }
    }

    @Test func slowServicesAreCutOffWith504() async throws {
        let slow = ScriptedProfileService(delay: .seconds(3))
        try await Self.withScripted(slow, settings: ["UPSTREAM_TIMEOUT": "200ms"]) { http in
            let started = ContinuousClock.now
            let reply = try await http.send("GET", "/v1/users/someone")
            #expect(reply.status == 504)
            #expect(ContinuousClock.now - started < .seconds(3))
        }
    }

    @Test func aServiceThatIsDownIs503AndNotReady() async throws {
        let verifier = try await TestTokens().verifier()
        // Nothing listens on this port.
        let accounts = try Upstream(name: "accounts", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(2))
        let events = try Upstream(name: "events", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(2))
        let feed = try Upstream(name: "feed", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(2))
        let media = try Upstream(name: "media", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(2))
        let trips = try Upstream(name: "trips", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(2))
        let budget = try Upstream(name: "budget", addresses: [HostAndPort(host: "127.0.0.1", port: 1)], timeout: .seconds(2))
        try await GatewayHarness.withGateway(upstreams: GatewayUpstreams(accounts: accounts, events: events, feed: feed, media: media, trips: trips,
                                                                         budget: budget), verifier: verifier,
                                             settings: try GatewayHarness.settings()) { http in
            let profile = try await http.send("GET", "/v1/users/someone")
            #expect(profile.status == 503)
            let ready = try await http.send("GET", "/readyz")
            #expect(ready.status == 503)
            #expect(((try ready.json()["services"] as? [String: Any])?["accounts"] as? [String: Any])?["status"] as? String == "unavailable")
            #expect(try await http.send("GET", "/healthz").status == 200)
        }
    }
}
