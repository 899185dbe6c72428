import Foundation
import Synchronization

/// Decides when a token naming an unknown key id may fetch the keys again: one fetch at a time (a
/// caller that arrives while one is under way waits for it), at most every `minimumInterval` after a
/// fetch that worked, so garbage tokens cannot hammer accounts, and every `retryInterval` after one
/// that failed.
final class KeyRefreshGate: Sendable {
    enum Outcome: Equatable {
        /// The keys were fetched for this caller or one it waited for.
        case fetched
        /// A fetch worked a moment ago: the keys are as fresh as they will get.
        case tooSoon
    }

    private struct State {
        var last: ContinuousClock.Instant?
        var lastFailed = false
        var inFlight: Task<Void, any Error>?
    }

    private let minimumInterval: Duration
    private let retryInterval: Duration
    private let state = Mutex(State())

    init(minimumInterval: Duration, retryInterval: Duration = .seconds(1)) {
        self.minimumInterval = minimumInterval
        self.retryInterval = retryInterval
    }

    /// Runs `fetch` unless one ran too recently, or waits for the one under way. Throws what the
    /// fetch threw, or, when the last fetch failed and the next may not start yet, `RoamError.unavailable`.
    func refresh(_ fetch: @escaping @Sendable () async throws -> Void) async throws -> Outcome {
        let (task, lastFailed): (Task<Void, any Error>?, Bool) = state.withLock { state in
            if let running = state.inFlight { return (running, false) }
            let now = ContinuousClock.now
            if let last = state.last, last + (state.lastFailed ? retryInterval : minimumInterval) > now {
                return (nil, state.lastFailed)
            }
            state.last = now
            let started = Task { try await fetch() }
            state.inFlight = started
            return (started, false)
        }
        guard let task else {
            if lastFailed { throw RoamError.unavailable }
            return .tooSoon
        }
        do {
            try await task.value
            finished(task, failed: false)
            return .fetched
        } catch {
            finished(task, failed: true)
            throw error
        }
    }

    private func finished(_ task: Task<Void, any Error>, failed: Bool) {
        state.withLock { state in
            guard state.inFlight == task else { return }
            state.inFlight = nil
            state.lastFailed = failed
        }
    }
}
