import Foundation
import RoamCore

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
