import Foundation
import RoamCore
import RoamTesting
import Testing

@testable import Trips

/// Location tracks through the domain: off until the owner turns them on, batches checked point by
/// point, the day's track, GPX, and the day's route drawn from the track.
@Suite struct TrackServiceTests {
    let store = InMemoryTripStore()
    let owner = UUID()
    var trips: TripService { TripService(trips: store, now: { TripFixtures.utc("2026-06-12T10:00:00Z") }) }
    let library = FixedTripPhotos()
    var tracks: TrackService { TrackService(trips: trips, tracks: store, photos: library, positions: library) }

    func lisbon() async throws -> Trip {
        try await trips.create(
            TripDraft(
                title: "Lisbon & <Porto>", destination: Destination(name: "Lisbon"), startDate: "2026-06-10",
                endDate: "2026-06-17", timeZone: "Europe/Lisbon", homeCurrency: "EUR"), owner: owner, idempotencyKey: nil)
    }

    @Test func pointsAreRefusedUntilTrackingIsOnAndThenCheckedOneByOne() async throws {
        let trip = try await lisbon()
        let walk = TrackRepositoryContractTests.walk(3)
        #expect(await errorReason { _ = try await tracks.record(walk, trip: trip.id, owner: owner) } == "TRACKING_OFF")
        #expect(try await tracks.setTracking(true, trip: trip.id, owner: owner).tracking)
        #expect(await errorReason { _ = try await tracks.setTracking(true, trip: trip.id, owner: UUID()) } == "NOT_FOUND")
        let recorded = try await tracks.record(walk, trip: trip.id, owner: owner)
        #expect(recorded.new == 3 && recorded.repeated == 0)
        let again = try await tracks.record(walk, trip: trip.id, owner: owner)
        #expect(again.new == 0 && again.repeated == 3)

        // 23:30 UTC on the 17th is the 18th in Lisbon, after the trip; and a point off the globe.
        let late = TrackPoint(at: TripFixtures.utc("2026-06-17T23:30:00Z"), point: walk[0].point, accuracyMeters: 5)
        let off = TrackPoint(at: walk[0].at.addingTimeInterval(5), point: GeoPoint(latitude: 95, longitude: 0), accuracyMeters: -1)
        #expect(
            await errorFields { _ = try await tracks.record([walk[0], late, off], trip: trip.id, owner: owner) }
                == ["points[1].at", "points[2].latitude", "points[2].accuracy_meters"])
        #expect(await errorFields { _ = try await tracks.record([], trip: trip.id, owner: owner) } == ["points"])
        let tooMany = TrackRepositoryContractTests.walk(1_001, meters: 0.1, seconds: 1)
        #expect(await errorFields { _ = try await tracks.record(tooMany, trip: trip.id, owner: owner) } == ["points"])
        #expect(
            try await tracks.track(ofTrip: trip.id, on: LocalDate("2026-06-12")!, toleranceMeters: nil, owner: owner).recordedPoints == 3,
            "a refused batch stores nothing")
        #expect(try await tracks.setTracking(false, trip: trip.id, owner: owner).tracking == false)
        #expect(await errorReason { _ = try await tracks.record(walk, trip: trip.id, owner: owner) } == "TRACKING_OFF")
    }

    @Test func aDayOrATripExportsAsGPXWithATimeOnEveryPoint() async throws {
        let trip = try await lisbon()
        _ = try await tracks.setTracking(true, trip: trip.id, owner: owner)
        let morning = TrackRepositoryContractTests.walk(3)
        let evening = TrackRepositoryContractTests.walk(2, from: TripFixtures.utc("2026-06-12T18:00:00Z"))
        let nextDay = TrackRepositoryContractTests.walk(2, from: TripFixtures.utc("2026-06-13T09:00:00Z"))
        _ = try await tracks.record(morning + evening + nextDay, trip: trip.id, owner: owner)
        let day = try await tracks.gpx(ofTrip: trip.id, on: LocalDate("2026-06-12")!, owner: owner)
        #expect(day.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"Roam\""))
        #expect(day.contains("<name>Lisbon &amp; &lt;Porto&gt;, 2026-06-12</name>"))
        #expect(day.components(separatedBy: "<trkseg>").count - 1 == 2 && day.components(separatedBy: "<trkpt ").count - 1 == 5)
        #expect(day.components(separatedBy: "<time>").count - 1 == 5)
        #expect(day.contains("<trkpt lat=\"38.7118000\" lon=\"-9.1300000\"><time>2026-06-12T08:00:00.000Z</time></trkpt>"))
        let whole = try await tracks.gpx(ofTrip: trip.id, on: nil, owner: owner)
        #expect(whole.components(separatedBy: "<trkpt ").count - 1 == 7)
        #expect(await errorFields { _ = try await tracks.gpx(ofTrip: trip.id, on: LocalDate("2026-07-01")!, owner: owner) } == ["date"])
        #expect(
            await errorFields { _ = try await tracks.track(ofTrip: trip.id, on: LocalDate("2026-06-12")!, toleranceMeters: 1_001, owner: owner) }
                == ["tolerance_meters"])
    }

    @Test func aDayWithATrackIsDrawnFromItWithItsPinsAsStops() async throws {
        let trip = try await lisbon()
        let pins = PinService(
            trips: trips, pins: store, tracks: store, photos: FixedTripPhotos(), media: InMemoryMediaAttachments(), places: store, policy: PinPolicy()
        )
        let pin = try await pins.create(
            PinDraft.fixture(
                title: "Miradouro", description: "View", point: TrackRepositoryContractTests.alfama,
                visitedAt: TripFixtures.utc("2026-06-12T08:01:00Z")), trip: trip.id, owner: owner, idempotencyKey: nil)
        _ = try await tracks.setTracking(true, trip: trip.id, owner: owner)
        _ = try await tracks.record(TrackRepositoryContractTests.walk(20), trip: trip.id, owner: owner)
        let route = try await pins.route(ofTrip: trip.id, on: LocalDate("2026-06-12")!, owner: owner)
        #expect(route.source == .track && route.stops.map(\.pinID) == [pin.id])
        #expect(route.track.count == 1 && route.track[0].count == 2, "a straight walk simplifies to its two ends")
    }

    @Test func aPhotoWithoutGPSTakesItsPositionFromTheTrackWithinFiveMinutes() async throws {
        let trip = try await lisbon()
        _ = try await tracks.setTracking(true, trip: trip.id, owner: owner)
        let start = TrackRepositoryContractTests.start
        // A point every 30 s, 10 m apart, heading east, for ten minutes.
        let walk = TrackRepositoryContractTests.walk(21)
        func photo(_ offset: TimeInterval, point: GeoPoint? = nil, wallClock: Bool = false) -> TripPhoto {
            // A wall-clock time reads Lisbon's local time as if it were UTC (an hour ahead in June).
            TripPhoto(
                mediaID: UUID(), capturedAt: start.addingTimeInterval(offset + (wallClock ? 3_600 : 0)), capturedAtIsLocal: wallClock, point: point)
        }
        let between = photo(45), wallClock = photo(90, wallClock: true), early = photo(-240), tooEarly = photo(-301)
        let located = photo(60, point: GeoPoint(latitude: 1, longitude: 1))
        for each in [between, wallClock, early, tooEarly, located] { library.add(each, owner: owner) }

        let recorded = try await tracks.record(walk, trip: trip.id, owner: owner)
        #expect(recorded.photosLocated == 3)
        let positions = try await library.photos(
            of: owner, takenIn: start.addingTimeInterval(-3_600)..<start.addingTimeInterval(3_600), near: nil,
            within: nil, limit: 10)
        func position(of photo: TripPhoto) -> GeoPoint? { positions.first { $0.mediaID == photo.mediaID }?.point }
        // 45 s is halfway between the points at 30 s and 60 s: 15 m along.
        let expected = TrackRepositoryContractTests.alfama.moved(meters: 15, bearing: 90)
        #expect(try #require(position(of: between)).distance(to: expected) < 0.5)
        #expect(try #require(position(of: wallClock)).distance(to: TrackRepositoryContractTests.alfama.moved(meters: 30, bearing: 90)) < 0.5)
        #expect(position(of: early) == walk[0].point, "four minutes before the first point: that point")
        #expect(position(of: tooEarly) == nil, "more than five minutes from any point")
        #expect(position(of: located) == GeoPoint(latitude: 1, longitude: 1), "a photo's own position stays")
        #expect(try await tracks.locatePhotos(ofTrip: trip.id, owner: owner) == 0, "nothing left to place")

        // Photos synced after the track are placed when asked; media being down loses no points.
        let later = photo(300)
        library.add(later, owner: owner)
        library.failing.withLock { $0 = true }
        let more = try await tracks.record(TrackRepositoryContractTests.walk(2, from: start.addingTimeInterval(630)), trip: trip.id, owner: owner)
        #expect(more.new == 2 && more.photosLocated == 0)
        library.failing.withLock { $0 = false }
        #expect(try await tracks.locatePhotos(ofTrip: trip.id, owner: owner) == 1)
        #expect(await errorReason { _ = try await tracks.locatePhotos(ofTrip: trip.id, owner: UUID()) } == "NOT_FOUND")
    }

    @Test func theLocatorInterpolatesBetweenNeighboursAndKeepsToTheWindow() {
        let walk = TrackRepositoryContractTests.walk(3, seconds: 600)
        let at = { (offset: TimeInterval) in TrackRepositoryContractTests.start.addingTimeInterval(offset) }
        #expect(PhotoLocator.position(at: at(0), along: walk) == walk[0].point)
        #expect(PhotoLocator.position(at: at(1_200), along: walk) == walk[2].point)
        // 10 minutes apart: 4 minutes after the first point is only near that one.
        #expect(PhotoLocator.position(at: at(240), along: walk) == walk[0].point)
        #expect(PhotoLocator.position(at: at(420), along: walk) == walk[1].point)
        #expect(PhotoLocator.position(at: at(1_501), along: walk) == nil)
        #expect(PhotoLocator.position(at: at(-301), along: walk) == nil)
        #expect(PhotoLocator.position(at: at(-1), along: walk) == walk[0].point)
        #expect(PhotoLocator.position(at: at(0), along: []) == nil)
        let close = TrackRepositoryContractTests.walk(2, seconds: 120)
        let middle = try? #require(PhotoLocator.position(at: at(60), along: close))
        #expect((middle?.distance(to: TrackRepositoryContractTests.alfama.moved(meters: 5, bearing: 90)) ?? 99) < 0.1)
    }
}
