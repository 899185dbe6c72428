import Foundation

/// A fact other services must hear about, kept until each of them has acknowledged it.
public struct OutboxEntry: Sendable, Equatable {
    public enum Topic: String, Sendable {
        case eventEnded = "event_ended"
    }

    public var id: UUID
    public var topic: Topic
    public var subjectID: UUID
    public var createdAt: Date
    /// Targets that acknowledged it.
    public var deliveredTo: Set<String>
    public var attempts: Int

    public init(id: UUID, topic: Topic, subjectID: UUID, createdAt: Date, deliveredTo: Set<String> = [], attempts: Int = 0) {
        self.id = id
        self.topic = topic
        self.subjectID = subjectID
        self.createdAt = createdAt
        self.deliveredTo = deliveredTo
        self.attempts = attempts
    }
}

/// The transactional outbox of the events schema (entries are written by `EventRepository.purge`).
public protocol OutboxRepository: Sendable {
    /// Entries not yet delivered everywhere whose next attempt is due, oldest first.
    func due(at time: Date, limit: Int) async throws -> [OutboxEntry]
    /// Records that `target` acknowledged the entry.
    func acknowledge(_ entryID: UUID, by target: String) async throws
    /// Marks the entry delivered to every target; it is kept no longer.
    func complete(_ entryID: UUID) async throws
    /// Counts a failed round and sets when to try again.
    func postpone(_ entryID: UUID, until time: Date) async throws
}
