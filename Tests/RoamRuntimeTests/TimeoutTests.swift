import Synchronization
import Testing

@testable import RoamRuntime

/// `Timeout.race` on a clock of the test's own: the work's answer when it comes first, the error when
/// the limit passes first, and nothing left waiting on the clock either way.
@Suite struct TimeoutTests {
    struct TooLate: Error, Equatable {}

    @Test func workThatAnswersFirstLeavesNoDeadlineBehind() async throws {
        let watch = DeadlineWatch(tick: .milliseconds(20))
        let answers = try await withThrowingTaskGroup(of: Int.self) { group in
            for number in 0..<2_000 {
                group.addTask { try await Timeout.race(.seconds(60), TooLate(), watch: watch) { number } }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(answers.sorted() == Array(0..<2_000))
        #expect(watch.pendingCount == 0)
    }

    @Test func workThatHangsIsGivenUpAtTheLimitAndCancelled() async throws {
        let watch = DeadlineWatch(tick: .milliseconds(20))
        let cancelled = Mutex(false)
        let started = ContinuousClock.now
        await #expect(throws: TooLate()) {
            try await Timeout.race(.milliseconds(200), TooLate(), watch: watch) {
                do { try await Task.sleep(for: .seconds(60)) } catch { cancelled.withLock { $0 = true } }
            }
        }
        let waited = ContinuousClock.now - started
        #expect(waited >= .milliseconds(200) && waited < .seconds(30), "gave up after \(waited)")
        #expect(watch.pendingCount == 0)
        for _ in 0..<100 where !cancelled.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(50)) }
        #expect(cancelled.withLock { $0 }, "the work was cancelled")
    }

    @Test func cancellingTheCallerCancelsTheWork() async throws {
        let watch = DeadlineWatch(tick: .milliseconds(20))
        let caller = Task {
            try await Timeout.race(.seconds(60), TooLate(), watch: watch) { try await Task.sleep(for: .seconds(60)) }
        }
        try await Task.sleep(for: .milliseconds(100))
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(watch.pendingCount == 0)
    }

    /// Work that ignores cancellation and answers after the limit (a connection that finishes opening)
    /// hands its result to `late`, so it can be closed instead of dropped.
    @Test func aResultThatArrivesTooLateIsHandedBackToBeReleased() async throws {
        let watch = DeadlineWatch(tick: .milliseconds(20))
        let released = Mutex<[Int]>([])
        await #expect(throws: TooLate()) {
            try await Timeout.race(.milliseconds(100), TooLate(), watch: watch, late: { value in released.withLock { $0.append(value) } }) {
                // Not cancellable, as a connect in flight is not.
                let started = ContinuousClock.now
                while ContinuousClock.now - started < .milliseconds(400) { await Task.yield() }
                return 42
            }
        }
        for _ in 0..<100 where released.withLock({ $0 }).isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        #expect(released.withLock { $0 } == [42])
        // An answer in time is the caller's, never `late`'s.
        #expect(try await Timeout.race(.seconds(60), TooLate(), watch: watch, late: { value in released.withLock { $0.append(value) } }) { 7 } == 7)
        #expect(released.withLock { $0 } == [42])
    }
}
