import Foundation
import RoamCore
import RoamTesting
import Testing

@testable import Trips

/// Pins through the domain, on the in-memory store with a fixed clock, a library of photos and media
/// attachments in memory (seed: pin too close, photos within 5 miles).
@Suite struct PinServiceTests {
    let store = InMemoryTripStore()
    let library = FixedTripPhotos()
    let media = InMemoryMediaAttachments()
    let owner = UUID()
    var trips: TripService { TripService(trips: store, now: { TripFixtures.utc("2026-06-12T10:00:00Z") }) }
    var pins: PinService { PinService(trips: trips, pins: store, tracks: store, photos: library, media: media, places: store, policy: PinPolicy()) }
    static let rossio = GeoPoint(latitude: 38.7139, longitude: -9.1394)

    func lisbon() async throws -> Trip {
        try await trips.create(
            TripDraft(
                title: "Lisbon", destination: Destination(name: "Lisbon"), startDate: "2026-06-10", endDate: "2026-06-17",
                timeZone: "Europe/Lisbon", homeCurrency: "EUR"), owner: owner, idempotencyKey: nil)
    }

    func photo(_ meters: Double, taken: String, local: Bool = false) -> TripPhoto {
        let photo = TripPhoto(
            mediaID: UUID(), capturedAt: TripFixtures.utc(taken), capturedAtIsLocal: local,
            point: Self.rossio.moved(meters: meters, bearing: 90))
        library.add(photo, owner: owner)
        return photo
    }

    @Test func aSecondPinWithin25FeetIsAConflictNamingTheFirst() async throws {
        let trip = try await lisbon()
        let first = try await pins.create(
            PinDraft.fixture(title: "Rossio", description: "Square", point: Self.rossio), trip: trip.id, owner: owner,
            idempotencyKey: nil)
        let refused = await #expect(throws: RoamError.self) {
            _ = try await pins.create(
                PinDraft.fixture(title: "Café", description: "Next door", point: Self.rossio.moved(meters: 7, bearing: 0)),
                trip: trip.id, owner: owner, idempotencyKey: nil)
        }
        #expect(refused?.reason == "PIN_TOO_CLOSE" && refused?.kind == .alreadyExists && refused?.conflictingID == first.id.lowercasedString)
        #expect(refused?.violations.map(\.field) == ["point"])
        let apart = try await pins.create(
            PinDraft.fixture(title: "Café", description: "Across", point: Self.rossio.moved(meters: 8, bearing: 0)),
            trip: trip.id, owner: owner, idempotencyKey: nil)
        #expect(apart.id != first.id)
        let stranger = await #expect(throws: RoamError.self) {
            _ = try await pins.create(
                PinDraft.fixture(title: "Mine", description: "Here", point: GeoPoint(latitude: 1, longitude: 1)), trip: trip.id,
                owner: UUID(), idempotencyKey: nil)
        }
        #expect(stranger?.reason == "NOT_FOUND")
    }

    @Test func aPinAtAPlaceOfTheOwnersOrTheCatalogsTakesItsPointAndNameAnotherUsersIsRefused() async throws {
        let trip = try await lisbon()
        func place(_ name: String, owner: UUID?, meters: Double) async throws -> UUID {
            let id = UUID.v7()
            let details = PlaceDetails(
                sourceID: Place.ownSourceID(id), name: name, category: .cafe, point: Self.rossio.moved(meters: meters, bearing: 0))
            if let owner {
                return try await store.addOwnPlace(
                    Place(id: id, details: details, sourceRating: 0, sourceRatingCount: 0, ownerID: owner), idempotencyKey: nil
                ).id
            }
            _ = try await store.importPlaces([(details, 0, 0)])
            return try #require(try await store.places(matching: PlaceQuery(near: details.point, reader: nil), limit: 1).first?.place.id)
        }
        let mine = try await place("Tia's", owner: owner, meters: 0)
        let catalog = try await place("Café Nicola", owner: nil, meters: 100)
        let theirs = try await place("Bo's flat", owner: UUID(), meters: 200)
        let atMine = try await pins.create(
            PinDraft.fixture(title: " ", description: "Lunch", point: nil, placeID: mine), trip: trip.id, owner: owner, idempotencyKey: nil)
        #expect(atMine.details.title == "Tia's" && atMine.details.placeID == mine && atMine.details.point.distance(to: Self.rossio) < 0.01)
        let atCatalog = try await pins.create(
            PinDraft.fixture(title: "Coffee", description: "Bica", point: Self.rossio.moved(meters: 120, bearing: 0), placeID: catalog),
            trip: trip.id, owner: owner, idempotencyKey: nil)
        #expect(atCatalog.details.title == "Coffee" && atCatalog.details.point.distance(to: Self.rossio) > 119, "what was sent stays")
        for refused in [theirs, UUID()] {
            let error = await #expect(throws: RoamError.self) {
                _ = try await pins.create(
                    PinDraft.fixture(title: "Theirs", description: "No", point: Self.rossio.moved(meters: 300, bearing: 0), placeID: refused),
                    trip: trip.id, owner: owner, idempotencyKey: nil)
            }
            #expect(error?.reason == "PLACE_NOT_FOUND" && error?.violations.map(\.field) == ["place_id"])
        }
        let edit = await #expect(throws: RoamError.self) {
            _ = try await pins.update(atMine.id, inTrip: trip.id, with: .fixture(placeID: .some(theirs)), owner: owner)
        }
        #expect(edit?.reason == "PLACE_NOT_FOUND")
        let cleared = try await pins.update(atMine.id, inTrip: trip.id, with: .fixture(placeID: .some(nil)), owner: owner)
        #expect(cleared.details.placeID == nil && cleared.details.title == "Tia's")
    }

    @Test func photosWithinFiveMilesOfAPinComeNearestFirstAndOnlyFromTheTripsDays() async throws {
        let trip = try await lisbon()
        let pin = try await pins.create(
            PinDraft.fixture(title: "Rossio", description: "Square", point: Self.rossio), trip: trip.id, owner: owner,
            idempotencyKey: nil)
        let far = photo(8_000, taken: "2026-06-11T09:00:00Z")
        let near = photo(40, taken: "2026-06-12T09:00:00Z")
        _ = photo(8_100, taken: "2026-06-12T09:00:00Z")  // beyond 5 miles
        _ = photo(10, taken: "2026-06-09T12:00:00Z")  // the day before the trip
        // A camera without an offset: 23:30 on its clock of the 17th is still the trip's last day.
        let lateLocal = photo(20, taken: "2026-06-17T23:30:00Z", local: true)
        let found = try await pins.photos(near: pin.id, inTrip: trip.id, owner: owner, limit: 10)
        #expect(found.map(\.photo.mediaID) == [lateLocal.mediaID, near.mediaID, far.mediaID])
        #expect(found.map { Int($0.meters.rounded()) } == [20, 40, 8_000])
        #expect(try await pins.photos(near: pin.id, inTrip: trip.id, owner: owner, limit: 1).map(\.photo.mediaID) == [lateLocal.mediaID])
        #expect(await errorReason { _ = try await pins.photos(near: pin.id, inTrip: UUID(), owner: owner, limit: 10) } == "NOT_FOUND")
    }

    @Test func aPinsCoverIsTheChosenPhotoElseTheNearestAndNothingWhenMediaIsDown() async throws {
        let trip = try await lisbon()
        let pin = try await pins.create(
            PinDraft.fixture(title: "Rossio", description: "Square", point: Self.rossio), trip: trip.id, owner: owner,
            idempotencyKey: nil)
        #expect(await pins.covers(of: [pin], trip: trip)[pin.id] == nil)
        let nearest = photo(30, taken: "2026-06-12T09:00:00Z")
        _ = photo(300, taken: "2026-06-12T09:05:00Z")
        #expect(await pins.covers(of: [pin], trip: trip)[pin.id] == nearest.mediaID)

        let chosen = media.upload(for: owner)
        let covered = try await pins.update(pin.id, inTrip: trip.id, with: PinChanges.fixture(coverMediaID: .some(chosen)), owner: owner)
        #expect(await pins.covers(of: [covered], trip: trip)[pin.id] == chosen)
        let subject = "trip/\(trip.id.lowercasedString)/pin/\(pin.id.lowercasedString)"
        #expect(media.subjects(of: chosen) == [subject])
        // Someone else's photo cannot be a cover, and the refusal changes nothing.
        let notMine = media.upload(for: UUID())
        #expect(
            await errorReason {
                _ = try await pins.update(pin.id, inTrip: trip.id, with: PinChanges.fixture(coverMediaID: .some(notMine)), owner: owner)
            }
                == "MEDIA_NOT_YOURS")
        #expect(try await pins.pin(pin.id, inTrip: trip.id, owner: owner).details.coverMediaID == chosen)
        library.failing.withLock { $0 = true }
        let uncovered = try await pins.update(pin.id, inTrip: trip.id, with: PinChanges.fixture(coverMediaID: .some(nil)), owner: owner)
        #expect(media.subjects(of: chosen).isEmpty)
        #expect(await pins.covers(of: [uncovered], trip: trip)[pin.id] == nil, "media down: no cover rather than an error")
        try await pins.delete(pin.id, inTrip: trip.id, owner: owner)
        await #expect(throws: RoamError.notFound("pin")) { try await pins.delete(pin.id, inTrip: trip.id, owner: owner) }
    }

    @Test func theDaysRouteIsItsPinsByVisitTimeElseItsGeotaggedPhotos() async throws {
        let trip = try await lisbon()
        let evening = try await pins.create(
            PinDraft.fixture(
                title: "Dinner", description: "Fish", point: Self.rossio.moved(meters: 900, bearing: 0),
                visitedAt: TripFixtures.utc("2026-06-12T19:00:00Z")), trip: trip.id, owner: owner,
            idempotencyKey: nil)
        let morning = try await pins.create(
            PinDraft.fixture(
                title: "Coffee", description: "Bica", point: Self.rossio,
                visitedAt: TripFixtures.utc("2026-06-12T08:00:00Z")), trip: trip.id, owner: owner,
            idempotencyKey: nil)
        let day = try await pins.route(ofTrip: trip.id, on: LocalDate("2026-06-12")!, owner: owner)
        #expect(day.source == .pins && day.stops.map(\.pinID) == [morning.id, evening.id])
        let later = photo(500, taken: "2026-06-13T15:00:00Z"), earlier = photo(100, taken: "2026-06-13T09:00:00Z")
        let next = try await pins.route(ofTrip: trip.id, on: LocalDate("2026-06-13")!, owner: owner)
        #expect(next.source == .photos && next.stops.map(\.mediaID) == [earlier.mediaID, later.mediaID])
        #expect(try await pins.route(ofTrip: trip.id, on: LocalDate("2026-06-14")!, owner: owner).source == .none)
        #expect(
            await errorReason { _ = try await pins.route(ofTrip: trip.id, on: LocalDate("2026-06-18")!, owner: owner) } == "NOT_FOUND",
            "no such day, as for its photos")
        #expect(try await pins.pinCounts(of: trip) == [LocalDate("2026-06-12")!: 2])
    }
}
