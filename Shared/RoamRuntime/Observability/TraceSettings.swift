import Foundation
import Logging
import OTel
import ServiceLifecycle

/// Whether a process exports spans: only when `OTEL_EXPORTER_OTLP_ENDPOINT` (or the traces-only
/// `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) names a collector, over OTLP/HTTP. The other `OTEL_*`
/// variables of the OpenTelemetry specification (sampler, batch sizes, headers, service name) are
/// read by swift-otel itself.
public struct TraceSettings: Sendable {
    /// The collector, or nil: no span is made at all.
    public var endpoint: String?
    /// The variables swift-otel reads its own settings from.
    private let otelVariables: [String: String]

    public init(environment: Environment) throws(ConfigurationError) {
        otelVariables = environment.values.filter { $0.key.hasPrefix("OTEL_") }
        let variable = ["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_ENDPOINT"].first {
            !(environment.optionalString($0) ?? "").isEmpty
        }
        guard let variable, let endpoint = environment.optionalString(variable), !(try environment.bool("OTEL_SDK_DISABLED", default: false))
        else {
            endpoint = nil
            return
        }
        guard let url = URL(string: endpoint), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw ConfigurationError(variable: variable, problem: "expected a collector's http:// or https:// URL, got \"\(endpoint)\"")
        }
        for name in ["OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "OTEL_EXPORTER_OTLP_PROTOCOL"] {
            if let value = environment.optionalString(name), value != "http/protobuf" {
                throw ConfigurationError(variable: name, problem: "only http/protobuf is supported, got \"\(value)\"")
            }
        }
        self.endpoint = endpoint
    }

    /// Starts recording and exporting spans when a collector is set: the returned service sends them
    /// in batches and must run beside the process's others. Nil, and nothing recorded, when not.
    public func bootstrap(serviceName: String, logger: Logger) throws -> (any Service)? {
        guard endpoint != nil else { return nil }
        var configuration = OTel.Configuration.default
        configuration.serviceName = serviceName
        configuration.diagnosticLogger = .custom(logger)
        configuration.diagnosticLogLevel = .warning
        configuration.logs.enabled = false
        configuration.metrics.enabled = false
        let exporter = try OTel.bootstrap(configuration: configuration, environment: otelVariables)
        Traces.turnOn()
        return exporter
    }

    public var areOn: Bool { endpoint != nil }
}
