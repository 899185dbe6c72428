import Synchronization

/// The clock every `Timeout.race` shares. A `Task.sleep` per race cost a task and a dispatch timer per
/// query, and a cancelled sleep leaves both queued until its deadline: with a query's 5 s limit, every
/// query of the last 5 s. Here one task wakes every `tick` while any deadline is pending, and fires
/// those that have passed; a race that ends takes its deadline out.
final class DeadlineWatch: Sendable {
    static let shared = DeadlineWatch(tick: .milliseconds(50))

    private struct Pending {
        var deadline: ContinuousClock.Instant
        var fire: @Sendable () -> Void
    }

    private struct State {
        var pending: [UInt64: Pending] = [:]
        var nextID: UInt64 = 0
        var watching = false
    }

    private let state = Mutex(State())
    private let tick: Duration

    init(tick: Duration) {
        self.tick = tick
    }

    /// Calls `fire` once `deadline` has passed (up to a tick late), unless `cancel` is called first
    /// with the id this returns.
    func call(at deadline: ContinuousClock.Instant, _ fire: @escaping @Sendable () -> Void) -> UInt64 {
        let (id, startWatching) = state.withLock { state in
            let id = state.nextID
            state.nextID &+= 1
            state.pending[id] = Pending(deadline: deadline, fire: fire)
            defer { state.watching = true }
            return (id, !state.watching)
        }
        // Detached: the watch outlives the race that started it, and no caller's cancellation reaches it.
        if startWatching { Task.detached { await self.watch() } }
        return id
    }

    func cancel(_ id: UInt64) {
        state.withLock { _ = $0.pending.removeValue(forKey: id) }
    }

    /// Returns once `deadline` has passed (up to a tick late), or at once when the task is cancelled;
    /// a cancelled wait leaves nothing behind.
    func wait(until deadline: ContinuousClock.Instant) async {
        let sleeper = Sleeper(watch: self)
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                sleeper.start(continuation, timer: call(at: deadline) { sleeper.wake() })
            }
        } onCancel: {
            sleeper.wake()
        }
    }

    /// How many deadlines are waiting.
    var pendingCount: Int {
        state.withLock { $0.pending.count }
    }

    /// Wakes every tick until nothing is pending; a race ends long before most deadlines, so few are.
    private func watch() async {
        while true {
            try? await Task.sleep(for: tick)
            let now = ContinuousClock.now
            let (due, keepWatching) = state.withLock { state in
                let due = state.pending.filter { $0.value.deadline <= now }
                for id in due.keys { state.pending.removeValue(forKey: id) }
                state.watching = !state.pending.isEmpty
                return (due.values.map(\.fire), state.watching)
            }
            for fire in due { fire() }
            guard keepWatching else { return }
        }
    }
}

extension DeadlineWatch {
    /// One `wait`: woken by its deadline or by cancellation, whichever comes first, even before it
    /// has started waiting.
    private final class Sleeper: Sendable {
        private let state = Mutex<(continuation: CheckedContinuation<Void, Never>?, timer: UInt64?, woken: Bool)>((nil, nil, false))
        private let watch: DeadlineWatch

        init(watch: DeadlineWatch) {
            self.watch = watch
        }

        func start(_ continuation: CheckedContinuation<Void, Never>, timer: UInt64) {
            let woken = state.withLock { state in
                if !state.woken { state.continuation = continuation; state.timer = timer }
                return state.woken
            }
            if woken {
                watch.cancel(timer)
                continuation.resume()
            }
        }

        func wake() {
            let (continuation, timer) = state.withLock { state in
                defer { state = (nil, nil, true) }
                return state.woken ? (nil, nil) : (state.continuation, state.timer)
            }
            if let timer { watch.cancel(timer) }
            continuation?.resume()
        }
    }
}
