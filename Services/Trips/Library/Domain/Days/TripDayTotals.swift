import Foundation
import RoamCore

/// What happened on one day of a trip, in counts and metres.
public struct TripDayTotals: Sendable, Hashable {
    public let date: LocalDate
    public var pins = 0
    public var journalEntries = 0
    public var itineraryItems = 0
    public var distanceMeters = 0.0

    public init(date: LocalDate) {
        self.date = date
    }

    /// Every day of `trip` with its counts, and the distance along `track` (the whole trip's, not
    /// simplified): each step within a segment counts for the day of the point it ends at.
    public static func days(
        of trip: Trip, pins: [LocalDate: Int], entries: [LocalDate: Int], itinerary: [ItineraryItem],
        track: Track
    ) -> [TripDayTotals] {
        let dates = trip.details.dates
        var days = (0...dates.start.days(to: dates.end)).map { TripDayTotals(date: dates.start.adding(days: $0)) }
        func index(_ date: LocalDate) -> Int? {
            let index = dates.start.days(to: date)
            return days.indices.contains(index) ? index : nil
        }
        for (date, count) in pins { if let index = index(date) { days[index].pins = count } }
        for (date, count) in entries { if let index = index(date) { days[index].journalEntries = count } }
        for item in itinerary { if let index = index(item.plan.date) { days[index].itineraryItems += 1 } }
        for segment in track.segments {
            for (from, to) in zip(segment, segment.dropFirst()) {
                if let index = index(trip.details.zone.date(of: to.at)) { days[index].distanceMeters += from.point.distance(to: to.point) }
            }
        }
        return days
    }
}
