@testable import Events
import Foundation
import Logging
@testable import RoamRuntime
import Synchronization
import RoamTesting
import Testing

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
