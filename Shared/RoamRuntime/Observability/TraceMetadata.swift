import GRPCCore
import Instrumentation

/// Reads and writes the W3C trace context (`traceparent`, `tracestate`) in a call's gRPC metadata.
struct TraceMetadata: Injector, Extractor {
    func inject(_ value: String, forKey key: String, into carrier: inout Metadata) {
        carrier.replaceOrAddString(value, forKey: key)
    }

    func extract(key: String, from carrier: Metadata) -> String? {
        carrier[stringValues: key].first(where: { _ in true })
    }
}
