import GRPCCore
import Metrics

/// Counts every RPC by method and status code and records its latency, for the `/metrics` listener.
public struct MetricsInterceptor: ServerInterceptor {
    public init() {}

    public func intercept<Input: Sendable, Output: Sendable>(
        request: StreamingServerRequest<Input>,
        context: ServerContext,
        next: @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
    ) async throws -> StreamingServerResponse<Output> {
        let started = ContinuousClock.now
        let method = context.descriptor.fullyQualifiedMethod
        do {
            let response = try await next(request, context)
            let code: String =
                switch response.accepted {
                case .success: "ok"
                case .failure(let error): "\(error.code)"
                }
            record(method: method, code: code, since: started)
            return response
        } catch {
            let code = (error as? RPCError).map { "\($0.code)" } ?? "unknown"
            record(method: method, code: code, since: started)
            throw error
        }
    }

    private func record(method: String, code: String, since started: ContinuousClock.Instant) {
        Counter(label: "grpc_server_handled_total", dimensions: [("method", method), ("code", code)]).increment()
        Metrics.Timer(label: "grpc_server_handling_seconds", dimensions: [("method", method)])
            .recordInterval(since: started)
    }
}

extension Metrics.Timer {
    func recordInterval(since started: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - started
        recordNanoseconds(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
    }
}
