import Testing

@testable import Gateway

@Suite struct TokenBucketTests {
    @Test func allowsTheBurstThenRefillsAtTheRate() {
        let bucket = TokenBucket(rule: .init(perSecond: 2, burst: 3))
        let start = ContinuousClock.now
        #expect((0..<3).map { _ in bucket.take("a", now: start) } == [.allowed, .allowed, .allowed])
        guard case .limited(let retryAfter) = bucket.take("a", now: start) else {
            Issue.record("the fourth request at once should be limited")
            return
        }
        #expect(retryAfter == .milliseconds(500))
        #expect(bucket.take("b", now: start) == .allowed)
        #expect(bucket.take("a", now: start + .milliseconds(500)) == .allowed)
        #expect(bucket.take("a", now: start + .milliseconds(500)) != .allowed)
    }

    @Test func forgetsFullBucketsOnceManyKeysAreTracked() {
        let bucket = TokenBucket(rule: .init(perSecond: 10, burst: 10), sweepThreshold: 100)
        let start = ContinuousClock.now
        for key in 0..<100 { _ = bucket.take("\(key)", now: start) }
        #expect(bucket.trackedKeys == 100)
        _ = bucket.take("late", now: start + .seconds(1))
        #expect(bucket.trackedKeys == 1)
    }
}
