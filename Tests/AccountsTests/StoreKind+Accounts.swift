import Foundation
import RoamRuntime
import RoamTesting

@testable import Accounts

extension StoreKind {
    func withRepositories(_ body: @Sendable (Repositories) async throws -> Void) async throws {
        try await with(
            memory: { Repositories(memory: InMemoryAccountsStore()) }, migrator: AccountsMigrations.migrator,
            postgres: { Repositories(database: $0) }, operationTimeout: .seconds(30), body)
    }
}

extension StoreKind {
    /// Repositories on a database of their own, for tests whose clean-ups would reach other tests' rows.
    func withOwnRepositories(_ body: @Sendable (Repositories) async throws -> Void) async throws {
        try await with(
            memory: { Repositories(memory: InMemoryAccountsStore()) }, migrator: AccountsMigrations.migrator,
            postgres: { Repositories(database: $0) }, operationTimeout: .seconds(30), ownDatabase: true, body)
    }
}

/// Test data with names unique per call, so tests share one database without colliding.
enum Fixtures {
    static func user(_ name: String = "user", at time: Date = Date()) -> User {
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let username = "\(name)_\(suffix)"
        return User(
            id: .v7(at: time), email: "\(username)@example.com", username: username, passwordHash: "$argon2id$test",
            profile: ProfileDetails(displayName: "\(name.capitalized) \(suffix)"), createdAt: wholeSeconds(time))
    }

    static func session(for user: User, at time: Date = Date()) -> Session {
        let time = wholeSeconds(time)
        return Session(
            id: .v7(at: time), userID: user.id, device: DeviceInfo(userAgent: "test", deviceName: "phone"),
            clientAddress: "127.0.0.1", createdAt: time, lastUsedAt: time, expiresAt: time.addingTimeInterval(86400))
    }

    static func digest() -> [UInt8] { OpaqueToken().digest(OpaqueToken().generate()) }

    /// The mail a token of `user`'s goes out with.
    static func mail(_ kind: Mail.Kind, for user: User, at time: Date = Date()) -> Mail {
        Mail(
            id: .v7(at: time), userID: user.id, kind: kind, to: user.email, language: "", fields: ["link": "https://example.com/"],
            createdAt: wholeSeconds(time))
    }

    /// Whole seconds survive the trip through PostgreSQL's microsecond timestamps exactly.
    static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }
}
