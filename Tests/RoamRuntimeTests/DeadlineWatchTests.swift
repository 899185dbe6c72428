import Testing

@testable import RoamRuntime

/// A wait on the shared clock ends at its deadline, or at once when cancelled, and a cancelled wait
/// leaves nothing on the clock (a cancelled `Task.sleep` leaves its timer until the deadline).
@Suite(.timeLimit(.minutes(1))) struct DeadlineWatchTests {
    @Test func aWaitEndsOnceItsDeadlineHasPassed() async {
        let watch = DeadlineWatch(tick: .milliseconds(20))
        let deadline = ContinuousClock.now + .milliseconds(150)
        await watch.wait(until: deadline)
        #expect(ContinuousClock.now >= deadline)
        #expect(watch.pendingCount == 0)
    }

    @Test func cancelledWaitsEndAtOnceAndLeaveNothingBehind() async throws {
        let watch = DeadlineWatch(tick: .milliseconds(20))
        let started = ContinuousClock.now
        let waits = (0..<2_000).map { _ in Task { await watch.wait(until: .now + .seconds(60)) } }
        while watch.pendingCount < waits.count { try await Task.sleep(for: .milliseconds(5)) }
        for wait in waits { wait.cancel() }
        for wait in waits { await wait.value }
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(watch.pendingCount == 0)
    }

    @Test func aWaitCancelledBeforeItStartsReturnsAtOnce() async {
        let watch = DeadlineWatch(tick: .milliseconds(20))
        let wait = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await watch.wait(until: .now + .seconds(60))
        }
        await wait.value
        #expect(watch.pendingCount == 0)
    }
}
