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

/// Asks the events service about membership. An event that does not exist (or has ended) is `.none`.
public protocol EventMembership: Sendable {
    func status(of user: UUID, in event: UUID) async throws -> MembershipStatus
}
