import GRPCCore
import RoamProto

/// Answers UNAVAILABLE while the process is not ready (migrations not yet applied, its database away,
/// shutting down), except for health checks and reflection, so a replica that is still starting never serves a
/// half-built schema.
public struct ReadinessInterceptor: ServerInterceptor {
    private let health: HealthService

    public init(health: HealthService) {
        self.health = health
    }

    public func intercept<Input: Sendable, Output: Sendable>(
        request: StreamingServerRequest<Input>,
        context: ServerContext,
        next: @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
    ) async throws -> StreamingServerResponse<Output> {
        guard health.isServing || ServiceHost.openMethods.contains(context.descriptor) else {
            throw health.refusal
        }
        return try await next(request, context)
    }
}
