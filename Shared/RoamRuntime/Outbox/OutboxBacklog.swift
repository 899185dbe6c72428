import Foundation

/// What one target has yet to acknowledge: how many entries, and when the oldest of them was made.
public struct OutboxBacklog: Sendable, Equatable {
    public var count: Int
    public var oldest: Date?

    public init(count: Int, oldest: Date?) {
        self.count = count
        self.oldest = oldest
    }

    /// The backlog of `targets` in `entries` (those not complete).
    public static func of(_ targets: [String], in entries: [OutboxEntry]) -> [String: OutboxBacklog] {
        Dictionary(
            uniqueKeysWithValues: targets.map { target in
                let waiting = entries.filter { $0.completedAt == nil && !$0.deliveredTo.contains(target) }
                return (target, OutboxBacklog(count: waiting.count, oldest: waiting.map(\.createdAt).min()))
            })
    }
}
