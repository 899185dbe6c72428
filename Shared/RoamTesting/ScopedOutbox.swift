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

    public func acknowledge(_ entryID: UUID, by target: String) async throws { try await store.acknowledge(entryID, by: target) }
    public func complete(_ entryID: UUID) async throws { try await store.complete(entryID) }
    public func postpone(_ entryID: UUID, until time: Date) async throws { try await store.postpone(entryID, until: time) }
}
