import GRPCCore
import GRPCNIOTransportHTTP2
import ServiceLifecycle
import Synchronization

/// Long-lived clients for every replica of one Roam service. Calls are spread across the replicas in
/// turn, each carries a timeout no later than the incoming call's deadline, and a call the caller
/// marks idempotent is tried once more, on the next replica, when the first answers UNAVAILABLE; any
/// call refused before it was sent is tried once more too. At most `callsPerReplica` short calls per
/// replica are in flight at once; the others wait their turn here (a bulkhead), so a burst of
/// requests (a thousand readers opening an event's chat together) does not open a thousand streams
/// at once, each holding its buffers and tasks until answered.
public final class Upstream<Transport: ClientTransport>: Sendable {
    public let name: String
    public let replicas: [GRPCClient<Transport>]
    /// The longest any one call may take.
    public let timeout: Duration
    private let turn = Atomic<Int>(0)
    let limit: CallLimit

    /// As many streams as an HTTP/2 server commonly allows on one connection (nghttp2's and Go's
    /// default `SETTINGS_MAX_CONCURRENT_STREAMS`).
    public static var defaultCallsPerReplica: Int { 100 }

    public init(
        name: String, replicas: [GRPCClient<Transport>], timeout: Duration, callsPerReplica: Int = defaultCallsPerReplica
    ) {
        precondition(!replicas.isEmpty, "an upstream needs at least one replica")
        self.name = name
        self.replicas = replicas
        self.timeout = timeout
        self.limit = CallLimit(callsPerReplica * replicas.count)
    }

    /// Runs `body` against the next replica with call options bounded by the deadline.
    /// - Parameters:
    ///   - idempotent: tried once more on the next replica after UNAVAILABLE.
    ///   - longLived: a stream that lasts as long as the caller wants it, so only the caller's
    ///     deadline (if any) limits it, not this upstream's timeout, and it takes no place of the
    ///     short calls'.
    public func call<Result: Sendable>(
        idempotent: Bool = false,
        longLived: Bool = false,
        _ body: (GRPCClient<Transport>, CallOptions) async throws -> Result
    ) async throws -> Result {
        if longLived { return try await attempt(idempotent: idempotent, longLived: true, body) }
        return try await limit.run { try await attempt(idempotent: idempotent, longLived: false, body) }
    }

    private func attempt<Result: Sendable>(
        idempotent: Bool, longLived: Bool, _ body: (GRPCClient<Transport>, CallOptions) async throws -> Result
    ) async throws -> Result {
        let first = nextReplica()
        do {
            return try await timed(longLived: longLived) { options in try await body(first, options) }
        } catch let error as RPCError where error.code == .unavailable && (idempotent || Self.neverSent(error)) {
            // A call that never left waited for no connection: the one it was given had just been
            // asked to go (a replica's connection age, a restart). Wait for the next, within the limit.
            let second = nextReplica()
            return try await timed(longLived: longLived, waitForReady: Self.neverSent(error)) { options in
                try await body(second, options)
            }
        }
    }

    /// Whether grpc-swift refused the call before any of it reached a server, so sending it again
    /// cannot apply it twice: no connection was ready (the last had just received a GOAWAY), or the
    /// server refused the stream (HTTP/2's REFUSED_STREAM: not processed).
    static func neverSent(_ error: RPCError) -> Bool {
        error.code == .unavailable
            && (error.message.contains("isn't ready") || error.message.contains("is shutting down") || error.message.contains("refused stream"))
    }

    /// Runs `body` within its time limit (see `timeLimit`). The server is told the limit in
    /// `grpc-timeout` and keeps it; here the shared deadline clock gives up on an answer that does not
    /// come in time (a server that stopped answering). grpc-swift's own time limit is not used: it
    /// sleeps a task per call, and a sleep cancelled by the answer leaves its task and dispatch timer
    /// queued until the deadline, 5 s of calls at a time (measured: 57 of the feed's 133 MB at its peak).
    private func timed<Result: Sendable>(
        longLived: Bool, waitForReady: Bool = false, _ body: (CallOptions) async throws -> Result
    ) async throws -> Result {
        let options = waitForReady ? CallOptions.defaults.waitingForReady() : .defaults
        guard let limit = try timeLimit(longLived: longLived) else {
            return try await UpstreamDeadline.$current.withValue(nil) { try await body(options) }
        }
        let deadline = ContinuousClock.now + limit
        return try await UpstreamDeadline.$current.withValue(deadline) {
            try await withoutActuallyEscaping(body) { body in
                // The group waits for the call, so `body` does not outlive this function.
                let call = UncheckedSendableCall(body: body)
                return try await withThrowingTaskGroup(of: Result?.self) { group in
                    group.addTask { try await call.body(options) }
                    group.addTask {
                        await DeadlineWatch.shared.wait(until: deadline)
                        return nil
                    }
                    defer { group.cancelAll() }
                    while let answer = try await group.next() {
                        if let result = answer { return result }
                        // The clock woke: the limit passed, or the caller was cancelled and the call
                        // ends on its own, with its own error.
                        if !Task.isCancelled { throw RPCError(code: .deadlineExceeded, message: "\(name) did not answer within \(limit)") }
                    }
                    throw CancellationError()
                }
            }
        }
    }

    /// The time limit of one call: this upstream's timeout (none for a long-lived stream),
    /// shortened to the caller's deadline.
    func timeLimit(longLived: Bool = false) throws(RoamError) -> Duration? {
        var limit: Duration? = longLived ? nil : timeout
        if let deadline = CallContext.current.deadline {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                throw RoamError(.deadlineExceeded, reason: "DEADLINE_EXCEEDED", message: "no time left to call \(name)")
            }
            limit = min(limit ?? remaining, remaining)
        }
        return limit
    }

    private func nextReplica() -> GRPCClient<Transport> {
        let index = turn.add(1, ordering: .relaxed).oldValue
        return replicas[index % replicas.count]
    }
}

extension Upstream: Service {
    /// Keeps every replica's connections up until graceful shutdown.
    public func run() async throws {
        try await withThrowingDiscardingTaskGroup { group in
            for replica in replicas {
                group.addTask { try await GRPCClientService(client: replica).run() }
            }
        }
    }
}

extension Upstream where Transport == HTTP2ClientTransport.Posix {
    /// Plaintext HTTP/2 clients for `addresses` (`host:port` each; a host name that resolves to several
    /// addresses is balanced round-robin as well).
    public convenience init(
        name: String, addresses: [HostAndPort], timeout: Duration,
        interceptors: [any ClientInterceptor] = [TracingClientInterceptor(), OutboundContextInterceptor()]
    ) throws {
        let replicas = try addresses.map { address in
            GRPCClient(
                transport: try HTTP2ClientTransport.Posix(
                    target: address.resolvableTarget,
                    transportSecurity: .plaintext,
                    // A restarted replica is back within a second or two: try it that often (on a
                    // loopback or a cluster network, a refused attempt costs next to nothing).
                    config: .defaults {
                        $0.backoff = .init(initial: .milliseconds(100), max: .seconds(1), multiplier: 1.6, jitter: 0.2)
                        // A peer whose link went down sends nothing, not even a reset: a ping unanswered
                        // for 10 s closes the connection, so the next one is made as soon as the link is back
                        // rather than after TCP gives up on its retransmissions (measured: up to 24 s).
                        $0.connection.keepalive = .init(time: .seconds(10), timeout: .seconds(10), allowWithoutCalls: true)
                    },
                    serviceConfig: ServiceConfig(loadBalancingConfig: [.roundRobin])
                ),
                interceptors: interceptors
            )
        }
        self.init(name: name, replicas: replicas, timeout: timeout)
    }
}

extension HostAndPort {
    /// An IPv4 literal is used as is; a name goes through DNS (and every address it resolves to is used).
    var resolvableTarget: any ResolvableTarget {
        let parts = host.split(separator: ".")
        if parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) {
            return .ipv4(host: host, port: port)
        }
        return .dns(host: host, port: port)
    }
}

extension CallOptions {
    fileprivate func waitingForReady() -> CallOptions {
        var options = self
        options.waitForReady = true
        return options
    }
}
