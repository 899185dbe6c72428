import Foundation
import RoamCore

/// A geofenced event as the service stores it.
public struct Event: Sendable, Equatable {
    public enum Visibility: String, Sendable {
        case `public`
        /// Joining needs the password.
        case `private`
    }

    public var id: UUID
    public var hostID: UUID
    public var name: String
    public var description: String
    public var fence: Fence
    public var capacity: Int
    public var memberCount: Int
    public var startsAt: Date
    public var endsAt: Date
    public var visibility: Visibility
    /// The password's hash; nil for a public event.
    public var passwordHash: String?
    public var theme: String
    public var bannerMediaID: UUID?
    public var tags: [String]
    public var createdAt: Date
    /// Set for a group walk: no fence to stand in, a route to follow and who may join.
    public var groupWalk: GroupWalk?
    /// Set while a moderator has it down: nobody but its host finds, reads, joins or belongs to it.
    public var takedown: Takedown?

    /// Whether `viewer` finds, reads, joins or belongs to it: not while it is down or its host is one of
    /// `hiddenHosts` (suspended accounts), unless they host it.
    public func isShown(to viewer: UUID, hiding hiddenHosts: Set<UUID>) -> Bool {
        hostID == viewer || (takedown == nil && !hiddenHosts.contains(hostID))
    }

    public init(
        id: UUID, hostID: UUID, name: String, description: String, fence: Fence, capacity: Int, memberCount: Int,
        startsAt: Date, endsAt: Date, visibility: Visibility, passwordHash: String?, theme: String,
        bannerMediaID: UUID?, tags: [String], createdAt: Date, groupWalk: GroupWalk? = nil
    ) {
        self.id = id
        self.hostID = hostID
        self.name = name
        self.description = description
        self.fence = fence
        self.capacity = capacity
        self.memberCount = memberCount
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.visibility = visibility
        self.passwordHash = passwordHash
        self.theme = theme
        self.bannerMediaID = bannerMediaID
        self.tags = tags
        self.createdAt = createdAt
        self.groupWalk = groupWalk
    }

    public func isLive(at time: Date) -> Bool {
        startsAt <= time && time < endsAt
    }

    public func hasEnded(at time: Date) -> Bool {
        time >= endsAt
    }

    public var freePlaces: Int { max(0, capacity - memberCount) }
}
