import Foundation
import Logging
import RoamTesting
import Synchronization
import Testing

@testable import Events
@testable import RoamRuntime

@Suite struct OutboxDeliveryTests {
    @Test(arguments: StoreKind.allCases)
    func anEndedEventReachesEveryTargetEvenOneThatWasDown(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let clock = TestClock()
            let event = try await store.create(
                Fixtures.event(at: Places.somewhere(), startsAt: clock.now.addingTimeInterval(-7200)),
                idempotencyKey: nil)
            _ = try await store.purge(eventID: event.id, at: clock.now)
            let feed = FlakyPurgeTarget(name: "feed", failures: 0)
            let media = FlakyPurgeTarget(name: "media", failures: 2)
            let delivery = OutboxDelivery(
                outbox: ScopedOutbox(store: store, subject: event.id), targets: [feed, media],
                logger: Logger(label: "test"), now: { clock.now })
            let start = clock.now

            #expect(try await delivery.deliverDue() == 0)
            #expect(feed.purged == [event.id] && media.purged.isEmpty)
            // Not due again until the pause is over; the target that acknowledged is not called twice.
            #expect(try await delivery.deliverDue() == 0)
            clock.advance(by: 1)
            #expect(try await delivery.deliverDue() == 0)
            clock.advance(by: 2)
            #expect(try await delivery.deliverDue() == 1)
            #expect(feed.purged == [event.id] && media.purged == [event.id])
            clock.advance(by: 600)
            #expect(try await delivery.deliverDue() == 0)

            // The receipt: feed acknowledged in the first round, media in the third, which completed it.
            let receipt = try #require(try await store.entries(topic: .eventEnded, subject: event.id, limit: 1).first)
            #expect(receipt.acknowledgedAt["feed"].map { abs($0.timeIntervalSince(start)) < 0.001 } == true)
            #expect(receipt.acknowledgedAt["media"].map { abs($0.timeIntervalSince(start) - 3) < 0.001 } == true)
            #expect(receipt.completedAt.map { abs($0.timeIntervalSince(start) - 3) < 0.001 } == true)
            #expect(receipt.attempts == 2 && receipt.nextAttemptAt == nil)
        }
    }

    /// What `/metrics` shows per target: entries it has not acknowledged, and the oldest one's age;
    /// a completed entry counts for no one.
    @Test(arguments: StoreKind.allCases)
    func theBacklogCountsWhatEachTargetHasNotAcknowledged(_ kind: StoreKind) async throws {
        try await kind.withStore(ownDatabase: true) { store in
            let clock = TestClock()
            var ended: [UUID] = []
            for hoursAgo in [5, 3, 1] {
                let event = try await store.create(
                    Fixtures.event(at: Places.somewhere(), startsAt: clock.now.addingTimeInterval(-7200)), idempotencyKey: nil)
                _ = try await store.purge(eventID: event.id, at: clock.now.addingTimeInterval(Double(-hoursAgo * 3600)))
                ended.append(event.id)
            }
            let entries = try await store.entries(topic: .eventEnded, subject: nil, limit: 10)
            let byEvent = Dictionary(uniqueKeysWithValues: entries.map { ($0.subjectID, $0) })
            // feed has the oldest; media has none but the newest; the newest is then complete.
            try await store.acknowledge(try #require(byEvent[ended[0]]).id, by: "feed", at: clock.now)
            try await store.acknowledge(try #require(byEvent[ended[0]]).id, by: "media", at: clock.now)
            try await store.acknowledge(try #require(byEvent[ended[1]]).id, by: "media", at: clock.now)
            try await store.complete(try #require(byEvent[ended[2]]).id, at: clock.now)

            let backlog = try await store.backlog(of: ["feed", "media", "trips"])
            #expect(backlog["feed"]?.count == 1 && backlog["media"]?.count == 0 && backlog["trips"]?.count == 2)
            let oldestForTrips = try #require(backlog["trips"]?.oldest)
            #expect(abs(oldestForTrips.timeIntervalSince(try #require(byEvent[ended[0]]).createdAt)) < 0.001)
            #expect(backlog["media"]?.oldest == nil)
        }
    }

    @Test func receiptsAreKeptNinetyDays() async throws {
        let clock = TestClock()
        let outbox = InMemoryOutbox()
        let subject = UUID()
        outbox.add(OutboxEntry(id: .v7(at: clock.now), topic: .userDeleted, subjectID: subject, createdAt: clock.now))
        let delivery = OutboxDelivery(
            outbox: outbox, targets: [FlakyPurgeTarget(name: "feed", failures: 0)], logger: Logger(label: "test"),
            now: { clock.now })
        #expect(try await delivery.deliverDue() == 1)
        clock.advance(by: 89 * 86_400)
        _ = try await delivery.deliverDue()
        #expect(try await outbox.entries(topic: .userDeleted, subject: subject, limit: 1).first?.completedAt != nil)
        clock.advance(by: 2 * 86_400)
        _ = try await delivery.deliverDue()
        #expect(try await outbox.entries(topic: .userDeleted, subject: nil, limit: 10).isEmpty)
    }

    @Test func pausesGrowAndAreCapped() {
        #expect(OutboxDelivery.backoff(afterAttempts: 1) == .seconds(1))
        #expect(OutboxDelivery.backoff(afterAttempts: 4) == .seconds(8))
        #expect(OutboxDelivery.backoff(afterAttempts: 40) == .seconds(300))
    }
}
