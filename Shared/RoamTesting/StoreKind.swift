import Foundation
import PostgresNIO
import RoamRuntime

/// The two implementations every repository contract suite runs against: the in-memory store and the
/// PostgreSQL one. Each service's tests say which stores these are in a small extension
/// (`withStore`), and pass `StoreKind.allCases` as a test's arguments.
public enum StoreKind: String, CaseIterable, CustomStringConvertible, Sendable {
    case memory
    case postgres

    public var description: String { rawValue }

    /// Runs `body` with `memory()`, or with `postgres(database)` on the shared test database once
    /// `migrator` has run there (`ownDatabase`: on a fresh database of its own, for tests whose
    /// clean-ups or listings would reach other tests' rows). `operationTimeout` is generous: a whole
    /// suite shares two cores, and concurrency tests queue many calls on one pool.
    public func with<Store: Sendable>(
        memory: @Sendable () -> Store, migrator: Migrator, postgres: @escaping @Sendable (Database) -> Store,
        operationTimeout: Duration = .seconds(120), ownDatabase: Bool = false,
        _ body: @Sendable (Store) async throws -> Void
    ) async throws {
        switch self {
        case .memory:
            try await body(memory())
        case .postgres where ownDatabase:
            try await Database.withClient(url: TestDatabase.freshDatabase(), maxConnections: 4, logger: .init(label: "test")) { client in
                try await migrator.migrate(client, logger: .init(label: "test"))
                try await body(postgres(Database(client: client, operationTimeout: operationTimeout)))
            }
        case .postgres:
            try await TestDatabase.withClient { client in
                try await migrator.migrate(client, logger: .init(label: "test"))
                try await body(postgres(Database(client: client, operationTimeout: operationTimeout)))
            }
        }
    }
}
