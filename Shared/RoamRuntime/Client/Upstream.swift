import GRPCCore
import GRPCNIOTransportHTTP2
import ServiceLifecycle
import Synchronization

/// Long-lived clients for every replica of one Roam service. Calls are spread across the replicas in
/// turn, each carries a timeout no later than the incoming call's deadline, and a call the caller
/// marks idempotent is tried once more, on the next replica, when the first answers UNAVAILABLE; any
/// call refused before it was sent is tried once more too.
public final class Upstream<Transport: ClientTransport>: Sendable {
    public let name: String
    public let replicas: [GRPCClient<Transport>]
    /// The longest any one call may take.
    public let timeout: Duration
    private let turn = Atomic<Int>(0)

    public init(name: String, replicas: [GRPCClient<Transport>], timeout: Duration) {
        precondition(!replicas.isEmpty, "an upstream needs at least one replica")
        self.name = name
        self.replicas = replicas
        self.timeout = timeout
    }

    /// Runs `body` against the next replica with call options bounded by the deadline.
    /// - Parameters:
    ///   - idempotent: tried once more on the next replica after UNAVAILABLE.
    ///   - longLived: a stream that lasts as long as the caller wants it, so only the caller's
    ///     deadline (if any) limits it, not this upstream's timeout.
    public func call<Result: Sendable>(
        idempotent: Bool = false,
        longLived: Bool = false,
        _ body: (GRPCClient<Transport>, CallOptions) async throws -> Result
    ) async throws -> Result {
        let first = nextReplica()
        do {
            return try await body(first, try callOptions(longLived: longLived))
        } catch let error as RPCError where error.code == .unavailable && (idempotent || Self.neverSent(error)) {
            var options = try callOptions(longLived: longLived)
            // A call that never left waited for no connection: the one it was given had just been
            // asked to go (a replica's connection age, a restart). Wait for the next, within the limit.
            options.waitForReady = Self.neverSent(error) ? true : options.waitForReady
            return try await body(nextReplica(), options)
        }
    }

    /// Whether grpc-swift refused the call before any of it reached a server, so sending it again
    /// cannot apply it twice: no connection was ready (the last had just received a GOAWAY), or the
    /// server refused the stream (HTTP/2's REFUSED_STREAM: not processed).
    static func neverSent(_ error: RPCError) -> Bool {
        error.code == .unavailable
            && (error.message.contains("isn't ready") || error.message.contains("is shutting down") || error.message.contains("refused stream"))
    }

    /// The options for one call: this upstream's timeout, shortened to the caller's deadline.
    public func callOptions(longLived: Bool = false) throws(RoamError) -> CallOptions {
        var options = CallOptions.defaults
        var limit: Duration? = longLived ? nil : timeout
        if let deadline = CallContext.current.deadline {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                throw RoamError(.deadlineExceeded, reason: "DEADLINE_EXCEEDED", message: "no time left to call \(name)")
            }
            limit = min(limit ?? remaining, remaining)
        }
        options.timeout = limit
        return options
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
