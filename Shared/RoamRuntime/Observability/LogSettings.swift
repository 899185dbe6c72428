import Logging
import Metrics
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

    /// Sets up process-wide logging and metrics; call once, first thing in `main`.
    public func bootstrap() -> PrometheusCollectorRegistry {
        let level = self.level
        switch format {
        case .json:
            LoggingSystem.bootstrap { label in
                var handler = JSONLogHandler(label: label)
                handler.logLevel = level
                return handler
            }
        case .text:
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            }
        }
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }
}
