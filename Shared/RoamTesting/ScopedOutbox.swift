import Foundation
import RoamRuntime

/// The shared test database holds other tests' entries too; this view shows one subject's only.
public struct ScopedOutbox: OutboxRepository {
    let store: any OutboxRepository
    let subject: UUID

    public init(store: any OutboxRepository, subject: UUID) {
        self.store = store
        self.subject = subject
    }

    public func due(at time: Date, limit: Int) async throws -> [OutboxEntry] {
        try await store.due(at: time, limit: 10_000).filter { $0.subjectID == subject }
    }

    public func acknowledge(_ entryID: UUID, by target: String, at time: Date) async throws {
        try await store.acknowledge(entryID, by: target, at: time)
    }
    public func complete(_ entryID: UUID, at time: Date) async throws { try await store.complete(entryID, at: time) }
    public func postpone(_ entryID: UUID, until time: Date) async throws { try await store.postpone(entryID, until: time) }
    public func entries(topic: OutboxEntry.Topic, subject _: UUID?, limit: Int) async throws -> [OutboxEntry] {
        try await store.entries(topic: topic, subject: subject, limit: limit)
    }
    /// Other tests' receipts are not this view's to drop.
    public func forgetCompleted(before _: Date) async throws {}
    public func backlog(of targets: [String]) async throws -> [String: OutboxBacklog] {
        OutboxBacklog.of(
            targets,
            in: try await store.entries(topic: .userDeleted, subject: subject, limit: 10_000)
                + store.entries(topic: .eventEnded, subject: subject, limit: 10_000)
                + store.entries(topic: .tripDeleted, subject: subject, limit: 10_000))
    }
}
