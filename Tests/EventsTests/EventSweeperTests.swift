import Foundation
import Logging
import RoamRuntime
import RoamTesting
import Testing

@testable import Events

@Suite struct EventSweeperTests {
    @Test func oneSweepWorksOffABacklogLargerThanABatch() async throws {
        let clock = TestClock()
        let (service, store, _) = EventService.forTests(clock: clock)
        let count = EventSweeper.batchSize * 2 + 17
        for _ in 0..<count {
            _ = try await store.create(
                Fixtures.event(at: Places.somewhere(), startsAt: clock.now.addingTimeInterval(-7200)),
                idempotencyKey: nil)
        }
        try await EventSweeper(events: service, interval: .seconds(60), logger: Logger(label: "test")).sweep()
        #expect(try await store.endedEventIDs(at: clock.now, limit: 10_000).isEmpty)
        #expect(try await store.due(at: clock.now, limit: 10_000).count == count)
    }
}
