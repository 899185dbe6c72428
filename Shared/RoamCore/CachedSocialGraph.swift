import Foundation

/// Remembers each user's relations for a short while, so a burst of reads asks accounts once. A new
/// follow or block takes effect here within `timeToLive`. Concurrent misses for one user share one
/// request; failures are not remembered.
public actor CachedSocialGraph: SocialGraph {
    private let source: any SocialGraph
    private let timeToLive: TimeInterval
    private let capacity: Int
    private let now: @Sendable () -> Date
    private var entries: [UUID: (relations: Relations, expires: Date)] = [:]
    private var pending: [UUID: Task<Relations, any Error>] = [:]

    public init(_ source: any SocialGraph, timeToLive: Duration, capacity: Int = 50_000, now: @escaping @Sendable () -> Date = Date.init) {
        self.source = source
        self.timeToLive = timeToLive.seconds
        self.capacity = capacity
        self.now = now
    }

    public func relations(of user: UUID) async throws -> Relations {
        let time = now()
        if let entry = entries[user], entry.expires > time { return entry.relations }
        if let task = pending[user] { return try await task.value }
        let task = Task { [source] in try await source.relations(of: user) }
        pending[user] = task
        defer { pending[user] = nil }
        let relations = try await task.value
        if entries.count >= capacity { entries = entries.filter { $0.value.expires > time } }
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[user] = (relations, time.addingTimeInterval(timeToLive))
        return relations
    }
}
