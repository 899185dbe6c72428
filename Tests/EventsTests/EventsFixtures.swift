import Foundation
import RoamRuntime
import RoamTesting
import Synchronization

@testable import Events

extension StoreKind {
    /// `ownDatabase`: on a fresh database, for tests that read every row of a table (an outbox's backlog).
    func withStore(
        ownDatabase: Bool = false, _ body: @Sendable (any EventRepository & GroupWalkRepository & OutboxRepository) async throws -> Void
    ) async throws {
        // 40 joins at once queue for one event's row lock on a shared pool: on a machine busy
        // with the whole suite that can outwait the service's 5 s, which is not what these test.
        try await with(
            memory: { InMemoryEventStore() }, migrator: EventsMigrations.migrator, postgres: { PostgresEventStore(database: $0) },
            operationTimeout: .seconds(30), ownDatabase: ownDatabase, body)
    }
}

/// Places and events for tests. Each test works around its own random spot on Earth, so tests
/// sharing one database never see each other's events.
enum Places {
    static func somewhere() -> GeoPoint {
        GeoPoint(latitude: Double.random(in: -60...60), longitude: Double.random(in: -170...170))
    }
}

enum Fixtures {
    /// Whole seconds survive the trip through PostgreSQL's microsecond timestamps exactly.
    static func now() -> Date {
        Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    }

    static func event(
        at center: GeoPoint, radius: Double = 100, capacity: Int = 10, host: UUID = UUID(),
        startsAt: Date = now().addingTimeInterval(-60), lasting: TimeInterval = 3600,
        visibility: Event.Visibility = .public
    ) -> Event {
        Event(
            id: .v7(), hostID: host, name: "Picnic", description: "Bring fruit", fence: Fence(center: center, radiusMeters: radius),
            capacity: capacity, memberCount: 1, startsAt: startsAt, endsAt: startsAt.addingTimeInterval(lasting),
            visibility: visibility, passwordHash: nil, theme: "sunset", bannerMediaID: nil, tags: ["food"], createdAt: startsAt)
    }

    static func position(_ point: GeoPoint, accuracy: Double = 5) -> ReportedPosition {
        ReportedPosition(point: point, accuracyMeters: accuracy)
    }
}

extension EventService {
    static let fastHasher = PasswordHasher(parameters: Argon2id(memoryKiB: 64, iterations: 1, parallelism: 1))

    /// A service on the in-memory store with a hand-moved clock.
    static func forTests(
        policy: EventPolicy = EventPolicy(), store: InMemoryEventStore = InMemoryEventStore(),
        clock: TestClock = TestClock(), suspended: SuspendedAccounts = SuspendedAccounts()
    ) -> (EventService, InMemoryEventStore, NotificationHub) {
        let hub = NotificationHub()
        let service = EventService(
            events: store, hasher: fastHasher, policy: policy, notifications: hub, suspended: suspended, now: { clock.now })
        return (service, store, hub)
    }
}
