import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Trips

/// What both pin stores do, run against each: the distance rule (exact under concurrency), idempotent
/// creates, lists by day, counts per local day, and pins going with their trip.
@Suite struct PinRepositoryContractTests {
    static let bairroAlto = GeoPoint(latitude: 38.7139, longitude: -9.1450)

    static func pin(_ trip: Trip, at point: GeoPoint = bairroAlto, visited: String = "2026-06-12T10:00:00Z", title: String = "Bar") -> Pin {
        Pin(
            id: .v7(at: Date()), tripID: trip.id, ownerID: trip.ownerID,
            details: PinDetails(
                title: title, description: "Good", point: point, visitedAt: TripFixtures.utc(visited), tags: ["food"],
                source: .user, coverMediaID: nil),
            createdAt: Date(timeIntervalSince1970: 1_790_000_000))
    }

    @Test(arguments: StoreKind.allCases)
    func aPinWithinTheMinimumDistanceOfAnotherOfItsTripIsRefusedNamingTheNearest(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = try await store.create(TripFixtures.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            let first = Self.pin(trip)
            #expect(try await store.add(first, minimumDistance: 7.62, idempotencyKey: nil) == .placed(first))
            let farther = Self.pin(trip, at: Self.bairroAlto.moved(meters: 6, bearing: 0), title: "Farther")
            let nearer = Self.pin(trip, at: Self.bairroAlto.moved(meters: 9, bearing: 90), title: "Nearer")
            #expect(try await store.add(nearer, minimumDistance: 7.62, idempotencyKey: nil) == .placed(nearer))
            // 5 m east of the first is 4 m from `nearer`: that one is named.
            guard
                case .tooClose(let other, let meters)? = try await store.add(
                    Self.pin(trip, at: Self.bairroAlto.moved(meters: 5, bearing: 90)),
                    minimumDistance: 7.62, idempotencyKey: nil)
            else {
                Issue.record("a pin 4 m from another was placed")
                return
            }
            #expect(other.id == nearer.id && abs(meters - 4) < 0.05)
            guard case .tooClose? = try await store.add(farther, minimumDistance: 7.62, idempotencyKey: nil) else {
                Issue.record("a pin 6 m from another was placed")
                return
            }
            // Another trip's pins do not count, and a stranger has no trip to pin.
            let secondTrip = try await store.create(TripFixtures.trip(owner: trip.ownerID, "2026-06-10", "2026-06-17"), idempotencyKey: nil)
            let elsewhere = Self.pin(secondTrip)
            #expect(try await store.add(elsewhere, minimumDistance: 7.62, idempotencyKey: nil) == .placed(elsewhere))
            var stranger = Self.pin(trip, at: GeoPoint(latitude: 10, longitude: 10))
            stranger = Pin(id: stranger.id, tripID: trip.id, ownerID: UUID(), details: stranger.details, createdAt: stranger.createdAt)
            #expect(try await store.add(stranger, minimumDistance: 7.62, idempotencyKey: nil) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func pinsPlacedAtOnceAtTheSameSpotLeaveExactlyOne(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = try await store.create(TripFixtures.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            let placed = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        let pin = Self.pin(trip, at: Self.bairroAlto.moved(meters: Double(index) * 0.5, bearing: 45))
                        if case .placed? = try await store.add(pin, minimumDistance: 7.62, idempotencyKey: nil) { return true }
                        return false
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(placed == 1)
            #expect(try await store.pins(ofTrip: trip.id, owner: trip.ownerID, visitedIn: nil, page: PageRequest()).items.count == 1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anIdempotencyKeyIsRefusedToAnotherRequest(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let owner = UUID()
            @Sendable func createTrip(as fingerprint: String) async throws -> Trip {
                try await IdempotentRequest.$fingerprint.withValue(fingerprint) {
                    try await store.create(TripFixtures.trip(owner: owner, "2026-06-10", "2026-06-17"), idempotencyKey: "t1")
                }
            }
            let trip = try await createTrip(as: "trip-A")
            @Sendable func addPin(as fingerprint: String?) async throws -> PinPlacement? {
                try await IdempotentRequest.$fingerprint.withValue(fingerprint) {
                    try await store.add(Self.pin(trip), minimumDistance: 7.62, idempotencyKey: "p1")
                }
            }
            let first = try await addPin(as: "pin-A")
            // The same request again is answered; another is refused; a caller without a fingerprint is answered by the key alone.
            let (again, tripAgain) = (try await addPin(as: "pin-A"), try await createTrip(as: "trip-A"))
            #expect(again == first && tripAgain == trip)
            await #expect(throws: IdempotentRequest.keyReused) { _ = try await addPin(as: "pin-B") }
            await #expect(throws: IdempotentRequest.keyReused) { _ = try await createTrip(as: "trip-B") }
            let unfingerprinted = try await addPin(as: nil)
            #expect(unfingerprinted == first)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func pinsListByVisitTimeAndDayAndCountByLocalDay(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = try await store.create(TripFixtures.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            // Lisbon is UTC+1: 23:30 UTC on the 12th is the 13th there.
            let late = Self.pin(trip, at: Self.bairroAlto.moved(meters: 100, bearing: 0), visited: "2026-06-12T23:30:00Z")
            let morning = Self.pin(trip, at: Self.bairroAlto.moved(meters: 200, bearing: 0), visited: "2026-06-12T08:00:00Z")
            let noon = Self.pin(trip, at: Self.bairroAlto.moved(meters: 300, bearing: 0), visited: "2026-06-12T12:00:00Z")
            for pin in [late, morning, noon] { _ = try await store.add(pin, minimumDistance: 7.62, idempotencyKey: nil) }
            let twelfth = trip.details.zone.interval(of: LocalDate("2026-06-12")!)
            #expect(
                try await store.pins(ofTrip: trip.id, owner: trip.ownerID, visitedIn: twelfth, page: PageRequest()).items.map(\.id)
                    == [morning.id, noon.id])
            var seen: [UUID] = [], cursor: String?
            repeat {
                let page = try await store.pins(ofTrip: trip.id, owner: trip.ownerID, visitedIn: nil, page: PageRequest(size: 2, cursor: cursor))
                seen += page.items.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(seen == [morning.id, noon.id, late.id])
            #expect(try await store.pins(ofTrip: trip.id, owner: UUID(), visitedIn: nil, page: PageRequest()).items.isEmpty)
            #expect(
                try await store.pinCounts(ofTrip: trip.id, owner: trip.ownerID, zone: trip.details.zone)
                    == [LocalDate("2026-06-12")!: 2, LocalDate("2026-06-13")!: 1])
            #expect(
                try await store.pinCounts(ofTrip: trip.id, owner: trip.ownerID, zone: TripZone("Pacific/Honolulu")!)
                    == [LocalDate("2026-06-11")!: 1, LocalDate("2026-06-12")!: 2], "the day depends on the zone")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anIdempotencyKeyAnswersTheFirstPinOfTheTrip(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = try await store.create(TripFixtures.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            let first = Self.pin(trip)
            #expect(try await store.add(first, minimumDistance: 7.62, idempotencyKey: "p1") == .placed(first))
            let retry = Self.pin(trip, at: GeoPoint(latitude: 0, longitude: 0))
            #expect(try await store.add(retry, minimumDistance: 7.62, idempotencyKey: "p1") == .placed(first))
            #expect(try await store.pins(ofTrip: trip.id, owner: trip.ownerID, visitedIn: nil, page: PageRequest()).items.count == 1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aMovedPinKeepsItsDistanceAndOnlyTheOwnerChangesOrDeletesIt(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = try await store.create(TripFixtures.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            let first = Self.pin(trip), second = Self.pin(trip, at: Self.bairroAlto.moved(meters: 50, bearing: 180))
            for pin in [first, second] { _ = try await store.add(pin, minimumDistance: 7.62, idempotencyKey: nil) }
            var moved = second.details
            moved.point = Self.bairroAlto.moved(meters: 3, bearing: 180)
            guard case .tooClose(let other, _)? = try await store.update(second.id, owner: trip.ownerID, details: moved, minimumDistance: 7.62) else {
                Issue.record("a pin moved 3 m from another was placed")
                return
            }
            #expect(other.id == first.id)
            // A small move of a pin is measured against the others, not itself.
            var nudged = first.details
            nudged.point = Self.bairroAlto.moved(meters: 2, bearing: 0)
            nudged.title = "Bar, upstairs"
            guard case .placed(let stored)? = try await store.update(first.id, owner: trip.ownerID, details: nudged, minimumDistance: 7.62) else {
                Issue.record("a pin could not move 2 m from where it was")
                return
            }
            #expect(stored.details.title == "Bar, upstairs")
            #expect(try await store.pin(first.id, owner: trip.ownerID)?.details.point.distance(to: nudged.point) ?? 1 < 0.01)
            #expect(try await store.update(first.id, owner: UUID(), details: nudged, minimumDistance: 7.62) == nil)
            #expect(try await store.pin(first.id, owner: UUID()) == nil)
            #expect(try await store.delete(first.id, owner: UUID()) == nil)
            #expect(try await store.delete(first.id, owner: trip.ownerID)?.id == first.id)
            #expect(try await store.delete(first.id, owner: trip.ownerID) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aDeletedTripTakesItsPins(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = try await store.create(TripFixtures.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            let pin = Self.pin(trip)
            _ = try await store.add(pin, minimumDistance: 7.62, idempotencyKey: "k")
            _ = try await store.delete(trip.id, owner: trip.ownerID, at: Date())
            #expect(try await store.pin(pin.id, owner: trip.ownerID) == nil)
            #expect(try await store.pinCounts(ofTrip: trip.id, owner: trip.ownerID, zone: trip.details.zone).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aPinKeepsThePlaceItIsAtAndOutlivesIt(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = try await store.create(TripFixtures.trip("2026-06-10", "2026-06-17"), idempotencyKey: nil)
            let placeID = UUID.v7()
            _ = try await store.addOwnPlace(
                Place(
                    id: placeID,
                    details: PlaceDetails(sourceID: Place.ownSourceID(placeID), name: "Tasca", category: .restaurant, point: Self.bairroAlto),
                    sourceRating: 0, sourceRatingCount: 0, ownerID: trip.ownerID), idempotencyKey: nil)
            var pin = Self.pin(trip)
            pin.details.placeID = placeID
            #expect(try await store.add(pin, minimumDistance: 7.62, idempotencyKey: nil) == .placed(pin))
            #expect(try await store.pin(pin.id, owner: trip.ownerID)?.details.placeID == placeID)
            var cleared = pin.details
            cleared.placeID = nil
            #expect(
                try await store.update(pin.id, owner: trip.ownerID, details: cleared, minimumDistance: 7.62)
                    == .placed(
                        Pin(
                            id: pin.id, tripID: pin.tripID, ownerID: pin.ownerID, details: cleared, createdAt: pin.createdAt)))
            #expect(try await store.pin(pin.id, owner: trip.ownerID)?.details.placeID == nil)
            _ = try await store.update(pin.id, owner: trip.ownerID, details: pin.details, minimumDistance: 7.62)
            #expect(try await store.deleteOwnPlace(placeID, owner: trip.ownerID))
            let kept = try #require(try await store.pin(pin.id, owner: trip.ownerID))
            #expect(
                kept.details.placeID == nil && kept.details.point.distance(to: pin.details.point) < 0.01 && kept.details.title == pin.details.title)
        }
    }
}
