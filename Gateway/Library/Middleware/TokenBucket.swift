import RoamRuntime
import Synchronization

/// Token-bucket rate limiting by key (a user id or a client address): each key may make `burst`
/// requests at once and `perSecond` on average. Buckets left full are forgotten, so memory stays
/// bounded by the number of recently active keys.
public final class TokenBucket: Sendable {
    public struct Rule: Sendable, Equatable {
        public var perSecond: Double
        public var burst: Double

        public init(perSecond: Double, burst: Double) {
            self.perSecond = perSecond
            self.burst = burst
        }
    }

    public enum Decision: Equatable, Sendable {
        case allowed
        case limited(retryAfter: Duration)
    }

    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private let rule: Rule
    private let buckets = Mutex<[String: Bucket]>([:])
    private let sweepThreshold: Int

    public init(rule: Rule, sweepThreshold: Int = 50_000) {
        self.rule = rule
        self.sweepThreshold = sweepThreshold
    }

    /// Takes one token for `key` if it has one.
    public func take(_ key: String, now: ContinuousClock.Instant = .now) -> Decision {
        buckets.withLock { buckets in
            if buckets.count >= sweepThreshold { sweep(&buckets, now: now) }
            var bucket = buckets[key] ?? Bucket(tokens: rule.burst, updated: now)
            bucket.tokens = min(rule.burst, bucket.tokens + (now - bucket.updated).seconds * rule.perSecond)
            bucket.updated = now
            guard bucket.tokens >= 1 else {
                buckets[key] = bucket
                let wait = (1 - bucket.tokens) / rule.perSecond
                return .limited(retryAfter: .milliseconds(Int64((wait * 1000).rounded(.up))))
            }
            bucket.tokens -= 1
            buckets[key] = bucket
            return .allowed
        }
    }

    var trackedKeys: Int { buckets.withLock { $0.count } }

    private func sweep(_ buckets: inout [String: Bucket], now: ContinuousClock.Instant) {
        buckets = buckets.filter { _, bucket in
            bucket.tokens + (now - bucket.updated).seconds * rule.perSecond < rule.burst
        }
    }
}
