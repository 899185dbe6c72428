import Foundation
import RoamCore
import RoamTesting
import Testing

@testable import Trips

/// The places catalog through the domain: imports checked by field, opening hours, ratings.
@Suite struct PlaceServiceTests {
    let store = InMemoryTripStore()
    // Wednesday 2026-06-10, 12:00 UTC: 13:00 in Lisbon.
    var places: PlaceService { PlaceService(places: store, now: { TripFixtures.utc("2026-06-10T12:00:00Z") }) }
    static let lisbon = GeoPoint(latitude: 38.71, longitude: -9.14)

    @Test func importsAreCheckedFieldByFieldAndNothingOfABadBatchIsStored() async throws {
        let good = PlaceImport(
            sourceID: "node/1", name: "Café A Brasileira", category: "Cafe", point: Self.lisbon, rating: 4.2, ratingCount: 300,
            priceLevel: 1, website: "https://abrasileira.pt", openingHours: "Mo-Su 08:00-02:00")
        let bad = PlaceImport(
            sourceID: " ", name: "", category: "spaceport", point: GeoPoint(latitude: 0, longitude: 200), rating: 6,
            priceLevel: 7, website: "javascript:alert(1)")
        #expect(
            await errorFields { _ = try await places.importPlaces([good, bad]) }
                == [
                    "places[1].source_id", "places[1].name", "places[1].category", "places[1].point.longitude", "places[1].rating",
                    "places[1].price_level", "places[1].website",
                ])
        #expect(try await store.places(matching: PlaceQuery(near: Self.lisbon), limit: 10).isEmpty)
        #expect(try await places.importPlaces([good]) == 1)
        #expect(try await places.importPlaces([good]) == 0, "the same source id again updates")
        #expect(await errorFields { _ = try await places.importPlaces([]) } == ["places"])
    }

    @Test func openNowReadsTheHoursInTheZoneAsked() async throws {
        _ = try await places.importPlaces([
            PlaceImport(sourceID: "a", name: "Lunch", category: "restaurant", point: Self.lisbon, openingHours: "Mo-Fr 12:00-15:00"),
            PlaceImport(sourceID: "b", name: "Dinner", category: "restaurant", point: Self.lisbon, openingHours: "Mo-Su 19:00-23:30"),
            PlaceImport(sourceID: "c", name: "Late", category: "bar", point: Self.lisbon, openingHours: "We 22:00-14:00"),
            PlaceImport(sourceID: "d", name: "Unknown", category: "bar", point: Self.lisbon, openingHours: "sunrise-sunset"),
            PlaceImport(sourceID: "e", name: "Always", category: "shopping", point: Self.lisbon, openingHours: "24/7"),
        ])
        let open = try await places.find(PlaceQuery(near: Self.lisbon), openIn: TimeZone(identifier: "Europe/Lisbon")!)
        #expect(Set(open.map(\.place.details.name)) == ["Lunch", "Always"])
        // 12:00 UTC is 21:00 in Tokyo.
        let tokyo = try await places.find(PlaceQuery(near: Self.lisbon), openIn: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(Set(tokyo.map(\.place.details.name)) == ["Dinner", "Always"])
        #expect(try await places.find(PlaceQuery(near: Self.lisbon), openIn: nil).count == 5)
        #expect(
            await errorFields { _ = try await places.find(PlaceQuery(near: Self.lisbon, withinMeters: 0, limit: 0), openIn: nil) }
                == ["within_meters", "limit"])
    }

    @Test func openingHoursCoverTheCommonForms() {
        let zone = TimeZone(identifier: "UTC")!
        let hours = OpeningHours("Mo-Fr 09:00-12:00,13:00-18:00; Sa 10:00-14:00; Su off")!
        #expect(hours.isOpen(at: TripFixtures.utc("2026-06-10T10:00:00Z"), in: zone))  // Wednesday
        #expect(!hours.isOpen(at: TripFixtures.utc("2026-06-10T12:30:00Z"), in: zone))
        #expect(hours.isOpen(at: TripFixtures.utc("2026-06-13T13:59:00Z"), in: zone))  // Saturday
        #expect(!hours.isOpen(at: TripFixtures.utc("2026-06-14T11:00:00Z"), in: zone))  // Sunday
        // Sunday night into Monday morning wraps the week.
        #expect(OpeningHours("Su 22:00-03:00")!.isOpen(at: TripFixtures.utc("2026-06-15T01:00:00Z"), in: zone))
        #expect(OpeningHours("Fr-Mo 10:00-11:00")!.isOpen(at: TripFixtures.utc("2026-06-14T10:30:00Z"), in: zone))
        #expect(OpeningHours("sunrise-sunset") == nil && OpeningHours("Mo 25:00-26:00") == nil && OpeningHours("") == nil)
    }

    @Test func usersRateOnceEachAndMayChangeTheirMind() async throws {
        _ = try await places.importPlaces([
            PlaceImport(sourceID: "m", name: "Museu", category: "museum", point: Self.lisbon, rating: 4, ratingCount: 1)
        ])
        let museum = try #require(try await places.find(PlaceQuery(near: Self.lisbon), openIn: nil).first?.place)
        let (ana, bo) = (UUID(), UUID())
        _ = try await places.rate(museum.id, stars: 5, by: ana)
        _ = try await places.rate(museum.id, stars: 2, by: ana)
        let rated = try await places.rate(museum.id, stars: 3, by: bo)
        #expect(rated.ratingCount == 3 && abs(rated.rating - 3) < 1e-9)
        #expect(try await places.ratings(of: [museum.id, UUID()], by: ana) == [museum.id: 2])
        #expect(await errorFields { _ = try await places.rate(museum.id, stars: 6, by: ana) } == ["stars"])
        #expect(await errorReason { _ = try await places.rate(UUID(), stars: 3, by: ana) } == "NOT_FOUND")
    }
}
