import Foundation

/// Why someone is no longer a member.
public enum DepartureReason: String, Sendable, Equatable {
    case leftFence = "left_fence"
    case noPosition = "no_position"
    case banned
    case left
    case eventEnded = "event_ended"
}
