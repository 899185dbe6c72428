import Foundation

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

    public init(id: UUID, hostID: UUID, name: String, description: String, fence: Fence, capacity: Int, memberCount: Int,
                startsAt: Date, endsAt: Date, visibility: Visibility, passwordHash: String?, theme: String,
                bannerMediaID: UUID?, tags: [String], createdAt: Date) {
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
    }

    public func isLive(at time: Date) -> Bool {
        startsAt <= time && time < endsAt
    }

    public func hasEnded(at time: Date) -> Bool {
        time >= endsAt
    }

    public var freePlaces: Int { max(0, capacity - memberCount) }
}

/// How a user stands with an event.
public enum Role: String, Sendable, Equatable {
    case none
    case member
    case host
    case waitlisted
    case banned
}

/// An event as one viewer may see it: a private event the viewer is not in, or any event the viewer is
/// banned from, is locked and shows only its name, place, size and times.
public struct EventView: Sendable, Equatable {
    public var event: Event
    public var viewerRole: Role

    public init(event: Event, viewerRole: Role) {
        self.event = event
        self.viewerRole = viewerRole
    }

    public var isLocked: Bool {
        viewerRole == .banned || (event.visibility == .private && viewerRole != .member && viewerRole != .host)
    }
}

/// An event found by discovery, with where it is from the asked position.
public struct EventHit: Sendable, Equatable {
    public var event: Event
    public var distanceMeters: Double

    public init(event: Event, distanceMeters: Double) {
        self.event = event
        self.distanceMeters = distanceMeters
    }
}

/// A discovery result for one viewer.
public struct EventListing: Sendable, Equatable {
    public var view: EventView
    public var distanceMeters: Double
    public var secondsLeft: Int64
    public var inside: Bool
}
