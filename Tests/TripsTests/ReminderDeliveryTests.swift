import Foundation
import Logging
import PostgresNIO
import RoamCore
import RoamRuntime
import RoamTesting
import Synchronization
import Testing

@testable import Trips

/// Reminders delivered by real workers and listeners on PostgreSQL: once with two replicas running,
/// and once after a restart, from the stored due times.
@Suite(.serialized) struct ReminderDeliveryTests {
    static let database = ReminderDatabase()

    /// One replica's reminder machinery on the shared database: its own connections, worker, listener
    /// and open streams.
    struct Replica: Sendable {
        let store: PostgresTripStore
        let streams = UserStreams<TripNotification>()
        let worker: ReminderWorker
        let listening: Task<Void, Never>

        init(client: PostgresClient, clock: TestClock) {
            store = PostgresTripStore(database: Database(client: client, operationTimeout: .seconds(30)))
            worker = ReminderWorker(reminders: store, interval: .seconds(3_600), announce: nil, now: { clock.now }, logger: Logger(label: "test"))
            let listener = PostgresStreamListener.reminders(database: Database(client: client), streams: streams, logger: Logger(label: "test"))
            listening = Task { try? await listener.run() }
        }

        /// What reaches the user's streams on this replica, gathered as it comes.
        func follow(_ user: UUID) -> Received {
            let received = Received()
            let stream = streams.subscribe(user)
            received.task = Task { for await notification in stream { received.append(notification) } }
            return received
        }
    }

    final class Received: @unchecked Sendable {
        private let notifications = Mutex<[TripNotification]>([])
        var task: Task<Void, Never>?

        func append(_ notification: TripNotification) { notifications.withLock { $0.append(notification) } }
        var all: [TripNotification] { notifications.withLock { $0 } }

        /// Waits up to five seconds for `count` notifications, then a moment more for any extra one.
        func settle(at count: Int) async throws -> [TripNotification] {
            for _ in 0..<100 where all.count < count { try await Task.sleep(for: .milliseconds(50)) }
            try await Task.sleep(for: .milliseconds(300))
            return all
        }
    }

    static let clock = TripFixtures.utc
    static func trip(_ start: String) -> Trip {
        let planned = TripFixtures.trip(start, "2026-06-30")
        return Trip(id: planned.id, ownerID: planned.ownerID, details: planned.details, createdAt: clock("2026-05-01T00:00:00Z"))
    }

    /// Announces a probe (as a claim would, without claiming anything) until every replica's listener
    /// has heard one: LISTEN starts in the background.
    static func waitUntilListening(_ replicas: [Replica], client: PostgresClient) async throws {
        for _ in 0..<50 {
            let probe = UUID()
            let heard = replicas.map { $0.follow(probe) }
            let payload = """
                {"kind":"trip_starting","owner":"\(probe)","trip":"\(UUID())","title":"Probe","date":"2026-05-05","due":1778000000,"sent":1778000000}
                """
            _ = try await client.query("SELECT pg_notify(\(PostgresTripStore.remindersChannel), \(payload))::text", logger: Logger(label: "test"))
                .collect()
            if try await heard.asyncAllSatisfy({ try await $0.settle(at: 1).count == 1 }) { return }
        }
        Issue.record("the listeners never heard a reminder")
    }

    @Test func twoReplicasSendADueReminderOnceAndEveryReplicasStreamsHearIt() async throws {
        let url = try await Self.database.url()
        let clock = TestClock(Self.clock("2026-05-10T00:00:00Z"))
        try await Self.database.withEmptyTrips(maxConnections: 4) { first in
            try await Database.withClient(url: url, maxConnections: 4, logger: .init(label: "test")) { second in
                let replicas = [Replica(client: first, clock: clock), Replica(client: second, clock: clock)]
                defer { for replica in replicas { replica.listening.cancel() } }
                try await Self.waitUntilListening(replicas, client: first)
                let trip = try await replicas[0].store.create(Self.trip("2026-06-10"), idempotencyKey: nil)
                let onFirst = replicas[0].follow(trip.ownerID), onSecond = replicas[1].follow(trip.ownerID)
                clock.advance(by: 30 * 86_400)
                async let sentByFirst = replicas[0].worker.sendDue()
                async let sentBySecond = replicas[1].worker.sendDue()
                #expect(try await sentByFirst + sentBySecond == 1)
                for received in [onFirst, onSecond] {
                    let heard = try await received.settle(at: 1)
                    #expect(heard.map(\.reminder?.tripID) == [trip.id] && heard.first?.reminder?.kind == .tripStarting)
                }
                #expect(try await replicas[0].worker.sendDue() + replicas[1].worker.sendDue() == 0)
            }
        }
    }

    @Test func twoReplicasSendADailyReminderOnceAndEveryReplicasStreamsHearIt() async throws {
        let url = try await Self.database.url()
        let clock = TestClock(Self.clock("2026-06-09T00:00:00Z"))
        try await Self.database.withEmptyTrips(maxConnections: 4) { first in
            try await Database.withClient(url: url, maxConnections: 4, logger: .init(label: "test")) { second in
                let replicas = [Replica(client: first, clock: clock), Replica(client: second, clock: clock)]
                defer { for replica in replicas { replica.listening.cancel() } }
                try await Self.waitUntilListening(replicas, client: first)
                let trip = try await replicas[0].store.create(Self.trip("2026-06-10"), idempotencyKey: nil)
                // Followed from before the trip's start is sent, so its notification (which may arrive
                // late on a busy machine) is counted as the first, never mistaken for the daily one.
                let onFirst = replicas[0].follow(trip.ownerID), onSecond = replicas[1].follow(trip.ownerID)
                #expect(try await replicas[0].worker.sendDue() == 1, "the trip's start, due the evening before")
                for received in [onFirst, onSecond] {
                    #expect(try await received.settle(at: 1).compactMap(\.reminder?.kind) == [.tripStarting])
                }
                _ = try await replicas[0].store.setDailyReminder(trip: trip.id, owner: trip.ownerID, minuteOfDay: 21 * 60 + 30, at: clock.now)
                clock.advance(by: 86_400 + 20 * 3_600 + 31 * 60)
                async let sentByFirst = replicas[0].worker.sendDue()
                async let sentBySecond = replicas[1].worker.sendDue()
                #expect(try await sentByFirst + sentBySecond == 1)
                for received in [onFirst, onSecond] {
                    let heard = try await received.settle(at: 2).compactMap(\.reminder).dropFirst()
                    #expect(
                        heard.map(\.kind) == [.daily] && heard.first?.date == LocalDate("2026-06-10") && heard.first?.minuteOfDay == 21 * 60 + 30
                            && heard.first?.dueAt == Self.clock("2026-06-10T20:30:00Z"), "\(heard)")
                }
                #expect(try await replicas[0].worker.sendDue() + replicas[1].worker.sendDue() == 0)
            }
        }
    }

    @Test func aReminderDueWhileTheServiceWasDownComesOnceAfterTheRestart() async throws {
        let url = try await Self.database.url()
        let clock = TestClock(Self.clock("2026-05-10T00:00:00Z"))
        let trip = Self.trip("2026-06-10")
        try await Self.database.withEmptyTrips(maxConnections: 4) { client in
            let before = Replica(client: client, clock: clock)
            defer { before.listening.cancel() }
            _ = try await before.store.create(trip, idempotencyKey: nil)
            #expect(try await before.worker.sendDue() == 0, "not due yet")
        }
        // Down across the due time; then a new process with new connections.
        clock.advance(by: 30 * 86_400)
        try await Database.withClient(url: url, maxConnections: 4, logger: .init(label: "test")) { client in
            let after = Replica(client: client, clock: clock)
            defer { after.listening.cancel() }
            try await Self.waitUntilListening([after], client: client)
            let received = after.follow(trip.ownerID)
            #expect(try await after.worker.sendDue() == 1)
            let heard = try await received.settle(at: 1)
            #expect(heard.map(\.reminder?.tripID) == [trip.id] && heard.first?.reminder?.dueAt == Self.clock("2026-06-08T23:00:00Z"))
            #expect(try await after.worker.sendDue() == 0)
        }
    }
}

extension Array {
    func asyncAllSatisfy(_ predicate: (Element) async throws -> Bool) async rethrows -> Bool {
        for element in self where !(try await predicate(element)) { return false }
        return true
    }
}
