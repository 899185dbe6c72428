import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Trips

/// The itinerary in both stores, and the service's rules over it.
@Suite struct ItineraryRepositoryContractTests {
    @Test(arguments: StoreKind.allCases)
    func itemsListByDayAndTimeAreRemovedAndGoWithTheirTrip(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = try await store.create(TripFixtures.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            let zone = trip.details.zone
            func item(_ date: String, _ minute: Int?, note: String? = nil, at offset: Double = 0) -> ItineraryItem {
                let plan = ItineraryPlan(date: LocalDate(date)!, minuteOfDay: minute, note: note)
                return ItineraryItem(
                    id: UUID(), tripID: trip.id, ownerID: trip.ownerID, placeID: UUID(), plan: plan,
                    remindAt: plan.instants(in: zone).remindAt, createdAt: Date(timeIntervalSince1970: 1_790_000_000 + offset))
            }
            let evening = item("2026-06-12", 19 * 60, note: "Fado")
            let allDay = item("2026-06-12", nil, at: 60)
            let earlier = item("2026-06-11", 10 * 60, at: 120)
            for entry in [evening, allDay, earlier] { #expect(try await store.addItem(entry) == entry) }
            #expect(try await store.itinerary(ofTrip: trip.id, owner: trip.ownerID).map(\.id) == [earlier.id, allDay.id, evening.id])
            #expect(try await store.itinerary(ofTrip: trip.id, owner: trip.ownerID).last?.plan.note == "Fado")
            #expect(try await store.itinerary(ofTrip: trip.id, owner: UUID()).isEmpty)
            let stranger = ItineraryItem(
                id: UUID(), tripID: trip.id, ownerID: UUID(), placeID: UUID(), plan: evening.plan, remindAt: Date(),
                createdAt: Date())
            #expect(try await store.addItem(stranger) == nil)
            #expect(try await !store.removeItem(earlier.id, owner: UUID()))
            #expect(try await store.removeItem(earlier.id, owner: trip.ownerID))
            #expect(try await !store.removeItem(earlier.id, owner: trip.ownerID))
            _ = try await store.delete(trip.id, owner: trip.ownerID, at: Date())
            #expect(try await store.itinerary(ofTrip: trip.id, owner: trip.ownerID).isEmpty)
        }
    }

    @Test func onlySavedPlacesGoOnTheItineraryAndItExportsAsICalendar() async throws {
        let store = InMemoryTripStore()
        let trips = TripService(trips: store, now: { TripFixtures.utc("2026-06-01T10:00:00Z") })
        let service = ItineraryService(trips: trips, itinerary: store, saved: store)
        let owner = UUID()
        let trip = try await trips.create(
            TripDraft(
                title: "Lisbon", destination: Destination(name: "Lisbon"), startDate: "2026-06-10",
                endDate: "2026-06-17", timeZone: "Europe/Lisbon", homeCurrency: "EUR"), owner: owner, idempotencyKey: nil)
        let point = GeoPoint(latitude: 38.71, longitude: -9.14)
        _ = try await PlaceService(places: store).importPlaces([
            PlaceImport(
                sourceID: "n/1", name: "Tasca", category: "restaurant", point: point,
                address: "Rua 1")
        ])
        let place = try #require(try await store.places(matching: PlaceQuery(near: point), limit: 1).first?.place)
        let refused = await #expect(throws: RoamError.self) {
            _ = try await service.add(place.id, date: "2026-06-12", time: "20:00", remindMinutesBefore: nil, note: nil, trip: trip.id, owner: owner)
        }
        #expect(refused?.reason == "NOT_SAVED" && refused?.violations.map(\.field) == ["place_id"])
        _ = try await SavedPlaceService(trips: trips, saved: store).save(place.id, toTrip: trip.id, owner: owner)
        let item = try await service.add(
            place.id, date: "2026-06-12", time: "20:00", remindMinutesBefore: nil, note: nil, trip: trip.id, owner: owner)
        #expect(item.remindAt == TripFixtures.utc("2026-06-12T18:00:00Z"), "an hour before 20:00 in Lisbon's summer time")
        let ics = try await service.calendar(ofTrip: trip.id, owner: owner)
        #expect(ics.contains("SUMMARY:Tasca\r\n") && ics.contains("DTSTART;TZID=Europe/Lisbon:20260612T200000") && ics.contains("TRIGGER:-PT60M"))
        try await service.remove(item.id, trip: trip.id, owner: owner)
        await #expect(throws: RoamError.notFound("itinerary item")) { try await service.remove(item.id, trip: trip.id, owner: owner) }
        #expect(try await service.items(ofTrip: trip.id, owner: owner).isEmpty)
        #expect(await errorReason { _ = try await service.items(ofTrip: trip.id, owner: UUID()) } == "NOT_FOUND")
    }

}
