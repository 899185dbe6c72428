import Foundation
import Logging
import NIOSSL
import PostgresNIO

/// Where and how to reach PostgreSQL, from `DATABASE_URL`
/// (`postgres://user:password@host:port/database?sslmode=disable|require`, or `?host=/socket/dir`).
public struct DatabaseSettings: Sendable {
    public var configuration: PostgresClient.Configuration
    /// The same server for one connection of its own, which tells whether the database is back
    /// without waiting on the pool's back-off.
    public var probeConfiguration: PostgresConnection.Configuration
    /// The longest any one database operation may take before the request gives up.
    public var operationTimeout: Duration

    public static let defaultURL = "postgres://roam@127.0.0.1:5432/roam?sslmode=disable"

    public init(environment: Environment) throws(ConfigurationError) {
        let url = environment.string("DATABASE_URL", default: Self.defaultURL)
        guard var configuration = Self.configuration(from: url), var probe = Self.probeConfiguration(from: url) else {
            // Not echoed: a URL that fails to parse may still hold a password, and this message is logged.
            throw ConfigurationError(
                variable: "DATABASE_URL", problem: "expected postgres://user[:password]@host[:port]/database (the value given is not shown)")
        }
        configuration.options.maximumConnections = try environment.int("DATABASE_MAX_CONNECTIONS", default: 20, in: 1...500)
        configuration.options.connectTimeout = .seconds(5)
        // Each time a pooled connection falls idle, postgres-nio starts a sleep for its keep-alive
        // (30 s) and, above the minimum, one for its idle timeout (60 s); the next query cancels them,
        // but a cancelled sleep keeps its task and dispatch timer queued until its deadline
        // (swiftlang/swift#60441). Under load that was every query of the last minute: tens of
        // megabytes, and a timer armed and disarmed per query. So the first connections stay open
        // without timers, there is no keep-alive query (a dead connection fails its next query, which
        // the supervisor notices, as any broken connection), and the others close after 10 s idle.
        configuration.options.keepAliveBehavior = nil
        configuration.options.minimumConnections = min(
            try environment.int("DATABASE_MIN_CONNECTIONS", default: 2, in: 0...500), configuration.options.maximumConnections)
        configuration.options.connectionIdleTimeout = .seconds(10)
        operationTimeout = try environment.duration("DATABASE_TIMEOUT", default: .seconds(5))
        let statementTimeout = operationTimeout.components.seconds * 1000
        // Services run many short queries: JIT compilation and parallel workers cost more to start
        // (tens of milliseconds on a small machine) than they save on any of them.
        configuration.options.additionalStartupParameters = [
            ("statement_timeout", "\(statementTimeout)"), ("jit", "off"), ("max_parallel_workers_per_gather", "0"),
        ]
        self.configuration = configuration
        // Longer than the supervisor's own one-second limit on an attempt, so a server that accepts the
        // connection but does not answer always meets that limit (counted as slow) and never this one
        // (an error, which would call the server away on the first unanswered attempt).
        probe.options.connectTimeout = .seconds(3)
        probeConfiguration = probe
    }

    /// The password a `DATABASE_URL` carries, if any.
    public static func password(in url: String) -> String? {
        ServerAddress(url: url)?.password
    }

    static func configuration(from url: String) -> PostgresClient.Configuration? {
        guard let address = ServerAddress(url: url) else { return nil }
        if let socket = address.socketPath {
            return .init(unixSocketPath: socket, username: address.user, password: address.password, database: address.database)
        }
        let tls: PostgresClient.Configuration.TLS =
            switch address.sslMode {
            case "disable": .disable
            case "require", "verify-full", "verify-ca": .require(.makeClientConfiguration())
            default: .prefer(.makeClientConfiguration())
            }
        return .init(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: tls)
    }

    static func probeConfiguration(from url: String) -> PostgresConnection.Configuration? {
        guard let address = ServerAddress(url: url) else { return nil }
        if let socket = address.socketPath {
            return .init(unixSocketPath: socket, username: address.user, password: address.password, database: address.database)
        }
        let tls: PostgresConnection.Configuration.TLS
        if address.sslMode == "disable" {
            tls = .disable
        } else {
            guard let context = try? NIOSSLContext(configuration: .makeClientConfiguration()) else { return nil }
            tls = ["require", "verify-full", "verify-ca"].contains(address.sslMode) ? .require(context) : .prefer(context)
        }
        return .init(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: tls)
    }

    /// The parts of a `DATABASE_URL`.
    struct ServerAddress {
        var user: String
        var password: String?
        var database: String?
        var host: String
        var port: Int
        /// Set for `?host=/socket/dir`.
        var socketPath: String?
        var sslMode: String

        init?(url: String) {
            guard let components = URLComponents(string: url),
                components.scheme == "postgres" || components.scheme == "postgresql",
                let user = components.user, !user.isEmpty
            else { return nil }
            let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
            let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
            self.user = user
            password = components.password?.removingPercentEncoding
            database = path.isEmpty ? nil : path
            port = components.port ?? 5432
            sslMode = query["sslmode"] ?? "prefer"
            if let socketDirectory = query["host"], socketDirectory.hasPrefix("/") {
                host = ""
                socketPath = "\(socketDirectory)/.s.PGSQL.\(port)"
            } else {
                guard let host = components.host, !host.isEmpty else { return nil }
                self.host = host
            }
        }
    }
}
