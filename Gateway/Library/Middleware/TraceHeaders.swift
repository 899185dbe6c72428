import HTTPTypes
import Instrumentation
import RoamRuntime

/// Reads a client's W3C trace context (`traceparent`, `tracestate`) from its request's headers. A
/// malformed one is ignored here rather than reported by the tracer on every request, which would
/// let any client fill the logs.
struct TraceHeaders: Extractor {
    func extract(key: String, from carrier: HTTPFields) -> String? {
        guard let value = HTTPField.Name(key).flatMap({ carrier[$0] }) else { return nil }
        switch key.lowercased() {
        case "traceparent": return Traces.isTraceParent(value) ? value : nil
        case "tracestate": return value.utf8.count <= 512 ? value : nil
        default: return value
        }
    }
}
