import Foundation
import Synchronization

/// A fact other services must hear about, kept until each of them has acknowledged it.
public struct OutboxEntry: Sendable, Equatable {
    public enum Topic: String, Sendable {
        /// An event ended: forget everything of it.
        case eventEnded = "event_ended"
        /// An account was deleted: forget everything of the user.
        case userDeleted = "user_deleted"
        /// A trip was deleted: forget what was kept for it.
        case tripDeleted = "trip_deleted"
    }

    public var id: UUID
    public var topic: Topic
    public var subjectID: UUID
    public var createdAt: Date
    /// Targets that acknowledged it.
    public var deliveredTo: Set<String>
    public var attempts: Int
    /// The first delivery waits until then (its creation by default).
    public var notBefore: Date

    public init(id: UUID, topic: Topic, subjectID: UUID, createdAt: Date, deliveredTo: Set<String> = [], attempts: Int = 0,
                notBefore: Date? = nil) {
        self.notBefore = notBefore ?? createdAt
        self.id = id
        self.topic = topic
        self.subjectID = subjectID
        self.createdAt = createdAt
        self.deliveredTo = deliveredTo
        self.attempts = attempts
    }
}
