/// How a session sends a call again when the network fails or the gateway asks it to wait. Only calls
/// that are safe to repeat are sent again: reads, `PUT` and `DELETE`, and creates carrying an
/// `Idempotency-Key` (which the session gives every create that takes one).
public struct RetryPolicy: Sendable, Hashable {
    /// Tries in all, the first included: 1 never sends a call again.
    public var attempts: Int
    /// The wait before the first retry; each later one may wait up to twice as long as the one before.
    public var firstDelay: Duration
    /// The longest wait between two tries after a network failure.
    public var longestDelay: Duration
    /// The longest `Retry-After` the session waits out itself; a longer one is thrown as the `RoamProblem`,
    /// with its `retryAfter`, for the app to decide.
    public var longestRetryAfter: Duration

    public init(
        attempts: Int = 4, firstDelay: Duration = .milliseconds(250), longestDelay: Duration = .seconds(8),
        longestRetryAfter: Duration = .seconds(30)
    ) {
        self.attempts = attempts
        self.firstDelay = firstDelay
        self.longestDelay = longestDelay
        self.longestRetryAfter = longestRetryAfter
    }

    /// Four tries, waits of up to 0.25, 0.5 and 1 s between them, a `Retry-After` up to 30 s waited out.
    public static let standard = RetryPolicy()
    /// The waits before connecting again, for a stream or a pending write: from 1 s, up to 30 s, without end.
    static let reconnecting = RetryPolicy(attempts: .max, firstDelay: .seconds(1), longestDelay: .seconds(30))
    /// Every call tried once.
    public static let never = RetryPolicy(attempts: 1)

    /// The wait after `failures` failed tries: a random share of a doubling ceiling ("full jitter"), so
    /// phones that lost the same gateway do not come back at the same instant.
    func delay(afterFailures failures: Int) -> Duration {
        let ceiling = min(longestDelay, firstDelay * (1 << min(max(failures - 1, 0), 20)))
        return ceiling * Double.random(in: 0.5...1)
    }
}
