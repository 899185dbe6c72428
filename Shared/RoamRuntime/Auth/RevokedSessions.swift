import Foundation
import Synchronization

/// The sessions and accounts this process refuses tokens of, as the revocation feed told it, and how
/// well it is following that feed. Checked on every call (a hash look-up), so revoking needs no call to
/// accounts per request; what it knows is kept while the feed is unreachable.
public final class RevokedSessions: Sendable {
    /// How the process follows the feed.
    public enum Following: Sendable, Equatable {
        /// Not caught up yet since the process started.
        case starting
        case following
        /// The stream broke at that time; what was known before is still refused.
        case lost(since: Date, reason: String)
    }

    public struct Status: Sendable, Equatable {
        public var following: Following
        /// The last position applied.
        public var position: Int64
        /// Sessions and accounts refused now.
        public var refusing: Int
    }

    /// What a refused token's caller is told.
    public static let sessionRevoked = RoamError(.unauthenticated, reason: "SESSION_REVOKED", message: "the session has ended; sign in again")
    public static let accountDeleted = RoamError(.unauthenticated, reason: "ACCOUNT_DELETED", message: "the account was deleted")

    /// How long a session this process ended itself is refused: longer than any access token lives.
    static let locallyRefusedFor: TimeInterval = 24 * 3600

    private struct State {
        var sessions: [UUID: Date] = [:]
        var users: [UUID: Date] = [:]
        var following = Following.starting
        /// When following began (the process's start until a follower says so).
        var startedFollowing = Date()
        var position: Int64 = 0
        var listeners: [@Sendable (RevocationBatch.Entry) -> Void] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// A follower starts now: not being caught up counts from here, not from the process's start-up
    /// work (migrations may take longer than any grace).
    public func beginFollowing(at now: Date = Date()) {
        state.withLock { $0.startedFollowing = now }
    }

    /// How long this process has gone without the feed: since following began, while it has not caught
    /// up, or since the stream broke; nil while it follows.
    public func unfollowedFor(at now: Date = Date()) -> Duration? {
        let since: Date? = state.withLock { state in
            switch state.following {
            case .following: nil
            case .starting: state.startedFollowing
            case .lost(let since, _): since
            }
        }
        return since.map { .milliseconds(Int64(max(0, now.timeIntervalSince($0)) * 1000)) }
    }

    /// Whether a token of `user` for `session` is refused, and why.
    public func refusal(user: UUID, session: UUID?) -> RoamError? {
        state.withLock { state in
            if state.users[user] != nil { return Self.accountDeleted }
            if let session, state.sessions[session] != nil { return Self.sessionRevoked }
            return nil
        }
    }

    public var status: Status {
        state.withLock { Status(following: $0.following, position: $0.position, refusing: $0.sessions.count + $0.users.count) }
    }

    /// Applies a batch from the feed and tells the listeners (streams to close).
    public func apply(_ batch: RevocationBatch, at now: Date = Date()) {
        let listeners = state.withLock { state in
            for entry in batch.entries {
                if let session = entry.sessionID {
                    state.sessions[session] = entry.forgetAfter
                } else {
                    state.users[entry.userID] = entry.forgetAfter
                }
            }
            // The idle messages come every few seconds: a good time to forget what refuses nothing any more.
            if batch.entries.isEmpty {
                state.sessions = state.sessions.filter { $0.value > now }
                state.users = state.users.filter { $0.value > now }
            }
            state.position = max(state.position, batch.position)
            state.following = .following
            return batch.entries.isEmpty ? [] : state.listeners
        }
        for entry in batch.entries {
            for listener in listeners { listener(entry) }
        }
    }

    /// Refuses a session (or, without one, an account) now, before the feed brings it: this process
    /// ended it itself (the gateway passing on a deletion), so the caller's next request is refused here.
    public func refuseNow(user: UUID, session: UUID?, at now: Date = Date()) {
        let forgetAfter = now.addingTimeInterval(Self.locallyRefusedFor)
        let entry = RevocationBatch.Entry(userID: user, sessionID: session, forgetAfter: forgetAfter)
        let listeners = state.withLock { state in
            if let session { state.sessions[session] = forgetAfter } else { state.users[user] = forgetAfter }
            return state.listeners
        }
        for listener in listeners { listener(entry) }
    }

    /// The stream broke: keep refusing what is known, and say so.
    public func lost(_ reason: String, at now: Date = Date()) {
        state.withLock { state in
            if case .lost = state.following { return }
            state.following = .lost(since: now, reason: reason)
        }
    }

    public var position: Int64 { state.withLock { $0.position } }

    /// Calls `listener` with each revocation applied from now on (the gateway closes streams with it).
    public func listen(_ listener: @escaping @Sendable (RevocationBatch.Entry) -> Void) {
        state.withLock { $0.listeners.append(listener) }
    }
}
