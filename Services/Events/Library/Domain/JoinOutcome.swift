import Foundation

/// What a join came to.
public enum JoinOutcome: Sendable, Equatable {
    case joined(Event)
    case alreadyMember(Event)
    /// 1 is the first in line.
    case waitlisted(Event, position: Int)
}
