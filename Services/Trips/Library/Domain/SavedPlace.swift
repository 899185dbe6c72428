import Foundation

/// A place of the catalog a traveller saved to a trip, to plan it into a day.
public struct SavedPlace: Sendable, Hashable {
    public let tripID: UUID
    public let place: Place
    public let savedAt: Date

    public init(tripID: UUID, place: Place, savedAt: Date) {
        self.tripID = tripID
        self.place = place
        self.savedAt = savedAt
    }
}
