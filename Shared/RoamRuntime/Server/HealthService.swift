import GRPCCore
import Metrics
import RoamProto
import Synchronization

/// `grpc.health.v1.Health`: probes and the gateway's `/readyz` ask it whether this process is ready.
/// A process serves while nothing blocks it: it starts blocked by its start-up work (migrations), and
/// is blocked again while its database cannot be reached and while it shuts down. A NOT_SERVING answer
/// says why in the `roam-not-serving-reason` metadata.
public final class HealthService: Grpc_Health_V1_Health.SimpleServiceProtocol, Sendable {
    public typealias Status = Grpc_Health_V1_HealthCheckResponse.ServingStatus

    /// The response metadata key naming what keeps the process from serving.
    public static let reasonKey = "roam-not-serving-reason"

    private struct State {
        var names: Set<String>
        /// What keeps the process from serving, by condition, with the reason each gives.
        var blockers: [String: String] = ["startup": "STARTING: start-up work is not done"]
        var watchers: [Int: (name: String, continuation: AsyncStream<Status>.Continuation)] = [:]
        var nextWatcher = 0

        var status: Status { blockers.isEmpty ? .serving : .notServing }
        var reason: String? { blockers.sorted { $0.key < $1.key }.first?.value }
    }

    private let state: Mutex<State>

    public init(serviceNames: [String]) {
        state = Mutex(State(names: Set(serviceNames + [""])))
    }

    /// Keeps the process from serving until `unblock(condition)`; `reason` tells probes why.
    public func block(_ condition: String, reason: String) {
        change { $0.blockers[condition] = reason }
    }

    public func unblock(_ condition: String) {
        change { $0.blockers[condition] = nil }
    }

    /// Serves (clearing every blocker) or stops serving (tests and harnesses).
    public func setAll(_ status: Status) {
        change { $0.blockers = status == .serving ? [:] : ["manual": "NOT_SERVING"] }
    }

    private func change(_ body: (inout State) -> Void) {
        let (status, notify) = state.withLock { state in
            let before = state.status
            body(&state)
            // Watchers of names this process does not serve keep hearing SERVICE_UNKNOWN.
            let watchers = state.status == before ? [] : state.watchers.values.filter { state.names.contains($0.name) }.map(\.continuation)
            return (state.status, watchers)
        }
        for continuation in notify { continuation.yield(status) }
        // `roam_ready`: 1 while the process serves, 0 while anything keeps it from serving.
        Gauge(label: "roam_ready").record(status == .serving ? 1 : 0)
    }

    public func status(of name: String) -> Status? {
        state.withLock { $0.names.contains(name) ? $0.status : nil }
    }

    /// What a call refused for not serving hears: the database's absence, or the revocation feed's,
    /// when that is what blocks.
    public var refusal: RoamError {
        let blockers = state.withLock { $0.blockers }
        if blockers["database"] != nil { return .databaseUnavailable }
        if blockers["revocations"] != nil {
            return RoamError(
                .unavailable, reason: "REVOCATIONS_LOST",
                message: "this replica cannot hear which sessions have ended; try again shortly")
        }
        return .unavailable
    }

    /// Why the process is not serving (nil while it serves).
    public var notServingReason: String? { state.withLock { $0.reason } }

    public var isServing: Bool { status(of: "") == .serving }

    public func check(
        request: ServerRequest<Grpc_Health_V1_HealthCheckRequest>, context: ServerContext
    ) async throws
        -> ServerResponse<Grpc_Health_V1_HealthCheckResponse>
    {
        let (status, reason) = state.withLock { state in
            (state.names.contains(request.message.service) ? state.status : nil, state.reason)
        }
        guard let status else {
            throw RPCError(code: .notFound, message: "unknown service \"\(request.message.service)\"")
        }
        var metadata: Metadata = [:]
        if status != .serving, let reason { metadata.addString(reason, forKey: Self.reasonKey) }
        return ServerResponse(message: .with { $0.status = status }, metadata: metadata)
    }

    public func check(request: Grpc_Health_V1_HealthCheckRequest, context: ServerContext) async throws -> Grpc_Health_V1_HealthCheckResponse {
        guard let status = status(of: request.service) else {
            throw RPCError(code: .notFound, message: "unknown service \"\(request.service)\"")
        }
        return .with { $0.status = status }
    }

    public func watch(
        request: Grpc_Health_V1_HealthCheckRequest, response: RPCWriter<Grpc_Health_V1_HealthCheckResponse>,
        context: ServerContext
    ) async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Status.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            let id = state.nextWatcher
            state.nextWatcher += 1
            state.watchers[id] = (request.service, continuation)
            continuation.yield(state.names.contains(request.service) ? state.status : .serviceUnknown)
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
