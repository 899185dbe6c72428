import GRPCCore
import Tracing

/// A client span for every call to another service, its trace context sent in the call's metadata
/// (`traceparent`), so the callee's spans join the caller's trace. Ends with the response's last part.
/// Only calls made while serving one: background work's calls are sent as not sampled, so no
/// process records them.
public struct TracingClientInterceptor: ClientInterceptor {
    public init() {}

    public func intercept<Input: Sendable, Output: Sendable>(
        request: StreamingClientRequest<Input>,
        context: ClientContext,
        next: (StreamingClientRequest<Input>, ClientContext) async throws -> StreamingClientResponse<Output>
    ) async throws -> StreamingClientResponse<Output> {
        guard Traces.isServing else {
            guard Traces.areOn else { return try await next(request, context) }
            var request = request
            request.metadata.replaceOrAddString(UnsampledTrace.traceparent(), forKey: "traceparent")
            return try await next(request, context)
        }
        let descriptor = context.descriptor
        let span = EndingSpan(startSpan(descriptor.fullyQualifiedMethod, ofKind: .client), rpc: descriptor)
        var request = request
        InstrumentationSystem.instrument.inject(span.span.context, into: &request.metadata, using: TraceMetadata())
        do {
            var response = try await ServiceContext.$current.withValue(span.span.context) {
                try await next(request, context)
            }
            switch response.accepted {
            case .success(var contents):
                contents.bodyParts = RPCAsyncSequence(wrapping: SpanEndingSequence(base: contents.bodyParts, span: span))
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
