import Foundation
import RoamCore
import Testing

@testable import Trips

/// A trip's days in counts and metres, as the gateway's calendar and summary show them.
@Suite struct TripDayTotalsTests {
    @Test func everyDayHasItsCountsAndTheDistanceWalkedOnIt() {
        let trip = TripFixtures.trip("2026-06-10", "2026-06-12")
        let start = GeoPoint(latitude: 38.71, longitude: -9.14)
        func point(_ instant: String, _ meters: Double) -> TrackPoint {
            TrackPoint(at: TripFixtures.utc(instant), point: start.moved(meters: meters, bearing: 90), accuracyMeters: 5)
        }
        // Lisbon is UTC+1: 23:30 UTC on the 10th is already the 11th there.
        let track = Track(
            segments: [
                [point("2026-06-10T09:00:00Z", 0), point("2026-06-10T09:10:00Z", 1_000), point("2026-06-10T23:30:00Z", 1_500)],
                [point("2026-06-12T08:00:00Z", 5_000), point("2026-06-12T08:30:00Z", 7_000)],
            ],
            distanceMeters: 3_500, recordedPoints: 5)
        let item = ItineraryItem(
            id: UUID(), tripID: trip.id, ownerID: trip.ownerID, placeID: UUID(),
            plan: ItineraryPlan(date: LocalDate("2026-06-12")!, minuteOfDay: nil, remindMinutesBefore: 60, note: nil),
            remindAt: Date(), createdAt: Date())
        let days = TripDayTotals.days(
            of: trip, pins: [LocalDate("2026-06-10")!: 2, LocalDate("2026-07-01")!: 9],
            entries: [LocalDate("2026-06-11")!: 1], itinerary: [item, item], track: track)
        #expect(days.map(\.date.description) == ["2026-06-10", "2026-06-11", "2026-06-12"])
        #expect(days.map(\.pins) == [2, 0, 0] && days.map(\.journalEntries) == [0, 1, 0] && days.map(\.itineraryItems) == [0, 0, 2])
        // The jump between segments (1,500 m → 5,000 m) is not travelled.
        #expect(days.map { ($0.distanceMeters / 10).rounded() * 10 } == [1_000, 500, 2_000])
    }
}
