import GRPCCore
import NIOCore
import NIOPosix
import Synchronization

/// A gRPC client transport whose HTTP/2 is nghttp2's, holding one connection to one server at a time.
/// `connect()` keeps it up (again after a failure, with backoff); a server's GOAWAY starts a new
/// connection for new calls while the old one finishes its own.
public final class NGHTTP2ClientTransport: ClientTransport {
    public typealias Bytes = [UInt8]

    public struct Config: Sendable {
        /// A ping this often; no answer within `keepaliveTimeout` closes the connection.
        public var keepaliveInterval: Duration? = .seconds(10)
        /// gRPC's own default: a peer whose loop is busy (a large message on a loaded machine) is not
        /// taken for a dead one.
        public var keepaliveTimeout: Duration = .seconds(20)
        public var maxResponsePayloadSize = 4 * 1024 * 1024
        public var connectTimeout: Duration = .seconds(5)
        public var backoffInitial: Duration = .milliseconds(100)
        public var backoffMax: Duration = .seconds(1)

        public init() {}
    }

    private enum Phase {
        case idle
        case connecting
        case ready(HTTP2ClientConnection)
        case failing(any Error)
        case shutDown
    }

    private struct State {
        var phase = Phase.idle
        var waiters: [Int: (continuation: CheckedContinuation<HTTP2ClientConnection, any Error>, waitForReady: Bool)] = [:]
        var nextWaiter = 0
        /// Wakes `connect()` when the connection it made drains or closes.
        var lost: CheckedContinuation<Void, Never>?
        var isLost = false
        var backoff: Task<Void, any Error>?
    }

    public var retryThrottle: RetryThrottle? { nil }

    private let host: String
    private let port: Int
    private let config: Config
    private let group: any EventLoopGroup
    private let state = Mutex(State())

    public init(host: String, port: Int, config: Config = Config(), group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.host = host
        self.port = port
        self.config = config
        self.group = group
    }

    public func config(forMethod descriptor: MethodDescriptor) -> MethodConfig? { nil }

    public func connect() async throws {
        try await withTaskCancellationHandler {
            try await maintainConnection()
        } onCancel: {
            beginGracefulShutdown()
        }
    }

    private func maintainConnection() async throws {
        var delay = config.backoffInitial
        while !Task.isCancelled {
            let proceed = state.withLock { state -> Bool in
                if case .shutDown = state.phase { return false }
                state.phase = .connecting
                state.isLost = false
                return true
            }
            guard proceed else { return }
            do {
                let connection = try await makeConnection()
                delay = config.backoffInitial
                let waiters = state.withLock { state -> [CheckedContinuation<HTTP2ClientConnection, any Error>] in
                    if case .shutDown = state.phase { return [] }
                    state.phase = .ready(connection)
                    defer { state.waiters = [:] }
                    return state.waiters.values.map(\.continuation)
                }
                for waiter in waiters { waiter.resume(returning: connection) }
                await withCheckedContinuation { continuation in
                    let (lost, shutDown) = state.withLock { state -> (Bool, Bool) in
                        if case .shutDown = state.phase { return (true, true) }
                        if state.isLost { return (true, false) }
                        state.lost = continuation
                        return (false, false)
                    }
                    if shutDown { connection.loop.execute { connection.drain() } }
                    if lost { continuation.resume() }
                }
            } catch {
                // Calls that do not wait for a ready connection fail now, as with grpc-swift's transport.
                let failed = state.withLock { state -> [CheckedContinuation<HTTP2ClientConnection, any Error>] in
                    if case .shutDown = state.phase { return [] }
                    state.phase = .failing(error)
                    let failing = state.waiters.filter { !$0.value.waitForReady }
                    for id in failing.keys { state.waiters[id] = nil }
                    return failing.values.map(\.continuation)
                }
                for waiter in failed {
                    waiter.resume(throwing: RPCError(code: .unavailable, message: "No connection to \(host):\(port): \(error)"))
                }
                try await Task.sleep(for: delay)
                delay = min(delay * 1.6, config.backoffMax)
            }
        }
    }

    private func makeConnection() async throws -> HTTP2ClientConnection {
        let settings = HTTP2ClientConnection.Settings(
            authority: "\(host):\(port)", maxPayloadSize: config.maxResponsePayloadSize,
            keepaliveInterval: config.keepaliveInterval, keepaliveTimeout: config.keepaliveTimeout)
        let channel = try await ClientBootstrap(group: group)
            .connectTimeout(.milliseconds(Int64(config.connectTimeout.components.seconds * 1000)))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let connection = HTTP2ClientConnection(loop: channel.eventLoop, settings: settings, onDrain: { self.connectionLost() })
                    try channel.pipeline.syncOperations.addHandler(connection)
                }
            }
            .connect(host: host, port: port).get()
        return try await channel.pipeline.handler(type: HTTP2ClientConnection.self).get()
    }

    /// The current connection drained or closed: new calls wait for the next.
    private func connectionLost() {
        let lost = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.isLost = true
            if case .ready = state.phase { state.phase = .connecting }
            defer { state.lost = nil }
            return state.lost
        }
        lost?.resume()
    }

    public func beginGracefulShutdown() {
        let (connection, waiters, lost) = state.withLock { state in
            var connection: HTTP2ClientConnection?
            if case .ready(let current) = state.phase { connection = current }
            state.phase = .shutDown
            defer {
                state.waiters = [:]
                state.lost = nil
            }
            return (connection, state.waiters.values.map(\.continuation), state.lost)
        }
        for waiter in waiters { waiter.resume(throwing: RPCError(code: .unavailable, message: "The client is shutting down.")) }
        connection.map { connection in connection.loop.execute { connection.drain() } }
        lost?.resume()
    }

    public func withStream<Result: Sendable>(
        descriptor: MethodDescriptor, options: CallOptions,
        _ closure: (RPCStream<Inbound, Outbound>, ClientContext) async throws -> Result
    ) async throws -> Result {
        let connection = try await readyConnection(waitForReady: options.waitForReady ?? false)
        let (inbound, continuation) = AsyncThrowingStream<RPCResponsePart<[UInt8]>, any Error>.makeStream()
        let stream = HTTP2ClientStream(descriptor: descriptor, inbound: continuation, maxPayloadSize: config.maxResponsePayloadSize)
        let handle = HTTP2ClientStreamHandle(connection: connection, stream: stream)
        defer { connection.loop.execute { connection.release(handle.stream) } }
        let parts = InboundParts(
            parts: inbound, size: { if case .message(let message) = $0 { message.count + 5 } else { 0 } },
            taken: { [connection] in connection.taken($0, of: handle) })
        let rpc = RPCStream(
            descriptor: descriptor, inbound: RPCAsyncSequence(wrapping: parts),
            outbound: RPCWriter.Closable(wrapping: HTTP2ClientStreamWriter(handle: handle)))
        return try await closure(
            rpc, ClientContext(descriptor: descriptor, remotePeer: connection.remotePeer, localPeer: connection.localPeer))
    }

    /// The ready connection; while one is being made, the call waits for it.
    private func readyConnection(waitForReady: Bool) async throws -> HTTP2ClientConnection {
        enum Next {
            case use(HTTP2ClientConnection)
            case wait
            case fail(RPCError)
        }
        let next = state.withLock { state -> Next in
            switch state.phase {
            case .ready(let connection): .use(connection)
            case .idle, .connecting: .wait
            case .failing(let error):
                waitForReady ? .wait : .fail(RPCError(code: .unavailable, message: "No connection to \(host):\(port): \(error)"))
            case .shutDown: .fail(RPCError(code: .unavailable, message: "The client is shutting down."))
            }
        }
        switch next {
        case .use(let connection): return connection
        case .fail(let error): throw error
        case .wait: break
        }
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> HTTP2ClientConnection? in
                    if case .ready(let connection) = state.phase { return connection }
                    state.waiters[id] = (continuation, waitForReady)
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }
}
