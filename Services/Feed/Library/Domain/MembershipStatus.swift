import Foundation

/// How a user stands with an event, as the events service says.
public struct MembershipStatus: Sendable, Equatable {
    /// A member or the host of a live event, and not banned.
    public var active: Bool
    public var isHost: Bool

    public init(active: Bool, isHost: Bool) {
        self.active = active
        self.isHost = isHost
    }

    public static let none = MembershipStatus(active: false, isHost: false)
}
