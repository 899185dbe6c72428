import Foundation
import RoamRuntime
import RoamTesting
import Testing

/// Both publication outboxes hold to one contract, and `PublicationDelivery` empties them.
@Suite struct PublicationQueueContractTests {
    /// A queue and the way its service adds to it (in the write's transaction, for PostgreSQL).
    struct Outbox: Sendable {
        var queue: any PublicationQueue
        var add: @Sendable ([Publication], Date) async throws -> Void
        var forget: @Sendable (UUID) async throws -> Void
    }

    static func withOutbox(_ kind: StoreKind, _ body: @Sendable (Outbox) async throws -> Void) async throws {
        let schema = "pubtest_\(UUID().uuidString.prefix(8).lowercased())"
        let migrator = Migrator(
            schema: schema, migrations: [Migration(1, "PublicationOutbox", PostgresPublicationQueue.creationStatements(schema: schema))])
        try await kind.with(
            memory: {
                let queue = InMemoryPublicationQueue()
                return Outbox(queue: queue, add: { queue.add($0, at: $1) }, forget: { queue.forget(user: $0) })
            },
            migrator: migrator,
            postgres: { database in
                Outbox(
                    queue: PostgresPublicationQueue(database: database, schema: schema),
                    add: { publications, time in
                        try await database.transaction { connection in
                            try await PostgresPublicationQueue.insert(
                                publications, schema: schema, at: time, on: connection, logger: .init(label: "test"))
                        }
                    },
                    forget: { user in
                        try await database.transaction { connection in
                            try await PostgresPublicationQueue.forget(user: user, schema: schema, on: connection, logger: .init(label: "test"))
                        }
                    })
            }, body)
    }

    static func alert(_ index: Int, for user: UUID = UUID()) -> Publication {
        Publication(
            userID: user, kind: "budget_alert", key: "budget_alert:\(index)", data: ["percent": "80", "tripId": "t\(index)"], threadID: "trip:t",
            at: Date(timeIntervalSince1970: 1_900_000_000.123456), timeZone: "Europe/Lisbon")
    }

    @Test(arguments: StoreKind.allCases)
    func aClaimedPublicationComesBackWholeAndIsNobodyElsesUntilItsLeaseEnds(_ kind: StoreKind) async throws {
        try await Self.withOutbox(kind) { outbox in
            let (now, ada) = (Date(), UUID())
            try await outbox.add([Self.alert(1, for: ada)], now)
            let claimed = try await outbox.queue.claim(at: now, lease: .seconds(60), limit: 10)
            // Whole: the user, kind, key, data, thread, zone and the instant to the microsecond.
            #expect(claimed.map(\.publication) == [Self.alert(1, for: ada)] && claimed.first?.attempts == 1)
            #expect(try await outbox.queue.claim(at: now.addingTimeInterval(59), lease: .seconds(60), limit: 10).isEmpty)
            #expect(try await outbox.queue.claim(at: now.addingTimeInterval(61), lease: .seconds(60), limit: 10).first?.attempts == 2)
            try await outbox.queue.remove(claimed.map(\.id))
            #expect(try await outbox.queue.pendingCount() == 0)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func replicasClaimingAtOnceEachTakeOthersAndAPostponedOneWaits(_ kind: StoreKind) async throws {
        try await Self.withOutbox(kind) { outbox in
            let now = Date()
            try await outbox.add((0..<60).map { Self.alert($0) }, now)
            let claims = try await withThrowingTaskGroup(of: [UUID].self) { group in
                for _ in 0..<4 { group.addTask { try await outbox.queue.claim(at: now, lease: .seconds(60), limit: 20).map(\.id) } }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(claims.count == 60 && Set(claims).count == 60)
            try await outbox.queue.postpone(Array(claims.prefix(10)), until: now.addingTimeInterval(5))
            #expect(try await outbox.queue.claim(at: now.addingTimeInterval(4), lease: .seconds(60), limit: 100).isEmpty)
            #expect(try await outbox.queue.claim(at: now.addingTimeInterval(6), lease: .seconds(60), limit: 100).count == 10)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aDeletedUsersPublicationsAreForgotten(_ kind: StoreKind) async throws {
        try await Self.withOutbox(kind) { outbox in
            let (ada, bo) = (UUID(), UUID())
            try await outbox.add([Self.alert(1, for: ada), Self.alert(2, for: ada), Self.alert(3, for: bo)], Date())
            try await outbox.forget(ada)
            let left = try await outbox.queue.claim(at: Date(), lease: .seconds(60), limit: 10)
            #expect(left.map(\.publication.userID) == [bo])
        }
    }

    /// The delivery hears of a publication as its write commits (PostgreSQL: from any replica's
    /// connection), so nobody waits for its next look.
    @Test(arguments: StoreKind.allCases)
    func aQueuedPublicationWakesTheListener(_ kind: StoreKind) async throws {
        try await Self.withOutbox(kind) { outbox in
            let wakeUp = WakeUp()
            let listening = Task { await outbox.queue.announce(to: wakeUp) }
            defer { listening.cancel() }
            let clock = ContinuousClock()
            #expect(await clock.measure { await wakeUp.wait(upTo: .seconds(30)) } < .seconds(30), "it says when it listens")
            try await outbox.add([Self.alert(2)], Date())
            #expect(await clock.measure { await wakeUp.wait(upTo: .seconds(30)) } < .seconds(30), "the write woke it")
        }
    }
}
