import Synchronization

/// A time limit that does not wait for the work it gives up on. A task group cannot give up: it
/// waits for every child, and a query on a connection the server dropped mid-shutdown may never
/// end, so a request would hang with it.
public enum Timeout {
    /// `body`'s result, or `error` once `limit` has passed (then `body` is cancelled and left to end
    /// on its own). Cancelling the caller cancels `body`.
    /// - Parameter late: given a result that arrived after the race was lost, to release it (a
    ///   connection that finished opening after its time limit must still be closed).
    public static func race<Result: Sendable>(
        _ limit: Duration, _ error: any Error,
        late: (@Sendable (Result) async -> Void)? = nil,
        _ body: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        try await race(limit, error, watch: .shared, late: late, body)
    }

    /// Returns once `deadline` has passed (up to 50 ms late), or at once when the task is cancelled.
    /// Unlike `Task.sleep`, a cancelled wait leaves no task or dispatch timer queued until its deadline.
    public static func wait(until deadline: ContinuousClock.Instant) async {
        await DeadlineWatch.shared.wait(until: deadline)
    }

    /// `race` with the clock of one's own, for tests.
    static func race<Result: Sendable>(
        _ limit: Duration, _ error: any Error, watch: DeadlineWatch,
        late: (@Sendable (Result) async -> Void)? = nil,
        _ body: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        let race = Race(watch: watch)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let work = Task {
                    do {
                        let result = try await body()
                        if race.finish() {
                            continuation.resume(returning: result)
                        } else {
                            await late?(result)
                        }
                    } catch {
                        if race.finish() { continuation.resume(throwing: error) }
                    }
                }
                race.start(
                    work: work,
                    timer: watch.call(at: .now + limit) {
                        guard race.finish() else { return }
                        work.cancel()
                        continuation.resume(throwing: error)
                    })
            }
        } onCancel: {
            race.cancel()
        }
    }

    /// Who answers first, the work or the timer; the loser is cancelled.
    private final class Race: Sendable {
        private let state = Mutex<(finished: Bool, work: Task<Void, Never>?, timer: UInt64?)>((false, nil, nil))
        private let watch: DeadlineWatch

        init(watch: DeadlineWatch) {
            self.watch = watch
        }

        /// `timer`: the race's deadline in `watch`.
        func start(work: Task<Void, Never>, timer: UInt64) {
            let finished = state.withLock { state in
                state.work = work
                state.timer = timer
                return state.finished
            }
            if finished { watch.cancel(timer) }
        }

        /// Whether the caller is first; the timer is cancelled either way.
        func finish() -> Bool {
            let (first, timer) = state.withLock { state in
                defer { state.finished = true }
                return (!state.finished, state.timer)
            }
            if let timer { watch.cancel(timer) }
            return first
        }

        /// The caller's task was cancelled: so is the work.
        func cancel() {
            state.withLock { $0.work }?.cancel()
        }
    }
}
