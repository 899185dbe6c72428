import Foundation
import RoamRuntime

/// What a connection to the gateway may take before it is closed: a slow or silent client holds a
/// connection (a file descriptor and its buffers) for as long as it is allowed to, so every wait has a
/// bound and one address a number of connections. Compose publishes the gateway directly, so these
/// stand where a proxy's would.
public struct ConnectionLimits: Sendable {
    /// A new connection's first request head must be in within this (`HTTP_HEADER_TIMEOUT`).
    public var headerTimeout: Duration
    /// How long a connection may wait for its next request, or between two reads of a body (`HTTP_IDLE_TIMEOUT`).
    public var idleTimeout: Duration
    /// The slowest a request body may arrive once `bodyGrace` has passed since its head (`HTTP_BODY_MIN_RATE`, bytes a second).
    public var bodyMinimumRate: Int
    /// How long a body may take to start before its rate counts (`HTTP_BODY_GRACE`).
    public var bodyGrace: Duration
    /// Connections one address (an IPv6 /64) may hold open at once (`MAX_CONNECTIONS_PER_ADDRESS`).
    public var perAddress: Int

    public init(
        headerTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(30), bodyMinimumRate: Int = 240,
        bodyGrace: Duration = .seconds(5), perAddress: Int = 128
    ) {
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.bodyMinimumRate = bodyMinimumRate
        self.bodyGrace = bodyGrace
        self.perAddress = perAddress
    }

    public init(environment: Environment) throws(ConfigurationError) {
        let defaults = ConnectionLimits()
        self.init(
            headerTimeout: try environment.duration("HTTP_HEADER_TIMEOUT", default: defaults.headerTimeout),
            idleTimeout: try environment.duration("HTTP_IDLE_TIMEOUT", default: defaults.idleTimeout),
            bodyMinimumRate: try environment.int("HTTP_BODY_MIN_RATE", default: defaults.bodyMinimumRate, in: 0...1_000_000_000),
            bodyGrace: try environment.duration("HTTP_BODY_GRACE", default: defaults.bodyGrace),
            perAddress: try environment.int("MAX_CONNECTIONS_PER_ADDRESS", default: defaults.perAddress, in: 1...1_000_000))
        for (variable, value) in [("HTTP_HEADER_TIMEOUT", headerTimeout), ("HTTP_IDLE_TIMEOUT", idleTimeout)] where value <= .zero {
            throw ConfigurationError(variable: variable, problem: "must be longer than 0s")
        }
    }
}
