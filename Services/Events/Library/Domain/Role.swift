import Foundation

/// How a user stands with an event.
public enum Role: String, Sendable, Equatable {
    case none
    case member
    case host
    case waitlisted
    case banned
}
