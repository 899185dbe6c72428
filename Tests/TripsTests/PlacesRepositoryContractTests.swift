import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Trips

/// What both places stores do, run against each (seed TC-7/TC-8: sort by rating and by price, both
/// ways). Each test loads its own places in a spot of the map no other test uses.
@Suite struct PlacesRepositoryContractTests {
    static func place(
        _ name: String, _ category: PlaceCategory = .restaurant, at point: GeoPoint, price: Int? = nil, rating: Double = 0,
        count: Int = 0, source: String = UUID().uuidString
    ) -> (details: PlaceDetails, rating: Double, ratingCount: Int) {
        (
            PlaceDetails(
                sourceID: source, name: name, category: category, point: point, priceLevel: price, address: "Rua 1",
                openingHours: "Mo-Su 09:00-18:00"), rating, count
        )
    }

    /// A spot of its own for each test run.
    static func spot() -> GeoPoint {
        GeoPoint(latitude: .random(in: -60...60), longitude: .random(in: -170...170))
    }

    @Test(arguments: StoreKind.allCases)
    func placesAreFoundNearByCategoryAndPrefixAndSortedByRatingOrPriceBothWays(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let center = Self.spot()
            let catalog = [
                Self.place("Tasca do Chico", at: center.moved(meters: 100, bearing: 0), price: 1, rating: 4.6, count: 200),
                Self.place("Taberna Real", at: center.moved(meters: 200, bearing: 90), price: 3, rating: 4.1, count: 50),
                Self.place("Tapas Bar", .bar, at: center.moved(meters: 300, bearing: 180), price: 2, rating: 3.9, count: 10),
                Self.place("Cervejaria", at: center.moved(meters: 400, bearing: 270), rating: 4.8, count: 900),
                Self.place("Far away", at: center.moved(meters: 9_000, bearing: 0), price: 0, rating: 5, count: 5),
            ]
            #expect(try await store.importPlaces(catalog) == 5)
            func names(_ query: PlaceQuery) async throws -> [String] {
                try await store.places(matching: query, limit: 20).map(\.place.details.name)
            }
            #expect(try await names(PlaceQuery(near: center)) == ["Cervejaria", "Tasca do Chico", "Taberna Real", "Tapas Bar"])
            #expect(
                try await names(PlaceQuery(near: center, order: .ratingAscending)) == ["Tapas Bar", "Taberna Real", "Tasca do Chico", "Cervejaria"])
            #expect(
                try await names(PlaceQuery(near: center, order: .priceAscending)) == ["Tasca do Chico", "Tapas Bar", "Taberna Real", "Cervejaria"],
                "a place without a price goes last")
            #expect(
                try await names(PlaceQuery(near: center, order: .priceDescending)) == ["Taberna Real", "Tapas Bar", "Tasca do Chico", "Cervejaria"])
            #expect(try await names(PlaceQuery(near: center, order: .distance)) == ["Tasca do Chico", "Taberna Real", "Tapas Bar", "Cervejaria"])
            #expect(try await names(PlaceQuery(near: center, category: .bar)) == ["Tapas Bar"])
            #expect(try await names(PlaceQuery(near: center, namePrefix: "ta")) == ["Tasca do Chico", "Taberna Real", "Tapas Bar"])
            #expect(try await names(PlaceQuery(near: center, withinMeters: 10_000)).first == "Far away")
            let found = try await store.places(matching: PlaceQuery(near: center, order: .distance), limit: 1)
            #expect(found.count == 1 && abs(found[0].meters - 100) < 0.5)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theBestNearbyComeFromEveryRatingWhenTheWellRatedAreFew(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let center = Self.spot()
            // 2 rated 4.5 or more, 3 from 4 to 4.5, and 20 below: the top 10 reaches into all three.
            let ratings = [4.9, 4.5, 4.4, 4.2, 4.0] + (0..<20).map { 3.9 - Double($0) * 0.1 }
            let catalog = ratings.enumerated().map { index, rating in
                Self.place("Place \(index)", at: center.moved(meters: Double(index) * 50, bearing: 45), rating: rating, count: 10)
            }
            _ = try await store.importPlaces(catalog)
            let best = try await store.places(matching: PlaceQuery(near: center), limit: 10).map(\.place.details.name)
            #expect(best == (0..<10).map { "Place \($0)" })
            let fewer = try await store.places(matching: PlaceQuery(near: center), limit: 2).map(\.place.details.name)
            #expect(fewer == ["Place 0", "Place 1"])
            // Rated by users, a place climbs into a band.
            let last = try #require(try await store.places(matching: PlaceQuery(near: center, order: .ratingAscending), limit: 1).first?.place)
            for _ in 0..<50 { _ = try await store.rate(last.id, stars: 5, by: UUID()) }
            #expect(try await store.places(matching: PlaceQuery(near: center), limit: 3).map(\.place.id).contains(last.id))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func importingAgainBySourceIDUpdatesAndRatingsStayExact(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let center = Self.spot()
            let source = "node/\(UUID().uuidString)"
            #expect(try await store.importPlaces([Self.place("Miradouro", .viewpoint, at: center, rating: 4, count: 2, source: source)]) == 1)
            #expect(
                try await store.importPlaces([Self.place("Miradouro da Graça", .viewpoint, at: center, rating: 4, count: 2, source: source)]) == 0)
            // The same place twice in one batch: the later row wins (PostgreSQL refuses to update a row twice in one statement).
            let twice = "node/\(UUID().uuidString)"
            #expect(
                try await PlaceService(places: store).importPlaces([
                    PlaceImport(sourceID: twice, name: "First", category: "park", point: center.moved(meters: 20, bearing: 0)),
                    PlaceImport(sourceID: twice, name: "Second", category: "park", point: center.moved(meters: 20, bearing: 0)),
                ]) == 1)
            #expect(try await store.places(matching: PlaceQuery(near: center, category: .park), limit: 5).map(\.place.details.name) == ["Second"])
            let place = try #require(try await store.places(matching: PlaceQuery(near: center, category: .viewpoint), limit: 5).first?.place)
            #expect(place.details.name == "Miradouro da Graça" && place.details.address == "Rua 1" && place.details.priceLevel == nil)
            #expect(try await store.place(place.id) == place)

            // Twenty users at once, then one changes their mind: (4×2 + 19×5 + 1) / 22.
            let users = (0..<20).map { _ in UUID() }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for user in users { group.addTask { _ = try await store.rate(place.id, stars: 5, by: user) } }
                try await group.waitForAll()
            }
            let changed = try #require(try await store.rate(place.id, stars: 1, by: users[0]))
            #expect(changed.userRatingCount == 20 && changed.userRatingSum == 96 && changed.ratingCount == 22)
            #expect(abs(changed.rating - 104.0 / 22) < 1e-9)
            #expect(try await store.ratings(of: [place.id, UUID()], by: users[0]) == [place.id: 1])
            #expect(try await store.ratings(of: [place.id], by: UUID()).isEmpty)
            #expect(try await store.rate(UUID(), stars: 3, by: users[0]) == nil)
            #expect(try await store.removeRatings(by: users[0]) == 1)
            #expect(try await store.removeRatings(by: users[0]) == 0)
            let after = try #require(try await store.place(place.id))
            #expect(after.userRatingCount == 19 && after.userRatingSum == 95)
        }
    }

    /// A place a user added is found only by them, saved only to their trips, and goes when they delete
    /// it (with its saves) or their account.
    @Test(arguments: StoreKind.allCases)
    func aPlaceOfOnesOwnIsFoundAndSavedOnlyByItsOwnerAndGoesWithThem(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let center = Self.spot()
            let (ana, bo) = (UUID(), UUID())
            _ = try await store.importPlaces([Self.place("Catalog cafe", .cafe, at: center.moved(meters: 50, bearing: 0), rating: 4, count: 3)])
            let id = UUID.v7()
            let flat = Place(
                id: id,
                details: PlaceDetails(
                    sourceID: Place.ownSourceID(id), name: "Joana's flat", category: .other,
                    point: center.moved(meters: 80, bearing: 90), address: "Rua das Flores 3"),
                sourceRating: 0, sourceRatingCount: 0, ownerID: ana)
            #expect(try await store.addOwnPlace(flat, idempotencyKey: "flat-1") == flat)
            let retried = Place(id: UUID.v7(), details: flat.details, sourceRating: 0, sourceRatingCount: 0, ownerID: ana)
            #expect(try await store.addOwnPlace(retried, idempotencyKey: "flat-1").id == id, "the key answers the first place")
            #expect(try await store.place(id)?.ownerID == ana)
            func names(for reader: UUID?) async throws -> [String] {
                try await store.places(matching: PlaceQuery(near: center, order: .distance, reader: reader), limit: 20).map(\.place.details.name)
            }
            #expect(try await names(for: ana) == ["Catalog cafe", "Joana's flat"])
            #expect(try await names(for: bo) == ["Catalog cafe"], "another user's is not found")
            #expect(try await names(for: nil) == ["Catalog cafe"])

            let anasTrip = try await store.create(TripFixtures.trip(owner: ana, "2026-06-10", "2026-06-12"), idempotencyKey: nil)
            let bosTrip = try await store.create(TripFixtures.trip(owner: bo, "2026-06-10", "2026-06-12"), idempotencyKey: nil)
            if case .saved? = try await store.save(id, toTrip: anasTrip.id, owner: ana, at: Date()) {
            } else {
                Issue.record("Ana saves her own place")
            }
            #expect(try await store.save(id, toTrip: bosTrip.id, owner: bo, at: Date()) == nil, "Bo cannot save Ana's place")

            #expect(try await !store.deleteOwnPlace(id, owner: bo))
            #expect(try await store.deleteOwnPlace(id, owner: ana))
            #expect(try await !store.deleteOwnPlace(id, owner: ana), "once")
            #expect(try await store.place(id) == nil)
            #expect(try await store.savedPlaces(ofTrip: anasTrip.id, owner: ana).isEmpty, "its saves go with it")
            let catalogPlace = try #require(try await store.places(matching: PlaceQuery(near: center, reader: nil), limit: 1).first?.place)
            #expect(try await !store.deleteOwnPlace(catalogPlace.id, owner: ana), "the catalog's are nobody's to delete")

            let anotherID = UUID.v7()
            _ = try await store.addOwnPlace(
                Place(
                    id: anotherID,
                    details: PlaceDetails(
                        sourceID: Place.ownSourceID(anotherID), name: "Bench",
                        category: .park, point: center), sourceRating: 0, sourceRatingCount: 0,
                    ownerID: ana), idempotencyKey: nil)
            #expect(try await store.deleteOwnPlaces(of: ana) == 1)
            #expect(try await names(for: ana) == ["Catalog cafe"])
        }
    }
}
