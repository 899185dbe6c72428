import Foundation
import Synchronization

/// A store whose outbox is a separate object: it conforms to `OutboxRepository` by handing each call on.
public protocol StoreWithOutbox: OutboxRepository {
    var outbox: any OutboxRepository { get }
}

extension StoreWithOutbox {
    public func due(at time: Date, limit: Int) async throws -> [OutboxEntry] { try await outbox.due(at: time, limit: limit) }
    public func acknowledge(_ entryID: UUID, by target: String, at time: Date) async throws {
        try await outbox.acknowledge(entryID, by: target, at: time)
    }
    public func complete(_ entryID: UUID, at time: Date) async throws { try await outbox.complete(entryID, at: time) }
    public func postpone(_ entryID: UUID, until time: Date) async throws { try await outbox.postpone(entryID, until: time) }
    public func entries(topic: OutboxEntry.Topic, subject: UUID?, limit: Int) async throws -> [OutboxEntry] {
        try await outbox.entries(topic: topic, subject: subject, limit: limit)
    }
    public func forgetCompleted(before time: Date) async throws { try await outbox.forgetCompleted(before: time) }
    public func backlog(of targets: [String]) async throws -> [String: OutboxBacklog] { try await outbox.backlog(of: targets) }
}
