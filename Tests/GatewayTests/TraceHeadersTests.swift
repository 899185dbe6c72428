import HTTPTypes
import Testing

@testable import Gateway

/// A client's trace context is continued only when well formed; anything else starts a new trace quietly.
@Suite struct TraceHeadersTests {
    @Test func onlyAWellFormedTraceParentIsRead() {
        let good = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
        var headers = HTTPFields()
        headers[HTTPField.Name("traceparent")!] = good
        #expect(TraceHeaders().extract(key: "traceparent", from: headers) == good)
        for bad in [
            "garbage", "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra", String(repeating: "a", count: 10_000),
        ] {
            headers[HTTPField.Name("traceparent")!] = bad
            #expect(TraceHeaders().extract(key: "traceparent", from: headers) == nil, "\(bad.prefix(60))")
        }
        headers[HTTPField.Name("tracestate")!] = String(repeating: "k=v,", count: 200)
        #expect(TraceHeaders().extract(key: "tracestate", from: headers) == nil, "longer than the 512 the specification allows")
    }
}
