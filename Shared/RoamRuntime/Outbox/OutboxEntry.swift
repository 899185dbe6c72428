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
    /// When each target acknowledged it (targets that acknowledged before these were kept have none).
    public var acknowledgedAt: [String: Date]
    public var attempts: Int
    /// The first delivery waits until then (its creation by default).
    public var notBefore: Date
    /// When the next round is due; nil once complete.
    public var nextAttemptAt: Date?
    /// When every target had acknowledged it; the entry is kept a while after as the receipt.
    public var completedAt: Date?

    public init(
        id: UUID, topic: Topic, subjectID: UUID, createdAt: Date, deliveredTo: Set<String> = [], attempts: Int = 0,
        notBefore: Date? = nil, acknowledgedAt: [String: Date] = [:], nextAttemptAt: Date? = nil, completedAt: Date? = nil
    ) {
        self.notBefore = notBefore ?? createdAt
        self.acknowledgedAt = acknowledgedAt
        self.completedAt = completedAt
        self.nextAttemptAt = completedAt == nil ? nextAttemptAt ?? notBefore ?? createdAt : nil
        self.id = id
        self.topic = topic
        self.subjectID = subjectID
        self.createdAt = createdAt
        self.deliveredTo = deliveredTo
        self.attempts = attempts
    }
}
