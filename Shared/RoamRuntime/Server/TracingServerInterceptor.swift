import GRPCCore
import Tracing

/// The outermost interceptor when traces are on: a server span for every call, continuing the
/// caller's trace from the call's metadata, open while the handler and its response stream run.
/// Health probes and reflection are left out: probes every few seconds are nobody's action.
public struct TracingServerInterceptor: ServerInterceptor {
    public init() {}

    public func intercept<Input: Sendable, Output: Sendable>(
        request: StreamingServerRequest<Input>,
        context: ServerContext,
        next: @Sendable (StreamingServerRequest<Input>, ServerContext) async throws -> StreamingServerResponse<Output>
    ) async throws -> StreamingServerResponse<Output> {
        guard Traces.areOn, !ServiceHost.openMethods.contains(context.descriptor) else { return try await next(request, context) }
        var caller = ServiceContext.current ?? .topLevel
        InstrumentationSystem.instrument.extract(request.metadata, into: &caller, using: TraceMetadata())
        let descriptor = context.descriptor
        let span = EndingSpan(startSpan(descriptor.fullyQualifiedMethod, context: caller, ofKind: .server), rpc: descriptor)
        let served = span.span.context
        do {
            var response = try await ServiceContext.$current.withValue(served) {
                try await Traces.$servedSpan.withValue(span.span) {
                    try await next(request, context)
                }
            }
            switch response.accepted {
            case .success(var contents):
                let produce = contents.producer
                contents.producer = { writer in
                    do {
                        let trailers = try await ServiceContext.$current.withValue(served) {
                            try await Traces.$servedSpan.withValue(span.span) { try await produce(writer) }
                        }
                        span.end()
                        return trailers
                    } catch {
                        span.end(failing: error)
                        throw error
                    }
                }
                response.accepted = .success(contents)
            case .failure(let error):
                span.end(failing: error)
            }
            return response
        } catch {
            span.end(failing: error)
            throw error
        }
    }
}
