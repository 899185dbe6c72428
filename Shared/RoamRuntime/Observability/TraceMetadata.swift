import GRPCCore
import Instrumentation

/// Reads and writes the W3C trace context (`traceparent`, `tracestate`) in a call's gRPC metadata; a
/// malformed one is not read (`Traces.isTraceParent`).
struct TraceMetadata: Injector, Extractor {
    func inject(_ value: String, forKey key: String, into carrier: inout Metadata) {
        carrier.replaceOrAddString(value, forKey: key)
    }

    func extract(key: String, from carrier: Metadata) -> String? {
        guard let value = carrier[stringValues: key].first(where: { _ in true }) else { return nil }
        switch key {
        case "traceparent": return Traces.isTraceParent(value) ? value : nil
        case "tracestate": return value.utf8.count <= 512 ? value : nil
        default: return value
        }
    }
}
