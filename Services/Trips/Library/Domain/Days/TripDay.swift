import Foundation
import RoamCore

/// One day of a trip as the diary shows it: what was planned for it and, once the day has begun, what
/// happened on it, with what each piece needs to be shown (the pins' covers, the entries' tag titles
/// and covers).
public struct TripDay: Sendable {
    /// Where the day stands in the trip's own zone.
    public enum Phase: Sendable { case past, today, future }

    /// What happened on a day that has begun.
    public struct Record: Sendable {
        public let pins: Page<Pin>
        /// The cover media of each pin that has one, by pin.
        public let pinCovers: [UUID: UUID]
        public let journalEntries: Page<JournalEntry>
        /// The titles of the pins and places the entries' tags name, by id; those no longer the trip's are absent.
        public let tagTitles: [UUID: String]
        /// The cover media of each entry that has one, by entry.
        public let journalCovers: [UUID: UUID]
        /// Drawn from the day's pins and track as the page shows them.
        public let route: DayRoute
        public let track: Track
    }

    public let date: LocalDate
    /// The trip's zone, in which its pins' days are told.
    public let zone: TripZone
    public let phase: Phase
    /// The day's itinerary items.
    public let itinerary: [ItineraryItem]
    /// The trip's saved places, which name the itinerary's places.
    public let savedPlaces: [SavedPlace]
    /// Nil for a day still to come.
    public let record: Record?
}
