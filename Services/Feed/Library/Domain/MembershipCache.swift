import Foundation
import Synchronization

/// Remembers who is an active member of which event for a short while, so a burst of likes, posts and
/// reads asks the events service once per member rather than once per call. Only "active" answers are
/// kept (someone who just joined must not wait out an old "no"), and only while the departures stream
/// from events is open: every departure (left, moved out, banned, event ended) forgets its member or
/// event at once, and while the stream is closed every call asks events.
///
/// An answer that was on its way while a departure for it arrived is not kept, so a ban never hides
/// behind an answer asked just before it.
public final class MembershipCache: EventMembership {
    private struct Key: Hashable {
        var user: UUID
        var event: UUID
    }

    private struct State {
        var entries: [Key: (status: MembershipStatus, expires: ContinuousClock.Instant)] = [:]
        /// Counts departures and clearings; an answer asked at count n is kept only if nothing that
        /// concerns it happened after n.
        var clock: UInt64 = 0
        var departedAt: [Key: UInt64] = [:]
        var endedAt: [UUID: UInt64] = [:]
        var clearedAt: UInt64 = 0
        var watching = false
    }

    private let source: any EventMembership
    private let timeToLive: Duration
    private let capacity: Int
    private let state = Mutex(State())

    public init(_ source: any EventMembership, timeToLive: Duration = .seconds(10), capacity: Int = 100_000) {
        self.source = source
        self.timeToLive = timeToLive
        self.capacity = capacity
    }

    public func status(of user: UUID, in event: UUID) async throws -> MembershipStatus {
        let key = Key(user: user, event: event)
        let asked = state.withLock { state -> (cached: MembershipStatus?, at: UInt64) in
            if state.watching, let entry = state.entries[key], entry.expires > .now { return (entry.status, state.clock) }
            return (nil, state.clock)
        }
        if let cached = asked.cached { return cached }
        let status = try await source.status(of: user, in: event)
        guard status.active else { return status }
        state.withLock { state in
            guard state.watching, state.clearedAt <= asked.at, (state.departedAt[key] ?? 0) <= asked.at,
                (state.endedAt[event] ?? 0) <= asked.at
            else { return }
            if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[key] = (status, .now + timeToLive)
        }
        return status
    }

    /// The departures stream is open: answers may be kept from now on.
    public func startWatching() {
        state.withLock { state in
            state.clock += 1
            state.clearedAt = state.clock
            state.entries.removeAll()
            state.watching = true
        }
    }

    /// The departures stream closed: departures may go unheard, so nothing is kept until it is open again.
    public func stopWatching() {
        state.withLock { state in
            state.clock += 1
            state.clearedAt = state.clock
            state.entries.removeAll()
            state.departedAt.removeAll()
            state.endedAt.removeAll()
            state.watching = false
        }
    }

    /// The user left the event, moved out of it or was banned.
    public func departed(_ user: UUID, from event: UUID) {
        state.withLock { state in
            state.clock += 1
            let key = Key(user: user, event: event)
            state.entries[key] = nil
            // Kept only for answers asked before now; a few are enough, so the list starts over when long.
            if state.departedAt.count >= capacity { state.departedAt.removeAll(); state.clearedAt = state.clock }
            state.departedAt[key] = state.clock
        }
    }

    /// The event ended: nobody is a member any more.
    public func ended(_ event: UUID) {
        state.withLock { state in
            state.clock += 1
            state.entries = state.entries.filter { $0.key.event != event }
            if state.endedAt.count >= capacity { state.endedAt.removeAll(); state.clearedAt = state.clock }
            state.endedAt[event] = state.clock
        }
    }
}
