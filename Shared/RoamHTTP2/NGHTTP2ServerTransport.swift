import GRPCCore
import Logging
import Metrics
import NIOCore
import NIOPosix
import Synchronization

/// A gRPC server transport whose HTTP/2 is nghttp2's: NIO reads and writes the socket, one
/// nghttp2 session per connection frames it, and each stream is handed to grpc-swift as a call.
/// Services, interceptors and the wire protocol are grpc-swift's as with its NIO transport.
public final class NGHTTP2ServerTransport: ServerTransport {
    public typealias Bytes = [UInt8]

    public struct Config: Sendable {
        public var maxConcurrentStreams = 100
        public var maxRequestPayloadSize = 4 * 1024 * 1024
        /// SETTINGS_MAX_HEADER_LIST_SIZE; a request over it is answered 431. gRPC's core library refuses
        /// metadata over 16 KiB too.
        public var maxHeaderListSize = 16 * 1024
        /// Where a connection nghttp2 gave up on is reported, and counted.
        public var logger = Logger(label: "roam.http2")
        public var metrics: any MetricsFactory = MetricsSystem.factory

        public init() {}
    }

    private struct State {
        var listener: (any Channel)?
        var connections: [ObjectIdentifier: HTTP2ServerConnectionHandle] = [:]
        var calls: AsyncStream<IncomingCall>.Continuation?
        var isShuttingDown = false
        var methods: [String: MethodDescriptor] = [:]
    }

    private let host: String
    private let port: Int
    private let config: Config
    private let group: any EventLoopGroup
    private let state = Mutex(State())
    private let bound: EventLoopPromise<SocketAddress>

    public init(host: String, port: Int, config: Config = Config(), group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.host = host
        self.port = port
        self.config = config
        self.group = group
        self.bound = group.next().makePromise()
    }

    deinit {
        // A transport that never listened (its process stopped during start-up) leaves no promise
        // unfulfilled, which NIO reports as a leak; fulfilling a fulfilled one does nothing.
        bound.fail(ChannelError.ioOnClosedChannel)
    }

    /// The address the transport listens on, once it does (the port chosen when 0 was asked for).
    public var listeningAddress: SocketAddress {
        get async throws { try await bound.futureResult.get() }
    }

    public func configure(context: GRPCServerContext) {
        state.withLock { state in
            for method in context.methods { state.methods["/" + method.fullyQualifiedMethod] = method }
        }
    }

    public func listen(
        streamHandler: @escaping @Sendable (RPCStream<Inbound, Outbound>, ServerContext) async -> Void
    ) async throws {
        let (calls, continuation) = AsyncStream<IncomingCall>.makeStream()
        state.withLock { $0.calls = continuation }
        let limits = HTTP2ServerConnection.Limits(
            maxConcurrentStreams: config.maxConcurrentStreams, maxPayloadSize: config.maxRequestPayloadSize,
            maxHeaderListSize: config.maxHeaderListSize, methods: state.withLock(\.methods))
        let listener: any Channel
        do {
            listener = try await ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 256)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .childChannelInitializer { [self] channel in
                    channel.eventLoop.makeCompletedFuture {
                        let connection = HTTP2ServerConnection(
                            loop: channel.eventLoop, limits: limits, logger: config.logger, metrics: config.metrics,
                            accept: { continuation.yield($0) },
                            closed: { self.remove($0) })
                        self.add(HTTP2ServerConnectionHandle(connection))
                        try channel.pipeline.syncOperations.addHandler(connection)
                    }
                }
                .bind(host: host, port: port).get()
        } catch {
            bound.fail(error)
            continuation.finish()
            throw error
        }
        let shuttingDown = state.withLock { state in
            state.listener = listener
            return state.isShuttingDown
        }
        bound.succeed(listener.localAddress!)
        if shuttingDown { beginGracefulShutdown() }
        await withTaskCancellationHandler {
            await withDiscardingTaskGroup { group in
                for await call in calls {
                    // The handler runs on its connection's event loop: no thread hop between them.
                    group.addTask(executorPreference: call.connection.executor) { await call.run(streamHandler) }
                }
            }
        } onCancel: {
            closeAll()
        }
        try? await listener.close()
    }

    public func beginGracefulShutdown() {
        let (listener, connections) = state.withLock { state in
            state.isShuttingDown = true
            return (state.listener, Array(state.connections.values))
        }
        listener?.close(promise: nil)
        // Shut down before it listened: whoever waits for the address learns there is none.
        if listener == nil { bound.fail(ChannelError.ioOnClosedChannel) }
        for connection in connections { connection.execute { $0.goAway() } }
        finishIfDrained()
    }

    private func add(_ connection: HTTP2ServerConnectionHandle) {
        let refuse = state.withLock { state in
            state.connections[connection.id] = connection
            return state.isShuttingDown
        }
        // Added as the connection is made, before its handler is: it says GOAWAY once it can.
        if refuse { connection.enqueue { $0.goAway() } }
    }

    private func remove(_ connection: ObjectIdentifier) {
        state.withLock { _ = $0.connections.removeValue(forKey: connection) }
        finishIfDrained()
    }

    /// Once shutting down with no connection left, no call can arrive: `listen` returns when the calls end.
    private func finishIfDrained() {
        let calls = state.withLock { state -> AsyncStream<IncomingCall>.Continuation? in
            guard state.isShuttingDown, state.connections.isEmpty, state.listener != nil else { return nil }
            return state.calls
        }
        calls?.finish()
    }

    private func closeAll() {
        let (listener, connections, calls) = state.withLock { state in
            state.isShuttingDown = true
            return (state.listener, Array(state.connections.values), state.calls)
        }
        listener?.close(promise: nil)
        for connection in connections { connection.execute { $0.close() } }
        calls?.finish()
    }
}
