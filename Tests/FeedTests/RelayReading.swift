import Foundation
import RoamTesting
import Synchronization

@testable import Feed

/// One relay read in the background, as the gateway reads it.
final class RelayReading: Sendable {
    private struct Received {
        var messages: [ChatMessage] = []
        var removed: [UUID] = []
        var rechecks = 0
        var live: Int64?
    }

    private final class Inbox: Sendable {
        let received = Mutex(Received())

        func withLock<Result: Sendable>(_ body: (inout Received) -> Result) -> Result { received.withLock { body(&$0) } }
    }

    private let inbox = Inbox()
    private let task: Task<String?, Never>

    init(_ feed: FeedService, event: UUID, after: Int64?) {
        let inbox = inbox
        task = Task {
            await errorReason {
                try await feed.relayChat(event, after: after, live: { sequence in inbox.withLock { $0.live = sequence } }) { item in
                    switch item {
                    case .message(let message): inbox.withLock { $0.messages.append(message) }
                    case .removed(let user): inbox.withLock { $0.removed.append(user) }
                    case .recheck: inbox.withLock { $0.rechecks += 1 }
                    case .update: break
                    }
                }
            }
        }
    }

    var sequences: [Int64] { inbox.withLock { $0.messages.map(\.sequence) } }
    var authors: Set<UUID> { inbox.withLock { Set($0.messages.map(\.authorID)) } }
    var removed: [UUID] { inbox.withLock { $0.removed } }
    var rechecks: Int { inbox.withLock { $0.rechecks } }

    /// The sequence it went live at, once it did (or nil after 30 seconds).
    func waitUntilLive() async -> Int64? {
        await eventually { inbox.withLock { $0.live != nil } }
        return inbox.withLock { $0.live }
    }

    func waitFor(_ count: Int) async -> [Int64] {
        await eventually { sequences.count >= count }
        return sequences
    }

    func end() async -> String? {
        await task.value
    }
}
