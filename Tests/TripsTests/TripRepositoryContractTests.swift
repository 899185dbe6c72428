import Foundation
import RoamCore
import RoamRuntime
import RoamTesting
import Testing

@testable import Trips

/// What both trip stores do, run against each.
@Suite struct TripRepositoryContractTests {
    @Test(arguments: StoreKind.allCases)
    func aTripReadsBackAsStoredAndOnlyForItsOwner(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = TripFixtures.trip("2026-06-10", "2026-06-17")
            #expect(unsetMembers(of: trip).isEmpty, "the complete trip leaves \(unsetMembers(of: trip)) unset")
            #expect(try await store.create(trip, idempotencyKey: nil) == trip)
            #expect(try await store.trip(trip.id, owner: trip.ownerID) == trip)
            #expect(try await store.trip(trip.id, owner: UUID()) == nil, "someone else's trip does not exist")
            let bare = TripFixtures.trip("2026-07-01", "2026-07-01", zone: "America/Santiago", point: nil)
            #expect(try await store.create(bare, idempotencyKey: nil) == bare)
            #expect(try await store.trip(bare.id, owner: bare.ownerID)?.details.destination.point == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anIdempotencyKeyAnswersTheFirstTripOfItsOwner(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let owner = UUID()
            let first = TripFixtures.trip(owner: owner, "2026-06-10", "2026-06-17")
            #expect(try await store.create(first, idempotencyKey: "k1") == first)
            #expect(try await store.create(TripFixtures.trip(owner: owner, "2026-08-01", "2026-08-02"), idempotencyKey: "k1") == first)
            let someoneElse = TripFixtures.trip("2026-08-01", "2026-08-02")
            #expect(try await store.create(someoneElse, idempotencyKey: "k1") == someoneElse, "keys are per owner")
            #expect(try await store.trips(of: owner, matching: .all, page: PageRequest()).items.count == 1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func tripsListLatestFirstByPhaseInTheirOwnZoneAndByMonth(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let owner = UUID()
            let past = TripFixtures.trip(owner: owner, "2026-05-01", "2026-05-03")
            // Ends on 2026-06-09 in Auckland: at 12:00 UTC that day it is already the 10th there, so past.
            let justEnded = TripFixtures.trip(owner: owner, "2026-06-05", "2026-06-09", zone: "Pacific/Auckland")
            // Starts on 2026-06-10 in Honolulu: at 12:00 UTC on the 9th it is still the 9th there, so upcoming.
            let upcoming = TripFixtures.trip(owner: owner, "2026-06-10", "2026-06-20", zone: "Pacific/Honolulu")
            let current = TripFixtures.trip(owner: owner, "2026-06-01", "2026-07-02")
            for trip in [past, justEnded, upcoming, current] { _ = try await store.create(trip, idempotencyKey: nil) }
            let now = TripFixtures.utc("2026-06-09T12:00:00Z")
            func ids(_ filter: TripFilter) async throws -> [UUID] {
                try await store.trips(of: owner, matching: filter, page: PageRequest()).items.map(\.id)
            }
            #expect(try await ids(.all) == [upcoming.id, justEnded.id, current.id, past.id])
            #expect(try await ids(.phase(.past, at: now)) == [justEnded.id, past.id])
            #expect(try await ids(.phase(.current, at: now)) == [current.id])
            #expect(try await ids(.phase(.upcoming, at: now)) == [upcoming.id])
            #expect(try await ids(.month(CalendarMonth("2026-07")!)) == [current.id])
            #expect(try await ids(.month(CalendarMonth("2026-09")!)).isEmpty)
            #expect(try await store.trips(of: UUID(), matching: .all, page: PageRequest()).items.isEmpty)

            // Two at a time, with the same start date broken by id, nothing twice and nothing missed.
            let twin = TripFixtures.trip(owner: owner, "2026-06-01", "2026-06-02")
            _ = try await store.create(twin, idempotencyKey: nil)
            var seen: [UUID] = [], cursor: String?
            repeat {
                let page = try await store.trips(of: owner, matching: .all, page: PageRequest(size: 2, cursor: cursor))
                seen += page.items.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(seen.count == 5 && Set(seen).count == 5)
            await #expect(throws: RoamError.self) { _ = try await store.trips(of: owner, matching: .all, page: PageRequest(cursor: "junk")) }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func onlyTheOwnerUpdatesAndDeletes(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = TripFixtures.trip("2026-06-10", "2026-06-17")
            _ = try await store.create(trip, idempotencyKey: nil)
            let changed = TripFixtures.trip("2026-06-12", "2026-06-20", zone: "Europe/Stockholm", point: nil).details
            #expect(try await store.update(trip.id, owner: UUID(), details: changed, at: Date()) == nil)
            #expect(try await store.update(trip.id, owner: trip.ownerID, details: changed, at: Date())?.details == changed)
            #expect(try await store.trip(trip.id, owner: trip.ownerID)?.details == changed)
            let time = Date()
            #expect(try await !store.delete(trip.id, owner: UUID(), at: time))
            #expect(try await store.delete(trip.id, owner: trip.ownerID, at: time))
            #expect(try await !store.delete(trip.id, owner: trip.ownerID, at: time))
            #expect(try await store.trip(trip.id, owner: trip.ownerID) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aDeletedAccountTakesAllItsTripsAndNoOnesElse(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let (ana, bo) = (UUID(), UUID())
            let anas = [TripFixtures.trip(owner: ana, "2026-06-10", "2026-06-17"), TripFixtures.trip(owner: ana, "2026-08-01", "2026-08-03")]
            for trip in anas { _ = try await store.create(trip, idempotencyKey: "\(trip.id)") }
            let bos = try await store.create(TripFixtures.trip(owner: bo, "2026-06-10", "2026-06-17"), idempotencyKey: nil)
            #expect(try await store.deleteAll(of: ana) == 2)
            #expect(try await store.deleteAll(of: ana) == 0)
            #expect(try await store.trips(of: ana, matching: .all, page: PageRequest()).items.isEmpty)
            #expect(try await store.trip(bos.id, owner: bo) == bos)
            let again = TripFixtures.trip(owner: ana, "2026-09-01", "2026-09-02")
            #expect(try await store.create(again, idempotencyKey: "\(anas[0].id)") == again, "the account's keys went with it")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aDeletedTripIsAnnouncedOnceThroughTheOutbox(_ kind: StoreKind) async throws {
        try await kind.withRepository { store async throws in
            let trip = TripFixtures.trip("2026-06-10", "2026-06-17")
            _ = try await store.create(trip, idempotencyKey: nil)
            let outbox = ScopedOutbox(store: store, subject: trip.id)
            #expect(try await outbox.due(at: Date(), limit: 10).isEmpty)
            _ = try await store.delete(trip.id, owner: UUID(), at: Date())
            #expect(try await outbox.due(at: Date(), limit: 10).isEmpty, "a stranger's delete announces nothing")
            _ = try await store.delete(trip.id, owner: trip.ownerID, at: Date())
            _ = try await store.delete(trip.id, owner: trip.ownerID, at: Date())
            let entries = try await outbox.due(at: Date().addingTimeInterval(1), limit: 10)
            #expect(entries.map(\.topic) == [.tripDeleted])
            #expect(entries.first?.subjectID == trip.id)
        }
    }
}
