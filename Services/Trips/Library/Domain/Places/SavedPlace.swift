import Foundation

/// A place of the catalog a traveller saved to a trip, to plan it into a day.
public struct SavedPlace: Sendable, Hashable {
    public let tripID: UUID
    public let place: Place
    public let savedAt: Date
}
