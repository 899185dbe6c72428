import Foundation
import RoamCore

/// A walk: started from a place towards a destination, its path recorded as it goes, then finished
/// (private, "Done") and perhaps posted (public).
public struct Walk: Sendable, Hashable, Identifiable {
    /// Photos of the walk itself, beside those of its points of interest.
    public static let maxPhotos = 20

    public let id: UUID
    public let ownerID: UUID
    public var details: WalkDetails
    public var start: WalkPlace
    public var destination: WalkPlace?
    /// The finished walk this one follows, when it was started from one found; nil once that is deleted.
    public var routeID: UUID?
    public var startedAt: Date
    /// Nil while the walk is ongoing.
    public var finishedAt: Date?
    /// True when the service finished it after the longest a walk may last.
    public var closedAutomatically: Bool
    public var visibility: WalkVisibility
    /// The recorded points' count while ongoing; distance and preview once finished.
    public var route: WalkRoute
    public var pointsOfInterest: [PointOfInterest]
    public var mediaIDs: [UUID]
    public var ratingSum: Int
    public var ratingCount: Int
    public var createdAt: Date
    public var updatedAt: Date
    /// Set while a moderator has it down: it answers as missing to everyone but its owner, who sees why.
    public var takedown: Takedown?

    public init(
        id: UUID, ownerID: UUID, details: WalkDetails, start: WalkPlace, destination: WalkPlace?, routeID: UUID? = nil, startedAt: Date,
        finishedAt: Date? = nil, closedAutomatically: Bool = false, visibility: WalkVisibility = .private,
        route: WalkRoute = WalkRoute(), pointsOfInterest: [PointOfInterest] = [], mediaIDs: [UUID] = [],
        ratingSum: Int = 0, ratingCount: Int = 0, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.ownerID = ownerID
        self.details = details
        self.start = start
        self.destination = destination
        self.routeID = routeID
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.closedAutomatically = closedAutomatically
        self.visibility = visibility
        self.route = route
        self.pointsOfInterest = pointsOfInterest
        self.mediaIDs = mediaIDs
        self.ratingSum = ratingSum
        self.ratingCount = ratingCount
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public var isFinished: Bool { finishedAt != nil }

    public var duration: TimeInterval { (finishedAt ?? startedAt).timeIntervalSince(startedAt) }

    /// The mean rating, 0 without any.
    public var ratingAverage: Double { ratingCount == 0 ? 0 : Double(ratingSum) / Double(ratingCount) }

    /// Only the owner sees a walk until it is posted; hidden owners (blocks) never.
    public func isVisible(to reader: UUID, hiding hidden: Set<UUID> = []) -> Bool {
        reader == ownerID || (takedown == nil && visibility == .public && !hidden.contains(ownerID))
    }

    /// Every photo of the walk and its points of interest, each once: what media holds attached to `walk/<id>`.
    public var allMediaIDs: [UUID] {
        var ids = mediaIDs
        for id in pointsOfInterest.flatMap(\.mediaIDs) where !ids.contains(id) { ids.append(id) }
        return ids
    }

    /// The text words are searched in: the title, description, tags and points of interest.
    public var searchText: String {
        ([details.title, details.description] + details.tags + pointsOfInterest.flatMap { [$0.name, $0.note] }).joined(separator: " ")
    }
}
