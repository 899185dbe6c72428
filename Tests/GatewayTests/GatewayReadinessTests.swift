import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import Synchronization
import Testing

@testable import Gateway

/// `/readyz`: asked of the services at most once a second however often it is polled, and not ready
/// while the gateway cannot hear which sessions have ended.
@Suite struct GatewayReadinessTests {
    /// Counts the health checks a server is asked.
    struct CountingHealthChecks: ServerInterceptor {
        let counter: Counter

        func intercept<Input: Sendable, Output: Sendable>(
            request: StreamingServerRequest<Input>, context: ServerContext,
            next: @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
        ) async throws -> StreamingServerResponse<Output> {
            if context.descriptor == Grpc_Health_V1_Health.Method.Check.descriptor { counter.checks.add(1, ordering: .relaxed) }
            return try await next(request, context)
        }
    }

    final class Counter: Sendable {
        let checks = Atomic<Int>(0)
    }

    @Test func theServicesAreAskedAtMostOnceASecondHoweverOftenItIsPolled() async throws {
        let verifier = try await TestTokens().verifier()
        let settings = try GatewayHarness.settings()
        let counter = Counter()
        let (servers, upstreams) = GatewayHarness.healthOnlyUpstreams(
            verifier: verifier, settings: settings, interceptors: [CountingHealthChecks(counter: counter)])
        try await GatewayHarness.withGateway(upstreams: upstreams, verifier: verifier, settings: settings, extraServices: servers) { http in
            let started = ContinuousClock.now
            for _ in 0..<100 { _ = try await http.send("GET", "/readyz") }
            let elapsed = ContinuousClock.now - started
            let checks = counter.checks.load(ordering: .relaxed)
            // Eight services a check, one check a second at most (and one more for the second begun).
            let seconds = Int(elapsed.components.seconds) + 2
            #expect(checks <= 8 * seconds, "\(checks) health checks for 100 polls in \(elapsed)")
            #expect(checks >= 8)
        }
    }

    /// A gateway that cannot follow accounts' revocation feed (here accounts does not serve it) stops
    /// being ready once the grace has passed, and tells the operator why.
    @Test func withoutTheRevocationFeedPastTheGraceItIsNotReady() async throws {
        let verifier = try await TestTokens().verifier()
        let settings = try GatewayHarness.settings(["METRICS_PORT": String(FreePort.next()), "REVOCATIONS_GRACE": "1s"])
        let (servers, upstreams) = GatewayHarness.healthOnlyUpstreams(verifier: verifier, settings: settings)
        try await GatewayHarness.withGateway(upstreams: upstreams, verifier: verifier, settings: settings, extraServices: servers) { http in
            let operatorPort = HTTPTestClient(port: settings.metricsAddress.port)
            let answer = Mutex<HTTPTestClient.Reply?>(nil)
            #expect(
                await eventually(timeout: .seconds(30)) {
                    guard let ready = try? await operatorPort.send("GET", "/readyz"),
                        let services = (try? ready.json()["services"]) as? [String: [String: Any]],
                        services["revocations"]?["status"] as? String == "unavailable"
                    else { return false }
                    answer.withLock { $0 = ready }
                    return true
                })
            let ready = try #require(answer.withLock { $0 })
            let revocations = try #require((try ready.json()["services"] as? [String: [String: Any]])?["revocations"])
            #expect(ready.status == 503)
            #expect((revocations["reason"] as? String)?.hasPrefix("REVOCATIONS_") == true, "\(ready.text)")
            #expect((try ready.json()["services"] as? [String: [String: Any]])?["accounts"]?["status"] as? String == "ok")
            let publicAnswer = try await http.send("GET", "/readyz")
            let body = try publicAnswer.json() as NSDictionary
            #expect(publicAnswer.status == 503 && body == ["status": "not ready"])
        }
    }
}
