import Foundation
import RoamCore

/// A place a story is pinned to.
public struct Place: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var name: String

    public init(latitude: Double, longitude: Double, name: String) {
        self.latitude = latitude
        self.longitude = longitude
        self.name = name
    }

    public var point: GeoPoint { GeoPoint(latitude: latitude, longitude: longitude) }
}

/// Who may see a post.
public enum Audience: Sendable, Equatable {
    /// Active, unbanned members of the event.
    case event(UUID)
    /// Anyone: a story at a place.
    case place(Place)
    /// The author's followers (and the author).
    case followers

    public var eventID: UUID? {
        if case .event(let id) = self { return id }
        return nil
    }

    public var place: Place? {
        if case .place(let place) = self { return place }
        return nil
    }
}

public struct Post: Sendable, Equatable {
    public var id: UUID
    public var authorID: UUID
    public var audience: Audience
    public var text: String
    public var mediaIDs: [UUID]
    public var tags: [String]
    public var createdAt: Date
    public var editedAt: Date?

    public init(id: UUID, authorID: UUID, audience: Audience, text: String, mediaIDs: [UUID], tags: [String], createdAt: Date,
                editedAt: Date? = nil) {
        self.id = id
        self.authorID = authorID
        self.audience = audience
        self.text = text
        self.mediaIDs = mediaIDs
        self.tags = tags
        self.createdAt = createdAt
        self.editedAt = editedAt
    }

    public var isStory: Bool { audience.place != nil }
}
