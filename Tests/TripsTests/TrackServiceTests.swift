import Foundation
import RoamCore
import RoamTesting
import Testing
import Trips

/// Location tracks through the domain: off until the owner turns them on, batches checked point by
/// point, the day's track, GPX, and the day's route drawn from the track.
@Suite struct TrackServiceTests {
    let store = InMemoryTripStore()
    let owner = UUID()
    var trips: TripService { TripService(trips: store, now: { TripFixtures.utc("2026-06-12T10:00:00Z") }) }
    var tracks: TrackService { TrackService(trips: trips, tracks: store) }

    func lisbon() async throws -> Trip {
        try await trips.create(TripDraft(title: "Lisbon & <Porto>", destination: Destination(name: "Lisbon"), startDate: "2026-06-10",
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
        #expect(await errorFields { _ = try await tracks.record([walk[0], late, off], trip: trip.id, owner: owner) }
            == ["points[1].at", "points[2].latitude", "points[2].accuracy_meters"])
        #expect(await errorFields { _ = try await tracks.record([], trip: trip.id, owner: owner) } == ["points"])
        let tooMany = TrackRepositoryContractTests.walk(1_001, meters: 0.1, seconds: 1)
        #expect(await errorFields { _ = try await tracks.record(tooMany, trip: trip.id, owner: owner) } == ["points"])
        #expect(try await tracks.track(ofTrip: trip.id, on: LocalDate("2026-06-12")!, toleranceMeters: nil, owner: owner).recordedPoints == 3,
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
        #expect(await errorFields { _ = try await tracks.track(ofTrip: trip.id, on: LocalDate("2026-06-12")!, toleranceMeters: 1_001, owner: owner) }
            == ["tolerance_meters"])
    }

    @Test func aDayWithATrackIsDrawnFromItWithItsPinsAsStops() async throws {
        let trip = try await lisbon()
        let pins = PinService(trips: trips, pins: store, tracks: store, photos: FixedTripPhotos(), media: InMemoryMediaAttachments(), policy: PinPolicy())
        let pin = try await pins.create(PinDraft(title: "Miradouro", description: "View", point: TrackRepositoryContractTests.alfama,
                                                 visitedAt: TripFixtures.utc("2026-06-12T08:01:00Z")), trip: trip.id, owner: owner, idempotencyKey: nil)
        _ = try await tracks.setTracking(true, trip: trip.id, owner: owner)
        _ = try await tracks.record(TrackRepositoryContractTests.walk(20), trip: trip.id, owner: owner)
        let route = try await pins.route(ofTrip: trip.id, on: LocalDate("2026-06-12")!, owner: owner)
        #expect(route.source == .track && route.stops.map(\.pinID) == [pin.id])
        #expect(route.track.count == 1 && route.track[0].count == 2, "a straight walk simplifies to its two ends")
    }
}
