import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Trips

/// Saving places to a trip in both stores (seed TC-9: saving twice is refused; TC-10: a saved place
/// can be removed).
@Suite struct SavedPlacesContractTests {
    @Test(arguments: StoreKind.allCases)
    func aPlaceIsSavedOnceListedLatestFirstRemovedAndGoesWithItsTrip(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = try await store.create(TripFixtures.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            let center = PlacesRepositoryContractTests.spot()
            _ = try await store.importPlaces([
                PlacesRepositoryContractTests.place("Museu", .museum, at: center),
                PlacesRepositoryContractTests.place("Jardim", .park, at: center.moved(meters: 50, bearing: 0)),
            ])
            let found = try await store.places(matching: PlaceQuery(near: center, order: .distance), limit: 2).map(\.place)
            let (museum, garden) = (found[0], found[1])
            let first = Date(timeIntervalSince1970: 1_790_000_000)
            guard case .saved(let saved)? = try await store.save(museum.id, toTrip: trip.id, owner: trip.ownerID, at: first) else {
                Issue.record("the museum was not saved")
                return
            }
            #expect(saved.place == museum && saved.savedAt == first)
            #expect(try await store.save(museum.id, toTrip: trip.id, owner: trip.ownerID, at: first) == .alreadySaved)
            #expect(try await store.save(museum.id, toTrip: trip.id, owner: UUID(), at: first) == nil, "a stranger has no such trip")
            #expect(try await store.save(UUID(), toTrip: trip.id, owner: trip.ownerID, at: first) == nil, "no such place")
            _ = try await store.save(garden.id, toTrip: trip.id, owner: trip.ownerID, at: first.addingTimeInterval(60))
            #expect(try await store.savedPlaces(ofTrip: trip.id, owner: trip.ownerID).map(\.place.id) == [garden.id, museum.id])
            #expect(try await store.savedPlaces(ofTrip: trip.id, owner: UUID()).isEmpty)
            #expect(try await !store.unsave(museum.id, fromTrip: trip.id, owner: UUID()))
            #expect(try await store.unsave(museum.id, fromTrip: trip.id, owner: trip.ownerID))
            #expect(try await !store.unsave(museum.id, fromTrip: trip.id, owner: trip.ownerID))
            #expect(try await store.savedPlaces(ofTrip: trip.id, owner: trip.ownerID).map(\.place.id) == [garden.id])
            _ = try await store.delete(trip.id, owner: trip.ownerID, at: Date())
            #expect(try await store.savedPlaces(ofTrip: trip.id, owner: trip.ownerID).isEmpty)
        }
    }
}
