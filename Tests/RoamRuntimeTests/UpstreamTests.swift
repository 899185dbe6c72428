import Foundation
import GRPCCore
import GRPCInProcessTransport
import Logging
import RoamHTTP2
import RoamProto
import Synchronization
import Testing

@testable import RoamRuntime

/// A health service that notes the metadata of every Check it answers, and can be told to fail.
final class RecordingHealth: Grpc_Health_V1_Health.ServiceProtocol, Sendable {
    private let seen = Mutex<[Metadata]>([])
    let failure: RPCError?
    /// Answers only once `release` is called (the in-process transport does not cancel a handler whose
    /// client gave up, and the server waits for it before it stops).
    let hangs: Bool
    private let gate = AsyncStream.makeStream(of: Void.self)

    init(failure: RPCError? = nil, hangs: Bool = false) {
        self.failure = failure
        self.hangs = hangs
    }

    func release() { gate.continuation.finish() }

    var calls: [Metadata] { seen.withLock { $0 } }

    func check(
        request: ServerRequest<Grpc_Health_V1_HealthCheckRequest>, context: ServerContext
    ) async throws
        -> ServerResponse<Grpc_Health_V1_HealthCheckResponse>
    {
        seen.withLock { $0.append(request.metadata) }
        if let failure { throw failure }
        if hangs { for await _ in gate.stream {} }
        return ServerResponse(message: .with { $0.status = .serving })
    }

    func watch(
        request: ServerRequest<Grpc_Health_V1_HealthCheckRequest>, context: ServerContext
    ) async throws
        -> StreamingServerResponse<Grpc_Health_V1_HealthCheckResponse>
    {
        throw RPCError(code: .unimplemented, message: "not in this test")
    }
}

/// Outbound calls: context forwarding, deadlines, spreading over replicas, one retry of idempotent reads.
@Suite(.timeLimit(.minutes(1))) struct UpstreamTests {
    /// One in-process server per service, and an upstream with a client for each.
    static func withUpstream(
        _ services: [RecordingHealth], timeout: Duration = .seconds(5),
        _ body: @Sendable (Upstream<InProcessTransport.Client>) async throws -> Void
    ) async throws {
        try await withReplicas(services[...], clients: []) { clients in
            try await body(Upstream(name: "test", replicas: clients, timeout: timeout))
        }
    }

    private static func withReplicas(
        _ services: ArraySlice<RecordingHealth>, clients: [GRPCClient<InProcessTransport.Client>],
        _ body: @Sendable ([GRPCClient<InProcessTransport.Client>]) async throws -> Void
    ) async throws {
        guard let service = services.first else { return try await body(clients) }
        let transport = InProcessTransport()
        try await withGRPCServer(transport: transport.server, services: [service]) { _ in
            try await withGRPCClient(transport: transport.client, interceptors: [OutboundContextInterceptor()]) { client in
                try await withReplicas(services.dropFirst(), clients: clients + [client], body)
            }
        }
    }

    static func check(_ upstream: Upstream<InProcessTransport.Client>, idempotent: Bool = true) async throws -> Bool {
        return try await upstream.call(idempotent: idempotent) { client, options in
            try await Grpc_Health_V1_Health.Client(wrapping: client).check(.init(), options: options).status == .serving
        }
    }

    @Test func callsCarryTheRequestIDTokenClientAddressAndDeadline() async throws {
        let service = RecordingHealth()
        // Limits far apart and long, so a machine busy with other tests cannot run out of either.
        try await Self.withUpstream([service], timeout: .seconds(50)) { upstream in
            let context = CallContext(
                requestID: "req-42", logger: Logger(label: "test"), bearerToken: "tok",
                clientAddress: "203.0.113.9", deadline: .now + .seconds(25))
            let (serving, timeout) = try await CallContext.$current.withValue(context) {
                (try await Self.check(upstream), try upstream.timeLimit())
            }
            #expect(serving)
            // The upstream's own limit is 50 s; the incoming deadline, 25 s away, wins.
            #expect(timeout.map { $0 <= .seconds(25) && $0 > .zero } == true)
        }
        let metadata = try #require(service.calls.first)
        #expect(Array(metadata[stringValues: "x-request-id"]) == ["req-42"])
        #expect(Array(metadata[stringValues: "authorization"]) == ["Bearer tok"])
        #expect(Array(metadata[stringValues: "x-roam-client-address"]) == ["203.0.113.9"])
        let sent = try #require(metadata[stringValues: "grpc-timeout"].first { _ in true }.flatMap(GRPCTimeout.duration))
        #expect(sent <= .seconds(25) && sent > .seconds(20), "the server is told the caller's deadline")
    }

    @Test func aDeadlineAlreadyPassedFailsWithoutCalling() async throws {
        let service = RecordingHealth()
        try await Self.withUpstream([service]) { upstream in
            let late = CallContext(requestID: "late", logger: Logger(label: "test"), deadline: .now - .seconds(1))
            await #expect(throws: RoamError.self) {
                try await CallContext.$current.withValue(late) { try await Self.check(upstream) }
            }
            let onTime = CallContext(requestID: "on-time", logger: Logger(label: "test"), deadline: .now + .seconds(5))
            let serving = try await CallContext.$current.withValue(onTime) { try await Self.check(upstream) }
            #expect(serving)
        }
        #expect(service.calls.map { Array($0[stringValues: "x-request-id"]) } == [["on-time"]])
    }

    @Test func callsAreSpreadOverEveryReplica() async throws {
        let first = RecordingHealth(), second = RecordingHealth()
        try await Self.withUpstream([first, second]) { upstream in
            for _ in 0..<10 {
                let serving = try await Self.check(upstream)
                #expect(serving)
            }
        }
        #expect(first.calls.count == 5)
        #expect(second.calls.count == 5)
    }

    @Test func idempotentReadsAreTriedOnceMoreOnAnotherReplica() async throws {
        let down = RecordingHealth(failure: RPCError(code: .unavailable, message: "draining"))
        let up = RecordingHealth()
        try await Self.withUpstream([down, up]) { upstream in
            // Whichever replica comes first, every idempotent read succeeds.
            for _ in 0..<4 {
                let serving = try await Self.check(upstream)
                #expect(serving)
            }
            // A write is not repeated: the one that lands on the failing replica fails.
            var failures = 0
            for _ in 0..<4 {
                do { _ = try await Self.check(upstream, idempotent: false) } catch let error as RPCError {
                    #expect(error.code == .unavailable)
                    failures += 1
                }
            }
            #expect(failures == 2)
        }
    }

    @Test func aWriteRefusedBeforeItWasSentIsSentAgain() async throws {
        // grpc-swift's words when a connection has just been asked to go (its age, a restart).
        let refused = RecordingHealth(failure: RPCError(code: .unavailable, message: "Channel isn't ready, no subchannel available."))
        let up = RecordingHealth()
        try await Self.withUpstream([refused, up]) { upstream in
            for _ in 0..<4 {
                let serving = try await Self.check(upstream, idempotent: false)
                #expect(serving)
            }
        }
        #expect(
            Upstream<InProcessTransport.Client>.neverSent(
                RPCError(code: .unavailable, message: "Stream unexpectedly closed: received RST_STREAM frame (0x7: refused stream).")))
        #expect(Upstream<InProcessTransport.Client>.neverSent(RPCError(code: .unavailable, message: "subchannel isn't ready")))
        #expect(!Upstream<InProcessTransport.Client>.neverSent(RPCError(code: .unavailable, message: "Stream unexpectedly closed.")), "maybe applied")
        #expect(!Upstream<InProcessTransport.Client>.neverSent(RPCError(code: .unavailable, message: "DATABASE_UNAVAILABLE")))
    }

    @Test func shortCallsPastTheLimitPerReplicaWaitAndLongLivedOnesDoNot() async throws {
        let service = RecordingHealth()
        try await Self.withReplicas([service, service][...], clients: []) { clients in
            // The queued call waits out the long-lived one first: 30 s, for a loaded two-core run.
            let upstream = Upstream(name: "test", replicas: clients, timeout: .seconds(30), callsPerReplica: 1)
            #expect(upstream.limit.limit == 2)
            let (gate, opener) = AsyncStream.makeStream(of: Void.self)
            let held = Task {
                try await withThrowingDiscardingTaskGroup { group in
                    for _ in 0..<2 {
                        group.addTask { try await upstream.call { _, _ in for await _ in gate { break } } }
                    }
                }
            }
            while upstream.limit.counts != (2, 0) { try await Task.sleep(for: .milliseconds(2)) }
            let waiting = Task { try await Self.check(upstream) }
            while upstream.limit.counts != (2, 1) { try await Task.sleep(for: .milliseconds(2)) }
            // A stream meant to stay open (a chat, the notifications) is not counted, so it is never queued.
            let streamed = try await upstream.call(longLived: true) { client, options in
                try await Grpc_Health_V1_Health.Client(wrapping: client).check(.init(), options: options).status == .serving
            }
            #expect(streamed)
            #expect(service.calls.count == 1, "only the long-lived call has reached a server")
            opener.yield()
            opener.yield()
            try await held.value
            #expect(try await waiting.value)
            #expect(upstream.limit.counts == (0, 0))
        }
    }

    @Test func aCallNotAnsweredWithinTheLimitFailsAtTheLimit() async throws {
        let service = RecordingHealth(hangs: true)
        try await Self.withUpstream([service], timeout: .milliseconds(300)) { upstream in
            let started = ContinuousClock.now
            let error = await #expect(throws: RPCError.self) { try await Self.check(upstream, idempotent: false) }
            let waited = ContinuousClock.now - started
            #expect(error?.code == .deadlineExceeded)
            #expect(waited >= .milliseconds(300) && waited < .seconds(20), "gave up after \(waited)")
            service.release()
        }
        let sent = try #require(service.calls.first?[stringValues: "grpc-timeout"].first { _ in true }.flatMap(GRPCTimeout.duration))
        // What is left of the limit when the call leaves (none at all on a machine busy enough).
        #expect(sent <= .milliseconds(300))
    }

    @Test func aCancelledCallerEndsItsCallWithoutWaitingForTheLimit() async throws {
        let service = RecordingHealth(hangs: true)
        try await Self.withUpstream([service], timeout: .seconds(30)) { upstream in
            let started = ContinuousClock.now
            let call = Task { try await Self.check(upstream, idempotent: false) }
            while service.calls.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
            call.cancel()
            let error = await #expect(throws: (any Error).self) { try await call.value }
            #expect((error as? RPCError)?.code != .deadlineExceeded, "cancelled, not out of time: \(String(describing: error))")
            #expect(ContinuousClock.now - started < .seconds(20), "well before the 30 s limit")
            service.release()
        }
    }
}
