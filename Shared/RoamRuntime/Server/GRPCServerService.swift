import GRPCCore
import GRPCNIOTransportHTTP2
import Logging
import ServiceLifecycle

/// Runs a gRPC server as a service of the group: on graceful shutdown it stops accepting calls, ends
/// the service's own long-lived streams, and returns once the calls in flight have finished, or after
/// `drainTime`, when it closes the connections still open (a peer that keeps a stream or an idle
/// connection open must not keep the process from exiting).
public struct GRPCServerService<Transport: ServerTransport>: Service {
    public static var defaultDrainTime: Duration { .seconds(5) }

    public let server: GRPCServer<Transport>
    let drainTime: Duration
    let logger: Logger?
    /// Ends the service's long-lived streams when shutdown begins, so their clients move on at once.
    let endStreams: @Sendable () async -> Void

    public init(
        server: GRPCServer<Transport>, drainTime: Duration = Self.defaultDrainTime, logger: Logger? = nil,
        endStreams: @escaping @Sendable () async -> Void = {}
    ) {
        self.server = server
        self.drainTime = drainTime
        self.logger = logger
        self.endStreams = endStreams
    }

    private struct DrainTimedOut: Error {}

    public func run() async throws {
        try await withGracefulShutdownHandler {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await server.serve() }
                group.addTask { [drainTime, endStreams] in
                    // Returns when shutdown begins; throws when the group is cancelled first.
                    try await gracefulShutdown()
                    await endStreams()
                    try await Task.sleep(for: drainTime)
                    throw DrainTimedOut()
                }
                do {
                    try await group.next()
                } catch is DrainTimedOut {
                    logger?.warning("calls or connections still open \(drainTime) after shutdown began; closing them")
                }
                group.cancelAll()
                while let _ = try? await group.next() {}
            }
        } onGracefulShutdown: {
            server.beginGracefulShutdown()
        }
    }
}
