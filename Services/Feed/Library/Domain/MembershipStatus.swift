import Foundation

/// How a user stands with an event, as the events service says.
public struct MembershipStatus: Sendable, Equatable {
    /// A member or the host of a live event, and not banned.
    public var active: Bool
    public var isHost: Bool
    /// The event is not there: it ended (or never was).
    public var eventGone = false

    public static let none = MembershipStatus(active: false, isHost: false)
    public static let eventGone = MembershipStatus(active: false, isHost: false, eventGone: true)
}
