import HTTPTypes
import Instrumentation

/// Reads a client's W3C trace context (`traceparent`, `tracestate`) from its request's headers. A
/// malformed one is ignored here rather than reported by the tracer on every request, which would
/// let any client fill the logs.
struct TraceHeaders: Extractor {
    func extract(key: String, from carrier: HTTPFields) -> String? {
        guard let value = HTTPField.Name(key).flatMap({ carrier[$0] }) else { return nil }
        switch key.lowercased() {
        case "traceparent": return Self.isTraceParent(value) ? value : nil
        case "tracestate": return value.utf8.count <= 512 ? value : nil
        default: return value
        }
    }

    /// `version-traceid-parentid-flags` in lower-case hex: 2, 32, 16 and 2 digits.
    static func isTraceParent(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        return parts.map(\.utf8.count) == [2, 32, 16, 2]
            && parts.allSatisfy {
                $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
            }
    }
}
