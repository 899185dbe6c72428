import Foundation

/// Remembers each user's relations for a short while, so a burst of reads asks accounts once. A follow
/// or block takes effect for the user who made it on their next call (`RelationsChange`: an entry
/// fetched before their change is asked again), and for both users as soon as accounts' feed tells
/// this process (`RelationChanges`); at the latest within `timeToLive`. Concurrent
/// misses for one user share one request; failures are not remembered. Accounts suspended now
/// (`SuspendedAccounts`) are hidden from every reader but themselves, as blocked ones are, on each call.
public actor CachedSocialGraph: SocialGraph {
    private let source: any SocialGraph
    private let timeToLive: TimeInterval
    private let capacity: Int
    private let now: @Sendable () -> Date
    private let changes: RelationChanges
    private let suspended: SuspendedAccounts
    private var entries: [UUID: (relations: Relations, fetched: Date, expires: Date)] = [:]
    private var pending: [UUID: (task: Task<Relations, any Error>, started: Date)] = [:]

    public init(
        _ source: any SocialGraph, timeToLive: Duration, capacity: Int = 50_000, changes: RelationChanges = .shared,
        suspended: SuspendedAccounts = .shared, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.source = source
        self.changes = changes
        self.suspended = suspended
        self.timeToLive = timeToLive.seconds
        self.capacity = capacity
        self.now = now
    }

    public func relations(of user: UUID) async throws -> Relations {
        var relations = try await cachedRelations(of: user)
        relations.hidden.formUnion(suspended.hidden(from: user, at: now()))
        return relations
    }

    private func cachedRelations(of user: UUID) async throws -> Relations {
        let time = now()
        // What was fetched before the caller's own change (give or take clock skew) is not an answer.
        let changed = [RelationsChange.at, changes.lastChange(of: user)].compactMap { $0 }.max()
        let freshFrom = changed.map { $0.addingTimeInterval(RelationsChange.clockMargin) } ?? .distantPast
        if let entry = entries[user], entry.expires > time, entry.fetched > freshFrom { return entry.relations }
        if let (task, started) = pending[user], started > freshFrom { return try await task.value }
        let task = Task { [source] in try await source.relations(of: user) }
        pending[user] = (task, time)
        defer { if pending[user]?.started == time { pending[user] = nil } }
        let relations = try await task.value
        if entries.count >= capacity { entries = entries.filter { $0.value.expires > time } }
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        if (entries[user]?.fetched ?? .distantPast) <= time { entries[user] = (relations, time, time.addingTimeInterval(timeToLive)) }
        return relations
    }
}
