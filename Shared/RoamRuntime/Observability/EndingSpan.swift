import GRPCCore
import Synchronization
import Tracing

/// A span ended exactly once: when the work that outlives an interceptor (a response's stream) ends,
/// or, if that work is abandoned, when the last reference to it goes away.
final class EndingSpan: Sendable {
    let span: any Span
    private let ended = Atomic<Bool>(false)

    /// The span of one gRPC call, with the attributes OpenTelemetry names for it.
    init(_ span: any Span, rpc descriptor: MethodDescriptor) {
        self.span = span
        span.attributes["rpc.system"] = "grpc"
        span.attributes["rpc.service"] = descriptor.service.fullyQualifiedService
        span.attributes["rpc.method"] = descriptor.method
    }

    func end(failing error: (any Error)? = nil) {
        guard !ended.exchange(true, ordering: .relaxed) else { return }
        if let error {
            span.recordError(error)
            if let error = error as? RPCError {
                span.attributes["rpc.grpc.status_code"] = error.code.rawValue
            }
            span.setStatus(SpanStatus(code: .error))
        }
        span.end()
    }

    deinit {
        end()
    }
}
