import Synchronization
import Testing

@testable import RoamRuntime

/// At most so many calls at once; the others wait in the order they came, and one cancelled while
/// waiting leaves the line at once.
@Suite(.timeLimit(.minutes(1))) struct CallLimitTests {
    /// The calls that have started, in the order they did.
    final class Started: Sendable {
        private let numbers = Mutex<[Int]>([])
        func note(_ number: Int) { numbers.withLock { $0.append(number) } }
        var list: [Int] { numbers.withLock { $0 } }
    }

    /// How many calls run now, and the most that ever ran together.
    final class Counter: Sendable {
        private let state = Mutex((now: 0, most: 0))
        func enter() {
            state.withLock {
                $0.now += 1; $0.most = max($0.most, $0.now)
            }
        }
        func leave() { state.withLock { $0.now -= 1 } }
        var most: Int { state.withLock { $0.most } }
    }

    /// A call that runs until its gate opens, noting when it started.
    struct HeldCall {
        let done: Task<Void, any Error>
        let open: @Sendable () -> Void

        /// Lets the call end, and waits until it has.
        func finish() async throws {
            open()
            try await done.value
        }
    }

    static func hold(_ number: Int, in limit: CallLimit, started: Started) -> HeldCall {
        let (gate, opener) = AsyncStream.makeStream(of: Void.self)
        let done = Task {
            try await limit.run {
                started.note(number)
                for await _ in gate { break }
            }
        }
        return HeldCall(done: done, open: { opener.yield() })
    }

    static func until(_ limit: CallLimit, runs running: Int, waits waiting: Int) async throws {
        while limit.counts != (running, waiting) { try await Task.sleep(for: .milliseconds(2)) }
    }

    /// The limit counts a call as running just before its body notes itself: wait for the note too.
    static func until(_ started: Started, count: Int) async throws {
        while started.list.count < count { try await Task.sleep(for: .milliseconds(2)) }
    }

    @Test func runsAtMostTheLimitAndAdmitsTheOthersInTheOrderTheyCame() async throws {
        let limit = CallLimit(2)
        let started = Started()
        var calls: [HeldCall] = []
        for number in 0..<6 {
            calls.append(Self.hold(number, in: limit, started: started))
            // Each comes once the one before it is running or waiting, so the order is known.
            try await Self.until(limit, runs: min(number + 1, 2), waits: max(number - 1, 0))
        }
        try await Self.until(started, count: 2)
        #expect(started.list == [0, 1])
        try await calls[1].finish()
        try await Self.until(limit, runs: 2, waits: 3)
        try await Self.until(started, count: 3)
        #expect(started.list == [0, 1, 2])
        try await calls[0].finish()
        try await Self.until(limit, runs: 2, waits: 2)
        try await Self.until(started, count: 4)
        #expect(started.list == [0, 1, 2, 3])
        for call in calls[2...] {
            try await call.finish()
        }
        #expect(started.list == [0, 1, 2, 3, 4, 5])
        #expect(limit.counts == (0, 0))
    }

    @Test func aCallCancelledWhileWaitingStopsAtOnceAndTakesNoPlace() async throws {
        let limit = CallLimit(1)
        let started = Started()
        let holder = Self.hold(0, in: limit, started: started)
        try await Self.until(limit, runs: 1, waits: 0)
        let cancelled = Self.hold(1, in: limit, started: started)
        let next = Self.hold(2, in: limit, started: started)
        try await Self.until(limit, runs: 1, waits: 2)

        cancelled.done.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.finish() }
        #expect(limit.counts == (1, 1))

        try await holder.finish()
        try await Self.until(limit, runs: 1, waits: 0)
        #expect(started.list == [0, 2])
        try await next.finish()
        #expect(limit.counts == (0, 0))
    }

    @Test func aCallAlreadyCancelledNeverRunsWhenItWouldWait() async throws {
        let limit = CallLimit(1)
        let started = Started()
        let holder = Self.hold(0, in: limit, started: started)
        try await Self.until(limit, runs: 1, waits: 0)
        let late = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await limit.run { started.note(1) }
        }
        await #expect(throws: CancellationError.self) { try await late.value }
        try await holder.finish()
        #expect(started.list == [0])
        #expect(limit.counts == (0, 0))
    }

    @Test func aCallThatThrowsGivesItsPlaceBack() async throws {
        struct Refused: Error {}
        let limit = CallLimit(1)
        await #expect(throws: Refused.self) { try await limit.run { throw Refused() } }
        #expect(limit.counts == (0, 0))
        #expect(try await limit.run { 7 } == 7)
    }

    /// 50 times the limit: every caller but the first eight waits. (2,000 callers, each yielding inside,
    /// took over the suite's minute while every other suite loaded the two cores.)
    @Test func manyCallersAtOnceNeverExceedTheLimitAndAllFinish() async throws {
        let limit = CallLimit(8)
        let running = Counter()
        try await withThrowingDiscardingTaskGroup { group in
            for _ in 0..<400 {
                group.addTask {
                    try await limit.run {
                        running.enter()
                        await Task.yield()
                        running.leave()
                    }
                }
            }
        }
        #expect(running.most == 8)
        #expect(limit.counts == (0, 0))
    }
}
