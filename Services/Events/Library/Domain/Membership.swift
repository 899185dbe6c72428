import Foundation

/// One member of an event (the host included) and where they were last seen.
public struct Member: Sendable, Equatable {
    public var eventID: UUID
    public var userID: UUID
    public var role: Role
    public var joinedAt: Date
    public var lastSeenAt: Date
    public var lastPosition: ReportedPosition?

    public init(eventID: UUID, userID: UUID, role: Role, joinedAt: Date, lastSeenAt: Date, lastPosition: ReportedPosition?) {
        self.eventID = eventID
        self.userID = userID
        self.role = role
        self.joinedAt = joinedAt
        self.lastSeenAt = lastSeenAt
        self.lastPosition = lastPosition
    }
}

/// Someone waiting for a place, in order of `queuedAt`.
public struct WaitlistEntry: Sendable, Equatable {
    public var eventID: UUID
    public var userID: UUID
    public var queuedAt: Date
    public var lastPosition: ReportedPosition
    public var positionAt: Date

    public init(eventID: UUID, userID: UUID, queuedAt: Date, lastPosition: ReportedPosition, positionAt: Date) {
        self.eventID = eventID
        self.userID = userID
        self.queuedAt = queuedAt
        self.lastPosition = lastPosition
        self.positionAt = positionAt
    }
}

/// Why someone is no longer a member.
public enum DepartureReason: String, Sendable, Equatable {
    case leftFence = "left_fence"
    case noPosition = "no_position"
    case banned
    case left
    case eventEnded = "event_ended"
}

public struct Departure: Sendable, Equatable {
    public var eventID: UUID
    public var reason: DepartureReason

    public init(eventID: UUID, reason: DepartureReason) {
        self.eventID = eventID
        self.reason = reason
    }
}

/// What a join came to.
public enum JoinOutcome: Sendable, Equatable {
    case joined(Event)
    case alreadyMember(Event)
    /// 1 is the first in line.
    case waitlisted(Event, position: Int)
}

/// What the store found when asked to add a member; the service turns refusals into errors.
public enum AdmissionResult: Sendable, Equatable {
    case admitted(Event)
    case alreadyMember(Event)
    case full(Event)
    case banned
    case notFound
}

/// A membership of the caller with the fence it belongs to, for presence checks.
public struct Presence: Sendable, Equatable {
    public var member: Member
    public var fence: Fence

    public init(member: Member, fence: Fence) {
        self.member = member
        self.fence = fence
    }
}
