import Synchronization
import Testing

@testable import Feed

@Suite struct NewsThrottleTests {
    @Test func newsWithinAWindowGoesOnceAtOnceAndOnceWhenTheWindowCloses() async throws {
        let throttle = NewsThrottle(window: .seconds(2))
        let sent = Mutex<[ContinuousClock.Instant]>([])
        let started = ContinuousClock.now
        for _ in 0..<20 { await throttle.submit("post/1") { sent.withLock { $0.append(.now) } } }
        #expect(sent.withLock { $0.count } == 1)
        // Up to 30 s: the suite's first minute starts some 80 processes on two cores.
        let deadline = ContinuousClock.now + .seconds(30)
        while sent.withLock({ $0.count }) < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let times = sent.withLock { $0 }
        #expect(times.count == 2)
        // The trailing news waits for the window to close, never sooner.
        #expect(times.last.map { $0 - started >= .seconds(2) } == true)
        try await Task.sleep(for: .milliseconds(300))
        #expect(sent.withLock { $0.count } == 2, "nothing more is pending")
    }

    @Test func eachSubjectHasAWindowOfItsOwn() async {
        let throttle = NewsThrottle(window: .seconds(60))
        let sent = Mutex<[String]>([])
        for key in ["post/1", "post/2", "comment/3"] { await throttle.submit(key) { sent.withLock { $0.append(key) } } }
        #expect(sent.withLock { $0 } == ["post/1", "post/2", "comment/3"])
    }
}
