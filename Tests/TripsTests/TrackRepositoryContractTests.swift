import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Trips

/// What both track stores do, run against each: a point sent twice is stored once, a day's track is
/// cut at long gaps and jumps, measured, and simplified alike in PostGIS and in Swift.
@Suite struct TrackRepositoryContractTests {
    static let start = TripFixtures.utc("2026-06-12T08:00:00Z")
    static let alfama = GeoPoint(latitude: 38.7118, longitude: -9.1300)

    /// A walk east: `count` points `meters` apart, `seconds` apart, from `origin` at `from`.
    static func walk(
        _ count: Int, from: Date = start, origin: GeoPoint = alfama, meters: Double = 10, seconds: Double = 30,
        bearing: Double = 90
    ) -> [TrackPoint] {
        (0..<count).map { index in
            TrackPoint(
                at: from.addingTimeInterval(Double(index) * seconds), point: origin.moved(meters: Double(index) * meters, bearing: bearing),
                accuracyMeters: 5)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aPointSentTwiceIsStoredOnceAndOnlyForTheOwnersTrip(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = try await store.create(TripFixtures.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            #expect(try await store.setTracking(true, trip: trip.id, owner: UUID()) == nil)
            #expect(try await store.setTracking(true, trip: trip.id, owner: trip.ownerID)?.tracking == true)
            #expect(try await store.trip(trip.id, owner: trip.ownerID)?.tracking == true)
            let points = Self.walk(4)
            #expect(try await store.addTrackPoints(Array(points.prefix(3)), trip: trip.id, owner: trip.ownerID) == 3)
            #expect(try await store.addTrackPoints(Array(points.suffix(2)), trip: trip.id, owner: trip.ownerID) == 1)
            #expect(try await store.addTrackPoints(points, trip: trip.id, owner: UUID()) == nil)
            let track = try await store.track(ofTrip: trip.id, owner: trip.ownerID, in: nil, toleranceMeters: 0)
            #expect(track.recordedPoints == 4 && track.segments.map(\.count) == [4])
            #expect(track.segments[0].map(\.at) == points.map(\.at))
            #expect(try await store.track(ofTrip: trip.id, owner: UUID(), in: nil, toleranceMeters: 0).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aDaysTrackIsCutAtGapsOverTenMinutesAndJumpsOverOneKilometreAndMeasured(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = try await store.create(TripFixtures.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            let morning = Self.walk(5)  // 40 m in 2 minutes
            let afterCoffee = Self.walk(
                3, from: Self.start.addingTimeInterval(120 + 9 * 60),  // 9 minutes later: same segment
                origin: Self.alfama.moved(meters: 60, bearing: 90))
            let afterLunch = Self.walk(
                3, from: Self.start.addingTimeInterval(3_600),  // an hour later: a new one
                origin: Self.alfama.moved(meters: 200, bearing: 90))
            let afterTrain = Self.walk(
                2, from: Self.start.addingTimeInterval(3_600 + 120),  // 2 minutes and 5 km later: a new one
                origin: Self.alfama.moved(meters: 5_000, bearing: 0))
            let nextDay = Self.walk(2, from: TripFixtures.utc("2026-06-13T09:00:00Z"))
            _ = try await store.addTrackPoints(morning + afterCoffee + afterLunch + afterTrain + nextDay, trip: trip.id, owner: trip.ownerID)
            let day = trip.details.zone.interval(of: LocalDate("2026-06-12")!)
            let track = try await store.track(ofTrip: trip.id, owner: trip.ownerID, in: day, toleranceMeters: 0)
            #expect(track.segments.map(\.count) == [8, 3, 2] && track.recordedPoints == 13)
            // 40 m, 20 m to the coffee stop, 20 m after it; 20 m after lunch; 10 m after the train.
            #expect(abs(track.distanceMeters - 110) < 0.5, "\(track.distanceMeters)")
            #expect(try await store.track(ofTrip: trip.id, owner: trip.ownerID, in: nil, toleranceMeters: 0).recordedPoints == 15)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func segmentsAreSimplifiedKeepingTheirEndsAndCorners(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = try await store.create(TripFixtures.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            // 50 points east in a straight line, then 50 points north: one corner.
            let east = Self.walk(50, meters: 5, seconds: 10)
            let corner = east.last!
            let north = Self.walk(
                50, from: corner.at.addingTimeInterval(10), origin: corner.point.moved(meters: 5, bearing: 0), meters: 5,
                seconds: 10, bearing: 0)
            _ = try await store.addTrackPoints(east + north, trip: trip.id, owner: trip.ownerID)
            let simplified = try await store.track(ofTrip: trip.id, owner: trip.ownerID, in: nil, toleranceMeters: 2)
            #expect(simplified.recordedPoints == 100 && simplified.segments.count == 1)
            #expect(simplified.segments[0].map(\.at) == [east.first!.at, corner.at, north.last!.at])
            #expect(simplified.segments[0].first?.accuracyMeters == 5)
            let whole = try await store.track(ofTrip: trip.id, owner: trip.ownerID, in: nil, toleranceMeters: 0)
            #expect(whole.segments[0].count == 100 && abs(whole.distanceMeters - simplified.distanceMeters) < 0.001)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aLongDayComesBackSimplifiedInOneSegment(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = try await store.create(TripFixtures.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            // 5,000 points a second apart, curving gently: far fewer survive a 5 m tolerance.
            var position = Self.alfama
            var points: [TrackPoint] = []
            for second in 0..<5_000 {
                position = position.moved(meters: 1.4, bearing: 60 + 40 * sin(Double(second) / 300))
                points.append(TrackPoint(at: Self.start.addingTimeInterval(Double(second)), point: position, accuracyMeters: 5))
            }
            for batch in stride(from: 0, to: points.count, by: 1_000) {
                _ = try await store.addTrackPoints(Array(points[batch..<batch + 1_000]), trip: trip.id, owner: trip.ownerID)
            }
            let track = try await store.track(ofTrip: trip.id, owner: trip.ownerID, in: nil, toleranceMeters: 5)
            #expect(track.recordedPoints == 5_000 && track.segments.count == 1)
            #expect(track.segments[0].count > 2 && track.segments[0].count < 500, "\(track.segments[0].count)")
            #expect(track.segments[0].first?.at == points.first?.at && track.segments[0].last?.at == points.last?.at)
            #expect(abs(track.distanceMeters - 1.4 * 4_999) < 1, "\(track.distanceMeters)")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aDeletedTripTakesItsTrack(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = try await store.create(TripFixtures.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            _ = try await store.addTrackPoints(Self.walk(3), trip: trip.id, owner: trip.ownerID)
            _ = try await store.delete(trip.id, owner: trip.ownerID, at: Date())
            #expect(try await store.track(ofTrip: trip.id, owner: trip.ownerID, in: nil, toleranceMeters: 0).isEmpty)
        }
    }
}
