import Testing

@testable import RoamRuntime

@Suite struct TraceSettingsTests {
    @Test func tracesAreOnlyOnWithACollector() throws {
        #expect(try TraceSettings(environment: Environment([:])).areOn == false)
        #expect(try TraceSettings(environment: Environment(["OTEL_EXPORTER_OTLP_ENDPOINT": ""])).areOn == false, "compose's empty default")
        #expect(
            try TraceSettings(environment: Environment(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://jaeger:4318", "OTEL_SDK_DISABLED": "true"]))
                .areOn == false)
        let on = try TraceSettings(environment: Environment(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://jaeger:4318"]))
        #expect(on.endpoint == "http://jaeger:4318")
        let tracesOnly = try TraceSettings(
            environment: Environment([
                "OTEL_EXPORTER_OTLP_ENDPOINT": "http://all:4318", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "https://traces:4318/v1/traces",
            ]))
        #expect(tracesOnly.endpoint == "https://traces:4318/v1/traces", "the traces-only variable wins")
    }

    @Test func aCollectorThatCannotBeReachedNamesItsVariable() {
        #expect {
            try TraceSettings(environment: Environment(["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "jaeger:4318"]))
        } throws: { error in
            (error as? ConfigurationError)?.variable == "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"
        }
        // The gRPC exporter is not built in: say so at start rather than drop every span.
        #expect {
            try TraceSettings(
                environment: Environment(["OTEL_EXPORTER_OTLP_ENDPOINT": "http://jaeger:4317", "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"]))
        } throws: { error in
            (error as? ConfigurationError)?.variable == "OTEL_EXPORTER_OTLP_PROTOCOL"
        }
    }

    @Test func aStatementSpanIsNamedAfterItsVerb() {
        #expect(Traces.verb(of: "SELECT id FROM trips.trips WHERE id = $1") == "SELECT")
        #expect(Traces.verb(of: "\n  with recent AS (SELECT 1) SELECT * FROM recent") == "WITH")
        #expect(Traces.verb(of: "(SELECT 1) UNION (SELECT 2)") == "SELECT")
        #expect(Traces.verb(of: "") == "SQL")
    }

    @Test func aBackgroundCallIsSentAsNotSampled() {
        let parent = UnsampledTrace.traceparent()
        let parts = parent.split(separator: "-").map(String.init)
        #expect(parts.count == 4)
        #expect(parts[0] == "00" && parts[3] == "00", "version 00, sampled flag off")
        #expect(parts[1].count == 32 && parts[2].count == 16)
        #expect((parts[1] + parts[2]).allSatisfy { $0.isHexDigit })
        #expect(parent != UnsampledTrace.traceparent(), "random ids")
    }

    @Test func aCallersMalformedTraceContextIsNotRead() {
        let good = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
        #expect(TraceMetadata().extract(key: "traceparent", from: ["traceparent": .string(good)]) == good)
        #expect(TraceMetadata().extract(key: "traceparent", from: ["traceparent": "garbage"]) == nil)
        #expect(TraceMetadata().extract(key: "tracestate", from: ["tracestate": .string(String(repeating: "k=v,", count: 200))]) == nil)
        #expect(Traces.isTraceParent(UnsampledTrace.traceparent()), "what a caller sends for background work is well formed")
    }
}
