import Foundation
import RoamCore

/// The trip read as a diary, each in one call: a day with everything on it, the trip's days in totals,
/// and a month of the owner's trips. The trip is read and checked once, its pieces concurrently, and
/// what two pieces share is read once.
public struct TripDiaryService: Sendable {
    let trips: TripService
    let pins: PinService
    let tracks: TrackService
    let journal: JournalService
    let savedPlaces: SavedPlaceService
    let itinerary: ItineraryService

    /// `date` of the owner's trip: a day still to come has only its plan; `page` bounds its pins and
    /// its journal entries each. `date` must be a day of the trip (named `date` when it is not).
    public func day(_ date: LocalDate, ofTrip tripID: UUID, owner: UUID, page: PageRequest) async throws -> TripDay {
        let trip = try await trips.trip(tripID, owner: owner)
        try PinService.requireDay(date, of: trip, field: "date")
        let today = trip.details.zone.date(of: trips.now())
        let phase: TripDay.Phase = date < today ? .past : date == today ? .today : .future

        // The itinerary's place names come from the saved places, which a future day also lists.
        async let items = itinerary.items(of: trip)
        async let saved = savedPlaces.savedPlaces(of: trip)
        guard phase != .future else {
            let (allItems, places) = try await (items, saved)
            return TripDay(
                date: date, zone: trip.details.zone, phase: phase, itinerary: allItems.filter { $0.plan.date == date }, savedPlaces: places,
                record: nil)
        }
        async let entries = journal.entries(of: trip, on: date, page: page)
        async let track = tracks.track(of: trip, on: date, toleranceMeters: nil)
        let pinsPage = try await pins.pins(of: trip, on: date, page: page)
        // Covers ask media, the longest piece: the route and the rest are read meanwhile.
        async let pinCovers = pins.covers(of: pinsPage.items, trip: trip)
        let dayTrack = try await track
        let route = try await pins.route(of: trip, on: date, firstPins: pinsPage, track: dayTrack)
        let entriesPage = try await entries
        // A tag naming one of the day's pins (the usual case) is not read again.
        let tagged = try await journal.taggedPlaces(in: entriesPage.items, trip: trip, knownPins: pinsPage.items)
        async let entryCovers = journal.covers(of: entriesPage.items, trip: trip, tagged: tagged)
        let (allItems, places, titles) = try await (items, saved, tagged.mapValues(\.title))
        let record = TripDay.Record(
            pins: pinsPage, pinCovers: await pinCovers, journalEntries: entriesPage, tagTitles: titles,
            journalCovers: await entryCovers, route: route, track: dayTrack)
        return TripDay(
            date: date, zone: trip.details.zone, phase: phase, itinerary: allItems.filter { $0.plan.date == date }, savedPlaces: places,
            record: record)
    }

    /// Every day of the owner's trip with its pins, journal entries, itinerary items and distance walked.
    public func summary(ofTrip tripID: UUID, owner: UUID) async throws -> TripSummary {
        let trip = try await trips.trip(tripID, owner: owner)
        async let pinCounts = pins.pinCounts(of: trip)
        async let entryCounts = journal.entryCounts(of: trip)
        async let items = itinerary.items(of: trip)
        async let track = tracks.wholeTrack(of: trip)
        let days = try await TripDayTotals.days(of: trip, pins: pinCounts, entries: entryCounts, itinerary: items, track: track)
        return TripSummary(trip: trip, days: days)
    }

    /// The owner's trips that touch `month` (`YYYY-MM`), latest first, each with its days in that month
    /// and their counts.
    public func calendar(_ month: String, owner: UUID) async throws -> [CalendarTrip] {
        var found: [CalendarTrip] = []
        for (trip, days) in try await trips.calendar(month, owner: owner) {
            async let pinCounts = pins.pinCounts(of: trip)
            async let entryCounts = journal.entryCounts(of: trip)
            found.append(CalendarTrip(trip: trip, days: days, pinCounts: try await pinCounts, journalEntryCounts: try await entryCounts))
        }
        return found
    }
}
