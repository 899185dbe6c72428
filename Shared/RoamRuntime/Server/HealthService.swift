import GRPCCore
import RoamProto
import Synchronization

/// `grpc.health.v1.Health`: probes and the gateway's `/readyz` ask it whether this process is ready.
/// Every name this process serves (and "" for the whole server) starts NOT_SERVING and turns SERVING
/// once start-up work such as migrations is done.
public final class HealthService: Grpc_Health_V1_Health.SimpleServiceProtocol, Sendable {
    public typealias Status = Grpc_Health_V1_HealthCheckResponse.ServingStatus

    private struct State {
        var statuses: [String: Status]
        var watchers: [Int: (name: String, continuation: AsyncStream<Status>.Continuation)] = [:]
        var nextWatcher = 0
    }

    private let state: Mutex<State>

    public init(serviceNames: [String]) {
        var statuses: [String: Status] = ["": .notServing]
        for name in serviceNames { statuses[name] = .notServing }
        state = Mutex(State(statuses: statuses))
    }

    /// Sets every known name to `status`.
    public func setAll(_ status: Status) {
        let notify = state.withLock { state in
            for name in state.statuses.keys { state.statuses[name] = status }
            // Watchers of names this process does not serve keep hearing SERVICE_UNKNOWN.
            return state.watchers.values.filter { state.statuses[$0.name] != nil }.map(\.continuation)
        }
        for continuation in notify { continuation.yield(status) }
    }

    public func status(of name: String) -> Status? {
        state.withLock { $0.statuses[name] }
    }

    public var isServing: Bool { status(of: "") == .serving }

    public func check(request: Grpc_Health_V1_HealthCheckRequest, context: ServerContext) async throws -> Grpc_Health_V1_HealthCheckResponse {
        guard let status = status(of: request.service) else {
            throw RPCError(code: .notFound, message: "unknown service \"\(request.service)\"")
        }
        return .with { $0.status = status }
    }

    public func watch(request: Grpc_Health_V1_HealthCheckRequest, response: RPCWriter<Grpc_Health_V1_HealthCheckResponse>,
                      context: ServerContext) async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Status.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            let id = state.nextWatcher
            state.nextWatcher += 1
            state.watchers[id] = (request.service, continuation)
            continuation.yield(state.statuses[request.service] ?? .serviceUnknown)
            return id
        }
        // The stream ends when the client goes away (the handler task is cancelled) or a write fails.
        defer { _ = state.withLock { $0.watchers.removeValue(forKey: id) } }
        try await withTaskCancellationHandler {
            for await status in stream {
                try await response.write(.with { $0.status = status })
            }
        } onCancel: {
            continuation.finish()
        }
    }
}
