import GRPCCore

/// Kills the process once a named method's handler has returned, before its answer is sent (see
/// `CrashPoints`). A unary handler has run to the end, its transaction committed, when `next` returns.
public struct CrashAfterCommitInterceptor: ServerInterceptor {
    let methods: Set<String>

    public init(methods: Set<String>) {
        self.methods = methods
    }

    public func intercept<Input: Sendable, Output: Sendable>(
        request: StreamingServerRequest<Input>,
        context: ServerContext,
        next: @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
    ) async throws -> StreamingServerResponse<Output> {
        let response = try await next(request, context)
        let method = "\(context.descriptor.service.fullyQualifiedService)/\(context.descriptor.method)"
        if methods.contains(method), (try? response.accepted.get()) != nil {
            CrashPoints.crash(at: "after \(method) committed")
        }
        return response
    }
}
