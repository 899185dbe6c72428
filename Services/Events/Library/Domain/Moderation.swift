import Foundation

public struct Report: Sendable, Equatable {
    public enum Reason: String, Sendable, CaseIterable {
        case spam
        case harassment
        case inappropriate
        /// Needs a text.
        case other
    }

    public var id: UUID
    public var eventID: UUID
    public var reporterID: UUID
    public var targetID: UUID
    public var reason: Reason
    public var text: String
    public var createdAt: Date

    public init(id: UUID, eventID: UUID, reporterID: UUID, targetID: UUID, reason: Reason, text: String, createdAt: Date) {
        self.id = id
        self.eventID = eventID
        self.reporterID = reporterID
        self.targetID = targetID
        self.reason = reason
        self.text = text
        self.createdAt = createdAt
    }
}

/// What recording a report came to.
public enum ReportOutcome: Sendable, Equatable {
    /// Recorded; `distinctReporters` now report the target, and `banned` says whether that reached
    /// the threshold and banned them.
    case recorded(distinctReporters: Int, banned: Bool)
    case duplicate
}

public struct Ban: Sendable, Equatable {
    public var eventID: UUID
    public var userID: UUID
    /// nil when reports reached the threshold.
    public var bannedBy: UUID?
    public var createdAt: Date

    public init(eventID: UUID, userID: UUID, bannedBy: UUID?, createdAt: Date) {
        self.eventID = eventID
        self.userID = userID
        self.bannedBy = bannedBy
        self.createdAt = createdAt
    }
}

/// A user who stopped being a member, and who now fills the place they freed.
public struct Removal: Sendable, Equatable {
    public var eventID: UUID
    public var userID: UUID
    public var reason: DepartureReason
    public var hostID: UUID

    public init(eventID: UUID, userID: UUID, reason: DepartureReason, hostID: UUID) {
        self.eventID = eventID
        self.userID = userID
        self.reason = reason
        self.hostID = hostID
    }
}

/// An ended event removed from the store, with who was in it so they can be told.
public struct EndedEvent: Sendable, Equatable {
    public var eventID: UUID
    public var hostID: UUID
    public var formerMembers: [UUID]
    public var formerWaitlist: [UUID]
}
