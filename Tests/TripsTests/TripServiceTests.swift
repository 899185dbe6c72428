import Foundation
import RoamCore
import Testing

@testable import Trips

/// A traveller's trips through the domain, on the in-memory store with a fixed clock (seed TC: a
/// calendar month with one trip, several trips, none).
@Suite struct TripServiceTests {
    let service = TripService(trips: InMemoryTripStore(), now: { TripFixtures.utc("2026-06-12T10:00:00Z") })

    func draft(_ start: String, _ end: String, title: String = "Lisbon") -> TripDraft {
        TripDraft(
            title: title, destination: Destination(name: "Lisbon"), startDate: start, endDate: end, timeZone: "Europe/Lisbon",
            homeCurrency: "EUR")
    }

    @Test func aTripIsCreatedReadEditedAndDeletedOnlyByItsOwner() async throws {
        let (ana, bo) = (UUID(), UUID())
        let trip = try await service.create(draft("2026-06-10", "2026-06-17"), owner: ana, idempotencyKey: "trip-1")
        #expect(try await service.create(draft("2026-09-01", "2026-09-02"), owner: ana, idempotencyKey: "trip-1").id == trip.id)
        #expect(try await service.trip(trip.id, owner: ana) == trip)
        let hidden = await #expect(throws: RoamError.self) { _ = try await service.trip(trip.id, owner: bo) }
        #expect(hidden?.reason == "NOT_FOUND")
        let refused = await #expect(throws: RoamError.self) {
            _ = try await service.update(trip.id, with: TripChanges.fixture(endDate: "2026-06-01"), owner: ana)
        }
        #expect(refused?.violations.map(\.field) == ["end_date"])
        let edited = try await service.update(trip.id, with: TripChanges.fixture(title: "Lisbon and Porto", endDate: "2026-06-20"), owner: ana)
        #expect(edited.details.title == "Lisbon and Porto" && edited.details.dates.dayCount == 11)
        #expect(edited.details.dates.start == trip.details.dates.start && edited.details.zone == trip.details.zone, "what was not sent stays")
        await #expect(throws: RoamError.self) { _ = try await service.update(trip.id, with: TripChanges.fixture(title: "Mine"), owner: bo) }
        await #expect(throws: RoamError.notFound("trip")) { try await service.delete(trip.id, owner: bo) }
        #expect(try await service.trip(trip.id, owner: ana) == edited, "someone else's delete changes nothing")
        try await service.delete(trip.id, owner: ana)
        await #expect(throws: RoamError.notFound("trip")) { try await service.delete(trip.id, owner: ana) }
        await #expect(throws: RoamError.self) { _ = try await service.trip(trip.id, owner: ana) }
    }

    @Test func tripsAreListedByPhaseAndTheCalendarShowsTheirDaysInAMonth() async throws {
        let owner = UUID()
        let current = try await service.create(draft("2026-06-10", "2026-06-17"), owner: owner, idempotencyKey: nil)
        let upcoming = try await service.create(draft("2026-06-28", "2026-07-03"), owner: owner, idempotencyKey: nil)
        let past = try await service.create(draft("2026-05-01", "2026-05-04"), owner: owner, idempotencyKey: nil)
        #expect(try await service.trips(of: owner, phase: .current, page: PageRequest()).items.map(\.id) == [current.id])
        #expect(try await service.trips(of: owner, phase: .upcoming, page: PageRequest()).items.map(\.id) == [upcoming.id])
        #expect(try await service.trips(of: owner, phase: .past, page: PageRequest()).items.map(\.id) == [past.id])
        #expect(try await service.trips(of: owner, phase: nil, page: PageRequest()).items.count == 3)

        let june = try await service.calendar("2026-06", owner: owner)
        #expect(june.map(\.trip.id) == [upcoming.id, current.id], "several trips")
        #expect(june.first?.days.map(\.description) == ["2026-06-28", "2026-06-29", "2026-06-30"])
        #expect(try await service.calendar("2026-05", owner: owner).map(\.trip.id) == [past.id], "one trip")
        #expect(try await service.calendar("2026-08", owner: owner).isEmpty, "none")
        let bad = await #expect(throws: RoamError.self) { _ = try await service.calendar("2026-6", owner: owner) }
        #expect(bad?.violations.map(\.field) == ["month"])
    }
}
