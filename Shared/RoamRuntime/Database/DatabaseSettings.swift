import Foundation
import Logging
import PostgresNIO

/// Where and how to reach PostgreSQL, from `DATABASE_URL`
/// (`postgres://user:password@host:port/database?sslmode=disable|require`, or `?host=/socket/dir`).
public struct DatabaseSettings: Sendable {
    public var configuration: PostgresClient.Configuration
    /// The longest any one database operation may take before the request gives up.
    public var operationTimeout: Duration

    public static let defaultURL = "postgres://roam@127.0.0.1:5432/roam?sslmode=disable"

    public init(environment: Environment) throws(ConfigurationError) {
        let url = environment.string("DATABASE_URL", default: Self.defaultURL)
        guard var configuration = Self.configuration(from: url) else {
            throw ConfigurationError(variable: "DATABASE_URL", problem: "expected postgres://user[:password]@host[:port]/database, got \"\(url)\"")
        }
        configuration.options.maximumConnections = try environment.int("DATABASE_MAX_CONNECTIONS", default: 20, in: 1...500)
        configuration.options.connectTimeout = .seconds(5)
        operationTimeout = try environment.duration("DATABASE_TIMEOUT", default: .seconds(5))
        let statementTimeout = operationTimeout.components.seconds * 1000
        // Services run many short queries: JIT compilation and parallel workers cost more to start
        // (tens of milliseconds on a small machine) than they save on any of them.
        configuration.options.additionalStartupParameters = [
            ("statement_timeout", "\(statementTimeout)"), ("jit", "off"), ("max_parallel_workers_per_gather", "0"),
        ]
        self.configuration = configuration
    }

    static func configuration(from url: String) -> PostgresClient.Configuration? {
        guard let components = URLComponents(string: url),
              components.scheme == "postgres" || components.scheme == "postgresql",
              let user = components.user, !user.isEmpty else { return nil }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        let password = components.password?.removingPercentEncoding
        if let socketDirectory = query["host"], socketDirectory.hasPrefix("/") {
            let port = components.port ?? 5432
            return .init(unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: user, password: password,
                         database: database.isEmpty ? nil : database)
        }
        guard let host = components.host, !host.isEmpty else { return nil }
        let tls: PostgresClient.Configuration.TLS
        switch query["sslmode"] ?? "prefer" {
        case "disable": tls = .disable
        case "require", "verify-full", "verify-ca": tls = .require(.makeClientConfiguration())
        default: tls = .prefer(.makeClientConfiguration())
        }
        return .init(host: host, port: components.port ?? 5432, username: user, password: password,
                     database: database.isEmpty ? nil : database, tls: tls)
    }
}

import NIOSSL
