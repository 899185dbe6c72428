@testable import Accounts
import Foundation
import RoamRuntime
import RoamTesting

/// The two implementations every repository test runs against.
enum StoreKind: String, CaseIterable, CustomStringConvertible, Sendable {
    case memory
    case postgres

    var description: String { rawValue }

    func withRepositories(_ body: @Sendable (Repositories) async throws -> Void) async throws {
        switch self {
        case .memory:
            try await body(Repositories(memory: InMemoryAccountsStore()))
        case .postgres:
            try await TestDatabase.withClient { client in
                try await AccountsMigrations.migrator.migrate(client, logger: .init(label: "test"))
                try await body(Repositories(database: Database(client: client, operationTimeout: .seconds(30))))
            }
        }
    }
}

extension StoreKind {
    /// Repositories on a database of their own, for tests whose clean-ups would reach other tests' rows.
    func withOwnRepositories(_ body: @Sendable (Repositories) async throws -> Void) async throws {
        switch self {
        case .memory:
            try await body(Repositories(memory: InMemoryAccountsStore()))
        case .postgres:
            try await Database.withClient(url: TestDatabase.freshDatabase(), maxConnections: 4, logger: .init(label: "test")) { client in
                try await AccountsMigrations.migrator.migrate(client, logger: .init(label: "test"))
                try await body(Repositories(database: Database(client: client, operationTimeout: .seconds(30))))
            }
        }
    }
}

/// Test data with names unique per call, so tests share one database without colliding.
enum Fixtures {
    static func user(_ name: String = "user", at time: Date = Date()) -> User {
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let username = "\(name)_\(suffix)"
        return User(id: .v7(at: time), email: "\(username)@example.com", username: username, passwordHash: "$argon2id$test",
                    profile: ProfileDetails(displayName: "\(name.capitalized) \(suffix)"), createdAt: wholeSeconds(time))
    }

    static func session(for user: User, at time: Date = Date()) -> Session {
        let time = wholeSeconds(time)
        return Session(id: .v7(at: time), userID: user.id, device: DeviceInfo(userAgent: "test", deviceName: "phone"),
                       clientAddress: "127.0.0.1", createdAt: time, lastUsedAt: time, expiresAt: time.addingTimeInterval(86400))
    }

    static func digest() -> [UInt8] { OpaqueToken().digest(OpaqueToken().generate()) }

    /// Whole seconds survive the trip through PostgreSQL's microsecond timestamps exactly.
    static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }
}
