@testable import Events
import Foundation
import Logging
import RoamRuntime
import Synchronization
import Testing

/// A purge target that is down for its first `failures` calls and remembers what it purged.
final class FlakyPurgeTarget: PurgeTarget {
    let name: String
    private let state: Mutex<(failuresLeft: Int, purged: [UUID])>

    init(name: String, failures: Int) {
        self.name = name
        state = Mutex((failures, []))
    }

    func purgeEvent(_ eventID: UUID) async throws {
        try state.withLock { state in
            if state.failuresLeft > 0 {
                state.failuresLeft -= 1
                throw RoamError.unavailable
            }
            state.purged.append(eventID)
        }
    }

    var purged: [UUID] { state.withLock { $0.purged } }
}

@Suite struct OutboxDeliveryTests {
    @Test(arguments: StoreKind.allCases)
    func anEndedEventReachesEveryTargetEvenOneThatWasDown(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let clock = TestClock()
            let event = try await store.create(Fixtures.event(at: Places.somewhere(), startsAt: clock.now.addingTimeInterval(-7200)),
                                               idempotencyKey: nil)
            _ = try await store.purge(eventID: event.id, at: clock.now)
            let feed = FlakyPurgeTarget(name: "feed", failures: 0)
            let media = FlakyPurgeTarget(name: "media", failures: 2)
            let delivery = OutboxDelivery(outbox: ScopedOutbox(store: store, subject: event.id), targets: [feed, media],
                                          logger: Logger(label: "test"), now: { clock.now })

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
        }
    }

    @Test func pausesGrowAndAreCapped() {
        #expect(OutboxDelivery.backoff(afterAttempts: 1) == .seconds(1))
        #expect(OutboxDelivery.backoff(afterAttempts: 4) == .seconds(8))
        #expect(OutboxDelivery.backoff(afterAttempts: 40) == .seconds(300))
    }
}

/// The shared test database holds other tests' entries too; this view shows one subject's only.
struct ScopedOutbox: OutboxRepository {
    let store: any OutboxRepository
    let subject: UUID

    func due(at time: Date, limit: Int) async throws -> [OutboxEntry] {
        try await store.due(at: time, limit: 10_000).filter { $0.subjectID == subject }
    }

    func acknowledge(_ entryID: UUID, by target: String) async throws { try await store.acknowledge(entryID, by: target) }
    func complete(_ entryID: UUID) async throws { try await store.complete(entryID) }
    func postpone(_ entryID: UUID, until time: Date) async throws { try await store.postpone(entryID, until: time) }
}
