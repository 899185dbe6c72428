import Logging
import Metrics
import OTel
import Prometheus

/// How a process logs: LOG_LEVEL and LOG_FORMAT (text for people, json for collectors).
public struct LogSettings: Sendable {
    public enum Format: String, Sendable {
        case text, json
    }

    public var level: Logger.Level
    public var format: Format

    public init(environment: Environment) throws(ConfigurationError) {
        let level = environment.string("LOG_LEVEL", default: "info")
        guard let parsedLevel = Logger.Level(rawValue: level) else {
            throw ConfigurationError(
                variable: "LOG_LEVEL", problem: "expected trace, debug, info, notice, warning, error or critical, got \"\(level)\"")
        }
        self.level = parsedLevel
        let format = environment.string("LOG_FORMAT", default: "text")
        guard let parsedFormat = Format(rawValue: format) else {
            throw ConfigurationError(variable: "LOG_FORMAT", problem: "expected text or json, got \"\(format)\"")
        }
        self.format = parsedFormat
    }

    /// Sets up process-wide logging and metrics; call once, first thing in `main`. With `traceIDs`,
    /// every line logged within a span carries its `trace_id` and `span_id`.
    public func bootstrap(traceIDs: Bool = false) -> PrometheusCollectorRegistry {
        let level = self.level
        let provider = traceIDs ? OTel.makeLoggingMetadataProvider() : nil
        switch format {
        case .json:
            LoggingSystem.bootstrap(
                { label, provider in
                    var handler = JSONLogHandler(label: label, metadataProvider: provider)
                    handler.logLevel = level
                    return handler
                }, metadataProvider: provider)
        case .text:
            LoggingSystem.bootstrap(
                { label, provider in
                    var handler = StreamLogHandler.standardError(label: label, metadataProvider: provider)
                    handler.logLevel = level
                    return handler
                }, metadataProvider: provider)
        }
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }
}
